"""The fifty-second round: one user in words, lengths of things, tables, what runs today.

"just me" is one user; "tickets average 900 tokens" is each one's length; a quantity cell
with its counter counts the plan; cards pointed at are the customer's; "not the whole server"
asks for part of one; a KV capacity with a count asked is a proposal; "epochs: 3" after its
word; a format not insisted on gives way; a day's volume is no model's size; languages counted
are no users; NVIDIA preferred but not required, no own CUDA kernels: AMD will do; a price
difference, a purchase and a total read off the site are no budgets; what they had in mind is;
"after 2 months" is no term, nor another provider's contract; why the answer did not pick a
GPU is a follow-up; "one or two?" asks the count; what runs today is no target. Every example
is written for the test.
"""

from __future__ import annotations

import pytest

from bot.understand import parse_message, parsed_to_json


def _read(text, language=None):
    return parsed_to_json(parse_message(text, telegram_language=language))


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("can Qwen3-32B run on one H200 at 64k? only me using it", "en"),
        ("Llama 3.1 8B for a single user, is one H200 overkill?", "en"),
        ("Qwen3-30B-A3B 就我一个人用，单卡 H200 够不够", "zh-Hans"),
    ],
)
def test_one_user_said_in_words(text, language):
    """Read: "only me", "single user", "就我一个人": one user at a time."""
    assert _read(text, language).get("concurrency") == 1


def test_each_things_length_said_after_them():
    """Read: "The emails average around 600 tokens": each one's length, not a context."""
    found = _read(
        "We need to summarize 300k customer emails with Llama 3.1 8B. The emails average "
        "around 600 tokens, summaries maybe 80 each, within 3 days",
        "en",
    )
    assert found.get("input_tokens") == 600
    assert found.get("context_tokens") is None


def test_a_quantity_cell_with_its_counter_counts_the_plan():
    """A pasted table: "2台" in the quantity column counts that row's plan."""
    text = (
        "麻烦核一下总价：\n配置 | 数量 | 租期\nHGX H200 8卡 | 3台 | 6个月\nMI355X 8卡 | 1台 | 6个月"
    )
    found = _read(text, "zh-Hans")
    assert found.get("plan_counts") == {"h200-8x": 3, "mi355x-8x": 1}


def test_cards_pointed_at_are_the_customers():
    """Read: "能顶我们这三张吗": their three cards, pointed at; one H200 is the count."""
    found = _read("我们现在用三张 A100 跑 Qwen3-32B，H200 一张能顶我们这三张吗？", "zh-Hans")
    assert found.get("gpu_count") == 1


def test_part_of_a_server_asked_in_russian():
    """Read: "не весь сервер, а 4 карты из 8": whether part of a server can be rented."""
    found = _read("Можно взять не весь сервер H200, а 4 карты из 8?", "ru")
    assert found["intent"] == "knowledge"
    assert found.get("topic") == "whole_server_only"


def test_a_kv_capacity_with_a_count_asked_is_a_proposal():
    """Read: "2 ТБ KV-кэша … сколько серверов": a capacity to size, not the GPU's memory."""
    found = _read(
        "Нужно держать около 2 ТБ KV-кэша. Сколько серверов H200 на это понадобится?", "ru"
    )
    assert found["intent"] == "discover"
    assert found.get("use_case") == "kv_capacity"


def test_epochs_counted_after_their_word():
    """Read: "エポック数は 2": two epochs."""
    found = _read("Qwen3-32B を LoRA で学習。データは 5,000万トークン、エポック数は 2 です。", "ja")
    assert found.get("epochs") == 2


@pytest.mark.parametrize(
    ("text", "language", "precision"),
    [
        ("安くなりませんか。FP8 にこだわりはないので、INT4 でも構いません。", "ja", "int4"),
        ("Qwen3-32B; fp8 isn't a must, AWQ 4-bit is fine", "en", "int4"),
    ],
)
def test_a_format_not_insisted_on_gives_way(text, language, precision):
    """A format said not to be needed gives way to the one accepted."""
    assert _read(text, language).get("precision") == precision


def test_a_days_volume_is_no_models_size():
    """Read: "하루 1억 2천 정도": a day's volume of text, no size of a model."""
    found = _read(
        "번역 서비스입니다. 작년엔 하루 1억 2천 정도였어요. 모델은 아직 안 정했어요.", "ko"
    )
    assert found.get("params_b") is None


def test_languages_counted_are_no_users():
    """Read: "in 4 languages", "3개 언어": languages, not users at once."""
    assert _read("Qwen3-32B translation between 4 languages", "en").get("concurrency") is None
    assert _read("Qwen3-32B로 3개 언어 번역", "ko").get("concurrency") is None


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("NVIDIA would be nice but not a must. Llama 3.3 70B for 30 users", "en"),
        ("Wir haben keine eigenen CUDA-Kernels. Llama 3.3 70B für 30 Nutzer", "de"),
        ("NVIDIA 쪽이면 좋지만 필수는 아니에요. Llama 3.3 70B 30명", "ko"),
    ],
)
def test_cuda_preferred_but_not_needed(text, language):
    """NVIDIA preferred but not required, no own CUDA kernels: AMD will do."""
    assert _read(text, language).get("cuda_only") is False


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Laut eurer Preisliste ist der MI355X-Server 4.000 $ günstiger. Warum nicht der?", "de"),
        ("Our A100 box (bought for $60k in 2023) runs Qwen3-32B. What would you rent us?", "en"),
        ("Total estimado según su web: US$ 30.990/mes, ¿es correcto?", "es"),
    ],
)
def test_amounts_that_are_no_budget(text, language):
    """A price difference, a purchase, a total read off the site: no budget."""
    found = _read(text, language)
    assert found.get("budget_usd_month") is None
    assert found.get("budget_amount") is None


def test_what_they_had_in_mind_beside_our_price_is_the_budget():
    """Read: "23.900 $ sprengt unser Budget, wir dachten eher so 10.000 €": the euro figure."""
    found = _read(
        "Geht das günstiger? 23.900 $ im Monat ist zu viel, eher so 10.000 € im Kopf.", "de"
    )
    assert (found.get("budget_amount"), found.get("budget_currency")) == (10000, "EUR")
    assert found.get("lever") == "cheaper"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Si on prend le HGX H200 et qu'au bout de 3 mois on arrête, il y a une pénalité ?", "fr"),
        ("Wenn wir den MI355X-Server nehmen und nach 2 Monaten kündigen, geht das?", "de"),
    ],
)
def test_a_point_after_the_start_is_no_term(text, language):
    """Read: "au bout de 3 mois", "nach 2 Monaten": when they might stop, not a term priced."""
    found = _read(text, language)
    assert found.get("months") is None
    assert found["intent"] == "knowledge"


def test_another_providers_contract_is_no_term():
    """Read: "avec un autre hébergeur, 24 mois ferme": their old contract."""
    found = _read(
        "Engagement minimum chez vous ? On s'est fait avoir avec un autre hébergeur, "
        "24 mois ferme.",
        "fr",
    )
    assert found.get("months") is None


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("為什麼不推薦 MI355X？我們跑的是 Qwen3-235B-A22B", "zh-Hant"),
        ("Why didn't you recommend the B200? We run DeepSeek-V3 in FP4.", "en"),
    ],
)
def test_why_the_answer_did_not_pick_a_gpu_is_a_follow_up(text, language):
    """The answer's pick asked about, the model on the table said again."""
    found = _read(text, language)
    assert found["intent"] == "followup"
    assert found.get("lever") == "why_not"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        (
            (
                "Bei uns laufen 2 A100 mit Qwen3-32B, 10 tok/s pro Nutzer. Lohnt sich der "
                "Umstieg auf eine H200, oder braucht man gleich zwei?"
            ),
            "de",
        ),
        ("Qwen3-32B 20명, 지금은 H100. MI355X 한 대로 되나요, 아니면 두 대?", "ko"),
    ],
)
def test_one_or_two_asked_is_a_sizing(text, language):
    """Their hardware beside ours, one or two asked: a sizing, not a comparison."""
    assert _read(text, language)["intent"] == "size"


def test_what_runs_today_is_no_target():
    """Read: "darauf läuft es mit 8 tok/s pro Nutzer": what they get today, no target."""
    found = _read(
        "Heute läuft Qwen3-32B auf zwei A100 mit 8 tok/s pro Nutzer bei 20 Nutzern. Was "
        "bräuchten wir bei euch?",
        "de",
    )
    assert found.get("tokens_per_user_tok_s") is None


def test_an_output_share_is_no_length():
    """Read: "a saída fica em uns 10% disso": a share of the input, not ten tokens."""
    found = _read(
        "Job mensal de 2 bilhões de tokens de entrada, a saída fica em uns 10% disso, em 48h "
        "com Qwen3-32B",
        "pt-BR",
    )
    assert found.get("output_tokens") is None
    assert found.get("batch_tokens") == 2e9


def test_a_whisper_pipeline_with_a_budget_asked_if_doable_is_a_proposal():
    """Transcribe, translate and summarise, a budget, "c'est jouable ?": propose."""
    found = _read(
        "On veut transcrire nos podcasts (genre Whisper), les traduire et les résumer. "
        "Budget 10 000 € par mois, c'est jouable ?",
        "fr",
    )
    assert found["intent"] == "discover"
