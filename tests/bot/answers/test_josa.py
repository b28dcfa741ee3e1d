"""Korean particles follow the word before them: pair forms resolved on the values answers show."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.answers.josa import resolve_particles


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("H200은(는)", "H200은"),
        ("MI355X은(는)", "MI355X는"),
        ("B200은(는)", "B200은"),
        ("NVIDIA HGX H200이(가)", "NVIDIA HGX H200이"),
        ("8× AMD Instinct MI355X이(가)", "8× AMD Instinct MI355X가"),
        ("8× NVIDIA B200(으)로", "8× NVIDIA B200으로"),
        ("NVIDIA H200(으)로", "NVIDIA H200으로"),
        ("8× AMD Instinct MI355X(으)로", "8× AMD Instinct MI355X로"),
        ("FP8을(를)", "FP8을"),
        ("FP8(으)로", "FP8로"),
        ("BF16을(를)", "BF16을"),
        ("MXFP4을(를)", "MXFP4를"),
        ("NVFP4(이)라면", "NVFP4라면"),
        ("FP8(이)라면", "FP8이라면"),
        ("32K을(를)", "32K를"),
        ("128K(으)로", "128K로"),
        ("1M을(를)", "1M을"),
    ],
)
def test_gpus_plans_formats_and_contexts_take_the_particle_of_their_last_sound(written, read):
    """Plan names, GPUs, formats and contexts end as Korean reads them: 이백, 엑스, 팔, 케이."""
    assert resolve_particles(written) == read


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("Llama 3.3 70B Instruct은(는)", "Llama 3.3 70B Instruct는"),
        ("DeepSeek-V3은(는)", "DeepSeek-V3은"),
        ("Qwen3 235B-A22B은(는)", "Qwen3 235B-A22B는"),
        ("gpt-oss-120b은(는)", "gpt-oss-120b는"),
        ("Step 3.7 Flash은(는)", "Step 3.7 Flash는"),
        ("Mixtral 8x7B Instruct과(와)", "Mixtral 8x7B Instruct와"),
        ("Llama-3.3-Nemotron-Super-49B-v1은(는)", "Llama-3.3-Nemotron-Super-49B-v1은"),
        ("Kimi K2.5(이)며", "Kimi K2.5이며"),
        ("vLLM(으)로", "vLLM으로"),
        ("ROCm을(를)", "ROCm을"),
        ("SGLang은(는)", "SGLang은"),
        ("Qwen은(는)", "Qwen은"),
        ("Google(으)로", "Google로"),
        ("CUDA은(는)", "CUDA는"),
        ("HBM과(와)", "HBM과"),
    ],
)
def test_model_and_software_names_end_as_spoken(written, read):
    """A capital or a digit is read as a letter or a number; a lowercase ending as English."""
    assert resolve_particles(written) == read


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("1(으)로", "1로"),  # 일
        ("2(으)로", "2로"),  # 이
        ("3(으)로", "3으로"),  # 삼
        ("6(으)로", "6으로"),  # 육
        ("7(으)로", "7로"),  # 칠
        ("10(으)로", "10으로"),  # 십
        ("100을(를)", "100을"),  # 백
        ("1,000(으)로", "1,000으로"),  # 천
        ("20,000이(가)", "20,000이"),  # 만
        ("300000000을(를)", "300000000을"),  # 억
        ("2,000,000,000,000을(를)", "2,000,000,000,000를"),  # 조
        ("1.5(으)로", "1.5로"),  # 일 점 오
        ("3.0(으)로", "3.0으로"),  # 삼 점 영
        ("0을(를)", "0을"),  # 영
        ("345.2만(으)로", "345.2만으로"),
    ],
)
def test_numbers_are_read_in_sino_korean(written, read):
    """A figure ends in its last digit's word, or in the unit its zeros make (십, 백, 만, 조)."""
    assert resolve_particles(written) == read


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("141 GB이(가)", "141 GB가"),
        ("141GB이(가)", "141GB가"),
        ("1.6TB(으)로", "1.6TB로"),
        ("8 TB/s(으)로", "8 TB/s로"),
        ("43 tokens/s을(를)", "43 tokens/s를"),
        ("US$3,090을(를)", "US$3,090를"),
        ("US$23,900이(가)", "US$23,900가"),
        ("10%을(를)", "10%를"),
        ("2.5×(으)로", "2.5×로"),
        ("1,400W이(가)", "1,400W가"),
    ],
)
def test_units_percentages_and_dollars_end_in_their_words(written, read):
    """Units are read as words (기가바이트, 퍼센트, 배), dollar amounts with 달러 after them."""
    assert resolve_particles(written) == read


@pytest.mark.parametrize(
    ("written", "read"),
    [
        (
            "NVIDIA H200(단일 GPU 머신 1대, 월 US$3,090)이(가) 필요합니다",
            "NVIDIA H200(단일 GPU 머신 1대, 월 US$3,090)이 필요합니다",
        ),
        (
            "8× AMD Instinct MI355X(서버 1대, GPU 8개, 월 US$19,900)(으)로",
            "8× AMD Instinct MI355X(서버 1대, GPU 8개, 월 US$19,900)로",
        ),
        ("H200(월 (할인) US$3,090)은(는)", "H200(월 (할인) US$3,090)은"),
        ("DeepSeek-V3.1 NVFP4 (NVIDIA)은(는)", "DeepSeek-V3.1 NVFP4 (NVIDIA)는"),
        ("<b>H200</b>은(는)", "<b>H200</b>은"),
        ("<b>MI355X</b>(으)로", "<b>MI355X</b>로"),
        (
            '<a href="https://fullgpu.com">8× NVIDIA B200</a>이(가)',
            '<a href="https://fullgpu.com">8× NVIDIA B200</a>이',
        ),
        ("“MI355X”은(는)", "“MI355X”는"),
        ("&quot;H200&quot;은(는)", "&quot;H200&quot;은"),
        ("<i>H200</i>(141GB)과(와)", "<i>H200</i>(141GB)과"),
    ],
)
def test_a_particle_after_brackets_quotes_or_tags_follows_the_word_they_close(written, read):
    """Brackets are skipped to the word before them; quotes and HTML tags to the word inside."""
    assert resolve_particles(written) == read


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("캐시을(를) 쓰면", "캐시를 쓰면"),
        ("어텐션을(를) 쓰면", "어텐션을 쓰면"),
        ("커스텀 CUDA 커널은(는)", "커스텀 CUDA 커널은"),
        ("서울(으)로", "서울로"),
        ("H200 1장(으)로는", "H200 1장으로는"),
        ("사과(이)고", "사과이고"),
        ("사과(이)라서", "사과라서"),
        ("모델(이)지만", "모델이지만"),
    ],
)
def test_hangul_words_follow_their_final_consonant(written, read):
    """A syllable with a final takes 을, 은, 으로 (after ㄹ: 로), one without it 를, 는, 로."""
    assert resolve_particles(written) == read


@pytest.mark.parametrize(
    "written",
    [
        "은(는) 처음",
        "H200 은(는)",
        "(H200)은(는)",
        "chat은(는)",
        "Maverick을(를)",
        "2026. 11. 30.을(를)",
        "…이(가)",
        "日本語을(를)",
        "ㅋ이(가)",
    ],
)
def test_a_word_that_cannot_be_judged_keeps_the_pair_form(written):
    """No word, a space, a lone bracket, an English ending Korean spells both ways: no guess."""
    assert resolve_particles(written) == written


def test_the_copula_before_e_yo_is_left_alone():
    """(이)에요 becomes 예요 after a vowel, not 에요: it is not rewritten."""
    assert resolve_particles("H200(이)에요") == "H200(이)에요"


_PAIRS = {
    "은(는)": ("은", "는"),
    "이(가)": ("이", "가"),
    "을(를)": ("을", "를"),
    "과(와)": ("과", "와"),
    "(으)로": ("으로", "로"),
    "(이)라면": ("이라면", "라면"),
}
_WORDS = st.text(
    alphabet=st.sampled_from("가나다라마바사각난달람갑강H200MI355XFPbflo.,$% "),
    min_size=1,
    max_size=12,
)


@given(_WORDS, st.sampled_from(sorted(_PAIRS)))
def test_a_pair_form_becomes_one_of_its_forms_or_stays(word, pair):
    """Whatever the word, the pair is replaced by one of its two forms, or kept: nothing else."""
    resolved = resolve_particles(word + pair)
    assert resolved in {word + form for form in (*_PAIRS[pair], pair)}


@given(st.text(alphabet=st.characters(exclude_characters="(")))
def test_text_without_a_pair_form_is_unchanged(text):
    """Only pair forms are rewritten; a text without one comes back as it was."""
    assert resolve_particles(text) == text
