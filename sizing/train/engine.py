"""``size_training``: a training job checked, laid out on every plan, picked, then served.

Defaults, each said in the answer's caveats: LoRA when no method is named (full fine-tuning
and QLoRA are summarised beside it), a sequence length of 4,096, one epoch, AdamW in mixed
precision, LoRA rank 16, a global batch of 64 sequences to fine-tune or about 4M tokens to
pre-train, and for pre-training with no token count 20 tokens per parameter (the
compute-optimal ratio of Hoffmann et al., 2022). Without a dataset size a fine-tune gets
its speed and hours per billion tokens, not a duration.
"""

from __future__ import annotations

import math
from dataclasses import replace
from decimal import Decimal

from sizing.catalog import Software, get_gpu, hours_per_month
from sizing.deploy import model_info, resolve_model, size_deployment
from sizing.errors import InvalidRequestError
from sizing.model import ModelSpec, adapter_params
from sizing.request import (
    Checkpointing,
    GpuId,
    Optimizer,
    Precision,
    SizingRequest,
    TrainingMethod,
    TrainingRequest,
)
from sizing.train.plan import (
    Choices,
    Target,
    exact_option,
    other_count,
    plan_option,
    targets,
)
from sizing.train.recipes import support
from sizing.train.speed import token_cost
from sizing.train.types import (
    MethodSummary,
    ServeAfter,
    StackSupport,
    TrainCaveat,
    TrainingAnswer,
    TrainingJob,
    TrainingOption,
    TrainingVerdict,
    TrainReason,
    TrainVerdictCode,
)
from sizing.validate import check_budget

DEFAULT_SEQ_LEN = 4096
DEFAULT_LORA_RANK = 16
DEFAULT_FINETUNE_BATCH = 64  # sequences per optimizer step
PRETRAIN_BATCH_TOKENS = 4 * 1024 * 1024
CHINCHILLA_TOKENS_PER_PARAM = 20
MAX_TOKENS = 10**15
MAX_EPOCHS = 1000.0
MIN_SEQ_LEN = 128
MAX_SEQ_LEN = 1 << 20
MAX_RANK = 1024
MAX_BATCH = 1 << 20
MAX_MICRO_BATCH = 4096
MAX_DEADLINE_HOURS = 24.0 * 366 * 10
TRAINING_PRECISIONS = frozenset({Precision.BF16, Precision.FP8})
FINE_TUNES = (TrainingMethod.FULL, TrainingMethod.LORA, TrainingMethod.QLORA)
SERVE_CONCURRENCY = 1


def _int(name: str, value: object, low: int, high: int) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidRequestError(name, value, "expected a whole number")
    if not low <= value <= high:
        raise InvalidRequestError(name, value, f"must be from {low} to {high}")
    return value


def _positive(name: str, value: object, high: float) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise InvalidRequestError(name, value, "expected a number")
    number = float(value)
    if not math.isfinite(number) or not 0 < number <= high:
        raise InvalidRequestError(name, value, f"must be above 0 and at most {high:g}")
    return number


def resolve_job(request: TrainingRequest, model: ModelSpec) -> TrainingJob:
    """Check the request and apply the defaults (each marked)."""
    method = request.method or TrainingMethod.LORA
    if not isinstance(method, TrainingMethod):
        raise InvalidRequestError("method", method, "full, lora, qlora or pretrain")
    precision = request.precision or Precision.BF16
    if precision not in TRAINING_PRECISIONS:
        raise InvalidRequestError("precision", precision, "training runs in bf16 or fp8")
    tokens = _int("tokens", request.tokens, 1, MAX_TOKENS)
    epochs = _positive("epochs", request.epochs, MAX_EPOCHS)
    seq_len = _int("seq_len", request.seq_len, MIN_SEQ_LEN, MAX_SEQ_LEN)
    rank = _int("lora_rank", request.lora_rank, 1, MAX_RANK)
    global_batch = _int("global_batch", request.global_batch, 1, MAX_BATCH)
    _int("micro_batch", request.micro_batch, 1, MAX_MICRO_BATCH)
    _int("zero_stage", request.zero_stage, 0, 3)
    _int("gpu_count", request.gpu_count, 1, 4096)
    deadline = _positive("deadline_hours", request.deadline_hours, MAX_DEADLINE_HOURS)
    budget = check_budget(request.budget_usd_month)
    seq = seq_len or DEFAULT_SEQ_LEN
    tokens_defaulted = False
    if tokens is None and method is TrainingMethod.PRETRAIN:
        tokens = CHINCHILLA_TOKENS_PER_PARAM * model.total_params
        tokens_defaulted = True
    passes = epochs or 1.0
    total = None if tokens is None else int(tokens * passes)
    if global_batch is None:
        batch = (
            max(1, PRETRAIN_BATCH_TOKENS // seq)
            if method is TrainingMethod.PRETRAIN
            else DEFAULT_FINETUNE_BATCH
        )
    else:
        batch = global_batch
    lora = method in {TrainingMethod.LORA, TrainingMethod.QLORA}
    lora_rank = (rank or DEFAULT_LORA_RANK) if lora else None
    cost = token_cost(model, method, seq, Checkpointing.NONE)
    return TrainingJob(
        method=method,
        method_defaulted=request.method is None,
        tokens_per_epoch=tokens,
        tokens_defaulted=tokens_defaulted,
        epochs=passes,
        total_tokens=total,
        seq_len=seq,
        seq_len_defaulted=seq_len is None,
        precision=precision,
        optimizer=request.optimizer or Optimizer.ADAMW,
        lora_rank=lora_rank,
        adapter_params=adapter_params(model, lora_rank) if lora_rank else 0,
        global_batch=batch,
        global_batch_defaulted=global_batch is None,
        flops_per_token=cost.model_flops,
        gpus_asked=tuple(request.gpus),
        gpu_count=request.gpu_count,
        budget_usd_month=budget,
        deadline_hours=deadline,
        cuda_only=request.cuda_only,
    )


def size_training(request: TrainingRequest) -> TrainingAnswer:
    """Size a training job on every plan, pick the cheapest that runs it, and serve the result."""
    model = resolve_model(request.model_request())
    answer = _size(model, request)
    others: tuple[MethodSummary, ...] = ()
    if answer.job.method in FINE_TUNES:
        others = tuple(
            _summary(method, _size(model, replace(request, method=method)))
            for method in FINE_TUNES
            if method is not answer.job.method
        )
    return replace(answer, other_methods=others)


def _size(model: ModelSpec, request: TrainingRequest) -> TrainingAnswer:
    job = resolve_job(request, model)
    choices = Choices(
        zero_stage=request.zero_stage,
        checkpointing=request.checkpointing,
        micro_batch=request.micro_batch,
        offload=request.offload,
    )
    shapes = targets(job)
    options = [plan_option(model, job, target, choices) for target in shapes]
    asked_index = None
    if request.gpu_count is not None:
        gpu = request.gpus[0] if request.gpus else None
        target = _asked_target(shapes, gpu, request.gpu_count)
        if target is not None:
            exact = exact_option(model, job, target, request.gpu_count, choices)
            same = [
                i
                for i, o in enumerate(options)
                if (o.plan, o.gpu, o.servers) == (exact.plan, exact.gpu, exact.servers)
            ]
            if same:
                asked_index = same[0]
            else:
                options.append(exact)
                asked_index = len(options) - 1
    options = [_checked(option, job) for option in options]
    index, verdict = _recommend(options, job, asked_index)
    pick = options[index] if index is not None else None
    sooner = None
    if pick is not None:
        target = next((t for t in shapes if (t.plan.id if t.plan else None) == pick.plan), None)
        if target is not None:
            sooner = other_count(model, job, target, choices, pick)
    return TrainingAnswer(
        other_count=sooner,
        model=model_info(model),
        job=job,
        options=tuple(options),
        recommended_index=index,
        verdict=verdict,
        asked_index=asked_index,
        serve=_serve(request, job, pick),
        other_methods=(),
        software=_software(job, options),
        caveats=_caveats(job, pick, options),
    )


def _asked_target(shapes: list[Target], gpu: GpuId | None, count: int) -> Target | None:
    """Return the shape the GPUs asked run on: a server for several GPUs, else a single."""
    for target in shapes:
        if gpu is not None and target.gpu.id is not gpu:
            continue
        if count > 1 and target.joins:
            return target
        if count == 1 and (not target.joins or target.gpu.id is GpuId.MI355X):
            return target
    return None


def _checked(option: TrainingOption, job: TrainingJob) -> TrainingOption:
    meets = within = None
    if job.deadline_hours is not None and option.fits:
        meets = option.hours is not None and option.hours <= job.deadline_hours
    if job.budget_usd_month is not None and option.fits and option.monthly_usd is not None:
        within = option.monthly_usd <= job.budget_usd_month
    return replace(option, meets_deadline=meets, within_budget=within)


def _rank(option: TrainingOption) -> tuple[bool, Decimal, float]:
    cost = option.cost_usd if option.cost_usd is not None else Decimal("Infinity")
    return (option.monthly_usd is None, cost, option.hours or 0.0)


def _recommend(
    options: list[TrainingOption], job: TrainingJob, asked_index: int | None
) -> tuple[int | None, TrainingVerdict]:
    """Pick the option on the GPUs asked when it runs in time and budget, else the cheapest.

    An asked count that cannot run it makes the verdict ``not_on_asked`` (its reason kept).
    """
    if asked_index is not None:
        asked_option = options[asked_index]
        if (
            asked_option.fits
            and asked_option.within_budget is not False
            and asked_option.meets_deadline is not False
        ):
            verdict = TrainingVerdict(
                TrainVerdictCode.FITS,
                asked_option.plan,
                asked_option.servers,
                asked_option.gpus,
                None,
            )
            return asked_index, verdict
    index, verdict = _cheapest(options, job)
    if asked_index is not None and index is not None and verdict.code is TrainVerdictCode.FITS:
        verdict = replace(
            verdict, code=TrainVerdictCode.NOT_ON_ASKED, reason=options[asked_index].reason
        )
    return index, verdict


def _cheapest(
    options: list[TrainingOption], job: TrainingJob
) -> tuple[int | None, TrainingVerdict]:
    runs = [i for i, o in enumerate(options) if o.fits]
    if not runs:
        reason = _why_none(options)
        return None, TrainingVerdict(TrainVerdictCode.NO_PLAN, None, 0, 0, reason)
    asked = [i for i in runs if not job.gpus_asked or options[i].gpu in job.gpus_asked]
    pool = asked or runs
    in_budget = [i for i in pool if options[i].within_budget is not False]
    in_time = [i for i in in_budget if options[i].meets_deadline is not False]
    if job.deadline_hours is None:
        # No deadline: a job that runs for years on one GPU is no answer. Rent is billed by the
        # month, so a plan that finishes within one costs no more than it would over longer:
        # those come first when there are any.
        month = [i for i in in_time if (options[i].hours or 0.0) <= hours_per_month()]
        in_time = month or in_time
    code = TrainVerdictCode.FITS
    if not in_budget:
        code, chosen = TrainVerdictCode.OVER_BUDGET, min(pool, key=lambda i: _rank(options[i]))
    elif not in_time:
        code = TrainVerdictCode.DEADLINE_MISSED
        chosen = min(in_budget, key=lambda i: options[i].hours or 0.0)
    else:
        chosen = min(in_time, key=lambda i: _rank(options[i]))
    if code is TrainVerdictCode.FITS and job.gpus_asked and not asked:
        code = TrainVerdictCode.NOT_ON_ASKED
    pick = options[chosen]
    verdict = TrainingVerdict(code, pick.plan, pick.servers, pick.gpus, None)
    return chosen, verdict


def _pick_caveats(
    job: TrainingJob, pick: TrainingOption, options: list[TrainingOption]
) -> list[TrainCaveat]:
    """Return what to know of the pick: how it was chosen, its estimate, servers, disk."""
    notes = [TrainCaveat.WITHIN_A_MONTH] if _hurried(job, pick, options) else []
    if pick.estimated:
        notes.append(TrainCaveat.SPEED_ESTIMATED)
    if pick.servers > 1:
        notes.append(TrainCaveat.PRIVATE_NETWORK)
    if not pick.disk.fits:
        notes.append(TrainCaveat.DISK_SHORT)
    if pick.offload:
        notes.append(TrainCaveat.OFFLOAD_SLOWER)
    return notes


def _hurried(job: TrainingJob, pick: TrainingOption, options: list[TrainingOption]) -> bool:
    """Whether a cheaper option taking longer than a month was passed over (no deadline)."""
    if job.deadline_hours is not None or pick.cost_usd is None:
        return False
    return any(
        o.fits
        and o.cost_usd is not None
        and o.cost_usd < pick.cost_usd
        and (o.hours or 0.0) > hours_per_month()
        and (not job.gpus_asked or o.gpu in job.gpus_asked)
        for o in options
    )


def _why_none(options: list[TrainingOption]) -> TrainReason:
    reasons = {o.reason for o in options}
    for reason in (TrainReason.CUDA_ONLY, TrainReason.BEYOND_ORDER, TrainReason.RAM):
        if reasons == {reason}:
            return reason
    return TrainReason.MEMORY


def _serve(
    request: TrainingRequest, job: TrainingJob, pick: TrainingOption | None
) -> ServeAfter | None:
    """Return the inference plan of the result: the tuned model, or the base and adapter."""
    if pick is None:
        return None
    base = request.model_request()
    context = min(job.seq_len, 131_072)
    sized = size_deployment(
        SizingRequest(
            model_id=base.model_id,
            model_config=base.model_config,
            checkpoint=base.checkpoint,
            params_b=base.params_b,
            active_params_b=base.active_params_b,
            moe=base.moe,
            context_tokens=context,
            cuda_only=job.cuda_only,
        )
    )
    chosen = sized.options[sized.recommended_index] if sized.recommended_index is not None else None
    lora = job.method in {TrainingMethod.LORA, TrainingMethod.QLORA}
    if chosen is None:
        return ServeAfter(None, None, 0, 0, None, None, context, SERVE_CONCURRENCY, lora, None)
    command = chosen.launch.commands[0] if chosen.launch.commands else None
    if command is not None and lora:
        command += f" --enable-lora --max-lora-rank {job.lora_rank} --lora-modules tuned=./adapter"
    return ServeAfter(
        plan=chosen.plan,
        gpu=chosen.gpu,
        units=chosen.servers,
        gpus=chosen.gpus,
        monthly_usd=chosen.price.monthly_usd,
        precision=chosen.variant.weight_format if chosen.variant is not None else None,
        context_tokens=context,
        concurrency=SERVE_CONCURRENCY,
        adapters_on_base=lora,
        command=command,
    )


def _summary(method: TrainingMethod, answer: TrainingAnswer) -> MethodSummary:
    pick = answer.recommended
    if pick is None:
        return MethodSummary(method, None, None, 0, 0, None, None, None, None, None)
    return MethodSummary(
        method=method,
        plan=pick.plan,
        gpu=pick.gpu,
        servers=pick.servers,
        gpus=pick.gpus,
        cost_usd=pick.cost_usd,
        hours=pick.hours,
        memory_per_gpu_bytes=pick.memory_per_gpu_bytes,
        memory_at_one_bytes=pick.memory_at_one_bytes,
        micro_batch=pick.micro_batch,
        checkpointing=pick.checkpointing,
    )


def _software(job: TrainingJob, options: list[TrainingOption]) -> tuple[StackSupport, ...]:
    seen: list[Software] = []
    for option in options:
        software = get_gpu(option.gpu).software
        if software not in seen:
            seen.append(software)
    return tuple(support(software, job.method) for software in seen)


def _caveats(
    job: TrainingJob, pick: TrainingOption | None, options: list[TrainingOption]
) -> tuple[TrainCaveat, ...]:
    notes: list[TrainCaveat] = []
    if job.method_defaulted:
        notes.append(TrainCaveat.METHOD_DEFAULTED)
    if job.seq_len_defaulted:
        notes.append(TrainCaveat.SEQ_LEN_DEFAULTED)
    if job.tokens_defaulted:
        notes.append(TrainCaveat.TOKENS_DEFAULTED)
    if job.total_tokens is None:
        notes.append(TrainCaveat.NO_DATASET_SIZE)
    if pick is not None:
        notes += _pick_caveats(job, pick, options)
    notes.append(TrainCaveat.STACK_RANGE)
    return tuple(notes)
