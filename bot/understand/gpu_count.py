"""How many GPUs a message asks to run the model on: "on one H200", "8x H200", "单卡", "2枚".

The count stands next to a GPU: a GPU named (its span from ``find_gpus``), a word for a GPU
("GPU", "видеокарта", "显卡", "tarjeta gráfica") or a bare card word ("two cards", "на одной
карте"). What may count it, in every language:
- digits with a multiplication sign or a counter word, before or after ("8x H200", "H200 ×8",
  "8卡", "2张H200", "H200 1枚", "H200 2장", "B200 2 штуки");
- bare digits before a GPU word ("max 2 GPUs"), and before a GPU named only after a word such
  as "on" or "with", at the start, or before a plural ("on 2 H200", "2 H200s"): "Llama 4
  H200" names a model, not four GPUs;
- number words of the message's language, "a single", "a pair of", "dual", "一", "单卡",
  "одной", "una sola", "eine einzige", "une seule", and "an H200" (but "a card" may be a
  payment card: an article counts no bare card word).

A follow-up may count with no GPU word at all: cards counted flat ("那4张呢？", "じゃあ4枚
なら？", "그럼 2장이면요?"), a number after "on" that nothing follows ("and on two?", "а на
двух?", "et sur trois ?"; not "on 8 users", nor "человек на 30", about thirty people) and a
whole server of N ("a full 8x box", "сервер 8x", "8er Server"). Flat cards count nothing when
machines are counted too ("8枚構成のサーバーを2台": two servers of eight).

No count is read from a comparison ("more than one GPU?"), from a GPU name followed by
"server" or with HGX or DGX before it (a count of servers; "8x MI355X server" still counts
its GPUs), or when counts disagree ("one H200 or 8 MI355X"). 台 and 대 count machines as
often as GPUs and count nothing here. The text comes back with the count blanked, so no
later finder reads it as users or a context.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache

from bot.understand.gates import Searchable, gated_re
from bot.understand.numbers import blank
from bot.understand.today import said_of_today

# A GPU named, in the copy of the text the patterns read: a private-use character in place of
# each of its characters (a GPU word: "§" in place of each), so offsets stay those of the text.
_MARK = "\ue000"
# A bare card word ("two cards", "на одной карте") is marked "¤": it counts only after a number
# or a word that is not an article, as "pay with a card" says nothing of GPUs.
_ANCHOR = r"(?P<a>\ue000+|§+|¤+)"
_CARD = "¤"
# Words for a GPU or a graphics card, by language.
_GPU_WORDS = (
    r"gpus?|graphics? cards?|video cards?",
    r"видеокарт[а-я]*|видюх[а-я]*|гпу|графическ[а-я]* процессор[а-я]*",
    r"显卡|顯卡|顯示卡|加速卡|计算卡|計算卡",
    r"グラボ|グラフィックボード|グラフィックカード|ビデオカード",
    r"그래픽\s?카드",
    r"tarjetas? gráficas?|tarjetas? de vídeo|placas? de vídeo|placas? de video",
    r"grafikkarten?",
    r"cartes? graphiques?",
)
_GPU_WORD_RE = gated_re(r"(?<![a-zа-яё0-9])(?:" + "|".join(_GPU_WORDS) + r")(?![a-zа-яё])")
_CARD_WORD_RE = gated_re(
    r"(?<![a-zа-яё0-9])(?:cards?|карт(?:а|е|у|ой|ы|ах|ами)?|tarjetas?|placas?|karten?|cartes?)"
    r"(?![a-zа-яё])"
)
# Articles, which say "one" only of a GPU: "an H200" is one, "a card" may be a payment card.
_ARTICLES = frozenset(
    {"a", "an", "un", "una", "uno", "une", "um", "uma", "num", "numa", "ein", "eine", "einer"}
    | {"einem", "einen"}
)
# Counter words of the East Asian languages ("2张", "1枚", "한 장"); 卡 is a card itself. 台 and
# 대 count machines as often as GPUs ("一台8卡" is one server of eight), so they count nothing.
_COUNTERS = r"(?:张|張|块|塊|颗|顆|片|个|個|枚|基|つ|장|개|штук[аи]?)"
# Particles between a GPU and its count ("H200を2枚", "H200 2장으로").
_PARTICLES = r"(?:を|が|は|で|는|은|를|이|가)?"
# Words that make a bare number before a GPU a count of it.
_LEAD_WORDS = (
    r"on|onto|with|using|across|over|in|into|of|the|all|need|needs|rent|use|get|buy|want|have|"
    # the count asked about: "is 4 H200 enough?", "reichen dafür 4 MI355X?", "¿bastan 2 H200?"
    r"is|are|would|will|do|does|reichen|reicht|genügen|genügt|dafür|bastan|basta|alcanzan|"
    r"bastam|suffisent|suffit|хватит|хватят|"
    r"на|с|со|из|в|для|все|всех|нужно|нужны|арендовать|взять|есть|имеется|имеются|"
    r"en|con|sobre|usando|de|los|las|em|com|numa|num|os|as|das|dos|"
    r"auf|mit|über|für|von|die|alle|sur|avec|dans|des|les|à|"
    r"用|在|租|上|で|에서|로|으로"
)
# Number words before a GPU, by language: plain words (no patterns) and their values.
_WORDS: dict[str, dict[int, str]] = {
    "en": {
        1: "a single|one single|just one|only one|one|single|just a|just an|only a|only an|a|an",
        2: "a pair of|pair of|two|dual",
        3: "three",
        4: "four",
        8: "eight",
    },
    "ru": {
        1: "одной|одну|одна|одним|одном|одного|один|одиночной|одиночную|единственной",
        2: "двух|двумя|две|два|пару|пара|паре",
        3: "трёх|трех|тремя|три",
        4: "четырёх|четырех|четырьмя|четыре",
        8: "восьми|восемью|восьмью|восемь",
    },
    "zh-Hans": {1: "单|一", 2: "两|二|双|俩", 3: "三", 4: "四", 8: "八"},
    "zh-Hant": {1: "單|一", 2: "兩|二|雙|倆", 3: "三", 4: "四", 8: "八"},
    "ja": {1: "単一|単体|シングル|一", 2: "デュアル|二", 3: "三", 4: "四", 8: "八"},
    "ko": {1: "한|단일|싱글|하나의", 2: "듀얼|두", 3: "세", 4: "네", 8: "여덟"},
    "es": {
        1: "una sola|un solo|una única|un único|una|un|uno",
        2: "un par de|par de|dos|dual",
        3: "tres",
        4: "cuatro",
        8: "ocho",
    },
    "pt-BR": {
        1: ("uma só|um só|uma única|um único|numa só|num só|numa única|num único|numa|num|uma|um"),
        2: "um par de|par de|duas|dois|dual",
        3: "três|tres",
        4: "quatro",
        8: "oito",
    },
    "de": {
        1: (
            "eine einzige|einer einzigen|einem einzigen|ein einziger|eine einzelne|"
            "einer einzelnen|einem einzelnen|einzige|einzigen|einzelne|einzelnen|"
            "single|eine|einer|einem|einen|ein"
        ),
        2: "zwei|dual",
        3: "drei",
        4: "vier",
        8: "acht",
    },
    "fr": {
        1: "une seule|un seul|une unique|un unique|mono|une|un",
        2: "une paire de|deux|bi",
        3: "trois",
        4: "quatre",
        8: "huit",
    },
}
_GLUED_LANGUAGES = frozenset({"zh-Hans", "zh-Hant", "ja"})
# East Asian number words after a GPU, with a counter ("H200 两张", "H200 한 장").
_EAST_ASIAN_WORDS = {"一": 1, "单": 1, "單": 1, "한": 1, "两": 2, "兩": 2, "二": 2, "두": 2}
_EAST_ASIAN_WORDS |= {"双": 2, "雙": 2, "俩": 2, "倆": 2}
_EAST_ASIAN_WORDS |= {"三": 3, "세": 3, "四": 4, "네": 4, "八": 8, "여덟": 8}
# Words after a GPU that make it one on its own ("H200单卡", "H200単体", "B200 하나로").
_ONE_AFTER = (
    r"单卡|單卡|単体|単一|단일(?:\s?(?:인스턴스|gpu|카드|vm|머신))?(?:\s?하나)?|하나|alone|"
    r"on its own|by itself|sola|solo|sozinha|sozinho|seule?|"
    r"única|unica|allein|alleine|одна|один"
)
# What makes the count one of servers: "H200 server", "8x HGX H200" (the prefix is in the name).
_SERVER_AFTER_RE = gated_re(
    r"[\s-]*(?:servers?|nodes?|box(?:es)?|machines?|сервер[а-я]*|服务器|伺服器|サーバ[ー]?|서버|"
    r"servidor(?:es)?|serveurs?)"
)
_SERVER_NAME_RE = gated_re(r"hgx|dgx")
# A comparison is no count: "more than one GPU?", "больше одной карты", "plus d'un GPU".
_COMPARED_RE = gated_re(
    r"(?:more than|at least|больше|более|не менее|как минимум|más de|mais de|pelo menos|"
    r"mehr als|mindestens|plus d'|plus de|au moins|不只|不止|超过|超過|至少)\s*$"
)
_COMPARED_WINDOW = 16
_MAX_COUNT = 4096

_DIGITS = r"(?<![0-9a-z.,_])(?P<n>[0-9]{1,4})"
# A count ends its number: not "H200 × 10^12", "× 1.5", "× 68万".
_NUMBER_ENDS = r"(?![0-9a-z^*万萬亿億千百十만억천백십]|[.,][0-9])"
_EAST_ASIAN = "|".join(sorted(_EAST_ASIAN_WORDS, key=len, reverse=True))
# "8x H200", "8 × H200", "8*GPU": GPUs even before "server" ("8x MI355X server").
_TIMES = gated_re(_DIGITS + r"\s*[x×*х]\s*" + _ANCHOR)
# Patterns that end at a GPU (searched in a window before each), that start at one (matched
# at each), and that need no GPU (a card is one: "8卡", "两张卡", "单卡").
_BEFORE = (
    _TIMES,
    # "2张H200", "1枚のH200", "8 of the GPUs"
    gated_re(_DIGITS + r"\s*(?:" + _COUNTERS + r"|of |de )\s*(?:の|의)?\s*" + _ANCHOR),
    # "on 2 H200", "all 8 H200", a message that starts "8 H200", "2 H200s"; before a GPU word
    # always ("max 2 GPUs": no model is called "GPU")
    gated_re(r"(?:(?<![a-zа-яё])(?:" + _LEAD_WORDS + r")\s*|^)" + _DIGITS + r"\s+" + _ANCHOR),
    gated_re(_DIGITS + r"\s*(?P<a>§+|¤+)"),
    gated_re(_DIGITS + r"\s+" + _ANCHOR + r"(?=s\b)"),
)
_AFTER = (
    # "H200 x8", "H200×8", "MI355X ×4"
    gated_re(_ANCHOR + r"\s*[x×*х]\s*(?P<m>[0-9]{1,4})" + _NUMBER_ENDS),
    # "H200 8卡", "H200を2枚", "H200 2장으로", "H200 一枚", "H200 한 장"
    gated_re(
        _ANCHOR + r"\s*" + _PARTICLES + r"\s*(?:(?P<k>[0-9]{1,4})|(?P<f>" + _EAST_ASIAN + r"))"
        r"\s*(?:卡|" + _COUNTERS + r")"
    ),
    # "H200单卡", "B200 하나로", "una B200 sola" (the count before is read too: both agree)
    gated_re(_ANCHOR + r"\s*" + _PARTICLES + r"\s*(?P<one>" + _ONE_AFTER + r")(?![a-zа-яё])"),
)
_CARD_COUNTS = (
    gated_re(_DIGITS + r"\s*" + _COUNTERS + r"?\s*卡"),
    gated_re(r"(?P<e>" + _EAST_ASIAN + r")\s*" + _COUNTERS + r"?\s*卡"),
)
# Cards counted with no GPU word, in a follow-up ("那4张呢？", "じゃあ4枚なら？", "그럼
# 2장이면요?"): these counters count flat things, which in a talk about GPUs are cards.
_FLAT_COUNTERS = r"(?:张|張|枚|장)"
# "and on two?", "а на 8?", "et sur trois ?": a number after "on" that nothing follows.
_ON_WORDS = r"on|onto|на|en|em|auf|sur"
_ON_ENDS = r"(?![.,][0-9])\s*(?=[?!.,;:…)]|$|\s*(?:влез|помест|хватит|потян|пойд|заработ))"
# "человек на 30" is about thirty people: no count after a word for people.
# (nor "месяца на 3": a Russian approximate count of months)
_PEOPLE_BEFORE_RE = gated_re(
    r"(?:человек|людей|users|people|personas|pessoas|leute|personnes|месяц(?:а|ев)?|недел[ьи]|"
    r"дн(?:я|ей))\s*$"
)
# "8枚構成のサーバーを2台": machines counted besides the cards, which then count one machine's.
_MACHINES_RE = gated_re(r"(?:(?<![0-9])(?:[2-9]|[1-9][0-9]++)|[二两兩三四五六七八九])\s*+(?:台|대)")
# "a full 8x box", "сервер 8x", "8x 서버", "8er Server": a server of eight GPUs.
_SERVER_WORDS = r"servers?|box(?:es)?|nodes?|сервер[а-я]*|서버|servidor(?:es)?|serveurs?|server"
_SERVER_OF = (
    gated_re(_DIGITS + r"(?:\s*[x×]|er)[\s-]*(?:[a-zа-яё]+\s+)?(?:" + _SERVER_WORDS + r")"),
    gated_re(
        r"(?<![a-zа-яё])(?:" + _SERVER_WORDS + r")\s+(?:[a-zа-яё]+\s+)?" + _DIGITS + r"\s*[x×]"
        r"(?![a-z0-9])"
    ),
)
# How far before a GPU a count may start ("eine einzelne", a lead word and digits).
_BEFORE_WINDOW = 40
_ANCHORS_RE = gated_re("\ue000+|§+|¤+")
_SPACES_RE = gated_re(r"\s+")
_MAX_ANCHORS = 32  # GPUs and card words read per message, as GPU names (``find_gpus``)


@cache
def _word_values(language: str) -> dict[str, int]:
    """Map the number words before a GPU of one language to what each counts."""
    words = _WORDS.get(language, {})
    return {word: value for value, listed in words.items() for word in listed.split("|")}


@cache
def _word_pattern(language: str) -> Searchable | None:
    """Compile the number words before a GPU of one language ("one H200", "две видеокарты")."""
    values = _word_values(language)
    if not values:
        return None
    alternatives = "|".join(
        re.escape(word).replace(r"\ ", r"\s+") for word in sorted(values, key=len, reverse=True)
    )
    # Chinese and Japanese glue words together ("用一块显卡"); elsewhere a word stands apart
    # (the 한 of "필요한 GPU" is no "one").
    edge = r"(?<![a-zа-яё0-9])" if language in _GLUED_LANGUAGES else r"(?<!\w)"
    return gated_re(
        edge + r"(?P<w>" + alternatives + r")[\s-]*" + _COUNTERS + r"?\s*(?:の|의)?\s*" + _ANCHOR
    )


@cache
def _alone_patterns(language: str) -> tuple[Searchable, ...]:
    """Compile the counts that need no GPU word: cards counted flat, "on two?", "8x server"."""
    words = "|".join(
        re.escape(word).replace(r"\ ", r"\s+")
        for word in sorted(_word_values(language), key=len, reverse=True)
    )
    number = r"(?:(?P<n>[0-9]{1,4})" + (r"|(?P<w>" + words + r")" if words else "") + r")"
    on = gated_re(r"(?<![a-zа-яё])(?:" + _ON_WORDS + r")\s+" + number + _ON_ENDS)
    flat = gated_re(
        r"(?:" + _DIGITS + r"|(?<![가-힣])(?P<e>" + _EAST_ASIAN + r"))\s*" + _FLAT_COUNTERS
    )
    return (flat, on, *_SERVER_OF)


@dataclass(frozen=True, slots=True)
class GpuCount:
    """The count read (None when the text gives none, or counts that disagree) and the text."""

    count: int | None
    rest: str


def _marked(text: str, spans: Iterable[tuple[int, int]]) -> tuple[str, set[int]]:
    """Mark each GPU name and GPU word in the text; return it and where the names start."""
    chars = list(text)
    names: set[int] = set()
    for start, end in spans:
        chars[start:end] = _MARK * (end - start)
        names.add(start)
    for mark, pattern in (("§", _GPU_WORD_RE), (_CARD, _CARD_WORD_RE)):
        for match in pattern.finditer("".join(chars)):  # a card word is no GPU word's part
            start, end = match.span()
            chars[start:end] = mark * (end - start)
    return "".join(chars), names


def _candidates(marked: str, language: str, alone: list[re.Match[str]]) -> Iterator[re.Match[str]]:
    """Every match that may count GPUs: around each GPU, the cards, then ``alone``."""
    words = _word_pattern(language)
    before = (*_BEFORE, words) if words is not None else _BEFORE
    for anchor in itertools.islice(_ANCHORS_RE.finditer(marked), _MAX_ANCHORS):
        start, end = anchor.span()
        low, high = max(start - _BEFORE_WINDOW, 0), min(end + 2, len(marked))
        for pattern in before:
            for match in pattern.finditer(marked, low, high):
                if match.start("a") == start:
                    yield match
        for pattern in _AFTER:
            found = pattern.match(marked, start)
            if found is not None:
                yield found
    if "卡" in marked:
        for pattern in _CARD_COUNTS:
            yield from pattern.finditer(marked)
    yield from alone


def _counted_alone(marked: str, language: str) -> list[re.Match[str]]:
    """Return the counts with no GPU word: flat cards, "and on two?", "a full 8x box"."""
    if _MACHINES_RE.search(marked):
        return []
    return [
        match
        for pattern in _alone_patterns(language)
        for match in itertools.islice(pattern.finditer(marked), _MAX_ANCHORS)
        if not _PEOPLE_BEFORE_RE.search(
            marked[max(match.start() - _COMPARED_WINDOW, 0) : match.start()]
        )
    ]


def _value(match: re.Match[str], language: str) -> int | None:
    groups = match.groupdict()
    digits = groups.get("n") or groups.get("m") or groups.get("k")
    if digits:
        return int(digits)
    if groups.get("one"):
        return 1
    east = groups.get("e") or groups.get("f")
    if east:
        return _EAST_ASIAN_WORDS[east]
    word = groups.get("w")
    return _word_values(language).get(_SPACES_RE.sub(" ", word)) if word else None


# A count pointed at ("这两张", "那 4 张", "この2枚"): the cards the customer has, not a count.
_THESE_RE = gated_re(
    r"(?:我们|我們|咱们|咱們|我司)(?:现有的|現有的|手上的|手上)?[这這那]\s?[0-9一二两兩三四五六七八九十]|"
    r"(?:うちの|弊社の)\s?この\s?[0-9]"
)


# A count weighed against more: "one H200 enough or do we need more?", "H200 한 장이면 될까요,
# 아니면 더 필요할까요?", "одной хватит или больше?".
_OR_MORE_RE = gated_re(
    r"(?<![a-zа-яё])(?:or (?:do |would |will |should )?(?:we |i |you )?(?:need )?more|or more|"
    r"o (?:necesit[a-z]+ |hacen? falta )?más|ou (?:precis[a-z]+(?: de)? )?mais|"
    r"oder (?:brauch[a-z]+ wir )?mehr|"
    r"ou (?:faut-il )?plus|или (?:нужно )?больше)(?![a-zа-яё])|"
    r"아니면 더|还是(?:要|需要)?更多|還是(?:要|需要)?更多|还是要多|還是要多|"
    r"それとも(?:もっと|複数)"
)
_OR_MORE_REACH = 48


# A single card named as our plan, or weighed as one ("单卡H200套餐", "H200 單卡划算嗎").
_PLAN_NAMED_RE = gated_re(
    r"[\s\ue000§¤的の]{0,12}(?:套餐|方案|プラン|plans?\b|划算|劃算|合算|值得|値得|值不值|行不行)"
)


def _weighed(marked: str, match: re.Match[str], value: int) -> bool:
    """Whether a count is weighed, not held to: "one H200 or more?", "H200 單卡划算嗎"."""
    if _OR_MORE_RE.search(marked, match.end(), match.end() + _OR_MORE_REACH):
        return True  # "one H200 enough or do we need more?": asked whether it fits
    # "现在 2 张 4090 跑…", "Hoy … en 2 GPUs": what runs today, not a count held to; one of our
    # GPUs named only when it runs elsewhere ("타사 H200 8장 서버 … 쓰는 중"), not when asked to
    # replace today's ("지금 RTX 6000 Ada로 … H200 한 장으로 대체 가능?")
    named = bool(match.groupdict().get("a")) and marked[match.start("a")] == _MARK
    if said_of_today(marked, match.start(), elsewhere=named):
        return True
    # "单卡H200套餐": the single-GPU plan named
    return value == 1 and _PLAN_NAMED_RE.match(marked, match.end()) is not None


def find_gpu_count(
    text: str, name_spans: Iterable[tuple[int, int]], language: str, names: str | None = None
) -> GpuCount:
    """Read the GPU count of ``text`` (GPU names at ``name_spans`` already blanked).

    ``names`` is the text before the names were blanked, to tell an HGX or DGX name (a
    server) from a GPU's.
    """
    spans = tuple(name_spans)
    marked, name_starts = _marked(text, spans)
    alone = _counted_alone(marked, language)
    if not alone and not any(mark in marked for mark in (_MARK, "§", _CARD, "卡")):
        return GpuCount(count=None, rest=text)
    # A count of servers: "an HGX H200", "two H200 servers" (but "8x MI355X server": GPUs).
    named_servers = {
        start
        for start, end in spans
        if names is not None and _SERVER_NAME_RE.search(names, start, end)
    }
    servers_after = {start for start, end in spans if _SERVER_AFTER_RE.match(marked, end)}
    values: set[int] = set()
    rest = text
    for match in _candidates(marked, language, alone):
        anchor = match.span("a") if match.groupdict().get("a") else None
        if anchor is not None and (
            anchor[0] in named_servers or (anchor[0] in servers_after and match.re is not _TIMES)
        ):
            continue
        value = _value(match, language)
        if value is None or not 0 < value <= _MAX_COUNT:
            continue
        if _COMPARED_RE.search(marked, max(match.start() - _COMPARED_WINDOW, 0), match.start()):
            continue
        if _THESE_RE.search(marked, max(match.start() - 8, 0), match.start() + 1):
            continue  # "能顶我们这两张吗": the cards they have, pointed at, not ours counted
        if _weighed(marked, match, value):
            continue
        word = match.groupdict().get("w")
        card = anchor is not None and marked[anchor[0]] == _CARD
        if card and word is not None and re.sub(r"\s+", " ", word) in _ARTICLES:
            continue  # "a card", "una tarjeta": a payment as likely as a GPU
        values.add(value)
        start, end = match.span()
        if anchor is not None and anchor[0] in name_starts:  # keep the GPU's (blank) name
            start, end = (start, anchor[0]) if anchor[0] > start else (anchor[1], end)
        rest = blank(rest, start, end)
    count = values.pop() if len(values) == 1 else None
    return GpuCount(count=count, rest=rest)
