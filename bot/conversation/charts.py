"""The "📊 Chart" button's answer: a picture of the sizing, its figures as the caption."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from telegram.constants import MessageLimit

from bot.answers import Localizer
from bot.charts import chart_caption, chart_picture, chart_title, memory_bars
from bot.reply import Reply, ReplyKind
from sizing import SizingAnswer, SizingRequest, size_deployment

CAPTION_LIMIT = int(MessageLimit.CAPTION_LENGTH)  # 1024 characters after entity parsing


def caption_lines(loc: Localizer, answer: SizingAnswer) -> list[str]:
    """Return the caption's lines: the title, then each option's memory per GPU, as many as fit."""
    lines = [chart_title(loc, answer)]
    for line in chart_caption(loc, memory_bars(answer)):
        if len("\n".join([*lines, line])) > CAPTION_LIMIT:
            break
        lines.append(line)
    return lines


def chart_reply(
    loc: Localizer,
    request: SizingRequest,
    answer: SizingAnswer,
    *,
    size: Callable[[SizingRequest], SizingAnswer] = size_deployment,
) -> Reply:
    """Return the chart as a photo (PNG) with its figures as the caption."""
    lines = caption_lines(loc, answer)
    html = "\n".join([f"<b>{escape(lines[0])}</b>", *(escape(line) for line in lines[1:])])
    return Reply(
        kind=ReplyKind.SIZE,
        language=loc.language,
        html=html,
        text="\n".join(lines),
        photo=chart_picture(loc, request, answer, size=size),
    )
