"""The page's FAQ, answered from the catalog: better or not, fits on one GPU, porting, 671B MoE.

Fit figures follow the page's own rule, which its answers use: weights at a fixed number of
bytes per parameter (2 in BF16, 1 in FP8), and a GPU count that leaves at least the rule's
lower margin (10%) for the KV cache, activations and runtime. Ratios come from
``compare_gpus``; the long-context example from ``kv_example``.
"""

from __future__ import annotations

import math

from sizing.catalog import PlanFacts, Software, get_gpu, load_gpus, load_plans, plans_for
from sizing.deploy import compare_gpus, kv_example
from sizing.knowledge.common import plan_offer
from sizing.knowledge.data import ChoiceCase, SoftwareItem, SoftwareStack, load_knowledge
from sizing.knowledge.takeaways import cheaper_server
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
from sizing.request import GpuId, Precision

_PERCENT = 100
# The items whose support the migration answer names first: what most code is written in.
_COMMON_STACK = (SoftwareItem.PYTORCH, SoftwareItem.VLLM)


def rule_weights_gb(params_b: float, precision: Precision) -> float:
    """Weights by the page's rule: parameters x bytes per parameter, in decimal GB."""
    per_param = load_knowledge().rule_of_thumb.bytes_per_param.get(precision)
    if per_param is None:
        per_param = {Precision.FP16: 2.0, Precision.INT8: 1.0, Precision.INT4: 0.5}.get(
            precision, 2.0
        )
    return params_b * per_param


def _margin() -> float:
    return 1 + load_knowledge().rule_of_thumb.overhead_percent_min / _PERCENT


def gpus_with_room(weights_gb: float, memory_gb: float) -> int:
    """GPUs that hold the weights with the rule's lower margin left over."""
    return math.ceil(weights_gb * _margin() / memory_gb)


def software_points(stack: SoftwareStack, *, include_image: bool) -> list[Point]:
    """List what runs on a GPU unchanged, what needs a port, what is missing, the image."""
    gpu = stack.gpu.value
    points = []
    if stack.runs_unchanged and stack.stack is Software.ROCM:
        names = tuple(i.value for i in stack.runs_unchanged)
        points.append(Point(Fact.RUNS_UNCHANGED, {"gpu": gpu, "names": names}))
    if stack.needs_port and stack.port_target:
        names = tuple(i.value for i in stack.needs_port)
        values: dict[str, Value] = {"names": names, "target": stack.port_target.value}
        points.append(Point(Fact.NEEDS_PORT, values))
    missing = tuple(i.value for i in stack.not_available if i is not SoftwareItem.CUDA)
    if missing:
        points.append(Point(Fact.NOT_AVAILABLE, {"gpu": gpu, "names": missing}))
    if stack.keeps_torch_cuda_interface:
        points.append(Point(Fact.TORCH_CUDA_INTERFACE))
    if include_image and stack.ready_image:
        points.append(Point(Fact.ROCM_IMAGE_BASE, {"gpu": gpu}))
    return points


def _server_plan(gpu: GpuId) -> PlanFacts | None:
    return next((p for p in plans_for(gpu) if p.is_server), None)


def _pair(question: Question, default: tuple[GpuId, GpuId]) -> tuple[GpuId, GpuId]:
    named = list(dict.fromkeys(question.gpus))
    if len(named) >= 2:  # noqa: PLR2004 - a pair
        return named[0], named[1]
    if len(named) == 1:
        other = default[1] if named[0] is not default[1] else default[0]
        return named[0], other
    return default


def answer_better(question: Question) -> KnowledgeAnswer:
    """Answer "Is A better than B?": the hardware ratios, then when B is the safer choice."""
    faq = load_knowledge().faq.better
    a, b = _pair(question, (faq.gpu, faq.other))
    comparison = compare_gpus(a, b)
    ratios = {
        "memory_ratio": comparison.memory_ratio,
        "bandwidth_ratio": comparison.bandwidth_ratio,
        "compute_ratio": min(comparison.fp8_tflops_ratio or 0.0, comparison.bf16_tflops_ratio),
    }
    if all(r > 1 for r in ratios.values()):
        short = Point(Fact.HARDWARE_LEAD, {"gpu": a.value, "other": b.value, **ratios})
        verdict = Verdict.YES
    elif all(0 < r < 1 for r in ratios.values()):
        inverse = {k: 1 / v for k, v in ratios.items()}
        short = Point(Fact.HARDWARE_BEHIND, {"gpu": b.value, "other": a.value, **inverse})
        verdict = Verdict.NO
    else:
        short = Point(Fact.HARDWARE_MIXED, {"gpu": a.value, "other": b.value, **ratios})
        verdict = Verdict.PARTLY
    points = []
    stacks = {g: load_knowledge().stack_of(g) for g in (a, b)}
    cuda = [g for g, s in stacks.items() if s and s.stack is Software.CUDA]
    if len(cuda) == 1:
        architecture = get_gpu(cuda[0]).architecture
        points.append(Point(Fact.SAFER_FOR_CUDA, {"gpu": cuda[0].value, "name": architecture}))
    points += [
        Point(p.fact, {k: v for k, v in p.values.items() if k != "memory_ratio"})
        for p in cheaper_server(comparison)
    ]
    return KnowledgeAnswer(
        topic=question.topic,
        verdict=verdict,
        short=short,
        points=tuple(points),
        actions=(Action(ActionKind.COMPARE, gpus=(a, b)), Action(ActionKind.SIZE)),
        gpus=(a, b),
    )


def _fit_point(params_b: float, precision: Precision, gpu: GpuId) -> tuple[Point, bool]:
    memory = get_gpu(gpu).memory_gb
    weights = rule_weights_gb(params_b, precision)
    needed = gpus_with_room(weights, memory)
    values: dict[str, Value] = {
        "params_b": params_b,
        "precision": precision.value,
        "gpu": gpu.value,
        "weights_gb": weights,
    }
    if needed <= 1:
        return Point(Fact.FITS_IN_PRECISION, {**values, "room_gb": memory - weights}), True
    bigger = tuple(
        g.id.value for g in load_gpus() if g.id is not gpu and weights * _margin() <= g.memory_gb
    )
    values |= {"gpus_count": needed, "any_names": bigger}
    return Point(Fact.NEEDS_MORE_GPUS, values, count="gpus_count"), False


def answer_fit_one_gpu(question: Question) -> KnowledgeAnswer:
    """Answer "Does a 70B model run on one H200?": FP8 and BF16 by the page's rule, KV room."""
    faq = load_knowledge().faq.fit_one_gpu
    gpu = question.gpus[0] if question.gpus else faq.gpu
    params_b = question.params_b or faq.params_b
    fp8, fp8_fits = _fit_point(params_b, Precision.FP8, gpu)
    bf16, bf16_fits = _fit_point(params_b, Precision.BF16, gpu)
    verdict = Verdict.YES if bf16_fits else (Verdict.PARTLY if fp8_fits else Verdict.NO)
    points = [bf16]
    single = next((p for p in plans_for(gpu) if not p.is_server), None)
    server = _server_plan(gpu)
    if not bf16_fits and single and not single.can_split_model and server:
        points.append(Point(Fact.TWO_GPUS_MEAN_SERVER, {"gpu": gpu.value, "plan": server.id}))
    if fp8_fits and params_b == faq.params_b:
        example = kv_example(get_gpu(gpu), get_gpu(gpu))
        values: dict[str, Value] = {
            "gpu": gpu.value,
            "context_tokens": example.context_tokens,
            "per_context_gb": example.kv_bytes_per_context / 1e9,
            "contexts_count": math.floor(example.contexts_a),
        }
        points.append(Point(Fact.KV_EXAMPLE, values, count="contexts_count"))
    plan = single if single is not None else server
    order: tuple[Action, ...] = ()
    if plan is not None and fp8_fits:
        # A yes is worth its price: what the GPU that serves it costs, and the link to order it.
        points.append(plan_offer(plan))
        order = (Action(ActionKind.ORDER, plan=plan.id),)
    size = Action(
        ActionKind.SIZE, params_b=round(params_b), precision=Precision.FP8, context_tokens=131072
    )
    return KnowledgeAnswer(
        topic=question.topic,
        verdict=verdict,
        short=fp8,
        points=tuple(points),
        actions=(size, *order),
        gpus=(gpu,),
    )


def answer_migrate(question: Question) -> KnowledgeAnswer:
    """Answer "Do I need to change code from H200 to MI355X?": what runs as is, what is ported."""
    knowledge = load_knowledge()
    faq = knowledge.faq.migrate
    source, target = _pair(question, (faq.from_gpu, faq.to_gpu))
    stack = knowledge.stack_of(target)
    if stack is None or stack.stack is not Software.ROCM:
        # Same CUDA stack both ways: nothing to port.
        short = Point(Fact.STACK_SAME_AS, {"gpu": target.value, "same": source.value})
        return KnowledgeAnswer(
            topic=question.topic,
            verdict=Verdict.NO,
            short=short,
            points=(),
            actions=(Action(ActionKind.COMPARE, gpus=(source, target)),),
            gpus=(source, target),
        )
    common = tuple(i.value for i in _COMMON_STACK if i in stack.runs_unchanged)
    short = Point(Fact.MIGRATE_USUALLY_NOT, {"gpu": target.value, "any_names": common})
    points = [
        p for p in software_points(stack, include_image=True) if p.fact is not Fact.RUNS_UNCHANGED
    ]
    points.append(Point(Fact.CHECK_DEPENDENCIES))
    trial = knowledge.choice(ChoiceCase.UNSURE_PORT)
    months = (trial.trial_months if trial else None) or knowledge.terms.minimum_months
    points.append(
        Point(Fact.TRY_A_MONTH, {"gpu": target.value, "trial_months": months}, "trial_months")
    )
    docs = (Action(ActionKind.PAGE, path=stack.docs_path),) if stack.docs_path else ()
    return KnowledgeAnswer(
        topic=question.topic,
        verdict=Verdict.NO,
        short=short,
        points=tuple(points),
        actions=(
            *docs,
            Action(ActionKind.COMPARE, gpus=(target, source)),
            Action(ActionKind.SALES),
        ),
        gpus=(source, target),
    )


def _server_rooms(weights_gb: float) -> list[tuple[PlanFacts, float]]:
    """Server plans that hold the weights with the rule's margin, most room left first."""
    rooms = []
    for plan in load_plans():
        if not plan.is_server:
            continue
        total = plan.gpus * get_gpu(plan.gpu).memory_gb
        if weights_gb * _margin() <= total:
            rooms.append((plan, total - weights_gb))
    return sorted(rooms, key=lambda item: -item[1])


def answer_class_fit(question: Question) -> KnowledgeAnswer:
    """Answer "Which is better for DeepSeek-class models?": a 671B MoE on each 8-GPU server."""
    faq = load_knowledge().faq.deepseek_class
    params_b = question.params_b or faq.params_b
    weights = rule_weights_gb(params_b, faq.precision)
    servers = [p for p in load_plans() if p.is_server]
    holders = _server_rooms(weights)
    base: dict[str, Value] = {"params_b": params_b, "precision": faq.precision.value}
    if holders and len(holders) == len(servers):
        short = Point(Fact.BOTH_SERVERS_HOLD, {**base, "weights_gb": weights})
    elif holders:
        best, room = holders[0]
        values = {**base, "weights_gb": weights, "plan": best.id, "room_gb": room}
        short = Point(Fact.ONLY_ONE_SERVER_HOLDS, values)
    else:
        short = Point(Fact.NO_SERVER_HOLDS, {**base, "weights_gb": weights})
    points = []
    if len(holders) >= 2:  # noqa: PLR2004 - the room of the two best, side by side
        (first, room_a), (second, room_b) = holders[:2]
        values = {"plan": first.id, "room_gb": room_a, "other_plan": second.id}
        points.append(Point(Fact.KV_ROOM_SERVERS, {**values, "other_room_gb": room_b}))
    wide = rule_weights_gb(params_b, Precision.BF16)
    wide_holders = _server_rooms(wide)
    wide_base: dict[str, Value] = {**base, "precision": Precision.BF16.value, "weights_gb": wide}
    if len(wide_holders) == 1:
        best, room = wide_holders[0]
        values = {**wide_base, "plan": best.id, "room_gb": room}
        points.append(Point(Fact.ONLY_ONE_SERVER_HOLDS, values))
    elif not wide_holders:
        points.append(Point(Fact.NO_SERVER_HOLDS, wide_base))
    best_plan = holders[0][0] if holders else None
    order = (Action(ActionKind.ORDER, plan=best_plan.id),) if best_plan else ()
    size = Action(ActionKind.SIZE, model=faq.model, precision=faq.precision, context_tokens=131072)
    pair = tuple(dict.fromkeys(p.gpu for p, _ in holders))[:2]
    compare = (Action(ActionKind.COMPARE, gpus=pair),) if len(pair) == 2 else ()  # noqa: PLR2004
    return KnowledgeAnswer(
        topic=question.topic,
        verdict=Verdict.INFO,
        short=short,
        points=tuple(points),
        actions=(size, *compare, *order),
        gpus=tuple(p.gpu for p, _ in holders),
    )
