"""Models as the engine sees them: architectures, parameter counts, weights, caches, configs."""

from sizing.model.catalog import (
    RopeScalingOption,
    base_models,
    get_model,
    is_catalog_model,
    load_models,
    official_checkpoints,
    rope_scaling_option,
)
from sizing.model.formats import BITS_PER_PARAM, bits_per_param, weights_bytes
from sizing.model.generic import MAX_PARAMS_B, generic_model
from sizing.model.hf.config import model_from_config
from sizing.model.hf.release import merge_quant_config
from sizing.model.kv import (
    KV_ELEMENT_BYTES,
    inspect_json,
    kv_bytes_for_sequence,
    kv_bytes_per_token,
)
from sizing.model.source import (
    MAX_ID_CHARS,
    ModelSource,
    find_checkpoint,
    model_from_checkpoint,
    repo_id_of,
)
from sizing.model.types import Attention, ModelInfo, ModelSpec, SparseIndexer
from sizing.model.widths import Widths, adapter_params, widths_of

__all__ = [
    "BITS_PER_PARAM",
    "KV_ELEMENT_BYTES",
    "MAX_ID_CHARS",
    "MAX_PARAMS_B",
    "Attention",
    "ModelInfo",
    "ModelSource",
    "ModelSpec",
    "RopeScalingOption",
    "SparseIndexer",
    "Widths",
    "adapter_params",
    "base_models",
    "bits_per_param",
    "find_checkpoint",
    "generic_model",
    "get_model",
    "inspect_json",
    "is_catalog_model",
    "kv_bytes_for_sequence",
    "kv_bytes_per_token",
    "load_models",
    "merge_quant_config",
    "model_from_checkpoint",
    "model_from_config",
    "official_checkpoints",
    "repo_id_of",
    "rope_scaling_option",
    "weights_bytes",
    "widths_of",
]
