"""Weight bytes by format: bits per parameter, 16-bit groups, releases, MTP, calibration."""

from fractions import Fraction

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from sizing.errors import InvalidRequestError
from sizing.model import generic_model, get_model, load_models, weights_bytes
from sizing.model.formats import BITS_PER_PARAM, bits_per_param, resolve_precision
from sizing.request import Precision
from sizing.speed import load_calibration

LLAMA_70B = "meta-llama/Llama-3.1-70B-Instruct"
# What one real H200 measured loading Llama 3.x 70B in FP8 (the reference folder's
# h200-measured.json, row llama3_70b_fp8): the parameters the checkpoint holds and the bytes
# its weights took. The engine's calibration carries the bytes as one of its points.
MEASURED_LLAMA_70B_FP8 = {"params": 70_552_387_584, "weights_bytes": 72_653_733_888}


def _sixteen_bit_params(model):
    p = model.params
    return p.embedding + p.lm_head + p.norms + p.router + p.vision


@pytest.mark.parametrize(
    ("precision", "bits"),
    [
        (Precision.BF16, 16),
        (Precision.FP16, 16),
        (Precision.FP8, 8),
        (Precision.INT8, 8),
        (Precision.FP6, 6.25),
        (Precision.MXFP4, 4.25),
        (Precision.NVFP4, 4.5),
    ],
)
def test_bits_per_parameter(precision, bits):
    """Each format's storage bits include its scales (MXFP4 4.25, NVFP4 4.5, MXFP6 6.25)."""
    assert bits_per_param(precision) == Fraction(bits)


def test_int4_group_128_is_about_4_16_bits():
    """AWQ/GPTQ with group 128 costs ~4.16 bits per weight."""
    assert float(bits_per_param(Precision.INT4)) == pytest.approx(4.16, abs=0.01)


def test_generic_fp4_resolves_to_the_gpu_format_or_mxfp4():
    """fp4 means NVFP4 on a GPU whose format it is, MXFP4 otherwise."""
    assert resolve_precision(Precision.FP4) is Precision.MXFP4
    assert resolve_precision(Precision.FP4, Precision.NVFP4) is Precision.NVFP4
    assert resolve_precision(Precision.FP8, Precision.NVFP4) is Precision.FP8
    with pytest.raises(InvalidRequestError):
        resolve_precision(Precision.FP4, Precision.FP8)
    model = get_model(LLAMA_70B)
    nvfp4 = weights_bytes(model, Precision.NVFP4)
    assert weights_bytes(model, Precision.FP4, gpu_fp4_format=Precision.NVFP4) == nvfp4


def test_llama_70b_fp8_matches_the_h200_measurement():
    """FP8 linear layers plus BF16 embeddings and head equal the measured bytes within 0.5%."""
    measured = MEASURED_LLAMA_70B_FP8
    model = get_model(LLAMA_70B)
    assert model.total_params == pytest.approx(measured["params"], rel=0.005)
    assert weights_bytes(model, Precision.FP8) == pytest.approx(
        measured["weights_bytes"], rel=0.005
    )


def test_the_calibration_carries_the_measured_weight_bytes():
    """The engine's calibration point for these bytes is the measurement this test holds."""
    points = [p for p in load_calibration().points if p.row == "llama3_70b_fp8.weights_bytes"]
    assert [p.value for p in points] == [MEASURED_LLAMA_70B_FP8["weights_bytes"]]


def test_quantizing_keeps_embeddings_head_and_norms_at_16_bits():
    """In FP8, linear layers take one byte and the rest stays two bytes per parameter."""
    model = get_model(LLAMA_70B)
    keep = _sixteen_bit_params(model)
    linear = model.total_params - keep
    assert weights_bytes(model, Precision.FP8) == linear + 2 * keep
    assert weights_bytes(model, Precision.BF16) == 2 * model.total_params


def test_gpt_oss_release_quantizes_only_the_experts():
    """gpt-oss in its MXFP4 release (or fp4) holds experts at 4.25 bits, the rest in BF16."""
    model = get_model("openai/gpt-oss-120b")
    experts = model.params.routed_experts
    rest = model.total_params - experts
    expected = -(-(experts * 17 + rest * 64) // 32)  # 4.25 and 16 bits, rounded up to bytes
    assert weights_bytes(model, Precision.MXFP4) == expected
    assert weights_bytes(model, Precision.FP4) == expected
    assert weights_bytes(model, Precision.FP8) < weights_bytes(model, Precision.BF16)
    assert weights_bytes(model, Precision.BF16) == 2 * model.total_params


def test_deepseek_fp8_release_adds_block_scales():
    """DeepSeek's FP8 release carries 128x128 block scales: slightly above one byte per weight."""
    model = get_model("deepseek-ai/DeepSeek-V3")
    fp8 = weights_bytes(model, Precision.FP8)
    int8 = weights_bytes(model, Precision.INT8)
    assert fp8 > int8
    linear = model.total_params - _sixteen_bit_params(model)
    assert fp8 - int8 == pytest.approx(linear * 32 / (128 * 128) / 8, rel=0.001)  # FP32 per block
    assert fp8 == pytest.approx(673e9, rel=0.01)


def test_moe_weights_count_every_expert():
    """MoE memory follows total parameters: DeepSeek V3 in BF16 is ~1.34 TB, not 37B worth."""
    model = get_model("deepseek-ai/DeepSeek-V3")
    assert weights_bytes(model, Precision.BF16) == 2 * model.total_params


def test_mtp_weights_only_when_asked():
    """MTP layers add their bytes only with include_mtp=True."""
    model = get_model("deepseek-ai/DeepSeek-V3")
    without = weights_bytes(model, Precision.FP8)
    with_mtp = weights_bytes(model, Precision.FP8, include_mtp=True)
    assert with_mtp - without == pytest.approx(model.params.mtp, rel=0.01)
    llama = get_model(LLAMA_70B)
    assert weights_bytes(llama, Precision.FP8, include_mtp=True) == weights_bytes(
        llama, Precision.FP8
    )


_MODELS = [*load_models(), generic_model(70), generic_model(671, moe=True)]
_BY_BITS = sorted(BITS_PER_PARAM, key=lambda p: BITS_PER_PARAM[p])


@given(
    model=st.sampled_from(_MODELS),
    pair=st.tuples(st.sampled_from(_BY_BITS), st.sampled_from(_BY_BITS)),
    include_mtp=st.booleans(),
)
def test_more_bits_never_need_fewer_bytes(model, pair, include_mtp):
    """Weights never shrink when the format has more bits per parameter."""
    low, high = sorted(pair, key=lambda p: BITS_PER_PARAM[p])
    assume(BITS_PER_PARAM[low] < BITS_PER_PARAM[high])  # same-width formats differ in scales
    assert weights_bytes(model, low, include_mtp=include_mtp) <= weights_bytes(
        model, high, include_mtp=include_mtp
    )
