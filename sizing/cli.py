"""``python -m sizing``: size, inspect, price, compare; JSON with ``--json``, else plain text.

Errors print one line naming the bad value and exit with 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any, NoReturn

from sizing.catalog import price_list
from sizing.cli_text import (
    compare_text,
    inspect_text,
    price_text,
    shared_text,
    size_text,
    train_text,
)
from sizing.deploy import compare_gpus, size_deployment, size_shared
from sizing.errors import SizingError, UnknownModelError
from sizing.model import (
    ModelSource,
    find_checkpoint,
    get_model,
    inspect_json,
    is_catalog_model,
    merge_quant_config,
    model_from_checkpoint,
    model_from_config,
    repo_id_of,
)
from sizing.request import (
    DEFAULT_GPU_MEMORY_UTILIZATION,
    Checkpoint,
    Checkpointing,
    GpuId,
    KvDtype,
    Optimizer,
    Precision,
    ServingEngine,
    SharedRequest,
    SizingRequest,
    TrainingMethod,
    TrainingRequest,
)
from sizing.serialize import to_json
from sizing.train import size_training

EXIT_USAGE = 2
# "128k" means 128 x 1024 tokens (the DESIGN.md convention: 128K = 131072).
_TOKENS = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([kKmM]?)\s*$")
_TOKEN_UNITS = {"": 1, "k": 1024, "m": 1024 * 1024}


class UsageError(Exception):
    """A command line that cannot be run."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def context_tokens(text: str) -> int:
    """Parse a token count: ``131072``, ``128k`` or ``1m``."""
    match = _TOKENS.match(text)
    if not match:
        raise argparse.ArgumentTypeError(f"invalid token count: {text!r}")
    tokens = float(match.group(1)) * _TOKEN_UNITS[match.group(2).lower()]
    if tokens != int(tokens):
        raise argparse.ArgumentTypeError(f"invalid token count: {text!r}")
    return int(tokens)


_COUNT = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([kKmMbBtT]?)\s*$")
_COUNT_UNITS = {"": 1, "k": 10**3, "m": 10**6, "b": 10**9, "t": 10**12}


def batch_tokens(text: str) -> int:
    """Parse a job's token count: ``20000000000``, ``20B`` or ``1.5T`` (decimal units)."""
    match = _COUNT.match(text.replace(",", "").replace("_", ""))
    if not match:
        raise argparse.ArgumentTypeError(f"invalid token count: {text!r}")
    tokens = Decimal(match.group(1)) * _COUNT_UNITS[match.group(2).lower()]
    if tokens != int(tokens):
        raise argparse.ArgumentTypeError(f"invalid token count: {text!r}")
    return int(tokens)


def usd(text: str) -> Decimal:
    """Parse a dollar amount such as ``20000`` or ``$20,000``."""
    try:
        return Decimal(text.replace("$", "").replace(",", "").strip())
    except InvalidOperation as exc:
        raise argparse.ArgumentTypeError(f"invalid amount: {text!r}") from exc


# What a ``--member`` of ``sizing shared`` may set, and how each value is read.
MEMBER_KEYS: dict[str, tuple[str, Any]] = {
    "context": ("context_tokens", context_tokens),
    "concurrency": ("concurrency", int),
    "precision": ("precision", Precision),
    "kv_dtype": ("kv_dtype", KvDtype),
    "throughput": ("throughput_tok_s", float),
    "tokens_per_user": ("tokens_per_user_tok_s", float),
    "ttft": ("ttft_s", float),
    "requests_per_minute": ("requests_per_minute", float),
    "input_tokens": ("input_tokens", context_tokens),
    "output_tokens": ("output_tokens", context_tokens),
    "lora_adapters": ("lora_adapters", int),
    "lora_rank": ("lora_rank", int),
}


def member(text: str) -> SizingRequest:
    """Read ``MODEL[:key=value,...]``: one model of a shared deployment (catalog ids only)."""
    name, _, settings = text.partition(":")
    if not name.strip():
        raise argparse.ArgumentTypeError(f"no model in {text!r}")
    values: dict[str, Any] = {"model_id": name.strip()}
    for item in filter(None, (part.strip() for part in settings.split(","))):
        key, _, value = item.partition("=")
        if key.strip() not in MEMBER_KEYS or not value.strip():
            keys = ", ".join(MEMBER_KEYS)
            raise argparse.ArgumentTypeError(f"{item!r}: expected one of {keys}, as key=VALUE")
        field, read = MEMBER_KEYS[key.strip()]
        try:
            values[field] = read(value.strip())
        except (ValueError, argparse.ArgumentTypeError) as exc:
            raise argparse.ArgumentTypeError(f"{item!r}: {exc}") from exc
    return SizingRequest(**values)


def _model_arguments(parser: argparse.ArgumentParser, *, generic: bool) -> None:
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument(
        "--model", help="a catalog model, or any Hugging Face id, URL or name (read from the Hub)"
    )
    group.add_argument("--config", type=Path, help="a Hugging Face config.json")
    if generic:
        group.add_argument("--params-b", type=float, help="generic model: total parameters, B")
        parser.add_argument("--active-params-b", type=float, help="generic MoE: active, B")
        parser.add_argument("--moe", action="store_true", default=None, help="generic MoE")
    parser.add_argument("--json", action="store_true", help="print JSON")


def _train_arguments(train: argparse.ArgumentParser) -> None:
    _model_arguments(train, generic=True)
    train.add_argument(
        "--method", type=TrainingMethod, choices=list(TrainingMethod), help="default: lora"
    )
    train.add_argument("--tokens", type=batch_tokens, help="tokens in one epoch (20B, 1.5T ok)")
    train.add_argument("--epochs", type=float, help="passes over the data (default 1)")
    train.add_argument("--seq-len", type=context_tokens, help="tokens per sequence (4096)")
    train.add_argument("--precision", type=Precision, choices=[Precision.BF16, Precision.FP8])
    train.add_argument("--optimizer", type=Optimizer, choices=list(Optimizer))
    train.add_argument("--lora-rank", type=int, help="LoRA rank (default 16)")
    train.add_argument("--global-batch", type=int, help="sequences per optimizer step")
    train.add_argument("--micro-batch", type=int, help="sequences per GPU per pass")
    train.add_argument("--zero-stage", type=int, choices=[0, 1, 2, 3])
    train.add_argument("--offload", action="store_true", help="optimizer state in CPU RAM")
    train.add_argument(
        "--checkpointing", type=Checkpointing, choices=list(Checkpointing), help="activations"
    )
    train.add_argument("--gpu", type=GpuId, choices=list(GpuId), nargs="+", action="extend")
    train.add_argument("--gpu-count", type=int, help="GPUs asked to run it on")
    train.add_argument("--budget", type=usd, help="US$ per month")
    train.add_argument("--deadline-hours", type=float, help="hours the job must finish in")
    train.add_argument("--cuda-only", action="store_true")


def build_parser() -> argparse.ArgumentParser:
    """Build the command line."""
    parser = _Parser(prog="python -m sizing", description="Size LLM deployments on FullGPU plans")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    size = commands.add_parser("size", help="size a deployment")
    _model_arguments(size, generic=True)
    size.add_argument("--precision", type=Precision, choices=list(Precision))
    size.add_argument("--context", type=context_tokens, help="tokens per sequence (128k ok)")
    size.add_argument("--concurrency", type=int, help="simultaneous sequences")
    size.add_argument("--kv-dtype", type=KvDtype, choices=list(KvDtype))
    size.add_argument("--gpu", type=GpuId, choices=list(GpuId), nargs="+", action="extend")
    size.add_argument("--gpu-count", type=int, help="GPUs asked to run it on (the verdict)")
    size.add_argument(
        "--gpu-memory-utilization", type=float, default=DEFAULT_GPU_MEMORY_UTILIZATION
    )
    size.add_argument("--cuda-only", action="store_true")
    size.add_argument("--native-fp4", action="store_true")
    size.add_argument("--budget", type=usd, help="US$ per month")
    size.add_argument("--include-mtp", action="store_true", help="load MTP layers too")
    size.add_argument(
        "--engine", type=ServingEngine, choices=list(ServingEngine), help="serving engine"
    )
    size.add_argument("--lora-adapters", type=int, help="LoRA adapters served on the base")
    size.add_argument("--lora-rank", type=int, help="their largest rank (default 16)")
    size.add_argument("--draft-model", help="a smaller catalog model drafting for speculation")
    size.add_argument("--speculative-tokens", type=int, help="tokens it drafts a step (3)")
    targets = size.add_argument_group("service levels (the cheapest plan meeting them all)")
    targets.add_argument("--throughput", type=float, help="aggregate output tokens/s")
    targets.add_argument("--tokens-per-user", type=float, help="decode tokens/s each user sees")
    targets.add_argument("--ttft", type=float, help="seconds to the first token, at the load")
    targets.add_argument("--requests-per-minute", type=float, help="arrival rate")
    targets.add_argument(
        "--input-tokens", type=context_tokens, help="average prompt tokens (default 2,000)"
    )
    targets.add_argument(
        "--output-tokens", type=context_tokens, help="average answer tokens (default 500)"
    )
    targets.add_argument("--batch-tokens", type=batch_tokens, help="an offline job's tokens")
    targets.add_argument("--deadline-hours", type=float, help="the job's deadline, hours")
    _train_arguments(commands.add_parser("train", help="size a training or fine-tuning job"))
    shared = commands.add_parser("shared", help="several models on one deployment")
    shared.add_argument(
        "--member",
        type=member,
        action="append",
        required=True,
        help="MODEL[:key=value,...], once per model; keys: " + ", ".join(MEMBER_KEYS),
    )
    shared.add_argument("--gpu", type=GpuId, choices=list(GpuId), nargs="+", action="extend")
    shared.add_argument("--budget", type=usd, help="US$ per month, for the whole deployment")
    shared.add_argument("--cuda-only", action="store_true")
    shared.add_argument("--json", action="store_true", help="print JSON")
    inspect = commands.add_parser("inspect", help="the model as the engine sees it")
    _model_arguments(inspect, generic=False)
    price = commands.add_parser("price", help="the price table")
    price.add_argument("gpu", nargs="?", type=GpuId, choices=list(GpuId))
    price.add_argument("--json", action="store_true")
    compare = commands.add_parser("compare", help="two GPUs side by side")
    compare.add_argument("a", type=GpuId, choices=list(GpuId))
    compare.add_argument("b", type=GpuId, choices=list(GpuId))
    compare.add_argument("--json", action="store_true")
    return parser


def _read_config(path: Path) -> dict[str, Any]:
    try:
        config = json.loads(path.read_text(encoding="utf-8"))
    # ValueError covers bad JSON, bad UTF-8 and integers past Python's digit limit;
    # RecursionError, arrays nested deeper than the decoder's stack.
    except (OSError, ValueError, RecursionError) as exc:
        raise UsageError(f"cannot read config {str(path)!r}: {exc}") from exc
    if not isinstance(config, dict):
        raise UsageError(f"config {str(path)!r} is not a JSON object")
    # Most config.json files do not name their model: the file's name is the best label.
    config.setdefault("_name_or_path", path.stem)
    return merge_quant_config(config, _sibling_quant_config(path))


def _sibling_quant_config(path: Path) -> dict[str, Any] | None:
    """Find the checkpoint's hf_quant_config.json beside the config (Model Optimizer releases).

    A checkpoint folder holds ``config.json`` and ``hf_quant_config.json``; a config saved
    under another name may have ``NAME.hf_quant_config.json`` beside it.
    """
    candidates = [path.with_name(f"{path.stem}.hf_quant_config.json")]
    if path.name == "config.json":
        candidates.insert(0, path.with_name("hf_quant_config.json"))
    for candidate in candidates:
        if candidate.is_file():
            try:
                found = json.loads(candidate.read_text(encoding="utf-8"))
            except (OSError, ValueError, RecursionError) as exc:
                raise UsageError(f"cannot read {str(candidate)!r}: {exc}") from exc
            if not isinstance(found, dict):
                raise UsageError(f"{str(candidate)!r} is not a JSON object")
            return found
    return None


def _catalog_or_hub(
    name: str | None, source: ModelSource | None
) -> tuple[str | None, Checkpoint | None]:
    """Return the catalog id a name (or its URL) gives, else the Hub checkpoint it names."""
    if name is None:
        return None, None
    for candidate in (name, repo_id_of(name)):
        if candidate is not None and is_catalog_model(candidate):
            return candidate, None
    if source is None:
        raise UnknownModelError(name)
    return None, find_checkpoint(name, source)


def _model_fields(args: argparse.Namespace, source: ModelSource | None) -> dict[str, Any]:
    """Return the fields naming the model, as both requests take them."""
    model_id, checkpoint = _catalog_or_hub(args.model, source)
    return {
        "model_id": model_id,
        "checkpoint": checkpoint,
        "model_config": _read_config(args.config) if args.config else None,
        "params_b": args.params_b,
        "active_params_b": args.active_params_b,
        "moe": args.moe,
    }


def _size(args: argparse.Namespace, source: ModelSource | None) -> tuple[dict[str, Any], str]:
    request = SizingRequest(
        **_model_fields(args, source),
        precision=args.precision,
        context_tokens=args.context,
        concurrency=args.concurrency,
        kv_dtype=args.kv_dtype,
        gpus=tuple(args.gpu or ()),
        gpu_count=args.gpu_count,
        budget_usd_month=args.budget,
        cuda_only=args.cuda_only,
        needs_native_fp4=args.native_fp4,
        gpu_memory_utilization=args.gpu_memory_utilization,
        include_mtp=args.include_mtp,
        engine=args.engine,
        throughput_tok_s=args.throughput,
        tokens_per_user_tok_s=args.tokens_per_user,
        ttft_s=args.ttft,
        requests_per_minute=args.requests_per_minute,
        input_tokens=args.input_tokens,
        output_tokens=args.output_tokens,
        batch_tokens=args.batch_tokens,
        deadline_hours=args.deadline_hours,
        lora_adapters=args.lora_adapters,
        lora_rank=args.lora_rank,
        draft_model_id=args.draft_model,
        speculative_tokens=args.speculative_tokens,
    )
    answer = size_deployment(request)
    return to_json(answer), size_text(answer)


def _train(args: argparse.Namespace, source: ModelSource | None) -> tuple[dict[str, Any], str]:
    request = TrainingRequest(
        **_model_fields(args, source),
        method=args.method,
        tokens=args.tokens,
        epochs=args.epochs,
        seq_len=args.seq_len,
        precision=args.precision,
        optimizer=args.optimizer,
        lora_rank=args.lora_rank,
        global_batch=args.global_batch,
        micro_batch=args.micro_batch,
        zero_stage=args.zero_stage,
        offload=args.offload,
        checkpointing=args.checkpointing,
        gpus=tuple(args.gpu or ()),
        gpu_count=args.gpu_count,
        budget_usd_month=args.budget,
        deadline_hours=args.deadline_hours,
        cuda_only=args.cuda_only,
    )
    answer = size_training(request)
    return to_json(answer), train_text(answer)


def _shared(args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    request = SharedRequest(
        members=tuple(args.member),
        gpus=tuple(args.gpu or ()),
        budget_usd_month=args.budget,
        cuda_only=args.cuda_only,
    )
    answer = size_shared(request)
    return to_json(answer), shared_text(answer)


def _inspect(args: argparse.Namespace, source: ModelSource | None) -> tuple[dict[str, Any], str]:
    if args.config:
        model = model_from_config(_read_config(args.config))
    else:
        model_id, checkpoint = _catalog_or_hub(args.model, source)
        model = model_from_checkpoint(checkpoint) if checkpoint else get_model(str(model_id))
    shown = inspect_json(model)
    return shown, inspect_text(shown)


def _run(args: argparse.Namespace, source: ModelSource | None) -> tuple[dict[str, Any], str]:
    if args.command == "size":
        return _size(args, source)
    if args.command == "inspect":
        return _inspect(args, source)
    if args.command == "train":
        return _train(args, source)
    if args.command == "shared":
        return _shared(args)
    if args.command == "price":
        answer = price_list(args.gpu)
        return to_json(answer), price_text(answer)
    comparison = compare_gpus(args.a, args.b)
    return to_json(comparison), compare_text(comparison)


def main(argv: Sequence[str] | None = None, *, source: ModelSource | None = None) -> int:
    """Run one command; 0 on success, 2 on a bad command line or request.

    ``source`` reads models the catalog does not hold (``sizing/__main__.py`` wires the Hub);
    without one, only catalog models and config files are sized.
    """
    try:
        args = build_parser().parse_args(argv)
        data, text = _run(args, source)
    except (UsageError, SizingError) as exc:
        sys.stderr.write(f"python -m sizing: error: {exc}\n")
        return EXIT_USAGE
    if args.json:
        sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
    else:
        sys.stdout.write(text)
    return 0
