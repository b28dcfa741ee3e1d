"""The project as an operator installs it: a wheel in a fresh venv, and ``scripts/run`` offline.

Both run without the network: the wheel is built without build isolation from the tools of the
test's own venv, installed without an index, and finds its dependencies through a path entry
to the test venv's site-packages (never its editable install of this checkout). ``scripts/run``
runs in a network namespace without interfaces where the machine allows one (``unshare -rn``),
else with every package index pointed at a closed port.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SOURCES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md")
TREES = ("bot", "sizing", "adapters", "templates", "locales")
TIMEOUT_S = 300
QUESTION = "DeepSeek V3 BF16, 128K context"


def copy_checkout(target: Path) -> Path:
    """Copy what a clean clone holds of the distribution (no .mo, no caches, no _data)."""
    ignore = shutil.ignore_patterns("__pycache__", "*.mo", "_data", "*.egg-info")
    for name in SOURCES:
        shutil.copy2(REPO / name, target / name)
    for tree in TREES:
        shutil.copytree(REPO / tree, target / tree, ignore=ignore)
    return target


def run(command: list[str], cwd: Path, env: dict[str, str] | None = None, **kwargs):
    """Run a command; fail the test with its output when it fails."""
    done = subprocess.run(  # noqa: S603 - our own tools
        command,
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
        check=False,
        **kwargs,
    )
    assert done.returncode == 0, f"{command}\n{done.stdout}\n{done.stderr}"
    return done


def offline_env(**extra: str) -> dict[str, str]:
    """Return the environment with package indexes unreachable and the checkout off the path."""
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "TELEGRAM_BOT_TOKEN"}}
    closed = "http://127.0.0.1:9"
    return env | {
        "PIP_NO_INDEX": "1",
        "PIP_INDEX_URL": closed,
        "http_proxy": closed,
        "https_proxy": closed,
        "HTTP_PROXY": closed,
        "HTTPS_PROXY": closed,
        **extra,
    }


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """Build the wheel from a copy of the checkout and install it into a fresh venv."""
    root = tmp_path_factory.mktemp("wheel")
    (root / "src").mkdir()
    source = copy_checkout(root / "src")
    dist = root / "dist"
    run(
        [sys.executable, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps",
         "--no-index", "-q", "-w", str(dist), str(source)],
        cwd=root, env=offline_env(),
    )  # fmt: skip
    fresh = root / "venv"
    venv.create(fresh, with_pip=True)
    python = fresh / "bin" / "python"
    purelib = run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], cwd=root
    ).stdout.strip()
    # Dependencies from the test venv, as a plain path entry: .pth files there (the editable
    # install of this checkout) are not processed from such an entry.
    deps = sysconfig.get_path("purelib")
    (Path(purelib) / "test-dependencies.pth").write_text(deps + "\n")
    wheel = next(dist.glob("fullgpu_sizing_assistant-*.whl"))
    run(
        [str(python), "-m", "pip", "install", "--no-index", "--no-deps", "-q", str(wheel)],
        cwd=root, env=offline_env(),
    )  # fmt: skip
    return fresh


def test_the_wheel_carries_templates_and_compiled_catalogs(installed):
    """The installed package holds every template and a .mo per language, and uses them."""
    python = installed / "bin" / "python"
    done = run(
        [str(python), "-c", "import bot, bot.answers.i18n as i; print(bot.__file__, i.DATA_ROOT)"],
        cwd=installed,
        env=offline_env(),
    )
    module_file, data_root = done.stdout.split()
    assert module_file.startswith(str(installed))
    assert data_root.startswith(str(installed))
    data = Path(data_root)
    assert {p.name for p in (REPO / "templates").glob("*.j2")} == {
        p.name for p in (data / "templates").glob("*.j2")
    }
    assert len(list((data / "locales").glob("*/LC_MESSAGES/messages.mo"))) >= 9
    # The website's templates and its stylesheet and script travel in the wheel too.
    assert {p.name for p in (REPO / "templates" / "web").glob("*.j2")} == {
        p.name for p in (data / "templates" / "web").glob("*.j2")
    }
    static = Path(module_file).parent / "web" / "static"
    assert {p.name for p in static.iterdir()} == {"calculator.css", "calculator.js"}
    # The learned intent head's weights travel in the wheel and load there.
    heads = run(
        [str(python), "-c", "from bot.understand import learned; print(len(learned.load_heads()))"],
        cwd=installed,
        env=offline_env(),
    )
    assert heads.stdout.strip() == "1"


def test_the_installed_bot_answers_a_question_in_german(installed):
    """``fullgpu-bot ask`` from the fresh venv, outside the checkout: a German answer."""
    done = run(
        [str(installed / "bin" / "fullgpu-bot"), "ask", QUESTION, "--lang", "de"],
        cwd=installed,
        env=offline_env(),
    )
    assert "Empfehlung: 8× AMD Instinct MI355X" in done.stdout


def test_the_installed_console_chat_and_version_work(installed):
    """``python -m bot`` without a token is the console chat; --version names the release."""
    python = str(installed / "bin" / "python")
    chat = run([python, "-m", "bot"], cwd=installed, env=offline_env(), input="/price\n/quit\n")
    assert "MI355X" in chat.stdout
    version = run([python, "-m", "bot", "--version"], cwd=installed, env=offline_env())
    assert version.stdout.startswith("fullgpu-bot 0.")


def _without_network(command: list[str]) -> list[str]:
    """Run ``command`` in a namespace with no network when the machine allows it."""
    unshare = shutil.which("unshare")
    if unshare is None:
        return command
    probe = subprocess.run(  # noqa: S603 - a fixed probe
        [unshare, "-rn", "true"], capture_output=True, check=False, timeout=30
    )
    return [unshare, "-rn", *command] if probe.returncode == 0 else command


def test_scripts_run_starts_offline_with_a_complete_venv():
    """With .venv installed, scripts/run installs nothing and starts without any network."""
    done = run(
        _without_network([str(REPO / "scripts" / "run")]),
        cwd=REPO,
        env=offline_env(LANG="C.UTF-8"),
        input="/price\n/quit\n",
    )
    assert "MI355X" in done.stdout
