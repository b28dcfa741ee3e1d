# noqa: INP001 - a standalone script for a scratch environment, not part of a package
"""Count each reference config's parameters with Hugging Face transformers (not run by tests).

Builds every model of ``../shared/reference/model-configs`` on PyTorch's meta device (no
memory, no download) with the class transformers uses for it and prints
``hf_id<TAB>parameters`` (tied weights counted once), the expected values of
``tests/sizing/model/test_models_transformers_counts.py``. Needs a scratch environment outside the
project, e.g. ``python3 -m venv /tmp/tfvenv && /tmp/tfvenv/bin/pip install torch transformers``.

Adjustments, each mirroring the catalog: Kimi K2 (``kimi_k2``) is built as ``deepseek_v3``
and SGLang's DeepSeek V4 conversion (``deepseek_ref``) as ``deepseek_v4``, which they are;
MiniMax M3 (``minimax_m3``) as the text model of ``minimax_m3_vl`` and Step 3.7 Flash as
``Step3p7TextModel`` plus its LM head; the Mixtral 8x22B Instruct vocabulary is 32768;
DeepSeek-V3-0324 shares V3's config, DeepSeek-V3.1 and the Nemotron 3 Super BF16 release the
configs of their NVFP4 / FP8 checkpoints. Kimi K3 and Nemotron-NAS have no transformers class
(``formula`` is printed): the catalog counts them by the formula its notes state.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

REFERENCE = Path(__file__).resolve().parents[1].parent / "shared" / "reference" / "model-configs"
MULTIMODAL_TYPES = frozenset(
    {"gemma3", "llama4", "qwen3_vl", "qwen3_vl_moe", "qwen3_5", "qwen3_5_moe", "gemma4"}
    | {"kimi_k25", "minimax_m3_vl"}
)
FORMULA_TYPES = frozenset({"kimi_k3", "nemotron-nas"})
OVERRIDES: dict[str, dict[str, Any]] = {
    "mistralai/Mixtral-8x22B-Instruct-v0.1": {"vocab_size": 32768},
    "moonshotai/Kimi-K2-Instruct": {"model_type": "deepseek_v3"},
    "sgl-project/DeepSeek-V4-Flash-FP8": {"model_type": "deepseek_v4"},
}
ALSO = {
    "deepseek-ai/DeepSeek-V3-0324": "deepseek-ai/DeepSeek-V3",
    "deepseek-ai/DeepSeek-V3.1": "nvidia/DeepSeek-V3.1-NVFP4",
    "nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-BF16": "nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-FP8",
}
_DROPPED = ("quantization_config", "auto_map", "architectures", "_name_or_path")


def _clean(config: dict[str, Any]) -> dict[str, Any]:
    """Drop quantizers, remote code and private keys: count the architecture only."""
    cleaned = {key: value for key, value in config.items() if not key.startswith("_")}
    for key in _DROPPED:
        cleaned.pop(key, None)
    text = cleaned.get("text_config")
    if isinstance(text, dict):
        cleaned["text_config"] = _clean(text)
    return cleaned


def _load(hf_id: str) -> dict[str, Any]:
    source = ALSO.get(hf_id, hf_id)
    path = REFERENCE / (source.replace("/", "--") + ".json")
    config = _clean(json.loads(path.read_text(encoding="utf-8")))
    config.update(OVERRIDES.get(hf_id, {}))
    return config


def _text_only(model_type: str, config: dict[str, Any]) -> Any:  # noqa: ANN401 - torch module
    """MiniMax M3 and Step 3.7: text models transformers builds under another type."""
    import transformers  # noqa: PLC0415 - only in the scratch environment

    if model_type == "minimax_m3":
        from transformers.models.minimax_m3_vl import configuration_minimax_m3_vl  # noqa: PLC0415

        text = configuration_minimax_m3_vl.MiniMaxM3VLTextConfig(**config)
        return transformers.AutoModelForCausalLM.from_config(text)
    from transformers.models.step3p7 import configuration_step3p7, modeling_step3p7  # noqa: PLC0415

    text = configuration_step3p7.Step3p7TextConfig(**config)
    return modeling_step3p7.Step3p7TextModel(text), text


def count(hf_id: str) -> int | None:
    """Parameters transformers builds for ``hf_id``'s reference config (None: no class)."""
    import torch  # noqa: PLC0415 - only in the scratch environment
    import transformers  # noqa: PLC0415 - only in the scratch environment

    config_dict = _load(hf_id)
    model_type = config_dict.pop("model_type")
    if model_type in FORMULA_TYPES:
        return None
    with torch.device("meta"):
        if model_type == "minimax_m3":
            model = _text_only(model_type, config_dict)
        elif model_type == "step3p7":
            model, text = _text_only(model_type, config_dict)
            head = 0 if text.tie_word_embeddings else text.vocab_size * text.hidden_size
            return sum(parameter.numel() for parameter in model.parameters()) + head
        else:
            config = transformers.AutoConfig.for_model(model_type, **config_dict)
            if model_type in MULTIMODAL_TYPES:
                model = transformers.AutoModelForImageTextToText.from_config(config)
            else:
                model = transformers.AutoModelForCausalLM.from_config(config)
    return sum(parameter.numel() for parameter in model.parameters())


def main() -> int:
    """Print one ``hf_id<TAB>count`` line per reference config (``formula`` where none)."""
    import transformers  # noqa: PLC0415 - only in the scratch environment

    ids = sorted(
        path.stem.replace("--", "/", 1)
        for path in REFERENCE.glob("*.json")
        if not path.name.endswith(".hf_quant_config.json")
    )
    ids.extend(ALSO)
    sys.stdout.write(f"# transformers {transformers.__version__}\n")
    for hf_id in ids:
        found = count(hf_id)
        sys.stdout.write(f"{hf_id}\t{'formula' if found is None else found}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
