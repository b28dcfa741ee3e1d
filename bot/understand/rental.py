"""Rental terms in a message: months of rent, plans counted, servers counted with no plan named.

"for 3 months", "half a year", "und für 3 Monate?", "三个月", "3ヶ月", "6개월", "полгода" are
``months``; "two MI355X servers", "an HGX H200 server", "2 HGX + 1 H200", "2台のMI355Xサーバー",
"MI355X 서버 두 대" are ``plan_counts`` ({plan id: count}); "two servers?", "zwei Server",
"两台服务器" are ``servers``. A number of months after "in" or "within" is a deadline, not a
term ("fine-tune it in 3 months"); "3月" is March, so Chinese months need 个/個. A GPU named
without a server word counts GPUs, not servers ("2 MI355X", "8x H200" are ``gpu_count``'s), except
beside other plans counted ("2 HGX + 1 H200": one single-H200 machine).

The words are kept here (months in ``rental_months``, number words in ``rental_numbers``)
rather than in the lexicons: they serve these finders alone, and each language's list is short.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from bot.understand.gates import Searchable, gated_re
from bot.understand.gpus import find_gpus
from bot.understand.rental_months import find_months
from bot.understand.rental_numbers import LETTER, number_pattern, number_value

MAX_UNITS = 4096  # the engine's largest search (more is refused by the answer, not here)
SERVER_PLAN = {"h": "h200-8x", "m": "mi355x-8x"}
SINGLE_PLAN = "h200-1x"
GPUS_PER_SERVER = 8  # "8x H200 server": the GPUs of one server, not eight servers
_SERVER = (
    r"(?:servers?|nodes?|box(?:es)?|machines?|rechner|serveurs?|servidor(?:es)?|整机|整機|"
    r"сервер(?:ов|ами|ам|ах|ом|а|ы|е)?|服务器|伺服器|主机|主機|サーバー?|서버)"
)
# Machines counted in Chinese, Japanese and Korean: "2台", "两台", "두 대".
_MACHINES = r"(?:台|部|대|つ)"


@dataclass(frozen=True, slots=True)
class RentalAsk:
    """What a message says of renting: months, plans counted, servers counted alone."""

    months: int | None = None
    plan_counts: dict[str, int] | None = None
    servers: int | None = None

    @property
    def said(self) -> bool:
        """Whether the message says anything of renting."""
        return bool(self.months or self.plan_counts or self.servers)


# In the marked copy of the text, each GPU named stands as one letter of a private-use range:
# an HGX H200 (or a bare "HGX") as the server plan's letter, an H200 and an MI355X as theirs.
_HGX_MARK, _H200_MARK, _MI355X_MARK = "\ue101", "\ue102", "\ue103"
_HGX_RE = gated_re(r"(?<![a-z])(?:hgx|dgx)(?![a-z])")
_EIGHT_X = (
    r"(?:8\s*[x×]\s*|8\s*-?\s*gpu\s*|8\s?卡\s*(?:的\s*)?|8枚\s*|восьмикарточн[а-яё]*\s*|"
    r"восьмигпу[а-яё]*\s*)"
)
# Eight in words, the GPUs of one server: "dos servidores de ocho MI355X".
_EIGHT_WORD = r"(?:8|eight|ocho|oito|huit|acht|восемь|восьми)"
# A server's GPUs counted after it: "two servers of", "dos servidores de", "2 Server mit".
_GPUS_OF_SERVER_RE = gated_re(rf"{_SERVER}\s*(?:of|with|de|com|avec|mit|с|по)\s*$")
_SINGLE_WORDS = (
    r"single[- ]gpu|one[- ]gpu|1[- ]gpu|single|standalone|stand-alone|separate|individual|"
    r"einzeln[a-z]*|einzel|einzig[a-z]*|unique|seule?s?|"
    r"isolée?s?|individuel(?:le)?s?|individuales|individuais|suelt[oa]s?|avuls[oa]s?|simples|"
    r"unitaires?|"
    r"à l'unité|al por menor|por unidade|por unidad|"
    r"одиночн[а-я]*|отдельн[а-я]*|单卡|單卡|单独|單獨|独立|獨立|单|單|単体|単独|シングル|단일|"
    r"싱글|개별"
)
_VM_WORDS = (
    r"vms?|virtual machines?|виртуальн[а-я]* машин[а-я]*|виртуалк[аиуе]|虚拟机|虛擬機|仮想マシン|"
    r"가상\s?머신"
)
_VM_WORDS_RE = gated_re(_VM_WORDS)
# Machines and GPUs counted right after a number: "orçamento pra 2 servidores" counts servers,
# so its number is no amount of money (``bot.understand.money``).
_COUNTED_AFTER_RE = gated_re(
    rf"\s?(?:x\s?)?(?:{_SERVER}|{_VM_WORDS}|{_MACHINES}|gpus?|placas?|tarjetas?|cartes?|karten|"
    r"máquinas?|maquinas?|nós?\b|inst[aâ]ncias?|instances?|usu[aá]rios?|users?|张|張|枚|"
    # GPUs counted by their name: "orçamento pra 2 HGX H200 e 8 H200 avulsos"
    r"(?:nvidia\s?|amd\s?)?(?:hgx\s?|dgx\s?)?(?:[hb]200|mi355x?)(?![0-9])|"
    # (or by a name already blanked out: four spaces or more where it stood)
    r"\s{3,})"
)


def counted_after(text: str, end: int) -> bool:
    """Whether machines, GPUs or users are counted right after ``end`` (a number's end)."""
    return _COUNTED_AFTER_RE.match(text, end) is not None


def _marked(text: str) -> str:
    """Return the text with each GPU name as one mark (the same length, padded with spaces)."""
    mentions = find_gpus(text)
    chars = list(text)
    for start, end in mentions.spans:
        name = text[start:end]
        mark = (
            _MI355X_MARK if "355" in name else (_HGX_MARK if _HGX_RE.search(name) else _H200_MARK)
        )
        chars[start:end] = [mark] + [" "] * (end - start - 1)
    marked = "".join(chars)
    return _HGX_RE.sub(lambda m: _HGX_MARK + " " * (len(m.group()) - 1), marked)


# A server's eight GPUs said between the GPU and the server: "8卡", "8基搭載", "8장짜리", "8枚構成".
_EIGHT_ON_BOARD = (
    r"(?P<eb>\s*(?:8|八|여덟)\s*-?\s*(?:卡|基|枚|장|개|gpus?)\s*(?:搭載|构成|構成|装|짜리|탑재)?"
    r"\s*(?:の|의)?)?"
)


@cache
def _plan_patterns(language: str) -> tuple[Searchable, ...]:
    number = number_pattern(language)
    after = number.replace("(?P<n>", "(?P<m>", 1)
    gpu = rf"(?P<g>[{_HGX_MARK}{_H200_MARK}{_MI355X_MARK}])"
    # A single-H200 machine is said before the GPU or after it: "2 standalone H200s", "3 H200
    # avulsas", "H200単体を2台", "단일 H200 VM 3대".
    single = rf"(?P<one>(?:{_SINGLE_WORDS})\s*-?\s*)?"
    # (a Latin word ends at a letter's end: "seules", not "seulement"; "単体VM" goes on)
    lone = rf"(?P<lone>s?\s*-?\s*\(?\s*(?:{_SINGLE_WORDS})(?!(?<=[{LETTER}])[{LETTER}]))?"
    # ("2 MI355X 8卡服务器": its eight GPUs said between the GPU and the server)
    server_after = (
        rf"{lone}{_EIGHT_ON_BOARD}(?P<s>\s*-?\s*\(?\s*(?:の|의)?\s*(?:{_SERVER}|{_VM_WORDS}))?"
    )
    eight = rf"(?P<e>{_EIGHT_X})?"
    return (
        # a table's row: "| HGX H200 | 3 | 12 个月 |", "| mi355x-8x | 3 |"
        gated_re(gpu + rf"(?P<e>-?8x)?{lone}(?P<s>\s*{_SERVER})?\s*\|\s*{after}\s*\|"),
        # a sheet's row read as a form ("mi355x 서버(8x): 2;", "단일 h200: 3;", ``sheets``)
        gated_re(
            rf"{single}{gpu}(?P<e>-?8x)?{lone}(?P<s>\s*{_SERVER})?\s*(?:\(\s*8\s*x\s*\))?"
            rf"\s*[:：]\s*{after}\s*(?:;|$)"
        ),
        # "HGX H200 ×2", "MI355X server x 2", "MI355X 整机 ×2", "H200 单卡 ×3": read first, so
        # that a list's next line ("×2\nH200 单卡 ×3") is not read as "2 H200"
        # (a comma after the count ends it: "×4, monthly"; "x1,5" is no count)
        gated_re(
            gpu
            + rf"{lone}{_EIGHT_ON_BOARD}(?P<s>\s*-?\s*{_SERVER})?\s*[x×]\s*{after}"
            + r"(?![0-9a-z]|[.,][0-9])"
            # (a term after the times sign: "4 h200 sueltas x 12 meses" rents them for a year)
            + r"(?!\s*(?:months?|meses|mes\b|mois|monate?n?|месяц|个月|個月|か月|ヶ月|개월))"
        ),
        # "two MI355X servers", "2x HGX H200", "2 8x H200 servers", "an HGX H200 server"
        gated_re(
            number
            + r"\s*(?P<x>[x×]\s*)?(?:штук[аи]?\s+|шт\.?\s+|pcs\.?\s+|pieces\s+of\s+|units\s+of\s+)?"
            + r"(?:of\s+(?:the\s+|your\s+|those\s+)?|de\s+(?:los\s+|las\s+)?|"
            + rf"des\s+)?{single}{eight}{gpu}{server_after}"
        ),
        # "2 servers of MI355X", "deux serveurs MI355X", "два сервера MI355X", "deux VM H200",
        # "три восьмикарточных сервера H200", "un seul serveur MI355X" (one server, said so)
        gated_re(
            number
            + r"\s*(?:[x×]\s*)?(?:(?:seul|solo|único|unico|einzigen?|single|одн[а-яё]*)\s*)?"
            + rf"(?P<e>{_EIGHT_X})?(?P<s>{_SERVER}|{_VM_WORDS})\s*"
            + rf"(?:of|with|de|com|avec|mit|с|на|по|)\s*(?:{_EIGHT_X}|{_EIGHT_WORD}\s+)?{gpu}{lone}"
        ),
        # "2台のMI355Xサーバー", "两台8卡H200服务器", "두 대의 MI355X", "2 部單卡 H200"
        gated_re(
            number + rf"\s*(?P<c>{_MACHINES})\s*(?:の|의)?\s*{single}{eight}{gpu}"
            rf"{lone}(?:\s*(?:8|八)\s*卡)?(?P<s>\s*(?:{_SERVER}|{_VM_WORDS}))?"
        ),
        # "MI355X 서버 2대", "MI355Xサーバーを2台", "H200 서버 두 대", "単体H200を2台",
        # "MI355X 8基のサーバーを1台" (its eight GPUs said between)
        gated_re(
            gpu
            + r"(?:\s*(?:の|의)?\s*8\s*(?:基|枚|장|개|gpu)\s*(?:搭載)?\s*(?:の|의)?)?"
            # ("HGX H200 八卡机来3台": its eight GPUs said as 八卡)
            + r"(?:\s*(?:8|八)\s*卡\s*(?:机|機|服务器|伺服器)?)?"
            + server_after
            # ("H200 単体プランを 3 台", "H200 단일 GPU 상품으로 6대": the plan named)
            + r"(?:\s*gpu)?(?:\s*(?:プラン|方案|套餐|요금제|플랜|상품|商品|产品|產品))?"
            + r"\s*(?:を|が|は|를|을|가|이|으로|로|で)?\s*(?:租|借|用|要|租用|来|來|上)?\s*"
            # ("MI355X 8基搭載サーバー×2台": the count after a times sign)
            + r"(?:[x×]\s*)?"
            + rf"{after}\s*(?P<c>{_MACHINES})"
        ),
        # "H200 단일 2개", "H200単体2枚", "H200 单卡 2 张": single machines counted as pieces
        gated_re(
            gpu + r"\s*(?P<lone>단일|싱글|개별|単体|単独|单卡|單卡|单机|單機)\s*"
            rf"(?:{_VM_WORDS})?\s*(?:을|를|を)?\s*"
            rf"{after}\s*(?:개|枚|张|張|个|個|つ)(?!\s*月)"
        ),
        # "单卡H200的虚拟机要4个", "單卡 H200 VM 租 3 台": single machines said before the GPU
        re.compile(
            rf"(?P<one>单卡|單卡|单机|單機|単体|단일)\s*{gpu}\s*(?:的)?\s*(?P<s>{_VM_WORDS})?\s*"
            rf"(?:要|租|来|來|用|開|开|拿)?\s*{after}\s*(?:个|個|台|部|대|개)(?!\s*月)"
        ),
        # "三个单卡 H200", "一張單卡 H200": single machines counted as pieces before the GPU
        re.compile(number + rf"\s*(?:个|個|张|張|台|部)\s*(?P<one>单卡|單卡|单机|單機)\s*{gpu}"),
    )


_MIXED_RE = gated_re(r"\+|(?<![a-z])(?:and|plus|und|et|y|e|и|和|跟|と|하고|및)(?![a-z])|[,，、;；]")


_SINGLE_REACH = 12
# ("単体の H200", "단일의 H200": the particle between)
_SINGLE_BEFORE_RE = gated_re(rf"(?<![{LETTER}])(?:{_SINGLE_WORDS})\s*(?:の|의)?\s*$")


def _plan_of(match: re.Match[str], *, mixed: bool) -> str | None:
    """Return the plan a counted GPU names: a server plan, a single H200, or None (GPUs).

    A server word, HGX or machines counted (台, 대) make it a server; "single" or "VM" a
    single-H200 machine; a bare GPU counts GPUs unless beside other plans counted.
    """
    found = match.groupdict()
    mark = found["g"]
    server_words = (found.get("s") or "").strip()
    vm = bool(server_words) and _VM_WORDS_RE.search(server_words) is not None
    server = (bool(server_words) and not vm) or found.get("c") is not None
    alone = bool(found.get("one") or (found.get("lone") or "").strip(" s-"))
    # "単体H200を2台", "단일 H200 VM 3대": the single word before a GPU counted after it
    before = match.string[max(0, match.start("g") - _SINGLE_REACH) : match.start("g")]
    alone = alone or _SINGLE_BEFORE_RE.search(before) is not None
    if mark == _HGX_MARK:
        return SERVER_PLAN["h"]
    if mark == _MI355X_MARK:
        # ("one 8x MI355X": its eight GPUs said, the server they come in)
        # ("MI355X ×2": units counted with a times sign are its servers, the only plan it has)
        times = found.get("m") is not None and "×" in match.group()
        eight = found.get("e") or found.get("eb")
        return SERVER_PLAN["m"] if server or mixed or eight or times else None
    if vm or alone:
        return SINGLE_PLAN
    if (server and (server_words or found.get("e"))) or found.get("eb"):
        return SERVER_PLAN["h"]
    return SINGLE_PLAN if mixed and not server else None


def _units(match: re.Match[str], language: str) -> int | None:
    """Return the units a plan match counts: "8x H200 server" is one server of eight GPUs."""
    found = match.groupdict()
    value = number_value(found.get("n") or found.get("m") or "", language)
    eight_gpus = value == GPUS_PER_SERVER and (
        found.get("x") or (found.get("m") and not found.get("c"))
    )
    if eight_gpus:
        # "an 8x H200 server" is one server; "the 8x MI355X server" counts its GPUs only;
        # "one 8x MI355X" counts the server the MI355X comes in.
        before = match.string[max(0, match.start() - 12) : match.start()].split()
        counted = before and number_value(before[-1], language)
        server = found["g"] in {_HGX_MARK, _MI355X_MARK} or (found.get("s") or "").strip()
        return counted or None if server else None
    return value if value and value <= MAX_UNITS else None


# A rental in the past, said in the same sentence before the plan: "we had a single H200 last
# year", "tínhamos uma H200", "去年租过一台".
_PAST_RE = gated_re(
    r"(?<![a-z])(?:we had|we rented|we used to|used to have|previously|tínhamos|alugamos|"
    r"teníamos|alquilamos|wir hatten|hatten wir|nous avions|on avait|у нас был[аи]?|"
    r"раньше)(?![a-z])|去年|之前租|以前租|租过|租過|昨年|以前は|작년에"
)
_SENTENCE_MARKS = ".!?。！？\n"


def _in_the_past(text: str, start: int) -> bool:
    """Whether a plan at ``start`` is said of a rental in the past (same sentence)."""
    begin = max(text.rfind(mark, 0, start) for mark in _SENTENCE_MARKS) + 1
    return _PAST_RE.search(text, begin, start) is not None


def find_plan_counts(text: str, language: str) -> dict[str, int] | None:
    """Return {plan id: units} for the plans a message counts, or None."""
    if not any(core in text for core in ("200", "355", "hgx", "dgx")):
        return None
    marked = _marked(text)
    marks = re.findall(f"[{_HGX_MARK}{_H200_MARK}{_MI355X_MARK}]", marked)
    if not marks:
        return None  # every plan counted names its GPU ("200 users" names none)
    mixed = len(marks) > 1 and bool(_MIXED_RE.search(marked))
    counts: dict[str, int] = {}
    taken: set[int] = set()
    for pattern in _plan_patterns(language):
        for match in pattern.finditer(marked):
            where = match.start("g")
            if where in taken:
                continue
            plan = _plan_of(match, mixed=mixed)
            units = _units(match, language) if plan is not None else None
            if plan is None or units is None or _in_the_past(marked, match.start()):
                continue  # ("we had a single h200 last year": their past, not a rental asked)
            if units == GPUS_PER_SERVER and _GPUS_OF_SERVER_RE.search(marked, 0, match.start()):
                continue  # "dos servidores de ocho MI355X": each server's GPUs, not servers
            counts[plan] = counts.get(plan, 0) + units
            taken.add(where)
    return counts or None


@cache
def _servers_patterns(language: str) -> tuple[Searchable, ...]:
    number = number_pattern(language)
    return (
        gated_re(number + rf"\s*(?:{_SERVER})"),
        # "一台撑不住就直接上六台服务器": machines with a word of servers beat a bare "一台"
        gated_re(number + rf"\s*{_MACHINES}\s*(?:の|의)?\s*(?:{_SERVER})"),
        gated_re(rf"(?:{_SERVER})\s*(?:を|가|이|를|을)?\s*" + number + rf"\s*{_MACHINES}"),
        # (bare, only the counters of machines: "拠点6つ" and "一部" count no servers)
        gated_re(number + r"\s*(?:台|대)"),
        # "整机 ×4", "servers x3": the count written as a multiple after the word (not "x8
        # GPUs", the GPUs of one)
        gated_re(
            rf"(?:{_SERVER})\s*[x×*]\s*" + number + r"(?!\s*-?\s*(?:gpus?|卡|枚|장|基|個|个))"
        ),
    )


# Every count of servers alone has a word of servers or of machines counted.
_SERVER_OR_MACHINES_RE = gated_re(rf"{_SERVER}|{_MACHINES}")


def find_servers(text: str, language: str) -> int | None:
    """Return a count of servers with no plan named ("two servers?"), or None."""
    if _SERVER_OR_MACHINES_RE.search(text) is None:
        return None
    if find_gpus(text).gpus or _HGX_RE.search(text):
        return None
    for pattern in _servers_patterns(language):
        match = pattern.search(text)
        if match is not None and _VEHICLE_BEFORE_RE.search(
            text, max(0, match.start() - 8), match.start()
        ):
            continue  # "トラック210台", "叉车 30 台": vehicles counted, not machines
        if match is not None:
            value = number_value(match.group("n"), language)
            if value and value <= MAX_UNITS:
                return value
    return None


_VEHICLE_BEFORE_RE = gated_re(
    r"(?:トラック|車両|車|车|辆|輛|フォークリフト|叉车|堆高機|트럭|차량|버스|バス|冷蔵庫|冰箱|设备|設備)\s*$"
)


# A server plan named without a count, in a price question: one of it ("сервер HGX H200 на 3
# месяца", "the MI355X server for a year"). Languages without articles name one so.
_NAMED_SERVER_RE = gated_re(
    rf"(?P<g>[{_HGX_MARK}{_MI355X_MARK}{_H200_MARK}])\s*-?\s*{_SERVER}"
    rf"|{_SERVER}\s*(?:of\s+|de\s+)?(?P<h>[{_HGX_MARK}{_MI355X_MARK}{_H200_MARK}])"
    rf"|(?P<x>{_HGX_MARK})"
)


def _server_plans_named(text: str) -> set[str]:
    """Return the server plans a message names with a server word or as HGX."""
    if not any(core in text for core in ("200", "355", "hgx", "dgx")):
        return set()
    marked = _marked(text)
    return {
        SERVER_PLAN["m" if (m.group("g") or m.group("h") or m.group("x")) == _MI355X_MARK else "h"]
        for m in _NAMED_SERVER_RE.finditer(marked)
        # "3 single H200 machines": machines of the single plan, no server
        if not _SINGLE_BEFORE_RE.search(marked[max(0, m.start() - _SINGLE_REACH) : m.start()])
    }


# The single H200 plan named without a count: "单卡 H200", "H200 単体", "Einzelne H200", "una
# H200 sola", "Одиночная H200".
_SINGLE_PLAN_RE = gated_re(
    rf"(?<![{LETTER}])(?:{_SINGLE_WORDS}|單張|单张)\s*(?:の|의|-)?\s*{_H200_MARK}"
    rf"|{_H200_MARK}\s*-?\s*(?:{_SINGLE_WORDS}|sola|solita|sozinha)(?![{LETTER}])"
)
# The 8-GPU server named by its GPUs: "8 卡 MI355X", "8x MI355X", "восьмикарточный H200".
_EIGHT_NAMED_RE = gated_re(rf"{_EIGHT_X}(?P<g>[{_HGX_MARK}{_MI355X_MARK}{_H200_MARK}])")


# A move of the plan on the table to another GPU: "muda pra", "switch to", "换成", "바꿔".
_SWITCH_RE = gated_re(
    r"(?<![a-z])(?:mud[ae]r?|troc[ae]r?|switch(?:ing)?|change|move|wechsel\w*|cambi[ae]r?|"
    r"pass(?:e|er|ons)|переключ\w*|перейд\w*)(?![a-z])|换成|換成|换到|換到|改成|바꿔|바꾸|変え|切り替"
)


def find_named_plan(text: str) -> dict[str, int] | None:
    """Return one unit of the one plan a message names without a count, or None."""
    found = _server_plans_named(text)
    if any(core in text for core in ("200", "355", "hgx", "dgx")):
        marked = _marked(text)
        if _SINGLE_PLAN_RE.search(marked):
            found.add(SINGLE_PLAN)
        for named in _EIGHT_NAMED_RE.finditer(marked):
            found.add(SERVER_PLAN["m" if named.group("g") == _MI355X_MARK else "h"])
        alone = _H200_MARK not in marked and _HGX_MARK not in marked
        if not found and _MI355X_MARK in marked and alone and not _SWITCH_RE.search(text):
            # "MI355X на год — итоговая сумма?": the MI355X is rented as its server only (not
            # "muda pra MI355X e 6 meses", the plan on the table moved to it)
            found.add(SERVER_PLAN["m"])
    return {found.pop(): 1} if len(found) == 1 else None


# Plan ids typed as our links and quotes write them ("2x h200-8x + 1x mi355x-8x"): their plans.
_PLAN_ID_WORDS = {
    "h200-8x": "hgx h200 server",
    "h200-1x": "h200 vm",
    "mi355x-8x": "mi355x server",
}
_PLAN_ID_RE = gated_re(r"h200-8x|h200-1x|mi355x-8x")


# A plan's GPUs in brackets after its name: "(8GPU)", "(8 GPUs)", "（1 GPU）", "(8x)".
_GPUS_NOTE_RE = gated_re(
    r"[(（]\s?[0-9]{1,2}\s?(?:x\s?)?(?:-?gpus?|枚|卡|张|張|장|карт[аы]?|gpu-?s)?\s?[)）]"
)


def find_rental(text: str, language: str, *, named_alone: bool = False) -> RentalAsk:
    """Read the months, plans and servers a cleaned message counts.

    ``named_alone``: a server plan named without a count counts one when a term is asked ("the
    HGX H200 server for 3 months"); a price asked alone stays the price list's.
    """
    months = find_months(text, language)
    text = _PLAN_ID_RE.sub(lambda found: _PLAN_ID_WORDS[found.group()], text)
    if "(" in text or "（" in text:
        # "MI355X サーバー（8GPU）… 2台", "H200 (1 GPU)": the plan's own GPUs, not its count
        text = _GPUS_NOTE_RE.sub(lambda found: " " * len(found.group()), text)
    plans = find_plan_counts(text, language)
    if plans is None and named_alone and months:
        plans = find_named_plan(text)
    elif plans is not None:
        # Beside plans counted, a server named without a count is one ("две отдельные H200
        # плюс сервер HGX H200").
        for plan in _server_plans_named(text):
            plans.setdefault(plan, 1)
    return RentalAsk(
        months=months,
        plan_counts=plans,
        servers=None if plans else find_servers(text, language),
    )
