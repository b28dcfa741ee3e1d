"""Precision, GPUs, CUDA-only, native FP4 and generic model sizes, in many spellings."""

from __future__ import annotations

import pytest

from bot.understand import parse_message, parsed_to_json

PRECISIONS = [
    ("llama 70b bf16", "bf16", None),
    ("llama 70b in bfloat16", "bf16", None),
    ("llama 70b fp16", "fp16", None),
    ("llama 70b at half precision", "bf16", None),
    ("llama 70b 半精度", "bf16", None),
    ("llama 70b в половинной точности", "bf16", None),
    ("llama 70b 반정밀도", "bf16", None),
    ("llama 70b en media precisión", "bf16", None),
    ("llama 70b em meia precisão", "bf16", None),
    ("llama 70b mit halber Genauigkeit", "bf16", None),
    ("llama 70b en demi-précision", "bf16", None),
    ("llama 70b FP8", "fp8", None),
    ("llama 70b e4m3", "fp8", None),
    ("llama 70b int8", "int8", None),
    ("llama 70b 8bit", "int8", None),
    ("llama 70b 8-bit", "int8", None),
    ("llama 70b w8a8", "int8", None),
    ("llama 70b mxfp6", "fp6", None),
    ("llama 70b e3m2", "fp6", None),
    ("llama 70b e2m3", "fp6", None),
    ("llama 70b fp4", "fp4", None),
    ("llama 70b mxfp4", "fp4", "mxfp4"),
    ("llama 70b NVFP4", "fp4", "nvfp4"),
    ("llama 70b int4", "int4", None),
    ("llama 70b 4bit", "int4", None),
    ("llama 70b 4-bit", "int4", None),
    ("llama 70b AWQ", "int4", None),
    ("llama 70b gptq", "int4", None),
    ("llama 70b q4_k_m", "int4", None),
    ("llama 70b w4a16", "int4", None),
    ("llama 70b int4量化", "int4", None),
    ("ｌｌａｍａ ７０ｂ ＦＰ８", "fp8", None),
]


@pytest.mark.parametrize(("text", "precision", "variant"), PRECISIONS)
def test_precision_spellings(text, precision, variant):
    """Every spelling maps to one precision; the FP4 block format is kept as the variant."""
    said = parsed_to_json(parse_message(text))  # the family and the variant, as DESIGN.md has them
    assert (said.get("precision"), said.get("precision_variant")) == (precision, variant)


def test_the_first_precision_named_wins():
    """'fp8 or bf16?' asks about fp8 first."""
    assert parse_message("llama 70b fp8 or bf16?").facts.precision == "fp8"


def test_kv_cache_dtype_is_not_the_weight_precision():
    """'fp8 kv cache' sets the KV dtype and leaves the weights to the other mention."""
    parsed = parse_message("llama 70b bf16 weights with fp8 kv cache")
    assert (parsed.facts.precision, parsed.facts.kv_dtype) == ("bf16", "fp8")


GPUS = [
    ("llama 70b on h200", ("h200",)),
    ("llama 70b on 8xH200", ("h200",)),
    ("llama 70b on an HGX H200", ("h200",)),
    ("llama 70b 8卡H200服务器", ("h200",)),
    ("llama 70b on mi355x", ("mi355x",)),
    ("llama 70b on MI355", ("mi355x",)),
    ("llama 70b on mi-355x", ("mi355x",)),
    ("llama 70b on AMD Instinct MI355X", ("mi355x",)),
    ("llama 70b on b200", ("b200",)),
    ("llama 70b: mi355x or h200 or b200?", ("mi355x", "h200", "b200")),
    ("llama 70b h200 h200 h200", ("h200",)),
    ("llama 70b on H100", ()),
    ("llama 70b on GH200", ()),
    ("llama 70b on GB200", ()),
]


@pytest.mark.parametrize(("text", "gpus"), GPUS)
def test_gpus_in_order_of_mention(text, gpus):
    """Only our three GPUs count, each once, in the order named."""
    assert parse_message(text).facts.gpus == gpus


CUDA = [
    ("llama 70b, only CUDA", True),
    ("llama 70b, CUDA only please", True),
    ("llama 70b, we need CUDA", True),
    ("llama 70b, no ROCm", True),
    ("llama 70b 只能用 CUDA", True),
    ("llama 70b 不要 ROCm", True),
    ("llama 70b, только CUDA", True),
    ("llama 70b、CUDA必須です", True),
    ("llama 70b CUDA만 가능", True),
    ("llama 70b solo cuda", True),
    ("llama 70b apenas CUDA", True),
    ("llama 70b nur CUDA", True),
    ("llama 70b uniquement CUDA", True),
    ("llama 70b, ROCm is fine", False),
    ("llama 70b, ROCm 也可以", False),
    ("llama 70b, ROCm подойдёт", False),
    ("llama 70b, ROCmでも大丈夫", False),
    ("llama 70b, ROCm 괜찮아요", False),
    ("llama 70b, we don't need CUDA", False),
    ("llama 70b on mi355x", None),
]


@pytest.mark.parametrize(("text", "cuda_only"), CUDA)
def test_cuda_only_and_rocm_is_fine(text, cuda_only):
    """CUDA-only is read in ten languages; "ROCm is fine" says false; silence says nothing."""
    assert parse_message(text).facts.cuda_only is cuda_only


@pytest.mark.parametrize(
    "text",
    [
        "llama 70b with native FP4",
        "llama 70b needs FP4 natively",
        "R1 需要 FP4 原生",
        "R1 原生 FP4",
        "R1 FP4 ネイティブ",
        "R1 FP4 네이티브 지원",
        "R1 con FP4 nativo",
        "R1 mit nativem FP4",
        "R1 em FP4 nativo",
        "R1 con soporte nativo de FP4",
        "R1 avec FP4 natif",
        "R1 нативный FP4",
    ],
)
def test_native_fp4_requirement(text):
    """Asking for native FP4 hardware is recorded in every language."""
    assert parse_message(text).facts.needs_native_fp4 is True


def test_fp4_alone_is_not_a_native_requirement():
    """Plain "fp4" is a precision, not a hardware requirement."""
    assert parse_message("llama 70b fp4").facts.needs_native_fp4 is None


GENERIC = [
    ("a 70B dense model", 70, None, False),
    ("we have a 671B MoE", 671, None, True),
    ("106B (12B active)", 106, 12, True),
    ("一个 235B 的 MoE，激活 22B", 235, 22, True),
    ("700亿参数的稠密模型", 70, None, False),
    ("МоЕ-модель на 480B, 35B активных", 480, 35, True),
    ("自社の8Bのdenseモデル", 8, None, False),
    ("un modelo MoE de 480B con 35B activos", 480, 35, True),
    ("um modelo denso de 14B", 14, None, False),
    ("ein dichtes 32B-Modell", 32, None, False),
    ("un modèle dense de 13B", 13, None, False),
    ("our own 7b model", 7, None, None),
]


@pytest.mark.parametrize(("text", "params_b", "active_b", "moe"), GENERIC)
def test_generic_sizes(text, params_b, active_b, moe):
    """A parameter count without a catalog name is read with its MoE facts."""
    parsed = parse_message(text)
    assert parsed.facts.model_id is None
    assert (parsed.facts.params_b, parsed.facts.active_params_b, parsed.facts.moe) == (
        params_b,
        active_b,
        moe,
    )


@pytest.mark.parametrize(
    ("text", "precision"),
    [
        ("llama 3.1 70b en 4 bits", "int4"),
        ("gemma 3 27b en 8 bits", "int8"),
        ("qwen3 32b 4-бит", "int4"),
        ("qwen3 32b 8ビット", "int8"),
        ("qwen3 32b 16 bits", "bf16"),
    ],
)
def test_bit_widths_in_plural_and_other_scripts(text, precision):
    """Plural "4 bits" (es, fr, pt), "бит" and "ビット" name the width like "4bit"."""
    assert parse_message(text).facts.precision == precision


@pytest.mark.parametrize(
    "text",
    [
        "kimi k2 int4 只能用英伟达的卡",
        "llama 70b, nvidia only",
        "llama 70b, только nvidia",
        "deepseek r1 fp8, CUDA obligatoire",
        "deepseek r1 fp8, CUDA es obligatorio",
        "deepseek r1 fp8, CUDA ist Pflicht",
        "llama 70b, rocm is not ok",
        "llama 70b, AMD是不行的",
    ],
)
def test_cuda_only_said_through_nvidia_or_mandatory_words(text):
    """NVIDIA named as the only platform, CUDA called mandatory, ROCm refused: CUDA only."""
    assert parse_message(text).facts.cuda_only is True


@pytest.mark.parametrize(
    "text",
    [
        "Mixtral 8x22B を ROCm で動かしても大丈夫です",
        "Kimi K2 int4 ROCm도 괜찮아요",
        "mixtral 8x22b, ROCm no es problema",
        "kimi k2 int4, ROCm ça nous va",
        "gpt-oss-120b, ROCm норм",
        "deepseek r1 用 ROCm 沒問題",
        "llama 70b, amd gpus would work too",
    ],
)
def test_rocm_is_fine_with_words_between(text):
    """ROCm called fine with a particle or a verb between: CUDA is not required."""
    assert parse_message(text).facts.cuda_only is False


@pytest.mark.parametrize(
    "text",
    ["llama 70b rocm 不可以", "llama 70b ROCm wouldn't be ok", "llama 70b ROCm ne convient pas"],
)
def test_a_negation_between_rocm_and_fine_is_not_rocm_fine(text):
    """A negation before the fine word ("ROCm 不可以") is never read as ROCm being fine."""
    assert parse_message(text).facts.cuda_only is not False


def test_needing_an_nvidia_gpu_is_not_cuda_only():
    """Needing an NVIDIA H200 names a GPU; only "only/just nvidia" restricts the platform."""
    assert parse_message("qwen3 32b, need nvidia h200").facts.cuda_only is None


@pytest.mark.parametrize(
    ("text", "cuda_only"),
    [
        ("Llama 3.1 70B for 30 users, our stack is all CUDA", True),
        ("we are locked into CUDA, qwen3 32b 64k", True),
        ("Mixtral 8x7B, nous sommes limités à CUDA", True),
        ("Qwen3 32B, a nossa infraestrutura é toda NVIDIA", True),
        ("DeepSeek V3, estamos limitados a CUDA", True),
        ("Llama 70B, wir sind auf CUDA beschränkt", True),
        ("Llama 70B, ROCm accepted, 64K", False),
        ("Kimi K2, ROCm aceptado", False),
        ("Kimi K2, ROCm aceito, 40 usuários", False),
        ("GLM 4.5 mit ROCm akzeptiert", False),
        ("Qwen3 235B, ROCmで使えるなら MI355X がいい", False),
        ("our stack is vLLM, llama 70b", None),
    ],
)
def test_a_platform_that_is_the_whole_stack_or_is_accepted(text, cuda_only):
    """A stack, a shop or a constraint that is CUDA requires it; ROCm "accepted" allows it."""
    assert parse_message(text).facts.cuda_only is cuda_only


@pytest.mark.parametrize(
    ("text", "kv_dtype", "precision"),
    [
        ("Llama 70B，FP8 的 KV，128k", "fp8", None),
        ("Llama 70B、FP8 の KV で 64k", "fp8", None),
        ("Qwen3 32B BF16 weights, fp8 for the kv", "fp8", "bf16"),
        ("DeepSeek V3，KV 缓存设为 FP8", "fp8", None),
        ("DeepSeek V3，KV 快取設定為 FP8，20 人", "fp8", None),
    ],
)
def test_a_format_said_of_the_kv_through_a_possessive_or_a_setting(text, kv_dtype, precision):
    """Through a possessive or a setting (FP8 的 KV, KV 设为 FP8): the cache's format."""
    parsed = parse_message(text)
    assert (parsed.facts.kv_dtype, parsed.facts.precision) == (kv_dtype, precision)
