"""The fourteenth round of the phrasing kinds fresh customer text showed the parser missing.

Asking for something cheaper in idioms (a notch down, easy on the wallet, without going
broke); asking whether we rent hardware we do not (a question about the portfolio); users at
once said as dozens, capped in slang, counted as items, settled on after a guess, after a time
of day, past a link to another count; the figure asked ("сколько народу", "동접 몇까지",
"число карт", "сколько набежит"); prices paid elsewhere or quoted, which are no budget; a
training method ruled out; a format ruled out; per-user speeds and deadlines said in more ways;
a nickname before a precision; a quarter as a term; no model yet said as a blank slate; an
internal ChatGPT as a use; support said as a team. Every example is written for the test (none
is a line of a blind set).
"""

from __future__ import annotations

import pytest

from bot.understand import parse_message, parsed_to_json


def _read(text, language=None):
    return parsed_to_json(parse_message(text, telegram_language=language))


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("is there anything that won't break the bank?", "en"),
        ("something a notch down, price-wise?", "en"),
        ("有没有低一档的方案？", "zh-Hans"),
        ("懐に優しい構成はありますか", "ja"),
        ("요금이 좀 낮은 걸로 가능할까요?", "ko"),
        ("¿hay algo que no cueste un ojo de la cara?", "es"),
        ("Tem algo que não custe os olhos da cara?", "pt-BR"),
        ("Gibt's das auch nicht ganz so teuer?", "de"),
        ("Une config un cran en dessous, possible ?", "fr"),
        ("А есть что-то поскромнее?", "ru"),
    ],
)
def test_cheaper_said_in_idioms_is_the_cheaper_lever(text, language):
    """Idioms of paying less ask for the cheaper way from the plan on the table."""
    parsed = _read(text, language)
    assert parsed["lever"] == "cheaper"
    assert parsed["intent"] == "followup"


@pytest.mark.parametrize(
    ("text", "gpu"),
    [
        ("do you folks offer A100s at all?", "a100"),
        ("L40S 有没有？", "l40s"),
        ("Haben Sie H100 im Angebot?", "h100"),
        ("Vous louez des MI300X ?", "mi300x"),
        ("¿Alquilan RTX 4090?", "rtx4090"),
        ("У вас есть A100?", "a100"),
        ("H200 말고 H100도 있어요?", "h100"),
    ],
)
def test_asking_whether_we_rent_hardware_we_do_not_is_about_the_portfolio(text, gpu):
    """The answer says we do not rent it and names the nearest plan: no price list first."""
    parsed = _read(text)
    assert parsed["intent"] == "knowledge"
    assert parsed["unrented_gpu"] == gpu


@pytest.mark.parametrize(
    ("text", "users"),
    [
        ("Llama 3.1 8B, a couple dozen people using it simultaneously", 24),
        ("Qwen3 32B für drei Dutzend gleichzeitige Nutzer", 36),
        ("Qwen3 32B, dos docenas de usuarios simultáneos", 24),
        ("gpt-oss-120b，全员3000人，同时在线的顶天了500左右", 500),
        ("Qwen3 32B、朝10時台に同時に来る問い合わせは最大でも40件くらい", 40),
        ("llama 3.3 70b: 30 mil cadastros, mas usuários simultâneos de verdade, no máximo 90", 90),
        ("gpt-oss-20b, 동시 접속은 30 정도일 텐데 40명으로 잡아 주세요", 40),
        ("Qwen3 32B, at once maybe 20 but plan for 30 users to be safe", 30),
        ("Llama 3.3 70B, gleichzeitig so 40, rechnet lieber mit 50", 50),
    ],
)
def test_users_at_once_said_in_more_ways(text, users):
    """Dozens, slang caps, items, a settled figure, a time of day and links are read."""
    assert _read(text)["concurrency"] == users


def test_a_count_of_downloads_past_a_link_is_not_users_at_once():
    """The count past "pero … concurrentes, como mucho" is the one at once, not the downloads."""
    parsed = _read("20 mil descargas pero usuarios concurrentes, como mucho 60. Qwen3 32B")
    assert parsed["concurrency"] == 60


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("qwen3 32b на одной H200 — сколько народу выдержит?", "users"),
        ("gpt-oss-120b로 H200 한 장이면 동시 접속자 몇 명까지?", "users"),
        ("Wie viele gleichzeitige Anfragen packt ein H200 mit Qwen3 32B?", "users"),
        ("Назовите количество карт под Llama 3.3 70B на 20 пользователей", "gpu_count"),
    ],
)
def test_the_figure_asked_in_more_ways(text, asked):
    """Users a GPU serves and the number of cards asked are the figures the answer opens with."""
    assert _read(text)["asked"] == asked


@pytest.mark.parametrize(
    "text",
    [
        "we currently pay $1.90 per GPU-hour for A100s elsewhere. Llama 3.1 70B?",
        "Wir zahlen derzeit 4.000 € im Monat bei unserem jetzigen Anbieter. Qwen3 32B bei euch?",
        "У конкурента сервер стоит 900 тыс. ₽ в месяц. Qwen3 32B у вас?",
        "No site a MI355X sai por US$ 19.900 por mês, certo? Qwen3 235B cabe?",
    ],
)
def test_a_price_paid_or_quoted_is_no_budget(text):
    """What is paid today, elsewhere or per hour, or what a plan costs, limits nothing."""
    parsed = _read(text)
    assert parsed.get("budget_amount") is None
    assert parsed.get("budget_usd_month") is None


@pytest.mark.parametrize(
    "text",
    [
        "budget up to $12k a month, we currently pay more. Qwen3 32B",
        "Llama 3.3 70B, Budget höchstens 8.000 € im Monat",
    ],
)
def test_a_budget_stays_a_budget_beside_price_words(text):
    """A budget word or a limit keeps the amount a budget."""
    assert _read(text)["budget_amount"] is not None


@pytest.mark.parametrize(
    ("text", "method"),
    [
        ("no LoRA please: full fine-tuning of Llama 3.1 8B on 300M tokens", "full"),
        ("Qwen3 8B 전체 파라미터 파인튜닝, LoRA 말고요, 2억 토큰", "full"),
        ("не претрейн, а полное дообучение Qwen3 8B на 500M токенов", "full"),
    ],
)
def test_a_training_method_ruled_out_is_not_the_method(text, method):
    """The method said not to be wanted gives way to the one asked."""
    assert _read(text)["method"] == method


def test_pre_training_from_zero_with_renting_asked_is_a_training_job():
    """Pre-training from zero with renting asked ("要租多久") is the job's time, not a person."""
    parsed = _read("从零预训练一个 1B 的模型，50亿token，要租多久？")
    assert parsed["intent"] == "train"
    assert parsed["method"] == "pretrain"


@pytest.mark.parametrize(
    ("text", "precision"),
    [
        ("bf16 말고 fp8으로 해 주세요", "fp8"),
        ("use fp8 instead of bf16", "fp8"),
        ("statt BF16 bitte FP8", "fp8"),
        ("en lugar de fp8, int4", "int4"),
        ("bf16じゃなくてfp8で", "fp8"),
    ],
)
def test_a_format_ruled_out_gives_way_to_the_one_wanted(text, precision):
    """The weight format said not to be wanted is not read as the one asked."""
    assert _read(text)["precision"] == precision


@pytest.mark.parametrize(
    ("text", "speed"),
    [
        ("Qwen3 32B, mindestens 25 Token/s pro Kopf", 25),
        ("llama 3.3 70b, no mínimo 40 tokens/s para cada um", 40),
        ("Qwen3 32B, 20 tokens/s par personne au minimum", 20),
    ],
)
def test_per_user_speed_said_in_more_ways(text, speed):
    """A speed said of each person is each user's, not the total."""
    assert _read(text)["tokens_per_user_tok_s"] == speed


def test_a_deadline_said_at_the_latest():
    """A deadline said "au plus tard en 10 heures" is the job's deadline."""
    parsed = _read("500 millions de tokens via Qwen3 32B, terminé au plus tard en 10 heures")
    assert parsed["batch_tokens"] == 500_000_000
    assert parsed["deadline_hours"] == 10


@pytest.mark.parametrize(
    ("text", "model"),
    [
        ("dsv3 bf16 128k", "deepseek-ai/DeepSeek-V3"),
        ("dsv3.1 fp8 на 8 H200?", "deepseek-ai/DeepSeek-V3.1"),
    ],
)
def test_a_nickname_before_a_precision_is_the_model(text, model):
    """A precision right after a nickname is said of it, and a dotted version is read."""
    assert _read(text)["model"] == model


@pytest.mark.parametrize(
    "text",
    ["MI355X 서버 한 분기 빌리면 얼마예요?", "H200 单卡租一个季度多少钱"],
)
def test_a_quarter_is_three_months(text):
    """A quarter said as a term is three months."""
    assert _read(text)["months"] == 3


@pytest.mark.parametrize(
    ("text", "use"),
    [
        ("我们想做一个内部知识库问答，模型和硬件还是一片空白", "rag"),
        ("Contract review assistant for 40 lawyers, model and hardware wide open", "chat"),
        ("We'd like our own internal ChatGPT for 300 staff", "chat"),
        ("Une administration de 800 agents veut un ChatGPT interne", "chat"),
    ],
)
def test_a_use_with_no_model_yet_is_a_proposal(text, use):
    """A blank slate or an internal ChatGPT asks for a proposal, with the use it names."""
    parsed = _read(text)
    assert parsed["intent"] == "discover"
    assert parsed["use_case"] == use


def test_deploying_ai_agents_stays_an_agent_use():
    """Deploying "5 agents" is five AI agents, not a staff of five."""
    assert _read("we want to deploy 5 agents for our ops team")["use_case"] == "agent"


@pytest.mark.parametrize(
    "text",
    [
        "нужен бот для саппорта, 30 диалогов одновременно, Qwen3 32B",
        "un asistente para el equipo de soporte",
    ],
)
def test_support_said_as_a_team_or_slang_is_the_support_use(text):
    """Support named by its team or its slang is the support use."""
    assert _read(text)["use_case"] == "support"


def test_spanish_da_igual_is_spanish():
    """A message with "nos da igual" is Spanish, not Portuguese."""
    assert parse_message("Si CUDA no hace falta, nos da igual la GPU").language == "es"


@pytest.mark.parametrize(
    "text",
    [
        "我们的服务绑死CUDA了",
        "we're locked into CUDA, sorry",
        "Мы завязаны на CUDA",
        "AMD 那边就不用考虑了",
    ],
)
def test_locked_into_cuda_is_cuda_only(text):
    """Being locked into CUDA, or AMD not to be looked at, asks for CUDA only."""
    assert _read(text)["cuda_only"] is True


@pytest.mark.parametrize(
    "text",
    [
        "Und wenn wir MI355X nehmen? Wir haben schon nach ROCm migriert.",
        "What if we take the MI355X? We already ported everything to ROCm.",
        "Y si vamos con MI355X? Ningún problema con AMD.",
    ],
)
def test_a_gpu_asked_as_a_condition_with_rocm_accepted_is_a_follow_up(text):
    """A GPU asked as a condition with ROCm accepted changes the plan on the table."""
    parsed = _read(text)
    assert parsed["intent"] == "followup"
    assert parsed["cuda_only"] is False


def test_a_load_stated_with_a_model_and_what_it_needs_is_a_sizing():
    """A rate, lengths and "what do I need with X" size X, not swap it into the last answer."""
    parsed = _read("1分あたり300リクエスト、入力2000・出力400トークンで、Qwen3 32Bだと何が必要？")
    assert parsed["intent"] == "size"
    assert parsed["requests_per_minute"] == 300


# --- A fifteenth round: the kinds the next fresh set showed (written for the tests) ---------


@pytest.mark.parametrize(
    ("text", "users"),
    [
        ("Qwen3 32B with 8 k context for forty people at the same time", 40),
        ("typically 20ish folks on it at once, but it spikes to 70 on Mondays. Qwen3 32B", 70),
        ("平时大概 30 个会话同时在线，双十一会冲到 100 个左右，模型 Qwen3 32B", 100),
        ("обычно одновременно человек 50, в пике до 90. Llama 3.3 70B", 90),
        ("On est 300 au bureau, mais une vingtaine s'en servent en même temps. Qwen3 32B", 20),
    ],
)
def test_users_at_once_the_usual_then_the_peak_and_rough_words(text, users):
    """The peak said after the usual count is what is sized; rough words and "k" context read."""
    assert _read(text)["concurrency"] == users


def test_a_context_beside_a_count_of_documents_is_still_read():
    """A count of documents is no context, and the context said beside it is read."""
    parsed = _read("知识库问答用 Qwen3 32B，文档 5 万篇，上下文 32k，并发 50")
    assert parsed["context_tokens"] == 32768
    assert parsed["concurrency"] == 50


@pytest.mark.parametrize(
    ("text", "amount", "currency"),
    [
        ("budget around ₹8 lakh a month for Qwen3 32B", 800_000, "INR"),
        ("Obergrenze 20 T€ im Monat für Llama 3.3 70B", 20_000, "EUR"),
        ("como máximo 5 mil pavos al mes, Qwen3 32B", 5_000, "EUR"),
        ("tenemos 80 mil pesitos al mes (MXN) para Llama 3.1 8B", 80_000, "MXN"),
    ],
)
def test_budgets_in_more_currencies_and_slang(text, amount, currency):
    """Lakh, thousands of euros written "T€", "pavos" and "pesitos" are budgets."""
    parsed = _read(text)
    assert (parsed["budget_amount"], parsed["budget_currency"]) == (amount, currency)


@pytest.mark.parametrize(
    "text",
    [
        "Для справки: у конкурента A100 стоит 180 ₽ в час. Сколько за H200 у вас?",
        "Wie teuer ist bei euch die H200? Woanders zahlen wir 2 € pro Stunde für eine A100.",
    ],
)
def test_our_price_asked_beside_one_paid_elsewhere_is_a_price_question(text):
    """Our price asked beside a price paid elsewhere: a price question, and no budget read."""
    parsed = _read(text)
    assert parsed["intent"] == "price"
    assert parsed.get("budget_amount") is None
    assert "budget_currency" not in parsed.get("not_understood", [])


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("你们服务器之间用的是 InfiniBand 吗？我们要做多机训练", "interconnect"),
        ("下单后当天能用上吗？", "delivery"),
        ("주문 후 서버 받기까지 며칠 걸리나요?", "delivery"),
        ("Можно арендовать на пару недель, или минимум месяц?", "minimum_term"),
    ],
)
def test_site_questions_in_more_words(text, topic):
    """The network for training, the time to a usable server, a term shorter than a month."""
    parsed = _read(text)
    assert parsed["intent"] == "knowledge"
    assert parsed["topic"] == topic


@pytest.mark.parametrize(
    ("text", "cuda_only"),
    [
        ("A卡没问题，我们一直在用 ROCm", False),
        ("мы на ROCm уже год работаем, AMD подойдёт", False),
        ("красные карты не предлагайте, у нас всё на CUDA", True),
        ("AMD não rola pra gente, tudo é CUDA", True),
        ("AMD sin problema, ya estamos con ROCm", False),
    ],
)
def test_the_platform_in_slang(text, cuda_only):
    """AMD's cards in slang, already being on ROCm, AMD ruled out in slang."""
    assert _read(text)["cuda_only"] is cuda_only


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("rough # of GPUs for Qwen3 235B with 200 users at once?", "gpu_count"),
        ("Llama 3.3 70B — wie viele brauche ich für 50 Nutzer?", "gpu_count"),
        ("gpt-oss-120b 用一台 H200，能同時服務多少用戶？", "users"),
    ],
)
def test_more_figures_asked(text, asked):
    """The number of GPUs and the users one GPU serves, asked in more words."""
    assert _read(text)["asked"] == asked


def test_input_and_output_said_label_first():
    """Input and output said label first, each number is its own label's."""
    parsed = _read("每分钟 300 个请求，输入 1500 token 输出 200 token，Qwen3 32B 够吗")
    assert (parsed["input_tokens"], parsed["output_tokens"]) == (1500, 200)


def test_a_deadline_counted_from_now():
    """A deadline counted in hours from now is the job's deadline."""
    parsed = _read("800M tokens through Qwen3 32B before the launch, that's 36 hours from now")
    assert parsed["deadline_hours"] == 36


def test_full_fine_tune_written_with_a_hyphen():
    """Full fine-tuning written "Full-Finetune" is the full method."""
    assert _read("Full-Finetune von Llama 3.1 8B, 2 Epochen")["method"] == "full"


def test_automating_consultations_asks_for_no_person():
    """Automating customer consultations ("상담 자동화") is a use, not a request for a person."""
    parsed = _read("콜센터 상담 자동화를 하고 싶은데 어떤 모델과 서버가 좋을까요?")
    assert parsed["intent"] == "discover"
    assert parsed["use_case"] == "support"


# --- A sixteenth round: the kinds the next fresh set showed (written for the tests) ---------


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("can we trim the bill down a bit?", "en"),
        ("價格有點硬，有沒有比較省的方案？", "zh-Hant"),
        ("有冇平啲嘅方案？", "zh-Hant"),
        ("비용을 조금 더 줄이는 방법은요?", "ko"),
        ("¿algo más baratito?", "es"),
    ],
)
def test_cheaper_in_more_idioms(text, language):
    """Trimming the bill, a price that is "hard", Cantonese "平啲", a diminutive."""
    assert _read(text, language)["lever"] == "cheaper"


@pytest.mark.parametrize(
    ("text", "users"),
    [
        ("平日は同時に 15 人くらい、繁忙期は 45 人くらいまで増えます。Qwen3 32B で", 45),
        ("평소엔 동시 접속 20명, 월말에는 70명 가까이 몰려요. Qwen3 32B", 70),
        ("about 300 staff, maybe forty of them on it at once, can go up to sixty. Qwen3 32B", 60),
        ("Llama 3.3 70B, two hundred engineers total, twenty of us at once", 20),
    ],
)
def test_peaks_said_verb_last_and_shares_of_people(text, users):
    """A peak said with its verb after the count, and "forty of them" at once, are read."""
    assert _read(text)["concurrency"] == users


@pytest.mark.parametrize(
    "text",
    [
        "Roughly how many people can talk to Qwen3 32B at once on one H200?",
        (
            "コールセンターのオペレーター支援に使います。問い合わせメールは1日500件、"
            "Qwen3 32B で同時 30"
        ),
        "상담사 보조용으로 쓰려고 합니다. 상담사는 150명, 동시 40명, 모델은 Qwen3 32B",
    ],
)
def test_people_counted_or_served_ask_for_no_person(text):
    """People who use it, inquiries handled and counsellors assisted are no request for sales."""
    assert _read(text)["intent"] == "size"


@pytest.mark.parametrize(
    "text",
    [
        "We pay $1.99/hr for H100s at another cloud. What would Qwen3 32B cost with you?",
        "現在、他社で月 60 万円払っています。Qwen3 32B だといくらですか？",
        "다른 클라우드에 월 1,500만 원 내고 있어요. Llama 3.3 70B는 얼마인가요?",
        "Vous nous avez annoncé 19 900 $/mois hier pour le MI355X, c'est bien ça ?",
    ],
)
def test_prices_paid_elsewhere_or_quoted_back_are_no_budget(text):
    """What is paid elsewhere (verb last too) or a price quoted back limits nothing."""
    parsed = _read(text)
    assert parsed.get("budget_amount") is None
    assert parsed.get("budget_usd_month") is None


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("the all-in price for 2 HGX H200 servers over half a year?", "price"),
        ("Сколько будет стоить Qwen3 32B на 50 пользователей?", "price"),
        ("maximum concurrent users for Qwen3 32B on one H200?", "users"),
        ("Скольких карт хватит на Llama 3.3 70B при 30 пользователях?", "gpu_count"),
        ("Qwen3 32B 放在一张 H200 上放得下吗？https://huggingface.co/Qwen/Qwen3-32B", "fits"),
    ],
)
def test_figures_asked_in_still_more_words(text, asked):
    """The all-in price, "сколько будет стоить", the maximum at once, "скольких карт хватит"."""
    assert _read(text)["asked"] == asked


@pytest.mark.parametrize(
    "text",
    [
        "full fine-tune of Qwen3 8B-class model Llama 3.1 8B, 200M tokens, a single epoch",
        "Полное дообучение Llama 3.1 8B, 100 млн токенов, одна эпоха",
    ],
)
def test_one_epoch_said_in_words(text):
    """A single epoch said in words is one epoch."""
    assert _read(text)["epochs"] == 1


def test_a_newspaper_is_no_fine_tune():
    """Read about it "in the FT": no training job."""
    parsed = _read("our CTO read about Llama 3.3 70B in the FT, we want it for 20 users at once")
    assert parsed["intent"] == "size"
    assert parsed.get("training") is None


def test_a_single_plan_counted_with_its_plan_word():
    """Two single H200 plans counted with their plan word ("単体プランを 2 台")."""
    parsed = _read("H200 単体プランを 2 台、半年借りるといくらですか？")
    assert parsed["plan_counts"] == {"h200-1x": 2}


def test_the_digits_of_hardware_we_do_not_rent_are_no_users():
    """The digits of an RTX 4090 and its count are neither users nor GPUs of ours."""
    parsed = _read(
        "지금 RTX 4090 두 장으로 Qwen3 32B 돌리는데 H200으로 바꾸면 동시 몇 명까지 돼요?"
    )
    assert parsed.get("concurrency") is None
    assert parsed.get("gpu_count") is None


def test_a_code_file_is_no_document_to_search():
    """Code files (".cu files") are no documents for retrieval."""
    assert (
        _read("only CUDA please, our hand-written .cu files stay as they are").get("use_case")
        is None
    )


@pytest.mark.parametrize(
    ("text", "use"),
    [
        ("queremos buscar en nuestra base de contratos con IA, ¿qué modelo y servidor?", "rag"),
        ("queremos que nos resuma los informes, aún no elegimos modelo", "summarization"),
    ],
)
def test_uses_in_more_spanish_words(text, use):
    """Searching one's own base of documents; a summary asked in the subjunctive."""
    parsed = _read(text)
    assert parsed["intent"] == "discover"
    assert parsed["use_case"] == use


def test_billing_asked_as_how_it_is_charged():
    """Asking how it is charged ("Wie wird abgerechnet?") is the billing question."""
    assert _read("Wie wird bei euch abgerechnet?")["topic"] == "billing"


def test_only_nvidia_stated_with_code_not_to_rewrite_is_a_follow_up():
    """Only NVIDIA stated, code not to be rewritten: the platform for the plan on the table."""
    parsed = _read("Только NVIDIA — весь код на CUDA, переписывать никто не будет")
    assert parsed["intent"] == "followup"
    assert parsed["cuda_only"] is True


# --- A seventeenth round: the kinds the next fresh set showed (written for the tests) -------


@pytest.mark.parametrize(
    ("text", "cuda_only"),
    [
        ("берём только зелёные карты", True),
        ("a diretoria vetou AMD, fica só no CUDA", True),
        ("CUDA or nothing for us, sorry", True),
        ("AMD ni de broma, todo es CUDA", True),
        ("Wir haben nichts gegen AMD, ROCm kennen wir", False),
        ("MI355X tudo bem, ROCm não é problema", False),
    ],
)
def test_the_platform_in_more_slang(text, cuda_only):
    """The green team, a veto, "or nothing", "ni de broma"; nothing against AMD."""
    assert _read(text)["cuda_only"] is cuda_only


@pytest.mark.parametrize(
    ("text", "currency", "amount"),
    [
        ("до 12 тыс. баксов в месяц на Qwen3 32B", "USD", 12_000),
        ("uns 15 mil paus por mês pro Qwen3 32B", "BRL", 15_000),
    ],
)
def test_money_in_slang(text, currency, amount):
    """Bucks in Russian slang, reais as "paus": budgets, no rate of requests."""
    parsed = _read(text)
    assert (parsed["budget_currency"], parsed["budget_amount"]) == (currency, amount)
    assert "concurrency_rate" not in parsed.get("not_understood", [])


@pytest.mark.parametrize(
    ("text", "gpu"),
    [
        ("А L40S у вас случайно нет?", "l40s"),
        ("A100 を借りれたりしますか？", "a100"),
        ("GB200은 언제 들어오나요?", "gb200"),
        ("¿Tenéis H100?", "h100"),
    ],
)
def test_availability_asked_in_more_ways(text, gpu):
    """Asked whether we have it, or when it arrives: a question about the portfolio."""
    parsed = _read(text)
    assert parsed["intent"] == "knowledge"
    assert parsed["unrented_gpu"] == gpu


@pytest.mark.parametrize(
    ("text", "users"),
    [
        ("平常同時 100 人左右，活動時衝到 300 人，Qwen3 32B", 300),
        ("평소 동시 접속 80명, 이벤트 때는 250명까지 찍혀요. Qwen3 32B", 250),
        ("одновременно обычно 200, на пике до 1,2 тыс. Qwen3 32B", 1200),
        ("那就按 40 并发算吧，模型 Qwen3 32B，公司 500 人同时在线大概三四十", 40),
    ],
)
def test_more_peaks_and_settled_counts(text, users):
    """Peaks in thousands and with more verbs; a figure settled on with "并发" inside."""
    assert _read(text)["concurrency"] == users


def test_a_glued_context_word_and_a_bracketed_deadline():
    """A context word glued to its figure ("ctx32k") and a deadline in brackets are read."""
    assert _read("Qwen3-32B fp8 ctx32k 同時20")["context_tokens"] == 32768
    parsed = _read("500 millones de tokens con gpt-oss-20b, listo el fin de semana (36 h)")
    assert parsed["deadline_hours"] == 36


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("3台の H200 単体プランを四半期、合計金額は？", "price"),
        ("H200 1 台に Qwen3 32B を載せたら同時ユーザー数はどれくらい？", "users"),
        ("con una H200 y Qwen3 32B, ¿para cuánta gente da a la vez?", "users"),
        ("¿cuántas MI355X harían falta para Kimi K2?", "gpu_count"),
    ],
)
def test_figures_asked_in_further_words(text, asked):
    """Totals, users served and GPUs needed asked in more words."""
    assert _read(text)["asked"] == asked


# --- An eighteenth round: the kinds the next fresh set showed (written for the tests) -------


def test_a_days_volume_beside_users_at_once_is_no_rate():
    """A day's tickets beside the chats at once: the users at once are the load, no rate."""
    parsed = _read("客服每天工单6000张，同一时刻最多80个会话，模型 Qwen3 32B")
    assert parsed["concurrency"] == 80
    assert parsed.get("requests_per_minute") is None


def test_a_days_volume_alone_stays_a_rate():
    """With no users at once, a day's volume is the only load said: a rate."""
    assert _read("5,000 requests a day for Qwen3 32B")["requests_per_minute"] is not None


def test_an_hourly_rate_beside_users_at_once_stays_a_rate():
    """An hourly rate is a load of its own beside the users at once."""
    parsed = _read("1200 requests per hour and 30 users at once, Qwen3 32B")
    assert parsed["requests_per_minute"] == 20


@pytest.mark.parametrize(
    ("text", "language"),
    [("anything a bit less spendy?", "en"), ("А есть что-то поэкономнее?", "ru")],
)
def test_cheaper_as_less_spendy_and_more_economical(text, language):
    """Asking for something less spendy, or more economical, is the cheaper lever."""
    assert _read(text, language)["lever"] == "cheaper"


def test_a_format_scratched_gives_way():
    """A format scratched gives way to the one asked next."""
    assert _read("scratch the bf16, try fp8")["precision"] == "fp8"


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("what's the damage for 3 HGX H200 servers over a year?", "price"),
        ("Total pour 3 serveurs HGX H200 sur un an ?", "price"),
        ("兩台 HGX H200 租半年，幫我加總", "price"),
        ("А почём у вас MI355X?", "price"),
        ("max users per H200 with Qwen3 32B?", "users"),
        ("ballpark number of GPUs for Llama 3.3 70B at 40 users?", "gpu_count"),
    ],
)
def test_figures_asked_in_yet_more_words(text, asked):
    """Price slang, totals, "почём"; users per GPU; a rough number of GPUs."""
    assert _read(text)["asked"] == asked


@pytest.mark.parametrize(
    "text",
    [
        "La web dice que la H200 sale por 3.090 $ al mes, ¿incluye impuestos?",
        "官网上 HGX H200 标示每月 23,900 美元，含税吗？",
    ],
)
def test_a_price_read_on_our_site_is_no_budget(text):
    """A price read back from our site asks about it; it limits nothing."""
    assert _read(text).get("budget_amount") is None


@pytest.mark.parametrize(
    ("text", "gpu"),
    [("L40S は取り扱ってないんですか？", "l40s"), ("你們之後會上 B300 嗎？", "b300")],
)
def test_availability_asked_as_not_carried_or_coming(text, gpu):
    """Not carried, or coming later: a question about the portfolio."""
    parsed = _read(text)
    assert parsed["intent"] == "knowledge"
    assert parsed["unrented_gpu"] == gpu


def test_users_at_once_said_as_connections_or_sessions():
    """Connections and sessions at once ("同時連線", "同時セッション") are users at once."""
    assert _read("Qwen3 32B / 同時連線 80 / H200")["concurrency"] == 80
    assert _read("Qwen3 32B で同時セッションは最大 120 ほど")["concurrency"] == 120
