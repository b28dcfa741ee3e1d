"""The charts draw the engine's figures: read back from the figure, they are the answer's."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from bot.answers import localizer, render_size
from bot.charts import (
    ChartFormat,
    ChartKind,
    XAxis,
    chart_caption,
    chart_picture,
    cost_series,
    draw_chart,
    memory_bars,
)
from bot.charts.cost import user_steps
from bot.charts.figures import FREE, KV_USED, RESERVE, WEIGHTS
from bot.languages import LANGUAGES
from sizing import SizingRequest, size_deployment

MAX_PNG_BYTES = 200 * 1024
REQUEST = SizingRequest(model_id="deepseek-ai/DeepSeek-V3", context_tokens=131072, concurrency=20)


@pytest.fixture(scope="module")
def answer():
    """DeepSeek V3 at 128K for 20 users, as the engine sizes it."""
    return size_deployment(REQUEST)


def _option_blocks(text: str) -> dict[str, str]:
    """Split the ticket text's "All options" part into one block per option name."""
    tail = text.split("All options", 1)[1]
    blocks = {}
    for block in tail.strip().split("\n\n"):
        name = block.splitlines()[0].split(":")[0]
        blocks[name] = block
    return blocks


def test_the_memory_bars_read_back_are_the_answers_weights(answer):
    """Each bar's weights part, read from the figure, is the "Weights per GPU" of its option."""
    loc = localizer("en")
    bars = memory_bars(answer)
    figure = draw_chart(loc, ChartKind.MEMORY, bars, [])
    axes = figure.axes[0]
    names = [label.get_text() for label in axes.get_yticklabels()]
    widths = {
        (patch.get_gid(), names[round(patch.get_y() + patch.get_height() / 2)]): patch.get_width()
        for patch in axes.patches
    }
    blocks = _option_blocks(render_size(loc, answer).text)
    assert len(bars) == 3
    for bar in bars:
        drawn = widths[(WEIGHTS, bar.name)] * 1e9
        said = re.search(r"Weights per GPU: (.+?)\.\n", blocks[bar.name]).group(1)
        assert loc.formatter.gigabytes(drawn) == said
        parts = [widths[(part, bar.name)] for part in (WEIGHTS, KV_USED, RESERVE, FREE)]
        assert sum(parts) * 1e9 == pytest.approx(bar.usable_bytes)
        assert all(part >= 0 for part in parts)


def test_the_cost_steps_read_back_are_the_answers_prices(answer):
    """At the users asked, each plan's line is the monthly price the answer states."""
    loc = localizer("en")
    series = cost_series(REQUEST, answer)
    figure = draw_chart(loc, ChartKind.COST, [], series)
    text = render_size(loc, answer).text
    lines = {line.get_gid(): line for line in figure.axes[0].get_lines()}
    for plan in ("mi355x-8x", "h200-8x"):
        xs, ys = list(lines[plan].get_xdata()), list(lines[plan].get_ydata())
        price = loc.formatter.money(Decimal(int(ys[xs.index(20)])))
        assert f"{price} a month" in text
    assert lines["h200-8x"].get_ydata()[-1] > lines["h200-8x"].get_ydata()[0]  # a second server


def test_the_caption_says_every_figure_the_bars_draw(answer):
    """The text alternative names each part of each bar, formatted as the answers format."""
    loc = localizer("en")
    lines = chart_caption(loc, memory_bars(answer))
    assert lines[0] == (
        "8× AMD Instinct MI355X, per GPU of 307 GB: Weights 168 GB, KV cache for your users"
        " 92 GB, Kept by the engine 40 GB, Free for more users 6.7 GB"
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_png_is_small_and_every_language_has_its_glyphs(answer, language):
    """Under 200 KB in each of the ten languages; a missing glyph would warn (an error here)."""
    picture = chart_picture(localizer(language), REQUEST, answer)
    assert picture.startswith(b"\x89PNG")
    assert len(picture) < MAX_PNG_BYTES


def test_the_svg_keeps_its_words_as_text(answer):
    """The SVG for the page carries its labels as text, in the reader's language."""
    svg = chart_picture(
        localizer("ja"), REQUEST, answer, kind=ChartKind.MEMORY, fmt=ChartFormat.SVG
    )
    assert "重み".encode() in svg


def test_users_are_sized_at_powers_of_two_and_the_count_asked():
    """1, 2, 4 ... up to four times the users asked, with the count asked among them."""
    assert user_steps(20) == [1, 2, 4, 8, 16, 20, 32, 64]
    assert len(user_steps(100_000)) <= 12
    assert 100_000 in user_steps(100_000)


def test_the_cost_series_stops_at_its_deadline(answer):
    """Past the deadline no point is sized: the series holds what was sized before it."""
    ticks = iter([0.0, 0.0, 10.0, 10.0, 10.0, 10.0, 10.0, 10.0, 10.0])
    series = cost_series(REQUEST, answer, deadline=5.0, clock=lambda: next(ticks))
    assert {len(line.points) for line in series} == {2}


def test_the_cost_can_run_along_the_context(answer):
    """Against the context: the model's lengths up to its window, the one asked included."""
    series = cost_series(REQUEST, answer, axis=XAxis.CONTEXT)
    xs = [p.x for p in series[0].points]
    assert 131072 in xs
    assert max(xs) <= answer.model.max_context_tokens
