"""What a fleet costs for a term: plans counted, months, one total, the terms, and the next step.

"how much for 3 months of an HGX H200 server?" opens with the total (US$71,700);
"two MI355X servers, what's the total per month?" with US$39,800; "2 HGX + 1 H200" adds the
plans up. Every figure is ``sizing.rental_usd`` (fixed monthly prices times units times
months), the function every answer prices with; the minimum term and the longer terms quoted
on request are the price list's own sentences. Each plan gets an order link carrying its
quantity and months (and, beside a sizing, a signed quote for the term); a person quotes
longer terms and fleets, so the "Talk to a person" button is always there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from html import escape

from bot.answers.checkout import CheckoutConfig, QuoteFacts
from bot.answers.i18n import Localizer
from bot.answers.links import to_callback
from bot.answers.views.points import sentence, terms_sentences
from bot.answers.words.plan_names import facts_name
from bot.reply import Button, Reply, ReplyKind
from sizing import (
    MAX_ONLINE_ORDER_UNITS,
    PlanFacts,
    delivery_points,
    load_gpus,
    rental_usd,
    terms_points,
)

SALES_PAYLOAD = "sales"


@dataclass(frozen=True, slots=True)
class Rented:
    """Units of one plan in a fleet."""

    plan: PlanFacts
    units: int


@dataclass(frozen=True, slots=True)
class TermQuote:
    """What a signed quote for a term names besides the plan: the model sized, and when."""

    model_tag: str
    precision: str
    context_tokens: int
    issued: date


def minimum_months() -> int:
    """Return the shortest term rented (the price list's minimum term, the catalog's terms)."""
    value = terms_points()[0].values.get("minimum_months", 1)
    return value if isinstance(value, int) and value > 0 else 1


def billed_months(months: int | None) -> int:
    """Months a term is billed for: the months asked, never fewer than the minimum term."""
    return max(months or 1, minimum_months())


def fleet_monthly(fleet: Sequence[Rented]) -> Decimal:
    """Return what the fleet costs a month."""
    return sum((rental_usd(item.plan, item.units, 1) for item in fleet), Decimal(0))


def fleet_total(fleet: Sequence[Rented], months: int | None) -> Decimal:
    """Return what the fleet costs for the term (the minimum term at least)."""
    term = billed_months(months)
    return sum((rental_usd(item.plan, item.units, term) for item in fleet), Decimal(0))


def units_name(loc: Localizer, plan: PlanFacts, units: int) -> str:
    """Name units of a plan: "8× AMD Instinct MI355X, 2 servers, 16 GPUs"."""
    gpu = next(g for g in load_gpus() if g.id is plan.gpu)
    count = loc.formatter.integer(units)
    if plan.is_server:
        shape = loc.ngettext(
            "%(servers)s server, %(gpus)s GPUs",
            "%(servers)s servers, %(gpus)s GPUs",
            units,
            servers=count,
            gpus=loc.formatter.integer(units * plan.gpus),
        )
    else:
        shape = loc.ngettext(
            "%(machines)s single-GPU machine",
            "%(machines)s single-GPU machines",
            units,
            machines=count,
        )
    return loc.join([facts_name(plan, gpu), shape])


def _headline(loc: Localizer, fleet: Sequence[Rented], months: int | None) -> str:
    names = " + ".join(units_name(loc, item.plan, item.units) for item in fleet)
    money = loc.formatter.money
    if months:
        return loc.ngettext(
            "%(num)s month of %(fleet)s: %(total)s",
            "%(num)s months of %(fleet)s: %(total)s",
            months,
            fleet=names,
            total=money(fleet_total(fleet, months)),
        )
    return loc.gettext(
        "%(name)s: %(monthly)s a month", name=names, monthly=money(fleet_monthly(fleet))
    )


def _line(loc: Localizer, item: Rented, months: int | None) -> str:
    money = loc.formatter.money
    name = units_name(loc, item.plan, item.units)
    monthly = money(rental_usd(item.plan, item.units, 1))
    if not months:
        return loc.gettext("%(name)s: %(monthly)s a month", name=name, monthly=monthly)
    term = billed_months(months)
    return loc.ngettext(
        "%(name)s: %(monthly)s a month × %(num)s month = %(total)s",
        "%(name)s: %(monthly)s a month × %(num)s months = %(total)s",
        term,
        name=name,
        monthly=monthly,
        total=money(rental_usd(item.plan, item.units, term)),
    )


def total_lines(loc: Localizer, fleet: Sequence[Rented], months: int | None) -> list[str]:
    """Word the lines under the headline: each plan, the sum, the minimum term when it binds."""
    lines = [_line(loc, item, months) for item in fleet] if len(fleet) > 1 or months else []
    if len(fleet) > 1 and months:
        lines.append(
            loc.gettext(
                "Together: %(monthly)s a month",
                monthly=loc.formatter.money(fleet_monthly(fleet)),
            )
        )
    minimum = minimum_months()
    if months and months < minimum:
        lines.append(
            loc.ngettext(
                "The minimum term is %(num)s month, so the total is for %(num)s month.",
                "The minimum term is %(num)s months, so the total is for %(num)s months.",
                minimum,
            )
        )
    return lines


def order_buttons(
    loc: Localizer,
    fleet: Sequence[Rented],
    months: int | None,
    checkout: CheckoutConfig | None,
    quote: TermQuote | None = None,
) -> tuple[tuple[Button, ...], ...]:
    """One order link per plan (quantity and months in it), then the hand-off to a person."""
    rows: list[tuple[Button, ...]] = []
    for item in fleet:
        if checkout is None or item.units > MAX_ONLINE_ORDER_UNITS:
            continue  # a fleet larger than one online order is quoted by a person
        facts = None
        if quote is not None:
            facts = QuoteFacts(
                plan=item.plan.id,
                quantity=item.units,
                model_tag=quote.model_tag,
                precision=quote.precision,
                context_tokens=quote.context_tokens,
                issued=quote.issued,
                months=billed_months(months) if months else None,
            )
        url = checkout.url(
            item.plan.id,
            item.units,
            loc.language,
            facts,
            plan_facts=item.plan,
            months=billed_months(months) if months else None,
        )
        if url is not None:
            label = loc.gettext("Order %(plan)s", plan=units_name(loc, item.plan, item.units))
            rows.append((Button(label, url=url),))
    sales = to_callback(SALES_PAYLOAD)
    if sales is not None:
        rows.append((Button(loc.gettext("Talk to a person"), callback_data=sales),))
    return tuple(rows)


def render_totals(
    loc: Localizer,
    fleet: Sequence[Rented],
    months: int | None,
    *,
    checkout: CheckoutConfig | None,
    prices_as_of: date,
    quote: TermQuote | None = None,
    lead: str | None = None,
    delivery: bool = False,
) -> Reply:
    """Render the total of a fleet for a term (or a month), the terms and the next step.

    ``lead`` is a line under the total saying what it is for (the request sized);
    ``delivery``: when each plan is delivered was asked with the total.
    """
    headline = _headline(loc, fleet, months)
    body = total_lines(loc, fleet, months)
    if delivery:
        # when each plan is delivered, as the page's answer about delivery says it
        body += [sentence(loc, point) for point in delivery_points([i.plan for i in fleet])]
    terms = terms_sentences(loc)
    as_of = loc.gettext("Prices as of %(date)s.", date=loc.formatter.day(prices_as_of))
    under = [lead] if lead else []
    html = "\n".join(
        [
            f"<b>{escape(headline)}</b>",
            *(f"<i>{escape(line)}</i>" for line in under),
            *(f"• {escape(line)}" for line in body),
            "",
            *(escape(line) for line in terms),
            f"<i>{escape(as_of)}</i>",
        ]
    )
    text = "\n".join([headline, *under, *(f"- {line}" for line in body), "", *terms, as_of])
    data = {
        "kind": ReplyKind.PRICE.value,
        "total": {
            "months": billed_months(months) if months else None,
            "lines": [
                {
                    "plan": item.plan.id,
                    "units": item.units,
                    "monthly_usd": str(rental_usd(item.plan, item.units, 1)),
                    "total_usd": str(rental_usd(item.plan, item.units, billed_months(months))),
                }
                for item in fleet
            ],
            "monthly_usd": str(fleet_monthly(fleet)),
            "total_usd": str(fleet_total(fleet, months)),
        },
    }
    return Reply(
        kind=ReplyKind.PRICE,
        language=loc.language,
        html=html,
        text=text,
        buttons=order_buttons(loc, fleet, months, checkout, quote),
        data=data,
    )
