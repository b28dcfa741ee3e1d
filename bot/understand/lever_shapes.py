"""Levers read by a follow-up's shape, where none of the lever words matched.

With no model named: one GPU we rent named with a why-word, a negation in a question, or a
why asked of the pick ("La H200 aurait pas fait la job ?", "B200 唔得咩？", "為什麼推這台 8 卡的？")
asks why it was left out (``why_not``); with no GPU named, a short follow-up with a why-word,
words of an answer not followed ("não entendi a conta") or how or where from a figure said
back came ("Wie kommt ihr auf die 4,8 GB?") asks to ``explain`` the answer on the table; a
word of money with one that lowers it ("這價格可以壓低一點嗎") asks for the ``cheaper`` way.
"""

from __future__ import annotations

from bot.request import Lever, ParsedRequest
from bot.understand import lexicon
from bot.understand.gates import gated_re
from bot.understand.questions import asks, sentences

# Topics a figure of the answer said back touches ("8 GPUs" reads as whole servers only).
FIGURE_TOPICS = frozenset({None, "whole_server_only"})

# Topics a GPU named in a follow-up touches ("B200じゃダメなんですか" reads as the B200's card):
# asked why it was left out, the answer on the table is what is asked about.
_GPU_TOPICS = frozenset({None, "gpu_card", "gpu_spec", "how_to_choose", "billing", "software"})
# A why said of a GPU with no negation asks why it was left out only in a few words.
_SHORT_WHY_WORDS = 6
# Whom a why asks of a GPU left out: "pourquoi vous l'avez mise de côté", "why did you drop".
_YOU = gated_re(
    r"(?<![a-zà-ÿ])(?:you|u|y'all|vous|tu|ustedes|usted|você|vocês|vc|vcs|ihr|euch)(?![a-zà-ÿ])|"
    r"(?<![а-яё])(?:вы|вас|ты|тебя)(?![а-яё])|你们|你們|您|御社|貴社|そちら|그쪽"
)


def you_said(text: str) -> bool:
    """Whether the text speaks to the assistant ("you", "у вас", "你們"): of its answer."""
    return _YOU.search(text) is not None


# The pick itself named with the why: "為什麼推這台", "why did it pick", "warum empfehlt".
_PICKED = gated_re(
    r"推(?!出)|推荐|推薦|选了|選了|recommend|suggest|picked|chose|propos|empfehl|recomend|"
    r"recommand|предлож|выбрал|おすすめ|勧め|薦め|推奨|選ん|추천"
)
# Topics a why is asked of the page about ("why only whole HGX servers?"): the page answers.
_PAGE_TOPICS = frozenset(
    {
        "whole_server_only",
        "minimum_term",
        "longer_terms",
        "delivery",
        "single_h200_cluster",
        "private_network",
        "rocm_image",
        "interconnect",
        "single_vs_hgx",
        "refund",
        "os_image",
        "root_access",
        "calculator",
        "native_formats",
    }
)
# An explanation asked by its shape is a short follow-up: a longer message says what it is
# about ("我們想給 50 個程式員搭個代碼助手，模型還沒定，怎麼選？" asks for a proposal).
_FOLLOWUP_CHARS = 90
# A figure of the answer said back with its unit ("4,8 GB", "35 tok/s", "1.2 TB", "600 ms").
_FIGURE = gated_re(
    r"[0-9][0-9.,]*\s?(?:gb|gib|tb|tib|tok(?:ens)?/s|t/s|ms|s|sec|%|gb/s|tb/s|го|тб|гб|с)"
    r"(?![a-zа-яё])|"
    # a price or a count of tokens said back: "US$4.09", "35토큰", "2,400 美元"
    r"\$\s?[0-9]|[0-9][0-9.,]*\s?(?:美元|美金|달러|ドル|€|토큰|トークン|token)"
)
# A price said to be too high, in a short follow-up: "Está carísimo", "zu teuer", "太贵了" (in
# a longer message it is often said of what the customer pays elsewhere).
_TOO_DEAR = gated_re(
    r"car[ií]s+imo|(?:muy|demasiado) car[oa]|caro demais|"
    # (not a wish that it not be: "别太贵就行", "不要太貴", "not too expensive", "pas trop cher")
    r"(?<!not )(?<!pas )(?<!nicht )(?<!no )(?<!não )trop cher|"
    r"(?<!not )too (?:expensive|pricey|steep)|"
    r"hors de prix|(?<!nicht )zu teuer|слишком дорог[оа]|дороговато|"
    r"(?<![别別不])(?<!不要)(?<!不能)(?<!不会)(?<!不會)太(?:贵|貴)|高すぎ|너무 비싸|"
    r"高いな|高いですね|有点贵|有點貴|贵了点|貴了點|좀 비싸|비싸네|un peu cher|ziemlich teuer|"
    r"bem caro|meio caro|bastante caro|a bit (?:pricey|steep|expensive)|予算(?:的に|が)厳し|"
    # the quote refused: "Customer balked at the two HGX boxes", "achou a proposta cara"
    r"balked at|baulked at|pushed back on|achou (?:a proposta|o preço|o valor) car[oa]|"
    r"encontró (?:la propuesta|el precio) car[oa]|"
    # relayed: "кл. говорит дорого", "cust says it's too expensive"
    r"(?:говорит|говорят|считает|считают|сказал[аи]?),? (?:что )?(?:это )?дорого|"
    r"says (?:it'?s |that'?s )?(?:too )?(?:expensive|pricey)|"
    # the verdict said alone first: "дорого. а в int4?", "Teuer. Geht es mit FP8?", "贵。"
    r"^(?:дорого|дороговато|caro|cara|cher|chère|teuer|expensive|pricey|贵|貴|高い|비싸(?:요)?)"
    r"\s?[.!…,。，]"
)


def too_dear(text: str) -> bool:
    """Whether the text says something costs too much ("zu teuer", "太贵了", "高すぎ")."""
    return _TOO_DEAR.search(text) is not None


# Two readings of a figure set against each other: "…, or …?", "還是", "ou", "oder", "или".
_WHICH_OF_TWO = gated_re(
    r"(?<![a-zà-ÿ])(?:or|ou|oder)(?![a-zà-ÿ])|или|还是|還是|それとも|아니면|或是"
)
# How a figure was reached: "how", "wie", "как", "어떻게", "cómo", "comment" (the Chinese and
# Japanese words of a figure reached are the explain words themselves: "點計", "どう計算").
_HOW = gated_re(
    r"(?<![a-z])(?:how(?! (?:many|much))|wie(?! ?viel)|comment|c[oó]mo)(?![a-z])|"
    r"как(?![а-яё])|어떻게|"
    # where it comes from: "この 4.8 GB はどこから出てきた", "d'où sort", "откуда"
    r"(?<![a-z])(?:where|woher|wo kommt|d'où|de d[oó]nde|d[ae] onde)(?![a-z])|откуда|哪来|哪來|"
    r"哪里来|哪裡來|どこから|어디서|"
    # how it was worked out: "怎麼換算出來", "어떤 기준", "wie rechnet ihr", "どうやって"
    r"怎麼換算|怎么换算|怎麼算|怎么算|怎麼得|怎么得|어떤 ?기준|무슨 ?기준|근거|"
    r"(?<![a-z])wie rechne|どうやって|どう計算|как (?:вы )?(?:счита|посчита)"
)


# Words that deny, as the why-not shape reads them. Single CJK characters only where they deny
# in this use ("不用", "沒推", "唔得"), not inside words ("不同", "差別", "非常").
_DENIED = gated_re(
    r"(?<![a-zß-ÿ])(?:not|no|never|(?:do|does|did|is|was|were|are|would|could|should|ca|wo|have|"
    r"has)n'?t|nunca|ni|sin|não|nao|sem|nicht|kein[a-z]*|nie|ohne|pas|ne|jamais|aucun[e]?|sans)"
    r"(?![a-zß-ÿ])|(?<![a-zß-ÿ])n'|(?<![а-яё])(?:не|нет|без)(?![а-яё])|"
    r"不(?![同错錯少過过如太大小会會])|没|沒|唔|冇|じゃ(?:ダメ|だめ|ない|なく)|では(?:ダメ|ない|なく)|ダメ|だめ|"
    r"ない|なかっ|ません|(?<![가-힣])안(?= |되|돼)|못|않|없|말고"
)


# Chinese asks yes or no by "A not A" ("有没有优惠", "能不能", "是不是"): a question, no denial.
_A_NOT_A = gated_re(r"([有能是要行够夠会會可好用])[不没沒]\1")


def _denies(sentence: str, language: str) -> bool:
    """Whether a sentence denies; Portuguese "no" is "in the" ("e no MI355X?", "no total")."""
    sentence = _A_NOT_A.sub(" ", sentence)
    found = _DENIED.search(sentence)
    if found is None or language != "pt-BR":
        return found is not None
    return any(match.group() != "no" for match in _DENIED.finditer(sentence))


def lever_by_shape(request: ParsedRequest, text: str, *, named: bool) -> Lever | None:
    """Return the lever a follow-up pulls by its shape, where none of the lever words matched.

    With no model named: one GPU we rent named in a question with a negation or a why-word
    ("La H200 aurait pas fait la job ?", "B200 唔得咩？") asks why it was left out; with no GPU
    named, a why-word in a question ("なんでGPU 16枚も必要なんですか？"), words of an answer not
    followed ("não entendi a conta") or how a figure said back was reached ("Wie kommt ihr auf
    die 4,8 GB?") ask to explain the answer on the table.
    """
    facts = request.facts
    if named or facts.plan_counts or facts.months or request.servers:
        return None
    if len(facts.gpus) == 2 and any(  # noqa: PLR2004 - the one picked and the other
        lexicon.search("why", part) and _PICKED.search(part) for part in sentences(text)
    ):
        # "MI355Xの方が安いのに、なぜH200構成を勧めたんでしょうか": why the pick, not the other
        return Lever.WHY_NOT
    if len(facts.gpus) == 1:
        lever = _why_not_by_shape(request, text)
        denied = any(_denies(part, request.language) for part in sentences(text))
        if lever is Lever.WHY_NOT and _FIGURE.search(text) and not denied:
            return Lever.EXPLAIN  # "为什么单卡 H200 折合每小时 4.23 美元？": its figure, explained
        return lever
    if facts.gpus or request.topic not in FIGURE_TOPICS or len(text) > _FOLLOWUP_CHARS:
        return None
    return _explain_by_shape(text, priced=facts.budget_usd_month is not None)


def _words(sentence: str) -> int:
    """Count the words of a sentence (a question mark standing apart is none)."""
    return sum(1 for word in sentence.split() if any(char.isalnum() for char in word))


def why_about_one_gpu(request: ParsedRequest, text: str, *, named: bool) -> bool:
    """Whether a why-word is said of the one GPU a follow-up names, no model named."""
    return len(request.facts.gpus) == 1 and not named and lexicon.search("why", text)


def _why_not_by_shape(request: ParsedRequest, text: str) -> Lever | None:
    """Return ``why_not`` when the one GPU named is asked about with a why-word or a negation.

    A why-word asks it whatever the platform said beside ("Почему не H200? У нас всё на CUDA");
    a negation in a question only where no platform is said ("no AMD, H200?" changes it).
    """
    parts = sentences(text)
    whys = [part for part in parts if lexicon.search("why", part)]
    if any(_YOU.search(part) or _PICKED.search(part) for part in whys) or (
        request.topic not in _PAGE_TOPICS
        and any(
            _denies(part, request.language) or _words(part) <= _SHORT_WHY_WORDS for part in whys
        )
    ):
        # "а чё не MI355X?", "Et la MI355X, pourquoi vous l'écartez ?", "為什麼推這台 8 卡的？"
        # (asked of the pick, whatever page topic comes along); not "why is the HGX H200
        # rented only as a whole server?", a question of its own
        return Lever.WHY_NOT
    if request.topic not in _GPU_TOPICS:
        return None
    if request.facts.cuda_only is not None:
        return None
    for part in parts:
        if _denies(part, request.language) and asks(part):
            return Lever.WHY_NOT
    return None


def _explain_by_shape(text: str, *, priced: bool) -> Lever | None:
    """Return ``explain`` for words of an answer not followed, or a why or how of a figure.

    A price and a word that brings it down in one sentence ("這價格老闆不會批啦，能不能壓低一點")
    ask for the cheaper way instead; so does a way down asked beside an amount of money
    (``priced``: "월 2만 달러 넘으면 결재가 안 나요 ㅠㅠ 줄일 방법 있을까요?").
    """
    for part in sentences(text):
        if (
            (lexicon.search("cost", part) and lexicon.search("lower", part))
            or _TOO_DEAR.search(part)
            or (priced and asks(part) and lexicon.search("lower", part))
        ):
            return Lever.CHEAPER
    if lexicon.search("unclear", without_self_description(text)):
        return Lever.EXPLAIN
    if _FIGURE.search(text) and _WHICH_OF_TWO.search(text) and asks(text):
        # "速度那欄寫 38 tok/s，是每個使用者看到的，還是全部加起來？", "Esse 1,8 s de TTFT é com a
        # carga toda ou com o servidor vazio?": which of two a figure of the answer is
        return Lever.EXPLAIN
    for part in sentences(text):
        # (the figure may stand in the sentence before: "41 tok/s pro Nutzer – … Wie rechnet ihr?")
        how_reached = _HOW.search(part) is not None and _FIGURE.search(text) is not None
        if asks(part) and (lexicon.search("why", part) or how_reached):
            return Lever.EXPLAIN
    return None


# Who writes, saying they are not technical ("我不懂技术，说人话就行", "não entendo nada de GPU",
# "je n'y connais rien"): no answer's figure not followed.
_SELF_DESCRIPTION = gated_re(
    r"不懂(?:技术|技術|gpu|电脑|電腦|这些|這些|这个|這個|行|ai|硬件|硬體|it)|(?:技术|技術)小白|"
    # "模型和卡都不懂", "什么都不懂", "一窍不通": the writer knows neither
    r"(?:模型|卡|显卡|顯卡|gpu)(?:和|跟|与|與)?(?:模型|卡|显卡|顯卡|gpu)?都不懂|(?:什么|什麼)都不懂|"
    r"完全不懂|一窍不通|一竅不通|"
    r"不是(?:技术|技術)|非(?:技术|技術)(?:人员|人員|出身)|"
    r"技術(?:のこと|的なこと)?(?:は|が)?(?:よく|全然|まったく)?(?:分から|わから)|"
    r"기술(?:은|을|에 대해|적인 건|쪽은)?\s?(?:잘\s|전혀\s)?(?:몰라|모르)|"
    r"(?:não|nao) entendo nada de|no entiendo (?:nada )?(?:de|del) |n'y connais rien|"
    r"(?:don't|do not|dont) (?:understand|know) (?:much|anything) about|not (?:a )?technical|"
    r"non-?technical|не технарь|ничего не понимаю в|не разбираюсь в|"
    r"verstehe? nichts von|kenne mich (?:nicht|kaum) aus|keine ahnung von|"
    r"pas (?:du tout )?technique"
)


def without_self_description(text: str) -> str:
    """Return the text without the writer's word of not being technical."""
    return _SELF_DESCRIPTION.sub(" ", text)


# Two choices set against each other: "X and not Y", "X 而不是 Y", "Y 말고 X", "X y no Y".
_CONTRAST = gated_re(
    r"(?<![a-z])(?:and not|instead of|rather than|not just|but not|over)(?![a-z])|,\s?not |"
    r"而不是|而非|不是|不用|不选|不選|不建議|不建议|不推荐|不推薦|말고|대신|아니라|"
    r"ではなく|じゃなくて|じゃなく|でなく|"
    r"(?<![a-z])(?:y no|en vez de|en lugar de|e não|em vez de|ao invés de|no lugar de|und nicht|"
    r"statt|anstatt|et pas|et non|plutôt que|au lieu de)(?![a-z])|"
    r"(?<![а-яё])(?:а не|вместо)(?![а-яё])"
)


def why_contrast(request: ParsedRequest, text: str, *, named: bool) -> bool:
    """Whether a why asks of the pick set against another choice that names hardware.

    "why the HGX and not just 2 separate single H200s? that'd be way cheaper no?", "为什么推荐
    HGX H200 而不是 MI355X？", "왜 MI355X 말고 HGX H200을 추천했어요?", "Por que HGX e não 3 H200
    avulsas?": why the answer on the table left the other out, whatever is said of its price.
    """
    if named or not (request.facts.gpus or request.facts.plan_counts):
        return False
    return any(
        asks(part) and lexicon.search("why", part) and _CONTRAST.search(part) is not None
        for part in sentences(text)
    )
