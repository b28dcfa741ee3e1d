"""Speculative decoding with a draft model: its memory beside the served model, its speed range."""

from __future__ import annotations

import pytest

from sizing import (
    Caveat,
    GpuId,
    InvalidRequestError,
    ServingEngine,
    SizingRequest,
    size_deployment,
)
from sizing.speed.costs import accepted_tokens

LLAMA_70B = "meta-llama/Llama-3.3-70B-Instruct"
LLAMA_8B = "meta-llama/Llama-3.1-8B-Instruct"
BASE = {"model_id": LLAMA_70B, "gpus": (GpuId.H200,), "concurrency": 4, "context_tokens": 8192}


def _pick(**fields):
    answer = size_deployment(SizingRequest(**{**BASE, **fields}))
    return answer, answer.options[answer.recommended_index]


def test_accepted_tokens_follow_the_acceptance_chain():
    """K drafted tokens kept one after the other: 1 + a + ... + a^k tokens a step."""
    assert accepted_tokens(0.5, 3) == pytest.approx(1 + 0.5 + 0.25 + 0.125)
    assert accepted_tokens(0.64, 3) == pytest.approx(2.31, abs=0.01)


def test_the_draft_takes_memory_and_each_user_gets_more_tokens():
    """The 8B draft's weights and cache come out of the KV room; each user decodes faster."""
    _, plain = _pick()
    answer, drafted = _pick(draft_model_id=LLAMA_8B)
    assert answer.request.draft.tokens == 3
    assert drafted.fit.weights_bytes_per_gpu > plain.fit.weights_bytes_per_gpu
    assert drafted.fit.max_concurrency_at_context < plain.fit.max_concurrency_at_context
    speed, base = drafted.speed, plain.speed
    assert speed.draft_tokens_per_step == pytest.approx(accepted_tokens(0.64, 3))
    low, high = speed.decode_tokens_per_s_range
    assert low < speed.decode_tokens_per_s_per_user < high
    assert speed.decode_tokens_per_s_per_user > base.decode_tokens_per_s_per_user
    # A draft never doubles a memory-bound 70B's speed: the 8B's own steps cost time too.
    assert high < 2 * base.decode_tokens_per_s_per_user


def test_vllm_and_sglang_are_told_about_the_draft():
    """VLLM's --speculative-config names the draft; SGLang runs it as STANDALONE."""
    _, vllm = _pick(draft_model_id=LLAMA_8B, speculative_tokens=4)
    command = vllm.launch.commands[0]
    assert '"model":"meta-llama/Llama-3.1-8B-Instruct"' in command
    assert '"num_speculative_tokens":4' in command
    _, sglang = _pick(draft_model_id=LLAMA_8B, engine=ServingEngine.SGLANG)
    command = sglang.launch.commands[0]
    assert "--speculative-algorithm STANDALONE" in command
    assert "--speculative-num-draft-tokens 4" in command


def test_a_draft_runs_beside_classic_layouts_only():
    """SGLang's STANDALONE drafts run without data-parallel attention: none is laid out."""
    answer = size_deployment(
        SizingRequest(model_id=LLAMA_70B, draft_model_id=LLAMA_8B, concurrency=64)
    )
    assert all(o.layout is None or not o.layout.dp_attention for o in answer.options)


@pytest.mark.parametrize(
    ("fields", "name"),
    [
        ({"draft_model_id": "Qwen/Qwen3-0.6B"}, "draft_model_id"),  # another vocabulary
        ({"draft_model_id": "meta-llama/Llama-3.1-405B-Instruct"}, "draft_model_id"),  # larger
        ({"speculative_tokens": 3}, "speculative_tokens"),  # no draft
        ({"draft_model_id": LLAMA_8B, "speculative_tokens": 20}, "speculative_tokens"),
    ],
)
def test_drafts_that_cannot_work_are_refused_by_field(fields, name):
    """Another vocabulary, a larger model, tokens without a draft, absurd counts: refused."""
    with pytest.raises(InvalidRequestError, match=name):
        size_deployment(SizingRequest(**{**BASE, **fields}))


def test_the_answer_says_speculative_decoding_was_sized():
    """A caveat names the draft and its tokens a step."""
    answer, _ = _pick(draft_model_id=LLAMA_8B)
    assert Caveat.DRAFT_MODEL in answer.caveats
