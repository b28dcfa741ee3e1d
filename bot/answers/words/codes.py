"""The words for the engine's codes: one gettext message per Reason, Caveat, advice and note.

The engine answers in codes; these are the sentences a customer reads. Every member of every
enum here must have a message (a test iterates the enums), and the messages take their
figures as named placeholders from ``SentenceParams``, already formatted for the locale.
"""

from __future__ import annotations

from typing import TypedDict

from bot.answers.i18n import N_, Localizer
from sizing import AdviceCode, Availability, Caveat, FitNote, Reason

REASONS: dict[Reason, str] = {
    Reason.WEIGHTS_EXCEED_MEMORY: N_("The weights alone are larger than this plan's GPU memory."),
    Reason.NO_KV_ROOM: N_("The weights load, but almost nothing is left for the KV cache."),
    Reason.CONTEXT_DOES_NOT_FIT: N_("Not even one %(context)s context fits beside the weights."),
    Reason.CONCURRENCY_NOT_MET: N_(
        "%(concurrency)s simultaneous users would need more servers than we can offer."
    ),
    Reason.NO_PARALLEL_SHAPE: N_(
        "No tensor- or pipeline-parallel layout that a serving engine accepts fits."
    ),
    Reason.SINGLE_GPU_PLAN_CANNOT_SHARD: N_(
        "Single-GPU plans are separate machines: one model cannot be split across them."
    ),
    Reason.CUDA_ONLY: N_("You need CUDA, and this GPU runs ROCm."),
    Reason.NO_NATIVE_FP4: N_("You need native FP4, and this GPU does not compute in FP4."),
    Reason.OVER_BUDGET: N_("Over your budget of %(budget)s a month."),
    Reason.GPU_NOT_REQUESTED: N_("You asked about other GPUs."),
}

CAVEATS: dict[Caveat, str] = {
    Caveat.ROCM_PORT: N_(
        "MI355X runs ROCm: PyTorch, vLLM and SGLang work as they are, custom CUDA kernels "
        "need a HIP port, and TensorRT-LLM has no AMD version."
    ),
    Caveat.FP8_NATIVE_MODEL_IN_BF16: N_(
        "%(model)s is released in FP8: serving it in BF16 doubles the memory for no gain "
        "in quality."
    ),
    Caveat.CONTEXT_BEYOND_MODEL_MAX: N_(
        "You asked for %(asked_context)s of context, but %(model)s reads at most "
        "%(max_context)s: sized at %(max_context)s."
    ),
    Caveat.SIZED_WITH_ROPE_SCALING: N_(
        "%(model)s reads %(max_context)s natively: sized at the %(asked_context)s you asked "
        "with the YaRN RoPE scaling its makers document (factor %(rope_factor)s), which the "
        "launch command turns on."
    ),
    Caveat.SIZED_AT_ROPE_LIMIT: N_(
        "You asked for %(asked_context)s, but %(model)s reads at most %(rope_context)s, with the "
        "YaRN RoPE scaling its makers document (factor %(rope_factor)s): sized at "
        "%(rope_context)s, with the scaling turned on in the launch command."
    ),
    Caveat.CONTEXT_EXTENDS_WITH_ROPE_SCALING: N_(
        "Its makers document YaRN RoPE scaling (factor %(rope_factor)s) to read up to "
        "%(rope_context)s; it is off by default because it costs some quality on short prompts."
    ),
    Caveat.NVFP4_AS_MXFP4: N_(
        "%(gpu)s computes MXFP4, not NVFP4: sized in MXFP4, its own 4-bit float format."
    ),
    Caveat.NEEDS_QUANTIZED_CHECKPOINT: N_(
        "I know no official %(precision)s checkpoint of %(model)s and engines do not convert to "
        "it while loading: the launch command needs your own."
    ),
    Caveat.DP_ATTENTION: N_(
        "Data-parallel attention: each GPU runs attention for its own users and keeps only "
        "their cache, while the experts are spread over all GPUs, so the cache is not copied "
        "eight times."
    ),
    Caveat.NO_B200_PRICE: N_("We don't list a B200 price yet: ask us for a quote."),
    Caveat.DRAFT_MODEL: N_(
        "Speculative decoding with %(draft)s as the draft, %(draft_tokens)s tokens a step: its "
        "weights and cache are counted in the memory; each user's speed is a range because "
        "how many drafted tokens are kept depends on the text (more on code, fewer on chat)."
    ),
    Caveat.LORA_ADAPTERS: N_(
        "%(adapters)s LoRA adapters (rank up to %(rank)s) on the one base model: %(slots)s sit "
        "on the GPUs at once (%(adapter_size)s each, counted in the memory), the others wait in "
        "CPU memory and load on first use; the adapters' kernels slow each step a little (a few "
        "percent at full batch, more for one user alone)."
    ),
    Caveat.SERVICE_LENGTHS_DEFAULTED: N_(
        "Sized for prompts of %(input)s tokens and answers of %(output)s on average; tell me "
        "yours and I'll size again."
    ),
    Caveat.PER_USER_FLOOR: N_(
        "Throughput is counted with each user kept at %(floor)s tokens/s or faster; tell me "
        "if your users can wait longer."
    ),
    Caveat.LATENCY_HEADROOM: N_(
        "Latency targets are met with headroom: they bind the slowest requests, and these "
        "figures are averages."
    ),
    Caveat.SINGLE_H200_CANNOT_SHARE_MODEL: N_(
        "Single-H200 plans are independent machines: fine for separate jobs or replicas, "
        "but one model cannot be split across them."
    ),
    Caveat.FP4_WEIGHT_ONLY: N_(
        "H200 has no native FP4: 4-bit weights save memory, but the maths still runs "
        "at FP8 or BF16 speed."
    ),
    Caveat.FITS_WITHOUT_KV_ROOM: N_(
        "The weights load, but little room is left for the KV cache: expect short contexts "
        "or few users."
    ),
    Caveat.PIPELINE_ACROSS_SERVERS: N_(
        "The model spans several servers with pipeline parallelism over the network; "
        "we can connect them with a private network."
    ),
    Caveat.KV_HEADS_REPLICATED: N_(
        "The tensor-parallel size is larger than the model's number of KV heads, so some "
        "heads are copied on several GPUs and each token's cache costs more."
    ),
    Caveat.MLA_KV_REPLICATED: N_(
        "With MLA attention, vLLM keeps the whole KV cache on every tensor-parallel GPU "
        "instead of splitting it."
    ),
    Caveat.ESTIMATED_CAPACITY: N_(
        "Usable memory of GPUs we have not measured is estimated from their marketed size."
    ),
    Caveat.GENERIC_MODEL: N_(
        "Sized from the parameter count with a typical architecture; name the exact model "
        "for exact figures."
    ),
    Caveat.MTP_EXCLUDED: N_(
        "The multi-token-prediction layers are not loaded; they are only used for "
        "speculative decoding."
    ),
    Caveat.SLIDING_WINDOW_CAPPED: N_(
        "Sliding-window layers keep only their window, so long contexts need less KV cache."
    ),
    Caveat.QUANTIZED_BELOW_RELEASE: N_(
        "%(precision)s has fewer bits than the %(release_precision)s release: check the "
        "quality on your own prompts."
    ),
    Caveat.BUDGET_EXCEEDED_BY_ALL: N_(
        "Every plan that fits costs more than your budget of %(budget)s a month."
    ),
    Caveat.CONTEXT_DEFAULTED: N_("No context length given: sized for %(context)s."),
    Caveat.FP6_WEIGHT_ONLY: N_(
        "%(gpu)s has no native FP6: 6-bit weights save memory, but the maths still runs "
        "at FP8 or BF16 speed."
    ),
}

ADVICE: dict[AdviceCode, str] = {
    AdviceCode.MORE_MEMORY_PER_GPU: N_(
        "One model instance needs more than %(other_memory)s per GPU."
    ),
    AdviceCode.MORE_MEMORY_PER_SERVER: N_(
        "You want %(server_memory)s of HBM in one server for %(server_price)s a month."
    ),
    AdviceCode.CHEAPER_SERVER: N_("You want the cheaper 8-GPU server: %(server_price)s a month."),
    AdviceCode.NATIVE_FP4_FP6: N_(
        "You want to serve FP4 or FP6 models with native low-precision maths."
    ),
    AdviceCode.PYTORCH_VLLM_ON_ROCM: N_("Your stack is PyTorch or vLLM, which both run on ROCm."),
    AdviceCode.SINGLE_GPU_PLAN: N_(
        "One GPU is enough: a single %(gpu)s is %(single_price)s a month."
    ),
    AdviceCode.CUDA_ONLY_DEPENDENCIES: N_(
        "Your code depends on CUDA-only libraries or custom CUDA kernels."
    ),
    AdviceCode.NO_PORTING: N_(
        "Your training and inference are tuned for %(architecture)s and you want no porting work."
    ),
    AdviceCode.TRY_FOR_A_MONTH: N_(
        "You are not sure your stack will run on ROCm: test it for a month first "
        "(cancel any month)."
    ),
    AdviceCode.HIGHER_BANDWIDTH: N_(
        "Decode speed matters most: %(bandwidth)s of memory bandwidth."
    ),
}

FIT_NOTES: dict[FitNote, str] = {
    FitNote.NO_ROOM: N_("no room left for the KV cache; %(really)s in practice"),
    FitNote.EXCEEDS_ONE_SERVER: N_("more than one 8-GPU server"),
}

AVAILABILITY: dict[Availability, str] = {
    Availability.IN_STOCK: N_("in stock"),
    Availability.LIMITED: N_("limited stock"),
}


class SentenceParams(TypedDict, total=False):
    """Formatted figures a sentence may use; each message takes only the ones it names."""

    model: str
    context: str
    max_context: str
    asked_context: str
    rope_context: str
    rope_factor: str
    concurrency: str
    budget: str
    precision: str
    release_precision: str
    gpu: str
    other_memory: str
    server_memory: str
    server_price: str
    single_price: str
    architecture: str
    bandwidth: str
    really: str
    input: str
    output: str
    floor: str
    adapters: str
    rank: str
    draft: str
    draft_tokens: str
    slots: str
    adapter_size: str


class _Figures(dict[str, str]):
    # A placeholder without a figure prints empty rather than failing the whole answer;
    # tests render every message with every figure, so this is a safety net, not a path.
    def __missing__(self, key: str) -> str:
        return ""


def _say(loc: Localizer, message: str, params: SentenceParams) -> str:
    # Named placeholders: a message ignores the figures it does not use.
    return loc.catalog.gettext(message) % _Figures(**params)


def reason_text(loc: Localizer, reason: Reason, params: SentenceParams) -> str:
    """Why an option does not fit, in words."""
    return _say(loc, REASONS[reason], params)


def caveat_text(loc: Localizer, caveat: Caveat, params: SentenceParams) -> str:
    """Return what to watch out for, in words."""
    return _say(loc, CAVEATS[caveat], params)


def advice_text(loc: Localizer, code: AdviceCode, params: SentenceParams) -> str:
    """One "pick this GPU when ..." line."""
    return _say(loc, ADVICE[code], params)


def fit_note_text(loc: Localizer, note: FitNote, params: SentenceParams) -> str:
    """Return a note of the fit table."""
    return _say(loc, FIT_NOTES[note], params)


def availability_text(loc: Localizer, availability: Availability) -> str:
    """Stock status of a plan."""
    return loc.catalog.gettext(AVAILABILITY[availability])
