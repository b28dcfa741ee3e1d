"""Size, price and compare answers rendered from engine data (hand-built and real)."""

from dataclasses import replace
from datetime import date
from decimal import Decimal

import pytest

from bot.answers import kept as kept_module
from bot.answers import render as render_module
from bot.answers.buttons import MAX_CALLBACK_BYTES, decode
from bot.answers.checkout import CheckoutConfig, verify_quote
from bot.answers.i18n import localizer
from bot.answers.render import (
    command_menu,
    render_compare,
    render_price,
    render_size,
    ticket_html,
)
from bot.answers.views.size import QuoteContext
from bot.languages import LANGUAGES
from sizing.catalog.pricing import price_list
from sizing.catalog_install import install
from sizing.codes import Caveat, Reason
from sizing.deploy.compare import compare_gpus
from sizing.request import GpuId
from tests.fakes.telegram_html import check_telegram_html

KEY = b"render-key"


def _size(answer, language="en", state="abc123"):
    quote = QuoteContext(model_id=answer.model.id, issued=date(2026, 11, 30))
    checkout = CheckoutConfig(signing_key=KEY)
    return render_size(localizer(language), answer, checkout=checkout, quote=quote, state=state)


def test_recommendation_comes_first_then_why_then_alternatives(answer):
    """The answer leads with the plan, then why it fits, then other options and caveats."""
    text = _size(answer).text
    headings = ("Recommendation", "Why it fits", "Also fits", "Does not fit", "Watch out")
    order = [text.index(s) for s in (*headings, "Assumptions")]
    assert order == sorted(order)
    assert text.index("8× AMD Instinct MI355X") < text.index("Why it fits")


@pytest.mark.parametrize("language", LANGUAGES)
def test_b200_is_never_given_a_price(answer, language):
    """Even with a price in its data, the B200 option prints none, in any language."""
    reply = _size(answer, language)
    for body in (reply.html, reply.text, reply.detail_html):
        assert "99,999" not in body
        assert "99999" not in body
        assert "9.99" not in body
        assert "B200" in body


def test_b200_line_says_to_ask_for_a_quote(answer):
    """The B200 alternative tells the customer there is no price here and to ask for a quote."""
    assert "price on request" in _size(answer).text


def test_options_that_do_not_fit_say_why_in_words(answer):
    """A non-fitting option carries its reason as a sentence, not a code."""
    text = _size(answer).text
    assert "Single-GPU plans are separate machines" in text
    assert Reason.SINGLE_GPU_PLAN_CANNOT_SHARD.value not in text


def test_assumptions_name_precision_kv_and_reserve(answer):
    """The assumptions say the weight precision, the KV dtype and the serving reserve."""
    text = _size(answer).text
    assert "Weights in FP8, KV cache in BF16." in text
    assert "keeps 10% of GPU memory in reserve" in text


def test_a_defaulted_context_is_said_in_the_assumptions(answer_factory):
    """When the engine assumed the context, the answer says so next to the figures."""
    text = _size(answer_factory(caveats=(Caveat.CONTEXT_DEFAULTED,))).text
    assert "No context length given: sized for 128K per user." in text


def test_time_to_first_token_reads_well_for_any_context_length(answer):
    """English says "after a prompt of 128K", which stays right for 8K and 80K (no "a 8K")."""
    text = _size(answer).text
    assert "First token after a prompt of 128K: about" in text
    assert "after a 128K prompt" not in text


def test_technical_caveats_go_to_details(answer_factory):
    """How-it-was-computed notes stay out of the phone-sized answer, inside the details."""
    reply = _size(answer_factory(caveats=(Caveat.MTP_EXCLUDED,)))
    assert "multi-token-prediction" not in reply.html
    assert "multi-token-prediction" in (reply.detail_html or "")


def test_nothing_fits_says_so_and_offers_no_checkout(answer_factory, option_factory):
    """With no recommendation, the answer says nothing fits and has no order button."""
    options = (option_factory(fits=False, reason=Reason.WEIGHTS_EXCEED_MEMORY, gpus=0, servers=0),)
    reply = _size(answer_factory(options=options, recommended_index=None))
    assert "Nothing we rent fits this request as asked." in reply.text
    assert "The weights alone are larger than this plan's GPU memory." in reply.text
    assert not any(b.url for row in reply.buttons for b in row)
    check_telegram_html(reply.html)


def test_checkout_button_carries_a_verifiable_quote(answer):
    """The order button links to the recommended plan with a quote signed by the key."""
    button = _size(answer).buttons[0][0]
    assert button.url is not None
    assert "plan=mi355x-8x" in button.url
    ref = button.url.split("quote=")[1].split("&")[0]
    assert verify_quote(ref, KEY)


def test_callback_buttons_fit_telegram_and_decode(answer):
    """Every callback button is within 64 bytes and readable by the callback grammar."""
    reply = _size(answer)
    datas = [b.callback_data for row in reply.buttons for b in row if b.callback_data]
    assert {d.split(":")[2] for d in datas} == {"g", "p", "c", "d", "t", "v"}
    for data in datas:
        assert len(data.encode()) <= MAX_CALLBACK_BYTES
        assert decode(data) is not None


def test_without_state_there_are_only_link_buttons(answer):
    """Inline and ticket answers get no callback buttons (nothing to call back into)."""
    reply = _size(answer, state=None)
    assert all(b.url for row in reply.buttons for b in row)


def test_model_names_are_escaped_in_html(answer_factory):
    """A model name with markup characters cannot break Telegram HTML."""
    answer = answer_factory()
    answer = replace(answer, model=replace(answer.model, name="<evil & co>"))
    reply = _size(answer)
    assert "&lt;evil &amp; co&gt;" in reply.html
    assert "<evil & co>" in reply.text
    check_telegram_html(reply.html)
    check_telegram_html(reply.detail_html)


def test_ticket_html_is_preformatted_and_escaped():
    """The ticket message is the plain text in <pre>, escaped, within Telegram's limit."""
    html = ticket_html(localizer("en"), "a < b & c")
    assert html == "<pre>a &lt; b &amp; c</pre>"
    check_telegram_html(html)


def test_long_ticket_text_drops_the_option_list_to_fit():
    """A ticket text over 4096 units is cut before the full option list."""
    text = "head\n\nAll options\n" + "x" * 5000
    html = ticket_html(localizer("en"), text)
    assert html == "<pre>head</pre>"


def test_price_list_shows_every_plan_with_prices_hardware_and_stock():
    """/price lists each plan: monthly, per GPU-hour, per GB-month, hardware, lead time."""
    reply = render_price(localizer("en"), price_list(None), checkout=CheckoutConfig())
    monthly = ("$19,900 a month", "$3,090 a month", "$23,900 a month")
    for figure in (*monthly, "$3.41", "$4.23", "$4.09", "$8.64", "$21.19"):
        assert figure in reply.text
    assert "2x EPYC 9575F (128 cores)" in reply.text
    assert "delivered within 7 business days of payment" in reply.text
    assert "in stock, delivered within 1 business day of payment" in reply.text
    assert len(reply.buttons) == 3


def test_price_for_b200_explains_it_is_not_priced_here():
    """/price b200 prints no dollar figure and says to ask for a quote."""
    reply = render_price(localizer("en"), price_list(GpuId.B200), checkout=CheckoutConfig())
    assert "$" not in reply.text
    assert "don't list a B200 price" in reply.text
    assert reply.buttons == ()


@pytest.mark.parametrize("language", LANGUAGES)
def test_command_menu_has_every_command_described(language):
    """The setMyCommands menu has the seven commands, each described, in every language."""
    menu = command_menu(localizer(language))
    assert [c for c, _ in menu] == ["size", "train", "price", "compare", "lang", "sales", "help"]
    assert all(0 < len(d) <= 256 for _, d in menu)  # Telegram: 1-256 characters


def test_money_in_the_answer_is_the_engines(answer_factory, option_factory):
    """A changed engine price changes the printed price: nothing is typed into templates."""
    option = option_factory(monthly_usd=Decimal("12345.00"))
    text = _size(answer_factory(options=(option,))).text
    assert "$12,345 a month" in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_over_budget_options_show_what_they_would_cost(language):
    """A plan set aside by the budget shows its shape and price, and no precision advice."""
    from sizing.deploy.engine import size_deployment  # noqa: PLC0415 - a real engine answer
    from sizing.request import SizingRequest  # noqa: PLC0415

    answer = size_deployment(
        SizingRequest(
            model_id="zai-org/GLM-4.5-Air",
            context_tokens=32768,
            concurrency=50,
            budget_usd_month=5000,
        )
    )
    loc = localizer(language)
    reply = _size(answer, language)
    for option in answer.options:
        if option.fits and option.price.monthly_usd is not None:
            assert loc.formatter.money(option.price.monthly_usd) in reply.html
    advice = "Try a lower precision or a shorter context, or ask us about several servers."
    assert loc.gettext(advice) not in reply.text
    check_telegram_html(reply.html)


def _fresh(reply):
    """Every field of a reply, the deferred ones read (made) too."""
    fields = (reply.html, reply.text, reply.buttons, reply.detail_html, reply.launch_html)
    return (*fields, reply.data)


def test_the_same_answer_rendered_again_reuses_its_message_and_buttons(answer, monkeypatch):
    """A second render of one answer with the same arguments builds no view; every field agrees."""
    first = _fresh(_size(answer, state="5a3e00"))
    made = []
    original = render_module.size_view
    monkeypatch.setattr(
        render_module, "size_view", lambda *a, **k: made.append(a) or original(*a, **k)
    )
    again = _size(answer, state="5a3e00")
    assert (again.html, again.buttons) == first[:3:2]
    assert made == []  # message and buttons came from the kept render
    assert _fresh(again) == first  # the ticket text, details and JSON are made when read
    assert len(made) == 1


@pytest.mark.parametrize(
    "change",
    [
        {"language": "de"},
        {"state": "0b0b0b"},
        {"notes": ("A note first.",)},
        {"issued": date(2026, 12, 1)},
        {"copy": True},
    ],
)
def test_a_render_is_reused_only_for_the_same_arguments_and_answer(answer, change):
    """Another language, chat state, note, quote date or answer object is rendered afresh."""
    base = {"language": "en", "state": "a1a1a1", "notes": (), "issued": date(2026, 11, 30)}
    args = {**base, **{k: v for k, v in change.items() if k != "copy"}}
    target = replace(answer) if change.get("copy") else answer

    def render(what, language, state, notes, issued):
        quote = QuoteContext(model_id=what.model.id, issued=issued)
        checkout = CheckoutConfig(signing_key=KEY)
        reply = render_size(
            localizer(language), what, checkout=checkout, quote=quote, state=state, notes=notes
        )
        return _fresh(reply)

    render(answer, **base)  # kept
    expected = _fresh_without_cache(target, **args)
    assert render(target, **args) == expected


def _fresh_without_cache(what, language, state, notes, issued):
    render_module._rendered_sizes.clear()
    quote = QuoteContext(model_id=what.model.id, issued=issued)
    reply = render_size(
        localizer(language),
        what,
        checkout=CheckoutConfig(signing_key=KEY),
        quote=quote,
        state=state,
        notes=notes,
    )
    return _fresh(reply)


def test_the_kept_renders_are_bounded(answer):
    """Past ``RENDERED_SIZES_MAX`` entries the least recently used render goes first."""
    render_module._rendered_sizes.clear()
    for index in range(render_module.RENDERED_SIZES_MAX + 10):
        _size(answer, state=f"{index:06x}")
    kept = render_module._rendered_sizes
    assert len(kept) == render_module.RENDERED_SIZES_MAX
    states = [key[4] for key in kept]
    assert states[0] == f"{10:06x}"
    assert states[-1] == f"{render_module.RENDERED_SIZES_MAX + 9:06x}"


def test_a_comparison_or_price_list_is_one_reply_per_answer_language_and_checkout():
    """The same kept answer in the same language is the same reply; any other input is new."""
    en, de = localizer("en"), localizer("de")
    comparison = compare_gpus(GpuId.MI355X, GpuId.H200)
    first = render_compare(en, comparison)
    assert render_compare(en, compare_gpus(GpuId.MI355X, GpuId.H200)) is first
    assert render_compare(de, comparison) is not first
    assert render_compare(en, replace(comparison)).html == first.html
    assert render_compare(en, replace(comparison)) is not first
    checkout = CheckoutConfig()
    prices = render_price(en, price_list(), checkout=checkout)
    assert render_price(en, price_list(), checkout=checkout) is prices
    assert render_price(
        en, price_list(), checkout=CheckoutConfig(url_template="https://example.com/{plan}")
    ) is not (prices)
    assert render_price(en, price_list(GpuId.H200), checkout=checkout) is not prices


def test_a_new_catalog_renders_its_comparisons_and_prices_afresh():
    """After the catalog is installed again, its answers are new objects: no old reply served."""
    en = localizer("en")
    comparison = render_compare(en, compare_gpus(GpuId.MI355X, GpuId.H200))
    prices = render_price(en, price_list())
    install(None)
    assert render_compare(en, compare_gpus(GpuId.MI355X, GpuId.H200)) is not comparison
    assert render_price(en, price_list()) is not prices


def test_the_kept_comparisons_and_prices_are_bounded():
    """Past ``KEPT_REPLIES_MAX`` entries the least recently used reply goes first."""
    kept_module._kept_replies.clear()
    comparison = compare_gpus(GpuId.MI355X, GpuId.H200)
    answers = [replace(comparison) for _ in range(kept_module.KEPT_REPLIES_MAX + 10)]
    for answer in answers:
        render_compare(localizer("en"), answer)
    kept = [entry[0] for entry in kept_module._kept_replies.values()]
    assert len(kept) == kept_module.KEPT_REPLIES_MAX
    assert kept[0] is answers[10]
    assert kept[-1] is answers[-1]
