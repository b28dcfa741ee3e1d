"""The real bot, end to end: PTB's Application, the real Pipeline, the fake Telegram on loopback.

Every message the bot sends passes the fake's checks (Telegram HTML, 4096 UTF-16 units,
64-byte callback data, http/https/tg URLs), so a passing test means Telegram would accept it.
"""

from __future__ import annotations

import pytest

from bot.conversation.pipeline import Pipeline
from bot.reply import ChatContext
from tests.e2e.harness import bot_settings, running_bot
from tests.fakes.telegram_html import parse_telegram_html
from tests.fakes.users import FakeUser, group_chat

MODES = ["polling", "webhook"]
SIZE_REQUESTS = [
    ("en", "Llama 3.1 70B in FP8 with 32K context for 8 users"),
    ("ru", "Сколько GPU нужно для Qwen2.5 72B в BF16 с контекстом 32K?"),
    ("zh-hans", "部署 Llama 3.1 70B，FP8，上下文 32K，需要什么配置？"),
]


def expected_text(text: str, telegram_language: str, chat: ChatContext | None = None) -> str:
    """Compute the pipeline's answer as Telegram shows it (HTML parsed to text)."""
    chat = chat or ChatContext(chat_id=1, telegram_language=telegram_language)
    return parse_telegram_html(Pipeline().respond(text, chat).reply.html).text


@pytest.mark.parametrize("mode", MODES)
async def test_commands_are_answered(fake, state_url, mode):
    """/start, /help, /price and /compare each get their answer, valid for Telegram."""
    async with running_bot(fake, bot_settings(fake, mode, state_url), Pipeline()):
        user = FakeUser(fake, 601)
        for count, command in enumerate(["/start", "/help", "/price", "/compare"], start=1):
            await user.says(command)
            await fake.wait_for(lambda n=count: len(fake.sent(601)) == n)
    start, help_, price, compare = (m["text"] for m in fake.sent(601))
    assert start == help_ == expected_text("/help", "en")
    assert price == expected_text("/price", "en")
    assert "MI355X" in price
    assert compare == expected_text("/compare", "en")
    price_buttons = fake.sent(601)[2]["reply_markup"]["inline_keyboard"]
    *orders, votes = price_buttons  # the plans' order links, then 👍/👎
    assert all(b["url"].startswith("https://") for row in orders for b in row)
    assert [b["text"] for b in votes] == ["👍", "👎"]
    assert fake.calls_to("sendMessage", ok=False) == []


@pytest.mark.parametrize("mode", MODES)
async def test_size_requests_in_three_languages_then_a_follow_up(fake, state_url, mode):
    """Free-text requests in en/ru/zh are sized in the user's language; a follow-up refines."""
    async with running_bot(fake, bot_settings(fake, mode, state_url), Pipeline()):
        for offset, (language, text) in enumerate(SIZE_REQUESTS):
            await FakeUser(fake, 610 + offset, language_code=language).says(text)
        await fake.wait_for(lambda: all(fake.sent(610 + i) for i in range(3)))
        await FakeUser(fake, 610).says("and with 128K context?")
        await fake.wait_for(lambda: len(fake.sent(610)) == 2)
    for offset, (language, text) in enumerate(SIZE_REQUESTS):
        assert fake.sent(610 + offset)[0]["text"] == expected_text(text, language)
    russian = Pipeline().respond(SIZE_REQUESTS[1][1], ChatContext(telegram_language="ru"))
    assert russian.reply.language == "ru"
    follow_up = fake.sent(610)[1]["text"]
    assert "Llama 3.1 70B" in follow_up
    assert "128K" in follow_up


@pytest.mark.parametrize("mode", MODES)
async def test_button_press_reworks_the_answer(fake, state_url, mode):
    """Pressing "Try BF16" edits the answer in place to the BF16 sizing (FP8 was chosen)."""
    async with running_bot(fake, bot_settings(fake, mode, state_url), Pipeline()):
        user = FakeUser(fake, 620)
        await user.says("Llama 3.1 70B with 32K context")
        await fake.wait_for(lambda: len(fake.sent(620)) == 1)
        answer = fake.sent(620)[0]
        buttons = [b for row in answer["reply_markup"]["inline_keyboard"] for b in row]
        datas = [b.get("callback_data", "") for b in buttons]
        bf16 = next(data for data in datas if data.endswith(":p:bf16"))
        await user.presses(answer, bf16)
        await fake.wait_for(lambda: bool(fake.calls_to("editMessageText")))
    edit = fake.calls_to("editMessageText")[0]
    assert edit.status == 200
    header = next(line for line in edit.result["text"].splitlines() if "Llama 3.1 70B" in line)
    assert " · BF16 · " in header
    assert len(fake.sent(620)) == 1


@pytest.mark.parametrize("mode", MODES)
async def test_inline_query_answers_with_a_sizing(fake, state_url, mode):
    """An inline query gets ready-to-send HTML articles."""
    async with running_bot(fake, bot_settings(fake, mode, state_url), Pipeline()):
        await FakeUser(fake, 630).types_inline("deepseek v3 fp8")
        await fake.wait_for(lambda: bool(fake.calls_to("answerInlineQuery")))
    call = fake.calls_to("answerInlineQuery")[0]
    assert call.status == 200
    article = call.params["results"][0]
    assert "serves it" in article["title"]  # the verdict leads
    assert "DeepSeek" in article["description"]
    assert article["input_message_content"]["parse_mode"] == "HTML"


@pytest.mark.parametrize("mode", MODES)
async def test_group_mention_is_answered_and_chatter_is_not(fake, state_url, mode):
    """In a group only the message that mentions the bot is answered."""
    async with running_bot(fake, bot_settings(fake, mode, state_url), Pipeline()):
        group = group_chat(fake)
        user = FakeUser(fake, 640)
        await user.says("lunch at noon?", chat=group)
        await user.says(f"@{fake.username} Llama 3.1 70B FP8 32K", chat=group)
        await fake.wait_for(lambda: len(fake.sent(group["id"])) == 1)
        await user.says("/help", chat=group)
        await fake.wait_for(lambda: len(fake.sent(group["id"])) == 2)
    mention_answer = fake.sent(group["id"])[0]
    assert "Llama 3.1 70B" in mention_answer["text"]
    assert mention_answer["reply_to_message"]["text"].startswith(f"@{fake.username}")


@pytest.mark.parametrize("mode", MODES)
async def test_duplicate_update_and_429(fake, state_url, mode):
    """A redelivered update is answered once; a 429 on the answer is waited out."""
    async with running_bot(fake, bot_settings(fake, mode, state_url), Pipeline()):
        user = FakeUser(fake, 650)
        fake.fail("sendMessage", retry_after=1)
        update = user.message(user.private_chat(), "/price")
        await fake.push(update)
        await fake.push(update)
        await fake.wait_for(lambda: len(fake.sent(650)) == 1)
        await user.says("/help")
        await fake.wait_for(lambda: len(fake.sent(650)) == 2)
    refused, price, help_ = fake.calls_to("sendMessage")
    assert (refused.status, price.status, help_.status) == (429, 200, 200)
    assert price.result["text"] == expected_text("/price", "en")
    assert price.at_s - refused.at_s >= 1.0


async def test_wrong_secret_is_refused(fake, state_url):
    """Webhook deliveries with a wrong secret get 403 and no answer."""
    async with running_bot(fake, bot_settings(fake, "webhook", state_url), Pipeline()):
        fake.webhook["secret_token"] = "wrong-secret"  # noqa: S105 - a wrong one
        await FakeUser(fake, 660).says("/price")
    assert fake.deliveries == [403]
    assert fake.sent(660) == []


async def test_restart_keeps_the_language_choice(fake, state_url):
    """/lang ru survives a restart: a new Application on the same SQLite file answers in Russian."""
    user = FakeUser(fake, 670, language_code="en")
    async with running_bot(fake, bot_settings(fake, "polling", state_url), Pipeline()):
        await user.says("/lang ru")
        await fake.wait_for(lambda: len(fake.sent(670)) == 1)
    async with running_bot(fake, bot_settings(fake, "webhook", state_url), Pipeline()):
        await user.says("/price")
        await fake.wait_for(lambda: len(fake.sent(670)) == 2)
    chosen = ChatContext(chat_id=670, language="ru", telegram_language="en")
    assert fake.sent(670)[1]["text"] == expected_text("/price", "en", chosen)
    assert fake.sent(670)[1]["text"] != expected_text("/price", "en")
