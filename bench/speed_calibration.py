"""Print every reference point of the speed and memory model against the engine's figure.

Usage: .venv/bin/python bench/speed_calibration.py [--markdown]

One row per point of ``sizing/data/calibration.json`` (measurements of one H200 and published
serving runs): the engine's figure, the reference, the error, the tolerance it is held to, and
the range an answer would give where the figure is an estimate. Exits 1 when a held point is
outside its tolerance, so the table doubles as a check after a change to the model.
"""

from __future__ import annotations

import sys

from sizing.speed.calibration import CalibrationRow, calibration_table
from sizing.speed.calibration_data import Quantity

UNITS = {
    Quantity.WEIGHTS_BYTES: ("GB", 1e-9),
    Quantity.WEIGHTS_ONLY_STEP_S: ("ms", 1e3),
    Quantity.ATTENTION_STEP_S: ("ms", 1e3),
    Quantity.KV_TOKENS_PHYSICAL: ("tokens", 1.0),
    Quantity.TOKENS_PER_S_PER_USER: ("tok/s/user", 1.0),
    Quantity.TOKENS_PER_S_AGGREGATE: ("tok/s", 1.0),
    Quantity.TTFT_S: ("ms", 1e3),
}


def _figure(value: float, quantity: Quantity) -> str:
    unit, scale = UNITS[quantity]
    scaled = value * scale
    digits = 0 if abs(scaled) >= 100 else 1 if abs(scaled) >= 10 else 2
    return f"{scaled:,.{digits}f} {unit}"


def _status(row: CalibrationRow) -> str:
    if row.point.held_out:
        return "held out: " + ("ok" if row.within_bar else "miss")
    if not row.held:
        return "shown"
    status = "ok" if row.within else "OUT"
    return f"{status} (fit)" if row.point.fitted else status


def _cells(row: CalibrationRow) -> list[str]:
    point = row.point
    tolerance = "-"
    if point.tolerance is not None:
        tolerance = (
            f"±{point.tolerance:.0%}" if point.tolerance >= 0.01 else f"±{point.tolerance:.1%}"
        )
    spread = ""
    if row.engine_range is not None:
        low, high = row.engine_range
        spread = f"{_figure(low, point.quantity)} – {_figure(high, point.quantity)}"
    return [
        point.id,
        _figure(row.engine, point.quantity),
        _figure(point.value, point.quantity),
        f"{row.error:+.1%}",
        tolerance,
        _status(row),
        spread,
        point.stack,
        point.row,
    ]


HEADER = ["point", "engine", "reference", "error", "tolerance", "", "range", "stack", "source"]


def main() -> int:
    """Print the table; exit 1 when a held point is out of its tolerance."""
    markdown = "--markdown" in sys.argv[1:]
    rows = calibration_table()
    table = [HEADER] + [_cells(row) for row in rows]
    if markdown:
        print("| " + " | ".join(HEADER) + " |")
        print("|" + "---|" * len(HEADER))
        for cells in table[1:]:
            print("| " + " | ".join(cells) + " |")
    else:
        widths = [max(len(cells[i]) for cells in table) for i in range(len(HEADER) - 1)]
        for cells in table:
            padded = [cell.ljust(width) for cell, width in zip(cells, widths, strict=False)]
            print("  ".join([*padded, cells[-1]]))
    held = [row for row in rows if row.held]
    out = [row for row in held if not row.within]
    worst = max(held, key=lambda row: abs(row.error))
    print(
        f"\n{len(rows)} points, {len(held)} held, {len(out)} out of tolerance; "
        f"largest error {worst.error:+.1%} ({worst.point.id})"
    )
    for row in rows:
        if row.point.note:
            print(f"- {row.point.id}: {row.point.note}")
    print()
    for line in summary(rows):
        print(line)
    return 1 if out else 0


# GPUs the plans rent or discuss: the bars are read on these.
SOLD = {"h200", "mi355x", "b200"}
# The bars of the service-level work: per-user decode within 25%, a loaded run's first token
# within 50%, aggregate throughput at the published load within 35%.
BARS = (
    ("decode per user", Quantity.TOKENS_PER_S_PER_USER, 0.25, True),
    ("TTFT at load", Quantity.TTFT_S, 0.50, False),
    ("aggregate throughput", Quantity.TOKENS_PER_S_AGGREGATE, 0.35, False),
)


def _group(row: CalibrationRow) -> str:
    if row.point.held_out:
        return f"held out ({row.point.group})" if row.point.group else "held out"
    return "fit" if row.point.fitted else "checks (not fitted, seen while building)"


def summary(rows: tuple[CalibrationRow, ...]) -> list[str]:
    """Return the three bars, fit and held-out points apart."""
    lines = ["Bars (points of published runs; fit / checks / held out, each held-out set apart):"]
    fresh = sorted({_group(row) for row in rows if row.point.group and row.point.held_out})
    for label, quantity, bar, sold_only in BARS:
        for group in ("fit", "checks (not fitted, seen while building)", "held out", *fresh):
            chosen = [
                row
                for row in rows
                if row.point.quantity is quantity
                and _group(row) == group
                and row.point.workload is not None
                and row.point.tolerance is not None
                and (not sold_only or row.point.gpu in SOLD)
                and (quantity is not Quantity.TTFT_S or row.point.workload.concurrency > 1)
            ]
            if not chosen:
                continue
            within = sum(1 for row in chosen if abs(row.error) <= bar)
            # for the record: held-out points are never fitted on
            lines.append(
                f"  {label} within {bar:.0%}, {group}: {within} of {len(chosen)}"
                f" ({within / len(chosen):.0%})"
            )
    lines += _range_coverage(rows)
    return lines


def _range_coverage(rows: tuple[CalibrationRow, ...]) -> list[str]:
    """How many held-out runs fall inside the range an answer gives, and on which side not."""
    lines = ["Held-out speeds inside the answer's range (GPUs without a measurement, no MTP):"]
    for gpu in sorted(SOLD):
        ranged = [
            row
            for row in rows
            if row.point.held_out
            and row.point.gpu == gpu
            and row.engine_range is not None
            and not row.point.speculative
        ]
        if not ranged:
            continue
        below = sum(1 for row in ranged if row.point.value < row.engine_range[0])
        above = sum(1 for row in ranged if row.point.value > row.engine_range[1])
        inside = len(ranged) - below - above
        lines.append(
            f"  {gpu}: {inside} of {len(ranged)} inside ({inside / len(ranged):.0%}),"
            f" {below} below, {above} above"
        )
    return lines


if __name__ == "__main__":
    sys.exit(main())
