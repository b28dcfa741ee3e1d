"""A fourth round of the phrasing kinds fresh customer text showed the parser missing.

The size of the company said as who "we are" and where ("we're about 300 at the firm", "у нас
в отделе человек 40"), people of more professions; users at once said at peak; a budget word
beside users at once, after an amount in another currency; dollars written "dólares"; a year
of rent said "за год"; users asked "скольких пользователей"; the time from order to a running
server; a salesperson asked for by title; "nous" as a French word, not a model. Every example
is written for the test (none is a line of a blind set).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.understand import parse_message, parsed_to_json
from tests.helpers.blind_eval import read_messages, score

DATA = Path(__file__).resolve().parent / "data"


def _read(text, language):
    return parsed_to_json(parse_message(text, telegram_language=language))


@pytest.mark.parametrize(
    ("text", "language", "users", "team"),
    [
        (
            "we're roughly 300 ppl in the company, maybe 20 online at once. Llama 3.3 70B",
            "en",
            20,
            300,
        ),
        ("у нас в штате человек 45, одновременно человек 8. Qwen3 32B", "ru", 8, 45),
        ("Somos unos 70 en la oficina y a la vez serán 12. Qwen3-32B", "es", 12, 70),
        ("On est à peu près 250 dans l'entreprise, 30 en même temps. Llama 3.3 70B", "fr", 30, 250),
        ("Wir sind etwa 120 in der Firma, gleichzeitig 15 Nutzer. Qwen3 32B", "de", 15, 120),
    ],
)
def test_who_we_are_and_where_is_the_team(text, language, users, team):
    """A count of who "we are" somewhere is the head count; the users at once stay apart."""
    found = _read(text, language)
    assert (found.get("concurrency"), found.get("headcount")) == (users, team)


@pytest.mark.parametrize(
    ("text", "language", "team"),
    [
        ("RAG sobre contratos para uns 150 advogados, qual servidor?", "pt-BR", 150),
        ("un assistant pour 80 avocats du cabinet", "fr", 80),
        ("чат-бот для 60 юристов компании", "ru", 60),
    ],
)
def test_professions_are_people_of_the_organisation(text, language, team):
    """Lawyers and other professions counted are who may use it, not users at once."""
    found = _read(text, language)
    assert found.get("headcount") == team
    assert found.get("concurrency") is None


@pytest.mark.parametrize(
    ("text", "language", "users"),
    [
        ("Qwen3 32B, no horário de pico uns 45 usuários", "pt-BR", 45),
        ("Llama 3.3 70B, about 40 users at peak", "en", 40),
        ("Qwen3 32B, en hora punta unos 25 usuarios", "es", 25),
        ("Qwen3 32B, aux heures de pointe 35 utilisateurs", "fr", 35),
    ],
)
def test_users_at_peak_are_users_at_once(text, language, users):
    """A count said at the peak is how many use it at once."""
    assert _read(text, language).get("concurrency") == users


def test_a_budget_word_does_not_reach_users_at_once():
    """A budget word does not reach users at once ("予算で、同時 40 ユーザー"); yen: no dollars."""
    found = _read("月 200万円の予算で、Qwen3-32B を同時 40 ユーザー", "ja")
    assert found.get("concurrency") == 40
    assert found.get("budget_usd_month") is None
    assert (found.get("budget_amount"), found.get("budget_currency")) == (2_000_000, "JPY")


@pytest.mark.parametrize("text", ["Contamos con 30 mil dólares al mes", "unos 30k dolares por mes"])
def test_dollars_written_in_spanish_are_a_stated_budget(text):
    """Spanish dollar words ("dólares", "dolares") mark US dollars for the budget as written too."""
    found = _read(text, "es")
    assert (found.get("budget_amount"), found.get("budget_currency")) == (30_000, "USD")


@pytest.mark.parametrize(
    ("text", "months"), [("а сколько будет за год?", 12), ("и за весь год сколько?", 12)]
)
def test_a_year_of_rent_said_za_god(text, months):
    """A year said "за год" after a sizing asks the total for a year."""
    assert _read(text, "ru").get("months") == months


def test_a_year_to_finish_work_is_no_term():
    """A year to finish work ("дообучить за год") is a deadline of work, not a year of rent."""
    assert _read("дообучить Qwen3 8B за год", "ru").get("months") is None


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Скольким пользователям хватит одного H200 с Qwen3 32B?", "ru"),
        ("how many folks can one H200 handle with Qwen3 32B?", "en"),
        ("¿Cuántas personas aguanta un H200 con Qwen3 32B?", "es"),
    ],
)
def test_users_asked_in_more_words(text, language):
    """The number of users a plan serves, asked in more forms."""
    assert _read(text, language).get("asked") == "users"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("注文してから何日でサーバーを使えますか？", "ja"),
        ("결제하고 나서 언제 쓸 수 있나요?", "ko"),
        ("how long after we order until the server is ready?", "en"),
        ("Через сколько дней после оплаты можно получить доступ?", "ru"),
        ("下单后多久可以用上服务器？", "zh-Hans"),
        ("Après la commande, le serveur est prêt quand ?", "fr"),
    ],
)
def test_the_time_from_order_to_a_running_server(text, language):
    """How soon a server is usable after ordering is the delivery question."""
    found = _read(text, language)
    assert (found["intent"], found.get("topic")) == ("knowledge", "delivery")


def test_a_salesperson_asked_for_by_title_is_a_request_for_one():
    """A title asks for a person ("영업 담당자분과 통화"); "담당자님께" opening a letter not."""
    assert _read("영업 담당자분과 통화하고 싶어요", "ko")["intent"] == "sales"
    letter = _read("담당자님께, Qwen3 32B 20명 견적 부탁드립니다", "ko")
    assert letter["intent"] == "size"


def test_nous_in_french_is_no_model():
    """French "pour nous" holds a pronoun: a lever asked stays a follow-up with no model."""
    found = _read("trop cher pour nous, il y a moins cher ?", "fr")
    assert found["intent"] == "followup"
    assert found.get("unknown_model") is None


# --- A fifth round: the kinds a second fresh set showed (written for the tests) --------------


@pytest.mark.parametrize(
    ("text", "language", "months"),
    [
        ("и сколько всего выйдет за 9 месяцев?", "ru", 9),
        ("what would that come to for 4 months?", "en", 4),
        ("E por 8 meses, quanto fica?", "pt-BR", 8),
        ("Et pour 5 mois, ça fait combien ?", "fr", 5),
        ("¿Y por 10 meses cuánto sería?", "es", 10),
        ("那租十个月总价多少？", "zh-Hans", 10),
    ],
)
def test_a_total_over_months_asks_the_price(text, language, months):
    """A total over months asked is a follow-up on the price, the figure it opens with."""
    found = _read(text, language)
    assert (found["intent"], found.get("months"), found.get("asked")) == (
        "followup",
        months,
        "price",
    )


@pytest.mark.parametrize(
    ("text", "language", "asked"),
    [
        ("Whisper large-v3 for call transcripts, is one H200 enough?", "en", "fits"),
        ("bge-m3 嵌入服务，单卡 H200 够吗", "zh-Hans", "fits"),
        ("Quero gerar imagens com FLUX.1, quantas GPUs preciso?", "pt-BR", "gpu_count"),
    ],
)
def test_a_figure_asked_of_a_model_we_do_not_size(text, language, asked):
    """A fit or a GPU count asked of an embedding, speech or image model is read as asked."""
    found = _read(text, language)
    assert found.get("model_kind") is not None
    assert found.get("asked") == asked


def test_a_deadline_said_roughly():
    """A deadline said roughly ("in ~45 days") is read for a training job."""
    found = _read("pretrain a 1B model on 200B tokens, done in ~45 days", "en")
    assert found.get("deadline_hours") == 45 * 24


def test_records_counted_in_chinese_make_a_batch():
    """Records counted in Chinese ("500 万条数据，每条 800 token") make a batch job."""
    found = _read("离线处理 500 万条数据，每条 800 token，两天内完成，用 Qwen3-8B", "zh-Hans")
    assert found.get("input_tokens") == 800
    assert found.get("batch_tokens") is not None
    assert found.get("deadline_hours") == 48


@pytest.mark.parametrize(
    ("text", "language", "seq_len"),
    [
        ("LoRA Qwen3 8B, 1 млрд токенов, длина последовательности 16к", "ru", 16384),
        ("fine-tuning de Qwen3 8B con 500M tokens, secuencia 2048", "es", 2048),
    ],
)
def test_sequence_lengths_in_more_words(text, language, seq_len):
    """A Cyrillic "к" is thousands of a power of two; "secuencia N" is the sequence length."""
    assert _read(text, language).get("seq_len") == seq_len


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("还能再省点吗？", "zh-Hans"),
        ("費用可以再壓低一點嗎？", "zh-Hant"),
        ("dá pra baratear um pouco?", "pt-BR"),
    ],
)
def test_cheaper_in_more_words(text, language):
    """Spending less asked in more words is the cheaper lever."""
    found = _read(text, language)
    assert (found["intent"], found.get("lever")) == ("followup", "cheaper")


def test_moins_cher_alone_is_french():
    """A short "y a moins cher ?" is answered in French."""
    assert _read("y a moins cher ?", None)["language"] == "fr"


@pytest.mark.parametrize(
    ("text", "language", "cuda_only"),
    [
        ("nosotros solo trabajamos con CUDA", "es", True),
        ("Bitte nichts von AMD, nada de AMD", "de", True),
        ("ROCm wäre bei uns im Team übrigens okay", "de", False),
    ],
)
def test_the_platform_said_with_a_verb_of_work_or_far_from_its_word(text, language, cuda_only):
    """Working only with CUDA requires it; acceptance a few words after ROCm accepts it."""
    assert _read(text, language).get("cuda_only") is cuda_only


@pytest.mark.parametrize(
    ("text", "language", "use"),
    [
        ("support bot for our helpdesk, no model chosen yet, 5,000 employees", "en", "support"),
        ("社内文書のRAGを作りたい。モデルは未定です", "ja", "rag"),
        ("RAG über unsere Doku, Modell noch offen, Budget 10.000 CHF", "de", "rag"),
    ],
)
def test_a_model_not_chosen_yet_asks_for_a_proposal(text, language, use):
    """A use with no model chosen is a proposal, whatever topic its words touch."""
    found = _read(text, language)
    assert (found["intent"], found.get("use_case")) == ("discover", use)


def test_targets_with_no_model_chosen_ask_for_a_proposal():
    """Service targets and "no model yet" are a proposal sized for the targets."""
    found = _read("no model chosen yet: 8,000 tok/s in total, first token under 1 s", "en")
    assert found["intent"] == "discover"
    assert (found.get("throughput_tok_s"), found.get("ttft_s")) == (8000, 1)


def test_operators_counted_with_a_particle_ask_for_no_one():
    """Operators counted with a particle ("オペレーターは150人") are staff, no one asked for."""
    found = _read("問い合わせ対応の要約をしたい。オペレーターは150人、モデルは未定", "ja")
    assert found["intent"] == "discover"
    assert found.get("headcount") == 150


@pytest.mark.parametrize(
    ("text", "language", "team"),
    [
        ("колл-центр на 3 тыс. операторов, Qwen3 32B, одновременно 100", "ru", 3000),
        ("uma rede com uns 2 mil funcionários, Llama 3.3 70B, 60 simultâneos", "pt-BR", 2000),
        ("RAG для юристов, сотрудников 4 тыс., модель не выбрали", "ru", 4000),
        ("we're a 90-dev shop, coding assistant, no model chosen yet", "en", 90),
    ],
)
def test_team_sizes_in_thousands_and_said_after_the_people(text, language, team):
    """Thousands said as "тыс." or "mil", the people before their count, "90-dev"."""
    assert _read(text, language).get("headcount") == team


@pytest.mark.parametrize(
    ("text", "users"),
    [
        ("Qwen3-8B，高峰期同时在线的对话大概三百个左右", 300),
        ("Qwen3 32B，同一時間會用的人，大概二十幾個吧（抓 25）", 25),
    ],
)
def test_users_at_once_in_chinese_numerals(text, users):
    """Users at once in Chinese numerals, approximate or restated in brackets."""
    assert _read(text, "zh-Hans").get("concurrency") == users


def test_a_chinese_numeral_of_people_is_no_context():
    """A Chinese numeral of people ("二十幾個") beside "上下文 16K" is no context."""
    found = _read("Qwen3 32B，同时用的大概二十幾個，上下文 16K", "zh-Hant")
    assert found.get("context_tokens") == 16384


def test_a_french_verb_is_no_part_of_a_model_name():
    """A French verb after a name ("DeepSeek-R1 tient sur…") is no typo of a name part."""
    assert (
        _read("DeepSeek-R1 tient sur un MI355X ?", "fr").get("model") == "deepseek-ai/DeepSeek-R1"
    )


def test_pesos_of_a_country_named_are_its_currency():
    """Pesos in a message from Mexico are Mexican pesos."""
    found = _read("Somos de México, presupuesto 200 mil pesos al mes, chatbot interno", "es")
    assert (found.get("budget_amount"), found.get("budget_currency")) == (200_000, "MXN")


def test_pictures_are_no_payment_card():
    """Pictures ("картинок") ask nothing about paying by card, nor count GPUs."""
    found = _read("Stable Diffusion XL: сколько картинок в минуту даст один H200?", "ru")
    assert found.get("topic") is None
    assert found.get("asked") != "gpu_count"


def test_single_gpus_out_of_a_server_is_the_whole_server_question():
    """Renting single GPUs of the 8-GPU server asks whether servers are rented whole."""
    found = _read("Vermietet ihr auch einzelne GPUs aus dem Server?", "de")
    assert (found["intent"], found.get("topic")) == ("knowledge", "whole_server_only")


def test_single_machines_counted_as_pieces():
    """Single machines counted as pieces ("H200 단일 3개") beside a server."""
    found = _read("MI355X 서버 1대랑 H200 단일 3개, 6개월이면 얼마예요?", "ko")
    assert found.get("plan_counts") == {"mi355x-8x": 1, "h200-1x": 3}


# --- A sixth round: the kinds a third fresh set showed (written for the tests) ---------------


@pytest.mark.parametrize(
    ("text", "language", "users"),
    [
        ("Qwen3 32B; maybe 35-ish people on it at any given moment", "en", 35),
        ("Qwen3 32B für etwa 45 Kollegen, die ihn gleichzeitig nutzen", "de", 45),
        ("Qwen3 32B, about 25 people, who use it at the same time", "en", 25),
    ],
)
def test_users_at_once_said_in_a_relative_clause_or_at_any_moment(text, language, users):
    """A relative clause after a count says what the counted do; "at any given moment" too."""
    assert _read(text, language).get("concurrency") == users


def test_a_total_said_of_one_figure_leaves_the_next_per_user():
    """Said as "8,000 tok/s in total and 40 tok/s per user": a throughput and each user's speed."""
    found = _read("Qwen3 32B: 8,000 tok/s en total y 40 tok/s por usuario", "es")
    assert (found.get("throughput_tok_s"), found.get("tokens_per_user_tok_s")) == (8000, 40)


def test_product_descriptions_counted_make_a_batch():
    """Descriptions counted with their length and a deadline are an offline job."""
    found = _read("20 Mio. Artikelbeschreibungen à 300 Token mit Qwen3-8B in 48 Stunden", "de")
    assert found.get("input_tokens") == 300
    assert found.get("batch_tokens") is not None
    assert found.get("deadline_hours") == 48


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Qwen3 32B 并发 50，需要租几台？", "zh-Hans"),
        ("Llama 3.3 70B 同時 30 人，要幾台 HGX？", "zh-Hant"),
        ("gpt-oss-120b на 200 юзеров, скок надо железа?", "ru"),
        ("cuantas gpus hacen falta para Qwen3 32B con 40 usuarios?", "es"),
        ("Wieviele GPUs braucht Qwen3 32B bei 40 Nutzern?", "de"),
    ],
)
def test_gpu_counts_asked_in_more_words(text, language):
    """How much hardware is needed, asked in more words and spellings."""
    assert _read(text, language).get("asked") == "gpu_count"


@pytest.mark.parametrize(
    ("text", "language", "asked"),
    [
        ("Can you quote us 3 single H200 VMs for 6 months?", "en", "price"),
        ("Qwen3 32B com 50 usuários, dá pra fazer numa H200?", "pt-BR", "fits"),
    ],
)
def test_quotes_and_fits_asked_in_more_words(text, language, asked):
    """A quote asked is the price; "dá pra fazer" asks whether it fits."""
    assert _read(text, language).get("asked") == asked


def test_plans_to_rent_with_their_total_asked_are_priced():
    """Renting plans counted with the total asked is a price question, not a person asked for."""
    found = _read("想租 2 台單卡 H200 一年，總價多少？", "zh-Hant")
    assert (found["intent"], found.get("plan_counts")) == ("price", {"h200-1x": 2})


@pytest.mark.parametrize(
    ("text", "language", "team"),
    [
        ("Chatbot de soporte; somos 30 en el equipo de atención. ¿Qué modelo?", "es", 30),
        ("社内チャットボットを300人規模で導入したい", "ja", 300),
    ],
)
def test_a_team_said_as_who_we_are_or_as_a_scale(text, language, team):
    """Said as "somos 30 en el equipo", "300人規模": who may use it, not users at once."""
    found = _read(text, language)
    assert found.get("headcount") == team
    assert found.get("concurrency") is None


def test_costs_held_down_is_the_cheaper_lever():
    """Said as "コスト抑えた構成" asks for a cheaper plan."""
    found = _read("もう少しコスト抑えた構成にできますか？", "ja")
    assert (found["intent"], found.get("lever")) == ("followup", "cheaper")


@pytest.mark.parametrize(
    ("text", "language", "plans"),
    [
        ("MI355X 8基のサーバーを2台、半年でいくら？", "ja", {"mi355x-8x": 2}),
        ("H200 단일 VM 3개, 6개월이면 얼마예요?", "ko", {"h200-1x": 3}),
    ],
)
def test_plans_counted_with_their_gpus_or_vm_between(text, language, plans):
    """A server's eight GPUs said before its count, a VM word after "single": plans counted."""
    assert _read(text, language).get("plan_counts") == plans


def test_a_support_bot_of_the_customers_asks_for_no_one():
    """Said as "고객상담봇" is the customer's own bot: a sizing, not a request for a person."""
    found = _read("Qwen3 32B 쓰는 고객상담봇, 동시 대화 300개, 컨텍스트 8k", "ko")
    assert (found["intent"], found.get("concurrency")) == ("size", 300)


def test_delivery_asked_as_handing_over_the_machine():
    """Said as "多久可以交機" asks how soon the server is delivered."""
    found = _read("付款後多久可以交機？", "zh-Hant")
    assert (found["intent"], found.get("topic")) == ("knowledge", "delivery")


def test_a_fit_asked_of_an_embedding_model_beside_memory_words():
    """Memory words beside a fit asked of an embedding model ask what to run it on."""
    found = _read("bge-m3 向量模型要多少显存？一张 H200 够不够", "zh-Hans")
    assert (found["intent"], found.get("model_kind"), found.get("asked")) == (
        "size",
        "embedding",
        "fits",
    )


def test_flux_alone_in_french_is_no_image_model():
    """Said as "200 flux en parallèle" counts streams; Whisper names speech."""
    found = _read("transcription Whisper de 200 flux en parallèle", "fr")
    assert found.get("model_kind") == "speech"


def test_one_epoch_in_german():
    """Said as "1 Epoche" is one epoch."""
    assert _read("LoRA auf Qwen3 8B, 100M Tokens, 1 Epoche", "de").get("epochs") == 1


# --- A seventh round: the kinds a fourth fresh set showed (written for the tests) ------------


@pytest.mark.parametrize(
    ("text", "language", "team"),
    [
        ("Qwen3 32B for 90 analysts (of course not all on it at once)", "en", 90),
        ("Qwen3 32B 给运营用，运营团队一共 60 人（不会同时都在用）", "zh-Hans", 60),
        ("Qwen3 32B для юристов: их 30 человек, но работают они не одновременно", "ru", 30),
        ("Qwen3 32B を営業チーム（25名）で使いたい。全員が同時に使うわけではないです", "ja", 25),
        ("Qwen3 32B pour 70 conseillers (qui ne sont pas tous connectés en même temps)", "fr", 70),
    ],
)
def test_people_said_not_all_at_once_are_the_team(text, language, team):
    """Said as "Not all at once" takes the at-once back: the count is who may use it."""
    found = _read(text, language)
    assert found.get("headcount") == team
    assert found.get("concurrency") is None


@pytest.mark.parametrize(
    "text", ["Qwen3 32B, no more than 40 users at once", "Qwen3 32B, at most 40 at the same time"]
)
def test_a_limit_on_users_at_once_is_no_negation(text):
    """Said as "No more than 40 at once" still counts users at once."""
    assert _read(text, "en").get("concurrency") == 40


def test_a_team_in_brackets_and_ten_thousand_in_korean():
    """Said as "a startup (12 ppl)" is a team of 12; "직원이 1만 명" is 10,000 people."""
    assert (
        _read("we're a tiny startup (12 ppl), Qwen3 32B for 5 users", "en").get("headcount") == 12
    )
    found = _read("직원이 1만 명인데 동시에 쓰는 건 150명 정도, Qwen3 32B", "ko")
    assert (found.get("headcount"), found.get("concurrency")) == (10_000, 150)


def test_seconds_are_no_swedish_crowns():
    """Said as "unter 3 Sekunden" is a time to the first token, not a budget of 3 SEK."""
    found = _read("Qwen3 32B, erstes Token unter 3 Sekunden bei 20 Nutzern", "de")
    assert found.get("ttft_s") == 3
    assert found.get("budget_currency") is None


def test_roubles_in_english_are_no_dollars():
    """Said as "30k roubles" is 30,000 RUB and no dollar budget."""
    found = _read("Qwen3 32B, 20 users, budget 30k roubles a month", "en")
    assert (found.get("budget_amount"), found.get("budget_currency")) == (30_000, "RUB")
    assert found.get("budget_usd_month") is None


def test_people_retrained_are_no_training_job():
    """Said as "I don't want to retrain them" speaks of people: a platform follow-up, not a job."""
    found = _read("no AMD please, our admins only know CUDA and I won't retrain them", "en")
    assert (found["intent"], found.get("cuda_only")) == ("followup", True)


def test_amd_let_go_in_chinese_requires_cuda():
    """Said as "AMD 就算了，还是 CUDA 稳妥" rules ROCm out."""
    assert _read("AMD 就算了，还是 CUDA 稳妥", "zh-Hans").get("cuda_only") is True


@pytest.mark.parametrize(
    ("text", "language", "intent"),
    [
        ("我们想把客服从调 API 改成自己部署，Qwen3 32B，并发 30", "zh-Hans", "size"),
        ("Qwen3 32B, 30 utilisateurs : vous conseillez plutôt H200 ou MI355X ?", "fr", "compare"),
    ],
)
def test_moving_to_self_hosting_or_a_choice_is_no_change(text, language, intent):
    """Changing to self-hosting, or "rather X or Y", is no change of an earlier answer."""
    assert _read(text, language)["intent"] == intent


@pytest.mark.parametrize(
    ("text", "hint", "language"),
    [
        ("qwen3 32b fp8 32k 40 users h200", "de", "de"),
        ("llama 3.3 70b ctx 16k 25 users", "fr", "fr"),
        ("how much is llama 3.3 70b for 25 users", "de", "en"),
    ],
)
def test_trade_words_alone_keep_the_clients_language(text, hint, language):
    """A spec line of trade words alone is answered in the client's language."""
    assert _read(text, hint)["language"] == language


def test_requests_a_minute_with_a_space_in_japanese():
    """Said as "1 分あたり 900 リクエスト" is 900 requests a minute."""
    found = _read("Qwen3 8B で 1 分あたり 900 リクエスト", "ja")
    assert found.get("requests_per_minute") == 900


@pytest.mark.parametrize(
    ("text", "language", "tokens"),
    [
        ("Qwen3 8B を事前学習、トークン数は 3000 億", "ja", 300_000_000_000),
        ("pré-entraînement d'un 3B sur 1 500 milliards de tokens", "fr", 1_500_000_000_000),
    ],
)
def test_training_tokens_named_or_grouped_with_spaces(text, language, tokens):
    """Tokens named then counted, and thousands grouped with spaces before "milliards"."""
    assert _read(text, language).get("tokens") == tokens


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("GPU 4장만 따로 빌릴 수 있나요?", "ko"),
        ("Faut-il louer le serveur entier ou seulement 2 GPU ?", "fr"),
        ("Do I have to rent the whole server or just 2 GPUs of it?", "en"),
    ],
)
def test_part_of_a_server_asks_whether_servers_are_rented_whole(text, language):
    """Renting only some GPUs of a server is the whole-server question."""
    found = _read(text, language)
    assert (found["intent"], found.get("topic")) == ("knowledge", "whole_server_only")


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("今は A100 で Qwen3 32B を同時 20 ユーザー。H200 に移ったら速くなりますか？", "ja"),
        ("Qwen3 32B 在 A100 上跑，换到你们的 H200 会快多少？", "zh-Hans"),
    ],
)
def test_faster_than_today_asks_the_speed(text, language):
    """Whether it gets faster on our GPU asks the speed."""
    assert _read(text, language).get("asked") == "speed"


def test_video_generation_without_de_is_a_video_model():
    """Said as "génération vidéo" names a video model we do not size."""
    assert _read("Un modèle de génération vidéo, ça tourne chez vous ?", "fr").get(
        "model_kind"
    ) == ("video")


def test_calls_summarised_are_summaries_and_chat_tutors_are_chat():
    """Calls summarised are the summaries' use; a tutor in chat form is a chat."""
    calls = _read("суммаризация звонков колл-центра, модель не выбрали", "ru")
    assert calls.get("use_case") == "summarization"
    tutor = _read("хотим AI-репетитора в формате чата для 2000 учеников", "ru")
    assert tutor.get("use_case") == "chat"


def test_costing_less_in_spanish_slang():
    """Said as "algo q cueste menos" asks for a cheaper plan, in Spanish."""
    found = _read("uf, caro. algo q cueste menos?", None)
    assert (found["intent"], found.get("lever"), found["language"]) == (
        "followup",
        "cheaper",
        "es",
    )


def test_a_sales_agent_of_the_customers_asks_for_no_one():
    """The customer's sales agent and sellers counted are their use, not a person asked for."""
    found = _read("Qwen3 32B num agente de vendas; são 30 vendedores, contexto 32k", "pt-BR")
    assert found["intent"] == "size"


# --- An eighth round: the kinds a fifth fresh set showed (written for the tests) -------------


def test_people_counted_beside_as_many_contexts_are_no_context():
    """Said as "3,000 students" is a head count; its number is no context length."""
    found = _read("Qwen3 32B tutor: 3,000 students, at most 150 online at the same time", "en")
    assert (found.get("headcount"), found.get("concurrency")) == (3000, 150)
    assert found.get("context_tokens") is None


def test_a_hub_id_of_nvidia_is_no_platform_demand():
    """Said as "nvidia/…-NVFP4" names a checkpoint; "нужно" before it requires no CUDA."""
    found = _read("Нужно nvidia/DeepSeek-V3.2-NVFP4 на 100 сессий, контекст 32K", "ru")
    assert found.get("cuda_only") is None


def test_any_people_counted_by_a_department():
    """Said as "the underwriting team has 60 underwriters" is a head count."""
    found = _read("Qwen3 32B; the underwriting team has 60 underwriters, 10 at once", "en")
    assert (found.get("headcount"), found.get("concurrency")) == (60, 10)


@pytest.mark.parametrize(
    ("text", "language", "team"),
    [
        ("Qwen3 32B for our 120 devs, no idea how many at the same time", "en", 120),
        ("Qwen3 32B für 70 Leute, wie viele da gleichzeitig drauf sind, weiß keiner", "de", 70),
        ("Qwen3 32B pour 40 personnes, combien en simultané ? aucune idée", "fr", 40),
    ],
)
def test_at_once_asked_or_unknown_is_no_count_at_once(text, language, team):
    """Not knowing how many are at once leaves the count a head count."""
    found = _read(text, language)
    assert found.get("headcount") == team
    assert found.get("concurrency") is None


@pytest.mark.parametrize(
    ("text", "language", "users"),
    [
        ("Qwen3 32B 동시 3천 명이면 H200 몇 대?", "ko", 3000),
        ("Qwen3 32B，同一时刻在线 80 个", "zh-Hans", 80),
        ("Qwen3 32B, в моменте онлайн человек 90", "ru", 90),
        ("Qwen3 32B, 학생은 300명이고 한 번에 50명 정도 접속해요", "ko", 50),
    ],
)
def test_users_at_once_in_more_words(text, language, users):
    """Thousands in Korean, "同一时刻", "в моменте", "한 번에" after a linked count."""
    assert _read(text, language).get("concurrency") == users


def test_instead_of_paying_per_seat_is_no_change():
    """Said as "instead of paying per seat": how they run it today, no change of our answer."""
    found = _read("Qwen3 32B for 30 devs instead of paying per seat for an API", "en")
    assert found["intent"] == "size"


@pytest.mark.parametrize(
    ("text", "language", "hours"),
    [
        ("500M tokens in total with Qwen3 32B over the weekend, within 40 hours", "en", 40),
        ("合計3億トークン（入出力込み）を24時間以内に Qwen3 32B で", "ja", 24),
        ("1 млрд токенов в сумме через Qwen3 32B за двое суток", "ru", 48),
    ],
)
def test_deadlines_beside_weekends_inputs_and_outputs_and_collective_numerals(
    text, language, hours
):
    """Said as "weekend" holds no "en d"; "入出力" is no output length; "двое суток" is two days."""
    found = _read(text, language)
    assert found.get("deadline_hours") == hours
    assert found.get("output_tokens") is None


def test_requests_every_minute_in_japanese():
    """Said as "毎分 600 リクエスト" is 600 requests a minute."""
    assert _read("Qwen3 8B で毎分 600 リクエスト", "ja").get("requests_per_minute") == 600


def test_full_fine_tuning_said_volles_finetuning():
    """Said as "Volles Finetuning" is a full fine-tune."""
    found = _read("Volles Finetuning von Qwen3 8B, 500 Mio. Tokens", "de")
    assert (found["intent"], found.get("method")) == ("train", "full")


@pytest.mark.parametrize(
    ("text", "language", "asked"),
    [
        ("Wie viele B200 braucht man für Qwen3 32B bei 40 Nutzern?", "de", "gpu_count"),
        ("Wie viele gleichzeitige Nutzer schafft ein H200 mit Qwen3 32B?", "de", "users"),
        ("3 H200 simples pendant 4 mois, quel total ?", "fr", "price"),
    ],
)
def test_figures_asked_in_more_words_again(text, language, asked):
    """GPU counts, users and totals asked in more words."""
    assert _read(text, language).get("asked") == asked


@pytest.mark.parametrize(
    ("text", "language", "use"),
    [
        ("想做个中日互译服务，模型未定，并发 100", "zh-Hans", "translation"),
        (
            "Queremos traduzir o atendimento ao cliente, sem modelo definido ainda",
            "pt-BR",
            "translation",
        ),
        ("um tutor de conversação com IA para 500 alunos, qual modelo?", "pt-BR", "chat"),
    ],
)
def test_translation_as_the_act_and_tutors_as_chat(text, language, use):
    """Translating the support desk's talk is translation; a conversation tutor is a chat."""
    assert _read(text, language).get("use_case") == use


def test_a_law_firm_of_people_with_words_between():
    """Said as "Cabinet d'avocats de 50 personnes" is a team of 50."""
    assert (
        _read("Cabinet d'avocats de 50 personnes, assistant juridique", "fr").get("headcount") == 50
    )


def test_a_bit_more_saving_in_chinese():
    """Said as "能不能再省一点" asks for a cheaper plan."""
    found = _read("能不能再省一点？", "zh-Hans")
    assert (found["intent"], found.get("lever")) == ("followup", "cheaper")


# --- A ninth round: the kinds a sixth fresh set showed (written for the tests) ---------------


@pytest.mark.parametrize(
    ("text", "language", "hours"),
    [
        (
            "Procesar 50.000 informes de 3.000 tokens de entrada cada uno en 8 horas con Qwen3 8B",
            "es",
            8,
        ),
        (
            "离线跑批：20 万篇专利，每篇输入 5000 token，要在 12 小时内跑完，用 Qwen3-8B",
            "zh-Hans",
            12,
        ),
        ("論文 10 万件、1 件あたり入力 6,000 トークン、24 時間以内に Qwen3 32B で", "ja", 24),
        ("300.000 Gutachten à 2.000 Token mit Qwen3 8B innerhalb von 36 Stunden", "de", 36),
    ],
)
def test_documents_counted_with_their_input_keep_the_deadline(text, language, hours):
    """A job of documents and their input length keeps its deadline ("en 8 horas" no length)."""
    found = _read(text, language)
    assert found.get("deadline_hours") == hours
    assert found.get("batch_tokens") is not None


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("别给 AMD 的方案哈，我们的 kernel 全是 CUDA", "zh-Hans"),
        ("AMD 先不要喔", "zh-Hant"),
        ("AMD не предлагайте, пожалуйста", "ru"),
    ],
)
def test_amd_not_to_be_offered_requires_cuda(text, language):
    """Asking not to be offered AMD is a CUDA-only follow-up."""
    found = _read(text, language)
    assert (found["intent"], found.get("cuda_only")) == ("followup", True)


@pytest.mark.parametrize(
    ("text", "language", "team"),
    [
        ("Qwen3 32B 给研发用，一共 200 人，同时用的人数不好说", "zh-Hans", 200),
        (
            "GLM-4.5 для 300 сотрудников; сколько будут сидеть одновременно — понятия не имею",
            "ru",
            300,
        ),
        ("Qwen3 32B für 80 Steuerberater, wie viele gleichzeitig, kann ich nicht sagen", "de", 80),
    ],
)
def test_at_once_not_known_leaves_the_team(text, language, team):
    """Not knowing how many are at once keeps the count a head count."""
    found = _read(text, language)
    assert found.get("headcount") == team
    assert found.get("concurrency") is None


def test_not_sure_of_the_model_keeps_the_users_at_once():
    """Said as "不確定該選哪個模型" after a count at once takes nothing back."""
    found = _read("翻譯服務，大概同時 30 個請求，不確定該選哪個模型", "zh-Hant")
    assert found.get("concurrency") == 30


@pytest.mark.parametrize(
    ("text", "users"),
    [
        ("Qwen3 32B，高峰同一时间大概五六十个人……按 60 算吧", 60),
        ("Qwen3 32B，同時最多二十來位…抓 25 位好了", 25),
    ],
)
def test_a_figure_settled_on_after_a_range(text, users):
    """A range of users at once, then the figure settled on ("按 60 算")."""
    assert _read(text, "zh-Hans").get("concurrency") == users


@pytest.mark.parametrize(
    ("text", "language", "team", "users"),
    [
        ("병원 간호사 300명인데 3교대라서 한 번에 20명 정도, Qwen3 32B", "ko", 300, 20),
        ("Сеть аптек, 500 фармацевтов, одновременно человек 40, Qwen3 32B", "ru", 500, 40),
        ("薬剤師 600 名で Qwen3 32B を使いたい、同時 50 名", "ja", 600, 50),
        (
            "A cooperativa tem 2.000 associados, uns 70 usando ao mesmo tempo. Qwen3 32B",
            "pt-BR",
            2000,
            70,
        ),
        ("en plantilla somos 400, a la vez 30 personas, Qwen3 32B", "es", 400, 30),
        ("개발팀 80명 중에 피크 때 25명이 동시에, Qwen3 32B", "ko", 80, 25),
    ],
)
def test_professions_and_payrolls_are_the_team(text, language, team, users):
    """Professions counted and people on the payroll are the team; users at once apart."""
    found = _read(text, language)
    assert (found.get("headcount"), found.get("concurrency")) == (team, users)


def test_a_dozen_at_once():
    """Said as "a la vez ... una docena" is twelve users at once."""
    found = _read(
        "Somos 60 en la empresa, Qwen3 32B. A la vez lo usarán como mucho una docena", "es"
    )
    assert found.get("concurrency") == 12


def test_want_in_korean_is_no_won():
    """Said as "128k 원해요" wants a 128K context; it is no budget in won."""
    found = _read("Qwen3 32B, 컨텍스트는 128k 원해요", "ko")
    assert found.get("context_tokens") == 131072
    assert found.get("budget_currency") is None


def test_a_chain_is_no_misspelt_model_family():
    """Said as "a pharmacy chain's bot on Llama 3.1 8B" names Llama 3.1 8B."""
    found = _read("a pharmacy chain's reminder bot on Llama 3.1 8B, 30 users at once", "en")
    assert found.get("model") == "meta-llama/Llama-3.1-8B-Instruct"


@pytest.mark.parametrize(
    ("text", "language", "fields"),
    [
        ("а если пользователей будет 60?", "ru", {"concurrency": 60}),
        ("а на год сколько в сумме выйдет?", "ru", {"months": 12, "asked": "price"}),
        ("Und für 9 Monate, was kommt da insgesamt raus?", "de", {"months": 9, "asked": "price"}),
        ("Gleiche Rechnung mit 32k Kontext bitte.", "de", {"context_tokens": 32768}),
    ],
)
def test_follow_ups_in_more_words(text, language, fields):
    """Users, totals and "the same calculation" asked as follow-ups."""
    found = _read(text, language)
    assert found["intent"] == "followup"
    assert {key: found.get(key) for key in fields} == fields


@pytest.mark.parametrize(
    ("text", "language", "use"),
    [
        (
            "Un outil de synthèse de contrats pour 40 juristes, modèle à définir",
            "fr",
            "summarization",
        ),
        (
            "Chatbot SAV pour notre marque, 20 conversations simultanées, quel modèle ?",
            "fr",
            "support",
        ),
    ],
)
def test_summaries_and_after_sales_in_french(text, language, use):
    """Said as "synthèse" is summarization; "SAV" is customer support."""
    assert _read(text, language).get("use_case") == use


def test_how_many_of_your_servers():
    """Said as "how many of your 8x servers" asks a count of servers."""
    found = _read("how many of your servers would Qwen3 32B need for 400 users at once?", "en")
    assert found.get("asked") == "gpu_count"


def test_cheaper_in_portuguese_stays_portuguese():
    """Said as "Tem algo mais barato?" is Portuguese."""
    found = _read("Tem algo mais barato?", None)
    assert (found["language"], found.get("lever")) == ("pt-BR", "cheaper")


# --- A tenth round: the kinds a seventh fresh set showed (written for the tests) -------------


@pytest.mark.parametrize(
    ("text", "language", "plans"),
    [
        ("What would 3 of the MI355X servers come to for 2 months?", "en", {"mi355x-8x": 3}),
        ("三台 H200 八卡服务器租 2 个月一共多少钱？", "zh-Hans", {"h200-8x": 3}),
        ("單卡 H200 租 5 台，租 2 個月總共多少錢？", "zh-Hant", {"h200-1x": 5}),
        ("H200 の 8GPU サーバー 2 台を 3 ヶ月借りると総額いくら？", "ja", {"h200-8x": 2}),
        ("Combien coûtent 2 H200 simples pendant 3 mois au total ?", "fr", {"h200-1x": 2}),
    ],
)
def test_plans_counted_in_more_orders(text, language, plans):
    """Plans counted "of the", with eight GPUs after, a verb before the count, "simples"."""
    found = _read(text, language)
    assert (found["intent"], found.get("plan_counts")) == ("price", plans)


def test_a_simple_setup_is_no_single_machine():
    """English "simple" is no plan word ("a simple H200 setup")."""
    assert _read("Qwen3 32B on a simple H200 setup", "en").get("plan_counts") is None


@pytest.mark.parametrize(
    ("text", "language", "team"),
    [
        ("We're a clinic group, 90 people on payroll, Qwen3 32B for notes", "en", 90),
        ("the desk is 40 people total, Qwen3 32B please", "en", 40),
        ("我們事務所總共 35 人，想用 Qwen3 32B", "zh-Hant", 35),
        ("uma escola com 900 alunos, Qwen3 32B como tutor", "pt-BR", 900),
    ],
)
def test_everyone_counted_in_total_is_the_team(text, language, team):
    """People counted in total, on the payroll or as pupils are the team, not users at once."""
    found = _read(text, language)
    assert found.get("headcount") == team
    assert found.get("concurrency") is None


def test_concurrent_misspelt():
    """Said as "~60 concurent" is 60 users at once."""
    assert _read("qwen3 32b / 32k ctx / ~60 concurent", "en").get("concurrency") == 60


@pytest.mark.parametrize(
    ("text", "language", "hours"),
    [
        (
            "summarize 90,000 filings with Qwen3 32B, each about 5,000 tokens in, within 20 hours",
            "en",
            20,
        ),
        (
            "procesar 800.000 correos con Qwen3 32B, unos 700 tokens de entrada cada uno, en 6 h",
            "es",
            6,
        ),
        ("Пакетная обработка: 2 млрд токенов всего через Qwen3 32B, дедлайн 12 часов", "ru", 12),
        ("Quero processar 3 bilhões de tokens no total com o Qwen3 32B em até 2 dias", "pt-BR", 48),
    ],
)
def test_jobs_with_a_model_between_or_a_deadline_word(text, language, hours):
    """A model named between the documents and their length; "дедлайн", "em até"."""
    assert _read(text, language).get("deadline_hours") == hours


@pytest.mark.parametrize(
    ("text", "language", "asked"),
    [
        ("and for a full year, whats the total", "en", "price"),
        ("Precio total de 2 H200 individuales por 6 meses", "es", "price"),
        ("單張 H200 跑 Qwen3 32B，可以撐幾個用戶", "zh-Hant", "users"),
        ("Wie viele Leute kann ein H200 mit Qwen3 32B bedienen?", "de", "users"),
        ("H200 1 枚で Qwen3 32B だと何人まで同時にさばけますか？", "ja", "users"),
    ],
)
def test_figures_asked_in_yet_more_words(text, language, asked):
    """Totals and users asked in more words; "だと何人" asks, it changes nothing."""
    found = _read(text, language)
    assert found.get("asked") == asked
    assert found["intent"] != "followup" or found.get("months") is not None


def test_pushing_the_price_down_in_chinese():
    """Said as "能再壓低一點嗎" asks for a cheaper plan."""
    found = _read("月費太高了，能再壓低一點嗎", "zh-Hant")
    assert (found["intent"], found.get("lever")) == ("followup", "cheaper")


def test_the_mi355x_itself_accepted_is_rocm_accepted():
    """Said as "MI355X도 괜찮다" accepts the AMD platform."""
    assert _read("Qwen3 32B, 동시 40명, MI355X도 괜찮다고 합니다", "ko").get("cuda_only") is False


def test_localisation_is_translation():
    """Localising a game into other languages is translation."""
    assert _read("ゲームのローカライズを自動化したい、モデルは未定", "ja").get("use_case") == (
        "translation"
    )


def test_everything_loaded_at_once_is_no_whole_server_question():
    """Said as "통째로 올려두려면 KV 캐시": a KV capacity, no question on renting servers whole."""
    found = _read("문서를 통째로 올려두려면 KV 캐시가 500GB 필요해요. 뭘 빌리면 되나요?", "ko")
    assert (found["intent"], found.get("use_case")) == ("discover", "kv_capacity")


@pytest.mark.parametrize(
    ("name", "size", "least_intent", "least_all"),
    [
        ("blind-conv-h.jsonl", 300, 298, 294),
        ("blind-conv-i.jsonl", 300, 300, 293),
        ("blind-conv-j.jsonl", 330, 329, 323),
        ("blind-conv-k.jsonl", 330, 326, 322),
        ("blind-conv-l.jsonl", 330, 330, 328),
        ("blind-conv-m.jsonl", 330, 330, 325),
        ("blind-conv-n.jsonl", 330, 327, 326),
        ("blind-conv-o.jsonl", 330, 326, 317),
        ("blind-conv-p.jsonl", 330, 325, 321),
        ("blind-conv-q.jsonl", 330, 329, 329),
        ("blind-conv-r.jsonl", 330, 330, 328),
        # (one line fewer since round 43: "今 RTX 6000 Ada で … H200 に移すとどれくらい速くなり
        # ますか" is labelled a sizing here, the same question a comparison in -h and -as)
        ("blind-conv-s.jsonl", 330, 329, 327),
        ("blind-conv-t.jsonl", 330, 328, 321),
        ("blind-conv-u.jsonl", 330, 327, 318),
        ("blind-conv-v.jsonl", 330, 329, 327),
        ("blind-conv-w.jsonl", 330, 329, 328),
        ("blind-conv-x.jsonl", 330, 329, 323),
        ("blind-conv-y.jsonl", 330, 318, 301),
        ("blind-conv-z.jsonl", 330, 329, 325),
        ("blind-conv-aa.jsonl", 330, 326, 316),
        ("blind-conv-ab.jsonl", 330, 330, 330),
        ("blind-conv-ac.jsonl", 330, 330, 328),
        ("blind-conv-ad.jsonl", 330, 330, 330),
        ("blind-conv-ae.jsonl", 330, 325, 325),
        ("blind-conv-af.jsonl", 330, 329, 329),
        ("blind-conv-ag.jsonl", 330, 329, 327),
        ("blind-conv-ah.jsonl", 330, 330, 327),
        ("blind-conv-ai.jsonl", 330, 330, 328),
        ("blind-conv-aj.jsonl", 330, 329, 327),
        ("blind-conv-ak.jsonl", 330, 326, 322),
        ("blind-conv-al.jsonl", 330, 329, 329),
        ("blind-conv-am.jsonl", 330, 326, 323),
        ("blind-conv-an.jsonl", 330, 330, 327),
        ("blind-conv-ao.jsonl", 330, 329, 327),
        ("blind-conv-ap.jsonl", 330, 328, 320),
        ("blind-conv-aq.jsonl", 330, 326, 322),
        ("blind-conv-ar.jsonl", 330, 323, 314),
        ("blind-conv-as.jsonl", 330, 315, 301),
        ("blind-conv-at.jsonl", 330, 315, 288),
        ("blind-conv-au.jsonl", 330, 313, 287),
        ("blind-conv-av.jsonl", 330, 307, 284),
        ("blind-conv-aw.jsonl", 330, 316, 295),
        ("blind-conv-ax.jsonl", 330, 316, 279),
        ("blind-conv-ay.jsonl", 330, 315, 297),
        ("blind-conv-az.jsonl", 80, 80, 76),
        ("blind-conv-ba.jsonl", 80, 80, 79),
        ("blind-conv-bb.jsonl", 90, 90, 87),
        ("blind-conv-bc.jsonl", 90, 90, 86),
        ("blind-conv-bd.jsonl", 90, 89, 88),
        ("blind-conv-be.jsonl", 90, 90, 88),
        ("blind-conv-bf.jsonl", 90, 89, 87),
        ("blind-conv-bg.jsonl", 90, 90, 87),
        ("blind-conv-bh.jsonl", 90, 90, 88),
        ("blind-conv-bi.jsonl", 90, 89, 85),
        ("blind-conv-bj.jsonl", 90, 88, 72),
        ("blind-conv-bk.jsonl", 90, 86, 74),
        ("blind-conv-bl.jsonl", 90, 84, 78),
        ("blind-conv-bm.jsonl", 90, 85, 75),
        ("blind-conv-bn.jsonl", 90, 86, 81),
        ("blind-conv-bo.jsonl", 90, 84, 55),
        ("blind-conv-bp.jsonl", 90, 87, 80),
        ("blind-conv-bq.jsonl", 90, 87, 77),
        ("blind-conv-br.jsonl", 90, 88, 79),
        ("blind-conv-bs.jsonl", 90, 84, 79),
        ("blind-conv-bt.jsonl", 90, 89, 73),
        ("blind-conv-bu.jsonl", 90, 86, 77),
        # (from round 69 the learned intent head is trained on every set, these too: their
        # figures before it, and held out, are the README's)
        ("blind-conv-bv.jsonl", 90, 90, 75),
        ("blind-conv-bw.jsonl", 90, 90, 74),
        ("blind-conv-bx.jsonl", 90, 87, 74),
        ("blind-conv-by.jsonl", 90, 87, 67),
        ("blind-conv-bz.jsonl", 90, 90, 88),
        ("blind-conv-ca.jsonl", 90, 88, 75),
        ("blind-conv-cb.jsonl", 90, 87, 55),
        ("blind-conv-cd.jsonl", 90, 89, 88),
        ("blind-conv-ce.jsonl", 90, 88, 77),
        ("blind-conv-cf.jsonl", 90, 88, 77),
        ("blind-conv-ch.jsonl", 90, 89, 71),
        ("blind-conv-ci.jsonl", 90, 88, 77),
        ("blind-conv-cj.jsonl", 90, 89, 86),
    ],
)
def test_the_sets_of_these_rounds_keep_their_figures(name, size, least_intent, least_all):
    """The sets of these rounds keep the messages they are read right on.

    Each was written without reading the parser, from the kinds of misses, and measured once
    before it was read (README: the figures of each round); what they hold now is kept.
    """
    outcomes = [score(row) for row in read_messages(DATA / name)]
    assert len(outcomes) == size
    assert sum(outcome.intent_ok for outcome in outcomes) >= least_intent
    assert sum(outcome.all_ok for outcome in outcomes) >= least_all


# --- An eleventh round: the kinds an eighth fresh set showed (written for the tests) ---------


def test_cuda_bound_and_amd_not_working_requires_cuda():
    """Said as "AMD geht bei uns leider nicht" rules ROCm out, however many words stand between."""
    found = _read("Wir sind an CUDA gebunden, ROCm geht bei uns im Team leider nicht.", "de")
    assert found.get("cuda_only") is True


def test_an_exact_repository_name_is_that_repository():
    """Said as "Qwen3-32B-FP8" names that repository, not also its per-tensor sibling."""
    found = _read("Qwen3-32B-FP8 на одной H200, 8K, 10 сессий", "ru")
    assert found.get("model") == "Qwen/Qwen3-32B-FP8"
    assert not found.get("ambiguous")


@pytest.mark.parametrize(
    ("text", "language", "use", "users"),
    [
        (
            "做一个小语种翻译服务（东南亚那几个），同时大概 300 个请求，推荐模型",
            "zh-Hans",
            "translation",
            300,
        ),
        (
            "要做直播即時翻譯字幕，同時大概 80 路直播，請推薦模型跟機器",
            "zh-Hant",
            "translation",
            80,
        ),
    ],
)
def test_translation_services_with_users_at_once(text, language, use, users):
    """Said as "那几个" asks nothing; a service to build with a model to recommend is a proposal."""
    found = _read(text, language)
    assert (found["intent"], found.get("use_case"), found.get("concurrency")) == (
        "discover",
        use,
        users,
    )


@pytest.mark.parametrize(
    ("text", "language", "fields"),
    [
        ("How much would 3 H200 VMs run me for 4 months?", "en", {"asked": "price"}),
        ("and for a year and a half, the grand total?", "en", {"months": 18, "asked": "price"}),
        ("а если на 3 месяца, сколько в сумме?", "ru", {"months": 3, "asked": "price"}),
        ("半年使った場合の合計金額は？", "ja", {"months": 6, "asked": "price"}),
        ("y por 9 meses, ¿cuánto en total?", "es", {"months": 9, "asked": "price"}),
    ],
)
def test_totals_asked_in_more_words_again(text, language, fields):
    """Totals asked as "run me", a grand total, "в сумме", "合計金額", "en total"."""
    found = _read(text, language)
    assert {key: found.get(key) for key in fields} == fields


def test_how_many_people_in_spanish():
    """Said as "¿a cuánta gente puedo dar servicio?" asks the users one plan serves."""
    assert _read("Con un H200 y Qwen3 32B, ¿a cuánta gente puedo dar servicio?", "es").get(
        "asked"
    ) == ("users")


def test_abaratar_conjugated():
    """Said as "¿cómo lo abarato?" asks for a cheaper plan."""
    found = _read("es carísimo, ¿cómo lo abarato?", "es")
    assert (found["intent"], found.get("lever")) == ("followup", "cheaper")


@pytest.mark.parametrize(
    ("text", "language", "hours"),
    [
        (
            "summarize 500k tickets with Qwen3 32B, each ticket ~900 input tokens, within 12 hours",
            "en",
            12,
        ),
        ("200 000 factures de 3 000 tokens chacune avec Qwen3 32B, en 10 heures", "fr", 10),
    ],
)
def test_items_with_input_tokens_and_invoices(text, language, hours):
    """Said as "~900 input tokens" after the items, and invoices, make a job with its deadline."""
    assert _read(text, language).get("deadline_hours") == hours


@pytest.mark.parametrize(
    ("text", "language", "team"),
    [
        ("We're a 60-lawyer firm, Qwen3 32B with 32k context", "en", 60),
        ("全院 1500 号人，同一时间大概 100 个在用，Qwen3 32B", "zh-Hans", 1500),
        ("醫院有 800 名護理師，Qwen3 32B 做摘要", "zh-Hant", 800),
        ("公司 120 位業務同仁要用 Qwen3 32B", "zh-Hant", 120),
        ("у нас инженеров человек 90, Qwen3 32B, контекст 16к", "ru", 90),
        ("建築士が 40 名おります。Qwen3 32B で", "ja", 40),
        ("lo usarán los 45 guías (no todos a la vez), Qwen3 32B", "es", 45),
    ],
)
def test_teams_in_yet_more_words(text, language, team):
    """Teams: a trade with a hyphen, a whole hospital, nurses, "человек N", and more.

    The count before an at-once taken back is the team too.
    """
    assert _read(text, language).get("headcount") == team


def test_operator_assist_asks_for_no_one():
    """Said as "オペレーター支援" is the customer's own use, no request for a person."""
    found = _read("コールセンターのオペレーター支援で、同時 150 通話。何を借りれば？", "ja")
    assert found["intent"] == "discover"


def test_concurrent_as_a_field_label():
    """Said as "concurrent: 37" in a spec list is 37 users at once."""
    found = _read("model: Qwen3 32B\nctx: 32k\nconcurrent: 37", "en")
    assert found.get("concurrency") == 37


def test_no_problem_after_rocm_accepts_it():
    """Said as "ROCm geht auch, kein Problem": ROCm accepted; "kein" belongs to "Problem"."""
    assert _read("ROCm geht auch, kein Problem", "de").get("cuda_only") is False


# --- A twelfth round: the kinds a ninth fresh set showed (written for the tests) -------------


def test_full_fine_tuning_is_no_full_release():
    """A "full fine-tune" of a distilled model is a method, no wish for the full R1."""
    found = _read("full fine-tune of DeepSeek R1 Distill Qwen 32B on 200M tokens", "en")
    assert found.get("model") == "deepseek-ai/DeepSeek-R1-Distill-Qwen-32B"


def test_a_question_of_users_at_once_is_no_team():
    """A question of sessions at once after a model's name takes no count for a team."""
    found = _read("Avec Qwen3 32B sur une H200, combien de sessions simultanées à 8k ?", "fr")
    assert found.get("headcount") is None


@pytest.mark.parametrize(
    ("text", "language", "fields"),
    [
        ("석 달 쓰면 총 얼마예요?", "ko", {"months": 3, "asked": "price"}),
        ("Итоговая сумма за 5 месяцев для двух серверов MI355X?", "ru", {"asked": "price"}),
        (
            "Cotización: 2 H200 individuales por 3 meses. El total, por favor.",
            "es",
            {"asked": "price"},
        ),
        ("如果三台服务器的话能撑多少并发？", "zh-Hans", {"servers": 3, "asked": "users"}),
    ],
)
def test_terms_and_figures_asked_in_more_words(text, language, fields):
    """Korean native months, "итоговая сумма", a quote, users asked of servers counted."""
    found = _read(text, language)
    assert {key: found.get(key) for key in fields} == fields


def test_a_total_of_input_and_output_with_a_deadline_after():
    """A total of input and output ("入出力合計で20億") with "締切は48時間後" is a job."""
    found = _read("Qwen3 32B でバッチ生成します。入出力合計で20億トークン、締切は48時間後", "ja")
    assert (found.get("batch_tokens"), found.get("deadline_hours")) == (2_000_000_000, 48)
    assert found.get("output_tokens") is None


@pytest.mark.parametrize(
    ("text", "language", "cuda_only"),
    [
        ("esquece AMD, ninguém aqui mexe com ROCm", "pt-BR", True),
        ("our compliance team has only approved CUDA images", "en", True),
    ],
)
def test_amd_forgotten_and_only_cuda_approved(text, language, cuda_only):
    """AMD dismissed, or only CUDA images approved, requires CUDA."""
    assert _read(text, language).get("cuda_only") is cuda_only


def test_how_to_choose_with_a_guide_asked():
    """How to choose, with a guide asked, is the choosing question, not the calculator."""
    found = _read("Comment choisir entre H200 et MI355X ? Un guide ?", "fr")
    assert found.get("topic") == "how_to_choose"


def test_a_virtual_machine_in_russian_slang():
    """Said as "одна H200 (виртуалка)" is one single-H200 machine."""
    found = _read("сколько будет стоить одна H200 (виртуалка) на 3 месяца", "ru")
    assert found.get("plan_counts") == {"h200-1x": 1}


def test_a_figure_settled_on_beside_a_team():
    """A team, at once a quarter of it, then "抓 15 個人好了": 15 at once."""
    found = _read("全公司 60 位同仁，同一時間大概四分之一吧，抓 15 個人好了，Qwen3 32B", "zh-Hant")
    assert (found.get("headcount"), found.get("concurrency")) == (60, 15)


@pytest.mark.parametrize(
    ("text", "language", "team"),
    [
        ("Spedition mit 300 Disponenten, DeepSeek V3 zur Tourenplanung", "de", 300),
        ("our org is 900 people, Qwen3 32B for the legal team", "en", 900),
        ("보험 설계사 5천 명 대상 Qwen3 32B 상담 도우미", "ko", 5000),
    ],
)
def test_more_trades_and_organisations(text, language, team):
    """Dispatchers, "our org is N people", insurance planners counted in Korean thousands."""
    found = _read(text, language)
    assert found.get("headcount") == team
    assert found["intent"] != "sales"


@pytest.mark.parametrize(
    ("text", "language", "kind", "asked"),
    [
        ("FLUX für Produktbilder auf einer H200, passt das?", "de", "image", "fits"),
        ("Stable Diffusion XL 生商品圖，每天幾千張，H200 單卡可以嗎", "zh-Hant", "image", "fits"),
    ],
)
def test_image_models_asked_to_fit(text, language, kind, asked):
    """FLUX for pictures, and "幾千張" (thousands) asks no figure: the fit is asked."""
    found = _read(text, language)
    assert (found.get("model_kind"), found.get("asked")) == (kind, asked)


def test_translating_into_another_form():
    """Said as "翻成白话文" is translation; with no model chosen it asks for a proposal."""
    found = _read("想把文言文批量翻成白话文，模型还没定", "zh-Hans")
    assert (found["intent"], found.get("use_case")) == ("discover", "translation")


# --- A thirteenth round: the kinds a tenth fresh set showed (written for the tests) ----------


@pytest.mark.parametrize(
    ("text", "language", "plans"),
    [
        (
            "Quote: 3x h200-8x + 1x mi355x-8x for 4 months, total please",
            "en",
            {"h200-8x": 3, "mi355x-8x": 1},
        ),
        ("h200-1x を 3 台、6ヶ月だと総額いくら？", "ja", {"h200-1x": 3}),
        (
            "mi355x-8x 2대랑 h200-1x 1대, 3개월 견적 부탁드려요",
            "ko",
            {"mi355x-8x": 2, "h200-1x": 1},
        ),
        ("请报价：1 台 h200-8x 加 2 台 h200-1x，租期一年", "zh-Hans", {"h200-8x": 1, "h200-1x": 2}),
    ],
)
def test_plan_ids_typed_as_our_links_write_them(text, language, plans):
    """Plan ids typed as in our links and quotes are those plans, counted."""
    found = _read(text, language)
    assert (found.get("plan_counts"), found.get("asked")) == (plans, "price")


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Cotízame 3 mi355x-8x por medio año", "es"),
        ("Devis svp : 1 h200-8x pendant 6 mois", "fr"),
        ("Angebot bitte: 2x h200-8x für 6 Monate", "de"),
        ("E por 6 meses, fica quanto no total?", "pt-BR"),
        ("如果签半年，总共要付多少", "zh-Hans"),
    ],
)
def test_quotes_asked_in_every_language(text, language):
    """A quote or a total asked is the price."""
    assert _read(text, language).get("asked") == "price"


@pytest.mark.parametrize(
    ("text", "language", "team"),
    [
        ("Tengo una agencia con 25 personas y queremos un asistente para redactar", "es", 25),
        ("Sou de uma clínica com 12 pessoas, queria um chatbot pros clientes", "pt-BR", 12),
        (
            "Wir sind ein Architekturbüro mit 30 Leuten und suchen einen Coding-Assistenten",
            "de",
            30,
        ),
    ],
)
def test_people_of_an_organisation_proposed_for_are_the_team(text, language, team):
    """Plain people of an organisation, with a use and no model, are who may use it."""
    found = _read(text, language)
    assert (found.get("headcount"), found.get("concurrency")) == (team, None)


def test_users_at_once_said_so_stay_users_at_once():
    """Said as "40 users at once" with a use and no model stays 40 users at once."""
    found = _read("chatbot for 40 users at once, no model yet", "en")
    assert found.get("concurrency") == 40


@pytest.mark.parametrize(
    ("text", "language", "users"),
    [
        ("скока карт надо для gpt-oss-120b на тыщу юзеров одновременно", "ru", 1000),
        ("1,500 人の看護スタッフ、同じ時間帯に使うのは多くても 120 人くらい。Qwen3 32B", "ja", 120),
        ("Qwen3 32B, на смене в каждый момент сидят максимум человек 25", "ru", 25),
    ],
)
def test_users_at_once_in_slang_and_time_slots(text, language, users):
    """A thousand in slang, "同じ時間帯", "в каждый момент"."""
    assert _read(text, language).get("concurrency") == users


@pytest.mark.parametrize(
    ("text", "language", "cuda_only"),
    [
        ("the mi355x suggestion is out, redo it nvidia-only pls", "en", True),
        ("ROCm нас не пугает", "ru", False),
        ("Vous pouvez refaire le calcul uniquement avec du NVIDIA ?", "fr", True),
    ],
)
def test_the_platform_in_still_more_words(text, language, cuda_only):
    """The platform restated as a follow-up, an AMD GPU named only to rule it out."""
    found = _read(text, language)
    assert (found["intent"], found.get("cuda_only")) == ("followup", cuda_only)


def test_flux_after_a_chinese_character():
    """Said as "部署个FLUX.1-dev" names an image model."""
    assert _read("部署个FLUX.1-dev做商品图", "zh-Hans").get("model_kind") == "image"
