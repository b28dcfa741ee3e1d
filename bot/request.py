"""What the understanding step makes of one message: a typed, partial request.

Fields are ``None`` (or empty) when the text does not say them: nothing is guessed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Intent(StrEnum):
    """What the customer wants."""

    SIZE = "size"
    PRICE = "price"
    COMPARE = "compare"
    HELP = "help"
    FOLLOWUP = "followup"
    KNOWLEDGE = "knowledge"  # a question the knowledge base answers (``topic`` says which)
    SALES = "sales"  # the customer asks for a person
    UNKNOWN = "unknown"


LANGUAGES: tuple[str, ...] = (
    "en",
    "zh-Hans",
    "zh-Hant",
    "ru",
    "ja",
    "ko",
    "es",
    "pt-BR",
    "de",
    "fr",
)


@dataclass(frozen=True, slots=True)
class ParsedRequest:
    """One message, understood. ``to_json`` gives the DESIGN.md parsed-request object."""

    intent: Intent
    language: str  # one of LANGUAGES
    model: str | None = None  # catalog HF id
    params_b: float | None = None  # generic model size, billions
    active_params_b: float | None = None  # generic MoE active size, billions
    moe: bool | None = None
    precision: str | None = None  # bf16|fp16|fp8|int8|fp6|fp4|int4 (mxfp4/nvfp4 map to fp4)
    precision_variant: str | None = None  # mxfp4|nvfp4 when the text named one
    context_tokens: int | None = None
    concurrency: int | None = None
    gpus: tuple[str, ...] = ()  # h200|mi355x|b200, in order of mention
    gpu_count: int | None = None  # GPUs asked to run it on ("on one H200": 1)
    budget_usd_month: int | None = None
    cuda_only: bool | None = None
    needs_native_fp4: bool | None = None
    command: str | None = None  # "start", "help", "size", "price", "compare", "lang", ...
    command_args: str | None = None
    lang_choice: str | None = None  # /lang argument, normalised to LANGUAGES, when valid
    unknown_model: str | None = None  # a model-like name the catalog does not know
    suggestions: tuple[str, ...] = ()  # closest catalog ids for unknown_model
    ambiguous: tuple[str, ...] = field(default=())  # catalog ids the text could mean equally
    not_understood: tuple[str, ...] = ()  # codes of what could not be read, e.g. "context"
    kv_dtype: str | None = None  # bf16|fp16|fp8 when the text names the KV cache's own dtype
    courtesy: bool | None = None  # the message only thanks or acknowledges: no question in it
    topic: str | None = None  # knowledge intent: a ``sizing.knowledge.types.Topic`` value
    spec: str | None = None  # gpu_spec topic: the figure asked for (``SpecAspect`` value)
    software: str | None = None  # software topic: the item named (``SoftwareItem`` value)
    engine: str | None = None  # vllm|sglang when the text names the serving engine
    term: str | None = None  # glossary topic: the term asked about (``Term`` value)
