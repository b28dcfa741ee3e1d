"""What the customer wants, in ten languages, and the commands Telegram delivers."""

from __future__ import annotations

import pytest

from bot.request import Intent
from bot.understand import parse_message

INTENTS = [
    # size
    ("en", "Can I run Qwen3 32B on a single H200 in bf16?", Intent.SIZE),
    ("en", "how many gpus do I need?", Intent.SIZE),
    ("en", "we need to host a 70B dense model", Intent.SIZE),
    ("zh-Hans", "deepseek v3 满血版需要几台 8卡H200服务器", Intent.SIZE),
    ("zh-Hant", "我們想跑 Llama 3.1 405B，需要幾台伺服器？", Intent.SIZE),
    ("ru", "хватит ли одной H200 для Qwen3 32B?", Intent.SIZE),
    ("ja", "Llama 3.3 70BをH200で動かしたい", Intent.SIZE),
    ("ko", "gpt-oss-120b 돌리려면 몇 장 필요해요?", Intent.SIZE),
    ("es", "¿Cabe Llama 4 Scout en un servidor H200?", Intent.SIZE),
    ("pt-BR", "Quero rodar o Kimi K2, qual plano?", Intent.SIZE),
    ("de", "Passt GLM-4.5 auf einen MI355X-Server?", Intent.SIZE),
    ("fr", "Est-ce que Mixtral 8x22B tourne sur une H200 ?", Intent.SIZE),
    # price
    ("en", "how much is the h200 server per month?", Intent.PRICE),
    ("en", "/price", Intent.PRICE),
    ("zh-Hans", "MI355X 一个月多少钱", Intent.PRICE),
    ("zh-Hant", "H200 一個月租金多少？", Intent.PRICE),
    ("ru", "Сколько стоит аренда MI355X?", Intent.PRICE),
    ("ja", "H200サーバーの月額はいくらですか", Intent.PRICE),
    ("ko", "MI355X 한 달 가격은?", Intent.PRICE),
    ("es", "¿Cuánto cuesta el servidor H200 al mes?", Intent.PRICE),
    ("pt-BR", "Quanto custa o servidor MI355X por mês?", Intent.PRICE),
    ("de", "Was kostet der MI355X-Server?", Intent.PRICE),
    ("fr", "Combien coûte le serveur H200 ?", Intent.PRICE),
    # compare
    ("en", "h200 vs mi355x", Intent.COMPARE),
    ("en", "which is better for inference, b200 or h200?", Intent.COMPARE),
    ("zh-Hans", "H200 和 MI355X 哪个好", Intent.COMPARE),
    ("zh-Hant", "B200 跟 H200 差在哪", Intent.COMPARE),
    ("ru", "MI355X или H200 — что выбрать?", Intent.COMPARE),
    ("ja", "H200とMI355Xの違いは？", Intent.COMPARE),
    ("ko", "B200와 H200 비교해 주세요", Intent.COMPARE),
    ("es", "¿H200 o MI355X?", Intent.COMPARE),
    ("pt-BR", "qual é melhor, b200 ou h200?", Intent.COMPARE),
    ("de", "MI355X oder B200 – was ist besser?", Intent.COMPARE),
    ("fr", "H200 ou B200, lequel est mieux ?", Intent.COMPARE),
    # help
    ("en", "hello!", Intent.HELP),
    ("en", "what can you do?", Intent.HELP),
    ("zh-Hans", "你好", Intent.HELP),
    ("zh-Hant", "你好，這個機器人能幹嘛", Intent.HELP),
    ("ru", "Здравствуйте", Intent.HELP),
    ("ja", "こんにちは、何ができますか", Intent.HELP),
    ("ko", "안녕하세요", Intent.HELP),
    ("es", "hola, ¿qué puedes hacer?", Intent.HELP),
    ("pt-BR", "oi, o que você faz?", Intent.HELP),
    ("de", "Hallo, was kannst du?", Intent.HELP),
    ("fr", "Bonjour, que peux-tu faire ?", Intent.HELP),
    # followup
    ("en", "and with fp8?", Intent.FOLLOWUP),
    ("en", "what about 32k context", Intent.FOLLOWUP),
    ("en", "what about qwen3 235b instead, same settings", Intent.FOLLOWUP),
    ("zh-Hans", "那如果用 MI355X 呢", Intent.FOLLOWUP),
    ("zh-Hant", "那如果並發 50 呢", Intent.FOLLOWUP),
    ("ru", "а если fp8?", Intent.FOLLOWUP),
    ("ja", "FP8だったら？", Intent.FOLLOWUP),
    ("ko", "그럼 FP8이면요?", Intent.FOLLOWUP),
    ("es", "¿Y con 64k de contexto?", Intent.FOLLOWUP),
    ("pt-BR", "e com fp8?", Intent.FOLLOWUP),
    ("de", "Und mit 100 gleichzeitigen Nutzern?", Intent.FOLLOWUP),
    ("fr", "Et en FP8 ?", Intent.FOLLOWUP),
    # unknown
    ("en", "can you write me a poem about cats", Intent.UNKNOWN),
    ("en", "'; DROP TABLE users; --", Intent.UNKNOWN),
    ("zh-Hans", "今天天气怎么样", Intent.UNKNOWN),
    ("ru", "какая сегодня погода?", Intent.UNKNOWN),
    ("es", "¿me recomiendas una pizzería en Madrid?", Intent.UNKNOWN),
    ("en", "🙂🙂🙂", Intent.UNKNOWN),
    ("en", "???", Intent.UNKNOWN),
]


@pytest.mark.parametrize(("language", "text", "intent"), INTENTS)
def test_intent_in_every_language(language, text, intent):
    """Each intent is recognised in each language, and the answer language follows the text."""
    parsed = parse_message(text, telegram_language=language)
    assert parsed.intent is intent
    assert parsed.language == language


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("how much would that cost on h200?", Intent.FOLLOWUP),
        ("was kostet das auf H200?", Intent.FOLLOWUP),
        ("那用 H200 要多少钱？", Intent.FOLLOWUP),
        ("¿y cuánto costaría eso en H200?", Intent.FOLLOWUP),
        ("how much is the h200?", Intent.PRICE),
        ("quanto custa o H200?", Intent.PRICE),
        ("H200 多少钱", Intent.PRICE),
        ("wie viel kostet die H200?", Intent.PRICE),
        ("¿cuánto costaría la H200?", Intent.PRICE),
        ("quanto custaria o H200?", Intent.PRICE),
    ],
)
def test_the_price_of_that_on_a_gpu_is_a_followup(text, intent):
    """'How much would that cost on H200?' re-prices the previous request; 'the H200' is a price."""
    assert parse_message(text).intent is intent


def test_price_question_naming_a_model_is_a_sizing_question():
    """'How much for llama 70b' is answered by sizing, which carries the monthly price."""
    assert parse_message("how much to run llama 70b?").intent is Intent.SIZE


def test_a_model_with_instead_is_a_followup_carrying_the_model():
    """The new model replaces the old one; the other settings come from the chat."""
    parsed = parse_message("hmm what about deepseek r1 instead")
    assert (parsed.intent, parsed.facts.model_id) == (Intent.FOLLOWUP, "deepseek-ai/DeepSeek-R1")


COMMANDS = [
    ("/start", Intent.HELP, "start", ()),
    ("/help", Intent.HELP, "help", ()),
    ("/size llama 70b fp8", Intent.SIZE, "size", ()),
    ("/size", Intent.SIZE, "size", ()),
    ("/price", Intent.PRICE, "price", ()),
    ("/price mi355x", Intent.PRICE, "price", ("mi355x",)),
    ("/compare", Intent.COMPARE, "compare", ()),
    ("/compare h200 mi355x", Intent.COMPARE, "compare", ("h200", "mi355x")),
    ("/COMPARE B200 H200", Intent.COMPARE, "compare", ("b200", "h200")),
    ("/frobnicate", Intent.UNKNOWN, "frobnicate", ()),
]


@pytest.mark.parametrize(("text", "intent", "command", "gpus"), COMMANDS)
def test_commands(text, intent, command, gpus):
    """Commands set the intent directly; their arguments are read like any text."""
    parsed = parse_message(text)
    assert (parsed.intent, parsed.command, parsed.facts.gpus) == (intent, command, gpus)


def test_size_command_reads_its_text():
    """/size TEXT carries the model and settings of TEXT."""
    parsed = parse_message("/size llama 70b fp8 32k")
    assert (parsed.facts.model_id, parsed.facts.precision, parsed.facts.context_tokens) == (
        "meta-llama/Llama-3.1-70B-Instruct",
        "fp8",
        32768,
    )


@pytest.mark.parametrize(
    ("argument", "choice"),
    [
        ("zh", "zh-Hans"),
        ("zh-cn", "zh-Hans"),
        ("zh-Hans", "zh-Hans"),
        ("zh-tw", "zh-Hant"),
        ("zh-hk", "zh-Hant"),
        ("zh-hant", "zh-Hant"),
        ("pt", "pt-BR"),
        ("pt-br", "pt-BR"),
        ("EN", "en"),
        ("ru", "ru"),
        ("ja", "ja"),
        ("ko", "ko"),
        ("es", "es"),
        ("de", "de"),
        ("fr", "fr"),
        ("de_DE", "de"),
        ("fr-CA", "fr"),
    ],
)
def test_lang_command_normalises_its_code(argument, choice):
    """/lang accepts the usual spellings of our ten codes."""
    parsed = parse_message(f"/lang {argument}")
    assert (parsed.command, parsed.lang_choice) == ("lang", choice)


def test_lang_command_with_an_unknown_code_says_so():
    """/lang xx chooses nothing and reports the argument as not understood."""
    parsed = parse_message("/lang xx")
    assert (parsed.lang_choice, parsed.not_understood) == (None, ("lang",))


def test_lang_command_without_argument_asks_for_the_menu():
    """/lang alone is a request for the language menu: no choice, no error."""
    parsed = parse_message("/lang")
    assert (parsed.command, parsed.lang_choice, parsed.not_understood) == ("lang", None, ())


def test_command_addressed_to_us_in_a_group():
    """/price@our_bot is ours when our username is known."""
    parsed = parse_message("/price@FullGPU_bot h200", bot_username="fullgpu_bot")
    assert (parsed.intent, parsed.facts.gpus) == (Intent.PRICE, ("h200",))


def test_command_addressed_to_another_bot_is_not_ours():
    """/price@other_bot is someone else's command: unknown, nothing read."""
    parsed = parse_message("/price@other_bot h200", bot_username="fullgpu_bot")
    assert (parsed.intent, parsed.facts.gpus) == (Intent.UNKNOWN, ())


def test_command_suffix_is_accepted_when_our_username_is_unknown():
    """Without our username every /cmd@name is taken as ours."""
    assert parse_message("/help@anything").intent is Intent.HELP


@pytest.mark.parametrize(
    "text",
    [
        "hello there, what can u do?",
        "what's this bot",
        "Bonjour, tu sers à quoi ?",
        "hola, ¿para qué sirves?",
        "oi, pra que serve?",
        "Hallo, was machst du?",
        "что ты можешь?",
    ],
)
def test_what_can_you_do_in_chat_spellings_is_help(text):
    """Asking what the bot is for, with chat spellings ("u"), is a help request."""
    assert parse_message(text).intent is Intent.HELP


def test_follow_up_particles_count_only_as_whole_words():
    """Particle "e se" opens a follow-up ("e se for na MI355X?"), not inside "que serve"."""
    assert parse_message("e se for na MI355X?").intent is Intent.FOLLOWUP
    assert parse_message("ok, pra que serve isso?").intent is not Intent.FOLLOWUP


@pytest.mark.parametrize(
    "text",
    [
        "thanks!",
        "thank you very much",
        "谢谢",
        "謝謝",
        "спасибо!",
        "감사합니다",
        "gracias",
        "valeu",
        "danke schön",
        "merci",
        "ok",
    ],
)
def test_a_message_that_only_thanks_is_a_courtesy(text):
    """A thank-you alone carries no question: courtesy, intent unknown, nothing else read."""
    parsed = parse_message(text)
    assert parsed.courtesy is True
    assert parsed.intent is Intent.UNKNOWN


def test_thanks_with_a_question_is_the_question():
    """A thank-you followed by a change ("thanks, and with fp8?") is a follow-up."""
    parsed = parse_message("thanks, and with fp8?")
    assert parsed.courtesy is None
    assert parsed.intent is Intent.FOLLOWUP


@pytest.mark.parametrize(
    "text",
    [
        "what GPUs do you have?",
        "which servers do you offer",
        "你们有什么显卡",
        "какие у вас есть видеокарты?",
        "qué GPUs tienen?",
        "quels serveurs avez-vous ?",
    ],
)
def test_asking_what_we_rent_is_a_price_question(text):
    """Questions about what we rent get the price list."""
    assert parse_message(text).intent is Intent.PRICE


@pytest.mark.parametrize(
    ("text", "gpu"),
    [
        ("do you have H100?", "h100"),
        ("can I rent an A100 from you?", "a100"),
        ("Gibt es bei euch L40S?", "l40s"),
        ("有没有 H800 可以租？", "h800"),
        ("MI300X は扱っていますか？", "mi300x"),
        ("RTX 4090 대여 가능한가요?", "rtx4090"),
    ],
)
def test_asking_whether_we_rent_other_hardware_is_a_question_about_the_portfolio(text, gpu):
    """Asking whether we have an H100 is about what we rent (knowledge), not its price."""
    parsed = parse_message(text)
    assert parsed.intent is Intent.KNOWLEDGE
    assert parsed.cues.unrented_gpu == gpu


@pytest.mark.parametrize(
    "text",
    [
        "how much is an H100 per month?",
        "Есть ли у вас в аренде A100 и почём?",
        "H100 있나요? 한 달 얼마예요?",
    ],
)
def test_the_price_of_other_hardware_asked_stays_a_price_question(text):
    """Asked what it costs, hardware we do not rent is a price question, as before."""
    assert parse_message(text).intent is Intent.PRICE
