"""The slots of the second milestone, and the language a counter word must not flip.

KV dtype, engine, ROCm accepted, concurrency however phrased, sizes with large units.
"""

from __future__ import annotations

import pytest

from bot.understand import parse_message

KV = [
    ("llama 70b with fp8 kv cache, 64k", "fp8", None),
    ("DeepSeek V3.2，KV 缓存 FP8，权重保持原版", "fp8", None),
    ("KV-кэш в FP8, веса BF16, Llama 3.3 70B", "fp8", "bf16"),
    ("KVキャッシュだけFP8にして、重みはBF16のまま", "fp8", "bf16"),
    ("KV 캐시만 FP8로, Llama 3.1 70B", "fp8", None),
    ("Llama 3.3 70B con caché KV en FP8", "fp8", None),
    ("DeepSeek R1 in FP8, KV-Cache ebenfalls FP8", "fp8", "fp8"),
    ("vllm serve Qwen/Qwen3-32B --kv-cache-dtype fp8", "fp8", None),
    ("llama 70b, cache fp8, weights bf16", "fp8", "bf16"),
    ("llama 70b, кэш в fp8", "fp8", None),
    ("llama 70b, KV-Cache bitte in FP8", "fp8", None),
    ("qwen3 32b，缓存用 FP8", "fp8", None),
]


@pytest.mark.parametrize(("text", "kv_dtype", "precision"), KV)
def test_the_kv_cache_format_is_apart_from_the_weights(text, kv_dtype, precision):
    """A format said of the KV cache, before or after it, in any language, is ``kv_dtype``."""
    parsed = parse_message(text)
    assert (parsed.facts.kv_dtype, parsed.facts.precision) == (kv_dtype, precision)


@pytest.mark.parametrize(
    ("text", "engine"),
    [
        ("qwen3 32b with vLLM", "vllm"),
        ("MiniMax-M2.5 用 vLLM 跑", "vllm"),
        ("Step-3.7-Flash、SGLangで", "sglang"),
        ("deploy with sg-lang please", "sglang"),
        ("llama 70b on h200", None),
    ],
)
def test_the_serving_engine_when_named(text, engine):
    """Name vLLM and SGLang in their usual spellings; nothing when none is named."""
    assert parse_message(text).facts.engine == engine


@pytest.mark.parametrize(
    "text",
    [
        "we're OK with ROCm, glm-5 fp8",
        "we're fine w/ ROCm",
        "用 ROCm 也行，GLM-4.5",
        "ROCmで大丈夫です",
        "DeepSeek R1 na MI355X, pode ser ROCm",
        "ROCm ne nous dérange pas",
        "ROCm норм, нам без разницы",
        "AMD ist für uns kein Problem",
        "可以用 AMD 的卡",
    ],
)
def test_rocm_accepted_is_cuda_only_false(text):
    """Accepting ROCm (or AMD) in any language says CUDA is not required."""
    assert parse_message(text).facts.cuda_only is False


@pytest.mark.parametrize(
    "text",
    [
        "precisa ser CUDA. Qwen3 30B A3B FP8",
        "tem que ser CUDA, Llama 3.3 70B",
        "Bei uns geht nur CUDA. Qwen3 235B",
        "Es muss CUDA sein: Llama 3.1 70B",
        "Il nous faut du CUDA, Llama 3.1 405B",
        "tiene que ser solo CUDA: qwen3 32b",
    ],
)
def test_cuda_required_in_portuguese_german_french_and_spanish(text):
    """A CUDA requirement phrased in Portuguese, German, French or Spanish is read."""
    assert parse_message(text).facts.cuda_only is True


def test_cuda_named_in_a_question_about_code_is_no_requirement():
    """Require nothing of the platform for "Do I have to rewrite my CUDA code?"."""
    assert (
        parse_message("do I have to rewrite my CUDA code for the MI355X?").facts.cuda_only is None
    )


USERS = [
    ("need llama 3.3 70b for ~40 folks simultaneously", 40),
    ("qwen3 coder 480b for our dev team (~60 devs hitting it at once)", 60),
    ("Llama 3.1 8B, batch de 512", 512),
    ("并发改成 80 呢", 80),
    ("并发再加到 80 呢", 80),
    ("Llama 3.1 70B 要給 50 個使用者同時用", 50),
    ("MiniMax-M2.5 用 vLLM 跑，40 位使用者同時在線", 40),
    ("lama 3.3 70 b en awq pour une quarantaine d'utilisateurs", 40),
    ("qwen3 32b for forty users", 40),
    ("Qwen3-1.7B 엣지용인데 동시 1000명", 1000),
    ("gpt-oss-120b на 100 человек", 100),
]


@pytest.mark.parametrize(("text", "users"), USERS)
def test_concurrency_however_phrased(text, users):
    """Folks, devs at once, batch, 并发改成, 個/位使用者, number words, 명, человек."""
    assert parse_message(text).facts.concurrency == users


def test_months_are_no_count_of_users():
    """Read no concurrency of six in "6개월 약정" (a six-month term)."""
    assert parse_message("6개월 약정하면 할인 되나요?").facts.concurrency is None


@pytest.mark.parametrize(
    ("text", "params_b"),
    [
        ("1T param MoE, fp4", 1000),
        ("модель на 1 триллион параметров, MoE", 1000),
        ("一万亿参数的 MoE 模型", 1000),
        ("1.5兆パラメータのMoE", 1500),
        ("7천억 파라미터 MoE 모델", 700),
        ("modelo MoE de 1,2 billones de parámetros", 1200),
        ("Un MoE d'un billion de paramètres", 1000),
        ("Ein MoE mit 1,2 Billionen Parametern", 1200),
        ("um MoE de 2 trilhões de parâmetros", 2000),
        ("un modelo denso de 70 mil millones de parámetros", 70),
        ("a 1 billion parameter model", 1),
    ],
)
def test_sizes_with_large_units_in_every_language(text, params_b):
    """T, триллион, 万亿, 兆, 천억; billion is 10^12 in French, Spanish and German, 10^9 else."""
    assert parse_message(text).facts.params_b == params_b


@pytest.mark.parametrize("text", ["我們有 20 位使用者", "50 個使用者同時用", "40 位使用者同時在線"])
def test_traditional_counters_keep_traditional_chinese(text):
    """位使用者 and 個使用者 are Traditional Chinese: the answer stays in zh-Hant."""
    assert parse_message(text, telegram_language="zh-Hant").language == "zh-Hant"


@pytest.mark.parametrize(
    "text",
    [
        "qwen3 32b, we can't use ROCm",
        "qwen3 32b，不接受 AMD",
        "llama 70b, no AMD please",
        "llama 70b, не можем использовать AMD",
        "llama 70b, no podemos usar AMD",
    ],
)
def test_a_refused_rocm_is_cuda_only(text):
    """A negation before ROCm or AMD, through a verb or an acceptance word, requires CUDA."""
    assert parse_message(text).facts.cuda_only is True
