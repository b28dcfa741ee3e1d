"""The parsed-request JSON of DESIGN.md: intent, language and only what the text said, flat.

The facts of a message (``ParsedRequest.facts``) are written beside the conversation's fields,
under DESIGN.md's names: ``model`` for the catalog id, and ``precision`` as the family the text
named (``fp4``) with ``precision_variant`` for a named 4-bit float (``mxfp4``, ``nvfp4``).
"""

from __future__ import annotations

from decimal import Decimal
from enum import Enum
from typing import Any

from bot.request import FOUR_BIT_VARIANTS, ParsedRequest, RequestFacts, facts_to_json
from sizing import Precision

# DESIGN.md's keys, in the order the parsed-request object has always listed them: each is a
# fact of the message's (``facts.``) or a field of the message's own.
ORDER = (
    ("model", "facts.model_id"),
    ("params_b", "facts.params_b"),
    ("active_params_b", "facts.active_params_b"),
    ("moe", "facts.moe"),
    ("precision", None),  # the family: written from facts.precision below
    ("precision_variant", None),
    ("context_tokens", "facts.context_tokens"),
    ("concurrency", "facts.concurrency"),
    ("gpus", "facts.gpus"),
    ("gpu_count", "facts.gpu_count"),
    ("budget_usd_month", "facts.budget_usd_month"),
    ("cuda_only", "facts.cuda_only"),
    ("needs_native_fp4", "facts.needs_native_fp4"),
    ("command", "command"),
    ("command_args", "command_args"),
    ("lang_choice", "lang_choice"),
    ("unknown_model", "unknown_model"),
    ("suggestions", "suggestions"),
    ("ambiguous", "ambiguous"),
    ("not_understood", "not_understood"),
    ("kv_dtype", "facts.kv_dtype"),
    ("courtesy", "courtesy"),
    ("topic", "topic"),
    ("more_topics", "more_topics"),
    ("spec", "spec"),
    ("software", "software"),
    ("engine", "facts.engine"),
    ("term", "term"),
    # The facts of this milestone's requests, under their DESIGN.md names.
    ("hf_id", "facts.hf_id"),
    ("throughput_tok_s", "facts.throughput_tok_s"),
    ("tokens_per_user_tok_s", "facts.tokens_per_user_tok_s"),
    ("ttft_s", "facts.ttft_s"),
    ("requests_per_minute", "facts.requests_per_minute"),
    ("input_tokens", "facts.input_tokens"),
    ("output_tokens", "facts.output_tokens"),
    ("batch_tokens", "facts.batch_tokens"),
    ("deadline_hours", "facts.deadline_hours"),
    ("training", "facts.training"),
    ("method", "facts.method"),
    ("tokens", "facts.tokens"),
    ("seq_len", "facts.seq_len"),
    ("draft_model_id", "facts.draft_model_id"),
    ("speculative_tokens", "facts.speculative_tokens"),
    ("epochs", "facts.epochs"),
    ("lora_adapters", "facts.lora_adapters"),
    ("lora_rank", "facts.lora_rank"),
    ("months", "facts.months"),
    ("plan_counts", "facts.plan_counts"),
    ("members", "facts.members"),
    ("servers", "servers"),
    ("lever", "lever"),
    # What a message says beyond the deployment (issue 29's names).
    ("use_case", "cues.use_case"),
    ("headcount", "cues.headcount"),
    ("usual_concurrency", "cues.usual_at_once"),
    ("kv_cache_bytes", "cues.kv_cache_bytes"),
    ("unrented_gpu", "cues.unrented_gpu"),
    ("model_kind", "cues.model_kind"),
    ("asked", "cues.asked"),
    ("budget_amount", "cues.budget_amount"),
    ("budget_currency", "cues.budget_currency"),
    ("budget_months", "cues.budget_months"),
)
# Facts a message never carries: an uploaded config is the chat's, not the text's.
UNWRITTEN_FACTS = frozenset({"model_config"})


def _plain(value: Any) -> Any:  # noqa: ANN401 - field values are of several JSON-able types
    if isinstance(value, tuple):  # several models' facts are objects of their own
        return [_member(item) if isinstance(item, RequestFacts) else _plain(item) for item in value]
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return dict(value)
    return value


def _member(facts: RequestFacts) -> dict[str, Any]:
    """One model of several, under the parsed request's names (``model`` for the catalog id)."""
    stated = facts_to_json(facts)
    model = stated.pop("model_id", None)
    return {"model": model, **stated} if model is not None else stated


def _read(parsed: ParsedRequest, path: str) -> Any:  # noqa: ANN401 - any field's value
    holder: object = parsed
    for part in path.split("."):
        holder = getattr(holder, part)
    return holder


def _precision(facts: RequestFacts) -> tuple[str | None, str | None]:
    precision = facts.precision
    if precision is None:
        return None, None
    if precision in FOUR_BIT_VARIANTS:
        return Precision.FP4.value, precision.value
    return precision.value, None


def parsed_to_json(parsed: ParsedRequest) -> dict[str, Any]:
    """Return a JSON-able dict: ``intent`` and ``language`` always, other fields when set."""
    out: dict[str, Any] = {"intent": parsed.intent.value, "language": parsed.language}
    family, variant = _precision(parsed.facts)
    for key, path in ORDER:
        if key == "precision":
            value: Any = family
        elif key == "precision_variant":
            value = variant
        else:
            value = _read(parsed, path or key)
        if value is None or value == ():
            continue
        out[key] = _plain(value)
    return out
