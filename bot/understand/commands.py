"""Telegram commands: /start, /help, /size TEXT, /price [gpu], /compare [a] [b], /lang [code].

In groups Telegram appends the bot's username ("/price@fullgpu_bot"); a command addressed to
another bot is not ours. Arguments are returned raw; the caller reads them like any text.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.languages import TABLE
from bot.understand.gates import gated_re
from bot.understand.language import negotiate_language

# Telegram: a command is "/" + up to 32 Latin letters, digits and underscores
# (core.telegram.org/bots/features#commands), optionally "@" + the bot's username.
_COMMAND_RE = gated_re(r"^/(?P<name>[A-Za-z0-9_]{1,32})(?:@(?P<bot>[A-Za-z0-9_]{1,64}))?(?=\s|$)")
KNOWN_COMMANDS = frozenset(
    {"start", "help", "size", "price", "compare", "lang", "language", "sales"}
)

# What a /lang argument may say for each language, and the primary subtags of ours.
_LANG_ALIASES: dict[str, str] = {alias: row.code for row in TABLE for alias in row.aliases}
_PRIMARY_CODES = frozenset(row.primary for row in TABLE)


@dataclass(frozen=True, slots=True)
class Command:
    """A command addressed to us (or, with ``foreign``, to another bot)."""

    name: str
    args: str
    foreign: bool = False


def parse_command(text: str, bot_username: str | None) -> Command | None:
    """Return the command at the start of ``text``, or ``None`` for plain text."""
    match = _COMMAND_RE.match(text)
    if match is None:
        return None
    addressed = match.group("bot")
    foreign = bool(
        addressed and bot_username and addressed.lower() != bot_username.lstrip("@").lower()
    )
    name = match.group("name").lower()
    return Command(name=name, args=text[match.end() :].strip(), foreign=foreign)


def normalise_lang_choice(argument: str) -> str | None:
    """Map a /lang argument to one of our language codes, or ``None`` when it names none."""
    code = argument.strip().replace("_", "-").lower()
    if code in _LANG_ALIASES:
        return _LANG_ALIASES[code]
    primary = code.split("-")[0]
    # A regional tag of one of ours ("de-at", "zh-hant-tw") negotiates like a Telegram code.
    return negotiate_language(code) if primary in _PRIMARY_CODES else None
