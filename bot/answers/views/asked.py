"""The figure a direct question asks for, said first, and a cheaper plan that also serves.

How many GPUs, how many users, how much KV cache, how fast, whether it is overkill, what it
costs.

Every figure is the engine's (the options of the sizing answer); only the sentences are here.
"""

from __future__ import annotations

from decimal import Decimal

from bot.answers.i18n import N_, Localizer
from bot.answers.views.advice import held_on_rented, memory_text, price_text, shape_text
from bot.answers.words.knowledge import NP_
from bot.answers.words.plan_names import option_name, short_gpu_name
from sizing import PlanOption, SizingAnswer

GPU_COUNT = N_("GPUs needed: %(count)s %(gpu)s; %(plan)s, %(shape)s, %(price)s (%(formats)s).")
USERS = NP_(
    "%(count_gpu)s serves %(n)s user at once at %(context)s (%(formats)s).",
    "%(count_gpu)s serves %(n)s users at once at %(context)s (%(formats)s).",
)
KV = NP_(
    "About %(room)s of KV cache after the weights on %(plan)s: %(n)s full %(context)s context at "
    "once (%(formats)s).",
    "About %(room)s of KV cache after the weights on %(plan)s: %(n)s full %(context)s contexts "
    "at once (%(formats)s).",
)
SPEED = N_(
    "About %(each)s tokens/s per user with %(users)s users at once, %(total)s tokens/s in all, "
    "on %(plan)s (%(formats)s)."
)
SPEED_ONE = N_("About %(each)s tokens/s for one user on %(plan)s (%(formats)s).")
SPEED_RANGE = N_("An estimate: %(low)s to %(high)s tokens/s per user.")
PRICE = N_("%(price)s: %(plan)s, %(shape)s (%(formats)s).")
OVERKILL_YES = N_(
    "Yes, more than it needs: %(plan)s serves it, %(shape)s, %(price)s, %(saving)s a month less "
    "than %(named)s."
)
OVERKILL_NO = N_("No: %(plan)s is the least that serves it, %(shape)s, %(price)s.")
CHEAPER = N_("Cheaper: %(plan)s also serves it, %(shape)s, %(price)s, %(saving)s a month less.")
CHEAPER_ROCM = N_(
    "Cheaper, if your software runs on ROCm: %(plan)s also serves it, %(shape)s, %(price)s, "
    "%(saving)s a month less."
)
FORMATS = N_("%(weights)s weights, %(kv)s KV cache")

# Asked figures a yes or no answers: only these keep a verdict's "Yes"/"No".
YES_NO = frozenset({"fits"})


def formats_text(loc: Localizer, option: PlanOption) -> str:
    """``FP8 weights, FP8 KV cache``: the formats an option is sized with."""
    variant = option.variant
    if variant is None:
        return ""
    return loc.gettext(
        FORMATS, weights=variant.weight_format.value.upper(), kv=variant.kv_dtype.value.upper()
    )


def _serving(answer: SizingAnswer) -> list[PlanOption]:
    return [o for o in answer.options if o.fits and o.offerable and o.priced]


def _monthly(option: PlanOption) -> Decimal:
    return option.price.monthly_usd if option.price.monthly_usd is not None else Decimal(0)


def _on_named(answer: SizingAnswer) -> PlanOption | None:
    """Return the cheapest serving option on the first GPU named (else the recommendation)."""
    index = answer.recommended_index
    named = answer.request.gpus
    if named:
        found = [o for o in _serving(answer) if o.gpu is named[0]]
        if found:
            return min(found, key=_monthly)
    return answer.options[index] if index is not None else None


def _cheaper(loc: Localizer, answer: SizingAnswer, than: PlanOption) -> str | None:
    """Name the cheapest serving plan when it costs less than ``than``, and the saving."""
    serving = [o for o in _serving(answer) if _monthly(o) < _monthly(than)]
    if not serving or than.price.monthly_usd is None:
        return None
    cheapest = min(serving, key=_monthly)
    rocm = cheapest.gpu_facts.software.value == "rocm" and than.gpu_facts.software.value != "rocm"
    if rocm and answer.request.cuda_only:
        return None
    message = CHEAPER_ROCM if rocm else CHEAPER
    saving = loc.formatter.money(_monthly(than) - _monthly(cheapest))
    return loc.gettext(message, saving=saving, **_params(loc, cheapest))


def _params(loc: Localizer, option: PlanOption) -> dict[str, str]:
    return {
        "plan": option_name(option),
        "shape": shape_text(loc, option),
        "price": price_text(loc, option),
        "formats": formats_text(loc, option),
    }


def _count_option(answer: SizingAnswer) -> PlanOption | None:
    """Return the option on exactly the GPUs named (``gpu_count`` of the GPU asked)."""
    count, named = answer.request.gpu_count, answer.request.gpus
    if count is None or not named:
        return None
    return next(
        (o for o in answer.options if o.gpu is named[0] and o.gpus == count and o.fits), None
    )


def asked_lines(loc: Localizer, answer: SizingAnswer, asked: str | None) -> list[str]:  # noqa: PLR0911 - one branch per figure
    """Return the lines that answer the figure asked, first (none when nothing is asked)."""
    if asked is None or asked == "fits":
        return []
    fmt = loc.formatter
    option = _on_named(answer)
    if option is None:
        return []
    params = _params(loc, option)
    context = fmt.context(answer.request.context_tokens)
    if asked == "gpu_count":
        gpu = short_gpu_name(option.gpu)
        line = loc.gettext(GPU_COUNT, count=fmt.integer(option.gpus), gpu=gpu, **params)
        return [line, *filter(None, [_cheaper(loc, answer, option)])]
    if asked == "price":
        return [loc.gettext(PRICE, **params), *filter(None, [_cheaper(loc, answer, option)])]
    if asked == "users":
        held_option = _count_option(answer) or option
        n = held_on_rented(held_option)
        count = answer.request.gpu_count or held_option.gpus
        count_gpu = f"{fmt.integer(count)}× {held_option.gpu_facts.name}"
        singular, plural = USERS
        return [
            loc.ngettext(
                singular,
                plural,
                n,
                count_gpu=count_gpu,
                n=fmt.integer(n),
                context=context,
                formats=formats_text(loc, held_option),
            )
        ]
    if asked == "kv":
        room = answer.room
        room_bytes = room.stock_bytes if room is not None else (option.fit.kv_cache_bytes or 0)
        n = held_on_rented(option)
        singular, plural = KV
        return [
            loc.ngettext(
                singular,
                plural,
                n,
                room=memory_text(loc, room_bytes),
                n=fmt.integer(n),
                context=context,
                **params,
            )
        ]
    if asked == "speed":
        return _speed(loc, answer, option, params)
    if asked == "overkill":
        return [_overkill(loc, answer, option)]
    return []


def _speed(
    loc: Localizer, answer: SizingAnswer, option: PlanOption, params: dict[str, str]
) -> list[str]:
    fmt, speed = loc.formatter, option.speed
    users = answer.request.concurrency
    lines: list[str] = []
    if users > 1 and speed.decode_tokens_per_s_per_user is not None:
        lines.append(
            loc.gettext(
                SPEED,
                each=fmt.approx(speed.decode_tokens_per_s_per_user),
                users=fmt.integer(users),
                total=fmt.approx(speed.decode_tokens_per_s_aggregate or 0),
                **params,
            )
        )
    elif speed.decode_tokens_per_s is not None:
        lines.append(loc.gettext(SPEED_ONE, each=fmt.approx(speed.decode_tokens_per_s), **params))
    if speed.decode_tokens_per_s_range is not None and speed.decode_speed_estimated:
        low, high = speed.decode_tokens_per_s_range
        lines.append(loc.gettext(SPEED_RANGE, low=fmt.approx(low), high=fmt.approx(high)))
    return lines


def _overkill(loc: Localizer, answer: SizingAnswer, named: PlanOption) -> str:
    serving = _serving(answer)
    cheapest = min(serving, key=_monthly) if serving else named
    if _monthly(cheapest) < _monthly(named):
        saving = loc.formatter.money(_monthly(named) - _monthly(cheapest))
        return loc.gettext(
            OVERKILL_YES, saving=saving, named=option_name(named), **_params(loc, cheapest)
        )
    return loc.gettext(OVERKILL_NO, **_params(loc, named))


def covers_verdict(answer: SizingAnswer, asked: str | None) -> bool:
    """Whether the asked lines already name the recommendation (then no verdict repeats it)."""
    if asked not in {"gpu_count", "price"}:
        return False
    option = _on_named(answer)
    index = answer.recommended_index
    return option is not None and index is not None and option is answer.options[index]
