"""A general reader for configs of model types without a reader of their own.

Most new ``model_type`` values are known shapes under a new name: a Llama-style decoder with
one more norm, a DeepSeek-style MoE with grouped-query attention, a multimodal wrapper around a
text model the engine reads. Three layers of reading, most specific first:

1. ``TRAITS``: model types whose differences from a known shape are stated here (Phi-3/4,
   Command R/A, OLMo 2/3, Granite, SmolLM3, EXAONE 4, Seed-OSS, Qwen3-Next, dots.llm1,
   ERNIE 4.5 MoE, Mistral 3 with a Pixtral tower), each from its transformers module layout.
2. A wrapper whose ``text_config`` names a type the engine reads (``mistral3`` around a
   ``deepseek_v3`` text model) is read through that type.
3. Any other type is read by what its fields say, only when every field is one whose meaning
   the engine knows (``SHAPE_FIELDS`` and ``INERT_FIELDS``) and the MLP is a gated one (SiLU):
   a field that may change the shape (experts, state, a layer pattern) is refused by name,
   never sized as if it were not there.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from sizing.errors import InvalidRequestError
from sizing.model.architecture import (
    LinearAttentionShape,
    MambaShape,
    MoeShape,
    VisionTower,
    WindowShape,
)
from sizing.model.hf.fields import (
    Config,
    flag,
    get,
    layer_indices,
    need,
    need_flag,
    opt_int,
    pattern_of,
    text_config,
    vision_config,
    window_size,
)
from sizing.model.hf.hybrids import state_bytes
from sizing.model.hf.readers import Fields, Reader, common, deepseek_moe, dense, experts
from sizing.model.hf.table import READERS

# Fields that never change a parameter count or a cache: ids, dtypes, scales, init, dropout.
INERT_FIELDS = frozenset(
    {
        "_name_or_path",
        "architectures",
        "auto_map",
        "model_type",
        "transformers_version",
        "torch_dtype",
        "dtype",
        "bos_token_id",
        "eos_token_id",
        "pad_token_id",
        "sep_token_id",
        "cls_token_id",
        "decoder_start_token_id",
        "hidden_act",
        "hidden_activation",
        "initializer_range",
        "init_std",
        "rms_norm_eps",
        "layer_norm_eps",
        "norm_eps",
        "use_cache",
        "attention_dropout",
        "hidden_dropout",
        "embd_pdrop",
        "resid_pdrop",
        "dropout",
        "mlp_dropout",
        "rope_theta",
        "rope_scaling",
        "rope_parameters",
        "rope_type",
        "partial_rotary_factor",
        "rotary_pct",
        "max_position_embeddings",
        "original_max_position_embeddings",
        "quantization_config",
        "pretraining_tp",
        "embedding_multiplier",
        "residual_multiplier",
        "attention_multiplier",
        "logits_scaling",
        "logit_scale",
        "final_logit_softcapping",
        "attn_logit_softcapping",
        "query_pre_attn_scalar",
        "use_flash_attention_2",
        "attn_implementation",
        "_attn_implementation",
        "tokenizer_class",
        "bad_words_ids",
        "output_attentions",
        "output_hidden_states",
        "return_dict",
        "is_decoder",
        "is_encoder_decoder",
        "chat_template",
        "keys_to_ignore_at_inference",
        "tie_word_embeddings",
        "no_rope_layers",
        "no_rope_layer_interval",
        "use_sliding_window",
        "max_window_layers",
        "sliding_window",
        "layer_types",
        "router_aux_loss_coef",
        "output_router_logits",
        "norm_topk_prob",
        "routed_scaling_factor",
        "scoring_func",
        "topk_method",
        "n_group",
        "topk_group",
        "aux_loss_alpha",
        "seq_aux",
        "task_specific_params",
        "use_return_dict",
        "torchscript",
        "id2label",
        "label2id",
        "finetuning_task",
        "problem_type",
        "prefix",
        "cache_implementation",
        "image_token_index",
        "image_token_id",
        "vision_feature_layer",
        "vision_feature_select_strategy",
        "projector_hidden_act",
        "multimodal_projector_bias",
        "spatial_merge_size",
    }
)
# Fields whose meaning the general reader takes into account.
SHAPE_FIELDS = frozenset(
    {
        "hidden_size",
        "num_hidden_layers",
        "num_attention_heads",
        "num_key_value_heads",
        "head_dim",
        "vocab_size",
        "intermediate_size",
        "attention_bias",
        "mlp_bias",
    }
)
# Activations of gated (three-matrix) MLPs in every config family the engine has read.
_GATED_ACTIVATIONS = frozenset({"silu", "swish"})
_COHERE2_PATTERN = 4  # Command A / R7B: three sliding-window layers, then one global
_EXAONE4_PATTERN = 4


def _text_of(config: Config) -> Config:
    text = text_config(config)
    return text if text is not config else config


def _no_mlp_bias(config: Config) -> None:
    need_flag(config, "mlp_bias", expected=False, why="biases on MLP layers are not modelled")


def _windows(config: Config, layers: int, every: int) -> WindowShape | None:
    """Sliding-window layers from ``layer_types``, else one global layer every ``every``.

    ``sliding_window_pattern`` may be the period (4) or the pattern itself ("LLLG", repeated).
    """
    tokens = window_size(config, "sliding_window")
    if tokens is None:
        return None
    if config.get("layer_types") is not None:
        kinds: dict[object, str] = {"full_attention": "F", "sliding_attention": "S"}
        windowed = pattern_of(config, "layer_types", layers, kinds).count("S")
    else:
        period = config.get("sliding_window_pattern", every)
        windowed = _pattern_windowed(period, layers)
    return WindowShape(tokens=tokens, windowed_layers=windowed) if windowed else None


def _pattern_windowed(period: object, layers: int) -> int:
    if isinstance(period, str) and period and set(period.upper()) <= {"L", "G"}:
        cycle = period.upper()
        return sum(1 for index in range(layers) if cycle[index % len(cycle)] == "L")
    if isinstance(period, int) and not isinstance(period, bool) and period >= 1:
        return sum(1 for index in range(layers) if (index + 1) % period)
    raise InvalidRequestError(
        "config.sliding_window_pattern", period, "expected a period or a pattern of L and G"
    )


def _phi3(config: Config, family: str) -> Fields:
    """Phi-3 / Phi-4: fused qkv and gate_up projections, the Llama count.

    Phi-4-mini states a window as long as its positions: no layer holds less than the context.
    """
    return _no_window_past_positions(dense(config, family), config)


def _no_window_past_positions(fields: Fields, config: Config) -> Fields:
    """Drop a window as long as the positions: no layer then holds less than the context."""
    window = fields.get("window")
    positions = config.get("max_position_embeddings")
    if window is not None and isinstance(positions, int) and window.tokens >= positions:
        fields["window"] = None
    return fields


def _cohere(config: Config, family: str) -> Fields:
    """Command R / R+: one bias-free LayerNorm per layer (parallel blocks), tied embeddings."""
    fields = dense(config, family)
    fields["tie_word_embeddings"] = flag(config, "tie_word_embeddings", default=True)
    fields["norms_per_layer"] = 1
    fields["qk_norm"] = flag(config, "use_qk_norm", default=False)
    fields["qk_norm_scope"] = "layer"  # normalized over (heads, head_dim)
    if family == "cohere2":
        fields["window"] = _windows(config, fields["layers"], _COHERE2_PATTERN)
    return fields


def _olmo2(config: Config, family: str) -> Fields:
    """OLMo 2 / 3: q and k normalized over all heads, norms after each block."""
    _no_mlp_bias(config)
    fields = dense(config, family)
    fields["qk_norm"] = True
    fields["qk_norm_scope"] = "layer"
    if family == "olmo3":
        fields["window"] = _windows(config, fields["layers"], _EXAONE4_PATTERN)
    return fields


def _llama_like(config: Config, family: str) -> Fields:
    """Granite, SmolLM3: the Llama count (multipliers and NoPE layers hold no weights)."""
    _no_mlp_bias(config)
    return dense(config, family)


def _exaone4(config: Config, family: str) -> Fields:
    """EXAONE 4: per-head q/k norms, post-norms, local layers by a pattern."""
    fields = dense(config, family)
    fields["qk_norm"] = True
    fields["window"] = _windows(config, fields["layers"], _EXAONE4_PATTERN)
    return fields


def _seed_oss(config: Config, family: str) -> Fields:
    """Seed-OSS: biases on q, k and v (``attention_bias``), on o only if ``attention_out_bias``."""
    _no_mlp_bias(config)
    fields = dense(config, family)
    fields["o_bias"] = flag(config, "attention_out_bias", default=False)
    return fields


def _qwen3_next(config: Config, family: str) -> Fields:
    """Qwen3-Next: Gated DeltaNet layers, a gated full-attention layer every few, shared expert."""
    fields = common(config, family)
    layers = fields["layers"]
    kinds: dict[object, str] = {"linear_attention": "L", "full_attention": "F"}
    if config.get("layer_types") is not None:
        pattern = pattern_of(config, "layer_types", layers, kinds)
    else:
        interval = need(config, "full_attention_interval", minimum=1)
        pattern = "".join("F" if (i + 1) % interval == 0 else "L" for i in range(layers))
    fields["layer_pattern"] = pattern
    fields["qk_norm"] = True
    fields["output_gate"] = "elementwise"  # q_proj is twice as wide: the gate
    fields["linear_attention"] = LinearAttentionShape(
        kind="gated_deltanet",
        key_heads=need(config, "linear_num_key_heads", minimum=1),
        value_heads=need(config, "linear_num_value_heads", minimum=1),
        key_head_dim=need(config, "linear_key_head_dim", minimum=1),
        value_head_dim=need(config, "linear_value_head_dim", minimum=1),
        conv_kernel=need(config, "linear_conv_kernel_dim", minimum=1),
        state_bytes_per_element=state_bytes(config, "mamba_ssm_dtype"),
    )
    count, per_token = experts(config, "num_experts")
    indices = layer_indices(config, "mlp_only_layers")
    fields["moe"] = MoeShape(
        routed_experts=count,
        experts_per_token=per_token,
        expert_intermediate_size=need(config, "moe_intermediate_size", minimum=1),
        shared_expert_intermediate_size=opt_int(config, "shared_expert_intermediate_size", 0),
        shared_expert_gate=True,
        layer_step=opt_int(config, "decoder_sparse_step", 1, minimum=1),
        dense_layer_indices=tuple(index for index in indices if index < layers),
    )
    fields["mtp_layers"] = opt_int(
        config, "num_nextn_predict_layers", opt_int(config, "mtp_num_hidden_layers", 0)
    )
    return fields


def _dots1(config: Config, family: str) -> Fields:
    """dots.llm1: grouped-query attention with q/k norms and DeepSeek-style experts."""
    fields = common(config, family)
    fields["qkv_bias"] = flag(config, "attention_bias", default=False)
    fields["qk_norm"] = True
    fields["moe"] = deepseek_moe(config, fields["layers"])
    return fields


def _ernie45_moe(config: Config, family: str) -> Fields:
    """ERNIE 4.5 MoE: experts from a start layer at an interval, shared experts beside them."""
    need_flag(config, "use_bias", expected=False, why="biases on linear layers are not modelled")
    fields = common(config, family)
    layers = fields["layers"]
    fields["tie_word_embeddings"] = flag(config, "tie_word_embeddings", default=True)
    count, per_token = experts(config, "moe_num_experts", "moe_k")
    width = need(config, "moe_intermediate_size", minimum=1)
    start = opt_int(config, "moe_layer_start_index", 0)
    end_value = config.get("moe_layer_end_index", -1)
    end = layers - 1 if end_value in {None, -1} else opt_int(config, "moe_layer_end_index", 0)
    step = opt_int(config, "moe_layer_interval", 1, minimum=1)
    fields["ffn_pattern"] = "".join(
        "E" if start <= index <= end and (index + 1) % step == 0 else "D" for index in range(layers)
    )
    fields["moe"] = MoeShape(
        routed_experts=count,
        experts_per_token=per_token,
        expert_intermediate_size=width,
        shared_expert_intermediate_size=width * opt_int(config, "moe_num_shared_experts", 0),
    )
    fields["mtp_layers"] = opt_int(config, "num_nextn_predict_layers", 0)
    return fields


def _phimoe(config: Config, family: str) -> Fields:
    """Phi-3.5-MoE: Mixtral's experts and biased attention.

    Its LayerNorm and LM-head biases (a few hundred thousand of forty billion parameters) are
    within the count's tolerance.
    """
    fields = _no_window_past_positions(dense(config, family), config)
    fields["o_bias"] = fields["qkv_bias"]
    count, per_token = experts(config, "num_local_experts")
    fields["moe"] = MoeShape(
        routed_experts=count,
        experts_per_token=per_token,
        expert_intermediate_size=need(config, "intermediate_size", minimum=1),
    )
    return fields


def _granite_hybrid(config: Config, family: str) -> Fields:
    """Granite 4.0 H: Mamba-2 and attention layers, each with experts and a shared MLP.

    The Mamba-2 mixer is Nemotron-H's (in_proj, a biased convolution, dt/A/D per head, a gated
    norm, out_proj). Its state is kept in the model's dtype unless ``mamba_ssm_cache_dtype``
    says otherwise (vLLM's "auto").
    """
    need_flag(config, "mamba_proj_bias", expected=False, why="biased Mamba projections")
    fields = common(config, family)
    layers = fields["layers"]
    kinds: dict[object, str] = {"mamba": "M", "attention": "F"}
    fields["layer_pattern"] = pattern_of(config, "layer_types", layers, kinds)
    fields["tie_word_embeddings"] = flag(config, "tie_word_embeddings", default=True)
    fields["qkv_bias"] = fields["o_bias"] = flag(config, "attention_bias", default=False)
    dtype = config.get("mamba_ssm_cache_dtype") or get(config, "torch_dtype", "bfloat16")
    fields["mamba"] = MambaShape(
        heads=need(config, "mamba_n_heads", minimum=1),
        head_dim=need(config, "mamba_d_head", minimum=1),
        state_size=need(config, "mamba_d_state", minimum=1),
        groups=opt_int(config, "mamba_n_groups", 1, minimum=1),
        conv_kernel=need(config, "mamba_d_conv", minimum=1),
        state_bytes_per_element=state_bytes({"dtype": dtype}, "dtype"),
    )
    shared = opt_int(config, "shared_intermediate_size", 0)
    if opt_int(config, "num_local_experts", 0):
        count, per_token = experts(config, "num_local_experts")
        fields["moe"] = MoeShape(
            routed_experts=count,
            experts_per_token=per_token,
            expert_intermediate_size=need(config, "intermediate_size", minimum=1),
            shared_expert_intermediate_size=shared,
        )
        fields["ffn_pattern"] = "E" * layers
    else:  # Granite 4.0 H Micro: the shared MLP is the only feed-forward block
        fields["intermediate_size"] = shared
        fields["ffn_pattern"] = "D" * layers
    return fields


def _uniform(config: Config, name: str, layers: int) -> int:
    """Return the one value of a per-layer list (or a number) that must not vary by layer."""
    value = config.get(name)
    values = value if isinstance(value, list) else [value]
    if isinstance(value, list) and len(values) != layers:
        raise InvalidRequestError(f"config.{name}", f"{len(values)} entries", "one per layer")
    if len(set(map(str, values))) != 1:
        raise InvalidRequestError(f"config.{name}", values[0], "layers that differ: not modelled")
    return need({name: values[0]}, name, minimum=0)


def _hunyuan_moe(config: Config, family: str) -> Fields:
    """Hunyuan A13B: GQA with per-head q/k norms, routed experts and a shared MLP per layer."""
    need_flag(config, "use_cla", expected=False, why="cross-layer KV sharing is not modelled")
    _no_mlp_bias(config)
    fields = common(config, family)
    layers = fields["layers"]
    fields["head_dim"] = opt_int(config, "head_dim", opt_int(config, "attention_head_dim", 0))
    fields["head_dim"] = fields["head_dim"] or fields["hidden_size"] // fields["attention_heads"]
    fields["tie_word_embeddings"] = flag(config, "tie_word_embeddings", default=True)
    fields["qkv_bias"] = fields["o_bias"] = flag(config, "attention_bias", default=False)
    fields["qk_norm"] = flag(config, "use_qk_norm", default=False)
    count = need(config, "num_experts", minimum=1)
    per_token = _uniform(config, "moe_topk", layers)
    shared = _uniform(config, "num_shared_expert", layers)
    fields["moe"] = MoeShape(
        routed_experts=count,
        experts_per_token=max(min(per_token, count), 1),
        expert_intermediate_size=max(_uniform(config, "moe_intermediate_size", layers), 1),
        shared_expert_intermediate_size=shared * need(config, "intermediate_size", minimum=1),
    )
    fields["ffn_pattern"] = "E" * layers
    return fields


def _pixtral(vision: Config) -> VisionTower:
    if get(vision, "model_type", "pixtral") != "pixtral":
        raise InvalidRequestError(
            "config.vision_config.model_type", vision.get("model_type"), "a tower not modelled"
        )
    return VisionTower(
        kind="pixtral",
        hidden_size=need(vision, "hidden_size", minimum=1),
        layers=need(vision, "num_hidden_layers", minimum=1),
        intermediate_size=need(vision, "intermediate_size", minimum=1),
        patch_size=need(vision, "patch_size", minimum=1),
        channels=opt_int(vision, "num_channels", 3, minimum=1),
    )


def _mistral3(config: Config, family: str) -> Fields:
    """Mistral 3 (Small 3.1/3.2, Large 3): a text model the engine reads, a Pixtral tower."""
    fields = _nested_text(config)
    vision = vision_config(config)
    if vision is not None:
        tower = _pixtral(vision)
        merge = opt_int(config, "spatial_merge_size", 2, minimum=1)
        layers = config.get("vision_feature_layer", -1)
        if isinstance(layers, list) and len(layers) != 1:
            raise InvalidRequestError(
                "config.vision_feature_layer", layers, "features of several layers not modelled"
            )
        fields["vision"] = tower.model_copy(
            update={
                "merge_size": merge,
                "projector_bias": flag(config, "multimodal_projector_bias", default=False),
            }
        )
    del family  # the text model's type names the family: its tensors are named by it
    return fields


TRAITS: dict[str, Reader] = {
    "phi3": _phi3,
    "cohere": _cohere,
    "cohere2": _cohere,
    "olmo2": _olmo2,
    "olmo3": _olmo2,
    "granite": _llama_like,
    "smollm3": _llama_like,
    "exaone4": _exaone4,
    "seed_oss": _seed_oss,
    "qwen3_next": _qwen3_next,
    "dots1": _dots1,
    "ernie4_5_moe": _ernie45_moe,
    "ernie4_5": _llama_like,
    "mistral3": _mistral3,
    "phimoe": _phimoe,
    "granitemoehybrid": _granite_hybrid,
    "hunyuan_v1_moe": _hunyuan_moe,
}

# Words in a field name that say it may change the shape: refused when not understood.
_STRUCTURAL = re.compile(
    r"expert|moe|lora|mamba|ssm|conv|linear|layer|block|hybrid|attn|attention|head|rank|"
    r"size|dim|num_|n_|mtp|nextn|share|router|window|pattern|index|compress|vision|audio|"
    r"encoder|decoder|kv|group|chunk|state|gate|bias|norm|embed|vocab|width|mult",
    re.IGNORECASE,
)


def _known_reader(family: str) -> Reader | None:
    return READERS.get(family) or TRAITS.get(family)


def _nested_text(config: Config) -> Fields:
    """Read a wrapper's ``text_config`` by the type it names."""
    text = text_config(config)
    if text is config:
        raise InvalidRequestError("config.text_config", None, "missing: the text model's fields")
    family = get(text, "model_type")
    if not isinstance(family, str) or not family:
        raise InvalidRequestError("config.text_config.model_type", family, "missing")
    reader = _known_reader(family)
    return reader(text, family) if reader is not None else _by_fields(text, family)


def _by_fields(config: Config, family: str) -> Fields:
    """Read a plain decoder whose every field the engine understands; refuse any other."""
    for name in sorted(config):
        if name in INERT_FIELDS or name in SHAPE_FIELDS or config.get(name) in (None, False, 0, ""):
            continue
        if _STRUCTURAL.search(name):
            value = config[name]
            shown = f"{len(value)} entries" if isinstance(value, list | dict) else value
            raise InvalidRequestError(
                f"config.{name}", shown, f"a field of model type {family} not modelled"
            )
    activation = get(config, "hidden_act", get(config, "hidden_activation"))
    if activation not in _GATED_ACTIVATIONS:
        raise InvalidRequestError(
            "config.hidden_act", activation, f"model type {family}: an MLP shape not modelled"
        )
    _no_mlp_bias(config)
    return dense(config, family)


def read_general(config: Config, family: str) -> Fields:
    """Read a config of a type without its own reader (see the module notes)."""
    trait = TRAITS.get(family)
    if trait is not None:
        return trait(config, family)
    if config.get("vision_config") is not None:
        raise InvalidRequestError(
            "config.vision_config", family, "a vision tower of a model type not modelled"
        )
    text = config.get("text_config")
    if text is None:
        return _by_fields(config, family)
    if isinstance(text, Mapping) and isinstance(text.get("model_type"), str):
        return _nested_text(config)
    return _by_fields(text_config(config), family)
