"""Fleet scale: beyond the largest online order a person quotes, and nothing grows with the ask."""

from sizing import (
    MAX_CONCURRENCY,
    MAX_ONLINE_ORDER_UNITS,
    SizingRequest,
    VerdictCode,
    beyond_online_order,
    size_deployment,
)
from sizing.engine import launch_commands_listed

LLAMA_70B = "meta-llama/Llama-3.3-70B-Instruct"
DEEPSEEK_V3 = "deepseek-ai/DeepSeek-V3"


def test_a_request_beyond_an_online_order_is_answered_as_a_fleet_for_sales():
    """920,000 users: the lead option is over the limit, the verdict hands over to a person."""
    answer = size_deployment(SizingRequest(model_id=LLAMA_70B, concurrency=920_000))
    verdict = answer.verdict
    assert verdict.code is VerdictCode.BEYOND_ONLINE_ORDER
    lead = answer.options[verdict.option_index]
    assert lead.servers > MAX_ONLINE_ORDER_UNITS
    assert beyond_online_order(lead)
    # What one copy serves and how many copies it takes are there, and they add up.
    assert lead.max_concurrency_at_context * lead.replicas >= 920_000
    assert lead.monthly_usd is not None
    assert lead.launch_commands == ()


def test_an_orderable_answer_keeps_its_verdict_and_commands():
    """Under the limit nothing changes: a verdict that serves, one command per server."""
    answer = size_deployment(SizingRequest(model_id=LLAMA_70B, concurrency=2_000))
    lead = answer.options[answer.recommended_index]
    assert lead.servers <= MAX_ONLINE_ORDER_UNITS
    assert answer.verdict.code is not VerdictCode.BEYOND_ONLINE_ORDER
    assert len(lead.launch_commands) == lead.servers


def test_only_the_options_beyond_the_limit_lose_their_launch_commands():
    """32,000 users: MI355X servers are listed one command each, 700 single H200s none."""
    answer = size_deployment(SizingRequest(model_id=LLAMA_70B, concurrency=32_000))
    sizes = {o.servers for o in answer.options if o.fits}
    assert min(sizes) <= MAX_ONLINE_ORDER_UNITS < max(sizes)
    for option in (*answer.options, *answer.literal_options):
        if not option.fits or beyond_online_order(option):
            assert option.launch_commands == ()
        else:
            assert len(option.launch_commands) == option.servers


def test_launch_commands_stay_bounded_at_the_largest_concurrency():
    """A million users, with and without a budget: no option lists more than the limit."""
    for model_id in (LLAMA_70B, DEEPSEEK_V3):
        for budget in (None, 5000):
            answer = size_deployment(
                SizingRequest(
                    model_id=model_id, concurrency=MAX_CONCURRENCY, budget_usd_month=budget
                )
            )
            options = [*answer.explored, *answer.literal_options]
            assert all(len(o.launch_commands) <= MAX_ONLINE_ORDER_UNITS for o in options)
            carried = len(answer.options) + len(answer.literal_options) + 8  # + budget changes
            assert launch_commands_listed(answer) <= carried * MAX_ONLINE_ORDER_UNITS
