"""The thirty-third and thirty-fourth rounds of the phrasing kinds fresh customer text missed.

Numbers that no numeral counts ("mil millones", "миллиард", "mil peticiones"); lengths in a
bracket of their own; deadlines said with "sous", "in under", "내", "只剩"; a job's total past any
window with no word of a job; a per-user speed said per one user ("1ユーザーあたり"); levers said
with "walk me through", "點解", "pourquoi tu ne la proposes pas", "alléger la facture"; the
price and yes/no asked in new words; plans named by "HGX" alone naming their GPU; a term of
one month after "só", "pendant", "на"; the price asked with the delivery; use cases named by an
agent that files tickets, a private ChatGPT, a batch said in Russian and Chinese. Every example
is written for the test (none is a line of a blind set).
"""

from __future__ import annotations

import pytest

from bot.conversation import Pipeline
from bot.reply import ChatContext
from bot.understand import parse_message, parsed_to_json


def _read(text, language=None):
    return parsed_to_json(parse_message(text, telegram_language=language))


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("hay que pasar mil millones de tokens por Qwen3 8B antes del lunes, 48 horas", 1e9),
        ("temos mil milhões de tokens para rodar no Llama 3.1 8B em 3 dias", 1e9),
        ("миллиард токенов через Qwen3 32B за двое суток", 1e9),
        ("dos mil millones de tokens con Llama 3.1 8B en una semana", 2e9),
    ],
)
def test_a_scale_word_no_numeral_counts_is_one_of_it(text, tokens):
    """Read: "mil millones" alone is a billion; "dos mil millones" keeps its own two."""
    assert _read(text)["batch_tokens"] == tokens


def test_a_bare_thousand_counts_users_at_once():
    """Read: "mil usuarios simultáneos" is a thousand users; "dos mil" keeps its two."""
    assert _read("Llama 3.3 70B, mil usuarios simultáneos, 8k")["concurrency"] == 1000
    assert _read("Llama 3.3 70B, dos mil usuarios simultáneos, 8k")["concurrency"] == 2000


def test_hundreds_and_tens_in_words_are_one_number():
    """Read: "three hundred and twenty engineers" is 320 people, not 20."""
    assert (
        _read("we are three hundred and twenty engineers, need a coding assistant")["headcount"]
        == 320
    )


@pytest.mark.parametrize(
    ("text", "prompt", "answer"),
    [
        (
            "Qwen3 32B for tagging. Prompts are short (600 tokens), answers tiny (10 tokens)",
            600,
            10,
        ),
        ("Llama 3.1 8B, entradas cortas (unos 300 tokens), salidas (~40 tokens)", 300, 40),
        ("입력 평균 1500토큰 출력 200토큰, Qwen3 32B, 분당 요청 100건", 1500, 200),
        ("gpt-oss-120b bei 2.000 Eingabe- und 250 Ausgabetokens, 30 Nutzer", 2000, 250),
    ],
)
def test_lengths_in_brackets_averages_and_compounds_are_read(text, prompt, answer):
    """A length in its own bracket, after an average word or in a German compound is kept."""
    parsed = _read(text)
    assert (parsed["input_tokens"], parsed["output_tokens"]) == (prompt, answer)


@pytest.mark.parametrize(
    ("text", "hours"),
    [
        ("900 millions de tokens avec Qwen3-32B, à boucler sous 30 heures", 30),
        ("3B tokens through Llama 3.1 8B in under 40 hours", 40),
        ("Qwen3 32B로 문서 3천만 토큰 요약, 10시간 내 완료해야 해요", 10),
        ("还剩36小时，要用 Qwen3 32B 处理 5000万 tokens", 36),
    ],
)
def test_deadlines_said_with_new_leads(text, hours):
    """Deadlines after "sous", "in under", "내" and "还剩" are the job's deadline."""
    parsed = _read(text)
    assert parsed["deadline_hours"] == hours
    assert parsed["batch_tokens"] is not None


def test_tokens_past_any_window_are_a_job_even_unsaid():
    """Three billion tokens with a model is a job, not a context too large."""
    parsed = _read("3 milliards de tokens avec Llama 3.1 8B")
    assert parsed["batch_tokens"] == 3e9
    assert "context_too_large" not in parsed.get("not_understood", [])


def test_tokens_a_model_was_trained_on_are_no_job():
    """Read: "fine-tuned on 4B tokens, now to serve it" names the training data, not a job."""
    parsed = _read("we fine-tuned Qwen3 8B on 4B tokens, now we need to serve it to 50 users")
    assert parsed.get("batch_tokens") is None
    assert parsed["concurrency"] == 50


@pytest.mark.parametrize(
    ("text", "speed"),
    [
        ("Qwen3 32B、1人あたり25 tok/s以上、全体で2000 tok/s", 25),
        ("Llama 3.1 8B、1ユーザーあたり毎秒60トークン、全体で毎秒5000トークン", 60),
        ("gpt-oss-20b for a phone bot, 70 tok/s per caller, 30 callers at once", 70),
    ],
)
def test_a_speed_said_per_one_user_is_each_users(text, speed):
    """Read: "1人あたり" is the unit of a speed per user, not one user at once."""
    parsed = _read(text)
    assert parsed["tokens_per_user_tok_s"] == speed
    assert parsed.get("concurrency") != 1


@pytest.mark.parametrize(
    ("text", "lever"),
    [
        ("hold on, 24 GPUs for a 70B model? walk me through it", "explain"),
        ("why 16 GPUs?", "explain"),
        ("點解要咁多部機？", "explain"),
        ("这个并发数的估算依据是什么", "explain"),
        ("なんでサーバーが3台も必要なんですか", "explain"),
        ("não entendi a velocidade por usuário, pode detalhar?", "explain"),
        ("Wie kommt ihr auf die 12 GB KV?", "explain"),
        ("any reason you didn't recommend the MI355X?", "why_not"),
        ("點解唔揀 MI355X？", "why_not"),
        ("MI355Xじゃダメなんですか", "why_not"),
        ("pq vc não sugeriu a MI355X?", "why_not"),
        ("Et la MI355X, pourquoi vous ne la proposez pas ?", "why_not"),
        ("On peut alléger un peu la facture ?", "cheaper"),
        ("could we bring the monthly bill down a bit?", "cheaper"),
        ("Lässt sich preislich noch etwas machen?", "cheaper"),
    ],
)
def test_levers_said_in_new_words(text, lever):
    """Each is a follow-up asking to explain, to say why not a GPU, or for a cheaper plan."""
    parsed = _read(text)
    assert parsed["intent"] == "followup"
    assert parsed["lever"] == lever


def test_a_monthly_rent_asked_how_it_is_counted_stays_its_price():
    """Read: "月租怎麼算" of plans counted asks their price, not an explanation of the answer."""
    parsed = _read("3 台 MI355X 八卡機，月租怎麼算？")
    assert parsed["intent"] == "price"
    assert parsed["plan_counts"] == {"mi355x-8x": 3}


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("HGX H200 租半年大概多少？", "price"),
        ("Qwen3 32B 跑三個月，用 H200，麻煩報個價", "price"),
        ("Нужен Qwen3 32B на квартал на MI355X, какая сумма выйдет?", "price"),
        ("Wir bräuchten Qwen3 32B für drei Monate, was kommt da zusammen?", "price"),
        ("Trois serveurs MI355X, ça revient à combien par mois ?", "price"),
        ("Qwen3-8B를 H100에서 H200으로 옮기면 얼마나 빨라져요?", "speed"),
        ("月額200万円以内で DeepSeek-R1 は厳しいですか？", "fits"),
        ("max. CHF 30'000 im Monat, DeepSeek-R1 machbar?", "fits"),
        ("três VMs de H200 dão conta do Qwen3 32B?", "fits"),
        ("Est-ce que trois serveurs HGX H200 suffisent pour DeepSeek-R1 ?", "fits"),
    ],
)
def test_the_figure_asked_in_new_words(text, asked):
    """The price, the speed or a yes/no asked is the figure the answer opens with."""
    assert _read(text)["asked"] == asked


def test_a_change_asked_as_a_fit_is_a_yes_no_but_what_it_does_is_not():
    """Read: "還放得下嗎" asks whether it still fits; "どうなりますか" asks what the change does."""
    assert _read("如果上下文改成 64K 還放得下嗎？")["asked"] == "fits"
    assert _read("コンテキストを64Kにしたらどうなりますか？").get("asked") is None


def test_a_budget_word_before_servers_counted_is_no_budget():
    """Read: "orçamento pra 3 servidores" asks a quote for three servers, not a budget of $3."""
    parsed = _read("orçamento pra 3 servidores MI355X, por favor")
    assert parsed.get("budget_usd_month") is None
    assert parsed["plan_counts"] == {"mi355x-8x": 3}


@pytest.mark.parametrize(
    ("text", "plans"),
    [
        ("报个价：MI355X 整机 ×2，按月付", {"mi355x-8x": 2}),
        ("один HGX H200 и пару одиночных H200, сколько в месяц?", {"h200-8x": 1, "h200-1x": 2}),
        ("Tarif pour 3 H200 à l'unité ?", {"h200-1x": 3}),
    ],
)
def test_plans_counted_in_new_words(text, plans):
    """A count after "×" and a comma, "пару" as two, "à l'unité" as the single plan."""
    assert _read(text)["plan_counts"] == plans


def test_plans_named_by_hgx_alone_name_their_gpu():
    """Read: "¿Con 3 HGX alcanza?" sizes on the H200 the plan holds."""
    parsed = _read("¿Con 3 HGX alcanzaría para Kimi K2 en bf16?")
    assert parsed["gpus"] == ["h200"]
    assert parsed["plan_counts"] == {"h200-8x": 3}


def test_servers_counted_as_a_multiple():
    """Read: "整机 ×3" with no GPU named counts servers."""
    assert _read("整机 ×3 每月多少？")["servers"] == 3


@pytest.mark.parametrize(
    ("text", "months"),
    [
        ("só um mês, dá? 2 H200 avulsas", 1),
        ("Combien pour deux serveurs MI355X pendant un mois ?", 1),
        ("сколько стоит сервер MI355X на месяц?", 1),
        ("нам месяца на 4, gpt-oss-20b, сколько выйдет?", 4),
        ("quanto custa 1 mês de MI355X?", 1),
    ],
)
def test_terms_of_one_month_and_inverted_terms(text, months):
    """A single month said as the term is one month; "месяца на 4" is four."""
    parsed = _read(text)
    assert parsed["months"] == months
    assert parsed.get("gpu_count") != 4


@pytest.mark.parametrize(
    ("text", "use"),
    [
        ("we're building an internal agent that opens Jira tickets for us, no model yet", "agent"),
        ("semantic search + Q&A (RAG) over our Zendesk tickets, haven't picked a model", "rag"),
        ("a ChatGPT-ish assistant for our 80 lawyers on Qwen3 32B", "chat"),
        ("нужен Qwen3 32B для корпоративного чата на 300 сотрудников", "chat"),
        ("客服坐席用的知识问答，還沒決定模型", "support"),
    ],
)
def test_use_cases_in_new_words(text, use):
    """An agent filing tickets is an agent; tickets searched are RAG; a private ChatGPT is chat."""
    assert _read(text)["use_case"] == use


def test_a_desk_of_agents_stays_a_support_use():
    """A call centre's 300 agents are its staff: the use stays support."""
    parsed = _read("call center with 300 agents, the model drafts replies to tickets, no model yet")
    assert parsed["use_case"] == "support"


def test_a_batch_size_in_russian_is_no_job():
    """Read: "батч 32" is a batch size; "батчем за сутки" a job worked through."""
    assert _read("Qwen3 32B, батч 32, 8к").get("use_case") is None
    assert _read("прогнать 200 млн токенов через Qwen3 32B батчем за сутки")["use_case"] == "batch"


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("すみません、KV キャッシュってそもそも何の略？", "glossary"),
        ("o que é esse tal de TTFT?", "glossary"),
        ("한 달 미만으로 쓸 수 있나요?", "minimum_term"),
        ("最少要租多久？", "minimum_term"),
        ("如果明天付款，什么时候能拿到机器？", "delivery"),
        ("after I pay, when do I get the server?", "delivery"),
        ("Tem um guia pra escolher entre os planos?", "how_to_choose"),
        ("is the driver stack preinstalled on the boxes?", "software"),
        ("C'est quoi exactement la carte B200 ?", "gpu_card"),
    ],
)
def test_page_questions_in_new_words(text, topic):
    """Each is the page's question by its topic."""
    parsed = _read(text)
    assert parsed["intent"] == "knowledge"
    assert parsed["topic"] == topic


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("бюджет около 5 млн тенге в месяц, Qwen3 32B", "KZT"),
        ("每月預算 30 萬新台幣，想跑 Qwen3 32B", "TWD"),
    ],
)
def test_budgets_in_currencies_without_a_rate_are_never_dollars(text, code):
    """A budget in tenge or New Taiwan dollars is named, and never read as US dollars."""
    parsed = _read(text)
    assert parsed["budget_currency"] == code
    assert parsed.get("budget_usd_month") is None


@pytest.mark.parametrize(
    "text",
    [
        "presupuesto: 300 mil pesos mexicanos al mes, ¿qué podemos correr?",
        "we have a budget of 30k USD a month, what can we run?",
        "надо обработать 40 млн документов за неделю, какую модель посоветуете?",
        "Un assistant pour trier nos factures, modèle pas encore choisi, par où commencer ?",
    ],
)
def test_asks_without_a_model_are_proposals(text):
    """A budget, a job or a use with no model, asking what to run: a proposal."""
    assert _read(text)["intent"] == "discover"


def test_a_model_on_two_plans_counted_together_is_a_sizing():
    """A model asked across one MI355X server plus one HGX H200 is sized, nothing compared."""
    parsed = _read("if we take one MI355X server and one HGX H200, can Qwen3 235B run across both?")
    assert parsed["intent"] == "size"
    assert parsed["asked"] == "fits"


@pytest.mark.parametrize(
    "text",
    [
        "recalculá con Qwen3 32B porfa",
        "上面那个方案换成 H200 再算一遍",
        "ok, а на Qwen3 32B как будет?",
    ],
)
def test_a_request_recomputed_is_a_follow_up(text):
    """A word of recomputing, or "а на X как будет", changes the plan on the table."""
    assert _read(text)["intent"] == "followup"


def _chat(*texts):
    pipeline, chat = Pipeline(), ChatContext(chat_id=9033)
    replies = []
    for text in texts:
        turn = pipeline.respond(text, chat)
        chat = turn.chat
        replies.append(turn.reply)
    return replies


def test_a_job_without_a_model_is_sized_as_that_job():
    """The proposal sizes the stated job: its duration, its cost and the deadline."""
    (reply,) = _chat("we must summarize 3M documents of 2k tokens each within a week, which model?")
    assert "The job: 3,000,000 requests of 2,000 prompt" in reply.text
    assert "deadline of 7 days" in reply.text
    assert "context length" not in reply.text  # the prompt length was said: not asked again


def test_a_deadline_in_hours_is_said_back_in_hours():
    """A deadline of 48 hours is said as 48 hours, the customer's unit, not "2 days"."""
    (reply,) = _chat("we must process 2B tokens with gpt-oss-120b within 48h")
    assert "deadline of 48 hours" in reply.text


def test_the_total_asked_with_the_delivery_says_both():
    """Plans counted, their price and their delivery asked: the total, then when each comes."""
    (reply,) = _chat("price of 2 HGX H200 servers per month, and how soon can you deliver?")
    assert "$47,800 a month" in reply.text
    assert "delivered within" in reply.text


def test_a_change_with_a_speed_asked_opens_with_the_speed():
    """Read: "what about 50 users, how fast then?" opens with the speed at that load."""
    replies = _chat("Llama 3.3 70B, 32K context, 20 users", "what about 50 users, how fast then?")
    assert replies[1].text.startswith("About ")
    assert "tokens/s per user with 50 users" in replies[1].text.splitlines()[0]


def test_a_model_asked_across_an_amd_and_an_nvidia_server_is_not_split():
    """The answer says one model does not span an MI355X server and an HGX H200 server."""
    (reply,) = _chat("one MI355X server plus one HGX H200 — can Qwen3 235B run across both?")
    assert "is not split across an AMD MI355X server and an NVIDIA H200 server" in reply.text
    (same,) = _chat("Qwen3 235B on one MI355X server, does it fit?")
    assert "is not split across" not in same.text


def test_figures_said_back_with_an_explanation_asked_explain_the_plan_on_the_table():
    """Figures said back with "walk me through it" explain the answer and size no 70B."""
    replies = _chat(
        "Llama 3.3 70B, 32K context, 20 users",
        "wait, 2 machines for a 70B model? walk me through it",
    )
    assert replies[1].text.startswith("How the figures for Llama 3.3 70B Instruct are worked out")


@pytest.mark.parametrize(
    ("text", "users"),
    [
        ("Llama 3.3 70B, 32K, 40 simultaneous users — sorry, 60. How many GPUs?", 60),
        ("Qwen3 32B, одновременно человек 15, хотя нет — 25", 25),
        ("Qwen3 32B で同時 30 セッション…すみません、45 セッションでした", 45),
        ("Qwen3 32B 동시 사용자 70명… 아 90명이요", 90),
        ("Qwen3 32B, 40 usuários simultâneos, ops, 55, contexto 8k", 55),
        ("Und wenn wir 70 statt 30 gleichzeitige Nutzer haben?", 70),
    ],
)
def test_a_number_taken_back_gives_way_to_its_correction(text, users):
    """A correction inside the message wins: "40 users — sorry, 60" is 60, "70 statt 30" 70."""
    assert _read(text)["concurrency"] == users


def test_a_model_version_is_never_taken_back():
    """A model's version before "actually 128K" is kept, and the context read."""
    parsed = _read("DeepSeek V3, actually 128K context, 20 users")
    assert parsed["model"] == "deepseek-ai/DeepSeek-V3"
    assert parsed["context_tokens"] == 131072


@pytest.mark.parametrize(
    "text",
    [
        "Qwen3 32B, we don't need 128K, 32K is plenty, 20 users",
        "Qwen3 32B，上下文不用 128K，32K 就够了",
        "Qwen3 32B, não precisamos de 128K, 32K basta",
    ],
)
def test_a_length_said_not_to_be_needed_gives_way(text):
    """The context said not to be needed is not the one sized."""
    assert _read(text)["context_tokens"] == 32768


@pytest.mark.parametrize(
    ("text", "hours"),
    [
        ("nightly run, 6h window, about 30M tokens, Qwen3 32B", 6),
        ("Batch: 50 Mio. Tokens über Nacht (max. 9 Stunden), Llama-3.1-8B", 9),
        ("Precisamos processar 3 bi de tokens em 4 dias com Qwen3 32B", 96),
    ],
)
def test_windows_and_shorthand_of_jobs(text, hours):
    """A window of hours, a bracketed maximum and "bi de tokens" make the job and its deadline."""
    parsed = _read(text)
    assert parsed["deadline_hours"] == hours
    assert parsed["batch_tokens"] is not None


def test_an_or_between_two_numbers_is_no_correction():
    """An "or" between two numbers (50명 아니면 100명) takes nothing back."""
    assert _read("Qwen3 32B 동시 사용자 50명 아니면 100명")["concurrency"] == 50
