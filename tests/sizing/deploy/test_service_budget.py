"""Service targets under a budget: the B200's unknown price never stands in for the budget.

When the priced plans meeting the targets are all over the budget, the answer names the
cheapest of them as over budget (and is sized at it), as a sizing without targets does; the
B200, priced on request, is never the recommendation a budget leads to.
"""

from __future__ import annotations

from decimal import Decimal

from sizing import SizingRequest, VerdictCode, size_deployment

LLAMA_70B = "meta-llama/Llama-3.3-70B-Instruct"


def _support_at(budget: int | None):
    return size_deployment(
        SizingRequest(
            model_id=LLAMA_70B,
            context_tokens=16384,
            throughput_tok_s=3000,
            budget_usd_month=Decimal(budget) if budget is not None else None,
        )
    )


def test_a_budget_just_under_the_cheapest_plan_meeting_the_targets_is_said_over():
    """3,000 tok/s at 16K costs US$19,900 (one MI355X server): a US$19,800 budget is over."""
    free = _support_at(None)
    assert free.recommended_index is not None
    pick = free.options[free.recommended_index]
    assert (pick.plan, pick.price.monthly_usd) == ("mi355x-8x", Decimal(19900))

    answer = _support_at(19800)
    assert answer.recommended_index is None  # not the B200, whose price nobody knows
    assert answer.verdict is not None
    assert answer.verdict.code is VerdictCode.OVER_BUDGET
    assert answer.verdict.option_index is not None
    cheapest = answer.options[answer.verdict.option_index]
    assert (cheapest.plan, cheapest.price.monthly_usd) == ("mi355x-8x", Decimal(19900))
    # sized at that plan: the users at once are the load it carries, not one
    assert answer.request.concurrency == cheapest.sequences_in_flight


def test_within_the_budget_the_pick_is_unchanged():
    """A budget the cheapest plan fits changes nothing."""
    free, within = _support_at(None), _support_at(20000)
    assert within.recommended_index is not None
    assert free.recommended_index is not None
    assert within.options[within.recommended_index].plan == "mi355x-8x"
    assert within.verdict is not None
    assert within.verdict.code is not VerdictCode.OVER_BUDGET
