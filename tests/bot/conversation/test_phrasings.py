"""The phrasings fresh customer text showed missed, through the real pipeline, in many languages.

A cheaper lever said otherwise and CUDA put as a condition act on the plan on the table; a
whole year multiplies it out; single machines named by any word beside a server add up as one
fleet; a letter to our staff or the customer's own sales team is sized, not handed over; a
model we do not size asked "which GPU?" gets the scope answer; hardware we do not rent
compared with ours is said so beside the nearest plan; a company's head count is turned into
users at peak.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.answers.i18n import localizer
from bot.reply import ChatContext
from sizing import SizingRequest, size_deployment

LLAMA = "meta-llama/Llama-3.3-70B-Instruct"
SIZED = {
    "en": "Llama 3.3 70B 128K 10 users",
    "de": "Llama 3.3 70B 128K 10 Nutzer",
    "ja": "Llama 3.3 70B を 128K コンテキスト、同時 10 ユーザーで",
    "es": "Llama 3.3 70B 128K 10 usuarios",
    "ko": "Llama 3.3 70B 128K 컨텍스트 사용자 10명",
    "zh-Hant": "Llama 3.3 70B，128K 上下文，10 個使用者",
    "fr": "Llama 3.3 70B, contexte 128K, 10 utilisateurs",
    "ru": "Llama 3.3 70B 128K 10 пользователей",
    "pt-BR": "Llama 3.3 70B 128K 10 usuários",
}


def _talk(pipeline, language, *messages):
    chat = ChatContext(chat_id=9, telegram_language=language)
    turns = []
    for text in messages:
        turns.append(pipeline.respond(text, chat))
        chat = turns[-1].chat
    return turns


def _monthly(**changes):
    asked = {"model_id": LLAMA, "context_tokens": 131072, "concurrency": 10}
    answer = size_deployment(SizingRequest(**{**asked, **changes}))
    return answer.options[answer.recommended_index].price.monthly_usd


def _money(language, amount):
    return localizer(language).formatter.money(Decimal(amount))


@pytest.mark.parametrize(
    ("language", "asked"),
    [
        ("en", "anything less pricey?"),
        ("ja", "もっと手頃なプランは？"),
        ("es", "¿hay algo más asequible?"),
        ("ko", "저렴한 구성은 없나요?"),
        ("zh-Hant", "有比較便宜的選擇嗎？"),
    ],
)
def test_cheaper_said_otherwise_answers_the_lever(pipeline, language, asked):
    """Cheaper in other words ("less pricey", "お手頃") pulls the lever on the plan on the table."""
    reply = _talk(pipeline, language, SIZED[language], asked)[-1].reply
    assert (reply.language, reply.data["lever"]) == (language, "cheaper")
    assert _money(language, _monthly()) in reply.text.splitlines()[0]


@pytest.mark.parametrize(
    ("language", "asked"),
    [
        ("en", "and what if we're stuck with CUDA?"),
        ("fr", "et si on doit rester sur CUDA ?"),
        ("pt-BR", "e se tiver que ser CUDA?"),
        ("ru", "а если нам можно только CUDA?"),
        ("ko", "쿠다만 된다면?"),
    ],
)
def test_cuda_as_a_condition_keeps_the_plan_and_says_so(pipeline, language, asked):
    """The plan on the table already runs on CUDA: the same plan, CUDA kept for what follows."""
    turns = _talk(pipeline, language, SIZED[language], asked)
    reply = turns[-1].reply
    assert (reply.kind, reply.language) == ("size", language)
    assert turns[-1].chat.last_request.cuda_only is True
    assert _money(language, _monthly(cuda_only=True)) in reply.text.splitlines()[0]


@pytest.mark.parametrize(
    ("language", "asked"),
    [
        ("en", "and for a whole year?"),
        ("de", "und für ein volles Jahr?"),
        ("es", "¿y por un año completo?"),
        ("ja", "1年契約の場合はいくら？"),
    ],
)
def test_a_whole_year_multiplies_the_plan_out(pipeline, language, asked):
    """A whole year, or a one-year contract, is the plan on the table for 12 months."""
    reply = _talk(pipeline, language, SIZED[language], asked)[-1].reply
    assert reply.data["total"]["months"] == 12
    assert _money(language, _monthly() * 12) in reply.text.splitlines()[0]


@pytest.mark.parametrize(
    ("language", "asked"),
    [
        ("en", "2 standalone H200 VMs and one HGX H200 server, what's the monthly total?"),
        ("zh-Hant", "2 部單卡 H200 加 1 台 HGX H200，每月合計多少？"),
        ("ja", "H200単体を2台とHGX H200サーバー1台、月額いくら？"),
        ("ko", "단일 H200 2대와 HGX H200 서버 1대 월 비용은?"),
        ("fr", "2 H200 seules et un serveur HGX H200, combien par mois ?"),
    ],
)
def test_single_machines_beside_a_server_add_up(pipeline, language, asked):
    """Two single H200 machines and one HGX server: US$6,180 + US$23,900 = US$30,080 a month."""
    reply = _talk(pipeline, language, asked)[-1].reply
    lines = reply.data["total"]["lines"]
    assert sorted((line["plan"], line["units"]) for line in lines) == [
        ("h200-1x", 2),
        ("h200-8x", 1),
    ]
    assert reply.data["total"]["monthly_usd"] == "30080"
    assert _money(language, 30080) in reply.text.splitlines()[0]


@pytest.mark.parametrize(
    ("language", "text"),
    [
        (
            "ja",
            "ご担当者様\nLlama 3.3 70B を 128K コンテキスト、同時 10 ユーザーで運用したいです。",
        ),
        ("ko", "담당자님께, Llama 3.3 70B 128K 컨텍스트 사용자 10명으로 서비스하려고 합니다."),
        ("de", "Sehr geehrte Damen und Herren, Llama 3.3 70B mit 128K Kontext für 10 Nutzer."),
        ("es", "Nuestro equipo de ventas lo usará: Llama 3.3 70B, 128K, 10 usuarios"),
    ],
)
def test_a_letter_to_our_staff_or_the_customers_sales_team_is_sized(pipeline, language, text):
    """A salutation to our staff or the customer's own sales team: the sizing, no hand-off."""
    reply = _talk(pipeline, language, text)[-1].reply
    assert (reply.kind, reply.language) == ("size", language)
    assert _money(language, _monthly()) in reply.text


@pytest.mark.parametrize(
    ("language", "text", "kind"),
    [
        ("ko", "Wan 2.1로 동영상 생성을 하려는데 GPU 뭐가 필요해요?", "video"),
        ("pt-BR", "Queremos rodar Whisper para transcrição. Qual GPU?", "speech"),
        ("ru", "Нужен реранкер bge-reranker-v2-m3, сколько GPU?", "reranker"),
        ("fr", "Vous pouvez dimensionner bge-m3 pour 4 millions de textes par jour ?", "embedding"),
    ],
)
def test_a_model_we_do_not_size_asked_which_gpu_gets_the_scope(pipeline, language, text, kind):
    """Which GPU for a video, speech, reranker or embedding model: the scope answer."""
    reply = _talk(pipeline, language, text)[-1].reply
    assert (reply.kind, reply.language) == ("offer", language)
    assert reply.data["model_kind"] == kind


@pytest.mark.parametrize(
    ("language", "text", "lead"),
    [
        (
            "en",
            "compared with an H100, how is your H200 different?",
            "We don't rent the NVIDIA H100",
        ),
        ("ja", "H100と比べてH200はどう違う？", "NVIDIA H100 SXM はレンタルしていません"),
        ("es", "¿en qué se diferencia su H200 de una H100?", "No alquilamos la NVIDIA H100"),
    ],
)
def test_hardware_we_do_not_rent_against_ours_is_said_so(pipeline, language, text, lead):
    """Not rented, then the nearest plan we rent against it: never the H200 against the MI355X."""
    reply = _talk(pipeline, language, text)[-1].reply
    assert (reply.kind, reply.language) == ("offer", language)
    assert reply.text.startswith(lead)
    assert "141" in reply.text  # the H200's memory
    assert "80" in reply.text  # against the H100's


@pytest.mark.parametrize(
    ("language", "text"),
    [
        ("fr", "Nous sommes une boîte de 400 personnes, Llama 3.3 70B en 128K pour un assistant"),
        ("es", "Somos una compañía de 400 personas: Llama 3.3 70B con 128K para un asistente"),
        ("pt-BR", "Somos uma firma de 400 pessoas, Llama 3.3 70B com 128K para um assistente"),
    ],
)
def test_a_companys_head_count_is_sized_at_its_peak(pipeline, language, text):
    """400 staff are 40 users at peak (10%), said first, never 400 users at once."""
    reply = _talk(pipeline, language, text)[-1].reply
    assert reply.data["request"]["concurrency"] == 40
    assert "400" in reply.text.splitlines()[0]
