"""The suite's switch against silent skips (tests/conftest.py), run on a small inner suite."""

from pathlib import Path

import pytest

CONFTEST = Path(__file__).with_name("conftest.py")
SKIPPING = """
import pytest

def test_runs():
    '''Pass.'''

def test_skips_itself():
    '''Skip with a reason.'''
    pytest.skip("no frobnicator here")

@pytest.mark.skipif(True, reason="marked away")
def test_is_marked_to_skip():
    '''Skip by a mark.'''

@pytest.mark.xfail(reason="known")
def test_is_expected_to_fail():
    '''Fail as expected.'''
    raise AssertionError
"""
SKIPPED_MODULE = """
import pytest

pytest.skip("the whole module", allow_module_level=True)
"""


ARGUMENTS = ("-p", "no:cacheprovider", "-p", "no:asyncio")


@pytest.fixture
def inner(pytester, monkeypatch):
    """Give an inner suite under this project's conftest, with the switch unset."""
    monkeypatch.delenv("FULLGPU_NO_SKIPS", raising=False)
    pytester.makeconftest(CONFTEST.read_text(encoding="utf-8"))
    return pytester


def _switch_on(monkeypatch, how):
    """Set the switch by the variable or return the option that sets it."""
    if how == "variable":
        monkeypatch.setenv("FULLGPU_NO_SKIPS", "1")
        return ()
    return ("--no-skips",)


def test_without_the_switch_skips_stay_skips(inner):
    """Unset, skipped tests and a module skipped whole are reported as skips; the run passes."""
    inner.makepyfile(test_skipping=SKIPPING, test_module_skip=SKIPPED_MODULE)
    result = inner.runpytest(*ARGUMENTS)
    result.assert_outcomes(passed=1, skipped=3, xfailed=1)
    assert result.ret == pytest.ExitCode.OK


@pytest.mark.parametrize("how", ["variable", "option"])
def test_under_the_switch_every_skipped_test_fails_naming_its_reason(inner, monkeypatch, how):
    """FULLGPU_NO_SKIPS=1 or --no-skips: each skip fails with its reason; xfail is left alone."""
    inner.makepyfile(test_skipping=SKIPPING)
    result = inner.runpytest(*ARGUMENTS, *_switch_on(monkeypatch, how))
    outcomes = result.parseoutcomes()
    assert "skipped" not in outcomes
    assert (outcomes["passed"], outcomes["xfailed"]) == (1, 1)
    assert outcomes.get("failed", 0) + outcomes.get("errors", 0) == 2
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    output = result.stdout.str()
    assert "no frobnicator here" in output
    assert "marked away" in output
    assert "under FULLGPU_NO_SKIPS=1 or --no-skips a skip fails" in output


@pytest.mark.parametrize("how", ["variable", "option"])
def test_under_the_switch_a_module_skipped_whole_is_a_collection_error(inner, monkeypatch, how):
    """A module skipped at import is an error naming the reason, and the run fails."""
    inner.makepyfile(test_module_skip=SKIPPED_MODULE)
    result = inner.runpytest(*ARGUMENTS, *_switch_on(monkeypatch, how))
    result.assert_outcomes(errors=1)
    assert result.ret == pytest.ExitCode.INTERRUPTED
    assert "the whole module" in result.stdout.str()
