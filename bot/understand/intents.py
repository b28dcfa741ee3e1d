"""What the customer wants, decided from the slots found and from cue words in ten languages.

Facts first (a model, a size, GPUs, settings), cue words second, never a whole-message pattern:
an instruction aimed at the assistant is not a request; a request for a person goes to sales;
a model or a size is a sizing question (two GPUs beside it: compare them on it); a question
about the assistant itself is help; a factual question about GPUs, plans, policies or software
is knowledge; money words ask for prices; settings alone change the previous request.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from bot.request import Intent
from bot.understand import lexicon
from bot.understand.addressees import without_addressees
from bot.understand.gates import Searchable, gated_re
from bot.understand.language import is_common_word

_COMPARED_GPUS = 2  # a comparison names two GPUs
_ALNUM_RE = gated_re(r"[^\W_]")
_OFF_TOPIC_MAX_CHARS = 3
# What may remain of a greeting message and still be only a greeting ("hey there!", "hi bot").
_GREETING_TAIL_CHARS = 12


@dataclass(frozen=True, slots=True)
class Facts:
    """What the field finders found, as the intent decision needs it."""

    has_model: bool
    has_size: bool
    gpus: int
    has_settings: bool  # precision, KV dtype, context, concurrency, budget, engine, constraints


def says(slot: str, text: str) -> bool:
    """Whether ``text`` (cleaned) holds a cue word of ``slot`` in any language."""
    return lexicon.search(slot, text)


# Words of running a model for the work: "we want to host an LLM to translate our documents"
# asks for a deployment, not for a translation.
_DEPLOYMENT_RE = gated_re(
    r"(?<![a-z])(?:host|self-host|deploy|serve|llm|gpus?|servers?|infra|service)(?![a-z])|"
    r"服务|服務|サービス|서비스|сервис|servicio|serviço|dienst|机器|機器|推荐模型|推薦模型|"
    r"(?:no|which|what|any) model|model (?:yet|picked|chosen|in mind)|"
    r"部署|托管|導入|デプロイ|構築|배포|도입|구축|разверн|поднять|хостить|desplegar|implementar|"
    r"alojar|implantar|hospedar|bereitstell|hosten|betreiben|déployer|héberger"
)


def asks_other_work(text: str) -> bool:
    """Whether ``text`` instructs the assistant or asks it for unrelated work ("write a poem").

    Work named as what a deployment is for ("host an LLM to translate our documents") is no
    work asked of the assistant.
    """
    if says("instruction", text):
        return True
    return says("task", text) and not _DEPLOYMENT_RE.search(text)


def has_price_words(text: str) -> bool:
    """Whether ``text`` asks about money."""
    return says("price", text)


@cache
def _greeting_re() -> Searchable:
    greeting = lexicon.pattern("greeting")
    return gated_re(rf"^(?:(?:{greeting})[\s!.,?~]*)+(?P<tail>.*)$")


def _only_greets(text: str) -> bool:
    match = _greeting_re().match(text)
    if match is None:
        return False
    tail = match.group("tail")
    return len(tail) <= _GREETING_TAIL_CHARS and not any(char.isdigit() for char in tail)


# A question asked in the middle of a long message: a sentence of words ending with a question
# mark ("每月包含多少流量？", "Kann man auch einen halben Server mieten?").
_QUESTION_SENTENCE = gated_re(r"[^.!?。！？\n]{3,240}[?？]")
_MIDDLE_QUESTIONS = 3  # questions of the middle read, at most


def where_asked(text: str, head: int, tail: int) -> str:
    """Return the parts of a long message where its question is: start, end, questions between.

    A long message is a question around pasted material (a config, a log, a launch command) or
    an email whose ask stands in the middle; the words that say what is wanted stand before or
    after the material, or end with a question mark. Bounded: three questions of the middle.
    """
    if len(text) <= head + tail:
        return text
    middle = text[head : len(text) - tail]
    asked = [found.group().strip() for found in _QUESTION_SENTENCE.finditer(middle)]
    parts = [text[:head], *asked[:_MIDDLE_QUESTIONS], text[-tail:]]
    return " … ".join(parts)


# The cue words the decision may ask for, with a model named and without: most messages hold
# none of them, and one scan for them all then answers its questions (``lexicon.rule_out``).
NAMED_CUES = ("sales", "instead", "either")
UNNAMED_CUES = (
    "instruction",
    "task",
    "about_assistant",
    "sales",
    "purchase",
    "definition",
    "knowledge",
    "size_question",
    "followup",
    "price",
    "price_list",
    "catalog",
)


def decide_intent(text: str, facts: Facts) -> Intent:
    """Return the intent of a non-command message (``text`` cleaned)."""
    named = facts.has_model or facts.has_size
    lexicon.rule_out(NAMED_CUES if named else UNNAMED_CUES, text)
    about_us = _about_the_conversation(text, named=named)
    if about_us is not None:
        return about_us
    if named:
        return _with_model(text, facts)
    return _without_model(text, facts)


def _about_the_conversation(text: str, *, named: bool) -> Intent | None:
    """Decide an instruction to the assistant, a question about it, a request for a person.

    A letter's salutation ("ご担当者様") or the customer's own team ("our sales team uses it")
    asks for no one (``without_addressees``).
    """
    asked = without_addressees(text)
    if named:
        return Intent.SALES if says("sales", asked) else None
    if asks_other_work(text):
        return Intent.UNKNOWN
    if says("about_assistant", text):
        return Intent.HELP  # "are you a real person?" asks about the assistant, not for one
    # "we want to order two servers": a purchase goes to a person; with a model named it is
    # still a sizing question ("we want to buy a server for Llama 70B").
    return Intent.SALES if says("sales", asked) or says("purchase", text) else None


def _without_model(text: str, facts: Facts) -> Intent:
    """Decide a message naming no model: GPUs, greetings, changes, facts, prices."""
    if facts.gpus >= _COMPARED_GPUS:
        return _two_gpus(text)
    first = _first_cue(text, facts)
    if first is not None:
        return first
    if facts.has_settings and says("followup", text):
        return Intent.FOLLOWUP
    if _asks_facts(text, facts) or _asks_about_gpu(text, facts):
        return Intent.KNOWLEDGE
    return _price_or_change(text, facts)


def _first_cue(text: str, facts: Facts) -> Intent | None:
    """Decide what a cue settles before settings are read as a change.

    A greeting; a question about a term ("what is FP8?" changes nothing); a price asked first.
    """
    if _only_greets(text):
        return Intent.HELP
    if says("definition", text):
        return Intent.KNOWLEDGE
    return Intent.PRICE if _price_first(text, facts) else None


_GPU_NAMES_RE = gated_re(r"h200|b200|mi\s?355x?")


def _asks_about_gpu(text: str, facts: Facts) -> bool:
    """Tell a question about a GPU named ("what cpu and ram come with the h200 server?").

    A GPU named alone or with a change word moves the last request to it ("and on h200?");
    asked about, with words of its own, it is a factual question.
    """
    if not facts.gpus or facts.has_settings or not says("question", text):
        return False
    if says("followup", text) or says("size_question", text) or asks_price(text, facts):
        return False
    return _about_something_else(_GPU_NAMES_RE.sub(" ", text), cue="question")


def _asks_facts(text: str, facts: Facts) -> bool:
    """Tell a factual question: about a GPU named, or plans and policies (not "what I need")."""
    if not says("knowledge", text):
        return False
    return facts.gpus > 0 or not says("size_question", text)


# Words left in a money question once the money words are gone: particles of the CJK languages
# and Korean endings carry no object, so "多少钱？" stays a price question and "比特币多少钱" not.
_PARTICLES_RE = gated_re(
    r"[吗嗎呢吧啊呀了的是我你您们們请請问問一下个個给給看发發这這那么麼现在目前大概]"
    r"|怎么样|怎麼樣|怎么|怎麼|什么|什麼|多少"
    r"|[のはがをにでもかねよ]|です|ます|ください|どのくらい|どれくらい|教えて"
    r"|어떻게|되나요|돼요|인가요|입니까|얼마|정도|알려|주세요|나요|까요|[이가은는을를에서야요예까죠도]"
)
_CJK_RE = gated_re(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7a3]")
_WORD_RE = gated_re(rf"[{lexicon.WORD_LETTER}]{{3,}}")


def _about_something_else(text: str, cue: str = "price") -> bool:
    """Whether a question names an object of its own ("how much is an iPhone")."""
    rest = lexicon.remove("greeting", lexicon.remove(cue, text))
    if any(not is_common_word(word) for word in _WORD_RE.findall(rest)):
        return True
    return len(_CJK_RE.findall(_PARTICLES_RE.sub("", rest))) >= _FOREIGN_OBJECT_CJK_CHARS


_FOREIGN_OBJECT_CJK_CHARS = 2


def asks_price(text: str, facts: Facts) -> bool:
    """Tell a question about our prices: a price-list word, or money words about our offer."""
    if says("price_list", text) or says("catalog", text):
        return True
    if not has_price_words(text):
        return False
    return facts.gpus > 0 or says("domain", text) or not _about_something_else(text)


def _price_first(text: str, facts: Facts) -> bool:
    """Tell a price question asked first, with a second question after it.

    "B200 月租多少？簽年約有優惠嗎": the first question decides, and the price answer names the
    longer terms; a factual question that only mentions money stays a factual question.
    """
    first, rest = _first_question(text)
    if not rest or not facts.gpus or facts.has_settings:
        return False
    return asks_price(first, facts) and not says("knowledge", first)


_QUESTION_END_RE = gated_re(r"[?？]")


def _first_question(text: str) -> tuple[str, str]:
    match = _QUESTION_END_RE.search(text)
    if match is None:
        return text, ""
    return text[: match.end()], text[match.end() :].strip()


def _with_model(text: str, facts: Facts) -> Intent:
    """Decide for a model or size named: compare GPUs on it, change the last request, size it.

    Two GPUs beside a model compare them on it, unless either will do ("H200 或 B200 都可以"):
    then the cheapest that serves it is the answer, a sizing question.
    """
    if facts.gpus >= _COMPARED_GPUS and not says("instead", text) and not says("either", text):
        return Intent.COMPARE
    if facts.has_model and not facts.has_size and says("instead", text):
        # "毎分600リクエスト…llama 3.3 70bだと何が必要？": a load stated and what it needs asked
        # is a sizing of its own, not the model swapped into the last one
        if facts.has_settings and says("size_question", text):
            return Intent.SIZE
        return Intent.FOLLOWUP
    return Intent.SIZE


def _two_gpus(text: str) -> Intent:
    """Two GPUs and no model: a comparison, unless the question is about money or facts."""
    if says("compare", text):
        return Intent.COMPARE
    if says("knowledge", text):
        return Intent.KNOWLEDGE
    if has_price_words(text) or says("price_list", text):
        return Intent.PRICE
    return Intent.COMPARE


def _price_or_change(text: str, facts: Facts) -> Intent:
    """No model, at most one GPU: a price question, a change to the last request, or other."""
    price = asks_price(text, facts)
    price_of_that = has_price_words(text) and says("anaphor", text)
    followup_words = price_of_that or says("followup", text)
    if price and not facts.has_settings and not price_of_that:
        return Intent.PRICE
    if facts.has_settings or facts.gpus or followup_words:
        if not facts.has_settings and not followup_words and says("size_question", text):
            return Intent.SIZE
        return Intent.FOLLOWUP
    if says("size_question", text):
        return Intent.SIZE
    return Intent.UNKNOWN


def is_thanks(text: str) -> bool:
    """Whether ``text`` (cleaned, lower case) only thanks or acknowledges."""
    return _thanks_re().match(text.strip()) is not None


@cache
def _thanks_re() -> Searchable:
    thanks = lexicon.pattern("thanks")
    return gated_re(rf"^(?:(?:{thanks})[\s!.,。！~]*)+$")


def is_trivial(text: str) -> bool:
    """Whether ``text`` has nothing to read: no letters or digits, or a stray character or two."""
    if _ALNUM_RE.search(text) is None:
        return True
    return len(text) < _OFF_TOPIC_MAX_CHARS and not text.isalpha()
