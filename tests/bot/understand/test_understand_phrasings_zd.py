"""The seventieth round: operations staff of plants, warehouses, shops and clinics.

Their messages count what their trade counts (stores, beds, sites, pallets an hour, pick lines
a day) beside what a deployment needs, so the round reads which number is which: sites counted
with a general counter ("매장 1,240개", "拠点6つ") and goods an hour are no users, servers nor
rates; a day's volume is no deadline; a sentence's end stops a budget word reaching a later
number, and a year ends a sentence; "one H200 or do we need more?" asks whether it fits; the
single-GPU plan named ("单卡H200套餐") is no count; staff counted "in all" (共, 合計, 총) and
trades (soignants, farmacêuticos); those who will use it said after the verb; papers of a trade
as a job's documents; a quarter counted in Korean, a longer term's discount asked beside the
term; the answer quoted "回答にあった「…」"; a format with its publisher ("FP8 de NVIDIA"); "no
CUDA dependency" said in French. Every example is written for the test.
"""

from __future__ import annotations

import pytest

from bot.understand import parse_message, parsed_to_json


def _read(text, language=None):
    return parsed_to_json(parse_message(text, telegram_language=language))


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Mistral Small 24B, 16k context, 30 agents. Is one H200 enough or do we need more?", "en"),
        ("Qwen3-32B 32k로 20명 동시에요. H200 한 장이면 충분할까요, 아니면 더 필요할까요?", "ko"),
        ("Qwen3-32B, 32K, 20 Nutzer gleichzeitig – reicht eine H200 oder brauchen wir mehr?", "de"),
    ],
)
def test_one_gpu_weighed_against_more_asks_whether_it_fits(text, language):
    """Said: "One H200 enough or more?" asks the fit: no count of GPUs the customer holds to."""
    found = _read(text, language)
    assert found.get("gpus") == ["h200"]
    assert "gpu_count" not in found


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("你们的单卡H200套餐可以跑 Qwen3-32B 吗？我们有两个仓库", "zh-Hans"),
        ("門市系統想換掉舊的 A10，H200 單卡划算嗎？", "zh-Hant"),
    ],
)
def test_the_single_gpu_plan_named_is_no_count(text, language):
    """Said: "单卡H200套餐", "H200 單卡划算嗎": our single-GPU plan, no count."""
    assert "gpu_count" not in _read(text, language)


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("병상 420개 규모 병원인데 Qwen3-32B로 더 싸게 할 방법 있나요?", "ko"),
        ("약국 210개 점포에 배포하려고 해요. gpt-oss-20b 더 저렴한 구성 있나요?", "ko"),
        ("본사 밑에 지점이 27개예요. 더 싼 방법 없을까요?", "ko"),
    ],
)
def test_sites_counted_with_a_general_counter_are_no_users(text, language):
    """Beds, stores and branches counted with 개 are the organisation's sites, not users at once."""
    assert "concurrency" not in _read(text, language)


def test_a_days_volume_said_after_the_day_is_no_deadline():
    """Said: "하루 … 150건" is 150 a day: no job due within a day, and no 150 users at once."""
    found = _read(
        "Llama-3.1-8B로 요약 서비스 만들려고요. 하루 상담 요약 약 150건 정도 나옵니다.", "ko"
    )
    assert "deadline_hours" not in found
    assert "concurrency" not in found


def test_a_korean_weekend_window_counts_its_days():
    """Said: "토 오후 10시 ~ 월 오전 6시" is 32 hours: the weekdays said by one syllable."""
    found = _read(
        "상품 설명 60만 건, 건당 400토큰, Qwen3-8B로 분류해야 합니다. "
        "토 오후 10시 ~ 월 오전 6시 안에 끝내야 해요.",
        "ko",
    )
    assert found.get("deadline_hours") == 32


@pytest.mark.parametrize(
    ("text", "language", "tokens"),
    [
        (
            (
                "Wir haben 90.000 Frachtbriefe (im Schnitt 700 Tokens) und wollen sie mit "
                "Qwen3-32B "
                "über Nacht klassifizieren."
            ),
            "de",
            700,
        ),
        (
            (
                "We need to tag 250,000 work orders, about 600 tokens each, with Qwen3-32B "
                "over the "
                "weekend."
            ),
            "en",
            600,
        ),
        (
            (
                "Hay que clasificar 80.000 albaranes de unos 900 tokens cada uno con "
                "Qwen3-32B esta "
                "noche."
            ),
            "es",
            900,
        ),
    ],
)
def test_the_papers_of_a_trade_are_a_jobs_documents(text, language, tokens):
    """Delivery notes, work orders, consignment notes: the items of a batch job, with a length."""
    assert _read(text, language).get("input_tokens") == tokens


@pytest.mark.parametrize(
    ("text", "language", "people"),
    [
        ("訪問看護ステーションで、看護師は総勢180名です。Qwen3-32B で足りますか？", "ja", 180),
        ("我們診所的醫師共 45 位，想用 Qwen3-32B 做病歷摘要", "zh-Hant", 45),
        ("Somos uma rede com 620 farmacêuticos. Qual GPU para o Qwen3-32B?", "pt-BR", 620),
        ("Un EHPAD de 140 soignants veut un assistant, sans modèle imposé.", "fr", 140),
    ],
)
def test_staff_counted_in_all_and_by_their_trade_are_a_head_count(text, language, people):
    """Staff "in all" (総勢, 共) and trades (farmacêuticos, soignants): who may use it."""
    assert _read(text, language).get("headcount") == people


def test_those_who_will_use_it_counted_after_the_verb_are_the_head_count():
    """Said: "lo usarían … unas 250 personas": those users, not the whole staff counted before."""
    found = _read(
        "Somos 3.100 personas en la empresa. Queremos un asistente interno; lo usarían los "
        "mandos intermedios, unas 250 personas. ¿Qué nos recomiendan?",
        "es",
    )
    assert found.get("headcount") == 250
    assert "concurrency" not in found


def test_users_at_once_after_the_verb_stay_users_at_once():
    """Said: "lo usarían a la vez como mucho 40 personas": at once, the concurrency."""
    found = _read(
        "Son 700 empleados, pero con Qwen3-32B lo usarían a la vez como mucho 40 personas.", "es"
    )
    assert found.get("concurrency") == 40


@pytest.mark.parametrize(
    ("text", "language"),
    [
        (
            "工場の拠点は4つ、フォークリフト120台。モデルはお任せで、問い合わせチャットを作りたい",
            "ja",
        ),
        ("Qwen3-32B で、同時に使うのは職員の一部だけです", "ja"),
    ],
)
def test_sites_vehicles_and_a_part_are_no_servers(text, language):
    """Said: "拠点は4つ", "フォークリフト120台", "一部": no servers counted."""
    assert "servers" not in _read(text, language)


@pytest.mark.parametrize(
    ("text", "language", "intent"),
    [
        (
            "予算は月80万円です。用途は店舗スタッフ向けの問い合わせチャット。モデルはお任せします。",
            "ja",
            "discover",
        ),
        ("看護記録業務を楽にしたいです。Qwen3-32B を使う想定です。", "ja", "size"),
    ],
)
def test_a_use_that_says_inquiries_or_work_asks_no_salesperson(text, language, intent):
    """Said: "問い合わせチャット" is the use, "記録業務" the work: no salesperson."""
    assert _read(text, language).get("intent") == intent


def test_a_salesperson_asked_for_in_chinese_still_is():
    """Said: "請你們業務聯絡我" asks for a salesperson."""
    assert _read("可以請你們業務明天聯絡我嗎？", "zh-Hant").get("intent") == "sales"


def test_batch_processing_is_no_volume_discount():
    """Said: "批量分类" is processing in a batch, not a bulk discount asked about."""
    found = _read("我们想用大模型批量分类每天的售后工单，模型还没定，有推荐方案吗？", "zh-Hans")
    assert found.get("intent") == "discover"
    assert "topic" not in found


@pytest.mark.parametrize(
    ("text", "language", "use"),
    [
        (
            "Хотим бота, который по номеру заказа отвечает клиенту в чате. Модель не выбирали.",
            "ru",
            "support",
        ),
        (
            (
                "Queremos que los técnicos pregunten y el bot responda según el manual de "
                "mantenimiento. No tenemos modelo elegido."
            ),
            "es",
            "rag",
        ),
        (
            "Un assistant pour consulter les procédures qualité de l'usine, sans modèle imposé.",
            "fr",
            "rag",
        ),
        ("想每天自动生成仓库运营日报，模型没定，推荐一下？", "zh-Hans", "summarization"),
    ],
)
def test_uses_said_in_an_operations_voice(text, language, use):
    """Replies to customers, answers from the manual, daily reports: support, RAG, summaries."""
    assert _read(text, language).get("use_case") == use


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Qwen3-32B, 10 usuarios. La línea 2 saca 24.000 botellas/hora.", "es"),
        ("Qwen3-32B を使います。出荷は1日3万行くらいです。", "ja"),
        ("Qwen3-32B，仓库尖峰每小时出货大概 2,000 箱", "zh-Hans"),
    ],
)
def test_goods_moved_per_hour_or_day_are_no_request_rate(text, language):
    """Bottles an hour, pick lines a day, boxes shipped an hour: the plant's output, no rate."""
    found = _read(text, language)
    assert "requests_per_minute" not in found
    assert "concurrency_rate" not in found.get("not_understood", [])


def test_a_budget_word_stops_at_the_end_of_its_sentence():
    """Said: "在这个预算里跑吗？日均 3000 次": the later count is no budget."""
    found = _read(
        "预算每月 1.8 万人民币，Qwen3-32B 能在这个预算里跑吗？日均大概3000次提问", "zh-Hans"
    )
    assert "budget_usd_month" not in found
    assert found.get("budget_currency") == "CNY"


def test_a_year_ending_a_sentence_is_no_budget():
    """Said: "orçamento de 2027." is the year's budget named, no amount."""
    found = _read("Quanto custa 1 H200 por 6 meses? É para o orçamento de 2027.", "pt-BR")
    assert "budget_usd_month" not in found
    assert found.get("months") == 6


def test_the_answer_quoted_after_what_it_had_is_said_back():
    """Said: "回答にあった「…」": the answer's figure asked about, not a request for it."""
    found = _read(
        "回答にあった「1ユーザーあたり約 40 tokens/s」はどう計算したんですか？倉庫は3拠点です。",
        "ja",
    )
    assert found.get("lever") == "explain"
    assert found.get("asked") == "speed"


def test_how_many_gpus_it_takes_asked_in_japanese():
    """Said: "GPUはどれくらい要りますか" asks the count."""
    found = _read("社内規程を検索して答える仕組みを作りたい。GPUはどれくらい要りますか？", "ja")
    assert found.get("asked") == "gpu_count"


def test_servers_of_eight_counted_with_a_times_sign():
    """Said: "MI355X 8基搭載サーバー ×3": three servers, the eight GPUs being each one's."""
    found = _read("見積もりお願いします。\n・MI355X 8基搭載サーバー ×3\n・期間：6ヶ月", "ja")
    assert found.get("plan_counts") == {"mi355x-8x": 3}
    assert found.get("months") == 6


def test_quarters_counted_in_korean():
    """Said: "세 분기" is nine months, "한 분기" three."""
    assert _read("H200 서버 1대 세 분기 쓰면 얼마예요?", "ko").get("months") == 9
    assert _read("H200 서버 1대 한 분기 쓰면 얼마예요?", "ko").get("months") == 3


def test_a_longer_terms_discount_asked_beside_the_term_keeps_the_term():
    """Said: "租三个月多少钱？签一年的话有折扣吗": three months, a year's discount asked."""
    found = _read("H200 租三个月多少钱？另外签一年的话有没有折扣？", "zh-Hans")
    assert found.get("months") == 3
    alone = _read("H200 我們會租一年，有長約優惠嗎？", "zh-Hant")
    assert alone.get("months") == 12


def test_no_cuda_dependency_said_in_french_allows_rocm():
    """Said: "aucune dépendance CUDA": ROCm is fine."""
    found = _read("Pourquoi pas le MI355X ? Nous n'avons aucune dépendance CUDA.", "fr")
    assert found.get("cuda_only") is False


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("¿Cabe el Llama 3.1 70B FP8 de NVIDIA en una H200 con 8 usuarios?", "es"),
        ("Does NVIDIA's FP8 Llama 3.1 70B fit one H200 with 8 users?", "en"),
    ],
)
def test_a_format_with_its_publisher_names_that_checkpoint(text, language):
    """Said: "FP8 de NVIDIA", "NVIDIA's FP8": the publisher's checkpoint, not the base quantized."""
    assert _read(text, language).get("model") == "nvidia/Llama-3.1-70B-Instruct-FP8"


def test_the_setup_asked_in_traditional_chinese_is_a_discovery():
    """Said: "不知道要什麼配置" asks what to run the use on."""
    found = _read("我們想做客服通話的逐字稿翻譯，不知道要什麼配置？", "zh-Hant")
    assert found.get("intent") == "discover"
    assert found.get("use_case") == "translation"
