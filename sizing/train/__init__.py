"""Training and fine-tuning: memory per GPU, speed, time and cost on every plan, then serving."""

from sizing.train.engine import TRAINING_PRECISIONS, size_training
from sizing.train.recipes import SUPPORT
from sizing.train.types import (
    MethodSummary,
    ServeAfter,
    StackSupport,
    TrainCaveat,
    TrainingAnswer,
    TrainingDisk,
    TrainingJob,
    TrainingMemory,
    TrainingOption,
    TrainingVerdict,
    TrainReason,
    TrainVerdictCode,
)

__all__ = [
    "SUPPORT",
    "TRAINING_PRECISIONS",
    "MethodSummary",
    "ServeAfter",
    "StackSupport",
    "TrainCaveat",
    "TrainReason",
    "TrainVerdictCode",
    "TrainingAnswer",
    "TrainingDisk",
    "TrainingJob",
    "TrainingMemory",
    "TrainingOption",
    "TrainingVerdict",
    "size_training",
]
