"""bot.telegram.privacy and redirects: /forget and /stats read, votes, counting checkout links."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest

from bot.telegram.privacy import command_of, feedback_row, may_forget, read_vote, stats_text
from bot.telegram.redirects import CheckoutRedirects

TOKEN = "123456:ABCdefGhIJKlmnOPQRstuVWXyz0123456789"  # noqa: S105 - a fake
CHECKOUT = "https://fullgpu.com/en/gpus/h200?plan=h200-1x&quantity=1&lang=en"


@pytest.mark.parametrize(
    ("text", "command"),
    [
        ("/forget", "forget"),
        ("/FORGET please", "forget"),
        ("/forget@fullgpu_bot", "forget"),
        ("/forget@other_bot", None),
        ("/stats", "stats"),
        ("/start", None),
        ("forget", None),
    ],
)
def test_only_forget_and_stats_for_this_bot_are_its_own(text, command):
    """Commands for another bot, or other commands, go to the conversation as text."""
    assert command_of(text, "fullgpu_bot") == command


def test_in_a_group_only_owners_and_admins_may_forget():
    """Private chats always; groups for an owner or administrator only."""
    assert may_forget("private", None)
    assert may_forget("supergroup", "administrator")
    assert may_forget("group", "creator")
    assert not may_forget("supergroup", "member")
    assert not may_forget("group", None)


def test_votes_go_under_answers_only_and_read_back():
    """👍/👎 under sizing answers, none under help; a press reads back as (vote, kind)."""
    row = feedback_row("size")
    assert row is not None
    assert [button["text"] for button in row] == ["👍", "👎"]
    assert feedback_row("help") is None
    assert read_vote(row[0]["callback_data"]) == ("up", "size")
    assert read_vote(row[1]["callback_data"]) == ("down", "size")
    assert read_vote("fb:1:kinda") is None
    assert read_vote("1:abcdef:g:h200") is None
    assert all(len(b["callback_data"].encode()) <= 64 for b in row)


def test_stats_sum_each_counter_and_escape_labels():
    """The summary names each counter's labels with their counts, per period."""
    totals = {
        ("questions", "intent=size,language=en"): 3,
        ("questions", "intent=price,language=de"): 1,
        ("deep_links", "kind=size,source=<b>"): 2,
    }
    text = stats_text({7: totals, 30: totals})
    assert "Last 7 days</b>: 4 messages answered" in text
    assert "size/en 3" in text
    assert "size/&lt;b&gt; 2" in text
    assert "Last 30 days" in text


def test_a_checkout_link_is_wrapped_and_its_signature_checked():
    """The redirect names the plan and the target; a changed target fails the check."""
    redirects = CheckoutRedirects("https://bot.example.com/", TOKEN, ["h200-1x", "mi355x-8x"])
    wrapped = redirects.wrap(CHECKOUT)
    parts = urlsplit(wrapped)
    assert wrapped.startswith("https://bot.example.com/checkout/h200-1x?")
    query = parse_qs(parts.query)
    assert query["to"] == [CHECKOUT]
    assert redirects.check("h200-1x", CHECKOUT, query["sig"][0])
    assert not redirects.check("h200-1x", "https://evil.example/", query["sig"][0])
    assert not redirects.check("mi355x-8x", CHECKOUT, query["sig"][0])
    other = CheckoutRedirects("https://bot.example.com", "999:other", ["h200-1x"])
    assert not other.check("h200-1x", CHECKOUT, query["sig"][0])


def test_links_that_name_no_plan_stay_direct():
    """A product page or a chat link is not a checkout: left as it is."""
    redirects = CheckoutRedirects("https://bot.example.com", TOKEN, ["h200-1x"])
    for url in ("https://fullgpu.com/en/gpus/h200", "tg://user?id=5", "https://x.io/?plan=b200-9x"):
        assert redirects.wrap(url) == url
    assert redirects.plan_of("https://shop.example/buy/h200-1x/now") == "h200-1x"
