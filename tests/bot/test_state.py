"""bot.state: every ChatStore keeps chats and de-duplicates updates the same way."""

from __future__ import annotations

import asyncio
import shutil
import socket
import sqlite3
import subprocess
import time
from contextlib import suppress

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.reply import ChatContext
from bot.state import (
    SEEN_UPDATE_TTL_S,
    MemoryStore,
    RedisStore,
    SqliteStore,
    StateStoreError,
    chat_from_json,
    chat_to_json,
    connect_store,
    open_store,
)

REDIS_SERVER = shutil.which("redis-server")
REDIS_START_TIMEOUT_S = 10.0
CHAT = ChatContext(
    chat_id=42,
    language="ru",
    telegram_language="en-US",
    last_request={"model": "meta-llama/Llama-3.1-70B-Instruct", "context_tokens": 32768},
)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory):
    """Start a throwaway redis-server on a free loopback port, without persistence."""
    if REDIS_SERVER is None:
        pytest.skip("redis-server is not installed (apt-get install -y redis-server)")
    port = _free_port()
    workdir = tmp_path_factory.mktemp("redis")
    process = subprocess.Popen(  # noqa: S603 - fixed arguments, a binary found on PATH
        [
            REDIS_SERVER,
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(workdir),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + REDIS_START_TIMEOUT_S
    while time.monotonic() < deadline:
        with suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.2):
            break
        time.sleep(0.05)
    else:
        process.kill()
        pytest.fail("redis-server did not start")
    yield f"redis://127.0.0.1:{port}/0"
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture(params=["memory", "sqlite", "redis"])
async def store(request, tmp_path):
    """Each implementation in turn; Redis keys are prefixed per test."""
    if request.param == "memory":
        made = MemoryStore()
    elif request.param == "sqlite":
        made = SqliteStore(tmp_path / "state.sqlite3")
    else:
        url = request.getfixturevalue("redis_url")
        made = RedisStore(url, prefix=f"test-{request.node.name}:")
    yield made
    await made.close()


async def test_a_new_chat_is_empty(store):
    """An unknown chat id gives an empty context carrying that id."""
    assert await store.get(7) == ChatContext(chat_id=7)


async def test_put_then_get_round_trips(store):
    """What is stored comes back equal."""
    await store.put(CHAT)
    assert await store.get(42) == CHAT


async def test_put_replaces(store):
    """A second put for the same chat replaces the first."""
    await store.put(CHAT)
    await store.put(ChatContext(chat_id=42, language="de"))
    assert await store.get(42) == ChatContext(chat_id=42, language="de")


async def test_an_update_is_seen_once(store):
    """seen_update is False the first time and True for every redelivery."""
    assert await store.seen_update(1001) is False
    assert await store.seen_update(1001) is True
    assert await store.seen_update(1002) is False


async def test_concurrent_redeliveries_count_once(store):
    """Of many simultaneous deliveries of one update, exactly one is new."""
    results = await asyncio.gather(*(store.seen_update(2024) for _ in range(20)))
    assert results.count(False) == 1


async def test_a_context_without_chat_id_is_refused(store):
    """Storing needs a key."""
    with pytest.raises(ValueError, match="chat_id"):
        await store.put(ChatContext(language="en"))


async def test_sqlite_survives_reopening(tmp_path):
    """A new SqliteStore on the same file sees the chats and updates of the old one."""
    first = SqliteStore(tmp_path / "s.sqlite3")
    await first.put(CHAT)
    await first.seen_update(5)
    await first.close()
    second = open_store(f"sqlite:///{tmp_path / 's.sqlite3'}")
    try:
        assert await second.get(42) == CHAT
        assert await second.seen_update(5) is True
    finally:
        await second.close()


async def test_redis_replicas_share_state(redis_url):
    """Two RedisStores (two replicas) see each other's chats and de-duplicate together."""
    a, b = RedisStore(redis_url, prefix="share:"), RedisStore(redis_url, prefix="share:")
    try:
        await a.put(CHAT)
        assert await b.get(42) == CHAT
        assert await a.seen_update(77) is False
        assert await b.seen_update(77) is True
    finally:
        await a.close()
        await b.close()


def test_open_store_picks_by_scheme(tmp_path):
    """STATE_URL's scheme chooses the implementation."""
    assert isinstance(open_store("memory://"), MemoryStore)
    assert isinstance(open_store("redis://127.0.0.1:1/0"), RedisStore)
    sqlite = open_store(f"sqlite:///{tmp_path / 'x.sqlite3'}")
    assert isinstance(sqlite, SqliteStore)
    asyncio.run(sqlite.close())
    with pytest.raises(ValueError, match="scheme"):
        open_store("postgres://db/x")


async def test_opening_sqlite_drops_expired_update_ids(tmp_path):
    """Update ids older than Telegram's redelivery window are pruned when the file is opened."""
    path = tmp_path / "s.sqlite3"
    first = SqliteStore(path)
    await first.seen_update(1)
    await first.close()
    with sqlite3.connect(path) as db:
        db.execute("UPDATE seen_updates SET seen_at = seen_at - ?", (SEEN_UPDATE_TTL_S + 60,))
    second = SqliteStore(path)
    try:
        with sqlite3.connect(path) as db:
            assert db.execute("SELECT COUNT(*) FROM seen_updates").fetchone() == (0,)
    finally:
        await second.close()


@pytest.mark.parametrize(
    ("make_url", "problem"),
    [
        (lambda tmp: f"sqlite:///{tmp / 'no-such-dir' / 'state.sqlite3'}", "cannot open"),
        (lambda tmp: f"sqlite:///{_corrupt_file(tmp)}", "cannot open"),
        (lambda _tmp: "redis://127.0.0.1:notaport/0", "STATE_URL"),
        (lambda _tmp: f"redis://:hunter2@127.0.0.1:{_free_port()}/0", "cannot reach"),
    ],
)
async def test_a_store_that_cannot_be_used_is_a_clear_start_up_error(tmp_path, make_url, problem):
    """A missing folder, a corrupt file, a bad or unreachable Redis: an error naming STATE_URL."""
    with pytest.raises(StateStoreError, match=problem) as raised:
        await connect_store(make_url(tmp_path))
    assert str(raised.value).startswith("STATE_URL: ")
    assert "hunter2" not in str(raised.value)


async def test_a_usable_store_is_connected(tmp_path, redis_url):
    """SQLite, memory and a running Redis are opened and checked without error."""
    for url in (f"sqlite:///{tmp_path / 'ok.sqlite3'}", "memory://", redis_url):
        store = await connect_store(url)
        assert await store.get(1) == ChatContext(chat_id=1)
        await store.close()


def _corrupt_file(folder):
    """Write a file that is not an SQLite database; return its path."""
    path = folder / "corrupt.sqlite3"
    path.write_bytes(b"this is not a database, only text " * 200)
    return path


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
    max_leaves=10,
)


@given(
    language=st.none() | st.sampled_from(["en", "ru", "zh-Hans", "pt-BR"]),
    telegram_language=st.none() | st.text(max_size=10),
    last_request=st.none() | st.dictionaries(st.text(max_size=8), JSON_VALUES, max_size=4),
    last_handoff_at=st.none() | st.floats(min_value=0, max_value=4e9),
)
def test_chat_json_round_trips(language, telegram_language, last_request, last_handoff_at):
    """Any chat context survives serialisation unchanged (the hand-off time included)."""
    chat = ChatContext(
        chat_id=1,
        language=language,
        telegram_language=telegram_language,
        last_request=last_request,
        last_handoff_at=last_handoff_at,
    )
    assert chat_from_json(1, chat_to_json(chat)) == chat


@pytest.mark.parametrize("raw", [b"not json", "[1, 2]", '{"language": 5}', None])
def test_unreadable_stored_data_is_a_fresh_chat(raw):
    """Corrupt or foreign data never breaks a chat: it starts afresh."""
    chat = chat_from_json(3, raw)
    assert chat.chat_id == 3
    assert chat.language is None
