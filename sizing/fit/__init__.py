"""What fits: memory per GPU after the runtime and the reserve, a model's load, parallel shapes."""

from sizing.fit.load import model_load, weights_split
from sizing.fit.memory import (
    KvRoom,
    ModelLoad,
    Shape,
    kv_room,
    physical_kv_bytes_per_gpu,
    vllm_kv_bytes_per_gpu,
)
from sizing.fit.placement import (
    TENSOR_PARALLEL_SIZES,
    CountRoom,
    Placement,
    Target,
    candidate_shapes,
    dp_attention_shapes,
    held_on_gpus,
    place,
    room_on_gpus,
    target_for_plan,
    target_for_server,
    units_for,
)

__all__ = [
    "TENSOR_PARALLEL_SIZES",
    "CountRoom",
    "KvRoom",
    "ModelLoad",
    "Placement",
    "Shape",
    "Target",
    "candidate_shapes",
    "dp_attention_shapes",
    "held_on_gpus",
    "kv_room",
    "model_load",
    "physical_kv_bytes_per_gpu",
    "place",
    "room_on_gpus",
    "target_for_plan",
    "target_for_server",
    "units_for",
    "vllm_kv_bytes_per_gpu",
    "weights_split",
]
