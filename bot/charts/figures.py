"""What a memory chart shows, computed from the engine's answer: pure, no drawing.

Each option that fits gets one bar per GPU, split into what the engine says a GPU holds:
the weights (``weights_bytes_per_gpu``), the KV cache the requested users take at the
requested context, what the serving engine keeps for itself (the stock launch's reserve,
the CUDA context, activations and buffers: everything usable that is not weights or KV
room) and the KV room left free. The four parts add up to the GPU's usable bytes, the
memory the framework sees (``GpuFacts.usable_bytes``).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.answers import N_, Localizer, option_name
from sizing import PlanOption, SizingAnswer

# The parts of a bar, in drawing order; each label is a gettext message.
WEIGHTS = N_("Weights")
KV_USED = N_("KV cache for your users")
RESERVE = N_("Kept by the engine")
FREE = N_("Free for more users")
PART_LABELS = (WEIGHTS, KV_USED, RESERVE, FREE)


@dataclass(frozen=True, slots=True)
class MemoryBar:
    """One option's memory per GPU, in bytes; the four parts add up to ``usable_bytes``."""

    name: str
    plan: str | None
    usable_bytes: int
    weights_bytes: int
    kv_bytes: int
    reserve_bytes: int
    free_bytes: int

    @property
    def parts(self) -> tuple[int, int, int, int]:
        """The parts in drawing order (``PART_LABELS``)."""
        return (self.weights_bytes, self.kv_bytes, self.reserve_bytes, self.free_bytes)


def _bar(option: PlanOption, answer: SizingAnswer) -> MemoryBar | None:
    fit = option.fit
    weights = fit.weights_bytes_per_gpu
    if not option.fits or weights is None or not option.replicas or fit.kv_cache_bytes is None:
        return None
    usable = option.gpu_facts.usable_bytes
    gpus_per_replica = max(option.gpus // option.replicas, 1)
    room = fit.kv_cache_bytes // gpus_per_replica
    tokens_room = fit.kv_cache_tokens or 0
    users_per_replica = -(-answer.request.concurrency // option.replicas)
    asked_tokens = users_per_replica * answer.request.context_tokens
    used = room if asked_tokens >= tokens_room else room * asked_tokens // max(tokens_room, 1)
    reserve = max(usable - weights - room, 0)
    return MemoryBar(
        name=option_name(option),
        plan=option.plan,
        usable_bytes=usable,
        weights_bytes=weights,
        kv_bytes=used,
        reserve_bytes=reserve,
        free_bytes=usable - weights - used - reserve,
    )


def memory_bars(answer: SizingAnswer, *, limit: int = 6) -> list[MemoryBar]:
    """Return the bars of the options that fit, the recommended one first (at most ``limit``)."""
    order = list(range(len(answer.options)))
    if answer.recommended_index is not None:
        order.remove(answer.recommended_index)
        order.insert(0, answer.recommended_index)
    bars: list[MemoryBar] = []
    seen: set[tuple[str | None, str]] = set()
    for index in order:
        option = answer.options[index]
        bar = _bar(option, answer)
        key = (option.plan, option.gpu.value)
        if bar is None or key in seen:
            continue
        seen.add(key)
        bars.append(bar)
    return bars[:limit]


def chart_title(loc: Localizer, answer: SizingAnswer) -> str:
    """Return the chart's title: the model and the request, as the answer writes them."""
    req = answer.request
    return loc.ngettext(
        "%(model)s, %(precision)s, %(context)s context, %(num)s user",
        "%(model)s, %(precision)s, %(context)s context, %(num)s users",
        req.concurrency,
        model=answer.model.name,
        precision=req.precision.value.upper(),
        context=loc.formatter.context(req.context_tokens),
    )


def chart_caption(loc: Localizer, bars: list[MemoryBar]) -> list[str]:
    """One line per bar with every figure the chart draws, in the reader's language.

    The chart's text alternative (the page's ``alt``, the photo's caption): the same figures,
    formatted as the answer's text formats them.
    """
    size = loc.formatter.gigabytes
    lines = []
    for bar in bars:
        parts = loc.join(
            [
                f"{loc.gettext(label)} {size(value)}"
                for label, value in zip(PART_LABELS, bar.parts, strict=True)
            ]
        )
        lines.append(
            loc.gettext(
                "%(plan)s, per GPU of %(usable)s: %(parts)s",
                plan=bar.name,
                usable=size(bar.usable_bytes),
                parts=parts,
            )
        )
    return lines
