"""Readers for Kimi K2.5/K3 and the Nemotron hybrids.

MoonViT towers, Kimi Delta Attention, Mamba-2 blocks and per-layer NAS blocks.
"""

from __future__ import annotations

from typing import Literal

from sizing.errors import InvalidRequestError
from sizing.model.architecture import LinearAttentionShape, MambaShape, MoeShape, VisionTower
from sizing.model.hf.fields import (
    Config,
    as_list,
    flag,
    get,
    need,
    opt_int,
    per_layer,
    text_config,
    vision_config,
)
from sizing.model.hf.readers import Fields, Reader, common, deepseek_v3, experts, mla

_FLOAT32_BYTES = 4
_BFLOAT16_BYTES = 2
_STATE_DTYPES = {"float32": _FLOAT32_BYTES, "bfloat16": _BFLOAT16_BYTES, "float16": _BFLOAT16_BYTES}
# Nemotron-NAS rounds each FFN width up to a multiple of 256 (DeciLM ``_find_multiple``).
_NAS_WIDTH_MULTIPLE = 256


def state_bytes(config: Config, name: str) -> int:
    """Bytes per element of a recurrent state dtype field (FP32 unless it says otherwise)."""
    value = get(config, name, "float32")
    if value not in _STATE_DTYPES:
        raise InvalidRequestError(f"config.{name}", value, "expected float32, bfloat16 or float16")
    return _STATE_DTYPES[value]


def _kimi_k25(config: Config, family: str) -> Fields:
    """Kimi K2.5: the Kimi K2 (DeepSeek V3) text model and a MoonViT tower."""
    fields = deepseek_v3(text_config(config), family)
    vision = vision_config(config)
    if vision is not None:
        fields["vision"] = _moonvit(vision, "moonvit")
    return fields


def _moonvit(vision: Config, kind: Literal["moonvit", "moonvit2"]) -> VisionTower:
    merge = as_list(vision, "merge_kernel_size") or [1, 1]
    if len(merge) != 2 or merge[0] != merge[1]:  # noqa: PLR2004 - a square kernel
        raise InvalidRequestError(
            "config.vision_config.merge_kernel_size", merge, "expected [n, n]"
        )
    positions = need(vision, "init_pos_emb_height", minimum=1) * need(
        vision, "init_pos_emb_width", minimum=1
    )
    return VisionTower(
        kind=kind,
        hidden_size=need(vision, "vt_hidden_size", minimum=1),
        layers=need(vision, "vt_num_hidden_layers", minimum=1),
        intermediate_size=need(vision, "vt_intermediate_size", minimum=1),
        patch_size=need(vision, "patch_size", minimum=1),
        position_embeddings=positions,
        merge_size=merge[0],
        attention_width=opt_int(vision, "qkv_hidden_size", 0),
    )


def _kimi_k3(config: Config, family: str) -> Fields:
    """Kimi K3: Kimi Delta Attention layers, MLA full-attention layers, latent experts."""
    text = text_config(config)
    fields = common(text, family)
    layers = fields["layers"]
    fields["mla"] = mla(text).model_copy(
        update={"output_gate": flag(text, "mla_use_output_gate", default=False)}
    )
    linear = text.get("linear_attn_config")
    if not isinstance(linear, dict):
        raise InvalidRequestError("config.linear_attn_config", linear, "expected an object")
    fields["layer_pattern"] = _one_based_pattern(linear, layers)
    heads = need(linear, "num_heads", minimum=1)
    head_dim = need(linear, "head_dim", minimum=1)
    fields["linear_attention"] = LinearAttentionShape(
        kind="kimi_delta",
        key_heads=heads,
        value_heads=heads,
        key_head_dim=head_dim,
        value_head_dim=head_dim,
        conv_kernel=need(linear, "short_conv_kernel_size", minimum=1),
        full_rank_gate=flag(linear, "use_full_rank_gate", default=False),
    )
    count, per_token = experts(text, "num_experts", "num_experts_per_token")
    width = need(text, "moe_intermediate_size", minimum=1)
    fields["moe"] = MoeShape(
        routed_experts=count,
        experts_per_token=per_token,
        expert_intermediate_size=width,
        shared_expert_intermediate_size=width * opt_int(text, "num_shared_experts", 0),
        first_dense_layers=opt_int(text, "first_k_dense_replace", 0),
        latent_size=opt_int(text, "routed_expert_hidden_size", 0),
        latent_norm=flag(text, "latent_moe_use_norm", default=False),
    )
    fields["mtp_layers"] = opt_int(text, "num_nextn_predict_layers", 0)
    vision = vision_config(config)
    if vision is not None:
        fields["vision"] = _moonvit(vision, "moonvit2")
    return fields


def _one_based_pattern(linear: Config, layers: int) -> str:
    """Kimi lists its layers 1-based: every layer must be in exactly one of the two lists."""
    kinds: dict[int, str] = {}
    for name, kind in (("full_attn_layers", "F"), ("kda_layers", "L")):
        for value in as_list(linear, name):
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= layers:
                raise InvalidRequestError(
                    f"config.linear_attn_config.{name}", value, f"expected 1 to {layers}"
                )
            if value in kinds:
                raise InvalidRequestError(
                    f"config.linear_attn_config.{name}", value, "listed twice"
                )
            kinds[value] = kind
    if len(kinds) != layers:
        raise InvalidRequestError(
            "config.linear_attn_config", len(kinds), f"expected all {layers} layers"
        )
    return "".join(kinds[index] for index in range(1, layers + 1))


def _nemotron_h(config: Config, family: str) -> Fields:
    """Nemotron-H / Nemotron 3: Mamba-2, attention and latent-MoE blocks, one per layer."""
    fields = common(config, family)
    layers = fields["layers"]
    blocks = get(config, "hybrid_override_pattern", "")
    if not isinstance(blocks, str) or len(blocks) != layers or set(blocks) - set("M*E-"):
        raise InvalidRequestError(
            "config.hybrid_override_pattern", blocks, f"expected {layers} of M * E -"
        )
    fields["layer_pattern"] = blocks.translate(str.maketrans("*E", "F-"))
    fields["ffn_pattern"] = blocks.translate(str.maketrans("M*-", "--D"))
    fields["norms_per_layer"] = 1
    fields["mlp_gated"] = False  # NemotronHMLP: up and down projections only
    fields["mamba"] = MambaShape(
        heads=need(config, "mamba_num_heads", minimum=1),
        head_dim=need(config, "mamba_head_dim", minimum=1),
        state_size=need(config, "ssm_state_size", minimum=1),
        groups=need(config, "n_groups", minimum=1),
        conv_kernel=need(config, "conv_kernel", minimum=1),
        state_bytes_per_element=state_bytes(config, "mamba_ssm_cache_dtype"),
    )
    if "E" in blocks:
        count, per_token = experts(config, "n_routed_experts")
        fields["moe"] = MoeShape(
            routed_experts=count,
            experts_per_token=per_token,
            expert_intermediate_size=need(config, "moe_intermediate_size", minimum=1),
            shared_expert_intermediate_size=opt_int(
                config, "moe_shared_expert_intermediate_size", 0
            ),
            gated=get(config, "mlp_hidden_act", "relu2") != "relu2",  # relu2: up and down only
            latent_size=opt_int(config, "moe_latent_size", 0),
        )
    fields["mtp_layers"] = opt_int(config, "num_nextn_predict_layers", 0)
    return fields


def _nemotron_nas(config: Config, family: str) -> Fields:
    """Llama-Nemotron NAS: per-layer attention (or none) and per-layer FFN widths."""
    fields = common({**config, "num_key_value_heads": None, "intermediate_size": None}, family)
    layers = fields["layers"]
    hidden = fields["hidden_size"]
    pattern, widths, groups = [], [], set()
    for block in per_layer(config, "block_configs", layers):
        attention = block.get("attention", {}) if isinstance(block, dict) else None
        ffn = block.get("ffn", {}) if isinstance(block, dict) else None
        if not isinstance(attention, dict) or not isinstance(ffn, dict):
            raise InvalidRequestError("config.block_configs", block, "expected attention and ffn")
        if attention.get("replace_with_linear") or ffn.get("replace_with_linear"):
            raise InvalidRequestError(
                "config.block_configs",
                "replace_with_linear",
                "linear replacements are not modelled",
            )
        if attention.get("no_op"):
            pattern.append("-")
        else:
            pattern.append("F")
            groups.add(need(attention, "n_heads_in_group", minimum=1))
        mult = ffn.get("ffn_mult")
        if ffn.get("no_op"):
            widths.append(0)
        elif isinstance(mult, (int, float)) and not isinstance(mult, bool) and mult > 0:
            width = int(2 * mult * hidden / 3)
            widths.append(-(-width // _NAS_WIDTH_MULTIPLE) * _NAS_WIDTH_MULTIPLE)
        else:
            raise InvalidRequestError(
                "config.block_configs.ffn.ffn_mult", mult, "expected a positive number"
            )
    if len(groups) > 1:
        raise InvalidRequestError(
            "config.block_configs.attention.n_heads_in_group", sorted(groups), "expected one value"
        )
    per_group = groups.pop() if groups else 1
    if fields["attention_heads"] % per_group:
        raise InvalidRequestError(
            "config.block_configs.attention.n_heads_in_group",
            per_group,
            "does not divide the heads",
        )
    fields["kv_heads"] = fields["attention_heads"] // per_group
    fields["layer_pattern"] = "".join(pattern)
    fields["ffn_pattern"] = "".join("D" if width else "-" for width in widths)
    fields["dense_widths"] = tuple(widths)
    return fields


HYBRID_READERS: dict[str, Reader] = {
    "kimi_k25": _kimi_k25,
    "kimi_k3": _kimi_k3,
    "nemotron_h": _nemotron_h,
    "nemotron-nas": _nemotron_nas,
}
