"""Hardware FullGPU does not rent, named by the customer: "H100", "4090", "MI300X", "TPU".

Values are ``sizing`` other-GPU ids. A name glued to other letters or digits is another product
("h200" is not "h20", "a100" is not "a10", "l40s" is not "l4"). A count right before the name
("two A100s", "2x 4090", "4张4090") or a counted one after it ("A100 4枚", "H100 8장") is read
with it, for the fit on that many.
"""

from __future__ import annotations

from functools import cache

from bot.understand.gates import Searchable, gated_re
from bot.understand.numbers import number_word_value

_NAMES: tuple[tuple[str, str], ...] = (
    ("gb200", r"gb\s?200"),
    ("b300", r"(?:hgx\s?|dgx\s?)?b\s?300"),
    ("h100", r"(?:nvidia\s?)?h\s?100"),
    ("h800", r"h\s?800"),
    ("h20", r"h20(?![0-9])"),
    ("a100", r"a\s?100"),
    ("a10", r"a10g?(?![0-9])"),
    ("l40s", r"l40s?"),
    ("l4", r"l4(?![0-9s])"),
    ("rtx5090", r"(?:rtx|geforce)?\s?5090"),
    ("rtx4090", r"(?:rtx|geforce)?\s?4090"),
    ("rtx6000", r"rtx\s?(?:pro\s?)?6000(?:\s?ada)?"),
    ("mi325x", r"mi\s?325x?"),
    ("mi300x", r"mi\s?300x?"),
    ("tpu", r"tpus?(?:\s?v[0-9]+[a-z]?)?"),
    ("gaudi", r"gaudi\s?[0-9]?"),
)
_COUNT_WORDS = (
    r"[0-9]{1,3}|two|three|four|five|six|eight|dos|tres|cuatro|duas|dois|zwei|drei|vier|deux|"
    r"trois|quatre|две|два|три|четыре|两|兩|二|三|四|八|두|세|네"
)


@cache
def _pattern() -> Searchable:
    names = "|".join(f"(?P<{gpu}>{words})" for gpu, words in _NAMES)
    count = (
        rf"(?:(?P<count>{_COUNT_WORDS})\s?(?:x|×|\*|张|張|块|塊|枚|장|대|台|шт\.?)?\s?"
        r"(?:(?:nvidia|amd|google|intel|instinct|geforce)\s)?)?"
    )
    # A count after the name, with a counter word or "x": "A100 4枚", "H100 8장", "A100 ×4".
    after = (
        r"(?:(?:\s?[0-9]{2,3}\s?gb)?\s?(?:を|が|は|를|을|가|이)?\s?(?P<after>[0-9]{1,3}|두|세|네)\s?"
        r"(?:枚|장|張|张|块|塊|台|대|개)|\s?[x×]\s?(?P<times>[0-9]{1,3})(?![0-9])|"
        # in brackets after the name: "L40S (16 placas)", "A100 (8 GPUs)", "H100（8卡）"
        r"\s?[(（]\s?(?P<bracket>[0-9]{1,3})\s?(?:x\s?)?(?:gpus?|cards?|placas?|tarjetas?|cartes?|"
        r"karten|карт[а-яё]*|卡|张|張|枚|장|units?|unidades)?\s?[)）])?"
    )
    # (German plurals glue "er" on: "A100er", "H100ern")
    return gated_re(rf"(?<![a-z0-9]){count}(?:{names})(?:s|ern?)?(?![a-z0-9]){after}")


_CJK_COUNTS = {"两": 2, "兩": 2, "二": 2, "三": 3, "四": 4, "八": 8, "두": 2, "세": 3, "네": 4}
_MAX_COUNT = 512


def _count(word: str | None) -> int | None:
    if not word:
        return None
    value = int(word) if word.isdigit() else _CJK_COUNTS.get(word) or number_word_value(word) or 0
    return value if 1 <= value <= _MAX_COUNT else None


# Substrings every name above holds: a text with none names no hardware we do not rent.
_UNRENTED_MARKS = (
    "100",
    "800",
    "h20",
    "a10",
    "l4",
    "90",
    "6000",
    "mi3",
    "tpu",
    "gaudi",
    "b300",
    "gb2",
)


def blank_unrented(text: str) -> str:
    """``text`` with the hardware we do not rent blanked, its count with it ("RTX 5090 두 장").

    Its digits are no users ("5090"), its count no GPUs of ours.
    """
    if not any(mark in text for mark in _UNRENTED_MARKS):
        return text
    return _pattern().sub(lambda found: " " * len(found.group()), text)


def find_unrented(text: str) -> tuple[str | None, int | None]:
    """Return the first GPU we do not rent that the text names, and a count said with it."""
    if not any(mark in text for mark in _UNRENTED_MARKS):
        return None, None
    match = _pattern().search(text)
    if match is None:
        return None, None
    counts = ("count", "after", "times", "bracket")
    gpu = next(name for name, value in match.groupdict().items() if value and name not in counts)
    said = match.group("count") or match.group("after") or match.group("times")
    return gpu, _count(said or match.group("bracket"))


# Whether we have it at all: "do you rent H100s?", "habt ihr auch H100?", "A100ってレンタルして
# ますか？", "H100 있나요?", "你们有4090吗": a question about the portfolio, not its price.
_HAVE_RE = gated_re(
    r"(?<![a-z])(?:(?:do|can|could|would) (?:you|u|y'all|ya)(?: guys| folks| all)? "
    r"(?:also |even |still |actually )?(?:have|rent|offer|carry|stock|provide|sell|host|do)|"
    r"(?:any|are there) .{0,20}(?:available|on offer)|in stock|"
    r"habt ihr|haben sie|bietet ihr|bieten sie|vermietet ihr|vermieten sie|gibt es bei (?:euch|"
    r"ihnen)|"
    r"im angebot|avez-vous|vous avez|proposez-vous|vous proposez|louez-vous|vous louez|"
    r"alquiláis|alquilais|tenéis|ofrecéis|when (?:will|do) you (?:get|have)|"
    r"y a-t-il|dans votre (?:offre|catalogue)|tienen|tenéis|teneis|ofrecen|alquilan|disponen de|"
    r"vocês têm|voces tem|vcs tem|vocês oferecem|oferecem|alugam|trabalham com|existe (?:plano|"
    r"opção)|"
    r"tem plano|^tem)(?![a-z])|"
    r"у вас есть|есть ли|есть у вас|а есть|(?:сдаёте|сдаете|предлагаете|бывают|бывает)(?![а-я])|"
    r"у вас (?:случайно )?нет|когда (?:будут|появятся|появится)|"
    r"в наличии|в аренду есть|(?:в аренду )?(?:не )?(?:даёте|даете)(?![а-я])|"
    r"有没有|有沒有|有.{0,12}(?:吗|嗎|么|麼)|提供.{0,12}(?:吗|嗎)|租.{0,8}(?:吗|嗎)|"
    r"ありますか|あります[？?]|あるの|ある[？?]|(?:レンタル|取り扱い|扱い|提供)(?:を)?して(?:い)?ます(?:か|[？?])|"
    r"扱って(?:い)?ます(?:か|[？?])|置いて(?:い)?ます(?:か|[？?])|(?:取り)?扱って(?:い)?ない|"
    r"使えますか|使えます[？?]|使える[？?]|利用できますか|借りられますか|レンタルできますか|"
    r"レンタル可能|"
    r"대여하나요|대여해요|대여 ?가능|대여되나요|빌릴 수 있|렌탈 ?되나요|렌탈하나요|"
    r"(?:会|會)(?:上|有|引进|引進).{0,16}(?:吗|嗎)|"
    r"있나요|있어요[？?]|있습니까|있을까요|있으세요|언제 들어오|"
    r"借りれ(?:たり|ます|る)|借りられ(?:ます|る)|入荷|"
    r"(?:렌탈|대여|임대)(?:이|가|도)? ?(?:되|가능|하시)|취급"
)


def asks_if_rented(text: str) -> bool:
    """Whether a cleaned message asks if we have, rent or offer some hardware."""
    return _HAVE_RE.search(text) is not None


_COST_RE = gated_re(
    r"(?<![a-z])(?:how much|prices?|pricing(?! page)|costs?|per (?:month|hour)|a month|monthly|"
    r"wie ?viel|"
    r"kostet|preise?|kosten|combien|prix|co[uû]te|tarifs?|cu[aá]nto|precios?|cuesta|costos?|"
    r"quanto|preços?|custa|custos?)(?![a-z])|[$€£¥₽]|"
    r"сколько|цен[аыуеой]|ценник|почём|почем|стоит|стоимост|多少钱|多少錢|价格|價格|费用|費用|租金|月租|"
    r"いくら|料金|価格|値段|費用|얼마|가격|요금|비용"
)


def asks_cost(text: str) -> bool:
    """Whether a cleaned message asks what something costs."""
    return _COST_RE.search(text) is not None
