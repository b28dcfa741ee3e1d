"""The sentences of proposals, of hardware we do not rent and of models we do not size."""

from __future__ import annotations

from bot.answers.i18n import N_
from bot.answers.words.knowledge import NP_
from sizing import ModelKind, PickReason, UseCase

# What a deployment is for, as the proposal's first line names it.
USES: dict[UseCase, str] = {
    UseCase.CHAT: N_("an internal chat assistant"),
    UseCase.CODING: N_("a coding assistant"),
    UseCase.RAG: N_("answers over your documents (RAG)"),
    UseCase.AGENT: N_("an agent that calls tools"),
    UseCase.SUPPORT: N_("a customer-support assistant"),
    UseCase.TRANSLATION: N_("translation"),
    UseCase.SUMMARIZATION: N_("summaries of long texts"),
    UseCase.BATCH: N_("batch jobs"),
    UseCase.KV_CAPACITY: N_("a large KV cache"),
}
LEAD = N_("For %(use)s, I'd start with %(model)s: %(plan)s, %(shape)s, %(price)s.")
LEAD_PEOPLE = NP_(
    "For %(use)s used by %(headcount)s person, I'd start with %(model)s: %(plan)s, %(shape)s, "
    "%(price)s.",
    "For %(use)s used by %(headcount)s people, I'd start with %(model)s: %(plan)s, %(shape)s, "
    "%(price)s.",
)
LEAD_NONE = N_(
    "For %(use)s, none of the models I'd propose fits a plan we rent as asked: see below."
)
LEAD_KV = N_(
    "%(capacity)s of KV cache: %(plan)s, %(shape)s, %(price)s, holds it, with about %(room)s "
    "of KV room beside the weights of %(model)s."
)
LEAD_KV_NONE = N_(
    "%(capacity)s of KV cache is more than one deployment we sell online holds: a person "
    "from our team quotes it."
)
# Why a model is proposed (the facts behind each are cited in sizing/data/use_cases.json).
REASONS: dict[PickReason, str] = {
    PickReason.GENERAL_ASSISTANT: N_("a strong general assistant in eight languages"),
    PickReason.LIGHT_MOE: N_(
        "a mixture of experts with %(active)s active parameters: fast and cheap per user"
    ),
    PickReason.AGENTIC_CODING: N_("made for agentic coding, with a %(max_context)s window"),
    PickReason.CODING_LIGHT: N_("a lighter mixture of experts made for coding agents and tools"),
    PickReason.TOOL_USE: N_("made for agents: tool calling and reasoning"),
    PickReason.REASONING_TOOLS: N_("a reasoning model with tool use, released in MXFP4"),
    PickReason.GROUNDED_LONG_CONTEXT: N_("reads long documents in a %(max_context)s window"),
    PickReason.MULTILINGUAL_SUPPORT: N_("answers customers well in eight languages"),
    PickReason.MANY_LANGUAGES: N_("covers over 140 languages"),
    PickReason.MANY_LANGUAGES_LARGE: N_("covers 119 languages and dialects"),
    PickReason.BATCH_THROUGHPUT: N_("%(active)s active parameters: many tokens per second per GPU"),
    PickReason.KV_REFERENCE: N_("a 70B model with a grouped-query KV cache, as a reference"),
}
PICK = N_("%(model)s (%(reason)s): %(plan)s, %(shape)s, %(price)s.")
PICK_OVER_BUDGET = N_(
    "%(model)s (%(reason)s): the cheapest plan that serves it, %(plan)s at %(price)s, is "
    "%(over)s over your budget."
)
# Beside a lead over the budget: a pick that fits within it.
PICK_WITHIN_BUDGET = N_(
    "%(model)s (%(reason)s): %(plan)s, %(shape)s, %(price)s, within your budget."
)
# The lead's plan is over the budget: the lead, then by how much (the sentences joined as the
# language writes two sentences in a row).
LEAD_OVER_BUDGET = N_("%(lead)s That is %(over)s over your budget of %(budget)s a month.")
PICK_NONE = N_("%(model)s (%(reason)s): nothing we rent serves it as asked.")
WITHIN_BUDGET = N_("Within your budget of %(budget)s a month.")
# The assumption line: each a singular/plural pair, chosen by the count of users (contexts).
ASSUMED_HEADCOUNT = NP_(
    "Assumed: %(users)s user at once (%(share)s of %(headcount)s people at peak; "
    "%(low)s–%(high)s is typical), %(context)s of context.",
    "Assumed: %(users)s users at once (%(share)s of %(headcount)s people at peak; "
    "%(low)s–%(high)s is typical), %(context)s of context each.",
)
ASSUMED_DEFAULT = NP_(
    "Assumed: %(users)s user at once (you did not say how many), %(context)s of context.",
    "Assumed: %(users)s users at once (you did not say how many), %(context)s of context each.",
)
ASSUMED_STATED = NP_(
    "Sized for your %(users)s user at once, %(context)s of context.",
    "Sized for your %(users)s users at once, %(context)s of context each.",
)
ASSUMED_TARGETS = NP_(
    "Sized for the targets you gave: %(users)s user at once is the load they need, %(context)s "
    "of context.",
    "Sized for the targets you gave: %(users)s users at once is the load they need, %(context)s "
    "of context each.",
)
ASSUMED_KV = NP_(
    "Assumed: a BF16 KV cache of %(model)s, %(users)s context of %(context)s (%(per_context)s).",
    "Assumed: a BF16 KV cache of %(model)s, %(users)s contexts of %(context)s (%(per_context)s "
    "each).",
)
QUESTION_USERS = N_("How many people will use it at the same time at peak?")
QUESTION_CONTEXT = N_("How long are the prompts and documents it reads (the context length)?")
QUESTION_ROCM = N_("Does your software run on ROCm (AMD), or do you need CUDA?")
QUESTION_MODEL = N_("Which model will use this cache, and at what context length?")
QUESTION_DETAIL = N_("Shall I size one of them in detail? Tap its button.")
SIZE_IN_DETAIL = N_("Size %(model)s")
# Hardware we do not rent.
UNRENTED_LEAD = N_("We don't rent the %(gpu)s.")
NEAREST_SAME = N_(
    "The nearest we rent is the %(ours)s (%(architecture)s, the same %(stack)s stack): "
    "%(memory)s of %(memory_type)s against %(their_memory)s, %(bandwidth)s of memory bandwidth "
    "against %(their_bandwidth)s."
)
NEAREST_OTHER = N_(
    "The nearest we rent by memory is the %(ours)s (%(architecture)s, %(stack)s): %(memory)s "
    "of %(memory_type)s against %(their_memory)s, %(bandwidth)s of memory bandwidth against "
    "%(their_bandwidth)s."
)
NEAREST_PLAN = N_("%(plan)s: %(price)s.")
OTHER_FIT_YES = N_(
    "On %(count_gpu)s, %(model)s would need about %(needed)s for its weights and one "
    "%(context)s context, of %(usable)s usable: it fits (an estimate)."
)
OTHER_FIT_NO = N_(
    "On %(count_gpu)s, %(model)s would need about %(needed)s for its weights and one "
    "%(context)s context, of %(usable)s usable: it does not fit (an estimate)."
)
UNRENTED_QUESTION = N_("Which model would you run on it? I'll size it on the plans we rent.")
STACKS = {"cuda": "CUDA", "rocm": "ROCm"}
STACK_OTHER = N_("another software stack")
# Models the engine does not size.
KINDS: dict[ModelKind, str] = {
    ModelKind.EMBEDDING: N_("embedding models"),
    ModelKind.RERANKER: N_("rerankers"),
    ModelKind.SPEECH: N_("speech models (speech-to-text and text-to-speech)"),
    ModelKind.IMAGE: N_("image-generation models"),
    ModelKind.VIDEO: N_("video-generation models"),
}
SCOPE_LEAD = N_(
    "I size language models; I can't size %(kind)s yet: their speed depends on things I "
    "don't model."
)
SCOPE_EXAMPLE = N_(
    "What I can say: %(example)s has %(params)s parameters, about %(weights)s in BF16, so "
    "its weights fit on one %(gpu)s (%(memory)s) with room to spare."
)
SCOPE_PLAN = N_("The smallest plan we rent: %(plan)s, %(price)s.")
SCOPE_HANDOFF = N_(
    "A person from our team can size it with you: tap “Talk to a person”. If it serves an "
    "LLM too, name that model and I'll size it."
)
# A budget in another currency.
CONVERTED = N_(
    "Your budget of %(amount)s is about %(usd)s a month at 1 %(currency)s = %(rate)s USD "
    "(%(source)s reference rate of %(date)s)."
)
NO_RATE = N_(
    "I have no dated exchange rate for %(currency)s, so your budget of %(amount)s is not "
    "applied: tell me the figure in US dollars."
)
# A head count turned into users at once, beside a model's sizing.
PEAK_OVER_USUAL = NP_(
    "Sized for your peak of %(peak)s user at once (%(usual)s usually); "
    "tell me if you would rather size for the usual load.",
    "Sized for your peak of %(peak)s users at once (%(usual)s usually); "
    "tell me if you would rather size for the usual load.",
)
PEAK_FROM_HEADCOUNT = NP_(
    "Sized for %(users)s user at once: %(share)s of %(headcount)s people at peak "
    "(%(low)s–%(high)s is typical); tell me if more use it at the same time.",
    "Sized for %(users)s users at once: %(share)s of %(headcount)s people at peak "
    "(%(low)s–%(high)s is typical); tell me if more use it at the same time.",
)
