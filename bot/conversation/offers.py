"""The conversation around what the engine sizes: proposals, other hardware, other budgets.

Proposals for a use without a model, hardware we do not rent, models we do not size, budgets
in other currencies, head counts.

The pipeline's hooks: ``answer`` takes a message that one of these answers whole (before the
price list, the knowledge base or a sizing), ``prepare`` turns what the message said into the
facts the engine sizes (users at peak from a head count, a budget in US dollars at a dated
rate), and ``leads`` words what a sizing answer says first because of them.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from datetime import date

from bot.answers import (
    CheckoutConfig,
    Localizer,
    QuoteContext,
    conversion_line,
    fit_line,
    no_rate_line,
    peak_line,
    peak_over_usual_line,
    render_proposal,
    render_scope,
    render_unrented,
    unrented_lines,
)
from bot.reply import ChatContext, Turn
from bot.request import Cues, Intent, ParsedRequest, RequestFacts
from sizing import (
    ModelKind,
    Needs,
    SizingAnswer,
    SizingError,
    SizingRequest,
    UseCase,
    peak_users,
    propose,
    to_usd,
    unrented,
)

log = logging.getLogger(__name__)
# The ``not_understood`` code of a budget in another currency (``bot.understand``).
BUDGET_CURRENCY = "budget_currency"
# Intents that hardware we do not rent never answers: a person asked for, help, a job.
_NOT_FOR_HARDWARE = frozenset({Intent.SALES, Intent.HELP, Intent.TRAIN, Intent.COMPARE})

__all__ = ["Offers", "peak_users"]


def _asks_hardware(parsed: ParsedRequest) -> bool:
    """Whether a message asks about hardware we do not rent, and none of ours.

    Asked whether we have it at all, ours named beside it too ("MI300X, or only MI355X?").
    """
    if parsed.intent is Intent.KNOWLEDGE and parsed.topic is None:
        return True
    return parsed.intent not in _NOT_FOR_HARDWARE and not parsed.facts.gpus


def _against_ours(parsed: ParsedRequest) -> bool:
    """Whether hardware we do not rent is compared with one GPU of ours, or with ours at large.

    "vs an H100, what does your H200 give?", "compare it with an L40S" are answered as that
    hardware, beside the nearest plan we rent.
    """
    return parsed.intent is Intent.COMPARE and len(set(parsed.facts.gpus)) <= 1


def _names_model(parsed: ParsedRequest) -> bool:
    facts = parsed.facts.kept()
    named = parsed.hub is not None or bool(parsed.unknown_model or parsed.ambiguous)
    return facts.names_model or named


# How the pipeline sizes and renders a request's facts (for hardware named in a follow-up).
Resize = Callable[..., Turn]


class Offers:
    """Answers and facts the conversation adds around the engine's sizing."""

    def __init__(
        self,
        *,
        size: Callable[[SizingRequest], SizingAnswer],
        checkout: CheckoutConfig,
        today: Callable[[], date],
        resize: Resize | None = None,
    ) -> None:
        self._size = size
        self._checkout = checkout
        self._today = today
        self._resize = resize

    # --- whole answers -------------------------------------------------------------------

    def answer(self, parsed: ParsedRequest, chat: ChatContext, loc: Localizer) -> Turn | None:
        """Answer a use without a model, a model we do not size, hardware we do not rent."""
        cues = parsed.cues
        if parsed.command is not None:
            return None
        kind = cues.model_kind is not None and not parsed.facts.kept().names_model
        if parsed.intent is Intent.DISCOVER and not (kind and cues.use_case is None):
            return self._proposal(parsed, chat, loc)
        if kind and cues.model_kind is not None:
            # a model of a kind we do not size, named or only its use ("an embedding model
            # for our search"): what we can say of it, and a person
            return Turn(render_scope(loc, ModelKind(cues.model_kind)), chat)
        if (
            cues.unrented_gpu is not None
            and not _names_model(parsed)
            and (_asks_hardware(parsed) or _against_ours(parsed))
        ):
            last = chat.last_request
            if last is not None and last.names_model and self._resize is not None:
                # "and on two H100s?": the last request, led by how it would fit on them
                return self._resize(last, chat, loc, cues=cues)
            found = unrented(cues.unrented_gpu)
            if found is not None:
                return Turn(render_unrented(loc, found, checkout=self._checkout), chat)
        return None

    def _proposal(self, parsed: ParsedRequest, chat: ChatContext, loc: Localizer) -> Turn:
        cues, facts = parsed.cues, self.prepare(parsed).facts
        use = UseCase(cues.use_case) if cues.use_case else UseCase.CHAT
        needs = Needs(
            headcount=cues.headcount,
            concurrency=parsed.facts.concurrency,
            context_tokens=facts.context_tokens,
            kv_cache_bytes=cues.kv_cache_bytes,
            budget_usd_month=facts.budget_usd_month,
            cuda_only=bool(facts.cuda_only),
            gpus=facts.gpus,
            throughput_tok_s=facts.throughput_tok_s,
            tokens_per_user_tok_s=facts.tokens_per_user_tok_s,
            ttft_s=facts.ttft_s,
            requests_per_minute=facts.requests_per_minute,
            input_tokens=facts.input_tokens,
            output_tokens=facts.output_tokens,
            batch_tokens=facts.batch_tokens,
            deadline_hours=facts.deadline_hours,
        )
        try:
            proposal = propose(use, needs, size=self._size)
        except SizingError:
            log.exception("no proposal for %s", use.value)
            return self._fallback(chat, loc)
        issued = self._today()
        reply = render_proposal(
            loc,
            proposal,
            checkout=self._checkout,
            quote=lambda model_id: QuoteContext(model_id=model_id, issued=issued),
            cuda_only=facts.cuda_only,
        )
        first = proposal.picks[0] if proposal.picks else None
        kept = chat
        if first is not None:
            request = RequestFacts(
                model_id=first.model_id,
                context_tokens=proposal.context_tokens,
                concurrency=proposal.users,
                budget_usd_month=facts.budget_usd_month,
                cuda_only=facts.cuda_only,
                gpus=facts.gpus,
                kv_dtype=first.answer.request.kv_dtype if cues.kv_cache_bytes else None,
            )
            kept = replace(chat, last_request=request, last_language=loc.language)
        return Turn(reply, kept)

    @staticmethod
    def _fallback(chat: ChatContext, loc: Localizer) -> Turn:
        from bot.conversation.clarify import ask_which_model  # noqa: PLC0415 - the rare path

        return Turn(ask_which_model(loc, follow_up=False), chat)

    # --- facts for the engine -------------------------------------------------------------

    def prepare(self, parsed: ParsedRequest) -> ParsedRequest:
        """Return ``parsed`` with users at peak from a head count and a budget in US dollars."""
        cues, facts = parsed.cues, parsed.facts
        # (a load stated as a rate, a throughput or a job is the load: the team's size is not)
        load_said = any(
            value is not None
            for value in (facts.throughput_tok_s, facts.requests_per_minute, facts.batch_tokens)
        )
        if cues.headcount is not None and facts.concurrency is None and not load_said:
            facts = replace(facts, concurrency=peak_users(cues.headcount, cues.use_case))
            cues = replace(cues, users_from_headcount=True)
        understood = parsed.not_understood
        monthly = cues.budget_per_month
        if (
            monthly is not None
            and cues.budget_currency not in {None, "USD"}
            and facts.budget_usd_month is None
        ):
            conversion = to_usd(monthly, cues.budget_currency or "")
            if conversion is not None:
                facts = replace(facts, budget_usd_month=conversion.usd)
            understood = tuple(code for code in understood if code != BUDGET_CURRENCY)
        return replace(parsed, facts=facts, cues=cues, not_understood=understood)

    # --- what a sizing answer says first ------------------------------------------------

    def unrented_note(
        self, loc: Localizer, cues: Cues | None, answer: SizingAnswer
    ) -> tuple[str, ...]:
        """Return the lines on hardware we do not rent that the message named, if any."""
        if cues is None or cues.unrented_gpu is None:
            return ()
        found = unrented(cues.unrented_gpu, answer, cues.unrented_count or 1)
        if found is None:
            return ()
        lines = list(unrented_lines(loc, found)[:2])
        fit = fit_line(loc, found, answer)
        if fit:
            lines.append(fit)
        return tuple(lines)

    @staticmethod
    def asks_about_ours(answer: SizingAnswer) -> bool:
        """Whether the message asks about one of our GPUs (the other hardware named is today's).

        "现在 2 张 4090 … 换成单卡 H200 够不够": the answer on the H200 comes first, the note on the
        4090 after it.
        """
        return bool(answer.request.gpus)

    def trails(self, loc: Localizer, cues: Cues | None, answer: SizingAnswer) -> tuple[str, ...]:
        """Return the lines a sizing answer says right after its verdict."""
        return self.unrented_note(loc, cues, answer) if self.asks_about_ours(answer) else ()

    def leads(self, loc: Localizer, cues: Cues | None, answer: SizingAnswer) -> tuple[str, ...]:
        """Return the lines a sizing answer leads with because of what the message said."""
        if cues is None:
            return ()
        lines: list[str] = []
        if not self.asks_about_ours(answer):
            lines += self.unrented_note(loc, cues, answer)
        monthly = cues.budget_per_month
        if monthly is not None and cues.budget_currency not in {None, "USD"}:
            currency = cues.budget_currency or ""
            conversion = to_usd(monthly, currency)
            if conversion is not None:
                lines.append(conversion_line(loc, conversion))
            else:
                lines.append(no_rate_line(loc, monthly, currency))
        request = answer.request
        if (
            cues.headcount is not None
            and cues.users_from_headcount
            and request.concurrency == peak_users(cues.headcount)
        ):
            # users at once assumed from the people (not said: "200 of us, 20 at once" is said)
            lines.append(peak_line(loc, request.concurrency, cues.headcount))
        usual = cues.usual_at_once
        if usual is not None and request.concurrency is not None and request.concurrency > usual:
            # "60 at once, 150 at the peak": the peak is sized; the usual count is said, not lost
            lines.append(peak_over_usual_line(loc, request.concurrency, usual))
        return tuple(lines)
