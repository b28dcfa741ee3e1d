"""The seventy-first round: requests pasted from inside other tools.

Forms of labelled fields on one line or several ("Item: … | Qtd: 1 | Meses: 5", "品目：… / 台数：1台
/ 期間：2年") count their item and name their term; the total of such a row asked ("montant
total", "金額を教えて", "total at list") is its price, a discount beside it asked too; a pasted
thread's clock times ("Jason Lo  9:49 AM") count no one; a page or a ticket ("wiki/LLM-442")
and a container image ("vllm/vllm-openai:v0.8.4") are no model; the figure asked of an answer
said back is the clause's own; "왜 X가 아니죠?" asks why not X; "MI355X 8GPUサーバー ×1" counts
one server; a result's length per item ("Ergebnis pro Vertrag ~500 Tokens"); a deadline
restated after its words ("Deadline: Ende der Woche, also 3 Tage"); "Token pro Nutzer: ≥ 25/s"
in a form; "コードレビュー" as coding; "需要租多大的" asks the scale. Every example is written
for the test.
"""

from __future__ import annotations

import pytest

from bot.understand import parse_message, parsed_to_json


def _read(text, language=None):
    return parsed_to_json(parse_message(text, telegram_language=language))


@pytest.mark.parametrize(
    ("text", "language", "plans", "months"),
    [
        (
            (
                "Controle de custos:\nItem: MI355X 8 GPUs | Qtd: 2 | Meses: 7 | CC: 5510\n"
                "Qual o total?"
            ),
            "pt-BR",
            {"mi355x-8x": 2},
            7,
        ),
        (
            (
                "Bon de commande :\nDésignation : serveur HGX H200 | Qté : 3 | Durée : 10 mois\n"
                "Quel est le montant total ?"
            ),
            "fr",
            {"h200-8x": 3},
            10,
        ),
        (
            (
                "社内申請用です。\n品目：MI355X 8GPU サーバー\n台数：2台\n期間：6ヶ月\n"
                "金額を教えてください。"
            ),
            "ja",
            {"mi355x-8x": 2},
            6,
        ),
    ],
)
def test_a_forms_fields_count_the_item_and_name_the_term(text, language, plans, months):
    """Item and quantity apart in a form: that many of the item, for the term, priced."""
    found = _read(text, language)
    assert found.get("plan_counts") == plans
    assert found.get("months") == months
    assert found.get("intent") == "price"
    assert found.get("asked") == "price"


def test_a_rows_total_asked_beside_a_discount_is_its_price():
    """Said: "金額を教えて … 長期割引があればそれも": the total first, the discount with it."""
    found = _read(
        "稟議に使います。\n品目：HGX H200 サーバー\n台数：1台\n期間：3年\n金額を教えてください。"
        "長期割引があればそれも。",
        "ja",
    )
    assert found.get("intent") == "price"
    assert found.get("months") == 36


def test_a_total_at_list_price_is_the_price_asked():
    """Said: "total at list?" for one server over a term: its price."""
    found = _read(
        "Budget check: one HGX H200 box for 11 months, total at list? We negotiate discounts later."
    )
    assert found.get("intent") == "price"
    assert found.get("months") == 11


@pytest.mark.parametrize(
    ("text", "language"),
    [
        (
            (
                "Lena Park  11:32 AM\nwe'd like Qwen3-32B with 16k context\nTom Ruiz  11:34 AM\n"
                "what would that need?"
            ),
            "en",
        ),
        ("王磊 14:07\n想跑 Qwen3-32B，32K 上下文\n陈晨 14:09\n要租什么？", "zh-Hans"),
    ],
)
def test_a_pasted_threads_clock_times_count_no_one(text, language):
    """Said: "11:32 AM", "14:07": when each line was sent, no users at once."""
    assert "concurrency" not in _read(text, language)


@pytest.mark.parametrize(
    ("text", "language", "model"),
    [
        (
            (
                "Alert: p95 latency high\nrunbook: wiki/OPS-318\nWe run Qwen3-32B there; "
                "what would hold 40 users at 32k?"
            ),
            "en",
            "Qwen/Qwen3-32B",
        ),
        (
            (
                "image: lmsysorg/sglang:v0.5.2\ncommand: --model-path Qwen/Qwen3-32B --tp 2\n"
                "¿Lo mismo en una H200 con 20 usuarios?"
            ),
            "es",
            "Qwen/Qwen3-32B",
        ),
    ],
)
def test_pages_tickets_and_container_images_are_no_model(text, language, model):
    """A wiki page, a ticket's key, an image with its tag: the model named beside them stands."""
    found = _read(text, language)
    assert found.get("model") == model
    assert "hf_id" not in found or found["hf_id"] == model


def test_the_figure_asked_is_the_said_back_clauses_own():
    """A ticket titled "GPU見積もり" asks about the KV figure the answer gave, quoted."""
    found = _read(
        "【Jira】OPS-88 GPU見積もり\n先ほどの回答で「KVキャッシュ 約300GB」とありましたが、"
        "どう計算しましたか？",
        "ja",
    )
    assert found.get("lever") == "explain"
    assert found.get("asked") == "kv"


def test_why_not_asked_in_korean_with_the_gpu_between():
    """Said: "왜 MI355X 8GPU 서버 한 대가 아니죠?": why the answer left that out."""
    found = _read("추천이 H200 단일 3개던데, 왜 MI355X 8GPU 서버 한 대가 아니죠?", "ko")
    assert found.get("lever") == "why_not"


def test_a_results_length_per_item_is_the_answer_length():
    """Said: "Ergebnis pro Bericht ~300 Tokens": the output of each item of the job."""
    found = _read(
        "Wir wollen 50.000 Berichte à 4.000 Tokens mit Qwen3-32B zusammenfassen. Ergebnis pro "
        "Bericht ~300 Tokens. Frist: bis Freitag, also 2 Tage.",
        "de",
    )
    assert found.get("output_tokens") == 300
    assert found.get("deadline_hours") == 48


def test_each_users_speed_in_a_pasted_form():
    """Said: "| Token pro Nutzer | ≥ 20/s |": each user's speed, its bound before it."""
    found = _read(
        "| Kennzahl | Ziel |\n| Token pro Nutzer | ≥ 20/s |\n| TTFT | ≤ 1 s |\nModell: Qwen3-32B",
        "de",
    )
    assert found.get("tokens_per_user_tok_s") == 20


def test_a_speed_in_a_form_is_no_length():
    """Said: "output: 50 tok/s" is a speed, not answers of 50 tokens."""
    assert "output_tokens" not in _read("model: Qwen3-32B; output: 50 tok/s; avg in: 2000")


def test_code_review_is_coding():
    """Said: "コードレビュー" names the coding use."""
    found = _read(
        "開発者 200名、用途はコードレビュー。モデル未定です。GPUはどれくらい要りますか？", "ja"
    )
    assert found.get("use_case") == "coding"


def test_the_scale_to_rent_asked_in_chinese():
    """Said: "需要租多大的" asks how many GPUs."""
    found = _read("一共 20 亿 token 要打标签，用 Qwen3-8B，三天内跑完，需要租多大的？", "zh-Hans")
    assert found.get("asked") == "gpu_count"


def test_one_h200_or_more_in_spanish_holds_no_count():
    """Said: "¿Cabe en una sola H200 o necesito más?": the fit asked, no count held to."""
    assert "gpu_count" not in _read(
        "Qwen3-32B, 32k, 10 usuarios. ¿Cabe en una sola H200 o necesito más?", "es"
    )
