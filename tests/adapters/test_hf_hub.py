"""Models beyond the catalog, read from a fake Hugging Face Hub with the real client.

The fake (``tests.fakes.hub``) answers as the Hub does: 401 for a missing repository without a
token, gated files refused while ``model_info`` works, a slow or down Hub. Each test checks
what a customer would see: the model named (never another), its parameters within 0.5% of what
transformers counts for the same config, and the Hub's failures said within seconds.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from adapters import HubSettings, HubSource
from bot.conversation import LookupProblem, ModelLookups, Pipeline
from bot.reply import ChatContext, ReplyKind
from bot.request import HubQuery
from bot.state import RedisStore
from sizing import (
    GatedModelError,
    ModelNotFoundError,
    Precision,
    SizingRequest,
    SourceUnavailableError,
    model_from_checkpoint,
    size_deployment,
)
from sizing.cli import main as sizing_main
from tests.fakes.hub import FakeHub
from tests.fakes.redis_server import RedisServer

DATA = Path(__file__).resolve().parents[1] / "data" / "hub"
# Parameters transformers 5.24.0 builds on the meta device for each config (tied weights once).
TRANSFORMERS_PARAMS = {
    "microsoft/phi-4": 14_659_507_200,
    "zai-org/GLM-4.6": 352_797_814_784,
    "CohereLabs/c4ai-command-a-03-2025": 111_057_580_032,
    "Qwen/Qwen3-Next-80B-A3B-Instruct": 79_674_391_296,
    "microsoft/Phi-4-mini-instruct": 3_836_021_760,
    "CohereLabs/c4ai-command-r-plus-08-2024": 103_810_674_688,
    "mistralai/Mistral-Large-3-675B-Instruct-2512": 675_991_176_960,
    "deepseek-ai/DeepSeek-V4-Pro": 1_572_997_179_491,
    "mistralai/Mistral-Small-24B-Instruct-2501": 23_572_403_200,
}
# BF16 KV bytes per token of the full-attention layers, from transformers' filled-in config
# (2 x KV heads x head_dim x 2 bytes per layer; MLA: the latent and the RoPE key).
TRANSFORMERS_KV = {
    "microsoft/phi-4": 204_800,
    "zai-org/GLM-4.6": 376_832,
    "CohereLabs/c4ai-command-a-03-2025": 65_536,
    "Qwen/Qwen3-Next-80B-A3B-Instruct": 24_576,
    "microsoft/Phi-4-mini-instruct": 131_072,
    "CohereLabs/c4ai-command-r-plus-08-2024": 262_144,
    "mistralai/Mistral-Large-3-675B-Instruct-2512": 70_272,
    "mistralai/Mistral-Small-24B-Instruct-2501": 163_840,
}
GATED = "meta-llama/Llama-3.2-1B"


def _hub() -> FakeHub:
    hub = FakeHub()
    for folder in sorted(path for path in DATA.iterdir() if path.is_dir()):
        repo = folder.name.replace("--", "/", 1)
        extra = json.loads((folder / "hub.json").read_text(encoding="utf-8"))
        config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
        hub.add_repo(
            repo,
            {"config.json": config, "README.md": f"# {repo}\n"},
            gated=extra["gated"] or False,
            safetensors=extra["safetensors"],
        )
    hub.add_repo("bartowski/phi-4-GGUF", {"phi-4-Q4_K_M.gguf": "gguf", "README.md": "x"})
    # Quantized releases beside Qwen3-Next: its makers' FP8, NVIDIA's NVFP4, and a stranger's.
    next_config = json.loads(
        (DATA / "Qwen--Qwen3-Next-80B-A3B-Instruct" / "config.json").read_text(encoding="utf-8")
    )
    for release in (
        "Qwen/Qwen3-Next-80B-A3B-Instruct-FP8",
        "nvidia/Qwen3-Next-80B-A3B-Instruct-NVFP4",
        "someone/Qwen3-Next-80B-A3B-Instruct-FP8",
    ):
        hub.add_repo(release, {"config.json": next_config})
    # The catalog's reduced DeepSeek V4 beside the full one, so that "满血版" has to choose.
    hub.add_repo("deepseek-ai/DeepSeek-V4-Flash", {"config.json": {"model_type": "deepseek_v4"}})
    return hub


@pytest.fixture(scope="module")
def endpoint():
    """Serve the fake Hub for the module's tests."""
    hub = _hub()
    with hub.serve_in_thread() as url:
        yield hub, url


@pytest.fixture
def source(endpoint, tmp_path):
    """Return a Hub source on the fake, with its own cache and no fault left over."""
    hub, url = endpoint
    hub.clear_faults()
    return HubSource(HubSettings(endpoint=url, cache_dir=str(tmp_path), deadline_s=2.5))


@pytest.mark.parametrize("repo", sorted(TRANSFORMERS_PARAMS))
def test_a_hub_model_reads_within_half_a_percent_of_transformers(source, repo):
    """By id: the config read, the commit kept, the parameters as transformers counts them."""
    checkpoint = source.checkpoint(repo)
    model = model_from_checkpoint(checkpoint)
    assert checkpoint.hf_id == repo
    assert checkpoint.revision
    assert len(checkpoint.revision) == 40
    assert model.source == "hub"
    truth = TRANSFORMERS_PARAMS[repo]
    assert abs(model.params.total - truth) <= 0.005 * truth
    if repo in TRANSFORMERS_KV:
        kv = TRANSFORMERS_KV[repo]
        assert abs(model.kv_bytes_per_token - kv) <= 0.01 * kv


def test_loose_names_find_the_repository_and_skip_re_uploads(source):
    """A plain substring search, tried in several spellings; GGUF re-uploads are left out."""
    assert source.search("phi 4", 3) == ("microsoft/phi-4",)
    assert source.search("phi4", 3) == ("microsoft/phi-4",)
    assert source.search("glm 4.6", 3) == ("zai-org/GLM-4.6",)
    assert source.search("phi 4 mini", 3) == ("microsoft/Phi-4-mini-instruct",)
    assert source.search("qwen3 next 80b", 3) == ("Qwen/Qwen3-Next-80B-A3B-Instruct",)
    assert source.search("llama 5 400b", 3) == ()


def test_missing_gated_and_config_less_repositories_are_told_apart(source):
    """401 without a token: no such model; gated: access asked; GGUF-only: no config."""
    with pytest.raises(ModelNotFoundError):
        source.checkpoint("nobody/no-such-model")
    with pytest.raises(GatedModelError):
        source.checkpoint(GATED)
    with pytest.raises(ModelNotFoundError):
        source.checkpoint("bartowski/phi-4-GGUF")


def test_a_slow_or_down_hub_is_unavailable_within_three_seconds(endpoint, source):
    """A Hub answering in 10 s, with 503s or resetting connections: under three seconds."""
    hub, _ = endpoint
    for fault in (lambda: hub.slow(10), hub.down, lambda: hub.down(mode="reset")):
        fault()
        started = time.monotonic()
        with pytest.raises(SourceUnavailableError):
            source.checkpoint("microsoft/phi-4")
        assert time.monotonic() - started < 3.0
        hub.clear_faults()


def _pipeline(source) -> Pipeline:
    return Pipeline(lookups=ModelLookups(source, timeout_s=2.5))


def _data(reply):
    return reply.data or {}


def test_the_chat_sizes_hub_models_named_as_customers_name_them(source):
    """phi-4, GLM-4.6 and a Hub URL are sized as themselves; the answer's model says so."""
    pipeline = _pipeline(source)
    cases = {
        "phi-4 for 10 users, 16k context": "microsoft/phi-4",
        "GLM-4.6，128K 上下文，20 个并发": "zai-org/GLM-4.6",
        "https://huggingface.co/CohereLabs/c4ai-command-a-03-2025 for 8 users": (
            "CohereLabs/c4ai-command-a-03-2025"
        ),
    }
    for text, repo in cases.items():
        turn = pipeline.respond(text, ChatContext())
        assert turn.reply.kind is ReplyKind.SIZE, text
        model = _data(turn.reply)["model"]
        assert model["hf_id"] == repo
        assert model["source"] == "hub"
        assert model["revision"]
        assert turn.chat.last_request is not None
        follow = pipeline.respond("and with 64k context?", turn.chat)
        assert follow.reply.kind is ReplyKind.SIZE
        assert _data(follow.reply)["model"]["hf_id"] == repo


def test_unknown_gated_and_unreachable_models_get_an_honest_answer(endpoint, source):
    """Nothing else is sized: a name nobody knows, a gated repository, a Hub that is down."""
    hub, _ = endpoint
    pipeline = _pipeline(source)
    unknown = pipeline.respond("gemma 9 for 10 users, 8k context", ChatContext()).reply
    assert unknown.kind is ReplyKind.CLARIFY
    assert _data(unknown)["code"] == "unknown_model"
    gated = pipeline.respond("meta-llama/Llama-3.2-1B on one H200", ChatContext()).reply
    assert _data(gated)["code"] == "model_gated"
    hub.down()
    started = time.monotonic()
    down = pipeline.respond("command r7b, 10 users, 8k context", ChatContext()).reply
    assert time.monotonic() - started < 3.0
    assert _data(down)["code"] == "hub_unreachable"
    assert "config.json" in down.text
    catalog = pipeline.respond("llama 3.3 70b, 10 users, 32k", ChatContext()).reply
    assert catalog.kind is ReplyKind.SIZE  # the catalog still answers while the Hub is down
    hub.clear_faults()


async def test_a_slow_hub_does_not_delay_another_chat(endpoint, source):
    """Chat A waits for a slow Hub off the loop; chat B's catalog answer is not held up."""
    hub, _ = endpoint
    hub.slow(10)
    lookups = ModelLookups(source, timeout_s=2.0)
    started = time.monotonic()
    slow = asyncio.create_task(
        lookups.resolve_all([HubQuery("microsoft/Phi-4-mini-instruct", is_id=True)])
    )
    await asyncio.sleep(0.05)
    other = Pipeline().respond("llama 3.3 70b for 10 users", ChatContext())
    answered_b = time.monotonic() - started
    found = await slow
    hub.clear_faults()
    assert other.reply.kind is ReplyKind.SIZE
    assert answered_b < 1.0
    assert next(iter(found.values())).problem is not None
    assert time.monotonic() - started < 3.0


def test_the_sizing_command_line_reads_hub_ids(source, capsys):
    """``python -m sizing size --model <hub id> --json``: the Hub model, with its source."""
    assert sizing_main(["size", "--model", "microsoft/phi-4", "--json"], source=source) == 0
    model = json.loads(capsys.readouterr().out)["model"]
    assert model["hf_id"] == "microsoft/phi-4"
    assert model["source"] == "hub"
    assert sizing_main(["size", "--model", "nobody/no-such-model"], source=source) == 2
    assert "no such repository" in capsys.readouterr().err


def test_the_public_examples_answer_in_the_language_asked(source):
    """GLM-4.6 in Chinese, Mistral Large 3 in Spanish, the full DeepSeek V4 (满血版)."""
    pipeline = _pipeline(source)
    cases = [
        ("GLM-4.6，128K 上下文，20 个并发", "zai-org/GLM-4.6", "zh-Hans"),
        (
            "Mistral Large 3 en FP8, 64k de contexto, 30 usuarios",
            "mistralai/Mistral-Large-3-675B-Instruct-2512",
            "es",
        ),
        ("DeepSeek V4 满血版 FP8，128K，30 个并发", "deepseek-ai/DeepSeek-V4-Pro", "zh-Hans"),
    ]
    for text, repo, language in cases:
        reply = pipeline.respond(text, ChatContext()).reply
        assert reply.kind is ReplyKind.SIZE, text
        assert _data(reply)["model"]["hf_id"] == repo
        assert reply.language == language


def test_offline_reads_only_what_was_read_before(endpoint, tmp_path):
    """HF_HUB_OFFLINE: a config read earlier comes from the disk cache; another is unavailable."""
    _, url = endpoint
    online = HubSource(HubSettings(endpoint=url, cache_dir=str(tmp_path)))
    online.checkpoint("microsoft/phi-4")
    offline = HubSource(HubSettings(endpoint=url, cache_dir=str(tmp_path), offline=True))
    assert offline.checkpoint("microsoft/phi-4").config["model_type"] == "phi3"
    started = time.monotonic()
    with pytest.raises(SourceUnavailableError):
        offline.checkpoint("zai-org/GLM-4.6")
    with pytest.raises(SourceUnavailableError):
        offline.search("glm 4.6", 3)
    assert time.monotonic() - started < 1.0


async def test_replicas_share_their_lookups_through_redis(endpoint, source, tmp_path):
    """One replica reads the Hub; another, with the Hub down, answers from the shared Redis."""
    hub, _ = endpoint
    server = RedisServer(tmp_path)
    server.start()
    first = RedisStore(server.url)
    second = RedisStore(server.url)
    try:
        one = ModelLookups(source)
        one.shared = first.shared_cache()
        query = HubQuery("microsoft/phi-4", is_id=True)
        found = (await one.resolve_all([query]))[query]
        assert found.checkpoint is not None
        hub.down()
        other = ModelLookups(source)
        other.shared = second.shared_cache()
        again = (await other.resolve_all([query]))[query]
        assert again.checkpoint is not None
        assert again.checkpoint.revision == found.checkpoint.revision
        assert again.checkpoint.config == found.checkpoint.config
        missing = HubQuery("nobody/nothing-here", is_id=True)
        hub.up()
        assert (await one.resolve_all([missing]))[missing].problem is LookupProblem.NOT_FOUND
        hub.down()
        shared = (await other.resolve_all([missing]))[missing]
        assert shared.problem is LookupProblem.NOT_FOUND  # "unknown" is shared too
    finally:
        hub.clear_faults()
        await first.close()
        await second.close()
        server.kill()


def test_official_quantized_releases_are_found_and_loaded(source):
    """The makers' FP8 and NVIDIA's NVFP4 of a Hub model are its releases; a stranger's is not.

    Sized in FP8, the launch command loads the official FP8 checkpoint (no quantizing at load).
    """
    checkpoint = source.checkpoint("Qwen/Qwen3-Next-80B-A3B-Instruct")
    assert dict(checkpoint.releases) == {
        "fp8": "Qwen/Qwen3-Next-80B-A3B-Instruct-FP8",
        "nvfp4": "nvidia/Qwen3-Next-80B-A3B-Instruct-NVFP4",
    }
    answer = size_deployment(SizingRequest(checkpoint=checkpoint, precision=Precision.FP8))
    pick = answer.options[answer.recommended_index]
    assert pick.variant.checkpoint == "Qwen/Qwen3-Next-80B-A3B-Instruct-FP8"
    assert not pick.variant.quantize_at_load
    assert "Qwen/Qwen3-Next-80B-A3B-Instruct-FP8" in pick.launch.commands[0]
    assert answer.model.name == "Qwen3-Next-80B-A3B-Instruct"


def test_a_name_that_fits_several_repositories_asks_which(source):
    """Command R is R+ or R7B: the chat asks, naming both, and sizes neither."""
    reply = _pipeline(source).respond("command r for 10 users, 8k", ChatContext()).reply
    assert reply.kind is ReplyKind.CLARIFY
    data = _data(reply)
    assert data["code"] == "ambiguous"
    assert set(data["choices"]) == {
        "CohereLabs/c4ai-command-r-plus-08-2024",
        "CohereLabs/c4ai-command-r7b-12-2024",
    }


def test_mistral_small_is_sized_with_its_own_architecture_not_a_generic_one(source):
    """Mistral Small 24B: 160 KiB of KV per token (its 8 KV heads), not a generic 24B shape."""
    reply = _pipeline(source).respond("Mistral Small 24B, 20 users, 32k", ChatContext()).reply
    model = _data(reply)["model"]
    assert model["hf_id"] == "mistralai/Mistral-Small-24B-Instruct-2501"
    assert model["kv_bytes_per_token"] == 163_840
    assert not model["generic"]


def test_the_command_line_reads_the_hub_named_by_hf_endpoint(endpoint, tmp_path):
    """``python -m sizing size --model ID --json`` in a process: HF_ENDPOINT and HF_HOME read."""
    _, url = endpoint
    env = {**os.environ, "HF_ENDPOINT": url, "HF_HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "sizing", "size", "--model", "phi 4", "--json"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    model = json.loads(done.stdout)["model"]
    assert (model["hf_id"], model["source"]) == ("microsoft/phi-4", "hub")
    missing = subprocess.run(
        [sys.executable, "-m", "sizing", "size", "--model", "nobody/nothing"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert missing.returncode == 2
    assert missing.stderr.count("\n") == 1
