"""A replica under load: prompts and decodes sharing the GPUs, and what each user then sees.

Continuous batching with chunked prefill (vLLM's and SGLang's default): every step decodes one
token of each running sequence and takes new prompts in chunks beside them. Per replica, with
``b`` sequences in flight, prompts of ``input_tokens`` and answers of ``output_tokens``:

- a decode step of ``b`` sequences takes ``s(b)`` (``decode_step``, at the mean cached length
  ``input + output / 2``); a prompt takes ``p`` of the replica's time (``prefill_work_s``:
  matrix FLOPs at the compute roofline, chunks packed full, attention over its causal keys);
- in steady state the replica finishes ``X`` requests a second, spending ``X p`` of its time
  on prompts and the rest on decode steps: ``X out = (1 - X p) b / s(b)``, so
  ``X = (b / s) / (out + p b / s)``. Long prompts bound both the throughput and the per-user
  speed here: the 2 x active-parameter FLOPs of every prompt token are paid in full;
- each user sees a token every ``s / (1 - X p)`` (decode steps slowed by the prompts
  interleaved with them);
- time to first token: the request's own overhead and forward pass, the step under way and
  the steps its chunks share with the decodes, and the wait behind prompts queued before it
  (a prompt server at utilization ``X p``: ``queue_share`` of the burst of ``b`` prompts a
  closed loop of users sends together, plus M/D/1 waiting for arrivals at random). When every
  prompt and every answer has the same length (a benchmark's fixed lengths), the users of a
  closed loop stay in step: all ``b`` answers end on the same step and all ``b`` prompts come
  back at once, so a prompt waits, on average, behind half of the others of its round.

``ttft_s`` of an option stays the idle-server figure (one prompt of the context); this module's
``ttft_s`` is ``ttft_s_at_load``. Arrival rates become sequences in flight by Little's law
(``sequences_for_rate``): ``b = lambda x (TTFT + out x TPOT)``, solved where the replica's
completion rate equals the arrivals.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from functools import lru_cache

from sizing.catalog import GpuFacts
from sizing.fit import ModelLoad, Shape
from sizing.speed.costs import CURRENT, LOAD, PREFILL_CHUNK_TOKENS, KernelCosts, LoadCosts
from sizing.speed.decode import TFLOP, decode_step
from sizing.speed.fabric import Network
from sizing.speed.layers import attention_group
from sizing.speed.prefill import chunk_body_s, prefill_flops, prefill_s

_CACHE_SIZE = 16384
# How requests reach a replica (``loaded``): a closed loop of users, one whose requests all
# have the same lengths (the users stay in step), or independent arrivals at a rate.
ARRIVALS = ("closed", "in_step", "random")
# Sequences per replica are searched to half a sequence: a batch holds whole ones.
_SEQUENCE_STEP = 0.5


@dataclass(frozen=True, slots=True)
class Loaded:
    """One replica at a steady load (per replica; an option multiplies by its replicas)."""

    sequences: float  # requests in flight: prompts waiting or running, answers decoding
    requests_per_s: float  # requests finished per second
    output_tokens_per_s: float  # tokens generated per second
    tokens_per_user: float  # decode speed each user sees while prompts interleave
    ttft_s: float  # mean time to first token at this load
    ttft_floor_s: float  # its part no load adds: the request's overhead and its own prompt
    prefill_share: float  # share of the replica's time spent on prompts
    step_s: float  # one decode step of the running sequences, prompts apart


# Kept: the same load is asked for at every user count of an option, and the very object given
# back finds the step and prompt times kept for it without comparing its fields.
@lru_cache(maxsize=_CACHE_SIZE)
def speed_load(load: ModelLoad, input_tokens: int, output_tokens: int) -> ModelLoad:
    """Return the load with its context at the mean cached length a decode step reads."""
    mean = max(int(input_tokens + output_tokens / 2), 1)
    mean = min(mean, load.context_tokens) if load.context_tokens else mean
    if mean == load.context_tokens:
        return load
    return dataclasses.replace(load, context_tokens=mean)


@lru_cache(maxsize=_CACHE_SIZE)
def prefill_work_s(  # noqa: PLR0917 - cached: its arguments are its key
    load: ModelLoad,
    gpu: GpuFacts,
    shape: Shape,
    network: Network,
    input_tokens: int,
    costs: KernelCosts = CURRENT,
) -> float:
    """Return the replica's time one prompt takes when prompts are packed into full chunks.

    A chunk's weights, kernels and exchanges are shared by the prompts in it; attention is
    each prompt's own, split over the data-parallel attention groups working side by side.
    """
    chunk = chunk_body_s(load, gpu, shape, network, costs, tokens=PREFILL_CHUNK_TOKENS)
    linear = chunk * input_tokens / PREFILL_CHUNK_TOKENS
    _, attention_flops = prefill_flops(load, input_tokens)
    bf16 = gpu.tflops_bf16 * costs.matrix_efficiency * TFLOP
    groups = attention_group(shape) * shape.data_parallel
    return linear + attention_flops / groups / bf16


@lru_cache(maxsize=_CACHE_SIZE)
def _idle_prompt_s(  # noqa: PLR0917 - cached: its arguments are its key
    load: ModelLoad,
    gpu: GpuFacts,
    shape: Shape,
    network: Network,
    input_tokens: int,
    kernel: KernelCosts,
) -> float:
    return prefill_s(load, gpu, shape, input_tokens, network=network, costs=kernel)


@lru_cache(maxsize=_CACHE_SIZE)
def _step_s(  # noqa: PLR0917 - cached: its arguments are its key
    load: ModelLoad,
    gpu: GpuFacts,
    shape: Shape,
    network: Network,
    sequences: int,
    kernel: KernelCosts,
) -> float:
    return decode_step(load, gpu, shape, sequences=sequences, network=network, costs=kernel).total_s


def loaded(
    load: ModelLoad,
    gpu: GpuFacts,
    shape: Shape,
    network: Network,
    *,
    sequences: float,
    input_tokens: int,
    output_tokens: int,
    arrivals: str = "closed",
    costs: LoadCosts = LOAD,
    kernel: KernelCosts = CURRENT,
) -> Loaded:
    """One replica with ``sequences`` requests in flight (``speed_load`` already applied).

    ``arrivals``: "closed" (users send their next request when an answer ends, as serving
    benchmarks at a concurrency do: their prompts come in bursts), "in_step" (a closed loop
    whose prompts and answers all have one length: every round is one burst of all ``b``) or
    "random" (a rate of independent requests, as an API or MLPerf's server scenario sees).
    """
    if arrivals not in ARRIVALS:
        raise ValueError(f"unknown arrivals: {arrivals!r}")
    b = max(sequences, 1.0)
    running = max(math.ceil(b), 1)
    step = _step_s(load, gpu, shape, network, running, kernel) * costs.step_scale
    prompt = prefill_work_s(load, gpu, shape, network, input_tokens, kernel)
    decode_rate = b / step  # tokens a second with no prompt in between
    rate = decode_rate / (output_tokens + prompt * decode_rate)
    share = min(rate * prompt, 0.999)
    tpot = step / (1.0 - share)
    own = _idle_prompt_s(load, gpu, shape, network, input_tokens, kernel)
    chunks = math.ceil(input_tokens / PREFILL_CHUNK_TOKENS)
    others = b > 1.0  # alone, a prompt waits for no decode step and no other prompt
    interference = step * (0.5 + chunks) if others else 0.0
    burst = {"closed": costs.queue_share, "in_step": 1.0}.get(arrivals, 0.0)
    wait = burst * (b - 1.0) * prompt / 2.0
    wait += share * prompt / (2.0 * (1.0 - share))  # M/D/1 waiting behind other prompts
    overhead = kernel.first_token_overhead_s + (costs.busy_overhead_s if others else 0.0)
    ttft = overhead + own + interference + wait
    return Loaded(
        sequences=b,
        requests_per_s=rate,
        output_tokens_per_s=rate * output_tokens,
        tokens_per_user=1.0 / tpot,
        ttft_s=ttft,
        ttft_floor_s=kernel.first_token_overhead_s + own,
        prefill_share=share,
        step_s=step,
    )


def sequences_for_rate(
    load: ModelLoad,
    gpu: GpuFacts,
    shape: Shape,
    network: Network,
    *,
    requests_per_s: float,
    input_tokens: int,
    output_tokens: int,
    max_sequences: int,
    costs: LoadCosts = LOAD,
    kernel: KernelCosts = CURRENT,
) -> Loaded | None:
    """Little's law on one replica: the load at which it finishes requests as fast as they come.

    None when even ``max_sequences`` in flight (what its KV room and the engine's batch cap
    hold) finish fewer than arrive: the queue would grow without end.
    """

    def at(b: float) -> Loaded:
        return loaded(
            load,
            gpu,
            shape,
            network,
            sequences=b,
            input_tokens=input_tokens,
            output_tokens=output_tokens,
            arrivals="random",
            costs=costs,
            kernel=kernel,
        )

    top = at(float(max_sequences))
    if top.requests_per_s < requests_per_s:
        return None
    low, high = 1.0, float(max_sequences)
    if at(low).requests_per_s >= requests_per_s:
        found = at(low)
    else:
        for _ in range(40):
            mid = (low + high) / 2
            if at(mid).requests_per_s >= requests_per_s:
                high = mid
            else:
                low = mid
            if high - low < _SEQUENCE_STEP / 10:
                break
        found = at(high)
    # In flight by Little's law: arrivals x (time to first token + the answer's decode time).
    latency = found.ttft_s + output_tokens / found.tokens_per_user
    in_flight = max(requests_per_s * latency, 1.0)
    return dataclasses.replace(
        found,
        sequences=in_flight,
        requests_per_s=requests_per_s,
        output_tokens_per_s=requests_per_s * output_tokens,
    )
