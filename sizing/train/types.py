"""What a training answer carries: the job as sized, each option's memory, speed and cost."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from sizing.model import ModelInfo
from sizing.request import Checkpointing, GpuId, Optimizer, Precision, TrainingMethod


class TrainReason(StrEnum):
    """Why an option cannot run the job, or why no option is recommended."""

    MEMORY = "memory"  # the model state and one sequence's activations exceed the GPU
    SEPARATE_MACHINES = "separate_machines"  # single-GPU plans share no fast network
    RAM = "ram"  # the offloaded optimizer state exceeds the server's RAM
    DISK = "disk"  # checkpoints and the tokenized data exceed the plan's NVMe
    NO_SOFTWARE = "no_software"  # the method has no supported stack on that GPU
    CUDA_ONLY = "cuda_only"  # the customer runs CUDA only
    BEYOND_ORDER = "beyond_order"  # more servers than one online order holds
    DEADLINE = "deadline"  # no plan within the search finishes in time
    BUDGET = "budget"  # no plan that runs it fits the monthly budget


class TrainCaveat(StrEnum):
    """What the answer says beside its figures: defaults applied, estimates, limits."""

    METHOD_DEFAULTED = "method_defaulted"  # no method named: LoRA, the others summarised
    SEQ_LEN_DEFAULTED = "seq_len_defaulted"  # 4,096 tokens per sequence
    TOKENS_DEFAULTED = "tokens_defaulted"  # pre-training at 20 tokens per parameter
    NO_DATASET_SIZE = "no_dataset_size"  # speed and hours per billion tokens only
    SPEED_ESTIMATED = "speed_estimated"  # no published run on this GPU's tensor cores
    PRIVATE_NETWORK = "private_network"  # several servers: private networking on request
    DISK_SHORT = "disk_short"  # checkpoints and data exceed the plan's NVMe
    OFFLOAD_SLOWER = "offload_slower"  # optimizer state in RAM: slower steps
    STACK_RANGE = "stack_range"  # tuned stack figure; Hugging Face stacks at the low end
    WITHIN_A_MONTH = "within_a_month"  # no deadline: a plan finishing within a month preferred


class TrainVerdictCode(StrEnum):
    """The answer's one-line verdict."""

    FITS = "fits"  # the recommended option runs the job (in time and budget when asked)
    NOT_ON_ASKED = "not_on_asked"  # the GPUs the customer named cannot; another plan can
    DEADLINE_MISSED = "deadline_missed"  # nothing finishes in time; the fastest is named
    OVER_BUDGET = "over_budget"  # nothing within the budget; the cheapest is named
    NO_PLAN = "no_plan"  # nothing runs it


@dataclass(frozen=True, slots=True)
class TrainingMemory:
    """Bytes per GPU by part: model state, adapters, activations, runtime."""

    weights: int  # the model's weights as held (sharded share plus gathered layers)
    gradients: int
    optimizer: int  # master weights and moments kept on the GPU (0 when offloaded)
    adapters: int  # LoRA adapters with their gradients and optimizer state
    activations: int  # what the forward pass keeps, logits included, at the micro-batch
    runtime: int  # CUDA or ROCm context and library workspaces

    @property
    def total(self) -> int:
        """Everything held on one GPU."""
        return (
            self.weights
            + self.gradients
            + self.optimizer
            + self.adapters
            + self.activations
            + self.runtime
        )


@dataclass(frozen=True, slots=True)
class TrainingDisk:
    """What the job keeps on the plan's NVMe against what the plan has."""

    checkpoint_bytes: int  # one checkpoint (weights, or adapters, plus optimizer state)
    checkpoints_kept: int
    dataset_bytes: int  # the tokenized data (4 bytes per token)
    plan_bytes: int  # NVMe of every rented unit
    fits: bool


@dataclass(frozen=True, slots=True)
class TrainingOption:
    """One way to run the job: a plan and a count, its layout, memory, speed and cost.

    Speeds are for a tuned stack at the stated model FLOPs utilisation; the range's low end
    is what a Hugging Face-based stack reaches (``tokens_per_s_range``). ``hours`` is None
    when the customer gave no dataset size.
    """

    plan: str | None  # None: a GPU with no plan (the B200)
    gpu: GpuId
    gpus: int
    servers: int
    fits: bool
    reason: TrainReason | None
    memory_per_gpu_bytes: int
    memory: TrainingMemory
    memory_at_one_bytes: int  # per GPU at a micro-batch of one sequence, the same layout
    usable_bytes_per_gpu: int
    micro_batch: int
    grad_accum: int
    global_batch: int
    zero_stage: int
    shard_gpus: int  # GPUs the model state is sharded over (the rest replicate it)
    tensor_parallel: int  # GPUs each layer is split over (1: data parallel only)
    checkpointing: Checkpointing
    offload: bool
    tokens_per_s: float  # the whole job
    tokens_per_s_per_gpu: float
    tokens_per_s_range: tuple[float, float]
    mfu: float  # model FLOPs (6 or 4 x active parameters per token) over the dense peak
    estimated: bool  # no published run anchors this GPU
    hours: float | None
    hours_range: tuple[float, float] | None
    hours_per_epoch: float | None
    hours_per_billion_tokens: float
    months: int  # whole months of rent (one at least)
    monthly_usd: Decimal | None  # None: the GPU has no price (B200)
    cost_usd: Decimal | None
    disk: TrainingDisk
    network: str  # the fabric between servers as the plan lists it
    stack: str  # the recipe's software
    launch_recipe: tuple[str, ...]
    meets_deadline: bool | None = None
    within_budget: bool | None = None


@dataclass(frozen=True, slots=True)
class TrainingJob:
    """The job as sized, defaults applied, each default marked."""

    method: TrainingMethod
    method_defaulted: bool
    tokens_per_epoch: int | None
    tokens_defaulted: bool  # pre-training at 20 tokens per parameter
    epochs: float
    total_tokens: int | None
    seq_len: int
    seq_len_defaulted: bool
    precision: Precision
    optimizer: Optimizer
    lora_rank: int | None  # LoRA and QLoRA only
    adapter_params: int  # 0 unless LoRA or QLoRA
    global_batch: int
    global_batch_defaulted: bool
    flops_per_token: float  # model FLOPs per trained token (6 or 4 x active, attention apart)
    gpus_asked: tuple[GpuId, ...]
    gpu_count: int | None
    budget_usd_month: Decimal | None
    deadline_hours: float | None
    cuda_only: bool


@dataclass(frozen=True, slots=True)
class ServeAfter:
    """How the trained model is served: the inference plan of the result."""

    plan: str | None
    gpu: GpuId | None
    units: int
    gpus: int
    monthly_usd: Decimal | None
    precision: Precision | None
    context_tokens: int
    concurrency: int
    adapters_on_base: bool  # LoRA: the adapter served on the base (vLLM multi-LoRA)
    command: str | None


@dataclass(frozen=True, slots=True)
class MethodSummary:
    """Another method's cheapest option, for the answer's comparison line."""

    method: TrainingMethod
    plan: str | None
    gpu: GpuId | None
    servers: int
    gpus: int
    cost_usd: Decimal | None
    hours: float | None
    memory_per_gpu_bytes: int | None
    memory_at_one_bytes: int | None
    micro_batch: int | None
    checkpointing: Checkpointing | None = None  # the layout both figures above are for


@dataclass(frozen=True, slots=True)
class StackSupport:
    """Which software runs a method on a GPU's stack, and what is missing there."""

    software: str  # "cuda" | "rocm"
    method: TrainingMethod
    stacks: tuple[str, ...]
    gaps: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TrainingVerdict:
    """The one-line verdict: what runs the job and on what."""

    code: TrainVerdictCode
    plan: str | None
    servers: int
    gpus: int
    reason: TrainReason | None


@dataclass(frozen=True, slots=True)
class TrainingAnswer:
    """A training job sized on every plan, the pick, how it is served, and the software."""

    model: ModelInfo
    job: TrainingJob
    options: tuple[TrainingOption, ...]
    recommended_index: int | None
    verdict: TrainingVerdict
    asked_index: int | None  # the option on exactly the GPUs asked (--gpu with --gpu-count)
    serve: ServeAfter | None
    other_methods: tuple[MethodSummary, ...]
    software: tuple[StackSupport, ...]
    caveats: tuple[TrainCaveat, ...]
    # The pick's plan on another count: one server for several months against more servers
    # for fewer (monthly prices are fixed, so the rent is about the same; the time is not).
    other_count: TrainingOption | None = None

    @property
    def recommended(self) -> TrainingOption | None:
        """The recommended option, if any."""
        if self.recommended_index is None:
            return None
        return self.options[self.recommended_index]
