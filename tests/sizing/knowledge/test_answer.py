"""The knowledge base answers from the catalog: the page's facts, and every topic for every GPU."""

from __future__ import annotations

from decimal import Decimal

import pytest

from sizing.knowledge.answer import answer_question
from sizing.knowledge.types import Fact, Question, SpecAspect, Topic, Verdict
from sizing.request import GpuId, Precision


def _ask(topic, *gpus, **fields):
    return answer_question(Question(topic, gpus=tuple(gpus), **fields))


def _point(answer, fact):
    return next(p for p in (answer.short, *answer.points) if p.fact is fact)


@pytest.mark.parametrize("topic", list(Topic))
@pytest.mark.parametrize("gpu", [None, *GpuId])
def test_every_topic_answers_for_every_gpu(topic, gpu):
    """Each topic answers with or without a GPU named, B200 (unpriced) included."""
    answer = answer_question(Question(topic, gpus=(gpu,) if gpu else ()))
    assert answer.topic is topic
    assert answer.short.fact in Fact
    assert answer.actions
    assert answer.prices_as_of is not None


def test_mi355x_is_better_on_hardware_by_the_page_ratios():
    """FAQ 1: ~2x memory, ~1.7x bandwidth, ~2.5x FP8/BF16; H200 safer for CUDA-only code."""
    answer = _ask(Topic.FAQ_BETTER, GpuId.MI355X, GpuId.H200)
    assert answer.verdict is Verdict.YES
    ratios = answer.short.values
    assert round(ratios["memory_ratio"], 1) == 2.0
    assert round(ratios["bandwidth_ratio"], 1) == 1.7
    assert round(ratios["compute_ratio"], 1) == 2.5
    assert _point(answer, Fact.SAFER_FOR_CUDA).values["gpu"] == "h200"
    assert _point(answer, Fact.CHEAPER_SERVER).values["difference_usd"] == Decimal(4000)


def test_asking_the_other_way_round_says_no():
    """Asking "is H200 better than MI355X?" gets "no" with the same ratios."""
    answer = _ask(Topic.FAQ_BETTER, GpuId.H200, GpuId.MI355X)
    assert answer.verdict is Verdict.NO
    assert answer.short.values["gpu"] == "mi355x"
    assert round(answer.short.values["memory_ratio"], 1) == 2.0


def test_70b_on_one_h200_fits_in_fp8_but_needs_two_in_bf16():
    """FAQ 2: FP8 ~70 GB of weights and ~70 GB left; BF16 ~140 GB, so two H200s (a server)."""
    answer = _ask(Topic.FAQ_70B_SINGLE_H200)
    assert answer.verdict is Verdict.PARTLY
    assert answer.short.fact is Fact.FITS_IN_PRECISION
    assert answer.short.values["weights_gb"] == 70
    assert 70 <= answer.short.values["room_gb"] < 75
    bf16 = _point(answer, Fact.NEEDS_MORE_GPUS)
    assert (bf16.values["weights_gb"], bf16.values["gpus_count"]) == (140, 2)
    assert set(bf16.values["any_names"]) == {"mi355x", "b200"}
    assert _point(answer, Fact.TWO_GPUS_MEAN_SERVER).values["plan"] == "h200-8x"
    assert _point(answer, Fact.KV_EXAMPLE).values["contexts_count"] == 3
    offer = _point(answer, Fact.PLAN_OFFER)
    assert (offer.values["plan"], offer.values["monthly_usd"]) == ("h200-1x", Decimal(3090))
    assert [a.plan for a in answer.actions if a.plan] == ["h200-1x"]


def test_70b_on_one_mi355x_fits_in_both_precisions():
    """The same question about MI355X: BF16 fits too, about 10 full 128K contexts in FP8."""
    answer = _ask(Topic.FAQ_70B_SINGLE_H200, GpuId.MI355X)
    assert answer.verdict is Verdict.YES
    assert _point(answer, Fact.KV_EXAMPLE).values["contexts_count"] == 10


def test_h200_has_no_native_fp4_but_stores_4bit_weights():
    """FAQ 3: not natively (lowest FP8); weight-only AWQ/GPTQ; MI355X has MXFP4 and MXFP6."""
    answer = _ask(Topic.NATIVE_FORMATS, GpuId.H200, precision=Precision.FP4)
    assert answer.verdict is Verdict.NO
    assert answer.short.values["lowest"] == "fp8"
    assert _point(answer, Fact.WEIGHT_ONLY).values["any_names"] == ("awq", "gptq")
    other = _point(answer, Fact.OTHER_HAS_NATIVE)
    assert other.values["gpu"] == "mi355x"
    assert other.values["names"] == ("mxfp4", "mxfp6")
    assert other.values["tflops"] == 10_100


def test_mi355x_computes_fp4_natively():
    """MI355X: FP4 natively at 10,100 TFLOPS, OCP microscaling formats."""
    answer = _ask(Topic.NATIVE_FORMATS, GpuId.MI355X, precision=Precision.MXFP4)
    assert answer.verdict is Verdict.YES
    assert answer.short.values["tflops"] == 10_100
    assert _point(answer, Fact.OCP_MICROSCALING)


def test_moving_to_mi355x_keeps_pytorch_and_vllm_and_ports_kernels():
    """FAQ 4: PyTorch/vLLM usually unchanged; custom kernels to HIP; TensorRT-LLM replaced."""
    answer = _ask(Topic.FAQ_MIGRATE, GpuId.H200, GpuId.MI355X)
    assert answer.short.values["any_names"] == ("pytorch", "vllm")
    assert _point(answer, Fact.NEEDS_PORT).values["target"] == "hip"
    assert "tensorrt_llm" in _point(answer, Fact.NOT_AVAILABLE).values["names"]
    assert _point(answer, Fact.TORCH_CUDA_INTERFACE)


def test_deepseek_class_fits_both_servers_with_the_page_kv_room():
    """FAQ 5: 671 GB in FP8 on both; ~1.6 TB vs ~450 GB of KV room; BF16 only on MI355X."""
    answer = _ask(Topic.FAQ_DEEPSEEK)
    assert answer.short.fact is Fact.BOTH_SERVERS_HOLD
    assert answer.short.values["weights_gb"] == 671
    room = _point(answer, Fact.KV_ROOM_SERVERS).values
    assert (room["plan"], room["other_plan"]) == ("mi355x-8x", "h200-8x")
    assert 1600 <= room["room_gb"] < 1700
    assert 450 <= room["other_room_gb"] < 460
    bf16 = _point(answer, Fact.ONLY_ONE_SERVER_HOLDS).values
    assert (bf16["plan"], bf16["weights_gb"]) == ("mi355x-8x", 1342)
    assert 960 <= bf16["room_gb"] < 970


def test_mi355x_is_rented_only_as_the_whole_server():
    """One MI355X: no, the 8-GPU server at $19,900; a single H200 at $3,090 instead."""
    answer = _ask(Topic.WHOLE_SERVER_ONLY, GpuId.MI355X)
    assert answer.verdict is Verdict.NO
    assert answer.short.values["gpus_count"] == 8
    assert answer.short.values["monthly_usd"] == Decimal(19900)
    assert _point(answer, Fact.SINGLE_GPU_ALTERNATIVE).values["monthly_usd"] == Decimal(3090)
    assert _ask(Topic.WHOLE_SERVER_ONLY, GpuId.H200).verdict is Verdict.YES
    assert _ask(Topic.WHOLE_SERVER_ONLY, GpuId.B200).short.fact is Fact.NO_PLAN_PRICE


def test_single_h200s_are_never_joined_into_one_model():
    """Single H200s are separate machines; the HGX server is the way to split a model."""
    answer = _ask(Topic.SINGLE_H200_CLUSTER, GpuId.H200)
    assert answer.verdict is Verdict.NO
    assert _point(answer, Fact.SINGLES_COST).values["three_usd"] == Decimal(9270)
    assert _point(answer, Fact.SERVER_FOR_ONE_MODEL).values["plan"] == "h200-8x"


def test_delivery_days_and_stock_come_from_the_plans():
    """MI355X: limited, 7 business days, date shown before payment; H200: 1 and 3 days."""
    answer = _ask(Topic.DELIVERY, GpuId.MI355X)
    assert answer.short.values == {
        "plan": "mi355x-8x",
        "availability": "limited",
        "delivery_days": 7,
    }
    assert _point(answer, Fact.DATE_BEFORE_PAYMENT).values["plan"] == "mi355x-8x"
    every = _ask(Topic.DELIVERY)
    days = {
        p.values["plan"]: p.values["delivery_days"]
        for p in (every.short, *every.points)
        if p.fact is Fact.PLAN_DELIVERY
    }
    assert days["h200-1x"] == 1
    assert days["h200-8x"] == 3


def test_terms_and_policies_come_from_the_knowledge_file():
    """One month minimum, cancel any month, 6-12 month terms on request, crypto, private net."""
    assert _ask(Topic.MINIMUM_TERM).short.values["minimum_months"] == 1
    longer = _ask(Topic.LONGER_TERMS)
    assert (longer.short.values["min_months"], longer.short.values["max_months"]) == (6, 12)
    assert _point(_ask(Topic.BILLING), Fact.PAYMENT_CRYPTO)
    assert _ask(Topic.PRIVATE_NETWORK).verdict is Verdict.YES
    assert _ask(Topic.ROCM_IMAGE).verdict is Verdict.YES


def test_software_items_are_judged_by_the_stack():
    """On MI355X: vLLM runs, custom kernels need a port, TensorRT-LLM and CUDA are missing."""
    verdicts = {
        item: _ask(Topic.SOFTWARE, GpuId.MI355X, software=item).verdict
        for item in ("vllm", "custom_cuda_kernels", "tensorrt_llm", "cuda")
    }
    assert verdicts == {
        "vllm": Verdict.YES,
        "custom_cuda_kernels": Verdict.PARTLY,
        "tensorrt_llm": Verdict.NO,
        "cuda": Verdict.NO,
    }
    assert _ask(Topic.SOFTWARE, GpuId.H200, software="tensorrt_llm").verdict is Verdict.YES


def test_a_spec_question_gives_the_figure_and_the_card():
    """MI355X bandwidth: 8 TB/s, with the GPU's card and its plan."""
    answer = _ask(Topic.GPU_SPEC, GpuId.MI355X, spec=SpecAspect.BANDWIDTH)
    assert answer.short.values["bandwidth_tb_s"] == 8.0
    assert answer.card is not None
    assert [p.id for p in answer.card.plans] == ["mi355x-8x"]
    mesh = _ask(Topic.GPU_SPEC, GpuId.MI355X, spec=SpecAspect.INTERCONNECT).short.values
    assert (mesh["links_count"], mesh["link_gb_s"]) == (7, 153.6)


def test_answers_that_name_a_price_say_so():
    """Answers quoting a price carry the prices' date; others do not claim to."""
    assert _ask(Topic.WHOLE_SERVER_ONLY, GpuId.MI355X).quotes_prices
    assert not _ask(Topic.PRIVATE_NETWORK).quotes_prices
