"""Answers of the knowledge base: GPU cards and figures, plans and policies, software, formats.

``answer_question`` takes a ``Question`` and returns a ``KnowledgeAnswer`` built from the
catalog in use (GPUs, plans, ``knowledge.json``), so a changed price or policy changes the
answer. The topics live in ``gpus``, ``plans``, ``formats``, ``faq`` (the page's five
questions) and ``glossary`` (what a term means).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from sizing.catalog import load_gpus, prices_as_of
from sizing.knowledge import gpus as knowledge_gpus
from sizing.knowledge import plans as knowledge_plans
from sizing.knowledge import site
from sizing.knowledge.data import load_knowledge
from sizing.knowledge.faq import (
    answer_better,
    answer_class_fit,
    answer_fit_one_gpu,
    answer_migrate,
)
from sizing.knowledge.formats import answer_formats
from sizing.knowledge.glossary import answer_glossary
from sizing.knowledge.types import KnowledgeAnswer, Question, Topic

_ANSWERS: dict[Topic, Callable[[Question], KnowledgeAnswer]] = {
    Topic.GPU_CARD: knowledge_gpus.gpu_card,
    Topic.GPU_SPEC: knowledge_gpus.gpu_spec,
    Topic.DELIVERY: knowledge_plans.delivery,
    Topic.MINIMUM_TERM: knowledge_plans.minimum_term,
    Topic.LONGER_TERMS: knowledge_plans.longer_terms,
    Topic.WHOLE_SERVER_ONLY: knowledge_plans.whole_server_only,
    Topic.SINGLE_H200_CLUSTER: knowledge_plans.singles_not_joined,
    Topic.PRIVATE_NETWORK: knowledge_plans.private_network,
    Topic.ROCM_IMAGE: knowledge_gpus.rocm_image,
    Topic.SOFTWARE: knowledge_gpus.software,
    Topic.NATIVE_FORMATS: answer_formats,
    Topic.HOW_TO_CHOOSE: knowledge_plans.how_to_choose,
    Topic.BILLING: knowledge_plans.billing,
    Topic.FAQ_BETTER: answer_better,
    Topic.FAQ_70B_SINGLE_H200: answer_fit_one_gpu,
    Topic.FAQ_MIGRATE: answer_migrate,
    Topic.FAQ_DEEPSEEK: answer_class_fit,
    Topic.GLOSSARY: answer_glossary,
    Topic.TRAFFIC: site.traffic,
    Topic.INTERCONNECT: site.interconnect,
    Topic.SINGLE_VS_HGX: site.single_vs_hgx,
    Topic.CALCULATOR: site.calculator,
    Topic.REFUND: site.unpublished,
    Topic.OS_IMAGE: site.unpublished,
    Topic.ROOT_ACCESS: site.unpublished,
}


def _says_a_price(answer: KnowledgeAnswer) -> bool:
    points = (answer.short, *answer.points)
    in_points = any(key.endswith("_usd") for p in points for key in p.values)
    return in_points or bool(answer.card and answer.card.plans)


def answer_question(question: Question) -> KnowledgeAnswer:
    """Answer one question from the catalog in use."""
    known = {g.id for g in load_gpus()}
    question = replace(question, gpus=tuple(g for g in question.gpus if g in known))
    answer = _ANSWERS[question.topic](question)
    return replace(
        answer,
        quotes_prices=_says_a_price(answer),
        prices_as_of=prices_as_of(),
        policies_as_of=load_knowledge().as_of,
    )
