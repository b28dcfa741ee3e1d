"""Beyond a model's sizing: proposals for a use, hardware we do not rent, foreign budgets."""

from sizing.offer.data import (
    ExchangeRates,
    KindExample,
    ModelKind,
    OtherGpu,
    OtherSoftware,
    Pick,
    PickReason,
    UseCase,
    UseCaseTable,
    exchange_rates,
    other_gpus,
    parse_other_gpus,
    parse_rates,
    parse_use_cases,
    use_cases,
)
from sizing.offer.hardware import OtherFit, Unrented, fit_on, nearest_rented, other_gpu, unrented
from sizing.offer.money import Conversion, to_usd
from sizing.offer.proposals import Needs, Proposal, ProposedModel, UsersFrom, peak_users, propose

__all__ = [
    "Conversion",
    "ExchangeRates",
    "KindExample",
    "ModelKind",
    "Needs",
    "OtherFit",
    "OtherGpu",
    "OtherSoftware",
    "Pick",
    "PickReason",
    "Proposal",
    "ProposedModel",
    "Unrented",
    "UseCase",
    "UseCaseTable",
    "UsersFrom",
    "exchange_rates",
    "fit_on",
    "nearest_rented",
    "other_gpu",
    "other_gpus",
    "parse_other_gpus",
    "parse_rates",
    "parse_use_cases",
    "peak_users",
    "propose",
    "to_usd",
    "unrented",
    "use_cases",
]
