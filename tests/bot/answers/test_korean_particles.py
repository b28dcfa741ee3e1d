"""Korean answers put after each value the particle it takes, never the pair form written."""

import re

import pytest
from babel.messages.pofile import read_po

from bot.answers.i18n import LOCALES_DIR, localizer
from bot.answers.knowledge import render_knowledge
from bot.languages import LANGUAGES
from bot.reply import ChatContext
from sizing.knowledge.answer import answer_question
from tests.helpers.knowledge_questions import QUESTIONS

# The pair forms Korean catalogs write after a placeholder.
PAIR_FORM = re.compile(r"은\(는\)|이\(가\)|을\(를\)|과\(와\)|\(으\)로|\(이\)[가-힣]")

# Messages in Korean, with what their answer says; every value before a particle can be read.
ANSWERS = {
    # (the cheapest asked: the answer opens with its price)
    "Llama 3.1 8B 500명 동시 접속, 4k 컨텍스트, 제일 싼 거?": (
        "월 US$6,180: NVIDIA H200, 단일 GPU 머신 2대(가중치 BF16, KV 캐시 FP8)",
        "NVIDIA H200(단일 GPU 머신 3대, 월 US$9,270)이 필요합니다",
    ),
    "H200 한 장에 Llama 3.3 70B 올라가나요?": (
        "네, FP8 가중치를 쓰면 NVIDIA H200으로 충분합니다",
        "8× NVIDIA HGX H200(서버 1대, GPU 8개, 월 US$23,900)이 필요합니다",
    ),
    "DeepSeek V3 FP8 128K 사용자 20명": ("8× AMD Instinct MI355X로 충분합니다",),
    "DeepSeek-V3.2 돌릴건데 KV 캐시는 FP8, 컨텍스트 12만8천, 동시 요청 64개": (
        "데이터 병렬 어텐션을 쓰면",
    ),
    "Qwen3 235B 컨텍스트 256k": ("요청하신 컨텍스트는 256K이지만, Qwen3 235B-A22B는 개발사가",),
    "Step-3.7-Flash vLLM, KV 캐시 FP8, 12만 8천 토큰": ("Step 3.7 Flash는 최대",),
    "gpt-oss-120b 32k 컨텍스트 10명": ("NVIDIA H200으로 충분합니다",),
    "DeepSeek V4 Flash NVFP4 버전, B200, 네이티브 FP4 필요": (
        "8× NVIDIA B200으로 충분합니다",
        "MI355X는 NVFP4가 아니라",
    ),
    "MI355X 대 B200, 405B 라마엔 뭐가 좋아요": ("8× NVIDIA B200은 가격 별도 문의",),
    "월 예산 2만 달러로 Kimi K2.5 돌릴 수 있나요": ("SGLang은",),
    "MI355X랑 H200 중에 뭐가 나아요?": (
        "8× AMD Instinct MI355X는 8× NVIDIA HGX H200보다",
        "MI355X가 H200의",
    ),
    "/compare": ("MI355X가 H200의",),
    "/price": ("8× AMD Instinct MI355X",),
    "/price b200": ("B200",),
    "H200 메모리 얼마나 돼요?": ("H200은 GPU당 141GB HBM3e를 갖추며",),
    "H200에서 CUDA 커널 돌아가요?": ("커스텀 CUDA 커널은 H200에서", "H200은 H100과 같은"),
    "H200 FP4 네이티브 지원돼요?": ("H200이 연산하는",),
    "MI355X는 FP4를 지원하나요?": ("MI355X는 FP4를",),
    "MXFP4가 뭐예요?": ("MXFP4는",),
    "70B 모델을 H200 한 장에서 돌릴 수 있나요?": ("여러 H200으로",),
}


def _shown(reply):
    buttons = [button.text for row in reply.buttons for button in row]
    return [reply.html, reply.text, reply.detail_html or "", *buttons]


@pytest.mark.parametrize("message", sorted(ANSWERS))
def test_korean_answers_choose_each_particle_by_the_value_before_it(pipeline, message):
    """Sizing, compare, price and knowledge answers read "H200으로", "H200은", "MI355X는"."""
    reply = pipeline.respond(message, ChatContext(language="ko")).reply
    assert reply.language == "ko"
    for shown in _shown(reply):
        assert not PAIR_FORM.search(shown), PAIR_FORM.search(shown)
    for phrase in ANSWERS[message]:
        assert phrase in reply.text, (phrase, reply.text)
        assert phrase in reply.html.replace("<b>", "").replace("</b>", ""), (phrase, reply.html)


def test_korean_buttons_choose_their_particle_too(pipeline):
    """A knowledge answer's compare button reads "H200과 MI355X 비교"."""
    reply = pipeline.respond("H200에서 CUDA 커널 돌아가요?", ChatContext(language="ko")).reply
    labels = [button.text for row in reply.buttons for button in row]
    assert "H200과 MI355X 비교" in labels


def test_every_korean_knowledge_answer_resolves_its_particles():
    """Every topic, GPU, format and software item, in Korean, leaves no pair form unresolved."""
    loc = localizer("ko")
    for question in QUESTIONS:
        reply = render_knowledge(loc, answer_question(question))
        for shown in _shown(reply):
            found = PAIR_FORM.search(shown)
            assert found is None, (question, shown[max(0, found.start() - 40) : found.end()])


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "ko"])
def test_other_languages_keep_their_text_as_written(language):
    """Only Korean text is rewritten: a pair form elsewhere is left as it is."""
    assert localizer(language).finish("H200은(는) (으)로") == "H200은(는) (으)로"


# A particle right after a placeholder (or after a bracket that follows one), written in one form.
_PLACEHOLDER = r"%\(\w+\)s"
_SINGLE_PARTICLE = re.compile(
    rf"{_PLACEHOLDER}(?:\((?![으이]\))(?:[^()]|{_PLACEHOLDER})*\))?"
    r"(?:(?:은|는|이|가|을|를|과|와)(?![가-힣(])|으?로|이?라면|이?라서|이며|이고|이지만|이므로)"
)


def test_the_korean_catalog_writes_particles_after_placeholders_as_pairs():
    """After a placeholder a particle is a pair ("은(는)", "(으)로"): the value picks the form."""
    with (LOCALES_DIR / "ko" / "LC_MESSAGES" / "messages.po").open("rb") as po:
        catalog = read_po(po)
    single = [
        found.group()
        for message in catalog
        if message.id
        for text in (message.string if isinstance(message.string, tuple) else (message.string,))
        for found in _SINGLE_PARTICLE.finditer(text)
    ]
    assert not single, single
