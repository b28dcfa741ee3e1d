"""One chart of one sizing, start to end: the cost series sized, the figure drawn."""

from __future__ import annotations

import time
from collections.abc import Callable

from bot.answers import Localizer, localizer
from bot.charts.cost import XAxis, cost_series
from bot.charts.draw import ChartFormat, ChartKind, render_chart
from bot.charts.figures import chart_title, memory_bars
from sizing import SizingAnswer, SizingRequest, size_deployment

# The cost series sizes the request again at each point; past this many seconds it stops
# (the chart shows the points it has): a picture never waits on an unbounded search.
COST_BUDGET_S = 3.0


def chart_picture(
    loc: Localizer,
    request: SizingRequest,
    answer: SizingAnswer,
    *,
    kind: ChartKind = ChartKind.SUMMARY,
    fmt: ChartFormat = ChartFormat.PNG,
    axis: XAxis = XAxis.USERS,
    size: Callable[[SizingRequest], SizingAnswer] = size_deployment,
) -> bytes:
    """Draw ``answer``'s chart in ``loc``'s language (the cost part sized within a budget)."""
    series = []
    if kind is not ChartKind.MEMORY:
        deadline = time.monotonic() + COST_BUDGET_S
        series = cost_series(request, answer, axis=axis, size=size, deadline=deadline)
    bars = memory_bars(answer)
    title = chart_title(loc, answer)
    return render_chart(loc, kind, bars, series, axis=axis, title=title, fmt=fmt)


WARM_REQUEST = SizingRequest(model_id="deepseek-ai/DeepSeek-V3", context_tokens=128 * 1024)


def warm_charts() -> float:
    """Draw one chart in English and one in Chinese (matplotlib and the fonts loaded); seconds.

    The first chart of a process takes about a second more than the next ones; a server calls
    this before taking requests, so that no customer waits for it.
    """
    started = time.monotonic()
    answer = size_deployment(WARM_REQUEST)
    for language in ("en", "zh-Hans"):
        chart_picture(localizer(language), WARM_REQUEST, answer)
    return time.monotonic() - started
