"""How many sequences at once, however it is said.

"50 users", "for around 40 folks simultaneously", "~60 devs hitting it at once", "batch 8",
"--max-num-seqs 64", "并发 30", "50 個使用者", "20 位使用者", "同時10件", "동시 1000명",
"une quarantaine d'utilisateurs", "сорок пользователей". The counted nouns, the "at once" words
and the cue words come from every language's lexicon.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from functools import cache

from bot.understand import lexicon, limits
from bot.understand.context import labels_next_number
from bot.understand.gates import Searchable, gated_re
from bot.understand.money import our_monthly_prices, spent_elsewhere
from bot.understand.numbers import (
    CJK_NUMBER_PATTERN,
    NUMBER_PATTERN,
    Found,
    blank,
    in_bytes,
    is_whole,
    magnitude_factor,
    magnitude_pattern,
    number_word_value,
    number_words_pattern,
    parse_cjk_number,
    parse_number,
    scan,
    worth_trying,
)
from bot.understand.rental_numbers import OWN_LANGUAGE_ONLY
from bot.understand.text import RELATIVE_AFTER_COMMA
from bot.understand.today import said_of_today

_THOUSAND = 1000
# What is rented or paid per month is no rate of requests: "2 servers per month", "$5k a month".
_RENTED_RE = gated_re(
    r"server|servidor|serveur|сервер|服务器|伺服器|サーバ|서버|gpu|h200|h100|b200|mi355|machine|"
    r"node|box|card|карт|卡|台|张|張|枚|장|대|\$|€|usd|dollar|долл|руб|美元|美金|元|ドル|円|달러|원|"
    r"pavos|pes(?:os|itos?)|euros?|reais|₹|rupees?|lakh|бакс|paus|pila"
)
_RATE_REACH = 16  # how far before a count a word such as "daily" or "每天" makes it a rate
# What may stand between such a word and the count ("QPS 大概 50"), within one clause.
_GAP = r"[^0-9,，、;；?？!！。]{0,14}"
_MAX_COUNTS = 32  # counts tried per pattern: a message states its count among its first ones
# Words that link one statement to the next ("and", "but", "인데", "ですが", "но"): words of "at
# once" after one stand with the count that follows.
_LINK = gated_re(
    r"(?<![a-zа-яё])(?:and|but|while|whereas|though|y|e|pero|mas|porém|et|mais|und|aber|doch|"
    r"и|а|но|однако)(?![a-zа-яё])|인데|는데|지만|그리고|(?:(?<=[0-9명])|^)\s?(?:이고|이며)|라서|해서|"
    r"니까|(?:(?<=명)|^)\s?중에?|가운데|のうち|けど|ですが|けれど|"
    r"但是|但|不过|不過|而且|而"
)
# How far after a count the words saying it is at once may stand, within its clause.
_AT_ONCE_REACH = 60
# (the period of "ca.", "max.", "env." ends no clause: "in der Spitze nur ca. 200")
_CLAUSE_OR_NUMBER = gated_re(
    r"[0-9,，、;；。!?！？()（）]|(?<!ca)(?<!max)(?<!min)(?<!approx)(?<!env)(?<!ок)(?<!прибл)\."
)
# A bare whole number, no unit or letter glued to it ("15", not "15k", "15GB", "1.5", "15%").
_BARE_COUNT = gated_re(
    # (not a thousands group after a space: "32 768 токенов" is one number)
    r"(?<![0-9a-zа-яё_.,$€£¥])(?<![0-9] )(?<![0-9]\u00a0)(?P<num>[1-9][0-9]{0,5})"
    r"(?!\s[kк](?![a-zа-яё]))"
    # "800左右", "800上下", "70件", "120건": about, or counted as items, still a bare count
    r"(?![0-9a-zа-яё%$€]|[.,][0-9]|(?!左右|上下(?!文)|来|來|多|件|건|개|本)[^\W\d个個人名명位])"
)
# A CJK numeral counted with a classifier or "about" ("会话大概两百个左右"): bare, like the above.
_BARE_CJK_COUNT = gated_re(
    rf"{CJK_NUMBER_PATTERN}(?=\s?(?:幾|几)?\s?(?:个|個|位|名|人|左右|上下|来|來|多))"
)
# The end of a topic clause a count's clause comments on: "…會用的人，", "…的用户，".
_TOPIC_END = gated_re(r"(?:的人|的用户|的用戶|的使用者|的会话|的會話)[，,]$")
# A count restated in brackets right after an approximate one: "四十幾個吧（抓 45）", "(say 45)".
_RESTATED_AFTER = gated_re(
    r"[^0-9（(\n]{0,6}?[（(]\s?(?:抓|取|算|按|就|约|約|大约|大約|~|≈|say|i\.e\.|ca\.|около|etwa|"
    r"environ|cerca de|uns|unos|tipo)?\s?(?P<n>[0-9]{1,6})\s?(?:人|名|個|个|명)?\s?[)）]"
    # "七八十个人在问……按 80 算吧", "十來位開著用啦…抓 15 位好了": settled on, no brackets
    r"|[^0-9\n]{0,14}?(?:按|抓|就算|算|取)\s?(?P<m>[0-9]{1,6})\s?(?:个|個|位|人|名)?\s?(?:算|好了|吧|计|計)"
)
# A dozen said alone at once ("a la vez lo usaría como mucho una docena").
_BARE_DOZEN = gated_re(
    r"(?<![a-zà-ÿа-яё])(?P<word>(?:(?:a|una|une|uma|ein|eine) )?(?:dozen|docena|douzaine|dúzia|"
    r"dutzend|дюжина))(?![a-zà-ÿа-яё])"
)


# A figure settled on, after a guess or as told: "按 80 算吧", "念のため60で見積もっとけ",
# "60명으로 잡아 주세요", "plan for 60", "rechnet mit 60", "comptez 60", "закладывайте 60".
def _settled_number(name: str) -> str:
    return rf"(?P<{name}>[0-9]{{1,6}})(?![0-9]|[.,][0-9]|\s?(?:[kк%$€]|gb|tb|tok|ток|ctx))"


_LATIN_START = "(?<![a-zà-ÿа-яё])"
_SETTLED = gated_re(
    r"(?:按|抓|就算)\s?(?P<num>[0-9]{1,6})\s?(?:个|個)?(?:位|人|名|并发|並發)?\s?(?:算|好了|吧|计|計)"
    rf"|{_settled_number('ja')}\s?(?:人|件|名|ユーザー)?\s?(?:で|として)(?:見積も|計算|考え|想定|見て)"
    rf"|{_settled_number('ko')}\s?(?:명|건)?\s?(?:으로|로)\s?(?:잡아|잡고|견적|계산|산정)"
    rf"|{_LATIN_START}(?:plan|size(?: it)?|quote(?: us)?|budget) for {_settled_number('en')}"
    r"(?=\s?(?:users?|people|seats?|at once|concurrent|simultaneous|[,.;!?]|$))"
    rf"|{_LATIN_START}(?:rechnet|rechnen sie|kalkuliert|kalkulieren sie|plant|planen sie) "
    rf"(?:lieber |mal |sicherheitshalber |ruhig )?mit {_settled_number('de')}"
    rf"|{_LATIN_START}(?:comptez|prévoyez|partez sur|tablez sur|calculez (?:sur|avec)) "
    rf"{_settled_number('fr')}"
    rf"|{_LATIN_START}(?:calcula|calculen|calculad|pon|pongan|presupuesta|presupuesten) "
    rf"(?:con |para )?{_settled_number('es')}"
    rf"|{_LATIN_START}(?:considere|considera|calcule|calcula|orce|orça) (?:com |para )?"
    rf"{_settled_number('pt')}"
    rf"|(?<![а-яё])(?:закладывайте|закладывай|считайте|рассчитывайте на|берите) "
    rf"{_settled_number('ru')}"
)
_SETTLED_GROUPS = ("num", "ja", "ko", "en", "de", "fr", "es", "pt", "ru")
_ROUGH_WORD = gated_re(r"aine|ena$|dozen|dutzend|docena|douzaine|dúzia|десят|сотн")


@cache
def _bare_rough_count() -> Searchable:
    """Match a rough count word said alone at once ("une trentaine … en même temps")."""
    words = tuple(
        re.escape(word)
        for word in {
            word for lexicon in lexicon.LEXICONS.values() for word, _ in lexicon.number_words
        }
        if _ROUGH_WORD.search(word)
    )
    return gated_re(rf"(?<![a-zà-ÿа-яё])(?P<word>{lexicon.union(words)})(?![a-zà-ÿа-яё])")


_SAME_TIME = gated_re(r"同一時間|同一时间|同じ時間|同時間")
# "并发改成 100", "并发到 100", "同時接続数を100に", "concurrency to 100": a word of change;
# "并发各 20", "并發各自 20": a word giving the count to each of several models.
_SET_TO = (
    r"(?:各自|各|均|再?(?:改成|改为|改為|设为|設為|设成|設成|调到|調到|调成|調成|换成|換成|增加到|提高到|加到|拉到|"
    r"变成|變成|变为|變為|增至|达到|達到|涨到|漲到|升到|提到|提升到|降到|降至|降为|降為|减到|減到|"
    r"砍到|压到|壓到|到)|"
    r"(?:を|は)?(?:倍|二倍|2倍|半分)の|"
    r"を|は|to|a|à|auf|на|до|будет|станет|으로|로)"
)


def _counts() -> tuple[str, ...]:
    """Return the count patterns: digits (with "k" or a magnitude word), CJK numerals, words."""
    return (
        # "\s?+": neither "k" nor a magnitude word starts with a space, so one is never
        # looked for at the space before it once looked for after it.
        # CJK first: "2천 명" is 2,000, not 2
        CJK_NUMBER_PATTERN,
        rf"{NUMBER_PATTERN}(?:\s?+(?P<k>[kк])(?![{lexicon.WORD_LETTER}]))?(?:\s?+(?P<mag>{magnitude_pattern()}))?",
        rf"(?P<word>{number_words_pattern()})",
    )


@cache
def _count() -> str:
    return "(?:" + "|".join(_counts()) + ")"


COUNTED = ("people", "requests", "at_once")  # the slots whose words a count stands before


@cache
def _nouns() -> str:
    return lexicon.union(tuple(word for slot in COUNTED for word in lexicon.words(slot)))


@cache
def _count_then_noun() -> tuple[Searchable, ...]:
    letters = lexicon.WORD_LETTER
    # Up to two words between ("100 concurrent users", "40 gleichzeitige Nutzer") or "d'"/"de".
    # Possessive runs of spaces and letters: no counted noun starts with a space, nor does a
    # word end before a letter, so giving characters back could not make a noun match. Right
    # after the spaces the noun is looked for once (the first branch, with no word between);
    # the last branch is for a noun glued to its count ("30用户").
    # A Chinese classifier may stand before a noun of any language ("40 个 user").
    between = rf"(?:\s++(?:[{letters}\-]++\s++){{0,2}}|\s*+(?:d'|de |of )|\s*+[个個位名]\s*+|)"
    # One pattern per kind of count, each led by its own first characters (see ``numbers``).
    # "30ish ppl": a rough count glued to "ish"
    return tuple(gated_re(rf"{count}(?:-?ish)?{between}(?:{_nouns()})") for count in _counts())


# "users, so 150", "usuários, tipo 80": a count restated after a comma.
_RESTATED = r"(?:,\s?(?:so|i\.?e\.?|like|tipo|soit|also|d\.h\.|то есть|即|也就是))"


@cache
def _cue_then_count() -> Searchable:
    cues = lexicon.pattern("concurrency_cues")
    about = lexicon.pattern("about")
    # A count in thousands that a context word follows is the context ("users, 128k context").
    context = lexicon.union((*lexicon.words("context_cues"), *lexicon.words("tokens")))
    return gated_re(
        rf"(?:{cues})\s?[:=]?{_RESTATED}?\s?(?:{_SET_TO}\s?)?(?:(?:of|de|von|du|в)\s)?"
        rf"(?:(?:{about})\s?)?{_count()}(?![0-9])(?!\s?[kк]\s?(?:{context}))"
        rf"(?:(?<=[kк])(?!\s?(?:{context}))|(?<![kк]))"
    )


def _value(match: re.Match[str], language: str) -> float | None:
    groups = match.groupdict()
    if groups.get("cjk"):
        return parse_cjk_number(groups["cjk"])
    if groups.get("word"):
        own = OWN_LANGUAGE_ONLY.get(groups["word"])
        if own is not None and own != language:
            return None  # "tire dúvida dos alunos": "of the" in Portuguese, no two
        value = number_word_value(groups["word"])
        return None if value is None else float(value)
    count = parse_number(groups["num"])
    if groups.get("k"):
        count *= _THOUSAND
    if groups.get("mag"):
        count *= magnitude_factor(groups["mag"], language)
    return count


def _at_once(match: re.Match[str]) -> bool:
    """Whether a count is said to be simultaneous ("150 at once", "并发 30").

    Not across a link: in "90 personas y a la vez ... 14" the words are the next statement's.
    """
    return lexicon.said_at_once(match.group()) and not _LINK.search(match.group())


def _in_thousands(match: re.Match[str]) -> bool:
    """Whether a count is written in thousands ("32K"), as context lengths are."""
    return bool(match.groupdict().get("k"))


@cache
def _rate_after_re() -> Searchable:
    """Match a rate after a count, one word between ("10 mil usuarios activos al mes")."""
    letters = lexicon.WORD_LETTER
    # No comma: in ", budget $10k/mo" and "，每月预算" the time is the budget's.
    per_time = lexicon.pattern("per_time")
    dot = rf"(?:\.(?=\s?(?:{per_time})))?"
    return gated_re(rf"\s*+(?:[{letters}\-]++{dot}\s++)?(?:{per_time})")


@cache
def _rate_before_re() -> Searchable:
    """Find a rate word before a count, a few words between ("每小时差不多 1000", "QPS ca. 35")."""
    return gated_re(rf"(?:{lexicon.pattern('per_time_before')}){_GAP}$")


@cache
def _rate_re() -> Searchable:
    """Find a number said per unit of time, words between allowed ("5000 requests a day")."""
    letters = lexicon.WORD_LETTER
    per_time = lexicon.pattern("per_time")
    # (a word's dot only right before the time: "5000 req. per day", not a sentence's end in
    # "contexto de 16k. Quanto fica por mês?")
    dot = rf"(?:\.(?=\s?(?:{per_time})))?"
    return gated_re(
        rf"{NUMBER_PATTERN}(?:\s?[kк])?\s*+(?:[{letters}\-]++{dot}\s*+){{0,3}}?"
        rf"(?:{per_time})"
        rf"|(?:{lexicon.pattern('per_time_before')}){_GAP}"
        rf"(?:[0-9][0-9,.]*(?:\s?[kк万萬千])?|{CJK_NUMBER_PATTERN})"
    )


def _rates(text: str) -> list[re.Match[str]]:
    """Return the rates of requests or users the text gives ("10 req/s"), not of tokens."""
    if not lexicon.search_any(("per_time", "per_time_before"), text):
        return []
    # "同一時間" is "at the same time", not a time a rate is counted per
    text = _SAME_TIME.sub(lambda found: " " * len(found.group()), text)
    return [
        found
        for found in itertools.islice(_rate_re().finditer(text), _MAX_COUNTS)
        if not lexicon.search("tokens", found.group())
        and not _RENTED_RE.search(found.group())
        and not _GOODS_RE.search(found.group())
        and not _GOODS_RE.match(text, found.end() + (text[found.end() : found.end() + 1] == " "))
        and not _MONEY_BEFORE.search(text, max(0, found.start() - 2), found.start())
        and not _RENTED_RE.match(text, found.end() + (text[found.end() : found.end() + 1] == " "))
        and not spent_elsewhere(text, found.start(), found.end())
        and not in_bytes(text, found.start(), found.end())
        and not _our_monthly_price(found.group())
    ]


_LEADING_FIGURE = gated_re(r"[0-9][0-9  ,.]*")


def _our_monthly_price(said: str) -> bool:
    """Whether a count "a month" is one of our monthly prices said back ("47 800 в месяц")."""
    figure = _LEADING_FIGURE.match(said)
    if figure is None:
        return False
    digits = re.sub(r"[  ,.]", "", figure.group())
    return digits.isdigit() and int(digits) in our_monthly_prices()


# Goods a plant or a warehouse moves per hour ("38.000 botellas/hora", "1,500 boxes an hour"):
# its output, no requests.
_GOODS_RE = gated_re(
    r"bottles|botellas|garrafas|bouteilles|flaschen|бутыл|pallets?|palets|paletas|paletes|"
    r"paletten|поддон|boxes|cajas|caixas|kisten|cartons|коробок|parcels|paquetes|pacotes|pakete|"
    r"colis|посыл|units|unidades|unités|stück|piezas|peças|pièces|scans|escaneos|"
    r"箱|瓶|托盘|棧板|包裹|パレット|ケース|박스|상자|팔레트|(?<=[0-9万萬千])行"
)


# A sign of money right before a rate's number ("$2.49/hr"): a price per hour, not a rate.
_MONEY_BEFORE = gated_re(r"[$€£¥₽₹]\s?$")


def _is_rate(text: str, match: re.Match[str]) -> bool:
    """Whether a count is a rate: "per hour" after it, "daily" or "每天" before or inside it."""
    before = _SAME_TIME.sub(
        lambda found: " " * len(found.group()),
        text[max(0, match.start() - _RATE_REACH) : match.start()],
    )
    return bool(
        _rate_after_re().match(text, match.end())
        or _rate_before_re().search(before)
        or lexicon.search("per_time_before", match.group())
    )


def _at_once_after(text: str, match: re.Match[str]) -> bool:
    """Whether the words after a count, up to the next number or clause, say "at once".

    "10명 정도가 동시에", "8 personnes qui utilisent Mistral en même temps", "6 of us are
    prompting it at the same time": the count is of those at once, however far the words.
    """
    after = text[match.end() : match.end() + _AT_ONCE_REACH]
    stop = _CLAUSE_OR_NUMBER.search(after)
    # A relative clause goes on saying what the counted do ("60 Leuten, die ihn gleichzeitig
    # nutzen", "40 people, who use it at once"): its comma ends nothing.
    while (
        stop is not None and stop.group() in ",，" and RELATIVE_AFTER_COMMA.match(after, stop.end())
    ):
        stop = _CLAUSE_OR_NUMBER.search(after, stop.end())
    words = after[: stop.start()] if stop else after
    link = _LINK.search(words)
    if stop is not None and link is not None:
        if stop.group().isdigit():
            return (
                False  # "1万人ですが同時接続は最大100": past a link, the words are the next count's
            )
        at_once = lexicon.compiled("at_once").search(words)
        if (
            at_once is not None
            and link.start() < at_once.start()
            and _DIGIT.search(
                text, match.end() + stop.end(), match.end() + stop.end() + _AT_ONCE_REACH
            )
        ):
            return False  # "50 mil descargas pero usuarios concurrentes …, como mucho 200"
    return lexicon.said_at_once(words)


_DIGIT = gated_re(r"[0-9]")


def _links_statements(words: str) -> bool:
    """Whether a link word ("but", "pero", "但") stands in ``words``, not in a number ("1e3")."""
    return any(
        found.start() == 0 or not words[found.start() - 1].isdigit()
        for found in _LINK.finditer(words)
    )


_TIME_OF_DAY = gated_re(
    r"[0-9]*\s?(?:時|时|点|點|시|uhr(?![a-z])|h(?![a-z0-9])|am(?![a-z])|pm(?![a-z]))"
)


@cache
def _about_only() -> Searchable:
    return gated_re(rf"\s*(?:(?:{lexicon.pattern('about')})\s*)+")


# A number that is a size ("64k", "70b", "80 GB"), not a count: a clause may follow it.
_SIZED = gated_re(r"\s?(?:[kкmмb](?![a-zа-яё])|gb|tb|tokens?)")


def _at_once_before(text: str, match: re.Match[str]) -> bool:
    """Whether the words before a count, back to its clause's start, say "at once".

    "同时有12个人在狂用", "одновременно его будут дёргать человек 10", "Gleichzeitig dran sind
    vielleicht 10 Kollegen". Words after another count are that count's ("20 at once and 30
    more"): back to a number, they are not read.
    """
    before = text[max(0, match.start() - _AT_ONCE_REACH) : match.start()]
    stops = list(_CLAUSE_OR_NUMBER.finditer(before))
    # A topic said first ("同一時間會用的人，我估大概四十幾個"): its clause is the count's too.
    while stops and _TOPIC_END.search(before, 0, stops[-1].end()):
        stops.pop()
    while stops and stops[-1].group().isdigit() and _TIME_OF_DAY.match(before, stops[-1].end()):
        stops.pop()  # "朝会直後の9時台に質問が同時に…70件": a time of day is no count
    words = before[stops[-1].end() :] if stops else before
    if stops and stops[-1].group() in ",，" and _about_only().fullmatch(words):
        # "usuarios concurrentes de verdad, como mucho 200": the clause before says it
        stops.pop()
        words = before[stops[-1].end() :] if stops else before
    if stops and stops[-1].group().isdigit() and not _SIZED.match(before, stops[-1].end()):
        # After another count, the words are this one's only past a link ("50명인데 동시에 ...
        # 8명", "90 personas y a la vez ... 14"), not when they follow it ("20 at once and 30").
        link = _LINK.search(words)
        at_once = lexicon.compiled("at_once").search(words)
        return link is not None and at_once is not None and link.start() < at_once.start()
    return lexicon.said_at_once(words)


def _simultaneous(text: str, match: re.Match[str]) -> bool:
    """Whether a count is said to be at once: in its words, or in its clause before or after."""
    return _at_once(match) or _at_once_after(text, match) or _at_once_before(text, match)


# A number in thousands of tokens before the word for contexts or tokens: a length.
_CONTEXT_SIZED = gated_re(
    r"[0-9]{1,4}(?:[.,][0-9])?\s?[kк]\s?(?:-?tokens?\s)?(?:contexts?|context windows?|контекст"
    r"|上下文|コンテキスト|컨텍스트|contextos?|kontexte?|contextes?)"
)

# Thousands ("16K") not followed by the people they would count: a length, not users.
_THOUSANDS_APART = gated_re(
    r"[0-9]{1,3}(?:[.,][0-9])?\s?[kк](?![a-zа-яё0-9])\s?(?!\s?(?:users?|usuári|usuari|"
    r"пользовател|юзер|nutzer|utilisateur|people|personas|pessoas|persone|requests?|sessions?|"
    r"sessões|sesiones|concurrent|simultaneous|at once|en même|ao mesmo|a la vez|одновременн|"
    r"conversations?|conversas|conversaciones|chats?|tickets?|requêtes|anfragen|запрос|обращени|"
    r"calls?|queries|messages?|"
    r"gleichzeitig|人|名|명|个|個|并发|並發|同時))"
)
# A clock time before a number: "a las 9", "at 9", "às 9", "um 9", "в 9".
_CLOCK_BEFORE = gated_re(r"(?<![a-zа-яё])(?:a las|a la|às|at|um|à|в)\s$")
_HOUR_OF_DAY = gated_re(
    r"(?:[01]?[0-9]|2[0-4])(?![0-9])(?!\s?(?:users?|usuarios|personas|"
    r"пользовател|человек|nutzer|utilisateurs|sessions?))"
)
# "сколько контекстов по 256K", "contexts of 128K": the length after the contexts counted.
_CONTEXTS_OF = gated_re(
    r"(?:контекст[а-яё]*|contexts|contextos|contextes|kontexte)\s(?:по|of|de|von)\s$"
)
_CONTEXTS_OF_REACH = 20


# "1ユーザーあたり", "1人当たり", "1명당", "per 1 user": one user as the unit of a figure said
# per user, not a count of users.
_PER_ONE = gated_re(r"\s?(?:あたり|当たり|ごと|毎|당|每)")


# Languages counted right after a number: "3개 언어", "5 languages", "三种语言", "3 idiomas".
_LANGUAGES_AFTER = gated_re(
    r"\s?(?:개|種|种|门|門|か)?\s?(?:언어|개국어|国語|國語|語言|语言|言語|languages?|idiomas?|"
    r"línguas?|linguas?|sprachen|langues|язык[аов]*)"
)


# Places and things counted with a general counter ("병상 850개", "약국 380개 점포", "18个中转仓",
# "拠点6か所"): sites of an organisation, not its users at once.
_PLACES = (
    r"병상|매장|점포|지점|지사|약국|센터|창고|병원|공장|라인|대리점|가맹점|호텔|학교|사업장|거점|터미널|"
    r"门店|門市|分店|仓库|倉庫|中转仓|中轉倉|网点|網點|医院|醫院|工厂|工廠|床位|病床|产线|產線|站点|站點|"
    r"据点|據點|校区|校區|店舗|拠点|施設|工場|営業所|支店|病院"
)
_PLACE_BEFORE = gated_re(rf"(?:{_PLACES})\s?(?:이|가|은|는|が|は)?\s?$")
_PLACE_AFTER = gated_re(rf"\s?(?:{_PLACES})")
_PLACE_REACH = 8


def _counts_places(text: str, match: re.Match[str]) -> bool:
    """Whether a count with a general counter counts places ("매장 1,240개", "380개 점포")."""
    if not match.group().rstrip().endswith(("개", "个", "個", "か所", "カ所", "ヶ所", "곳")):
        return False
    start, end = match.span()
    return bool(
        _PLACE_BEFORE.search(text, max(0, start - _PLACE_REACH), start)
        or _PLACE_AFTER.match(text, end)
    )


def _not_a_count(text: str, match: re.Match[str], *, cued: bool) -> bool:
    """Whether a number read is no count of users at once: a context, a rate, another's."""
    # "1ユーザーあたり毎秒40トークン": one user, the unit of a speed per user; "上下文 32768 并发
    # 16": a number right after a context word is the context.
    if _PER_ONE.match(text, match.end()) or (not cued and labels_next_number(text, match.start())):
        return True
    digits = match.start("num") if match.re.groupindex.get("num") else -1
    if (
        digits >= 0
        and _CLOCK_BEFORE.search(text, max(0, digits - 12), digits)
        and _HOUR_OF_DAY.match(text, digits)
    ):
        return True  # "los lunes a las 9 entran todos a la vez": a time of day
    if digits >= 0 and (
        _CONTEXT_SIZED.match(text, digits)
        or _CONTEXTS_OF.search(text, max(0, digits - _CONTEXTS_OF_REACH), digits)
    ):
        return True  # "how many 256K contexts fit at once": the contexts' length, not a count
    if digits >= 0 and _THOUSANDS_APART.match(text, digits):
        return True  # "BF16 e 16K atende quantos usuários": a context, its users asked after
    if _is_rate(text, match) or _LANGUAGES_AFTER.match(text, match.end()):
        # "1000 requests per hour", "每天 2 万次请求": how often, not at once; "한↔영↔일 3개
        # 언어", "in 5 languages": languages counted, not users
        return True
    # "병상 850개", "약국 380개 점포": sites counted, not users; "50 mil descargas pero usuarios
    # …": the people are another statement's
    return not cued and (_counts_places(text, match) or _links_statements(match.group()))


def _candidates(text: str) -> list[tuple[re.Match[str], bool]]:
    """Per pattern, its first count and its first simultaneous count, in the order found.

    Each with whether it is said to be at once (read once, here).
    """
    cue = _cue_then_count()
    patterns = [cue]
    if lexicon.search_any(COUNTED, text):  # a count needs a noun after it
        patterns += worth_trying(_count_then_noun(), text)
    if lexicon.said_at_once(text):  # "uns 15 usando o Llama junto": a bare count at once
        patterns.append(_BARE_COUNT)
        patterns += worth_trying((_BARE_CJK_COUNT,), text)
        patterns.append(_BARE_DOZEN)
        patterns.append(_bare_rough_count())
    found: list[tuple[re.Match[str], bool]] = []
    for pattern in patterns:
        first = True
        for match in itertools.islice(scan(pattern, text), _MAX_COUNTS):
            if _not_a_count(text, match, cued=pattern is cue):
                continue
            simultaneous = _simultaneous(text, match)
            if pattern in {_BARE_COUNT, _BARE_CJK_COUNT, _BARE_DOZEN, _bare_rough_count()} and (
                not simultaneous
            ):
                continue  # a bare number is a count only when said to be at once
            if first or simultaneous:
                found.append((match, simultaneous))
                first = False
            if simultaneous:
                break
    return found


def _best_match(text: str) -> re.Match[str] | None:
    """Return the count said to be simultaneous first, else the first count.

    "5000 employees but realistically 150 at once": the people who use it at the same time are
    what a deployment serves, not everyone who may.
    """
    best: re.Match[str] | None = None
    best_rank = (2, 0)
    for match, simultaneous in _candidates(text):
        rank = (0 if simultaneous else 1, match.start())
        # "32K 并发 200": the cue that ends this match has its own count after it, and that
        # labelled count wins when this match's number reads as a context (in thousands).
        # Otherwise this match stands when it counts people ("50 users 8 H200") or when the
        # labelled count reads as a context ("16 users 8k", "32 并发 8k").
        cued_inside = (
            best is not None
            and match.start() < best.start() < match.end()
            and (
                _in_thousands(match)
                or not (lexicon.search("people", match.group()) or _in_thousands(best))
            )
        )
        if rank < best_rank and not cued_inside:
            best, best_rank = match, rank
    return best


# The usual count at once, then the peak it reaches: "usually 30 at once but it spiked to 90",
# "平常 40 個同時進行，週年慶會衝到 120 個", "обычно 120, перед праздниками до 200 доходит".
# A deployment is sized for the peak.
_PEAK_WORDS = (
    r"spik(?:e|es|ed|ing) (?:up )?to|peak(?:s|ed|ing)? (?:at|of|around)|jump(?:s|ed)? to|"
    r"surg(?:e|es|ed) to|climb(?:s|ed)? to|(?:goes|go|went|can go|could go) up to|"
    r"shoot(?:s)? up to|"
    r"冲到|衝到|飙到|飆到|涨到|漲到|峰值|高峰(?:时|時|期)?(?:能|会|會)?(?:到)?|"
    r"ピーク(?:時)?(?:は|で|に)?|多い時(?:は|で)?|"
    r"피크(?:\s?때)?(?:는|엔|에는)?|몰리면|많을 ?때(?:는)?|"
    r"(?:в пике|на пике|доходит до|до)|"
    r"picos? de|sube a|llega a|chega a|(?:em |no )?pico(?: de)?|"
    r"in der spitze|spitzen(?:last)? von|steigt auf|"
    r"(?:en )?pointe|monte à|grimpe à"
)
_PEAK_REACH = 90
_PEAK_MOST = 20  # a peak far above the usual count is something else (a head count, a total)


@cache
def _peak_after_re() -> Searchable:
    about = lexicon.pattern("about")
    return gated_re(
        rf"(?<![a-zà-ÿа-яё])(?:{_PEAK_WORDS})\s?(?:(?:{about})\s?)?{_count()}"
        r"(?!\s?(?:[kк]\b|tokens?|ctx|context|gb|tb|\$|€|%|usd|eur|руб|ms|s\b|секунд|秒|초))"
    )


# The peak said verb last: "60 人くらいまで増えます", "100명 가까이 몰려요".
_PEAK_VERBS_AFTER = (
    r"(?:人|名|명|件|건|個|个|users?)?\s?(?:くらい|ぐらい|ほど|程度|정도|가까이|近く)?\s?"
    r"(?:まで増え|に増え|まで膨らみ|に達し|까지 늘|까지 올라|로 늘|몰려|몰림|까지 몰|까지 찍|"
    # "150 at the Monday-morning peak", "200 during peak hours", "80 en hora punta"
    r"(?:people |users |ppl )?(?:at|during|in) (?:the )?(?:[a-z-]+ ){0,2}peak(?![a-z])|"
    r"(?:en|na|no|à la|in der) (?:hora |horário de )?(?:punta|pico|pointe|spitze))"
)


@cache
def _peak_verb_after_re() -> Searchable:
    return gated_re(rf"{_count()}\s?{_PEAK_VERBS_AFTER}")


def _peaks(text: str, start: int, end: int) -> Iterator[re.Match[str]]:
    """Yield the peaks said in ``text[start:end]``, word first or verb last."""
    yield from _peak_after_re().finditer(text, start, end)
    yield from _peak_verb_after_re().finditer(text, start, end)


def _peak_after(text: str, best: re.Match[str], value: float, language: str) -> float | None:
    """Return the peak said after the usual count at once, when it is above it."""
    for found in _peaks(text, best.end(), best.end() + _PEAK_REACH):
        if found.groupdict().get("k"):
            continue
        peak = _value(found, language)
        if peak is not None and value < peak <= value * _PEAK_MOST:
            return peak
    return None


def _peak_alone(text: str, language: str) -> re.Match[str] | None:
    """Return a peak said with no usual count read ("…五六十个，大促峰值能冲到两百")."""
    for found in _peaks(text, 0, len(text)):
        if not (found.groupdict().get("k")):
            peak = _value(found, language)
            if peak is not None and peak >= 1:
                return found
    return None


# One user said in words: "just one user", "single user", "only me", "就我一个人用".
_ONE_USER = gated_re(
    r"(?<![a-z])(?:(?:just|only)\s(?:one|a single)\s(?:user|person)|single[\s-]user|"
    r"one\suser,?\s(?:me|myself)|just\sme|only\sme|(?:solo|sólo)\syo|"
    r"un\s(?:solo\s)?usuario(?:\s(?:a\sla\svez|nada\smás))|s[óo]\seu|um\s(?:único\s)?usuário\s"
    r"(?:só|apenas)|nur\sich|ein(?:en)?\s(?:einzigen\s)?nutzer(?:\sgleichzeitig)?\s(?:nur|allein)|"
    r"juste\smoi|un\s(?:seul\s)?utilisateur(?:\sà\sla\sfois)?\s(?:seulement|uniquement))(?![a-z])|"
    r"(?<![а-яё])(?:только\sя|один\sпользователь)(?![а-яё])|"
    r"就我一个人|就我一個人|只有我(?:一个人|一個人)?(?:用|在用)|私(?:一人|だけ)(?:で|が)?使|"
    r"저\s?혼자(?:\s?쓸|\s?사용)"
)
# A parallel layout named: "pipeline-parallel", "tensor parallel", "тензорный параллелизм".
_LAYOUT_RE = gated_re(
    r"(?:pipeline|tensor|data|expert|sequence|context)[- ]?parallel\w*|"
    r"(?:тензорн|конвейерн)\w* параллел\w*"
)
# A rate given with no count at once: the answer asks how many run at the same time.
RATE = "concurrency_rate"


# People registered, or members of a service: an account count, no one at once ("登録ユーザーは
# 50 万人", "10 000 inscrits à la bêta", "2 million registered players", "会员注册有 200 万").
_REGISTERED_RE = gated_re(
    r"(?:registered(?: users| players| members| accounts)?|登録ユーザー数?|登録者数?|注册用户|"
    r"註冊用戶|会员注册|會員註冊|가입자(?: 수)?|"
    r"зарегистрированных(?: пользователей| игроков)?|usuarios registrados|jugadores registrados|"
    r"usuários cadastrados|registrierte (?:nutzer|spieler))"
    r"\s?(?:is|are|:|は|が|有|约|約|数は)?\s?(?:about |~|约|約)?"
    r"[0-9][0-9.,  ]*\s?(?:万|萬|만|k|m|mil|тыс\.?|млн)?\s?(?:人|名|명)?|"
    r"(?<![0-9.,])[0-9][0-9.,  ]*\s?(?:k|m|mil|тыс\.?|млн|万|萬|만)?\s?"
    r"(?:registered|inscrits|inscritos|registrados|cadastrados|registrierte|зарегистрированных|"
    # customers who pay for a product: "~600 paying users", "2k paid subscribers", "300 clientes
    # pagantes", "500 zahlende Nutzer", "платящих пользователей"
    r"paying|paid|zahlende|pagantes|de pago|payants|платящих)"
)


_CLOCK_TIME_RE = gated_re(
    r"(?<![0-9:.,])(?:[01]?[0-9]|2[0-3]):[0-5][0-9](?::[0-5][0-9])?(?![0-9])(?:\s?(?:am|pm))?"
)


def _goal_count(text: str, best: re.Match[str] | None) -> re.Match[str] | None:
    """Return the count the goal states when the best one is today's, else ``best``.

    "peak today is 35 … expects 120 by Q3", "现在尖峰 80 个同时连线，下个月要撑 200 个同时在线",
    "Status quo: … 12 gleichzeitige Nutzer. Neues Projekt: … 25 parallele Nutzer".
    """
    if best is None or not said_of_today(text, best.start()):
        return best
    after = " " * best.end() + text[best.end() :]
    later = _best_match(after)
    if later is None or said_of_today(text, later.start()):
        return best
    return later


def _without_clock_times(text: str) -> str:
    """Blank a pasted thread's clock times ("Jason Lo  9:49 AM"): they count no one."""
    if ":" not in text:
        return text
    return _CLOCK_TIME_RE.sub(lambda found: " " * len(found.group()), text)


def _without_registered(text: str) -> str:
    """Blank the accounts counted ("登録ユーザーは 50 万人"), keeping the text's length."""
    if _REGISTERED_RE.search(text) is None:
        return text
    return _REGISTERED_RE.sub(lambda found: " " * len(found.group()), text)


def find_concurrency(text: str, language: str = "en") -> Found | None:
    """How many sequences at once; a negative, zero or absurd count is refused with a code.

    A rate alone ("1000 requests per hour", "10 req/s") is no count at once: it is reported
    as ``RATE``, so that the answer can ask for the count instead of sizing thousands.
    """
    if "parallel" in text or "параллел" in text:
        # "Pipeline-Parallel über 2 Nodes": a layout's word, no users at once
        text = _LAYOUT_RE.sub(lambda found: " " * len(found.group()), text)
    text = _without_clock_times(_without_registered(text))
    rates = _rates(text)
    for rate in rates:  # "每天两万条对话，上下文32k": the rate's number is no context either
        text = blank(text, rate.start(), rate.end())
    best = _goal_count(text, _best_match(text))
    settled = _SETTLED.search(text) if lexicon.said_at_once(text) else None
    if settled is not None and (
        best is None or not _simultaneous(text, best) or settled.start() > best.end()
    ):
        # "七八十个人在问……按 80 算吧", "同時アクセスは50いかない…念のため60で見積もっとけ": a
        # guess, then the figure settled on
        best = settled
    if best is None and lexicon.said_at_once(text):
        best = _peak_alone(text, language)
    if best is None:
        return _one_user_or_rate(text, rates)
    value = (
        float(next(best.group(name) for name in _SETTLED_GROUPS if best.group(name)))
        if best.re is _SETTLED
        else _value(best, language)
    )
    rest = blank(text, best.start(), best.end())
    if value is None:
        return None
    restated = _RESTATED_AFTER.match(text, best.end())
    if restated is not None:  # "四十幾個吧（抓 45）", "about 40 (say 45)": the figure settled on
        value = float(restated.group("n") or restated.group("m"))
        rest = blank(rest, restated.start(), restated.end())
    usual = None
    if restated is None and best.re is not _SETTLED:
        peak = _peak_after(text, best, value, language)
        if peak is not None:  # "60 at once, 150 at the peak": the peak is sized, the usual said
            usual, value = value, peak
    return _checked(value, rest, usual)


def _one_user_or_rate(text: str, rates: list[re.Match[str]]) -> Found | None:
    """With no count read: one user said in words, a rate alone (asked about), or nothing."""
    if rates:
        return Found(None, text, RATE)
    alone = _ONE_USER.search(text)
    if alone is not None:
        # "just one user, me", "就我一个人用", "nur ich": one sequence at a time
        return Found(1, blank(text, alone.start(), alone.end()))
    return None


def _checked(value: float, rest: str, usual: float | None) -> Found | None:
    """Return the users at once within the limits (else a refusal code), with the usual count."""
    checked = limits.check(limits.CONCURRENCY, value)
    if checked.refused is not None:
        return Found(None, rest, checked.refused)
    if not is_whole(value):
        return None
    kept = int(usual) if usual is not None and is_whole(usual) else None
    return Found(int(value), rest, usual=kept)
