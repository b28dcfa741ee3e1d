"""Numbers, money, sizes and durations in the customer's locale."""

import re
from decimal import Decimal

import pytest
from babel.numbers import format_compact_decimal, format_decimal
from babel.units import format_unit
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.answers.formatting import Formatter, two_significant
from bot.answers.i18n import localizer
from bot.languages import LANGUAGES, TABLE, language_of


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "$19,900"),
        ("zh-Hans", "US$19,900"),
        ("ru", "19\u00a0900\u00a0$"),
        ("de", "19.900\u00a0$"),
        ("pt-BR", "US$\u00a019.900"),
    ],
)
def test_whole_dollar_prices_have_no_cents_and_follow_the_locale(language, expected):
    """Monthly prices print as whole dollars, with the locale's grouping and symbol place."""
    assert Formatter(language_of(language).cldr_locale).money(Decimal("19900.00")) == expected


def test_cents_are_kept_when_the_amount_has_them():
    """Per GPU-hour prices keep their cents."""
    assert Formatter("en_US").money(Decimal("3.41")) == "$3.41"
    assert Formatter("fr_FR").money(Decimal("3.41")) == "3,41\u00a0$US"


@given(
    st.sampled_from(sorted(row.cldr_locale for row in TABLE)),
    st.integers(min_value=0, max_value=10**9),
)
def test_money_keeps_every_digit_of_a_whole_amount(locale, dollars):
    """Whatever the locale, the digits of a whole-dollar amount survive formatting."""
    text = Formatter(locale).money(Decimal(dollars))
    assert re.sub(r"\D", "", text) == str(dollars)


@given(
    st.sampled_from(sorted(row.cldr_locale for row in TABLE)),
    st.integers(min_value=0, max_value=10**7),
)
def test_integers_keep_every_digit(locale, value):
    """Grouping separators change, digits do not."""
    assert re.sub(r"\D", "", Formatter(locale).integer(value)) == str(value)


@pytest.mark.parametrize(
    ("tokens", "label"),
    [
        (131072, "128K"),
        (32768, "32K"),
        (1048576, "1M"),
        (8000, "8,000"),
        (128000, "128,000"),  # 125 x 1,024, but written (12.8万, 128.000) as a decimal count
        (1024000, "1,024,000"),
    ],
)
def test_context_lengths_read_as_model_cards_write_them(tokens, label):
    """128K means 131,072 tokens; decimal counts and odd lengths print as written."""
    assert Formatter("en_US").context(tokens) == label


def test_sizes_use_decimal_units_in_the_locale():
    """GB are 10^9 bytes; French writes Go, Russian ГБ."""
    assert Formatter("en_US").gigabytes(1_342_052_808_704) == "1,342 GB"
    assert Formatter("fr_FR").gigabytes(288e9) == "288\u202fGo"
    assert Formatter("ru_RU").size(1.6e12) == "1,6 ТБ"
    assert Formatter("en_US").size(3.84e12, exact=True) == "3.84 TB"


def test_large_token_counts_are_compact_in_the_locale():
    """Millions of tokens print compactly: 3.1M in English, 310万 in Chinese."""
    assert Formatter("en_US").tokens(3_100_000) == "3.1M"
    assert Formatter("zh_Hans_CN").tokens(3_100_000) == "310万"
    assert Formatter("en_US").tokens(9_999) == "9,999"


def test_durations_and_percentages_follow_the_locale():
    """Seconds and percentages use the locale's unit words and spacing."""
    assert Formatter("en_US").seconds(7.669) == "7.7 sec"
    assert Formatter("de_DE").percent(0.1) == "10\u00a0%"
    assert Formatter("en_US").seconds(1800) == "30 min"


def test_lengths_of_time_are_said_in_the_customers_words_with_one_unit_for_a_range():
    """A job's hours read in the locale's own words, days past two days, a range in one unit."""
    assert Formatter("ru_RU").durations(306, 266, 360) == ("12,8 дня", "11,1 дня", "15 дней")
    assert Formatter("en_US").durations(9.2, 8, 10.8) == ("9.2 hours", "8 hours", "10.8 hours")
    assert Formatter("de_DE").durations(0.5) == ("30 Minuten",)
    (ja,) = Formatter("ja_JP").durations(12)
    assert "時間" in ja
    assert not Formatter("de_DE").durations(120)[0].endswith(".")  # no "5 Tg." before a period


@given(st.floats(min_value=1e-3, max_value=1e9, allow_nan=False))
def test_two_significant_digits_stay_within_five_percent(value):
    """Rounding estimates to two significant digits moves them by at most 5%."""
    shown, _digits = two_significant(value)
    assert abs(shown - value) <= 0.05 * value


@given(
    st.sampled_from(sorted(row.cldr_locale for row in TABLE)),
    st.lists(st.floats(min_value=1, max_value=999), min_size=1, max_size=20),
)
def test_figures_formatted_after_others_read_as_babel_writes_them(locale, values):
    """Sizes, gigabytes and durations kept by their shown figure are CLDR's, unit by unit."""
    formatter = Formatter(locale)

    def cldr(shown, unit):
        return format_unit(shown, unit, length="short", locale=locale)

    for value in values:  # the same figures in four units, each kept apart
        shown = two_significant(value)[0]
        gigabytes = round(value) if value >= 10 else round(value, 1)
        seconds = cldr(shown, "duration-second")
        if value >= 120:
            seconds = cldr(two_significant(value / 60)[0], "duration-minute")
        assert formatter.gigabytes(value * 1e9) == cldr(gigabytes, "digital-gigabyte")
        assert formatter.seconds(value) == seconds
        for power, unit in ((3, "digital-kilobyte"), (12, "digital-terabyte")):
            in_unit = two_significant(value * 10**power / 10**power)[0]
            assert formatter.size(value * 10**power) == cldr(in_unit, unit)


def _near_rounding(draw_digits, place_power, offset):
    """Return ``draw_digits`` above a power-of-ten place, ``offset`` from a whole."""
    return max(10_000, draw_digits * 10**place_power + offset)


_COUNTS = st.one_of(
    st.integers(min_value=10_000, max_value=10**28),
    st.builds(
        _near_rounding,
        st.integers(min_value=1, max_value=10**5),
        st.integers(min_value=1, max_value=16),
        st.sampled_from([-1, 0, 1])
        | st.builds(
            lambda p, d: 5 * 10 ** (p - 1) + d, st.integers(0, 16), st.sampled_from([-1, 0, 1])
        ),
    ),
)


@given(
    st.sampled_from(sorted(row.cldr_locale for row in TABLE)),
    st.lists(_COUNTS, min_size=1, max_size=20),
)
def test_token_counts_kept_by_their_rounding_read_as_babel_writes_them(locale, counts):
    """Counts that round alike share one compact form, and each is Babel's own for its count."""
    formatter = Formatter(locale)
    for count in counts:  # after others: a kept figure must be this count's too
        expected = format_compact_decimal(count, fraction_digits=1, locale=locale)
        assert formatter.tokens(count) == expected


@pytest.mark.parametrize("locale", sorted(row.cldr_locale for row in TABLE))
def test_token_counts_at_each_rounding_edge_read_as_babel_writes_them(locale):
    """Just under, at and over each half and each carry into the next magnitude, in every locale."""
    formatter = Formatter(locale)
    for power in range(4, 18):
        for digits in (1, 9, 99, 999, 9999):
            for base in (digits * 10**power, digits * 10**power + 5 * 10 ** (power - 1)):
                for count in range(max(10_000, base - 2), base + 3):
                    expected = format_compact_decimal(count, fraction_digits=1, locale=locale)
                    assert formatter.tokens(count) == expected, count


@settings(max_examples=400, deadline=None)
@given(
    st.sampled_from(LANGUAGES),
    st.one_of(
        st.integers(min_value=-(10**25) + 1, max_value=10**25 - 1),
        st.floats(min_value=-1e15, max_value=1e15, allow_nan=False),
    ),
)
def test_whole_numbers_read_as_babel_writes_them(language, value):
    """``integer`` writes a number as Babel's standard pattern does, without Babel."""
    formatter = localizer(language).formatter
    expected = str(format_decimal(round(value), locale=formatter.locale))
    assert Formatter.integer.__wrapped__(formatter, value) == expected
