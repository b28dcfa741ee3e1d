"""Knowledge points worded: every value formatted by its unit, every fact a sentence.

A point's values are named by unit (``sizing.knowledge.types``), so one function formats them
all: money, gigabytes, ratios, counts, TFLOPS, bandwidth, context lengths, names. Free room
is rounded down (to 10 GB, or 0.1 TB), as the product page states it: "about 450 GB" for 457.
The knowledge answers and the comparison's takeaways both word their points here.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from decimal import Decimal

from babel.lists import format_list

from bot.answers.formatting import BYTES_PER_GB
from bot.answers.i18n import Localizer
from bot.answers.words.codes import availability_text
from bot.answers.words.knowledge import (
    FACTS,
    ITEM_NAMES,
    RATIO_ITEMS,
    TRANSLATED_ITEMS,
    WITH_VALUE,
    WITHOUT_VALUE,
    Message,
)
from bot.answers.words.plan_names import plan_facts, plan_name, short_gpu_name
from sizing import Availability, GpuId, Interconnect, Point, Value, terms_points

GB_PER_TB = 1000
ROOM_STEP_GB = 10  # free room is stated in whole tens of GB, rounded down
_INTERCONNECT_NAMES = {
    Interconnect.INFINITY_FABRIC.value: "Infinity Fabric",
    Interconnect.NVLINK4.value: "NVLink 4",
    Interconnect.NVLINK5.value: "NVLink 5",
}
_FORMAT_KEYS = frozenset({"precision", "format", "lowest"})
_GPU_KEYS = frozenset({"gpu", "other", "same"})


def _gpu_name(value: object) -> str:
    text = str(value)
    return short_gpu_name(GpuId(text)) if text in {g.value for g in GpuId} else text.upper()


def _name(loc: Localizer, code: str) -> str:
    if code in TRANSLATED_ITEMS:
        return loc.gettext(TRANSLATED_ITEMS[code])
    if code in {g.value for g in GpuId}:
        return _gpu_name(code)
    return ITEM_NAMES.get(code, code.upper())


def names_list(loc: Localizer, codes: tuple[str, ...], *, alternatives: bool = False) -> str:
    """Join names as the language lists them: "PyTorch, vLLM, and SGLang" (or "AWQ or GPTQ")."""
    names = [_name(loc, c) for c in codes]
    if alternatives:
        return str(format_list(names, style="or", locale=loc.formatter.locale))
    return str(format_list(names, locale=loc.formatter.locale))


def about_room(loc: Localizer, gb: float) -> str:
    """Free room rounded down: to 0.1 TB from 1 TB up, else to 10 GB."""
    fmt = loc.formatter
    if gb >= GB_PER_TB:
        tenths = math.floor(gb / GB_PER_TB * 10) / 10
        return fmt.size(tenths * GB_PER_TB * BYTES_PER_GB, exact=True)
    floor = max(math.floor(gb / ROOM_STEP_GB) * ROOM_STEP_GB, 0)
    return fmt.gigabytes(floor * BYTES_PER_GB)


def _billions(loc: Localizer, value: float) -> str:
    shown = (
        loc.formatter.integer(value) if float(value).is_integer() else loc.formatter.decimal(value)
    )
    return f"{shown}B"


def format_value(loc: Localizer, key: str, value: Value) -> str:  # noqa: C901, PLR0911, PLR0912 - one branch per unit
    """Format one value by its name's unit."""
    fmt = loc.formatter
    if isinstance(value, tuple):
        return names_list(loc, value, alternatives=key == "any_names")
    if key in _GPU_KEYS:
        return _gpu_name(value)
    if key in {"plan", "other_plan"}:
        facts = plan_facts(str(value))
        return plan_name(str(value), facts.gpu if facts else GpuId.H200)
    if key in _FORMAT_KEYS:
        return str(value).upper()
    if key in {"item", "target", "vendor"}:
        return _name(loc, str(value))
    if key == "interconnect":
        return _INTERCONNECT_NAMES.get(str(value), str(value))
    if key == "availability":
        return availability_text(loc, Availability(str(value)))
    if isinstance(value, str):
        return value
    if key.endswith("_usd"):
        return fmt.money(Decimal(value))
    if key.endswith("room_gb"):
        return about_room(loc, float(value))
    if key.endswith("per_context_gb"):
        return fmt.size(float(value) * BYTES_PER_GB)
    if key.endswith("_bytes"):
        return fmt.size(float(value))
    if key.endswith("_bits"):
        return fmt.decimal(float(value), 2)
    if key.endswith("_gb"):
        return fmt.gigabytes(float(value) * BYTES_PER_GB)
    if key.endswith("_ratio"):
        return fmt.ratio(float(value))
    if key.endswith("_b"):
        return _billions(loc, float(value))
    if key.endswith("tflops"):
        return f"{fmt.integer(float(value))} TFLOPS"
    if key.endswith("_tb_s"):
        return f"{fmt.decimal(float(value), 2)} TB/s"
    if key.endswith("_gb_s"):
        return f"{fmt.decimal(float(value), 1)} GB/s"
    if key.endswith("_tok_s"):
        return fmt.approx(float(value))
    if key.endswith("_s"):
        return fmt.seconds(float(value))
    if key.endswith("_w"):
        return fmt.watts(float(value))
    if key.endswith("_tokens"):
        return fmt.context(int(value))
    return fmt.integer(float(value))


def _message(point: Point) -> Message:
    for (fact, key), message in WITH_VALUE.items():
        if fact is point.fact and key in point.values:
            return message
    for (fact, key), message in WITHOUT_VALUE.items():
        if fact is point.fact and not point.values.get(key):
            return message
    return FACTS[point.fact]


def _ratio_items(loc: Localizer, values: Mapping[str, Value]) -> str:
    items = [
        loc.gettext(message, ratio=format_value(loc, key, values[key]))
        for key, message in RATIO_ITEMS.items()
        if key in values
    ]
    return loc.join(items)


def sentence(loc: Localizer, point: Point) -> str:
    """Word one point in the customer's language."""
    params = {key: format_value(loc, key, value) for key, value in point.values.items()}
    if "items" not in params and any(key in point.values for key in RATIO_ITEMS):
        params["items"] = _ratio_items(loc, point.values)
    message = _message(point)
    if isinstance(message, tuple):
        count = point.values.get(point.count or "", 1)
        number = int(count) if isinstance(count, int | float | Decimal) else 1
        return str(loc.catalog.ngettext(message[0], message[1], number)) % params
    return str(loc.catalog.gettext(message)) % params


def terms_sentences(loc: Localizer) -> list[str]:
    """Word the minimum term and the longer terms, as the price list's footer states them."""
    return [sentence(loc, point) for point in terms_points()]
