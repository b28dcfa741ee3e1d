"""Charts of a sizing answer: memory per GPU per option and monthly cost, as PNG or SVG."""

from bot.charts.cost import CostPoint, CostSeries, XAxis, cost_series
from bot.charts.draw import ChartFormat, ChartKind, chart_fonts, draw_chart, render_chart
from bot.charts.figures import MemoryBar, chart_caption, chart_title, memory_bars
from bot.charts.picture import chart_picture, warm_charts

__all__ = [
    "ChartFormat",
    "ChartKind",
    "CostPoint",
    "CostSeries",
    "MemoryBar",
    "XAxis",
    "chart_caption",
    "chart_fonts",
    "chart_picture",
    "chart_title",
    "cost_series",
    "draw_chart",
    "memory_bars",
    "render_chart",
    "warm_charts",
]
