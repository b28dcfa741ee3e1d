"""The offer wing: proposals for a use, hardware we do not rent, budgets in other currencies."""

from __future__ import annotations

import json
import math
from decimal import Decimal

import pytest

from sizing import (
    CatalogError,
    Needs,
    SizingRequest,
    UseCase,
    UsersFrom,
    peak_users,
    propose,
    size_deployment,
    to_usd,
    unrented,
)
from sizing.offer import exchange_rates, other_gpus, parse_rates, parse_use_cases, use_cases
from sizing.offer.data import USE_CASES_FILE

TB = 10**12


def test_every_pick_is_a_catalog_model_with_a_source():
    """The use-case table names only catalog models, each with a reason and a source."""
    table = use_cases()
    assert {entry.id for entry in table.use_cases} == set(UseCase)
    for entry in table.use_cases:
        for pick in entry.picks:
            assert pick.source.startswith("https://huggingface.co/")


def test_a_pick_outside_the_catalog_is_refused_by_name(tmp_path):
    """A table naming a model the catalog lacks is refused, naming the use case and model."""
    raw = json.loads(USE_CASES_FILE.read_text(encoding="utf-8"))
    raw["use_cases"][0]["picks"][0]["model"] = "acme/not-a-model"
    path = tmp_path / "use_cases.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(CatalogError, match="acme/not-a-model"):
        parse_use_cases(path)


@pytest.mark.parametrize(("headcount", "users"), [(100, 10), (200, 20), (7, 1), (1234, 124)])
def test_users_at_peak_are_the_upper_share_of_the_head_count(headcount, users):
    """10% of the people at peak, rounded up, at least one."""
    assert peak_users(headcount) == users


def test_a_proposal_sizes_each_pick_for_the_users_at_peak():
    """Each pick is the engine's own sizing of the use's model at the users and context."""
    proposal = propose(UseCase.CODING, Needs(headcount=100, budget_usd_month=Decimal(50000)))
    assert (proposal.users, proposal.users_from) == (10, UsersFrom.HEADCOUNT)
    assert proposal.context_tokens == 65536
    for pick in proposal.picks:
        request = SizingRequest(
            model_id=pick.model_id,
            context_tokens=65536,
            concurrency=10,
            budget_usd_month=Decimal(50000),
        )
        assert pick.answer.recommended == size_deployment(request).recommended


def test_users_stated_win_over_a_head_count_and_a_default_is_said():
    """Users at once said are sized as they are; without people or users, the use's default."""
    stated = propose(UseCase.CHAT, Needs(headcount=500, concurrency=7))
    assert (stated.users, stated.users_from) == (7, UsersFrom.STATED)
    default = propose(UseCase.RAG, Needs())
    assert default.users_from is UsersFrom.DEFAULT


def test_targets_with_no_users_let_the_engine_find_the_load():
    """A throughput asked with no users: each pick is the engine's sizing for the targets."""
    needs = Needs(throughput_tok_s=6000, ttft_s=1.0)
    proposal = propose(UseCase.CHAT, needs)
    assert proposal.users_from is UsersFrom.TARGETS
    first = proposal.picks[0].answer
    assert proposal.users == first.request.concurrency
    for pick in proposal.picks:
        request = SizingRequest(
            model_id=pick.model_id,
            context_tokens=proposal.context_tokens,
            throughput_tok_s=6000,
            ttft_s=1.0,
        )
        direct = size_deployment(request)
        assert pick.answer.recommended_index == direct.recommended_index
        assert pick.answer.recommended == direct.recommended
        if direct.recommended_index is not None:
            assert direct.options[direct.recommended_index].meets_targets


def test_targets_with_users_stated_keep_the_users():
    """Users stated beside a per-user speed are sized as stated, for the targets."""
    proposal = propose(UseCase.CHAT, Needs(concurrency=30, tokens_per_user_tok_s=40))
    assert (proposal.users, proposal.users_from) == (30, UsersFrom.STATED)
    answer = proposal.picks[0].answer
    assert answer.service is not None
    assert answer.service.level.tokens_per_user_tok_s == 40


def test_a_kv_capacity_is_sized_as_that_many_contexts_of_bf16_cache():
    """2 TB of KV: as many contexts as the bytes hold, and the plan's KV room holds them."""
    proposal = propose(UseCase.KV_CAPACITY, Needs(kv_cache_bytes=2 * TB))
    answer = proposal.picks[0].answer
    per_context = answer.kv_bytes_per_sequence
    assert proposal.users == math.ceil(2 * TB / per_context)
    option = answer.options[answer.recommended_index]
    assert (option.fit.kv_cache_bytes or 0) * (option.replicas or 1) >= 2 * TB


@pytest.mark.parametrize(
    ("gpu", "nearest", "same"),
    [
        ("h100", "h200", True),
        ("a100", "h200", True),
        ("mi300x", "mi355x", True),
        ("tpu", "h200", False),
    ],
)
def test_hardware_we_do_not_rent_points_to_the_nearest_we_do(gpu, nearest, same):
    """The same software stack first, then the closest memory; only priced GPUs."""
    found = unrented(gpu)
    assert found is not None
    assert (found.nearest.id.value, found.same_stack) == (nearest, same)
    assert found.plans


def test_every_gpu_we_do_not_rent_has_a_source():
    """Each unrented GPU's memory and bandwidth carry where they were read."""
    assert all(len(gpu.source) > 10 for gpu in other_gpus())


def test_a_models_fit_on_hardware_we_do_not_rent_uses_the_engines_figures():
    """Weights and one context against the GPUs' memory less the default reserve."""
    answer = size_deployment(SizingRequest(model_id="meta-llama/Llama-3.3-70B-Instruct"))
    one = unrented("l40s", answer, 1)
    two = unrented("a100", answer, 2)
    assert one is not None
    assert one.fit is not None
    assert not one.fit.fits
    assert two is not None
    assert two.fit is not None
    assert two.fit.fits
    assert two.fit.needed_bytes == answer.weights_bytes + answer.kv_bytes_per_sequence


def test_a_budget_is_converted_at_the_dated_rate():
    """Euros at the ECB rate of the kept day, whole dollars; no rate for roubles."""
    conversion = to_usd(Decimal(8000), "EUR")
    assert conversion is not None
    assert conversion.usd == Decimal(9084)
    assert conversion.as_of.isoformat() == "2026-09-30"
    assert to_usd(Decimal(500000), "RUB") is None
    assert exchange_rates().per_base["USD"] == Decimal("1.1355")


def test_a_rates_file_without_dollars_is_refused(tmp_path):
    """Rates without USD (or with the base not at 1) are refused when loaded."""
    path = tmp_path / "rates.json"
    path.write_text(
        json.dumps(
            {
                "_source": "test rates",
                "as_of": "2026-01-01",
                "source_name": "ECB",
                "base": "EUR",
                "per_base": {"EUR": "1", "JPY": "180"},
            }
        ),
        encoding="utf-8",
    )
    with pytest.raises(CatalogError):
        parse_rates(path)
