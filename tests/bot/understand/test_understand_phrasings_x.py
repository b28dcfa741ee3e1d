"""The fifty-sixth round: old benchmarks, ceilings said late, quoted figures, parts of a firm.

A speed their old system measured ("Grafana shows", "schaffte", "выжимали", "only for
reference") is no target, while a speed wished for ("чтобы … получали") still is; "15k max,
USD" is a budget; a figure of the answer quoted to be explained is a follow-up even with a
model named; "why'd you put me on X and not Y" asks why not Y; a use with its load and "help
me choose" is a proposal; an agency is no agent; "уложимся в 10 дней" is a deadline; "дорого."
said alone before a change is the cheaper lever; "플랜 몇 개" counts plans; "2만 3900" is
23,900; our price refused and a ceiling said later keep the ceiling; "those who will use it
are about 120" are the people; a window "de la ficha" is the model's; the training method said
first wins; what another plan "would come to" is no budget; things each of so many tokens are
the prompt's length; "quanto de máquina?" asks a count; "Code-Review" is coding; a German job
with "à" stays German; a smaller model as a way to pay less is the cheaper lever; a summary's
length is the output's; what they pay now as the most ours may cost is a budget. Every example
is written for the test.
"""

from __future__ import annotations

import pytest

from bot.understand import parse_message, parsed_to_json
from bot.understand.numbers import parse_cjk_number


def _read(text, language=None):
    return parsed_to_json(parse_message(text, telegram_language=language))


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Qwen3 32B for 40 users. Our old cluster did 2,400 tok/s, not the goal though.", "en"),
        ("Llama 3.1 8B, 20 Nutzer. Der alte Server schaffte 1.500 tok/s, nur als Referenz.", "de"),
        ("Mistral Small 3.2: на старых картах выжимали 700 ток/с, просто для сравнения.", "ru"),
        ("gpt-oss-20b pra 30 usuários; o teste antigo deu 1.800 tokens/s, mas não vale.", "pt-BR"),
    ],
)
def test_a_speed_measured_before_is_no_target(text, language):
    """Read: "our old cluster did 2,400 tok/s, not the goal": no throughput asked."""
    assert _read(text, language).get("throughput_tok_s") is None


def test_a_speed_wished_for_stays_a_target():
    """Read: "нужно, чтобы модель давала 3000 ток/с": a target."""
    found = _read("Qwen3-32B: нужно, чтобы модель давала 3000 ток/с суммарно", "ru")
    assert found.get("throughput_tok_s") == 3000


def test_a_ceiling_word_between_an_amount_and_its_currency():
    """Read: "(they said 12k max, USD)": a budget of 12,000 US dollars."""
    found = _read("too pricey for the client (they said 12k max, USD). cheaper?")
    assert found.get("budget_usd_month") == 12000
    assert found.get("lever") == "cheaper"


def test_a_quoted_figure_explained_beside_a_model_named_is_a_follow_up():
    """Read: "where does the '6 full contexts' figure come from? my math for qwen3 32b…"."""
    found = _read(
        "where does the '6 full contexts' figure come from? my math for qwen3 32b at 64k "
        "gave less than that"
    )
    assert found["intent"] == "followup"
    assert found.get("lever") == "explain"


def test_why_the_answer_put_one_and_not_the_other_asks_why_not():
    """Read: "why did you go with HGX H200 rather than MI355X? we run stock vLLM"."""
    found = _read("why did you go with HGX H200 rather than MI355X? we run stock vLLM")
    assert found["intent"] == "followup"
    assert found.get("lever") == "why_not"


def test_a_use_with_its_load_and_help_choosing_is_a_proposal():
    """Read: "售后机器人 … 每分钟 50 个请求 … 不知道怎么选": propose for it."""
    found = _read("想做个售后客服机器人，每分钟大概 50 个请求，模型不知道怎么选，求推荐", "zh-Hans")
    assert found["intent"] == "discover"
    assert found.get("use_case") == "support"


def test_an_agency_is_no_agent():
    """Read: "рекламное агентство … чат-бот для клиентов": a chatbot, no agent."""
    found = _read("Мы рекламное агентство, хотим чат-бот для клиентов, модель не выбрали", "ru")
    assert found.get("use_case") == "chat"


def test_a_deadline_asked_as_whether_we_make_it_in_russian():
    """Read: "успеем за 5 дней?": a deadline of 120 hours."""
    found = _read("LoRA для Qwen3-32B, датасет 50 млн токенов, 2 эпохи. Успеем за 5 дней?", "ru")
    assert found.get("deadline_hours") == 120


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("дорого. а если в fp8?", "ru"),
        ("Caro. E em FP8, dá?", "pt-BR"),
    ],
)
def test_dear_said_alone_before_a_change_is_the_cheaper_lever(text, language):
    """Read: "дорого. а если в fp8?": cheaper, in FP8."""
    found = _read(text, language)
    assert found.get("lever") == "cheaper"
    assert found.get("precision") == "fp8"


def test_plans_counted_in_korean_ask_a_count():
    """Read: "H200 단일 인스턴스 몇 개": how many."""
    found = _read("Qwen3 32B, 동시 사용자 60명이면 H200 단일 인스턴스 몇 개 필요해요?", "ko")
    assert found.get("asked") == "gpu_count"


@pytest.mark.parametrize(
    ("written", "value"),
    [("2만 3900", 23_900), ("1万2500", 12_500), ("一万五", 15_000), ("3천2", 3_200)],
)
def test_a_number_after_ten_thousand_is_itself_unless_one_digit(written, value):
    """Read: "2만 3900" is 23,900; "一万五" is 15,000."""
    assert parse_cjk_number(written) == value


def test_our_price_refused_and_a_ceiling_said_later_keep_the_ceiling():
    """Read: "$23,900 is way too much … 4 millones de pesos colombianos es el tope": the ceiling."""
    found = _read(
        "Los US$ 23.900 es demasiado para nosotros. Unos 40 millones de pesos colombianos al mes "
        "es el tope. ¿Algo más barato?",
        "es",
    )
    assert found.get("budget_currency") == "COP"
    assert found.get("budget_amount") == 40_000_000


def test_those_who_will_use_it_are_the_people():
    """Read: "900 funcionários, mas quem vai usar são uns 150": 150 people."""
    found = _read(
        "A empresa tem 900 funcionários, mas quem vai usar são uns 150 do jurídico. Sem modelo "
        "ainda, o que sugerem?",
        "pt-BR",
    )
    assert found.get("headcount") == 150
    assert found.get("concurrency") is None


def test_a_window_of_the_model_card_said_after_it_is_the_models():
    """Read: "el 1M es el máximo teórico, usaremos 64k": the customer's 64k."""
    found = _read("Qwen3 32B: el 1M es el máximo teórico, usaremos 64k, 10 usuarios", "es")
    assert found.get("context_tokens") == 65536


def test_the_training_method_said_first_wins():
    """Read: "full fine-tune … our last test was with LoRA": a full fine-tune."""
    found = _read("Full fine-tune Qwen3 8B, 20M tokens, 2 epochs. Our last test was a LoRA run.")
    assert found.get("method") == "full"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Por que não duas H200 avulsas? Ficaria uns 6 mil dólares.", "pt-BR"),
        ("Why not two single H200s? That'd be about $6,000.", "en"),
    ],
)
def test_what_another_plan_would_come_to_is_no_budget(text, language):
    """Read: "Ficaria uns 6 mil dólares": the other plan's price, no budget."""
    found = _read(text, language)
    assert found.get("budget_usd_month") is None


def test_things_each_of_so_many_tokens_are_the_prompts_length():
    """Read: "relatórios longos (uns 60 mil tokens cada)": prompts of 60,000 tokens."""
    found = _read(
        "Qwen3 32B para analisar relatórios longos (uns 60 mil tokens cada), 8 pessoas", "pt-BR"
    )
    assert found.get("input_tokens") == 60_000


def test_how_much_hardware_asks_a_count():
    """Read: "¿cuánta máquina hace falta?": how many."""
    found = _read("Llama 3.3 70B para 50 usuarios a la vez, ¿cuánta máquina hace falta?", "es")
    assert found.get("asked") == "gpu_count"


def test_code_review_written_with_a_hyphen_is_coding():
    """Read: "KI für Code-Reviews": a coding use."""
    assert (
        _read("Wir wollen KI für Code-Reviews, Modell egal, was empfehlt ihr?", "de").get(
            "use_case"
        )
        == "coding"
    )


def test_a_german_job_with_a_price_sign_of_each_stays_german():
    """Read: "20.000 Artikel à ca. 900 Tokens … bis 7 Uhr": German."""
    found = _read("Nachtlauf: 20.000 Artikel à ca. 900 Tokens mit Qwen3 32B, bis 7 Uhr fertig")
    assert found["language"] == "de"


def test_a_smaller_model_as_a_way_to_pay_less_is_the_cheaper_lever():
    """Read: "cheaper with 6 months? or a smaller model?": the plan on the table, cheaper."""
    found = _read("Could it be cheaper if we commit for 6 months? Or with a smaller model?")
    assert found["intent"] == "followup"
    assert found.get("lever") == "cheaper"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("보고서 5만 건, 건당 4천 토큰, 요약은 200토큰 정도, Qwen3-32B", "ko"),
        ("記事 3万件、1件 2,000 トークン、要約は200トークンほど。Qwen3-32B で", "ja"),
    ],
)
def test_a_summarys_length_is_the_outputs(text, language):
    """Read: "요약은 200토큰 정도": answers of 200 tokens."""
    assert _read(text, language).get("output_tokens") == 200


def test_what_they_pay_now_as_the_most_ours_may_cost_is_a_budget():
    """Read: "we pay $30k a month to an API now, has to be cheaper than that": the ceiling."""
    found = _read("Qwen3 32B for 80 users. We pay $30k a month to an API now; has to beat that.")
    assert found.get("budget_usd_month") == 30000
