"""Score model-name messages end to end: the chat, the Hub adapter and a fake Hub of a corpus.

The corpus (``tests/data/hub-corpus``) holds configs of 41 repositories beyond (and beside) the
catalog, written from the published ones, and what transformers counts for each
(``truth.json``). A labelled message expects one model (``model``: acceptable ids), a question
back (``model_ask``), an "unknown" (``model_unknown``) or no model at all (``no_model``).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from adapters import HubSettings, HubSource
from bot.conversation import ModelLookups, Pipeline
from bot.reply import ChatContext
from sizing import load_models
from tests.fakes.hub import FakeHub

CORPUS = Path(__file__).resolve().parents[1] / "data" / "hub-corpus"


def corpus_repos() -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """Yield (model_info, config) of each corpus repository."""
    for folder in sorted((CORPUS / "repos").iterdir()):
        info = json.loads((folder / "model_info.json").read_text(encoding="utf-8"))
        # Nemotron's published configs hold Infinity, which JSON does not allow.
        text = (folder / "config.json").read_text(encoding="utf-8").replace("Infinity", "1e309")
        yield info, json.loads(text)


def corpus_hub() -> FakeHub:
    """Return a fake Hub serving the corpus (and the catalog's V4-Flash: "full" must choose)."""
    hub = FakeHub()
    for info, config in corpus_repos():
        hub.add_repo(
            info["id"],
            {"config.json": config},
            gated=info.get("gated") or False,
            safetensors=info.get("safetensors"),
        )
    hub.add_repo("deepseek-ai/DeepSeek-V4-Flash", {"config.json": {"model_type": "deepseek_v4"}})
    return hub


@contextmanager
def corpus_pipeline(cache_dir: Path) -> Iterator[Pipeline]:
    """Yield a pipeline whose Hub is the fake corpus Hub, for the duration of the block."""
    hub = corpus_hub()
    with hub.serve_in_thread() as url:
        source = HubSource(HubSettings(endpoint=url, cache_dir=str(cache_dir)))
        yield Pipeline(lookups=ModelLookups(source))


@dataclass
class Score:
    """Right answers by kind of message, and the misses."""

    right: Counter[str] = field(default_factory=Counter)
    total: Counter[str] = field(default_factory=Counter)
    misses: list[tuple[str, str, str]] = field(default_factory=list)

    @property
    def share(self) -> float:
        """The share of messages answered right."""
        return sum(self.right.values()) / max(sum(self.total.values()), 1)


def score(pipeline: Pipeline, rows: list[dict[str, Any]]) -> Score:
    """Answer each message (the second of a conversation after its first) and score it."""
    catalog = {model.id for model in load_models()}
    result = Score()
    chat = ChatContext()
    for row in rows:
        if not row["id"].endswith("-2"):
            chat = ChatContext()
        turn = pipeline.respond(row["text"], chat)
        chat = turn.chat
        data = turn.reply.data or {}
        got = (data.get("model") or {}).get("id")
        code = data.get("code")
        expect = row["expect"]
        if "model" in expect:
            kind = "catalog" if expect["model"][0] in catalog else "hub"
            good = got in expect["model"]
        elif "model_ask" in expect:
            kind, good = "ask", code == "ambiguous"
        elif "no_model" in expect:
            kind, good = "no_model", got is None
        else:
            kind = "unknown"
            good = got is None and code in {"unknown_model", "ambiguous", "hub_unreachable"}
        result.total[kind] += 1
        result.right[kind] += good
        if not good:
            result.misses.append((row["id"], row["text"][:70], str(got or code)))
    return result


def read_rows(path: Path) -> list[dict[str, Any]]:
    """Read a labelled JSONL file."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
