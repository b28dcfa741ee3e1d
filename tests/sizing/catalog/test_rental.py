"""Fleet scale: beyond the largest online order a person quotes, and nothing grows with the ask."""

from dataclasses import replace

from sizing import (
    MAX_CONCURRENCY,
    MAX_ONLINE_ORDER_UNITS,
    SizingRequest,
    VerdictCode,
    beyond_online_order,
    size_deployment,
)
from sizing.deploy.advice import _fewer_users, _shorter_context
from sizing.deploy.engine import launch_commands_listed
from sizing.validate import resolve

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
    assert lead.fit.max_concurrency_at_context * lead.replicas >= 920_000
    assert lead.price.monthly_usd is not None
    assert lead.launch.commands == ()


def test_an_orderable_answer_keeps_its_verdict_and_commands():
    """Under the limit nothing changes: a verdict that serves, one command per server."""
    answer = size_deployment(SizingRequest(model_id=LLAMA_70B, concurrency=2_000))
    lead = answer.options[answer.recommended_index]
    assert lead.servers <= MAX_ONLINE_ORDER_UNITS
    assert answer.verdict.code is not VerdictCode.BEYOND_ONLINE_ORDER
    assert len(lead.launch.commands) == lead.servers


def test_only_the_options_beyond_the_limit_lose_their_launch_commands():
    """32,000 users: MI355X servers are listed one command each, 700 single H200s none."""
    answer = size_deployment(SizingRequest(model_id=LLAMA_70B, concurrency=32_000))
    sizes = {o.servers for o in answer.options if o.fits}
    assert min(sizes) <= MAX_ONLINE_ORDER_UNITS < max(sizes)
    for option in (*answer.options, *answer.literal_options):
        if not option.fits or beyond_online_order(option):
            assert option.launch.commands == ()
        else:
            assert len(option.launch.commands) == option.servers


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
            assert all(len(o.launch.commands) <= MAX_ONLINE_ORDER_UNITS for o in options)
            carried = len(answer.options) + len(answer.literal_options) + 8  # + budget changes
            assert launch_commands_listed(answer) <= carried * MAX_ONLINE_ORDER_UNITS


class CountingProbe:
    """A fake ``serves``: requests up to ``most`` users fit the budget; counts the calls."""

    def __init__(self, most_users: int) -> None:
        self.most_users = most_users
        self.calls = 0

    def __call__(self, request: SizingRequest) -> bool:
        """Say whether the request fits, and count the question."""
        self.calls += 1
        return request.concurrency <= self.most_users


def _never_sized(request: SizingRequest):
    raise AssertionError(f"only the probe may be asked: {request}")


def test_the_fewer_users_search_grows_with_the_answer_not_the_ask():
    """A million users asked, 42 affordable: found in a dozen probes, none near a million."""
    request = SizingRequest(model_id=LLAMA_70B, concurrency=MAX_CONCURRENCY)
    resolved = resolve(request, size_deployment(request).model.release_precision)
    probe = CountingProbe(42)
    asked = []

    def serves(changed: SizingRequest) -> bool:
        asked.append(changed.concurrency)
        return probe(changed)

    sized = []

    def size(changed: SizingRequest):
        sized.append(changed.concurrency)
        return size_deployment(changed)

    change = _fewer_users(request, resolved, size, serves)
    assert change is not None
    assert sized == [42]
    assert probe.calls <= 14
    assert max(asked) <= 2 * 64


def test_the_fewer_users_search_stops_at_once_when_one_user_is_over_budget():
    """Nothing affordable: one probe, no sizing."""
    request = SizingRequest(model_id=LLAMA_70B, concurrency=MAX_CONCURRENCY)
    resolved = resolve(request, size_deployment(request).model.release_precision)
    probe = CountingProbe(0)
    assert _fewer_users(request, resolved, _never_sized, probe) is None
    assert probe.calls == 1


def test_the_shorter_context_search_stops_at_once_when_the_shortest_is_over_budget():
    """The shortest context proposed does not fit: no longer one is tried."""
    request = SizingRequest(model_id=LLAMA_70B, context_tokens=1 << 20, concurrency=10)
    resolved = resolve(request, size_deployment(request).model.release_precision)
    probe = CountingProbe(0)
    assert _shorter_context(request, resolved, _never_sized, probe) is None
    assert probe.calls == 1


def test_the_searches_find_what_a_full_scan_finds():
    """Galloping finds the same count as trying every count would, for any affordable count."""
    request = SizingRequest(model_id=LLAMA_70B, concurrency=300)
    resolved = resolve(request, size_deployment(request).model.release_precision)
    for most in (1, 2, 3, 41, 42, 64, 65, 255, 298, 299, 400):
        found = []

        def size(changed: SizingRequest, found=found):
            found.append(changed.concurrency)
            return size_deployment(replace(changed, concurrency=1))

        _fewer_users(request, resolved, size, CountingProbe(most))
        assert found == [min(most, 299)]
