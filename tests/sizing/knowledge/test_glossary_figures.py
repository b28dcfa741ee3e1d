"""The glossary: a definition per term, and figures that are the engine's own computations."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from sizing.catalog.hardware import get_gpu, load_gpus, load_plans, plans_for, read_hardware
from sizing.knowledge.answer import answer_question
from sizing.knowledge.data import KNOWLEDGE_FILE, load_knowledge, parse_knowledge, use_knowledge
from sizing.knowledge.types import ActionKind, Fact, Question, Term, Topic, Verdict
from sizing.model import get_model, kv_bytes_for_sequence, kv_bytes_per_token
from sizing.model.formats import BITS_PER_PARAM, weights_bytes
from sizing.request import KvDtype, Precision

GLOSSARY = load_knowledge().glossary
assert GLOSSARY is not None
DENSE = get_model(GLOSSARY.dense_model)
CONTEXT = GLOSSARY.context_tokens


def _ask(term):
    return answer_question(Question(Topic.GLOSSARY, term=term.value if term else None))


def _point(answer, fact):
    return next(p for p in answer.points if p.fact is fact)


def _rented_with(precision):
    return tuple(
        g.id.value for g in load_gpus() if plans_for(g.id) and precision in g.native_formats
    )


@pytest.mark.parametrize("term", list(Term))
def test_every_term_has_a_definition_a_figure_and_a_model_to_size(term):
    """Each answer: the term's definition first, at least one point, a button to size a model."""
    answer = _ask(term)
    assert answer.verdict is Verdict.INFO
    assert answer.short.fact.value == f"term_{term.name.lower()}"
    assert answer.points
    (action,) = answer.actions
    assert action.kind is ActionKind.SIZE
    assert action.model is not None
    get_model(action.model)  # a catalog model


def test_fp8_weights_are_the_engines_own_figures():
    """FP8: 8 bits a weight, and the example's weights as ``weights_bytes`` sizes them."""
    point = _point(_ask(Term.FP8), Fact.FORMAT_WEIGHTS)
    assert point.values["weight_bits"] == float(BITS_PER_PARAM[Precision.FP8])
    assert point.values["weights_gb"] == weights_bytes(DENSE, Precision.FP8) / 1e9
    assert point.values["bf16_weights_gb"] == weights_bytes(DENSE, Precision.BF16) / 1e9
    assert 70 < point.values["weights_gb"] < point.values["bf16_weights_gb"] / 1.9


def test_bf16_is_not_compared_with_itself():
    """BF16 states its own weights only."""
    point = _point(_ask(Term.BF16), Fact.FORMAT_WEIGHTS)
    assert point.values["weight_bits"] == 16.0
    assert "bf16_weights_gb" not in point.values


def test_fp4_gives_both_variants_and_where_they_compute():
    """FP4: MXFP4 and NVFP4 bits and weights; MI355X computes it, H200 stores it weight-only."""
    answer = _ask(Term.FP4)
    variants = _point(answer, Fact.FP4_VARIANTS)
    assert variants.values["weight_bits"] == float(BITS_PER_PARAM[Precision.MXFP4])
    assert variants.values["other_bits"] == float(BITS_PER_PARAM[Precision.NVFP4])
    assert variants.values["weights_gb"] == weights_bytes(DENSE, Precision.MXFP4) / 1e9
    assert variants.values["other_weights_gb"] == weights_bytes(DENSE, Precision.NVFP4) / 1e9
    native = _point(answer, Fact.NATIVE_ON)
    assert native.values["names"] == _rented_with(Precision.FP4) == ("mi355x",)
    stores = _point(answer, Fact.WEIGHT_ONLY_ON)
    assert stores.values["names"] == ("h200",)
    assert stores.values["any_names"] == ("awq", "gptq")


def test_int4_is_weight_only_everywhere_we_rent():
    """INT4: no rented GPU computes in it; its bits include the group scales."""
    answer = _ask(Term.INT4)
    assert _point(answer, Fact.FORMAT_WEIGHTS).values["weight_bits"] == float(
        BITS_PER_PARAM[Precision.INT4]
    )
    assert Fact.NATIVE_ON not in {p.fact for p in answer.points}
    assert Fact.WEIGHT_ONLY_ON in {p.fact for p in answer.points}


def test_fp8_and_bf16_list_every_rented_gpu_that_computes_them():
    """The native list follows the GPU catalog's ``native_formats`` of the rented GPUs."""
    for term, precision in ((Term.FP8, Precision.FP8), (Term.BF16, Precision.BF16)):
        native = _point(_ask(term), Fact.NATIVE_ON)
        assert native.values["names"] == _rented_with(precision)
        assert native.values["gpus_count"] == len(native.values["names"])


def test_kv_cache_figures_are_the_engines():
    """KV cache: BF16 bytes per token and per long context, and the FP8 KV figure."""
    point = _point(_ask(Term.KV_CACHE), Fact.KV_PER_TOKEN)
    assert point.values["per_token_bytes"] == kv_bytes_per_token(DENSE, KvDtype.BF16, CONTEXT)
    assert point.values["per_token_bytes"] == DENSE.kv_bytes_per_token
    assert (
        point.values["per_context_gb"] == kv_bytes_for_sequence(DENSE, KvDtype.BF16, CONTEXT) / 1e9
    )
    assert point.values["fp8_per_context_gb"] == point.values["per_context_gb"] / 2


def test_mla_caches_less_per_token_than_gqa_and_stays_whole_under_tp():
    """MLA next to GQA, per token and per context; the cache is kept whole on each TP GPU."""
    answer = _ask(Term.MLA)
    point = _point(answer, Fact.MLA_VS_GQA)
    mla = get_model(GLOSSARY.mla_model)
    assert point.values["per_token_bytes"] == mla.kv_bytes_per_token
    assert point.values["other_per_token_bytes"] == DENSE.kv_bytes_per_token
    assert point.values["per_token_bytes"] < point.values["other_per_token_bytes"]
    assert Fact.MLA_KV_WHOLE_ON_EACH_GPU in {p.fact for p in answer.points}


def test_moe_memory_by_total_speed_by_active():
    """MoE: total and active parameters of the example, weights in its release format."""
    point = _point(_ask(Term.MOE), Fact.MOE_MEMORY_AND_SPEED)
    model = get_model(GLOSSARY.moe_model)
    assert point.values["total_b"] == round(model.total_params / 1e9, 1)
    assert point.values["active_b"] == round(model.active_params / 1e9, 1)
    assert point.values["active_b"] < point.values["total_b"]
    release = model.release_precision
    assert point.values["weights_gb"] == weights_bytes(model, release) / 1e9


def test_tensor_parallelism_splits_the_weights_over_a_servers_gpus():
    """TP: BF16 weights over the server's GPU count, and every server that can split a model."""
    answer = _ask(Term.TENSOR_PARALLELISM)
    split = _point(answer, Fact.TP_SPLIT)
    servers = [p for p in load_plans() if p.is_server and p.can_split_model]
    assert split.values["gpus_count"] == servers[0].gpus
    assert split.values["per_gpu_gb"] == split.values["weights_gb"] / servers[0].gpus
    shown = [p for p in answer.points if p.fact is Fact.TP_SERVER]
    assert [p.values["plan"] for p in shown] == [s.id for s in servers]
    for point, server in zip(shown, servers, strict=True):
        assert point.values["monthly_usd"] == server.monthly_usd
        assert point.values["interconnect"] == get_gpu(server.gpu).interconnect.value
    assert answer.quotes_prices


def test_context_length_grows_the_kv_cache_linearly():
    """Context length: the short and the long context's cache, and the model's maximum."""
    point = _point(_ask(Term.CONTEXT_LENGTH), Fact.CONTEXT_GROWTH)
    short = GLOSSARY.short_context_tokens
    assert (
        point.values["short_per_context_gb"]
        == kv_bytes_for_sequence(DENSE, KvDtype.BF16, short) / 1e9
    )
    ratio = point.values["per_context_gb"] / point.values["short_per_context_gb"]
    assert ratio == pytest.approx(CONTEXT / short)
    assert point.values["max_tokens"] == DENSE.max_context_tokens


def test_sliding_window_caps_the_windowed_layers():
    """Sliding window: the cache with the window is the engine's, less than without it."""
    point = _point(_ask(Term.SLIDING_WINDOW), Fact.WINDOW_CAP)
    model = get_model(GLOSSARY.window_model)
    assert point.values["window_tokens"] == model.sliding_window
    assert point.values["windowed_count"] == model.windowed_layers
    assert (
        point.values["per_context_gb"] == kv_bytes_for_sequence(model, KvDtype.BF16, CONTEXT) / 1e9
    )
    whole = kv_bytes_for_sequence(replace(model, sliding_window=None), KvDtype.BF16, CONTEXT)
    assert point.values["full_per_context_gb"] == whole / 1e9
    assert point.values["per_context_gb"] < point.values["full_per_context_gb"]


@pytest.mark.parametrize("term", [None, "vram"])
def test_an_unknown_term_lists_the_terms_explained(term):
    """No term, or one the glossary lacks: the list of every term, and a button to size."""
    answer = answer_question(Question(Topic.GLOSSARY, term=term))
    assert answer.short.fact is Fact.GLOSSARY_TERMS
    assert answer.short.values["names"] == tuple(t.value for t in Term)
    assert [a.kind for a in answer.actions] == [ActionKind.SIZE]


def test_an_example_model_missing_from_the_catalog_leaves_its_figure_out(monkeypatch):
    """A catalog without the example model: the definition stays, the figure and model go."""
    from sizing.knowledge import glossary as knowledge_glossary  # noqa: PLC0415

    monkeypatch.setattr(knowledge_glossary, "_model", lambda _model_id: None)
    answer = _ask(Term.KV_CACHE)
    assert answer.short.fact is Fact.TERM_KV_CACHE
    assert answer.points == ()
    assert answer.actions[0].model is None


def test_a_catalog_from_before_the_glossary_still_loads_and_answers(tmp_path):
    """A CATALOG_DIR copy without the glossary section: definitions and GPUs, no model figures."""
    raw = json.loads(KNOWLEDGE_FILE.read_text(encoding="utf-8"))
    del raw["glossary"]
    older = tmp_path / "knowledge.json"
    older.write_text(json.dumps(raw), encoding="utf-8")
    hardware = read_hardware()
    knowledge = parse_knowledge(older, hardware.gpus, hardware.plans.plans)
    assert knowledge.glossary is None
    use_knowledge(knowledge)
    try:
        fp8, kv = _ask(Term.FP8), _ask(Term.KV_CACHE)
    finally:
        use_knowledge(None)
    assert fp8.short.fact is Fact.TERM_FP8
    assert [p.fact for p in fp8.points] == [Fact.NATIVE_ON]
    assert (kv.short.fact, kv.points, kv.actions[0].model) == (Fact.TERM_KV_CACHE, (), None)
