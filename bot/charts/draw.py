"""Charts drawn with matplotlib (Agg, no display): memory per GPU, monthly cost, or both.

Figures are built with matplotlib's object API (no ``pyplot`` state), one at a time under a
lock (matplotlib's font cache and settings are process-wide), in the reader's language with
a font that has its script: DejaVu Sans for Latin and Cyrillic, Noto Sans CJK (Debian's
``fonts-noto-cjk``) for Chinese, Japanese and Korean, in the regional variant of the reader.
PNG for Telegram (well under its 10 MB photo limit: about 50-100 KB here), SVG for the page
with its text kept as text.
"""

from __future__ import annotations

import io
import threading
from enum import StrEnum
from functools import cache
from typing import TYPE_CHECKING, Any

from bot.answers import Localizer
from bot.charts.cost import CostSeries, XAxis
from bot.charts.figures import FREE, KV_USED, PART_LABELS, RESERVE, WEIGHTS, MemoryBar

if TYPE_CHECKING:
    from matplotlib.figure import Figure

BYTES_PER_GB = 1e9  # decimal gigabytes, as the answers write memory
DPI = 100
WIDTH_IN = 9.0
BAR_HEIGHT_IN = 0.55
COST_HEIGHT_IN = 3.6
# One colour per memory part (colour-blind safe, Okabe-Ito), and per plan line.
PART_COLOURS = {WEIGHTS: "#0072B2", KV_USED: "#E69F00", RESERVE: "#999999", FREE: "#D9EAD3"}
LINE_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#56B4E9", "#E69F00")
# Font families per language, first match wins for each glyph (matplotlib falls back along
# the list): the CJK variant of the reader's region, so that shared Han characters take
# their local forms.
_CJK = {
    "zh-Hans": "Noto Sans CJK SC",
    "zh-Hant": "Noto Sans CJK TC",
    "ja": "Noto Sans CJK JP",
    "ko": "Noto Sans CJK KR",
}
_render_lock = threading.Lock()


class ChartKind(StrEnum):
    """Which chart: the memory per GPU, the monthly cost, or both in one picture."""

    MEMORY = "memory"
    COST = "cost"
    SUMMARY = "summary"


class ChartFormat(StrEnum):
    """The picture's format."""

    PNG = "png"
    SVG = "svg"


def chart_fonts(language: str) -> list[str]:
    """Return the font families a chart in ``language`` is drawn with, in fallback order."""
    cjk = _CJK.get(language, "Noto Sans CJK SC")
    return ["DejaVu Sans", cjk] if language not in _CJK else [cjk, "DejaVu Sans"]


@cache
def register_cjk_fonts() -> bool:
    """Make sure matplotlib knows the Noto CJK fonts; tell whether it does.

    matplotlib caches the system's fonts the first time it runs: fonts installed after that
    (``fonts-noto-cjk`` on a machine where charts were drawn before) are added here.
    """
    from matplotlib import font_manager  # noqa: PLC0415 - matplotlib loads on first chart

    known = {entry.name for entry in font_manager.fontManager.ttflist}
    if set(_CJK.values()) <= known:
        return True
    for path in font_manager.findSystemFonts():  # "ttf" also lists .otf and .ttc files
        if "NotoSansCJK" in path:
            font_manager.fontManager.addfont(path)
    known = {entry.name for entry in font_manager.fontManager.ttflist}
    return set(_CJK.values()) <= known


def _settings(language: str) -> Any:  # noqa: ANN401 - matplotlib types the keys as literals
    return {
        "font.family": chart_fonts(language),
        "svg.fonttype": "none",  # text stays text in the SVG: readable, searchable, small
        "svg.hashsalt": "fullgpu",  # the same chart gives the same SVG bytes
        "axes.spines.top": False,
        "axes.spines.right": False,
    }


def _memory_axes(ax: Any, loc: Localizer, bars: list[MemoryBar]) -> None:  # noqa: ANN401
    names = [bar.name for bar in bars][::-1]
    lefts = [0.0] * len(bars)
    for part, label in enumerate(PART_LABELS):
        widths = [bar.parts[part] / BYTES_PER_GB for bar in bars][::-1]
        container = ax.barh(
            names,
            widths,
            left=lefts,
            height=0.6,
            color=PART_COLOURS[label],
            label=loc.gettext(label),
            edgecolor="white",
        )
        for patch in container.patches:
            patch.set_gid(label)
        lefts = [left + width for left, width in zip(lefts, widths, strict=True)]
    for row, bar in enumerate(bars[::-1]):
        ax.text(
            bar.usable_bytes / BYTES_PER_GB,
            row,
            " " + loc.formatter.gigabytes(bar.usable_bytes),
            va="center",
            fontsize=8,
        )
        weights = bar.weights_bytes / BYTES_PER_GB
        ax.text(
            weights / 2,
            row,
            loc.formatter.gigabytes(bar.weights_bytes),
            va="center",
            ha="center",
            color="white",
            fontsize=8,
        )
    ax.set_xlabel(loc.gettext("Memory per GPU, GB (of what the framework sees)"))
    ax.set_title(loc.gettext("Memory per GPU"), loc="left", fontsize=11)
    ax.legend(loc="lower center", bbox_to_anchor=(0.5, 1.08), ncol=4, fontsize=8, frameon=False)
    ax.margins(x=0.12)


def _cost_axes(ax: Any, loc: Localizer, series: list[CostSeries], axis: XAxis) -> None:  # noqa: ANN401
    for number, line in enumerate(series):
        xs = [p.x for p in line.points]
        ys = [
            float(p.monthly_usd) if p.monthly_usd is not None else float("nan") for p in line.points
        ]
        drawn = ax.step(
            xs,
            ys,
            where="pre",
            marker="o",
            markersize=3,
            color=LINE_COLOURS[number % len(LINE_COLOURS)],
            label=line.name,
        )
        drawn[0].set_gid(line.plan)
    ax.set_xscale("log", base=2)
    ticks = sorted({p.x for line in series for p in line.points})
    ax.set_xticks(ticks)
    if axis is XAxis.USERS:
        ax.set_xticklabels([loc.formatter.integer(t) for t in ticks], fontsize=8)
        ax.set_xlabel(loc.gettext("Users at once"))
    else:
        ax.set_xticklabels([loc.formatter.context(t) for t in ticks], fontsize=8)
        ax.set_xlabel(loc.gettext("Context per user"))
    ax.yaxis.set_major_formatter(_money_ticks(loc))
    ax.set_title(loc.gettext("Monthly price"), loc="left", fontsize=11)
    ax.grid(axis="y", alpha=0.3)
    if series:
        ax.legend(fontsize=8, frameon=False)


def _money_ticks(loc: Localizer) -> Any:  # noqa: ANN401 - matplotlib's Formatter
    from decimal import Decimal  # noqa: PLC0415

    from matplotlib.ticker import FuncFormatter  # noqa: PLC0415 - matplotlib loads on first chart

    return FuncFormatter(lambda value, _: loc.formatter.money(Decimal(round(value))))


def draw_chart(
    loc: Localizer,
    kind: ChartKind,
    bars: list[MemoryBar],
    series: list[CostSeries],
    *,
    axis: XAxis = XAxis.USERS,
    title: str = "",
) -> Figure:
    """Build the figure (not yet drawn to pixels); its axes hold the figures as data."""
    from matplotlib.figure import Figure  # noqa: PLC0415 - matplotlib loads on first chart

    memory_height = 1.4 + BAR_HEIGHT_IN * max(len(bars), 1)
    heights = {
        ChartKind.MEMORY: [memory_height],
        ChartKind.COST: [COST_HEIGHT_IN],
        ChartKind.SUMMARY: [memory_height, COST_HEIGHT_IN],
    }[kind]
    figure = Figure(figsize=(WIDTH_IN, sum(heights) + 0.4), dpi=DPI, layout="constrained")
    axes = figure.subplots(len(heights), 1, squeeze=False, height_ratios=heights)[:, 0]
    if kind in {ChartKind.MEMORY, ChartKind.SUMMARY}:
        _memory_axes(axes[0], loc, bars)
    if kind in {ChartKind.COST, ChartKind.SUMMARY}:
        _cost_axes(axes[-1], loc, series, axis)
    if title:
        figure.suptitle(title, fontsize=12, x=0.01, ha="left")
    return figure


def render_chart(
    loc: Localizer,
    kind: ChartKind,
    bars: list[MemoryBar],
    series: list[CostSeries],
    *,
    axis: XAxis = XAxis.USERS,
    title: str = "",
    fmt: ChartFormat = ChartFormat.PNG,
) -> bytes:
    """Draw the chart to PNG or SVG bytes (one drawing at a time in the process)."""
    from matplotlib import rc_context  # noqa: PLC0415 - matplotlib loads on first chart

    with _render_lock, rc_context(_settings(loc.language)):
        register_cjk_fonts()
        figure = draw_chart(loc, kind, bars, series, axis=axis, title=title)
        out = io.BytesIO()
        figure.savefig(out, format=fmt.value, metadata=_metadata(fmt))
    return out.getvalue()


def _metadata(fmt: ChartFormat) -> dict[str, Any]:
    # No creation date or software version in the file: the same chart, the same bytes.
    if fmt is ChartFormat.SVG:
        return {"Date": None, "Creator": None}
    return {"Software": None}
