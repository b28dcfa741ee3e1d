"""Parameters of the vision towers (encoder, position tables and projector into the text model).

Each kind follows the module layout of its reference implementation in transformers; the Kimi
K3 tower (``moonvit2``), which transformers does not build, follows its config: RMSNorms, no
biases, q/k/v of ``attention_width`` and a two-matrix MLP, then the MoonViT patch merger.
"""

from __future__ import annotations

from collections.abc import Callable

from sizing.model.architecture import VisionTower

# Weight and bias of a LayerNorm.
_LAYER_NORM = 2
_GATED_MATRICES = 3


def _linear(inputs: int, outputs: int, *, bias: bool = True) -> int:
    return inputs * outputs + (outputs if bias else 0)


def _clip_layer(vision: VisionTower) -> int:
    """Pre-norm encoder layer: q, k, v, o and a two-matrix MLP, all with biases."""
    width = vision.hidden_size
    attention = 4 * _linear(width, width)
    mlp = _linear(width, vision.intermediate_size) + _linear(vision.intermediate_size, width)
    return attention + mlp + 2 * _LAYER_NORM * width


def _siglip(vision: VisionTower, text_hidden: int) -> int:
    width = vision.hidden_size
    patches = (vision.image_size // vision.patch_size) ** 2
    embeddings = _linear(vision.channels * vision.patch_size**2, width) + patches * width
    projector = width * text_hidden + width  # projection matrix and soft-embedding norm
    return embeddings + vision.layers * _clip_layer(vision) + _LAYER_NORM * width + projector


def _llama4(vision: VisionTower, text_hidden: int) -> int:
    """Unfold-linear patches, a class token, pre/post norms, pixel-shuffle MLP, projector."""
    width = vision.hidden_size
    patches = (vision.image_size // vision.patch_size) ** 2
    embeddings = vision.channels * vision.patch_size**2 * width + width + (patches + 1) * width
    norms = 2 * _LAYER_NORM * width
    adapter = vision.intermediate_size * vision.projector_input_dim
    adapter += vision.projector_output_dim * vision.projector_output_dim
    projector = vision.output_dim * text_hidden
    return embeddings + vision.layers * _clip_layer(vision) + norms + adapter + projector


def _qwen3_vl(vision: VisionTower, _text_hidden: int) -> int:
    """3-D patch convolution, learned positions, mergers of merge_size^2 patches (deepstack)."""
    width = vision.hidden_size
    patch_pixels = vision.channels * vision.temporal_patch_size * vision.patch_size**2
    embeddings = _linear(patch_pixels, width) + vision.position_embeddings * width
    merged = width * vision.merge_size**2
    head = _linear(merged, merged) + _linear(merged, vision.output_dim)
    merger = _LAYER_NORM * width + head
    deepstack = vision.deepstack_mergers * (_LAYER_NORM * merged + head)
    return embeddings + vision.layers * _clip_layer(vision) + merger + deepstack


def _gemma4(vision: VisionTower, text_hidden: int) -> int:
    """Linear patches, two position tables, RMS-normed gated layers, a projection to text."""
    width = vision.hidden_size
    embeddings = vision.channels * vision.patch_size**2 * width
    embeddings += 2 * vision.position_embeddings * width
    layer = 4 * width * width + 2 * vision.head_dim
    layer += _GATED_MATRICES * width * vision.intermediate_size + 4 * width
    return embeddings + vision.layers * layer + width * text_hidden


def _moonvit(vision: VisionTower, text_hidden: int) -> int:
    """MoonViT (Kimi K2.5): biased patch conv, 2-D positions, CLIP layers, patch merger."""
    width = vision.hidden_size
    embeddings = _linear(vision.channels * vision.patch_size**2, width)
    embeddings += vision.position_embeddings * width
    merged = width * vision.merge_size**2
    projector = _LAYER_NORM * width + _linear(merged, merged) + _linear(merged, text_hidden)
    final_norm = _LAYER_NORM * width
    return embeddings + vision.layers * _clip_layer(vision) + final_norm + projector


def _moonvit2(vision: VisionTower, text_hidden: int) -> int:
    """Kimi K3 (formula from its config): no biases, RMSNorms, wider q/k/v, patch merger."""
    width = vision.hidden_size
    attention_width = vision.attention_width or width
    embeddings = vision.channels * vision.patch_size**2 * width
    embeddings += vision.position_embeddings * width
    layer = 3 * width * attention_width + attention_width * width
    layer += 2 * width * vision.intermediate_size + 2 * width
    merged = width * vision.merge_size**2
    projector = width + merged * merged + merged * text_hidden
    return embeddings + vision.layers * layer + width + projector


def _clip(vision: VisionTower, text_hidden: int) -> int:
    """MiniMax M3 VL: 3-D patches, a pre-norm, CLIP layers and a patch-merging projector."""
    width = vision.hidden_size
    projection = vision.output_dim
    patch_pixels = vision.channels * vision.temporal_patch_size * vision.patch_size**2
    embeddings = patch_pixels * width + _LAYER_NORM * width
    projector = _linear(width, projection) + _linear(projection, projection)
    projector += _linear(projection * vision.merge_size**2, projection)
    projector += _linear(projection, text_hidden)
    return embeddings + vision.layers * _clip_layer(vision) + projector


def _pixtral(vision: VisionTower, text_hidden: int) -> int:
    """Mistral 3: bias-free patch convolution, RMSNorm layers with a gated MLP, patch merger.

    The projector normalizes, merges ``merge_size``^2 patches into one and maps the result
    through two linear layers to the text width.
    """
    width = vision.hidden_size
    embeddings = vision.channels * vision.patch_size**2 * width + width  # conv and ln_pre
    layer = 4 * width * width + _GATED_MATRICES * width * vision.intermediate_size + 2 * width
    bias = vision.projector_bias
    projector = width + width * width * vision.merge_size**2
    projector += _linear(width, text_hidden, bias=bias) + _linear(
        text_hidden, text_hidden, bias=bias
    )
    return embeddings + vision.layers * layer + projector


_TOWERS: dict[str, Callable[[VisionTower, int], int]] = {
    "siglip": _siglip,
    "llama4": _llama4,
    "qwen3_vl": _qwen3_vl,
    "gemma4": _gemma4,
    "moonvit": _moonvit,
    "moonvit2": _moonvit2,
    "clip": _clip,
    "pixtral": _pixtral,
}


def vision_params(vision: VisionTower, text_hidden: int) -> int:
    """Vision encoder, its embeddings and the projector into the text model."""
    return _TOWERS[vision.kind](vision, text_hidden)
