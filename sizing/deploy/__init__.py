"""Deployments: the search over formats, KV dtypes and layouts, the pick, its advice, launches."""

from sizing.deploy.compare import compare_gpus, kv_example
from sizing.deploy.engine import (
    forget_answers,
    model_info,
    resolve_model,
    size_deployment,
    targets,
)
from sizing.deploy.launch import ENGINE_VERSIONS
from sizing.deploy.shared import MAX_SHARED_MODELS, size_shared

__all__ = [
    "ENGINE_VERSIONS",
    "MAX_SHARED_MODELS",
    "compare_gpus",
    "forget_answers",
    "kv_example",
    "model_info",
    "resolve_model",
    "size_deployment",
    "size_shared",
    "targets",
]
