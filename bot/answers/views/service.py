"""Service levels in words: each target asked and what the pick reaches, the job, the safe choice.

The verdict says which plan; these lines say, target by target, the figure it reaches and its
range ("5,000 tok/s: 4 single-GPU machines reach about 5,460 (4,640-6,280)"), that a range
straddling a target makes another count the safe choice, an offline job's hours and rent, and,
when nothing meets the targets, the nearest miss and why.
"""

from __future__ import annotations

from babel.lists import format_list

from bot.answers.formatting import DEADLINE_HOURS_BEFORE_DAYS
from bot.answers.i18n import N_, Localizer
from bot.answers.views.advice import KV_CHOICES, WEIGHTS_CHOICE, price_text, shape_text
from bot.answers.views.asked import formats_text
from bot.answers.views.shared import LAYOUT_ONE, LAYOUT_REPLICAS
from bot.answers.words.plan_names import option_name
from sizing import PlanOption, ServiceMiss, SizingAnswer, TargetCheck, VerdictCode

THROUGHPUT = N_(
    "Throughput %(asked)s tok/s: %(plan)s (%(shape)s) reaches about %(predicted)s tok/s "
    "(%(low)s-%(high)s)."
)
PER_USER = N_(
    "Each user %(asked)s tok/s: about %(predicted)s tok/s at this load (%(low)s-%(high)s)."
)
TTFT = N_("First token within %(asked)s: about %(predicted)s at this load (%(low)s-%(high)s).")
RATE = N_(
    "%(asked)s requests a minute: it keeps up with up to about %(predicted)s "
    "(%(users)s requests in flight)."
)
JOB = N_(
    "The job: %(requests)s requests of %(input)s prompt and %(output)s answer tokens, about "
    "%(hours)s (%(low)s-%(high)s) on %(plan)s: %(months)s of rent, %(cost)s "
    "(%(per_million)s per million tokens)."
)
JOB_DEADLINE = N_("That is within your deadline of %(deadline)s.")
JOB_LATE = N_("That misses your deadline of %(deadline)s.")
STRADDLES = N_(
    "The range reaches below a target: %(safe_plan)s (%(safe_shape)s, %(safe_price)s) meets "
    "it even at the low end."
)
# The safe choice is the plan recommended, set up otherwise (an FP8 KV cache, another layout).
STRADDLES_SAME_PLAN = N_(
    "The low end of that range falls short of a target; with %(how)s, the same plan meets "
    "every target even at its low end, at no extra cost."
)
# The safe choice is another plan or count: named with its price and the difference.
STRADDLES_MORE = N_(
    "The low end of that range falls short of a target: %(plan)s (%(shape)s, %(formats)s) "
    "meets every target even at its low end, for %(difference)s a month more (%(price)s)."
)
STRADDLES_SAME_PRICE = N_(
    "The low end of that range falls short of a target: %(plan)s (%(shape)s, %(formats)s) "
    "meets every target even at its low end, at the same price (%(price)s)."
)
MISSES: dict[ServiceMiss, str] = {
    ServiceMiss.PER_USER_CEILING: N_(
        "Nearest: %(plan)s, where one user alone gets about %(alone)s tok/s: more servers "
        "add users, not speed per user. Speculative decoding or a smaller model would."
    ),
    ServiceMiss.TTFT_FLOOR: N_(
        "Nearest: %(plan)s, where a prompt of %(input)s tokens alone takes about %(ttft)s to "
        "its first token: shorter prompts or a smaller model would."
    ),
    ServiceMiss.BEYOND_SEARCH: N_(
        "It would take more than %(max)s servers or machines: a person from our team quotes "
        "deployments of this size."
    ),
    ServiceMiss.MODEL_DOES_NOT_FIT: N_("No plan we rent holds a copy of the model."),
    ServiceMiss.SET_ASIDE: N_(
        "Only plans outside your constraints (budget, CUDA only or GPUs named) meet them."
    ),
}
AT_LOAD = N_("At that load: each user about %(per_user)s tok/s, first token in about %(ttft)s.")

MEASURED = N_(
    "Measured (%(source)s, %(date)s): %(model)s on %(gpus)s× %(gpu)s, %(users)s users, "
    "%(input)s prompt and %(output)s answer tokens: %(value)s. The model gives %(engine)s "
    "for that run; the recommendation rests on the model, calibrated on runs like it."
)
_QUANTITY_UNITS = {"tokens_per_s_per_user": "tok/s/user", "tokens_per_s_aggregate": "tok/s"}
_MAX_SERVERS = "4,096"


def _num(loc: Localizer, value: float) -> str:
    fmt = loc.formatter
    if value >= 100:  # noqa: PLR2004 - whole figures past a hundred
        return fmt.integer(round(value))
    return fmt.decimal(value, 1)


def _check(loc: Localizer, message: str, check: TargetCheck, **more: str) -> str:
    low, high = check.range
    return loc.gettext(
        message,
        asked=_num(loc, check.asked),
        predicted=_num(loc, check.predicted),
        low=_num(loc, low),
        high=_num(loc, high),
        **more,
    )


def _seconds_check(loc: Localizer, check: TargetCheck) -> str:
    fmt = loc.formatter
    low, high = check.range
    return loc.gettext(
        TTFT,
        asked=fmt.seconds(check.asked),
        predicted=fmt.seconds(check.predicted),
        low=fmt.seconds(low),
        high=fmt.seconds(high),
    )


def _option_lines(loc: Localizer, answer: SizingAnswer, option: PlanOption) -> list[str]:
    targets = option.targets
    if targets is None:
        return []
    fmt = loc.formatter
    lines = []
    plan = {"plan": option_name(option), "shape": shape_text(loc, option)}
    if targets.throughput is not None:
        lines.append(_check(loc, THROUGHPUT, targets.throughput, **plan))
    if targets.tokens_per_user is not None:
        lines.append(_check(loc, PER_USER, targets.tokens_per_user))
    if targets.ttft is not None:
        lines.append(_seconds_check(loc, targets.ttft))
    if targets.requests_per_minute is not None:
        check = targets.requests_per_minute
        lines.append(
            loc.gettext(
                RATE,
                asked=_num(loc, check.asked),
                predicted=_num(loc, check.predicted),
                users=fmt.integer(option.sequences_in_flight or 1),
            )
        )
    job = option.job
    level = answer.service.level if answer.service is not None else None
    speed = option.speed
    asked_latency = targets.tokens_per_user is not None or targets.ttft is not None
    if not asked_latency and job is None and speed.decode_tokens_per_s_per_user is not None:
        lines.append(
            loc.gettext(
                AT_LOAD,
                per_user=_num(loc, speed.decode_tokens_per_s_per_user),
                ttft=fmt.seconds(speed.ttft_s_at_load or 0),
            )
        )
    if job is not None and level is not None:
        low, high = job.hours_range
        hours, low_text, high_text = fmt.durations(job.hours, low, high)
        months = loc.catalog.ngettext("%(n)s month", "%(n)s months", job.months) % {
            "n": fmt.integer(job.months)
        }
        cost = (
            fmt.money(job.cost_usd) if job.cost_usd is not None else loc.gettext("price on request")
        )
        per_million = (
            fmt.money(job.usd_per_million_tokens) if job.usd_per_million_tokens is not None else "—"
        )
        where = f"{option_name(option)} ({shape_text(loc, option)})"
        lines.append(
            loc.gettext(
                JOB,
                requests=fmt.integer(job.requests),
                input=fmt.integer(level.input_tokens),
                output=fmt.integer(level.output_tokens),
                hours=hours,
                low=low_text,
                high=high_text,
                plan=where,
                months=months,
                cost=cost,
                per_million=per_million,
            )
        )
        if level.deadline_hours is not None:
            met = targets.batch is not None and targets.batch.met
            message = JOB_DEADLINE if met else JOB_LATE
            (deadline,) = fmt.durations(
                level.deadline_hours, days_after=DEADLINE_HOURS_BEFORE_DAYS + 1
            )
            lines.append(loc.gettext(message, deadline=deadline))
    return lines


def service_lines(loc: Localizer, answer: SizingAnswer) -> list[str]:
    """Return the lines a size answer gives under its verdict when service levels were asked."""
    service = answer.service
    if service is None:
        return []
    index = answer.recommended_index
    if index is not None:
        option = answer.options[index]
        lines = _option_lines(loc, answer, option)
        safe = service.safe_index
        if safe is not None and safe != index:
            lines.append(safe_line(loc, option, answer.options[safe]))
        return lines + _measured_lines(loc, answer)
    over = answer.verdict
    if over is not None and over.code is VerdictCode.OVER_BUDGET and over.option_index is not None:
        # Met only over the budget: the lead says so; these lines say what that plan reaches.
        return _option_lines(loc, answer, answer.options[over.option_index])
    lines = []
    nearest = service.nearest_index
    if nearest is not None:
        lines += _option_lines(loc, answer, answer.options[nearest])
    reason = service.no_plan_reason
    if reason is not None:
        lines.append(_miss_line(loc, answer, reason, nearest))
    return lines


def _same_units(pick: PlanOption, safe: PlanOption) -> bool:
    return (pick.plan, pick.servers, pick.gpus) == (safe.plan, safe.servers, safe.gpus)


def _layout(loc: Localizer, option: PlanOption) -> str:
    tp = option.tensor_parallel or 1
    if (option.replicas or 1) <= 1:
        return loc.gettext(LAYOUT_ONE, tp=tp)
    return loc.gettext(LAYOUT_REPLICAS, replicas=option.replicas or 1, tp=tp)


def _changes(loc: Localizer, pick: PlanOption, safe: PlanOption) -> str:
    """Say what the safe choice sets up otherwise than the pick (``an FP8 KV cache``)."""
    was, now = pick.variant, safe.variant
    items = []
    if was is not None and now is not None:
        if now.weight_format is not was.weight_format:
            items.append(loc.gettext(WEIGHTS_CHOICE, format=now.weight_format.value.upper()))
        if now.kv_dtype is not was.kv_dtype:
            items.append(loc.gettext(KV_CHOICES[now.kv_dtype]))
    if not items:
        items.append(_layout(loc, safe))
    return str(format_list(items, locale=loc.formatter.locale))


def safe_line(loc: Localizer, pick: PlanOption, safe: PlanOption) -> str:
    """Say which choice meets every target even at the low end of its range, once.

    The same plan and count set up otherwise is said as that change, at no extra cost (never
    as "the plan recommended meets it", which reads as a contradiction); another plan or count
    is named with its price and what it costs on top of the recommendation.
    """
    formats = formats_text(loc, safe)
    if _same_units(pick, safe) and pick.price.monthly_usd == safe.price.monthly_usd:
        return loc.gettext(STRADDLES_SAME_PLAN, how=_changes(loc, pick, safe))
    low, high = pick.price.monthly_usd, safe.price.monthly_usd
    if low is None or high is None or not (pick.priced and safe.priced):
        return loc.gettext(
            STRADDLES,
            safe_plan=option_name(safe),
            safe_shape=shape_text(loc, safe),
            safe_price=price_text(loc, safe),
        )
    params = {
        "plan": option_name(safe),
        "shape": shape_text(loc, safe),
        "formats": formats,
        "price": price_text(loc, safe),
    }
    if high == low:
        return loc.gettext(STRADDLES_SAME_PRICE, **params)
    return loc.gettext(STRADDLES_MORE, difference=loc.formatter.money(high - low), **params)


def _miss_line(
    loc: Localizer, answer: SizingAnswer, reason: ServiceMiss, nearest: int | None
) -> str:
    fmt = loc.formatter
    params = {"max": _MAX_SERVERS, "plan": "", "alone": "", "ttft": "", "input": ""}
    if nearest is not None:
        option = answer.options[nearest]
        params["plan"] = option_name(option)
        params["alone"] = _num(loc, option.speed.decode_tokens_per_s or 0)
        params["ttft"] = fmt.seconds(option.speed.ttft_s_at_load or 0)
    if answer.service is not None:
        params["input"] = fmt.integer(answer.service.level.input_tokens)
    return loc.gettext(MISSES[reason], **params)


def _measured_lines(loc: Localizer, answer: SizingAnswer) -> list[str]:
    service = answer.service
    if service is None or not service.measured:
        return []
    fmt = loc.formatter
    run = service.measured[0]

    def figure(value: float) -> str:
        if run.quantity == "ttft_s":
            return fmt.seconds(value)
        return f"{_num(loc, value)} {_QUANTITY_UNITS.get(run.quantity, '')}".strip()

    return [
        loc.gettext(
            MEASURED,
            source=run.source,
            date=run.date or "—",
            model=run.model,
            gpus=fmt.integer(run.gpus),
            gpu=run.gpu.upper(),
            users=fmt.integer(run.concurrency),
            input=fmt.integer(run.input_tokens),
            output=fmt.integer(run.output_tokens),
            value=figure(run.value),
            engine=figure(run.engine),
        )
    ]
