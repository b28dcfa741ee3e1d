"""A ``model`` field read as the chat reads a model's name: the parser, then the Hub.

No resolver of its own: the text goes through ``bot.understand.parse_message`` (catalog ids,
nicknames, typos, other scripts, generic sizes such as "70B dense") and, where it names a
model beyond the catalog, through the pipeline's ``ModelLookups`` (the Hub, with its cache
and time-out), as ``Pipeline._from_hub`` does for a message. What the chat would answer with
a question (several models fit, an unknown name, a gated repository, an unreachable Hub)
is a problem here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.conversation import LookupProblem, ModelLookups
from bot.understand import parse_message
from bot.web.problems import ProblemError, Reason
from sizing import Checkpoint

MAX_CANDIDATES = 5


@dataclass(frozen=True, slots=True)
class ModelChoice:
    """What names the model for the engine: a catalog id, a Hub checkpoint or a generic size."""

    model_id: str | None = None
    checkpoint: Checkpoint | None = None
    params_b: float | None = None
    active_params_b: float | None = None
    moe: bool | None = None

    def fields(self) -> dict[str, Any]:
        """Return the request's model fields (``SizingRequest`` / ``TrainingRequest``)."""
        return {
            "model_id": self.model_id,
            "checkpoint": self.checkpoint,
            "params_b": self.params_b,
            "active_params_b": self.active_params_b,
            "moe": self.moe,
        }


async def resolve_model(text: str, lookups: ModelLookups | None) -> ModelChoice:
    """Read ``text`` as a model's name; raise a problem when it names none, or several."""
    parsed = parse_message(text)
    facts = parsed.facts.kept()
    if parsed.ambiguous:
        raise ProblemError(
            Reason.AMBIGUOUS_MODEL, candidates=list(parsed.ambiguous[:MAX_CANDIDATES]), model=text
        )
    if parsed.hub is not None and lookups is not None:
        found = (await lookups.resolve_all((parsed.hub,))).get(parsed.hub)
        if found is not None and found.checkpoint is not None:
            return ModelChoice(checkpoint=found.checkpoint)
        problem = found.problem if found is not None else LookupProblem.UNAVAILABLE
        if facts.model_id is not None and parsed.hub.release:
            return ModelChoice(model_id=facts.model_id)  # the catalog's release stands
        if problem is LookupProblem.AMBIGUOUS and found is not None:
            candidates = list(found.candidates[:MAX_CANDIDATES])
            raise ProblemError(Reason.AMBIGUOUS_MODEL, candidates=candidates, model=text)
        if problem is LookupProblem.GATED:
            raise ProblemError(Reason.MODEL_GATED, model=text)
        if problem is LookupProblem.UNAVAILABLE:
            raise ProblemError(Reason.HUB_UNAVAILABLE, headers={"Retry-After": "60"}, model=text)
        raise ProblemError(
            Reason.UNKNOWN_MODEL, candidates=list(parsed.suggestions[:MAX_CANDIDATES]), model=text
        )
    if facts.model_id is not None:
        return ModelChoice(model_id=facts.model_id)
    if facts.params_b is not None and not parsed.unknown_model:
        return ModelChoice(params_b=facts.params_b, active_params_b=facts.active_params_b,
                           moe=facts.moe)  # fmt: skip
    raise ProblemError(
        Reason.UNKNOWN_MODEL, candidates=list(parsed.suggestions[:MAX_CANDIDATES]), model=text
    )
