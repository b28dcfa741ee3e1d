"""The command line, ``python -m bot``: parse, ask, verify-quote, web, the console chat, the bot."""

from bot.cli.commands import main, web_main

__all__ = [
    "main",
    "web_main",
]
