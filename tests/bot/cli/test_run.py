"""Start-up of ``python -m bot``: what stops it, and how it says so."""

import bot.cli.run
from sizing.errors import CatalogError


def test_a_bad_catalog_stops_start_up_naming_file_entry_and_field(monkeypatch, capsys):
    """A catalog that does not validate ends start-up with exit 1 and the offending field."""

    def broken_plans():
        raise CatalogError("plans.json", "h200-1x", "monthly_usd", "not a valid decimal")

    monkeypatch.delenv("TELEGRAM_BOT_TOKEN", raising=False)
    monkeypatch.setattr(bot.cli.run, "load_plans", broken_plans)
    assert bot.cli.run.run([]) == bot.cli.run.EXIT_FAILURE
    err = capsys.readouterr().err
    assert "plans.json" in err
    assert "h200-1x" in err
    assert "monthly_usd" in err


def test_the_shipped_catalog_passes_the_start_up_check():
    """The catalog in the tree loads and validates (what start-up checks)."""
    bot.cli.run.check_catalog()


def test_a_bad_calibration_file_stops_start_up(monkeypatch, capsys):
    """The speed model's reference points are checked at start-up like the catalog."""

    def broken_calibration():
        raise CatalogError("calibration.json", "-", "points.0.value", "not greater than 0")

    monkeypatch.delenv("TELEGRAM_BOT_TOKEN", raising=False)
    monkeypatch.setattr(bot.cli.run, "load_calibration", broken_calibration)
    assert bot.cli.run.run([]) == bot.cli.run.EXIT_FAILURE
    assert "calibration.json" in capsys.readouterr().err
