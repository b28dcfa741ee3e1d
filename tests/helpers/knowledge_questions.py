"""Knowledge questions that reach every topic, GPU, figure, software item, format and term."""

from sizing.knowledge.data import SoftwareItem
from sizing.knowledge.types import Question, SpecAspect, Term, Topic
from sizing.request import GpuId, Precision


def _questions():
    """Yield questions reaching every topic, GPU, figure, software item and format."""
    gpus = [(), *((g,) for g in GpuId), (GpuId.MI355X, GpuId.H200), (GpuId.H200, GpuId.MI355X)]
    gpus.append((GpuId.MI355X, GpuId.B200))
    for topic in Topic:
        for named in gpus:
            yield Question(topic, gpus=named)
    for gpu in GpuId:
        for aspect in SpecAspect:
            yield Question(Topic.GPU_SPEC, gpus=(gpu,), spec=aspect)
        for item in SoftwareItem:
            yield Question(Topic.SOFTWARE, gpus=(gpu,), software=item.value)
        for precision in (Precision.FP4, Precision.FP6, Precision.FP8, Precision.MXFP4):
            yield Question(Topic.NATIVE_FORMATS, gpus=(gpu,), precision=precision)
        for params_b in (8, 405):
            yield Question(Topic.FAQ_70B_SINGLE_H200, gpus=(gpu,), params_b=params_b)
    for params_b in (235, 3000):
        yield Question(Topic.FAQ_DEEPSEEK, params_b=params_b)
    for term in (*Term, None):
        yield Question(Topic.GLOSSARY, term=term.value if term else None)


QUESTIONS = list(_questions())
