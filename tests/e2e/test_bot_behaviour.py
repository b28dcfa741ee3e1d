"""How the Telegram layer behaves, with a stand-in pipeline: the wiring, not the words."""

from __future__ import annotations

import pytest

from tests.e2e.harness import bot_settings, running_bot
from tests.fakes.pipeline import EchoPipeline, echo_menu
from tests.fakes.users import FakeUser, group_chat

MODES = ["polling", "webhook"]


@pytest.mark.parametrize("mode", MODES)
async def test_private_message_is_answered_with_html_and_buttons(fake, state_url, mode):
    """A private message gets one HTML answer with its keyboard; a fast one without "typing"."""
    settings = bot_settings(fake, mode, state_url)
    async with running_bot(fake, settings, EchoPipeline(), echo_menu):
        user = FakeUser(fake, 501, language_code="de")
        await user.says("70B on H200?")
        await fake.wait_for(lambda: len(fake.sent(501)) == 1)
    message = fake.sent(501)[0]
    assert message["text"] == "size: 70B on H200? [de]"
    assert message["reply_markup"]["inline_keyboard"][0][0]["callback_data"] == "1:abcdef:g:h200"
    assert fake.calls_to("sendChatAction") == []


@pytest.mark.parametrize("mode", MODES)
async def test_group_answers_only_when_addressed(fake, state_url, mode):
    """In a group: a mention, a command and a reply to the bot are answered; chatter is not."""
    settings = bot_settings(fake, mode, state_url)
    async with running_bot(fake, settings, EchoPipeline(), echo_menu):
        group = group_chat(fake)
        user = FakeUser(fake, 502)
        await user.says("anyone tried vLLM on ROCm?", chat=group)
        await user.says(f"@{fake.username} 405B fp8", chat=group)
        await fake.wait_for(lambda: len(fake.sent(group["id"])) == 1)
        await user.says("/price@some_other_bot", chat=group)
        await user.says("/price", chat=group)
        await fake.wait_for(lambda: len(fake.sent(group["id"])) == 2)
        await user.says("and with 128K?", chat=group, reply_to=fake.sent(group["id"])[0])
        await fake.wait_for(lambda: len(fake.sent(group["id"])) == 3)
    texts = [m["text"] for m in fake.sent(group["id"])]
    assert texts == [
        f"size: @{fake.username} 405B fp8 [en]",
        "size: /price [en]",
        "size: and with 128K? [en]",
    ]
    assert all(m["reply_to_message"]["chat"]["id"] == group["id"] for m in fake.sent(group["id"]))


@pytest.mark.parametrize("mode", MODES)
async def test_duplicate_update_is_answered_once(fake, state_url, mode):
    """The same update_id delivered twice gets one answer."""
    settings = bot_settings(fake, mode, state_url)
    async with running_bot(fake, settings, EchoPipeline(), echo_menu):
        user = FakeUser(fake, 503)
        update = user.message(user.private_chat(), "hello")
        await fake.push(update)
        await fake.push(update)
        await user.says("second")
        await fake.wait_for(lambda: len(fake.sent(503)) == 2)
    assert [m["text"] for m in fake.sent(503)] == ["size: hello [en]", "size: second [en]"]


@pytest.mark.parametrize("mode", MODES)
async def test_429_is_waited_out_then_sent(fake, state_url, mode):
    """A 429 with retry_after delays the answer by that long, then it is sent."""
    settings = bot_settings(fake, mode, state_url)
    async with running_bot(fake, settings, EchoPipeline(), echo_menu):
        fake.fail("sendMessage", retry_after=1)
        await FakeUser(fake, 504).says("hi")
        await fake.wait_for(lambda: len(fake.sent(504)) == 1)
    refused, sent = fake.calls_to("sendMessage")
    assert refused.status == 429
    assert sent.status == 200
    assert sent.result["text"] == "size: hi [en]"
    assert sent.at_s - refused.at_s >= 1.0


async def test_failing_command_menus_do_not_stop_start_up(fake, state_url):
    """SetMyCommands failing (here: every call) is logged and the bot still answers."""
    fake.fail("setMyCommands", code=500, description="Internal Server Error", times=100)
    settings = bot_settings(fake, "polling", state_url)
    async with running_bot(fake, settings, EchoPipeline(), echo_menu):
        await FakeUser(fake, 505).says("hi")
        await fake.wait_for(lambda: len(fake.sent(505)) == 1)
    assert fake.commands == {}


async def test_command_menus_are_published_per_language(fake, state_url):
    """One default menu and one per language code Telegram accepts (two letters)."""
    settings = bot_settings(fake, "polling", state_url)
    async with running_bot(fake, settings, EchoPipeline(), echo_menu):
        pass
    assert fake.commands[""][0]["description"] == "start (en)"
    assert fake.commands["zh"][0]["description"] == "start (zh-Hans)"
    assert fake.commands["pt"][0]["description"] == "start (pt-BR)"
    assert set(fake.commands) == {"", "zh", "ru", "ja", "ko", "es", "pt", "de", "fr"}


async def test_wrong_webhook_secret_is_refused_with_403(fake, state_url):
    """A POST without the right secret header is refused and nothing is answered."""
    settings = bot_settings(fake, "webhook", state_url)
    async with running_bot(fake, settings, EchoPipeline(), echo_menu):
        fake.webhook["secret_token"] = "not-the-secret"  # noqa: S105 - a wrong one
        user = FakeUser(fake, 506)
        await user.says("hi")
        fake.webhook["secret_token"] = None
        await user.says("no header")
    assert fake.deliveries == [403, 403]
    assert fake.sent(506) == []


@pytest.mark.parametrize("mode", MODES)
async def test_button_press_edits_the_answer_and_ignores_not_modified(fake, state_url, mode):
    """A press edits the message in place; the same answer again is not an error."""
    settings = bot_settings(fake, mode, state_url)
    async with running_bot(fake, settings, EchoPipeline(), echo_menu):
        user = FakeUser(fake, 507)
        await user.says("70B")
        await fake.wait_for(lambda: len(fake.sent(507)) == 1)
        answer = fake.sent(507)[0]
        await user.presses(answer, "1:abcdef:g:h200")
        await fake.wait_for(lambda: len(fake.calls_to("editMessageText")) == 1)
        await user.presses(answer, "1:abcdef:g:h200")
        await fake.wait_for(lambda: len(fake.calls_to("editMessageText")) == 2)
        await fake.wait_for(lambda: len(fake.calls_to("answerCallbackQuery", ok=True)) == 2)
    first, second = fake.calls_to("editMessageText")
    assert first.status == 200
    assert first.result["text"] == "callback: 1:abcdef:g:h200 [en]"
    assert second.status == 400  # "message is not modified", swallowed by the bot
    assert len(fake.sent(507)) == 1


@pytest.mark.parametrize("mode", MODES)
async def test_inline_query_gets_ready_to_send_articles(fake, state_url, mode):
    """An inline query is answered with HTML articles in the user's language."""
    settings = bot_settings(fake, mode, state_url)
    async with running_bot(fake, settings, EchoPipeline(), echo_menu):
        await FakeUser(fake, 508, language_code="ja").types_inline("llama 70b")
        await fake.wait_for(lambda: bool(fake.calls_to("answerInlineQuery")))
    call = fake.calls_to("answerInlineQuery")[0]
    assert call.status == 200
    article = call.params["results"][0]
    assert article["input_message_content"]["parse_mode"] == "HTML"
    assert article["input_message_content"]["message_text"] == "<b>inline: llama 70b [ja]</b>"
    assert call.params["is_personal"] is True


async def test_pipeline_failure_gets_a_polite_answer_and_the_bot_goes_on(
    fake, state_url, expect_errors
):
    """An exception in a handler is logged; the user gets an apology; later messages work."""
    settings = bot_settings(fake, "polling", state_url)
    async with running_bot(fake, settings, EchoPipeline(fail_on="boom"), echo_menu):
        user = FakeUser(fake, 509)
        await user.says("boom")
        await fake.wait_for(lambda: len(fake.sent(509)) == 1)
        await user.says("fine")
        await fake.wait_for(lambda: len(fake.sent(509)) == 2)
    apology, answer = fake.sent(509)
    assert apology["text"].startswith("Sorry")
    assert answer["text"] == "size: fine [en]"


async def test_language_choice_survives_a_restart(fake, state_url):
    """/lang is stored in the SQLite file: a new Application on the same file keeps it."""
    user = FakeUser(fake, 510, language_code="en")
    async with running_bot(
        fake, bot_settings(fake, "polling", state_url), EchoPipeline(), echo_menu
    ):
        await user.says("/lang ru")
        await fake.wait_for(lambda: len(fake.sent(510)) == 1)
    async with running_bot(
        fake, bot_settings(fake, "polling", state_url), EchoPipeline(), echo_menu
    ):
        await user.says("70B")
        await fake.wait_for(lambda: len(fake.sent(510)) == 2)
    assert fake.sent(510)[1]["text"] == "size: 70B [ru]"
