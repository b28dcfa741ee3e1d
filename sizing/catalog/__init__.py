"""The catalog of what FullGPU rents: GPUs, plans and prices, and what renting them costs."""

from sizing.catalog.hardware import (
    GPUS_FILE,
    PLANS_FILE,
    Hardware,
    get_gpu,
    hours_per_month,
    load_gpus,
    load_plans,
    plans_for,
    prices_as_of,
    read_hardware,
    use_hardware,
)
from sizing.catalog.pricing import price_list
from sizing.catalog.rental import (
    MAX_ONLINE_ORDER_UNITS,
    TOKENS_PER_MILLION,
    beyond_online_order,
    monthly_usd,
    months_for_hours,
    rental_usd,
    usd_per_million_tokens,
)
from sizing.catalog.types import (
    Availability,
    FormFactor,
    GpuFacts,
    Interconnect,
    PlanFacts,
    PriceAnswer,
    Software,
)

__all__ = [
    "GPUS_FILE",
    "MAX_ONLINE_ORDER_UNITS",
    "PLANS_FILE",
    "TOKENS_PER_MILLION",
    "Availability",
    "FormFactor",
    "GpuFacts",
    "Hardware",
    "Interconnect",
    "PlanFacts",
    "PriceAnswer",
    "Software",
    "beyond_online_order",
    "get_gpu",
    "hours_per_month",
    "load_gpus",
    "load_plans",
    "monthly_usd",
    "months_for_hours",
    "plans_for",
    "price_list",
    "prices_as_of",
    "read_hardware",
    "rental_usd",
    "usd_per_million_tokens",
    "use_hardware",
]
