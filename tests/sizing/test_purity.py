"""The engine stays pure: no front-end or network library, no environment, no clock.

Every module of ``sizing/`` imports only ``sizing`` itself, the standard library and pydantic.
The one exception is ``sizing/__main__.py``, the command line's composition root: it is the
one file of the engine that may wire an outside adapter (the Hugging Face Hub client lives in
its own wing outside ``sizing/``, behind a ``Protocol`` the engine defines). The import
contracts in ``pyproject.toml`` check the layers; this test checks what a contract cannot
express: the allow-list, the environment and the clock.
"""

import ast
import pathlib
import sys

import pytest

SIZING = pathlib.Path(__file__).resolve().parents[2] / "sizing"
COMPOSITION_ROOT = SIZING / "__main__.py"
ALLOWED_PACKAGES = frozenset({"sizing", "pydantic"})
# The outside adapters' wing: only the composition root may import it.
ADAPTER_PACKAGES = frozenset({"adapters"})
# The standard library's own network and process modules are no engine's business either.
FORBIDDEN_STDLIB = frozenset(
    {"socket", "ssl", "http", "urllib", "ftplib", "smtplib", "subprocess", "asyncio", "os"}
)
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


def _imported(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module


def import_problems(source: str, *, composition_root: bool = False) -> list[str]:
    """List the imports of one module of the engine that the rule above refuses."""
    allowed = ALLOWED_PACKAGES | (ADAPTER_PACKAGES if composition_root else frozenset())
    problems = []
    for name in _imported(ast.parse(source)):
        top = name.split(".")[0]
        if top in allowed:
            continue
        if top in sys.stdlib_module_names and top not in FORBIDDEN_STDLIB:
            continue
        problems.append(name)
    return problems


@pytest.mark.parametrize("path", _sources(), ids=lambda p: str(p.relative_to(SIZING)))
def test_sizing_module_imports_only_the_engine_the_standard_library_and_pydantic(path):
    """No module of sizing/ imports a front end, a template engine, a store or a network client."""
    source = path.read_text(encoding="utf-8")
    assert import_problems(source, composition_root=path == COMPOSITION_ROOT) == [], path


@pytest.mark.parametrize("path", _sources(), ids=lambda p: str(p.relative_to(SIZING)))
def test_sizing_module_reads_no_environment_or_clock(path):
    """No module of sizing/ reads os.environ, getenv or the clock."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            pair = (node.value.id, node.attr)
            assert pair not in FORBIDDEN_CALLS, f"{path}:{node.lineno}: uses {pair[0]}.{pair[1]}"


@pytest.mark.parametrize(
    "source",
    [
        "import telegram",
        "from jinja2 import Environment",
        "import huggingface_hub",
        "from urllib.request import urlopen",
        "import os",
        "from adapters.hub import HubConfigs",
    ],
)
def test_the_import_check_refuses_what_the_engine_may_not_import(source):
    """The check above does catch an offending module (it can fail)."""
    assert import_problems(source) != []


def test_only_the_composition_root_may_wire_an_adapter():
    """``sizing/__main__.py`` may import the adapters' wing; no other module of sizing may."""
    wiring = "from adapters.hub import HubConfigs\nfrom sizing.cli import main\n"
    assert import_problems(wiring, composition_root=True) == []
    assert import_problems(wiring) == ["adapters.hub"]
    assert import_problems("import decimal\nfrom pydantic import BaseModel\n") == []
