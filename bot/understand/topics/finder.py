"""Questions about what the product page answers, and requests for a person: which topic.

``apply_topic`` runs once per message, after the intent decision (the one hook in
``bot.understand.parser``). It reads the concepts the message mentions (``topic_lexicon``)
and the facts already parsed (GPUs, a model, a size, a format, settings), and tries the rules
below in order. A rule that matches makes the request a ``knowledge`` question with a
``topic`` (or a ``sales`` request), unless the message is really a sizing request: a context
length, a user count or a budget always means sizing, and so does a named model or size,
except for the rules built around one ("can a 70B model run on one H200?").
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from bot.request import Intent, ParsedRequest
from bot.understand import lexicon
from bot.understand.gates import gated_re
from bot.understand.intents import says
from bot.understand.topics.concepts import Concept
from bot.understand.topics.glossary_terms import term_named
from bot.understand.topics.lexicon import mentions_concept, software_named
from sizing import (
    SpecAspect,
    Topic,
)

C = Concept
# Which figure a spec question asks for when it names several ("memory bandwidth" is
# bandwidth): the more specific concepts first.
_SPEC_ORDER: tuple[tuple[Concept, SpecAspect], ...] = (
    (C.BANDWIDTH, SpecAspect.BANDWIDTH),
    (C.POWER, SpecAspect.POWER),
    (C.INTERCONNECT, SpecAspect.INTERCONNECT),
    (C.FORM_FACTOR, SpecAspect.FORM_FACTOR),
    (C.ARCHITECTURE, SpecAspect.ARCHITECTURE),
    (C.COMPUTE, SpecAspect.COMPUTE),
    (C.MEMORY, SpecAspect.MEMORY),
)
_SPEC_CONCEPTS = frozenset(concept for concept, _ in _SPEC_ORDER)
_MAX_GPUS = 3


@dataclass(frozen=True, slots=True)
class Rule:
    """When a message is about ``topic`` (``None``: a request for a person)."""

    topic: Topic | None
    all_of: frozenset[Concept] = frozenset()
    any_of: frozenset[Concept] = field(default_factory=frozenset)  # one at least, if given
    none_of: frozenset[Concept] = field(default_factory=frozenset)
    min_gpus: int = 0
    max_gpus: int = _MAX_GPUS
    needs_size: bool = False  # a generic size ("70B") must be named
    needs_format: bool = False  # a number format ("FP4") must be named
    allows_model: bool = False  # a named model does not make it a sizing request
    allows_size: bool = False  # nor does a generic size
    yields_to_price: bool = False  # a price question naming a GPU stays a price question


def _rule(topic: Topic | None, *all_of: Concept, **options: object) -> Rule:
    return Rule(topic, frozenset(all_of), **options)  # type: ignore[arg-type]


# The site's questions the product page leaves to other pages (traffic, links between servers,
# the single plan against one GPU of the HGX server, the calculator) and those its facts do not
# cover (refunds, the OS image, root access): tried before the plan and GPU rules, whose words
# they share ("cancel", "image", "NVLink").
SITE_RULES: tuple[Rule, ...] = (
    _rule(Topic.REFUND, C.REFUND),
    _rule(Topic.TRAFFIC, C.TRAFFIC, none_of=frozenset({C.MEMORY})),
    _rule(Topic.SINGLE_VS_HGX, C.SINGLE_PLAN, C.HGX, max_gpus=2),
    _rule(Topic.SINGLE_VS_HGX, C.SINGLE_PLAN, C.DIFFERENCE, C.SERVER_GPU, max_gpus=2),
    _rule(Topic.SINGLE_H200_CLUSTER, C.SINGLE_PLAN, C.JOIN, max_gpus=1),
    _rule(Topic.SINGLE_H200_CLUSTER, C.SINGLE_PLAN, C.INTERCONNECT, max_gpus=1),
    _rule(Topic.INTERCONNECT, C.FABRIC, none_of=frozenset({C.NETWORK})),
    _rule(Topic.INTERCONNECT, C.BETWEEN_SERVERS, none_of=frozenset({C.NETWORK}), max_gpus=2),
    _rule(Topic.ROOT_ACCESS, C.ROOT),
    _rule(Topic.OS_IMAGE, C.OS_IMAGE, none_of=frozenset({C.ROCM})),
    _rule(Topic.CALCULATOR, C.CALCULATOR, none_of=frozenset({C.ROCM, C.CHOOSE})),
)

RULES: tuple[Rule, ...] = (
    _rule(None, C.HUMAN, C.CONTACT, allows_model=True, allows_size=True),
    _rule(None, C.SALES_PHRASE, allows_model=True, allows_size=True),
    *SITE_RULES,
    _rule(Topic.PRIVATE_NETWORK, C.NETWORK),
    _rule(Topic.ROCM_IMAGE, C.ROCM, C.IMAGE),
    _rule(Topic.FAQ_MIGRATE, C.CODE_CHANGE, allows_model=True),
    _rule(Topic.FAQ_MIGRATE, C.MIGRATE, C.SOFTWARE, min_gpus=1),
    _rule(Topic.NATIVE_FORMATS, C.SUPPORT, needs_format=True, none_of=frozenset({C.RUN})),
    _rule(Topic.NATIVE_FORMATS, C.SUPPORT, C.FORMATS),
    _rule(Topic.SINGLE_H200_CLUSTER, C.JOIN, C.MODEL, C.ONE, allows_model=True),
    _rule(Topic.WHOLE_SERVER_ONLY, C.RENT, C.ONE, min_gpus=1, max_gpus=1),
    _rule(Topic.WHOLE_SERVER_ONLY, C.RENT, C.SERVER_GPU, max_gpus=1),
    _rule(Topic.WHOLE_SERVER_ONLY, C.PART_OF_SERVER, max_gpus=1),
    _rule(Topic.FAQ_70B_SINGLE_H200, C.RUN, C.ONE, needs_size=True, allows_size=True, max_gpus=1),
    _rule(Topic.FAQ_DEEPSEEK, C.DEEPSEEK, C.MODEL_CLASS, allows_model=True),
    _rule(Topic.FAQ_DEEPSEEK, C.DEEPSEEK, C.BEST_FOR),
    _rule(Topic.FAQ_BETTER, C.BETTER_THAN, min_gpus=1, max_gpus=2),
    _rule(Topic.HOW_TO_CHOOSE, C.HOW, C.CHOOSE),
    _rule(Topic.LONGER_TERMS, C.DISCOUNT),
    _rule(Topic.MINIMUM_TERM, C.MIN_TERM),
    _rule(Topic.DELIVERY, C.DELIVERY),
    _rule(Topic.BILLING, C.BILLING, yields_to_price=True),
    _rule(Topic.SOFTWARE, C.SOFTWARE, none_of=frozenset({C.CODE_CHANGE}), max_gpus=2),
    Rule(Topic.GPU_SPEC, any_of=_SPEC_CONCEPTS, none_of=frozenset({C.RUN}), min_gpus=1, max_gpus=1),
    _rule(Topic.GPU_CARD, C.SPECS, min_gpus=1, max_gpus=1),
)


def _names_model(request: ParsedRequest) -> bool:
    return bool(request.facts.model_id or request.ambiguous or request.unknown_model)


def _asks_for_sizing(request: ParsedRequest) -> bool:
    """Facts that only a sizing answers: a context, a number of users, a budget."""
    facts = request.facts
    settings = (facts.context_tokens, facts.concurrency, facts.budget_usd_month)
    return any(value is not None for value in settings)


class Mentions:
    """The concepts of one message, each looked for only when a rule asks (most never are)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._found: dict[Concept, bool] = {}
        self._software: list[str | None] = []

    @property
    def software(self) -> str | None:
        """The software item the message names, if any."""
        if not self._software:
            self._software.append(software_named(self.text))
        return self._software[0]

    def has(self, concept: Concept) -> bool:
        """Whether the message mentions ``concept``."""
        if concept not in self._found:
            found = mentions_concept(concept, self.text)
            if concept is C.SOFTWARE and not found:
                found = self.software is not None  # "vLLM" says software as well as any word
            self._found[concept] = found
        return self._found[concept]


def _facts_fit(rule: Rule, request: ParsedRequest) -> bool:
    """Check the parsed facts a rule needs: GPUs, a size, a format; no model it cannot take."""
    if not rule.min_gpus <= len(set(request.facts.gpus)) <= rule.max_gpus:
        return False
    if rule.needs_size and request.facts.params_b is None:
        return False
    if rule.needs_format and request.facts.precision is None:
        return False
    if _names_model(request) and not rule.allows_model:
        return False
    if request.facts.params_b is not None and not (rule.allows_size or rule.allows_model):
        return False
    price_of_gpu = request.intent is Intent.PRICE and bool(request.facts.gpus)
    return not (rule.yields_to_price and price_of_gpu)


def _words_fit(rule: Rule, mentions: Mentions) -> bool:
    if not all(mentions.has(concept) for concept in rule.all_of):
        return False
    if any(mentions.has(concept) for concept in rule.none_of):
        return False
    return not rule.any_of or any(mentions.has(concept) for concept in rule.any_of)


def _spec(mentions: Mentions) -> SpecAspect | None:
    return next((aspect for concept, aspect in _SPEC_ORDER if mentions.has(concept)), None)


# The page's plain questions, several of which one message may ask together: each answered.
_ASKED_TOGETHER = frozenset(
    {
        Topic.DELIVERY,
        Topic.MINIMUM_TERM,
        Topic.LONGER_TERMS,
        Topic.TRAFFIC,
        Topic.ROOT_ACCESS,
        Topic.OS_IMAGE,
        Topic.REFUND,
        Topic.INTERCONNECT,
        Topic.PRIVATE_NETWORK,
        Topic.BILLING,
        Topic.CALCULATOR,
    }
)
_MORE_TOPICS = 2


# Questions asked one after another: "How soon …? Is there a minimum term, and is traffic
# included?", "Какой срок поставки и минимальный срок аренды?"
_QUESTIONS = gated_re(
    r"[?？!！。\n]|[,，]?\s(?:and|und|et|y|e|и|а также)\s|[、；;]|(?<=[가-힣])(?:고|且)\s"
)
_SHORTEST_QUESTION = 6


def more_topics(request: ParsedRequest, first: Rule, text: str) -> tuple[str, ...]:
    """Return the other plain questions of the page the message asks beside ``first``'s.

    Each is its own question: the first topic a question of its own matches, so that words of
    one question ("deliver after payment") never add a second topic ("billing").
    """
    if first.topic not in _ASKED_TOGETHER:
        return ()
    questions = [q for q in _QUESTIONS.split(text) if len(q.strip()) >= _SHORTEST_QUESTION]
    if len(questions) < 2:  # noqa: PLR2004 - one question asks one thing
        return ()
    found: list[str] = []
    for question in questions:
        mentions = Mentions(question)
        if any(mentions.has(concept) for concept in (*first.all_of, *first.any_of)):
            continue  # more of the first question ("跨機網路多快" after "InfiniBand 嗎")
        rule = next((r for r in RULES if _facts_fit(r, request) and _words_fit(r, mentions)), None)
        topic = rule.topic if rule is not None else None
        if topic is None or topic is first.topic or topic not in _ASKED_TOGETHER:
            continue
        if topic.value not in found:
            found.append(topic.value)
        if len(found) == _MORE_TOPICS:
            break
    return tuple(found)


def match_rule(request: ParsedRequest, text: str) -> tuple[Rule, Mentions] | None:
    """Return the first rule ``text`` (cleaned) matches, and what the message mentions."""
    mentions = Mentions(text)
    sizing = _asks_for_sizing(request)
    for rule in RULES:
        if sizing and rule.topic is not None:
            continue  # a sizing request that also asks something: the sizing answers it
        if _facts_fit(rule, request) and _words_fit(rule, mentions):
            return rule, mentions
    return None


def _asks_what_a_term_means(request: ParsedRequest, text: str) -> bool:
    """Whether a knowledge question asks what something means, and nothing to size or price.

    A model, a size or a sizing setting named beside the term keeps it a sizing request ("what
    is FP8 and can Llama 70B run in it?"); money words ask about money ("what is FP8 going to
    cost me?").
    """
    if request.intent is not Intent.KNOWLEDGE or not says("definition", text):
        return False
    if _names_model(request) or request.facts.params_b is not None or _asks_for_sizing(request):
        return False
    return not says("price", text)


def _definition(request: ParsedRequest, text: str) -> ParsedRequest:
    """Answer "what is X?" from the glossary, or with a GPU's card when X is the GPU named."""
    if not _asks_what_a_term_means(request, text):
        return request
    term = term_named(text)
    if term is None and len(set(request.facts.gpus)) == 1:
        return replace(request, topic=Topic.GPU_CARD.value)
    if term is None and (request.facts.gpus or not _names_one_thing(text)):
        return request  # "什么是最便宜的方案" ("what is the cheapest plan") is no term
    return replace(request, topic=Topic.GLOSSARY.value, term=term.value if term else None)


_WORDS_RE = gated_re(r"[^\W_]+")
_CJK_RE = gated_re(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7a3]")
_TERM_MAX_WORDS = 3
_TERM_MAX_CJK_CHARS = 5


def _names_one_thing(text: str) -> bool:
    """Whether what a definition question asks about is short enough to be a term."""
    words = _WORDS_RE.findall(lexicon.remove("definition", text))
    if len(words) > _TERM_MAX_WORDS:
        return False
    return all(len(word) <= _TERM_MAX_CJK_CHARS for word in words if _CJK_RE.search(word))


def apply_topic(request: ParsedRequest, text: str) -> ParsedRequest:
    """Return ``request`` as a knowledge question or a request for a person, when it is one."""
    found = match_rule(request, text)
    if found is None:
        return _definition(request, text)
    rule, mentions = found
    if rule.topic is None:
        return replace(request, intent=Intent.SALES)
    spec = _spec(mentions) if rule.topic is Topic.GPU_SPEC else None
    return replace(
        request,
        intent=Intent.KNOWLEDGE,
        topic=rule.topic.value,
        more_topics=more_topics(request, rule, text),
        spec=spec.value if spec else None,
        software=mentions.software if rule.topic is Topic.SOFTWARE else None,
    )
