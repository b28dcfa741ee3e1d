"""A failing store degrades, it does not silence: answers go on, admins hear of it twice.

Redis killed mid-run (in process) and SQLite's disk full (a real process whose file size
limit is cut to nothing while it runs): every update still gets its real answer once, the
bot tells admins when the outage starts and when it ends, and catches up afterwards.
"""

from __future__ import annotations

import asyncio
import resource
import sqlite3

import pytest

from tests.e2e.harness import FAST, bot_settings, running_bot
from tests.e2e.processes import BotProcess, clean_env
from tests.fakes.pipeline import EchoPipeline, echo_menu
from tests.fakes.users import FakeUser

ADMIN = 4343
DURING = 20  # updates sent while the store is down


async def ask(fake, first_id: int, count: int, text: str) -> list[FakeUser]:
    """``count`` users ask ``text``; wait until each has an answer."""
    users = [FakeUser(fake, first_id + i) for i in range(count)]
    for user in users:
        await user.says(text)
    await fake.wait_for(lambda: all(fake.sent(u.user_id) for u in users), timeout_s=30)
    return users


def admin_notices(fake) -> list[str]:
    """List what admins were told."""
    return [message["text"] for message in fake.sent(ADMIN)]


@pytest.mark.parametrize("mode", ["polling", "webhook"])
async def test_redis_killed_mid_run_answers_go_on_and_admins_hear_twice(fake, redis_server, mode):
    """Redis dies: answers keep coming; it comes back: the bot uses it again; two notices."""
    settings = bot_settings(fake, mode, redis_server.url, admins=(ADMIN,))
    async with running_bot(fake, settings, EchoPipeline(), echo_menu, timing=FAST):
        await ask(fake, 8000, 3, "before")
        redis_server.kill()
        users = await ask(fake, 8100, DURING, "during")
        await fake.wait_for(lambda: len(admin_notices(fake)) >= 1, timeout_s=10)
        redis_server.start()
        await ask(fake, 8200, 3, "after")
        await fake.wait_for(lambda: len(admin_notices(fake)) >= 2, timeout_s=15)
        await asyncio.sleep(0.5)
    for user in users:
        assert [m["text"] for m in fake.sent(user.user_id)] == ["size: during [en]"]
    notices = admin_notices(fake)
    assert len(notices) == 2
    assert notices[0].startswith("state store: failing")
    assert notices[1].startswith("state store: back to normal")


@pytest.mark.slow
async def test_a_full_disk_under_sqlite_degrades_and_recovers(fake, tmp_path):
    """No byte more may be written to any file: 20 questions still get their real answers."""
    env = clean_env(
        TELEGRAM_BOT_TOKEN=fake.token,
        TELEGRAM_API_BASE_URL=fake.api_root,
        STATE_URL=f"sqlite:///{tmp_path / 'state.sqlite3'}",
        ADMIN_CHAT_IDS=str(ADMIN),
        LOG_LEVEL="INFO",
    )
    fake.chats[ADMIN] = {"id": ADMIN, "type": "private", "first_name": "Admin"}
    bot = BotProcess(env, tmp_path)
    await bot.start()
    pid = bot.pid
    try:
        await fake.wait_for(lambda: bool(fake.calls_to("deleteWebhook", ok=True)), timeout_s=30)
        await ask(fake, 8300, 3, "/help")
        # Python ignores SIGXFSZ, so every write past the limit fails with EFBIG, as on a
        # full disk; reads go on.
        resource.prlimit(pid, resource.RLIMIT_FSIZE, (1, resource.RLIM_INFINITY))
        users = await ask(fake, 8400, DURING, "/price")
        await fake.wait_for(lambda: len(admin_notices(fake)) >= 1, timeout_s=20)
        resource.prlimit(pid, resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY,) * 2)
        await ask(fake, 8500, 3, "/compare")
        # The end notice follows a minute without failures (production timing): the Redis
        # test above checks it; here, that the outage was told once and writes work again.
        await asyncio.sleep(3.0)
    finally:
        status = await bot.stop()
    assert status == 0, bot.log()
    answer = fake.sent(8300)[0]["text"]  # not an apology: a real answer came before
    price_answers = [m["text"] for u in users for m in fake.sent(u.user_id)]
    assert len(price_answers) == DURING
    assert all(text.startswith("FullGPU monthly prices") for text in price_answers)
    assert answer.startswith("FullGPU sizing assistant")
    notices = admin_notices(fake)
    assert len(notices) == 1, notices
    assert notices[0].startswith("state store: failing")
    with sqlite3.connect(tmp_path / "state.sqlite3") as db:
        stored = {row[0] for row in db.execute("SELECT chat_id FROM chats")}
    assert {8500, 8501, 8502} <= stored  # written again once the disk had room
    assert not stored & {u.user_id for u in users}  # kept in memory while it had none
