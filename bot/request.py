"""What a message says: the facts of a request, from the parser through the chat to the engine.

``RequestFacts`` is what a customer stated about a deployment, every field ``None`` (or empty)
when not said: nothing is guessed, and a default stays the engine's to choose (and to say it
chose). The parser reads one from each message; the chat keeps the last one and merges a
follow-up into it; the engine sizes it. It has one JSON form (``facts_to_json`` and
``facts_from_json``), the one the chat store keeps. ``ParsedRequest`` is one message
understood: its intent, its language, its facts, and what it says about the conversation.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from decimal import Decimal
from enum import StrEnum
from functools import cache
from typing import Any

from pydantic import ConfigDict, TypeAdapter, ValidationError

from sizing import (
    TRAINING_PRECISIONS,
    Checkpoint,
    GpuId,
    KvDtype,
    Precision,
    ServingEngine,
    SharedRequest,
    SizingRequest,
    TrainingMethod,
    TrainingRequest,
)

# What the text said of a 4-bit float: the generic FP4, and the named variant when there is one.
FOUR_BIT_VARIANTS = frozenset({Precision.MXFP4, Precision.NVFP4})


class Intent(StrEnum):
    """What the customer wants."""

    SIZE = "size"
    PRICE = "price"
    COMPARE = "compare"
    HELP = "help"
    FOLLOWUP = "followup"
    TRAIN = "train"  # a training or fine-tuning job
    KNOWLEDGE = "knowledge"  # a question the knowledge base answers (``topic`` says which)
    SALES = "sales"  # the customer asks for a person
    DISCOVER = "discover"  # a use without a model: "a chatbot for 200 employees", "2 TB of KV"
    UNKNOWN = "unknown"


class Lever(StrEnum):
    """A follow-up that asks for a change without a value ("cheaper?", "explain", "why not X?")."""

    CHEAPER = "cheaper"  # the cheapest way from the plan on the table, or why there is none
    EXPLAIN = "explain"  # how this answer's figures are worked out
    WHY_NOT = "why_not"  # why not the GPU named (``facts.gpus``) instead of the pick


@dataclass(frozen=True, slots=True)
class RequestFacts:
    """What a customer stated about a deployment; every field unset until they say it.

    Field names are the engine's where the engine has the field (``SizingRequest``) and
    DESIGN.md's for the facts later steps size (service-level targets, training, rental).
    """

    # The model: a catalog id, a Hub id or URL as given, an uploaded config, or a generic size.
    model_id: str | None = None
    hf_id: str | None = None
    model_config: Mapping[str, Any] | None = None
    params_b: float | None = None  # generic model: total parameters, billions
    active_params_b: float | None = None  # generic MoE: active parameters, billions
    moe: bool | None = None
    # Formats and engine: a named 4-bit variant (MXFP4, NVFP4) is the precision itself.
    precision: Precision | None = None
    kv_dtype: KvDtype | None = None
    engine: ServingEngine | None = None
    # The load.
    context_tokens: int | None = None
    concurrency: int | None = None
    # The hardware and the constraints on it.
    gpus: tuple[GpuId, ...] = ()  # in order of mention
    gpu_count: int | None = None  # GPUs asked to run it on ("on one H200": 1)
    budget_usd_month: Decimal | None = None
    cuda_only: bool | None = None
    needs_native_fp4: bool | None = None
    # Service-level targets: aggregate output tokens/s, each user's tokens/s, seconds to the
    # first token at the stated load, a request rate with average input and output lengths,
    # and an offline job of so many tokens within a deadline.
    throughput_tok_s: float | None = None
    tokens_per_user_tok_s: float | None = None
    ttft_s: float | None = None
    requests_per_minute: float | None = None
    input_tokens: int | None = None
    output_tokens: int | None = None
    batch_tokens: int | None = None
    deadline_hours: float | None = None
    # Training: that the job is training (not serving), the method, the tokens of one pass
    # over the data, the sequence length, the epochs.
    training: bool | None = None
    method: TrainingMethod | None = None
    tokens: int | None = None
    seq_len: int | None = None
    epochs: float | None = None
    # LoRA adapters served on the base model (multi-LoRA), and their largest rank.
    lora_adapters: int | None = None
    lora_rank: int | None = None
    # Speculative decoding with a draft model of the catalog, and the tokens it drafts a step.
    draft_model_id: str | None = None
    speculative_tokens: int | None = None
    # Rental: how many months, and how many units of which plans ({plan id: count}).
    months: int | None = None
    plan_counts: Mapping[str, int] | None = None
    # A model read from the Hub: its repository's commit, quantization file and stored
    # tensor counts beside ``hf_id`` and ``model_config`` (the config.json).
    hf_revision: str | None = None
    hf_quant_config: Mapping[str, Any] | None = None
    stored_params: Mapping[str, int] | None = None
    hf_releases: Mapping[str, str] | None = None  # its makers' quantized releases, by format
    # Several models served side by side: each one's own facts (the fields above then hold
    # the deployment's: GPUs, count, budget, platform, and the first model's reading).
    members: tuple[RequestFacts, ...] = ()

    # Stored JSON is read with pydantic's lax rules ("fp8" is Precision.FP8, 9000 a Decimal);
    # infinities and NaN are not numbers a customer said.
    __pydantic_config__ = ConfigDict(allow_inf_nan=False)

    def merge(self, change: RequestFacts) -> RequestFacts:
        """Return these facts with ``change`` applied: a new model replaces the old one whole.

        A change of GPUs without a count drops the count asked ("and on MI355X?" after "on
        one H200" means any number of them).
        """
        merged = {spec.name: getattr(self, spec.name) for spec in fields(self)}
        if change.names_model:
            for name in MODEL_FIELDS:
                merged[name] = None
            merged["members"] = ()
        if change.gpus and change.gpu_count is None:
            merged["gpu_count"] = None
        merged.update(change.stated())
        if self.members and not change.names_model:
            # "and with 64K?" after several models: every model takes the change.
            own = {k: v for k, v in change.stated().items() if k not in _DEPLOYMENT_FIELDS}
            merged["members"] = tuple(replace(member, **own) for member in self.members)
        return RequestFacts(**merged)

    def stated(self) -> dict[str, Any]:
        """Return the fields set, by name (unset and empty ones left out)."""
        return {
            name: value
            for name in _FACT_NAMES
            if (value := getattr(self, name)) is not None and value != ()
        }

    @property
    def states_load(self) -> bool:
        """Whether the facts say the load: users at once, a service level, a rate or a job."""
        load = (
            self.concurrency,
            self.throughput_tok_s,
            self.tokens_per_user_tok_s,
            self.ttft_s,
            self.requests_per_minute,
            self.batch_tokens,
        )
        return any(value is not None for value in load)

    @property
    def names_model(self) -> bool:
        """Whether the facts say which model to size."""
        return self.model_id is not None or self.params_b is not None or bool(self.model_config)

    @property
    def from_hub(self) -> bool:
        """Whether the model is a Hub repository read for this chat (id, config, revision)."""
        return self.model_id is None and self.hf_id is not None and bool(self.model_config)

    @property
    def asks_something(self) -> bool:
        """Whether the facts hold one beyond those that only qualify a request ("8x H200?")."""
        return bool(set(self.stated()) - QUALIFIER_FIELDS)

    def kept(self) -> RequestFacts:
        """Return the facts a conversation keeps of a message's.

        A catalog model wins over a generic size read from the same text, and MoE figures
        without a total size are no size.
        """
        if self.model_id is not None or self.params_b is None:
            if self.params_b is None and self.active_params_b is None and self.moe is None:
                return self  # nothing to drop (the intent decision asks this of most messages)
            return replace(self, params_b=None, active_params_b=None, moe=None)
        return self

    def model_part(self) -> RequestFacts:
        """Return the facts that name the model, alone."""
        return RequestFacts(**{name: getattr(self, name) for name in MODEL_FIELDS})

    def without_model(self) -> RequestFacts:
        """Return every fact but those that name the model (a caption beside an upload)."""
        return replace(
            self,
            model_id=None,
            hf_id=None,
            model_config=None,
            params_b=None,
            active_params_b=None,
            moe=None,
            hf_revision=None,
            hf_quant_config=None,
            stored_params=None,
            hf_releases=None,
        )

    def sizing_request(self) -> SizingRequest:
        """Return what the engine sizes: the stated facts it has fields for, defaults otherwise.

        A catalog model named wins over an uploaded config.
        """
        values = {name: value for name, value in self.stated().items() if name in _SIZED}
        if values.get("model_id") is not None:
            values.pop("model_config", None)
        if self.from_hub and self.hf_id is not None and self.model_config is not None:
            values.pop("model_config", None)
            values["checkpoint"] = Checkpoint(
                hf_id=self.hf_id,
                config=dict(self.model_config),
                revision=self.hf_revision,
                hf_quant_config=dict(self.hf_quant_config) if self.hf_quant_config else None,
                stored_params=dict(self.stored_params or {}),
                releases=dict(self.hf_releases or {}),
            )
        if "model_config" in values:
            values["model_config"] = dict(values["model_config"])
        return SizingRequest(**values)

    def shared_request(self) -> SharedRequest:
        """Return the models to size together, with the deployment's GPUs and constraints."""
        return SharedRequest(
            members=tuple(member.sizing_request() for member in self.members),
            gpus=self.gpus,
            budget_usd_month=self.budget_usd_month,
            cuda_only=bool(self.cuda_only),
        )

    @property
    def trains(self) -> bool:
        """Whether the facts ask for a training job (a method named, or training said)."""
        return bool(self.training) or self.method is not None

    def training_request(self) -> TrainingRequest:
        """Return the training job the facts describe, for ``sizing.size_training``.

        A 4-bit format beside LoRA (or no method) is QLoRA; a training precision other than
        BF16 and FP8 is left to the engine's default (BF16).
        """
        model = self.sizing_request()
        method = self.method
        if self.precision in QLORA_FORMATS and method in {None, TrainingMethod.LORA}:
            method = TrainingMethod.QLORA
        precision = self.precision if self.precision in TRAINING_PRECISIONS else None
        return TrainingRequest(
            model_id=model.model_id,
            model_config=model.model_config,
            checkpoint=model.checkpoint,
            params_b=model.params_b,
            active_params_b=model.active_params_b,
            moe=model.moe,
            method=method,
            tokens=self.tokens,
            epochs=self.epochs,
            seq_len=self.seq_len,
            precision=precision,
            gpus=self.gpus,
            gpu_count=self.gpu_count,
            budget_usd_month=self.budget_usd_month,
            deadline_hours=self.deadline_hours,
            cuda_only=bool(self.cuda_only),
        )


# 4-bit weight formats that, beside LoRA, mean QLoRA.
# The fields' names, read once: ``stated`` runs for every chat state written and every merge.
_FACT_NAMES = tuple(spec.name for spec in fields(RequestFacts))
QLORA_FORMATS = frozenset({Precision.FP4, Precision.MXFP4, Precision.NVFP4, Precision.INT4})

# Which facts name the model (a new one replaces them all), and those that only qualify a
# request without asking for anything ("8x H200?" alone asks for no sizing).
MODEL_FIELDS = (
    "model_id",
    "hf_id",
    "model_config",
    "params_b",
    "active_params_b",
    "moe",
    "hf_revision",
    "hf_quant_config",
    "stored_params",
    "hf_releases",
    "draft_model_id",  # a draft drafts for one model: a new model drops it
    "speculative_tokens",
)
QUALIFIER_FIELDS = frozenset({"gpu_count"})
# Facts of a deployment of several models as a whole, never of one of its models.
_DEPLOYMENT_FIELDS = frozenset(
    {"gpus", "gpu_count", "budget_usd_month", "cuda_only", "needs_native_fp4", "members"}
)
# The service levels and job figures a request states ("TTFT under 1 s", "10M documents in a
# week"), by their fact names.
SERVICE_FIELDS = (
    "throughput_tok_s",
    "tokens_per_user_tok_s",
    "ttft_s",
    "requests_per_minute",
    "input_tokens",
    "output_tokens",
    "batch_tokens",
    "deadline_hours",
)
# The facts the engine sizes today; the others are carried, kept and merged until it does.
_SIZED = frozenset(
    {
        "model_id",
        "model_config",
        "params_b",
        "active_params_b",
        "moe",
        "precision",
        "kv_dtype",
        "engine",
        "context_tokens",
        "concurrency",
        "gpus",
        "gpu_count",
        "budget_usd_month",
        "cuda_only",
        "needs_native_fp4",
        *SERVICE_FIELDS,
        "lora_adapters",
        "lora_rank",
        "draft_model_id",
        "speculative_tokens",
    }
)
NOT_YET_SIZED = (
    frozenset(spec.name for spec in fields(RequestFacts))
    - _SIZED
    - {"hf_id", "hf_revision", "hf_quant_config", "stored_params", "hf_releases"}
    - {"members"}  # sized together by ``sizing.size_shared``
)


@cache
def _adapter() -> TypeAdapter[RequestFacts]:
    return TypeAdapter(RequestFacts)


def _json_value(value: object) -> object:
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else str(value)
    if isinstance(value, tuple):
        return [_json_value(item) for item in value]
    if isinstance(value, Mapping):
        return dict(value)
    if isinstance(value, RequestFacts):
        return facts_to_json(value)
    if isinstance(value, GpuId | Precision | KvDtype | ServingEngine | TrainingMethod):
        return value.value
    return value


def facts_to_json(facts: RequestFacts) -> dict[str, Any]:
    """Return the JSON form of the facts: the stated fields only, enums as their values."""
    return {name: _json_value(value) for name, value in facts.stated().items()}


def facts_from_json(data: Mapping[str, Any]) -> RequestFacts:
    """Read stored facts; keys it does not know, and values that do not read, are left out.

    One stored value that does not read (a format since removed, a mistyped number) costs that
    fact alone, never the rest of the chat's request.
    """
    known = {spec.name for spec in fields(RequestFacts)}
    values = {name: value for name, value in data.items() if name in known}
    while True:
        try:
            return _adapter().validate_python(values)
        except ValidationError as error:
            values = _without_unreadable(values, error)


def _without_unreadable(values: dict[str, Any], error: ValidationError) -> dict[str, Any]:
    """Drop what did not read: the items of a list that did not (the rest stay), else the field."""
    items: dict[str, set[int]] = {}
    whole: set[str] = set()
    for problem in error.errors():
        where = problem["loc"]
        name = str(where[0]) if where else ""
        if len(where) > 1 and isinstance(where[1], int) and isinstance(values.get(name), list):
            items.setdefault(name, set()).add(where[1])
        else:
            whole.add(name)
    fewer = {name: value for name, value in values.items() if name not in whole}
    for name, bad in items.items():
        if name in fewer:
            fewer[name] = [item for i, item in enumerate(fewer[name]) if i not in bad]
    if fewer == values:  # nothing left to drop: nothing of it reads
        return {}
    return fewer


@dataclass(frozen=True, slots=True)
class HubQuery:
    """A model to look up on the Hub: a repository id (from an id or URL) or a loose name.

    ``full`` asks for the full model of a family whose catalog entry is a reduced one
    ("满血版": DeepSeek V4, not V4-Flash). ``release`` marks another release (a date) of the
    catalog model the facts also name: the Hub's wins, and without a Hub the catalog's stands.
    """

    text: str
    is_id: bool = False
    full: bool = False
    release: bool = False  # another release of the catalog model also in the facts


@dataclass(frozen=True, slots=True)
class Cues:
    """What a message says beyond a deployment's facts, for the conversation to act on.

    The use it describes without a model, the people it is for (a head count, not users at
    once), a KV-cache capacity asked, hardware named that we do not rent (and a count said
    with it), a kind of model the engine does not size, the figure a direct question asks
    for, and the budget as written (amount, ISO currency, US dollars included, and the months it
    is for when not one).
    """

    use_case: str | None = None  # a ``sizing.UseCase`` value
    headcount: int | None = None
    kv_cache_bytes: int | None = None
    unrented_gpu: str | None = None  # a ``sizing`` other-GPU id: h100, a100, mi300x, ...
    unrented_count: int | None = None
    model_kind: str | None = None  # embedding | reranker | speech | image | video
    asked: str | None = None  # gpu_count | speed | kv | users | overkill | price | fits
    budget_amount: Decimal | None = None
    budget_currency: str | None = None
    budget_months: int | None = None  # months the amount is for, when not one (12: a year's)
    usual_at_once: int | None = None  # users at once usually, beside the peak sized
    users_from_headcount: bool = False  # users at once assumed from the head count, not said

    @property
    def budget_per_month(self) -> Decimal | None:
        """The budget as written, per month (a year's divided by twelve)."""
        if self.budget_amount is None or not self.budget_months:
            return self.budget_amount
        return (self.budget_amount / self.budget_months).quantize(Decimal("0.01"))


@dataclass(frozen=True, slots=True)
class ParsedRequest:
    """One message, understood: its intent and language, its facts, what it says of the chat.

    ``bot.understand.parsed_to_json`` gives the DESIGN.md parsed-request object (flat).
    """

    intent: Intent
    language: str  # one of bot.languages.LANGUAGES
    facts: RequestFacts = field(default_factory=RequestFacts)
    command: str | None = None  # "start", "help", "size", "price", "compare", "lang", ...
    command_args: str | None = None
    lang_choice: str | None = None  # /lang argument, as one of our language codes, when valid
    unknown_model: str | None = None  # a model-like name the catalog does not know
    suggestions: tuple[str, ...] = ()  # closest catalog ids for unknown_model
    hub: HubQuery | None = None  # a model beyond the catalog, to look up on the Hub
    ambiguous: tuple[str, ...] = field(default=())  # catalog ids the text could mean equally
    not_understood: tuple[str, ...] = ()  # codes of what could not be read, e.g. "context"
    courtesy: bool | None = None  # the message only thanks or acknowledges: no question in it
    topic: str | None = None  # knowledge intent: a ``sizing.knowledge.types.Topic`` value
    # Other questions of the page asked in the same message ("is there a minimum term, and is
    # traffic included?"), answered after ``topic``'s.
    more_topics: tuple[str, ...] = ()
    spec: str | None = None  # gpu_spec topic: the figure asked for (``SpecAspect`` value)
    software: str | None = None  # software topic: the item named (``SoftwareItem`` value)
    term: str | None = None  # glossary topic: the term asked about (``Term`` value)
    # Rental and follow-up levers (``bot.understand.levers``): servers counted with no plan
    # named ("two servers?"), and a change asked without a value.
    servers: int | None = None
    lever: Lever | None = None
    cues: Cues = field(default_factory=Cues)  # the use, people, hardware, figure asked
