"""Native number formats: "does the H200 support FP4?", "which formats does MI355X compute in?".

A format is native when the GPU computes in it (its catalog ``native_formats``); a GPU without
native 4- or 6-bit maths can still store such weights with weight-only quantization, which
saves memory but computes at a format it has.
"""

from __future__ import annotations

from sizing.catalog import GpuFacts, get_gpu, load_gpus, plans_for
from sizing.knowledge.data import load_knowledge
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

# Bits of the low-precision formats a customer asks about.
_FORMAT_BITS = {Precision.FP4: 4, Precision.FP6: 6, Precision.INT4: 4}
# A variant counts as its family: MXFP4 and NVFP4 are FP4.
_FAMILY = {Precision.MXFP4: Precision.FP4, Precision.NVFP4: Precision.FP4}


def _tflops(gpu: GpuFacts, precision: Precision) -> float | None:
    by_format = {
        Precision.FP4: gpu.tflops_fp4,
        Precision.FP6: gpu.tflops_fp6,
        Precision.FP8: gpu.tflops_fp8,
        Precision.BF16: gpu.tflops_bf16,
        Precision.FP16: gpu.tflops_bf16,
    }
    return by_format.get(precision)


def _native(gpu: GpuFacts, precision: Precision) -> bool:
    return precision in gpu.native_formats


def _low_bit_names(gpu: GpuId) -> tuple[str, ...]:
    formats = load_knowledge().formats_of(gpu)
    return tuple(f.value for f in formats.low_precision_formats) if formats else ()


def _others_with(gpu: GpuId, precision: Precision) -> list[GpuFacts]:
    """Rented GPUs (priced first) that compute natively in ``precision``."""
    others = [g for g in load_gpus() if g.id is not gpu and _native(g, precision)]
    return sorted(others, key=lambda g: not plans_for(g.id))


def _not_native(gpu: GpuFacts, precision: Precision) -> tuple[Point, list[Point]]:
    formats = load_knowledge().formats_of(gpu.id)
    lowest = formats.lowest_native_float.value if formats else Precision.FP8.value
    short = Point(
        Fact.FORMAT_NOT_NATIVE,
        {"gpu": gpu.id.value, "format": precision.value, "lowest": lowest},
    )
    points = []
    if formats and formats.weight_only_methods and precision in _FORMAT_BITS:
        values: dict[str, Value] = {
            "gpu": gpu.id.value,
            "bits_count": _FORMAT_BITS[precision],
            "any_names": tuple(m.value for m in formats.weight_only_methods),
        }
        points.append(Point(Fact.WEIGHT_ONLY, values))
    for other in _others_with(gpu.id, precision)[:1]:
        values = {"gpu": other.id.value, "names": _low_bit_names(other.id) or (precision.value,)}
        tflops = _tflops(other, precision)
        if tflops:
            values["tflops"] = tflops
        points.append(Point(Fact.OTHER_HAS_NATIVE, values))
    return short, points


def _native_points(gpu: GpuFacts, precision: Precision) -> tuple[Point, list[Point]]:
    values: dict[str, Value] = {"gpu": gpu.id.value, "format": precision.value}
    tflops = _tflops(gpu, precision)
    if tflops:
        values["tflops"] = tflops
    points = []
    formats = load_knowledge().formats_of(gpu.id)
    if formats and formats.ocp_microscaling and precision in _FORMAT_BITS:
        points.append(Point(Fact.OCP_MICROSCALING, {"names": _low_bit_names(gpu.id)}))
    if precision in _FORMAT_BITS:
        points.append(Point(Fact.NEEDS_FRAMEWORK_SUPPORT))
    return Point(Fact.FORMAT_NATIVE, values), points


def _listing(gpu: GpuFacts) -> tuple[Point, list[Point]]:
    names = tuple(p.value for p in gpu.native_formats if p not in _FAMILY)
    short = Point(Fact.NATIVE_LIST, {"gpu": gpu.id.value, "names": names})
    if _native(gpu, Precision.FP4):
        _, points = _native_points(gpu, Precision.FP4)
        return short, points
    not_native, points = _not_native(gpu, Precision.FP4)
    return short, [not_native, *points]


def answer_formats(question: Question) -> KnowledgeAnswer:
    """Whether a GPU computes a format natively, or which formats it computes in."""
    faq = load_knowledge().faq.native_fp4
    gpu = get_gpu(question.gpus[0] if question.gpus else faq.gpu)
    asked = question.precision
    precision = _FAMILY.get(asked, asked) if asked is not None else None
    if precision is None:
        short, points = _listing(gpu)
        verdict = Verdict.INFO
    elif _native(gpu, precision):
        short, points = _native_points(gpu, precision)
        verdict = Verdict.YES
    else:
        short, points = _not_native(gpu, precision)
        verdict = Verdict.NO
    others = [g.id for g in _others_with(gpu.id, precision or Precision.FP4) if plans_for(g.id)]
    compare = (Action(ActionKind.COMPARE, gpus=(gpu.id, others[0])),) if others else ()
    size = Action(ActionKind.SIZE, precision=precision)
    return KnowledgeAnswer(
        topic=question.topic,
        verdict=verdict,
        short=short,
        points=tuple(points),
        actions=(*compare, size),
        gpus=(gpu.id,),
    )
