"""Readers for the 2025-2026 model families: hybrid, sparse-indexed, compressed, multimodal.

Each returns the ``Architecture`` fields its config implies, checking that per-layer lists
have one entry per layer and refusing switches that change the architecture in ways the
engine does not model (with the field's name).
"""

from __future__ import annotations

from typing import Any

from sizing.errors import InvalidRequestError
from sizing.model.architecture import (
    AttentionShape,
    CompressionShape,
    IndexerShape,
    LinearAttentionShape,
    MoeShape,
    VisionTower,
    WindowShape,
)
from sizing.model.hf.fields import (
    Config,
    as_list,
    flag,
    get,
    need,
    need_flag,
    opt_int,
    pattern_of,
    per_layer,
    text_config,
    vision_config,
    window_size,
)
from sizing.model.hf.hybrids import HYBRID_READERS, state_bytes
from sizing.model.hf.readers import (
    Fields,
    Reader,
    common,
    deepseek_moe,
    deepseek_v3,
    dense,
    experts,
    qwen3_moe,
)

_FULL_OR_SLIDING: dict[object, str] = {"full_attention": "F", "sliding_attention": "S"}


def _moe_layers_pattern(values: list[Any], name: str, dense_kind: str = "D") -> str:
    kinds = {0: dense_kind, 1: "E", "dense": dense_kind, "sparse": "E"}
    out = []
    for value in values:
        if isinstance(value, bool) or value not in kinds:
            raise InvalidRequestError(f"config.{name}", value, "expected 0/1 or dense/sparse")
        out.append(kinds[value])
    return "".join(out)


def _window(config: Config, pattern: str) -> WindowShape | None:
    windowed = pattern.count("S")
    if not windowed:
        return None
    tokens = window_size(config, "sliding_window")
    if tokens is None:
        raise InvalidRequestError("config.sliding_window", None, "sliding layers need a window")
    return WindowShape(tokens=tokens, windowed_layers=windowed)


def _qwen3_vl_tower(vision: Config) -> VisionTower:
    return VisionTower(
        kind="qwen3_vl",
        hidden_size=need(vision, "hidden_size", minimum=1),
        layers=need(vision, "depth", minimum=1),
        intermediate_size=need(vision, "intermediate_size", minimum=1),
        patch_size=need(vision, "patch_size", minimum=1),
        channels=opt_int(vision, "in_channels", 3, minimum=1),
        position_embeddings=need(vision, "num_position_embeddings", minimum=1),
        merge_size=need(vision, "spatial_merge_size", minimum=1),
        temporal_patch_size=need(vision, "temporal_patch_size", minimum=1),
        output_dim=need(vision, "out_hidden_size", minimum=1),
        deepstack_mergers=len(as_list(vision, "deepstack_visual_indexes")),
    )


def _with_tower(fields: Fields, config: Config) -> Fields:
    vision = vision_config(config)
    if vision is not None:
        fields["vision"] = _qwen3_vl_tower(vision)
    if "tie_word_embeddings" in config:
        fields["tie_word_embeddings"] = flag(config, "tie_word_embeddings", default=False)
    return fields


def _qwen3_vl(config: Config, family: str) -> Fields:
    return _with_tower(dense(text_config(config), family), config)


def _qwen3_vl_moe(config: Config, family: str) -> Fields:
    return _with_tower(qwen3_moe(text_config(config), family), config)


def _qwen3_5(config: Config, family: str) -> Fields:
    """Qwen3.5: Gated DeltaNet layers with a full gated-attention layer every few layers."""
    text = text_config(config)
    fields = common(text, family)
    layers = fields["layers"]
    kinds: dict[object, str] = {"linear_attention": "L", "full_attention": "F"}
    pattern = pattern_of(text, "layer_types", layers, kinds)
    interval = opt_int(text, "full_attention_interval", 0)
    if interval and pattern != "".join(
        "F" if (i + 1) % interval == 0 else "L" for i in range(layers)
    ):
        raise InvalidRequestError(
            "config.layer_types", interval, "disagrees with full_attention_interval"
        )
    fields["layer_pattern"] = pattern
    fields["qk_norm"] = True
    fields["output_gate"] = (
        "elementwise" if flag(text, "attn_output_gate", default=True) else "none"
    )
    fields["linear_attention"] = LinearAttentionShape(
        kind="gated_deltanet",
        key_heads=need(text, "linear_num_key_heads", minimum=1),
        value_heads=need(text, "linear_num_value_heads", minimum=1),
        key_head_dim=need(text, "linear_key_head_dim", minimum=1),
        value_head_dim=need(text, "linear_value_head_dim", minimum=1),
        conv_kernel=need(text, "linear_conv_kernel_dim", minimum=1),
        state_bytes_per_element=state_bytes(text, "mamba_ssm_dtype"),
    )
    if family.startswith("qwen3_5_moe"):
        count, per_token = experts(text, "num_experts")
        fields["moe"] = MoeShape(
            routed_experts=count,
            experts_per_token=per_token,
            expert_intermediate_size=need(text, "moe_intermediate_size", minimum=1),
            shared_expert_intermediate_size=opt_int(text, "shared_expert_intermediate_size", 0),
            shared_expert_gate=True,
        )
    fields["mtp_layers"] = opt_int(text, "mtp_num_hidden_layers", 0)
    return _with_tower(fields, config)


def _minimax_m2(config: Config, family: str) -> Fields:
    """MiniMax M2: GQA with whole-width q/k norms, experts on every layer."""
    fields = common(config, family)
    layers = fields["layers"]
    if config.get("attn_type_list") is not None:
        pattern_of(config, "attn_type_list", layers, {1: "F"})  # 1: full attention, as M2 ships
    scope = get(config, "qk_norm_type", "per_layer")
    if scope not in {"per_layer", "per_head"}:
        raise InvalidRequestError("config.qk_norm_type", scope, "expected per_layer or per_head")
    fields["qk_norm"] = flag(config, "use_qk_norm", default=True)
    fields["qk_norm_scope"] = "layer" if scope == "per_layer" else "head"
    count, per_token = experts(config, "num_local_experts")
    fields["moe"] = MoeShape(
        routed_experts=count,
        experts_per_token=per_token,
        expert_intermediate_size=need(config, "intermediate_size", minimum=1),
        shared_expert_intermediate_size=opt_int(config, "shared_intermediate_size", 0),
    )
    if flag(config, "use_mtp", default=False):
        fields["mtp_layers"] = opt_int(config, "num_mtp_modules", 0) * opt_int(
            config, "mtp_transformer_layers", 1
        )
    return fields


def _minimax_m3_text(text: Config, family: str) -> Fields:
    """MiniMax M3: dense first layers, shared and routed experts, a sparse-attention indexer."""
    need_flag(text, "attention_output_gate", expected=False, why="output gates are not modelled")
    fields = common(text, family)
    layers = fields["layers"]
    fields["qk_norm"] = flag(text, "use_qk_norm", default=True)
    fields["intermediate_size"] = opt_int(text, "dense_intermediate_size", 0)
    fields["ffn_pattern"] = _moe_layers_pattern(
        per_layer(text, "moe_layer_freq", layers), "moe_layer_freq"
    )
    count, per_token = experts(text, "num_local_experts")
    fields["moe"] = MoeShape(
        routed_experts=count,
        experts_per_token=per_token,
        expert_intermediate_size=opt_int(
            text, "moe_intermediate_size", need(text, "intermediate_size", minimum=1), minimum=1
        ),
        shared_expert_intermediate_size=opt_int(text, "shared_intermediate_size", 0)
        * opt_int(text, "n_shared_experts", 1),
    )
    sparse = text.get("sparse_attention_config")
    if isinstance(sparse, dict) and flag(sparse, "use_sparse_attention", default=False):
        freq = per_layer(sparse, "sparse_attention_freq", layers)
        fields["indexer"] = IndexerShape(
            heads=need(sparse, "sparse_num_index_heads", minimum=1),
            head_dim=need(sparse, "sparse_index_dim", minimum=1),
            query_from="hidden",
            weights_projection=False,
            key_norm="rms_norm",
            query_norm=True,
            layers=tuple(index for index, on in enumerate(freq) if on),
            top_k=_kept_blocks(sparse),
        )
    fields["mtp_layers"] = opt_int(
        text, "num_nextn_predict_layers", opt_int(text, "num_mtp_modules", 0)
    )
    return fields


def _minimax_m3_vl(config: Config, family: str) -> Fields:
    fields = _minimax_m3_text(text_config(config), family)
    vision = vision_config(config)
    if vision is not None:
        compression = vision.get("img_token_compression_config") or {}
        fields["vision"] = VisionTower(
            kind="clip",
            hidden_size=need(vision, "hidden_size", minimum=1),
            layers=need(vision, "num_hidden_layers", minimum=1),
            intermediate_size=need(vision, "intermediate_size", minimum=1),
            patch_size=need(vision, "patch_size", minimum=1),
            channels=opt_int(vision, "num_channels", 3, minimum=1),
            merge_size=opt_int(compression, "spatial_merge_size", 1, minimum=1),
            temporal_patch_size=opt_int(compression, "temporal_patch_size", 1, minimum=1),
            output_dim=need(config, "projector_hidden_size", minimum=1),
        )
    return fields


def _mimo_v2(config: Config, family: str) -> Fields:
    """MiMo-V2-Flash: sliding-window layers with their own heads and sinks, MoE after layer 0."""
    fields = common(config, family)
    layers = fields["layers"]
    fields["layer_pattern"] = pattern_of(config, "hybrid_layer_pattern", layers, {0: "F", 1: "S"})
    fields["window"] = _window(config, fields["layer_pattern"])
    v_dim = need(config, "v_head_dim", minimum=1)
    fields["full_attention"] = AttentionShape(
        attention_heads=fields["attention_heads"],
        kv_heads=fields["kv_heads"],
        head_dim=fields["head_dim"],
        v_head_dim=v_dim,
        sinks=flag(config, "add_full_attention_sink_bias", default=False),
    )
    fields["sliding_attention"] = AttentionShape(
        attention_heads=need(config, "swa_num_attention_heads", minimum=1),
        kv_heads=need(config, "swa_num_key_value_heads", minimum=1),
        head_dim=need(config, "swa_head_dim", minimum=1),
        v_head_dim=opt_int(config, "swa_v_head_dim", v_dim, minimum=1),
        sinks=flag(config, "add_swa_attention_sink_bias", default=False),
    )
    fields["ffn_pattern"] = _moe_layers_pattern(
        per_layer(config, "moe_layer_freq", layers), "moe_layer_freq"
    )
    fields["moe"] = deepseek_moe(
        {**config, "first_k_dense_replace": 0, "moe_layer_freq": None}, layers
    )
    fields["mtp_layers"] = opt_int(config, "num_nextn_predict_layers", 0)
    return fields


def _kept_blocks(sparse: Config) -> int | None:
    """Tokens MiniMax's block-sparse attention keeps: the top blocks and the local ones."""
    blocks = opt_int(sparse, "sparse_topk_blocks", 0) + opt_int(sparse, "sparse_local_block", 0)
    return blocks * opt_int(sparse, "sparse_block_size", 0) or None


def _with_indexer(config: Config, fields: Fields) -> Fields:
    fields["indexer"] = IndexerShape(
        heads=need(config, "index_n_heads", minimum=1),
        head_dim=need(config, "index_head_dim", minimum=1),
        query_from="q_lora",
        top_k=opt_int(config, "index_topk", 0) or None,
    )
    return fields


def _deepseek_v32(config: Config, family: str) -> Fields:
    """DeepSeek V3.2: V3 with a lightning indexer on every layer."""
    return _with_indexer(config, deepseek_v3(config, family))


def _glm_moe_dsa(config: Config, family: str) -> Fields:
    """GLM-5: MLA with a DeepSeek-style sparse-attention indexer, dense first layers."""
    fields = _with_indexer(config, deepseek_v3(config, family))
    layers = fields["layers"]
    if config.get("mlp_layer_types") is not None:
        listed = _moe_layers_pattern(
            per_layer(config, "mlp_layer_types", layers), "mlp_layer_types"
        )
        implied = "".join(
            "E" if fields["moe"].first_dense_layers <= i else "D" for i in range(layers)
        )
        if listed != implied:
            raise InvalidRequestError(
                "config.mlp_layer_types", listed.count("D"), "disagrees with first_k_dense_replace"
            )
    if config.get("indexer_types") is not None:
        pattern_of(config, "indexer_types", layers, {"full": "F"})
    return fields


def _deepseek_v4(config: Config, family: str) -> Fields:
    """DeepSeek V4: shared K=V MQA with a window, compressed entries, hyper-connections."""
    fields = common(config, family)
    layers = fields["layers"]
    mtp = opt_int(config, "num_nextn_predict_layers", 0)
    ratios = tuple(per_layer(config, "compress_ratios", layers, extra=mtp))
    for ratio in ratios:
        if isinstance(ratio, bool) or not isinstance(ratio, int) or ratio < 0:
            raise InvalidRequestError("config.compress_ratios", ratio, "expected tokens per entry")
    indexed = min((r for r in ratios if r), default=1)
    fields["compression"] = CompressionShape(
        ratios=ratios,
        query_rank=need(config, "q_lora_rank", minimum=1),
        indexed_ratio=indexed,
        output_groups=need(config, "o_groups", minimum=1),
        output_rank=need(config, "o_lora_rank", minimum=1),
        hyper_connections=need(config, "hc_mult", minimum=1),
        hash_layers=opt_int(config, "num_hash_layers", 0),
    )
    fields["window"] = WindowShape(
        tokens=need(config, "sliding_window", minimum=1), windowed_layers=layers
    )
    fields["indexer"] = IndexerShape(
        heads=need(config, "index_n_heads", minimum=1),
        head_dim=need(config, "index_head_dim", minimum=1),
        query_from="q_lora",
        top_k=opt_int(config, "index_topk", 0) or None,
    )
    fields["moe"] = deepseek_moe(config, layers)
    fields["mtp_layers"] = mtp
    return fields


def _gemma4(config: Config, family: str) -> Fields:
    """Gemma 4: sliding and global layers of different heads, a dense MLP beside the experts."""
    text = text_config(config)
    need_flag(text, "hidden_size_per_layer_input", 0, "per-layer input embeddings are not modelled")
    need_flag(text, "num_kv_shared_layers", 0, "KV sharing across layers is not modelled")
    need_flag(text, "use_double_wide_mlp", expected=False, why="double-wide MLPs are not modelled")
    fields = common(text, family)
    layers = fields["layers"]
    fields["tie_word_embeddings"] = flag(text, "tie_word_embeddings", default=True)
    fields["layer_pattern"] = pattern_of(text, "layer_types", layers, _FULL_OR_SLIDING)
    fields["window"] = _window(text, fields["layer_pattern"])
    fields["qk_norm"] = True
    fields["full_attention"] = AttentionShape(
        attention_heads=fields["attention_heads"],
        kv_heads=opt_int(text, "num_global_key_value_heads", fields["kv_heads"], minimum=1),
        head_dim=opt_int(text, "global_head_dim", fields["head_dim"], minimum=1),
        k_eq_v=flag(text, "attention_k_eq_v", default=False),
    )
    moe = flag(text, "enable_moe_block", default=False)
    fields["norms_per_layer"] = 7 if moe else 4  # + a post-norm per branch and a pre-norm
    if moe:
        count, per_token = experts(text, "num_experts", "top_k_experts")
        fields["ffn_pattern"] = "B" * layers
        fields["moe"] = MoeShape(
            routed_experts=count,
            experts_per_token=per_token,
            expert_intermediate_size=need(text, "moe_intermediate_size", minimum=1),
            router_scales=True,
        )
    vision = vision_config(config)
    if vision is not None:
        heads = need(vision, "num_attention_heads", minimum=1)
        fields["vision"] = VisionTower(
            kind="gemma4",
            hidden_size=need(vision, "hidden_size", minimum=1),
            layers=need(vision, "num_hidden_layers", minimum=1),
            intermediate_size=need(vision, "intermediate_size", minimum=1),
            patch_size=need(vision, "patch_size", minimum=1),
            position_embeddings=need(vision, "position_embedding_size", minimum=1),
            head_dim=opt_int(vision, "head_dim", need(vision, "hidden_size") // heads, minimum=1),
        )
    return fields


def _step3p7(config: Config, family: str) -> Fields:
    """Step 3.7 Flash: full and sliding layers, a per-head output gate, shared/routed experts."""
    fields = common(config, family)
    layers = fields["layers"]
    mtp = opt_int(config, "num_nextn_predict_layers", 0)
    fields["layer_pattern"] = pattern_of(config, "layer_types", layers, _FULL_OR_SLIDING, extra=mtp)
    fields["window"] = _window(config, fields["layer_pattern"])
    fields["qk_norm"] = True
    fields["output_gate"] = "headwise"  # transformers' Step3p7 always gates each head
    count, per_token = experts(config, "num_experts")
    width = need(config, "moe_intermediate_size", minimum=1)
    fields["moe"] = MoeShape(
        routed_experts=count,
        experts_per_token=per_token,
        expert_intermediate_size=width,
        shared_expert_intermediate_size=opt_int(config, "share_expert_dim", width)
        * opt_int(config, "n_shared_experts", 1),
        first_dense_layers=opt_int(config, "first_k_dense_replace", 0),
    )
    fields["mtp_layers"] = mtp
    return fields


NEWER_READERS: dict[str, Reader] = {
    **HYBRID_READERS,
    "qwen3_vl": _qwen3_vl,
    "qwen3_vl_moe": _qwen3_vl_moe,
    "qwen3_5": _qwen3_5,
    "qwen3_5_moe": _qwen3_5,
    "minimax_m2": _minimax_m2,
    "minimax_m3": _minimax_m3_text,
    "minimax_m3_vl": _minimax_m3_vl,
    "mimo_v2_flash": _mimo_v2,
    "deepseek_v32": _deepseek_v32,
    "glm_moe_dsa": _glm_moe_dsa,
    "deepseek_v4": _deepseek_v4,
    "deepseek_ref": _deepseek_v4,  # SGLang's FP8 conversion of DeepSeek V4
    "gemma4": _gemma4,
    "step3p7": _step3p7,
}
