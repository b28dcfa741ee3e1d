"""The JSON API's handlers: read and validate the body, ask the engine or the pipeline, answer.

``/v1/size`` answers what ``python -m sizing size --json`` prints for the same request, with
the three fields a deployment adds: each option's ``checkout_url`` (signed where
``QUOTE_SIGNING_KEY`` is set), ``chart_url`` and ``prices_as_of``. ``/v1/ask`` answers what
``python -m bot ask --format json`` prints, and keeps a conversation by ``chat``.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any, TypeVar
from weakref import WeakValueDictionary

from aiohttp import web
from pydantic import BaseModel, ValidationError

from bot.answers import CheckoutConfig, QuoteContext, checkout_url_for, localizer
from bot.conversation import ModelLookups
from bot.json_input import JsonInputError, load_json
from bot.languages import normalise_language
from bot.ops import off_loop, off_loop_first
from bot.reply import ChatContext, ConversationPipeline, Turn, reply_json
from bot.state import ChatStore, MemoryStore
from bot.web.charts import chart_url
from bot.web.guard import CURRENT_CLIENT, read_body
from bot.web.language import AUTO, request_language
from bot.web.problems import ProblemError, Reason
from bot.web.resolve import ModelChoice, resolve_model
from bot.web.schemas import AskBody, CompareBody, PriceQuery, SizeBody, TrainBody
from sizing import (
    InvalidRequestError,
    SizingAnswer,
    SizingError,
    SizingRequest,
    TrainingRequest,
    UnknownModelError,
    compare_gpus,
    price_list,
    prices_as_of,
    size_deployment,
    size_training,
    to_json,
)

B = TypeVar("B", bound=BaseModel)
JSON_TYPES = frozenset({"application/json", "application/problem+json", ""})
# Chat keys of the API live apart from Telegram's chat ids (at most about 2**52 either way).
CHAT_ID_BASE = 1 << 60
MAX_FIELD_ERRORS = 10
MAX_REASON_CHARS = 200  # the engine's message names the offending value; long configs cut


def json_response(data: Any, status: int = 200, **headers: str) -> web.Response:  # noqa: ANN401
    """Answer with JSON (UTF-8, non-ASCII kept as it is)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return web.Response(text=text, status=status, content_type="application/json", headers=headers)


def field_errors(error: ValidationError) -> list[dict[str, str]]:
    """Return pydantic's findings as ``{field, code, message}`` (input values never echoed)."""
    found = []
    for item in error.errors(include_url=False, include_input=False)[:MAX_FIELD_ERRORS]:
        field = ".".join(str(part) for part in item["loc"]) or "body"
        found.append({"field": field, "code": str(item["type"]), "message": str(item["msg"])})
    return found


def validate(model: type[B], data: object) -> B:
    """Validate ``data`` as ``model``; 422 ``invalid_body`` naming every bad field."""
    try:
        return model.model_validate(data)
    except ValidationError as error:
        errors = field_errors(error)
        fields = ", ".join(dict.fromkeys(e["field"] for e in errors))
        raise ProblemError(Reason.INVALID_BODY, errors=errors, fields=fields) from None


def engine_refusal(error: SizingError) -> ProblemError:
    """Return the engine's refusal of a request as a 4xx problem."""
    if isinstance(error, UnknownModelError):
        return ProblemError(Reason.UNKNOWN_MODEL, model=str(error.model_id))
    if isinstance(error, InvalidRequestError):
        field = {"context_tokens": "context", "budget_usd_month": "budget"}.get(
            error.field, error.field
        )
        return ProblemError(Reason.INVALID_REQUEST, fields=field)
    return ProblemError(Reason.CANNOT_SIZE, fields=str(error)[:MAX_REASON_CHARS])


def sizing_request(body: SizeBody, choice: ModelChoice) -> SizingRequest:
    """Build the request ``python -m sizing size`` builds from the same options."""
    return SizingRequest(
        **choice.fields(),
        precision=body.precision,
        context_tokens=body.context,
        concurrency=body.concurrency,
        kv_dtype=body.kv_dtype,
        gpus=tuple(body.gpu),
        gpu_count=body.gpu_count,
        budget_usd_month=body.budget,
        cuda_only=body.cuda_only,
        needs_native_fp4=body.native_fp4,
        gpu_memory_utilization=body.gpu_memory_utilization,
        include_mtp=body.include_mtp,
        engine=body.engine,
        throughput_tok_s=body.throughput,
        tokens_per_user_tok_s=body.tokens_per_user,
        ttft_s=body.ttft,
        requests_per_minute=body.requests_per_minute,
        input_tokens=body.input_tokens,
        output_tokens=body.output_tokens,
        batch_tokens=body.batch_tokens,
        deadline_hours=body.deadline_hours,
    )


def training_request(body: TrainBody, choice: ModelChoice) -> TrainingRequest:
    """Build the request ``python -m sizing train`` builds from the same options."""
    return TrainingRequest(
        **choice.fields(),
        method=body.method,
        tokens=body.tokens,
        epochs=body.epochs,
        seq_len=body.seq_len,
        precision=body.precision,
        optimizer=body.optimizer,
        lora_rank=body.lora_rank,
        global_batch=body.global_batch,
        micro_batch=body.micro_batch,
        zero_stage=body.zero_stage,
        offload=body.offload,
        checkpointing=body.checkpointing,
        gpus=tuple(body.gpu),
        gpu_count=body.gpu_count,
        budget_usd_month=body.budget,
        deadline_hours=body.deadline_hours,
        cuda_only=body.cuda_only,
    )


@dataclass
class Services:
    """What the handlers use: the pipeline (for /v1/ask and the Hub), checkout, the chat store."""

    pipeline: ConversationPipeline
    checkout: CheckoutConfig
    store: ChatStore = field(default_factory=MemoryStore)
    lookups: ModelLookups | None = None
    today: Callable[[], date] = date.today  # the quote's issue date, as the pipeline's


class Api:
    """The ``/v1`` handlers; ``body`` is given by the app (size limit, content type)."""

    def __init__(
        self,
        services: Services,
        max_body_bytes: int,
        html: Callable[[SizeBody, SizingAnswer, str], str] | None = None,
    ) -> None:
        self.services = services
        self.max_body_bytes = max_body_bytes
        self.html = html  # the page's result area, for ``Accept: text/html``
        self._chat_locks: WeakValueDictionary[int, asyncio.Lock] = WeakValueDictionary()

    async def json_body(self, request: web.Request) -> object:
        """Read the body as bounded JSON (``bot.json_input``): 400, 413 or 415 otherwise."""
        if request.content_type not in JSON_TYPES:
            raise ProblemError(Reason.UNSUPPORTED_MEDIA_TYPE)
        raw = await read_body(request, self.max_body_bytes)
        try:
            return load_json(raw, max_bytes=self.max_body_bytes)
        except JsonInputError:
            raise ProblemError(Reason.INVALID_JSON) from None

    async def size_answer(self, body: SizeBody) -> tuple[SizingRequest, SizingAnswer]:
        """Resolve the model and size the request off the event loop."""
        choice = await self.choice(body.model, body)
        request = sizing_request(body, choice)
        try:
            return request, await off_loop(size_deployment, request)
        except SizingError as error:
            raise engine_refusal(error) from None

    async def choice(self, model: str | None, body: SizeBody | TrainBody) -> ModelChoice:
        """Return what names the model: the resolved ``model``, or the generic size."""
        if model is None:
            return ModelChoice(
                params_b=body.params_b, active_params_b=body.active_params_b, moe=body.moe
            )
        return await resolve_model(model, self.services.lookups)

    async def size(self, request: web.Request) -> web.Response:
        """``POST /v1/size``."""
        body = validate(SizeBody, await self.json_body(request))
        _, answer = await self.size_answer(body)
        language = request_language(request)
        if self.html is not None and wants_html(request):
            return web.Response(
                text=self.html(body, answer, language),
                content_type="text/html",
                headers={"Content-Language": language},
            )
        data = to_json(answer)
        loc = localizer(language)
        checkout = self.services.checkout
        quote = QuoteContext(model_id=answer.model.id, issued=self.services.today())
        for option_json, option in zip(data.get("options", []), answer.options, strict=False):
            option_json["checkout_url"] = checkout_url_for(loc, option, answer, checkout, quote)
        data["chart_url"] = chart_url(request, body, language)
        data["prices_as_of"] = prices_as_of().isoformat()
        return json_response(data)

    async def train(self, request: web.Request) -> web.Response:
        """``POST /v1/train``."""
        body = validate(TrainBody, await self.json_body(request))
        choice = await self.choice(body.model, body)
        try:
            answer = await off_loop(size_training, training_request(body, choice))
        except SizingError as error:
            raise engine_refusal(error) from None
        return json_response(to_json(answer) | {"prices_as_of": prices_as_of().isoformat()})

    async def compare(self, request: web.Request) -> web.Response:
        """``POST /v1/compare``."""
        body = validate(CompareBody, await self.json_body(request))
        return json_response(to_json(compare_gpus(body.a, body.b)))

    async def price(self, request: web.Request) -> web.Response:
        """``GET /v1/price[?gpu=]``."""
        query = validate(PriceQuery, {k: v for k, v in request.query.items() if k != "lang"})
        data = to_json(price_list(query.gpu))
        return json_response(data | {"prices_as_of": prices_as_of().isoformat()})

    async def ask(self, request: web.Request) -> web.Response:
        """``POST /v1/ask``: one message of a conversation kept by ``chat``."""
        body = validate(AskBody, await self.json_body(request))
        chosen = None
        if body.lang != AUTO:
            chosen = normalise_language(body.lang)
            if chosen is None:
                errors = [{"field": "lang", "code": "language", "message": "unknown language"}]
                raise ProblemError(Reason.INVALID_BODY, errors=errors, fields="lang")
        client = CURRENT_CLIENT.get()
        if body.chat is None:
            reply = (await self._answer(body.text, ChatContext(language=chosen))).reply
            return json_response(reply_json(reply) | {"chat": None})
        chat_id = chat_key_id(client, body.chat)
        lock = self._chat_locks.get(chat_id)
        if lock is None:
            lock = self._chat_locks[chat_id] = asyncio.Lock()
        async with lock:  # one message of a conversation at a time, in order
            stored = await self.services.store.get(chat_id)
            chat = replace(stored, chat_id=chat_id, language=chosen or stored.language)
            turn = await self._answer(body.text, chat)
            await self.services.store.put(replace(turn.chat, chat_id=chat_id))
        return json_response(reply_json(turn.reply) | {"chat": body.chat})

    async def _answer(self, text: str, chat: ChatContext) -> Turn:
        pipeline = self.services.pipeline
        queries = await off_loop(pipeline.hub_queries, text, chat)
        resolved = await pipeline.resolve_models(queries) if queries else None
        return await off_loop_first(pipeline.respond, text, chat, resolved=resolved)


def wants_html(request: web.Request) -> bool:
    """Tell whether the caller asks for HTML first (the calculator's script does)."""
    first = request.headers.get("Accept", "").split(",", 1)[0]
    return first.split(";", 1)[0].strip().lower() == "text/html"


def chat_key_id(client: str, key: str) -> int:
    """Return the store's chat id of a ``chat`` key, apart for each API key (negative, > 2**60)."""
    digest = hashlib.sha256(f"web\0{client}\0{key}".encode()).digest()
    return -(CHAT_ID_BASE + int.from_bytes(digest[:7], "big"))
