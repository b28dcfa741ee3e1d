"""Knowledge answers kept per question while their catalog is in use, their replies with them."""

from __future__ import annotations

from bot.answers.checkout import CheckoutConfig
from bot.answers.i18n import localizer
from bot.conversation.kept_answers import KnowledgeAnswers
from bot.conversation.pipeline import Pipeline
from sizing import GpuId, Question, Topic, answer_question
from sizing.catalog_install import install, read_catalog


def _counting():
    made: list[Question] = []

    def answer(question):
        made.append(question)
        return answer_question(question)

    return made, answer


def test_a_question_asked_again_gets_the_same_answer_object():
    """The second asking makes nothing: the kept answer, the very object, comes back."""
    made, answer = _counting()
    answers = KnowledgeAnswers(answer)
    question = Question(Topic.GPU_CARD, gpus=(GpuId.H200,))
    first = answers.answer(question)
    assert answers.answer(Question(Topic.GPU_CARD, gpus=(GpuId.H200,))) is first
    assert made == [question]
    assert answers.answer(Question(Topic.GPU_CARD, gpus=(GpuId.MI355X,))) is not first
    assert len(made) == 2


def test_a_catalog_installed_since_makes_the_answer_again():
    """An answer made with other tables is never given: after ``install`` it is made afresh."""
    made, answer = _counting()
    answers = KnowledgeAnswers(answer)
    question = Question(Topic.DELIVERY)
    first = answers.answer(question)
    install(read_catalog(None))  # the same files read again: new tables
    try:
        again = answers.answer(question)
    finally:
        install(None)
    assert again is not first
    assert again == first
    assert len(made) == 2


def test_the_kept_answers_are_bounded():
    """Past its size the least recently asked question goes first."""
    answers = KnowledgeAnswers(answer_question, size=3)
    questions = [Question(Topic.GLOSSARY, params_b=float(n)) for n in range(5)]
    for question in questions:
        answers.answer(question)
    assert len(answers) == 3
    kept = answers.answer(questions[-1])
    assert answers.answer(questions[-1]) is kept


def test_the_pipeline_answers_a_knowledge_question_with_one_reply_per_language():
    """The same question in the same language is one reply; another language is its own."""
    pipeline = Pipeline(CheckoutConfig())
    question = Question(Topic.MINIMUM_TERM)
    en = pipeline.knowledge(localizer("en"), question)
    assert pipeline.knowledge(localizer("en"), Question(Topic.MINIMUM_TERM)) is en
    de = pipeline.knowledge(localizer("de"), question)
    assert de is not en
    assert de.language == "de"
