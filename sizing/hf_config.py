"""Read a Hugging Face ``config.json`` into the project's architecture terms.

One reader per ``model_type`` the catalog uses; any other type is read best-effort from the
fields most decoder-only transformers share, and a missing essential field is an
``InvalidRequestError`` that names it. Defaults mirror the transformers config classes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pydantic import ValidationError

from sizing.architecture import (
    LINEAR_GROUPS,
    Architecture,
    LinearGroup,
    MlaShape,
    MoeShape,
    VisionTower,
    WindowShape,
)
from sizing.errors import InvalidRequestError
from sizing.types import Precision

Config = Mapping[str, Any]

# Gemma 3 text defaults (transformers Gemma3TextConfig): the published 27B config omits them.
_GEMMA3_VOCAB = 262_208
_GEMMA3_MAX_POSITIONS = 131_072
_GEMMA3_LOCAL_PER_GLOBAL = 6  # sliding_window_pattern: five local layers, then one global
# Llama 4 (transformers Llama4TextConfig): every fourth layer is global NoPE attention,
# the others attend within chunks of ``attention_chunk_size``.
_LLAMA4_GLOBAL_EVERY = 4
# AWQ/GPTQ configs give their width in ``bits`` (AutoAWQ: ``w_bit``); 4 unless it says 8.
_INT8_BITS = 8
# Deepest model accepted: thirty times the deepest in the catalog (Llama 3.1 405B, 126 layers).
# Layer-by-layer counting (MoE and windowed layers) then stays instant.
MAX_LAYERS = 4096
# Largest integer accepted in any other field: a trillion, far past any real width, vocabulary
# or expert count; every product of such numbers stays within float range in the speed model.
MAX_CONFIG_INT = 10**12


def _get(config: Config, name: str, default: Any = None) -> Any:  # noqa: ANN401 - JSON value
    """Read a field, treating ``null`` as absent."""
    value = config.get(name)
    return default if value is None else value


def _check_int(name: str, value: object, minimum: int, maximum: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidRequestError(f"config.{name}", value, "expected an integer")
    if not minimum <= value <= maximum:
        raise InvalidRequestError(f"config.{name}", value, f"expected {minimum} to {maximum}")
    return value


def _need(config: Config, name: str, *, minimum: int = 0, maximum: int = MAX_CONFIG_INT) -> int:
    """Read an integer field the derivation cannot do without."""
    value = config.get(name)
    if value is None:
        raise InvalidRequestError(f"config.{name}", None, "missing from the config")
    return _check_int(name, value, minimum, maximum)


def _int(config: Config, name: str, default: int, *, minimum: int = 0) -> int:
    """Read an optional integer field (``null`` or absent: the default)."""
    value = config.get(name)
    return default if value is None else _check_int(name, value, minimum, MAX_CONFIG_INT)


def _window(config: Config, name: str) -> int | None:
    """Read an optional window or chunk size in tokens (``null``, absent or 0: none)."""
    value = config.get(name)
    return None if value is None else _check_int(name, value, 0, MAX_CONFIG_INT) or None


def _flag(config: Config, name: str, *, default: bool) -> bool:
    """Read an optional true/false field; a string such as "false" is refused, not truthy."""
    value = config.get(name)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise InvalidRequestError(f"config.{name}", value, "expected true or false")
    return value


def _list(config: Config, name: str) -> list[Any]:
    """Read an optional JSON array field (absent: empty)."""
    value = config.get(name)
    if value is None:
        return []
    if not isinstance(value, list):
        raise InvalidRequestError(f"config.{name}", value, "expected a list")
    return value


def _layer_indices(config: Config, name: str) -> tuple[int, ...]:
    """Read an optional list of 0-based layer indices."""
    values = _list(config, name)
    return tuple(_check_int(name, value, 0, MAX_LAYERS) for value in values)


def _sliding_layers(config: Config) -> int:
    """How many entries of ``layer_types`` are sliding-window layers."""
    return sum(1 for kind in _list(config, "layer_types") if kind == "sliding_attention")


def _experts(config: Config, experts_name: str) -> tuple[int, int]:
    """Routed experts per layer and experts per token, the latter no more than the former."""
    experts = _need(config, experts_name, minimum=1)
    per_token = _need(config, "num_experts_per_tok", minimum=1, maximum=experts)
    return experts, per_token


def _common(config: Config, family: str) -> dict[str, Any]:
    """Fields every decoder-only transformer shares."""
    hidden = _need(config, "hidden_size", minimum=1)
    heads = _need(config, "num_attention_heads", minimum=1)
    return {
        "family": family,
        "hidden_size": hidden,
        "layers": _need(config, "num_hidden_layers", minimum=1, maximum=MAX_LAYERS),
        "attention_heads": heads,
        "kv_heads": _int(config, "num_key_value_heads", heads, minimum=1),
        "head_dim": _int(config, "head_dim", hidden // heads, minimum=1),
        "vocab_size": _need(config, "vocab_size", minimum=1),
        "intermediate_size": _int(config, "intermediate_size", 0),
        "tie_word_embeddings": _flag(config, "tie_word_embeddings", default=False),
    }


def _whole_model_window(config: Config) -> WindowShape | None:
    """Mistral-style ``sliding_window`` on every layer (Qwen2: only above max_window_layers)."""
    window = _window(config, "sliding_window")
    if window is None or config.get("use_sliding_window") is False:
        return None
    if config.get("layer_types") is not None:  # newer configs list each layer's attention
        windowed = _sliding_layers(config)
        return WindowShape(tokens=window, windowed_layers=windowed) if windowed else None
    layers = _need(config, "num_hidden_layers", minimum=1, maximum=MAX_LAYERS)
    first_windowed = _int(config, "max_window_layers", 0) if "use_sliding_window" in config else 0
    windowed = max(layers - first_windowed, 0)
    return WindowShape(tokens=window, windowed_layers=windowed) if windowed else None


def _dense(config: Config, family: str) -> dict[str, Any]:
    """Llama, Mistral, Qwen2/3 and unknown types: attention plus a gated MLP per layer."""
    fields = _common(config, family)
    bias = _flag(config, "attention_bias", default=False)
    fields["qkv_bias"] = bias or family == "qwen2"
    fields["o_bias"] = bias
    fields["qk_norm"] = family in {"qwen3", "qwen3_moe"}
    fields["window"] = _whole_model_window(config)
    return fields


def _gated_moe(config: Config, family: str, *, experts_key: str, width_key: str) -> dict[str, Any]:
    """Mixtral and Qwen3-MoE: a dense decoder whose MLPs are routed experts."""
    fields = _dense(config, family)
    experts, per_token = _experts(config, experts_key)
    fields["moe"] = MoeShape(
        routed_experts=experts,
        experts_per_token=per_token,
        expert_intermediate_size=_need(config, width_key, minimum=1),
        layer_step=_int(config, "decoder_sparse_step", 1, minimum=1),
        dense_layer_indices=_layer_indices(config, "mlp_only_layers"),
    )
    return fields


def _mixtral(config: Config, family: str) -> dict[str, Any]:
    return _gated_moe(
        config, family, experts_key="num_local_experts", width_key="intermediate_size"
    )


def _qwen3_moe(config: Config, family: str) -> dict[str, Any]:
    return _gated_moe(config, family, experts_key="num_experts", width_key="moe_intermediate_size")


def _deepseek_moe(config: Config) -> MoeShape:
    """DeepSeek V3 / Kimi K2 / GLM-4.5 experts: dense first layers, shared experts."""
    width = _need(config, "moe_intermediate_size", minimum=1)
    experts, per_token = _experts(config, "n_routed_experts")
    return MoeShape(
        routed_experts=experts,
        experts_per_token=per_token,
        expert_intermediate_size=width,
        shared_expert_intermediate_size=width * _int(config, "n_shared_experts", 0),
        first_dense_layers=_int(config, "first_k_dense_replace", 0),
        layer_step=_int(config, "moe_layer_freq", 1, minimum=1),
    )


def _deepseek_v3(config: Config, family: str) -> dict[str, Any]:
    fields = _common(config, family)
    fields["mla"] = MlaShape(
        q_lora_rank=_int(config, "q_lora_rank", 0),
        kv_lora_rank=_need(config, "kv_lora_rank"),
        qk_nope_head_dim=_need(config, "qk_nope_head_dim"),
        qk_rope_head_dim=_need(config, "qk_rope_head_dim"),
        v_head_dim=_need(config, "v_head_dim"),
    )
    fields["moe"] = _deepseek_moe(config)
    fields["mtp_layers"] = _int(config, "num_nextn_predict_layers", 0)
    return fields


def _glm4_moe(config: Config, family: str) -> dict[str, Any]:
    fields = _common(config, family)
    fields["qkv_bias"] = _flag(config, "attention_bias", default=False)
    fields["qk_norm"] = _flag(config, "use_qk_norm", default=False)
    fields["moe"] = _deepseek_moe(config)
    fields["mtp_layers"] = _int(config, "num_nextn_predict_layers", 0)
    return fields


def _gpt_oss(config: Config, family: str) -> dict[str, Any]:
    fields = _common(config, family)
    fields["qkv_bias"] = fields["o_bias"] = _flag(config, "attention_bias", default=True)
    fields["attention_sinks"] = True
    experts, per_token = _experts(config, "num_local_experts")
    fields["moe"] = MoeShape(
        routed_experts=experts,
        experts_per_token=per_token,
        expert_intermediate_size=_need(config, "intermediate_size", minimum=1),
        expert_bias=True,
        router_bias=True,
    )
    windowed = _sliding_layers(config)
    window = _window(config, "sliding_window")
    if window and windowed:
        fields["window"] = WindowShape(tokens=window, windowed_layers=windowed)
    return fields


def _gemma3_text(text: Config, family: str) -> dict[str, Any]:
    text = {"vocab_size": _GEMMA3_VOCAB, "tie_word_embeddings": True, **text}
    fields = _common(text, family)
    fields["qk_norm"] = True
    fields["norms_per_layer"] = 4  # input, post-attention, pre- and post-feed-forward
    if _list(text, "layer_types"):
        windowed = _sliding_layers(text)
    else:
        pattern = _int(text, "sliding_window_pattern", _GEMMA3_LOCAL_PER_GLOBAL, minimum=1)
        windowed = sum(1 for index in range(fields["layers"]) if (index + 1) % pattern)
    window = _window(text, "sliding_window")
    if window and windowed:
        fields["window"] = WindowShape(tokens=window, windowed_layers=windowed)
    return fields


def _gemma3(config: Config, family: str) -> dict[str, Any]:
    fields = _gemma3_text(_text_config(config), family)
    vision = _vision_config(config)
    if vision is not None:
        fields["vision"] = VisionTower(
            kind="siglip",
            hidden_size=_need(vision, "hidden_size"),
            layers=_need(vision, "num_hidden_layers"),
            intermediate_size=_need(vision, "intermediate_size"),
            patch_size=_need(vision, "patch_size"),
            image_size=_need(vision, "image_size"),
            channels=_int(vision, "num_channels", 3, minimum=1),
        )
    return fields


def _llama4(config: Config, family: str) -> dict[str, Any]:
    text = _text_config(config)
    fields = _common(text, family)
    step = _int(text, "interleave_moe_layer_step", 1, minimum=1)
    fields["intermediate_size"] = _int(text, "intermediate_size_mlp", 0)
    expert_width = _need(text, "intermediate_size", minimum=1)
    experts, per_token = _experts(text, "num_local_experts")
    fields["moe"] = MoeShape(
        routed_experts=experts,
        experts_per_token=per_token,
        expert_intermediate_size=expert_width,
        shared_expert_intermediate_size=expert_width,
        layer_step=step,
    )
    chunk = _window(text, "attention_chunk_size")
    if chunk:
        windowed = sum(1 for index in range(fields["layers"]) if (index + 1) % _LLAMA4_GLOBAL_EVERY)
        fields["window"] = WindowShape(tokens=chunk, windowed_layers=windowed, kind="chunked")
    vision = _vision_config(config)
    if vision is not None:
        fields["vision"] = VisionTower(
            kind="llama4",
            hidden_size=_need(vision, "hidden_size"),
            layers=_need(vision, "num_hidden_layers"),
            intermediate_size=_need(vision, "intermediate_size"),
            patch_size=_need(vision, "patch_size"),
            image_size=_need(vision, "image_size"),
            channels=_int(vision, "num_channels", 3, minimum=1),
            projector_input_dim=_need(vision, "projector_input_dim"),
            projector_output_dim=_need(vision, "projector_output_dim"),
            output_dim=_need(vision, "vision_output_dim"),
        )
    return fields


def _vision_config(config: Config) -> Config | None:
    """Return the vision tower's fields of a multimodal config, None when it has none."""
    vision = config.get("vision_config")
    if vision is None or isinstance(vision, Mapping):
        return vision
    raise InvalidRequestError("config.vision_config", vision, "expected an object")


def _text_config(config: Config) -> Config:
    """Return the language model's fields of a multimodal config (else the config itself)."""
    text = config.get("text_config")
    return text if isinstance(text, Mapping) else config


_READERS: dict[str, Callable[[Config, str], dict[str, Any]]] = {
    "llama": _dense,
    "mistral": _dense,
    "qwen2": _dense,
    "qwen3": _dense,
    "mixtral": _mixtral,
    "qwen3_moe": _qwen3_moe,
    "deepseek_v3": _deepseek_v3,
    "kimi_k2": _deepseek_v3,  # Kimi K2 is the DeepSeek V3 architecture
    "glm4_moe": _glm4_moe,
    "gpt_oss": _gpt_oss,
    "gemma3": _gemma3,
    "gemma3_text": _gemma3_text,
    "llama4": _llama4,
    "llama4_text": _llama4,
}


def architecture_from_config(config: Config) -> Architecture:
    """Read the architecture a config describes; unknown types are read best-effort."""
    if not isinstance(config, Mapping):
        raise InvalidRequestError("config", type(config).__name__, "expected a JSON object")
    family = str(_get(config, "model_type", "unknown"))
    reader = _READERS.get(family)
    try:
        fields = reader(config, family) if reader else _dense(_text_config(config), family)
        return Architecture(**fields)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise InvalidRequestError(f"config.{where}", first.get("input"), first["msg"]) from error


def release_from_config(config: Config) -> tuple[Precision, tuple[LinearGroup, ...]]:
    """Format of the published weights, from ``quantization_config`` (BF16 without one)."""
    quantization = config.get("quantization_config")
    if not isinstance(quantization, Mapping):
        return Precision.BF16, ()
    method = str(quantization.get("quant_method", "")).lower()
    if method in {"fp8", "fbgemm_fp8"}:
        return Precision.FP8, LINEAR_GROUPS
    if method in {"awq", "gptq"}:
        bits = quantization.get("bits", quantization.get("w_bit"))
        return (Precision.INT8 if bits == _INT8_BITS else Precision.INT4), LINEAR_GROUPS
    if method == "mxfp4":
        # gpt-oss lists attention, router, embeddings and head in modules_to_not_convert:
        # only the MoE experts are stored in MXFP4.
        return Precision.MXFP4, ("routed_experts",)
    return Precision.BF16, ()


def max_context_from_config(config: Config) -> int | None:
    """Return the longest context the config's position embeddings allow."""
    text = _text_config(config)
    value = _get(text, "max_position_embeddings")
    if value is None and str(config.get("model_type", "")).startswith("gemma3"):
        return _GEMMA3_MAX_POSITIONS
    return value if isinstance(value, int) and value > 0 else None
