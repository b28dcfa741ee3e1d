"""The conversation pipeline: language choice, follow-ups, buttons, inline mode, failures."""

import json
import re
from dataclasses import replace

import pytest

from bot.answers.buttons import Action, Callback, encode, request_state
from bot.answers.i18n import localizer
from bot.conversation.clarify import RATE_NOTE, ask_what_to_change
from bot.conversation.pipeline import Pipeline, command_menu
from bot.languages import LANGUAGES
from bot.reply import ChatContext
from bot.request import Intent, ParsedRequest, RequestFacts, facts_from_json, facts_to_json
from bot.understand import parse_message
from sizing.errors import InvalidRequestError, SizingError
from sizing.request import Precision
from tests.fakes.telegram_html import check_telegram_html

DEEPSEEK = "DeepSeek V3 BF16, 128K context"


def _press(turn, action, argument=None):
    state = request_state(turn.chat)
    return encode(Callback(state, action, argument))


def test_size_question_answers_and_remembers_the_request(pipeline):
    """A sizing question gets a size answer and the chat keeps the request for follow-ups."""
    turn = pipeline.respond(DEEPSEEK, ChatContext(chat_id=1))
    assert turn.reply.kind == "size"
    assert turn.reply.language == "en"
    assert turn.chat.last_request is not None
    assert turn.chat.last_request.model_id == "deepseek-ai/DeepSeek-V3"
    assert turn.chat.last_request.context_tokens == 131072
    assert turn.chat.chat_id == 1
    check_telegram_html(turn.reply.html)


def test_language_is_detected_from_the_text(pipeline):
    """A question in Russian is answered in Russian even from an English client."""
    chat = ChatContext(telegram_language="en")
    turn = pipeline.respond("Сколько GPU нужно для DeepSeek V3 в BF16 с контекстом 128K?", chat)
    assert turn.reply.language == "ru"


def test_a_lang_choice_wins_over_detection(pipeline):
    """After /lang de, even an English question is answered in German."""
    turn = pipeline.respond("/lang de", ChatContext())
    assert turn.chat.language == "de"
    assert turn.reply.language == "de"
    assert turn.reply.kind == "help"
    assert pipeline.respond(DEEPSEEK, turn.chat).reply.language == "de"


def test_lang_without_a_known_language_asks_which(pipeline):
    """/lang with nothing we know offers one button per language, each naming itself."""
    reply = pipeline.respond("/lang", ChatContext()).reply
    assert reply.kind == "clarify"
    buttons = {b.text: b.callback_data for row in reply.buttons for b in row}
    assert buttons["繁體中文"] == "go:lang-zh-Hant"
    assert len(buttons) == 10


def test_telegram_language_is_the_fallback(pipeline):
    """A message with no language evidence is answered in the client's language."""
    reply = pipeline.respond("/price", ChatContext(telegram_language="ja")).reply
    assert reply.language == "ja"


def test_a_message_without_language_evidence_keeps_the_conversations_language(pipeline):
    """After a German question, '/price h200' (no words to tell) is answered in German."""
    chat = ChatContext(telegram_language="en")
    turn = pipeline.respond("Mixtral 8x22B mit 32k Kontext für 40 Nutzer", chat)
    assert turn.reply.language == "de"
    assert pipeline.respond("/price h200", turn.chat).reply.language == "de"
    assert pipeline.respond("/price h200", chat).reply.language == "en"


def test_follow_up_changes_one_field_of_the_last_request(pipeline):
    """A follow-up ("what if ctx is only 32k") re-sizes the previous model at 32K."""
    first = pipeline.respond(DEEPSEEK, ChatContext())
    second = pipeline.respond("what if ctx is only 32k tho", first.chat)
    assert second.reply.kind == "size"
    assert second.chat.last_request.context_tokens == 32768
    assert second.chat.last_request.model_id == "deepseek-ai/DeepSeek-V3"
    assert second.chat.last_request.precision == "bf16"


def test_follow_up_without_a_previous_request_asks_which_model(pipeline):
    """A follow-up with nothing to follow is answered with one question: which model."""
    turn = pipeline.respond("what if ctx is only 32k tho", ChatContext())
    assert turn.reply.kind == "clarify"
    assert turn.reply.data["code"] == "which_model"
    assert turn.chat.last_request is None


def test_a_follow_up_naming_nothing_to_change_asks_what_to_change(pipeline):
    """After a question, "what about 2?" gets examples of what can change; it stays."""
    first = pipeline.respond(DEEPSEEK, ChatContext())
    unclear = pipeline.respond("what about 2?", first.chat)
    assert unclear.reply.kind == "clarify"
    assert unclear.reply.data["code"] == "what_to_change"
    assert unclear.chat.last_request == first.chat.last_request
    again = pipeline.respond("and with 64 users?", unclear.chat)
    assert again.reply.kind == "size"
    assert again.chat.last_request.model_id == "deepseek-ai/DeepSeek-V3"
    assert again.chat.last_request.concurrency == 64


@pytest.mark.parametrize(
    ("follow_up", "language"),
    [("ok and on two?", "en"), ("じゃあ2枚なら？", "ja"), ("그럼 2장이면요?", "ko")],
)
def test_a_follow_up_counting_cards_without_a_gpu_word_resizes_on_that_many(
    pipeline, follow_up, language
):
    """After a question, "and on two?" asks the same on two GPUs of the kind answered."""
    first = pipeline.respond("llama 3.3 70b fp8, 40 users, 32k", ChatContext())
    second = pipeline.respond(follow_up, replace(first.chat, telegram_language=language))
    assert second.reply.kind == "size"
    assert second.chat.last_request.gpu_count == 2
    assert second.chat.last_request.concurrency == 40
    assert second.reply.data["verdict"]["gpu_count"] == 2


def test_a_rate_is_sized_by_littles_law_and_a_count_follows(pipeline):
    """A rate ("1000 requests per hour") is sized by Little's law and said; users follow."""
    first = pipeline.respond("llama 3.3 70b fp8 for 1000 requests per hour", ChatContext())
    assert first.reply.kind == "size"
    service = first.reply.data["service"]
    assert service["level"]["requests_per_minute"] == pytest.approx(1000 / 60)
    pick = first.reply.data["options"][first.reply.data["recommended_index"]]
    assert pick["meets_targets"] is True
    assert first.reply.data["request"]["concurrency"] == pick["sequences_in_flight"]
    assert "requests a minute" in first.reply.text
    assert "You gave a rate" not in first.reply.text
    second = pipeline.respond("and with 20 users?", first.chat)
    assert second.reply.data["request"]["concurrency"] == 20


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_example_of_the_rate_note_is_understood_in_its_language(language):
    """The note's example, sent as it stands, gives the users at once."""
    note = localizer(language).gettext(RATE_NOTE)
    examples = _QUOTED.findall(note)
    assert len(examples) == 1, note
    parsed = parse_message(examples[0], telegram_language=language)
    assert parsed.facts.concurrency == 20, examples


# Quoted examples in the ten languages' quotation marks.
_QUOTED = re.compile(r"[“«「„‘]\s?([^”»」“’]+?)\s?[”»」“’]")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_examples_of_what_to_change_are_understood_in_their_language(language):
    """Each example the reply suggests, sent as it stands, changes one fact of the question."""
    hint = ask_what_to_change(localizer(language)).text
    examples = _QUOTED.findall(hint)
    assert len(examples) == 3, hint
    facts = set()
    for example in examples:
        parsed = parse_message(example, telegram_language=language)
        assert parsed.intent is Intent.FOLLOWUP, example
        read = {
            name
            for name in ("concurrency", "context_tokens", "gpu_count")
            if getattr(parsed.facts, name) is not None
        }
        assert len(read) == 1, (example, read)
        facts |= read
    assert facts == {"concurrency", "context_tokens", "gpu_count"}


def _parsed(facts=None, **fields):
    def parse(text, *, telegram_language=None, bot_username=None):
        said = facts or RequestFacts()
        return ParsedRequest(intent=Intent.SIZE, language="en", facts=said, **fields)

    return parse


def test_unknown_model_gets_the_closest_names():
    """An unknown model is never guessed: the answer lists the closest catalog names."""
    parse = _parsed(unknown_model="Llama 9", suggestions=("a/one", "b/two", "c/three", "d/four"))
    reply = Pipeline(parse=parse).respond("Llama 9", ChatContext()).reply
    assert reply.kind == "clarify"
    assert reply.data["code"] == "unknown_model"
    assert reply.data["choices"] == ["a/one", "b/two", "c/three"]
    assert "Llama 9" in reply.text


def test_unknown_model_without_suggestions_asks_for_its_size():
    """With nothing close, the answer asks how many parameters the model has."""
    reply = Pipeline(parse=_parsed(unknown_model="Zeta")).respond("Zeta", ChatContext()).reply
    assert reply.kind == "clarify"
    assert "How many parameters" in reply.text


def test_ambiguous_model_asks_which_one():
    """Two equally likely catalog models: the answer asks which one."""
    choices = ("meta-llama/Llama-3.1-70B-Instruct", "meta-llama/Llama-3.3-70B-Instruct")
    parse = _parsed(ambiguous=choices)
    reply = Pipeline(parse=parse).respond("llama 70b", ChatContext()).reply
    assert reply.data["code"] == "ambiguous"
    assert len(reply.data["choices"]) == 2


def test_generic_size_is_sized_without_a_catalog_model():
    """'a 70B dense model' is sized from its parameter count."""
    parse = _parsed(RequestFacts(params_b=70.0, moe=False, precision=Precision.FP8))
    turn = Pipeline(parse=parse).respond("70b dense fp8", ChatContext())
    assert turn.reply.kind == "size"
    assert turn.chat.last_request.params_b == 70.0


@pytest.mark.parametrize("text", ["/help", "/start", "hi"])
def test_help_and_greetings_get_help(pipeline, text):
    """/help, /start and a greeting get the help answer."""
    assert pipeline.respond(text, ChatContext()).reply.kind == "help"


def test_price_and_compare_commands(pipeline):
    """/price and /compare get their answers; /compare defaults to MI355X vs H200."""
    assert pipeline.respond("/price h200", ChatContext()).reply.kind == "price"
    reply = pipeline.respond("/compare", ChatContext()).reply
    assert reply.kind == "compare"
    assert "MI355X" in reply.text
    assert "H200" in reply.text


@pytest.mark.parametrize(
    "text",
    [
        "H200 or MI355X for Qwen3 235B, which gives more for the money?",
        "Qwen3 235B 用 H200 还是 MI355X 更划算？",
    ],
)
def test_a_comparison_naming_a_model_sizes_it_on_the_gpus_named(pipeline, text):
    """A GPU comparison with a model is that model sized on both, the better buy said first."""
    reply = pipeline.respond(text, ChatContext()).reply
    assert reply.kind == "size"
    data = json.loads(json.dumps(reply.data))
    assert data["model"]["id"] == "Qwen/Qwen3-235B-A22B"
    assert data["verdict"]["code"] == "better"
    assert {
        data["options"][data["verdict"]["other_index"]]["gpu"],
        data["options"][data["recommended_index"]]["gpu"],
    } == {"h200", "mi355x"}


def test_price_b200_explains_no_price(pipeline):
    """/price b200 says B200 is not priced here."""
    reply = pipeline.respond("/price b200", ChatContext()).reply
    assert "don't list a B200 price" in reply.text


def test_precision_button_resizes_the_last_request(pipeline):
    """Pressing 'Try FP8' sizes the same model at FP8 and updates the stored request."""
    first = pipeline.respond(DEEPSEEK, ChatContext())
    turn = pipeline.respond_to_callback(_press(first, Action.PRECISION, "fp8"), first.chat)
    assert turn.reply.kind == "size"
    assert turn.chat.last_request.precision == "fp8"
    assert "FP8" in turn.reply.text


def test_gpu_and_context_buttons(pipeline):
    """GPU and context buttons change only their field."""
    first = pipeline.respond(DEEPSEEK, ChatContext())
    gpu = pipeline.respond_to_callback(_press(first, Action.GPU, "h200"), first.chat)
    assert gpu.chat.last_request.gpus == ("h200",)
    ctx = pipeline.respond_to_callback(_press(gpu, Action.CONTEXT, "32k"), gpu.chat)
    assert ctx.chat.last_request.context_tokens == 32768
    assert ctx.chat.last_request.gpus == ("h200",)


def test_details_and_ticket_buttons_keep_the_request(pipeline):
    """Details shows the long answer; the ticket button shows plain text in <pre>."""
    first = pipeline.respond(DEEPSEEK, ChatContext())
    details = pipeline.respond_to_callback(_press(first, Action.DETAILS), first.chat)
    assert details.reply.html == first.reply.detail_html
    assert details.chat == first.chat
    ticket = pipeline.respond_to_callback(_press(first, Action.TICKET), first.chat)
    assert ticket.reply.html.startswith("<pre>")
    check_telegram_html(ticket.reply.html)


@pytest.mark.parametrize("data", ["", "junk", "1:000000:d", "9:abcdef:p:fp8"])
def test_stale_or_foreign_buttons_get_a_polite_answer(pipeline, data):
    """Buttons of older answers or data we did not write never raise; they explain."""
    first = pipeline.respond(DEEPSEEK, ChatContext())
    turn = pipeline.respond_to_callback(data, first.chat)
    assert turn.reply.kind == "clarify"
    assert turn.reply.data["code"] == "stale_button"
    assert turn.chat == first.chat


def test_button_with_no_stored_request_is_stale(pipeline):
    """A button pressed in a chat with no stored request is answered politely."""
    assert pipeline.respond_to_callback("1:abcdef:d", ChatContext()).reply.kind == "clarify"


def test_button_answers_in_the_language_of_the_answer(pipeline):
    """A button under a Chinese answer answers in Chinese even without /lang."""
    first = pipeline.respond("DeepSeek V3 用 BF16，128K 上下文需要几张卡？", ChatContext())
    assert first.reply.language == "zh-Hans"
    turn = pipeline.respond_to_callback(_press(first, Action.PRECISION, "fp8"), first.chat)
    assert turn.reply.language == "zh-Hans"


class _FailingEngine:
    def __init__(self, error):
        self.error = error

    def __call__(self, _request):
        raise self.error


@pytest.mark.parametrize(
    ("error", "code"),
    [
        (InvalidRequestError("context_tokens", -1), "invalid_request"),
        (SizingError("boom"), "error"),
        (RuntimeError("internal detail xyz"), "error"),
    ],
)
def test_engine_failures_become_polite_answers_in_the_users_language(error, code):
    """Engine errors never escape; the answer is polite, in the user's language, no internals."""
    pipeline = Pipeline(size=_FailingEngine(error))
    turn = pipeline.respond(DEEPSEEK, ChatContext(language="fr"))
    assert turn.reply.kind == "error"
    assert turn.reply.language == "fr"
    assert turn.reply.data["code"] == code
    assert "xyz" not in turn.reply.text
    assert "boom" not in turn.reply.text
    assert turn.chat.last_request is None


def test_parser_failure_becomes_a_polite_answer():
    """Even the understanding step failing yields an answer, never an exception."""

    def broken_parse(*args, **kwargs):
        raise ValueError("parser bug")

    turn = Pipeline(parse=broken_parse).respond("x", ChatContext(telegram_language="es"))
    assert turn.reply.kind == "error"
    assert turn.reply.language == "es"


def test_inline_answers_are_ready_replies_without_callbacks(pipeline):
    """Inline mode gets the answer with link buttons only; an empty query gets help and prices."""
    replies = pipeline.inline_answers(DEEPSEEK, "en")
    assert replies[0].kind == "size"
    assert all(b.url for row in replies[0].buttons for b in row)
    empty = pipeline.inline_answers("", "ko")
    assert [r.kind for r in empty] == ["help", "price"]
    assert all(r.language == "ko" for r in empty)


@pytest.mark.parametrize("language", LANGUAGES)
def test_command_menu_for_every_language(language):
    """The command menu has the seven commands in every language (/train among them)."""
    assert len(command_menu(language)) == 7


ODD_INPUTS = ["", "   ", "\x00", "/compare h100 a100", "/price tpu", "9" * 5000]


@pytest.mark.parametrize("text", ODD_INPUTS)
def test_odd_input_never_raises(pipeline, text):
    """Empty, binary-ish, unknown-GPU and huge messages all get an answer."""
    turn = pipeline.respond(text, ChatContext())
    assert turn.reply.kind in {"help", "clarify", "error", "price", "compare", "size"}
    check_telegram_html(turn.reply.html)


def test_stored_request_round_trips_through_json(pipeline):
    """The stored request is plain JSON data (the store serialises it)."""
    first = pipeline.respond(DEEPSEEK, ChatContext())
    stored = facts_from_json(json.loads(json.dumps(facts_to_json(first.chat.last_request))))
    chat = replace(first.chat, last_request=stored)
    again = pipeline.respond_to_callback(_press(first, Action.DETAILS), chat)
    assert again.reply.kind == "size"


def test_a_follow_up_naming_a_model_is_sized_even_with_nothing_before(pipeline):
    """A follow-up naming a model in a fresh chat is sized, not met with "which model?"."""
    reply = pipeline.respond("what about Kimi K2 in fp8?", ChatContext(chat_id=7)).reply
    assert reply.kind == "size"
    assert "Kimi K2" in reply.text


def test_a_follow_up_without_a_model_and_nothing_before_asks_which_model(pipeline):
    """A follow-up without a model in a fresh chat has nothing to change: ask which model."""
    reply = pipeline.respond("and with fp8?", ChatContext(chat_id=8)).reply
    assert reply.kind == "clarify"


def test_a_budget_in_another_currency_is_converted_at_a_dated_rate(pipeline):
    """A budget in euros is applied in dollars at the rate kept as data, said with its date."""
    reply = pipeline.respond("llama 3.1 70b fp8, budget 15.000 € per month", ChatContext()).reply
    assert reply.kind == "size"
    first = reply.text.splitlines()[0]
    assert "15,000 EUR" in first
    assert "ECB reference rate of Sep 30, 2026" in first
    assert reply.data["request"]["budget_usd_month"] == "17033.00"


def test_a_budget_in_a_currency_without_a_rate_is_named_not_applied(pipeline):
    """A budget in roubles (no ECB rate) is not applied as dollars, and the answer says so."""
    reply = pipeline.respond("llama 3.1 70b fp8, бюджет 500 000 рублей", ChatContext()).reply
    assert reply.kind == "size"
    assert "RUB" in reply.text.splitlines()[0]
    assert reply.data["request"]["budget_usd_month"] is None


def test_a_dollar_budget_gets_no_currency_note(pipeline):
    """A budget in dollars is applied and brings no note about currencies."""
    reply = pipeline.respond("llama 3.1 70b fp8, budget $15k per month", ChatContext()).reply
    assert "in US dollars" not in reply.text
    assert reply.data["request"]["budget_usd_month"] == "15000.00"


@pytest.mark.parametrize(
    "text", ["thanks!", "谢谢", "спасибо", "merci beaucoup", "ありがとうございます"]
)
def test_a_thank_you_gets_a_short_courtesy_not_a_question(pipeline, text):
    """A thank-you is answered briefly, not with "Which model do you want to run?"."""
    reply = pipeline.respond(text, ChatContext()).reply
    assert reply.data["code"] == "courtesy"
    assert len(reply.text.splitlines()) == 1  # one short sentence, no hint block


@pytest.mark.parametrize("text", ["write me a poem about cats", "???", "'; DROP TABLE users; --"])
def test_off_topic_says_what_the_assistant_does(pipeline, text):
    """Off-topic or empty messages get what we help with and how to ask, not a bare question."""
    reply = pipeline.respond(text, ChatContext()).reply
    assert reply.data["code"] == "off_topic"
    assert "GPU servers" in reply.text


def test_an_unknown_model_alone_is_still_asked_about(pipeline):
    """A name the catalog does not know gets the unknown-model question, not the off-topic one."""
    reply = pipeline.respond("falcon 180b", ChatContext()).reply
    assert reply.data.get("code") != "off_topic"


@pytest.mark.parametrize(
    "text",
    ["what GPUs do you have?", "你们有什么显卡", "welche GPUs habt ihr?"],
)
def test_asking_what_we_rent_gets_the_price_list(pipeline, text):
    """Asking which GPUs we have is answered with the plans we rent."""
    assert pipeline.respond(text, ChatContext()).reply.kind == "price"


def test_asking_for_a_gpu_we_do_not_rent_says_so(pipeline):
    """A GPU we do not rent is answered with "we don't rent" and the nearest plan we do."""
    reply = pipeline.respond("do you have H100?", ChatContext()).reply
    assert reply.kind == "offer"
    assert reply.text.startswith("We don't rent the NVIDIA H100")


def test_one_gpu_asked_is_kept_and_said_until_another_gpu_is_named(pipeline):
    """The count asked ("on one H200") is kept by a follow-up, dropped for another GPU."""
    first = pipeline.respond("Llama 3.3 70B FP8 on one H200, 16 users, 32K", ChatContext())
    assert first.reply.kind == "size"
    assert first.chat.last_request.gpu_count == 1
    assert first.reply.text.splitlines()[0].startswith("With an FP8 KV cache, 1× NVIDIA H200")
    assert "holds 10 of your 16 users at 32K" in first.reply.text
    check_telegram_html(first.reply.html)
    fewer = pipeline.respond("and with 8 users?", first.chat)
    assert fewer.chat.last_request.gpu_count == 1
    assert fewer.reply.text.startswith("NVIDIA H200 serves it")  # no yes/no was asked
    other = pipeline.respond("what about MI355X?", first.chat)
    assert other.chat.last_request.gpu_count is None
    assert other.chat.last_request.gpus == ("mi355x",)
    pressed = pipeline.respond_to_callback(_press(first, Action.GPU, "mi355x"), first.chat)
    assert pressed.chat.last_request.gpu_count is None


def test_a_16_bit_model_too_big_for_the_one_gpu_asked_gets_the_fp8_machine(pipeline):
    """The product page's question in BF16: no on one H200, the server, and FP8 on one."""
    reply = pipeline.respond("can Llama 3.3 70B in BF16 run on one H200?", ChatContext()).reply
    lines = reply.text.splitlines()
    assert lines[0].startswith("Not on 1× NVIDIA H200")
    assert "8× NVIDIA HGX H200" in lines[0]
    assert "$23,900" in lines[0]
    assert lines[1].startswith("With FP8 weights, 1× NVIDIA H200 holds it")
    assert "$3,090" in lines[1]


@pytest.mark.parametrize("text", ["8x H200?", "一卡"])
def test_a_gpu_count_alone_is_no_sizing_request(pipeline, text):
    """A count with no model: the GPU's card, or the usual answer to an unrelated message."""
    turn = pipeline.respond(text, ChatContext())
    assert turn.reply.kind != "size"
    assert turn.chat.last_request is None
    assert turn.reply.data.get("code") != "which_model"


def test_each_message_is_parsed_once_when_queries_run_ahead_of_answers():
    """Each answer takes its own message's parse, made once, however far queries run ahead.

    Under load the answer thread takes several messages' Hub queries before the first answer.
    """
    calls: list[str] = []

    def counting_parse(text, **options):
        calls.append(text)
        return parse_message(text, **options)

    pipeline = Pipeline(parse=counting_parse, recent_parses=0)  # no parses of recent texts
    texts = [
        "Llama 3.1 70B FP8 32K 8 users",
        "DeepSeek V3 FP8 128K 20 users",
        "Qwen2.5 72B BF16 32K",
    ]
    for number, text in enumerate(texts):
        pipeline.hub_queries(text, ChatContext(chat_id=number))
    models = [
        pipeline.respond(text, ChatContext(chat_id=number)).chat.last_request.model_id
        for number, text in enumerate(texts)
    ]
    assert sorted(calls) == sorted(texts)
    assert models == [
        "meta-llama/Llama-3.1-70B-Instruct",
        "deepseek-ai/DeepSeek-V3",
        "Qwen/Qwen2.5-72B-Instruct",
    ]
    # Taken once: the same text asked again is parsed again (the catalog may have been reloaded).
    pipeline.respond(texts[0], ChatContext(chat_id=9))
    assert calls.count(texts[0]) == 2
    # The same text from three chats at once: one parse, taken by each of the three answers.
    calls.clear()
    for number in range(3):
        pipeline.hub_queries("/start", ChatContext(chat_id=20 + number))
    kinds = [pipeline.respond("/start", ChatContext(chat_id=20 + n)).reply.kind for n in range(3)]
    assert calls == ["/start"]
    assert len(set(kinds)) == 1
    pipeline.respond("/start", ChatContext(chat_id=30))
    assert calls == ["/start", "/start"]
