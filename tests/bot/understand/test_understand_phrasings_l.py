"""The forty-fourth round: the answer said back before a change, and the figure an explanation asks.

A clause that says the answer back ("you said", "你刚才说", "Вы насчитали", "Sie schreiben",
"…라고 하셨는데") holds the answer's figures, not the customer's: the facts are read without it,
the follow-up's lever and question from the whole message. An explanation asked of a figure
asks that figure's kind. Besides: times signs and Japanese commas in plan lists, clock hours
between "entre … et", in the small hours, with "Uhr"; a price over the budget is no budget; the
cheapest plan asked is a price asked. Every example is written for the test.
"""

from __future__ import annotations

import pytest

from bot.understand import parse_message, parsed_to_json
from bot.understand.quoted import figure_asked, without_said_back


def _read(text, language=None):
    return parsed_to_json(parse_message(text, telegram_language=language))


@pytest.mark.parametrize(
    ("text", "language", "changed"),
    [
        (
            "You said 3 HGX servers at $71,700/mo for 300 users. What if the KV cache is fp8?",
            "en",
            {"kv_dtype": "fp8"},
        ),
        (
            "你刚才说单卡 H200 能服务 12 个人，那上下文改成 8k 呢？",
            "zh-Hans",
            {"context_tokens": 8192},
        ),
        (
            "Sie schreiben 2 Server für 47.800 $ im Monat. Und mit nur 30 Nutzern?",
            "de",
            {"concurrency": 30},
        ),
        (
            "방금 답변에서 월 $3,090이라고 하셨는데, 컨텍스트를 64K로 늘리면요?",
            "ko",
            {"context_tokens": 65536},
        ),
        ("Вы насчитали 16 GPU и 900 ГБ под KV. А если веса в FP8?", "ru", {"precision": "fp8"}),
    ],
)
def test_a_change_after_the_answer_said_back_keeps_only_the_change(text, language, changed):
    """The answer's figures said back are no new facts: only the change asked is read."""
    found = _read(text, language)
    assert found["intent"] == "followup"
    for name, value in changed.items():
        assert found.get(name) == value
    for name in ("budget_usd_month", "concurrency", "gpu_count", "kv_cache_bytes"):
        if name not in changed:
            assert found.get(name) is None, name


def test_a_question_to_us_is_no_answer_said_back():
    """Read: "what would you put that on?", a question, nothing said back."""
    assert (
        without_said_back("We need 2 TB of KV cache. What hardware would you put that on?") is None
    )


def test_a_figure_said_back_and_questioned_is_explained():
    """The answer's figure repeated, then only a question: explain that figure, its kind asked."""
    found = _read("You put 42 tok/s per user on one H200. Is that measured or estimated?", "en")
    assert (found["intent"], found.get("lever"), found.get("asked")) == (
        "followup",
        "explain",
        "speed",
    )
    assert found.get("tokens_per_user_tok_s") is None


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("where do the 620 GB of KV come from", "kv"),
        ("how did you get 35 tok/s", "speed"),
        ("why $4.09 per GPU-hour", "price"),
        ("why 16 GPUs", "gpu_count"),
        ("what is this about", None),
    ],
)
def test_the_kind_of_a_figure_said_back(text, kind):
    """The figure an explanation is asked of, by its unit."""
    assert figure_asked(text) == kind


def test_a_figure_per_context_explained_leaves_nothing_unread():
    """Read: "les 21 Go par contexte", the answer's figure, no context of theirs left unread."""
    found = _read("D'où sortent les 21 Go par contexte ?", "fr")
    assert (found.get("lever"), found.get("asked")) == ("explain", "kv")
    assert not found.get("not_understood")


@pytest.mark.parametrize(
    ("text", "language", "asked"),
    [
        ("D'où sortent les 240 Go de cache KV ? Détaillez le calcul", "fr", "kv"),
        ("¿De dónde salen las 8 GPUs? Pensaba que con 4 alcanzaba", "es", "gpu_count"),
    ],
)
def test_an_explanation_asks_the_kind_of_its_figure(text, language, asked):
    """Where a figure came from, asked: the explain lever and the figure's kind."""
    found = _read(text, language)
    assert (found.get("lever"), found.get("asked")) == ("explain", asked)


@pytest.mark.parametrize(
    ("text", "language", "field", "value"),
    [
        (
            "見積もりお願いします：MI355X ×2、単体 H200 ×1",
            "ja",
            "plan_counts",
            {"mi355x-8x": 2, "h200-1x": 1},
        ),
        (
            "3 x serveur 8x MI355X et 1 x HGX H200, devis",
            "fr",
            "plan_counts",
            {"mi355x-8x": 3, "h200-8x": 1},
        ),
        (
            "Lot de 300 millions de tokens avec Qwen3-32B, entre 22 h et 6 h",
            "fr",
            "deadline_hours",
            8,
        ),
        ("2 億トークンを Qwen3-32B で、深夜 2 時〜朝 7 時に処理したい", "ja", "deadline_hours", 5),
        (
            "500 Mio. Token mit Qwen3-32B, Samstag 6 Uhr bis Sonntag 18 Uhr",
            "de",
            "deadline_hours",
            36,
        ),
        ("월 3만 달러는 예산 초과예요. 더 싸게 안 될까요?", "ko", "budget_usd_month", None),
        (
            "2 亿 token 的评论打标签，用 Qwen3-32B，三天内，租什么最划算？",
            "zh-Hans",
            "asked",
            "price",
        ),
    ],
)
def test_smaller_words_of_this_round(text, language, field, value):
    """Smaller words of this round, one each.

    Plans listed with times signs and a Japanese comma, "3 x serveur 8x", clock hours between
    "entre … et", in the small hours, with "Uhr"; a price over the budget; the cheapest asked.
    """
    assert _read(text, language).get(field) == value
