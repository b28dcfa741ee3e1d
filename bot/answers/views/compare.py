"""A GPU comparison turned into template data: specs, prices, the fit table, the advice."""

from __future__ import annotations

from bot.answers.formatting import BYTES_PER_GB
from bot.answers.i18n import N_, Localizer
from bot.answers.view_types import CompareView, FitRowView, GpuView, PickView
from bot.answers.views.points import sentence
from bot.answers.words.codes import SentenceParams, advice_text, fit_note_text
from bot.answers.words.plan_names import short_gpu_name
from sizing import (
    AdviceCode,
    CompareAnswer,
    FitNote,
    FitRow,
    FormFactor,
    GpuFacts,
    Interconnect,
    PlanFacts,
    ServerKvRoom,
    Software,
    compare_takeaways,
)

_INTERCONNECT_NAMES = {
    Interconnect.INFINITY_FABRIC: "Infinity Fabric",
    Interconnect.NVLINK4: "NVLink 4",
    Interconnect.NVLINK5: "NVLink 5",
}
_SOFTWARE_NAMES = {Software.ROCM: "ROCm", Software.CUDA: "CUDA"}
# The product page's "form factor" row: "OAM module · liquid-cooled", "SXM module · HGX H200".
_FORM_FACTORS = {
    FormFactor.OAM_LIQUID: N_("OAM module · liquid-cooled"),
    FormFactor.SXM_HGX: N_("SXM module · HGX %(gpu)s"),
}
_NONE = "—"
_PRICED_ADVICE = frozenset({AdviceCode.MORE_MEMORY_PER_SERVER, AdviceCode.CHEAPER_SERVER})


def _tflops(loc: Localizer, value: float | None) -> str:
    return f"{loc.formatter.integer(value)} TFLOPS" if value else _NONE


def gpu_view(loc: Localizer, gpu: GpuFacts) -> GpuView:
    """One GPU's specs, formatted."""
    fmt = loc.formatter
    link = f"{fmt.integer(gpu.interconnect_gb_s)} GB/s"
    return {
        "name": gpu.name,
        "short": short_gpu_name(gpu.id),
        "architecture": gpu.architecture,
        "memory": f"{fmt.gigabytes(gpu.memory_gb * BYTES_PER_GB)} {gpu.memory_type}",
        "bandwidth": f"{fmt.decimal(gpu.bandwidth_tb_s, 1)} TB/s",
        "fp4": _tflops(loc, gpu.tflops_fp4),
        "fp8": _tflops(loc, gpu.tflops_fp8),
        "bf16": _tflops(loc, gpu.tflops_bf16),
        "interconnect": f"{_INTERCONNECT_NAMES[gpu.interconnect]} · {link}",
        "form_factor": loc.gettext(_FORM_FACTORS[gpu.form_factor], gpu=short_gpu_name(gpu.id)),
        "power": fmt.watts(gpu.power_w),
        "software": _SOFTWARE_NAMES[gpu.software],
    }


def _server(plans: tuple[PlanFacts, ...]) -> PlanFacts | None:
    return next((p for p in plans if p.is_server), None)


def _single(plans: tuple[PlanFacts, ...]) -> PlanFacts | None:
    return next((p for p in plans if not p.is_server), None)


def _price_lines(loc: Localizer, answer: CompareAnswer) -> list[str]:
    fmt = loc.formatter
    unpriced = loc.gettext("price on request")
    server_a, server_b = _server(answer.plans_a), _server(answer.plans_b)
    lines = [
        loc.gettext(
            "8-GPU server a month: %(a)s vs %(b)s",
            a=fmt.money(server_a.monthly_usd) if server_a else unpriced,
            b=fmt.money(server_b.monthly_usd) if server_b else unpriced,
        )
    ]
    if answer.usd_per_gb_month_a is not None and answer.usd_per_gb_month_b is not None:
        lines.append(
            loc.gettext(
                "Per GB of GPU memory a month: %(a)s vs %(b)s",
                a=fmt.money(answer.usd_per_gb_month_a),
                b=fmt.money(answer.usd_per_gb_month_b),
            )
        )
    for gpu, plans in ((answer.a, answer.plans_a), (answer.b, answer.plans_b)):
        single = _single(plans)
        if single is not None:
            lines.append(
                loc.gettext(
                    "Single %(gpu)s: %(price)s a month",
                    gpu=short_gpu_name(gpu.id),
                    price=fmt.money(single.monthly_usd),
                )
            )
    return lines


def _notes(loc: Localizer, notes: tuple[FitNote, ...], really: int) -> str:
    params: SentenceParams = {"really": loc.formatter.integer(really)}
    return loc.join([fit_note_text(loc, n, params) for n in notes])


def fit_row_view(loc: Localizer, row: FitRow) -> FitRowView:
    """One row of the fit table, formatted."""
    fmt = loc.formatter
    return {
        "params": f"{fmt.integer(row.params_b)}B",
        "moe": row.moe,
        "precision": row.precision.value.upper(),
        "weights": fmt.gigabytes(row.weights_bytes),
        "gpus_a": fmt.integer(row.gpus_a),
        "gpus_b": fmt.integer(row.gpus_b),
        "notes_a": _notes(loc, row.notes_a, row.gpus_with_room_a),
        "notes_b": _notes(loc, row.notes_b, row.gpus_with_room_b),
    }


def _room(loc: Localizer, room: ServerKvRoom | None) -> str | None:
    return None if room is None else loc.formatter.size(room.room_bytes_marketed)


def _advice_params(
    loc: Localizer, gpu: GpuFacts, other: GpuFacts, plans: tuple[PlanFacts, ...]
) -> SentenceParams:
    fmt = loc.formatter
    server, single = _server(plans), _single(plans)
    params: SentenceParams = {
        "gpu": short_gpu_name(gpu.id),
        "other_memory": fmt.gigabytes(other.memory_gb * BYTES_PER_GB),
        "server_memory": fmt.gigabytes(gpu.memory_gb * gpu.gpus_per_server * BYTES_PER_GB),
        "architecture": gpu.architecture,
        "bandwidth": f"{fmt.decimal(gpu.bandwidth_tb_s, 1)} TB/s",
    }
    if server is not None:
        params["server_price"] = fmt.money(server.monthly_usd)
    if single is not None:
        params["single_price"] = fmt.money(single.monthly_usd)
    return params


def _advice_line(loc: Localizer, code: AdviceCode, params: SentenceParams) -> str:
    # The page's advice quotes prices; a GPU without a price here gets the line without one.
    if code in _PRICED_ADVICE and not params.get("server_price"):
        return loc.gettext(
            "You want %(server_memory)s of HBM in one server; ask us for a quote.",
            server_memory=params.get("server_memory", ""),
        )
    return advice_text(loc, code, params)


def _picks(loc: Localizer, answer: CompareAnswer) -> list[PickView]:
    picks: list[PickView] = []
    sides = ((answer.a, answer.b, answer.plans_a), (answer.b, answer.a, answer.plans_b))
    for gpu, other, plans in sides:
        params = _advice_params(loc, gpu, other, plans)
        lines = [_advice_line(loc, a.code, params) for a in answer.advice if a.gpu == gpu.id]
        if lines:
            picks.append({"name": gpu.name, "lines": lines})
    return picks


def _takeaways(loc: Localizer, answer: CompareAnswer) -> list[str]:
    return [sentence(loc, point) for point in compare_takeaways(answer)]


def compare_view(loc: Localizer, answer: CompareAnswer) -> CompareView:
    """Everything the compare templates show."""
    room_a, room_b = _room(loc, answer.deepseek_kv_room_a), _room(loc, answer.deepseek_kv_room_b)
    priced = bool(answer.plans_a or answer.plans_b)
    day = answer.prices_as_of
    as_of = loc.gettext("Prices as of %(date)s.", date=loc.formatter.day(day)) if day else None
    return {
        "takeaways": _takeaways(loc, answer),
        "prices_as_of": as_of if priced else None,
        "a": gpu_view(loc, answer.a),
        "b": gpu_view(loc, answer.b),
        "price_lines": _price_lines(loc, answer),
        "fit_rows": [fit_row_view(loc, r) for r in answer.fit_rows],
        "kv_room": {"a": room_a, "b": room_b} if room_a and room_b else None,
        "picks": _picks(loc, answer),
    }
