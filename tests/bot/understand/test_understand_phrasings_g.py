"""The thirtieth round of the phrasing kinds fresh customer text showed missed.

A deadline named by its day and then said as a length ("d'ici vendredi, donc ~72h"); users at
once counted with a bare CJK numeral before a particle ("同時接続百で"); the model on the table
swapped with a verb of change in Spanish, Portuguese, French, German and Russian ("cámbialo a
Mixtral 8x22B"); a job given by its totals in and out ("500M tokens in, 50M out"). Every
example is written for the test (none is a line of a blind set).
"""

from __future__ import annotations

import pytest

from bot.conversation import Pipeline
from bot.reply import ChatContext
from bot.understand import parse_message, parsed_to_json


def _read(text, language=None):
    return parsed_to_json(parse_message(text, telegram_language=language))


@pytest.mark.parametrize(
    ("text", "hours"),
    [
        ("Il faut traiter 20 millions de tokens avec Llama 3.1 8B d'ici vendredi, donc ~72h", 72),
        ("We must process 50M tokens with Qwen3 32B by Friday, so about 72 hours", 72),
        ("Обработать 5 млн токенов на Llama 3.1 8B до пятницы, т.е. 48 часов", 48),
    ],
)
def test_a_deadline_named_by_its_day_then_its_length_is_kept(text, hours):
    """The length said after the day is the deadline of the job, not lost."""
    parsed = _read(text)
    assert parsed["deadline_hours"] == hours
    assert parsed["batch_tokens"] is not None


@pytest.mark.parametrize(
    ("text", "users"),
    [
        ("同時接続百でLlama 3.3 70Bを動かしたい", 100),
        ("同時アクセス千くらいを想定しています、Qwen3 32B", 1000),
        ("并发两百，DeepSeek V3 要几张卡", 200),
    ],
)
def test_a_bare_cjk_numeral_after_a_word_of_at_once_is_the_users(text, users):
    """A hundred in CJK after "同時接続" is the users at once, though no counter follows it."""
    assert _read(text)["concurrency"] == users


def test_a_cjk_hundred_elsewhere_is_no_count():
    """A 百 in a name ("百度") is no count of users."""
    assert _read("百度的模型和 Llama 3.3 70B 比较").get("concurrency") is None


@pytest.mark.parametrize(
    "change",
    [
        "cámbialo a Mixtral 8x22B",
        "troca pro Mixtral 8x22B",
        "passe à Mixtral 8x22B",
        "wechsel auf Mixtral 8x22B",
        "поменяй на Mixtral 8x22B",
    ],
)
def test_a_verb_of_change_swaps_the_model_and_keeps_the_rest(change):
    """The model changes; the context and users of the last request stay."""
    pipeline = Pipeline()
    chat = ChatContext(chat_id=30)
    chat = pipeline.respond("Llama 3.3 70B, 30 users, 32k context", chat).chat
    assert parse_message(change).intent.value == "followup"
    turn = pipeline.respond(change, chat)
    last = turn.chat.last_request
    assert last is not None
    assert last.model_id == "mistralai/Mixtral-8x22B-Instruct-v0.1"
    assert (last.context_tokens, last.concurrency) == (32_768, 30)


@pytest.mark.parametrize(
    ("text", "total", "answer"),
    [
        ("Batch job: 500M tokens in, 50M tokens out with Llama 3.1 8B, deadline 48h", 550e6, 200),
        ("批处理：输入 3 亿 token，输出 3000 万 token，Qwen3 32B，一周内", 330e6, 200),
    ],
)
def test_totals_in_and_out_are_the_job_and_keep_their_ratio(text, total, answer):
    """Lengths no request has are the job's totals; the answer length keeps their ratio."""
    parsed = _read(text)
    assert parsed["batch_tokens"] == total
    assert parsed.get("input_tokens") is None  # the usual prompt, said as assumed
    assert parsed["output_tokens"] == answer


def test_a_request_length_stays_a_length():
    """A prompt of 8,000 tokens is a request's length, not a job."""
    parsed = _read("Llama 3.1 8B, 100 requests per minute, 8000 tokens in, 500 out")
    assert (parsed["input_tokens"], parsed["output_tokens"]) == (8000, 500)
    assert parsed.get("batch_tokens") is None


@pytest.mark.parametrize(
    "text",
    [
        "any reason you skipped the H200? we know CUDA better",
        "why was the MI355X ruled out?",
        "为什么没推荐 H200？",
        "H200 被排除的原因是什么",
        "B200 が候補に入っていないのはなぜですか",
        "MI355X는 왜 빠졌어요?",
        "¿qué tiene de malo la H200?",
        "a MI355X ficou de fora por quê?",
        "Was spricht gegen die H200?",
        "Qu'est-ce qui cloche avec la MI355X ?",
        "а H200 чем не устроил?",
    ],
)
def test_a_gpu_left_out_asked_about_is_the_why_not_lever(text):
    """Why a GPU was left out of the answer on the table: a follow-up, never a spec card."""
    parsed = _read(text)
    assert parsed["lever"] == "why_not"
    assert parsed["intent"] == "followup"


@pytest.mark.parametrize(
    "text",
    [
        "Pourquoi autant de GPU pour ça ?",
        "Warum braucht ihr dafür so viele GPUs?",
        "pq tantas GPUs nessa resposta?",
        "這個記憶體的數字能展開講講嗎",
    ],
)
def test_why_so_many_is_the_explain_lever(text):
    """Asking why so many GPUs, with words between, asks how this answer was reached."""
    parsed = _read(text)
    assert parsed["lever"] == "explain"


@pytest.mark.parametrize(
    ("text", "plans"),
    [
        (
            "a quote for one MI355X server plus one single-GPU H200 VM please",
            {"mi355x-8x": 1, "h200-1x": 1},
        ),
        ("HGX H200 八卡机来2台，总共多少钱", {"h200-8x": 2}),
        ("单卡H200的虚拟机要3个，月付多少？", {"h200-1x": 3}),
        ("H200 단일 GPU 상품으로 5대 견적 부탁합니다", {"h200-1x": 5}),
    ],
)
def test_plans_counted_in_more_shapes(text, plans):
    """Servers and single-H200 machines counted with their words between or before."""
    assert _read(text)["plan_counts"] == plans


@pytest.mark.parametrize(
    "text",
    [
        "we'd take 2 HGX H200 boxes, what's the monthly on that?",
        "先租三个月，8卡H200，大概什么价？",
        "Берём 3 сервера HGX H200 — какая будет цена в месяц?",
        "e pra 6 meses, qto fica no total?",
    ],
)
def test_more_ways_of_asking_the_price(text):
    """The total asked in words a price finder lacked."""
    assert _read(text)["asked"] == "price"


@pytest.mark.parametrize(
    ("text", "people"),
    [
        ("Equipe de suporte com 55 pessoas vai usar o Qwen3 32B", 55),
        ("Service juridique de 25 personnes, Llama 3.3 70B pour les contrats", 25),
        ("Отдел продаж — 120 человек, нужен ассистент на Qwen3 32B", 120),
        ("Нужен бот для сотрудников, их примерно 600. Какой сервер взять?", 600),
    ],
)
def test_a_team_counted_is_its_headcount_not_users_at_once(text, people):
    """People of a team said with its name are the head count; how many at once is not said."""
    parsed = _read(text)
    assert parsed["headcount"] == people
    assert parsed.get("concurrency") is None


@pytest.mark.parametrize(
    ("text", "amount", "currency"),
    [
        ("한 달에 삼천만 원 정도 생각하고 있어요. Qwen3 32B", 30_000_000, "KRW"),
        (
            "tenemos hasta 2,5 millones de pesos mexicanos mensuales para gpt-oss-120b",
            2_500_000,
            "MXN",
        ),
    ],
)
def test_budgets_in_words_of_their_currency(text, amount, currency):
    """Korean numerals before 원, "millones de pesos mexicanos": the budget and its currency."""
    parsed = _read(text)
    assert (parsed["budget_amount"], parsed["budget_currency"]) == (amount, currency)


def test_a_quote_for_servers_is_no_budget():
    """A quote asked for three servers ("um orçamento pra 3 servidores") is no budget of 3."""
    assert _read("Me passa um orçamento pra 3 servidores MI355X").get("budget_amount") is None


def test_servers_named_beat_one_machine_said_before():
    """Four servers named after "one won't hold" are the change, not the one before."""
    assert _read("一台撑不住就直接上四台服务器，并发能翻几倍？")["servers"] == 4


def test_users_lowered_in_traditional_chinese():
    """Users at once set lower in Traditional Chinese ("併發降到 12")."""
    assert _read("這價格有點硬，併發降到12也可以")["concurrency"] == 12


def test_getting_cheaper_in_korean_is_the_cheaper_lever():
    """Asking whether it gets cheaper in Korean ("싸지나요") pulls the cheaper lever."""
    assert _read("컨텍스트 16k로 줄이면 싸지나요?")["lever"] == "cheaper"


def test_more_servers_in_korean_is_a_change():
    """More servers in Korean ("서버 세 대로 늘리면") re-size the plan, not a delivery question."""
    parsed = _read("그럼 서버 세 대로 늘리면 어떻게 돼요? 동시접속 더 받을 수 있나")
    assert (parsed["intent"], parsed["servers"]) == ("followup", 3)


@pytest.mark.parametrize(
    "text",
    ["сравните, пожалуйста, с A100 — у нас такие стоят", "Gaudi 3랑 비교하면 어때요?"],
)
def test_hardware_we_do_not_rent_compared_with_ours(text):
    """A GPU we do not rent, compared with ours at large: a comparison answered as that GPU."""
    parsed = _read(text)
    assert parsed["intent"] == "compare"
    assert parsed["unrented_gpu"] is not None


def test_renting_hardware_we_do_not_have_is_no_comparison():
    """Korean "대여" (rental) holds the syllable of "versus": renting one is no comparison."""
    assert _read("RTX 5090 대여 가능한가요? 가격은요?")["intent"] != "compare"


def test_the_minimum_term_asked_with_months_in_mind():
    """The shortest term named as such is the page's question, the months beside it kept."""
    parsed = _read("2ヶ月だけ借りたいのですが、最低契約期間はありますか？")
    assert (parsed["intent"], parsed["topic"], parsed["months"]) == ("knowledge", "minimum_term", 2)


def test_a_term_put_as_a_change_stays_a_change():
    """A term put as a change against month-to-month is the plan on the table for that term."""
    assert _read("and if we commit for half a year instead of month-to-month?")["intent"] == (
        "followup"
    )


def test_a_discount_for_a_longer_term_beside_a_plan_is_the_terms_question():
    """A discount asked for 12 months beside the plan: the page's answer on longer terms."""
    parsed = _read("any discount if we commit to 12 months? looking at the 8x H200 box")
    assert (parsed["intent"], parsed["topic"]) == ("knowledge", "longer_terms")


def test_a_word_holding_roce_is_no_network_question():
    """Spanish "procesar" holds "roce": a batch of documents, not the interconnect card."""
    parsed = _read("Procesar 4 millones de documentos de 1.000 tokens cada uno en 3 días")
    assert parsed.get("topic") != "interconnect"
    assert parsed["batch_tokens"] is not None


# --- round thirty-one (set -ag) -------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "hours"),
    [
        ("120万篇文章做摘要，每篇输入 900 token、输出 120 token，Qwen3 32B，两天内搞定", 48),
        ("Llama 3.1 8B로 토큰 20억 개 처리해야 하는데 마감이 2일 뒤예요", 48),
        ("Qwen3 32B로 총 5억 토큰 배치 돌리고 기한은 일주일이에요", 168),
        (
            "hay que procesar 900 millones de tokens con Llama 3.1 8B y el cliente nos da 20 horas",
            20,
        ),
        ("Wir müssen 800 Mio. Token mit Llama 3.1 8B verarbeiten, Deadline 30 Std.", 30),
        ("2 Mio. Dokumente (je ca. 400 Token rein, 40 raus), Qwen3 32B — Zeitfenster: 3 Tage", 72),
    ],
)
def test_deadlines_of_jobs_said_in_more_ways(text, hours):
    """A job's deadline given to us, as a window, after "마감", or beside documents of a length."""
    assert _read(text)["deadline_hours"] == hours


@pytest.mark.parametrize(
    ("text", "prompt", "answer"),
    [
        (
            "200k contracts, each about 5,000 tokens going in and ~300 coming out, DeepSeek-R1",
            5000,
            300,
        ),
        ("400 mil facturas, cada una ~600 tokens de entrada y 70 de salida, Qwen3 32B", 600, 70),
        ("每分钟 200 个请求，每个大概 1200 输入 / 150 输出，gpt-oss-120b", 1200, 150),
    ],
)
def test_lengths_said_with_directions_and_slashes(text, prompt, answer):
    """Lengths going in and coming out, "de salida" with no token word, or across a slash."""
    parsed = _read(text)
    assert (parsed["input_tokens"], parsed["output_tokens"]) == (prompt, answer)


@pytest.mark.parametrize(
    "text",
    [
        "Where does the 80 GB of KV you quoted come from?",
        "你说 KV cache 占 9 GB，这个数是怎么算出来的？",
        "不太懂這個 tokens/s 是怎麼估出來的",
        "не понял цифру по скорости, как вы её получили?",
        "GPU が 16 枚必要という根拠を教えてください",
        "no entiendo por qué hacen falta 3 servidores, me lo explicás?",
        "Pode detalhar como chegou na velocidade de 30 tok/s?",
        "Vous pouvez détailler le raisonnement ?",
    ],
)
def test_more_ways_of_asking_how_the_answer_was_reached(text):
    """The explain lever, and a follow-up: a figure of the answer is no use to propose for."""
    parsed = _read(text)
    assert parsed["lever"] == "explain"
    assert parsed["intent"] == "followup"


@pytest.mark.parametrize(
    "text",
    [
        "為何不用 MI355X？",
        "а B200 вы почему даже не рассмотрели?",
        "ちなみに H200 は候補に入らないんですか？",
        "¿no convendría más la H200? no la mencionaste",
        "Wieso taucht H200 nicht in der Empfehlung auf?",
        "Vous n'avez pas envisagé les B200 ? Pour quelle raison ?",
    ],
)
def test_more_ways_of_asking_why_a_gpu_was_left_out(text):
    """Why not that GPU, said with other verbs: the why-not lever."""
    assert _read(text)["lever"] == "why_not"


def test_a_sales_forward_tag_is_no_request_for_a_person():
    """A colleague's forward tag ("[销售转]") asks no person: the request it carries is sized."""
    parsed = _read("[销售转] Qwen3 32B：每分钟 100 个请求，TTFT 1 秒以内")
    assert parsed["intent"] == "size"


@pytest.mark.parametrize(
    ("text", "plans"),
    [
        ("Quote: 2x HGX H200 plus 3 of the single-H200 VMs", {"h200-8x": 2, "h200-1x": 3}),
        ("一台 MI355X 服务器加两个单卡 H200，月费多少？", {"mi355x-8x": 1, "h200-1x": 2}),
    ],
)
def test_single_machines_beside_servers_in_more_shapes(text, plans):
    """Single-H200 machines counted beside servers, hyphenated or as pieces."""
    assert _read(text)["plan_counts"] == plans


# --- round thirty-two (set -ah) -------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "answer"),
    [
        ("summarise 200k tickets (about 700 tokens each, ~80-token summary) with Qwen3 32B", 80),
        ("40 萬篇文章做摘要，每篇約 1000 tokens，摘要 120 tokens，用 Qwen3 32B", 120),
        ("800.000 Dokumente (je ca. 1.500 Tokens, Zusammenfassung 150 Tokens), Qwen3 32B", 150),
    ],
)
def test_a_summary_length_is_the_answer_length(text, answer):
    """The summary's length said beside its number is each answer's length."""
    assert _read(text)["output_tokens"] == answer


@pytest.mark.parametrize(
    "text",
    [
        "can you walk me through how you landed on that GPU count?",
        "上面那个显存的数是咋算出来的？",
        "не понял откуда 12 ГБ на пользователя",
        "このメモリの数字、どういう計算で出したんですか？",
        "Como vocês chegaram nesse número de GPUs?",
        "Woher stammt die Zahl beim Speicher? Bitte einmal vorrechnen.",
    ],
)
def test_yet_more_ways_of_asking_how_a_figure_was_reached(text):
    """Walk me through it, 咋算, откуда and a figure, どういう計算, vorrechnen: explain."""
    assert _read(text)["lever"] == "explain"


@pytest.mark.parametrize(
    "text",
    [
        "curious why the B200 didn't make the shortlist",
        "H200 咋不考虑呢",
        "а чем MI355X не угодила?",
        "H200が候補から外れているのはなぜですか？",
        "H200는 왜 후보에도 없죠?",
        "Hm, B200 taucht gar nicht auf – hat das einen Grund?",
    ],
)
def test_yet_more_ways_of_asking_why_a_gpu_was_left_out(text):
    """The shortlist, 咋不考虑, не угодила, 候補から外れ, 후보에도 없, taucht nicht auf: why not."""
    assert _read(text)["lever"] == "why_not"


def test_past_inquiries_as_data_are_no_request_for_a_person():
    """Inquiry logs ("問い合わせログ") are data to summarise, not a wish to contact sales."""
    text = "問い合わせログ20万件（1件あたり入力約1000トークン）をQwen3 32Bで2日以内に要約したい"
    assert _read(text)["intent"] == "size"


def test_a_window_said_with_a_hyphen():
    """A window said with a hyphen ("inside a 12-hour overnight window") is the deadline."""
    assert (
        _read("30M tokens through Llama 3.1 8B inside a 12-hour overnight window")["deadline_hours"]
        == 12
    )
