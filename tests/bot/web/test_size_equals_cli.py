"""``POST /v1/size`` answers what ``python -m sizing size --json`` prints for the same request."""

from __future__ import annotations

import json

import pytest

from sizing.cli import main as sizing_main

DEPLOYMENT_FIELDS = frozenset({"checkout_url", "chart_url", "prices_as_of"})
# (API body as people type it, the command line's arguments for the same request)
CASES = [
    ({"model": "DeepSeek V3", "context": "128K", "concurrency": 20},
     ["--model", "deepseek-ai/DeepSeek-V3", "--context", "128k", "--concurrency", "20"]),
    ({"model": "llama 3.3 70b", "precision": "FP8"},
     ["--model", "meta-llama/Llama-3.3-70B-Instruct", "--precision", "fp8"]),
    ({"model": "Qwen3 235B", "context": 32768, "concurrency": "8", "gpu": "h200"},
     ["--model", "Qwen/Qwen3-235B-A22B", "--context", "32768", "--concurrency", "8", "--gpu",
      "h200"]),
    ({"model": "gpt-oss-120b", "kv_dtype": "fp8", "concurrency": 64},
     ["--model", "openai/gpt-oss-120b", "--kv-dtype", "fp8", "--concurrency", "64"]),
    ({"model": "llama 3.1 8b", "gpu": "H200", "gpu_count": 1, "concurrency": 10},
     ["--model", "meta-llama/Llama-3.1-8B-Instruct", "--gpu", "h200", "--gpu-count", "1",
      "--concurrency", "10"]),
    ({"model": "DeepSeek R1", "budget": "$20,000", "context": "64K"},
     ["--model", "deepseek-ai/DeepSeek-R1", "--budget", "20000", "--context", "64k"]),
    ({"model": "llama 3.3 70b", "cuda_only": True, "concurrency": 32},
     ["--model", "meta-llama/Llama-3.3-70B-Instruct", "--cuda-only", "--concurrency", "32"]),
    ({"model": "DeepSeek V3", "engine": "sglang", "concurrency": 16},
     ["--model", "deepseek-ai/DeepSeek-V3", "--engine", "sglang", "--concurrency", "16"]),
    ({"model": "llama 3.3 70b", "throughput": 5000},
     ["--model", "meta-llama/Llama-3.3-70B-Instruct", "--throughput", "5000"]),
    ({"model": "gpt-oss-20b", "requests_per_minute": 1000, "output_tokens": 500},
     ["--model", "openai/gpt-oss-20b", "--requests-per-minute", "1000", "--output-tokens",
      "500"]),
    ({"model": "llama 3.1 8b", "batch_tokens": "20B", "input_tokens": "2000",
      "deadline_hours": 168},
     ["--model", "meta-llama/Llama-3.1-8B-Instruct", "--batch-tokens", "20B", "--input-tokens",
      "2000", "--deadline-hours", "168"]),
    ({"model": "DeepSeek R1", "concurrency": 64, "ttft": 1, "tokens_per_user": 30},
     ["--model", "deepseek-ai/DeepSeek-R1", "--concurrency", "64", "--ttft", "1",
      "--tokens-per-user", "30"]),
    ({"params_b": 70, "moe": False, "precision": "bf16"},
     ["--params-b", "70", "--precision", "bf16"]),
    ({"params_b": 671, "active_params_b": 37, "moe": True, "precision": "fp8"},
     ["--params-b", "671", "--active-params-b", "37", "--moe", "--precision", "fp8"]),
    ({"model": "Qwen3 32B", "precision": "fp4", "gpu": ["mi355x", "b200"]},
     ["--model", "Qwen/Qwen3-32B", "--precision", "fp4", "--gpu", "mi355x", "b200"]),
    ({"model": "llama 3.1 405b", "context": "128k", "concurrency": 4, "native_fp4": True},
     ["--model", "meta-llama/Llama-3.1-405B-Instruct", "--context", "128k", "--concurrency",
      "4", "--native-fp4"]),
    ({"model": "DeepSeek V3", "include_mtp": True, "gpu_memory_utilization": 0.85},
     ["--model", "deepseek-ai/DeepSeek-V3", "--include-mtp", "--gpu-memory-utilization",
      "0.85"]),
    ({"model": "Qwen3 30B A3B", "context": "1M", "concurrency": 2},
     ["--model", "Qwen/Qwen3-30B-A3B", "--context", "1m", "--concurrency", "2"]),
    ({"model": "gpt-oss-120b", "gpu": "mi355x", "gpu_count": 8, "budget": 15000},
     ["--model", "openai/gpt-oss-120b", "--gpu", "mi355x", "--gpu-count", "8", "--budget",
      "15000"]),
    ({"model": "meta-llama/Llama-3.3-70B-Instruct", "context": "8K", "concurrency": 200},
     ["--model", "meta-llama/Llama-3.3-70B-Instruct", "--context", "8k", "--concurrency",
      "200"]),
]  # fmt: skip


def without_deployment_fields(value):
    """Drop the fields a deployment adds, wherever they sit."""
    if isinstance(value, dict):
        return {
            k: without_deployment_fields(v) for k, v in value.items() if k not in DEPLOYMENT_FIELDS
        }
    if isinstance(value, list):
        return [without_deployment_fields(v) for v in value]
    return value


def test_the_cases_are_twenty_different_requests():
    """Twenty requests, each one a different command line."""
    assert len({tuple(argv) for _, argv in CASES}) == 20


@pytest.mark.parametrize(("body", "argv"), CASES, ids=[str(i) for i in range(len(CASES))])
async def test_size_equals_the_command_line(client, capsys, body, argv):
    """The API's answer minus checkout_url, chart_url and prices_as_of is the CLI's JSON."""
    response = await client.post("/v1/size", json=body)
    assert response.status == 200, await response.text()
    api = await response.json()
    assert sizing_main(["size", *argv, "--json"]) == 0
    cli = json.loads(capsys.readouterr().out)
    assert without_deployment_fields(api) == without_deployment_fields(cli)
    assert {"chart_url", "prices_as_of"} <= set(api)
