"""The sizing and pricing engine: pure, synchronous, no network, no clock, no environment.

This package's namespace is the one door front ends use: ``from sizing import ...``. Answers
carry the catalog facts they were computed from, so nothing outside needs the submodules.
"""

from sizing.answer import (
    Advice,
    AdviceCode,
    BudgetAdvice,
    BudgetChange,
    BudgetChangeKind,
    CompareAnswer,
    FitNote,
    FitRow,
    KvExample,
    Layout,
    PlanOption,
    ServerKvRoom,
    SizingAnswer,
    Variant,
    Verdict,
    VerdictCode,
)
from sizing.catalog import (
    MAX_ONLINE_ORDER_UNITS,
    Availability,
    FormFactor,
    GpuFacts,
    Interconnect,
    PlanFacts,
    PriceAnswer,
    Software,
    beyond_online_order,
    load_gpus,
    load_plans,
    price_list,
    prices_as_of,
)
from sizing.catalog_data import CATALOG_FILE_NAMES, CatalogData, install, read_catalog
from sizing.codes import Caveat, Choice, Reason
from sizing.compare import compare_gpus
from sizing.engine import size_deployment
from sizing.errors import CatalogError, InvalidRequestError, SizingError, UnknownModelError
from sizing.knowledge import answer_question
from sizing.knowledge_plans import terms_points
from sizing.knowledge_types import (
    Action,
    ActionKind,
    Fact,
    GpuCard,
    KnowledgeAnswer,
    Point,
    Question,
    SpecAspect,
    Term,
    Topic,
    Value,
)
from sizing.launch import ENGINE_VERSIONS
from sizing.model import MAX_PARAMS_B, Attention, ModelInfo, load_models, model_from_config
from sizing.options import is_offerable
from sizing.request import GpuId, KvDtype, Precision, ResolvedRequest, ServingEngine, SizingRequest
from sizing.serialize import to_json
from sizing.speed.calibration_data import load_calibration
from sizing.takeaways import compare_takeaways
from sizing.units import (
    BILLION,
    GB,
    TB,
    TOKENS_PER_K,
    TOKENS_PER_M,
    context_code,
    parse_context_code,
)
from sizing.validate import MAX_BUDGET_USD, MAX_CONCURRENCY, MAX_CONTEXT_TOKENS

__all__ = [
    "BILLION",
    "CATALOG_FILE_NAMES",
    "ENGINE_VERSIONS",
    "GB",
    "MAX_BUDGET_USD",
    "MAX_CONCURRENCY",
    "MAX_CONTEXT_TOKENS",
    "MAX_ONLINE_ORDER_UNITS",
    "MAX_PARAMS_B",
    "TB",
    "TOKENS_PER_K",
    "TOKENS_PER_M",
    "Action",
    "ActionKind",
    "Advice",
    "AdviceCode",
    "Attention",
    "Availability",
    "BudgetAdvice",
    "BudgetChange",
    "BudgetChangeKind",
    "CatalogData",
    "CatalogError",
    "Caveat",
    "Choice",
    "CompareAnswer",
    "Fact",
    "FitNote",
    "FitRow",
    "FormFactor",
    "GpuCard",
    "GpuFacts",
    "GpuId",
    "Interconnect",
    "InvalidRequestError",
    "KnowledgeAnswer",
    "KvDtype",
    "KvExample",
    "Layout",
    "ModelInfo",
    "PlanFacts",
    "PlanOption",
    "Point",
    "Precision",
    "PriceAnswer",
    "Question",
    "Reason",
    "ResolvedRequest",
    "ServerKvRoom",
    "ServingEngine",
    "SizingAnswer",
    "SizingError",
    "SizingRequest",
    "Software",
    "SpecAspect",
    "Term",
    "Topic",
    "UnknownModelError",
    "Value",
    "Variant",
    "Verdict",
    "VerdictCode",
    "answer_question",
    "beyond_online_order",
    "compare_gpus",
    "compare_takeaways",
    "context_code",
    "install",
    "is_offerable",
    "load_calibration",
    "load_gpus",
    "load_models",
    "load_plans",
    "model_from_config",
    "parse_context_code",
    "price_list",
    "prices_as_of",
    "read_catalog",
    "size_deployment",
    "terms_points",
    "to_json",
]
