"""Which of our ten languages a message is written in, and which one to answer in.

Evidence comes from the message itself: its script first (Hangul, kana, Han, Cyrillic), then,
for Latin text, function words and diacritics. Model names, GPU names and numbers are not in
any word list, so "H100" or "fp8 128k" carry no evidence and the user's Telegram language
(negotiated to our ten) decides, then English.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable

from bot.languages import DEFAULT_LANGUAGE, LANGUAGES, normalise_language
from bot.understand.gates import Searchable, gated_re
from bot.understand.text import clean_text

_HANGUL_RE = gated_re(r"[\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]")
# Hiragana and katakana without U+30FB (middle dot), which Chinese text borrows.
_KANA_RE = gated_re(r"[\u3041-\u30fa\u30fc-\u30ff\u31f0-\u31ff]")
_HAN_RE = gated_re(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_CYRILLIC_RE = gated_re(r"[\u0400-\u04ff]")
_LATIN_WORD_RE = gated_re(r"[a-zà-öø-ÿœß]+")
# Words that may be evidence: a letter run glued to digits is a unit or a name ("1t", "h200",
# "128k"), never the French "t" or the Spanish "e".
_EVIDENCE_WORD_RE = gated_re(r"[a-zà-öø-ÿœß](?<![0-9].)[a-zà-öø-ÿœß]*(?![0-9a-zà-öø-ÿœß])")
# Commands, mentions and links are English or names whatever the user's language.
_NOT_WORDS_RE = gated_re(r"(?:^|\s)[/@]\w+(?:@\w+)?|https?://\S+")
# Two letters of a script are needed: one stray letter is often a unit ("128к") or a symbol.
_MIN_SCRIPT_LETTERS = 2
# Words weighed per message: a few hundred settle the language (and bound the work).
_MAX_EVIDENCE_WORDS = 300

# Characters written only in one Chinese standard (common words of this domain and of chat).
_SIMPLIFIED_ONLY = frozenset(
    "个这么们机费与对吗说请问题够该样还没过时间长务实现应将为显张钱预并发数据种参万亿块"
    "帮线运计划选择较经验买卖贵价图门单双东车书语话读写让谢认识论设证试调变开关无从"
    "业产级约给结统络网缓练终续传优众边达远进连适处备复术层头学习总点义乐气汉热电脑软载"
    "输态虑险际随难动来会见觉区别"
    "换转满购订项质规节轮检测视频几币译词码库权营维护响闭启宽带储户资员仅谁须讲场压账货"
    "独团轻递录专档经"
)
_TRADITIONAL_ONLY = frozenset(
    "個這麼們機費與對嗎說請問題夠該樣還沒過時間長務實現應將為顯張錢預並發數據種參萬億塊"
    "裡裏幹幫線運計劃選擇較經驗買賣貴價圖門單雙東車書語話讀寫讓謝認識論設證試調變開關無"
    "從業產級約給結統絡網緩練終續傳優眾邊達遠進連適處備復複術層頭學習總點義樂氣漢熱電腦"
    "軟載輸態慮險際隨難動來會見覺區別"
    "換轉滿購訂項質規節輪檢測視頻幾幣譯詞碼庫權營維護響閉啟寬帶儲戶資員僅誰須講場壓賬貨"
    "體獨團號寶輕鬆遞錄專檔經"
)
# Shinjitai forms used only in Japanese: kanji-only Japanese text still shows them.
_JAPANESE_ONLY_KANJI = frozenset(
    "対円気価実変応駆込働続読売帯様図広払択転経験検済楽単枠辺歳労覚営戦鉄関"
)

# Latin function words. Weight 2: used in one language only; weight 1: shared or weak.
_WORDS: dict[str, tuple[str, str]] = {
    "en": (
        (
            "the what how much many does do is are we you my our with for need want would could "
            "should can fit fits run running host hosting deploy serve which better cost costs "
            "price pricing users user concurrent hi hello hey thanks thank please and if about "
            "instead same settings only single one box node month monthly it this that will be "
            "enough context model write poem tell looking maybe once tho though there have has "
            "get got just also any some rent rental help who your yes great cheap cheapest "
            "fastest faster inference quantized precision half full mixture experts active "
            "without from into than work works able at of to running setup need needs ok okay"
        ),
        "on was will no me budget plan possible dense server per",
    ),
    "es": (
        (
            "el los del qué cuánto cuánta cuántos cuántas cuesta cuestan cómo hola buenas buenos "
            "gracias necesito necesitamos necesita queremos quiero quisiera tenemos tengo correr "
            "ejecutar desplegar usuarios simultáneos concurrentes presupuesto máximo mes al y con "
            "una uno unos porfa recomiendas recomiendan recomienda alcanza sirve mejor precio "
            "tarjetas media precisión activos parámetros cuál dónde puedo puedes hay muy más "
            "también pero sí esto esta hasta desde solo sólo solamente peticiones solicitudes "
            "precios eres cueste"
        ),
        (
            "caro cara barato barata algo "
            "para por un es en servidor modelo contexto la lo le se me nos está sobre entre o que "
            "este plan pro no tu da igual si"
        ),
    ),
    "pt-BR": (
        (
            "não você vocês olá oi obrigado obrigada quanto quantas quantos qts custa custo qual "
            "quais melhor meia precisão preciso precisamos precisa rodar roda cabe placas usuários "
            "simultâneos orçamento mês um uma uns umas do dos na nas em é com pra tá isso essa "
            "esse mais muito plano ajuda ativos parâmetros dá consigo posso gostaria vamos tudo "
            "concorrentes concorrente "
            "bem apenas somente só requisições pessoas sem preços valeu podem ligar vocês voces "
            "obrigado pra ta tô tem barata caro temos vai conversas simultâneas chamados "
            "atendentes segurar ao mesmo tempo dias prazo também conta vc vcs entendi numa hoje "
            "quero treino segure rodamos"
        ),
        (
            "para por servidor modelo contexto das no nos ou e o os as está este também queremos "
            "se sobre pro que tu da"
        ),
    ),
    "de": (
        (
            "der die den dem des ein eine einen einem ist sind wie viel viele kostet kosten mit "
            "für und oder auf im nicht ich wir brauche brauchen möchte möchten wollen hallo danke "
            "bitte nur gleichzeitige gleichzeitig nutzer benutzer anfragen modell kontext monat "
            "läuft laufen passt reicht genügt unterschied welche welcher welches besser zu von "
            "bei mir uns kann können genug karten halbe genauigkeit aktiv aktive preis monatlich "
            "auch schon noch aber hat haben gibt geht kein keine ohne bist dich dir dein deine "
            "sehr gut mal doch nein preise nutzlos sich mehr lohnt etwa ungefähr bis uhr neu "
            "lassen schreiben stunden tage woche nacht jetzt"
        ),
        "was will es das budget pro parameter server du",
    ),
    "fr": (
        (
            "les une des est sont avec pour sur et combien coûte coûtent nous je vous voudrait "
            "voudrais voudrions veux veut faire tourner ça passe seul seule serveur salut "
            "bonjour merci modèle contexte utilisateurs simultanés simultanées requêtes cartes "
            "mois jouable mieux quel quelle quels uniquement seulement demi faut il elle pas qu "
            "mon notre peut peux différence dans aussi mais très natif actifs paramètres sans "
            "c'est quoi tu toi moi nul tarif tarifs prix laquelle lequel choisir obligatoire "
            "moins cher chère chers trop peu beaucoup"
        ),
        (
            "le la on ou budget possible entre dense un en que plan l d j c t es du tient "
            "tiennent tournent rentre rentrent marche ca"
        ),
    ),
}

# Diacritics and punctuation: (characters, {language: weight}).
_MARKS: tuple[tuple[str, dict[str, int]], ...] = (
    ("ñ¿¡", {"es": 3}),
    ("ãõ", {"pt-BR": 3}),
    ("ç", {"pt-BR": 1, "fr": 1}),
    ("ßäöü", {"de": 3}),
    ("àèùîûëïœ", {"fr": 2}),
    ("âêô", {"fr": 1, "pt-BR": 1}),
    ("é", {"fr": 1, "es": 1, "pt-BR": 1}),
    ("áíóú", {"es": 1, "pt-BR": 1}),
)


# Written laughter is national: "kkkk" is Brazilian, "jajaja" Spanish, "mdr" French.
_LAUGHTER: tuple[tuple[Searchable, str], ...] = (
    (gated_re(r"k{3,}"), "pt-BR"),
    (gated_re(r"(?:ja){2,}j?|jej(?:ej)+"), "es"),
    (gated_re(r"p?mdr+|ptdr+"), "fr"),
)
_LAUGHTER_WEIGHT = 2


def _word_weights() -> dict[str, dict[str, int]]:
    weights: dict[str, dict[str, int]] = {}
    for language, (strong, weak) in _WORDS.items():
        for word in strong.split():
            weights.setdefault(word, {})[language] = 2
        for word in weak.split():
            weights.setdefault(word, {}).setdefault(language, 1)
    return weights


_WORD_WEIGHTS = _word_weights()


def is_common_word(word: str) -> bool:
    """Whether ``word`` is one of the function words the Latin-script languages are told by."""
    return word in _WORD_WEIGHTS


_MARK_WEIGHTS: dict[str, dict[str, int]] = {
    char: weights for chars, weights in _MARKS for char in chars
}
_MARKS_RE = gated_re(f"[{''.join(_MARK_WEIGHTS)}]")


def negotiate_language(code: str | None) -> str:
    """Map a Telegram ``language_code`` (BCP 47, any case) to one of ours; English otherwise."""
    return normalise_language(code) or DEFAULT_LANGUAGE


def _runs_of(char_class: str) -> Searchable:
    """Compile runs of ``char_class`` (``[...]``), led by the class so the engine skips to it."""
    return gated_re(f"{char_class}{char_class}*")


def _count(runs: Searchable, text: str) -> int:
    """How many characters of ``text`` the class of ``runs`` holds (read a run at a time)."""
    return sum(map(len, runs.findall(text)))


_HANGUL_RUNS_RE = _runs_of(_HANGUL_RE.pattern)
_KANA_RUNS_RE = _runs_of(_KANA_RE.pattern)
_HAN_RUNS_RE = _runs_of(_HAN_RE.pattern)
_CYRILLIC_RUNS_RE = _runs_of(_CYRILLIC_RE.pattern)


def _script_language(clean: str, hint: str | None) -> str | None:
    if clean.isascii():
        return None  # no letter of any of these scripts
    hangul = _count(_HANGUL_RUNS_RE, clean)
    kana = _count(_KANA_RUNS_RE, clean)
    han = _count(_HAN_RUNS_RE, clean)
    cyrillic = _count(_CYRILLIC_RUNS_RE, clean)
    best = max(hangul, kana + han, cyrillic)
    # One Han character alone ("滚", "谢") is a Chinese message; beside Latin words it may be
    # a unit ("12.8万 tokens") and decides nothing.
    lone_han = han == 1 and not cyrillic and _LATIN_WORD_RE.search(clean) is None
    if best < _MIN_SCRIPT_LETTERS and not (kana or hangul or lone_han):
        return None
    if hangul and hangul >= kana + han and hangul >= cyrillic:
        return "ko"
    if cyrillic > kana + han:
        return "ru"
    if kana:
        return "ja"
    return _chinese_or_japanese(clean, hint)


def _class_of(chars: frozenset[str]) -> Searchable:
    return _runs_of("[" + "".join(sorted(map(re.escape, chars))) + "]")


# Each character counts for the first of the three standards that has it.
_TRADITIONAL_RE = _class_of(_TRADITIONAL_ONLY)
_SIMPLIFIED_RE = _class_of(_SIMPLIFIED_ONLY - _TRADITIONAL_ONLY)
_JAPANESE_RE = _class_of(_JAPANESE_ONLY_KANJI - _TRADITIONAL_ONLY - _SIMPLIFIED_ONLY)


def _chinese_or_japanese(clean: str, hint: str | None) -> str:
    traditional = _count(_TRADITIONAL_RE, clean)
    simplified = _count(_SIMPLIFIED_RE, clean)
    japanese = _count(_JAPANESE_RE, clean)
    if japanese > traditional and japanese > simplified:
        return "ja"
    if traditional > simplified:
        return "zh-Hant"
    if simplified > traditional:
        return "zh-Hans"
    if hint in {"zh-Hant", "zh-Hans", "ja"}:
        return hint
    return "zh-Hans"


# German word shapes no other of our languages has: a misspelt German word ("gleichzeitg") still
# tells the language by its stem or ending.
_GERMAN_SHAPE_RE = gated_re(r"gleichzeit|.{3,}(?:ungen|keit|heit|lich|schaft)$")
_SHAPE_WEIGHT = 1


def _laughter(word: str) -> dict[str, int]:
    if len(word) < 3 or word[0] not in "kjmp":  # noqa: PLR2004 - the shortest laugh is "mdr"
        return {}
    for pattern, language in _LAUGHTER:
        if pattern.fullmatch(word):
            return {language: _LAUGHTER_WEIGHT}
    return {}


def _shape(word: str) -> dict[str, int]:
    return {"de": _SHAPE_WEIGHT} if _GERMAN_SHAPE_RE.match(word) else {}


def _latin_scores(clean: str) -> dict[str, int]:
    scores: dict[str, int] = {}
    words = _EVIDENCE_WORD_RE.finditer(clean.replace("'", " "))
    for word in (match.group() for match in itertools.islice(words, _MAX_EVIDENCE_WORDS)):
        weights = _WORD_WEIGHTS.get(word)
        if weights is None:
            weights = _laughter(word) or _shape(word)
        for language, weight in weights.items():
            scores[language] = scores.get(language, 0) + weight
    if not clean.isascii():
        for char in _MARKS_RE.findall(clean):
            for language, weight in _MARK_WEIGHTS[char].items():
                scores[language] = scores.get(language, 0) + weight
    return scores


def _best(scores: dict[str, int], hint: str | None) -> str | None:
    scores = {language: score for language, score in scores.items() if score > 0}
    if not scores:
        return None
    top = max(scores.values())
    leaders: Iterable[str] = [lang for lang in LANGUAGES if scores.get(lang) == top]
    leaders = list(leaders)
    if hint in leaders:
        return hint
    return leaders[0]


# English words of the trade that every language's customers write as they are ("25 concurrent
# reqs, contexto 16k"): beside a word of the hinted language, they tell no English.
_LOANWORDS = frozenset(
    {
        *("users", "user", "concurrent", "context", "budget", "inference", "precision"),
        *("setup", "server", "model", "deploy", "hosting", "host", "node", "box", "quantized"),
        *("dense", "per", "plan", "rental", "cheap", "cheapest", "fastest", "single"),
    }
)
_LOANWORD_RE = gated_re(r"[a-z]+")


def _loanword_weight(clean: str) -> int:
    """Return the English score the words of the trade give ``clean``."""
    words = itertools.islice(_LOANWORD_RE.finditer(clean), _MAX_EVIDENCE_WORDS)
    return sum(
        _WORD_WEIGHTS[word.group()].get("en", 0) for word in words if word.group() in _LOANWORDS
    )


def _with_hint(scores: dict[str, int], clean: str, hint: str | None) -> dict[str, int]:
    """Leave out the English of the trade's words beside the hinted language's, or alone."""
    if hint is None or hint == DEFAULT_LANGUAGE or "en" not in scores:
        return scores
    english = scores["en"] - _loanword_weight(clean)
    if not scores.get(hint) and english > 0:
        return scores  # English words beyond the trade's: an English message
    # The hinted language's words beside the trade's, or the trade's words alone ("kimi k2 fp8
    # 64k 20 user"): the client's language
    return {**scores, "en": english}


def detect_clean(clean: str, hint: str | None = None) -> str | None:
    """Detect the language of already-cleaned text; ``hint`` (one of ours) breaks ties."""
    if "/" in clean or "@" in clean:
        clean = _NOT_WORDS_RE.sub(" ", clean)
    script = _script_language(clean, hint)
    if script is not None:
        return script
    return _best(_with_hint(_latin_scores(clean), clean, hint), hint)


def detect_language(text: str) -> str | None:
    """Return the language ``text`` is evidently written in, or ``None`` without evidence."""
    return detect_clean(clean_text(text))


def choose_language(clean: str, telegram_language: str | None) -> str:
    """Pick the answer language: the message's own, else the Telegram hint, else English."""
    hint = negotiate_language(telegram_language) if telegram_language else None
    detected = detect_clean(clean, hint)
    if detected is not None:
        return detected
    return hint or DEFAULT_LANGUAGE
