"""Print every published training run beside the training model's figures, and the bars.

    .venv/bin/python bench/training_calibration.py

Rows marked ``fit`` set a constant of ``sizing/train/speed.py``; ``held_out`` rows were never
fitted on; ``feasibility`` rows are published claims of what fits.
"""

from __future__ import annotations

from sizing.train.calibration import published_runs, replay

SPEED_BAR = 0.35
MEMORY_BAR = 0.25


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:+.0%}"


def main() -> None:
    """Print the table and the held-out bars."""
    speed_in = speed_all = memory_in = memory_all = claims_ok = claims = 0
    print(
        f"{'run':14} {'role':11} {'tok/s/GPU':>10} {'published':>10} {'err':>6} "
        f"{'GB/GPU':>8} {'err':>6}  fits"
    )
    for run in published_runs():
        found = replay(run)
        speed, memory = found.speed_error, found.memory_error
        published = run.tokens_per_s_per_gpu
        print(
            f"{run.id:14} {run.role:11} {found.tokens_per_s_per_gpu:10,.0f} "
            f"{published if published is not None else '-':>10} {_pct(speed):>6} "
            f"{found.memory_gb:8.1f} {_pct(memory):>6}  {found.option.fits}"
            + (f" (claim {run.fits})" if run.fits is not None else "")
        )
        if run.role == "held_out":
            if speed is not None:
                speed_all += 1
                speed_in += abs(speed) <= SPEED_BAR
            if memory is not None:
                memory_all += 1
                memory_in += abs(memory) <= MEMORY_BAR
        if run.role == "feasibility":
            claims += 1
            claims_ok += found.option.fits is run.fits
    print()
    print(f"held-out throughput within 35%: {speed_in}/{speed_all}")
    print(f"held-out memory within 25%:     {memory_in}/{memory_all}")
    print(f"feasibility claims agreeing:    {claims_ok}/{claims}")


if __name__ == "__main__":
    main()
