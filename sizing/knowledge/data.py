"""The knowledge base's data: policies, software stacks, formats, the choice guide, the FAQ.

Facts only, as numbers and codes (``knowledge.json``); the sentences that say them belong to
the front end. Validated when loaded, and checked against the plans and GPUs they name, so a
data file with a typo is refused before it replaces the one in use.
"""

from __future__ import annotations

import json
from datetime import date
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from sizing.catalog import GpuFacts, PlanFacts, Software, read_hardware
from sizing.errors import CatalogError
from sizing.request import GpuId, Precision

KNOWLEDGE_FILE = Path(__file__).resolve().parents[1] / "data" / "knowledge.json"


class SoftwareItem(StrEnum):
    """Software a customer asks about."""

    CUDA = "cuda"
    PYTORCH = "pytorch"
    VLLM = "vllm"
    SGLANG = "sglang"
    TENSORRT_LLM = "tensorrt_llm"
    CUSTOM_CUDA_KERNELS = "custom_cuda_kernels"


class PortTarget(StrEnum):
    """What CUDA code is ported to."""

    HIP = "hip"


class PaymentMethod(StrEnum):
    """How customers pay."""

    CRYPTO = "crypto"


class WeightOnlyMethod(StrEnum):
    """Weight-only quantization methods (4-bit weights, higher-precision maths)."""

    AWQ = "awq"
    GPTQ = "gptq"


class LowPrecisionFormat(StrEnum):
    """4- and 6-bit formats a GPU computes in natively."""

    MXFP4 = "mxfp4"
    MXFP6 = "mxfp6"
    NVFP4 = "nvfp4"


class ChoiceCase(StrEnum):
    """The cases of the page's "how to choose" list."""

    SINGLE_GPU = "single_gpu"
    SERVER_ROCM = "server_rocm"
    SERVER_CUDA_ONLY = "server_cuda_only"
    UNSURE_PORT = "unsure_port"


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Terms(_Frozen):
    """Contract terms: minimum term, cancellation, payment, longer terms."""

    minimum_months: int = Field(ge=1, le=36)
    cancel_any_month: bool
    fixed_monthly_price: bool
    payment_methods: tuple[PaymentMethod, ...]
    longer_term_months: tuple[int, int]
    longer_terms_on_request: bool
    volume_price_on_request: bool
    quote_by_ticket_with_running_server: bool

    @model_validator(mode="after")
    def _ordered_range(self) -> Terms:
        low, high = self.longer_term_months
        if not self.minimum_months < low <= high:
            raise ValueError("longer_term_months must be a range above minimum_months")
        return self


class PrivateNetwork(_Frozen):
    """Private networking between a customer's servers."""

    on_request: bool
    page_path: str = Field(pattern=r"^[a-z0-9/-]+$")


class Traffic(_Frozen):
    """Traffic included in every plan's monthly price, as a range of terabytes."""

    included_tb_month_min: int = Field(gt=0, le=100_000)
    included_tb_month_max: int = Field(gt=0, le=100_000)
    page_path: str = Field(pattern=r"^[a-z0-9/-]+$")
    source: str = Field(min_length=8)

    @model_validator(mode="after")
    def _ordered(self) -> Traffic:
        if self.included_tb_month_min > self.included_tb_month_max:
            raise ValueError("included_tb_month_min is above included_tb_month_max")
        return self


class SiteTools(_Frozen):
    """Pages of the site that answer what a chat does not: the cost calculator, the docs."""

    calculator_path: str = Field(pattern=r"^[a-z0-9/-]+$")
    docs_path: str = Field(pattern=r"^[a-z0-9/-]+$")
    source: str = Field(min_length=8)


class Unpublished(StrEnum):
    """Questions the published facts do not answer: said so, and handed to a person."""

    REFUND = "refund"
    OS_IMAGE = "os_image"
    ROOT_ACCESS = "root_access"


class Stock(_Frozen):
    """Stock rules beyond each plan's availability."""

    delivery_date_shown_before_payment: tuple[str, ...]  # plan ids


class SoftwareStack(_Frozen):
    """What runs on one GPU: unchanged, after a port, or not at all."""

    gpu: GpuId
    stack: Software
    same_stack_as: str | None = Field(pattern=r"^[a-z0-9]+$")  # a GPU the stack matches
    runs_unchanged: tuple[SoftwareItem, ...]
    needs_port: tuple[SoftwareItem, ...]
    port_target: PortTarget | None
    not_available: tuple[SoftwareItem, ...]
    ready_image: bool
    keeps_torch_cuda_interface: bool
    docs_path: str | None = Field(pattern=r"^[a-z0-9/-]+$")

    @model_validator(mode="after")
    def _each_item_once(self) -> SoftwareStack:
        items = [*self.runs_unchanged, *self.needs_port, *self.not_available]
        if len(items) != len(set(items)):
            raise ValueError("an item is listed under more than one of runs/port/not available")
        if self.needs_port and self.port_target is None:
            raise ValueError("needs_port without a port_target")
        return self


class Formats(_Frozen):
    """Native number formats of one GPU beyond its catalog TFLOPS."""

    gpu: GpuId
    lowest_native_float: Precision
    low_precision_formats: tuple[LowPrecisionFormat, ...]
    ocp_microscaling: bool  # the formats are the OCP microscaling (MX) standard's
    weight_only_methods: tuple[WeightOnlyMethod, ...]


class RuleOfThumb(_Frozen):
    """The page's quick rule: weights at bytes per parameter, plus 10-30% for the rest."""

    bytes_per_param: dict[Precision, float]
    overhead_percent_min: int = Field(ge=0, le=100)
    overhead_percent_max: int = Field(ge=0, le=100)


class Choice(_Frozen):
    """One case of the "how to choose" list and the plan it points to."""

    case: ChoiceCase
    plan: str
    max_params_b: int | None = Field(gt=0)
    precision: Precision | None
    alternative_gpu: GpuId | None
    trial_months: int | None = Field(ge=1)


class BetterFaq(_Frozen):
    """The FAQ "Is MI355X better than H200?"."""

    gpu: GpuId
    other: GpuId


class FitFaq(_Frozen):
    """The FAQ "Does a 70B model run on one H200?"."""

    params_b: int = Field(gt=0)
    gpu: GpuId
    kv_example_context_tokens: int = Field(gt=0)


class FormatFaq(_Frozen):
    """The FAQ "Does H200 support FP4?"."""

    gpu: GpuId
    format: Precision


class MigrateFaq(_Frozen):
    """The FAQ "Do I need to change code to move from H200 to MI355X?"."""

    from_gpu: GpuId
    to_gpu: GpuId


class ClassFaq(_Frozen):
    """The FAQ "Which is better for DeepSeek-class models?"."""

    params_b: int = Field(gt=0)
    precision: Precision
    model: str


class Faq(_Frozen):
    """The page's five questions and the cases they are about."""

    better: BetterFaq
    fit_one_gpu: FitFaq
    native_fp4: FormatFaq
    migrate: MigrateFaq
    deepseek_class: ClassFaq


class Glossary(_Frozen):
    """The catalog models whose figures the glossary's answers compute, and their contexts."""

    dense_model: str  # a dense GQA model: formats, KV cache, context, tensor parallelism
    mla_model: str  # a model with multi-head latent attention
    moe_model: str  # a mixture-of-experts model
    window_model: str  # a model with sliding-window layers
    context_tokens: int = Field(gt=0)  # the long context of the examples
    short_context_tokens: int = Field(gt=0)  # the short context of the context-length answer


class Knowledge(_Frozen):
    """Everything the knowledge base knows beyond the GPU and plan tables."""

    source: str = Field(alias="_source")
    as_of: date
    terms: Terms
    private_network: PrivateNetwork
    # The site's other facts; a catalog copy from before them has none, and its answers to
    # those questions are the hand-off.
    traffic: Traffic | None = None
    site_tools: SiteTools | None = None
    not_published: tuple[Unpublished, ...] = ()
    stock: Stock
    software: tuple[SoftwareStack, ...]
    formats: tuple[Formats, ...]
    rule_of_thumb: RuleOfThumb
    choose: tuple[Choice, ...] = Field(min_length=1)
    faq: Faq
    # The examples of the glossary's figures. A catalog copy from before the glossary has none:
    # its answers then give the definitions and the GPUs, without a model's figures.
    glossary: Glossary | None = None

    def stack_of(self, gpu: GpuId) -> SoftwareStack | None:
        """Return the software facts of one GPU."""
        return next((s for s in self.software if s.gpu is gpu), None)

    def formats_of(self, gpu: GpuId) -> Formats | None:
        """Return the format facts of one GPU."""
        return next((f for f in self.formats if f.gpu is gpu), None)

    def choice(self, case: ChoiceCase) -> Choice | None:
        """One case of the choice guide."""
        return next((c for c in self.choose if c.case is case), None)


def _first_error(path: Path, exc: ValidationError) -> CatalogError:
    first = exc.errors()[0]
    where = ".".join(str(part) for part in first["loc"]) or "-"
    return CatalogError(path.name, where.split(".")[0], where, first["msg"])


def _check_references(
    path: Path, knowledge: Knowledge, gpus: tuple[GpuFacts, ...], plans: tuple[PlanFacts, ...]
) -> None:
    """Every plan and GPU the knowledge names must be in the tables it is installed with."""
    plan_ids = {p.id for p in plans}
    gpu_ids = {g.id for g in gpus}
    named_plans = [
        *knowledge.stock.delivery_date_shown_before_payment,
        *(c.plan for c in knowledge.choose),
    ]
    for plan in named_plans:
        if plan not in plan_ids:
            raise CatalogError(path.name, plan, "plan", "no such plan in the plan table")
    faq = knowledge.faq
    named_gpus = [
        *(s.gpu for s in knowledge.software),
        *(f.gpu for f in knowledge.formats),
        *(c.alternative_gpu for c in knowledge.choose if c.alternative_gpu),
        faq.better.gpu,
        faq.better.other,
        faq.fit_one_gpu.gpu,
        faq.native_fp4.gpu,
        faq.migrate.from_gpu,
        faq.migrate.to_gpu,
    ]
    for gpu in named_gpus:
        if gpu not in gpu_ids:
            raise CatalogError(path.name, gpu.value, "gpu", "no such GPU in the GPU catalog")


def parse_knowledge(
    path: Path, gpus: tuple[GpuFacts, ...], plans: tuple[PlanFacts, ...]
) -> Knowledge:
    """Read and validate a knowledge file against the GPUs and plans it will be used with."""
    try:
        raw: Any = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise CatalogError(path.name, "-", "-", str(exc)) from exc
    try:
        knowledge = Knowledge.model_validate(raw)
    except ValidationError as exc:
        raise _first_error(path, exc) from exc
    _check_references(path, knowledge, gpus, plans)
    return knowledge


@cache
def _packaged() -> Knowledge:
    hardware = read_hardware()
    return parse_knowledge(KNOWLEDGE_FILE, hardware.gpus, hardware.plans.plans)


_installed: list[Knowledge] = []  # at most one: the knowledge a front end installed


def use_knowledge(knowledge: Knowledge | None) -> None:
    """Answer from ``knowledge`` from now on (``None``: the packaged file again)."""
    _installed[:] = [knowledge] if knowledge is not None else []


def load_knowledge() -> Knowledge:
    """Return the knowledge in use: the installed one, else the packaged file."""
    return _installed[0] if _installed else _packaged()
