"""A fake Hugging Face Hub on loopback, strict where the real ``huggingface_hub`` client checks.

``FakeHub`` serves, with aiohttp on 127.0.0.1, the part of the Hub that model look-ups use:

* ``GET /api/models/{repo_id}`` and ``GET /api/models/{repo_id}/revision/{revision}``
  (``HfApi.model_info``): the Hub's JSON, ``siblings`` and ``safetensors`` included, the latter
  computed from the repo's safetensors headers when not given; ``expand`` and ``blobs`` honoured;
* ``GET /api/models`` (``HfApi.list_models``): a case-insensitive substring search over repo ids,
  as the Hub's ``search`` is, with ``author``, ``filter``, ``pipeline_tag``, ``gated``, ``sort``
  (descending), ``limit``, ``full``, ``config`` and ``expand``, and the Hub's ``Link: rel="next"``
  pagination past ``page_size`` results;
* ``HEAD`` and ``GET /{repo_id}/resolve/{revision}/{filename}`` (``hf_hub_download``,
  ``file_exists``, ``get_safetensors_metadata``): ``X-Repo-Commit``, a quoted ``ETag`` (the git
  blob id), ``Content-Length``, byte ranges (206, or 416 with ``Content-Range: bytes */size``).
  LFS files (by suffix, or 10 MiB and more) are redirected, as on the Hub, with ``302``,
  ``X-Linked-Size``, ``X-Linked-Etag`` (their sha256) and a ``Location`` on a second loopback
  port standing for the CDN (``cdn_endpoint``): another origin, so the client keeps the
  redirect's headers as the file's metadata and drops ``Authorization`` on the way, as it does
  with the real CDN. ``lfs_redirects=False`` serves them in place.

Errors are signalled as the Hub does, through the status and the ``X-Error-Code`` and
``X-Error-Message`` headers the client reads (it cannot guess from a 401 on a loopback URL: its
fallback only matches ``https://`` endpoints). A repo that does not exist, or a private one seen
without the owner's ``token``, is 401 ``RepoNotFound`` without a token and 404 with one; a
gated repo answers ``model_info`` (``gated`` set) but refuses its files with ``GatedRepo`` (401
without a token, 403 with a token not ``grant``-ed); an unknown revision is 404
``RevisionNotFound``; a missing file 404 ``EntryNotFound`` (with ``X-Repo-Commit``, so the
client caches the absence); a token the fake does not know is 401 ``Invalid credentials in
Authorization header``. Endpoints not modelled answer a plain 404 and are still recorded.

Faults: ``slow`` (every answer held, the server still accepting other connections),
``down``/``up`` (503 with an HTML page, or connections closed unanswered with
``mode="reset"``), ``fail_next`` (JSON 5xx) and ``rate_limit`` (429 with ``Retry-After`` and the
Hub's ``RateLimit`` headers). ``requests`` records every request, fault or not.

What the 2.4 client does with it (read from its code, pinned in ``test_fake_hub.py``):

* ``hf_hub_download`` on a branch makes ``HEAD /resolve`` (always, even when cached) then, if
  the blob is not cached, ``GET`` on the resolve URL or the CDN ``Location``; with a commit sha
  as revision and the file cached, no request at all. A HEAD that fails with 5xx, a time-out or a
  refused connection falls back to the cache; when nothing is cached it is retried once more
  with a 60 s time-out and up to 5 back-offs (1, 2, 4, 8, 8 s), so against a ``down()`` hub an
  uncached download takes about 23 s before ``LocalEntryNotFoundError``. A connection reset is
  not caught at all: ``httpx2.RemoteProtocolError`` escapes, cache or not.
* ``list_models`` goes through ``http_backoff``: 429, 5xx, time-outs and network errors are
  retried 5 times (sleeping 1, 2, 4, 8, 8 s, or ``Retry-After`` + 1 s after a 429), so a
  ``down()`` hub costs it 23 s; ``model_info`` makes one plain request and raises at once.
* Time-outs (the 2.4 client speaks ``httpx2``; ``configure_http_backend`` went with
  ``requests``): ``HfApi.model_info(timeout=)``; ``HfApi.get_safetensors_metadata(timeout=)``
  for its Range GETs (its ``file_exists`` HEAD keeps the 10 s fixed at import);
  ``hf_hub_download(etag_timeout=)`` for the HEAD, overridden by ``HF_HUB_ETAG_TIMEOUT`` when that
  is not 10, and ``HF_HUB_DOWNLOAD_TIMEOUT`` for the file GET. Both variables are read once, at
  import, as whole seconds: a test patches ``huggingface_hub.constants`` instead. Without a
  ``timeout``, ``model_info`` passes ``timeout=None``, and ``list_models`` always does (it takes
  none): that *disables* httpx's time-out, so the default of an ``httpx2.Client(timeout=...)``
  given through ``huggingface_hub.set_client_factory`` is ignored by those calls, and they wait
  for a slow Hub for ever. Only a transport that sets the request's own time-out bounds them.
"""

from __future__ import annotations

import asyncio
import hashlib
import itertools
import json
import math
import re
import struct
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from functools import cached_property
from http import HTTPStatus
from typing import Any, Literal, TypeAlias
from urllib.parse import unquote

from aiohttp import web
from multidict import MultiMapping

TOKEN = "hf_fakeOwnerTokenForTestsOnly0123456789"  # noqa: S105 - a fake
GUEST_TOKEN = "hf_fakeGuestTokenForTestsOnly0123456789"  # noqa: S105 - a fake
LAST_MODIFIED = "2024-05-01T12:00:00.000Z"
CREATED_AT = "2024-04-01T12:00:00.000Z"
# What the Hub's default .gitattributes sends to LFS (and so, on the Hub, behind a redirect).
LFS_SUFFIXES = (
    ".safetensors",
    ".bin",
    ".pt",
    ".pth",
    ".ckpt",
    ".gguf",
    ".onnx",
    ".h5",
    ".msgpack",
    ".model",
    ".tflite",
    ".ot",
    ".npy",
    ".npz",
    ".pkl",
)
LFS_MIN_SIZE = 10 * 1024 * 1024  # bigger files go to LFS whatever their name
SHUTDOWN_S = 1.0  # stop() never waits longer for answers in flight
SAFETENSORS_DTYPE_BYTES = {
    "F64": 8,
    "F32": 4,
    "F16": 2,
    "BF16": 2,
    "F8_E4M3": 1,
    "F8_E5M2": 1,
    "I64": 8,
    "I32": 4,
    "I16": 2,
    "I8": 1,
    "U64": 8,
    "U32": 4,
    "U16": 2,
    "U8": 1,
    "BOOL": 1,
}
# What the load balancer in front of the Hub answers while the Hub is down.
UNAVAILABLE_HTML = (
    "<html>\r\n<head><title>503 Service Temporarily Unavailable</title></head>\r\n<body>\r\n"
    "<center><h1>503 Service Temporarily Unavailable</h1></center>\r\n</body>\r\n</html>\r\n"
)
RECORDED_HEADERS = (
    "Authorization",
    "Range",
    "Accept-Encoding",
    "User-Agent",
    "X-HF-Download-Counter",
)
_RANGE = re.compile(r"bytes=(\d*)-(\d*)")
_LIST_FIELDS = (
    "_id",
    "id",
    "likes",
    "trendingScore",
    "private",
    "downloads",
    "tags",
    "pipeline_tag",
    "library_name",
    "createdAt",
    "modelId",
)
_FULL_FIELDS = ("author", "sha", "lastModified", "gated", "disabled", "siblings")
_SORT_KEYS = {"downloads", "likes", "lastModified", "createdAt", "trendingScore"}

FileContent: TypeAlias = bytes | str | dict[str, Any]
GatedMode: TypeAlias = Literal[False, "auto", "manual"]
DownMode: TypeAlias = Literal["503", "reset"]
Revision: TypeAlias = str | Mapping[str, FileContent]


def safetensors_header_bytes(
    tensors: Mapping[str, tuple[str, Sequence[int]]],
    *,
    metadata: Mapping[str, str] | None = None,
    with_data: bool = False,
) -> bytes:
    """Build a safetensors file: 8-byte little-endian header length, then the JSON header.

    ``tensors`` maps names to ``(dtype, shape)``; offsets are laid out one after the other, as
    safetensors writes them. The data is left out (the Hub's client reads only the header)
    unless ``with_data``, which appends zero bytes.
    """
    header: dict[str, Any] = {}
    if metadata:
        header["__metadata__"] = dict(metadata)
    offset = 0
    for name, (dtype, shape) in tensors.items():
        if dtype not in SAFETENSORS_DTYPE_BYTES:
            raise ValueError(f"unknown safetensors dtype {dtype!r}")
        size = math.prod(shape) * SAFETENSORS_DTYPE_BYTES[dtype]
        header[name] = {
            "dtype": dtype,
            "shape": list(shape),
            "data_offsets": [offset, offset + size],
        }
        offset += size
    raw = json.dumps(header, separators=(",", ":")).encode()
    raw += b" " * (-len(raw) % 8)  # safetensors pads the header to 8 bytes
    return struct.pack("<Q", len(raw)) + raw + (bytes(offset) if with_data else b"")


def safetensors_parameters(content: bytes) -> dict[str, int] | None:
    """Count a safetensors file's parameters per dtype from its header (None: not one)."""
    if len(content) < 8:
        return None
    (length,) = struct.unpack("<Q", content[:8])
    try:
        header = json.loads(content[8 : 8 + length])
    except ValueError:
        return None
    if not isinstance(header, dict):
        return None
    counts: dict[str, int] = {}
    for name, tensor in header.items():
        if name == "__metadata__":
            continue
        try:
            counts[tensor["dtype"]] = counts.get(tensor["dtype"], 0) + math.prod(tensor["shape"])
        except (KeyError, TypeError):
            return None
    return counts


def _sha1(data: bytes) -> str:
    return hashlib.sha1(data, usedforsecurity=False).hexdigest()


def _encode(content: FileContent) -> bytes:
    if isinstance(content, bytes):
        return content
    if isinstance(content, str):
        return content.encode()
    return json.dumps(content, indent=2).encode()


@dataclass(frozen=True)
class HubFile:
    """One file of a revision, with the ids the Hub derives from its bytes."""

    path: str
    content: bytes
    lfs: bool

    @property
    def size(self) -> int:
        """Its size in bytes."""
        return len(self.content)

    @cached_property
    def sha256(self) -> str:
        """Its sha256: the LFS object id, the ETag of an LFS file."""
        return hashlib.sha256(self.content).hexdigest()

    @cached_property
    def pointer(self) -> bytes:
        """The LFS pointer git stores in its place."""
        return (
            f"version https://git-lfs.github.com/spec/v1\noid sha256:{self.sha256}\n"
            f"size {self.size}\n"
        ).encode()

    @cached_property
    def blob_id(self) -> str:
        """The git blob id of what git stores (the file, or its LFS pointer)."""
        stored = self.pointer if self.lfs else self.content
        return _sha1(b"blob %d\0" % len(stored) + stored)


@dataclass(frozen=True)
class Snapshot:
    """The files at one commit."""

    sha: str
    files: dict[str, HubFile]


@dataclass
class FakeRepo:
    """A model repo: its refs (``main`` and any other branch or tag) and its settings."""

    repo_id: str
    refs: dict[str, Snapshot]
    gated: GatedMode = False
    private: bool = False
    safetensors: dict[str, Any] | None = None
    extra_info: dict[str, Any] = field(default_factory=dict)

    def snapshot(self, revision: str) -> Snapshot | None:
        """Find the snapshot of a branch, a tag or a full commit sha."""
        if revision in self.refs:
            return self.refs[revision]
        return next((s for s in self.refs.values() if s.sha == revision), None)


@dataclass
class HubRequest:
    """One request the fake received and the status it answered (0: connection dropped)."""

    method: str
    path: str  # decoded
    query: dict[str, list[str]]
    headers: dict[str, str]  # those of RECORDED_HEADERS that were sent
    site: Literal["hub", "cdn"] = "hub"
    status: int | None = None  # None while the answer is held
    at_s: float = field(default_factory=time.monotonic)


class HubError(Exception):
    """An error answer, as the Hub shapes it: status, ``X-Error-Code``, ``X-Error-Message``."""

    def __init__(
        self,
        status: int,
        code: str | None,
        message: str,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.headers = dict(headers or {})

    def response(self) -> web.Response:
        """Render the answer (aiohttp leaves the body out of a HEAD answer)."""
        headers = {"X-Error-Message": self.message, **self.headers}
        if self.code is not None:
            headers["X-Error-Code"] = self.code
        return web.json_response({"error": self.message}, status=self.status, headers=headers)


@dataclass
class _Injected:
    status: int
    retry_after: int | None = None


def _flag(query: MultiMapping[str], name: str) -> bool:
    return query.get(name, "").lower() in {"1", "true"}


@dataclass
class FakeHub:
    """State of the fake: repos, grants, faults, and the log of requests."""

    token: str = TOKEN  # the user: owns the private repos, reaches gated ones once granted
    guest_tokens: frozenset[str] = frozenset({GUEST_TOKEN})  # valid users without rights
    lfs_redirects: bool = True
    lfs_suffixes: tuple[str, ...] = LFS_SUFFIXES
    page_size: int = 1000  # list_models results per page, as the Hub
    repos: dict[str, FakeRepo] = field(default_factory=dict)
    granted: set[str] = field(default_factory=set)
    requests: list[HubRequest] = field(default_factory=list)
    endpoint: str = ""
    cdn_endpoint: str = ""
    _blobs: dict[str, bytes] = field(default_factory=dict)
    _delay_s: float = 0.0
    _down: DownMode | None = None
    _injected: list[_Injected] = field(default_factory=list)
    _ids: itertools.count[int] = field(default_factory=lambda: itertools.count(1))
    _runners: list[web.AppRunner] = field(default_factory=list)
    _closing: asyncio.Event | None = None

    # -- repos -----------------------------------------------------------------------------
    def add_repo(
        self,
        repo_id: str,
        files: Mapping[str, FileContent],
        *,
        sha: str | None = None,
        gated: GatedMode | bool = False,
        private: bool = False,
        safetensors: dict[str, Any] | None = None,
        extra_info: Mapping[str, Any] | None = None,
        revisions: Mapping[str, Revision] | None = None,
    ) -> FakeRepo:
        """Add (or replace) a model repo whose ``main`` holds ``files``.

        A dict file is served as JSON, a str as UTF-8. ``sha`` is main's commit (derived from
        the files if not given). ``gated`` is ``"auto"``/``"manual"`` (``True``: ``"auto"``).
        ``safetensors`` is model_info's ``{"parameters": {dtype: n}, "total": n}`` block
        (computed from the safetensors files' headers if not given). ``extra_info`` overrides
        or adds model_info fields (``downloads``, ``likes``, ``tags``, ``pipeline_tag``, ...).
        ``revisions`` adds branches or tags: each maps to its own files, or to the name or sha
        of a revision given before it.
        """
        refs = {"main": self._snapshot(repo_id, files, sha)}
        for name, revision in (revisions or {}).items():
            if isinstance(revision, str):
                target = next(
                    (s for n, s in refs.items() if revision in {n, s.sha}),
                    None,
                )
                if target is None:
                    raise ValueError(f"revision {name!r} points at unknown {revision!r}")
                refs[name] = target
            else:
                refs[name] = self._snapshot(repo_id, revision, None)
        mode: GatedMode = "auto" if gated is True else gated
        repo = FakeRepo(
            repo_id,
            refs,
            gated=mode,
            private=private,
            safetensors=safetensors,
            extra_info=dict(extra_info or {}),
        )
        self.repos[repo_id] = repo
        return repo

    def _snapshot(
        self, repo_id: str, files: Mapping[str, FileContent], sha: str | None
    ) -> Snapshot:
        stored: dict[str, HubFile] = {}
        for path, content in files.items():
            data = _encode(content)
            lfs = path.endswith(self.lfs_suffixes) or len(data) >= LFS_MIN_SIZE
            stored[path] = HubFile(path, data, lfs)
            if lfs:
                self._blobs[stored[path].sha256] = data
        if sha is None:
            listing = "".join(f"{p}\0{f.blob_id}\n" for p, f in sorted(stored.items()))
            sha = _sha1(f"{repo_id}\n{listing}".encode())
        if not re.fullmatch(r"[0-9a-f]{40}", sha):
            raise ValueError(f"a commit sha is 40 lowercase hex digits, not {sha!r}")
        return Snapshot(sha, stored)

    def grant(self, repo_id: str) -> None:
        """Let ``token`` download a gated repo's files."""
        self.granted.add(repo_id)

    # -- faults and inspection -------------------------------------------------------------
    def slow(self, seconds: float) -> None:
        """Hold every answer ``seconds`` (0: answer at once again); others are still taken."""
        self._delay_s = seconds

    def down(self, mode: DownMode = "503") -> None:
        """Answer everything 503 with an HTML page, or (``"reset"``) drop every connection."""
        self._down = mode

    def up(self) -> None:
        """Serve again after ``down``."""
        self._down = None

    def fail_next(self, n: int, status: int = 500) -> None:
        """Answer the next ``n`` Hub requests ``status`` with a JSON error (CDN excluded)."""
        self._injected.extend(_Injected(status) for _ in range(n))

    def rate_limit(self, n: int, *, retry_after: int = 1) -> None:
        """Answer the next ``n`` Hub requests 429, ``Retry-After: retry_after`` seconds."""
        self._injected.extend(_Injected(429, retry_after) for _ in range(n))

    def clear_faults(self) -> None:
        """Undo ``slow``, ``down``, ``fail_next`` and ``rate_limit``."""
        self._delay_s, self._down = 0.0, None
        self._injected.clear()

    def calls(self, site: Literal["hub", "cdn"] | None = None) -> list[tuple[str, str]]:
        """List ``(method, path)`` of the requests received (from one site if given)."""
        return [(r.method, r.path) for r in self.requests if site is None or r.site == site]

    # -- serving ---------------------------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = 0) -> str:
        """Serve the Hub on ``host:port`` (a free port by default), the CDN on a free port.

        Returns the endpoint to give the client (``HfApi(endpoint=...)``).
        """
        self._closing = asyncio.Event()
        hub, cdn = web.Application(), web.Application()
        hub.router.add_route("*", "/{tail:.*}", self._hub)
        cdn.router.add_route("*", "/{tail:.*}", self._cdn)
        addresses = []
        for app, app_port in ((hub, port), (cdn, 0)):
            runner = web.AppRunner(app, access_log=None, shutdown_timeout=SHUTDOWN_S)
            await runner.setup()
            self._runners.append(runner)
            await web.TCPSite(runner, host, app_port).start()
            addresses.append(runner.addresses[0][1])
        self.endpoint = f"http://{host}:{addresses[0]}"
        self.cdn_endpoint = f"http://{host}:{addresses[1]}"
        return self.endpoint

    async def stop(self) -> None:
        """Stop serving; answers being held by ``slow`` are released first."""
        if self._closing is not None:
            self._closing.set()
        for runner in self._runners:
            await runner.cleanup()
        self._runners.clear()

    @contextmanager
    def serve_in_thread(self, host: str = "127.0.0.1", port: int = 0) -> Iterator[str]:
        """Serve from a daemon thread with its own event loop; yield the endpoint.

        For synchronous callers (the ``huggingface_hub`` client is one) and subprocesses
        (``HF_ENDPOINT``): the client must never run on the loop that serves it.
        """
        loop = asyncio.new_event_loop()
        thread = threading.Thread(target=loop.run_forever, name="fake-hub", daemon=True)
        thread.start()
        try:
            yield asyncio.run_coroutine_threadsafe(self.start(host, port), loop).result(10)
        finally:
            asyncio.run_coroutine_threadsafe(self.stop(), loop).result(10)
            # Finished on its own thread: the caller may itself be inside a running loop.
            asyncio.run_coroutine_threadsafe(loop.shutdown_asyncgens(), loop).result(10)
            loop.call_soon_threadsafe(loop.stop)
            thread.join(10)
            loop.close()

    async def _hub(self, request: web.Request) -> web.StreamResponse:
        return await self._answer(request, "hub")

    async def _cdn(self, request: web.Request) -> web.StreamResponse:
        return await self._answer(request, "cdn")

    async def _answer(
        self, request: web.Request, site: Literal["hub", "cdn"]
    ) -> web.StreamResponse:
        """Record, misbehave as told, else dispatch; every answer gets an ``X-Request-Id``."""
        path = unquote(request.rel_url.raw_path)
        query = {k: request.query.getall(k) for k in request.query}
        headers = {h: request.headers[h] for h in RECORDED_HEADERS if h in request.headers}
        entry = HubRequest(request.method, path, query, headers, site)
        self.requests.append(entry)
        if self._delay_s > 0 and self._closing is not None:
            with suppress(TimeoutError):
                await asyncio.wait_for(self._closing.wait(), self._delay_s)
        if self._down == "reset":
            entry.status = 0
            if request.transport is not None:
                request.transport.abort()
            return web.Response()
        response = self._fault_response(site)
        if response is None:
            try:
                response = self._route(request) if site == "hub" else self._blob(request)
            except HubError as error:
                response = error.response()
        response.headers["X-Request-Id"] = f"fake-{next(self._ids):06d}"
        entry.status = response.status
        return response

    def _fault_response(self, site: str) -> web.Response | None:
        if self._down == "503":
            return web.Response(status=503, text=UNAVAILABLE_HTML, content_type="text/html")
        if site != "hub" or not self._injected:
            return None
        injected = self._injected.pop(0)
        if injected.retry_after is None:
            message = HTTPStatus(injected.status).phrase
            if injected.status == HTTPStatus.INTERNAL_SERVER_ERROR:
                message = "Internal Error - We're working hard to fix this as soon as possible!"
            return web.json_response({"error": message}, status=injected.status)
        headers = {
            "Retry-After": str(injected.retry_after),
            "RateLimit": f'"api";r=0;t={injected.retry_after}',
            "RateLimit-Policy": '"fixed window";"api";q=500;w=300',
        }
        return web.json_response({"error": "Too Many Requests"}, status=429, headers=headers)

    def _route(self, request: web.Request) -> web.Response:
        segments = [unquote(s) for s in request.rel_url.raw_path.strip("/").split("/")]
        method = request.method
        if segments[:2] == ["api", "models"] and method == "GET":
            rest = segments[2:]
            if not rest or rest == [""]:
                return self._list_models(request)
            if len(rest) in {1, 2}:
                return self._model_info(request, "/".join(rest), None)
            if rest[-2] == "revision" and len(rest) in {3, 4}:
                return self._model_info(request, "/".join(rest[:-2]), rest[-1])
        elif "resolve" in segments[1:3] and method in {"GET", "HEAD"}:
            at = segments.index("resolve", 1)
            if len(segments) > at + 2:
                repo_id = "/".join(segments[:at])
                revision, filename = segments[at + 1], "/".join(segments[at + 2 :])
                return self._resolve(request, repo_id, revision, filename)
        raise HubError(404, None, "Sorry, we can't find the page you are looking for.")

    # -- access ----------------------------------------------------------------------------
    def _caller(self, request: web.Request) -> str | None:
        """Tell the caller's token (None: anonymous); refuse an unknown one, as the Hub does."""
        authorization = request.headers.get("Authorization")
        if authorization is None:
            return None
        scheme, _, token = authorization.partition(" ")
        if scheme.lower() != "bearer" or token not in {self.token, *self.guest_tokens}:
            raise HubError(401, None, "Invalid credentials in Authorization header")
        return token

    def _visible(self, repo_id: str, caller: str | None) -> FakeRepo:
        repo = self.repos.get(repo_id)
        if repo is None or (repo.private and caller != self.token):
            if caller is None:
                raise HubError(401, "RepoNotFound", "Invalid username or password.")
            raise HubError(404, "RepoNotFound", "Repository not found")
        return repo

    def _check_gate(self, repo: FakeRepo, caller: str | None) -> None:
        if not repo.gated or (caller == self.token and repo.repo_id in self.granted):
            return
        what = f"Access to model {repo.repo_id} is restricted"
        if caller is None:
            raise HubError(
                401,
                "GatedRepo",
                f"{what}. You must have access to it and be authenticated to access it. "
                "Please log in.",
            )
        raise HubError(
            403,
            "GatedRepo",
            f"{what} and you are not in the authorized list. "
            f"Visit {self.endpoint}/{repo.repo_id} to ask for access.",
        )

    @staticmethod
    def _revision(repo: FakeRepo, revision: str) -> Snapshot:
        snapshot = repo.snapshot(revision)
        if snapshot is None:
            raise HubError(404, "RevisionNotFound", f"Invalid rev id: {revision}")
        return snapshot

    # -- model info and search -------------------------------------------------------------
    def _model_json(self, repo: FakeRepo, snapshot: Snapshot, *, blobs: bool) -> dict[str, Any]:
        """Describe a model as the Hub's /api/models/{repo_id} does."""
        files = snapshot.files
        config = self._config(files)
        library = "transformers" if "config.json" in files else None
        weights = [f for p, f in files.items() if p.endswith(".safetensors")]
        tags = [t for t in (library, "safetensors" if weights else None) if t]
        tags += [config["model_type"]] if isinstance(config.get("model_type"), str) else []
        author, _, _ = repo.repo_id.rpartition("/")
        info: dict[str, Any] = {
            "_id": _sha1(repo.repo_id.encode())[:24],
            "id": repo.repo_id,
            "modelId": repo.repo_id,
            "author": author or None,
            "sha": snapshot.sha,
            "lastModified": LAST_MODIFIED,
            "createdAt": CREATED_AT,
            "private": repo.private,
            "gated": repo.gated,
            "disabled": False,
            "downloads": 0,
            "likes": 0,
            "trendingScore": 0,
            "library_name": library,
            "tags": [*tags, "region:us"],
            "siblings": [self._sibling(f, blobs=blobs) for f in files.values()],
            "spaces": [],
            "usedStorage": sum(f.size for f in files.values()),
        }
        if config:
            info["config"] = config
        safetensors = repo.safetensors or self._safetensors_block(weights)
        if safetensors is not None:
            info["safetensors"] = safetensors
        info.update(repo.extra_info)
        return {k: v for k, v in info.items() if v is not None}

    @staticmethod
    def _config(files: Mapping[str, HubFile]) -> dict[str, Any]:
        if "config.json" not in files:
            return {}
        try:
            config = json.loads(files["config.json"].content)
        except ValueError:
            return {}
        keys = ("architectures", "model_type")
        return {k: config[k] for k in keys if isinstance(config, dict) and k in config}

    @staticmethod
    def _sibling(file: HubFile, *, blobs: bool) -> dict[str, Any]:
        sibling: dict[str, Any] = {"rfilename": file.path}
        if blobs:
            sibling.update(size=file.size, blobId=file.blob_id)
            if file.lfs:
                lfs = {"size": file.size, "sha256": file.sha256, "pointerSize": len(file.pointer)}
                sibling["lfs"] = lfs
        return sibling

    @staticmethod
    def _safetensors_block(weights: list[HubFile]) -> dict[str, Any] | None:
        parameters: dict[str, int] = {}
        for weight in weights:
            for dtype, count in (safetensors_parameters(weight.content) or {}).items():
                parameters[dtype] = parameters.get(dtype, 0) + count
        if not parameters:
            return None
        return {"parameters": parameters, "total": sum(parameters.values())}

    def _model_info(self, request: web.Request, repo_id: str, revision: str | None) -> web.Response:
        caller = self._caller(request)
        repo = self._visible(repo_id, caller)
        snapshot = self._revision(repo, revision or "main")
        info = self._model_json(repo, snapshot, blobs=_flag(request.query, "blobs"))
        expand = request.query.getall("expand", []) + request.query.getall("expand[]", [])
        if expand:
            info = {k: v for k, v in info.items() if k in {"_id", "id", *expand}}
        return web.json_response(info)

    def _list_models(self, request: web.Request) -> web.Response:
        caller = self._caller(request)
        query = request.query
        found = [
            self._model_json(repo, repo.refs["main"], blobs=False)
            for repo in self.repos.values()
            if not repo.private or caller == self.token
        ]
        search = query.get("search", "").lower()
        found = [m for m in found if search in m["id"].lower()]
        if "author" in query:
            found = [m for m in found if m.get("author") == query["author"]]
        for wanted in query.getall("filter", []):
            found = [m for m in found if wanted in m["tags"] or wanted == m.get("library_name")]
        if "pipeline_tag" in query:
            found = [m for m in found if m.get("pipeline_tag") == query["pipeline_tag"]]
        if "gated" in query:
            found = [m for m in found if bool(m["gated"]) == _flag(query, "gated")]
        if query.get("sort") in _SORT_KEYS:
            key = query["sort"]
            found.sort(key=lambda m: m.get(key) or 0, reverse=query.get("direction") != "1")
        try:
            cursor = int(query.get("cursor", "0"))
            limit = int(query.get("limit", self.page_size))
        except ValueError:
            raise HubError(400, None, "Invalid cursor or limit") from None
        page = found[cursor : cursor + min(limit, self.page_size)]
        headers = {}
        if cursor + len(page) < len(found):
            following = request.url.update_query(cursor=str(cursor + len(page)))
            headers["Link"] = f'<{following}>; rel="next"'
        return web.json_response([self._listed(m, query) for m in page], headers=headers)

    @staticmethod
    def _listed(model: dict[str, Any], query: MultiMapping[str]) -> dict[str, Any]:
        """Keep the fields the Hub lists for these parameters."""
        expand = [*query.getall("expand", []), *query.getall("expand[]", [])]
        if expand:
            keep = {"_id", "id", *expand}
        else:
            keep = set(_LIST_FIELDS)
            if _flag(query, "full"):
                keep.update(_FULL_FIELDS)
            if _flag(query, "config"):
                keep.add("config")
            if _flag(query, "cardData"):
                keep.add("cardData")
        return {k: v for k, v in model.items() if k in keep}

    # -- files -----------------------------------------------------------------------------
    def _resolve(
        self, request: web.Request, repo_id: str, revision: str, filename: str
    ) -> web.Response:
        caller = self._caller(request)
        repo = self._visible(repo_id, caller)
        self._check_gate(repo, caller)
        snapshot = self._revision(repo, revision)
        file = snapshot.files.get(filename)
        if file is None:
            commit = {"X-Repo-Commit": snapshot.sha}
            raise HubError(404, "EntryNotFound", "Entry not found", commit)
        headers = {"X-Repo-Commit": snapshot.sha, "Accept-Ranges": "bytes"}
        if file.lfs and self.lfs_redirects:
            location = (
                f"{self.cdn_endpoint}/lfs/{file.sha256}?X-Amz-Expires=3600&X-Amz-Signature=fake"
            )
            headers |= {
                "ETag": f'"{file.blob_id}"',
                "X-Linked-Etag": f'"{file.sha256}"',
                "X-Linked-Size": str(file.size),
                "Location": location,
            }
            return web.Response(
                status=302, text=f"Found. Redirecting to {location}", headers=headers
            )
        headers["ETag"] = f'"{file.sha256 if file.lfs else file.blob_id}"'
        return self._serve(request, file.content, headers, text=not file.lfs)

    def _blob(self, request: web.Request) -> web.Response:
        """Serve an LFS object from the CDN, which asks no token (the URL is signed)."""
        match = re.fullmatch(r"/lfs/([0-9a-f]{64})", request.rel_url.raw_path)
        if match is None or match[1] not in self._blobs or request.method not in {"GET", "HEAD"}:
            raise HubError(404, None, "NoSuchKey")
        headers = {"ETag": f'"{match[1]}"', "Accept-Ranges": "bytes"}
        return self._serve(request, self._blobs[match[1]], headers, text=False)

    @staticmethod
    def _serve(
        request: web.Request, content: bytes, headers: dict[str, str], *, text: bool
    ) -> web.Response:
        """Answer the whole of ``content`` (200) or the byte range asked for (206, or 416)."""
        content_type = "text/plain" if text else "application/octet-stream"
        charset = "utf-8" if text else None
        size = len(content)
        match = _RANGE.fullmatch(request.headers.get("Range", "").strip())
        if match is None or match.groups() == ("", ""):
            return web.Response(
                body=content, headers=headers, content_type=content_type, charset=charset
            )
        first, last = match.groups()
        if first:
            start, end = int(first), min(int(last), size - 1) if last else size - 1
        else:
            start, end = max(size - int(last), 0), size - 1
        if start >= size or start > end or (not first and int(last) == 0):
            raise HubError(
                416,
                None,
                "Requested Range Not Satisfiable",
                {
                    "Content-Range": f"bytes */{size}",
                },
            )
        headers = {**headers, "Content-Range": f"bytes {start}-{end}/{size}"}
        return web.Response(
            status=206,
            body=content[start : end + 1],
            headers=headers,
            content_type=content_type,
            charset=charset,
        )
