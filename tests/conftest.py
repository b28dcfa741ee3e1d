"""The whole suite's switch against silent skips: ``FULLGPU_NO_SKIPS=1`` or ``--no-skips``.

Under it, a test that skips (a missing binary, an empty parameter set, a module skipped whole)
fails instead, naming the skip's reason. ``.ci/run`` sets it: CI installs everything the tests
need, so a skip there means a check did not run. Without it, a developer machine lacking
``redis-server`` or ``systemd-analyze`` still runs the rest.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Generator

import pytest

# Nothing in the suite reaches the real Hugging Face Hub. Processes the tests start (the bot,
# the command lines) read these: unless a test points them at its fake Hub, they find nothing
# listening on the discard port and say the Hub was not reached. Tokens never leak in.
os.environ["HF_ENDPOINT"] = "http://127.0.0.1:9"
os.environ["HF_HOME"] = tempfile.mkdtemp(prefix="fullgpu-tests-hf-")
os.environ["HF_HUB_DISABLE_TELEMETRY"] = "1"
for _secret in ("HF_TOKEN", "HF_TOKEN_FILE", "HUGGING_FACE_HUB_TOKEN"):
    os.environ.pop(_secret, None)

NO_SKIPS_VARIABLE = "FULLGPU_NO_SKIPS"
NO_SKIPS_OPTION = "--no-skips"

pytest_plugins = ["pytester"]  # tests/test_no_skips.py runs an inner pytest with this file


def pytest_addoption(parser: pytest.Parser) -> None:
    """Register ``--no-skips``."""
    parser.addoption(
        NO_SKIPS_OPTION,
        action="store_true",
        help=f"report every skipped test as a failure naming its reason ({NO_SKIPS_VARIABLE}=1)",
    )


def _no_skips(config: pytest.Config) -> bool:
    """Tell whether skips are to fail in this run."""
    return bool(config.getoption(NO_SKIPS_OPTION)) or os.environ.get(NO_SKIPS_VARIABLE) == "1"


def _fail_the_skip(report: pytest.TestReport | pytest.CollectReport) -> None:
    """Turn a skipped report into a failed one whose text gives the skip's reason and place."""
    reason, where = str(report.longrepr), ""
    if isinstance(report.longrepr, tuple):  # (path, line, "Skipped: reason")
        path, line, reason = report.longrepr
        where = f" at {path}:{line}"
    report.outcome = "failed"
    report.longrepr = (
        f"{reason}{where}; under {NO_SKIPS_VARIABLE}=1 or {NO_SKIPS_OPTION} a skip fails: "
        "install what the test needs, or make it run without it"
    )


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item,
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Fail a test's skipped setup, call or teardown under the switch (xfail stays xfail)."""
    report = yield
    if report.skipped and not hasattr(report, "wasxfail") and _no_skips(item.config):
        _fail_the_skip(report)
    return report


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(
    collector: pytest.Collector,
) -> Generator[None, pytest.CollectReport, pytest.CollectReport]:
    """Fail a module or class skipped whole at collection under the switch."""
    report = yield
    if report.skipped and _no_skips(collector.config):
        _fail_the_skip(report)
    return report
