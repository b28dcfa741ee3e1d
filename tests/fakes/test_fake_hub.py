"""The real ``huggingface_hub`` client accepts the fake Hub and hears its errors as the Hub's.

Every test drives the real 2.4 client at ``FakeHub`` (``endpoint=`` given explicitly, as
``HF_ENDPOINT`` is read at import) and checks the requests the fake received, so none passes
without it. The machine's token, cache and network are kept out: no ``HF_TOKEN``, a token file and
cache under ``tmp_path``, and a socket guard that fails any connection or lookup not on loopback.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path
from types import SimpleNamespace

import httpx2
import pytest
from huggingface_hub import HfApi, constants, hf_hub_download
from huggingface_hub.errors import (
    GatedRepoError,
    HfHubHTTPError,
    LocalEntryNotFoundError,
    RemoteEntryNotFoundError,
    RepositoryNotFoundError,
    RevisionNotFoundError,
)
from huggingface_hub.utils import _http, close_session

from tests.fakes.hub import (
    GUEST_TOKEN,
    TOKEN,
    UNAVAILABLE_HTML,
    FakeHub,
    safetensors_header_bytes,
    safetensors_parameters,
)

MODEL = "acme/Llama-Fake-8B"
TINY = "acme/llama-fake-tiny"
OTHER = "other/Mistral-Fake-7B"
GATED = "acme/gated-model"
PRIVATE = "acme/secret-llama"
CONFIG = {"model_type": "llama", "architectures": ["LlamaForCausalLM"], "hidden_size": 1024}
WEIGHTS = {"embed.weight": ("BF16", (1024, 1024)), "norm.weight": ("F32", (1024,))}
LOOPBACK = {"127.0.0.1", "localhost"}


@pytest.fixture(autouse=True)
def offline_machine(monkeypatch, tmp_path):
    """Keep the client away from the machine's token, cache and network; record any escape."""
    for name in (
        "HF_TOKEN",
        "HUGGING_FACE_HUB_TOKEN",
        "HF_OIDC_RESOURCE",
        "HF_HUB_OFFLINE",
        "TRANSFORMERS_OFFLINE",
    ):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HF_HUB_DISABLE_TELEMETRY", "1")
    monkeypatch.setattr(constants, "HF_HUB_DISABLE_TELEMETRY", True)
    monkeypatch.setattr(constants, "HF_HUB_OFFLINE", False)
    monkeypatch.setattr(constants, "HF_TOKEN_PATH", str(tmp_path / "no-token"))
    monkeypatch.setattr(constants, "HF_HUB_CACHE", str(tmp_path / "default-cache"))
    escapes: list[object] = []
    real_connect, real_getaddrinfo = socket.socket.connect, socket.getaddrinfo

    def connect(sock, address):
        if isinstance(address, tuple) and address[0] not in LOOPBACK:
            escapes.append(address)
            raise AssertionError(f"the client tried to reach {address}")
        return real_connect(sock, address)

    def getaddrinfo(host, *args, **kwargs):
        if host not in LOOPBACK:
            escapes.append(host)
            raise AssertionError(f"the client tried to look up {host}")
        return real_getaddrinfo(host, *args, **kwargs)

    monkeypatch.setattr(socket.socket, "connect", connect)
    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    yield
    close_session()  # the shared httpx client keeps connections to a fake that is gone
    assert escapes == []


@pytest.fixture
def sleeps(monkeypatch):
    """Record the client's back-off sleeps instead of sleeping them."""
    slept: list[float] = []
    monkeypatch.setattr(_http, "time", SimpleNamespace(sleep=slept.append))
    return slept


def populate(fake: FakeHub) -> FakeHub:
    """Give the fake a few repos: public, gated, private, and one with a tag and a branch."""
    fake.add_repo(
        MODEL,
        {
            "config.json": CONFIG,
            "model.safetensors": safetensors_header_bytes(WEIGHTS),
            "README.md": "# Llama Fake 8B\n",
        },
        extra_info={"downloads": 1234, "likes": 56, "pipeline_tag": "text-generation"},
        revisions={"v1.0": "main", "refs/pr/1": {"config.json": {**CONFIG, "hidden_size": 8}}},
    )
    fake.add_repo(
        TINY,
        {"config.json": CONFIG},
        safetensors={"parameters": {"BF16": 1_100_048_384}, "total": 1_100_048_384},
        extra_info={"downloads": 99999, "likes": 1},
    )
    fake.add_repo(OTHER, {"config.json": {"model_type": "mistral"}}, extra_info={"downloads": 7})
    fake.add_repo(GATED, {"config.json": CONFIG}, gated="manual")
    fake.add_repo(PRIVATE, {"config.json": CONFIG}, private=True)
    return fake


@pytest.fixture
def hub():
    """Serve a populated fake from its own thread (the client is synchronous)."""
    fake = populate(FakeHub())
    with fake.serve_in_thread():
        yield fake


def api(fake: FakeHub, token: str | None = None) -> HfApi:
    """Point a real client at the fake, anonymous unless given a token."""
    return HfApi(endpoint=fake.endpoint, token=token or False)


def download(fake: FakeHub, cache: Path, filename: str = "config.json", **kwargs) -> str:
    """``hf_hub_download`` from the fake into ``cache`` (anonymous unless given a token)."""
    kwargs.setdefault("repo_id", MODEL)
    kwargs.setdefault("token", False)
    return hf_hub_download(filename=filename, endpoint=fake.endpoint, cache_dir=cache, **kwargs)


# -- model_info -------------------------------------------------------------------------------
def test_model_info_reads_the_hub_fields(hub):
    """id, sha, siblings, gated, private, config, tags and the safetensors totals arrive parsed."""
    info = api(hub).model_info(MODEL)
    assert info.id == MODEL
    assert info.sha == hub.repos[MODEL].refs["main"].sha
    assert [s.rfilename for s in info.siblings] == ["config.json", "model.safetensors", "README.md"]
    assert (info.gated, info.private) == (False, False)
    assert info.config == {"model_type": "llama", "architectures": ["LlamaForCausalLM"]}
    assert info.safetensors.parameters == {"BF16": 1024 * 1024, "F32": 1024}
    assert info.safetensors.total == 1024 * 1024 + 1024
    assert (info.downloads, info.likes, info.pipeline_tag) == (1234, 56, "text-generation")
    assert info.library_name == "transformers"
    assert {"transformers", "safetensors", "llama"} <= set(info.tags)
    assert info.last_modified is not None
    assert info.last_modified.year == 2024
    assert hub.calls() == [("GET", f"/api/models/{MODEL}")]
    assert "Authorization" not in hub.requests[0].headers


def test_model_info_takes_a_given_safetensors_block_and_blob_details(hub):
    """A given block is served as is; ``files_metadata`` brings sizes, blob ids and LFS ids."""
    assert api(hub).model_info(TINY).safetensors.total == 1_100_048_384
    siblings = api(hub).model_info(MODEL, files_metadata=True).siblings
    weights = next(s for s in siblings if s.rfilename == "model.safetensors")
    stored = hub.repos[MODEL].refs["main"].files["model.safetensors"]
    assert (weights.size, weights.blob_id) == (stored.size, stored.blob_id)
    assert weights.lfs is not None
    assert weights.lfs.sha256 == stored.sha256
    assert hub.requests[-1].query == {"blobs": ["true"]}


def test_model_info_at_a_revision_and_expand(hub):
    """Tags, branches and commit shas resolve (``/`` in a branch is quoted); expand filters."""
    client = api(hub)
    main = hub.repos[MODEL].refs["main"].sha
    assert client.model_info(MODEL, revision="v1.0").sha == main
    assert client.model_info(MODEL, revision=main).sha == main
    pr = client.model_info(MODEL, revision="refs/pr/1")
    assert pr.sha == hub.repos[MODEL].refs["refs/pr/1"].sha != main
    assert [s.rfilename for s in pr.siblings] == ["config.json"]
    assert hub.calls()[-1] == ("GET", f"/api/models/{MODEL}/revision/refs/pr/1")
    expanded = client.model_info(MODEL, expand=["safetensors", "gated"])
    assert expanded.safetensors is not None
    assert (expanded.siblings, expanded.sha, expanded.gated) == (None, None, False)


def test_an_unknown_revision_is_revision_not_found(hub, tmp_path):
    """Both model_info and a download at a revision the repo lacks: 404 RevisionNotFound."""
    with pytest.raises(RevisionNotFoundError) as info_error:
        api(hub).model_info(MODEL, revision="no-such-branch")
    with pytest.raises(RevisionNotFoundError) as download_error:
        download(hub, tmp_path, revision="no-such-branch")
    assert info_error.value.response.status_code == 404
    assert download_error.value.response.headers["X-Error-Code"] == "RevisionNotFound"


# -- errors: missing, private, gated, invalid token -------------------------------------------
def test_a_missing_repo_is_401_without_a_token_and_404_with_one(hub, tmp_path):
    """RepoNotFound: 401 anonymously (the Hub does not tell), 404 to a signed-in user."""
    with pytest.raises(RepositoryNotFoundError) as anonymous:
        api(hub).model_info("acme/no-such-model")
    with pytest.raises(RepositoryNotFoundError) as signed_in:
        api(hub, TOKEN).model_info("acme/no-such-model")
    with pytest.raises(RepositoryNotFoundError) as downloading:
        download(hub, tmp_path, repo_id="acme/no-such-model")
    for error in (anonymous, signed_in, downloading):
        assert type(error.value) is RepositoryNotFoundError  # not its subclass GatedRepoError
    assert anonymous.value.response.status_code == 401
    assert signed_in.value.response.status_code == 404
    assert downloading.value.response.status_code == 401
    assert [r.status for r in hub.requests] == [401, 404, 401]


def test_a_private_repo_is_missing_to_all_but_its_owner(hub, tmp_path):
    """Anonymous: 401; another user: 404; the owner's token sees and downloads it."""
    with pytest.raises(RepositoryNotFoundError) as anonymous:
        api(hub).model_info(PRIVATE)
    with pytest.raises(RepositoryNotFoundError) as guest:
        api(hub, GUEST_TOKEN).model_info(PRIVATE)
    assert (anonymous.value.response.status_code, guest.value.response.status_code) == (401, 404)
    assert api(hub, TOKEN).model_info(PRIVATE).private is True
    assert Path(download(hub, tmp_path, repo_id=PRIVATE, token=TOKEN)).is_file()
    assert PRIVATE not in [m.id for m in api(hub).list_models(search="secret")]
    assert [m.id for m in api(hub, TOKEN).list_models(search="secret")] == [PRIVATE]
    assert hub.requests[-1].headers["Authorization"] == f"Bearer {TOKEN}"


def test_a_gated_repo_answers_model_info_but_refuses_files(hub, tmp_path):
    """GatedRepo: 401 without a token, 403 until access is granted; model_info always works."""
    assert api(hub).model_info(GATED).gated == "manual"
    with pytest.raises(GatedRepoError) as anonymous:
        download(hub, tmp_path, repo_id=GATED)
    with pytest.raises(GatedRepoError) as not_granted:
        download(hub, tmp_path, repo_id=GATED, token=TOKEN)
    assert anonymous.value.response.status_code == 401
    assert not_granted.value.response.status_code == 403
    assert "not in the authorized list" in str(not_granted.value)
    hub.grant(GATED)
    assert json.loads(Path(download(hub, tmp_path, repo_id=GATED, token=TOKEN)).read_text()) == (
        CONFIG
    )
    assert [r.status for r in hub.requests] == [200, 401, 403, 200, 200]


def test_an_unknown_token_is_invalid_credentials_not_a_missing_repo(hub):
    """A token the Hub does not know: plain 401 HfHubHTTPError, whatever the repo."""
    with pytest.raises(HfHubHTTPError) as error:
        api(hub, "hf_revokedOrMistyped").model_info(MODEL)
    assert not isinstance(error.value, RepositoryNotFoundError)
    assert error.value.response.status_code == 401
    assert error.value.server_message == "Invalid credentials in Authorization header"


def test_a_missing_file_is_entry_not_found_and_its_absence_cached(hub, tmp_path):
    """EntryNotFound, with the commit, so the client notes the absence under .no_exist."""
    with pytest.raises(RemoteEntryNotFoundError) as error:
        download(hub, tmp_path, filename="tokenizer.json")
    assert error.value.response.status_code == 404
    sha = hub.repos[MODEL].refs["main"].sha
    assert (
        tmp_path / "models--acme--Llama-Fake-8B" / ".no_exist" / sha / "tokenizer.json"
    ).exists()
    assert hub.calls() == [("HEAD", f"/{MODEL}/resolve/main/tokenizer.json")]


# -- downloads --------------------------------------------------------------------------------
def test_download_then_cache(hub, tmp_path):
    """HEAD + GET, then HEAD alone; by commit sha no request; a 503 falls back to the cache."""
    path = download(hub, tmp_path)
    assert json.loads(Path(path).read_text()) == CONFIG
    resolve = f"/{MODEL}/resolve/main/config.json"
    assert hub.calls() == [("HEAD", resolve), ("GET", resolve)]
    assert hub.requests[0].headers["Accept-Encoding"] == "identity"
    assert hub.requests[0].headers["X-HF-Download-Counter"] == "1"

    assert download(hub, tmp_path) == path
    assert hub.calls()[2:] == [("HEAD", resolve)]

    sha = hub.repos[MODEL].refs["main"].sha
    assert download(hub, tmp_path, revision=sha) == path
    assert len(hub.requests) == 3

    hub.down()
    assert download(hub, tmp_path) == path
    assert hub.requests[-1].status == 503


def test_an_lfs_file_is_fetched_from_the_cdn_without_the_token(hub, tmp_path):
    """302 with X-Linked-Size/-Etag: the client stores the blob by sha256, drops the token."""
    path = Path(download(hub, tmp_path, filename="model.safetensors", token=TOKEN))
    stored = hub.repos[MODEL].refs["main"].files["model.safetensors"]
    assert path.read_bytes() == stored.content
    assert path.resolve().name == stored.sha256
    head, get = hub.requests
    assert (head.site, head.method, head.status) == ("hub", "HEAD", 302)
    assert head.headers["Authorization"] == f"Bearer {TOKEN}"
    assert (get.site, get.method, get.path, get.status) == (
        "cdn",
        "GET",
        f"/lfs/{stored.sha256}",
        200,
    )
    assert "Authorization" not in get.headers


def test_without_lfs_redirects_the_hub_serves_lfs_files_itself(tmp_path):
    """``lfs_redirects=False``: one origin; the blob is still named by its sha256."""
    fake = populate(FakeHub(lfs_redirects=False))
    with fake.serve_in_thread():
        path = Path(download(fake, tmp_path, filename="model.safetensors"))
    assert path.resolve().name == fake.repos[MODEL].refs["main"].files["model.safetensors"].sha256
    assert [(r.site, r.status) for r in fake.requests] == [("hub", 200), ("hub", 200)]


# -- list_models ------------------------------------------------------------------------------
def test_list_models_searches_substrings_of_ids_case_insensitively(hub):
    """``search`` matches anywhere in the id, in any case; private repos stay hidden."""
    client = api(hub)
    assert [m.id for m in client.list_models(search="LLAMA")] == [MODEL, TINY]
    assert [m.id for m in client.list_models(search="fake-t")] == [TINY]
    assert [m.id for m in client.list_models(search="acme/")] == [MODEL, TINY, GATED]
    assert list(client.list_models(search="gpt")) == []
    assert hub.requests[0].query == {"search": ["LLAMA"]}


def test_list_models_sends_and_gets_what_it_asks_for(hub):
    """limit, sort (descending), full and expand: the params sent and the fields returned."""
    client = api(hub)
    top = list(client.list_models(search="fake", sort="downloads", limit=2))
    assert [m.id for m in top] == [TINY, MODEL]
    assert hub.requests[-1].query == {"search": ["fake"], "sort": ["downloads"], "limit": ["2"]}
    assert top[0].siblings is None
    assert top[0].safetensors is None  # not listed unless asked for

    (full,) = client.list_models(search="tiny", full=True)
    assert [s.rfilename for s in full.siblings] == ["config.json"]
    assert hub.requests[-1].query["full"] == ["true"]

    (expanded,) = client.list_models(search="tiny", expand=["safetensors", "downloads"])
    assert expanded.safetensors.total == 1_100_048_384
    assert (expanded.downloads, expanded.likes) == (99999, None)
    assert hub.requests[-1].query["expand"] == ["safetensors", "downloads"]


def test_list_models_follows_the_link_header_across_pages(tmp_path):
    """Past ``page_size`` the fake sends ``Link: rel="next"``, which the client follows."""
    fake = populate(FakeHub(page_size=2))
    with fake.serve_in_thread():
        found = [m.id for m in api(fake).list_models(search="a")]
    assert found == [MODEL, TINY, OTHER, GATED]
    assert [r.query.get("cursor") for r in fake.requests] == [None, ["2"]]


# -- safetensors metadata ---------------------------------------------------------------------
def test_get_safetensors_metadata_reads_the_header_through_ranges(hub):
    """HEAD (file_exists), then a Range GET that the redirect carries to the CDN: 206."""
    metadata = api(hub).get_safetensors_metadata(MODEL)
    assert metadata.sharded is False
    assert metadata.parameter_count == {"BF16": 1024 * 1024, "F32": 1024}
    tensor = metadata.files_metadata["model.safetensors"].tensors["embed.weight"]
    assert (tensor.dtype, tensor.shape) == ("BF16", [1024, 1024])
    resolve = f"/{MODEL}/resolve/main/model.safetensors"
    assert [(r.site, r.method, r.status) for r in hub.requests] == [
        ("hub", "HEAD", 302),
        ("hub", "GET", 302),
        ("cdn", "GET", 206),
    ]
    assert hub.calls("hub") == [("HEAD", resolve), ("GET", resolve)]
    assert hub.requests[2].headers["Range"] == "bytes=0-100000"


def test_get_safetensors_metadata_of_a_sharded_repo_with_a_big_header(hub):
    """An index and shards; a header over 100 kB costs a second ranged GET (bytes=8-...)."""
    many = {f"model.layers.{i}.mlp.experts.weight_{i:05d}": ("F16", (64, 64)) for i in range(1500)}
    shards = {
        "model-00001-of-00002.safetensors": safetensors_header_bytes(WEIGHTS),
        "model-00002-of-00002.safetensors": safetensors_header_bytes(many),
    }
    index = {
        "metadata": {"total_size": 1},
        "weight_map": {
            **dict.fromkeys(WEIGHTS, "model-00001-of-00002.safetensors"),
            **dict.fromkeys(many, "model-00002-of-00002.safetensors"),
        },
    }
    hub.add_repo("acme/sharded", {"model.safetensors.index.json": index, **shards})
    metadata = api(hub).get_safetensors_metadata("acme/sharded")
    assert metadata.sharded is True
    assert metadata.parameter_count == {"BF16": 1024 * 1024, "F32": 1024, "F16": 1500 * 64 * 64}
    ranges = [r.headers.get("Range") for r in hub.requests if r.site == "cdn"]
    assert len(shards["model-00002-of-00002.safetensors"]) > 100_000
    length = struct.unpack("<Q", shards["model-00002-of-00002.safetensors"][:8])[0]
    assert sorted(ranges, key=str) == sorted(
        ["bytes=0-100000", "bytes=0-100000", f"bytes=8-{length + 7}"], key=str
    )


def test_ranges_are_served_as_a_cdn_serves_them(hub):
    """Suffix and open ranges are 206; a range past the end is 416 with ``bytes */size``."""
    content = hub.repos[MODEL].refs["main"].files["README.md"].content
    url = f"{hub.endpoint}/{MODEL}/resolve/main/README.md"
    with httpx2.Client() as client:
        suffix = client.get(url, headers={"Range": "bytes=-5"})
        tail = client.get(url, headers={"Range": "bytes=2-"})
        past = client.get(url, headers={"Range": f"bytes={len(content)}-"})
    assert (suffix.status_code, suffix.content) == (206, content[-5:])
    assert (
        suffix.headers["Content-Range"]
        == f"bytes {len(content) - 5}-{len(content) - 1}/{len(content)}"
    )
    assert (tail.status_code, tail.content) == (206, content[2:])
    assert (past.status_code, past.headers["Content-Range"]) == (416, f"bytes */{len(content)}")


# -- faults -----------------------------------------------------------------------------------
def test_slow_makes_a_client_with_a_short_timeout_fail_fast(hub):
    """``model_info(timeout=)`` bounds the wait: httpx2.ReadTimeout long before the answer."""
    hub.slow(2.0)
    started = time.monotonic()
    with pytest.raises(httpx2.ReadTimeout):
        api(hub).model_info(MODEL, timeout=0.2)
    assert time.monotonic() - started < 1.0
    assert hub.requests[0].status is None  # still held when the client gave up


def test_slow_still_takes_other_connections(hub):
    """Held answers do not queue: four slow calls in parallel take one delay, not four."""
    hub.slow(0.5)
    results: list[str] = []
    threads = [
        threading.Thread(target=lambda: results.append(api(hub).model_info(MODEL).id))
        for _ in range(4)
    ]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(5)
    assert results == [MODEL] * 4
    assert time.monotonic() - started < 1.5


def test_a_slow_hub_does_not_make_a_download_fail_fast(hub, tmp_path):
    """A HEAD that times out is retried with the client's own 60 s: the download still lands."""
    hub.slow(0.3)
    path = download(hub, tmp_path, etag_timeout=0.1)
    assert json.loads(Path(path).read_text()) == CONFIG
    resolve = f"/{MODEL}/resolve/main/config.json"
    assert hub.calls() == [("HEAD", resolve), ("HEAD", resolve), ("GET", resolve)]


def test_a_client_factory_default_timeout_does_not_bound_model_info(hub):
    """model_info passes ``timeout=None`` when given none, which overrides the client's own."""
    hooks = {"request": [_http.hf_request_event_hook]}
    hub.slow(0.4)
    _http.set_client_factory(
        lambda: httpx2.Client(event_hooks=hooks, follow_redirects=True, timeout=0.05)
    )
    try:
        started = time.monotonic()
        assert api(hub).model_info(MODEL).id == MODEL
    finally:
        _http.set_client_factory(_http.default_client_factory)
    assert time.monotonic() - started >= 0.4


def test_only_a_transport_bounds_list_models(hub, sleeps):
    """list_models sends ``timeout=None``: a client's default is ignored, a transport's is not."""

    class Bounded(httpx2.HTTPTransport):
        def handle_request(self, request):
            request.extensions["timeout"] = httpx2.Timeout(0.1).as_dict()
            return super().handle_request(request)

    def client():
        hooks = {"request": [_http.hf_request_event_hook]}
        return httpx2.Client(transport=Bounded(), event_hooks=hooks, follow_redirects=True)

    hub.slow(1.0)
    _http.set_client_factory(client)
    try:
        with pytest.raises(httpx2.ReadTimeout):
            list(api(hub).list_models(search="llama"))
    finally:
        _http.set_client_factory(_http.default_client_factory)
    assert sleeps == [1, 2, 4, 8, 8]  # the client retried five times (sleeps not slept here)
    assert len(hub.requests) == 6


def test_down_gives_the_clients_http_error_and_up_serves_again(hub):
    """503 with an HTML page: HfHubHTTPError 503, the HTML kept out of the message."""
    hub.down()
    with pytest.raises(HfHubHTTPError) as error:
        api(hub).model_info(MODEL)
    assert error.value.response.status_code == 503
    assert error.value.response.text == UNAVAILABLE_HTML
    assert error.value.server_message is None
    hub.up()
    assert api(hub).model_info(MODEL).id == MODEL


def test_down_makes_an_uncached_download_give_up_after_the_back_offs(hub, tmp_path, sleeps):
    """No cache: the HEAD is retried with back-offs (1+2+4+8+8 s), then LocalEntryNotFound."""
    hub.down()
    with pytest.raises(LocalEntryNotFoundError):
        download(hub, tmp_path)
    assert sleeps == [1, 2, 4, 8, 8]
    assert [r.status for r in hub.requests] == [503] * 7


def test_a_reset_connection_escapes_even_when_the_file_is_cached(hub, tmp_path):
    """``down(mode="reset")``: httpx2.RemoteProtocolError, not the cache fallback of a 503."""
    download(hub, tmp_path)
    hub.down(mode="reset")
    with pytest.raises(httpx2.RemoteProtocolError):
        api(hub).model_info(MODEL)
    with pytest.raises(httpx2.RemoteProtocolError):
        download(hub, tmp_path)
    assert [r.status for r in hub.requests][-2:] == [0, 0]


def test_fail_next_fails_that_many_requests(hub):
    """fail_next(1): one JSON 500 whose message the client shows; the next call is served."""
    hub.fail_next(1)
    with pytest.raises(HfHubHTTPError) as error:
        api(hub).model_info(MODEL)
    assert error.value.response.status_code == 500
    assert "working hard to fix this" in error.value.server_message
    assert api(hub).model_info(MODEL).id == MODEL


def test_rate_limit_is_a_429_that_list_models_waits_out(hub, sleeps):
    """model_info raises the 429; list_models sleeps Retry-After + 1 s and asks again."""
    hub.rate_limit(1, retry_after=3)
    with pytest.raises(HfHubHTTPError) as error:
        api(hub).model_info(MODEL)
    assert error.value.response.status_code == 429
    assert error.value.response.headers["Retry-After"] == "3"
    assert "rate limit" in str(error.value)
    hub.rate_limit(1, retry_after=3)
    assert [m.id for m in api(hub).list_models(search="tiny")] == [TINY]
    assert sleeps == [4.0]
    assert [r.status for r in hub.requests] == [429, 429, 200]


# -- serving ----------------------------------------------------------------------------------
async def test_start_and_stop_on_the_tests_loop():
    """``start``/``stop`` serve on the running loop; the sync client then runs in a thread."""
    fake = populate(FakeHub())
    endpoint = await fake.start()
    try:
        info = await asyncio.to_thread(HfApi(endpoint=endpoint, token=False).model_info, TINY)
    finally:
        await fake.stop()
    assert info.id == TINY
    assert fake.calls() == [("GET", f"/api/models/{TINY}")]


def test_a_subprocess_reaches_the_fake_through_hf_endpoint(hub, tmp_path):
    """``HF_ENDPOINT`` (read at import) points a child process's client at the fake."""
    script = (
        f"from huggingface_hub import HfApi; print(HfApi(token=False).model_info({TINY!r}).sha)"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HF_", "HUGGING_FACE_"))}
    env |= {"HF_ENDPOINT": hub.endpoint, "HF_HUB_DISABLE_TELEMETRY": "1", "HF_HOME": str(tmp_path)}
    done = subprocess.run(  # noqa: S603 - our own interpreter and script
        [sys.executable, "-c", script],
        env=env,
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    assert done.stdout.strip() == hub.repos[TINY].refs["main"].sha
    assert hub.calls() == [("GET", f"/api/models/{TINY}")]


def test_safetensors_header_bytes_is_a_valid_header():
    """8-byte little-endian length, JSON padded to 8, consecutive offsets; data on request."""
    raw = safetensors_header_bytes(WEIGHTS, metadata={"format": "pt"})
    (length,) = struct.unpack("<Q", raw[:8])
    assert len(raw) == 8 + length
    assert length % 8 == 0
    header = json.loads(raw[8:])
    assert header["__metadata__"] == {"format": "pt"}
    assert header["embed.weight"]["data_offsets"] == [0, 2 * 1024 * 1024]
    assert header["norm.weight"]["data_offsets"] == [2 * 1024 * 1024, 2 * 1024 * 1024 + 4096]
    with_data = safetensors_header_bytes(WEIGHTS, with_data=True)
    assert len(with_data) == len(safetensors_header_bytes(WEIGHTS)) + 2 * 1024 * 1024 + 4096
    assert safetensors_parameters(raw) == {"BF16": 1024 * 1024, "F32": 1024}
    with pytest.raises(ValueError, match="dtype"):
        safetensors_header_bytes({"x": ("F128", (1,))})
