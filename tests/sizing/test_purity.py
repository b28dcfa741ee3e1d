"""The engine stays pure: no front-end libraries, no environment, no clock."""

import ast
import pathlib

import pytest

SIZING = pathlib.Path(__file__).resolve().parents[2] / "sizing"
FORBIDDEN_MODULES = {"bot", "telegram", "aiohttp", "jinja2", "babel", "httpx", "requests"}
FORBIDDEN_CALLS = {
    ("os", "environ"),
    ("os", "getenv"),
    ("time", "time"),
    ("time", "monotonic"),
    ("time", "perf_counter"),
    ("datetime", "now"),
    ("datetime", "today"),
    ("date", "today"),
    ("datetime", "utcnow"),
}


def _sources():
    return sorted(SIZING.rglob("*.py"))


@pytest.mark.parametrize("path", _sources(), ids=lambda p: str(p.relative_to(SIZING)))
def test_sizing_module_imports_no_front_end_library(path):
    """No module of sizing/ imports bot, telegram, aiohttp, jinja2, babel or an HTTP client."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        for name in names:
            assert name.split(".")[0] not in FORBIDDEN_MODULES, f"{path}: imports {name}"


@pytest.mark.parametrize("path", _sources(), ids=lambda p: str(p.relative_to(SIZING)))
def test_sizing_module_reads_no_environment_or_clock(path):
    """No module of sizing/ reads os.environ, getenv or the clock."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            pair = (node.value.id, node.attr)
            assert pair not in FORBIDDEN_CALLS, f"{path}:{node.lineno}: uses {pair[0]}.{pair[1]}"


def test_purity_check_sees_a_forbidden_import(tmp_path):
    """The import check above does catch an offending module (it can fail)."""
    bad = "import telegram\nfrom jinja2 import Environment\n"
    tree = ast.parse(bad)
    found = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    found |= {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    assert {"telegram", "jinja2"} <= found
    assert found & FORBIDDEN_MODULES
