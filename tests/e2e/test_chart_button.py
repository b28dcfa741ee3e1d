"""The "📊 Chart" button under a sizing answer: a picture through sendPhoto, its figures said."""

from __future__ import annotations

import pytest

from bot.conversation.pipeline import Pipeline
from tests.e2e.harness import bot_settings, running_bot
from tests.fakes.users import FakeUser

MAX_PHOTO_BYTES = 200 * 1024  # the bound, far under Telegram's 10 MB


def _chart_button(message):
    rows = message["reply_markup"]["inline_keyboard"]
    return next(b for row in rows for b in row if b["text"].startswith("📊"))


@pytest.mark.parametrize("mode", ["polling", "webhook"])
async def test_the_chart_button_sends_a_photo_with_the_figures(fake, state_url, mode):
    """Pressed, the button sends one PNG (multipart, under 200 KB) captioned with its figures."""
    async with running_bot(fake, bot_settings(fake, mode, state_url), Pipeline()):
        user = FakeUser(fake, 7301)
        await user.says("DeepSeek V3, 128K context, 20 users")
        await fake.wait_for(lambda: len(fake.sent(7301)) == 1, timeout_s=30)
        answer = fake.sent(7301)[0]
        await user.presses(answer, _chart_button(answer)["callback_data"])
        await fake.wait_for(lambda: len(fake.photos(7301)) == 1, timeout_s=60)
    message, png = fake.photos(7301)[0]
    assert png.startswith(b"\x89PNG")
    assert len(png) < MAX_PHOTO_BYTES
    assert message["photo"][0]["width"] > 600
    caption = message["caption"]
    assert caption.startswith("DeepSeek-V3, FP8, 128K context, 20 users")
    assert "8× AMD Instinct MI355X, per GPU of 307 GB: Weights 168 GB" in caption


async def test_the_chart_speaks_the_answers_language(fake, state_url):
    """A German answer's chart has its caption in German."""
    async with running_bot(fake, bot_settings(fake, "polling", state_url), Pipeline()):
        user = FakeUser(fake, 7302, language_code="de")
        await user.says("DeepSeek V3 mit 128K Kontext für 20 Nutzer")
        await fake.wait_for(lambda: len(fake.sent(7302)) == 1, timeout_s=30)
        answer = fake.sent(7302)[0]
        assert _chart_button(answer)["text"] == "📊 Diagramm"
        await user.presses(answer, _chart_button(answer)["callback_data"])
        await fake.wait_for(lambda: len(fake.photos(7302)) == 1, timeout_s=60)
    message, _ = fake.photos(7302)[0]
    assert "pro GPU von 307\xa0GB: Gewichte 168\xa0GB" in message["caption"]
