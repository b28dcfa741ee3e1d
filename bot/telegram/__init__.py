"""The Telegram transport: python-telegram-bot, its handlers, and the HTTP under them."""

from bot.telegram.app import BotApp, CommandMenu, DeliveryKit, TelegramHandlers, compose, running
from bot.telegram.errors import TokenRejectedError
from bot.telegram.incoming import answer_private, private_message
from bot.telegram.pacing import Limits, LocalPacer, Pacer, RedisPacer
from bot.telegram.polling import poll
from bot.telegram.redirects import PATH_PREFIX, CheckoutRedirects, checkout_redirects
from bot.telegram.retries import DeliveryHooks, DeliveryPolicy
from bot.telegram.sales_chat import relay_job

__all__ = [
    "PATH_PREFIX",
    "BotApp",
    "CheckoutRedirects",
    "CommandMenu",
    "DeliveryHooks",
    "DeliveryKit",
    "DeliveryPolicy",
    "Limits",
    "LocalPacer",
    "Pacer",
    "RedisPacer",
    "TelegramHandlers",
    "TokenRejectedError",
    "answer_private",
    "checkout_redirects",
    "compose",
    "poll",
    "private_message",
    "relay_job",
    "running",
]
