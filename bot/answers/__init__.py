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
from bot.answers.explain import explain_reply, explain_training_reply
from bot.answers.i18n import LANGUAGE_NAMES, N_, Localizer, localizer
from bot.answers.knowledge import render_knowledge
from bot.answers.lever_replies import Miss, Relaxed, cheaper_reply, servers_reply, why_not_reply
from bot.answers.levers import (
    change_line,
    change_note,
    monthly,
    named_gpu_line,
    plan_label,
    recommended,
    term_line,
    units_label,
    with_lead,
)
from bot.answers.links import Link, LinkKind, decode_payload, from_callback, to_callback
from bot.answers.render import (
    command_menu,
    render_clarify,
    render_compare,
    render_error,
    render_help,
    render_price,
    render_shared,
    render_size,
    render_train,
    ticket_html,
)
from bot.answers.rental import Rented, TermQuote, render_totals
from bot.answers.view_types import (
    HANDOFF_SUMMARY_HTML,
    HANDOFF_SUMMARY_TEXT,
    HandoffView,
    SizeView,
    ViewTemplate,
    WhoView,
)
from bot.answers.views.size import QuoteContext, checkout_url_for, size_view
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
    "Miss",
    "QuoteContext",
    "QuoteFacts",
    "Relaxed",
    "Rented",
    "SizeView",
    "TermQuote",
    "ViewTemplate",
    "WhoView",
    "change_line",
    "change_note",
    "cheaper_reply",
    "checkout_url_for",
    "command_menu",
    "decode",
    "decode_payload",
    "explain_reply",
    "explain_training_reply",
    "from_callback",
    "localizer",
    "model_tag",
    "monthly",
    "named_gpu_line",
    "option_name",
    "plan_label",
    "recommended",
    "render_clarify",
    "render_compare",
    "render_error",
    "render_help",
    "render_knowledge",
    "render_price",
    "render_shared",
    "render_size",
    "render_totals",
    "render_train",
    "request_state",
    "run_verify",
    "servers_reply",
    "sign_quote",
    "size_view",
    "term_line",
    "ticket_html",
    "to_callback",
    "units_label",
    "why_not_reply",
    "with_lead",
]
