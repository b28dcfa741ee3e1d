"""Engine answers turned into replies: views, words, Telegram HTML, ticket text and buttons."""

from bot.answers.buttons import ANY_GPU, Action, Callback, decode, request_state
from bot.answers.checkout import (
    CheckoutConfig,
    CheckoutConfigError,
    QuoteFacts,
    model_tag,
    run_verify,
    sign_quote,
)
from bot.answers.i18n import LANGUAGE_NAMES, N_, Localizer, localizer
from bot.answers.knowledge import render_knowledge
from bot.answers.links import Link, LinkKind, decode_payload, from_callback, to_callback
from bot.answers.offer import (
    conversion_line,
    fit_line,
    no_rate_line,
    peak_line,
    render_proposal,
    render_scope,
    render_unrented,
    unrented_lines,
)
from bot.answers.render import (
    command_menu,
    render_clarify,
    render_compare,
    render_error,
    render_help,
    render_price,
    render_size,
    render_train,
    ticket_html,
)
from bot.answers.view_types import (
    HANDOFF_SUMMARY_HTML,
    HANDOFF_SUMMARY_TEXT,
    HandoffView,
    ViewTemplate,
    WhoView,
)
from bot.answers.views.size import QuoteContext
from bot.answers.words.plan_names import option_name

__all__ = [
    "ANY_GPU",
    "HANDOFF_SUMMARY_HTML",
    "HANDOFF_SUMMARY_TEXT",
    "LANGUAGE_NAMES",
    "N_",
    "Action",
    "Callback",
    "CheckoutConfig",
    "CheckoutConfigError",
    "HandoffView",
    "Link",
    "LinkKind",
    "Localizer",
    "QuoteContext",
    "QuoteFacts",
    "ViewTemplate",
    "WhoView",
    "command_menu",
    "conversion_line",
    "decode",
    "decode_payload",
    "fit_line",
    "from_callback",
    "localizer",
    "model_tag",
    "no_rate_line",
    "option_name",
    "peak_line",
    "render_clarify",
    "render_compare",
    "render_error",
    "render_help",
    "render_knowledge",
    "render_price",
    "render_proposal",
    "render_scope",
    "render_size",
    "render_train",
    "render_unrented",
    "request_state",
    "run_verify",
    "sign_quote",
    "ticket_html",
    "to_callback",
    "unrented_lines",
]
