"""Knowledge answers turned into template data: GPU cards, plans and points, all worded.

The points themselves are worded by ``bot.answers.views.points``.
"""

from __future__ import annotations

from bot.answers.i18n import Localizer
from bot.answers.view_types import CardView, KnowledgeView
from bot.answers.views.compare import gpu_view
from bot.answers.views.points import sentence
from bot.answers.views.size import plan_view
from sizing import (
    GpuCard,
    KnowledgeAnswer,
)


def card_view(loc: Localizer, card: GpuCard) -> CardView:
    """One GPU's spec rows and its plans."""
    return {
        **gpu_view(loc, card.gpu),
        "plans": [plan_view(loc, plan, None) for plan in card.plans],
    }


def knowledge_view(loc: Localizer, answer: KnowledgeAnswer) -> KnowledgeView:
    """Everything the knowledge templates show."""
    as_of = None
    if answer.quotes_prices and answer.prices_as_of is not None:
        as_of = loc.gettext("Prices as of %(date)s.", date=loc.formatter.day(answer.prices_as_of))
    return {
        "short": sentence(loc, answer.short),
        "points": [sentence(loc, p) for p in answer.points],
        "card": card_view(loc, answer.card) if answer.card else None,
        "prices_as_of": as_of,
    }
