"""python -m sizing: JSON fields of DESIGN.md, plain text, and one-line errors with exit 2."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from sizing.cli import main
from tests.helpers.reference import model_config

ROOT = Path(__file__).resolve().parents[2]
OPTION_FIELDS = {
    "plan",
    "gpu",
    "gpus",
    "servers",
    "fits",
    "reason",
    "tensor_parallel",
    "pipeline_parallel",
    "kv_cache_tokens",
    "kv_cache_tokens_physical",
    "max_concurrency_at_context",
    "decode_tokens_per_s",
    "monthly_usd",
    "usd_per_gpu_hour",
    "checkout_url",
}


def _json(capsys, *argv):
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def test_size_json_carries_every_design_field(capsys):
    """The sizing JSON has model, request, weights_bytes, options (all fields) and recommended."""
    data = _json(
        capsys, "size", "--model", "deepseek-ai/DeepSeek-V3", "--context", "128k", "--json"
    )
    assert {"id", "total_params", "active_params", "kv_bytes_per_token"} <= set(data["model"])
    assert {"precision", "context_tokens", "concurrency", "kv_dtype"} <= set(data["request"])
    assert data["request"]["context_tokens"] == 131072
    assert isinstance(data["weights_bytes"], int)
    for option in data["options"]:
        assert set(option) >= OPTION_FIELDS
    assert data["recommended"] == "mi355x-8x"
    mi = data["options"][0]
    assert mi["monthly_usd"] == "19900.00"
    assert mi["usd_per_gpu_hour"] == "3.41"


def test_size_accepts_all_options(capsys):
    """Generic MoE with every flag parses and sizes."""
    data = _json(
        capsys,
        "size",
        "--params-b",
        "106",
        "--active-params-b",
        "12",
        "--moe",
        "--precision",
        "fp8",
        "--context",
        "32768",
        "--concurrency",
        "4",
        "--kv-dtype",
        "fp8",
        "--gpu",
        "h200",
        "mi355x",
        "--gpu-memory-utilization",
        "0.92",
        "--cuda-only",
        "--budget",
        "30000",
        "--json",
    )
    assert data["request"]["gpus"] == ["h200", "mi355x"]
    assert data["request"]["kv_dtype"] == "fp8"
    assert data["recommended"] == "h200-1x"
    assert "cuda_only" in data["options"][0]["set_aside"]


def test_size_plain_text_is_readable(capsys):
    """Without --json the answer is English text naming the plans and the pick."""
    assert main(["size", "--model", "meta-llama/Llama-3.1-70B-Instruct", "--precision", "fp8"]) == 0
    out = capsys.readouterr().out
    assert "Recommended: h200-1x" in out
    assert "tok/s" in out
    assert "US$3,090.00/month" in out


def test_size_from_config_file(capsys, tmp_path):
    """--config reads a config.json and sizes it."""
    config = model_config("meta-llama--Llama-3.1-8B-Instruct")
    config = {k: v for k, v in config.items() if not k.startswith("_")}
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config), encoding="utf-8")
    data = _json(capsys, "size", "--config", str(path), "--json")
    assert data["recommended"] == "h200-1x"
    inspected = _json(capsys, "inspect", "--config", str(path), "--json")
    assert inspected["layers"] == 32


def test_inspect_json(capsys):
    """Inspect prints the DESIGN.md fields of the model."""
    data = _json(capsys, "inspect", "--model", "openai/gpt-oss-120b", "--json")
    assert {
        "total_params",
        "active_params",
        "kv_bytes_per_token",
        "layers",
        "attention",
        "sliding_window",
    } <= set(data)


def test_price_json_and_filter(capsys):
    """Price lists the three plans; price b200 has no plan and says the GPU is unpriced."""
    data = _json(capsys, "price", "--json")
    assert [p["id"] for p in data["plans"]] == ["mi355x-8x", "h200-1x", "h200-8x"]
    assert data["unpriced_gpus"] == ["b200"]
    b200 = _json(capsys, "price", "b200", "--json")
    assert b200["plans"] == []
    assert b200["unpriced_gpus"] == ["b200"]


def test_compare_json(capsys):
    """Compare carries the ratios, the fit rows and the advice."""
    data = _json(capsys, "compare", "mi355x", "h200", "--json")
    assert data["server_monthly_usd_difference"] == "4000.00"
    assert len(data["fit_rows"]) == 6
    assert {a["code"] for a in data["advice"]} >= {"cuda_only_dependencies", "more_memory_per_gpu"}


def test_compare_plain_text(capsys):
    """Compare without --json prints the fit table."""
    assert main(["compare", "h200", "b200"]) == 0
    out = capsys.readouterr().out
    assert "NVIDIA H200 vs NVIDIA B200" in out
    assert "671b_moe_bf16" in out


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["size", "--model", "acme/nope"], "acme/nope"),
        (["size", "--params-b", "-70"], "params_b"),
        (["size", "--params-b", "70", "--context", "lots"], "lots"),
        (["size", "--params-b", "70", "--concurrency", "0"], "concurrency"),
        (["size", "--params-b", "70", "--precision", "fp3"], "fp3"),
        (["size", "--config", "/nonexistent/config.json"], "/nonexistent/config.json"),
        (["price", "tpu"], "tpu"),
        (["compare", "h200"], "b"),
        ([], "command"),
    ],
)
def test_errors_are_one_line_and_exit_2(capsys, argv, named):
    """A bad value prints one line naming it and exits 2."""
    assert main(argv) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1
    assert named in lines[0]
    assert captured.out == ""


def test_module_entry_point_has_no_traceback():
    """Python -m sizing with a bad value exits 2 without a traceback."""
    result = subprocess.run(
        [sys.executable, "-m", "sizing", "size", "--params-b", "abc"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "abc" in result.stderr


@pytest.mark.parametrize(
    "text",
    [
        '{"hidden_size": ' + "9" * 5000 + "}",  # past Python's integer-digits limit
        "[" * 100_000 + "]" * 100_000,  # past the JSON decoder's recursion limit
    ],
)
def test_unreadable_config_json_is_one_line_error(capsys, tmp_path, text):
    """A config.json the JSON reader chokes on is a one-line error naming the file, exit 2."""
    path = tmp_path / "config.json"
    path.write_text(text, encoding="utf-8")
    assert main(["size", "--config", str(path)]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1
    assert str(path) in lines[0]


def test_plain_text_names_an_unpriced_pick(capsys):
    """When only the unpriced B200 fits the constraints, the text says so instead of 'none'."""
    argv = ["size", "--model", "meta-llama/Llama-3.1-70B-Instruct", "--cuda-only", "--native-fp4"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "Recommended: b200" in out


def test_compare_text_puts_each_fit_note_beside_its_gpu(capsys):
    """70B BF16 leaves no room on the H200, not the B200: the note follows the H200's count."""
    assert main(["compare", "h200", "b200"]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if "70b_dense_bf16" in line)
    assert "h200 1/2 (no_room)" in row
    assert row.rstrip().endswith("b200 1/1")


def test_config_file_model_is_named_after_its_file(tmp_path, capsys):
    """A config.json without _name_or_path is labelled with its file name, not a placeholder."""
    config = {
        "model_type": "llama",
        "hidden_size": 4096,
        "intermediate_size": 14336,
        "num_hidden_layers": 32,
        "num_attention_heads": 32,
        "num_key_value_heads": 8,
        "vocab_size": 128256,
    }
    path = tmp_path / "my-finetune.json"
    path.write_text(json.dumps(config), encoding="utf-8")
    assert main(["inspect", "--config", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["id"] == "my-finetune"


def test_size_json_carries_layout_variant_and_launch_commands(capsys):
    """Each option adds layout, variant and launch_commands; --engine names the engine."""
    data = _json(
        capsys,
        "size",
        "--model",
        "deepseek-ai/DeepSeek-V3",
        "--context",
        "128k",
        "--concurrency",
        "20",
        "--cuda-only",
        "--engine",
        "sglang",
        "--json",
    )
    pick = data["options"][data["recommended_index"]]
    assert set(pick["layout"]) == {
        "tensor_parallel",
        "pipeline_parallel",
        "data_parallel",
        "expert_parallel",
        "dp_attention",
    }
    assert pick["variant"]["engine"] == "sglang"
    assert pick["variant"]["engine_source"] == "asked"
    assert pick["launch_commands"][0].startswith("python -m sglang.launch_server")
    assert "gpu_facts" not in pick  # facts for the renderer stay out of the JSON


def test_dates_in_answers_become_iso_strings():
    """A date an answer carries (prices as of) is written as an ISO date in the JSON."""
    from datetime import date  # noqa: PLC0415 - only this test needs it

    from sizing.serialize import json_value  # noqa: PLC0415 - only this test needs it

    assert json_value({"as_of": date(2026, 10, 22)}) == {"as_of": "2026-10-22"}
