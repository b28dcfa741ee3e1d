"""A data directory replaces prices and policies only when all of it validates."""

from __future__ import annotations

import json
import shutil
from decimal import Decimal

import pytest

from sizing.catalog.hardware import DATA_DIR, load_plans, prices_as_of
from sizing.catalog.pricing import price_list
from sizing.catalog_install import CATALOG_FILE_NAMES, install, read_catalog
from sizing.deploy.compare import compare_gpus
from sizing.deploy.engine import size_deployment
from sizing.errors import CatalogError
from sizing.knowledge.answer import answer_question
from sizing.knowledge.types import Question, Topic
from sizing.request import GpuId, Precision, SizingRequest


@pytest.fixture
def data_dir(tmp_path):
    """Copy the packaged catalog files; put the packaged catalog back after the test."""
    for name in CATALOG_FILE_NAMES:
        shutil.copy(DATA_DIR / name, tmp_path / name)
    yield tmp_path
    install(None)


def _edit(path, change):
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def _mi355x_price(data, usd="18500"):
    next(p for p in data["plans"] if p["id"] == "mi355x-8x")["monthly_usd"] = usd


def test_an_installed_price_reaches_every_answer(data_dir):
    """Price list, sizing, comparison and knowledge answers all use the new price at once."""
    # Warm the caches built on the old price: comparisons and the answers kept.
    compare_gpus(GpuId.MI355X, GpuId.H200)
    request = SizingRequest(model_id="deepseek-ai/DeepSeek-V3", precision=Precision.FP8)
    before = next(o for o in size_deployment(request).options if o.plan == "mi355x-8x")
    assert before.price.monthly_usd != Decimal(18500)
    _edit(data_dir / "plans.json", lambda d: (_mi355x_price(d), d.update(as_of="2026-12-01")))
    install(read_catalog(data_dir))
    assert price_list(GpuId.MI355X).plans[0].monthly_usd == Decimal(18500)
    assert prices_as_of().isoformat() == "2026-12-01"
    comparison = compare_gpus(GpuId.MI355X, GpuId.H200)
    assert comparison.server_monthly_usd_difference == Decimal(5400)
    sized = size_deployment(request)
    mi355x = next(o for o in sized.options if o.plan == "mi355x-8x")
    assert mi355x.price.monthly_usd == Decimal(18500)
    answer = answer_question(Question(Topic.WHOLE_SERVER_ONLY, gpus=(GpuId.MI355X,)))
    assert answer.short.values["monthly_usd"] == Decimal(18500)


def test_a_changed_policy_reaches_the_knowledge_answers(data_dir):
    """Delivery days and the minimum term come from the directory's files."""
    _edit(data_dir / "plans.json", lambda d: d["plans"][0].update(lead_time_business_days=5))
    _edit(data_dir / "knowledge.json", lambda d: d["terms"].update(minimum_months=2))
    install(read_catalog(data_dir))
    delivery = answer_question(Question(Topic.DELIVERY, gpus=(GpuId.MI355X,)))
    assert delivery.short.values["delivery_days"] == 5
    assert answer_question(Question(Topic.MINIMUM_TERM)).short.values["minimum_months"] == 2


def test_files_missing_from_the_directory_come_from_the_package(tmp_path):
    """A directory with only a plan file still yields GPUs and knowledge."""
    shutil.copy(DATA_DIR / "plans.json", tmp_path / "plans.json")
    catalog = read_catalog(tmp_path)
    assert len(catalog.hardware.gpus) == 3
    assert catalog.knowledge.terms.minimum_months == 1


@pytest.mark.parametrize(
    ("name", "change", "named"),
    [
        ("plans.json", lambda d: _mi355x_price(d, "-5"), "monthly_usd"),
        ("plans.json", lambda d: d.pop("as_of"), "as_of"),
        (
            "knowledge.json",
            lambda d: d["stock"].update(delivery_date_shown_before_payment=["x"]),
            "plan",
        ),
        ("knowledge.json", lambda d: d["terms"].update(longer_term_months=[12, 6]), "terms"),
        ("gpus.json", lambda d: d["gpus"][0].update(memory_gb="lots"), "memory_gb"),
    ],
)
def test_a_bad_file_is_refused_and_named(data_dir, name, change, named):
    """A file that does not validate raises CatalogError naming it; nothing is installed."""
    before = load_plans()
    _edit(data_dir / name, change)
    with pytest.raises(CatalogError) as error:
        read_catalog(data_dir)
    assert name in str(error.value)
    assert named in str(error.value)
    assert load_plans() == before


def test_a_file_that_is_not_json_is_refused(data_dir):
    """Half-written JSON is an error naming the file, not a crash."""
    (data_dir / "plans.json").write_text('{"plans": [', encoding="utf-8")
    with pytest.raises(CatalogError, match=r"plans\.json"):
        read_catalog(data_dir)


def test_installing_none_goes_back_to_the_packaged_catalog(data_dir):
    """``install(None)`` restores the packaged prices."""
    _edit(data_dir / "plans.json", _mi355x_price)
    install(read_catalog(data_dir))
    install(None)
    assert price_list(GpuId.MI355X).plans[0].monthly_usd == Decimal(19900)


def test_the_hours_a_month_is_counted_as_come_from_the_plan_file(data_dir):
    """`hours_per_month` has one home: the price list, GPU-hour prices and token costs follow it."""
    request = SizingRequest(model_id="meta-llama/Llama-3.1-8B-Instruct")
    before = next(o for o in size_deployment(request).options if o.plan == "h200-1x")
    _edit(data_dir / "plans.json", lambda d: d.update(hours_per_month=365))
    install(read_catalog(data_dir))
    assert price_list().hours_per_month == 365
    single = next(p for p in load_plans() if p.id == "h200-1x")
    assert single.usd_per_gpu_hour == Decimal("8.47")  # 3,090 / 1 / 365
    after = next(o for o in size_deployment(request).options if o.plan == "h200-1x")
    ratio = after.price.usd_per_million_tokens / before.price.usd_per_million_tokens
    assert float(ratio) == pytest.approx(730 / 365, rel=0.03)  # both rounded to the cent
    billing = answer_question(Question(Topic.BILLING))
    hours = {
        p.values["hours_count"]
        for p in (billing.short, *billing.points)
        if p.values.get("hours_count")
    }
    assert hours == {365}
