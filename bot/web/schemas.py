"""The API's request bodies: pydantic models the handlers validate with, and OpenAPI is made from.

Field names are the command line's options with underscores (``python -m sizing size --help``):
``model``, ``precision``, ``context``, ``concurrency``, ``kv_dtype``, ``gpu``, ``gpu_count``,
``budget``... Values are read as people type them: a context of ``"128K"`` is 131,072 tokens
(K = 1,024, as the command line reads it), a job of ``"20B"`` tokens is 20 billion, a budget
of ``"$20,000"`` is 20,000 US$, ``"20"`` is 20. Unknown fields are refused by name, so a
misspelt option never passes silently.
"""

from __future__ import annotations

import math
import re
from decimal import Decimal, InvalidOperation
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, model_validator

from sizing import (
    MAX_BUDGET_USD,
    MAX_CONCURRENCY,
    MAX_CONTEXT_TOKENS,
    Checkpointing,
    GpuId,
    KvDtype,
    Optimizer,
    Precision,
    ServingEngine,
    TrainingMethod,
    parse_context_code,
)

MAX_MODEL_CHARS = 300  # longer than any Hub id or URL of one
MAX_TEXT_CHARS = 16 * 1024  # as ``bot ask --jsonl``: longer than any Telegram message
MAX_CHAT_KEY_CHARS = 128
MAX_GPU_COUNT = 4096
MAX_JOB_TOKENS = 10**16
_COUNT = re.compile(r"(\d+(?:\.\d+)?)([kmbt]?)")
_COUNT_UNITS = {"": 1, "k": 10**3, "m": 10**6, "b": 10**9, "t": 10**12}


def _tokens(value: object) -> object:
    """``"128K"``/``"128k"``/``"131,072"`` -> 131072 (K and M binary, as the command line)."""
    if isinstance(value, str):
        text = value.strip().lower().replace(",", "").replace("_", "").replace(" ", "")
        try:
            return parse_context_code(text.removesuffix("tokens"))
        except ValueError:
            return value  # left to the int check, which says what was expected
    return value


def _count(value: object) -> object:
    """``"20B"`` -> 20,000,000,000, ``"1.5T"``, ``"50M"`` (decimal units, as the CLI's jobs)."""
    if isinstance(value, str):
        text = value.strip().lower().replace(",", "").replace("_", "").replace(" ", "")
        match = _COUNT.fullmatch(text)
        if match is None:
            return value
        amount = Decimal(match.group(1)) * _COUNT_UNITS[match.group(2)]
        return int(amount) if amount == amount.to_integral_value() else value
    return value


def _usd(value: object) -> object:
    """``"$20,000"`` / ``"20000 USD"`` -> Decimal 20000."""
    if isinstance(value, str):
        text = value.strip().upper().replace("$", "").replace(",", "").removesuffix("USD")
        try:
            return Decimal(text.strip())
        except InvalidOperation:
            return value
    return value


def _lower(value: object) -> object:
    return value.strip().lower() if isinstance(value, str) else value


def _gpus(value: object) -> object:
    """One GPU or several: ``"h200"``, ``["mi355x", "h200"]``, ``"MI355X, H200"``."""
    if isinstance(value, str):
        return [part.strip().lower() for part in value.split(",") if part.strip()]
    if isinstance(value, list):
        return [_lower(item) for item in value]
    return value


def _finite(value: object) -> object:
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError("a finite number is expected")
    return value


Tokens = Annotated[int, BeforeValidator(_tokens), Field(ge=1, le=MAX_CONTEXT_TOKENS)]
JobTokens = Annotated[int, BeforeValidator(_count), Field(ge=1, le=MAX_JOB_TOKENS)]
Budget = Annotated[
    Decimal,
    BeforeValidator(_usd),
    Field(gt=0, le=MAX_BUDGET_USD, allow_inf_nan=False, description="US$ per month"),
]
Gpus = Annotated[list[GpuId], BeforeValidator(_gpus), Field(max_length=3)]
Positive = Annotated[float, BeforeValidator(_finite), Field(gt=0, allow_inf_nan=False)]
ModelName = Annotated[
    str,
    Field(
        min_length=1,
        max_length=MAX_MODEL_CHARS,
        description="a catalog id, any Hugging Face id or URL, or a name as people write it "
        '("DeepSeek V3"), resolved as the chat resolves it',
        examples=["DeepSeek V3", "meta-llama/Llama-3.3-70B-Instruct"],
    ),
]


E = TypeVar("E")
# An option given as one of its values, in any case: "FP8" is fp8.
Choice = Annotated[E | None, BeforeValidator(_lower)]


class Body(BaseModel):
    """Every body: unknown fields refused, strings stripped, no coercion of bools from text."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True, frozen=True)


class ModelFields(Body):
    """What names the model: ``model``, or a generic size (``params_b``, ``active_params_b``)."""

    model: ModelName | None = None
    params_b: Annotated[float | None, Field(gt=0, le=100_000, allow_inf_nan=False)] = None
    active_params_b: Annotated[float | None, Field(gt=0, le=100_000, allow_inf_nan=False)] = None
    moe: bool | None = None

    @model_validator(mode="after")
    def _one_model(self) -> ModelFields:
        if (self.model is None) == (self.params_b is None):
            raise ValueError("give either model or params_b")
        return self


class SizeBody(ModelFields):
    """``POST /v1/size``: what ``python -m sizing size`` takes, by its option names."""

    precision: Choice[Precision] = None
    context: Tokens | None = Field(default=None, examples=["128K", 131072])
    concurrency: Annotated[int | None, Field(ge=1, le=MAX_CONCURRENCY)] = None
    kv_dtype: Choice[KvDtype] = None
    gpu: Gpus = Field(default_factory=list)
    gpu_count: Annotated[int | None, Field(ge=1, le=MAX_GPU_COUNT)] = None
    gpu_memory_utilization: Annotated[float, Field(gt=0.05, le=1.0, allow_inf_nan=False)] = 0.9
    budget: Budget | None = None
    cuda_only: bool = False
    native_fp4: bool = False
    include_mtp: bool = False
    engine: Choice[ServingEngine] = None
    throughput: Positive | None = None
    tokens_per_user: Positive | None = None
    ttft: Positive | None = None
    requests_per_minute: Positive | None = None
    input_tokens: Tokens | None = None
    output_tokens: Tokens | None = None
    batch_tokens: JobTokens | None = None
    deadline_hours: Positive | None = None


class TrainBody(ModelFields):
    """``POST /v1/train``: what ``python -m sizing train`` takes, by its option names."""

    method: Choice[TrainingMethod] = None
    tokens: JobTokens | None = Field(default=None, examples=["50M", "2B"])
    epochs: Annotated[float | None, Field(gt=0, le=1000, allow_inf_nan=False)] = None
    seq_len: Tokens | None = None
    precision: Choice[Precision] = None
    optimizer: Choice[Optimizer] = None
    lora_rank: Annotated[int | None, Field(ge=1, le=4096)] = None
    global_batch: Annotated[int | None, Field(ge=1, le=10**7)] = None
    micro_batch: Annotated[int | None, Field(ge=1, le=10**5)] = None
    zero_stage: Annotated[int | None, Field(ge=0, le=3)] = None
    offload: bool = False
    checkpointing: Choice[Checkpointing] = None
    gpu: Gpus = Field(default_factory=list)
    gpu_count: Annotated[int | None, Field(ge=1, le=MAX_GPU_COUNT)] = None
    budget: Budget | None = None
    deadline_hours: Positive | None = None
    cuda_only: bool = False


class CompareBody(Body):
    """``POST /v1/compare``: two GPUs side by side (``python -m sizing compare A B``)."""

    a: Annotated[GpuId, BeforeValidator(_lower)] = Field(examples=["mi355x"])
    b: Annotated[GpuId, BeforeValidator(_lower)] = Field(examples=["h200"])


class PriceQuery(Body):
    """``GET /v1/price?gpu=``: the price table, of one GPU or all."""

    gpu: Choice[GpuId] = None


class AskBody(Body):
    """``POST /v1/ask``: a message as a customer writes it; ``chat`` keeps a conversation."""

    text: Annotated[str, Field(min_length=1, max_length=MAX_TEXT_CHARS)]
    lang: Annotated[str, Field(max_length=35)] = Field(
        default="auto", description="auto (from the text) or a code: en, zh-Hans, pt-BR..."
    )
    chat: Annotated[
        str | None,
        Field(
            min_length=1,
            max_length=MAX_CHAT_KEY_CHARS,
            description="a key of the caller's choosing: messages with the same key are one "
            "conversation, in order, with the memory a Telegram chat keeps",
        ),
    ] = None


class Problem(BaseModel):
    """An error, as RFC 9457 ``application/problem+json``, with the reason ``code``."""

    type: str
    title: str
    status: int
    detail: str
    code: str
    instance: str | None = None
    errors: list[dict[str, str]] | None = None
    candidates: list[str] | None = None


class Answer(BaseModel):
    """A JSON answer: the engine's, with the fields the deployment adds (open to more)."""

    model_config = ConfigDict(extra="allow")


class SizeAnswer(Answer):
    """``sizing size --json`` plus ``chart_url`` and ``prices_as_of`` (checkout links filled)."""

    model: dict[str, Any]
    request: dict[str, Any]
    options: list[dict[str, Any]]
    recommended_index: int | None
    chart_url: str
    prices_as_of: str


class AskAnswer(Answer):
    """``bot ask --format json``: kind, language, data, text, html, links (and ``chat``)."""

    kind: str
    language: str
    data: dict[str, Any] | None
    text: str
    html: str
    links: list[dict[str, str]]
    chat: str | None = None
