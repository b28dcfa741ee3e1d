"""Knowledge answers of the site's other pages, and an honest hand-off where facts stop.

Traffic, the network between servers, the single H200 plan against one GPU of the HGX server,
the calculator and docs; for what the published facts do not cover (refunds, the OS image,
root access), a hand-off.
"""

from __future__ import annotations

from sizing.catalog import PlanFacts, get_gpu, load_plans
from sizing.knowledge.common import order_actions, server_plan, single_plan
from sizing.knowledge.data import Unpublished, load_knowledge
from sizing.knowledge.types import (
    Action,
    ActionKind,
    Fact,
    KnowledgeAnswer,
    Point,
    Question,
    Topic,
    Verdict,
)
from sizing.request import GpuId

_UNPUBLISHED = {
    Topic.REFUND: (Unpublished.REFUND, Fact.NOT_PUBLISHED_REFUND),
    Topic.OS_IMAGE: (Unpublished.OS_IMAGE, Fact.NOT_PUBLISHED_OS_IMAGE),
    Topic.ROOT_ACCESS: (Unpublished.ROOT_ACCESS, Fact.NOT_PUBLISHED_ROOT),
}


def _handoff(question: Question, short: Point, points: tuple[Point, ...] = ()) -> KnowledgeAnswer:
    """Answer what the facts do not cover by saying so and offering a person."""
    return KnowledgeAnswer(
        topic=question.topic,
        verdict=Verdict.INFO,
        short=short,
        points=(*points, Point(Fact.PERSON_WILL_ANSWER)),
        actions=(Action(ActionKind.SALES), Action(ActionKind.PRICE)),
    )


def unpublished(question: Question) -> KnowledgeAnswer:
    """Say the published facts do not answer this (refunds, OS image, root), and hand over.

    What the facts do say nearby comes with it: the term and cancellation for a refund, the
    ready ROCm image for the OS image.
    """
    _, fact = _UNPUBLISHED[question.topic]
    knowledge = load_knowledge()
    points: list[Point] = []
    if question.topic is Topic.REFUND:
        terms = knowledge.terms
        points.append(
            Point(
                Fact.MINIMUM_TERM,
                {
                    "minimum_months": terms.minimum_months,
                    "cancel_any_month": int(terms.cancel_any_month),
                },
                count="minimum_months",
            )
        )
    if question.topic is Topic.OS_IMAGE:
        points += [
            Point(Fact.ROCM_IMAGE_BASE, {"gpu": stack.gpu.value})
            for stack in knowledge.software
            if stack.ready_image
        ]
    return _handoff(question, Point(fact), tuple(points))


def traffic(question: Question) -> KnowledgeAnswer:
    """Traffic included a month, as the site states it; without the fact, a hand-off."""
    facts = load_knowledge().traffic
    if facts is None:
        return _handoff(question, Point(Fact.PERSON_WILL_ANSWER))
    short = Point(
        Fact.TRAFFIC_INCLUDED,
        {"min_tb": facts.included_tb_month_min, "max_tb": facts.included_tb_month_max},
    )
    return KnowledgeAnswer(
        topic=question.topic,
        verdict=Verdict.INFO,
        short=short,
        points=(Point(Fact.FIXED_MONTHLY),),
        actions=(Action(ActionKind.PAGE, path=facts.page_path), Action(ActionKind.SALES)),
    )


def _servers() -> tuple[PlanFacts, ...]:
    return tuple(p for p in load_plans() if p.is_server)


def interconnect(question: Question) -> KnowledgeAnswer:
    """Answer on the network between servers: ports, private networking, single VMs apart."""
    servers = _servers()
    network = load_knowledge().private_network
    points = [
        Point(Fact.SPEC_SERVER_NETWORK, {"plan": p.id, "network": p.network}) for p in servers
    ]
    if network.on_request:
        points.append(Point(Fact.PRIVATE_NETWORK_ON_REQUEST))
    points += [
        Point(Fact.SINGLE_VM_NETWORK, {"gpu": p.gpu.value, "gbps_count": p.network_gbps_per_port})
        for p in load_plans()
        if not p.is_server
    ]
    points.append(Point(Fact.PIPELINE_NEEDS_NETWORK))
    first = servers[0] if servers else None
    short = (
        Point(
            Fact.SERVER_PORTS,
            {"ports_count": first.network_ports, "gbps_count": first.network_gbps_per_port},
            count="ports_count",
        )
        if first is not None
        else Point(Fact.PRIVATE_NETWORK_ON_REQUEST)
    )
    return KnowledgeAnswer(
        topic=question.topic,
        verdict=Verdict.INFO,
        short=short,
        points=tuple(points),
        actions=(Action(ActionKind.PAGE, path=network.page_path), Action(ActionKind.SALES)),
    )


def single_vs_hgx(question: Question) -> KnowledgeAnswer:
    """Answer on the single H200 plan against one GPU of the HGX server: the same GPU."""
    gpu = question.gpus[0] if question.gpus else GpuId.H200
    single, server = single_plan(gpu), server_plan(gpu)
    if single is None or server is None:
        return _handoff(question, Point(Fact.PERSON_WILL_ANSWER))
    facts = get_gpu(gpu)
    points = [
        Point(
            Fact.SINGLE_PLAN_SHAPE,
            {
                "plan": single.id,
                "vcpus_count": single.cpu_vcpus or 0,
                "ram_gb": single.ram_gb,
                "network": single.network,
                "monthly_usd": single.monthly_usd,
            },
        ),
        Point(
            Fact.SERVER_PLAN_SHAPE,
            {
                "plan": server.id,
                "gpus_count": server.gpus,
                "interconnect": facts.interconnect.value,
                "per_gpu_gb_s": facts.interconnect_gb_s,
                "cpu": server.cpu,
                "ram_gb": server.ram_gb,
                "network": server.network,
                "monthly_usd": server.monthly_usd,
                "per_gpu_usd": server.monthly_usd / server.gpus,
            },
        ),
        Point(Fact.SINGLES_NOT_JOINED, {"gpu": gpu.value}),
    ]
    return KnowledgeAnswer(
        topic=question.topic,
        verdict=Verdict.INFO,
        short=Point(Fact.SAME_GPU, {"gpu": gpu.value, "memory_gb": facts.memory_gb}),
        points=tuple(points),
        actions=(*order_actions((single, server)), Action(ActionKind.SIZE)),
        gpus=(gpu,),
    )


def calculator(question: Question) -> KnowledgeAnswer:
    """Point at the site's cost calculator and documentation."""
    tools = load_knowledge().site_tools
    if tools is None:
        return _handoff(question, Point(Fact.PERSON_WILL_ANSWER))
    return KnowledgeAnswer(
        topic=question.topic,
        verdict=Verdict.INFO,
        short=Point(Fact.CALCULATOR),
        points=(Point(Fact.DOCS),),
        actions=(
            Action(ActionKind.PAGE, path=tools.calculator_path),
            Action(ActionKind.PAGE, path=tools.docs_path),
            Action(ActionKind.SIZE),
        ),
    )
