"""Readers of Hugging Face ``config.json`` files into the project's architecture terms.

One reader per ``model_type``; a type the engine does not know is refused with one line that
names it, never read with a generic guess (a hybrid or compressed model read as a plain
decoder would be sized wrong by an order of magnitude). A missing, mistyped or contradictory
field is an ``InvalidRequestError`` that names it. Defaults mirror the transformers config
classes. The building blocks and the older families are here; the 2025-2026 families in
``families`` and ``hybrids``; the table of them all, and the model a config describes, in
``config``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sizing.errors import InvalidRequestError
from sizing.model.architecture import MlaShape, MoeShape, VisionTower, WindowShape
from sizing.model.hf.fields import (
    MAX_LAYERS,
    Config,
    as_list,
    flag,
    layer_indices,
    need,
    opt_int,
    text_config,
    vision_config,
    window_size,
)

Fields = dict[str, Any]
Reader = Callable[[Config, str], Fields]

# Gemma 3 text defaults (transformers Gemma3TextConfig): the published 27B config omits them.
_GEMMA3_VOCAB = 262_208
GEMMA3_MAX_POSITIONS = 131_072
_GEMMA3_LOCAL_PER_GLOBAL = 6  # sliding_window_pattern: five local layers, then one global
# Llama 4 (transformers Llama4TextConfig): every fourth layer is global NoPE attention,
# the others attend within chunks of ``attention_chunk_size``.
_LLAMA4_GLOBAL_EVERY = 4


def sliding_layers(config: Config) -> int:
    """How many entries of ``layer_types`` are sliding-window layers."""
    return sum(1 for kind in as_list(config, "layer_types") if kind == "sliding_attention")


def experts(
    config: Config,
    experts_name: str,
    per_token_name: str = "num_experts_per_tok",  # noqa: S107 - a field name, not a secret
) -> tuple[int, int]:
    """Routed experts per layer and experts per token, the latter no more than the former."""
    count = need(config, experts_name, minimum=1)
    per_token = need(config, per_token_name, minimum=1)
    if per_token > count:
        raise InvalidRequestError(
            f"config.{per_token_name}", per_token, f"more than the {count} experts ({experts_name})"
        )
    return count, per_token


def common(config: Config, family: str) -> Fields:
    """Fields every decoder-only transformer shares; heads must group evenly."""
    hidden = need(config, "hidden_size", minimum=1)
    heads = need(config, "num_attention_heads", minimum=1)
    layers = need(config, "num_hidden_layers", minimum=1, maximum=MAX_LAYERS)
    kv_heads = opt_int(config, "num_key_value_heads", heads, minimum=1)
    if kv_heads > heads or heads % kv_heads:
        raise InvalidRequestError(
            "config.num_key_value_heads", kv_heads, f"does not divide the {heads} attention heads"
        )
    return {
        "family": family,
        "hidden_size": hidden,
        "layers": layers,
        "attention_heads": heads,
        "kv_heads": kv_heads,
        "head_dim": opt_int(config, "head_dim", max(hidden // heads, 1), minimum=1),
        "vocab_size": need(config, "vocab_size", minimum=1),
        "intermediate_size": opt_int(config, "intermediate_size", 0),
        "tie_word_embeddings": flag(config, "tie_word_embeddings", default=False),
    }


def _check_layer_indices(config: Config, name: str, layers: int) -> tuple[int, ...]:
    indices = layer_indices(config, name)
    beyond = [index for index in indices if index >= layers]
    if beyond:
        raise InvalidRequestError(f"config.{name}", beyond[0], f"beyond the {layers} layers")
    return indices


def _whole_model_window(config: Config, layers: int) -> WindowShape | None:
    """Mistral-style ``sliding_window`` on every layer (Qwen2: only above max_window_layers)."""
    tokens = window_size(config, "sliding_window")
    if tokens is None or config.get("use_sliding_window") is False:
        return None
    if config.get("layer_types") is not None:  # newer configs list each layer's attention
        _layer_types(config, layers)
        windowed = sliding_layers(config)
        return WindowShape(tokens=tokens, windowed_layers=windowed) if windowed else None
    first_windowed = (
        opt_int(config, "max_window_layers", 0) if "use_sliding_window" in config else 0
    )
    windowed = max(layers - first_windowed, 0)
    return WindowShape(tokens=tokens, windowed_layers=windowed) if windowed else None


def _layer_types(config: Config, layers: int) -> list[Any]:
    """``layer_types`` must list one known attention kind per layer."""
    kinds = as_list(config, "layer_types")
    if len(kinds) != layers:
        raise InvalidRequestError(
            "config.layer_types", f"{len(kinds)} entries", f"expected one per layer ({layers})"
        )
    unknown = [kind for kind in kinds if kind not in {"full_attention", "sliding_attention"}]
    if unknown:
        raise InvalidRequestError("config.layer_types", unknown[0], "an unknown layer kind")
    return kinds


def dense(config: Config, family: str) -> Fields:
    """Llama, Mistral, Qwen2/3: attention plus a gated MLP per layer."""
    fields = common(config, family)
    bias = flag(config, "attention_bias", default=False)
    fields["qkv_bias"] = bias or family == "qwen2"
    fields["o_bias"] = bias
    fields["qk_norm"] = family.startswith("qwen3")
    fields["window"] = _whole_model_window(config, fields["layers"])
    return fields


def gated_moe(config: Config, family: str, *, experts_key: str, width_key: str) -> Fields:
    """Mixtral and Qwen3-MoE: a dense decoder whose MLPs are routed experts."""
    fields = dense(config, family)
    count, per_token = experts(config, experts_key)
    fields["moe"] = MoeShape(
        routed_experts=count,
        experts_per_token=per_token,
        expert_intermediate_size=need(config, width_key, minimum=1),
        layer_step=opt_int(config, "decoder_sparse_step", 1, minimum=1),
        dense_layer_indices=_check_layer_indices(config, "mlp_only_layers", fields["layers"]),
    )
    return fields


def _mixtral(config: Config, family: str) -> Fields:
    return gated_moe(config, family, experts_key="num_local_experts", width_key="intermediate_size")


def qwen3_moe(config: Config, family: str) -> Fields:
    """Qwen3 MoE (and the Qwen3-VL MoE text model)."""
    return gated_moe(config, family, experts_key="num_experts", width_key="moe_intermediate_size")


def deepseek_moe(config: Config, layers: int) -> MoeShape:
    """DeepSeek V3 / Kimi K2 / GLM experts: dense first layers, shared experts."""
    width = need(config, "moe_intermediate_size", minimum=1)
    count, per_token = experts(config, "n_routed_experts")
    first_dense = opt_int(config, "first_k_dense_replace", 0)
    if first_dense > layers:
        raise InvalidRequestError(
            "config.first_k_dense_replace", first_dense, f"beyond the {layers} layers"
        )
    return MoeShape(
        routed_experts=count,
        experts_per_token=per_token,
        expert_intermediate_size=width,
        shared_expert_intermediate_size=width * opt_int(config, "n_shared_experts", 0),
        first_dense_layers=first_dense,
        layer_step=opt_int(config, "moe_layer_freq", 1, minimum=1),
    )


def mla(config: Config) -> MlaShape:
    """Multi-head latent attention factors."""
    return MlaShape(
        q_lora_rank=opt_int(config, "q_lora_rank", 0),
        kv_lora_rank=need(config, "kv_lora_rank", minimum=1),
        qk_nope_head_dim=need(config, "qk_nope_head_dim", minimum=1),
        qk_rope_head_dim=need(config, "qk_rope_head_dim", minimum=1),
        v_head_dim=need(config, "v_head_dim", minimum=1),
    )


def deepseek_v3(config: Config, family: str) -> Fields:
    """DeepSeek V3 / R1 and Kimi K2: MLA, shared and routed experts, MTP layers."""
    fields = common(config, family)
    fields["mla"] = mla(config)
    fields["moe"] = deepseek_moe(config, fields["layers"])
    fields["mtp_layers"] = opt_int(config, "num_nextn_predict_layers", 0)
    return fields


def _glm4_moe(config: Config, family: str) -> Fields:
    fields = common(config, family)
    fields["qkv_bias"] = flag(config, "attention_bias", default=False)
    fields["qk_norm"] = flag(config, "use_qk_norm", default=False)
    fields["moe"] = deepseek_moe(config, fields["layers"])
    fields["mtp_layers"] = opt_int(config, "num_nextn_predict_layers", 0)
    return fields


def _gpt_oss(config: Config, family: str) -> Fields:
    fields = common(config, family)
    fields["qkv_bias"] = fields["o_bias"] = flag(config, "attention_bias", default=True)
    fields["attention_sinks"] = True
    count, per_token = experts(config, "num_local_experts")
    fields["moe"] = MoeShape(
        routed_experts=count,
        experts_per_token=per_token,
        expert_intermediate_size=need(config, "intermediate_size", minimum=1),
        expert_bias=True,
        router_bias=True,
    )
    if config.get("layer_types") is not None:
        _layer_types(config, fields["layers"])
    windowed = sliding_layers(config)
    tokens = window_size(config, "sliding_window")
    if tokens and windowed:
        fields["window"] = WindowShape(tokens=tokens, windowed_layers=windowed)
    return fields


def _gemma3_text(text: Config, family: str) -> Fields:
    text = {"vocab_size": _GEMMA3_VOCAB, "tie_word_embeddings": True, **text}
    fields = common(text, family)
    fields["qk_norm"] = True
    fields["norms_per_layer"] = 4  # input, post-attention, pre- and post-feed-forward
    if as_list(text, "layer_types"):
        _layer_types(text, fields["layers"])
        windowed = sliding_layers(text)
    else:
        pattern = opt_int(text, "sliding_window_pattern", _GEMMA3_LOCAL_PER_GLOBAL, minimum=1)
        windowed = sum(1 for index in range(fields["layers"]) if (index + 1) % pattern)
    tokens = window_size(text, "sliding_window")
    if tokens and windowed:
        fields["window"] = WindowShape(tokens=tokens, windowed_layers=windowed)
    return fields


def _gemma3(config: Config, family: str) -> Fields:
    fields = _gemma3_text(text_config(config), family)
    vision = vision_config(config)
    if vision is not None:
        fields["vision"] = VisionTower(
            kind="siglip",
            hidden_size=need(vision, "hidden_size", minimum=1),
            layers=need(vision, "num_hidden_layers", minimum=1),
            intermediate_size=need(vision, "intermediate_size", minimum=1),
            patch_size=need(vision, "patch_size", minimum=1),
            image_size=need(vision, "image_size", minimum=1),
            channels=opt_int(vision, "num_channels", 3, minimum=1),
        )
    return fields


def _llama4(config: Config, family: str) -> Fields:
    text = text_config(config)
    fields = common(text, family)
    step = opt_int(text, "interleave_moe_layer_step", 1, minimum=1)
    fields["intermediate_size"] = opt_int(text, "intermediate_size_mlp", 0)
    expert_width = need(text, "intermediate_size", minimum=1)
    count, per_token = experts(text, "num_local_experts")
    fields["moe"] = MoeShape(
        routed_experts=count,
        experts_per_token=per_token,
        expert_intermediate_size=expert_width,
        shared_expert_intermediate_size=expert_width,
        layer_step=step,
    )
    chunk = window_size(text, "attention_chunk_size")
    if chunk:
        windowed = sum(1 for index in range(fields["layers"]) if (index + 1) % _LLAMA4_GLOBAL_EVERY)
        fields["window"] = WindowShape(tokens=chunk, windowed_layers=windowed, kind="chunked")
    vision = vision_config(config)
    if vision is not None:
        fields["vision"] = VisionTower(
            kind="llama4",
            hidden_size=need(vision, "hidden_size", minimum=1),
            layers=need(vision, "num_hidden_layers", minimum=1),
            intermediate_size=need(vision, "intermediate_size", minimum=1),
            patch_size=need(vision, "patch_size", minimum=1),
            image_size=need(vision, "image_size", minimum=1),
            channels=opt_int(vision, "num_channels", 3, minimum=1),
            projector_input_dim=need(vision, "projector_input_dim"),
            projector_output_dim=need(vision, "projector_output_dim"),
            output_dim=need(vision, "vision_output_dim"),
        )
    return fields


def _text_reader(reader: Reader) -> Reader:
    """Read a multimodal config's ``text_config`` with a text-only reader."""

    def read(config: Config, family: str) -> Fields:
        return reader(text_config(config), family)

    return read


OLDER_READERS: dict[str, Reader] = {
    "llama": dense,
    "mistral": dense,
    "qwen2": dense,
    "qwen3": dense,
    "mixtral": _mixtral,
    "qwen3_moe": qwen3_moe,
    "deepseek_v3": deepseek_v3,
    "kimi_k2": deepseek_v3,  # Kimi K2 is the DeepSeek V3 architecture
    "glm4_moe": _glm4_moe,
    "gpt_oss": _gpt_oss,
    "gemma3": _gemma3,
    "gemma3_text": _gemma3_text,
    "llama4": _llama4,
    "llama4_text": _text_reader(_llama4),
}
