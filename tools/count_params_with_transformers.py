# noqa: INP001 - a standalone script for a scratch environment, not part of a package
"""Count each reference config's parameters with Hugging Face transformers (not run by tests).

Builds every model of ``../shared/reference/model-configs`` on PyTorch's meta device (no
memory, no download) with the class transformers uses for it and prints
``hf_id<TAB>parameters`` (tied weights counted once), the expected values of
``tests/sizing/test_models_transformers_counts.py``. Needs a scratch environment outside the
project, e.g. ``python3 -m venv /tmp/tf-venv && /tmp/tf-venv/bin/pip install torch transformers``.

Adjustments, each mirroring the catalog: Kimi K2 (``model_type`` ``kimi_k2``, unknown to
transformers) is built as ``deepseek_v3``, which it is; the Mixtral 8x22B Instruct vocabulary
is 32768 (the reference file holds the base model's 32000); DeepSeek-V3-0324 shares V3's config.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

REFERENCE = Path(__file__).resolve().parents[1].parent / "shared" / "reference" / "model-configs"
MULTIMODAL_TYPES = frozenset({"gemma3", "llama4"})
OVERRIDES: dict[str, dict[str, Any]] = {
    "mistralai/Mixtral-8x22B-Instruct-v0.1": {"vocab_size": 32768},
    "moonshotai/Kimi-K2-Instruct": {"model_type": "deepseek_v3"},
}
ALSO = {"deepseek-ai/DeepSeek-V3-0324": "deepseek-ai/DeepSeek-V3"}


def _load(hf_id: str) -> dict[str, Any]:
    source = ALSO.get(hf_id, hf_id)
    path = REFERENCE / (source.replace("/", "--") + ".json")
    config: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    config = {key: value for key, value in config.items() if not key.startswith("_")}
    config.pop("quantization_config", None)  # count the architecture, not a quantizer
    config.pop("auto_map", None)  # use transformers' own classes, never remote code
    config.update(OVERRIDES.get(hf_id, {}))
    return config


def count(hf_id: str) -> int:
    """Parameters transformers builds for ``hf_id``'s reference config."""
    import torch  # noqa: PLC0415 - only in the scratch environment
    import transformers  # noqa: PLC0415 - only in the scratch environment

    config_dict = _load(hf_id)
    model_type = config_dict.pop("model_type")
    config = transformers.AutoConfig.for_model(model_type, **config_dict)
    with torch.device("meta"):
        if model_type in MULTIMODAL_TYPES:
            model = transformers.AutoModelForImageTextToText.from_config(config)
        else:
            model = transformers.AutoModelForCausalLM.from_config(config)
    return sum(parameter.numel() for parameter in model.parameters())


def main() -> int:
    """Print one ``hf_id<TAB>count`` line per reference config."""
    import transformers  # noqa: PLC0415 - only in the scratch environment

    ids = sorted(path.stem.replace("--", "/", 1) for path in REFERENCE.glob("*.json"))
    ids.append("deepseek-ai/DeepSeek-V3-0324")
    sys.stdout.write(f"# transformers {transformers.__version__}\n")
    for hf_id in ids:
        sys.stdout.write(f"{hf_id}\t{count(hf_id)}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
