"""bot.state.chats: every ChatStore keeps chats alike; bot.state.fallback degrades a failing one."""

from __future__ import annotations

import asyncio
import sqlite3
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.reply import ChatContext
from bot.request import RequestFacts
from bot.state.chats import (
    MemoryStore,
    RedisStore,
    SqliteStore,
    StateStoreError,
    chat_from_json,
    chat_to_json,
    connect_store,
    open_store,
)
from bot.state.fallback import FallbackStore
from sizing import GpuId, Precision
from tests.fakes.redis_server import free_port
from tests.helpers.facts import SIZED_FACTS

CHAT = ChatContext(
    chat_id=42,
    language="ru",
    telegram_language="en-US",
    last_request=RequestFacts(model_id="meta-llama/Llama-3.1-70B-Instruct", context_tokens=32768),
    last_language="de",
)


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


async def test_a_context_without_chat_id_is_refused(store):
    """Storing needs a key."""
    with pytest.raises(ValueError, match="chat_id"):
        await store.put(ChatContext(language="en"))


async def test_sqlite_survives_reopening(tmp_path):
    """A new SqliteStore on the same file sees the chats of the old one."""
    first = SqliteStore(tmp_path / "s.sqlite3")
    await first.put(CHAT)
    await first.close()
    second = open_store(f"sqlite:///{tmp_path / 's.sqlite3'}")
    try:
        assert await second.get(42) == CHAT
    finally:
        await second.close()


async def test_redis_replicas_share_state(redis_url):
    """Two RedisStores (two replicas) see each other's chats."""
    a, b = RedisStore(redis_url, prefix="share:"), RedisStore(redis_url, prefix="share:")
    try:
        await a.put(CHAT)
        assert await b.get(42) == CHAT
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


@pytest.mark.parametrize(
    ("make_url", "problem"),
    [
        (lambda tmp: f"sqlite:///{tmp / 'no-such-dir' / 'state.sqlite3'}", "cannot open"),
        (lambda tmp: f"sqlite:///{_corrupt_file(tmp)}", "cannot open"),
        (lambda _tmp: "redis://127.0.0.1:notaport/0", "STATE_URL"),
        (lambda _tmp: f"redis://:hunter2@127.0.0.1:{free_port()}/0", "cannot reach"),
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


@given(
    language=st.none() | st.sampled_from(["en", "ru", "zh-Hans", "pt-BR"]),
    telegram_language=st.none() | st.text(max_size=10),
    last=st.none() | st.tuples(SIZED_FACTS, st.none() | st.sampled_from(["en", "ja", "pt-BR"])),
    last_handoff_at=st.none() | st.floats(min_value=0, max_value=4e9),
)
def test_chat_json_round_trips(language, telegram_language, last, last_handoff_at):
    """Any chat context survives serialisation unchanged (the hand-off time included)."""
    last_request, last_language = last or (None, None)
    chat = ChatContext(
        chat_id=1,
        language=language,
        telegram_language=telegram_language,
        last_request=last_request,
        last_language=last_language,
        last_handoff_at=last_handoff_at,
    )
    assert chat_from_json(1, chat_to_json(chat)) == chat


@pytest.mark.parametrize("raw", [b"not json", "[1, 2]", '{"language": 5}', None])
def test_unreadable_stored_data_is_a_fresh_chat(raw):
    """Corrupt or foreign data never breaks a chat: it starts afresh."""
    chat = chat_from_json(3, raw)
    assert chat.chat_id == 3
    assert chat.language is None


class FlakyStore(MemoryStore):
    """A MemoryStore whose backend can be switched off: reads, writes, or both fail."""

    def __init__(self) -> None:
        super().__init__()
        self.reads_fail = False
        self.writes_fail = False

    async def get(self, chat_id: int) -> ChatContext:
        """Fail like a Redis that is gone, when reads are off."""
        if self.reads_fail:
            raise ConnectionError("backend down")
        return await super().get(chat_id)

    async def put(self, chat: ChatContext) -> None:
        """Fail like a full disk, when writes are off."""
        if self.writes_fail:
            raise sqlite3.OperationalError("database or disk is full")
        await super().put(chat)


@pytest.fixture
def flaky():
    """Provide a flaky backend, a FallbackStore over it retrying at once, and its failure log."""
    backend, failures = FlakyStore(), []
    store = FallbackStore(backend, lambda op, _error: failures.append(op), retry_after_s=0.0)
    return backend, store, failures


async def test_a_failing_backend_reads_as_a_fresh_chat(flaky):
    """Reads failing: the chat's memory is missing, not the answer; the failure is reported."""
    backend, store, failures = flaky
    await backend.put(CHAT)
    backend.reads_fail = True
    assert await store.get(42) == ChatContext(chat_id=42)
    assert failures == ["chat state read"]


async def test_writes_during_an_outage_are_kept_in_memory_and_written_back(flaky):
    """Writes failing: the chat goes on from memory; once the backend is back, it gets the state."""
    backend, store, failures = flaky
    backend.writes_fail = True
    await store.put(CHAT)
    assert await store.get(42) == CHAT  # a follow-up in the same outage keeps its context
    assert await backend.get(42) == ChatContext(chat_id=42)
    backend.writes_fail = False
    assert await store.get(42) == CHAT
    assert await backend.get(42) == CHAT
    assert set(failures) == {"chat state write"}


async def test_a_failed_backend_is_left_alone_for_a_while(flaky):
    """After a failure the backend is not asked again until the retry interval has passed."""
    backend, _, failures = flaky
    now = [0.0]
    store = FallbackStore(backend, lambda op, _error: failures.append(op), clock=lambda: now[0])
    backend.reads_fail = True
    await store.get(1)
    await store.get(1)
    assert failures == ["chat state read"]
    now[0] = 5.0
    await store.get(1)
    assert failures == ["chat state read", "chat state read"]


async def test_a_full_sqlite_disk_degrades_instead_of_failing(tmp_path):
    """SQLite refusing writes (database full) leaves reads working and writes in memory."""
    backend = SqliteStore(tmp_path / "full.sqlite3")
    failures = []
    store = FallbackStore(backend, lambda op, _error: failures.append(op), retry_after_s=0.0)
    try:
        with sqlite3.connect(tmp_path / "full.sqlite3") as db:
            pages = db.execute("PRAGMA page_count").fetchone()[0]
        backend._db.execute(f"PRAGMA max_page_count = {pages}")
        many = ChatContext(chat_id=7, last_request=RequestFacts(model_id="x" * 100_000))
        await store.put(many)
        assert failures == ["chat state write"]
        assert await store.get(7) == many
    finally:
        await store.close()


def test_a_chat_stored_by_the_earlier_release_reads_back():
    """The stored form of a last request did not change: old chats keep their question."""
    raw = (
        '{"language":null,"telegram_language":"de","last_request":{"model_id":'
        '"deepseek-ai/DeepSeek-V3","precision":"fp8","gpus":["h200"],"budget_usd_month":9000,'
        '"language":"de"},"last_handoff_at":null}'
    )
    chat = chat_from_json(3, raw)
    assert chat.last_request == RequestFacts(
        model_id="deepseek-ai/DeepSeek-V3",
        precision=Precision.FP8,
        gpus=(GpuId.H200,),
        budget_usd_month=Decimal(9000),
    )
    assert chat.last_language == "de"
    assert chat_to_json(chat) == raw


def test_the_plans_discussed_and_an_open_thread_survive_the_store():
    """The summary's plans and the sales thread read back as they were written."""
    from bot.reply import Discussed  # noqa: PLC0415 - this test's own type

    chat = ChatContext(
        chat_id=1,
        last_request=RequestFacts(model_id="meta-llama/Llama-3.3-70B-Instruct", months=3),
        discussed=(
            Discussed(
                "recommended", "Llama 3.3 70B Instruct", "h200-1x", 5, "15450", "fp8", 131072, 10
            ),
            Discussed("cheaper", "Llama 3.3 70B Instruct", "h200-1x", 2, "6180"),
        ),
        thread_at=1_800_000_000.5,
        thread_reply_to=501,
    )
    assert chat_from_json(1, chat_to_json(chat)) == chat


def test_stored_plans_that_do_not_read_are_left_out():
    """A plan entry of the wrong shape is dropped; the rest of the chat reads."""
    raw = (
        '{"language":"de","discussed":[{"role":"x"},{"role":"cheaper","model":"M","plan":"h200-1x",'
        '"units":2,"monthly_usd":"6180"},{"role":"r","model":"M","plan":"p","units":0,'
        '"monthly_usd":null}],"thread_at":"soon","thread_reply_to":true}'
    )
    chat = chat_from_json(3, raw)
    assert chat.language == "de"
    assert [item.plan for item in chat.discussed] == ["h200-1x"]
    assert chat.thread_at is None
    assert chat.thread_reply_to is None
