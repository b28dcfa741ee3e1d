"""Answers rendered: engine data in, a ``Reply`` (Telegram HTML, ticket text, buttons) out.

Pure functions: no network, no clock (the quote date comes in), no state. Each answer kind has
one template pair in ``templates/``: ``<kind>.html.j2`` for Telegram and ``<kind>.txt.j2`` for
tickets, fed the same view data (``bot.answers.views.size``).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from functools import lru_cache
from html import escape
from typing import Any

from telegram.constants import MessageLimit

from bot.answers.buttons import ANY_GPU, Action, Callback, context_argument, encode
from bot.answers.checkout import CheckoutConfig
from bot.answers.i18n import N_, Localizer
from bot.answers.kept import kept_reply
from bot.answers.links import LinkKind, to_callback
from bot.answers.view_types import (
    CLARIFY_HTML,
    CLARIFY_TEXT,
    COMPARE_HTML,
    COMPARE_TEXT,
    ERROR_HTML,
    ERROR_TEXT,
    HELP_HTML,
    HELP_TEXT,
    LAUNCH_HTML,
    PRICE_HTML,
    PRICE_TEXT,
    SHARED_HTML,
    SHARED_TEXT,
    SIZE_DETAIL_HTML,
    SIZE_HTML,
    SIZE_TEXT,
    TRAIN_HTML,
    TRAIN_TEXT,
    ClarifyView,
    ErrorView,
    HelpView,
    PriceView,
    SizeDetailView,
    SizeView,
    V,
    ViewTemplate,
)
from bot.answers.views.compare import compare_view
from bot.answers.views.points import terms_sentences
from bot.answers.views.shared import Unsaid, shared_view
from bot.answers.views.size import QuoteContext, plan_view, size_view
from bot.answers.views.train import train_view
from bot.answers.words.plan_names import short_gpu_name
from bot.reply import Button, Reply, ReplyKind
from sizing import (
    TOKENS_PER_K,
    CompareAnswer,
    GpuId,
    Precision,
    PriceAnswer,
    SharedAnswer,
    SizingAnswer,
    TrainingAnswer,
    to_json,
)

COMMANDS: tuple[tuple[str, str], ...] = (
    ("size", N_("Size a model: GPUs, memory, speed and price")),
    ("train", N_("Size a fine-tuning or training job: memory, time and cost")),
    ("price", N_("Monthly prices of our GPU servers")),
    ("compare", N_("Compare two GPUs side by side")),
    ("lang", N_("Choose the language of my answers")),
    ("sales", N_("Talk to a person from our team")),
    ("help", N_("What I can do, with examples")),
)
HELP_EXAMPLES: tuple[str, ...] = (
    N_("DeepSeek V3 in FP8 with 128K context for 20 users"),
    N_("Will Llama 3.3 70B run on one H200?"),
    N_("Qwen3 235B, 32K context: MI355X or H200?"),
)
# The precisions and contexts the buttons offer: the formats the plans compute natively
# (product page: FP8 on both, FP4 natively on MI355X) and the context lengths customers ask most.
PRECISION_CHOICES = (Precision.BF16, Precision.FP8, Precision.FP4)
CONTEXT_CHOICES_TOKENS = (32 * TOKENS_PER_K, 128 * TOKENS_PER_K)
TICKET_LIMIT_UTF16 = int(MessageLimit.MAX_TEXT_LENGTH)  # 4096 UTF-16 units after entity parsing


def utf16_length(text: str) -> int:
    """Length as Telegram counts it: UTF-16 code units."""
    return len(text.encode("utf-16-le")) // 2


def command_menu(loc: Localizer) -> list[tuple[str, str]]:
    """(command, description) pairs for setMyCommands, in ``loc``'s language."""
    return [(command, loc.gettext(description)) for command, description in COMMANDS]


def _reply(
    loc: Localizer,
    kind: ReplyKind,
    templates: tuple[ViewTemplate[V], ViewTemplate[V]],
    view: V,
    *,
    buttons: tuple[tuple[Button, ...], ...] = (),
    data: Callable[[], dict[str, Any]] | None = None,
) -> Reply:
    # Only the HTML is rendered now; the ticket text and the data when first read.
    html, text = templates
    return Reply.deferred(
        kind=kind,
        language=loc.language,
        html=loc.render(html, view),
        text=lambda: loc.render(text, view),
        buttons=buttons,
        data=data,
    )


_GPUS = tuple(GpuId)


@lru_cache(maxsize=64)
def _try_labels(loc: Localizer) -> dict[str, str]:
    """Label "Try X" of every GPU and precision a button offers, in ``loc``'s language."""
    names = [short_gpu_name(g) for g in _GPUS] + [p.value.upper() for p in PRECISION_CHOICES]
    # TRANSLATORS: button that sizes the same request again on another GPU or precision ("Try FP8").
    return {name: loc.gettext("Try %(what)s", what=name) for name in names}


@lru_cache(maxsize=256)
def _context_label(loc: Localizer, tokens: int) -> str:
    # TRANSLATORS: button that sizes the same request again for this context length.
    return loc.gettext("Context %(context)s", context=loc.formatter.context(tokens))


def _size_buttons(
    loc: Localizer, view: SizeView, answer: SizingAnswer, state: str | None
) -> Buttons:
    rows: list[tuple[Button, ...]] = []
    # Over budget there is no recommendation, but the cheapest plan that serves it is named.
    ordered = view["rec"] or view["cheapest"]
    if ordered and ordered["checkout_url"]:
        # TRANSLATORS: button opening the checkout page of a plan, e.g. "Order 8× NVIDIA HGX H200".
        label = loc.gettext("Order %(plan)s", plan=ordered["name"])
        rows.append((Button(label, url=ordered["checkout_url"]),))
    sales = to_callback(LinkKind.SALES.value)
    if view["fleet"] and sales is not None:  # a fleet is quoted by a person: hand over
        rows.append((Button(loc.gettext("Talk to a person"), callback_data=sales),))
    if state is None:
        return tuple(rows)

    def press(action: Action, argument: str | None = None) -> str:
        return encode(Callback(state, action, argument))

    req = answer.request
    tries = _try_labels(loc)
    current = (
        answer.options[answer.recommended_index].gpu
        if answer.recommended_index is not None
        else None
    )
    gpu_row = tuple(
        Button(tries[short_gpu_name(g)], callback_data=press(Action.GPU, g.value))
        for g in _GPUS
        if g is not current
    )
    if req.gpus:
        gpu_row += (Button(loc.gettext("All GPUs"), callback_data=press(Action.GPU, ANY_GPU)),)
    rows.append(gpu_row)
    rows.append(
        tuple(
            Button(tries[p.value.upper()], callback_data=press(Action.PRECISION, p.value))
            for p in PRECISION_CHOICES
            if p is not req.precision
        )
        + tuple(
            Button(_context_label(loc, t), callback_data=press(Action.CONTEXT, context_argument(t)))
            for t in context_choices(answer)
            if t != req.context_tokens
        )
    )
    last = [
        Button(loc.gettext("Details"), callback_data=press(Action.DETAILS)),
        Button(loc.gettext("Plain text for a ticket"), callback_data=press(Action.TICKET)),
    ]
    if view["launch"]:
        last.insert(1, Button(loc.gettext("Launch command"), callback_data=press(Action.LAUNCH)))
    rows.append(tuple(last))
    if view["rec"] is not None:
        # TRANSLATORS: button sending a picture: memory per GPU of each plan, monthly cost.
        rows.append((Button(loc.gettext("📊 Chart"), callback_data=press(Action.CHART)),))
    return tuple(rows)


def context_choices(answer: SizingAnswer) -> tuple[int, ...]:
    """Offer only context buttons the model can read."""
    limit = answer.model.max_context_tokens
    if answer.model.rope_scaling_context_tokens:
        limit = max(limit or 0, answer.model.rope_scaling_context_tokens)
    return tuple(t for t in CONTEXT_CHOICES_TOKENS if limit is None or t <= limit)


# The message and buttons of recent sizing answers, by what they are made from. The engine
# keeps recent answers (``sizing.deploy.engine``): the same request (a product page's deep link, a
# popular question, a button pressed again) gets the very same answer object back, and for the
# same language, quote and chat state its message and buttons are the same. Only those are kept
# (a few kilobytes an entry, with the answer they came from, so its id cannot be reused); the
# view, the ticket text, the details and the JSON are made when first read, as before.
RENDERED_SIZES_MAX = 256
Buttons = tuple[tuple[Button, ...], ...]
_RenderedKey = tuple[
    int,
    Localizer,
    CheckoutConfig | None,
    QuoteContext | None,
    str | None,
    tuple[str, ...],
    tuple[str, ...],
    str | None,
    tuple[str, ...],
]
_rendered_sizes: OrderedDict[_RenderedKey, tuple[SizingAnswer, str, Buttons]] = OrderedDict()
_rendered_lock = threading.Lock()


def _rendered(key: _RenderedKey, answer: SizingAnswer) -> tuple[str, Buttons] | None:
    with _rendered_lock:
        kept = _rendered_sizes.get(key)
        if kept is None or kept[0] is not answer:
            return None
        _rendered_sizes.move_to_end(key)
        return kept[1], kept[2]


def _keep_rendered(key: _RenderedKey, answer: SizingAnswer, html: str, buttons: Buttons) -> None:
    with _rendered_lock:
        _rendered_sizes[key] = (answer, html, buttons)
        _rendered_sizes.move_to_end(key)
        if len(_rendered_sizes) > RENDERED_SIZES_MAX:
            _rendered_sizes.popitem(last=False)


def render_size(
    loc: Localizer,
    answer: SizingAnswer,
    *,
    checkout: CheckoutConfig | None = None,
    quote: QuoteContext | None = None,
    state: str | None = None,
    notes: tuple[str, ...] = (),
    leads: tuple[str, ...] = (),
    asked: str | None = None,
    trails: tuple[str, ...] = (),
) -> Reply:
    """Render the size answer: pick, why, alternatives, caveats, assumptions; details apart.

    ``state`` is the callback fingerprint of the stored request; without it, no callback
    buttons (inline mode and the ticket tool have nothing to call back into). ``notes`` are
    sentences, already in the customer's language, shown first among the caveats (what the
    message said that the sizing could not use). The message and buttons of an answer
    rendered recently with the same arguments are reused (``RENDERED_SIZES_MAX``). ``leads``
    come first (hardware we do not rent, a budget's exchange rate, users from a head count);
    ``asked`` is the figure a direct question asks for, answered before the verdict;
    ``trails`` come right after the verdict (hardware we do not rent that runs today, when the
    question is about ours).
    """
    made: list[SizeView] = []

    def view() -> SizeView:
        if not made:
            fresh = size_view(loc, answer, checkout, quote, asked=asked)
            fresh["caveats"] = [*notes, *fresh["caveats"]]
            fresh["lead"] = list(leads)
            fresh["trail"] = list(trails)
            made.append(fresh)
        return made[0]

    def data() -> dict[str, Any]:
        found = to_json(answer)
        for option_json, option_view in zip(
            found.get("options", []), view()["options"], strict=False
        ):
            option_json["checkout_url"] = option_view["checkout_url"]
        return found

    def detail() -> str:
        full_view: SizeDetailView = {**view(), "compact": False}
        full = loc.render(SIZE_DETAIL_HTML, full_view)
        if utf16_length(full) <= TICKET_LIMIT_UTF16:
            return full
        # Many options with many notes: the per-option notes go (the ticket text keeps them).
        compact: SizeDetailView = {**view(), "compact": True}
        return loc.render(SIZE_DETAIL_HTML, compact)

    def launch() -> str | None:
        shown = view()
        return loc.render(LAUNCH_HTML, shown) if shown["launch"] else None

    key: _RenderedKey = (id(answer), loc, checkout, quote, state, notes, leads, asked, trails)
    rendered = _rendered(key, answer)
    if rendered is None:
        rendered = (loc.render(SIZE_HTML, view()), _size_buttons(loc, view(), answer, state))
        _keep_rendered(key, answer, *rendered)
    html, buttons = rendered
    return Reply.deferred(
        kind=ReplyKind.SIZE,
        language=loc.language,
        html=html,
        text=lambda: loc.render(SIZE_TEXT, view()),
        buttons=buttons,
        detail_html=detail,
        launch_html=launch,
        data=data,
    )


def render_price(
    loc: Localizer, answer: PriceAnswer, *, checkout: CheckoutConfig | None = None
) -> Reply:
    """Render the price list (all plans, or one GPU's; B200 explained as unpriced).

    Kept per answer, language and checkout (``bot.answers.kept``).
    """
    return kept_reply(answer, loc, checkout, lambda: _render_price(loc, answer, checkout))


def _render_price(loc: Localizer, answer: PriceAnswer, checkout: CheckoutConfig | None) -> Reply:
    gpus = {gpu.id: gpu for gpu in answer.gpus}
    plans = [
        plan_view(
            loc,
            plan,
            checkout.url(plan.id, 1, loc.language, plan_facts=plan) if checkout else None,
            gpu=gpus[plan.gpu],
        )
        for plan in answer.plans
    ]
    as_of = loc.gettext("Prices as of %(date)s.", date=loc.formatter.day(answer.prices_as_of))
    view: PriceView = {
        "plans": plans,
        "unpriced": [short_gpu_name(g) for g in answer.unpriced_gpus],
        "prices_as_of": as_of,
        "terms": terms_sentences(loc),
        "hours_per_month": loc.formatter.integer(answer.hours_per_month),
    }
    buttons = tuple(
        (Button(loc.gettext("Order %(plan)s", plan=p["name"]), url=p["url"]),)
        for p in plans
        if p["url"]
    )
    return _reply(
        loc,
        ReplyKind.PRICE,
        (PRICE_HTML, PRICE_TEXT),
        view,
        buttons=buttons,
        data=lambda: to_json(answer),
    )


def render_train(
    loc: Localizer, answer: TrainingAnswer, *, checkout: CheckoutConfig | None = None
) -> Reply:
    """Render a training answer: verdict, memory split, speed, time, rent, serving, recipe."""
    view = train_view(loc, answer, checkout)
    buttons: tuple[tuple[Button, ...], ...] = ()
    if view["checkout_url"] and view["recommendation"]:
        label = loc.gettext("Order %(plan)s", plan=view["recommendation"])
        buttons = ((Button(label, url=view["checkout_url"]),),)
    return _reply(
        loc,
        ReplyKind.TRAIN,
        (TRAIN_HTML, TRAIN_TEXT),
        view,
        buttons=buttons,
        data=lambda: to_json(answer),
    )


def render_shared(
    loc: Localizer,
    answer: SharedAnswer,
    *,
    checkout: CheckoutConfig | None = None,
    unsaid: Unsaid | None = None,
) -> Reply:
    """Render several models on one deployment: the plan holding them all, each one's share.

    ``unsaid``: the models whose users or context the customer did not give (said in notes).
    """
    view = shared_view(loc, answer, checkout, unsaid or Unsaid())
    buttons: tuple[tuple[Button, ...], ...] = ()
    if view["checkout_url"] and view["recommendation"]:
        label = loc.gettext("Order %(plan)s", plan=view["recommendation"])
        buttons = ((Button(label, url=view["checkout_url"]),),)
    return _reply(
        loc,
        ReplyKind.SHARED,
        (SHARED_HTML, SHARED_TEXT),
        view,
        buttons=buttons,
        data=lambda: to_json(answer),
    )


def render_compare(loc: Localizer, answer: CompareAnswer) -> Reply:
    """Two GPUs side by side, with the fit table and who should pick which.

    Kept per answer and language (``bot.answers.kept``).
    """
    return kept_reply(
        answer,
        loc,
        None,
        lambda: _reply(
            loc,
            ReplyKind.COMPARE,
            (COMPARE_HTML, COMPARE_TEXT),
            compare_view(loc, answer),
            data=lambda: to_json(answer),
        ),
    )


@lru_cache(maxsize=64)
def render_help(loc: Localizer, *, notice: str | None = None) -> Reply:
    """Render what the assistant does, examples, and the commands.

    Kept per language and notice: the welcome is the answer to every ``/start`` and to every
    deep link without a model, and holds nothing of the chat. A ``Reply`` is immutable (its
    deferred parts are made once, on the answer thread that reads them).
    """
    view: HelpView = {
        "notice": notice,
        "examples": [loc.gettext(e) for e in HELP_EXAMPLES],
        "commands": command_menu(loc),
    }
    return _reply(
        loc,
        ReplyKind.HELP,
        (HELP_HTML, HELP_TEXT),
        view,
        data=lambda: {"kind": ReplyKind.HELP.value},
    )


def render_clarify(
    loc: Localizer,
    question: str,
    *,
    choices: tuple[str, ...] = (),
    hint: str | None = None,
    notice: str | None = None,
    code: str = "clarify",
) -> Reply:
    """One precise question back to the customer (already translated by the caller)."""
    view: ClarifyView = {
        "question": question,
        "choices": list(choices),
        "hint": hint,
        "notice": notice,
    }
    return _reply(
        loc,
        ReplyKind.CLARIFY,
        (CLARIFY_HTML, CLARIFY_TEXT),
        view,
        data=lambda: {"kind": ReplyKind.CLARIFY.value, "code": code, "choices": list(choices)},
    )


def render_error(
    loc: Localizer, message: str, *, hint: str | None = None, code: str = "error"
) -> Reply:
    """Render a polite failure: what the customer can do, never internals."""
    view: ErrorView = {"message": message, "hint": hint}
    return _reply(
        loc,
        ReplyKind.ERROR,
        (ERROR_HTML, ERROR_TEXT),
        view,
        data=lambda: {"kind": ReplyKind.ERROR.value, "code": code},
    )


def ticket_html(loc: Localizer, text: str) -> str:
    """Return the ticket text as one Telegram message: preformatted, so it copies exactly.

    When the whole text would pass Telegram's length limit, the part before the full option
    list is sent (the list is in the "details" answer).
    """
    body = text
    if utf16_length(body) > TICKET_LIMIT_UTF16:
        marker = "\n\n" + loc.gettext("All options")
        body = body.split(marker, 1)[0]
    return f"<pre>{escape(body)}</pre>"
