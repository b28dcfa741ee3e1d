"""The knowledge features end to end: the real bot, the real pipeline, the fake Bot API.

A person when asked (the sales chat gets one complete summary per customer and hour), a
config.json sent as a file (getFile and the download, as Telegram serves them), deep links,
/lang buttons, and prices changed in CATALOG_DIR while the bot runs.
"""

from __future__ import annotations

import json
import shutil

import pytest

from bot.answers.checkout import verify_quote
from bot.cli.run import make_pipeline
from sizing.catalog.hardware import DATA_DIR
from sizing.catalog_install import CATALOG_FILE_NAMES, install
from tests.e2e.harness import bot_settings, running_bot
from tests.fakes.users import FakeUser, group_chat

SALES_CHAT = -100_777
ADMIN_CHAT = 909
SIGNING_KEY = "e2e-signing-key"
ASKS = [
    ("en", "en", "DeepSeek V3 BF16, 128K context", "How do I talk to a human?"),
    ("zh-hans", "zh-Hans", "DeepSeek V3，BF16，上下文 128K", "怎么联系人工客服？"),
    ("ru", "ru", "DeepSeek V3 в BF16 с контекстом 128K", "Как поговорить с живым человеком?"),
    (
        "ja",
        "ja",
        "DeepSeek V3 を BF16、コンテキスト 128K で",
        "人間の担当者と話すにはどうすればいいですか？",
    ),
    ("de", "de", "DeepSeek V3 in BF16 mit 128K Kontext", "Wie spreche ich mit einem Menschen?"),
]


def _settings(fake, state_url, mode="polling"):
    env = {"SALES_CHAT_ID": str(SALES_CHAT), "QUOTE_SIGNING_KEY": SIGNING_KEY}
    return bot_settings(fake, mode, state_url, env)


@pytest.mark.parametrize("mode", ["polling", "webhook"])
async def test_how_do_i_talk_to_a_human_reaches_sales_once_with_a_complete_summary(
    fake, state_url, mode
):
    """Five customers in five languages: five summaries, each complete, none repeated."""
    group_chat(fake, SALES_CHAT, "Sales")
    settings = _settings(fake, state_url, mode)
    async with running_bot(fake, settings, make_pipeline(settings)):
        users = []
        for offset, (client, _language, sizing, _ask) in enumerate(ASKS):
            user = FakeUser(fake, 700 + offset, f"User{offset}", client, f"user_{offset}")
            users.append(user)
            await user.says(sizing)
        await fake.wait_for(lambda: all(len(fake.sent(u.user_id)) == 1 for u in users))
        for user, (*_, ask) in zip(users, ASKS, strict=True):
            await user.says(ask)
        await fake.wait_for(lambda: all(len(fake.sent(u.user_id)) == 2 for u in users))
        for user, (*_, ask) in zip(users, ASKS, strict=True):
            await user.says(ask)  # again, within the hour
        await fake.wait_for(lambda: all(len(fake.sent(u.user_id)) == 3 for u in users))
    summaries = [m["text"] for m in fake.sent(SALES_CHAT) if "A customer asks" in m["text"]]
    assert len(summaries) == len(ASKS)
    for offset, (_client, _language, _sizing, ask) in enumerate(ASKS):
        summary = next(s for s in summaries if f"@user_{offset}" in s)
        assert f"User{offset} (@user_{offset}), user id {700 + offset}" in summary
        assert f"Asked: {ask}" in summary
        assert "Last request: DeepSeek-V3, BF16, 128K context, 1 user" in summary
        assert (
            "Our recommendation: DeepSeek-V3 (BF16, 128K, 1 user) — 8× AMD Instinct MI355X, "
            "1 server, 8 GPUs: $19,900 a month"
        ) in summary
        quote = next(line for line in summary.splitlines() if line.startswith("Quote: "))
        assert verify_quote(quote.removeprefix("Quote: "), SIGNING_KEY.encode())
        assert f"Reply: t.me/user_{offset}" in summary
        confirmation, again = (m["text"] for m in fake.sent(700 + offset)[1:])
        assert confirmation != again  # sent, then "already within the hour"
    entities = fake.sent(SALES_CHAT)[0]["entities"]
    assert any(e.get("url", "").startswith("tg://user?id=") for e in entities)


async def test_a_sales_chat_that_refuses_leaves_the_customer_free_to_ask_again(
    fake, state_url, expect_errors
):
    """The summary fails to send: the customer is told, and the next request is handed off."""
    group_chat(fake, SALES_CHAT, "Sales")
    settings = _settings(fake, state_url)
    async with running_bot(fake, settings, make_pipeline(settings)):
        user = FakeUser(fake, 720, username="solo")
        fake.fail("sendMessage", description="Bad Request: chat not found")
        await user.says("/sales")
        await fake.wait_for(lambda: len(fake.sent(720)) == 1)
        await user.says("/sales")
        await fake.wait_for(lambda: len(fake.sent(720)) == 2)
    sorry, confirmation = (m["text"] for m in fake.sent(720))
    assert sorry.startswith("Sorry, I could not reach our team")
    assert confirmation.startswith("I've passed your request")
    assert len(fake.sent(SALES_CHAT)) == 1


LLAMA_CONFIG = {
    "architectures": ["LlamaForCausalLM"],
    "model_type": "llama",
    "hidden_size": 8192,
    "intermediate_size": 28672,
    "num_attention_heads": 64,
    "num_hidden_layers": 80,
    "num_key_value_heads": 8,
    "vocab_size": 128256,
    "max_position_embeddings": 131072,
    "torch_dtype": "bfloat16",
}


async def test_an_uploaded_config_is_downloaded_and_sized(fake, state_url):
    """getFile, the download, then a sizing answer; a malformed file gets one clear error."""
    settings = bot_settings(fake, "polling", state_url)
    async with running_bot(fake, settings, make_pipeline(settings)):
        user = FakeUser(fake, 730)
        await user.sends_document("config.json", json.dumps(LLAMA_CONFIG).encode(), caption="FP8")
        await fake.wait_for(lambda: len(fake.sent(730)) == 1)
        await user.sends_document("config.json", b'{"hidden_size": 8192,\n  "oops"')
        await fake.wait_for(lambda: len(fake.sent(730)) == 2)
    sized, broken = (m["text"] for m in fake.sent(730))
    header = next(line for line in sized.splitlines() if " · " in line)
    assert " · FP8 · " in header  # the verdict leads, then the request as sized
    assert "Recommendation" in sized
    assert broken.startswith("I couldn't read that file as JSON.")
    assert "line 2" in broken
    assert len(fake.calls_to("getFile", ok=True)) == 2
    assert len([c for c in fake.calls if c.method == "download"]) == 2


async def test_a_huge_file_is_refused_without_downloading_it(fake, state_url):
    """A file announced larger than any config.json is answered without getFile."""
    settings = bot_settings(fake, "polling", state_url)
    async with running_bot(fake, settings, make_pipeline(settings)):
        user = FakeUser(fake, 731)
        await user.sends_document("model.safetensors.json", b"{" + b" " * 200_000 + b"}")
        await fake.wait_for(lambda: len(fake.sent(731)) == 1)
    assert "too large" in fake.sent(731)[0]["text"]
    assert fake.calls_to("getFile") == []


async def test_a_deep_link_opens_the_chat_on_its_sizing(fake, state_url):
    """/start size-deepseek-v3-bf16-128k answers that sizing, as typed text would."""
    settings = bot_settings(fake, "polling", state_url)
    async with running_bot(fake, settings, make_pipeline(settings)):
        await FakeUser(fake, 740).says("/start size-deepseek-v3-bf16-128k")
        await FakeUser(fake, 741).says("DeepSeek V3 BF16, 128K context")
        await fake.wait_for(lambda: fake.sent(740) and fake.sent(741))
    linked, typed = fake.sent(740)[0]["text"], fake.sent(741)[0]["text"]
    assert "DeepSeek-V3 · BF16 · 128K" in linked  # after the verdict line
    assert linked == typed


async def test_language_buttons_switch_the_language(fake, state_url):
    """/lang shows buttons; pressing "Deutsch" answers in German from then on."""
    settings = bot_settings(fake, "polling", state_url)
    async with running_bot(fake, settings, make_pipeline(settings)):
        user = FakeUser(fake, 750)
        await user.says("/lang")
        await fake.wait_for(lambda: len(fake.sent(750)) == 1)
        menu = fake.sent(750)[0]
        buttons = {
            b["text"]: b["callback_data"]
            for r in menu["reply_markup"]["inline_keyboard"]
            for b in r
        }
        await user.presses(menu, buttons["Deutsch"])
        await fake.wait_for(lambda: len(fake.sent(750)) == 2)
        await user.says("/price h200")
        await fake.wait_for(lambda: len(fake.sent(750)) == 3)
    assert fake.sent(750)[1]["text"].startswith("Ab jetzt")
    assert fake.sent(750)[2]["text"].startswith("FullGPU-Monatspreise")


@pytest.fixture
def catalog_dir(tmp_path):
    """Make a CATALOG_DIR of the packaged files; put the packaged catalog back afterwards."""
    directory = tmp_path / "catalog"
    directory.mkdir()
    for name in CATALOG_FILE_NAMES:
        shutil.copy(DATA_DIR / name, directory / name)
    yield directory
    install(None)


def _set_price(directory, usd):
    path = directory / "plans.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    next(p for p in data["plans"] if p["id"] == "h200-1x")["monthly_usd"] = usd
    path.write_text(json.dumps(data), encoding="utf-8")


async def test_prices_change_without_a_restart_and_a_broken_file_is_reported(
    fake, state_url, catalog_dir
):
    """A new price is in the next answer; a broken file keeps it and the admins are told."""
    fake.chats[ADMIN_CHAT] = {"id": ADMIN_CHAT, "type": "private", "first_name": "Admin"}
    settings = bot_settings(
        fake,
        "polling",
        state_url,
        {"CATALOG_DIR": str(catalog_dir), "ADMIN_CHAT_IDS": str(ADMIN_CHAT)},
    )
    pipeline = make_pipeline(settings)
    pipeline.catalog.load()
    async with running_bot(fake, settings, pipeline):
        user = FakeUser(fake, 760)
        await user.says("/price h200")
        await fake.wait_for(lambda: len(fake.sent(760)) == 1)
        _set_price(catalog_dir, "2990")
        await user.says("/price h200")
        await fake.wait_for(lambda: len(fake.sent(760)) == 2)
        (catalog_dir / "plans.json").write_text('{"plans": ', encoding="utf-8")
        await fake.wait_for(lambda: len(fake.sent(ADMIN_CHAT)) == 1)
        await user.says("/price h200")
        await fake.wait_for(lambda: len(fake.sent(760)) == 3)
    before, changed, after_break = (m["text"] for m in fake.sent(760))
    assert "$3,090 a month" in before
    assert "$2,990 a month" in changed
    assert "$2,990 a month" in after_break
    assert "plans.json" in fake.sent(ADMIN_CHAT)[0]["text"]
