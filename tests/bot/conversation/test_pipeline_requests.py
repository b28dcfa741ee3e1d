"""The stored request of a chat: merging follow-ups, and reading back whatever was stored."""

from hypothesis import given
from hypothesis import strategies as st

from bot.conversation.stored_request import (
    fields_from_parsed,
    merge,
    names_model,
    to_sizing_request,
)
from bot.request import Intent, ParsedRequest
from sizing.request import GpuId, Precision

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)
KEYS = st.sampled_from(
    [
        "model_id",
        "params_b",
        "precision",
        "context_tokens",
        "concurrency",
        "gpus",
        "moe",
        "budget_usd_month",
        "cuda_only",
        "language",
        "other",
    ]
)


@given(st.dictionaries(KEYS, json_values, max_size=8))
def test_any_stored_json_reads_back_without_raising(stored):
    """Whatever a store hands back, reading it gives a request (bad values become defaults)."""
    request = to_sizing_request(stored)
    assert request.precision is None or isinstance(request.precision, Precision)
    assert all(isinstance(g, GpuId) for g in request.gpus)


def test_parsed_facts_become_stored_fields_without_absent_ones():
    """Only what the message said is stored; absent facts are not nulled."""
    parsed = ParsedRequest(intent=Intent.SIZE, language="en", model="m/x", context_tokens=8192)
    assert fields_from_parsed(parsed) == {"model_id": "m/x", "context_tokens": 8192}


def test_a_new_model_replaces_the_old_one_whole():
    """Naming a generic size after a catalog model drops the model id, and back."""
    merged = merge({"model_id": "m/x", "precision": "fp8"}, {"params_b": 70.0, "moe": False})
    assert merged == {"precision": "fp8", "params_b": 70.0, "moe": False}
    assert names_model(merged)
    assert merge(merged, {"context_tokens": 1024})["params_b"] == 70.0


def test_stored_fields_reach_the_engine_request():
    """Stored values arrive in the SizingRequest with their types."""
    request = to_sizing_request(
        {"model_id": "m/x", "precision": "bf16", "gpus": ["h200", "tpu"], "budget_usd_month": 9000}
    )
    assert request.model_id == "m/x"
    assert request.precision is Precision.BF16
    assert request.gpus == (GpuId.H200,)
    assert str(request.budget_usd_month) == "9000"
