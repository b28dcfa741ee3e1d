"""The lock: every dependency of pyproject.toml pinned, with hashes, and the SBOM beside it.

``scripts/lock`` writes requirements/runtime.txt and dev.txt (and the SBOM of runtime.txt);
scripts/bootstrap, .ci/run and the Dockerfile install from them with ``--require-hashes``. A
dependency added to pyproject.toml without running ``scripts/lock`` fails here, naming it.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

REPO = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text())
_PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)")


def pins(lock: str) -> dict[str, tuple[str, int]]:
    """Read a lock: name -> (version, how many hashes it lists)."""
    found: dict[str, tuple[str, int]] = {}
    name = None
    for line in (REPO / "requirements" / lock).read_text().splitlines():
        match = _PIN.match(line)
        if match:
            name = canonicalize_name(match.group(1))
            found[name] = (match.group(2), 0)
        elif name is not None and line.strip().startswith("--hash=sha256:"):
            version, hashes = found[name]
            found[name] = (version, hashes + 1)
    return found


def wanted(*extras: str) -> list[Requirement]:
    """List what a lock must satisfy: dependencies, the extras named, build tools."""
    project = PYPROJECT["project"]
    texts = [*project["dependencies"], *PYPROJECT["build-system"]["requires"]]
    for extra in extras:
        texts += project["optional-dependencies"][extra]
    return [Requirement(text) for text in texts]


@pytest.mark.parametrize(
    ("lock", "extras"), [("runtime.txt", ("redis",)), ("dev.txt", ("redis", "dev"))]
)
def test_every_requirement_is_pinned_within_its_range_with_hashes(lock, extras):
    """Each requirement of pyproject.toml has a pin in the lock that its range admits."""
    pinned = pins(lock)
    assert pinned
    for requirement in wanted(*extras):
        name = canonicalize_name(requirement.name)
        assert name in pinned, f"{name} is not in requirements/{lock}: run scripts/lock"
        version, _ = pinned[name]
        assert requirement.specifier.contains(version, prereleases=True), (name, version)
    assert all(hashes > 0 for _, hashes in pinned.values())


def test_the_runtime_lock_is_within_the_dev_lock():
    """Both locks come from one resolution: the runtime pins are the dev lock's."""
    runtime, dev = pins("runtime.txt"), pins("dev.txt")
    for name, (version, _) in runtime.items():
        assert dev[name][0] == version, name


def test_the_sbom_lists_every_locked_package_with_its_hashes():
    """requirements/runtime.cdx.json (CycloneDX) names each pin of runtime.txt, with hashes."""
    bom = json.loads((REPO / "requirements" / "runtime.cdx.json").read_text())
    assert bom["bomFormat"] == "CycloneDX"
    listed = {
        canonicalize_name(c["name"]): (c["version"], c.get("externalReferences", []))
        for c in bom["components"]
    }
    for name, (version, _) in pins("runtime.txt").items():
        assert listed[name][0] == version, name
        assert any(ref.get("hashes") for ref in listed[name][1]), name
