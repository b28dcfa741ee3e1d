"""The boundaries: parsed facts all reach the engine, one door into sizing, one language map."""

import ast
import dataclasses
import pathlib
from decimal import Decimal

import pytest

from bot.conversation.stored_request import (
    CONVERSATION_FIELDS,
    FOLDED_FIELDS,
    SIZING_FIELDS,
    fields_from_parsed,
    to_sizing_request,
)
from bot.languages import normalise_language
from bot.request import Intent, ParsedRequest
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

BOT = pathlib.Path(__file__).resolve().parents[2] / "bot"
LLAMA_70B = "meta-llama/Llama-3.1-70B-Instruct"
BASE = ParsedRequest(intent=Intent.SIZE, language="en", model=LLAMA_70B)


def _size(parsed):
    return size_deployment(to_sizing_request(fields_from_parsed(parsed)))


def _explored_engines(answer):
    return {(o.variant.engine, o.variant.engine_source) for o in answer.explored}


# Each fact a message can state, a value for it, and what the answer shows of it. A new
# ParsedRequest field that sizing should use fails ``test_every_parsed_fact_is_checked`` until
# it is here, and this table fails if sizing ignores it.
FACTS = {
    "model": ("Qwen/Qwen3-32B", lambda a: a.model.id == "Qwen/Qwen3-32B"),
    "params_b": (70.0, lambda a: a.model.generic and round(a.model.total_params / 1e9) == 70),
    "active_params_b": (12.0, lambda a: round(a.model.active_params / 1e9) == 12),
    "moe": (True, lambda a: a.model.moe),
    "precision": ("bf16", lambda a: a.request.precision_fixed),
    "precision_variant": (
        "mxfp4",  # generic FP4 is NVFP4 on the B200: the variant named makes it MXFP4 there
        lambda a: any(
            o.gpu is GpuId.B200 and o.variant.weight_format is Precision.MXFP4 for o in a.explored
        ),
    ),
    "kv_dtype": ("fp8", lambda a: a.request.kv_dtype is KvDtype.FP8 and a.request.kv_dtype_fixed),
    "context_tokens": (32768, lambda a: a.request.context_tokens == 32768),
    "concurrency": (7, lambda a: a.request.concurrency == 7),
    "gpus": (("mi355x",), lambda a: a.request.gpus == (GpuId.MI355X,)),
    "gpu_count": (1, lambda a: a.request.gpu_count == 1 and a.verdict.gpu_count in {None, 1}),
    "budget_usd_month": (4000, lambda a: a.request.budget_usd_month == Decimal(4000)),
    "cuda_only": (True, lambda a: a.request.cuda_only),
    "needs_native_fp4": (True, lambda a: a.request.needs_native_fp4),
    "engine": (
        "sglang",
        lambda a: _explored_engines(a) == {(ServingEngine.SGLANG, Choice.ASKED)},
    ),
}
# Facts that only make sense with another one set.
COMPANIONS = {
    "params_b": {"model": None},
    "active_params_b": {"model": None, "params_b": 100.0, "moe": True},
    "moe": {"model": None, "params_b": 100.0},
    "precision_variant": {"precision": "fp4"},
}


def test_every_parsed_field_is_a_sizing_fact_or_a_conversation_fact():
    """Each ParsedRequest field reaches the engine, is folded into one that does, or is chat.

    The names it reaches are SizingRequest fields.
    """
    parsed = {f.name for f in dataclasses.fields(ParsedRequest)}
    mapped = set(SIZING_FIELDS) | set(FOLDED_FIELDS)
    assert parsed == mapped | CONVERSATION_FIELDS
    assert not mapped & CONVERSATION_FIELDS
    engine_fields = {f.name for f in dataclasses.fields(SizingRequest)}
    assert set(SIZING_FIELDS.values()) <= engine_fields
    assert set(FOLDED_FIELDS.values()) <= set(SIZING_FIELDS)


def test_every_parsed_fact_is_checked():
    """The table below covers every sizing fact, so none can be ignored unnoticed."""
    assert set(FACTS) == set(SIZING_FIELDS) | set(FOLDED_FIELDS)


@pytest.mark.parametrize("name", sorted(FACTS))
def test_no_parsed_fact_is_ignored_by_sizing(name):
    """Setting a parsed fact changes what the engine sizes, through the stored request."""
    value, shows = FACTS[name]
    parsed = dataclasses.replace(BASE, **COMPANIONS.get(name, {}), **{name: value})
    assert shows(_size(parsed)), name
    baseline = dataclasses.replace(BASE, **COMPANIONS.get(name, {}))
    if name not in {"model", "params_b", "active_params_b", "moe"}:
        assert not shows(_size(baseline)), f"{name} shows without being set"


def test_the_parser_output_reaches_the_engine_whole():
    """A message naming FP8 weights, an FP8 KV cache and SGLang reaches the engine whole."""
    from bot.understand import parse_message  # noqa: PLC0415 - the parser is the thing tested

    parsed = parse_message("Llama 3.1 405B FP8 with FP8 KV cache, 32K, 50 users, sglang")
    request = to_sizing_request(fields_from_parsed(parsed))
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
