"""From an architecture and a release to the engine's view of a model (``ModelSpec``)."""

from __future__ import annotations

from sizing.model.architecture import Architecture, Release
from sizing.model.caches import cache_layout
from sizing.model.counting import active_params, count_params
from sizing.model.recipes import (
    PRECISION_STORAGE,
    ReleaseRecipe,
    StorageFormat,
    group_recipe,
    release_layout,
)
from sizing.model.types import Attention, ModelSpec, SparseIndexer
from sizing.request import Precision

# DeepSeek-style FP8 releases store 128x128 block scales beside the weights.
_BLOCK_FP8: StorageFormat = "fp8_block"


def attention_kind(arch: Architecture) -> Attention:
    """How the KV cache is laid out: MLA latent, or K/V heads shared by query heads."""
    if arch.mla is not None:
        return Attention.MLA
    heads = arch.full_attention.attention_heads if arch.full_attention else arch.attention_heads
    kv_heads = arch.full_attention.kv_heads if arch.full_attention else arch.kv_heads
    if kv_heads == heads:
        return Attention.MHA
    if kv_heads == 1:
        return Attention.MQA
    return Attention.GQA


def default_recipe(release: Release) -> ReleaseRecipe | None:
    """Return the recipe a release without one of its own implies (whole groups in its format)."""
    if not release.quantized_groups:
        return None
    storage: StorageFormat = PRECISION_STORAGE[release.precision]
    if release.precision is Precision.FP8:
        storage = _BLOCK_FP8
    return group_recipe(storage, release.quantized_groups)


def to_model_spec(
    arch: Architecture, release: Release, recipe: ReleaseRecipe | None = None
) -> ModelSpec:
    """Build the engine's view of a model: counted parameters, caches, release facts."""
    params = count_params(arch)
    mla = arch.mla
    caches = cache_layout(arch)
    main = arch.full_attention
    recipe = recipe or default_recipe(release)
    layout = release_layout(arch, recipe) if recipe is not None else ()
    return ModelSpec(
        id=release.model_id,
        name=release.name,
        params=params,
        active_params=active_params(arch, params),
        layers=arch.layers,
        hidden_size=arch.hidden_size,
        num_attention_heads=main.attention_heads if main else arch.attention_heads,
        num_kv_heads=arch.attention_heads if mla else (main.kv_heads if main else arch.kv_heads),
        head_dim=mla.qk_nope_head_dim + mla.qk_rope_head_dim
        if mla
        else (main.head_dim if main else arch.head_dim),
        attention=attention_kind(arch),
        kv_lora_rank=mla.kv_lora_rank if mla else 0,
        qk_rope_head_dim=mla.qk_rope_head_dim if mla else 0,
        v_head_dim=mla.v_head_dim if mla else 0,
        sliding_window=caches.window_tokens,
        windowed_layers=caches.windowed_layers if caches.window_tokens else 0,
        num_experts=arch.moe.routed_experts if arch.moe else 0,
        experts_per_token=arch.moe.experts_per_token if arch.moe else 0,
        moe_layers=arch.moe_layers,
        release_precision=release.precision,
        quantized_groups=release.quantized_groups,
        max_context_tokens=release.max_context_tokens,
        vocab_size=arch.vocab_size,
        multimodal=arch.vision is not None,
        aliases=release.aliases,
        state_bytes_per_sequence=caches.state_bytes_per_sequence,
        indexer_kv_bytes_per_token=caches.indexer_bytes_per_token,
        indexer=sparse_indexer(arch),
        growing_kv_bytes_per_token=caches.growing_bytes_per_token,
        windowed_kv_bytes_per_token=caches.windowed_bytes_per_token,
        release_layout=layout,
    )


def sparse_indexer(arch: Architecture) -> SparseIndexer | None:
    """How decode runs the model's sparse-attention indexer, if it has one.

    DeepSeek V4's compressed layers are not read this way (their attention is not modelled
    token by token).
    """
    shape = arch.indexer
    if shape is None or arch.compression is not None:
        return None
    gemms = 2 + (1 if shape.weights_projection else 0)
    small = 3 + (1 if shape.query_norm else 0)
    return SparseIndexer(
        layers=len(shape.layers) or arch.layers,
        heads=shape.heads,
        head_dim=shape.head_dim,
        top_k=shape.top_k or 0,
        gemms=gemms,
        small_kernels=small,
    )
