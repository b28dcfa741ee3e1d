"""Knowledge answers about plans and policies: delivery, terms, single GPUs, network, billing.

Also the page's "how to choose" guide, which points at plans.
"""

from __future__ import annotations

from collections.abc import Sequence

from sizing.catalog import PlanFacts, get_gpu, hours_per_month, load_plans, plans_for
from sizing.knowledge.common import (
    compare_action,
    first_gpu,
    order_actions,
    server_plan,
    single_plan,
)
from sizing.knowledge.data import ChoiceCase, PaymentMethod, load_knowledge
from sizing.knowledge.types import (
    Action,
    ActionKind,
    Fact,
    KnowledgeAnswer,
    Point,
    Question,
    Value,
    Verdict,
)


def _named_plans(question: Question) -> tuple[PlanFacts, ...]:
    if not question.gpus:
        return load_plans()
    return tuple(p for g in question.gpus for p in plans_for(g))


def delivery_points(plans: Sequence[PlanFacts]) -> list[Point]:
    """Stock and delivery days of ``plans``, and where the date is shown before payment."""
    shown_before = load_knowledge().stock.delivery_date_shown_before_payment
    points = [
        Point(
            Fact.PLAN_DELIVERY,
            {
                "plan": p.id,
                "availability": p.availability.value,
                "delivery_days": p.lead_time_business_days,
            },
            count="delivery_days",
        )
        for p in plans
    ]
    points += [
        Point(Fact.DATE_BEFORE_PAYMENT, {"plan": p.id}) for p in plans if p.id in shown_before
    ]
    return points


def delivery(question: Question) -> KnowledgeAnswer:
    """Stock and delivery days of the plans named (all plans when none is)."""
    plans = _named_plans(question)
    points = delivery_points(plans)
    unpriced = [g for g in question.gpus if not plans_for(g)]
    points += [Point(Fact.NO_PLAN_PRICE, {"gpu": g.value}) for g in unpriced]
    return KnowledgeAnswer(
        topic=question.topic,
        verdict=Verdict.INFO,
        short=points[0],
        points=tuple(points[1:]),
        actions=(*order_actions(plans), Action(ActionKind.PRICE)),
        gpus=question.gpus,
    )


def terms_points() -> tuple[Point, Point]:
    """Return the minimum term and the longer terms, for the price list's footer."""
    return _minimum_term_point(), _longer_terms_point()


def _minimum_term_point() -> Point:
    terms = load_knowledge().terms
    return Point(
        Fact.MINIMUM_TERM,
        {"minimum_months": terms.minimum_months, "cancel_any_month": int(terms.cancel_any_month)},
        count="minimum_months",
    )


def _longer_terms_point() -> Point:
    low, high = load_knowledge().terms.longer_term_months
    return Point(Fact.LONGER_TERMS_QUOTED, {"min_months": low, "max_months": high})


def _trial_point() -> Point | None:
    choice = load_knowledge().choice(ChoiceCase.UNSURE_PORT)
    plan = next((p for p in load_plans() if choice and p.id == choice.plan), None)
    if choice is None or plan is None:
        return None
    months = choice.trial_months or load_knowledge().terms.minimum_months
    return Point(Fact.TRY_A_MONTH, {"gpu": plan.gpu.value, "trial_months": months}, "trial_months")


def minimum_term(question: Question) -> KnowledgeAnswer:
    """Answer on the minimum term and cancellation, with the terms around them."""
    trial = _trial_point()
    points = [Point(Fact.FIXED_MONTHLY), _longer_terms_point(), *([trial] if trial else [])]
    return KnowledgeAnswer(
        topic=question.topic,
        verdict=Verdict.INFO,
        short=_minimum_term_point(),
        points=tuple(points),
        actions=(Action(ActionKind.PRICE), Action(ActionKind.SALES)),
    )


def longer_terms(question: Question) -> KnowledgeAnswer:
    """Longer terms and volume prices: quoted on request."""
    terms = load_knowledge().terms
    points = [_minimum_term_point()]
    if terms.quote_by_ticket_with_running_server:
        points.insert(0, Point(Fact.QUOTE_BY_TICKET))
    return KnowledgeAnswer(
        topic=question.topic,
        verdict=Verdict.YES if terms.longer_terms_on_request else Verdict.NO,
        short=_longer_terms_point(),
        points=tuple(points),
        actions=(Action(ActionKind.SALES), Action(ActionKind.PRICE)),
    )


def _single_gpu_point(plan: PlanFacts, fact: Fact = Fact.SINGLE_GPU_PLAN) -> Point:
    memory = get_gpu(plan.gpu).memory_gb
    return Point(
        fact, {"gpu": plan.gpu.value, "monthly_usd": plan.monthly_usd, "memory_gb": memory}
    )


def whole_server_only(question: Question) -> KnowledgeAnswer:
    """Whether one GPU of a kind can be rented alone."""
    gpu = first_gpu(question, load_knowledge().faq.better.gpu)
    single, server = single_plan(gpu), server_plan(gpu)
    alternatives = [p for p in load_plans() if not p.is_server and p.gpu is not gpu]
    if single is not None:
        verdict, short, points = Verdict.YES, _single_gpu_point(single), []
    elif server is not None:
        verdict = Verdict.NO
        short = Point(
            Fact.WHOLE_SERVER_ONLY,
            {"gpu": gpu.value, "gpus_count": server.gpus, "monthly_usd": server.monthly_usd},
        )
        points = [_single_gpu_point(p, Fact.SINGLE_GPU_ALTERNATIVE) for p in alternatives]
    else:
        verdict, short, points = Verdict.INFO, Point(Fact.NO_PLAN_PRICE, {"gpu": gpu.value}), []
    return KnowledgeAnswer(
        topic=question.topic,
        verdict=verdict,
        short=short,
        points=tuple(points),
        actions=(*order_actions(plans_for(gpu)), Action(ActionKind.PRICE)),
        gpus=(gpu,),
    )


def singles_not_joined(question: Question) -> KnowledgeAnswer:
    """Why single-GPU plans cannot hold one model together, and what can."""
    singles = [p for p in load_plans() if not p.can_split_model]
    named = [p for p in singles if p.gpu in question.gpus]
    if not singles:  # no single-GPU plan at all: every plan may hold one model
        return whole_server_only(question)
    single = (named or singles)[0]
    server = server_plan(single.gpu)
    points = [
        Point(
            Fact.SINGLES_COST,
            {
                "gpu": single.gpu.value,
                "two_usd": single.monthly_usd * 2,
                "three_usd": single.monthly_usd * 3,
            },
        )
    ]
    if server is not None:
        interconnect = get_gpu(server.gpu).interconnect.value
        points.append(
            Point(
                Fact.SERVER_FOR_ONE_MODEL,
                {
                    "plan": server.id,
                    "monthly_usd": server.monthly_usd,
                    "gpus_count": server.gpus,
                    "interconnect": interconnect,
                },
            )
        )
    return KnowledgeAnswer(
        topic=question.topic,
        verdict=Verdict.NO,
        short=Point(Fact.SINGLES_NOT_JOINED, {"gpu": single.gpu.value}),
        points=tuple(points),
        actions=(*order_actions((server,) if server else ()), Action(ActionKind.SIZE)),
        gpus=(single.gpu,),
    )


def private_network(question: Question) -> KnowledgeAnswer:
    """Answer on a private network between a customer's servers."""
    network = load_knowledge().private_network
    servers = [p for p in load_plans() if p.is_server]
    points = [
        Point(Fact.SPEC_SERVER_NETWORK, {"plan": p.id, "network": p.network}) for p in servers
    ]
    points.append(Point(Fact.PIPELINE_NEEDS_NETWORK))
    return KnowledgeAnswer(
        topic=question.topic,
        verdict=Verdict.YES if network.on_request else Verdict.NO,
        short=Point(Fact.PRIVATE_NETWORK_ON_REQUEST),
        points=tuple(points),
        actions=(Action(ActionKind.PAGE, path=network.page_path), Action(ActionKind.SALES)),
    )


def how_to_choose(question: Question) -> KnowledgeAnswer:
    """Give the page's guide: which plan for which case."""
    facts = {
        ChoiceCase.SINGLE_GPU: Fact.CHOOSE_SINGLE_GPU,
        ChoiceCase.SERVER_ROCM: Fact.CHOOSE_SERVER_ROCM,
        ChoiceCase.SERVER_CUDA_ONLY: Fact.CHOOSE_SERVER_CUDA_ONLY,
        ChoiceCase.UNSURE_PORT: Fact.CHOOSE_UNSURE,
    }
    plans = {p.id: p for p in load_plans()}
    points = []
    for choice in load_knowledge().choose:
        plan = plans[choice.plan]
        values: dict[str, Value] = {"plan": plan.id, "gpu": plan.gpu.value}
        values["monthly_usd"] = plan.monthly_usd
        if choice.max_params_b:
            values["max_params_b"] = choice.max_params_b
        if choice.precision:
            values["precision"] = choice.precision.value
        if choice.alternative_gpu:
            values["other"] = choice.alternative_gpu.value
        if choice.trial_months:
            values["trial_months"] = choice.trial_months
        count = "trial_months" if choice.trial_months else None
        points.append(Point(facts[choice.case], values, count=count))
    return KnowledgeAnswer(
        topic=question.topic,
        verdict=Verdict.INFO,
        short=Point(Fact.CHOOSE_INTRO),
        points=tuple(points),
        actions=(Action(ActionKind.SIZE), compare_action(load_knowledge().faq.better.gpu)),
    )


def billing(question: Question) -> KnowledgeAnswer:
    """Answer on billing: fixed monthly prices, payment, the per-GPU-hour rule, the term."""
    terms = load_knowledge().terms
    points = []
    if PaymentMethod.CRYPTO in terms.payment_methods:
        points.append(Point(Fact.PAYMENT_CRYPTO))
    points += [
        Point(Fact.PER_GPU_HOUR_RULE, {"hours_count": hours_per_month()}),
        _minimum_term_point(),
    ]
    return KnowledgeAnswer(
        topic=question.topic,
        verdict=Verdict.INFO,
        short=Point(Fact.FIXED_MONTHLY),
        points=tuple(points),
        actions=(Action(ActionKind.PRICE), Action(ActionKind.SALES)),
    )
