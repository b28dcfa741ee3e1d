"""Speeds a customer sees: one user alone, each user at the requested load, all together.

Users spread evenly over the replicas; a replica pipelined over ``PP`` servers keeps ``PP``
micro-batches in flight (vLLM: "PP requires PP-size concurrent batches to fill the pipeline",
``VllmConfig.max_concurrent_batches``), so each stage works on batch / PP sequences and every
sequence gets a token per pass of its micro-batch through all stages. Speculative decoding
(MTP) is used only when asked for and when the model has the layers: the layers draft a few
tokens, each verification step checks them against the same cache, and yields
``tokens_per_step`` of them (``costs.mtp_tokens_per_step``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from sizing.catalog import GpuFacts, PlanFacts
from sizing.fit import ModelLoad, Shape
from sizing.speed.calibration_data import anchored_gpus
from sizing.speed.costs import (
    CURRENT,
    DRAFT_ACCEPTANCE,
    DRAFT_ACCEPTANCE_HIGH,
    DRAFT_ACCEPTANCE_LOW,
    ESTIMATE_SPEED_ABOVE,
    ESTIMATE_SPEED_BELOW,
    MTP_DRAFTED_TOKENS,
    MTP_FIRST_ACCEPTANCE_HIGH,
    MTP_FIRST_ACCEPTANCE_LOW,
    MTP_LATER_ACCEPTANCE_LOW,
    KernelCosts,
    accepted_tokens,
    mtp_tokens_per_step,
)
from sizing.speed.decode import decode_step, speculative_step_s
from sizing.speed.fabric import Network, server_network
from sizing.speed.loaded import loaded, speed_load
from sizing.speed.prefill import ttft_s


def micro_batch(shape: Shape, *, concurrency: int, replicas: int) -> int:
    """Sequences one pipeline stage of one replica works on at a time (at least one)."""
    batch = -(-max(concurrency, 1) // max(replicas, 1))
    return -(-batch // shape.pipeline_parallel)


def per_user_tokens_per_s(
    load: ModelLoad,
    gpu: GpuFacts,
    shape: Shape,
    *,
    concurrency: int,
    replicas: int = 1,
    network: Network | None = None,
    costs: KernelCosts = CURRENT,
    tokens_per_step: float = 1.0,
) -> float:
    """Tokens per second each of ``concurrency`` users gets while all of them generate."""
    sequences = micro_batch(shape, concurrency=concurrency, replicas=replicas)
    step = decode_step(
        load,
        gpu,
        shape,
        sequences=sequences,
        tokens_per_sequence=tokens_per_step,
        network=network,
        costs=costs,
    )
    return tokens_per_step / step.total_s


def decode_tokens_per_s(
    load: ModelLoad,
    gpu: GpuFacts,
    shape: Shape,
    *,
    network: Network | None = None,
    costs: KernelCosts = CURRENT,
) -> float:
    """Tokens per second of one sequence alone at the context, no speculative decoding."""
    return per_user_tokens_per_s(load, gpu, shape, concurrency=1, network=network, costs=costs)


def aggregate_tokens_per_s(
    load: ModelLoad,
    gpu: GpuFacts,
    shape: Shape,
    *,
    concurrency: int,
    replicas: int,
    network: Network | None = None,
    costs: KernelCosts = CURRENT,
) -> float:
    """Tokens per second of all replicas serving the concurrency together."""
    each = per_user_tokens_per_s(
        load,
        gpu,
        shape,
        concurrency=concurrency,
        replicas=replicas,
        network=network,
        costs=costs,
    )
    return each * max(concurrency, 1)


@dataclass(frozen=True, slots=True)
class SpeedFigures:
    """An option's speeds, as the answer states them."""

    single_user_tokens_per_s: float  # one user alone (speculating when the per-user figure does)
    per_user_tokens_per_s: float  # each user at the requested concurrency
    per_user_range: tuple[float, float] | None  # where the figure is an estimate or speculative
    # All users at the requested concurrency, each sending prompts of the stated lengths (2,000
    # and 500 tokens when none are stated): the prompts' compute is paid out of it.
    aggregate_tokens_per_s: float
    full_load_tokens_per_s: float  # every rented GPU full: what the cost per token is priced at
    ttft_s: float  # first token after one prompt of the context, on an idle replica
    estimated: bool  # no measurement anchors this GPU: the range says how far it may be off
    mtp_tokens_per_step: float | None  # speculative decoding in use (tokens per step)
    draft_tokens_per_step: float | None = None  # a draft model's accepted tokens per step


def speed_figures(
    load: ModelLoad,
    gpu: GpuFacts,
    shape: Shape,
    *,
    plan: PlanFacts | None,
    concurrency: int,
    replicas: int,
    full_load_concurrency: int,
    speculative: bool,
    input_tokens: int = 2000,
    output_tokens: int = 500,
) -> SpeedFigures:
    """Every speed of an option, with the range where one is due.

    Speculative decoding only when asked for, the model has MTP layers and they make each user
    faster at the load, in the one-user and per-user figures; the full-load rate never counts
    on it (engines drop speculation under heavy load).
    """
    network = server_network(plan)
    mtp = (
        speculative
        and load.mtp_bytes > 0
        and _mtp_gains(load, gpu, shape, network, concurrency, replicas)
    )
    tokens = mtp_tokens_per_step() if mtp else 1.0

    def each_user(
        tokens_per_step: float, users: int = concurrency, *, plain: bool = False
    ) -> float:
        # Users spread over the replicas: counts that make the same micro-batch decode alike.
        sequences = micro_batch(shape, concurrency=users, replicas=replicas)
        if plain:
            return _step_tokens_per_s(load, gpu, shape, sequences, network, tokens_per_step=1.0)
        if load.draft is not None:
            return _drafted_tokens_per_s(load, gpu, shape, sequences, network, tokens_per_step)
        if mtp:
            return _mtp_tokens_per_s(load, gpu, shape, sequences, network, tokens_per_step)
        return _step_tokens_per_s(
            load, gpu, shape, sequences, network, tokens_per_step=tokens_per_step
        )

    drafted = load.draft is not None
    if drafted:
        tokens = accepted_tokens(DRAFT_ACCEPTANCE, load.draft_tokens)
    per_user = each_user(tokens)
    low, high = per_user, per_user
    if mtp:
        low = each_user(
            mtp_tokens_per_step(first=MTP_FIRST_ACCEPTANCE_LOW, later=MTP_LATER_ACCEPTANCE_LOW)
        )
        high = each_user(mtp_tokens_per_step(first=MTP_FIRST_ACCEPTANCE_HIGH))
    if drafted:
        low = each_user(accepted_tokens(DRAFT_ACCEPTANCE_LOW, load.draft_tokens))
        high = each_user(accepted_tokens(DRAFT_ACCEPTANCE_HIGH, load.draft_tokens))
    users = max(concurrency, 1)
    # Never above every user decoding at the context (the per-user figure's assumption).
    aggregate = min(
        _loaded_tokens_per_s(
            load, gpu, shape, network, users, replicas, input_tokens, output_tokens
        ),
        per_user * users,
    )
    # Where the prompts' compute holds the total below that, each user gets a share of it (the
    # total never counts on speculation: its share is read against the plain per-user speed).
    plain = per_user if tokens == 1.0 else each_user(1.0, plain=True)
    share = min(aggregate / (plain * users), 1.0)
    per_user, low, high = per_user * share, low * share, high * share
    anchored = gpu.id in anchored_gpus()
    if not anchored:
        low, high = low * (1 - ESTIMATE_SPEED_BELOW), high * (1 + ESTIMATE_SPEED_ABOVE)
    full = full_load_concurrency
    return SpeedFigures(
        single_user_tokens_per_s=each_user(tokens, users=1),
        per_user_tokens_per_s=per_user,
        per_user_range=(low, high) if (mtp or drafted or not anchored) else None,
        aggregate_tokens_per_s=aggregate,
        full_load_tokens_per_s=min(
            _loaded_tokens_per_s(
                load, gpu, shape, network, full, replicas, input_tokens, output_tokens
            ),
            each_user(1.0, users=full, plain=True) * max(full, 1),
        ),
        ttft_s=_ttft_s(load, gpu, shape, network),
        estimated=not anchored,
        mtp_tokens_per_step=tokens if mtp else None,
        draft_tokens_per_step=tokens if drafted else None,
    )


# Speeds kept, by what they depend on: requests that differ only in budget, GPUs named or
# users share their model's formats and context, and one user's speed, a first token's
# delay, a micro-batch's step or a replica's load recur across them (typed: 1 and 1.0 are
# kept apart).
_SPEED_CACHE_SIZE = 8192


@lru_cache(maxsize=_SPEED_CACHE_SIZE, typed=True)
def _loaded_tokens_per_s(  # noqa: PLR0917 - the figures speed_figures has, in its order
    load: ModelLoad,
    gpu: GpuFacts,
    shape: Shape,
    network: Network,
    full: int,
    replicas: int,
    input_tokens: int,
    output_tokens: int,
) -> float:
    """Output tokens/s of ``full`` users spread over the replicas, their prompts paid for.

    Lengths beyond the context are scaled into it (a prompt and its answer fill at most one
    context). The cost per million tokens is priced at this rate.
    """
    context = max(load.context_tokens, 2)
    if input_tokens + output_tokens > context:
        share = context / (input_tokens + output_tokens)
        input_tokens = max(int(input_tokens * share), 1)
        output_tokens = max(int(output_tokens * share), 1)
    busy = max(min(replicas, full), 1)  # fewer users than replicas leave some idle
    per_replica = max(full / busy, 1.0)
    state = loaded(
        speed_load(load, input_tokens, output_tokens),
        gpu,
        shape,
        network,
        sequences=per_replica,
        input_tokens=input_tokens,
        output_tokens=output_tokens,
    )
    return state.output_tokens_per_s * busy


@lru_cache(maxsize=_SPEED_CACHE_SIZE, typed=True)
def _step_tokens_per_s(
    load: ModelLoad,
    gpu: GpuFacts,
    shape: Shape,
    sequences: int,
    network: Network,
    *,
    tokens_per_step: float,
) -> float:
    """Tokens per second each of a micro-batch's sequences gets: ``per_user_tokens_per_s``."""
    step = decode_step(
        load, gpu, shape, sequences=sequences, tokens_per_sequence=tokens_per_step, network=network
    )
    return tokens_per_step / step.total_s


def _mtp_gains(  # noqa: PLR0917 - the figures speed_figures has, in its order
    load: ModelLoad,
    gpu: GpuFacts,
    shape: Shape,
    network: Network,
    concurrency: int,
    replicas: int,
) -> bool:
    """Whether MTP makes each user faster at this load.

    It does not everywhere: over long contexts at many users, attention's FLOPs grow with the
    tokens checked, and drafting and checking can cost what the kept tokens give. There the
    deployment runs without it, and the answer says no speculative decoding.
    """
    sequences = micro_batch(shape, concurrency=concurrency, replicas=replicas)
    drafted = _mtp_tokens_per_s(load, gpu, shape, sequences, network, mtp_tokens_per_step())
    plain = _step_tokens_per_s(load, gpu, shape, sequences, network, tokens_per_step=1.0)
    return drafted > plain


@lru_cache(maxsize=_SPEED_CACHE_SIZE, typed=True)
def _mtp_tokens_per_s(  # noqa: PLR0917 - the figures each_user has, in its order
    load: ModelLoad,
    gpu: GpuFacts,
    shape: Shape,
    sequences: int,
    network: Network,
    tokens_per_step: float,
) -> float:
    """Tokens/s each sequence gets when the model's MTP layers draft and the model checks.

    One step drafts ``MTP_DRAFTED_TOKENS`` and checks them (``speculative_step_s``);
    ``tokens_per_step`` of them are kept on average.
    """
    step = speculative_step_s(
        load, gpu, shape, sequences=sequences, drafted=MTP_DRAFTED_TOKENS, network=network
    )
    return tokens_per_step / step


def _drafted_tokens_per_s(  # noqa: PLR0917 - the figures each_user has, in its order
    load: ModelLoad,
    gpu: GpuFacts,
    shape: Shape,
    sequences: int,
    network: Network,
    tokens_per_step: float,
) -> float:
    """Tokens/s each sequence gets when a draft model proposes and the served model checks.

    One step: the draft decodes its tokens one after the other, then the served model checks
    them all (and adds one of its own) in a pass over the same cache; ``tokens_per_step`` of
    them are kept on average.
    """
    if load.draft is None:
        raise ValueError("no draft model")
    draft = decode_step(load.draft, gpu, shape, sequences=sequences, network=network).total_s
    check = decode_step(
        load,
        gpu,
        shape,
        sequences=sequences,
        tokens_per_sequence=load.draft_tokens + 1,
        network=network,
    ).total_s
    return tokens_per_step / (load.draft_tokens * draft + check)


@lru_cache(maxsize=_SPEED_CACHE_SIZE, typed=True)
def _ttft_s(load: ModelLoad, gpu: GpuFacts, shape: Shape, network: Network) -> float:
    """Time to first token for one prompt of the load's context (``ttft_s``)."""
    return ttft_s(load, gpu, shape, context_tokens=load.context_tokens, network=network)
