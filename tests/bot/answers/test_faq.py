"""The product page's five FAQ, asked in their own words, get a direct answer with the page's facts.

Each question is asked as the page asks it (Chinese), in English, and in two more languages;
the answer must be a knowledge answer in that language stating the page's figures, formatted
for the language (``1,7×`` in German, ``1.6 TB`` in English).
"""

from __future__ import annotations

import pytest

from bot.answers.i18n import localizer
from bot.conversation.pipeline import Pipeline
from bot.reply import ChatContext

GB = 10**9


def _facts(language, kind):
    fmt = localizer(language).formatter
    facts = {
        "better": [fmt.ratio(2.0), fmt.ratio(1.7), fmt.ratio(2.5), "H200", "MI355X"],
        "70b": [fmt.gigabytes(70 * GB), fmt.gigabytes(140 * GB), "H200", "MI355X", "B200"],
        "fp4": ["FP8", "FP4", "AWQ", "GPTQ", "MXFP4", "MXFP6"],
        "migrate": ["PyTorch", "vLLM", "HIP", "TensorRT-LLM", "torch.cuda"],
        "deepseek": [
            fmt.gigabytes(671 * GB),
            fmt.size(1.6e12, exact=True),
            fmt.gigabytes(450 * GB),
            fmt.gigabytes(960 * GB),
            fmt.gigabytes(1342 * GB),
        ],
    }
    return facts[kind]


FAQ = [
    # (kind, topic, language, the question)
    ("better", "faq_better", "zh-Hans", "MI355X 比 H200 更好吗？"),
    ("better", "faq_better", "en", "Is the MI355X better than the H200?"),
    ("better", "faq_better", "ru", "MI355X лучше, чем H200?"),
    ("better", "faq_better", "de", "Ist die MI355X besser als die H200?"),
    ("70b", "faq_70b_single_h200", "zh-Hans", "70B 模型能在单张 H200 上运行吗？"),
    ("70b", "faq_70b_single_h200", "en", "Can a 70B model run on a single H200?"),
    ("70b", "faq_70b_single_h200", "ja", "70B モデルは H200 1 枚で動きますか？"),
    ("70b", "faq_70b_single_h200", "es", "¿Puede un modelo de 70B funcionar en una sola H200?"),
    ("fp4", "native_formats", "zh-Hans", "H200 支持 FP4 吗？"),
    ("fp4", "native_formats", "en", "Does the H200 support FP4?"),
    ("fp4", "native_formats", "ko", "H200은 FP4를 지원하나요?"),
    ("fp4", "native_formats", "fr", "Le H200 prend-il en charge le FP4 ?"),
    ("migrate", "faq_migrate", "zh-Hans", "从 H200 迁移到 MI355X 需要修改代码吗？"),
    ("migrate", "faq_migrate", "en", "Do I need to change my code to move from H200 to MI355X?"),
    (
        "migrate",
        "faq_migrate",
        "pt-BR",
        "Preciso mudar meu código para migrar da H200 para a MI355X?",
    ),
    ("migrate", "faq_migrate", "zh-Hant", "從 H200 遷移到 MI355X 需要修改程式碼嗎？"),
    ("deepseek", "faq_deepseek", "zh-Hans", "哪款更适合 DeepSeek 级模型？"),
    ("deepseek", "faq_deepseek", "en", "Which is better for DeepSeek-class models?"),
    ("deepseek", "faq_deepseek", "ru", "Что лучше для моделей уровня DeepSeek?"),
    ("deepseek", "faq_deepseek", "de", "Was ist besser für Modelle der DeepSeek-Klasse?"),
]


@pytest.mark.parametrize(("kind", "topic", "language", "question"), FAQ)
def test_each_faq_gets_a_direct_answer_with_the_page_facts(kind, topic, language, question):
    """The answer is the knowledge answer of that FAQ, in the asker's language, with its facts."""
    chat = ChatContext(chat_id=1, telegram_language=language)
    reply = Pipeline().respond(question, chat).reply
    assert reply.kind == "knowledge"
    assert reply.language == language
    assert reply.data is not None
    assert reply.data["topic"] == topic
    missing = [fact for fact in _facts(language, kind) if fact not in reply.text]
    assert not missing, f"{missing} not in:\n{reply.text}"


def test_the_first_line_answers_the_question():
    """The short answer comes first: "yes" for FAQ 1, "not natively" for FAQ 3, FP8 for FAQ 2."""
    pipeline = Pipeline()
    first = {
        question: pipeline.respond(question, ChatContext()).reply.text.splitlines()[0]
        for question in (
            "Is the MI355X better than the H200?",
            "Does the H200 support FP4?",
            "Can a 70B model run on a single H200?",
        )
    }
    assert first["Is the MI355X better than the H200?"].startswith("On hardware, yes")
    assert first["Does the H200 support FP4?"].startswith("Not natively")
    assert first["Can a 70B model run on a single H200?"].startswith("In FP8, yes")
