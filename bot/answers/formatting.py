"""Numbers, money, bytes, durations and dates in the customer's locale, through Babel.

Every figure an answer prints goes through one ``Formatter``; templates reach it as filters
(``{{ x|money }}``). Sizes use decimal units (GB = 10^9 bytes) because the product page and
the vendors state memory that way ("288 GB HBM3e").
"""

from __future__ import annotations

import copy
import math
from bisect import bisect_right
from collections.abc import Callable
from datetime import date
from decimal import Decimal
from functools import cached_property, lru_cache
from typing import Any

from babel import Locale
from babel.dates import format_date
from babel.numbers import (
    format_compact_decimal,
    format_decimal,
    format_percent,
    get_group_symbol,
    parse_pattern,
)
from babel.units import format_unit

from sizing import GB, TOKENS_PER_K, TOKENS_PER_M

BYTES_PER_GB = GB  # decimal gigabyte, as the product page writes memory
DECIMAL_THOUSAND = 1000  # a count written in decimal thousands ("128.000") is shown as written
CURRENCY = "USD"
# Counts Babel divides exactly: the default decimal context keeps 28 significant digits.
_EXACT_DECIMAL_BELOW = 10**27
# Whole numbers Babel's standard pattern writes (three decimal places kept: 25 + 3 digits).
_PLAIN_WHOLE_BELOW = 10**25
HOURS_PER_DAY = 24
HOURS_BEFORE_DAYS = 48  # past two days, lengths of time are said in days
# A deadline a customer gives is said back in hours up to three days ("within 48h", "72 hours"
# are how such deadlines are written), in days past them.
DEADLINE_HOURS_BEFORE_DAYS = 72
_SIZE_UNITS = (
    (12, "digital-terabyte"),
    (9, "digital-gigabyte"),
    (6, "digital-megabyte"),
    (3, "digital-kilobyte"),
    (0, "digital-byte"),
)  # every price on the product page is in US dollars


def _shown(value: float) -> float:
    """Return a length of time as shown: whole past a hundred, else to one decimal."""
    return round(value) if value >= 100 else round(value, 1)  # noqa: PLR2004 - precision switch


def two_significant(value: float) -> tuple[float, int]:
    """``value`` rounded to two significant digits, and how many decimals that leaves."""
    if value == 0:
        return 0.0, 0
    magnitude = math.floor(math.log10(abs(value)))
    digits = max(0, 1 - magnitude)
    return round(value, 1 - magnitude), digits


# Answers repeat the same figures (prices, GPU memory, context lengths) across customers, and a
# Babel call costs tens of microseconds: each Formatter (one per language, alive as long as the
# process) remembers its recent results. typed: 1 and 1.0 may format differently.
_memo = lru_cache(maxsize=4096, typed=True)


class Formatter:
    """Formats values for one CLDR locale (e.g. ``zh_Hans_CN``)."""

    def __init__(self, locale: str) -> None:
        self.locale = Locale.parse(locale)

    @cached_property
    def _money_whole(self) -> Any:  # noqa: ANN401 - babel's NumberPattern is untyped
        pattern = copy.copy(self.locale.currency_formats["standard"])
        pattern.frac_prec = (0, 0)
        return pattern

    @cached_property
    def _plain_group_mark(self) -> str | None:
        """The group mark Babel's standard pattern writes whole numbers with, if it is plain.

        The plain pattern (``#,##0.###``: groups of three, a hyphen-minus before negatives,
        nothing else around the number) writes a whole number as its digits in groups of three;
        a locale with any other pattern (none of ours today) is left to Babel.
        """
        pattern = self.locale.decimal_formats[None]
        plain = (
            pattern.pattern == "#,##0.###"
            and pattern.grouping == (3, 3)
            and pattern.prefix == ("", "-")
            and pattern.suffix == ("", "")
            and pattern.scale == 0
            and pattern.exp_prec is None
            and pattern.int_prec[0] <= 1
        )
        return str(get_group_symbol(self.locale)) if plain else None

    @_memo
    def integer(self, value: float) -> str:
        """Return a whole number with the locale's grouping: ``131,072`` / ``131 072``.

        Written as Babel's ``format_decimal`` writes it (a tenth of its time), with its
        standard pattern; past ``_PLAIN_WHOLE_BELOW`` (where Babel's rounding to 28 digits
        refuses it) and for a pattern not the plain one, by Babel itself.
        """
        whole = round(value)
        mark = self._plain_group_mark
        if mark is not None and -_PLAIN_WHOLE_BELOW < whole < _PLAIN_WHOLE_BELOW:
            grouped = f"{abs(whole):,}".replace(",", mark)
            return f"-{grouped}" if whole < 0 else grouped
        return str(format_decimal(whole, locale=self.locale))

    @_memo
    def decimal(self, value: float, digits: int = 1) -> str:
        """Return a number with at most ``digits`` decimals: ``3.6`` / ``3,6``."""
        pattern = "#,##0." + "#" * digits if digits > 0 else "#,##0"
        return str(format_decimal(value, format=pattern, locale=self.locale))

    @_memo
    def approx(self, value: float) -> str:
        """Return an estimated figure to two significant digits (``25``, ``1.6``, ``470``)."""
        shown, digits = two_significant(value)
        return self.decimal(shown, digits) if digits else self.integer(shown)

    @_memo
    def money(self, amount: Decimal) -> str:
        """US dollars: whole dollars when the amount is whole (``$19,900``), else cents."""
        if amount == amount.to_integral_value():
            return str(
                self._money_whole.apply(
                    amount, self.locale, currency=CURRENCY, currency_digits=False
                )
            )
        pattern = self.locale.currency_formats["standard"]
        return str(pattern.apply(amount, self.locale, currency=CURRENCY, currency_digits=False))

    @_memo
    def gigabytes(self, size_bytes: float) -> str:
        """Bytes as decimal gigabytes: ``1,342 GB`` / ``1 342 ГБ`` / ``1 342 Go``."""
        size_gb = size_bytes / BYTES_PER_GB
        shown = round(size_gb) if size_gb >= 10 else round(size_gb, 1)  # noqa: PLR2004 - precision switch
        return self._unit(shown, "digital-gigabyte")

    @_memo
    def size(self, size_bytes: float, *, exact: bool = False) -> str:
        """Bytes in the largest decimal unit under which they stay >= 1, two significant digits.

        ``70,272 B`` -> ``70 kB``, ``1.6e12`` -> ``1.6 TB``: for figures that are estimates.
        """
        for power, unit in _SIZE_UNITS:
            if abs(size_bytes) >= 10**power or power == 0:
                value = size_bytes / 10**power
                shown = round(value, 2) if exact else two_significant(value)[0]
                return self._unit(shown, unit)
        raise AssertionError  # pragma: no cover - power 0 always matches

    @_memo
    def _unit(self, shown: float, unit: str) -> str:
        """Return a figure already rounded as shown, in a CLDR unit, short form.

        Kept by the figure shown: the many sizes and durations that round alike are
        formatted once.
        """
        return str(format_unit(shown, unit, length="short", locale=self.locale))

    @_memo
    def watts(self, power_w: float) -> str:
        """Electrical power: ``1,400 W``."""
        return str(format_unit(power_w, "power-watt", length="short", locale=self.locale))

    @_memo
    def tokens(self, count: int) -> str:
        """Return a token count, compact: ``3.1M`` / ``310万``; exact under ten thousand."""
        if abs(count) < 10_000:  # noqa: PLR2004 - compact forms only help for large counts
            return self.integer(count)
        return self._compact(self._compact_alike(count))

    @_memo
    def _compact(self, count: int) -> str:
        return str(format_compact_decimal(count, fraction_digits=1, locale=self.locale))

    @cached_property
    def _compact_bands(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The locale's short compact magnitudes, and the place each rounds its figure at.

        Babel (CLDR's algorithm) picks the largest magnitude not above the count, divides by
        it less the pattern's extra zeros and rounds to one decimal: ``1,234,567`` ->
        ``1.2M`` rounds at the 100,000s. A place of 0 marks a plain ``0`` pattern (German
        under a million, Chinese and Japanese thousands), which prints the count whole.
        """
        other = self.locale.compact_decimal_formats["short"]["other"]
        magnitudes = tuple(sorted(int(m) for m in other))
        places = []
        for magnitude in magnitudes:
            pattern = parse_pattern(other[str(magnitude)]).pattern
            divisor = magnitude // 10 ** (pattern.count("0") - 1)
            decimal_place = str(magnitude).rstrip("0") == "1" and divisor >= 10  # noqa: PLR2004
            places.append(divisor // 10 if decimal_place and pattern != "0" else 0)
        return magnitudes, tuple(places)

    def _compact_alike(self, count: int) -> int:
        """Return a count whose compact form is ``count``'s, shared by all that round alike.

        The compact form depends on the count only through its magnitude band, the digits
        above the rounding place and whether the rest is zero, under, at or over half of it
        (whatever the rounding mode). The representative keeps all of these: the figures
        kept by ``_compact`` are then the few shown, not every count met.
        """
        if type(count) is not int or not 0 <= count < _EXACT_DECIMAL_BELOW:
            return count
        magnitudes, places = self._compact_bands
        band = bisect_right(magnitudes, count) - 1
        place = places[band] if band >= 0 else 0
        if place < 10:  # noqa: PLR2004 - a place of 10 leaves a half of 5 between 1 and 10
            return count
        above, rest = divmod(count, place)
        half = place // 2
        alike = 0 if rest == 0 else 1 if rest < half else half if rest == half else half + 1
        return above * place + alike

    @_memo
    def context(self, tokens: int) -> str:
        """Return a context length as model cards write it: ``128K``, ``1M``; exact when not a K.

        A round decimal count (``128000``, as "12.8万" or "128.000" say) is shown as written:
        it happens to be 125 x 1,024, and "125K" would read as a different number.
        """
        if tokens % DECIMAL_THOUSAND == 0:
            return self.integer(tokens)
        if tokens % TOKENS_PER_M == 0:
            return f"{tokens // TOKENS_PER_M}M"
        if tokens % TOKENS_PER_K == 0:
            return f"{tokens // TOKENS_PER_K}K"
        return self.integer(tokens)

    @_memo
    def seconds(self, value: float) -> str:
        """Return a duration in seconds, short form: ``0.35 s`` / ``0,35 с`` / ``0.35秒``."""
        unit = "duration-second"
        if value >= 120:  # noqa: PLR2004 - minutes read better past two of them
            value, unit = value / 60, "duration-minute"
        shown, _digits = two_significant(value)
        return self._unit(shown, unit)

    def durations(self, *hours: float, days_after: float = HOURS_BEFORE_DAYS) -> tuple[str, ...]:
        """Return lengths of time given in hours, all in the unit the first one reads best in.

        Minutes under an hour, hours under two days (``days_after`` hours), days past them, in
        CLDR's words for the unit (``30 часов``, ``4,4 Tage``, ``12.8日``). A range keeps the
        first one's unit.
        """
        first = hours[0] if hours else 0.0
        if first < 1:
            return tuple(self._long(round(max(h * 60, 1)), "duration-minute") for h in hours)
        if first < days_after:
            return tuple(self._long(_shown(h), "duration-hour") for h in hours)
        return tuple(self._long(_shown(h / HOURS_PER_DAY), "duration-day") for h in hours)

    @_memo
    def _long(self, shown: float, unit: str) -> str:
        """Return a figure already rounded as shown, in a CLDR unit, long form (``4,4 Tage``).

        Long, not short: short forms end in a period in some languages (``5 Tg.``), which a
        sentence's own period then doubles.
        """
        return str(format_unit(shown, unit, length="long", locale=self.locale))

    @_memo
    def percent(self, fraction: float) -> str:
        """Return a fraction as a percentage: ``90%`` / ``90 %``."""
        return str(format_percent(fraction, locale=self.locale))

    @_memo
    def ratio(self, value: float) -> str:
        """Return a multiple: ``2.5×``."""
        return f"{self.decimal(value, 1)}×"

    @_memo
    def day(self, value: date) -> str:
        """Return a calendar date, medium form: ``Nov 30, 2026`` / ``2026年11月30日``."""
        return str(format_date(value, format="medium", locale=self.locale))

    def filters(self) -> dict[str, Callable[..., str]]:
        """Return the Jinja2 filters templates use."""
        return {
            "integer": self.integer,
            "decimal": self.decimal,
            "approx": self.approx,
            "money": self.money,
            "gb": self.gigabytes,
            "size": self.size,
            "watts": self.watts,
            "tokens": self.tokens,
            "context": self.context,
            "seconds": self.seconds,
            "percent": self.percent,
            "ratio": self.ratio,
            "day": self.day,
        }
