"""A training answer in words: the verdict, memory split, speed, time, rent, then serving.

The verdict answers the question as asked: on the GPUs named when the customer named them
("Not in 16-bit on 1× NVIDIA H200: ..."), then what runs it; every figure after it is the
pick's, with its range where it is an estimate, and what the default assumptions were.
"""

from __future__ import annotations

from decimal import Decimal

from bot.answers.checkout import CheckoutConfig
from bot.answers.i18n import N_, Localizer
from bot.answers.view_types import TrainOptionView, TrainView
from bot.answers.words.plan_names import facts_name, plan_facts, short_gpu_name
from sizing import (
    MAX_ONLINE_ORDER_UNITS,
    Checkpointing,
    GpuId,
    TrainCaveat,
    TrainingAnswer,
    TrainingMethod,
    TrainingOption,
    TrainReason,
    TrainVerdictCode,
    load_gpus,
    prices_as_of,
)

METHODS = {
    TrainingMethod.FULL: N_("full fine-tuning"),
    TrainingMethod.LORA: N_("LoRA (16-bit)"),
    TrainingMethod.QLORA: N_("QLoRA (4-bit)"),
    TrainingMethod.PRETRAIN: N_("pre-training"),
}
VERDICTS = {
    TrainVerdictCode.FITS: N_("Yes: %(plan)s runs %(method)s of %(model)s."),
    TrainVerdictCode.NOT_ON_ASKED: N_(
        "Not on %(asked)s: %(why)s %(plan)s runs %(method)s of %(model)s."
    ),
    TrainVerdictCode.DEADLINE_MISSED: N_(
        "No plan finishes it within %(deadline)s h; the fastest, %(plan)s, takes about %(hours)s."
    ),
    TrainVerdictCode.OVER_BUDGET: N_(
        "Nothing that runs it fits %(budget)s a month; the cheapest is %(plan)s."
    ),
}
TIMED = N_(
    "%(plan)s runs %(method)s of %(model)s in about %(time)s (%(low)s-%(high)s), for "
    "%(cost)s of rent."
)
NO_PLAN = N_(
    "No plan we rent runs %(method)s of %(model)s: it needs %(need)s per GPU at the least."
)
WHY = {
    TrainReason.MEMORY: N_(
        "it needs %(need)s per GPU (weights %(weights)s, activations and adapters "
        "%(activations)s), %(gpu)s holds %(room)s."
    ),
    TrainReason.SEPARATE_MACHINES: N_(
        "single-GPU machines are separate VMs on 25 Gbps, fine for independent jobs but not "
        "for one data-parallel run."
    ),
    TrainReason.CUDA_ONLY: N_("it runs ROCm, not CUDA."),
    TrainReason.RAM: N_("the offloaded optimizer state does not fit the server's RAM."),
    TrainReason.BEYOND_ORDER: N_("it would take more servers than one order holds."),
}
# The memory reason where the weights are trained: their gradients and optimizer state too.
WHY_STATE = N_(
    "it needs %(need)s per GPU (weights %(weights)s, gradients and optimizer state %(state)s, "
    "activations and adapters %(activations)s), %(gpu)s holds %(room)s."
)
ALSO_METHOD = N_(
    "As %(method)s it fits on %(plan)s: %(need)s per GPU with one sequence of %(seq)s "
    "tokens, up to %(micro)s at once (activation checkpointing %(checkpointing)s)."
)
NOT_ON = N_("Not on %(plan)s: %(why)s")
MEMORY = N_(
    "Memory per GPU: %(total)s of %(room)s: weights %(weights)s, gradients %(gradients)s, "
    "optimizer %(optimizer)s, adapters %(adapters)s, activations %(activations)s."
)
LAYOUT = N_(
    "Layout: ZeRO-%(stage)s over %(shard)s GPUs, micro-batch %(micro)s × %(accum)s "
    "accumulation steps = %(batch)s sequences of %(seq)s tokens per step; activation "
    "checkpointing %(checkpointing)s."
)
CHECKPOINTING = {
    "none": N_("off"),
    "selective": N_("selective"),
    "full": N_("on"),
}
SPEED = N_(
    "Speed: about %(speed)s tokens/s (%(per_gpu)s per GPU, MFU %(mfu)s); %(low)s-%(high)s "
    "depending on the stack."
)
TIME = N_("Time for %(tokens)s tokens: about %(time)s (%(low)s-%(high)s).")
EPOCH = N_("One epoch: about %(time)s.")
PER_BILLION = N_(
    "About %(time)s per billion tokens: tell me the dataset size (tokens, or examples × "
    "length) for the duration and cost."
)
RENT = N_("Rent: %(months)s of %(plan)s = %(cost)s.")
SOONER = N_("Or %(plan)s for %(months)s: %(cost)s, done in about %(time)s.")
MONTHS_ONE = N_("%(count)s month")
MONTHS_MANY = N_("%(count)s months")
DISK = N_(
    "Disk: a checkpoint is %(checkpoint)s (2 kept) beside %(data)s of data, on %(disk)s of NVMe."
)
DISK_NO_DATA = N_("Disk: a checkpoint is %(checkpoint)s (2 kept), on %(disk)s of NVMe.")
DISK_SHORT = N_("Disk: checkpoints and data need more than the plan's %(disk)s of NVMe.")
OTHER = N_("%(method)s: %(plan)s, %(cost)s.")
OTHER_NONE = N_("%(method)s: no plan we rent holds it.")
SERVE = N_("Then serve it: %(plan)s, %(price)s a month, with vLLM.")
SERVE_LORA = N_(
    "Then serve it: the adapter on the base model with vLLM's multi-LoRA, on %(plan)s, "
    "%(price)s a month."
)
SOFTWARE = N_("On %(software)s: %(stacks)s.")
GAPS = {
    "unsloth_cuda_first": N_("Unsloth is built for CUDA first: check its AMD support first."),
    "bitsandbytes_rocm_newer": N_(
        "bitsandbytes' ROCm build (4-bit QLoRA) is newer than its CUDA one: test it first."
    ),
    "fp8_rocm_transformer_engine": N_(
        "FP8 training on ROCm goes through AMD's Transformer Engine."
    ),
}
CAVEATS = {
    TrainCaveat.METHOD_DEFAULTED: N_(
        "No method named: sized as LoRA; full fine-tuning and QLoRA are below."
    ),
    TrainCaveat.SEQ_LEN_DEFAULTED: N_("Sequence length not given: sized at 4,096 tokens."),
    TrainCaveat.TOKENS_DEFAULTED: N_(
        "No token count given: pre-training sized at 20 tokens per parameter (%(tokens)s)."
    ),
    TrainCaveat.NO_DATASET_SIZE: N_("No dataset size given: the rent is the one-month minimum."),
    TrainCaveat.SPEED_ESTIMATED: N_(
        "No published training run anchors this GPU: its speed is an estimate from its peak."
    ),
    TrainCaveat.PRIVATE_NETWORK: N_(
        "Several servers: 8 × 400G ports each; private networking between them on request."
    ),
    TrainCaveat.DISK_SHORT: N_("Keep fewer checkpoints, or stream the data from storage."),
    TrainCaveat.OFFLOAD_SLOWER: N_("Optimizer state in the server's RAM: each step waits for it."),
    TrainCaveat.WITHIN_A_MONTH: N_(
        "No deadline given: the plan that finishes within a month; renting fewer GPUs for "
        "longer costs a little less (see the options)."
    ),
    TrainCaveat.STACK_RANGE: N_(
        "Speeds are for a tuned stack (Megatron, NeMo, torchtitan); Hugging Face-based "
        "trainers reach the low end of the range."
    ),
}
HOURS_PER_DAY = 24
DAYS_FROM_HOURS = 48


def _duration(loc: Localizer, hours: float) -> str:
    if hours < 1:
        return loc.gettext("%(minutes)s min", minutes=loc.formatter.integer(max(1, hours * 60)))
    if hours < DAYS_FROM_HOURS:
        return loc.gettext("%(hours)s h", hours=loc.formatter.decimal(hours, 1))
    return loc.gettext("%(days)s days", days=loc.formatter.decimal(hours / HOURS_PER_DAY, 1))


def _months(loc: Localizer, count: int) -> str:
    message = MONTHS_ONE if count == 1 else MONTHS_MANY
    return loc.gettext(message, count=loc.formatter.integer(count))


def _gpu_name(gpu: GpuId) -> str:
    return next(g.name for g in load_gpus() if g.id is gpu)


def option_label(option: TrainingOption) -> str:
    """Return what an option rents: "2 × NVIDIA HGX H200 (8 GPUs)", or one single-GPU VM."""
    gpu = next(g for g in load_gpus() if g.id is option.gpu)
    name = facts_name(plan_facts(option.plan), gpu)
    return name if option.servers == 1 else f"{option.servers} × {name}"


def _asked_label(loc: Localizer, option: TrainingOption) -> str:
    del loc
    return f"{option.gpus}× {_gpu_name(option.gpu)}"


def _price(loc: Localizer, amount: Decimal | None) -> str:
    return loc.formatter.money(amount) if amount is not None else loc.gettext("no price listed")


def _why(loc: Localizer, option: TrainingOption) -> str:
    reason = option.reason or TrainReason.MEMORY
    memory = option.memory
    state = memory.gradients + memory.optimizer
    message = WHY.get(reason, WHY[TrainReason.MEMORY])
    if reason is TrainReason.MEMORY and state > 0:
        message = WHY_STATE
    size = loc.formatter.gigabytes
    return loc.gettext(
        message,
        need=size(option.memory_per_gpu_bytes),
        weights=size(memory.weights),
        state=size(state),
        activations=size(memory.activations + memory.adapters),
        gpu=short_gpu_name(option.gpu),
        room=size(option.usable_bytes_per_gpu),
    )


def _verdict(loc: Localizer, answer: TrainingAnswer, method: str) -> list[str]:
    pick = answer.recommended
    model = answer.model.name
    if pick is None:
        least = min((o.memory_per_gpu_bytes for o in answer.options), default=0)
        need = loc.formatter.gigabytes(least)
        return [loc.gettext(NO_PLAN, method=method, model=model, need=need)]
    code = answer.verdict.code
    params = {
        "plan": option_label(pick),
        "method": method,
        "model": model,
        "deadline": loc.formatter.integer(answer.job.deadline_hours or 0),
        "hours": _duration(loc, pick.hours or 0),
        "budget": _price(loc, answer.job.budget_usd_month),
    }
    if code is TrainVerdictCode.NOT_ON_ASKED and answer.asked_index is not None:
        asked = answer.options[answer.asked_index]
        params |= {"asked": _asked_label(loc, asked), "why": _why(loc, asked)}
        lines = [loc.gettext(VERDICTS[code], **params)]
        lines += _also_on_asked(loc, answer, asked)
        return lines
    if code is TrainVerdictCode.NOT_ON_ASKED:
        code = TrainVerdictCode.FITS
    first = loc.gettext(VERDICTS[code], **params)
    if code is TrainVerdictCode.FITS and pick.hours is not None and pick.hours_range:
        first = loc.gettext(
            TIMED,
            **params,
            time=_duration(loc, pick.hours),
            low=_duration(loc, pick.hours_range[0]),
            high=_duration(loc, pick.hours_range[1]),
            cost=_price(loc, pick.cost_usd),
        )
    return [first, *_cheaper_misses(loc, answer)]


def _also_on_asked(loc: Localizer, answer: TrainingAnswer, asked: TrainingOption) -> list[str]:
    """Another method that fits on the GPUs asked (QLoRA where 16-bit LoRA does not)."""
    lines: list[str] = []
    for other in answer.other_methods:
        same = other.plan is not None and other.plan == asked.plan and other.gpus == asked.gpus
        if same and other.memory_at_one_bytes is not None:
            lines.append(
                loc.gettext(
                    ALSO_METHOD,
                    method=loc.gettext(METHODS[other.method]),
                    plan=_asked_label(loc, asked),
                    need=loc.formatter.gigabytes(other.memory_at_one_bytes),
                    seq=loc.formatter.integer(answer.job.seq_len),
                    micro=loc.formatter.integer(other.micro_batch or 1),
                    checkpointing=loc.gettext(
                        CHECKPOINTING[(other.checkpointing or Checkpointing.NONE).value]
                    ),
                )
            )
    return lines


def _cheaper_misses(loc: Localizer, answer: TrainingAnswer) -> list[str]:
    """Why a plan cheaper than the pick cannot run it ("Not on NVIDIA H200: it needs ...")."""
    pick = answer.recommended
    if pick is None or pick.monthly_usd is None or answer.asked_index is not None:
        return []
    for option in answer.options:
        cheaper = option.monthly_usd is not None and option.monthly_usd < pick.monthly_usd
        if cheaper and not option.fits and option.reason is not TrainReason.CUDA_ONLY:
            return [loc.gettext(NOT_ON, plan=option_label(option), why=_why(loc, option))]
    return []


def _option_view(loc: Localizer, option: TrainingOption, *, recommended: bool) -> TrainOptionView:
    size = loc.formatter.gigabytes
    time = _duration(loc, option.hours) if option.hours is not None else None
    return {
        "name": option_label(option),
        "recommended": recommended,
        "fits": option.fits,
        "memory": loc.gettext(
            "%(total)s of %(room)s per GPU",
            total=size(option.memory_per_gpu_bytes),
            room=size(option.usable_bytes_per_gpu),
        )
        if option.fits
        else None,
        "time": time,
        "cost": _price(loc, option.cost_usd) if option.fits else None,
        "why": None if option.fits else _why(loc, option),
    }


def _figures(loc: Localizer, answer: TrainingAnswer, pick: TrainingOption) -> list[str]:
    size = loc.formatter.gigabytes
    memory = pick.memory
    job = answer.job
    lines = [
        loc.gettext(
            MEMORY,
            total=size(pick.memory_per_gpu_bytes),
            room=size(pick.usable_bytes_per_gpu),
            weights=size(memory.weights),
            gradients=size(memory.gradients),
            optimizer=size(memory.optimizer),
            adapters=size(memory.adapters),
            activations=size(memory.activations),
        ),
        loc.gettext(
            LAYOUT,
            stage=pick.zero_stage,
            shard=loc.formatter.integer(max(pick.shard_gpus, 1)),
            micro=loc.formatter.integer(pick.micro_batch),
            accum=loc.formatter.integer(pick.grad_accum),
            batch=loc.formatter.integer(pick.global_batch),
            seq=loc.formatter.integer(job.seq_len),
            checkpointing=loc.gettext(CHECKPOINTING[pick.checkpointing.value]),
        ),
    ]
    low, high = pick.tokens_per_s_range
    lines.append(
        loc.gettext(
            SPEED,
            speed=loc.formatter.approx(pick.tokens_per_s),
            per_gpu=loc.formatter.approx(pick.tokens_per_s_per_gpu),
            mfu=loc.formatter.percent(pick.mfu),
            low=loc.formatter.approx(low),
            high=loc.formatter.approx(high),
        )
    )
    if pick.hours is not None and pick.hours_range is not None and job.total_tokens:
        lines.append(
            loc.gettext(
                TIME,
                tokens=loc.formatter.tokens(job.total_tokens),
                time=_duration(loc, pick.hours),
                low=_duration(loc, pick.hours_range[0]),
                high=_duration(loc, pick.hours_range[1]),
            )
        )
        if job.epochs > 1 and pick.hours_per_epoch is not None:
            lines.append(loc.gettext(EPOCH, time=_duration(loc, pick.hours_per_epoch)))
    else:
        lines.append(loc.gettext(PER_BILLION, time=_duration(loc, pick.hours_per_billion_tokens)))
    if pick.cost_usd is not None:
        lines.append(
            loc.gettext(
                RENT,
                months=_months(loc, pick.months),
                plan=option_label(pick),
                cost=_price(loc, pick.cost_usd),
            )
        )
    sooner = answer.other_count
    if sooner is not None and sooner.hours is not None:
        lines.append(
            loc.gettext(
                SOONER,
                plan=option_label(sooner),
                months=_months(loc, sooner.months),
                cost=_price(loc, sooner.cost_usd),
                time=_duration(loc, sooner.hours),
            )
        )
    disk = pick.disk
    if disk.plan_bytes:
        message = (DISK if disk.dataset_bytes else DISK_NO_DATA) if disk.fits else DISK_SHORT
        lines.append(
            loc.gettext(
                message,
                checkpoint=loc.formatter.size(disk.checkpoint_bytes),
                data=loc.formatter.size(disk.dataset_bytes),
                disk=loc.formatter.size(disk.plan_bytes),
            )
        )
    return lines


def _others(loc: Localizer, answer: TrainingAnswer) -> list[str]:
    lines = []
    for other in answer.other_methods:
        method = loc.gettext(METHODS[other.method])
        if other.plan is None:
            lines.append(loc.gettext(OTHER_NONE, method=method))
            continue
        gpu = next(g for g in load_gpus() if g.id is other.gpu)  # set with the plan
        name = facts_name(plan_facts(other.plan), gpu)
        name = name if other.servers == 1 else f"{other.servers} × {name}"
        lines.append(loc.gettext(OTHER, method=method, plan=name, cost=_price(loc, other.cost_usd)))
    return lines


def _serve(loc: Localizer, answer: TrainingAnswer) -> str | None:
    serve = answer.serve
    if serve is None or serve.plan is None:
        return None
    gpu = next(g for g in load_gpus() if g.id is serve.gpu)
    name = facts_name(plan_facts(serve.plan), gpu)
    name = name if serve.units == 1 else f"{serve.units} × {name}"
    message = SERVE_LORA if serve.adapters_on_base else SERVE
    return loc.gettext(message, plan=name, price=_price(loc, serve.monthly_usd))


def _software(loc: Localizer, answer: TrainingAnswer) -> list[str]:
    lines = []
    for support in answer.software:
        software = "CUDA" if support.software == "cuda" else "ROCm"
        lines.append(loc.gettext(SOFTWARE, software=software, stacks=", ".join(support.stacks)))
        lines += [loc.gettext(GAPS[gap]) for gap in support.gaps if gap in GAPS]
    return lines


def train_view(
    loc: Localizer, answer: TrainingAnswer, checkout: CheckoutConfig | None
) -> TrainView:
    """Return everything the training templates show."""
    job = answer.job
    method = loc.gettext(METHODS[job.method])
    pick = answer.recommended
    caveats = [
        loc.gettext(CAVEATS[c], tokens=loc.formatter.tokens(job.total_tokens or 0))
        for c in answer.caveats
    ]
    url = None
    orderable = pick is not None and pick.fits and pick.servers <= MAX_ONLINE_ORDER_UNITS
    if checkout is not None and pick is not None and pick.plan is not None and orderable:
        url = checkout.url(pick.plan, pick.servers, loc.language)
    return {
        "verdict": _verdict(loc, answer, method),
        "model": answer.model.name,
        "method": method,
        "seq": loc.formatter.integer(job.seq_len),
        "tokens": loc.formatter.tokens(job.total_tokens) if job.total_tokens else None,
        "recommendation": option_label(pick) if pick is not None else None,
        "monthly": _price(loc, pick.monthly_usd) if pick is not None else None,
        "figures": _figures(loc, answer, pick) if pick is not None else [],
        "others": _others(loc, answer),
        "serve": _serve(loc, answer),
        "software": _software(loc, answer),
        "caveats": caveats,
        "options": [
            _option_view(loc, option, recommended=index == answer.recommended_index)
            for index, option in enumerate(answer.options)
        ],
        "recipe": "\n".join(pick.launch_recipe) if pick is not None else "",
        "checkout_url": url,
        "prices_as_of": loc.gettext(
            "Prices as of %(date)s.", date=loc.formatter.day(prices_as_of())
        ),
    }
