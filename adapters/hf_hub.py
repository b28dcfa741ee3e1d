"""The Hugging Face Hub as a ``sizing.ModelSource``, through ``huggingface_hub``.

What it reads of a repository: ``model_info`` (the commit, the file list, whether it is gated,
the safetensors parameter counts by dtype), then ``config.json`` and, where the repository has
one, ``hf_quant_config.json`` (downloaded into the Hugging Face cache under ``HF_HOME``, which
is the disk cache: a second read needs no network, and ``HF_HUB_OFFLINE`` reads from it).
Weights are never downloaded. Files larger than ``MAX_CONFIG_BYTES`` are refused.

Errors become the engine's: a missing repository (the Hub answers 401 without a token) or one
without ``config.json`` (GGUF-only uploads) is ``ModelNotFoundError``; a gated or private
repository whose files are refused is ``GatedModelError``; a Hub that is offline, down, slow
or rate-limiting is ``SourceUnavailableError``. Every call has a time-out and the client's own
retries are bounded by ``deadline_s``.

Loose names are searched the way the Hub searches (a plain substring of the id), so each name
is tried in a few spellings (spaces as dashes, versions joined) and the ids found ranked: the
repository named exactly first; quantized re-uploads and GGUF files last.
"""

from __future__ import annotations

import json
import os
import re
import threading
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import huggingface_hub
from huggingface_hub import errors as hub_errors

from sizing import (
    MAX_ID_CHARS,
    Checkpoint,
    GatedModelError,
    ModelNotFoundError,
    SourceUnavailableError,
    repo_id_of,
)

T = TypeVar("T")

MAX_CONFIG_BYTES = 2_000_000  # the largest published config.json is tens of kilobytes
SEARCH_LIMIT = 40  # ids read per spelling of a name
MAX_SEARCHES = 9  # spellings tried per name (each one request)
# Suffixes of official quantized releases, and the weight format each stores.
RELEASE_SUFFIXES = {
    "fp8": "fp8",
    "fp8-dynamic": "fp8",
    "fp8-static": "fp8",
    "nvfp4": "nvfp4",
    "mxfp4": "mxfp4",
    "awq": "int4",
    "gptq-int4": "int4",
    "int4": "int4",
}
# Other formats of a checkpoint (re-uploads, quantized releases): never the model itself.
_REUPLOAD = re.compile(
    r"gguf|ggml|mlx|exl2|awq|gptq|bnb|4bit|8bit|int4|int8|onnx|openvino|lora|fp8|nvfp4|mxfp4"
)
# Owners who publish their own models (a re-upload of the same name loses a tie to them).
MAKERS = frozenset(
    name.lower()
    for name in (
        "meta-llama",
        "microsoft",
        "Qwen",
        "mistralai",
        "google",
        "deepseek-ai",
        "zai-org",
        "THUDM",
        "nvidia",
        "CohereLabs",
        "CohereForAI",
        "allenai",
        "ibm-granite",
        "HuggingFaceTB",
        "baidu",
        "tencent",
        "tiiuae",
        "LGAI-EXAONE",
        "ByteDance-Seed",
        "moonshotai",
        "MiniMaxAI",
        "meituan-longcat",
        "openai",
        "stepfun-ai",
        "XiaomiMiMo",
        "rednote-hilab",
        "inclusionAI",
        "internlm",
        "01-ai",
        "apple",
        "ai21labs",
        "Snowflake",
    )
)
# Words a customer adds that a repository id need not carry.
_DESCRIPTIVE = frozenset({"moe", "model", "llm", "instruct", "chat", "it", "the", "hf"})
# Words a release adds to the name of the model it packages.
_RELEASE_WORDS = frozenset({"instruct", "it", "chat", "hf", "base", "pt", "model"})


@dataclass(frozen=True, slots=True)
class HubSettings:
    """Where the Hub is and how long to wait for it (from ``HF_*`` variables by default)."""

    endpoint: str | None = None  # None: huggingface.co (``HF_ENDPOINT``)
    token: str | None = None  # ``HF_TOKEN``; never logged
    cache_dir: str | None = None  # None: the cache under ``HF_HOME``
    offline: bool = False  # ``HF_HUB_OFFLINE``: read the disk cache only
    timeout_s: float = 2.0  # per HTTP request
    deadline_s: float = 2.5  # per lookup, retries included: a customer waits no longer


def hub_from_environment(environ: Mapping[str, str] | None = None) -> HubSource:
    """Build the Hub source from ``HF_ENDPOINT``, ``HF_TOKEN``, ``HF_HOME``, ``HF_HUB_OFFLINE``."""
    env = os.environ if environ is None else environ
    home = env.get("HF_HOME")
    token = env.get("HF_TOKEN")
    token_file = env.get("HF_TOKEN_FILE")
    if not token and token_file:
        token = Path(token_file).read_text(encoding="utf-8").strip() or None
    return HubSource(
        HubSettings(
            endpoint=env.get("HF_ENDPOINT") or None,
            token=token or None,
            cache_dir=str(Path(home) / "hub") if home else None,
            offline=env.get("HF_HUB_OFFLINE", "").strip().lower() in {"1", "true", "yes", "on"},
        )
    )


def spellings(name: str) -> tuple[str, ...]:
    """Return the ways a loose name may be written inside a repository id, longest first.

    The Hub matches a plain substring of the id, so the name is tried whole (dashed, joined,
    with versions split from words), then without its last words, down to its first word:
    "olmo2 13b" is found as "olmo-2", "ernie 4.5 21b-a3b moe" as "ernie-4.5-21b-a3b".
    """
    words = [w for w in re.split(r"[\s_/-]+", name.strip().lower().replace("+", "-plus")) if w]
    found: list[str] = []
    for count in range(len(words), 0, -1):
        head = words[:count]
        dashed = "-".join(head)
        found += [dashed, "".join(head), re.sub(r"(?<=[a-z])(?=\d)", "-", dashed)]
    return tuple(dict.fromkeys(spelling for spelling in found if len(spelling) >= 3))  # noqa: PLR2004


def _name_words(text: str) -> list[str]:
    return [w for w in re.split(r"[-_.\s]+", text.lower().replace("+", "-plus")) if w]


def rank(name: str, ids: Iterable[str]) -> tuple[str, ...]:
    """Rank repository ids for a loose name: the repository named exactly first.

    A candidate must contain every word asked; the words it adds beyond release words
    (instruct, it, chat, a date) count against it; re-uploads in other formats are left out
    unless the name asks for one. Returns one id when one stands out (ties go to the model's
    maker over re-uploaders), else up to three, likeliest first.
    """
    asked = [word for word in _name_words(name) if word not in _DESCRIPTIVE] or _name_words(name)
    asked_joined = "".join(asked)
    wants_reupload = bool(_REUPLOAD.search(name.lower()))
    scored: list[tuple[int, int, int, str]] = []
    for repo in dict.fromkeys(ids):
        owner, _, model = repo.partition("/")
        if _REUPLOAD.search(model.lower()) and not wants_reupload:
            continue
        words = _name_words(model)
        if not all(_covered(word, words) for word in asked):
            continue
        extra = [w for w in words if w not in asked and w not in asked_joined]
        loose = [w for w in extra if w not in _RELEASE_WORDS and not re.fullmatch(r"\d{4}", w)]
        maker = 0 if owner.lower() in MAKERS else 1
        scored.append((len(loose), len(extra), maker, repo))
    scored.sort()
    if not scored:
        return ()
    first = scored[0]
    alike = [entry for entry in scored if entry[:2] == first[:2]]
    stands_out = len(alike) == 1 or (first[2] == 0 and sum(1 for e in alike if e[2] == 0) == 1)
    # One stands out when its name adds nothing beyond release words, or when it alone has
    # every word asked; "qwen 3" among Qwen3 4B, 30B and 235B releases is asked about.
    if stands_out and (first[0] == 0 or len(scored) == 1):
        return (first[3],)
    return tuple(entry[3] for entry in scored[:3])


def _covered(word: str, words: list[str]) -> bool:
    """Whether an asked word is in a repository name.

    A short word must be a whole word; a longer one may sit inside one or across words ("olmo2"
    in "OLMo-2"), or be one edit from a word ("instuct").
    """
    if len(word) <= 2:  # noqa: PLR2004 - "a", "r", "v2": whole words only
        pieces = {p for w in words for p in re.split(r"(?<=[a-z])(?=\d)|(?<=\d)(?=[a-z])", w)}
        return word in words or word in pieces
    joined = "".join(words)
    if word in joined:
        return True
    return len(word) >= 5 and any(_one_edit(word, candidate) for candidate in words)  # noqa: PLR2004


def _one_edit(a: str, b: str) -> bool:
    """Whether two words differ by one insertion, deletion or substitution."""
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) > len(b):
        a, b = b, a
    i = j = edits = 0
    while i < len(a) and j < len(b):
        if a[i] != b[j]:
            edits += 1
            if edits > 1:
                return False
            if len(a) == len(b):
                i += 1
            j += 1
            continue
        i += 1
        j += 1
    return edits + (len(b) - j) + (len(a) - i) <= 1


class HubSource:
    """The Hub through ``huggingface_hub``; thread-safe, one call at a time per instance."""

    def __init__(self, settings: HubSettings | None = None) -> None:
        self.settings = settings or HubSettings()
        self._api = huggingface_hub.HfApi(
            endpoint=self.settings.endpoint, token=self.settings.token or False
        )

    # --- the port ------------------------------------------------------------------------

    def checkpoint(self, hf_id: str) -> Checkpoint:
        """Read a repository's config, quantization file and stored parameter counts."""
        repo = repo_id_of(hf_id)
        if repo is None:
            raise ModelNotFoundError(hf_id, "not a Hugging Face repository id")
        return self._within_deadline(repo, lambda: self._checkpoint(repo))

    def search(self, name: str, limit: int = 3) -> tuple[str, ...]:
        """Return the ids a loose name may mean: one when clear, else up to ``limit``."""
        name = name.strip()[:MAX_ID_CHARS]
        if not name:
            return ()
        return self._within_deadline(name, lambda: self._search(name))[:limit]

    # --- reading -------------------------------------------------------------------------

    def _checkpoint(self, repo: str) -> Checkpoint:
        if self.settings.offline:
            return self._cached_checkpoint(repo)
        try:
            info = self._api.model_info(repo, timeout=self.settings.timeout_s)
        except (hub_errors.GatedRepoError, hub_errors.DisabledRepoError) as error:
            raise GatedModelError(repo, "gated or private: its config needs access") from error
        except hub_errors.RepositoryNotFoundError as error:
            raise ModelNotFoundError(repo, "no such repository on the Hub") from error
        except hub_errors.RevisionNotFoundError as error:
            raise ModelNotFoundError(repo, "no such revision") from error
        files = {sibling.rfilename for sibling in info.siblings or ()}
        if "config.json" not in files:
            raise ModelNotFoundError(repo, "the repository has no config.json")
        revision = info.sha
        # Read at the branch, so that the cache records it and an offline read finds it.
        config = self._json(repo, "config.json", None)
        quant = (
            self._json(repo, "hf_quant_config.json", None)
            if ("hf_quant_config.json" in files)
            else None
        )
        stored: dict[str, int] = {}
        if info.safetensors is not None:
            stored = {str(k): int(v) for k, v in (info.safetensors.parameters or {}).items()}
        return Checkpoint(
            hf_id=info.id or repo,
            config=config,
            revision=revision,
            hf_quant_config=quant,
            stored_params=stored,
            gated=bool(info.gated),
            releases=self._releases(info.id or repo),
        )

    def _releases(self, repo: str) -> dict[str, str]:
        """Return the makers' (or NVIDIA's) quantized releases of a repository, by format.

        One search for the name; a release is the name with a format suffix ("-FP8",
        "-FP8-Dynamic", "-NVFP4", "-AWQ"), published by the same owner or by NVIDIA. A search
        that fails costs the releases, never the lookup.
        """
        owner, _, name = repo.partition("/")
        try:
            found = [m.id for m in self._api.list_models(search=name, limit=SEARCH_LIMIT) if m.id]
        except (hub_errors.HfHubHTTPError, OSError, ValueError):
            return {}
        releases: dict[str, str] = {}
        for candidate in found:
            their_owner, _, their_name = candidate.partition("/")
            if their_owner.lower() not in {owner.lower(), "nvidia"}:
                continue
            if not their_name.lower().startswith(f"{name.lower()}-"):
                continue
            suffix = their_name[len(name) + 1 :].lower()
            fmt = RELEASE_SUFFIXES.get(suffix)
            if fmt is not None:
                releases.setdefault(fmt, candidate)
        return releases

    def _cached_checkpoint(self, repo: str) -> Checkpoint:
        """Offline: the config of an earlier read, from the disk cache, or unavailable."""
        try:
            path = huggingface_hub.try_to_load_from_cache(
                repo, "config.json", cache_dir=self.settings.cache_dir
            )
        except (OSError, ValueError) as error:
            raise SourceUnavailableError(repo, "offline, and not in the cache") from error
        if not isinstance(path, str):
            raise SourceUnavailableError(repo, "offline, and not in the cache")
        return Checkpoint(hf_id=repo, config=_read_json(repo, Path(path)))

    def _json(self, repo: str, filename: str, revision: str | None) -> dict[str, Any]:
        try:
            path = huggingface_hub.hf_hub_download(
                repo,
                filename,
                revision=revision,
                cache_dir=self.settings.cache_dir,
                endpoint=self.settings.endpoint,
                token=self.settings.token or False,
                etag_timeout=self.settings.timeout_s,
            )
        except hub_errors.GatedRepoError as error:
            raise GatedModelError(repo, "gated: its files need the owner's consent") from error
        except hub_errors.RepositoryNotFoundError as error:
            raise ModelNotFoundError(repo, "no such repository on the Hub") from error
        except hub_errors.EntryNotFoundError as error:
            raise ModelNotFoundError(repo, f"no {filename}") from error
        return _read_json(repo, Path(path))

    def _search(self, name: str) -> tuple[str, ...]:
        if self.settings.offline:
            raise SourceUnavailableError(name, "offline: the Hub cannot be searched")
        found: list[str] = []
        ranked: tuple[str, ...] = ()
        for spelling in spellings(name)[:MAX_SEARCHES]:
            found += [
                model.id
                for model in self._api.list_models(search=spelling, limit=SEARCH_LIMIT)
                if model.id
            ]
            ranked = rank(name, found)
            if len(ranked) == 1:
                return ranked
        return ranked

    def _within_deadline(self, what: str, call: Callable[[], T]) -> T:
        """Run ``call`` with the deadline; Hub failures become SourceUnavailableError."""
        future: Future[T] = Future()

        def run() -> None:
            try:
                future.set_result(call())
            except BaseException as error:  # noqa: BLE001 - handed to the caller below
                future.set_exception(error)

        threading.Thread(target=run, name="hub-lookup", daemon=True).start()
        try:
            return future.result(timeout=self.settings.deadline_s)
        except TimeoutError as error:
            raise SourceUnavailableError(what, "the Hub did not answer in time") from error
        except (ModelNotFoundError, GatedModelError, SourceUnavailableError):
            raise
        except Exception as error:
            # Anything else the client raised (HTTP errors, its transport's resets and protocol
            # errors, offline mode): the Hub was not read, whatever the library calls it.
            raise SourceUnavailableError(what, f"the Hub failed: {type(error).__name__}") from error


def _read_json(repo: str, path: Path) -> dict[str, Any]:
    try:
        if path.stat().st_size > MAX_CONFIG_BYTES:
            raise ModelNotFoundError(repo, f"{path.name} is larger than {MAX_CONFIG_BYTES} bytes")
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError) as error:
        raise ModelNotFoundError(repo, f"{path.name} does not read as JSON") from error
    if not isinstance(data, dict):
        raise ModelNotFoundError(repo, f"{path.name} is not a JSON object")
    return data
