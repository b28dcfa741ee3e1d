"""Questions to the knowledge base and its answers, as codes and numbers.

An answer is a verdict, one short point that answers the question, points of detail and the
actions that follow (size a model, compare, order, talk to a person). Each point is a code
with named values; the front end words it. Value names carry their unit so the front end can
format them without knowing the point: ``*_usd`` money, ``*_gb`` decimal gigabytes, ``*_ratio``
a multiple, ``*_days``/``*_months``/``*_count`` whole numbers, ``*_tflops``, ``*_tb_s``,
``*_gb_s``, ``*_w``, ``*_tokens`` a context length, ``*_bytes`` a size in bytes, ``*_bits``
bits per weight, ``*_b`` billions of parameters, ``gpu``/``other`` GPU ids, ``plan`` a plan
id, ``model``/``other_model`` a model's name, ``names`` a list of codes (all of them),
``any_names`` a list of alternatives.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from enum import StrEnum

from sizing.catalog import GpuFacts, PlanFacts
from sizing.request import GpuId, Precision


class Topic(StrEnum):
    """What a question is about."""

    GPU_CARD = "gpu_card"  # one GPU: specs, plans, software
    GPU_SPEC = "gpu_spec"  # one figure of one GPU (with ``SpecAspect``)
    DELIVERY = "delivery"  # delivery days and stock
    MINIMUM_TERM = "minimum_term"  # minimum term, cancellation
    LONGER_TERMS = "longer_terms"  # 6-12 month and volume prices
    WHOLE_SERVER_ONLY = "whole_server_only"  # renting a single GPU of a GPU
    SINGLE_H200_CLUSTER = "single_h200_cluster"  # joining single-GPU plans into one model
    PRIVATE_NETWORK = "private_network"
    ROCM_IMAGE = "rocm_image"
    SOFTWARE = "software"  # what runs on a GPU (with ``SoftwareItem`` when one is named)
    NATIVE_FORMATS = "native_formats"  # FP4/FP6 support (with a format when one is named)
    HOW_TO_CHOOSE = "how_to_choose"
    BILLING = "billing"  # fixed monthly prices, payment
    FAQ_BETTER = "faq_better"
    FAQ_70B_SINGLE_H200 = "faq_70b_single_h200"
    FAQ_MIGRATE = "faq_migrate"
    FAQ_DEEPSEEK = "faq_deepseek"
    GLOSSARY = "glossary"  # what a term means (with a ``Term`` when the message names one)
    TRAFFIC = "traffic"  # traffic included per month
    INTERCONNECT = "interconnect"  # the network between servers (ports, RoCE, private network)
    SINGLE_VS_HGX = "single_vs_hgx"  # the single H200 plan against one GPU of the HGX server
    REFUND = "refund"  # beyond the published facts: said so, with a hand-off
    OS_IMAGE = "os_image"  # beyond the published facts: said so, with a hand-off
    ROOT_ACCESS = "root_access"  # beyond the published facts: said so, with a hand-off
    CALCULATOR = "calculator"  # the cost calculator and the docs


class Term(StrEnum):
    """A term the glossary explains (the values are also the names it lists)."""

    BF16 = "bf16_fp16"  # BF16 and FP16
    FP8 = "fp8"
    FP4 = "fp4_formats"  # FP4: MXFP4 and NVFP4
    INT4 = "int4_weight_only"  # INT4 weights with AWQ or GPTQ
    KV_CACHE = "kv_cache"
    MLA = "mla"
    MOE = "moe"
    TENSOR_PARALLELISM = "tensor_parallelism"
    CONTEXT_LENGTH = "context_length"
    SLIDING_WINDOW = "sliding_window"
    TTFT = "ttft"  # time to first token
    TPOT = "tpot"  # time per output token, and the tokens per second each user sees


class SpecAspect(StrEnum):
    """One figure of a GPU's spec sheet."""

    MEMORY = "memory"
    BANDWIDTH = "bandwidth"
    COMPUTE = "compute"
    INTERCONNECT = "interconnect"
    POWER = "power"
    FORM_FACTOR = "form_factor"
    ARCHITECTURE = "architecture"


class Verdict(StrEnum):
    """How the short point answers a yes/no question (``INFO`` for other questions)."""

    YES = "yes"
    NO = "no"
    PARTLY = "partly"
    INFO = "info"


class Fact(StrEnum):
    """A point the knowledge base can make; the front end has one sentence per code."""

    # one GPU's figures
    SPEC_MEMORY = "spec_memory"
    SPEC_BANDWIDTH = "spec_bandwidth"
    SPEC_COMPUTE = "spec_compute"
    SPEC_FP4_COMPUTE = "spec_fp4_compute"
    SPEC_INTERCONNECT_MESH = "spec_interconnect_mesh"
    SPEC_INTERCONNECT_SWITCHED = "spec_interconnect_switched"
    SPEC_SERVER_NETWORK = "spec_server_network"
    SPEC_POWER = "spec_power"
    SPEC_FORM_OAM_LIQUID = "spec_form_oam_liquid"
    SPEC_FORM_SXM = "spec_form_sxm"
    SPEC_ARCHITECTURE = "spec_architecture"
    CARD_SUMMARY = "card_summary"
    # plans and policies
    PLAN_OFFER = "plan_offer"
    NO_PLAN_PRICE = "no_plan_price"
    PLAN_DELIVERY = "plan_delivery"
    DATE_BEFORE_PAYMENT = "date_before_payment"
    MINIMUM_TERM = "minimum_term"
    FIXED_MONTHLY = "fixed_monthly"
    PER_GPU_HOUR_RULE = "per_gpu_hour_rule"
    PAYMENT_CRYPTO = "payment_crypto"
    LONGER_TERMS_QUOTED = "longer_terms_quoted"
    QUOTE_BY_TICKET = "quote_by_ticket"
    WHOLE_SERVER_ONLY = "whole_server_only"
    SINGLE_GPU_PLAN = "single_gpu_plan"  # the short answer: yes, a single-GPU plan
    SINGLE_GPU_ALTERNATIVE = "single_gpu_alternative"  # a single-GPU plan offered instead
    SINGLES_NOT_JOINED = "singles_not_joined"
    SINGLES_COST = "singles_cost"
    SERVER_FOR_ONE_MODEL = "server_for_one_model"
    PRIVATE_NETWORK_ON_REQUEST = "private_network_on_request"
    PIPELINE_NEEDS_NETWORK = "pipeline_needs_network"
    # the site's other questions, and those its facts do not answer
    TRAFFIC_INCLUDED = "traffic_included"
    SERVER_PORTS = "server_ports"
    SINGLE_VM_NETWORK = "single_vm_network"
    SAME_GPU = "same_gpu"
    SINGLE_PLAN_SHAPE = "single_plan_shape"
    SERVER_PLAN_SHAPE = "server_plan_shape"
    CALCULATOR = "calculator"
    DOCS = "docs"
    NOT_PUBLISHED_REFUND = "not_published_refund"
    NOT_PUBLISHED_OS_IMAGE = "not_published_os_image"
    NOT_PUBLISHED_ROOT = "not_published_root"
    PERSON_WILL_ANSWER = "person_will_answer"
    # software
    STACK_ROCM = "stack_rocm"
    STACK_CUDA = "stack_cuda"
    STACK_SAME_AS = "stack_same_as"
    ITEM_RUNS = "item_runs"
    ITEM_NEEDS_PORT = "item_needs_port"
    ITEM_NOT_AVAILABLE = "item_not_available"
    RUNS_UNCHANGED = "runs_unchanged"
    NEEDS_PORT = "needs_port"
    NOT_AVAILABLE = "not_available"
    TORCH_CUDA_INTERFACE = "torch_cuda_interface"
    ROCM_IMAGE_READY = "rocm_image_ready"  # the short answer: yes, an image is ready
    ROCM_IMAGE_BASE = "rocm_image_base"  # the same, as a point of detail
    NO_ROCM_IMAGE = "no_rocm_image"
    CHECK_DEPENDENCIES = "check_dependencies"
    TRY_A_MONTH = "try_a_month"
    MIGRATE_USUALLY_NOT = "migrate_usually_not"
    # formats
    FORMAT_NOT_NATIVE = "format_not_native"
    FORMAT_NATIVE = "format_native"
    WEIGHT_ONLY = "weight_only"
    OCP_MICROSCALING = "ocp_microscaling"
    NEEDS_FRAMEWORK_SUPPORT = "needs_framework_support"
    NATIVE_LIST = "native_list"
    OTHER_HAS_NATIVE = "other_has_native"
    # choosing
    CHOOSE_INTRO = "choose_intro"
    CHOOSE_SINGLE_GPU = "choose_single_gpu"
    CHOOSE_SERVER_ROCM = "choose_server_rocm"
    CHOOSE_SERVER_CUDA_ONLY = "choose_server_cuda_only"
    CHOOSE_UNSURE = "choose_unsure"
    # the FAQ
    HARDWARE_LEAD = "hardware_lead"
    HARDWARE_BEHIND = "hardware_behind"
    HARDWARE_MIXED = "hardware_mixed"
    HARDWARE_RATIOS = "hardware_ratios"  # a comparison's one-line takeaway (ratios present)
    MEMORY_PER_DOLLAR = "memory_per_dollar"
    SAFER_FOR_CUDA = "safer_for_cuda"
    CHEAPER_SERVER = "cheaper_server"
    FITS_IN_PRECISION = "fits_in_precision"
    NEEDS_MORE_GPUS = "needs_more_gpus"
    TWO_GPUS_MEAN_SERVER = "two_gpus_mean_server"
    KV_EXAMPLE = "kv_example"
    BOTH_SERVERS_HOLD = "both_servers_hold"
    KV_ROOM_SERVERS = "kv_room_servers"
    ONLY_ONE_SERVER_HOLDS = "only_one_server_holds"
    NO_SERVER_HOLDS = "no_server_holds"
    # the glossary: what a term means, then what it means for sizing
    TERM_BF16 = "term_bf16"
    TERM_FP8 = "term_fp8"
    TERM_FP4 = "term_fp4"
    TERM_INT4 = "term_int4"
    TERM_KV_CACHE = "term_kv_cache"
    TERM_MLA = "term_mla"
    TERM_MOE = "term_moe"
    TERM_TENSOR_PARALLELISM = "term_tensor_parallelism"
    TERM_CONTEXT_LENGTH = "term_context_length"
    TERM_SLIDING_WINDOW = "term_sliding_window"
    TERM_TTFT = "term_ttft"
    TERM_TPOT = "term_tpot"
    GLOSSARY_TERMS = "glossary_terms"  # a term the glossary does not explain: those it does
    FORMAT_WEIGHTS = "format_weights"  # bits per weight, and a model's weights in the format
    FP4_VARIANTS = "fp4_variants"  # MXFP4 and NVFP4 side by side
    NATIVE_ON = "native_on"  # the rented GPUs that compute in a format
    WEIGHT_ONLY_ON = "weight_only_on"  # the rented GPUs that only store it (weight-only)
    KV_PER_TOKEN = "kv_per_token"  # noqa: S105 - a model's KV cache per token and per context
    MLA_VS_GQA = "mla_vs_gqa"  # an MLA model's KV cache next to a GQA model's
    MLA_KV_WHOLE_ON_EACH_GPU = "mla_kv_whole_on_each_gpu"  # tensor parallelism keeps it whole
    MOE_MEMORY_AND_SPEED = "moe_memory_and_speed"  # memory by total, speed by active
    TP_SPLIT = "tp_split"  # a model's weights split over a server's GPUs
    TP_SERVER = "tp_server"  # a server whose GPUs are linked for tensor parallelism
    CONTEXT_GROWTH = "context_growth"  # KV cache of a short and a long context
    WINDOW_CAP = "window_cap"  # KV cache with and without the window
    TTFT_EXAMPLE = "ttft_example"  # the first token on an idle server and at a load
    TPOT_EXAMPLE = "tpot_example"  # each user's speed alone and at a load


# A point's values: numbers, money, ids and codes (lists of codes as tuples).
Value = int | float | Decimal | str | tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Point:
    """One thing the answer says: a code and the values its sentence names."""

    fact: Fact
    values: Mapping[str, Value] = field(default_factory=dict)
    count: str | None = None  # the value that picks the sentence's plural form, if any


class ActionKind(StrEnum):
    """What the customer can do next."""

    SIZE = "size"  # size a model (the one named by ``model`` or ``params_b``, if any)
    COMPARE = "compare"  # compare two GPUs
    PRICE = "price"  # the price list (of ``gpus[0]`` when given)
    ORDER = "order"  # the checkout page of ``plan``
    SALES = "sales"  # talk to a person
    PAGE = "page"  # a page of the site (``path``)


@dataclass(frozen=True, slots=True)
class Action:
    """One next step offered under an answer."""

    kind: ActionKind
    gpus: tuple[GpuId, ...] = ()
    plan: str | None = None
    path: str | None = None  # a page under https://fullgpu.com/{locale}/
    model: str | None = None  # for SIZE: a catalog model id
    params_b: int | None = None  # for SIZE: a generic size instead of a model
    moe: bool = False
    precision: Precision | None = None
    context_tokens: int | None = None


@dataclass(frozen=True, slots=True)
class Question:
    """A question to the knowledge base: a topic and what the message named."""

    topic: Topic
    gpus: tuple[GpuId, ...] = ()
    spec: SpecAspect | None = None
    software: str | None = None  # a ``SoftwareItem`` value
    precision: Precision | None = None  # the format asked about
    params_b: float | None = None  # a generic model size the message named
    moe: bool | None = None
    term: str | None = None  # glossary: a ``Term`` value


@dataclass(frozen=True, slots=True)
class GpuCard:
    """One GPU's card: its facts and the plans that rent it."""

    gpu: GpuFacts
    plans: tuple[PlanFacts, ...]


@dataclass(frozen=True, slots=True)
class KnowledgeAnswer:
    """The answer to one question."""

    topic: Topic
    verdict: Verdict
    short: Point
    points: tuple[Point, ...]
    actions: tuple[Action, ...]
    gpus: tuple[GpuId, ...] = ()  # the GPUs the answer is about
    card: GpuCard | None = None  # one GPU's card shown under the answer
    quotes_prices: bool = False  # says a price: the answer states the prices' date
    prices_as_of: date | None = None
    policies_as_of: date | None = None
