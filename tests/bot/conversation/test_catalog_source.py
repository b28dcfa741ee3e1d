"""CATALOG_DIR: the next answer uses a change; a broken file changes nothing and is reported."""

from __future__ import annotations

import io
import json
import logging
import os
import shutil

from bot.cli import ask as ask_cli
from bot.conversation.catalog_source import CatalogSource
from bot.conversation.pipeline import Pipeline
from bot.reply import ChatContext
from sizing.catalog.hardware import DATA_DIR
from sizing.catalog_install import install


def _edit(path, change):
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")


def _mi355x_price(usd):
    def change(data):
        next(p for p in data["plans"] if p["id"] == "mi355x-8x")["monthly_usd"] = usd

    return change


def _price_text(pipeline):
    return pipeline.respond("/price mi355x", ChatContext()).reply.text


def test_a_changed_price_is_in_the_next_answer_without_a_restart(catalog_dir):
    """Edit plans.json; the very next /price answer states the new price and its date."""
    source = CatalogSource(catalog_dir)
    source.load()
    pipeline = Pipeline(catalog=source)
    assert "$19,900 a month" in _price_text(pipeline)
    _edit(catalog_dir / "plans.json", _mi355x_price("18500"))
    _edit(catalog_dir / "plans.json", lambda d: d.update(as_of="2026-12-01"))
    text = _price_text(pipeline)
    assert "$18,500 a month" in text
    assert "Prices as of Dec 1, 2026." in text


def test_a_changed_policy_is_in_the_next_knowledge_answer(catalog_dir):
    """Edit knowledge.json; the minimum-term answer follows it."""
    source = CatalogSource(catalog_dir)
    source.load()
    pipeline = Pipeline(catalog=source)
    _edit(catalog_dir / "knowledge.json", lambda d: d["terms"].update(minimum_months=3))
    reply = pipeline.respond("What's the minimum rental period?", ChatContext()).reply
    assert reply.text.startswith("The minimum term is 3 months")


def test_a_broken_file_changes_nothing_and_is_reported_once(catalog_dir, caplog):
    """Bad JSON keeps the old prices answering, logs one line and queues one admin notice."""
    caplog.set_level(logging.INFO, logger="bot")
    source = CatalogSource(catalog_dir)
    source.load()
    pipeline = Pipeline(catalog=source)
    (catalog_dir / "plans.json").write_text('{"plans": [', encoding="utf-8")
    assert "$19,900 a month" in _price_text(pipeline)
    assert "$19,900 a month" in _price_text(pipeline)
    refused = [r for r in caplog.records if "refused" in r.getMessage()]
    assert len(refused) == 1
    assert "plans.json" in refused[0].getMessage()
    notices = source.take_notices()
    assert len(notices) == 1
    assert "plans.json" in notices[0]
    assert source.take_notices() == []


def test_an_invalid_value_is_refused_with_its_file_entry_and_field(catalog_dir):
    """A negative price is named (file, plan, field) and the old price stays."""
    source = CatalogSource(catalog_dir)
    source.load()
    _edit(catalog_dir / "plans.json", _mi355x_price("-1"))
    outcome = source.refresh()
    assert outcome is not None
    assert outcome.installed is None
    assert "plans.json" in outcome.error
    assert "mi355x-8x" in outcome.error
    assert "monthly_usd" in outcome.error
    assert "$19,900 a month" in _price_text(Pipeline(catalog=source))


def test_a_fixed_file_is_picked_up_after_a_refusal(catalog_dir):
    """Once the file is valid again, it replaces the old data."""
    source = CatalogSource(catalog_dir)
    source.load()
    (catalog_dir / "plans.json").write_text("{", encoding="utf-8")
    assert source.refresh().installed is None
    shutil.copy(DATA_DIR / "plans.json", catalog_dir / "plans.json")
    _edit(catalog_dir / "plans.json", _mi355x_price("17000"))
    assert source.refresh().installed is not None
    assert "$17,000 a month" in _price_text(Pipeline(catalog=source))


def test_nothing_changed_means_no_reload_unless_asked(catalog_dir):
    """Unchanged files are not read again; SIGHUP's request forces a read."""
    source = CatalogSource(catalog_dir)
    source.load()
    assert source.refresh() is None
    source.request_reload()
    outcome = source.refresh()
    assert outcome is not None
    assert outcome.installed is not None
    assert source.refresh() is None


def test_a_missing_file_comes_from_the_package(tmp_path):
    """A directory holding only knowledge.json still prices from the packaged plans."""
    shutil.copy(DATA_DIR / "knowledge.json", tmp_path / "knowledge.json")
    try:
        CatalogSource(tmp_path).load()
        assert "$19,900 a month" in _price_text(Pipeline())
    finally:
        install(None)


def test_ticket_answers_use_catalog_dir(catalog_dir, monkeypatch):
    """``bot ask`` answers support staff with the same prices as the bot."""
    _edit(catalog_dir / "plans.json", _mi355x_price("18000"))
    monkeypatch.setitem(os.environ, "CATALOG_DIR", str(catalog_dir))
    out = io.StringIO()
    assert ask_cli.run(["/price mi355x"], stdout=out) == 0
    assert "$18,000 a month" in out.getvalue()
