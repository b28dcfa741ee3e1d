"""deploy/: the manifests parse and follow the operating rules, checked offline.

No policy checker from the package index fits the test budget (checkov pulls in hundreds of
packages), so these are the project's own checks of the rules it cares about. The systemd
unit is also rated by ``systemd-analyze security --offline`` where systemd 252+ is installed.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from bot.http.server import FD_RESERVE, MAX_CONNECTIONS

REPO = Path(__file__).resolve().parents[2]
DEPLOY = REPO / "deploy"
UNIT = DEPLOY / "fullgpu-assistant.service"
EXPOSURE_MAX = 4.0


def kubernetes() -> list[dict]:
    """Load every document of the Kubernetes manifest."""
    return [d for d in yaml.safe_load_all((DEPLOY / "kubernetes.yaml").read_text()) if d]


def workloads() -> list[dict]:
    """List the Deployments and StatefulSets."""
    return [d for d in kubernetes() if d["kind"] in {"Deployment", "StatefulSet"}]


def bot_workload() -> dict:
    """Find the bot's Deployment."""
    return next(d for d in workloads() if d["metadata"]["name"] == "fullgpu-assistant")


def compose() -> dict:
    """Load the compose file."""
    return yaml.safe_load((DEPLOY / "compose.yaml").read_text())


def unit_directives() -> dict[str, list[str]]:
    """Read the systemd unit's directives (a name may repeat)."""
    found: dict[str, list[str]] = {}
    for line in UNIT.read_text().splitlines():
        if "=" in line and not line.startswith(("#", "[")):
            name, _, value = line.partition("=")
            found.setdefault(name.strip(), []).append(value.strip())
    return found


@pytest.mark.parametrize("workload", workloads(), ids=lambda w: w["metadata"]["name"])
def test_every_pod_runs_locked_down(workload):
    """Non-root, read-only root, no capabilities, no escalation, seccomp, requests and limits."""
    pod = workload["spec"]["template"]["spec"]
    assert pod["securityContext"]["runAsNonRoot"] is True
    assert pod["securityContext"]["runAsUser"] > 0
    assert pod["securityContext"]["seccompProfile"]["type"] == "RuntimeDefault"
    assert pod["automountServiceAccountToken"] is False
    for container in pod["containers"]:
        context = container["securityContext"]
        assert context["readOnlyRootFilesystem"] is True
        assert context["allowPrivilegeEscalation"] is False
        assert context["capabilities"]["drop"] == ["ALL"]
        assert "add" not in context["capabilities"]
        for kind in ("requests", "limits"):
            assert {"cpu", "memory"} <= set(container["resources"][kind])


@pytest.mark.parametrize("workload", workloads(), ids=lambda w: w["metadata"]["name"])
def test_images_are_pinned(workload):
    """Every image names a version tag (or digest), never :latest or no tag."""
    for container in workload["spec"]["template"]["spec"]["containers"]:
        image = container["image"]
        assert re.search(r"(:[0-9][\w.-]*|@sha256:[0-9a-f]{64})$", image), image


def test_the_bot_is_probed_on_livez_and_readyz_and_has_a_grace_period():
    """Liveness on /livez, readiness on /readyz, a stop grace period set explicitly."""
    pod = bot_workload()["spec"]["template"]["spec"]
    container = pod["containers"][0]
    assert container["livenessProbe"]["httpGet"]["path"] == "/livez"
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert pod["terminationGracePeriodSeconds"] >= 10
    assert bot_workload()["spec"]["replicas"] >= 2


def test_probes_match_the_start_up_and_its_retries():
    """Only /livez gates the start (it answers while Telegram is retried); 60 s to listen."""
    container = bot_workload()["spec"]["template"]["spec"]["containers"][0]
    startup = container["startupProbe"]
    assert startup["httpGet"]["path"] == "/livez"
    assert startup["periodSeconds"] * startup["failureThreshold"] >= 60
    liveness = container["livenessProbe"]
    assert liveness["httpGet"]["path"] == "/livez"  # never /readyz: a slow Telegram is no crash


def test_metrics_have_their_own_port_open_only_to_monitoring():
    """The container names a metrics port; only the monitoring namespace may reach it."""
    container = bot_workload()["spec"]["template"]["spec"]["containers"][0]
    ports = {port["name"]: port["containerPort"] for port in container["ports"]}
    env = {e["name"]: e.get("value") for e in container["env"]}
    assert ports["metrics"] == int(env["METRICS_PORT"]) != ports["http"]
    policy = next(
        d["spec"]
        for d in kubernetes()
        if d["kind"] == "NetworkPolicy" and d["metadata"]["name"] == "fullgpu-assistant"
    )
    by_port = {rule["ports"][0]["port"]: rule["from"] for rule in policy["ingress"]}
    assert by_port[ports["metrics"]] == [
        {"namespaceSelector": {"matchLabels": {"monitoring": "true"}}}
    ]


def test_a_disruption_budget_keeps_one_bot_up():
    """A PodDisruptionBudget selects the bot and keeps at least one pod."""
    budgets = [d for d in kubernetes() if d["kind"] == "PodDisruptionBudget"]
    bot_labels = bot_workload()["spec"]["selector"]["matchLabels"]
    assert any(
        b["spec"]["selector"]["matchLabels"] == bot_labels and b["spec"]["minAvailable"] >= 1
        for b in budgets
    )


def test_redis_has_a_password_from_a_secret_and_a_persistent_volume():
    """Redis requires a password read from a Secret's file; its data sits on a claimed volume."""
    redis = next(w for w in workloads() if w["metadata"]["name"] == "fullgpu-redis")
    pod = redis["spec"]["template"]["spec"]
    container = pod["containers"][0]
    assert "--requirepass" in " ".join(container["command"])
    assert "/run/secrets/redis/REDIS_PASSWORD" in " ".join(container["command"])
    assert "env" not in container
    secret_volume = next(v for v in pod["volumes"] if "secret" in v)
    assert secret_volume["secret"]["secretName"] == "fullgpu-assistant"
    claims = redis["spec"]["volumeClaimTemplates"]
    assert any(m["name"] == claims[0]["metadata"]["name"] for m in container["volumeMounts"])


def test_the_bot_reads_its_secrets_from_files_never_the_environment():
    """Token, webhook secret, signing key and STATE_URL come as *_FILE paths in a Secret volume."""
    pod = bot_workload()["spec"]["template"]["spec"]
    container = pod["containers"][0]
    env = {e["name"]: e for e in container["env"]}
    assert all("valueFrom" not in e for e in env.values())
    mount = next(m for m in container["volumeMounts"] if m["name"] == "secrets")
    for name in ("TELEGRAM_BOT_TOKEN", "WEBHOOK_SECRET", "QUOTE_SIGNING_KEY", "STATE_URL"):
        assert name not in env
        assert env[f"{name}_FILE"]["value"] == f"{mount['mountPath']}/{name}"


def test_network_policies_fence_bot_and_redis():
    """Both pods have ingress and egress policies; Redis admits only the bot."""
    policies = {
        d["metadata"]["name"]: d["spec"] for d in kubernetes() if d["kind"] == "NetworkPolicy"
    }
    for name in ("fullgpu-assistant", "fullgpu-redis"):
        assert set(policies[name]["policyTypes"]) == {"Ingress", "Egress"}
    redis_from = policies["fullgpu-redis"]["ingress"][0]["from"]
    assert redis_from == [{"podSelector": {"matchLabels": {"app": "fullgpu-assistant"}}}]


def test_compose_has_health_checks_grace_periods_and_redis_auth():
    """Both services are health-checked and given time to stop; Redis requires a password."""
    services = compose()["services"]
    for service in services.values():
        assert service["healthcheck"]["test"]
        assert service["stop_grace_period"]
        assert service["read_only"] is True
        assert service["cap_drop"] == ["ALL"]
    assert "/readyz" in " ".join(services["bot"]["healthcheck"]["test"])
    assert "--requirepass" in " ".join(services["redis"]["command"])
    assert "${REDIS_PASSWORD" in services["bot"]["environment"]["STATE_URL"]
    assert services["bot"]["restart"] not in {"always", "unless-stopped"}  # exit 2 is final


def test_file_descriptor_limits_match_the_connection_cap():
    """Systemd and compose allow at least the server's connections plus its reserve."""
    needed = MAX_CONNECTIONS + FD_RESERVE
    assert int(unit_directives()["LimitNOFILE"][0]) >= needed
    assert compose()["services"]["bot"]["ulimits"]["nofile"]["soft"] >= needed


def test_secrets_stay_out_of_git_and_the_image():
    """deploy/.env is ignored by git and docker; the example lists what compose needs."""
    assert "deploy/.env" in (REPO / ".gitignore").read_text().splitlines()
    dockerignore = (REPO / ".dockerignore").read_text().splitlines()
    assert "**" in dockerignore
    assert "**/.env" in dockerignore
    example = (DEPLOY / ".env.example").read_text()
    needed = set(re.findall(r"\$\{(\w+)", (DEPLOY / "compose.yaml").read_text()))
    needed |= {"TELEGRAM_BOT_TOKEN", "WEBHOOK_URL", "WEBHOOK_SECRET"}
    for variable in needed:
        assert re.search(rf"^{variable}=", example, re.MULTILINE), variable
    assert not re.search(r"^TELEGRAM_BOT_TOKEN=\S", example, re.MULTILINE)


def test_the_image_installs_the_wheel_and_runs_as_non_root():
    """The Dockerfile builds a wheel (not an editable checkout), pins its base, drops root."""
    dockerfile = (DEPLOY / "Dockerfile").read_text()
    installs = re.findall(r"pip install[^\n&]*", dockerfile)
    assert len(installs) == 3
    locked = [line for line in installs if "-r " in line]
    assert locked
    assert all("--require-hashes" in line and "runtime.txt" in line for line in locked)
    assert all("--no-deps" in line for line in installs if line not in locked)
    bases = re.findall(r"^FROM (\S+)", dockerfile, re.MULTILINE)
    assert bases
    assert all(re.search(r":\d+\.\d+\.\d+", base) for base in bases), bases
    assert "pip install -e" not in dockerfile
    assert re.search(r"^USER (?!0|root)\S+", dockerfile, re.MULTILINE)
    assert "HEALTHCHECK" in dockerfile


def test_the_unit_does_not_restart_on_configuration_errors():
    """Exit status 2 (bad configuration) stops the unit; start attempts are bounded."""
    directives = unit_directives()
    assert directives["RestartPreventExitStatus"] == ["2"]
    assert int(directives["StartLimitBurst"][0]) >= 1
    for name in ("NoNewPrivileges", "ProtectSystem", "PrivateDevices", "RestrictNamespaces"):
        assert directives[name][0] in {"yes", "strict"}
    assert directives["CapabilityBoundingSet"] == [""]


def _offline_security_supported() -> bool:
    """Tell whether this systemd-analyze rates unit files offline."""
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        return False
    done = subprocess.run(  # noqa: S603 - a fixed probe
        [analyze, "security", "--help"], capture_output=True, text=True, check=False, timeout=30
    )
    return "--offline" in done.stdout


@pytest.mark.skipif(not _offline_security_supported(), reason="systemd-analyze 252+ not here")
def test_systemd_rates_the_unit_exposure_at_most_4():
    """``systemd-analyze security --offline`` rates the unit at or below 4 (OK)."""
    done = subprocess.run(  # noqa: S603 - fixed arguments
        ["systemd-analyze", "security", "--offline=true", "--no-pager", str(UNIT)],  # noqa: S607
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    found = re.search(r"Overall exposure level for \S+: (\d+\.\d+)", done.stdout)
    assert found, done.stdout + done.stderr
    assert float(found.group(1)) <= EXPOSURE_MAX
