"""Plain English text of the answers, for ``python -m sizing`` without ``--json``.

The bot renders answers in every language through its templates; this is the engine's own
terse view for engineers at a terminal (codes are shown as codes).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from sizing.answer import CompareAnswer, FitNote, PlanOption, SharedAnswer, SizingAnswer
from sizing.catalog import PlanFacts, PriceAnswer
from sizing.train import TrainingAnswer, TrainingOption
from sizing.units import GB


def _usd(value: Decimal | None) -> str:
    return "no price" if value is None else f"US${value:,.2f}"


def _gb(value: float) -> str:
    return f"{value / GB:,.1f} GB"


def _option_name(option: PlanOption) -> str:
    return option.plan or f"{option.gpu.value} 8-GPU server (no plan)"


def _speed_line(option: PlanOption) -> str:
    line = (
        f"      decode {option.speed.decode_tokens_per_s or 0:,.1f} tok/s for one user, "
        f"{option.speed.decode_tokens_per_s_per_user or 0:,.1f} tok/s per user at this load, "
        f"{option.speed.decode_tokens_per_s_aggregate or 0:,.0f} tok/s in total, "
        f"first token {option.speed.ttft_s or 0:,.2f} s"
    )
    if option.speed.decode_tokens_per_s_range is not None:
        low, high = option.speed.decode_tokens_per_s_range
        line += f"; per user {low:,.1f}-{high:,.1f} tok/s"
        line += " (estimate)" if option.speed.decode_speed_estimated else ""
    if option.speed.mtp_tokens_per_step is not None:
        line += f"; speculative decoding, {option.speed.mtp_tokens_per_step:.1f} tokens per step"
    return line


def _option_lines(option: PlanOption, *, recommended: bool) -> list[str]:
    name = _option_name(option)
    mark = "  * " if recommended else "    "
    if not option.fits:
        reason = option.reason.value if option.reason else "?"
        lines = [f"{mark}{name}: does not fit ({reason})"]
        if option.fit.kv_cache_tokens_physical:
            lines.append(f"      physically {option.fit.kv_cache_tokens_physical:,} KV tokens")
    else:
        shape = f"TP={option.tensor_parallel} PP={option.pipeline_parallel}"
        lines = [
            (
                f"{mark}{name}: rent {option.servers}, {option.gpus} GPUs, {shape}, "
                f"{option.replicas} replica(s)"
            ),
            (
                f"      KV per replica: {option.fit.kv_cache_tokens:,} tokens (stock vLLM), "
                f"{option.fit.kv_cache_tokens_physical:,} physical; "
                f"{option.fit.max_concurrency_at_context} sequences of the context"
            ),
            _speed_line(option),
            (
                f"      {_usd(option.price.monthly_usd)}/month, "
                f"{_usd(option.price.usd_per_gpu_hour)} per GPU-hour, "
                f"{_usd(option.price.usd_per_million_tokens)} per million tokens"
            ),
        ]
        if option.set_aside:
            lines.append("      set aside: " + ", ".join(r.value for r in option.set_aside))
    if option.caveats:
        lines.append("      caveats: " + ", ".join(c.value for c in option.caveats))
    return lines


def size_text(answer: SizingAnswer) -> str:
    """Render a sizing answer as plain text."""
    model, request = answer.model, answer.request
    lines = [
        (
            f"Model: {model.name} ({model.id}), {model.total_params / 1e9:,.1f}B parameters, "
            f"{model.active_params / 1e9:,.1f}B active"
        ),
        (
            f"Request: {request.precision.value} weights, {request.context_tokens:,} tokens "
            f"context, {request.concurrency} concurrent, {request.kv_dtype.value} KV"
        ),
        (
            f"Weights: {_gb(answer.weights_bytes)}; KV per token {answer.kv_bytes_per_token:,} B, "
            f"per sequence {_gb(answer.kv_bytes_per_sequence)}"
        ),
        "Options:",
    ]
    for position, option in enumerate(answer.options):
        lines += _option_lines(option, recommended=position == answer.recommended_index)
    index = answer.recommended_index
    picked = "none" if index is None else _option_name(answer.options[index])
    lines.append(f"Recommended: {picked}")
    if answer.caveats:
        lines.append("Caveats: " + ", ".join(c.value for c in answer.caveats))
    return "\n".join(lines) + "\n"


def shared_text(answer: SharedAnswer) -> str:
    """Render several models on one deployment as plain text: each plan's packing, the pick."""
    lines = ["Models: " + "; ".join(f"{m.name} ({m.id})" for m in answer.models), "Options:"]
    for position, option in enumerate(answer.options):
        mark = " <- recommended" if position == answer.recommended_index else ""
        name = option.plan or f"{option.gpu.value} server (unpriced)"
        if not option.fits:
            reason = option.reason.value if option.reason else "does not fit"
            lines.append(f"  {name}: does not hold every model ({reason}){mark}")
            continue
        price = _usd(option.monthly_usd) + "/month" if option.monthly_usd is not None else "-"
        lines.append(
            f"  {name}: {option.servers} unit(s), {option.gpus_used} of {option.gpus} GPUs "
            f"used, {price}{mark}"
        )
        for model, part in zip(answer.models, option.members, strict=True):
            lines.append(f"    {model.name}: {part.gpus} GPU(s)")
        lines += [f"    $ {command}" for command in option.launch_commands]
    if answer.separately_usd is not None:
        lines.append(f"Each model on its own cheapest plan: {_usd(answer.separately_usd)}/month")
    return "\n".join(lines) + "\n"


def inspect_text(shown: dict[str, Any]) -> str:
    """Render the inspected model as ``key: value`` lines."""
    return "".join(f"{key}: {value}\n" for key, value in shown.items())


def _plan_line(plan: PlanFacts) -> str:
    return (
        f"{plan.id}: {plan.gpus} x {plan.gpu.value}, {_usd(plan.monthly_usd)}/month, "
        f"{_usd(plan.usd_per_gpu_hour)} per GPU-hour, {_usd(plan.usd_per_gb_month)} per "
        f"GB-month; {plan.cpu}, {plan.ram_gb:,} GB RAM, {plan.storage_drives} x "
        f"{plan.storage_tb_per_drive} TB NVMe, {plan.network}; {plan.availability.value}, "
        f"{plan.lead_time_business_days} business day(s)"
    )


def price_text(answer: PriceAnswer) -> str:
    """Render the price table as plain text."""
    lines = [_plan_line(plan) for plan in answer.plans]
    lines += [f"{gpu.value}: no plan, no price" for gpu in answer.unpriced_gpus]
    return "\n".join(lines) + "\n"


def _fit_side(gpu: str, gpus: int, deployable: int | None, notes: tuple[FitNote, ...]) -> str:
    """One GPU's side of a fit row: weights-only count / deployable shape (its own notes)."""
    text = f"{gpu} {gpus}/{deployable}"
    return text + (f" ({', '.join(n.value for n in notes)})" if notes else "")


def compare_text(answer: CompareAnswer) -> str:
    """Render a comparison as plain text."""
    a, b = answer.a, answer.b
    lines = [
        f"{a.name} vs {b.name}",
        (
            f"memory {a.memory_gb} vs {b.memory_gb} GB ({answer.memory_ratio:.2f}x), bandwidth "
            f"{a.bandwidth_tb_s} vs {b.bandwidth_tb_s} TB/s ({answer.bandwidth_ratio:.2f}x)"
        ),
        f"FP8 {a.tflops_fp8} vs {b.tflops_fp8} TFLOPS, BF16 {a.tflops_bf16} vs {b.tflops_bf16}",
        (
            f"server per GB-month {_usd(answer.usd_per_gb_month_a)} vs "
            f"{_usd(answer.usd_per_gb_month_b)}; monthly {_usd(answer.server_monthly_usd_a)} vs "
            f"{_usd(answer.server_monthly_usd_b)}"
        ),
        "Fit (GPUs by weights / deployable shape):",
    ]
    for row in answer.fit_rows:
        side_a = _fit_side(a.id.value, row.gpus_a, row.gpus_deployable_a, row.notes_a)
        side_b = _fit_side(b.id.value, row.gpus_b, row.gpus_deployable_b, row.notes_b)
        lines.append(f"  {row.label}: {row.weights_gb:,.0f} GB; {side_a}, {side_b}")
    if answer.deepseek_kv_room_a and answer.deepseek_kv_room_b:
        lines.append(
            f"671B FP8 KV room on a full server: {a.id.value} "
            f"{_gb(answer.deepseek_kv_room_a.room_bytes_marketed)}, {b.id.value} "
            f"{_gb(answer.deepseek_kv_room_b.room_bytes_marketed)}"
        )
    lines += [f"pick {x.gpu.value} ({x.plan or 'no plan'}): {x.code.value}" for x in answer.advice]
    return "\n".join(lines) + "\n"


HOURS_SHOWN_AS_DAYS = 48


def _hours(value: float | None) -> str:
    if value is None:
        return "?"
    return f"{value:,.1f} h" if value < HOURS_SHOWN_AS_DAYS else f"{value / 24:,.1f} days"


def _train_option_lines(option: TrainingOption, *, recommended: bool) -> list[str]:
    name = option.plan or f"{option.gpu.value} 8-GPU server (no plan)"
    mark = "  * " if recommended else "    "
    memory = option.memory
    held = f"{_gb(option.memory_per_gpu_bytes)} per GPU of {_gb(option.usable_bytes_per_gpu)}"
    split = (
        f"      {held}: weights {_gb(memory.weights)}, gradients {_gb(memory.gradients)}, "
        f"optimizer {_gb(memory.optimizer)}, adapters {_gb(memory.adapters)}, activations "
        f"{_gb(memory.activations)}, runtime {_gb(memory.runtime)}"
    )
    head = f"{mark}{name} x{option.servers} ({option.gpus} GPUs)"
    if not option.fits:
        reason = option.reason.value if option.reason else "?"
        return [f"{head}: does not fit ({reason})", split]
    low, high = option.tokens_per_s_range
    estimate = " (estimate)" if option.estimated else ""
    if option.hours_range:
        span = f" ({_hours(option.hours_range[0])}-{_hours(option.hours_range[1])})"
    else:
        span = f"; {_hours(option.hours_per_billion_tokens)} per billion tokens"
    lines = [
        (
            f"{head}: {_usd(option.monthly_usd)}/month, {option.months} month(s) = "
            f"{_usd(option.cost_usd)}"
        ),
        split,
        (
            f"      micro-batch {option.micro_batch} x {option.grad_accum} steps, "
            f"ZeRO-{option.zero_stage} over {option.shard_gpus}, checkpointing "
            f"{option.checkpointing.value}"
        ),
        (
            f"      {option.tokens_per_s:,.0f} tok/s ({option.tokens_per_s_per_gpu:,.0f} per "
            f"GPU, range {low:,.0f}-{high:,.0f} for the job), MFU {option.mfu:.0%}{estimate}"
        ),
        f"      time {_hours(option.hours)}{span}",
    ]
    lines += [f"      | {line}" for line in option.launch_recipe]
    return lines


def train_text(answer: TrainingAnswer) -> str:
    """Return the terse text of a training answer."""
    job = answer.job
    lines = [
        (
            f"{answer.model.name}: {job.method.value}, seq {job.seq_len:,}, "
            f"{job.precision.value}, {job.total_tokens or 0:,} tokens, verdict "
            f"{answer.verdict.code.value}"
        ),
    ]
    for index, option in enumerate(answer.options):
        lines += _train_option_lines(option, recommended=index == answer.recommended_index)
    if answer.serve is not None and answer.serve.plan is not None:
        lines.append(
            f"serve: {answer.serve.plan} x{answer.serve.units}, {_usd(answer.serve.monthly_usd)}"
            f"/month{' (adapter on the base)' if answer.serve.adapters_on_base else ''}"
        )
    for other in answer.other_methods:
        lines.append(f"{other.method.value}: {other.plan or 'no plan'} x{other.servers}")
    lines.append("notes: " + ", ".join(c.value for c in answer.caveats))
    return "\n".join(lines) + "\n"
