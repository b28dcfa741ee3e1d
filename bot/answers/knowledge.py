"""Knowledge answers and hand-offs rendered: engine data in, a ``Reply`` out.

Buttons follow the answer's actions: size a model, compare, the price list and a person are
stateless buttons (``go:`` + a deep-link payload, ``bot.answers.links``), so they work under any
answer, however old; orders and pages are links.
"""

from __future__ import annotations

from bot.answers.checkout import SITE, CheckoutConfig, site_locale
from bot.answers.i18n import N_, Localizer
from bot.answers.kept import kept_reply
from bot.answers.links import compare_payload, size_payload, to_callback
from bot.answers.view_types import KNOWLEDGE_HTML, KNOWLEDGE_TEXT, KnowledgeTextView
from bot.answers.views.knowledge import knowledge_view
from bot.answers.words.plan_names import plan_facts, plan_name, short_gpu_name
from bot.reply import Button, Reply, ReplyKind
from sizing import (
    Action,
    ActionKind,
    GpuId,
    KnowledgeAnswer,
    to_json,
)

# Pages an answer may point to, and their button labels.
PAGE_LABELS: dict[str, str] = {
    "docs/amd-rocm": N_("ROCm documentation"),
    "products/private-networking": N_("Private networking"),
    "tools/gpu-cost-calculator": N_("GPU cost calculator"),
    "solutions/inference": N_("Inference servers"),
}
PAGE_FALLBACK = N_("More on fullgpu.com")


def page_url(path: str, language: str) -> str:
    """Return the site page ``path`` in the customer's site locale."""
    return f"{SITE}/{site_locale(language)}/{path}"


def _size_button(loc: Localizer, action: Action) -> Button | None:
    if action.model is not None:
        from bot.answers.links import model_slug  # noqa: PLC0415 - only for model actions

        model, label = model_slug(action.model), action.model.rsplit("/", 1)[-1]
    elif action.params_b is not None:
        model = f"{action.params_b}b" + ("-moe" if action.moe else "")
        label = f"{action.params_b}B"
    else:
        data = to_callback("size")
        return Button(loc.gettext("Size a model"), callback_data=data) if data else None
    payload = size_payload(model, precision=action.precision, context_tokens=action.context_tokens)
    data = to_callback(payload)
    return Button(loc.gettext("Size %(model)s", model=label), callback_data=data) if data else None


def _button(loc: Localizer, action: Action, checkout: CheckoutConfig | None) -> Button | None:  # noqa: PLR0911 - one per kind
    if action.kind is ActionKind.SIZE:
        return _size_button(loc, action)
    if action.kind is ActionKind.COMPARE and len(action.gpus) == 2:  # noqa: PLR2004 - a pair
        a, b = action.gpus
        label = loc.gettext("Compare %(a)s and %(b)s", a=short_gpu_name(a), b=short_gpu_name(b))
        return Button(label, callback_data=to_callback(compare_payload(a, b)))
    if action.kind is ActionKind.PRICE:
        payload = f"price-{action.gpus[0].value}" if action.gpus else "price"
        return Button(loc.gettext("Prices"), callback_data=to_callback(payload))
    if action.kind is ActionKind.SALES:
        return Button(loc.gettext("Talk to a person"), callback_data=to_callback("sales"))
    if action.kind is ActionKind.ORDER and action.plan and checkout is not None:
        url = checkout.url(action.plan, 1, loc.language)
        facts = plan_facts(action.plan)
        name = plan_name(action.plan, facts.gpu if facts else GpuId.H200)
        return Button(loc.gettext("Order %(plan)s", plan=name), url=url) if url else None
    if action.kind is ActionKind.PAGE and action.path:
        label = loc.gettext(PAGE_LABELS.get(action.path, PAGE_FALLBACK))
        return Button(label, url=page_url(action.path, loc.language))
    return None


def knowledge_buttons(
    loc: Localizer, answer: KnowledgeAnswer, checkout: CheckoutConfig | None
) -> tuple[tuple[Button, ...], ...]:
    """One row per action (orders and links first: they leave the chat)."""
    buttons = [_button(loc, action, checkout) for action in answer.actions]
    found = [b for b in buttons if b is not None]
    links = [(b,) for b in found if b.url]
    presses = [b for b in found if b.callback_data]
    rows = [*links, *[tuple(presses[i : i + 2]) for i in range(0, len(presses), 2)]]
    return tuple(rows)


def render_knowledge(
    loc: Localizer, answer: KnowledgeAnswer, *, checkout: CheckoutConfig | None = None
) -> Reply:
    """Render a knowledge answer: the short answer, the detail, the card, the next steps.

    Kept per answer, language and checkout (``bot.answers.kept``).
    """
    return kept_reply(answer, loc, checkout, lambda: _render_knowledge(loc, answer, checkout))


def _render_knowledge(
    loc: Localizer, answer: KnowledgeAnswer, checkout: CheckoutConfig | None
) -> Reply:
    view = knowledge_view(loc, answer)
    buttons = knowledge_buttons(loc, answer, checkout)
    # Ticket text has no buttons: its links are written out (Telegram shows them as buttons).
    links = [(button.text, button.url) for row in buttons for button in row if button.url]

    def text() -> str:
        text_view: KnowledgeTextView = {**view, "links": links}
        return loc.render(KNOWLEDGE_TEXT, text_view)

    # Only the HTML is rendered now; the ticket text and the JSON data when first read.
    return Reply.deferred(
        kind=ReplyKind.KNOWLEDGE,
        language=loc.language,
        html=loc.render(KNOWLEDGE_HTML, view),
        text=text,
        buttons=buttons,
        data=lambda: to_json(answer),
    )
