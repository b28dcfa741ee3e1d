"""The sales engineer's answers, asked as customers ask them, in the language they ask in."""

from urllib.parse import parse_qs, urlsplit

import pytest

from bot.answers.buttons import decode
from bot.conversation.pipeline import PARSE_FAILED
from bot.reply import ChatContext
from bot.request import Intent, ParsedRequest
from tests.fakes.telegram_html import check_telegram_html


def _ask(pipeline, text, language=None):
    return pipeline.respond(text, ChatContext(language=language))


def _order(reply):
    """Read the plan, quantity and language of the answer's checkout button."""
    url = next(b.url for row in reply.buttons for b in row if b.url)
    query = parse_qs(urlsplit(url).query)
    return query["plan"][0], int(query["quantity"][0]), query["lang"][0]


def _press(pipeline, turn, action):
    data = next(
        b.callback_data
        for row in turn.reply.buttons
        for b in row
        if b.callback_data and decode(b.callback_data).action.value == action
    )
    return pipeline.respond_to_callback(data, turn.chat).reply


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "Will Llama 3.3 70B run on one H200?",
            "en",
            (
                "Yes, with FP8 weights: NVIDIA H200 serves it",
                "$3,090",
                "With BF16 weights and a BF16 KV cache instead, it would take",
                "about 3 contexts with an FP8 KV cache",
            ),
        ),
        (
            "Llama 3.3 70B 能在单张 H200 上运行吗？",
            "zh-Hans",
            (
                "可以，采用 FP8 权重：NVIDIA H200 即可满足",
                "US$3,090",
                "若改用 BF16 权重和BF16 KV 缓存，则需要",
                "使用 FP8 KV 缓存约可容纳 3 个上下文",
            ),
        ),
    ],
)
def test_can_a_70b_run_on_one_h200(pipeline, text, language, expected):
    """Yes, in FP8, one H200 at US$3,090, with the KV room and contexts, BF16 in one line."""
    yes, price, bf16, page_contexts = expected
    reply = _ask(pipeline, text).reply
    assert reply.language == language
    first, second = reply.text.splitlines()[:2]
    assert first.startswith(yes)
    assert price in first
    assert second.startswith(bf16)
    assert _order(reply) == ("h200-1x", 1, language)
    assert "128K" in reply.text
    assert page_contexts in reply.text  # the page's ~70 GB and about 3 full 128K contexts
    check_telegram_html(reply.html)


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Can a 70B model run on a single H200?", "en"),
        ("70B 模型能在单张 H200 上运行吗？", "zh-Hans"),
    ],
)
def test_the_pages_own_faq_wording_gets_its_answer_with_the_order_link(pipeline, text, language):
    """The page's FAQ, word for word, gets its FAQ answer: yes in FP8, and one H200 to order."""
    reply = _ask(pipeline, text).reply
    assert reply.kind == "knowledge"
    assert "FP8" in reply.text.splitlines()[0]
    assert _order(reply) == ("h200-1x", 1, language)


def test_a_4000_dollar_budget_gets_one_h200_in_fp8(pipeline):
    """Llama 3.3 70B with a US$4,000 budget: one H200, FP8, within the budget."""
    reply = _ask(pipeline, "Llama 3.3 70B, budget $4,000 a month").reply
    assert reply.text.startswith("NVIDIA H200 serves it with FP8 weights")
    assert "That is within your budget of $4,000 a month." in reply.text
    assert _order(reply) == ("h200-1x", 1, "en")


def test_deepseek_for_20_users_is_one_hgx_server_with_its_sglang_command(pipeline):
    """DeepSeek V3 FP8, 128K, 20 users, CUDA only: one HGX H200 with DP attention and SGLang."""
    turn = _ask(pipeline, "DeepSeek V3 FP8, 128K context, 20 users, CUDA only")
    reply = turn.reply
    assert reply.text.splitlines()[0].startswith("8× NVIDIA HGX H200 serves it with")
    assert "data-parallel attention" in reply.text.splitlines()[0]
    assert _order(reply) == ("h200-8x", 1, "en")
    assert "python -m sglang.launch_server" in reply.text  # the ticket text carries it in full
    assert "python -m sglang" not in reply.html  # Telegram shows it behind a button
    launch = _press(pipeline, turn, "l").html
    check_telegram_html(launch)
    assert '<pre><code class="language-bash">python -m sglang.launch_server' in launch
    assert "--enable-dp-attention" in launch
    option = reply.data["options"][reply.data["recommended_index"]]
    assert option["layout"]["dp_attention"] is True
    assert option["launch_commands"][0].startswith("python -m sglang.launch_server")


def test_405b_with_fp8_kv_for_50_users_is_one_hgx_server(pipeline):
    """Llama 3.1 405B FP8 with FP8 KV, 32K, 50 users, CUDA only: one HGX H200 server."""
    reply = _ask(pipeline, "Llama 3.1 405B FP8 with FP8 KV cache, 32K, 50 users, CUDA only").reply
    assert _order(reply) == ("h200-8x", 1, "en")
    assert reply.data["request"]["kv_dtype"] == "fp8"
    option = reply.data["options"][reply.data["recommended_index"]]
    assert option["variant"]["kv_dtype_source"] == "asked"


def test_a_context_beyond_the_model_is_said_and_sized_at_its_limit(pipeline):
    """Llama 3.1 8B with 1M context: the 128K limit said, sized at it, one H200."""
    reply = _ask(pipeline, "Llama 3.1 8B with 1M context").reply
    assert "reads at most 128K: sized at 128K." in reply.text
    assert " · 128K · " in reply.text
    assert _order(reply) == ("h200-1x", 1, "en")


def test_context_buttons_never_offer_more_than_the_model_reads(pipeline):
    """Qwen3 32B reads 40,960 tokens: no 128K button; its YaRN option is stated instead."""
    reply = _ask(pipeline, "Qwen3 32B with 128K context").reply
    contexts = [
        decode(b.callback_data).context_tokens
        for row in reply.buttons
        for b in row
        if b.callback_data and decode(b.callback_data).context_tokens
    ]
    assert contexts
    assert all(tokens <= 40960 for tokens in contexts)
    assert "YaRN" in reply.text


def test_deepseek_bf16_is_one_mi355x_server_and_says_the_release_is_fp8(pipeline):
    """DeepSeek V3 BF16, 128K: one MI355X server; the FP8 release and what it needs, in a line."""
    reply = _ask(pipeline, "DeepSeek V3 BF16, 128K context").reply
    assert _order(reply) == ("mi355x-8x", 1, "en")
    assert "DeepSeek-V3 is released in FP8: in FP8 it would take" in reply.text
    assert "962 GB" in reply.text  # the page's ~960 GB left in BF16


def test_the_page_figures_in_chinese(pipeline):
    """In Chinese: 70B FP8 on an MI355X leaves ~216 GB, about 10 full contexts (the page's ~10)."""
    reply = _ask(pipeline, "70B FP8 模型在 MI355X 上能放几个 128K 上下文？").reply
    assert reply.language == "zh-Hans"
    assert "216 GB" in reply.text
    assert "约可容纳 10 个上下文" in reply.text


def test_a_parser_failure_is_answered_with_the_apology(pipeline):
    """A message the parser broke on gets "sorry, something went wrong", not "off topic"."""

    def broken(_text, **_kwargs):
        return ParsedRequest(intent=Intent.UNKNOWN, language="en", not_understood=(PARSE_FAILED,))

    pipeline._parse = broken
    reply = _ask(pipeline, "anything").reply
    assert reply.kind == "error"
    assert "Sorry" in reply.text


def test_copies_spanning_servers_show_one_copys_commands_once(pipeline):
    """Three pipelined copies over twelve servers: four commands, and a note for the copies."""
    turn = _ask(pipeline, "DeepSeek V3 BF16, BF16 KV cache, 128K context, 100 users, CUDA only")
    option = turn.reply.data["options"][turn.reply.data["recommended_index"]]
    assert (option["servers"], option["replicas"], option["pipeline_parallel"]) == (12, 3, 4)
    assert len(option["launch_commands"]) == 12
    launch = _press(pipeline, turn, "l").html
    check_telegram_html(launch)
    assert launch.count("<pre>") == 4
    assert "Each of the 3 copies of the model runs these commands on its own 4 servers." in launch


def test_details_stay_within_one_telegram_message(pipeline):
    """Many options with many notes in French: the per-option notes go, the rest stays."""
    turn = _ask(pipeline, "Kimi K3 en NVFP4, 128K de contexte, 100 utilisateurs")
    assert turn.reply.language == "fr"
    details = _press(pipeline, turn, "d").html
    check_telegram_html(details)  # raises on more than 4,096 UTF-16 units
    assert "Répartition" in details  # the layouts are still there
    assert "ROCm" not in details  # the MI355X option's own note went (the main answer has it)


@pytest.mark.parametrize(
    ("text", "language", "lead"),
    [
        ("llama 3.3 70b fp8 on b200, 20 users", "en", "8× NVIDIA B200 serves it"),
        ("deepseek r1 on b200 with 16 users", "en", "8× NVIDIA B200 serves it"),
        ("DeepSeek R1 auf B200, 16 Nutzer", "de", "8× NVIDIA B200 schafft es"),
    ],
)
def test_a_b200_question_that_b200_serves_gets_a_yes_and_a_listed_plan(
    pipeline, text, language, lead
):
    """B200 is quoted on request: the answer says it serves, then names a plan with a price."""
    reply = pipeline.respond(text, ChatContext(telegram_language=language)).reply
    first = reply.text.splitlines()[0]
    assert first.startswith(lead), first
    assert "$" in first
    assert reply.data["verdict"]["code"] == "on_quote"
