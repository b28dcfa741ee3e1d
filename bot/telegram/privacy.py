"""Commands about the bot itself, answered before the conversation: /forget, /stats, 👍/👎.

- ``/forget`` deletes everything the chat's state holds, everywhere it is kept (the state store,
  the process's fallback memory), at once; in a group only a group admin may ask. The answer
  says that summaries already sent to the sales team cannot be recalled from their chat.
- ``/stats`` (from a chat or user in ``ADMIN_CHAT_IDS`` only) sums the analytics' daily totals
  (``bot.state.stats``) over the last 7 and 30 days. It is written for the operators, in English,
  as the outage notices are; from anyone else it is an unknown command like any other.
- 👍/👎 buttons go under answers; a press is counted by answer kind (never with the chat) and the
  buttons are taken off that message, so one answer gets one vote.
"""

from __future__ import annotations

import html
from collections.abc import Mapping

from telegram.constants import ChatMemberStatus, ChatType

from bot.answers import N_
from bot.ops import COUNTERS

FORGET_DONE = N_(
    "Done: I deleted everything I kept for this chat (its language, the last request and the "
    "time of the last hand-off). A summary already sent to our sales team cannot be recalled "
    "from their chat: ask them there if it should be deleted too."
)
FORGET_ADMINS_ONLY = N_("Only an admin of this group can delete what I keep for it.")
FEEDBACK_THANKS = N_("Thank you for the feedback!")
FORGET, STATS = "forget", "stats"
ADMIN_STATUSES = frozenset({ChatMemberStatus.OWNER, ChatMemberStatus.ADMINISTRATOR})
GROUP_TYPES = frozenset({ChatType.GROUP, ChatType.SUPERGROUP})
FEEDBACK_PREFIX = "fb:"
VOTES = {"1": "up", "0": "down"}
# Answers worth a vote: the ones that answer something (not help, questions back or apologies).
VOTED_KINDS = frozenset({"size", "train", "price", "compare", "knowledge"})
STATS_DAYS = (7, 30)


def command_of(text: str, bot_username: str | None) -> str | None:
    """Return ``forget`` or ``stats`` when ``text`` is that command (for us), else None."""
    if not text.startswith("/"):
        return None
    head, _, target = text.split(maxsplit=1)[0][1:].partition("@")
    if target and (bot_username is None or target.lower() != bot_username.lower()):
        return None
    name = head.lower()
    return name if name in {FORGET, STATS} else None


def may_forget(chat_type: str, member_status: str | None) -> bool:
    """Private chats: the customer. Groups: a group admin only."""
    if chat_type not in GROUP_TYPES:
        return True
    return member_status in ADMIN_STATUSES


def feedback_row(kind: str) -> list[dict[str, str]] | None:
    """Build the 👍/👎 row under an answer of ``kind`` (None for kinds not voted on)."""
    if kind not in VOTED_KINDS:
        return None
    return [
        {"text": "👍", "callback_data": f"{FEEDBACK_PREFIX}1:{kind}"},
        {"text": "👎", "callback_data": f"{FEEDBACK_PREFIX}0:{kind}"},
    ]


def read_vote(data: str) -> tuple[str, str] | None:
    """Return (vote, kind) of a 👍/👎 press, or None for any other button."""
    if not data.startswith(FEEDBACK_PREFIX):
        return None
    vote, _, kind = data.removeprefix(FEEDBACK_PREFIX).partition(":")
    if vote not in VOTES or kind not in VOTED_KINDS:
        return None
    return VOTES[vote], kind


def _labels(written: str) -> dict[str, str]:
    return dict(pair.split("=", 1) for pair in written.split(",") if "=" in pair)


def _section(title: str, rows: Mapping[str, int]) -> list[str]:
    if not rows:
        return [f"<b>{title}</b>: none"]
    shown = sorted(rows.items(), key=lambda item: (-item[1], item[0]))[:10]
    listed = ", ".join(f"{html.escape(name)} {count}" for name, count in shown)
    return [f"<b>{title}</b>: {listed}"]


def stats_text(periods: Mapping[int, Mapping[tuple[str, str], int]]) -> str:
    """Write the /stats answer (HTML) from the totals of each period, in days."""
    lines: list[str] = []
    for days, totals in periods.items():
        by_name: dict[str, dict[str, int]] = {name: {} for name in COUNTERS}
        for (name, written), count in totals.items():
            if name not in by_name:
                continue
            shown = "/".join(_labels(written).values())
            by_name[name][shown] = by_name[name].get(shown, 0) + count
        asked = sum(by_name["questions"].values())
        lines.append(f"<b>Last {days} days</b>: {asked} messages answered")
        titles = (
            ("questions", "Asked (intent/language)"),
            ("model_families", "Model families"),
            ("verdicts", "Verdicts"),
            ("recommended_plans", "Plans recommended"),
            ("checkout_clicks", "Checkout clicks"),
            ("deep_links", "Deep links (kind/source)"),
            ("handoffs", "Hand-offs"),
            ("feedback", "Feedback (vote/kind)"),
        )
        for name, title in titles:
            lines += _section(title, by_name[name])
        lines.append("")
    return "\n".join(lines).strip()
