"""The launch commands of the option an answer leads with, labelled per server, with their notes."""

from __future__ import annotations

import re

from bot.answers.i18n import N_, Localizer
from bot.answers.view_types import LaunchBlock, LaunchView
from bot.answers.words.plan_names import option_name
from sizing import ENGINE_VERSIONS, PlanOption, ServingEngine, SizingAnswer, VerdictCode

LAUNCH_ENGINE = N_("For %(engine)s %(version)s, with the settings this answer is sized at.")
LAUNCH_EACH = N_("Run the same command on each of the %(n)s machines.")
LAUNCH_SERVER = N_("Server %(n)s:")
LAUNCH_COPIES = N_(
    "Each of the %(n)s copies of the model runs these commands on its own %(stages)s servers."
)
LAUNCH_HEAD = N_(
    "HEAD_IP is the private address of the first server of a copy: start it first, then the others."
)
LAUNCH_PLACEHOLDER = N_(
    "Replace %(placeholder)s with the path or Hugging Face id of your own checkpoint."
)
ENGINE_NAMES: dict[ServingEngine, str] = {
    ServingEngine.VLLM: "vLLM",
    ServingEngine.SGLANG: "SGLang",
}
_PLACEHOLDER = re.compile(r"YOUR-[A-Z0-9]+(?:-CHECKPOINT)?")


def cheapest_over_budget(answer: SizingAnswer) -> int | None:
    """Return the cheapest option serving the request when all are over the budget, else None.

    From the budget advice, or the verdict where the engine gives none (service targets).
    """
    if answer.recommended_index is not None:
        return None
    if answer.budget is not None and answer.budget.cheapest_index is not None:
        return answer.budget.cheapest_index
    verdict = answer.verdict
    if verdict is not None and verdict.code is VerdictCode.OVER_BUDGET:
        return verdict.option_index
    return None


def launch_option(answer: SizingAnswer) -> PlanOption | None:
    """Return the option whose launch command is shown: the pick, else the cheapest."""
    if answer.recommended_index is not None:
        return answer.options[answer.recommended_index]
    index = cheapest_over_budget(answer)
    return answer.options[index] if index is not None else None


def launch_view(loc: Localizer, answer: SizingAnswer) -> LaunchView | None:
    """Label the launch commands of the option the answer leads with, per server."""
    option = launch_option(answer)
    if option is None or not option.launch.commands or option.variant is None:
        return None
    commands = option.launch.commands
    engine = option.variant.engine
    notes = [
        loc.gettext(LAUNCH_ENGINE, engine=ENGINE_NAMES[engine], version=ENGINE_VERSIONS[engine])
    ]
    stages = option.layout.pipeline_parallel if option.layout else 1
    if stages > 1 and len(commands) > stages:
        # Copies spanning servers repeat the first copy's commands: show them once.
        copies = len(commands) // stages
        commands = commands[:stages]
        notes.append(loc.gettext(LAUNCH_COPIES, n=loc.formatter.integer(copies), stages=stages))
    blocks: list[LaunchBlock]
    if len(set(commands)) == 1:
        blocks = [{"label": None, "command": commands[0]}]
        if len(commands) > 1:
            notes.append(loc.gettext(LAUNCH_EACH, n=loc.formatter.integer(len(commands))))
    else:
        blocks = [
            {"label": loc.gettext(LAUNCH_SERVER, n=loc.formatter.integer(i + 1)), "command": c}
            for i, c in enumerate(commands)
        ]
    text = " ".join(commands)
    if "HEAD_IP" in text:
        notes.append(loc.gettext(LAUNCH_HEAD))
    placeholder = _PLACEHOLDER.search(text)
    if placeholder is not None:
        notes.append(loc.gettext(LAUNCH_PLACEHOLDER, placeholder=placeholder.group(0)))
    return {"name": option_name(option), "blocks": blocks, "notes": notes}
