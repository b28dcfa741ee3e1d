"""Placement: which parallel shape a plan gets, and how ties between shapes are broken."""

from sizing.catalog.hardware import get_gpu, load_plans
from sizing.deploy.engine import size_deployment
from sizing.fit.load import model_load
from sizing.fit.memory import Shape
from sizing.fit.placement import place, target_for_plan
from sizing.model import get_model
from sizing.request import GpuId, KvDtype, Precision, SizingRequest

KIMI = "moonshotai/Kimi-K2-Instruct"


def _mi355x_target():
    plan = next(p for p in load_plans() if p.gpu is GpuId.MI355X)
    return target_for_plan(get_gpu(GpuId.MI355X), plan)


def test_same_gpus_prefer_one_wide_replica_to_two_narrow_ones():
    """Kimi K2 FP8 x20 on one MI355X server: one TP=8 replica, not two TP=4 ones.

    Both occupy the same eight GPUs of the one server rented; the wide replica stores the
    weights once and so holds many more sequences.
    """
    answer = size_deployment(SizingRequest(model_id=KIMI, concurrency=20))
    mi = next(o for o in answer.options if o.plan == "mi355x-8x")
    assert (mi.servers, mi.tensor_parallel, mi.pipeline_parallel, mi.replicas) == (1, 8, 1, 1)
    assert mi.fit.max_concurrency_at_context >= 20 * 5


def test_one_sequence_still_takes_the_smallest_shape():
    """Kimi K2 FP8 alone on an MI355X server takes the smallest shape that starts: TP=4."""
    load = model_load(get_model(KIMI), Precision.FP8, KvDtype.BF16, 8192, include_mtp=False)
    placement = place(load, _mi355x_target(), concurrency=1, gpu_memory_utilization=0.9)
    assert placement is not None
    assert placement.shape == Shape(4, 1)


def test_same_gpus_prefer_independent_replicas_to_a_pipeline():
    """Llama 70B BF16, 128K x100 on HGX H200: the servers hold TP=8 replicas, not one PP chain."""
    answer = size_deployment(
        SizingRequest(
            model_id="meta-llama/Llama-3.1-70B-Instruct",
            precision=Precision.BF16,
            context_tokens=131072,
            concurrency=100,
        )
    )
    hgx = next(o for o in answer.options if o.plan == "h200-8x")
    assert hgx.pipeline_parallel == 1
    assert hgx.servers == hgx.replicas * hgx.gpus_per_replica // 8


def test_a_wider_layout_on_the_same_server_wins_when_it_holds_far_more():
    """Kimi K2 FP8 on MI355X: one TP=8 replica holds ~7x the 128K contexts of two TP=4 ones."""
    answer = size_deployment(
        SizingRequest(model_id="moonshotai/Kimi-K2-Instruct", context_tokens=131072)
    )
    mi355x = next(o for o in answer.options if o.plan == "mi355x-8x")
    assert mi355x.servers == 1
    assert mi355x.tensor_parallel == 8
    assert mi355x.fit.max_concurrency_at_context >= 2 * 2  # more than twice two TP=4 replicas' room


def test_the_smallest_shape_stays_when_a_wider_one_gains_little():
    """A 70B FP8 on MI355X stays at TP=1: eight replicas hold about as much as one TP=8."""
    answer = size_deployment(
        SizingRequest(model_id="meta-llama/Llama-3.1-70B-Instruct", precision=Precision.FP8)
    )
    mi355x = next(o for o in answer.options if o.plan == "mi355x-8x")
    assert mi355x.tensor_parallel == 1
