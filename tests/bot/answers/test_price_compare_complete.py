"""/price and /compare state the page's rows in every language: drives, form factor, ratios."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.answers.i18n import localizer
from bot.answers.render import render_compare, render_price
from bot.languages import LANGUAGES
from sizing.catalog.pricing import price_list
from sizing.deploy.compare import compare_gpus
from sizing.request import GpuId


@pytest.mark.parametrize("language", LANGUAGES)
def test_price_lists_count_the_drives_in_every_language(language):
    """Servers list their 8 × 3.84 TB drives, the single H200 its one 2 TB drive (CJK too)."""
    loc = localizer(language)
    text = render_price(loc, price_list(None)).text
    eight = f"8 × {loc.formatter.size(3.84e12, exact=True)}"
    assert text.count(eight) == 2, text
    assert loc.formatter.size(2e12, exact=True) in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_compare_has_the_form_factor_row_and_the_page_takeaways(language):
    """OAM and SXM rows; ~2x memory, ~1.7x bandwidth, ~2.5x FP8, $4,000 cheaper, 2.5x per dollar."""
    loc = localizer(language)
    fmt = loc.formatter
    text = render_compare(loc, compare_gpus(GpuId.MI355X, GpuId.H200)).text
    assert "OAM" in text
    assert "SXM" in text
    for figure in (fmt.ratio(2.0), fmt.ratio(1.7), fmt.ratio(2.5), fmt.money(Decimal(4000))):
        assert figure in text, (figure, text)


def test_takeaways_follow_the_prices_in_use():
    """The $4,000 gap is computed, not written: a comparison of other GPUs states none."""
    text = render_compare(localizer("en"), compare_gpus(GpuId.H200, GpuId.B200)).text
    assert "$4,000" not in text
    assert "B200 next to H200" in text
