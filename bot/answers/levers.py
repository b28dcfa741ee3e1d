"""Lever answers worded: the plan a change leads to and what it costs against the one on the table.

A follow-up that changes the request ("only CUDA", "with 64K instead?", "what if 50 users?")
is answered with the new sizing, its verdict first and then one line that compares its plan
and price with the plan before. The short answers of the other levers (``lever_replies``,
``explain``) are built with ``lever_reply``. Every price is the engine's (the one rental-cost
function), every difference a monthly one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal
from html import escape
from typing import Any

from bot.answers.i18n import N_, Localizer
from bot.answers.links import to_callback
from bot.answers.views.advice import shape_text
from bot.answers.views.size import sentence_params
from bot.answers.words.codes import reason_text
from bot.answers.words.plan_names import facts_name, option_name
from bot.reply import Button, Reply, ReplyKind
from sizing import GpuId, PlanFacts, PlanOption, SizingAnswer, load_gpus

SALES_PAYLOAD = "sales"
_LESS = N_(
    "Compared with %(old)s at %(old_price)s a month: %(new)s, %(new_price)s a month, %(diff)s less."
)
_MORE = N_(
    "Compared with %(old)s at %(old_price)s a month: %(new)s, %(new_price)s a month, %(diff)s more."
)
_SAME = N_("The plan stays %(new)s, %(new_price)s a month.")
_UNPRICED = N_("Compared with %(old)s at %(old_price)s a month: %(new)s, price on request.")
_NONE = N_("Nothing we rent serves it with that change (before: %(old)s, %(old_price)s a month).")


def recommended(answer: SizingAnswer | None) -> PlanOption | None:
    """Return the option an answer recommends, if any."""
    if answer is None or answer.recommended_index is None:
        return None
    return answer.options[answer.recommended_index]


def monthly(option: PlanOption | None) -> Decimal | None:
    """Return what an option costs a month, when it is priced."""
    if option is None or not option.priced:
        return None
    return option.price.monthly_usd


def plan_label(loc: Localizer, option: PlanOption) -> str:
    """Name the plan and the units it rents ("NVIDIA H200, 5 single-GPU machines")."""
    return loc.join([option_name(option), shape_text(loc, option)])


def units_label(loc: Localizer, plan: PlanFacts, units: int) -> str:
    """Name units of a plan that no option carries, as ``plan_label`` does."""
    gpu = next(g for g in load_gpus() if g.id is plan.gpu)
    if plan.is_server:
        shape = loc.ngettext(
            "%(servers)s server, %(gpus)s GPUs",
            "%(servers)s servers, %(gpus)s GPUs",
            units,
            servers=loc.formatter.integer(units),
            gpus=loc.formatter.integer(units * plan.gpus),
        )
    else:
        shape = loc.ngettext(
            "%(machines)s single-GPU machine",
            "%(machines)s single-GPU machines",
            units,
            machines=loc.formatter.integer(units),
        )
    return loc.join([facts_name(plan, gpu), shape])


def change_line(loc: Localizer, before: PlanOption | None, after: PlanOption | None) -> str | None:
    """One line comparing the plan a change leads to with the plan before (None: no plan before)."""
    old_price = monthly(before)
    if before is None or old_price is None:
        return None
    money = loc.formatter.money
    old = {"old": plan_label(loc, before), "old_price": money(old_price)}
    if after is None:
        return loc.gettext(_NONE, **old)
    new_price = monthly(after)
    if new_price is None:
        return loc.gettext(_UNPRICED, new=plan_label(loc, after), **old)
    new = {"new": plan_label(loc, after), "new_price": money(new_price)}
    if after.plan == before.plan and after.servers == before.servers:
        return loc.gettext(_SAME, **new)
    diff = money(abs(new_price - old_price))
    return loc.gettext(_LESS if new_price < old_price else _MORE, diff=diff, **old, **new)


def named_gpu_line(loc: Localizer, after: SizingAnswer, gpus: Sequence[GpuId]) -> str | None:
    """Say why the GPU the customer just named is not the pick; None when it is.

    In the engine's words with this answer's figures: "You need CUDA, and this GPU runs ROCm."
    """
    pick = recommended(after)
    if not gpus or (pick is not None and pick.gpu in gpus):
        return None
    params = sentence_params(loc, after)
    for option in after.options:
        if option.gpu not in gpus:
            continue
        reasons = [r for r in (option.reason, *option.set_aside) if r is not None]
        if reasons:
            return reason_text(loc, reasons[0], {**params, "gpu": option.gpu_facts.name})
    return None


_NOTE_LESS = N_("That is %(diff)s a month less than before (%(old)s, %(old_price)s).")
_NOTE_MORE = N_("That is %(diff)s a month more than before (%(old)s, %(old_price)s).")
_NOTE_SAME = N_("Same plan and price as before.")
_NOTE_UNPRICED = N_("Before: %(old)s, %(old_price)s a month; this one is priced on request.")


def change_note(loc: Localizer, before: PlanOption | None, after: PlanOption | None) -> str | None:
    """Word the line after a changed answer's verdict: its price against the plan before."""
    old_price = monthly(before)
    if before is None or old_price is None:
        return None
    money = loc.formatter.money
    old = {"old": plan_label(loc, before), "old_price": money(old_price)}
    if after is None:
        return loc.gettext(_NONE, **old)
    new_price = monthly(after)
    if new_price is None:
        return loc.gettext(_NOTE_UNPRICED, **old)
    if after.plan == before.plan and after.servers == before.servers:
        return loc.gettext(_NOTE_SAME)
    note = _NOTE_LESS if new_price < old_price else _NOTE_MORE
    return loc.gettext(note, diff=money(abs(new_price - old_price)), **old)


def term_line(loc: Localizer, option: PlanOption | None, months: int | None) -> str | None:
    """Total the term the chat asked for on the new plan ("Over 3 months: US$46,350.")."""
    price = monthly(option)
    if not months or months <= 1 or price is None:  # a month is what every answer prices
        return None
    return loc.ngettext(
        "Over %(num)s month: %(total)s.",
        "Over %(num)s months: %(total)s.",
        months,
        total=loc.formatter.money(price * months),
    )


_TAG_RE = re.compile(r"<(/?)[a-zA-Z][^>]*>")


def _closed(line: str) -> bool:
    """Whether a line of Telegram HTML closes every tag it opens (lines may be cut after it)."""
    depth = 0
    for match in _TAG_RE.finditer(line):
        depth += -1 if match.group(1) else 1
    return depth == 0


def _after_first(text: str, insert: str) -> str:
    first, sep, rest = text.partition("\n")
    if not sep:
        return f"{first}\n{insert}"
    return f"{first}\n{insert}\n{rest}"


def with_lead(
    reply: Reply,
    lines: Sequence[str],
    data: dict[str, Any] | None = None,
    *,
    after_verdict: bool = True,
) -> Reply:
    """``reply`` with ``lines`` said after its verdict (its first line), buttons and details kept.

    ``after_verdict=False`` (or a first line that leaves a tag open) says them first.
    """
    shown = [line for line in lines if line]
    if not shown:
        return reply
    lead_html = "\n".join(f"<i>{escape(line)}</i>" for line in shown)
    lead_text = "\n".join(shown)
    second = after_verdict and _closed(reply.html.partition("\n")[0])
    html = _after_first(reply.html, lead_html) if second else f"{lead_html}\n\n{reply.html}"

    def text() -> str:
        if second:
            return _after_first(reply.text, lead_text)
        return f"{lead_text}\n\n{reply.text}"

    def joined() -> dict[str, Any] | None:
        found = reply.data
        return {**(found or {}), **(data or {})} if found is not None or data else None

    return Reply.deferred(
        kind=reply.kind,
        language=reply.language,
        html=html,
        text=text,
        buttons=reply.buttons,
        detail_html=lambda: reply.detail_html,
        launch_html=lambda: reply.launch_html,
        data=joined,
    )


def lever_reply(
    loc: Localizer,
    lever: str,
    headline: str,
    lines: Sequence[str],
    *,
    buttons: tuple[tuple[Button, ...], ...] = (),
    data: dict[str, Any] | None = None,
    more: tuple[str, Sequence[str]] | None = None,
) -> Reply:
    """Build a short answer to a lever: its headline, then its lines, and the next steps.

    ``more`` is a second part under a title of its own (the changes that cost less).
    """
    html_parts = [f"<b>{escape(headline)}</b>", *(f"• {escape(line)}" for line in lines)]
    text_parts = [headline, *(f"- {line}" for line in lines)]
    if more is not None and more[1]:
        title, items = more
        html_parts += ["", f"<b>{escape(title)}</b>", *(f"• {escape(i)}" for i in items)]
        text_parts += ["", title, *(f"- {i}" for i in items)]
    html, text = "\n".join(html_parts), "\n".join(text_parts)
    sales = to_callback(SALES_PAYLOAD)
    rows = buttons
    if sales is not None:
        rows = (*rows, (Button(loc.gettext("Talk to a person"), callback_data=sales),))
    return Reply(
        kind=ReplyKind.SIZE,
        language=loc.language,
        html=html,
        text=text,
        buttons=rows,
        data={"kind": ReplyKind.SIZE.value, "lever": lever, **(data or {})},
    )


def order_button(loc: Localizer, option: PlanOption, url: str | None) -> tuple[Button, ...]:
    """Return the order button of an option, or nothing without a link."""
    label = loc.gettext("Order %(plan)s", plan=option_name(option))
    return (Button(label, url=url),) if url else ()


# Telegram's limit on one message (4,096 characters), with room for its entities.
_MESSAGE_CHARS = 3800


def joined_replies(replies: Sequence[Reply]) -> Reply:
    """Return several answers to one message as one: each in turn, their buttons merged.

    "Is there a minimum term, and is traffic included?" gets both answers. An answer that would
    take the message past Telegram's limit is left out (the first is always kept); the JSON
    form is the first answer's, with the others under ``more``.
    """
    first, *others = replies
    kept = [first]
    size = len(first.html)
    for reply in others:
        if size + len(reply.html) + 2 > _MESSAGE_CHARS:
            break
        kept.append(reply)
        size += len(reply.html) + 2
    if len(kept) == 1:
        return first
    rows: list[tuple[Button, ...]] = []
    seen: set[tuple[str, str | None, str | None]] = set()
    for reply in kept:
        for row in reply.buttons:
            fresh = tuple(b for b in row if (b.text, b.url, b.callback_data) not in seen)
            seen.update((b.text, b.url, b.callback_data) for b in fresh)
            if fresh:
                rows.append(fresh)

    def data() -> dict[str, Any] | None:
        main = first.data
        more = [reply.data for reply in kept[1:] if reply.data is not None]
        return {**(main or {}), "more": more} if main is not None else None

    return Reply.deferred(
        kind=first.kind,
        language=first.language,
        html=_without_repeats([reply.html for reply in kept]),
        text=lambda: _without_repeats([reply.text for reply in kept]),
        buttons=tuple(rows),
        data=data,
    )


def _without_repeats(parts: Sequence[str]) -> str:
    """Join answers, leaving out a line an earlier one already said ("fixed monthly prices")."""
    said: set[str] = set()
    out = []
    for part in parts:
        lines = [line for line in part.splitlines() if not line.strip() or line not in said]
        said.update(line for line in lines if line.strip())
        out.append("\n".join(lines).strip("\n"))
    return "\n\n".join(out)
