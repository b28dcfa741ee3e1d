"""The running bot, wired once: store, queue, Telegram and HTTP server, started together."""

from bot.runtime.serve import Timing, serve_bot
from bot.runtime.warm import freeze_start_up_objects, warm_up

__all__ = [
    "Timing",
    "freeze_start_up_objects",
    "serve_bot",
    "warm_up",
]
