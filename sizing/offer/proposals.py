"""A proposal for a use without a model: one or two models for it, each sized by the engine.

The models come from the use-case table (``use_cases.json``) in its order. Users at once are
the customer's when stated; else a share of the people who may use it (the table's upper
share, so the plan holds the busy end of the range); else the table's default for the use.
A KV-cache capacity asked without a model is sized on the table's reference model as that
many bytes of BF16 cache: its contexts of the use's length, as many as the bytes hold.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from sizing.answer import SizingAnswer
from sizing.deploy import size_deployment
from sizing.errors import InvalidRequestError
from sizing.offer.data import PickReason, UseCase, UseCaseEntry, use_cases
from sizing.request import GpuId, KvDtype, SizingRequest

Sizer = Callable[[SizingRequest], SizingAnswer]
# A capacity beyond this many contexts is past any single request the engine sizes.
MAX_KV_CONTEXTS = 1_000_000


class UsersFrom(StrEnum):
    """Where the users at once a proposal is sized for come from."""

    STATED = "stated"  # the customer said how many at once
    HEADCOUNT = "headcount"  # a share of the people who may use it
    DEFAULT = "default"  # the use's default: the proposal asks
    TARGETS = "targets"  # the load a throughput or request rate asked needs (the engine's pick)
    KV = "kv"  # as many contexts as the KV capacity asked holds


@dataclass(frozen=True, slots=True)
class ProposedModel:
    """One model proposed, why, where that is published, and its sizing."""

    model_id: str
    reason: PickReason
    source: str
    answer: SizingAnswer


@dataclass(frozen=True, slots=True)
class Proposal:
    """What the assistant proposes for a use, and the assumptions behind it."""

    use_case: UseCase
    users: int
    users_from: UsersFrom
    headcount: int | None
    peak_share_low: Decimal
    peak_share_high: Decimal
    context_tokens: int
    context_stated: bool
    kv_cache_bytes: int | None
    picks: tuple[ProposedModel, ...]


def peak_users(headcount: int, use: UseCase | str | None = None) -> int:  # noqa: ARG001 - one share for every use today
    """Return the users at once to size for out of ``headcount`` people (at least one)."""
    share = use_cases().peak_share_high
    return max(1, math.ceil(Decimal(headcount) * share))


@dataclass(frozen=True, slots=True)
class Needs:
    """What the customer said of the use: people, users at once, context, budget, platform."""

    headcount: int | None = None
    concurrency: int | None = None
    context_tokens: int | None = None
    kv_cache_bytes: int | None = None
    budget_usd_month: Decimal | None = None
    cuda_only: bool = False
    gpus: tuple[GpuId, ...] = ()
    # Service-level targets asked with no model (``SizingRequest``'s names): each pick is sized
    # to meet them.
    throughput_tok_s: float | None = None
    tokens_per_user_tok_s: float | None = None
    ttft_s: float | None = None
    requests_per_minute: float | None = None
    input_tokens: int | None = None
    output_tokens: int | None = None
    # An offline job asked with no model ("summarize 2M documents of 3K tokens in a week"):
    # each pick is sized to finish it (``SizingRequest``'s batch fields).
    batch_tokens: int | None = None
    deadline_hours: float | None = None

    def targets(self) -> dict[str, float | int]:
        """Return the targets asked, by their request field names."""
        said = {
            "throughput_tok_s": self.throughput_tok_s,
            "tokens_per_user_tok_s": self.tokens_per_user_tok_s,
            "ttft_s": self.ttft_s,
            "requests_per_minute": self.requests_per_minute,
            "input_tokens": self.input_tokens,
            "output_tokens": self.output_tokens,
            "batch_tokens": self.batch_tokens,
            "deadline_hours": self.deadline_hours,
        }
        return {name: value for name, value in said.items() if value is not None}

    @property
    def load_from_targets(self) -> bool:
        """Whether the load is the engine's to find: a rate, a throughput or a job, no users."""
        rate = any(
            value is not None
            for value in (self.throughput_tok_s, self.requests_per_minute, self.batch_tokens)
        )
        return rate and self.concurrency is None and self.headcount is None


def _users(entry: UseCaseEntry, needs: Needs) -> tuple[int, UsersFrom]:
    if needs.concurrency is not None:
        return needs.concurrency, UsersFrom.STATED
    if needs.headcount is not None:
        return peak_users(needs.headcount, entry.id), UsersFrom.HEADCOUNT
    return entry.default_users, UsersFrom.DEFAULT


def _request(
    model_id: str, needs: Needs, context: int, users: int | None, **more: object
) -> SizingRequest:
    return SizingRequest(
        model_id=model_id,
        context_tokens=context,
        concurrency=users,
        **needs.targets(),  # type: ignore[arg-type]
        budget_usd_month=needs.budget_usd_month,
        cuda_only=needs.cuda_only,
        gpus=needs.gpus,
        **more,  # type: ignore[arg-type]
    )


def _kv_contexts(model_id: str, needs: Needs, context: int, size: Sizer) -> int:
    """Return how many contexts of ``context`` tokens the KV capacity asked holds (BF16)."""
    one = size(_request(model_id, needs, context, 1, kv_dtype=KvDtype.BF16))
    per_context = max(1, one.kv_bytes_per_sequence)
    contexts = math.ceil((needs.kv_cache_bytes or 0) / per_context)
    if not 1 <= contexts <= MAX_KV_CONTEXTS:
        raise InvalidRequestError("kv_cache_bytes", needs.kv_cache_bytes)
    return contexts


def propose(use: UseCase, needs: Needs, *, size: Sizer = size_deployment) -> Proposal:
    """Propose the use's models, each sized for the users and context the needs give."""
    table = use_cases()
    entry = table.entry(use) or table.entry(UseCase.CHAT)
    if entry is None:
        raise InvalidRequestError("use_case", use.value)
    context = needs.context_tokens or entry.context_tokens
    picks = []
    if needs.kv_cache_bytes is not None:
        pick = (
            entry.picks[0]
            if use is UseCase.KV_CAPACITY
            else (table.entry(UseCase.KV_CAPACITY) or entry).picks[0]
        )
        users, source = _kv_contexts(pick.model, needs, context, size), UsersFrom.KV
        answer = size(_request(pick.model, needs, context, users, kv_dtype=KvDtype.BF16))
        picks.append(ProposedModel(pick.model, pick.reason, pick.source, answer))
    elif needs.load_from_targets:
        for pick in entry.picks:
            answer = size(_request(pick.model, needs, context, None))
            picks.append(ProposedModel(pick.model, pick.reason, pick.source, answer))
        users, source = picks[0].answer.request.concurrency or 1, UsersFrom.TARGETS
    else:
        users, source = _users(entry, needs)
        for pick in entry.picks:
            answer = size(_request(pick.model, needs, context, users))
            picks.append(ProposedModel(pick.model, pick.reason, pick.source, answer))
    return Proposal(
        use_case=entry.id if needs.kv_cache_bytes is None else UseCase.KV_CAPACITY,
        users=users,
        users_from=source,
        headcount=needs.headcount,
        peak_share_low=table.peak_share_low,
        peak_share_high=table.peak_share_high,
        context_tokens=context,
        # (a job's or a load's prompt length said is what a context would have told)
        context_stated=needs.context_tokens is not None or needs.input_tokens is not None,
        kv_cache_bytes=needs.kv_cache_bytes,
        picks=tuple(picks),
    )
