"""Published training runs replayed: fitted rows on their constants, claims of what fits agree.

The held-out rows are never fitted on: ``bench/training_calibration.py`` prints each beside its
published figure. Here they guard against regressions at the figures the README reports.
"""

import pytest

from sizing.train.calibration import published_runs, replay

SPEED_BAR = 0.35
MEMORY_BAR = 0.25
FIT_BAR = 0.10


def _runs(role):
    return [run for run in published_runs() if run.role == role]


@pytest.mark.parametrize("run", _runs("fit"), ids=lambda run: run.id)
def test_fitted_runs_sit_on_their_constants(run):
    """The runs the constants were fitted on are within 10%."""
    error = replay(run).speed_error
    assert error is not None
    assert abs(error) <= FIT_BAR, (run.id, error)


@pytest.mark.parametrize("run", _runs("feasibility"), ids=lambda run: run.id)
def test_every_published_claim_of_what_fits_agrees(run):
    """QLoRA of a 70B on one 48 GB GPU fits; 16-bit LoRA of a 70B on one H200 does not; ..."""
    assert replay(run).option.fits is run.fits, run.id


def test_held_out_memory_is_within_a_quarter_on_most_runs():
    """Memory per GPU (or in total) within 25% on at least 80% of the held-out runs."""
    errors = [replay(run).memory_error for run in _runs("held_out")]
    scored = [e for e in errors if e is not None]
    assert len(scored) >= 10
    within = sum(abs(e) <= MEMORY_BAR for e in scored)
    assert within / len(scored) >= 0.8, (within, len(scored))


def test_held_out_speed_stays_where_the_readme_reports_it():
    """Tokens/s within 35% on at least 7 of the 8 held-out runs (the bar: 80%)."""
    errors = [replay(run).speed_error for run in _runs("held_out")]
    scored = [e for e in errors if e is not None]
    assert len(scored) == 8
    assert sum(abs(e) <= SPEED_BAR for e in scored) >= 7


def test_no_run_is_both_fitted_and_held_out():
    """Each id is one role."""
    ids = [run.id for run in published_runs()]
    assert len(ids) == len(set(ids))
