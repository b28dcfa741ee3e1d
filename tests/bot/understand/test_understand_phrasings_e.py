"""The nineteenth to twenty-first rounds of the phrasing kinds fresh customer text showed missed.

A term put as a change to the plan on the table; users at once asked with the classifier 位;
GPUs counted with 顆/颗 or asked as "qtas"; choosing a plan said with a separable German verb;
what to rent asked outright beside a use; large amounts of work that are no volume discount;
an agent whose work touches documents; a customer's inquiry pasted under a ticket header; two
plans told apart in Korean's "뭐가 달라요"; a deadline capped with "máximo"; Portuguese told
from Spanish by "ao mesmo tempo"; input and output lengths sharing one word of tokens; a
thousand people in words. Then (twentieth) ticket headers, "is it enough?", day words, "can we
use it?", a model that is a fine-tune, round counts, obligations, currencies after a bound,
peaks of a day; and (twenty-first) numbers in words and in Chinese numerals, a week's rental,
invoices, quotes asked for. Every example is written for the test (none is a line of a blind
set).
"""

from __future__ import annotations

import pytest

from bot.understand import parse_message, parsed_to_json


def _read(text, language=None):
    return parsed_to_json(parse_message(text, telegram_language=language))


@pytest.mark.parametrize(
    ("text", "months"),
    [
        ("and what if we sign up for 9 months?", 9),
        ("e se a gente fechar por 4 meses?", 4),
        ("und wenn wir uns für 8 Monate festlegen?", 8),
        ("a если взять на 10 месяцев?", 10),
        ("y si nos comprometemos por 5 meses?", 5),
    ],
)
def test_a_term_put_as_a_change_is_a_follow_up(text, months):
    """The plan on the table for the term, not the page's answer about longer terms."""
    parsed = _read(text)
    assert parsed["intent"] == "followup"
    assert parsed["months"] == months


def test_a_term_with_a_discount_asked_stays_the_question_about_terms():
    """Asking for a discount on the term is about the terms the page states."""
    parsed = _read("and if we sign up for 9 months, do we get a discount?")
    assert parsed["intent"] == "knowledge"
    assert parsed["topic"] == "longer_terms"


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("單張 H200 跑 Llama 3.1 8B 最多撐得住幾位同時使用的客人？", "users"),
        ("一张 H200 跑 Qwen3-32B 能接待多少位同时在线的用户？", "users"),
        ("跑 DeepSeek V3 要几颗 GPU？", "gpu_count"),
        ("部署 Llama 3.3 70B 需要多少顆 H200？", "gpu_count"),
        ("qntas GPUs preciso pro Llama 3.3 70B?", "gpu_count"),
        ("qtos servidores pro DeepSeek R1?", "gpu_count"),
    ],
)
def test_figures_asked_with_more_classifiers_and_abbreviations(text, asked):
    """位 for people at once, 顆 for chips, "qntas"/"qtos" for how many."""
    assert _read(text)["asked"] == asked


def test_choosing_a_plan_with_a_separable_verb_is_how_to_choose():
    """'Wie wähle ich … aus?' asks how to choose, whatever 'Tarif' says of prices."""
    parsed = _read("Nach welchen Kriterien wähle ich die richtige Konfiguration aus?")
    assert parsed["intent"] == "knowledge"
    assert parsed["topic"] == "how_to_choose"


@pytest.mark.parametrize(
    ("text", "use"),
    [
        ("We want to translate our product manuals at scale, what should we rent?", "translation"),
        (
            "Queremos traducir contratos del inglés al portugués, ¿qué deberíamos alquilar?",
            "translation",
        ),
        (
            "Wir wollen große Mengen an Tickets zusammenfassen lassen, welches Setup?",
            "summarization",
        ),
        ("Хотим переводить инструкции на пять языков, что нам арендовать?", "translation"),
    ],
)
def test_what_to_rent_beside_a_use_asks_for_a_proposal(text, use):
    """A use and "what should we rent?" is a proposal, not the calculator or the discounts."""
    parsed = _read(text)
    assert parsed["intent"] == "discover"
    assert parsed["use_case"] == use


def test_a_volume_discount_is_still_one():
    """'Mengenrabatt' still asks about discounts for volume."""
    parsed = _read("Gibt es einen Mengenrabatt, wenn wir mehrere Server mieten?")
    assert parsed["topic"] == "longer_terms"


def test_an_agent_working_on_documents_is_an_agent():
    """Documents the agent reads and writes are its work, not retrieval over them."""
    parsed = _read(
        "Un agente de IA que gestione pedidos, correos y documentos internos, "
        "sin modelo elegido todavía, ¿qué nos conviene alquilar?"
    )
    assert parsed["intent"] == "discover"
    assert parsed["use_case"] == "agent"


def test_an_agent_over_a_knowledge_base_stays_retrieval():
    """Named retrieval (a knowledge base searched) keeps the RAG use."""
    parsed = _read("an AI agent that answers from our knowledge base, for 50 people")
    assert parsed["use_case"] == "rag"


@pytest.mark.parametrize(
    "text",
    [
        (
            "お客様からのお問い合わせです：Whisper large で文字起こしをしたいのですが、"
            "どのサーバーが良いですか？"
        ),
        "客户咨询：想跑 Stable Diffusion XL 出图，用哪台服务器合适？",
    ],
)
def test_a_pasted_inquiry_header_asks_for_no_person(text):
    """A support ticket's header ("customer inquiry") is not a request for a salesperson."""
    parsed = _read(text)
    assert parsed["intent"] == "size"
    assert parsed["model_kind"] in {"speech", "image"}


def test_asking_for_a_person_about_an_inquiry_still_does():
    """A request for a person keeps its words."""
    assert _read("営業担当の方から連絡をください")["intent"] == "sales"


def test_two_plans_told_apart_in_korean_is_the_difference_between_them():
    """'뭐가 달라요' between the single H200 plan and a GPU of the HGX server."""
    parsed = _read("단일 H200 상품이랑 HGX 서버 GPU 한 장이랑 뭐가 달라요?")
    assert parsed["intent"] == "knowledge"
    assert parsed["topic"] == "single_vs_hgx"


def test_a_price_of_a_gpu_named_alone_stays_a_price():
    """Without a difference asked, the price of a GPU named is that price."""
    parsed = _read("H200 单卡月租多少？")
    assert parsed["intent"] == "price"


@pytest.mark.parametrize(
    ("text", "hours"),
    [
        ("LoRA em Qwen3-8B, 30M tokens, prazo máximo de 2 dias", 48),
        ("fine-tune Llama 3.1 8B on 20M tokens, deadline max 36 hours", 36),
        ("QLoRA de Mistral Large, 100M tokens, plazo máximo una semana", 168),
    ],
)
def test_a_deadline_capped_with_maximo(text, hours):
    """'plazo máximo 4 días', 'prazo máximo de', 'deadline max': the deadline still."""
    assert _read(text)["deadline_hours"] == hours


@pytest.mark.parametrize(
    "text",
    [
        "Equipe de 30 devs, Qwen3-32B, no máximo 8 usando ao mesmo tempo",
        "Temos 12 analistas, uns 4 ao mesmo tempo, com Llama 3.3 70B",
    ],
)
def test_portuguese_told_from_spanish_by_ao_mesmo_tempo(text):
    """'ao mesmo tempo' is Portuguese ('al mismo tiempo' in Spanish)."""
    assert _read(text)["language"] == "pt-BR"


@pytest.mark.parametrize(
    ("text", "lengths"),
    [
        ("Llama 3.3 70B, 1200 input / 300 output tokens, 5 rps", (1200, 300)),
        ("DeepSeek V3 with 4000 prompt / 800 generated tokens per call", (4000, 800)),
    ],
)
def test_input_and_output_sharing_one_word_of_tokens(text, lengths):
    """'800 input / 250 output tokens': both lengths, the tokens said once after them."""
    parsed = _read(text)
    assert (parsed["input_tokens"], parsed["output_tokens"]) == lengths


@pytest.mark.parametrize(
    "text",
    [
        "Нужен бот для внутренних вопросов, сотрудников около тысячи, модель не выбрали",
        "we're a firm of a thousand employees looking for an internal assistant",
        "Buscamos un asistente interno para mil empleados",
    ],
)
def test_a_thousand_people_in_words_is_the_head_count(text):
    """'около тысячи', 'a thousand', 'mil': a head count of 1,000 with no digit."""
    assert _read(text)["headcount"] == 1000


# --- the twentieth round -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Support ticket #7730: customer asks which plan fits a team that wants to evaluate", "en"),
        ("Support-Ticket, Kunde fragt: Wie finde ich den passenden Tarif?", "de"),
        ("客服轉貼：「單卡方案跟 HGX 整機裡的一張卡差在哪？」", "zh-Hant"),
    ],
)
def test_a_ticket_header_names_no_support_use(text, language):
    """A header of support staff pasting a question is neither a support use nor a person asked."""
    parsed = _read(text, language)
    assert parsed.get("use_case") != "support"
    assert parsed["intent"] != "sales"


def test_support_tickets_counted_stay_a_support_use():
    """Tickets a day are the work of a support desk, not a header."""
    parsed = _read(
        "Our helpdesk gets 3,000 support-tickets a day, no model yet, what do you suggest?"
    )
    assert parsed["use_case"] == "support"


@pytest.mark.parametrize(
    "text",
    [
        "Llama 3.1 8B を同時 20 で、H200 1枚で足りる？",
        "Qwen3-32B, 32K Kontext, 40 parallele Nutzer: reichen zwei H200?",
    ],
)
def test_whether_it_is_enough_asks_whether_it_fits(text):
    """'足りる？', 'reichen … ?': the yes-or-no question of a fit."""
    assert _read(text)["asked"] == "fits"


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("is 2 H200 enough for Qwen3-32B at 32k?", 2),
        ("¿bastan 4 H200 para Llama 3.3 70B con 64 usuarios?", 4),
        ("Reichen dafür 4 MI355X-GPUs bei 30 Nutzern?", 4),
    ],
)
def test_a_count_asked_about_is_the_gpu_count(text, count):
    """The GPUs a yes-or-no question names are counted."""
    assert _read(text)["gpu_count"] == count


@pytest.mark.parametrize(
    ("text", "hours"),
    [
        ("Llama 3.1 8B LoRA, 토큰 3억 개, 사흘 안에 끝내야 해요", 72),
        ("we need 300M tokens summarised with Llama 3.1 8B in less than 12 hours", 12),
        ("Hay que procesar 200 millones de tokens con Qwen3-32B en menos de 2 días", 48),
    ],
)
def test_deadlines_in_korean_day_words_and_in_less_than(text, hours):
    """'사흘 안에', 'in less than', 'en menos de': the job's deadline."""
    assert _read(text)["deadline_hours"] == hours


@pytest.mark.parametrize(
    ("text", "gpu"),
    [
        ("H100 は使えますか？", "h100"),
        ("A100って借りられますか？", "a100"),
        ("H100도 대여하나요?", "h100"),
    ],
)
def test_can_we_use_or_rent_it_asks_about_the_portfolio(text, gpu):
    """Asking whether hardware we do not rent can be used or borrowed is about the portfolio."""
    parsed = _read(text)
    assert (parsed["intent"], parsed["unrented_gpu"]) == ("knowledge", gpu)


def test_a_hundred_alone_before_people_is_a_hundred():
    """'同時利用は最大でも百人ほど': 百 alone is 100 there, and 百度 stays a name."""
    assert _read("社員は2000人、同時利用は最大でも百人ほど。Qwen3-32Bで。")["concurrency"] == 100
    assert _read("百度的文心一言能跑吗").get("concurrency") is None
    assert _read("数百人が同時に使う予定です").get("concurrency") != 100  # several hundred


@pytest.mark.parametrize(
    "text",
    [
        "our own fine-tune of a 32B model, bf16, 16k context, 40 users at once. fits on H200?",
        "notre modèle est un fine-tune maison de Qwen3-32B, 32k de contexte, 20 utilisateurs",
        "Ein eigenes Fine-Tuning von Qwen3-32B ist bereits erfolgt; 16K Kontext, 12 Anfragen",
        "Nous sommes en train de monter un assistant sur Gemma 3 27B, 64k de contexte",
    ],
)
def test_a_model_that_is_a_fine_tune_is_sized_not_trained(text):
    """A fine-tune that exists (or 'en train de') is served: no training job."""
    parsed = _read(text)
    assert parsed["intent"] == "size"
    assert parsed.get("training") is None


def test_fine_tuning_asked_for_stays_a_job():
    """'pour fine-tuner un modèle 7B' still asks to train."""
    assert (
        _read("quelques GPU pour fine-tuner un modèle 7B, ça coûte combien ?")["intent"] == "train"
    )


@pytest.mark.parametrize(
    ("text", "people"),
    [
        ("On est une agence ; une vingtaine de conseillers utiliseraient l'assistant", 20),
        ("une cinquantaine de collaborateurs, pas de modèle choisi", 50),
    ],
)
def test_french_round_counts_are_the_head_count(text, people):
    """'une vingtaine de', 'une cinquantaine de': about 20, about 50 people."""
    assert _read(text)["headcount"] == people


def test_a_round_count_said_at_once_is_the_load():
    """'une trentaine de collègues l'utilisent en même temps': users at once, not the team."""
    parsed = _read(
        "le vendredi une trentaine de collègues l'utilisent en même temps. Qwen3-32B, 32k"
    )
    assert (parsed["concurrency"], parsed.get("headcount")) == (30, None)


def test_cuda_required_by_obligation():
    """'On est obligés d'avoir CUDA': the platform a running chat keeps to."""
    parsed = _read("nous sommes obligés d'utiliser CUDA")
    assert (parsed["intent"], parsed["cuda_only"]) == ("followup", True)


def test_a_generation_speed_is_no_output_length():
    """'生成速度' is a speed: the list number after it is no output length."""
    parsed = _read("要求：\n1. 生成速度不低于 30 token/s\n2. 首字 2 秒内\n模型 Qwen3-32B")
    assert parsed.get("output_tokens") is None


@pytest.mark.parametrize(
    ("text", "amount", "currency"),
    [
        ("月预算 20万以内（人民币），知识库问答，还没选模型", 200000, "CNY"),
        ("budget 40k (EUR) per month for Llama 3.3 70B", 40000, "EUR"),
    ],
)
def test_a_currency_after_a_bound_or_in_brackets(text, amount, currency):
    """The currency said after '以内' or in brackets is the budget's: no dollar budget."""
    parsed = _read(text)
    assert (parsed["budget_amount"], parsed["budget_currency"]) == (amount, currency)
    assert parsed.get("budget_usd_month") is None


def test_developers_said_short_in_chinese_are_the_head_count():
    """'60 个开发' are developers; '3 个开发周期' are cycles."""
    assert _read("给 60 个开发做代码补全，推荐什么配置")["headcount"] == 60
    assert _read("这个项目 3 个开发周期").get("headcount") is None


def test_a_peak_said_at_the_peak_of_a_day():
    """'150 at the Friday-afternoon peak' is the peak, above the usual users at once."""
    parsed = _read(
        "usually 40 people on it at once, 120 at the Friday-afternoon peak. Llama 3.3 70B"
    )
    assert parsed["concurrency"] == 120


# --- the twenty-first round ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("a team of thirty-two analysts, Qwen3-32B for RAG", "headcount", 32),
        ("Somos unas cuarenta y cinco personas, sin modelo todavía", "headcount", 45),
        ("Нас около шестидесяти инженеров, модель не выбрали", "headcount", 60),
        ("Wir sind etwa siebzig Leute, noch kein Modell", "headcount", 70),
        ("LoRA on Llama 3.1 8B, about eighty million tokens", "tokens", 80_000_000),
        ("rewrite two billion tokens with gpt-oss-20b within four days", "deadline_hours", 96),
        ("полтора миллиарда токенов через Qwen3-32B за шесть суток", "batch_tokens", 1_500_000_000),
        ("개발자 서른 명, 동시 사용은 최대 열 명, 모델은 Qwen3 32B", "concurrency", 10),
    ],
)
def test_numbers_in_words_are_read(text, field, value):
    """Tens, teens, a small number before a scale word or a unit of time, Korean native tens."""
    assert _read(text)[field] == value


def test_small_numbers_alone_and_at_once_stay_words():
    """'at once' is no eleven, 'one of them' no count, '5 cent' no hundred."""
    parsed = _read("two of us use it at once, one of them daily; 5 cent per token?")
    assert parsed.get("headcount") is None
    assert parsed.get("concurrency") in {None, 2}


@pytest.mark.parametrize(
    ("text", "people", "at_once"),
    [
        ("团队四十二个人，高峰大概十五个人同时用。模型 Qwen3-32B", 42, 15),
        ("開発チームは三十人。同時に使うのはピーク時で九人くらい。Qwen3-32B", 30, 9),
    ],
)
def test_people_counted_in_chinese_numerals(text, people, at_once):
    """'四十二个人', '三十人', '九人': people in numerals; '兩個模型' stays two models."""
    parsed = _read(text)
    assert (parsed["headcount"], parsed["concurrency"]) == (people, at_once)


def test_two_models_in_numerals_are_no_people():
    """'兩個模型' counts models."""
    assert _read("兩個模型放同一台機器，每個模型 8 個並發").get("headcount") is None


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("On peut louer juste pour une semaine ?", "minimum_term"),
        ("Can I rent it for just a week?", "minimum_term"),
        ("可以开增值税发票吗？", "billing"),
        ("可以只租 MI355X 伺服器裡面的其中四張卡嗎？", "whole_server_only"),
    ],
)
def test_more_questions_the_page_answers(text, topic):
    """A week's rental is about the minimum term; invoices are billing."""
    assert _read(text)["topic"] == topic


@pytest.mark.parametrize(
    "text",
    ["H200 を 3 台、6 ヶ月で見積もりください", "Chiffrez-moi 3 serveurs H200 pour 6 mois"],
)
def test_a_quote_asked_for_asks_the_price(text):
    """'見積もりください', 'Chiffrez-moi': the total asked."""
    assert _read(text)["asked"] == "price"


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("一張 H200 跑 Qwen3-32B 可以撐多少同時使用者？", "users"),
        ("MI355X 整机跑 Qwen3-235B，64K 上下文能撑几个并发？", "users"),
    ],
)
def test_users_asked_with_at_once_between(text, asked):
    """'多少同時使用者', '几个并发': the users one plan serves."""
    assert _read(text)["asked"] == asked


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("дообучение Qwen3-8B через LoRA, 20 млн токенов, срок — неделя", "deadline_hours", 168),
        ("В компании человек 400, одновременно максимум 30, Qwen3-32B", "headcount", 400),
        ("Für 150 Sachbearbeiter ein Assistent für E-Mails, was empfehlen Sie?", "headcount", 150),
        ("有一批資料要跑，總共 5000 萬 tokens，Qwen3-32B，三天內跑完", "use_case", "batch"),
        ("我們想做一個能查內部規章文件的問答系統，40 人用", "use_case", "rag"),
    ],
)
def test_more_fields_of_the_twenty_first_round(text, field, value):
    """A week as a deadline, people before their count, a batch of data, documents looked up."""
    assert _read(text)[field] == value


# --- the twenty-second round ---------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "We fine-tuned Llama 3.1 8B on our tickets; now we need to host it, 16k context.",
        "Hemos hecho un fine-tuning de Qwen3-32B y buscamos dónde servirlo, 32k de contexto",
        "A gente fez um fine-tune do Llama 3.3 70B; queremos hospedar a inferência, 16k",
        "Nous avons réalisé un fine-tuning de Mistral Large, reste l'inférence, 32k de contexte",
        "Das Training ist abgeschlossen, wir brauchen Inferenz für Qwen3-32B, 64k Kontext",
        "Мы дообучили Qwen3-32B, теперь нужен инференс, контекст 32k",
        "我们用自己的数据做了微调，模型已经训练好了，现在要部署推理，上下文 32k，Qwen3-32B",
    ],
)
def test_a_training_done_with_serving_asked_is_a_sizing(text):
    """'we fine-tuned … now to host it': the model is served, its context read as such."""
    parsed = _read(text)
    assert parsed["intent"] == "size"
    assert parsed.get("training") is None
    assert parsed["context_tokens"] in {16384, 32768, 65536}


def test_tokens_of_the_training_data_are_no_context():
    """'训练数据是20亿token' names the data trained on: no context, none refused."""
    parsed = _read("我们微调好的 Qwen3-32B 要上线了，并发 100（训练数据是 5 亿 token）")
    assert parsed.get("context_tokens") is None
    assert "context_too_large" not in parsed.get("not_understood", [])


@pytest.mark.parametrize(
    "text",
    [
        "Mistral Large en BF16, 32k : la configuration recommandée ainsi que le tarif mensuel ?",
        "Qwen3-32B, 20 usuarios: ¿y el precio mensual?",
        "Quanto fica o custo mensal com Llama 3.3 70B e 30 usuários?",
    ],
)
def test_the_monthly_price_asked_with_the_recommendation(text):
    """'ainsi que le tarif mensuel', 'el precio mensual': the price asked."""
    assert _read(text)["asked"] == "price"


def test_rocm_posing_no_problem_is_rocm_accepted():
    """'ROCm ne nous pose aucun problème': ROCm is fine."""
    assert _read("ROCm ne nous pose aucun problème")["cuda_only"] is False


def test_a_russian_thousand_said_after_its_number_is_a_thousand():
    """'тысяч двадцать' is about 20,000 (no 20 users), 'полторы сотни' 150."""
    parsed = _read(
        "приложение скачали тысяч двадцать, одновременно максимум полторы сотни, qwen3 32b"
    )
    assert parsed["concurrency"] == 150


def test_at_once_words_before_another_count_are_that_counts():
    """'직원이 2,400명 … 동시에 쓰는 사람은 많아야 180명': the 2,400 are the staff."""
    parsed = _read(
        "저희 회사 직원이 2,400명인데요 이번에 Llama 3.3 70B로 사내 비서를 만들 거거든요 "
        "근데 실제로 동시에 쓰는 사람은 많아야 180명"
    )
    assert parsed["headcount"] == 2400
    assert parsed.get("concurrency") != 2400


# --- the twenty-third round ----------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "We finished fine-tuning Qwen3-8B last week and now need to serve it, 32k context",
        "Terminamos o fine-tuning do Qwen3-32B; queremos rodar em produção com 16k de contexto",
        "追加学習済みの Qwen3-8B を本番で運用したい。コンテキスト 16K",
    ],
)
def test_more_ways_to_say_the_training_is_done(text):
    """'We finished fine-tuning', 'Terminamos o fine-tuning', '追加学習済み': a model to serve."""
    assert _read(text)["intent"] == "size"


@pytest.mark.parametrize(
    ("text", "people"),
    [
        ("Time de cento e trinta devs, qwen coder", 130),
        ("Wir sind dreihundert Leute, noch kein Modell", 300),
        ("Une équipe de cent ingénieurs, pas encore de modèle", 100),
    ],
)
def test_hundreds_in_words_are_the_head_count(text, people):
    """'cento e trinta', 'dreihundert', 'cent ingénieurs' (and '5 cent' stays money)."""
    assert _read(text)["headcount"] == people


def test_half_a_billion_in_russian():
    """'полмиллиарда токенов' is 500 million tokens."""
    parsed = _read("Нужно прогнать полмиллиарда токенов через Qwen3-32B за трое суток")
    assert parsed["batch_tokens"] == 500_000_000


def test_a_full_fine_tune_said_voll_finetunen():
    """'voll finetunen' is a full fine-tune."""
    assert _read("Wir wollen Qwen3-8B voll finetunen, 200 Mio. Tokens")["method"] == "full"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("A100はレンタルできますか", ("knowledge", None)),
        ("Qwen3-32B H200 한 장에 들어가요?", ("size", "fits")),
        ("想做知识库问答，文档几十万篇，租什么合适？", ("discover", None)),
        (
            "[Ticket 88121, forwarded from sales@] Customer asks: is traffic included?",
            ("knowledge", None),
        ),
    ],
)
def test_more_questions_of_the_twenty_third_round(text, expected):
    """Renting asked in Japanese, fitting in Korean, what to rent in Chinese, a ticket header."""
    parsed = _read(text)
    assert (parsed["intent"], parsed.get("asked")) == expected


# --- the twenty-fourth round ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("a firm of fourteen hundred people, no model yet", "headcount", 1400),
        ("В компании тысяча триста сотрудников, модель не выбрали", "headcount", 1300),
        ("LoRA sur Llama 3.1 8B, un milliard de tokens, seq 4096", "tokens", 1_000_000_000),
        ("開発者二百四十人のチームで、モデルは未定", "headcount", 240),
    ],
)
def test_more_numbers_in_words(text, field, value):
    """'fourteen hundred', 'тысяча триста' (1,300, not 300,000), 'un milliard', 二百四十人."""
    assert _read(text)[field] == value


@pytest.mark.parametrize(
    "text",
    [
        "我們已完成 Qwen3-32B 的內部微調（訓練已經結束），想評估推論部署，上下文 32K",
        "Este trimestre ajustamos Llama 3.1 8B con nuestros datos; queremos servirlo, 8k",
        "사내 데이터로 파인튜닝을 마쳤습니다. 이제 서빙만 하면 됩니다. Qwen3-8B, 컨텍스트 16K",
    ],
)
def test_a_training_finished_in_more_languages(text):
    """'訓練已經結束', 'ajustamos', '파인튜닝을 마쳤습니다': the model is to serve."""
    assert _read(text)["intent"] == "size"


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("price for 3 H200 servers and 1 MI355X server?", "price"),
        ("跑 Qwen3-32B 每個月要花多少？", "price"),
        ("H200 で Qwen3-32B、月いくらですか？", "price"),
        ("H200 跑 Qwen3-8B 能撐幾個併發？", "users"),
        ("qts usuários o Qwen3-32B aguenta no H200?", "users"),
    ],
)
def test_figures_asked_in_the_twenty_fourth_round(text, asked):
    """'price for', '每個月要花多少', '月いくら', '幾個併發', 'qts usuários'."""
    assert _read(text)["asked"] == asked


def test_how_does_it_look_on_another_gpu_is_a_follow_up():
    """'Wie sieht's auf MI355X aus?' changes the GPU of the plan on the table."""
    assert _read("Und wie sieht's auf MI355X aus?")["intent"] == "followup"
