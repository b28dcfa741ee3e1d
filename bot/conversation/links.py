"""Answers that do not start from free text: deep links, stateless buttons, uploaded configs.

A ``/start`` payload and a ``go:`` button share the deep-link grammar (``bot.answers.links``); an
uploaded config.json is sized as ``sizing size --config`` sizes it, with the caption read for
precision, context and users. Each path ends in the same answers as a typed question.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

from bot.answers import Link, LinkKind, Localizer, decode_payload, localizer, render_help
from bot.conversation.clarify import ask_which_model, language_set, upload_problem
from bot.conversation.uploads import UploadError, UploadProblem, read_upload
from bot.languages import answer_language
from bot.reply import ChatContext, Reply, Turn
from bot.request import (
    FOUR_BIT_VARIANTS,
    QUALIFIER_FIELDS,
    Intent,
    ParsedRequest,
    RequestFacts,
)
from sizing import (
    GpuId,
    InvalidRequestError,
    Precision,
    Question,
    SpecAspect,
    Topic,
    model_from_config,
)


class Answers(Protocol):
    """The answers a link or an upload ends in: what ``Pipeline`` gives this module."""

    def parse_text(self, text: str, *, telegram_language: str | None = None) -> ParsedRequest:
        """Understand a piece of text (a deep link's model, an upload's caption)."""
        ...

    def compare(self, loc: Localizer, a: GpuId, b: GpuId) -> Reply:
        """Two GPUs side by side."""
        ...

    def price(self, loc: Localizer, gpu: GpuId | None) -> Reply:
        """Render the price list, of one GPU or all."""
        ...

    def knowledge(self, loc: Localizer, question: Question) -> Reply:
        """Render a knowledge answer."""
        ...

    def handoff(self, loc: Localizer, text: str, chat: ChatContext) -> Turn:
        """Hand the customer to a person."""
        ...

    def size_and_render(self, facts: RequestFacts, chat: ChatContext, loc: Localizer) -> Turn:
        """Size a request's facts and render the answer."""
        ...


def question_from(parsed: ParsedRequest) -> Question:
    """Return the knowledge question a parsed ``knowledge`` message asks."""
    facts = parsed.facts
    # A question about formats is about the family: "is NVFP4 native?" asks about FP4.
    family = Precision.FP4 if facts.precision in FOUR_BIT_VARIANTS else facts.precision
    return Question(
        topic=Topic(parsed.topic or Topic.GPU_CARD.value),
        gpus=tuple(dict.fromkeys(facts.gpus)),
        spec=SpecAspect(parsed.spec) if parsed.spec else None,
        software=parsed.software,
        precision=family,
        params_b=facts.params_b,
        moe=facts.moe,
        term=parsed.term,
    )


def lone_gpu(parsed: ParsedRequest) -> GpuId | None:
    """Return the GPU a message names when that is all it says ("MI355X?", "8x H200?")."""
    facts = parsed.facts.kept()
    said = set(facts.stated()) - QUALIFIER_FIELDS
    only_gpus = parsed.intent is Intent.FOLLOWUP and said == {"gpus"}
    return facts.gpus[0] if only_gpus and len(set(facts.gpus)) == 1 else None


class LinkAnswers:
    """Deep links, stateless buttons and documents, answered through the pipeline."""

    def __init__(self, pipeline: Answers) -> None:
        self._pipeline = pipeline

    def open(self, payload: str, chat: ChatContext, loc: Localizer) -> Turn:  # noqa: PLR0911 - one per kind
        """Answer a deep-link payload; one this grammar did not write opens on the welcome."""
        link = decode_payload(payload)
        pipeline = self._pipeline
        if link is None or link.kind is LinkKind.HELP:
            return Turn(render_help(loc), chat)
        if link.kind is LinkKind.SIZE:
            return self._size(link, chat, loc)
        if link.kind is LinkKind.COMPARE:
            return Turn(pipeline.compare(loc, link.gpus[0], link.gpus[1]), chat)
        if link.kind is LinkKind.PRICE:
            return Turn(pipeline.price(loc, link.gpus[0] if link.gpus else None), chat)
        if link.kind is LinkKind.TOPIC and link.topic is not None:
            return Turn(pipeline.knowledge(loc, Question(link.topic, gpus=link.gpus)), chat)
        if link.kind is LinkKind.SALES:
            return pipeline.handoff(loc, f"/start {payload}", chat)
        if link.kind is LinkKind.LANG and link.language:
            chosen = localizer(link.language)
            return Turn(language_set(chosen), replace(chat, language=chosen.language))
        return Turn(render_help(loc), chat)

    def _size(self, link: Link, chat: ChatContext, loc: Localizer) -> Turn:
        if link.model_text is None:
            return Turn(ask_which_model(loc), chat)
        parsed = self._pipeline.parse_text(link.model_text)
        model = parsed.facts.kept().model_part()
        if not model.names_model:
            return Turn(render_help(loc), chat)  # a model we do not know: the welcome
        facts = replace(
            model,
            precision=link.precision,
            context_tokens=link.context_tokens,
            concurrency=link.concurrency,
        )
        return self._pipeline.size_and_render(facts, chat, loc)

    def document(
        self,
        file_name: str | None,
        content: bytes | None,
        chat: ChatContext,
        caption: str | None,
        size_bytes: int | None,
    ) -> Turn:
        """Size an uploaded config.json, with the caption's precision, context and users."""
        settings = RequestFacts()
        parsed = None
        if caption and caption.strip():
            hint = chat.language or chat.telegram_language
            parsed = self._pipeline.parse_text(caption, telegram_language=hint)
            settings = parsed.facts.kept().without_model()
        loc = localizer(answer_language(chat, parsed))
        try:
            config = read_upload(file_name, content, size_bytes)
            model_from_config(config)  # a config the engine cannot read: say which field
        except UploadError as error:
            return Turn(upload_problem(loc, error), chat)
        except InvalidRequestError as error:
            problem = UploadError(UploadProblem.NOT_A_MODEL_CONFIG)
            field = error.field.removeprefix("config.")
            return Turn(upload_problem(loc, problem, field=field), chat)
        return self._pipeline.size_and_render(replace(settings, model_config=config), chat, loc)
