"""The ways a Bot API call can end badly, as exception types the retries and handlers sort on."""

from __future__ import annotations

from telegram.error import NetworkError, TelegramError


class TokenRejectedError(TelegramError):
    """Telegram answered 401: the token was revoked or is wrong. Nothing will work."""


class UnreadableResponseError(NetworkError):
    """The answer was not the Bot API's JSON (an HTML error page, a cut-off body)."""


class ResultMissingError(TelegramError):
    """Telegram said ``ok: true`` without a ``result``: done, but nothing to read back."""


class AnswerOverdueError(TimeoutError):
    """The request's body went out and no answer came in time: it may have been carried out."""


class DeliveryUncertainError(TelegramError):
    """A send timed out after its request went out: Telegram may have delivered it."""


class ServerError(NetworkError):
    """Telegram answered with a 5xx status: nothing was done, try again later."""

    def __init__(self, status: int) -> None:
        super().__init__(f"Telegram answered HTTP {status}")
        self.status = status


class TelegramUnavailableError(NetworkError):
    """Transient failures went on past the call's deadline."""
