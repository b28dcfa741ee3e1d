"""The boundaries: parsed facts all reach the engine, one door into sizing, one language map."""

import ast
import dataclasses
import pathlib
from decimal import Decimal

import pytest

from bot.languages import normalise_language
from bot.request import NOT_YET_SIZED, RequestFacts, facts_from_json, facts_to_json
from bot.understand import negotiate_language
from sizing import (
    Choice,
    GpuId,
    KvDtype,
    Precision,
    ServingEngine,
    SizingRequest,
    size_deployment,
)
from tests.helpers.model_configs import LLAMA_LIKE

BOT = pathlib.Path(__file__).resolve().parents[2] / "bot"
LLAMA_70B = "meta-llama/Llama-3.1-70B-Instruct"
BASE = RequestFacts(model_id=LLAMA_70B)


def _size(facts):
    """Size facts as a chat does: what it keeps of a message, stored and read back."""
    stored = facts_from_json(facts_to_json(facts.kept()))
    return size_deployment(stored.sizing_request())


def _explored_engines(answer):
    return {(o.variant.engine, o.variant.engine_source) for o in answer.explored}


# Each fact the engine sizes, a value for it, and what the answer shows of it. A new
# RequestFacts field fails ``test_every_fact_is_checked_or_not_yet_sized`` until it is here
# or named as not yet sized, and this table fails if sizing ignores it.
FACTS = {
    "model_id": ("Qwen/Qwen3-32B", lambda a: a.model.id == "Qwen/Qwen3-32B"),
    "model_config": (
        {**LLAMA_LIKE, "num_hidden_layers": 7},
        lambda a: a.model.layers == 7,
    ),
    "params_b": (70.0, lambda a: a.model.generic and round(a.model.total_params / 1e9) == 70),
    "active_params_b": (12.0, lambda a: round(a.model.active_params / 1e9) == 12),
    "moe": (True, lambda a: a.model.moe),
    "precision": (Precision.BF16, lambda a: a.request.precision_fixed),
    "kv_dtype": (
        KvDtype.FP8,
        lambda a: a.request.kv_dtype is KvDtype.FP8 and a.request.kv_dtype_fixed,
    ),
    "context_tokens": (32768, lambda a: a.request.context_tokens == 32768),
    "concurrency": (7, lambda a: a.request.concurrency == 7),
    "gpus": ((GpuId.MI355X,), lambda a: a.request.gpus == (GpuId.MI355X,)),
    "gpu_count": (1, lambda a: a.request.gpu_count == 1 and a.verdict.gpu_count in {None, 1}),
    "budget_usd_month": (Decimal(4000), lambda a: a.request.budget_usd_month == Decimal(4000)),
    "cuda_only": (True, lambda a: a.request.cuda_only),
    "needs_native_fp4": (True, lambda a: a.request.needs_native_fp4),
    "engine": (
        ServingEngine.SGLANG,
        lambda a: _explored_engines(a) == {(ServingEngine.SGLANG, Choice.ASKED)},
    ),
    "throughput_tok_s": (3000.0, lambda a: _asked(a, "throughput_tok_s") == 3000.0),
    "tokens_per_user_tok_s": (25.0, lambda a: _asked(a, "tokens_per_user_tok_s") == 25.0),
    "ttft_s": (2.0, lambda a: _asked(a, "ttft_s") == 2.0),
    "requests_per_minute": (120.0, lambda a: _asked(a, "requests_per_minute") == 120.0),
    "input_tokens": (1500, lambda a: _asked(a, "input_tokens") == 1500),
    "output_tokens": (300, lambda a: _asked(a, "output_tokens") == 300),
    "batch_tokens": (10**9, lambda a: _asked(a, "batch_tokens") == 10**9),
    "deadline_hours": (48.0, lambda a: _asked(a, "deadline_hours") == 48.0),
    "lora_adapters": (20, lambda a: a.request.lora is not None and a.request.lora.adapters == 20),
    "lora_rank": (64, lambda a: a.request.lora is not None and a.request.lora.rank == 64),
    "draft_model_id": (
        "Qwen/Qwen3-0.6B",
        lambda a: a.request.draft is not None and a.request.draft.model_id == "Qwen/Qwen3-0.6B",
    ),
    "speculative_tokens": (
        5,
        lambda a: a.request.draft is not None and a.request.draft.tokens == 5,
    ),
}


def _asked(answer, name):
    """Return a service-level field as the engine resolved it (None when no level was asked)."""
    level = answer.request.service
    return None if level is None else getattr(level, name)


# Facts that only make sense with another one set.
COMPANIONS = {
    "model_config": {"model_id": None},
    "params_b": {"model_id": None},
    "active_params_b": {"model_id": None, "params_b": 100.0, "moe": True},
    "moe": {"model_id": None, "params_b": 100.0},
    "deadline_hours": {"batch_tokens": 10**9},
    "lora_rank": {"lora_adapters": 20},
    "draft_model_id": {"model_id": "Qwen/Qwen3-32B"},  # a draft of the served model's vocabulary
    "speculative_tokens": {"model_id": "Qwen/Qwen3-32B", "draft_model_id": "Qwen/Qwen3-0.6B"},
}
MODEL_NAMING = {"model_id", "model_config", "params_b", "active_params_b", "moe"}
# A Hub id is resolved to a model before sizing (the model issue): it is no sizing fact.
# The Hub checkpoint's facts: sized as one SizingRequest.checkpoint with hf_id and model_config.
RESOLVED_FIRST = frozenset(
    {"hf_id", "hf_revision", "hf_quant_config", "stored_params", "hf_releases"}
)
# Several models are sized together by ``sizing.size_shared``, each member as a request of
# its own (tests/sizing/deploy/test_shared.py), not as one field of one request.
SIZED_APART = frozenset({"members"})


def test_every_fact_is_checked_or_not_yet_sized():
    """Each RequestFacts field is in the table below, or named as one the engine does not size yet.

    The names of the sized ones are SizingRequest fields.
    """
    facts = {f.name for f in dataclasses.fields(RequestFacts)}
    assert facts == set(FACTS) | NOT_YET_SIZED | RESOLVED_FIRST | SIZED_APART
    assert not set(FACTS) & NOT_YET_SIZED
    assert set(FACTS) <= {f.name for f in dataclasses.fields(SizingRequest)}


@pytest.mark.parametrize("name", sorted(FACTS))
def test_no_fact_is_ignored_by_sizing(name):
    """Setting a fact changes what the engine sizes, through the stored request."""
    value, shows = FACTS[name]
    facts = dataclasses.replace(BASE, **COMPANIONS.get(name, {}), **{name: value})
    assert shows(_size(facts)), name
    baseline = dataclasses.replace(BASE, **COMPANIONS.get(name, {}))
    if name not in MODEL_NAMING:
        assert not shows(_size(baseline)), f"{name} shows without being set"


def test_a_named_four_bit_variant_reaches_the_engine():
    """Generic FP4 is NVFP4 on the B200: "mxfp4" named in a message makes it MXFP4 there."""
    from bot.understand import parse_message  # noqa: PLC0415 - the parser is the thing tested

    for text, expected in (("Llama 3.1 70B mxfp4", Precision.MXFP4), ("Llama 3.1 70B fp4", None)):
        answer = _size(parse_message(text).facts)
        b200 = {o.variant.weight_format for o in answer.explored if o.gpu is GpuId.B200}
        assert (Precision.MXFP4 in b200) is (expected is Precision.MXFP4), text


def test_the_parser_output_reaches_the_engine_whole():
    """A message naming FP8 weights, an FP8 KV cache and SGLang reaches the engine whole."""
    from bot.understand import parse_message  # noqa: PLC0415 - the parser is the thing tested

    parsed = parse_message("Llama 3.1 405B FP8 with FP8 KV cache, 32K, 50 users, sglang")
    request = parsed.facts.kept().sizing_request()
    assert (request.precision, request.kv_dtype) == (Precision.FP8, KvDtype.FP8)
    assert request.engine is ServingEngine.SGLANG


@pytest.mark.parametrize("path", sorted(BOT.rglob("*.py")), ids=lambda p: str(p.relative_to(BOT)))
def test_the_bot_imports_the_engine_only_through_its_package(path):
    """``sizing/__init__.py`` is the one door: no bot module imports a sizing submodule."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        for name in names:
            assert not name.startswith("sizing."), f"{path}: imports {name}"


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("zh-Hans-HK", "zh-Hans"),
        ("zh-Hant-CN", "zh-Hant"),
        ("zh-HK", "zh-Hant"),
        ("zh_MO", "zh-Hant"),
        ("zh-SG", "zh-Hans"),
        ("pt-AO", "pt-BR"),
        ("sr-Latn-RS", None),
        ("de-CH-1996", "de"),
    ],
)
def test_language_codes_are_normalised_in_one_place(code, expected):
    """Client codes map through Babel's parser; the parser's negotiation agrees with it."""
    assert normalise_language(code) == expected
    assert negotiate_language(code) == (expected or "en")
