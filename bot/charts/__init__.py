"""Charts of a sizing answer: memory per GPU per option and monthly cost, as PNG or SVG."""

from bot.charts.cost import CostPoint, CostSeries, XAxis, cost_series
from bot.charts.draw import ChartFormat, ChartKind, chart_fonts, draw_chart, render_chart
from bot.charts.figures import MemoryBar, chart_caption, memory_bars

__all__ = [
    "ChartFormat",
    "ChartKind",
    "CostPoint",
    "CostSeries",
    "MemoryBar",
    "XAxis",
    "chart_caption",
    "chart_fonts",
    "cost_series",
    "draw_chart",
    "memory_bars",
    "render_chart",
]
