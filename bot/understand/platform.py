"""Platform constraints: CUDA only (or ROCm accepted), and native FP4 hardware.

Read by proximity within one clause rather than by whole phrases, with every language's words
for exclusivity ("only", "只能", "だけ", "만", "nur"), requirement ("must", "必须", "必須",
"필수", "precisa ser", "Pflicht") and acceptance ("fine", "也行", "大丈夫", "괜찮", "nos vale",
"pode ser"): "we're OK with ROCm", "用 ROCm 也行", "ROCmで大丈夫", "pode ser ROCm" accept ROCm
(``cuda_only`` false); "precisa ser CUDA", "Bei uns geht nur CUDA", "no ROCm" require CUDA.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from bot.understand import lexicon
from bot.understand.gates import Searchable, gated_re

# NVIDIA named for the platform ("只能用英伟达的卡"), but not as the maker of a named GPU
# ("need nvidia h200" asks for a GPU, not for CUDA).
_NVIDIA = (
    r"(?:nvidia\s?/\s?cuda|cuda|nvidia(?![\s-]?(?:h[0-9]|b[0-9]|a[0-9]|gb|gh|l40|rtx|dgx|hgx)|/)|英伟达|英偉達|n\s?卡|"
    # the green team, in slang ("только зелёные", "só verdinha", "绿厂")
    r"зел[её]н(?:ые|ых|ую|ая)|verdinhas?|绿厂|綠廠|"
    r"エヌビディア|엔비디아|쿠다|нвидиа)"
)
# AMD named for the platform, slang too: "A卡" (AMD's cards in Chinese), "красные карты" (red).
_AMD = (
    r"(?:rocm|amd(?![\s-]?(?:mi|instinct|epyc)[0-9\s])|(?<![a-z])a\s?卡|"
    r"красн[а-яё]* (?:карт[а-яё]*|видеокарт[а-яё]*))"
)
_CLAUSE = r"[^.!?;。！？；\n]"
# How far (characters) an exclusivity or requirement word may stand from the platform.
_REACH = 16
# Acceptance may stand a few words later ("ROCm wäre für uns übrigens okay"), in one clause.
_ACCEPT_REACH = 40
# Before the platform, a requirement word stands right beside it ("must be CUDA", "只能用英伟达"),
# not a clause away ("have to rewrite my CUDA code" requires nothing).
_NEAR = 8


@cache
def _cuda_only_re() -> Searchable:
    only = lexicon.pattern("only")
    required = lexicon.pattern("required")
    negation = lexicon.pattern("negation")
    return gated_re(
        rf"(?:{only}|{required})(?:(?!{negation}){_CLAUSE}){{0,{_NEAR}}}?{_NVIDIA}"
        rf"|(?:{only})\s(?:\S{{1,12}}\s)?{_USE}\s{_NVIDIA}"  # "solo podemos usar NVIDIA"
        # "solo trabajamos con CUDA", "only work with CUDA": a verb of working, then the platform
        rf"|(?:{only})\s(?:\S{{1,12}}\s)?(?:con|com|with|avec|sur|mit|на|с)\s"
        rf"(?:du |de |des |der |die |el |la |o |a )?{_NVIDIA}"
        rf"|100\s?%\s?{_NVIDIA}"  # "on est 100 % CUDA"
        # a pure CUDA shop: "ein reines CUDA-Haus", "a pure CUDA shop", "une boîte 100 % CUDA"
        rf"|(?:reine[sn]?|pure(?:ly)?|puro|pura|purement)\s{_NVIDIA}"
        # everything already on CUDA: "我哋啲 code 全部都係 CUDA", "у нас всё на CUDA завязано"
        rf"|(?:全部|全都|都係|都是|everything|all (?:of )?our (?:code|stack)|whole stack|"
        rf"(?<![а-яё])всё|todo (?:nuestro|el)|tudo|alles|tout (?:notre|est))"
        rf"[^.!?;。，,]{{0,12}}?{_NVIDIA}(?![^.!?;。]{{0,16}}?{_AMD})"
        rf"|{_NVIDIA}{_CLAUSE}{{0,{_REACH}}}?(?:{only}|{required})"
        rf"|(?:{negation}|不要|不用|不能用|别用|不想用|不想要|без|sin|sem|ohne|sans|kein\w*)\s?"
        rf"(?:用\s?)?{_AMD}"
        rf"|(?:nada de|nada com|nothing (?:from|on)|rien (?:de|sur)|nichts (?:von|mit)|"
        rf"никаких|ничего от)\s{_AMD}"
        rf"|{_AMD}{_CLAUSE}{{0,12}}?(?:{negation}){_CLAUSE}{{0,10}}?"
        rf"(?:{lexicon.pattern('acceptable')}|option|work|行|可|돼|되|sirve|serve|geht|marche|"
        rf"подходит|подойд[её]т|можно)"
        rf"|{_AMD}\s?(?:是|は|が|も)?\s?(?:不行|不可|ダメ|だめ|無理|ng(?![a-z])|不可以|안\s?돼|불가|"
        rf"нельзя|is a no)"
        rf"|{_AMD}\s(?:won'?t|will not|doesn'?t|does not|can'?t|cannot)\s(?:fly|work|do|cut it)"
        rf"|(?:all|everything)(?: we (?:run|use|have|do))? (?:is|'s) (?:on |in )?{_NVIDIA}"
        rf"|{_NVIDIA}\s?(?:前提|必須|一択|しか|縛り|限定|のみ|オンリー)"
        # "NVIDIA 以外は使えません", "除了 NVIDIA 以外都不行": nothing but NVIDIA
        rf"|{_NVIDIA}\s?以外(?:は|の|都|的)?[^。.!?]{{0,10}}?(?:使え|不可|ダメ|だめ|NG|不行|不能|不考虑|不考慮)"
        rf"|{_AMD}\s?(?:c'est |es |ist |é |est )?(?:exclu|excluded|ausgeschlossen|descartad[oa]|"
        rf"descartad[oa]|fuera|raus)"
        rf"|{_AMD}\s?(?:は|が|も)?\s?(?:使え|使わ|利用でき|動かせ)(?:ない|ません)"
        rf"|{_AMD}\s?(?:我们|我們)?(?:用不了|不考虑|不考慮|不支持|不支援)"
        # "别给 AMD 的方案", "AMD 先不要", "AMD не предлагайте": AMD not to be offered
        rf"|(?:别|別|不要|先不要|不用)\s?(?:给|給|推荐|推薦|用)?\s?(?:我们|我們)?\s?{_AMD}"
        rf"|{_AMD}\s?(?:的)?\s?(?:方案|卡)?\s?(?:先|就|也)?\s?(?:不要|免了|不考虑|不考慮)"
        rf"|{_AMD}\s(?:даже\s)?(?:не\s(?:предлагайте|предлагать|надо|нужно|рассматриваем|берём|"
        rf"берем)|"
        rf"bitte nicht|por favor no|no por favor|please no)"
        rf"|(?:全是|都是|全部是|全用)\s?{_NVIDIA}"
        rf"|(?:esquece|esqueça|olvida|olvídate de|forget(?: about)?|vergiss)\s"
        rf"(?:o |a |el |la |den )?{_AMD}"
        rf"|(?:only|solo|nur|только|seulement)\s(?:\S{{1,12}}\s)?(?:approved|allowed|permitted|"
        rf"certified|validated|zugelassen|autorisé|aprobad[oa]s?|разрешены?)\s{_NVIDIA}"
        # (the MI355X itself accepted is ROCm accepted: see _rocm_fine_re)
        # "AMD 的就算了吧", "还是 CUDA 稳妥": AMD let go, CUDA the safe choice
        rf"|{_AMD}\s?(?:的)?\s?(?:就|还是|還是)?\s?算了|(?:还是|還是)\s?(?:用\s?)?{_NVIDIA}\s?(?:的)?"
        rf"(?:稳妥|穩妥|稳|穩|靠谱|靠譜|保险|保險)"
        # locked into CUDA: "框架綁死 CUDA", "locked into CUDA", "завязаны на CUDA", "CUDA에 묶여"
        rf"|(?:綁死|绑死|锁死|鎖死|綁定|绑定|依赖|依賴)\s?(?:在\s?)?{_NVIDIA}|{_NVIDIA}\s?(?:綁死|绑死|锁死|鎖死)"
        rf"|(?:locked|tied|married) (?:in)?to (?:the )?{_NVIDIA}|(?:an|auf) {_NVIDIA} (?:gebunden|"
        rf"festgelegt)"
        rf"|(?:verrouillés?|enfermés?|liés?|coincés?) (?:sur|à|dans) (?:l'écosystème )?{_NVIDIA}"
        rf"|(?:atados?|amarrados?|casados?) (?:a|al|con) {_NVIDIA}|(?:presos?|amarrados?) (?:ao|a|"
        rf"no) {_NVIDIA}"
        rf"|(?:завязаны|привязаны|сидим) (?:на|к) {_NVIDIA}|{_NVIDIA}\s?(?:에|에만)\s?(?:묶여|종속)"
        # AMD not even to be looked at: "AMD 那邊就先不用看了", "AMD can be skipped"
        rf"|{_AMD}\s?(?:那边|那邊|那块|那塊|的部分)?\s?(?:就)?\s?(?:先)?\s?(?:不用看|不看|不必看|不用考虑|不用考慮)"
        rf"|{_AMD}\s(?:can be skipped|you can skip|is off the table)"
        # "AMD ni de broma", "a infra vetou AMD", "CUDA ou rien", "CUDA or nothing"
        rf"|{_AMD}\s(?:ni de broma|nem pensar|no way|kommt nicht in die tüte|ни за что)"
        rf"|(?:vetou|vetaram|vetoed|vetó|vetaron|abgelehnt)\s(?:o |a |el |la )?{_AMD}"
        rf"|{_NVIDIA}\s(?:ou rien|o nada|ou nada|or nothing|oder nichts|или ничего)"
        # AMD does not work for us, said in slang: "AMD não rola", "AMD no va", "AMD не катит"
        rf"|{_AMD}\s(?:não rola|nao rola|não dá|no va|no nos sirve|не катит|не вариант|c'est mort|"
        rf"kommt nicht in frage|is a non-starter)"
    )


# Verbs (after at most one modal word) that may stand between a negation and the platform it
# refuses: "can't use ROCm", "不接受 AMD", "не можем использовать AMD", "no podemos usar AMD".
_USE = (
    r"(?:use|run on|go with|accept|take|接受|使用|用|考虑|考慮|使う|使え|쓸|사용|"
    r"использовать|брать|usar|aceptar|aceitar|utiliser|prendre|accepter|nutzen|verwenden|nehmen)"
)


@cache
def _refused_amd_re() -> Searchable:
    """Match a negation before the AMD platform, maybe through a verb: ROCm ruled out."""
    negation = lexicon.pattern("negation")
    before = lexicon.pattern("acceptable_before")
    return gated_re(
        rf"(?:{negation}|不能|不可以)\s?(?:(?:\S{{1,10}}\s)?{_USE}\s?|(?:{before})\s?)?"
        rf"(?:the |o |el |le |des |den |das |d'|de |du )?{_AMD}"
        # "沒辦法上 AMD", "内部不支持 ROCm": no way to run it, or not supported on their side
        rf"|(?:沒辦法|没办法|無法|无法|不支援|不支持)\s?(?:用|上|使用|跑)?\s?{_AMD}"
    )


@cache
def _rocm_fine_re() -> Searchable:
    acceptable = lexicon.pattern("acceptable")
    before = lexicon.pattern("acceptable_before")
    negation = lexicon.pattern("negation")
    return gated_re(
        rf"{_AMD}(?:(?!{negation}){_CLAUSE}){{0,{_ACCEPT_REACH}}}?(?:{acceptable})"
        rf"|(?:{before})\s?(?:the |o |el |le |des |den )?{_AMD}"
        rf"|(?:don'?t|doesn'?t|do not) (?:need|require) (?:cuda|nvidia)"
        rf"|cuda (?:is )?not (?:required|needed|a must|necessary)"
        rf"|cuda (?:no es|não é|n'est pas|ist nicht) "
        rf"(?:necesari[oa]|necessári[oa]|nécessaire|nötig)"
        rf"|cuda не обязател[а-яё]*|不(?:需要|一定要|必)\s?(?:用\s?)?cuda"
        rf"|{_AMD}\s(?:нас\s|нам\s)?не\s(?:пугает|страшен|страшна|проблема)"
        # "ROCm shouldn't be a problem", "ROCm no debería ser problema", "sollte kein Problem sein"
        rf"|{_AMD}[^.!?;]{{0,12}}?(?:shouldn'?t|should not|won'?t|will not) be (?:a |an )?"
        rf"(?:problem|issue)|{_AMD}[^.!?;]{{0,12}}?(?:no debería|não deve(?:ria)?|ne devrait pas|"
        rf"sollte kein|не должно)"
        # not afraid of it: "ROCm ne nous fait pas peur", "ROCm doesn't scare us", "no nos da
        # miedo ROCm", "ROCm não nos assusta", "vor ROCm haben wir keine Angst", "不怕 ROCm"
        rf"|{_AMD}\s(?:ne\s(?:nous|me)\sfait\spas\speur|doesn'?t\sscare\s(?:us|me)|"
        rf"(?:no\s)?(?:nos|me)\s(?:da|asusta)|(?:não\s)?(?:nos|me)\sassusta|macht\suns\skeine\sangst)"
        rf"|(?:not\s(?:afraid|scared)\sof|no\s(?:nos\s)?(?:da\smiedo|asusta)|não\s(?:nos\s)?(?:assusta|"
        rf"tememos)|keine\sangst\svor|pas\speur\sd[eu']?|不怕|не\sбоимся)\s?{_AMD}"
        # "nichts gegen AMD", "ROCm haben wir im Griff", "ROCm não é problema"
        rf"|nichts gegen {_AMD}|{_AMD} (?:haben wir im griff|beherrschen wir|kennen wir)"
        rf"|{_AMD} (?:não é|não seria|no es|no sería|n'est pas|ne serait pas|isn't|is not|"
        rf"wouldn'?t be|wäre kein) (?:um |un |a )?"
        rf"(?:problema|problème|problem)"
        # on ROCm already: "мы на ROCm уже полгода сидим", "we're already on ROCm", "A卡也行"
        rf"|(?:сидим|работаем|живём|живем) на {_AMD}|на {_AMD}[^.!?;]{{0,24}}(?:сидим|работаем)"
        rf"|(?:we(?:'re| are)|we've been) (?:already |been )?(?:on|running|using) {_AMD}"
        rf"|(?:ya )?(?:estamos|trabajamos) (?:en|con) {_AMD}|(?:já )?(?:estamos|trabalhamos) (?:no|"
        rf"com) {_AMD}"
        rf"|{_AMD}\s?(?:也行|也可以|也没问题|也沒問題|都行|没问题|沒問題)"
        rf"|{_AMD}\s(?:sin problema|sem problema|"
        rf"no problem|kein problem|pas de souci|без проблем)"
        # ROCm said to be no deal-breaker for them (in German and in English)
        rf"|{_AMD}[^.!?;]{{0,20}}(?:kein|not a|no es un|não é um|n'est pas un) deal-?breaker"
        # no trouble on AMD's side, or already moved to ROCm: "aucun souci côté AMD",
        # "already ported our images to ROCm", "ya migramos a ROCm"
        rf"|(?:aucun|pas de|no|kein(?:e|en)?|ningún|ningun|nenhum|никаких)\s(?:souci|problème|"
        rf"problem|"
        rf"problema|problemas|проблем)\s(?:côté|with|on the|mit|con|com|с)?\s?(?:l'|le |la |du |"
        rf"der )?{_AMD}"
        rf"|(?:porté|portés|portées|ported|migrated|migré|migrés|migrado|migrados|migramos|"
        rf"portiert|"
        rf"migriert|перенесли|портировали)[^.!?;]{{0,40}}?(?:sous|to|on|auf|a|para|на|под)\s{_AMD}"
        # "AMD MI355X도 괜찮다", "MI355X でも大丈夫", "MI355X is fine too": the AMD GPU accepted
        rf"|mi355x?\s?(?:도|も|でも|也|too|as well)?\s?"
        rf"(?:{acceptable}|괜찮|大丈夫|可以|没问题|沒問題)"
        # either platform, whichever: "Куда или ROCm — без разницы", "CUDA or ROCm, doesn't
        # matter", "AMD норм"
        rf"|(?:cuda|куда|nvidia)\s(?:или|or|o|ou|oder)\s{_AMD}[^.!?;]{{0,8}}?(?:без разницы|"
        rf"всё равно|все равно|неважно|не важно|doesn'?t matter|either is fine|egal|da igual|"
        rf"tanto faz|peu importe)"
        rf"|{_AMD}\s(?:норм|нормально|ок|пойд[её]т|годится)(?![а-яё])"
        # indifference said first: "Nos da igual ROCm o CUDA", "tanto faz CUDA ou ROCm"
        rf"|(?:da igual|da lo mismo|tanto faz|egal|peu importe|doesn'?t matter|не важно|неважно|"
        rf"всё равно|все равно|без разницы)[^.!?;]{{0,12}}?(?:cuda|nvidia|{_AMD})\s"
        rf"(?:o|ou|or|oder|или|y|e|"
        rf"and|und|et|и)\s(?:cuda|nvidia|{_AMD})"
        # nothing of theirs needs CUDA: "CUDA専用のライブラリは使っていない", "没有 CUDA 专用的库"
        rf"|cuda\s?(?:専用|依存|only|전용|专用|專用)[^。.!?]{{0,12}}?(?:使っていない|使ってない|"
        rf"使っていません|使ってません|"
        rf"ありません|ない|안 ?써|없)"
        rf"|(?:没有|沒有|不用)[^。，]{{0,4}}cuda\s?(?:专用|專用|依赖|依賴)"
        # said to run well on it, not asked: "vLLM tourne très bien sous ROCm", "runs fine on
        # ROCm", "läuft gut auf ROCm"
        rf"|(?:tourne|marche|fonctionne|runs|works|läuft|funciona|roda|работает)\s"
        rf"(?:très |really |super |sehr |muy |muito |totalmente )?(?:bien|well|fine|great|gut|bem|"
        rf"отлично|хорошо|nickel)\s(?:sous|on|with|auf|unter|en|con|no|com|na|на|под)\s{_AMD}"
        rf"(?![^.!?]{{0,30}}\?)"
        # acceptance as a verb before the platform: "A gente aceita ROCm", "aceptamos ROCm"
        rf"|(?:aceita(?:mos)?|aceito|aceptamos|acepto|(?:we |i )?accept|akzeptieren|"
        rf"(?:on |nous )accept(?:e|ons)|принимаем)\s(?:o |el |le |la |the )?{_AMD}"
    )


@cache
def _native_fp4_re() -> Searchable:
    native = lexicon.pattern("native")
    fp4 = r"(?:fp4|nvfp4|mxfp4|4-?bit(?: float)?)"
    return gated_re(
        rf"(?:{native}){_CLAUSE}{{0,14}}?{fp4}(?![0-9])|"
        rf"(?<![a-z0-9]){fp4}{_CLAUSE}{{0,14}}?(?:{native})"
        rf"|{fp4}[\s-]?(?:tensor cores|in silicon|support)"
    )


@dataclass(frozen=True, slots=True)
class Platform:
    """What the text says about the software platform and FP4 hardware."""

    cuda_only: bool | None
    needs_native_fp4: bool | None


_PLATFORM_RE = gated_re(
    r"cuda|nvidia|rocm|amd|mi355|英伟达|英偉達|n\s?卡|a\s?卡|エヌビディア|엔비디아|쿠다|нвидиа|красн|"
    r"зел|verdinh|绿厂|綠廠"
)
_FP4_RE = gated_re(r"fp4|4-?bit")
# A constraint is said within a clause of the platform word: only this much text around each
# of the first few mentions is read, which bounds the work on a long message.
_WINDOW_CHARS = 48
_MAX_MENTIONS = 8


def _windows(text: str, mentions: Searchable) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    for count, match in enumerate(mentions.finditer(text)):
        if count == _MAX_MENTIONS:
            break
        start, end = max(0, match.start() - _WINDOW_CHARS), match.end() + _WINDOW_CHARS
        if spans and start <= spans[-1][1]:
            spans[-1] = (spans[-1][0], end)
        else:
            spans.append((start, end))
    return spans


def _said(pattern: Searchable, text: str, windows: list[tuple[int, int]]) -> bool:
    return any(pattern.search(text, start, end) for start, end in windows)


@cache
def _rocm_not_ok_re() -> Searchable:
    """Match acceptance a negation after it takes back ("ROCm geht bei uns nicht")."""
    negation = lexicon.pattern("negation")
    return gated_re(
        rf"{_AMD}\s(?:geht|läuft|works?|marche|funciona|funciona|serve)\s{_CLAUSE}{{0,40}}?"
        rf"(?:{negation})(?![a-zäöüéèàç])(?!\s?(?:problem|problema|problème|souci|worries|issue))"
    )


@cache
def _rocm_also_re() -> Searchable:
    """Match ROCm accepted in Chinese with 能用 ("ROCm 我们也能用", "不是非得 CUDA")."""
    return gated_re(
        rf"{_AMD}\s?(?:我们|我們)?\s?也?(?:能用|可以用|能接受|能跑)|不是非(?:得|要)\s?(?:用\s?)?{_NVIDIA}"
    )


@cache
def _cuda_not_needed_re() -> Searchable:
    """Match CUDA said not to be needed ("nothing in our stack needs CUDA", "kein CUDA-Kram")."""
    return gated_re(
        # nothing tied to it: "não temos nada preso a CUDA", "nothing tied to CUDA"
        rf"(?:nada|nothing|rien|nichts)\s(?:\w+\s)?(?:preso|presa|atado|tied|locked|lié|gebunden)"
        rf"\s(?:a|to|à|an)\s{_NVIDIA}|"
        rf"(?:nothing|none of (?:it|this|our \w+)|nichts|nada|rien|ничего|没有什么|沒有什麼)"
        rf"{_CLAUSE}{{0,30}}?(?:needs?|requires?|depends? on|braucht|benötigt|necesita|precisa|"
        rf"nécessite|требует|依赖|依賴)\s{_NVIDIA}|"
        rf"(?:keine[nr]?|no|sin|sem|pas de|без|zero)\s(?:eigenen?\s|own\s|custom\s|propios\s|"
        rf"próprios\s|de\s)?{_NVIDIA}[- ]?(?:spezifisch\w*|specific|"
        rf"específic\w*|spécifique\w*|специфичн\w*|dependenc\w*|abhängigkeit\w*|"
        rf"dependenci\w*|dépendance\w*|lock-?in|kram|zeug|stuff|code|kernels?|kerneln)|"
        # preferred, not required: "NVIDIA 쪽이 좋긴 한데 필수는 아니에요", "NVIDIA preferred but
        # not a must", "de preferencia NVIDIA, pero no es obligatorio"
        rf"{_NVIDIA}{_CLAUSE}{{0,40}}?(?:필수는 아니|필수 아니|not (?:a must|required|mandatory|"
        rf"strictly (?:needed|required))|no es obligatori|não é obrigatóri|kein muss|"
        rf"nicht zwingend|pas obligatoire|не обязательн|不是必须|不是必須|并非必须|並非必須|"
        rf"必須ではない|必須ではありません|マストではない)|"
        rf"(?:don't|do not|doesn't|does not|won't|no) (?:need|require|depend on|rely on) "
        rf"(?:any )?{_NVIDIA}|not (?:tied|bound|locked|married) to {_NVIDIA}|"
        rf"{_NVIDIA}[- ]?(?:unabhängig|agnostic|independent)|"
        rf"{_NVIDIA}\s?(?:依存|의존(?:성)?)(?:は|이|은)?\s?(?:ありません|ない|なし|없)|"
        rf"(?:不依赖|不依賴|没有依赖|沒有依賴)\s?{_NVIDIA}|"
        rf"(?:sin|sem|no tiene|não tem|nenhuma) (?:dependencia|dependência)s? (?:de |del |da |do )?"
        rf"{_NVIDIA}|"
        rf"(?:pas de|aucune) dépendance (?:(?:à|a|au|de|en) )?{_NVIDIA}|не завис\w* от {_NVIDIA}|"
        rf"(?:no|zero|none) {_NVIDIA} (?:dependenc\w*|lock-?in)|"
        rf"(?:keine|null) {_NVIDIA}-?abhängigkeit\w*|нет зависимост\w* от {_NVIDIA}|"
        rf"(?:ninguna|nenhuma) dependencia (?:de |del )?{_NVIDIA}"
    )


# "zur Not" is German for "if need be", no negation: "Zur Not auch mit AMD".
_IF_NEED_BE = gated_re(r"(?<![a-zäöü])zur not(?![a-z])")


def find_platform(text: str) -> Platform:
    """CUDA only (True), ROCm accepted (False) or silence (None); native FP4 needed or None."""
    cuda_only: bool | None = None
    text = _IF_NEED_BE.sub(lambda found: " " * len(found.group()), text)
    windows = _windows(text, _PLATFORM_RE)
    if windows:
        if _said(_cuda_not_needed_re(), text, windows):
            cuda_only = False  # "nothing in our stack needs CUDA": AMD will do
        elif _said(_refused_amd_re(), text, windows) or _said(_rocm_not_ok_re(), text, windows):
            cuda_only = True
        elif _said(_rocm_fine_re(), text, windows) or _said(_rocm_also_re(), text, windows):
            cuda_only = False
        elif _said(_cuda_only_re(), text, windows):
            cuda_only = True
    fp4 = _windows(text, _FP4_RE)
    native = True if fp4 and _said(_native_fp4_re(), text, fp4) else None
    return Platform(cuda_only, native)
