"""The facts of a request: one frozen type from the parser through the chat to the engine."""

import dataclasses
from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

from bot.request import (
    NOT_YET_SIZED,
    Intent,
    ParsedRequest,
    RequestFacts,
    facts_from_json,
    facts_to_json,
)
from bot.understand import parse_message
from sizing import KvDtype
from sizing.request import GpuId, Precision, SizingRequest
from tests.helpers.facts import FACTS

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
        "method",
        "plan_counts",
        "language",
        "other",
    ]
)


@given(FACTS)
def test_the_json_form_reads_back_as_the_same_facts(facts):
    """``facts_from_json(facts_to_json(f)) == f``: the one codec the chat store uses."""
    assert facts_from_json(facts_to_json(facts)) == facts


@given(st.dictionaries(KEYS, json_values, max_size=8))
def test_any_stored_json_reads_back_without_raising(stored):
    """Whatever a store hands back reads as facts; values that do not read are left out."""
    facts = facts_from_json(stored)
    assert facts.precision is None or isinstance(facts.precision, Precision)
    assert all(isinstance(g, GpuId) for g in facts.gpus)
    assert facts.sizing_request() is not None


def test_a_stored_list_keeps_the_items_that_read():
    """One GPU that no longer exists costs that GPU alone, never the rest of the request."""
    facts = facts_from_json(
        {"model_id": "m/x", "gpus": ["h200", "tpu", "mi355x"], "concurrency": "x"}
    )
    assert facts == RequestFacts(model_id="m/x", gpus=(GpuId.H200, GpuId.MI355X))


def test_only_what_was_said_is_written():
    """The JSON form holds the stated facts only, enums as their values, money as a number."""
    facts = RequestFacts(model_id="m/x", precision=Precision.FP8, budget_usd_month=Decimal(9000))
    assert facts_to_json(facts) == {"model_id": "m/x", "precision": "fp8", "budget_usd_month": 9000}


def test_a_new_model_replaces_the_old_one_whole():
    """Naming a generic size after a catalog model drops the model id, and back."""
    first = RequestFacts(model_id="m/x", precision=Precision.FP8)
    merged = first.merge(RequestFacts(params_b=70.0, moe=False))
    assert merged == RequestFacts(precision=Precision.FP8, params_b=70.0, moe=False)
    assert merged.names_model
    assert merged.merge(RequestFacts(context_tokens=1024)).params_b == 70.0


def test_other_gpus_without_a_count_drop_the_count_asked():
    """Other GPUs without a count ("and on MI355X?") drop the count asked; a count given stays."""
    first = RequestFacts(model_id="m/x", gpus=(GpuId.H200,), gpu_count=1)
    assert first.merge(RequestFacts(gpus=(GpuId.MI355X,))).gpu_count is None
    assert first.merge(RequestFacts(gpus=(GpuId.MI355X,), gpu_count=8)).gpu_count == 8
    assert first.merge(RequestFacts(concurrency=5)).gpu_count == 1


def test_a_count_alone_asks_nothing():
    """A count alone ("8x H200?") qualifies a request without asking for one; a context asks."""
    assert not RequestFacts(gpu_count=8).asks_something
    assert RequestFacts(context_tokens=8192).asks_something


def test_a_catalog_model_wins_over_a_generic_size_read_beside_it():
    """What the chat keeps of a message: the model named, and no MoE figures without a size."""
    both = RequestFacts(model_id="m/x", params_b=70.0, moe=False)
    assert both.kept() == RequestFacts(model_id="m/x")
    assert RequestFacts(moe=True, concurrency=3).kept() == RequestFacts(concurrency=3)
    assert RequestFacts(params_b=70.0, moe=True).kept() == RequestFacts(params_b=70.0, moe=True)


def test_the_engine_request_carries_every_fact_it_sizes():
    """Stated facts arrive in the ``SizingRequest`` with their types; a catalog model wins."""
    facts = RequestFacts(
        model_id="m/x",
        model_config={"model_type": "llama"},
        precision=Precision.BF16,
        gpus=(GpuId.H200,),
        budget_usd_month=Decimal(9000),
        throughput_tok_s=5000.0,
    )
    request = facts.sizing_request()
    assert request == SizingRequest(
        model_id="m/x",
        precision=Precision.BF16,
        gpus=(GpuId.H200,),
        budget_usd_month=Decimal(9000),
        throughput_tok_s=5000.0,
    )


def test_every_fact_is_sized_or_named_as_not_yet_sized():
    """A fact the engine does not size yet is listed as such, so none is dropped unnoticed."""
    engine = {spec.name for spec in dataclasses.fields(SizingRequest)}
    for spec in dataclasses.fields(RequestFacts):
        hub = {"hf_id", "hf_revision", "hf_quant_config", "stored_params", "hf_releases"}
        apart = {"members"}  # each model sized as a request of its own (size_shared)
        assert spec.name in engine | NOT_YET_SIZED | hub | apart, spec.name
    assert not NOT_YET_SIZED & engine


def test_the_parser_reads_a_message_into_facts():
    """A message's facts are typed as the engine types them."""
    parsed = parse_message("Llama 3.1 8B in nvfp4 with FP8 KV cache, 32K, 5 users, only H200")
    assert isinstance(parsed, ParsedRequest)
    assert parsed.intent is Intent.SIZE
    facts = parsed.facts
    assert facts.model_id == "meta-llama/Llama-3.1-8B-Instruct"
    assert (facts.precision, facts.kv_dtype) == (Precision.NVFP4, KvDtype.FP8)
    assert (facts.context_tokens, facts.concurrency, facts.gpus) == (32768, 5, (GpuId.H200,))
