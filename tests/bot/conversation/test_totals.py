"""Totals and terms: plans counted and months multiplied out at list price, said first.

The issue's public examples are acceptance tests here: "how much for 3 months of an HGX H200
server?" opens with US$71,700, "two MI355X servers, what's the total per month?" with
US$39,800, and "Llama 3.3 70B 128K 10 Nutzer", "geht es billiger?", "und für 3 Monate?" answers
the lever and then the 3-month total, all in German. Checkout links and signed quotes carry the
quantity and the months.
"""

from __future__ import annotations

from decimal import Decimal
from urllib.parse import parse_qs, urlsplit

import pytest

from bot.answers.checkout import CheckoutConfig, check_quote, parse_quote
from bot.answers.i18n import localizer
from bot.conversation.pipeline import Pipeline
from bot.reply import ChatContext
from tests.helpers.answers import QUOTE_DAY, TEST_KEY

HGX_FOR_3_MONTHS = {
    "en": "how much for 3 months of an HGX H200 server?",
    "de": "Was kosten 3 Monate eines HGX-H200-Servers?",
    "fr": "combien pour 3 mois d'un serveur HGX H200 ?",
    "es": "¿cuánto cuestan 3 meses de un servidor HGX H200?",
    "ru": "сколько стоит сервер HGX H200 на 3 месяца?",
    "ja": "HGX H200 サーバー1台を3ヶ月借りるといくら？",
    "zh-Hans": "一台 HGX H200 服务器租 3 个月多少钱？",
}
TWO_MI355X_A_MONTH = {
    "en": "two MI355X servers, what's the total per month?",
    "de": "zwei MI355X-Server, was kostet das im Monat insgesamt?",
    "es": "dos servidores MI355X, ¿cuánto en total al mes?",
    "pt-BR": "dois servidores MI355X, quanto no total por mês?",
    "ko": "MI355X 서버 두 대 월 합계가 얼마예요?",
    "zh-Hant": "兩台 MI355X 伺服器每月總共多少？",
    "ja": "MI355Xサーバー2台で月額合計はいくら？",
}


def _money(language, amount):
    return localizer(language).formatter.money(Decimal(amount))


def _first_line(reply):
    return reply.text.splitlines()[0]


def _talk(pipeline, *messages):
    chat = ChatContext(chat_id=5)
    turns = []
    for text in messages:
        turns.append(pipeline.respond(text, chat))
        chat = turns[-1].chat
    return turns


@pytest.mark.parametrize("language", sorted(HGX_FOR_3_MONTHS))
def test_three_months_of_an_hgx_server_opens_with_its_total(pipeline, language):
    """US$23,900 × 3 = US$71,700, first, in the language asked; the terms and a person after."""
    reply = pipeline.respond(HGX_FOR_3_MONTHS[language], ChatContext()).reply
    loc = localizer(language)
    assert reply.language == language
    assert _money(language, 71700) in _first_line(reply)
    assert reply.data["total"] == {
        "months": 3,
        "lines": [
            {"plan": "h200-8x", "units": 1, "monthly_usd": "23900", "total_usd": "71700"},
        ],
        "monthly_usd": "23900",
        "total_usd": "71700",
    }
    labels = [b.text for row in reply.buttons for b in row]
    assert loc.gettext("Talk to a person") in labels


@pytest.mark.parametrize("language", sorted(TWO_MI355X_A_MONTH))
def test_two_mi355x_servers_open_with_their_monthly_total(pipeline, language):
    """Two MI355X servers: US$39,800 a month, first, in the language asked."""
    reply = pipeline.respond(TWO_MI355X_A_MONTH[language], ChatContext()).reply
    assert reply.language == language
    assert _money(language, 39800) in _first_line(reply)
    assert reply.data["total"]["lines"][0]["units"] == 2


def test_the_german_conversation_answers_the_lever_then_the_three_month_total(pipeline):
    """Sized, "geht es billiger?", "und für 3 Monate?": German throughout, the total first."""
    sized, cheaper, term = _talk(
        pipeline, "Llama 3.3 70B 128K 10 Nutzer", "geht es billiger?", "und für 3 Monate?"
    )
    assert [t.reply.language for t in (sized, cheaper, term)] == ["de", "de", "de"]
    assert cheaper.reply.data["lever"] == "cheaper"
    assert _first_line(cheaper.reply).startswith("Nichts Günstigeres als NVIDIA H200")
    assert "Günstiger mit einer Änderung:" in cheaper.reply.text
    assert _first_line(term.reply) == (
        "3 Monate NVIDIA H200, 5 Maschinen mit je einer GPU: " + _money("de", 46350)
    )
    assert "Mindestlaufzeit" in term.reply.text
    assert "auf Anfrage" in term.reply.text  # longer terms quoted on request


def test_a_mixed_fleet_adds_up_line_by_line():
    """2 HGX + 1 H200 for 6 months: each plan multiplied out, the sum, one link per plan."""
    reply = Pipeline().respond("2 HGX + 1 H200 for 6 months", ChatContext()).reply
    total = reply.data["total"]
    assert [(line["plan"], line["units"]) for line in total["lines"]] == [
        ("h200-8x", 2),
        ("h200-1x", 1),
    ]
    assert total["monthly_usd"] == "50890"
    assert total["total_usd"] == "305340"
    assert _first_line(reply).endswith("$305,340")
    assert "Together: $50,890 a month" in reply.text
    links = [b.url for row in reply.buttons for b in row if b.url]
    quantities = [parse_qs(urlsplit(url).query)["quantity"] for url in links]
    assert quantities == [["2"], ["1"]]
    assert all(parse_qs(urlsplit(url).query)["months"] == ["6"] for url in links)


def test_a_term_on_a_sizing_links_the_quantity_and_months_with_a_signed_quote():
    """After a sizing, "for 3 months?" links 5 machines for 3 months; the q3 quote verifies."""
    pipeline = Pipeline(CheckoutConfig(signing_key=TEST_KEY), today=lambda: QUOTE_DAY)
    term = _talk(pipeline, "Llama 3.3 70B 128K 10 users", "for 3 months?")[-1].reply
    url = next(b.url for row in term.buttons for b in row if b.url)
    query = parse_qs(urlsplit(url).query)
    assert query["plan"] == ["h200-1x"]
    assert query["quantity"] == ["5"]
    assert query["months"] == ["3"]
    quote = query["quote"][0]
    assert quote.startswith("q3.h200-1x.5.3.")
    facts = parse_quote(quote)
    assert facts is not None
    assert (facts.quantity, facts.months, facts.context_tokens) == (5, 3, 131072)
    assert check_quote(quote, TEST_KEY, QUOTE_DAY).valid


def test_the_term_stays_with_the_request_and_later_answers_say_its_total():
    """After "for 3 months?", "what if 20 users?" says the new plan's 3-month total too."""
    turns = _talk(Pipeline(), "Llama 3.3 70B 128K 10 users", "for 3 months?", "what if 20 users?")
    assert turns[-1].chat.last_request.months == 3
    assert "Over 3 months: $" in turns[-1].reply.text


def test_a_term_without_anything_on_the_table_prices_the_gpu_named():
    """Nothing sized yet, "how much is an H200 for 3 months?": one H200 for three months."""
    reply = Pipeline().respond("how much is an H200 for 3 months?", ChatContext()).reply
    assert _first_line(reply) == "3 months of NVIDIA H200, 1 single-GPU machine: $9,270"


def test_a_lever_with_nothing_on_the_table_asks_which_model():
    """Nothing sized yet, "cheaper?" or "two servers?": which model, never a guess."""
    for text in ("cheaper?", "two servers?", "explain this figure"):
        reply = Pipeline().respond(text, ChatContext()).reply
        assert reply.kind == "clarify"
        assert reply.data["code"] == "which_model"


def test_a_fleet_beyond_one_online_order_has_no_order_link():
    """100 HGX servers: the total is said, the order goes through a person (no checkout link)."""
    reply = Pipeline().respond("100 HGX H200 servers for 3 months", ChatContext()).reply
    assert reply.data["total"]["total_usd"] == str(Decimal(23900) * 100 * 3)
    assert not [b for row in reply.buttons for b in row if b.url]
    assert any(b.callback_data for row in reply.buttons for b in row)


@pytest.mark.parametrize(
    ("text", "lang", "total"),
    [
        ("I want to rent 3 single H200 VMs", "en", "$9,270"),
        ("単体H200を3台借りたい", "ja", "$9,270"),
    ],
)
def test_single_machines_counted_to_rent_get_their_total(pipeline, text, lang, total):
    """Three single H200s wanted: the total of three, with a checkout link for three."""
    reply = pipeline.respond(text, ChatContext(chat_id=1, telegram_language=lang)).reply
    assert total in reply.text, reply.text
    links = [b.url for row in reply.buttons for b in row if b.url]
    assert any("quantity=3" in link for link in links), links
