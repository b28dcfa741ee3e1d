"""The command line, ``python -m bot``: parse, ask, verify-quote, the console chat and the bot."""

from bot.cli.commands import main

__all__ = [
    "main",
]
