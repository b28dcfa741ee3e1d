"""Follow-ups are levers: each answers with the changed plan and its price against the one before.

Every kind of follow-up ("cheaper?", "only CUDA", "why not H200?", "what about MI355X?", "with
64K instead?", "two servers?", "for 3 months?", "explain", "what if 50 users?") is a conversation
through the real Pipeline in at least three languages, and again after a model change and after
a hand-off. Prices and differences are the engine's, read here from ``size_deployment``.
"""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from bot.answers.i18n import localizer
from bot.conversation.pipeline import Pipeline
from bot.reply import ChatContext, Sender
from sizing import GpuId, Precision, SizingRequest, size_deployment

LLAMA = "meta-llama/Llama-3.3-70B-Instruct"
LLAMA_405B = "meta-llama/Llama-3.1-405B-Instruct"
# The table's request in each language: Llama 3.3 70B, 128K context, 10 users.
LLAMA_ASKED = {
    "en": "Llama 3.3 70B 128K 10 users",
    "de": "Llama 3.3 70B 128K 10 Nutzer",
    "zh-Hans": "Llama 3.3 70B，128K 上下文，10 个用户",
    "ru": "Llama 3.3 70B 128K 10 пользователей",
    "es": "Llama 3.3 70B 128K 10 usuarios",
    "fr": "Llama 3.3 70B, contexte 128K, 10 utilisateurs",
    "ja": "Llama 3.3 70B を 128K コンテキスト、同時 10 ユーザーで",
    "ko": "Llama 3.3 70B 128K 컨텍스트 사용자 10명",
    "pt-BR": "Llama 3.3 70B 128K 10 usuários",
}
# Llama 3.1 405B in BF16 at 128K for 32 users: one MI355X server, where CUDA costs more.
BIG_ASKED = {
    "en": "Llama 3.1 405B BF16 128K 32 users",
    "de": "Llama 3.1 405B BF16 128K 32 Nutzer",
    "ja": "Llama 3.1 405B BF16 128K 同時 32 ユーザー",
    "fr": "Llama 3.1 405B BF16 128K 32 utilisateurs",
    "es": "Llama 3.1 405B BF16 128K 32 usuarios",
    "ru": "Llama 3.1 405B BF16 128K 32 пользователя",
    "zh-Hans": "Llama 3.1 405B BF16 128K 32 个用户",
}


def _talk(pipeline, *messages, chat=None):
    """Send the messages in one chat; return every turn."""
    chat = chat or ChatContext(chat_id=77)
    turns = []
    for text in messages:
        turn = pipeline.respond(text, chat)
        turns.append(turn)
        chat = turn.chat
    return turns


def _pick(request):
    answer = size_deployment(request)
    return answer.options[answer.recommended_index]


def _llama(**changes):
    asked = {"model_id": LLAMA, "context_tokens": 131072, "concurrency": 10}
    return _pick(SizingRequest(**{**asked, **changes}))


def _big(**changes):
    asked = {
        "model_id": LLAMA_405B,
        "precision": Precision.BF16,
        "context_tokens": 131072,
        "concurrency": 32,
    }
    return _pick(SizingRequest(**{**asked, **changes}))


def _money(language, amount):
    return localizer(language).formatter.money(Decimal(amount))


def _first_line(reply):
    return reply.text.splitlines()[0]


# --- cheaper? --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "asked"),
    [
        ("en", "cheaper?"),
        ("de", "geht es billiger?"),
        ("zh-Hans", "有更便宜的吗？"),
        ("ru", "есть подешевле?"),
    ],
)
def test_cheaper_says_nothing_cheaper_serves_it_and_what_one_change_saves(
    pipeline, language, asked
):
    """5× H200 at 128K: nothing cheaper as asked (4 hold 8 users, KV short), 64K saves most."""
    turns = _talk(pipeline, LLAMA_ASKED[language], asked)
    reply = turns[-1].reply
    current = _llama().price.monthly_usd
    at_64k = _llama(context_tokens=65536).price.monthly_usd
    assert reply.language == language
    assert reply.data["lever"] == "cheaper"
    assert _money(language, current) in _first_line(reply)
    assert _money(language, current - Decimal(3090)) in reply.text  # 4 machines: one less
    assert _money(language, current - at_64k) in reply.text  # what 64K saves a month
    assert turns[-1].chat.last_request == turns[0].chat.last_request  # nothing changed yet


@pytest.mark.parametrize(
    ("language", "asked"),
    [("en", "cheaper?"), ("ja", "もっと安くできますか？"), ("fr", "c'est possible moins cher ?")],
)
def test_cheaper_with_no_cheaper_way_says_what_each_cheaper_plan_lacks(pipeline, language, asked):
    """405B in BF16 on one MI355X server: six single H200s cost less, and cannot split a model."""
    reply = _talk(pipeline, BIG_ASKED[language], asked)[-1].reply
    pick = _big()
    assert pick.plan == "mi355x-8x"
    assert reply.language == language
    assert _money(language, pick.price.monthly_usd) in _first_line(reply)
    six = _money(language, Decimal(3090) * 6)
    miss = next(line for line in reply.text.splitlines() if six in line)
    assert localizer(language).formatter.gigabytes(811_706_777_600) in miss  # the weights


def test_cheaper_names_a_cheaper_gpu_when_the_customer_named_one(pipeline):
    """Asked on H200 (two HGX servers), "cheaper?" names the MI355X server and its saving."""
    turns = _talk(pipeline, "Llama 3.1 405B BF16 128K 32 users on H200", "cheaper?")
    text = turns[-1].reply.text
    on_h200 = _big(gpus=(GpuId.H200,)).price.monthly_usd
    assert "On another GPU: 8× AMD Instinct MI355X" in text
    assert f"That is {_money('en', on_h200 - Decimal(19900))} a month less." in text


# --- only CUDA, what about MI355X?, with 64K instead?, what if 50 users? ------------------------


@pytest.mark.parametrize(
    ("language", "asked"),
    [("en", "only CUDA"), ("de", "nur CUDA"), ("ja", "CUDAのみで"), ("es", "solo CUDA")],
)
def test_only_cuda_moves_to_h200_and_says_what_it_costs_more(pipeline, language, asked):
    """405B BF16 on MI355X, then "only CUDA": H200 servers, the monthly difference said."""
    turns = _talk(pipeline, BIG_ASKED[language], asked)
    before, after = _big(), _big(cuda_only=True)
    reply = turns[-1].reply
    assert after.gpu is GpuId.H200
    assert reply.language == language
    assert turns[-1].chat.last_request.cuda_only is True
    second = reply.text.splitlines()[1]
    assert _money(language, after.price.monthly_usd - before.price.monthly_usd) in second
    assert _money(language, before.price.monthly_usd) in second


@pytest.mark.parametrize(
    ("language", "asked"),
    [
        ("en", "what about MI355X?"),
        ("de", "und auf MI355X?"),
        ("fr", "et sur MI355X ?"),
        ("zh-Hans", "那 MI355X 呢？"),
    ],
)
def test_what_about_mi355x_moves_to_it_with_the_difference(pipeline, language, asked):
    """5× H200 at 128K, then MI355X: one server, US$4,450 a month more, said after the verdict."""
    turns = _talk(pipeline, LLAMA_ASKED[language], asked)
    before, after = _llama(), _llama(gpus=(GpuId.MI355X,))
    assert after.plan == "mi355x-8x"
    reply = turns[-1].reply
    assert reply.language == language
    assert _money(language, after.price.monthly_usd - before.price.monthly_usd) in reply.text
    assert reply.data["lever"] == "change"


@pytest.mark.parametrize(
    ("language", "asked"),
    [
        ("en", "with 64K instead?"),
        ("es", "¿y con 64K?"),
        ("ja", "64Kならどう？"),
        ("pt-BR", "e com 64K?"),
    ],
)
def test_a_shorter_context_says_what_it_saves(pipeline, language, asked):
    """128K to 64K: fewer machines, and the monthly saving against 5× H200."""
    reply = _talk(pipeline, LLAMA_ASKED[language], asked)[-1].reply
    saved = _llama().price.monthly_usd - _llama(context_tokens=65536).price.monthly_usd
    assert saved > 0
    assert reply.language == language
    assert _money(language, saved) in reply.text.splitlines()[1]


@pytest.mark.parametrize(
    ("language", "asked"),
    [("en", "what if 50 users?"), ("fr", "et avec 50 utilisateurs ?"), ("ko", "사용자 50명이면?")],
)
def test_more_users_says_what_it_costs_more(pipeline, language, asked):
    """10 to 50 users at 128K: the new plan and the monthly difference."""
    reply = _talk(pipeline, LLAMA_ASKED[language], asked)[-1].reply
    more = _llama(concurrency=50).price.monthly_usd - _llama().price.monthly_usd
    assert reply.language == language
    assert _money(language, more) in reply.text.splitlines()[1]


# --- why not H200? ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "asked"),
    [
        ("en", "why not H200?"),
        ("ru", "а почему не H200?"),
        ("zh-Hans", "为什么不用 H200？"),
        ("fr", "et pourquoi pas H200 ?"),
    ],
)
def test_why_not_h200_prices_it_against_the_pick(pipeline, language, asked):
    """405B on MI355X: H200 serves it too, for the difference a month more; nothing changes."""
    turns = _talk(pipeline, BIG_ASKED[language], asked)
    reply = turns[-1].reply
    more = _big(gpus=(GpuId.H200,)).price.monthly_usd - _big().price.monthly_usd
    assert reply.language == language
    assert reply.data["lever"] == "why_not"
    assert _money(language, more) in _first_line(reply)
    assert turns[-1].chat.last_request.gpus == ()  # a question, not a change


@pytest.mark.parametrize(
    ("language", "asked"),
    [
        ("en", "why did you pick MI355X and not H200?"),
        ("de", "Warum MI355X und nicht H200?"),
        ("zh-Hans", "为什么推荐 MI355X 而不是 H200？"),
    ],
)
def test_why_the_pick_and_not_another_prices_the_other(pipeline, language, asked):
    """Both GPUs named, the pick first: the one left out is priced against the pick."""
    turns = _talk(pipeline, BIG_ASKED[language], asked)
    reply = turns[-1].reply
    more = _big(gpus=(GpuId.H200,)).price.monthly_usd - _big().price.monthly_usd
    assert reply.language == language
    assert reply.data["lever"] == "why_not"
    assert _money(language, more) in _first_line(reply)
    assert turns[-1].chat.last_request.gpus == ()


def test_why_not_a_gpu_that_cannot_serve_it_says_why():
    """Asked on MI355X only with CUDA: the ROCm reason, in the engine's words."""
    turns = _talk(Pipeline(), "Llama 3.3 70B 128K 10 users, CUDA only", "why not MI355X?")
    reply = turns[-1].reply
    assert reply.text.startswith("AMD Instinct MI355X cannot serve this as asked.")
    assert "You need CUDA, and this GPU runs ROCm." in reply.text


# --- two servers? --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "asked"),
    [("en", "two servers?"), ("de", "und mit zwei Servern?"), ("ko", "서버 두 대면?")],
)
def test_two_servers_prices_them_and_counts_the_contexts(pipeline, language, asked):
    """5× H200 (single GPUs), then two servers: two HGX H200, the difference, their contexts."""
    reply = _talk(pipeline, LLAMA_ASKED[language], asked)[-1].reply
    more = Decimal(23900) * 2 - _llama().price.monthly_usd
    answer = size_deployment(SizingRequest(model_id=LLAMA, context_tokens=131072, concurrency=10))
    hgx = next(o for o in answer.options if o.plan == "h200-8x")
    copies = 16 // (hgx.gpus_per_replica or 1)
    assert reply.language == language
    assert (reply.data["plan"], reply.data["units"]) == ("h200-8x", 2)
    assert _money(language, more) in _first_line(reply)
    assert reply.data["contexts"] == copies * (hgx.fit.max_concurrency_at_context or 0)
    assert localizer(language).formatter.integer(reply.data["contexts"]) in reply.text


# --- for 3/6/12 months? --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "asked", "months"),
    [
        ("en", "for 12 months?", 12),
        ("de", "und für 6 Monate?", 6),
        ("pt-BR", "e por 12 meses?", 12),
        ("zh-Hans", "三个月多少钱？", 3),
    ],
)
def test_a_term_multiplies_the_plan_out(pipeline, language, asked, months):
    """The plan on the table for the term, first; the term kept for what follows."""
    turns = _talk(pipeline, LLAMA_ASKED[language], asked)
    reply = turns[-1].reply
    total = _llama().price.monthly_usd * months
    assert reply.language == language
    assert _money(language, total) in _first_line(reply)
    assert reply.data["total"]["months"] == months
    assert turns[-1].chat.last_request.months == months
    labels = [button.text for row in reply.buttons for button in row]
    assert localizer(language).gettext("Talk to a person") in labels


# --- explain -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "asked"),
    [
        ("en", "where does the 35 tok/s per user come from?"),
        ("fr", "D'où sort ce TTFT de 0,4 s ?"),
        ("de", "Woher kommen die 600 GB KV-Cache?"),
    ],
)
def test_a_figure_said_back_is_explained_and_changes_nothing(pipeline, language, asked):
    """The answer's figure quoted back: this model's figures worked out, no target added."""
    turns = _talk(pipeline, LLAMA_ASKED[language], asked)
    reply = turns[-1].reply
    assert reply.data["lever"] == "explain"
    kept = turns[-1].chat.last_request
    assert (kept.tokens_per_user_tok_s, kept.ttft_s) == (None, None)
    assert (kept.concurrency, kept.context_tokens) == (10, 131072)


@pytest.mark.parametrize(
    ("language", "asked"),
    [("en", "explain this figure"), ("ru", "объясни эти цифры"), ("ja", "なぜこんなにGPUが必要？")],
)
def test_explain_works_this_models_figures_out(pipeline, language, asked):
    """Weights, KV per token and per context, the room per copy and the copies: this model's."""
    reply = _talk(pipeline, LLAMA_ASKED[language], asked)[-1].reply
    fmt = localizer(language).formatter
    answer = size_deployment(SizingRequest(model_id=LLAMA, context_tokens=131072, concurrency=10))
    assert reply.language == language
    assert reply.data["lever"] == "explain"
    assert "Llama 3.3 70B Instruct" in _first_line(reply)
    assert fmt.size(answer.kv_bytes_per_token) in reply.text
    assert fmt.integer(80) in reply.text  # layers
    assert fmt.gigabytes(answer.weights_bytes) in reply.text


# --- after a model change and after a hand-off ---------------------------------------------------


@pytest.mark.parametrize(
    ("language", "switch", "asked", "months"),
    [
        ("en", "and DeepSeek V3?", "cheaper?", 1),
        ("zh-Hans", "那 DeepSeek V3 呢？", "三个月多少钱？", 3),
        ("de", "und DeepSeek V3?", "und für 6 Monate?", 6),
    ],
)
def test_levers_act_on_the_model_after_a_change(pipeline, language, switch, asked, months):
    """After switching to DeepSeek V3, the lever prices DeepSeek V3's plan, not Llama's."""
    turns = _talk(pipeline, LLAMA_ASKED[language], switch, asked)
    assert turns[1].chat.last_request.model_id == "deepseek-ai/DeepSeek-V3"
    reply = turns[-1].reply
    deepseek = _pick(
        SizingRequest(model_id="deepseek-ai/DeepSeek-V3", context_tokens=131072, concurrency=10)
    )
    assert reply.language == language
    assert _money(language, deepseek.price.monthly_usd * months) in _first_line(reply)


@pytest.mark.parametrize(
    ("language", "switch", "asked"),
    [
        ("en", "and DeepSeek V3?", "explain this figure"),
        ("de", "und DeepSeek V3?", "erklär mir die Zahlen"),
        ("ru", "и DeepSeek V3?", "объясни эти цифры"),
    ],
)
def test_explain_after_a_model_change_explains_the_new_model(pipeline, language, switch, asked):
    """After switching to DeepSeek V3, "explain" works out DeepSeek V3's figures."""
    reply = _talk(pipeline, LLAMA_ASKED[language], switch, asked)[-1].reply
    assert reply.data["lever"] == "explain"
    assert "DeepSeek" in _first_line(reply)
    assert "Llama" not in reply.text


def _sales_pipeline():
    return Pipeline(sales_chat=True, now=lambda: 1_800_000_000.0)


@pytest.mark.parametrize(
    ("language", "handoff", "asked"),
    [
        ("en", "talk to a human", "cheaper?"),
        ("de", "Wie erreiche ich einen Menschen?", "und für 3 Monate?"),
        ("es", "¿Cómo hablo con una persona?", "¿y con MI355X?"),
    ],
)
def test_levers_still_answer_after_a_hand_off_and_reach_the_thread(language, handoff, asked):
    """After a hand-off the lever is answered, and the sales thread sees it with its answer."""
    chat = ChatContext(chat_id=88, sender=Sender(88, "Ana"))
    turns = _talk(_sales_pipeline(), LLAMA_ASKED[language], handoff, asked, chat=chat)
    assert turns[1].handoff is not None
    reply = turns[-1].reply
    assert reply.language == language
    assert reply.kind.value in {"size", "price"}
    assert turns[-1].relay is not None
    assert turns[-1].relay.text.startswith("#customer_88 Ana:")
    assert asked in turns[-1].relay.text


def test_the_summary_carries_the_recommendation_and_the_alternatives_discussed():
    """After cheaper and why-not, the summary names the recommendation, then what was discussed."""
    turns = _talk(
        _sales_pipeline(),
        "Llama 3.3 70B 128K 10 users",
        "why not MI355X?",
        "what about 64K?",
        "talk to a human",
    )
    summary = turns[-1].handoff.text
    recommended = next(line for line in summary.splitlines() if "Our recommendation" in line)
    assert "(FP8, 128K, 10 users)" in recommended
    assert "NVIDIA H200, 5 single-GPU machines: $15,450 a month" in recommended
    discussed = summary.split("Also discussed:", 1)[1]
    assert "another GPU: Llama 3.3 70B Instruct" in discussed
    assert "8× AMD Instinct MI355X" in discussed
    assert "a changed request:" in discussed
    assert "64K" in discussed


# --- training ------------------------------------------------------------------------------------


def test_levers_on_a_training_job_explain_price_a_term_and_compare_a_gpu(pipeline):
    """A LoRA job: explain gives memory per GPU by part; a term its total; MI355X its cost."""
    job = "fine-tune Llama 3.1 8B with LoRA on 100M tokens"
    explained = _talk(pipeline, job, "explain")[-1].reply
    assert explained.data["lever"] == "explain"
    assert "Memory per GPU" in explained.text
    term = _talk(pipeline, job, "for 3 months?")[-1].reply
    assert term.text.startswith("3 months of NVIDIA H200, 1 single-GPU machine: $9,270")
    other = _talk(pipeline, job, "what about MI355X?")[-1].reply
    assert "$16,810 more" in other.text


def test_why_not_the_unpriced_b200_says_it_serves_it_without_a_price():
    """B200 has no listed price: "why not B200?" says it serves it, and asks for a quote."""
    turns = _talk(Pipeline(), "GLM-4.5-Air FP8, 64K, 30 users at once", "why not B200?")
    first = _first_line(turns[-1].reply)
    assert first.startswith("NVIDIA B200 serves it too, but we list no price for it")


@pytest.mark.parametrize(
    ("job", "change", "lang"),
    [
        (
            "Llama 3.1 8B, 10M docs of 2000 tokens, deadline 3 days",
            "and with a deadline of 12 hours?",
            "en",
        ),
        (
            "Llama 3.1 8B: 10 млн документов по 2000 токенов, срок 3 дня",
            "а если дедлайн 12ч?",
            "ru",
        ),
        (
            "Llama 3.1 8B, 10 millones de documentos de 2000 tokens, plazo de 3 días",
            "y si el plazo es de 12 horas?",
            "es",
        ),
    ],
)
def test_a_deadline_changed_resizes_the_job_on_the_table(pipeline, job, change, lang):
    """A new deadline for the job is the same job sized for it, never "what to change?"."""
    first, second = _talk(
        pipeline, job, change, chat=ChatContext(chat_id=5, telegram_language=lang)
    )
    assert first.chat.last_request.deadline_hours == 72
    assert second.reply.kind.value == "size"
    facts = second.chat.last_request
    assert (facts.deadline_hours, facts.batch_tokens) == (12, first.chat.last_request.batch_tokens)


@pytest.mark.parametrize(
    ("first", "change", "lang"),
    [
        ("Llama 3.3 70B, 20 users, 32k", "and with a deadline of 12 hours?", "en"),
        ("Llama 3.3 70B, 20 Nutzer, 32k", "und mit einer Frist von 12 Stunden?", "de"),
        ("Llama 3.3 70B，20 个用户，32k", "如果期限是 12 小时呢？", "zh-Hans"),
    ],
)
def test_a_deadline_for_a_chat_service_asks_for_the_job(pipeline, first, change, lang):
    """A deadline alone sizes nothing: the work it is for is asked, in the customer's language."""
    _, turn = _talk(pipeline, first, change, chat=ChatContext(chat_id=6, telegram_language=lang))
    assert turn.reply.data["code"] == "job_for_deadline"
    assert turn.reply.language == lang


@pytest.mark.parametrize(
    ("why", "lang"),
    [
        ("why not H200 tho? isnt it the safer bet vs mi355x", "en"),
        ("warum nicht H200? ist das nicht sicherer als MI355X?", "de"),
        ("почему не H200? разве это не надёжнее, чем MI355X?", "ru"),
    ],
)
def test_why_not_said_as_a_comparison_is_the_lever(pipeline, why, lang):
    """Why not H200, said against MI355X after a sizing: the plan on H200 and its extra cost."""
    chat = ChatContext(chat_id=8, telegram_language=lang)
    _, turn = _talk(pipeline, "DeepSeek V3 FP8 128K 20 users", why, chat=chat)
    assert turn.reply.kind.value == "size", turn.reply.text
    assert re.search(r"4\W?000", turn.reply.text), turn.reply.text


@pytest.mark.parametrize(
    ("job", "servers", "lang"),
    [
        ("full fine-tune Llama 3.1 8B on 2B tokens, 2 epochs", "two servers?", "en"),
        (
            "想用 LoRA 微调 Qwen2.5-72B-Instruct，数据集 2 亿 token，3 个 epoch，seq len 8k",
            "上两台服务器能快一倍吗",
            "zh-Hans",
        ),
        ("LoRA Qwen2.5 72B, 200 Mio. Tokens, 3 Epochen, seq len 8k", "und mit zwei Servern?", "de"),
    ],
)
def test_servers_counted_for_a_training_job_train_it_on_them(pipeline, job, servers, lang):
    """Two servers asked of a job: the job on two 8-GPU servers, faster, its cost against before."""
    chat = ChatContext(chat_id=9, telegram_language=lang)
    _, second = _talk(pipeline, job, servers, chat=chat)
    facts = second.chat.last_request
    assert facts.trains
    assert facts.gpu_count == 16
    assert second.reply.data.get("lever") == "change"


def test_servers_named_in_a_question_the_page_answers_stay_that_question(pipeline):
    """Asking if two servers are linked by InfiniBand, after a job: the network's answer."""
    _, turn = _talk(
        pipeline,
        "pretrain a 1B model from scratch on 200B tokens on MI355X",
        "if we use two servers, are they linked by InfiniBand?",
    )
    assert turn.reply.kind.value == "knowledge"


@pytest.mark.parametrize(
    ("language", "asked", "lead"),
    [
        (
            "zh-Hans",
            "老板说 HGX 一个月 2 万多美元太贵了，能不能用单卡 H200 凑一下？",
            "本次对话里还没有您的配置测算",
        ),
        (
            "de",
            "Das HGX ist uns zu teuer, geht es auch mit einer einzelnen H200?",
            "In diesem Chat gibt es noch keine Auslegung",
        ),
        (
            "en",
            "the HGX box is too expensive for us, can we do it on the single H200 instead?",
            "There is no sizing of yours in this chat yet",
        ),
    ],
)
def test_a_cheaper_lever_with_nothing_on_the_table_prices_what_it_names(
    pipeline, language, asked, lead
):
    """A first message pulling a lever on plans it names: their prices and the model asked."""
    turns = _talk(pipeline, asked)
    reply = turns[-1].reply
    assert reply.language == language
    assert reply.text.startswith(lead)
    assert _money(language, Decimal(3090)) in reply.text  # the single H200 named, priced
    assert turns[-1].chat.last_request is None  # nothing sized, nothing kept


def test_a_cheaper_lever_with_nothing_on_the_table_and_nothing_named_asks_the_model(pipeline):
    """Read: "cheaper?" alone as a first message: the model asked, no price list."""
    reply = _talk(pipeline, "cheaper?")[-1].reply
    assert "Which model do you want to run?" in reply.text
    assert "$3,090" not in reply.text
