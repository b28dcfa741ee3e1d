"""Console chat: the same pipeline as Telegram, on stdin/stdout, in plain text.

Buttons become numbered choices: typing the number presses the button (a link is printed).
The chat opens with the answer to /start; /quit or end of input leaves.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import TextIO

from bot.reply import Button, ChatContext, ConversationPipeline, Reply, Turn

QUIT_COMMANDS = frozenset({"/quit", "/exit"})
CONSOLE_CHAT_ID = 0
PROMPT = "> "
EXIT_INTERRUPTED = 130  # 128 + SIGINT, what shells report for Ctrl-C
_LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")  # POSIX precedence
_NEUTRAL_LOCALES = frozenset({"C", "POSIX"})


def locale_language(environ: Mapping[str, str]) -> str | None:
    """Read the terminal's language as a Telegram-style code: ``ru_RU.UTF-8`` -> ``ru-RU``."""
    for name in _LOCALE_VARIABLES:
        value = environ.get(name, "").split(".", 1)[0].split("@", 1)[0]
        if value and value not in _NEUTRAL_LOCALES:
            return value.replace("_", "-")
    return None


def numbered_buttons(reply: Reply) -> list[Button]:
    """List the reply's buttons in reading order: choice 1 is the first."""
    return [button for row in reply.buttons for button in row]


def write_reply(out: TextIO, reply: Reply) -> list[Button]:
    """Print the plain-text answer and its buttons as numbered choices; return the choices."""
    out.write(reply.text.rstrip() + "\n")
    choices = numbered_buttons(reply)
    for number, button in enumerate(choices, start=1):
        link = f"  {button.url}" if button.url else ""
        out.write(f"  [{number}] {button.text}{link}\n")
    out.write("\n")
    out.flush()
    return choices


SALES_BANNER = "--- to the sales team ---"


def write_handoff(out: TextIO, summary: Reply) -> None:
    """Print the summary a sales chat would receive (the console has no sales chat)."""
    out.write(f"{SALES_BANNER}\n{summary.text.rstrip()}\n\n")
    out.flush()


def _choice(text: str, choices: list[Button]) -> Button | None:
    if text.isdigit() and 1 <= int(text) <= len(choices):
        return choices[int(text) - 1]
    return None


def run_console(
    pipeline: ConversationPipeline,
    stdin: TextIO,
    stdout: TextIO,
    *,
    telegram_language: str | None = None,
) -> int:
    """Chat until /quit, end of input or Ctrl-C; return the exit status."""
    if isinstance(stdin, io.TextIOWrapper):
        # A stray byte that is not in the terminal's encoding must not end the chat.
        stdin.reconfigure(errors="replace")
    try:
        return _chat(pipeline, stdin, stdout, telegram_language)
    except KeyboardInterrupt:
        stdout.write("\n")
        stdout.flush()
        return EXIT_INTERRUPTED


def _chat(
    pipeline: ConversationPipeline, stdin: TextIO, stdout: TextIO, telegram_language: str | None
) -> int:
    chat = ChatContext(chat_id=CONSOLE_CHAT_ID, telegram_language=telegram_language)
    interactive = stdin.isatty()
    turn = pipeline.respond("/start", chat)
    choices = write_reply(stdout, turn.reply)
    chat = turn.chat
    while True:
        if interactive:
            stdout.write(PROMPT)
            stdout.flush()
        line = stdin.readline()
        text = line.strip()
        if not line or text in QUIT_COMMANDS:
            return 0
        if not text:
            continue
        button = _choice(text, choices)
        if button is not None and button.url:
            stdout.write(f"{button.url}\n\n")
            continue
        turn = _answer(pipeline, text, button, chat)
        choices = write_reply(stdout, turn.reply)
        for to_sales in (turn.handoff, turn.relay):  # the summary, then the thread's copy
            if to_sales is not None:
                write_handoff(stdout, to_sales)
        chat = turn.chat


def _answer(
    pipeline: ConversationPipeline, text: str, button: Button | None, chat: ChatContext
) -> Turn:
    if button is not None and button.callback_data:
        return pipeline.respond_to_callback(button.callback_data, chat)
    return pipeline.respond(text, chat)
