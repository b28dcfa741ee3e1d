"""Knowledge answers about one GPU: its card, one figure of it, its software, the ROCm image."""

from __future__ import annotations

from dataclasses import replace

from sizing.catalog import FormFactor, GpuFacts, Interconnect, Software, get_gpu, plans_for
from sizing.knowledge.common import (
    compare_action,
    first_gpu,
    order_actions,
    plan_offer,
    server_plan,
)
from sizing.knowledge.data import SoftwareStack, load_knowledge
from sizing.knowledge.faq import software_points
from sizing.knowledge.types import (
    Action,
    ActionKind,
    Fact,
    GpuCard,
    KnowledgeAnswer,
    Point,
    Question,
    SpecAspect,
    Value,
    Verdict,
)
from sizing.request import GpuId

_MESH_INTERCONNECTS = frozenset({Interconnect.INFINITY_FABRIC})
_GB_PER_TB = 1000


def _card(gpu: GpuFacts) -> GpuCard:
    return GpuCard(gpu=gpu, plans=plans_for(gpu.id))


def _stack_point(stack: SoftwareStack | None, gpu: GpuId) -> Point | None:
    if stack is None:
        return None
    if stack.stack is Software.ROCM:
        return Point(Fact.STACK_ROCM, {"gpu": gpu.value})
    if stack.same_stack_as:
        return Point(Fact.STACK_SAME_AS, {"gpu": gpu.value, "same": stack.same_stack_as})
    return Point(Fact.STACK_CUDA, {"gpu": gpu.value})


def gpu_card(question: Question) -> KnowledgeAnswer:
    """One GPU's card: a summary line, its plans and software, the spec sheet."""
    gpu = get_gpu(first_gpu(question, load_knowledge().faq.better.gpu))
    plans = plans_for(gpu.id)
    short = Point(
        Fact.CARD_SUMMARY,
        {
            "gpu": gpu.id.value,
            "architecture": gpu.architecture,
            "memory_gb": gpu.memory_gb,
            "memory_type": gpu.memory_type,
            "bandwidth_tb_s": gpu.bandwidth_tb_s,
        },
    )
    points = [plan_offer(p) for p in plans] or [Point(Fact.NO_PLAN_PRICE, {"gpu": gpu.id.value})]
    stack = _stack_point(load_knowledge().stack_of(gpu.id), gpu.id)
    points += [stack] if stack else []
    actions = (*order_actions(plans), compare_action(gpu.id), Action(ActionKind.SIZE))
    return KnowledgeAnswer(
        topic=question.topic,
        verdict=Verdict.INFO,
        short=short,
        points=tuple(points),
        actions=actions,
        gpus=(gpu.id,),
        card=_card(gpu),
    )


def _interconnect(gpu: GpuFacts) -> Point:
    if gpu.interconnect in _MESH_INTERCONNECTS and gpu.interconnect_links:
        return Point(
            Fact.SPEC_INTERCONNECT_MESH,
            {
                "gpu": gpu.id.value,
                "interconnect": gpu.interconnect.value,
                "links_count": gpu.interconnect_links,
                "link_gb_s": gpu.interconnect_link_gb_s or 0.0,
                "total_tb_s": gpu.interconnect_gb_s / _GB_PER_TB,
            },
        )
    return Point(
        Fact.SPEC_INTERCONNECT_SWITCHED,
        {
            "gpu": gpu.id.value,
            "interconnect": gpu.interconnect.value,
            "per_gpu_gb_s": gpu.interconnect_gb_s,
        },
    )


def _spec_point(gpu: GpuFacts, aspect: SpecAspect) -> Point:  # noqa: PLR0911 - one per aspect
    g = gpu.id.value
    if aspect is SpecAspect.MEMORY:
        values: dict[str, Value] = {
            "gpu": g,
            "memory_gb": gpu.memory_gb,
            "memory_type": gpu.memory_type,
            "server_memory_gb": gpu.memory_gb * gpu.gpus_per_server,
            "gpus_count": gpu.gpus_per_server,
        }
        return Point(Fact.SPEC_MEMORY, values)
    if aspect is SpecAspect.BANDWIDTH:
        return Point(Fact.SPEC_BANDWIDTH, {"gpu": g, "bandwidth_tb_s": gpu.bandwidth_tb_s})
    if aspect is SpecAspect.COMPUTE:
        return Point(
            Fact.SPEC_COMPUTE,
            {"gpu": g, "fp8_tflops": gpu.tflops_fp8 or 0.0, "bf16_tflops": gpu.tflops_bf16},
        )
    if aspect is SpecAspect.INTERCONNECT:
        return _interconnect(gpu)
    if aspect is SpecAspect.POWER:
        return Point(Fact.SPEC_POWER, {"gpu": g, "power_w": gpu.power_w})
    if aspect is SpecAspect.FORM_FACTOR:
        if gpu.form_factor is FormFactor.OAM_LIQUID:
            return Point(Fact.SPEC_FORM_OAM_LIQUID, {"gpu": g})
        return Point(Fact.SPEC_FORM_SXM, {"gpu": g})
    return Point(
        Fact.SPEC_ARCHITECTURE, {"gpu": g, "architecture": gpu.architecture, "vendor": gpu.vendor}
    )


def _spec_details(gpu: GpuFacts, aspect: SpecAspect) -> list[Point]:
    if aspect is SpecAspect.COMPUTE and gpu.tflops_fp4:
        return [Point(Fact.SPEC_FP4_COMPUTE, {"gpu": gpu.id.value, "fp4_tflops": gpu.tflops_fp4})]
    if aspect is SpecAspect.INTERCONNECT:
        server = server_plan(gpu.id)
        if server is not None:
            return [Point(Fact.SPEC_SERVER_NETWORK, {"plan": server.id, "network": server.network})]
    return []


def gpu_spec(question: Question) -> KnowledgeAnswer:
    """One figure of one GPU, with its card below."""
    if question.spec is None:
        return gpu_card(question)
    gpu = get_gpu(first_gpu(question, load_knowledge().faq.better.gpu))
    return KnowledgeAnswer(
        topic=question.topic,
        verdict=Verdict.INFO,
        short=_spec_point(gpu, question.spec),
        points=tuple(_spec_details(gpu, question.spec)),
        actions=(compare_action(gpu.id), Action(ActionKind.SIZE)),
        gpus=(gpu.id,),
        card=_card(gpu),
    )


def rocm_image(question: Question) -> KnowledgeAnswer:
    """Whether a ready ROCm image is provided, and what runs on it."""
    knowledge = load_knowledge()
    rocm = [s for s in knowledge.software if s.stack is Software.ROCM]
    named = [s for s in rocm if s.gpu in question.gpus]
    stack = (named or rocm)[0]
    ready = stack.ready_image
    short_fact = Fact.ROCM_IMAGE_READY if ready else Fact.NO_ROCM_IMAGE
    points = software_points(stack, include_image=False)
    docs = (Action(ActionKind.PAGE, path=stack.docs_path),) if stack.docs_path else ()
    return KnowledgeAnswer(
        topic=question.topic,
        verdict=Verdict.YES if ready else Verdict.NO,
        short=Point(short_fact, {"gpu": stack.gpu.value}),
        points=tuple(points),
        actions=(*docs, compare_action(stack.gpu)),
        gpus=(stack.gpu,),
    )


def software(question: Question) -> KnowledgeAnswer:
    """Say what runs on a GPU; for a named item, whether it runs, needs a port or is missing."""
    knowledge = load_knowledge()
    gpu = first_gpu(question, knowledge.faq.migrate.to_gpu)
    stack = knowledge.stack_of(gpu)
    if stack is None:
        return gpu_card(replace(question, gpus=(gpu,)))
    verdict, short = Verdict.INFO, _stack_point(stack, gpu)
    item = question.software
    if item is not None:
        if item in stack.runs_unchanged:
            verdict, short = Verdict.YES, Point(Fact.ITEM_RUNS, {"item": item, "gpu": gpu.value})
        elif item in stack.needs_port:
            target = stack.port_target.value if stack.port_target else ""
            values = {"item": item, "gpu": gpu.value, "target": target}
            verdict, short = Verdict.PARTLY, Point(Fact.ITEM_NEEDS_PORT, values)
        elif item in stack.not_available:
            values = {"item": item, "gpu": gpu.value}
            verdict, short = Verdict.NO, Point(Fact.ITEM_NOT_AVAILABLE, values)
    points = software_points(stack, include_image=True)
    if short is not None and short.fact is not Fact.STACK_ROCM:
        points.insert(0, _stack_point(stack, gpu) or short)
    docs = (Action(ActionKind.PAGE, path=stack.docs_path),) if stack.docs_path else ()
    return KnowledgeAnswer(
        topic=question.topic,
        verdict=verdict,
        short=short or Point(Fact.STACK_CUDA, {"gpu": gpu.value}),
        points=tuple(p for p in points if p != short),
        actions=(*docs, compare_action(gpu)),
        gpus=(gpu,),
    )
