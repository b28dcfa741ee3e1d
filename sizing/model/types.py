"""A model as the engine sees it: parameters by tensor group, attention layout, caches."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from sizing.request import Precision


class Attention(StrEnum):
    """How a model lays out its KV cache."""

    MHA = "mha"
    GQA = "gqa"
    MQA = "mqa"
    MLA = "mla"


@dataclass(frozen=True, slots=True)
class ModelInfo:
    """The model as the answer reports it."""

    id: str
    name: str
    total_params: int
    active_params: int
    kv_bytes_per_token: int  # BF16 KV, full-attention layers only
    layers: int
    attention: Attention
    release_precision: Precision
    max_context_tokens: int | None
    sliding_window: int | None = None
    moe: bool = False
    generic: bool = False
    # Context the model reads with RoPE scaling its maker documents (YaRN), and the factor.
    rope_scaling_context_tokens: int | None = None
    rope_scaling_factor: float | None = None
    # Where the model came from: the catalog, the Hub (at ``revision``) or a config file;
    # ``hf_id`` is the repository id (None for generic and config-file models).
    hf_id: str | None = None
    source: str | None = None
    revision: str | None = None


@dataclass(frozen=True, slots=True)
class ParamGroups:
    """Parameter counts by tensor group, as the weights are stored (all layers, all experts)."""

    embedding: int = 0  # input token embeddings
    lm_head: int = 0  # output projection (0 when tied to the embeddings)
    attention: int = 0  # every attention projection, MLA low-rank factors and their norms
    dense_mlp: int = 0  # feed-forward blocks of dense layers
    shared_experts: int = 0  # MoE experts every token uses
    routed_experts: int = 0  # all routed experts of all MoE layers
    router: int = 0  # gates (and their biases)
    norms: int = 0  # layer norms outside attention
    vision: int = 0  # vision tower and projector of multimodal checkpoints
    mtp: int = 0  # multi-token-prediction layers: not loaded unless asked for

    @property
    def total(self) -> int:
        """Everything a serving engine loads by default (MTP excluded)."""
        return (
            self.embedding
            + self.lm_head
            + self.attention
            + self.dense_mlp
            + self.shared_experts
            + self.routed_experts
            + self.router
            + self.norms
            + self.vision
        )


@dataclass(frozen=True, slots=True)
class SparseIndexer:
    """A sparse-attention indexer as decode runs it (DeepSeek V3.2, GLM-5, MiniMax M3).

    Each indexed layer scores every cached token with its own small keys, keeps the best
    ``top_k`` and attends over those only: its projections are kernels of their own, and its
    scoring pass reads the indexer keys of the whole context.
    """

    layers: int  # layers that run one
    heads: int
    head_dim: int
    top_k: int  # tokens the layer's attention keeps (0: not stated, the whole context)
    gemms: int  # projections: the query, the key, the per-head weights where there are
    small_kernels: int  # key (and query) norm, rotary with the key's cache write, top-k


@dataclass(frozen=True, slots=True)
class ModelSpec:
    """A model as the engine sees it, derived from its architecture (never typed-in totals)."""

    id: str  # Hugging Face id, or a generated id for generic and config-file models
    name: str  # display name, e.g. "DeepSeek-V3"
    params: ParamGroups
    active_params: int  # parameters one token touches (routed experts: k of E)
    layers: int
    hidden_size: int
    num_attention_heads: int
    num_kv_heads: int  # MLA: the attention heads (the latent is shared; see kv_lora_rank)
    head_dim: int
    attention: Attention
    kv_lora_rank: int = 0  # MLA latent width
    qk_rope_head_dim: int = 0  # MLA decoupled RoPE key width
    v_head_dim: int = 0  # MLA value width per head (0: the same as head_dim)
    sliding_window: int | None = None  # window (or chunk) of the windowed layers
    windowed_layers: int = 0  # how many of ``layers`` hold only the window
    num_experts: int = 0  # routed experts per MoE layer (0: dense)
    experts_per_token: int = 0
    moe_layers: int = 0
    release_precision: Precision = Precision.BF16
    quantized_groups: tuple[str, ...] = ()  # ParamGroups fields a quantized release quantizes
    max_context_tokens: int | None = None
    vocab_size: int = 0
    generic: bool = False  # sized from a parameter count with stated assumptions
    multimodal: bool = False
    aliases: tuple[str, ...] = ()  # names people use; matched by the front end
    generic_reference: str | None = None  # generic models: catalog id whose shape was scaled
    # Caches beside the per-token KV of attention layers (2025-2026 architectures):
    state_bytes_per_sequence: int = 0  # linear-attention / Mamba state, constant per sequence
    indexer_kv_bytes_per_token: int = 0  # sparse-attention indexer keys, per token (BF16)
    indexer: SparseIndexer | None = None  # how the indexer runs (speed only)
    # Per-token cache of layers whose layout the uniform fields above cannot express (hybrid,
    # windowed layers with other heads, compressed caches), BF16; None: the uniform layout.
    growing_kv_bytes_per_token: int | None = None  # grows with the whole context
    windowed_kv_bytes_per_token: int | None = None  # held for at most ``sliding_window`` tokens
    # Storage of the published checkpoint: (ParamGroups field, storage format, parameters).
    release_layout: tuple[tuple[str, str, int], ...] = ()
    # Where it came from: "catalog", "hub" (read at ``revision``) or "config" (a file).
    source: str = "catalog"
    revision: str | None = None
    # A Hub model's official quantized releases (weight format, repository), found beside it.
    hub_releases: tuple[tuple[Precision, str], ...] = ()
    # RoPE scaling its config states but leaves off (type, factor, native and scaled context).
    config_rope: tuple[str, float, int, int] | None = None

    @property
    def total_params(self) -> int:
        """Parameters loaded by default (MTP layers excluded)."""
        return self.params.total

    @property
    def moe(self) -> bool:
        """Whether routed experts exist."""
        return self.num_experts > 0

    @property
    def full_attention_layers(self) -> int:
        """Layers whose cache grows with the whole context."""
        return self.layers - self.windowed_layers

    def kv_bytes_per_token_per_layer(self, bytes_per_element: int = 2) -> int:
        """One token's cache in one layer: MLA latent, or K and V of every KV head."""
        if self.attention is Attention.MLA:
            return (self.kv_lora_rank + self.qk_rope_head_dim) * bytes_per_element
        return 2 * self.num_kv_heads * self.head_dim * bytes_per_element

    @property
    def kv_bytes_per_token(self) -> int:
        """BF16 KV per token of the full-attention layers (windowed layers are capped apart)."""
        if self.growing_kv_bytes_per_token is not None:
            return self.growing_kv_bytes_per_token
        return self.full_attention_layers * self.kv_bytes_per_token_per_layer()
