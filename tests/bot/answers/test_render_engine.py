"""The engine's own answers rendered: one smoke test per kind, asserting facts, not whole texts.

The goldens render hand-made answers, so that they change only with the wording; these tests
render what the engine answers today and check the facts a customer reads in it (the plan,
how many, the price, the language, the first line's verdict), whatever the figures are.
"""

import pytest

from bot.answers.checkout import CheckoutConfig
from bot.answers.i18n import localizer
from bot.answers.knowledge import render_knowledge
from bot.answers.render import render_compare, render_price, render_size
from bot.answers.views.size import QuoteContext
from bot.answers.words.plan_names import option_name
from sizing import (
    GpuId,
    Precision,
    Question,
    SizingRequest,
    Topic,
    answer_question,
    compare_gpus,
    load_plans,
    price_list,
    size_deployment,
)
from tests.fakes.telegram_html import check_telegram_html
from tests.helpers.answers import QUOTE_DAY, TEST_KEY

CHECKOUT = CheckoutConfig(signing_key=TEST_KEY)
LANGUAGES = ("en", "ja", "de")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_sizing_answer_leads_with_the_engines_pick_and_its_price(language):
    """The first line names the recommended plan, its units and its monthly price."""
    answer = size_deployment(
        SizingRequest(model_id="deepseek-ai/DeepSeek-V3", precision=Precision.BF16)
    )
    loc = localizer(language)
    quote = QuoteContext(model_id=answer.model.id, issued=QUOTE_DAY)
    reply = render_size(loc, answer, checkout=CHECKOUT, quote=quote, state="abc123")
    pick = answer.options[answer.recommended_index]
    first = reply.text.splitlines()[0]
    assert reply.language == language
    assert option_name(pick) in first
    assert loc.formatter.money(pick.price.monthly_usd) in first
    assert loc.formatter.integer(pick.servers) in first
    check_telegram_html(reply.html)
    check_telegram_html(reply.detail_html)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_price_list_shows_every_plan_at_its_price(language):
    """Each plan of the catalog appears with its monthly price; the B200 with none."""
    loc = localizer(language)
    reply = render_price(loc, price_list(None), checkout=CHECKOUT)
    for plan in load_plans():
        assert loc.formatter.money(plan.monthly_usd) in reply.text
    check_telegram_html(reply.html)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_comparison_names_both_gpus_and_the_server_prices(language):
    """MI355X against H200: both names, both server prices, the fit table."""
    answer = compare_gpus(GpuId.MI355X, GpuId.H200)
    loc = localizer(language)
    reply = render_compare(loc, answer)
    assert answer.a.name in reply.text
    assert answer.b.name in reply.text
    for price in (answer.server_monthly_usd_a, answer.server_monthly_usd_b):
        assert loc.formatter.money(price) in reply.text
    check_telegram_html(reply.html)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_gpu_card_gives_the_gpus_memory(language):
    """The knowledge answer of a GPU card states its memory and is valid Telegram HTML."""
    answer = answer_question(Question(Topic.GPU_CARD, gpus=(GpuId.H200,)))
    reply = render_knowledge(localizer(language), answer, checkout=CHECKOUT)
    assert "141" in reply.text
    assert reply.language == language
    check_telegram_html(reply.html)
