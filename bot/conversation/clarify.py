"""The questions and apologies the assistant answers with when it cannot size yet.

Each asks one precise thing (which model, which language) or says politely what went wrong
without internals. All wording goes through the catalog of the customer's language.
"""

from __future__ import annotations

from dataclasses import replace

from bot.answers import (
    LANGUAGE_NAMES,
    N_,
    Localizer,
    render_clarify,
    render_error,
    render_help,
    to_callback,
)
from bot.conversation.uploads import UploadError, UploadProblem
from bot.reply import Button, Reply
from sizing import MAX_CONCURRENCY, MAX_CONTEXT_TOKENS

# Request fields the engine may reject, in words (``InvalidRequestError.field``).
FIELD_NAMES: dict[str, str] = {
    "context_tokens": N_("context length"),
    "concurrency": N_("number of simultaneous users"),
    "precision": N_("precision"),
    "params_b": N_("model size"),
    "active_params_b": N_("number of active parameters"),
    "kv_dtype": N_("KV cache type"),
    "budget_usd_month": N_("budget"),
    "model_config": N_("model configuration"),
    "tokens": N_("number of training tokens"),
    "epochs": N_("number of epochs"),
    "seq_len": N_("sequence length"),
    "deadline_hours": N_("deadline"),
    "gpu_count": N_("number of GPUs"),
    "draft_model_id": N_("draft model (it must share the served model's vocabulary)"),
    "speculative_tokens": N_("number of speculative tokens"),
}
FIELD_FALLBACK = N_("request")
# What the understanding step could not use, shown beside the answer (``not_understood`` codes).
BUDGET_CURRENCY = "budget_currency"
FOREIGN_BUDGET_NOTE = N_(
    "Your budget is in another currency, so I did not apply it: tell me the monthly budget "
    "in US dollars and I will compare the plans against it."
)
# Plans of both vendors named for one model ("one MI355X server and one HGX H200: can it run
# across both?"): a copy of a model runs on one kind of GPU.
MIXED_VENDORS_NOTE = N_(
    "A model is not split across an AMD MI355X server and an NVIDIA H200 server: they share no "
    "interconnect and run different software. Each can serve its own copy behind a load "
    "balancer; the plan above holds the whole model on one kind of GPU."
)
MAX_SUGGESTIONS = 3
# Numbers the understanding step read but refused (``not_understood`` codes of
# ``bot.understand.limits``): what is wrong with the number, then what to send instead.
_USERS_HINT = N_("How many people will use it at the same time?")
_CONTEXT_HINT = N_("How many tokens of context do you need, for example 32K or 128K?")
_SIZE_HINT = N_("How many parameters does the model have, for example 70B dense or 671B MoE?")
REFUSED_NUMBERS: dict[str, tuple[str, str]] = {
    "concurrency_negative": (N_("A number of simultaneous users can't be negative."), _USERS_HINT),
    "concurrency_too_small": (
        N_("The number of simultaneous users must be at least one."),
        _USERS_HINT,
    ),
    "concurrency_too_large": (
        N_("That many simultaneous users is beyond anything we rent."),
        N_("Tell me how many users you expect at the busiest moment (at most %(max)s)."),
    ),
    "context_negative": (N_("A context length can't be negative."), _CONTEXT_HINT),
    "context_too_small": (N_("A context of zero tokens can't be sized."), _CONTEXT_HINT),
    "context_too_large": (
        N_("That context is longer than any model or server can hold."),
        N_("Tell me a context length of at most %(max)s tokens."),
    ),
    "params_negative": (N_("A model can't have a negative number of parameters."), _SIZE_HINT),
    "params_too_small": (N_("A model of zero parameters can't be sized."), _SIZE_HINT),
    "params_too_large": (N_("No model that large fits on the servers we rent."), _SIZE_HINT),
}
_LIMITS = {"concurrency_too_large": MAX_CONCURRENCY, "context_too_large": MAX_CONTEXT_TOKENS}
# A refused budget does not stop the sizing: it is left out and the answer says so.
# A rate with no count at once ("1000 requests per hour"): sized for one at a time, and said.
RATE_NOTE = N_(
    "You gave a rate, not how many requests run at the same time, so this is sized for one at "
    "a time. Tell me how many run at once at the busiest moment, for example “and with 20 "
    "users?”."
)
BUDGET_NOTES: dict[str, str] = {
    "budget_negative": N_("A budget can't be negative, so I sized without one."),
    "budget_too_small": N_("A budget of zero can't be applied, so I sized without one."),
    "budget_too_large": N_("That budget is beyond the price of any plan, so I sized without it."),
}


def _which_model_hint(loc: Localizer) -> str:
    return loc.gettext(
        "Name the model (for example Llama 3.3 70B or DeepSeek V3) or give its size "
        "(for example 70B dense, or 671B MoE)."
    )


def ask_which_model(loc: Localizer, *, follow_up: bool = False, training: bool = False) -> Reply:
    """Which model? (also for a follow-up with nothing earlier to follow, or a training job)."""
    notice = loc.gettext("I have no earlier question of yours to change.") if follow_up else None
    question = (
        loc.gettext("Which model do you want to train?")
        if training
        else loc.gettext("Which model do you want to run?")
    )
    return render_clarify(
        loc,
        question,
        hint=_which_model_hint(loc),
        notice=notice,
        code="which_model",
    )


def ask_for_the_job(loc: Localizer) -> Reply:
    """Ask for the work a deadline is for: a deadline alone sizes nothing."""
    return render_clarify(
        loc,
        loc.gettext("A deadline is for an offline job: what must be processed by then?"),
        hint=loc.gettext(
            "Tell me the work, for example: “10M documents of 2,000 tokens” or “500M tokens "
            "in, 50M out”."
        ),
        code="job_for_deadline",
    )


def ask_what_to_change(loc: Localizer) -> Reply:
    """Ask what to change: a follow-up to an earlier question named nothing to change in it."""
    return render_clarify(
        loc,
        loc.gettext("I could not tell what to change in your last question."),
        hint=loc.gettext(
            "Tell me what is different, for example: “and with 64 users?”, “and with a 32K "
            "context?” or “and on two GPUs?”."
        ),
        code="what_to_change",
    )


def refused_number(loc: Localizer, codes: tuple[str, ...]) -> Reply | None:
    """Say why a number of the message cannot be sized and what to send; None if none was."""
    code = next((code for code in codes if code in REFUSED_NUMBERS), None)
    if code is None:
        return None
    problem, hint = REFUSED_NUMBERS[code]
    limit = _LIMITS.get(code)
    return render_clarify(
        loc,
        loc.gettext(problem),
        hint=loc.gettext(hint, max=loc.formatter.integer(limit)) if limit else loc.gettext(hint),
        code="refused_number",
    )


def budget_notes(loc: Localizer, codes: tuple[str, ...]) -> tuple[str, ...]:
    """Return the notes for a budget that was read but not applied."""
    return tuple(loc.gettext(BUDGET_NOTES[code]) for code in codes if code in BUDGET_NOTES)


def off_topic(loc: Localizer) -> Reply:
    """Something we cannot help with: say what we do, then how to ask."""
    return render_clarify(
        loc,
        loc.gettext("I can only help with choosing and pricing GPU servers for AI models."),
        hint=_which_model_hint(loc),
        code="off_topic",
    )


def courtesy(loc: Localizer) -> Reply:
    """Answer a thank-you or an "ok" briefly, with the door open for the next question."""
    return render_clarify(
        loc,
        loc.gettext(
            "You're welcome! Ask me about another model, context or plan whenever you like."
        ),
        code="courtesy",
    )


def unknown_model(loc: Localizer, name: str, suggestions: tuple[str, ...]) -> Reply:
    """Answer an unknown model: the closest names we know, or a request for its size."""
    if suggestions:
        return render_clarify(
            loc,
            loc.gettext("I don't know “%(name)s”. Did you mean one of these?", name=name),
            choices=suggestions[:MAX_SUGGESTIONS],
            hint=loc.gettext("If not, tell me its size, for example 70B dense or 671B MoE."),
            code="unknown_model",
        )
    return render_clarify(
        loc,
        loc.gettext(
            "I don't know “%(name)s”. How many parameters does it have (for example "
            "70B dense, or 671B MoE with 37B active)?",
            name=name,
        ),
        code="unknown_model",
    )


def which_of(loc: Localizer, choices: tuple[str, ...]) -> Reply:
    """Ask which one when several catalog models match equally."""
    return render_clarify(
        loc, loc.gettext("Which one do you mean?"), choices=choices, code="ambiguous"
    )


LANGUAGE_BUTTONS_PER_ROW = 2


def choose_language(loc: Localizer) -> Reply:
    """``/lang`` without a language we have: one button per language (numbers in the console)."""
    buttons = [
        Button(name, callback_data=to_callback(f"lang-{code}"))
        for code, name in LANGUAGE_NAMES.items()
    ]
    step = LANGUAGE_BUTTONS_PER_ROW
    rows = tuple(tuple(buttons[i : i + step]) for i in range(0, len(buttons), step))
    reply = render_clarify(
        loc,
        loc.gettext("Which language should I answer in?"),
        hint=loc.gettext("Press a button, or send /lang with a code such as /lang de."),
        code="language",
    )
    return replace(reply, buttons=rows)


def language_set(loc: Localizer) -> Reply:
    """``/lang xx`` accepted: confirm in the new language, with the help text."""
    # TRANSLATORS: name this catalog's own language ("in German" in the German catalog).
    notice = loc.gettext("From now on I will answer in English.")
    return render_help(loc, notice=notice)


def stale_button(loc: Localizer) -> Reply:
    """Answer a button of an older answer, or data this assistant did not write."""
    return render_clarify(
        loc,
        loc.gettext("That button belongs to an earlier answer."),
        hint=loc.gettext("Ask your question again, or use the buttons under my latest answer."),
        code="stale_button",
    )


def bad_request(loc: Localizer, field: str) -> Reply:
    """Say that the engine cannot size a value the customer gave."""
    what = loc.gettext(FIELD_NAMES.get(field, FIELD_FALLBACK))
    return render_error(
        loc,
        loc.gettext("I can't size this as asked: please check the %(what)s.", what=what),
        code="invalid_request",
    )


_UPLOAD_MESSAGES = {
    UploadProblem.TOO_LARGE: N_(
        "That file is %(size)s: too large for a model's config.json, which is a few kilobytes."
    ),
    UploadProblem.NOT_JSON: N_("I couldn't read that file as JSON."),
    UploadProblem.NOT_AN_OBJECT: N_("That JSON is not a model's config.json: it is not an object."),
    UploadProblem.NOT_A_MODEL_CONFIG: N_(
        "That JSON does not look like a model's config.json: %(field)s is missing or wrong."
    ),
}
UPLOAD_HINT = N_(
    "Send the config.json from the model's Hugging Face page as a file, and add the precision "
    "or context in the caption if you like (for example: FP8, 128K)."
)
UPLOAD_LINE_HINT = N_("The first error is on line %(line)s.")


def upload_problem(loc: Localizer, error: UploadError, field: str = "") -> Reply:
    """Say, in one message, why an uploaded config.json cannot be sized."""
    size = loc.formatter.size(error.size_bytes, exact=True) if error.size_bytes else ""
    message = loc.gettext(_UPLOAD_MESSAGES[error.problem], size=size, field=field)
    hint = loc.gettext(UPLOAD_HINT)
    if error.line is not None:
        hint = loc.gettext(UPLOAD_LINE_HINT, line=loc.formatter.integer(error.line)) + " " + hint
    return render_error(loc, message, hint=hint, code=f"upload_{error.problem.value}")


def cannot_answer(loc: Localizer) -> Reply:
    """Something failed on our side."""
    return render_error(
        loc,
        loc.gettext("Sorry, something went wrong on my side while answering."),
        hint=loc.gettext(
            "Please try again in a minute. If it keeps happening, write to our support."
        ),
    )


def hub_unreachable(loc: Localizer, name: str) -> Reply:
    """Ask for the config.json of a model beyond the catalog while the Hub is unreachable."""
    return render_clarify(
        loc,
        loc.gettext(
            "I can't look up “%(name)s” on Hugging Face right now, and it is not in my catalog.",
            name=name,
        ),
        hint=loc.gettext(
            "Send its config.json as a file and I will size it at once, or try again in a minute."
        ),
        code="hub_unreachable",
    )


def model_gated(loc: Localizer, name: str) -> Reply:
    """Ask for the config.json of a gated or private repository."""
    return render_clarify(
        loc,
        loc.gettext(
            "“%(name)s” is gated or private on Hugging Face, so I can't read its configuration.",
            name=name,
        ),
        hint=loc.gettext("Send its config.json as a file and I will size it at once."),
        code="model_gated",
    )


def model_not_on_hub(loc: Localizer, name: str) -> Reply:
    """Say that neither the catalog nor the Hub knows a name; size nothing."""
    return render_clarify(
        loc,
        loc.gettext(
            "I don't know “%(name)s”, and Hugging Face has no model of that name either.",
            name=name,
        ),
        hint=loc.gettext(
            "Send its Hugging Face id or link, its config.json, or its size (for example "
            "70B dense, or 671B MoE with 37B active)."
        ),
        code="unknown_model",
    )


def paste_cut(loc: Localizer) -> Reply:
    """Ask for the file when a pasted config.json reaches us cut (Telegram splits long texts)."""
    return render_error(
        loc,
        loc.gettext(
            "That looks like part of a config.json: Telegram cuts long pastes into several "
            "messages, so I can't read it whole."
        ),
        hint=loc.gettext(UPLOAD_HINT),
        code="upload_paste_cut",
    )
