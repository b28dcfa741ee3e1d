"""Print how the engine reads the Hub corpus and how the chat understands model names.

Usage: .venv/bin/python -m bench.model_names  (or python bench/model_names.py from the root)

1. Every corpus config (``tests/data/hub-corpus``) read by the engine against transformers'
   count (``truth.json``): parameters within 0.5%, full-attention KV bytes per token within 1%,
   refused (naming a field) or wrong.
2. The three sealed blind sets of model-name messages, answered end to end through a fake Hub
   serving the corpus: right answers by kind, and the misses.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sizing import SizingError, model_from_config  # noqa: E402
from tests.helpers.model_names import (  # noqa: E402
    CORPUS,
    corpus_pipeline,
    corpus_repos,
    read_rows,
    score,
)

PARAMS_TOLERANCE = 0.005
KV_TOLERANCE = 0.01


def corpus_figures() -> None:
    """Print the engine's reading of each corpus config beside transformers' count."""
    truth = {row["repo"]: row for row in json.loads((CORPUS / "truth.json").read_text())}
    right = refused = wrong = 0
    for info, config in corpus_repos():
        repo = info["id"]
        expected = truth[repo]
        try:
            model = model_from_config(config, repo)
        except SizingError as error:
            refused += 1
            print(f"refused  {repo}: {error}")
            continue
        params_error = model.params.total / expected["total_params"] - 1
        kv = expected.get("kv_bytes_per_token_bf16_full_layers") or 0
        kv_ok = not kv or abs(model.kv_bytes_per_token / kv - 1) <= KV_TOLERANCE
        if abs(params_error) <= PARAMS_TOLERANCE and kv_ok:
            right += 1
        else:
            wrong += 1
            print(
                f"WRONG    {repo}: params {params_error:+.2%}, kv {model.kv_bytes_per_token}/{kv}"
            )
    print(f"corpus: {right} right, {refused} refused, {wrong} wrong of {right + refused + wrong}\n")


def blind_figures() -> None:
    """Print each blind set's score by kind, and its misses."""
    data = ROOT / "tests" / "bot" / "understand" / "data"
    with tempfile.TemporaryDirectory() as cache, corpus_pipeline(Path(cache)) as pipeline:
        for name in ("blind-models-a", "blind-models-b", "blind-models-c"):
            result = score(pipeline, read_rows(data / f"{name}.jsonl"))
            kinds = ", ".join(f"{k} {result.right[k]}/{result.total[k]}" for k in result.total)
            total = sum(result.total.values())
            print(f"{name}: {sum(result.right.values())}/{total} ({kinds})")
            for miss in result.misses:
                print("   miss:", " | ".join(miss))


if __name__ == "__main__":
    corpus_figures()
    blind_figures()
