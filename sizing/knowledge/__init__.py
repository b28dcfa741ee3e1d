"""The knowledge base: what the product page answers, from GPU cards to the FAQ and glossary."""

from sizing.knowledge.answer import answer_question
from sizing.knowledge.data import (
    KNOWLEDGE_FILE,
    Knowledge,
    load_knowledge,
    parse_knowledge,
    use_knowledge,
)
from sizing.knowledge.plans import delivery_points, terms_points
from sizing.knowledge.takeaways import compare_takeaways
from sizing.knowledge.types import (
    Action,
    ActionKind,
    Fact,
    GpuCard,
    KnowledgeAnswer,
    Point,
    Question,
    SpecAspect,
    Term,
    Topic,
    Value,
)

__all__ = [
    "KNOWLEDGE_FILE",
    "Action",
    "ActionKind",
    "Fact",
    "GpuCard",
    "Knowledge",
    "KnowledgeAnswer",
    "Point",
    "Question",
    "SpecAspect",
    "Term",
    "Topic",
    "Value",
    "answer_question",
    "compare_takeaways",
    "delivery_points",
    "load_knowledge",
    "parse_knowledge",
    "terms_points",
    "use_knowledge",
]
