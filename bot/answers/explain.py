"""How this answer's figures are worked out: "explain this figure", "why so many GPUs?".

Each line takes this model's own figures from the answer on the table: the weights (parameters
times the bytes of the format), the KV cache per token (per layer, times the layers) and per
context, what one copy of the model leaves for the cache on its GPUs (and per GPU), and why the
plan rents that many GPUs (the GPUs one copy needs, the copies the users need). A training job
gets its memory per GPU by part and the GPUs it shards over. No glossary example: the figures
are the answer's.
"""

from __future__ import annotations

from bot.answers.formatting import BYTES_PER_GB
from bot.answers.i18n import Localizer
from bot.answers.levers import lever_reply, plan_label
from bot.answers.views.advice import memory_text
from bot.reply import Reply
from sizing import PlanOption, SizingAnswer, TrainingAnswer

BILLION = 10**9


def _weights_line(loc: Localizer, answer: SizingAnswer, option: PlanOption) -> str:
    model, fmt = answer.model, loc.formatter
    per_copy = answer.weights_bytes
    fmt_name = option.variant.weight_format if option.variant else answer.request.precision
    return loc.gettext(
        "Weights: %(params)sB parameters in %(format)s, about %(bytes)s bytes each: %(weights)s.",
        params=fmt.decimal(model.total_params / BILLION, 1),
        format=fmt_name.value.upper(),
        bytes=fmt.decimal(per_copy / model.total_params, 2),
        weights=memory_text(loc, per_copy),
    )


def _kv_line(loc: Localizer, answer: SizingAnswer) -> str:
    model, fmt, req = answer.model, loc.formatter, answer.request
    per_token = answer.kv_bytes_per_token
    return loc.gettext(
        "KV cache: %(per_token)s per token in %(kv)s (%(layers)s layers, %(per_layer)s each), "
        "so one %(context)s context takes %(per_context)s.",
        per_token=fmt.size(per_token),
        kv=req.kv_dtype.value.upper(),
        layers=fmt.integer(model.layers),
        per_layer=fmt.size(per_token / max(model.layers, 1)),
        context=fmt.context(req.context_tokens),
        per_context=memory_text(loc, answer.kv_bytes_per_sequence),
    )


def _room_line(loc: Localizer, answer: SizingAnswer, option: PlanOption) -> str | None:
    fit, fmt = option.fit, loc.formatter
    if fit.kv_cache_bytes is None or fit.max_concurrency_at_context is None:
        return None
    gpus = option.gpus_per_replica or 1
    memory = gpus * option.gpu_facts.memory_gb * BYTES_PER_GB
    return loc.ngettext(
        "One copy of the model on %(gpus)s GPU: %(memory)s of memory, %(weights)s of weights, "
        "%(room)s left for the KV cache (%(per_gpu)s per GPU) after the runtime and vLLM's "
        "%(reserve)s reserve: room for %(contexts)s contexts of %(context)s.",
        "One copy of the model on %(gpus)s GPUs: %(memory)s of memory, %(weights)s of weights, "
        "%(room)s left for the KV cache (%(per_gpu)s per GPU) after the runtime and vLLM's "
        "%(reserve)s reserve: room for %(contexts)s contexts of %(context)s.",
        gpus,
        gpus=fmt.integer(gpus),
        memory=memory_text(loc, memory),
        weights=memory_text(loc, answer.weights_bytes),
        room=memory_text(loc, fit.kv_cache_bytes),
        per_gpu=fmt.size(fit.kv_cache_bytes / gpus),
        reserve=fmt.percent(1 - answer.request.gpu_memory_utilization),
        contexts=fmt.integer(fit.max_concurrency_at_context),
        context=fmt.context(answer.request.context_tokens),
    )


def _count_line(loc: Localizer, answer: SizingAnswer, option: PlanOption) -> str:
    fmt, req = loc.formatter, answer.request
    copies = option.replicas or 1
    per_copy_gpus = option.gpus_per_replica or 1
    per_copy = option.fit.max_concurrency_at_context or 0
    label = plan_label(loc, option)
    if per_copy_gpus > 1:
        first = loc.gettext(
            "One copy needs %(gpus)s GPUs: the weights (%(weights)s) and their cache do not fit "
            "on fewer %(gpu)s.",
            gpus=fmt.integer(per_copy_gpus),
            weights=memory_text(loc, answer.weights_bytes),
            gpu=option.gpu_facts.name,
        )
    else:
        first = loc.gettext("One copy fits on one %(gpu)s.", gpu=option.gpu_facts.name)
    second = loc.ngettext(
        "%(num)s user at %(context)s, %(per_copy)s per copy: %(copies)s copies on %(gpus)s GPUs, "
        "%(plan)s.",
        "%(num)s users at %(context)s, %(per_copy)s per copy: %(copies)s copies on %(gpus)s "
        "GPUs, %(plan)s.",
        req.concurrency,
        context=fmt.context(req.context_tokens),
        per_copy=fmt.integer(per_copy),
        copies=fmt.integer(copies),
        gpus=fmt.integer(option.gpus),
        plan=label,
    )
    return f"{first} {second}"


def explain_reply(loc: Localizer, answer: SizingAnswer) -> Reply:
    """Work this model's figures out on the plan recommended, line by line."""
    index = answer.recommended_index
    option = answer.options[index] if index is not None else None
    headline = loc.gettext("How the figures for %(model)s are worked out:", model=answer.model.name)
    if option is None or not option.fits:
        lines = [_weights_line(loc, answer, answer.options[0]), _kv_line(loc, answer)]
        return lever_reply(loc, "explain", headline, lines)
    lines = [
        _weights_line(loc, answer, option),
        _kv_line(loc, answer),
        *(line for line in [_room_line(loc, answer, option)] if line),
        _count_line(loc, answer, option),
    ]
    data = {"model": answer.model.id, "plan": option.plan, "units": option.servers}
    return lever_reply(loc, "explain", headline, lines, data=data)


def explain_training_reply(loc: Localizer, answer: TrainingAnswer) -> Reply:
    """Split a training job's memory per GPU by part, and say the GPUs it runs on."""
    index = answer.recommended_index
    option = answer.options[index] if index is not None else None
    headline = loc.gettext(
        "How the figures for training %(model)s are worked out:", model=answer.model.name
    )
    if option is None:
        return lever_reply(loc, "explain", headline, [])
    memory, size = option.memory, loc.formatter.size
    lines = [
        loc.gettext(
            "Memory per GPU: %(total)s of %(usable)s usable: weights %(weights)s, gradients "
            "%(gradients)s, optimizer %(optimizer)s, adapters %(adapters)s, activations "
            "%(activations)s, runtime %(runtime)s.",
            total=size(option.memory_per_gpu_bytes),
            usable=size(option.usable_bytes_per_gpu),
            weights=size(memory.weights),
            gradients=size(memory.gradients),
            optimizer=size(memory.optimizer),
            adapters=size(memory.adapters),
            activations=size(memory.activations),
            runtime=size(memory.runtime),
        ),
        loc.gettext(
            "%(gpus)s GPUs (ZeRO stage %(zero)s, state sharded over %(shard)s GPUs), "
            "%(micro)s sequences per GPU per step: %(speed)s tokens/s for the job.",
            gpus=loc.formatter.integer(option.gpus),
            zero=loc.formatter.integer(option.zero_stage),
            shard=loc.formatter.integer(option.shard_gpus),
            micro=loc.formatter.integer(option.micro_batch),
            speed=loc.formatter.approx(option.tokens_per_s),
        ),
    ]
    return lever_reply(loc, "explain", headline, lines, data={"model": answer.model.id})
