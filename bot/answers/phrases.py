"""Phrases several answers share: a label and its value, a plan's shape and price, detail lines.

Templates call them as ``p.<name>(...)``. They are functions rather than Jinja2 macros because
a sizing answer uses a few dozen of them, and a macro call (a context, its arguments, a gettext
call through the environment for each sentence) costs several times the phrase itself.

Each phrase returns plain text, worded exactly as the ``{% trans %}`` blocks they replaced
(newstyle gettext: every message is a ``%`` format, plural ones get ``count`` and ``num``).
As those macros were, a phrase called from an HTML template is marked safe there: the template
does not escape it again.
"""

from __future__ import annotations

import gettext as gettext_module
from collections.abc import Callable, Iterable
from types import SimpleNamespace
from typing import Any

from jinja2 import pass_eval_context
from jinja2.nodes import EvalContext
from markupsafe import Markup

from bot.answers.view_types import (
    BudgetAdviceView,
    FitRowView,
    LaunchView,
    ModelView,
    OptionView,
    PlanView,
    RequestView,
    WhyView,
)

# The phrases templates may call, by name.
TEMPLATE_PHRASES = (
    "label",
    "join",
    "users",
    "model_size",
    "shape",
    "price",
    "contexts",
    "weights_line",
    "kv_line",
    "speed_line",
    "speed_range",
    "option_line",
    "nofit_line",
    "assumptions",
    "layout",
    "detail_lines",
    "plan_hardware",
    "plan_money",
    "plan_stock",
    "price_footer",
    "vs",
    "fit_label",
    "fit_cell",
    "under_budget",
    "launch_title",
)


class Phrases:
    """The shared phrases in one language."""

    def __init__(self, catalog: gettext_module.NullTranslations) -> None:
        self._catalog = catalog
        context = "list separator"
        # TRANSLATORS: separator between the items of one line ("1 server,
        # 8 GPUs, $19,900").
        separator = catalog.pgettext("list separator", ", ")
        self._separator = separator % {"context": context}

    def gettext(self, message: str, **params: Any) -> str:  # noqa: ANN401 - format values
        """Translate ``message`` and fill it (always a format: ``%%`` reads as ``%``)."""
        return self._catalog.gettext(message) % params

    def ngettext(self, singular: str, plural: str, count: int, **params: Any) -> str:  # noqa: ANN401
        """Translate with the plural form for ``count`` (``%(count)s`` and ``%(num)s``)."""
        return self._catalog.ngettext(singular, plural, count) % {
            "count": count,
            "num": count,
            **params,
        }

    def label(self, name: object, value: object) -> str:
        """Return a label and its value, e.g. "Memory: 288 GB"."""
        # TRANSLATORS: a label and its value, e.g. "Memory: 288 GB"; use your
        # language's colon.
        return self.gettext("%(name)s: %(value)s", name=name, value=value)

    def join(self, items: Iterable[object]) -> str:
        """Join the non-empty items of one line with the language's separator."""
        return self._separator.join([str(item) for item in items if item])

    def users(self, req: RequestView) -> str:
        """Return "8 users"."""
        n = req["concurrency_fmt"]
        return self.ngettext("%(n)s user", "%(n)s users", req["concurrency"], n=n)

    def model_size(self, model: ModelView) -> str:
        """Return "671B parameters (MoE, 37.6B active)" or "70B parameters (dense)"."""
        if model["moe"]:
            return self.gettext(
                "%(total)s parameters (MoE, %(active)s active)",
                total=model["total"],
                active=model["active"],
            )
        return self.gettext("%(total)s parameters (dense)", total=model["total"])

    def shape(self, o: OptionView) -> str:
        """Return "1 server, 8 GPUs" or "5 single-GPU machines"."""
        if o["is_server"]:
            return self.ngettext(
                "%(servers)s server, %(gpus)s GPUs",
                "%(servers)s servers, %(gpus)s GPUs",
                o["servers"],
                servers=o["servers_fmt"],
                gpus=o["gpus_fmt"],
            )
        return self.ngettext(
            "%(machines)s single-GPU machine",
            "%(machines)s single-GPU machines",
            o["servers"],
            machines=o["servers_fmt"],
        )

    def price(self, o: OptionView | PlanView) -> str:
        """Return "$19,900 a month", or "price on request"."""
        if o["monthly"]:
            return self.gettext("%(monthly)s a month", monthly=o["monthly"])
        return self.gettext("price on request")

    def contexts(self, o: OptionView, req: RequestView) -> str:
        """Return "room for 20 full 128K contexts" (nothing when the option has no figure)."""
        if o["contexts"] is None:
            return ""
        return self.ngettext(
            "room for %(n)s full %(context)s context",
            "room for %(n)s full %(context)s contexts",
            o["contexts"],
            n=o["contexts_fmt"],
            context=req["context"],
        )

    def weights_line(self, why: WhyView) -> str:
        """Return the weights against the memory that holds them."""
        if why["copy_gpus"]:
            # TRANSLATORS: the server holds several copies of the model; this is
            # one copy's share, e.g. "Weights: 1,029 GB of the 1,152 GB of the 4 GPUs
            # that hold one copy of the model."
            return self.ngettext(
                "Weights: %(weights)s of the %(memory)s of the %(gpus)s GPU that holds one copy"
                " of the model.",
                "Weights: %(weights)s of the %(memory)s of the %(gpus)s GPUs that hold one copy"
                " of the model.",
                why["copy_gpus"],
                weights=why["weights"],
                memory=why["memory"],
                gpus=why["copy_gpus_fmt"],
            )
        return self.gettext(
            "Weights: %(weights)s of %(memory)s GPU memory.",
            weights=why["weights"],
            memory=why["memory"],
        )

    def kv_line(self, o: OptionView, req: RequestView) -> str:
        """Return the KV cache room of an option, in tokens and in full contexts."""
        return self.ngettext(
            "KV cache: room for %(tokens)s tokens, that is %(n)s full %(context)s context at once.",
            "KV cache: room for %(tokens)s tokens, that is %(n)s full %(context)s contexts at"
            " once.",
            o["contexts"] or 0,  # the templates ask for this line only where there is a figure
            tokens=o["kv_tokens"],
            n=o["contexts_fmt"],
            context=req["context"],
        )

    def speed_line(self, o: OptionView, req: RequestView) -> str:
        """Return the speed per user at the load asked, and for one user alone."""
        if req["concurrency"] > 1 and o["decode_each"]:
            return self.gettext(
                "Speed: about %(each)s tokens/s per user at this load (%(users)s users at once,"
                " %(total)s tokens/s in total); about %(single)s tokens/s for one user alone.",
                each=o["decode_each"],
                users=req["concurrency_fmt"],
                total=o["decode_total"],
                single=o["decode_user"],
            )
        if o["decode_user"]:
            return self.gettext(
                "Speed: about %(single)s tokens/s per user at this load (one user).",
                single=o["decode_user"],
            )
        return ""

    def speed_range(self, o: OptionView) -> str:
        """Return the range of an estimated speed, or of one counting speculative decoding."""
        if not o["decode_low"]:
            return ""
        if o["mtp"]:
            return self.gettext(
                "Counting speculative decoding (MTP): %(low)s to %(high)s tokens/s per user,"
                " depending on how many drafted tokens are accepted.",
                low=o["decode_low"],
                high=o["decode_high"],
            )
        return self.gettext(
            "An estimate, as no measurement covers this GPU yet: %(low)s to %(high)s tokens/s"
            " per user.",
            low=o["decode_low"],
            high=o["decode_high"],
        )

    def option_line(self, o: OptionView, req: RequestView) -> str:
        """Return one option of "also fits": name, shape, price and context room."""
        room = self.contexts(o, req) if o["contexts"] else ""
        parts = [o["formats"], self.shape(o), self.price(o), o["delta"], room]
        return self.label(o["name"], self.join(parts))

    def nofit_line(self, o: OptionView) -> str:
        """Return one option of "does not fit" and why."""
        if o["fits"] and o["monthly"]:
            details = self.join([self.shape(o), self.price(o)])
            # TRANSLATORS: a plan set aside by the customer's budget and what it
            # would take, e.g. "NVIDIA H200 (5 single-GPU machines, $15,450 a month)".
            name = self.gettext("%(name)s (%(details)s)", name=o["name"], details=details)
            return self.label(name, o["reason"])
        return self.label(o["name"], o["reason"])

    def assumptions(self, req: RequestView) -> str:
        """Return the assumptions behind the figures, one per line."""
        context = req["context"]
        if req["context_defaulted"]:
            context_line = self.gettext(
                "No context length given: sized for %(context)s per user.", context=context
            )
        else:
            context_line = self.gettext("Context: %(context)s per user.", context=context)
        return "\n".join(
            (
                self.gettext(
                    "Weights in %(precision)s, KV cache in %(kv_dtype)s.",
                    precision=req["precision"],
                    kv_dtype=req["kv_dtype"],
                ),
                self.gettext(
                    "The serving engine keeps %(reserve)s of GPU memory in reserve (vLLM's"
                    " default).",
                    reserve=req["reserve"],
                ),
                context_line,
                self.gettext(
                    "Speeds are calibrated on a real H200 and on published runs of current"
                    " serving engines; prompts being read at the same time slow generation down."
                ),
            )
        )

    def layout(self, o: OptionView) -> str:
        """Return how the model is spread over the GPUs."""
        if o["dp"] > 1:
            return self.gettext(
                "Layout: data-parallel attention in %(dp)s groups of TP %(tp)s, experts spread"
                " over all %(gpus)s GPUs.",
                dp=o["dp"],
                tp=o["tp"],
                gpus=o["ep_gpus"],
            )
        return self.ngettext(
            "Layout: TP %(tp)s × PP %(pp)s, %(replicas)s replica.",
            "Layout: TP %(tp)s × PP %(pp)s, %(replicas)s replicas.",
            o["replicas"],
            tp=o["tp"],
            pp=o["pp"],
            replicas=o["replicas_fmt"],
        )

    def detail_lines(self, o: OptionView, req: RequestView) -> str:  # noqa: C901 - one branch per line
        """Return the detail lines of one option, each ending in a newline."""
        if not o["fits"]:
            return f"{o['reason']}\n\n"
        lines: list[str] = []
        if o["tp"]:
            lines.append(self.layout(o))
        if o["weights_per_gpu"]:
            lines.append(self.gettext("Weights per GPU: %(size)s.", size=o["weights_per_gpu"]))
        if o["kv_tokens"]:
            lines.append(
                self.gettext(
                    "KV cache: %(stock)s tokens with vLLM's default settings, %(physical)s tokens"
                    " if every free byte is used.",
                    stock=o["kv_tokens"],
                    physical=o["kv_tokens_physical"],
                )
            )
        if o["contexts"] is not None:
            lines.append(
                self.gettext(
                    "Full %(context)s contexts at once: %(n)s.",
                    n=o["contexts_fmt"],
                    context=req["context"],
                )
            )
        if o["ttft"]:
            lines.append(
                self.gettext(
                    "First token after a prompt of %(context)s: about %(ttft)s.",
                    context=req["context"],
                    ttft=o["ttft"],
                )
            )
        if o["decode_user"]:
            lines.append(self.speed_line(o, req))
        if o["decode_low"]:
            lines.append(self.speed_range(o))
        if o["per_million"]:
            lines.append(
                self.gettext(
                    "Cost per million generated tokens at full load: %(usd)s.",
                    usd=o["per_million"],
                )
            )
        if o["monthly"]:
            lines.append(
                self.gettext(
                    "%(monthly)s a month, %(hourly)s per GPU-hour.",
                    monthly=o["monthly"],
                    hourly=o["per_gpu_hour"],
                )
            )
        return "".join(f"{line}\n" for line in lines)

    def plan_hardware(self, plan: PlanView) -> str:
        """Return a plan's GPUs, CPU, RAM, storage and network on one line."""
        gpus = self.ngettext(
            "%(gpus)s GPU with %(memory)s",
            "%(gpus)s GPUs with %(memory)s each",
            plan["gpus_count"],
            gpus=plan["gpus"],
            memory=plan["gpu_memory"],
        )
        if plan["cpu_cores"]:
            cpu = self.gettext(
                "CPU %(cpu)s (%(cores)s cores)", cpu=plan["cpu"], cores=plan["cpu_cores"]
            )
        else:
            cpu = self.gettext("%(vcpus)s vCPU", vcpus=plan["cpu_vcpus"])
        ram = self.gettext("RAM %(ram)s", ram=plan["ram"])
        # Two messages, not a plural: languages with one plural form would drop the drive count.
        if plan["drives"] > 1:
            storage = self.gettext(
                "storage %(drives)s × %(size)s NVMe", drives=plan["drives"], size=plan["drive_size"]
            )
        else:
            storage = self.gettext("storage %(size)s NVMe", size=plan["drive_size"])
        network = self.gettext("network %(network)s", network=plan["network"])
        return self.join([gpus, cpu, ram, storage, network])

    def plan_money(self, plan: PlanView) -> str:
        """Return a plan's price per GPU-hour and per GB of GPU memory."""
        return self.gettext(
            "%(hourly)s per GPU-hour, %(per_gb)s per GB of GPU memory a month",
            hourly=plan["per_gpu_hour"],
            per_gb=plan["per_gb"],
        )

    def plan_stock(self, plan: PlanView) -> str:
        """Return a plan's availability and delivery time."""
        days = plan["lead_days"]
        delivery = self.ngettext(
            "delivered within %(days)s business day of payment",
            "delivered within %(days)s business days of payment",
            days,
            days=days,
        )
        return self.join([plan["availability"], delivery])

    def price_footer(self, terms: Iterable[object], hours: object) -> str:
        """Return how prices are counted, and the terms (from the knowledge data)."""
        counted = self.gettext(
            "Fixed monthly prices. Per GPU-hour = monthly price ÷ GPUs ÷ %(hours)s hours, only"
            " to compare with hourly offers.",
            hours=hours,
        )
        return counted + "\n" + "\n".join([str(term) for term in terms])

    def vs(self, a: object, b: object) -> str:
        """Return "a vs b"."""
        return self.gettext("%(a)s vs %(b)s", a=a, b=b)

    def fit_label(self, row: FitRowView) -> str:
        """Return a row of the fit table: the model's size and kind, and its precision."""
        if row["moe"]:
            return self.gettext(
                "%(params)s MoE, %(precision)s", params=row["params"], precision=row["precision"]
            )
        return self.gettext(
            "%(params)s dense, %(precision)s", params=row["params"], precision=row["precision"]
        )

    def fit_cell(self, name: object, gpus: object, notes: object) -> str:
        """Return one GPU's cell of the fit table: "H200 4 (notes)"."""
        cell = str(name) + " " + str(gpus)
        return cell + " (" + str(notes) + ")" if notes else cell

    def under_budget(self, advice: BudgetAdviceView) -> str:
        """Return the heading of what fits within the customer's budget."""
        return self.gettext("Within your budget of %(budget)s a month", budget=advice["budget"])

    def launch_title(self, launch: LaunchView) -> str:
        """Return the heading of the launch command, with the plan's name."""
        # TRANSLATORS: heading of the command that starts the serving engine,
        # e.g. "Launch command: NVIDIA H200".
        return self.label(self.gettext("Launch command"), launch["name"])


def _as_macro(phrase: Callable[..., str]) -> Callable[..., str]:
    @pass_eval_context
    def call(eval_ctx: EvalContext, *args: Any) -> str:  # noqa: ANN401 - template values
        text = phrase(*args)
        return Markup(text) if eval_ctx.autoescape else text  # noqa: S704 - as the macros were

    return call


def template_phrases(phrases: Phrases) -> SimpleNamespace:
    """Return the phrases as templates call them (``p.label(...)``)."""
    return SimpleNamespace(**{name: _as_macro(getattr(phrases, name)) for name in TEMPLATE_PHRASES})
