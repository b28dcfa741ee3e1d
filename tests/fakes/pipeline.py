"""A hand-written stand-in for the conversation's ``Pipeline``, for the Telegram layer's unit tests.

It echoes what it got, so a test can see which text, chat and language reached the pipeline.
The end-to-end tests use the real Pipeline.
"""

from __future__ import annotations

import html
from dataclasses import replace

from bot.reply import (
    Button,
    ChatContext,
    Reply,
    ReplyKind,
    SalesDelivery,
    SalesMessage,
    Turn,
)
from bot.request import RequestFacts


class EchoPipeline:
    """Answers "<kind>: <text> [<language>]", remembers /lang, offers two buttons."""

    def __init__(self, *, fail_on: str | None = None) -> None:
        self.fail_on = fail_on
        self.seen: list[tuple[str, ChatContext]] = []

    def _reply(self, kind: str, said: str, chat: ChatContext) -> Reply:
        language = chat.language or chat.telegram_language or "en"
        text = f"{kind}: {said} [{language}]"
        buttons = (
            (Button("H200", callback_data="1:abcdef:g:h200"),),
            (Button("Checkout", url="https://example.com/checkout"),),
        )
        return Reply(
            kind=ReplyKind.SIZE,  # what it answers is in the text: "<kind>: ..."
            language=language,
            html=f"<b>{html.escape(text)}</b>",
            text=text,
            buttons=buttons,
        )

    def hub_queries(self, text: str, chat: ChatContext, **_options: object) -> tuple[()]:
        """Look nothing up: the echo pipeline names no model."""
        del text, chat
        return ()

    async def resolve_models(self, queries: tuple[object, ...]) -> None:
        """Resolve nothing."""
        del queries

    def share_lookups(self, cache: object) -> None:
        """Share nothing."""
        del cache

    def respond(self, text: str, chat: ChatContext, **_options: object) -> Turn:
        """Echo the message; ``/lang xx`` stores the language choice."""
        self.seen.append((text, chat))
        if self.fail_on is not None and self.fail_on in text:
            raise RuntimeError("the pipeline broke")
        if text.startswith("/lang "):
            chat = replace(chat, language=text.split()[1])
        chat = replace(chat, last_request=RequestFacts(model_id=text))  # what was said, echoed
        return Turn(self._reply("size", text, chat), chat)

    def respond_to_callback(self, data: str, chat: ChatContext) -> Turn:
        """Echo the button's data."""
        self.seen.append((data, chat))
        return Turn(self._reply("callback", data, chat), chat)

    def respond_to_document(
        self,
        file_name: str | None,
        content: bytes | None,
        chat: ChatContext,
        *,
        caption: str | None = None,
        size_bytes: int | None = None,  # noqa: ARG002
    ) -> Turn:
        """Echo the file's name, size and caption."""
        said = f"{file_name} ({len(content or b'')} bytes) {caption or ''}".strip()
        self.seen.append((said, chat))
        return Turn(self._reply("document", said, chat), chat)

    def inline_answers(self, query: str, telegram_language: str | None) -> list[Reply]:
        """One article echoing the query."""
        chat = ChatContext(telegram_language=telegram_language)
        return [self._reply("inline", query, chat)]

    def respond_to_sales(self, message: SalesMessage, chat: ChatContext) -> SalesDelivery:
        """Echo a sales person's reply to the customer."""
        self.seen.append((message.text, chat))
        return SalesDelivery(self._reply("sales", message.text, chat), None, chat)


def echo_menu(language: str) -> list[tuple[str, str]]:
    """Return a two-command menu naming its language."""
    return [("start", f"start ({language})"), ("help", f"help ({language})")]
