"""The glossary: what a term means, and what it means for sizing, with the engine's own figures.

Each answer is a definition, then figures the engine computes from its catalogs for the
example models ``knowledge.json`` names (bits per weight and a model's weights in a format, KV
cache per token and per context, total and active parameters), the rented GPUs that compute
a format natively (the GPU catalog's ``native_formats``), and a model to size. A question
about a term the glossary does not explain gets the list of those it does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from sizing.answer import OptionSpeed, PlanOption
from sizing.catalog import get_gpu, load_gpus, load_plans, plans_for
from sizing.deploy import size_deployment
from sizing.errors import SizingError, UnknownModelError
from sizing.knowledge.data import Glossary, load_knowledge
from sizing.knowledge.types import (
    Action,
    ActionKind,
    Fact,
    KnowledgeAnswer,
    Point,
    Question,
    Term,
    Value,
    Verdict,
)
from sizing.model import (
    BITS_PER_PARAM,
    Attention,
    ModelSpec,
    get_model,
    kv_bytes_for_sequence,
    kv_bytes_per_token,
    weights_bytes,
)
from sizing.request import GpuId, KvDtype, Precision, SizingRequest
from sizing.units import BILLION, GB
from sizing.validate import MAX_TTFT_S

# The formats whose weights a GPU without them stores weight-only (AWQ, GPTQ).
_FOUR_BIT = frozenset({Precision.FP4, Precision.INT4})
_DEFINITIONS: dict[Term, Fact] = {
    Term.BF16: Fact.TERM_BF16,
    Term.FP8: Fact.TERM_FP8,
    Term.FP4: Fact.TERM_FP4,
    Term.INT4: Fact.TERM_INT4,
    Term.KV_CACHE: Fact.TERM_KV_CACHE,
    Term.MLA: Fact.TERM_MLA,
    Term.MOE: Fact.TERM_MOE,
    Term.TENSOR_PARALLELISM: Fact.TERM_TENSOR_PARALLELISM,
    Term.CONTEXT_LENGTH: Fact.TERM_CONTEXT_LENGTH,
    Term.SLIDING_WINDOW: Fact.TERM_SLIDING_WINDOW,
    Term.TTFT: Fact.TERM_TTFT,
    Term.TPOT: Fact.TERM_TPOT,
}
# The speed terms' example: the dense model in FP8 on one H200 (what the product page sells),
# alone and at this many users at once, each sending prompts of these lengths.
_SPEED_GPU = GpuId.H200
_SPEED_FORMAT = Precision.FP8
_SPEED_USERS = 16
_SPEED_INPUT_TOKENS = 2000
_SPEED_OUTPUT_TOKENS = 500
# The format each format term is sized in.
_FORMATS: dict[Term, Precision] = {
    Term.BF16: Precision.BF16,
    Term.FP8: Precision.FP8,
    Term.FP4: Precision.FP4,
    Term.INT4: Precision.INT4,
}


def _model(model_id: str) -> ModelSpec | None:
    """Return the example model, if the catalog in use holds it (else its figures go)."""
    try:
        return get_model(model_id)
    except UnknownModelError:
        return None


def _gb(size_bytes: int) -> float:
    return size_bytes / GB


def _weights_gb(model: ModelSpec, precision: Precision) -> float:
    return _gb(weights_bytes(model, precision))


def _billions(params: int) -> float:
    return round(params / BILLION, 1)


def _rented() -> list[GpuId]:
    """GPUs a plan rents, in the GPU catalog's order."""
    return [g.id for g in load_gpus() if plans_for(g.id)]


def _format_points(term: Term, glossary: Glossary) -> list[Point]:
    """Bits per weight and the example's weights in the format, then where it computes."""
    precision = _FORMATS[term]
    points = []
    model = _model(glossary.dense_model)
    if model is not None and term is Term.FP4:
        values: dict[str, Value] = {
            "model": model.name,
            "weight_bits": float(BITS_PER_PARAM[Precision.MXFP4]),
            "other_bits": float(BITS_PER_PARAM[Precision.NVFP4]),
            "weights_gb": _weights_gb(model, Precision.MXFP4),
            "other_weights_gb": _weights_gb(model, Precision.NVFP4),
            "bf16_weights_gb": _weights_gb(model, Precision.BF16),
        }
        points.append(Point(Fact.FP4_VARIANTS, values))
    elif model is not None:
        values = {
            "format": precision.value,
            "model": model.name,
            "weight_bits": float(BITS_PER_PARAM[precision]),
            "weights_gb": _weights_gb(model, precision),
        }
        if precision is not Precision.BF16:
            values["bf16_weights_gb"] = _weights_gb(model, Precision.BF16)
        points.append(Point(Fact.FORMAT_WEIGHTS, values))
    return points + _where_it_computes(precision)


def _where_it_computes(precision: Precision) -> list[Point]:
    """Name the rented GPUs that compute in the format, and those that only store its weights."""
    native = tuple(g.value for g in _rented() if precision in get_gpu(g).native_formats)
    stores = []
    for gpu in _rented():
        formats = load_knowledge().formats_of(gpu)
        four_bit = precision in _FOUR_BIT
        if four_bit and gpu.value not in native and formats and formats.weight_only_methods:
            stores.append((gpu, tuple(m.value for m in formats.weight_only_methods)))
    points = []
    if native:
        values: dict[str, Value] = {
            "names": native,
            "format": precision.value,
            "gpus_count": len(native),
        }
        points.append(Point(Fact.NATIVE_ON, values, count="gpus_count"))
    if stores:
        methods = tuple(dict.fromkeys(m for _, names in stores for m in names))
        values = {
            "names": tuple(g.value for g, _ in stores),
            "format": precision.value,
            "any_names": methods,
        }
        points.append(Point(Fact.WEIGHT_ONLY_ON, values))
    return points


def _kv_values(model: ModelSpec, context_tokens: int) -> dict[str, Value]:
    """Return a model's BF16 KV cache per token and for one context of ``context_tokens``."""
    return {
        "model": model.name,
        "per_token_bytes": kv_bytes_per_token(model, KvDtype.BF16, context_tokens),
        "context_tokens": context_tokens,
        "per_context_gb": _gb(kv_bytes_for_sequence(model, KvDtype.BF16, context_tokens)),
    }


def _kv_points(glossary: Glossary) -> list[Point]:
    model = _model(glossary.dense_model)
    if model is None:
        return []
    values = _kv_values(model, glossary.context_tokens)
    fp8 = kv_bytes_for_sequence(model, KvDtype.FP8, glossary.context_tokens)
    values["fp8_per_context_gb"] = _gb(fp8)
    return [Point(Fact.KV_PER_TOKEN, values)]


def _mla_points(glossary: Glossary) -> list[Point]:
    mla, gqa = _model(glossary.mla_model), _model(glossary.dense_model)
    points = []
    if mla is not None and gqa is not None and mla.attention is Attention.MLA:
        ours = _kv_values(mla, glossary.context_tokens)
        theirs = _kv_values(gqa, glossary.context_tokens)
        values: dict[str, Value] = {
            **ours,
            "other_model": gqa.name,
            "other_per_token_bytes": theirs["per_token_bytes"],
            "other_per_context_gb": theirs["per_context_gb"],
        }
        points.append(Point(Fact.MLA_VS_GQA, values))
    points.append(Point(Fact.MLA_KV_WHOLE_ON_EACH_GPU))
    return points


def _moe_points(glossary: Glossary) -> list[Point]:
    model = _model(glossary.moe_model)
    if model is None or not model.moe:
        return []
    values: dict[str, Value] = {
        "model": model.name,
        "total_b": _billions(model.total_params),
        "active_b": _billions(model.active_params),
        "precision": model.release_precision.value,
        "weights_gb": _weights_gb(model, model.release_precision),
    }
    return [Point(Fact.MOE_MEMORY_AND_SPEED, values)]


def _tp_points(glossary: Glossary) -> list[Point]:
    model = _model(glossary.dense_model)
    servers = [p for p in load_plans() if p.is_server and p.can_split_model]
    points = []
    if model is not None and servers:
        gpus = servers[0].gpus
        weights = _weights_gb(model, Precision.BF16)
        values: dict[str, Value] = {
            "model": model.name,
            "precision": Precision.BF16.value,
            "weights_gb": weights,
            "gpus_count": gpus,
            "per_gpu_gb": weights / gpus,
        }
        points.append(Point(Fact.TP_SPLIT, values, count="gpus_count"))
    for server in servers:
        values = {
            "plan": server.id,
            "monthly_usd": server.monthly_usd,
            "gpus_count": server.gpus,
            "interconnect": get_gpu(server.gpu).interconnect.value,
        }
        points.append(Point(Fact.TP_SERVER, values))
    return points


def _context_points(glossary: Glossary) -> list[Point]:
    model = _model(glossary.dense_model)
    if model is None:
        return []
    short = glossary.short_context_tokens
    values: dict[str, Value] = {
        **_kv_values(model, glossary.context_tokens),
        "short_tokens": short,
        "short_per_context_gb": _gb(kv_bytes_for_sequence(model, KvDtype.BF16, short)),
    }
    if model.max_context_tokens:
        values["max_tokens"] = model.max_context_tokens
    return [Point(Fact.CONTEXT_GROWTH, values)]


def _window_points(glossary: Glossary) -> list[Point]:
    model = _model(glossary.window_model)
    if model is None or model.sliding_window is None or not model.windowed_layers:
        return []
    context = glossary.context_tokens
    whole = replace(model, sliding_window=None)  # every layer caching the whole context
    values: dict[str, Value] = {
        "model": model.name,
        "windowed_count": model.windowed_layers,
        "layers_count": model.layers,
        "window_tokens": model.sliding_window,
        "context_tokens": context,
        "per_context_gb": _gb(kv_bytes_for_sequence(model, KvDtype.BF16, context)),
        "full_per_context_gb": _gb(kv_bytes_for_sequence(whole, KvDtype.BF16, context)),
    }
    return [Point(Fact.WINDOW_CAP, values, count="windowed_count")]


def _speed_example(glossary: Glossary, users: int) -> PlanOption | None:
    """Return the example model sized on one H200 in FP8 at ``users`` (None: it does not fit)."""
    request = SizingRequest(
        model_id=glossary.dense_model,
        precision=_SPEED_FORMAT,
        kv_dtype=KvDtype.FP8,
        context_tokens=glossary.short_context_tokens,
        concurrency=users,
        gpus=(_SPEED_GPU,),
        gpu_count=1,
        input_tokens=_SPEED_INPUT_TOKENS,
        output_tokens=_SPEED_OUTPUT_TOKENS,
        ttft_s=MAX_TTFT_S,  # a limit nothing misses: the engine then gives the TTFT at the load
    )
    try:
        answer = size_deployment(request)
    except SizingError:
        return None
    return next((o for o in answer.options if o.gpu is _SPEED_GPU and o.gpus == 1 and o.fits), None)


def _speed_values(glossary: Glossary) -> dict[str, Value] | None:
    """Return the example's model, format and GPU, and the load the speeds are given at."""
    model = _model(glossary.dense_model)
    if model is None:
        return None
    return {
        "model": model.name,
        "format": _SPEED_FORMAT.value,
        "gpu": _SPEED_GPU.value,
        "users_count": _SPEED_USERS,
        "input_tokens": _SPEED_INPUT_TOKENS,
    }


def _speed_pair(glossary: Glossary) -> tuple[dict[str, Value], OptionSpeed, OptionSpeed] | None:
    """Return the example's values and its speeds with one user alone and at the load."""
    values = _speed_values(glossary)
    alone, loaded = _speed_example(glossary, 1), _speed_example(glossary, _SPEED_USERS)
    if values is None or alone is None or loaded is None:
        return None
    return values, alone.speed, loaded.speed


def _ttft_points(glossary: Glossary) -> list[Point]:
    """Return the first token after the example's prompt, one user alone and at the load."""
    pair = _speed_pair(glossary)
    if pair is None:
        return []
    values, alone, loaded = pair
    idle, at_load = alone.ttft_s_at_load, loaded.ttft_s_at_load
    if idle is None or at_load is None:
        return []
    values |= {"idle_ttft_s": idle, "load_ttft_s": at_load}
    return [Point(Fact.TTFT_EXAMPLE, values, count="users_count")]


def _tpot_points(glossary: Glossary) -> list[Point]:
    """Return one user's tokens per second alone (and per token), and each user's at load."""
    pair = _speed_pair(glossary)
    if pair is None:
        return []
    values, alone, loaded = pair
    one, each = alone.decode_tokens_per_s, loaded.decode_tokens_per_s_per_user
    if not one or not each:
        return []
    values |= {"alone_tok_s": one, "alone_ms": 1000 / one, "each_tok_s": each}
    return [Point(Fact.TPOT_EXAMPLE, values, count="users_count")]


_DETAIL: dict[Term, Callable[[Glossary], list[Point]]] = {
    Term.KV_CACHE: _kv_points,
    Term.MLA: _mla_points,
    Term.MOE: _moe_points,
    Term.TENSOR_PARALLELISM: _tp_points,
    Term.CONTEXT_LENGTH: _context_points,
    Term.SLIDING_WINDOW: _window_points,
    Term.TTFT: _ttft_points,
    Term.TPOT: _tpot_points,
}


def _size_action(term: Term, glossary: Glossary) -> Action:
    """Size the example the answer's figures are about."""
    context = glossary.context_tokens
    if term in _FORMATS:
        return Action(ActionKind.SIZE, model=glossary.dense_model, precision=_FORMATS[term])
    if term in {Term.MLA, Term.MOE}:
        model = glossary.mla_model if term is Term.MLA else glossary.moe_model
        return Action(ActionKind.SIZE, model=model, context_tokens=context)
    if term is Term.SLIDING_WINDOW:
        return Action(ActionKind.SIZE, model=glossary.window_model, context_tokens=context)
    return Action(ActionKind.SIZE, model=glossary.dense_model, context_tokens=context)


def answer_glossary(question: Question) -> KnowledgeAnswer:
    """Say what a term means and what it means for sizing; for any other, the terms explained."""
    glossary = load_knowledge().glossary
    term = Term(question.term) if question.term in {t.value for t in Term} else None
    if term is None:
        names = tuple(t.value for t in Term)
        return KnowledgeAnswer(
            topic=question.topic,
            verdict=Verdict.INFO,
            short=Point(Fact.GLOSSARY_TERMS, {"names": names}),
            points=(),
            actions=(Action(ActionKind.SIZE),),
        )
    if glossary is None:  # no examples named: the definition, and where a format computes
        points = _where_it_computes(_FORMATS[term]) if term in _FORMATS else []
        action = Action(ActionKind.SIZE)
    else:
        detail = _DETAIL.get(term)
        points = detail(glossary) if detail is not None else _format_points(term, glossary)
        action = _size_action(term, glossary)
    if action.model is not None and _model(action.model) is None:
        action = Action(ActionKind.SIZE)
    return KnowledgeAnswer(
        topic=question.topic,
        verdict=Verdict.INFO,
        short=Point(_DEFINITIONS[term]),
        points=tuple(points),
        actions=(action,),
    )
