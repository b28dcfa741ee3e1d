"""What a turn tells the analytics (``bot.ops.analytics``): closed sets only, never the text.

The pipeline calls these where it learns a fact; outside a turn the transport opened they do
nothing. A model is counted by its family (a word from ``FAMILIES`` in its name, ``generic`` for
"a 70B model", ``other`` for the rest), never by its id: ids from the Hub are the customer's.
"""

from __future__ import annotations

from bot.answers import decode_payload
from bot.ops import note_turn
from sizing import (
    InvalidRequestError,
    ModelInfo,
    SizingAnswer,
    SizingError,
    TrainingAnswer,
    UnknownModelError,
    VerdictCode,
)

# Families customers bring, longest first where one name holds another ("mixtral" before "mistral"
# is not needed: neither holds the other; "qwq" before "qwen" is).
FAMILIES = (
    "deepseek", "qwq", "qwen", "llama", "mixtral", "mistral", "magistral", "devstral",
    "codestral", "ministral", "gemma", "phi", "glm", "kimi", "gpt-oss", "minimax", "command",
    "falcon", "nemotron", "granite", "exaone", "hunyuan", "ernie", "olmo", "internlm", "jamba",
    "yi", "baichuan", "starcoder", "smollm", "aya", "seed", "ling", "longcat", "apertus", "step",
)  # fmt: skip
VERDICTS = {
    VerdictCode.OVER_BUDGET: "over_budget",
    VerdictCode.NO_PLAN: "does_not_fit",
}


def model_family(model: ModelInfo) -> str:
    """Name the model's family from the closed list, ``generic`` or ``other``."""
    if model.generic:
        return "generic"
    name = " ".join(filter(None, (model.hf_id, model.id, model.name))).lower()
    for family in FAMILIES:
        if family in name.replace("_", "-"):
            return family
    return "other"


def note_intent(intent: str) -> None:
    """Note what the turn asked (an ``Intent`` value, or deep_link, button, upload, language)."""
    note_turn(intent=intent)


def note_sizing(answer: SizingAnswer) -> None:
    """Note a sizing's family, verdict and recommended plan."""
    code = answer.verdict.code if answer.verdict is not None else None
    verdict = VERDICTS.get(code, "fits") if code is not None else "fits"
    if answer.recommended is None and verdict == "fits":
        verdict = "does_not_fit"
    note_turn(family=model_family(answer.model), verdict=verdict, plan=answer.recommended)


def note_training(answer: TrainingAnswer) -> None:
    """Note a training answer's family, verdict and plan."""
    code = answer.verdict.code.value
    verdict = {"no_plan": "does_not_fit", "over_budget": "over_budget"}.get(code, "fits")
    note_turn(family=model_family(answer.model), verdict=verdict, plan=answer.verdict.plan)


def note_refusal(error: SizingError | None = None) -> None:
    """Note that nothing was sized: the model unknown (``None`` too) or the request refused."""
    unknown = error is None or isinstance(error, UnknownModelError)
    refused = isinstance(error, InvalidRequestError)
    note_turn(verdict="unknown_model" if unknown else "refused" if refused else "failed")


def note_deep_link(payload: str) -> None:
    """Note a deep link opened (``/start PAYLOAD``): its kind and source tag."""
    link = decode_payload(payload)
    kind, source = (link.kind.value, link.source) if link is not None else ("unknown", None)
    note_turn(intent="deep_link", link_kind=kind, link_source=source)
