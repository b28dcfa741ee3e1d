"""What each template is given: one ``TypedDict`` per view, every figure already worded.

Views are built by ``bot.answers.views`` (and the hand-off summary by ``bot.conversation``),
read by the phrases (``bot.answers.phrases``, checked by mypy) and by the templates in
``templates/`` (checked against these types by ``tests/bot/answers/test_view_keys.py``).
Each template is named once, as a ``ViewTemplate`` bound to its view type, and
``Localizer.render`` takes that and a view of that type, so mypy sees a template given the
wrong view.

A field is ``str`` when it is shown as written (already formatted in the answer's language);
numbers stay numbers only where a template or phrase chooses by them (plurals, tests).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypedDict, TypeVar


class SpeedView(TypedDict):
    """An option's decode speeds: one user alone, each user at the load, all users, range."""

    decode_user: str | None
    decode_each: str | None
    decode_total: str | None
    decode_low: str | None
    decode_high: str | None
    decode_estimated: bool
    mtp: bool


class OptionView(SpeedView):
    """One plan option of a sizing answer."""

    name: str
    short: str
    plan: str | None
    fits: bool
    usable: bool  # fits and may be offered (``PlanOption.offerable``)
    is_server: bool
    servers: int
    servers_fmt: str
    gpus: int
    gpus_fmt: str
    monthly: str | None  # None where the plan is not priced (B200)
    per_gpu_hour: str | None
    per_million: str | None
    kv_tokens: str | None
    kv_tokens_physical: str | None
    contexts: int | None
    contexts_fmt: str | None
    ttft: str | None
    tp: int | None
    pp: int | None
    dp: int
    ep_gpus: str
    replicas: int
    replicas_fmt: str
    weights_per_gpu: str | None
    reason: str | None
    caveats: list[str]
    checkout_url: str | None
    formats: str  # "FP8 weights, FP8 KV cache"
    delta: str | None  # against the recommendation: "$4,000 a month less"


class ModelView(TypedDict):
    """The model a sizing answer is about."""

    name: str
    moe: bool
    total: str
    active: str
    layers: str
    attention: str
    kv_per_token: str
    kv_per_context: str


class RequestView(TypedDict):
    """What the sizing was asked for (the header and the assumptions)."""

    precision: str
    kv_dtype: str
    context: str
    context_defaulted: bool
    concurrency: int
    concurrency_fmt: str
    reserve: str


class WhyView(TypedDict):
    """The weights against the memory that holds them (the "why it fits" line)."""

    weights: str
    memory: str
    copy_gpus: int
    copy_gpus_fmt: str


class CheapestView(TypedDict):
    """Over budget: the cheapest plan that serves the request as asked."""

    name: str
    checkout_url: str | None


class LaunchBlock(TypedDict):
    """One launch command, labelled by its server where the servers differ."""

    label: str | None
    command: str


class LaunchView(TypedDict):
    """The launch commands of the option the answer leads with."""

    name: str
    blocks: list[LaunchBlock]
    notes: list[str]


class BudgetChangeView(TypedDict):
    """One change that brings the request within the budget, with its checkout link."""

    text: str
    url: str | None


class BudgetAdviceView(TypedDict):
    """Over budget: the changes that fit it, or why none does."""

    budget: str
    changes: list[BudgetChangeView]
    none: str | None


class AdviceView(TypedDict):
    """The sentences around the pick: verdict, fleet, budget, release, room, launch."""

    kv_line: bool
    verdict: str | None
    service: list[str]
    fleet: str | None
    within_budget: str | None
    literal: str | None
    release: str | None
    count_option: str | None
    room: list[str]
    budget_advice: BudgetAdviceView | None
    cheapest: CheapestView | None
    launch: LaunchView | None


class SizeView(AdviceView):
    """Everything the size templates show (``size``, ``launch``; ``size_detail`` adds one)."""

    model: ModelView
    req: RequestView
    rec: OptionView | None
    over_budget: bool
    why: WhyView
    fits: list[OptionView]
    nofit: list[OptionView]
    options: list[OptionView]
    caveats: list[str]
    limits: list[str]
    notes: list[str]
    lead: list[str]  # what the message said that comes first: hardware we do not rent, a rate
    asked: list[str]  # the figure a direct question asked for, answered first
    # what the message said that comes after the verdict: hardware we do not rent that runs
    # today, when the question is about ours ("现在 2 张 4090 … 单卡 H200 够不够")
    trail: list[str]


class SizeDetailView(SizeView):
    """The "details" answer: the size view, and whether per-option notes are left out."""

    compact: bool


class PlanView(TypedDict):
    """One plan of the price list or of a GPU card."""

    id: str
    name: str
    short: str
    monthly: str
    per_gpu_hour: str
    per_gb: str
    gpus: str
    gpus_count: int
    gpu_memory: str
    cpu: str
    cpu_cores: str | None
    cpu_vcpus: str
    ram: str
    drives: int
    drive_size: str
    network: str
    availability: str
    lead_days: int
    url: str | None


class PriceView(TypedDict):
    """The price list."""

    plans: list[PlanView]
    unpriced: list[str]
    prices_as_of: str
    terms: list[str]
    hours_per_month: str


class GpuView(TypedDict):
    """One GPU's spec rows, in the product page's words."""

    name: str
    short: str
    architecture: str
    memory: str
    bandwidth: str
    fp4: str
    fp8: str
    bf16: str
    interconnect: str
    form_factor: str
    power: str
    software: str


class FitRowView(TypedDict):
    """One row of the compare answer's fit table."""

    params: str
    moe: bool
    precision: str
    weights: str
    gpus_a: str
    gpus_b: str
    notes_a: str
    notes_b: str


class KvRoomView(TypedDict):
    """The KV room a full server leaves for a 671B MoE model in FP8, on each GPU."""

    a: str
    b: str


class PickView(TypedDict):
    """When to pick one of the two GPUs."""

    name: str
    lines: list[str]


class CompareView(TypedDict):
    """Everything the compare templates show."""

    takeaways: list[str]
    prices_as_of: str | None
    a: GpuView
    b: GpuView
    price_lines: list[str]
    fit_rows: list[FitRowView]
    kv_room: KvRoomView | None
    picks: list[PickView]


class CardView(GpuView):
    """A GPU's spec rows and its plans (a knowledge answer's card)."""

    plans: list[PlanView]


class KnowledgeView(TypedDict):
    """Everything the knowledge templates show."""

    short: str
    points: list[str]
    card: CardView | None
    prices_as_of: str | None


class KnowledgeTextView(KnowledgeView):
    """The knowledge ticket text: the view, and the buttons' links written out."""

    links: list[tuple[str, str]]


class OfferView(TypedDict):
    """A proposal for a use, hardware we do not rent, or a model we do not size."""

    lead: str
    lines: list[str]
    assumption: str | None
    question: str | None
    prices_as_of: str | None


class OfferTextView(OfferView):
    """The offer's ticket text: the view, and the buttons' links written out."""

    links: list[tuple[str, str]]


class HelpView(TypedDict):
    """What the assistant does, examples and the commands."""

    notice: str | None
    examples: list[str]
    commands: list[tuple[str, str]]


class ClarifyView(TypedDict):
    """One question back to the customer."""

    question: str
    choices: list[str]
    hint: str | None
    notice: str | None


class ErrorView(TypedDict):
    """A polite failure and what the customer can do."""

    message: str
    hint: str | None


class WhoView(TypedDict):
    """Who asks for a person, and how sales reach them."""

    name: str
    username: str | None
    user_id: int | None
    chat_id: int | None
    user_link: str | None
    username_link: str | None


class HandoffView(TypedDict):
    """The summary the sales chat gets when a customer asks for a person."""

    who: WhoView
    language: str
    client_language: str | None
    asked: str
    request: str | None
    recommendation: str | None
    quote: str | None
    tag: str  # the customer's thread in the sales chat (``#customer_123``)
    alternatives: list[str]  # other plans discussed since the recommendation


# A view type. Invariant, so that ``Localizer.render`` refuses a template given another
# template's view.
V = TypeVar("V", bound=Mapping[str, object])


class TrainOptionView(TypedDict):
    """One plan tried for a training job: what it holds, its time and rent."""

    name: str
    recommended: bool
    fits: bool
    memory: str | None  # None where it does not fit: ``why`` says what it needs
    time: str | None
    cost: str | None
    why: str | None


class TrainView(TypedDict):
    """Everything the training templates show."""

    verdict: list[str]
    model: str
    method: str
    seq: str
    tokens: str | None
    recommendation: str | None
    monthly: str | None
    figures: list[str]
    others: list[str]
    serve: str | None
    software: list[str]
    caveats: list[str]
    options: list[TrainOptionView]
    recipe: str
    checkout_url: str | None
    prices_as_of: str


class SharedOptionView(TypedDict):
    """One plan tried for several models: GPUs used and price, or why not."""

    name: str
    recommended: bool
    summary: str


class SharedView(TypedDict):
    """Everything the shared-deployment templates show."""

    verdict: list[str]
    models: list[str]
    recommendation: str | None
    members: list[str]
    notes: list[str]
    options: list[SharedOptionView]
    commands: str
    checkout_url: str | None
    prices_as_of: str


@dataclass(frozen=True, slots=True)
class ViewTemplate(Generic[V]):
    """One template of ``templates/`` and the view type it is rendered with."""

    name: str
    view: type[V]


SIZE_HTML = ViewTemplate("size.html.j2", SizeView)
SIZE_TEXT = ViewTemplate("size.txt.j2", SizeView)
SIZE_DETAIL_HTML = ViewTemplate("size_detail.html.j2", SizeDetailView)
LAUNCH_HTML = ViewTemplate("launch.html.j2", SizeView)
TRAIN_HTML = ViewTemplate("train.html.j2", TrainView)
TRAIN_TEXT = ViewTemplate("train.txt.j2", TrainView)
SHARED_HTML = ViewTemplate("shared.html.j2", SharedView)
SHARED_TEXT = ViewTemplate("shared.txt.j2", SharedView)
PRICE_HTML = ViewTemplate("price.html.j2", PriceView)
PRICE_TEXT = ViewTemplate("price.txt.j2", PriceView)
COMPARE_HTML = ViewTemplate("compare.html.j2", CompareView)
COMPARE_TEXT = ViewTemplate("compare.txt.j2", CompareView)
KNOWLEDGE_HTML = ViewTemplate("knowledge.html.j2", KnowledgeView)
KNOWLEDGE_TEXT = ViewTemplate("knowledge.txt.j2", KnowledgeTextView)
OFFER_HTML = ViewTemplate("offer.html.j2", OfferView)
OFFER_TEXT = ViewTemplate("offer.txt.j2", OfferTextView)
HELP_HTML = ViewTemplate("help.html.j2", HelpView)
HELP_TEXT = ViewTemplate("help.txt.j2", HelpView)
CLARIFY_HTML = ViewTemplate("clarify.html.j2", ClarifyView)
CLARIFY_TEXT = ViewTemplate("clarify.txt.j2", ClarifyView)
ERROR_HTML = ViewTemplate("error.html.j2", ErrorView)
ERROR_TEXT = ViewTemplate("error.txt.j2", ErrorView)
HANDOFF_SUMMARY_HTML = ViewTemplate("handoff_summary.html.j2", HandoffView)
HANDOFF_SUMMARY_TEXT = ViewTemplate("handoff_summary.txt.j2", HandoffView)
# Every template rendered on its own (partials, named "_*.j2", are imported by these).
TEMPLATES: tuple[ViewTemplate[Any], ...] = tuple(  # each with its own view type
    value for value in tuple(globals().values()) if isinstance(value, ViewTemplate)
)
