"""Score a conversation blind set: the parser's fields, and the chat's plan against the engine's.

Usage: python bench/conversation_blind.py FILE.jsonl [--misses] [--no-chat]

Each line of FILE is {"id", "lang", "kind"?, "text", "expect", "complete"?} (the labels of
issue 29's sets). Printed per language and in all:
- intent, language (with the line's language as the client's hint) and all fields (intent,
  language and every labelled field right), scored as ``tests/helpers/blind_eval.py`` scores;
- for the lines labelled as complete sizing requests (``"complete": true``, or else an
  expected intent ``size`` with a model), whether the plan and the quantity the chat
  recommends (``Pipeline.respond``, the engine call it makes recorded) equal what the engine
  recommends for the labelled request sized directly (``sizing.size_deployment`` of the
  labelled fields; plans counted with no GPUs labelled name the GPUs they hold; a head
  count without a count at once is turned into users at peak by the
  chat's own rule, ``sizing.peak_users``, and a budget in another currency into US dollars at
  the dated rate kept as data, ``sizing.to_usd``, when the engine has them). Over a budget, the
  pick is the plan the answer leads with (the cheapest that serves the request).
Per kind, the all-fields share too. A measuring tool: it prints figures and exits 0.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from anywhere

from bot.conversation import Pipeline
from bot.languages import LANGUAGES
from bot.reply import ChatContext
from sizing import SizingAnswer, SizingError, SizingRequest, size_deployment
from tests.helpers.blind_eval import Outcome, score

# Labelled fields the engine sizes, by their DESIGN names, and the request's names for them.
_SIZED_FIELDS = {
    "model": "model_id",
    "precision": "precision",
    "kv_dtype": "kv_dtype",
    "context_tokens": "context_tokens",
    "concurrency": "concurrency",
    "gpus": "gpus",
    "gpu_count": "gpu_count",
    "budget_usd_month": "budget_usd_month",
    "cuda_only": "cuda_only",
    "engine": "engine",
    "throughput_tok_s": "throughput_tok_s",
    "tokens_per_user_tok_s": "tokens_per_user_tok_s",
    "ttft_s": "ttft_s",
    "requests_per_minute": "requests_per_minute",
    "input_tokens": "input_tokens",
    "output_tokens": "output_tokens",
    "batch_tokens": "batch_tokens",
    "deadline_hours": "deadline_hours",
}
Pick = tuple[str | None, int] | None  # the plan recommended and how many units, or none


@dataclass
class Line:
    """One labelled line and how it scored."""

    row: dict[str, Any]
    outcome: Outcome
    complete: bool
    engine_pick: Pick = None
    chat_pick: Pick = None

    @property
    def same_pick(self) -> bool:
        """Whether the chat recommended what the engine does for the labelled request."""
        return self.engine_pick is not None and self.engine_pick == self.chat_pick


def _first(value: Any) -> Any:  # noqa: ANN401 - a label: a value or a list of alternatives
    return value[0] if isinstance(value, list) and value else value


def is_complete(row: dict[str, Any]) -> bool:
    """Whether a line is labelled as a complete sizing request."""
    if "complete" in row:
        return bool(row["complete"])
    expect = row["expect"]
    return expect.get("intent") == "size" and bool(expect.get("model"))


def _peak_users(headcount: int, use_case: str | None) -> int | None:
    """Users at peak for a head count by the chat's rule, when the chat has one."""
    try:
        from sizing import peak_users  # type: ignore[attr-defined,unused-ignore]  # noqa: PLC0415 - newer engines only
    except ImportError:
        return None
    return int(peak_users(headcount, use_case))


def _usd(amount: Any, currency: Any) -> Decimal | None:  # noqa: ANN401 - labels as written
    """Return a labelled budget in another currency in dollars (engines that keep rates)."""
    try:
        from sizing import to_usd  # type: ignore[attr-defined,unused-ignore]  # noqa: PLC0415 - newer engines only
    except ImportError:
        return None
    conversion = to_usd(Decimal(str(amount)), str(currency))
    return None if conversion is None else conversion.usd


def labelled_request(expect: dict[str, Any]) -> SizingRequest:
    """Return the engine's request for a line's labels (the first of any alternatives)."""
    values: dict[str, Any] = {}
    for label, name in _SIZED_FIELDS.items():
        value = expect.get(label)
        if value is None or value == []:
            continue
        values[name] = value if label == "gpus" else _first(value)
    if "gpus" in values:
        values["gpus"] = tuple(values["gpus"])
    elif isinstance(expect.get("plan_counts"), dict):
        # plans named ("three HGX H200", "HGX H200 4台") name their GPUs, as the chat reads them
        values["gpus"] = tuple(dict.fromkeys(plan.split("-")[0] for plan in expect["plan_counts"]))
    if "budget_usd_month" in values:
        values["budget_usd_month"] = Decimal(str(values["budget_usd_month"]))
    elif expect.get("budget_amount") and expect.get("budget_currency") not in {None, "USD"}:
        usd = _usd(expect["budget_amount"], expect["budget_currency"])
        if usd is not None:
            values["budget_usd_month"] = usd
    headcount = expect.get("headcount")
    if "concurrency" not in values and isinstance(headcount, int):
        users = _peak_users(headcount, _first(expect.get("use_case")))
        if users is not None:
            values["concurrency"] = users
    return SizingRequest(**values)


def pick_of(answer: SizingAnswer | None) -> Pick:
    """Return the plan an answer recommends and how many units of it."""
    if answer is None:
        return None
    index = answer.recommended_index
    if index is None and answer.budget is not None:
        index = answer.budget.cheapest_index  # over budget: the plan the answer leads with
    if index is None:
        return None
    option = answer.options[index]
    return option.plan, option.servers


class _Recording:
    """The engine call a pipeline makes, recorded (the last answer it sized)."""

    def __init__(self) -> None:
        self.last: SizingAnswer | None = None

    def __call__(self, request: SizingRequest) -> SizingAnswer:
        self.last = size_deployment(request)
        return self.last


def chat_pick(text: str, lang: str) -> Pick:
    """Return what the chat recommends for one first message, through ``Pipeline.respond``."""
    recording = _Recording()
    pipeline = Pipeline(size=recording)
    pipeline.respond(text, ChatContext(chat_id=1, telegram_language=lang))
    return pick_of(recording.last)


def engine_pick(expect: dict[str, Any]) -> Pick:
    """Return what the engine recommends for the labelled request (None: it refuses it)."""
    try:
        return pick_of(size_deployment(labelled_request(expect)))
    except (SizingError, ValueError, TypeError):
        return None


def score_line(row: dict[str, Any], *, chat: bool) -> Line:
    """Score one line: its fields, and where it is a complete request, the two picks."""
    line = Line(row, score(row), is_complete(row))
    if line.complete and chat:
        line.engine_pick = engine_pick(row["expect"])
        line.chat_pick = chat_pick(row["text"], row["lang"])
    return line


def _rate(hits: int, total: int) -> str:
    return f"{100 * hits / total:5.1f}%" if total else "     -"


def table(lines: list[Line]) -> str:
    """Render the per-language table."""
    order = [lang for lang in LANGUAGES if any(line.row["lang"] == lang for line in lines)]
    order += sorted({line.row["lang"] for line in lines} - set(order))
    header = (
        f"{'lang':8} {'msgs':>5} {'intent':>7} {'language':>8} {'all':>7} {'sizing':>7}"
        f" {'same plan':>9}"
    )
    rows = [header, "-" * len(header)]
    groups = [(lang, [line for line in lines if line.row["lang"] == lang]) for lang in order]
    for label, group in [*groups, ("all", lines)]:
        if label == "all":
            rows.append("-" * len(header))
        sized = [line for line in group if line.complete and line.engine_pick is not None]
        total = len(group)
        rows.append(
            f"{label:8} {total:5d} {_rate(sum(o.outcome.intent_ok for o in group), total):>7}"
            f" {_rate(sum(o.outcome.language_ok for o in group), total):>8}"
            f" {_rate(sum(o.outcome.all_ok for o in group), total):>7}"
            f" {len(sized):7d} {_rate(sum(o.same_pick for o in sized), len(sized)):>9}"
        )
    return "\n".join(rows)


def by_kind(lines: list[Line]) -> str:
    """Render the all-fields share per kind of line."""
    kinds: dict[str, list[Line]] = defaultdict(list)
    for line in lines:
        kinds[str(line.row.get("kind") or "-")].append(line)
    rows = ["", f"{'kind':22} {'msgs':>5} {'all':>7}"]
    for kind, group in sorted(kinds.items()):
        hits = sum(line.outcome.all_ok for line in group)
        rows.append(f"{kind:22} {len(group):5d} {_rate(hits, len(group)):>7}")
    return "\n".join(rows)


def _short(value: Any) -> str:  # noqa: ANN401 - any JSON value
    return json.dumps(value, ensure_ascii=False)


def misses(lines: list[Line]) -> str:
    """List the lines with a wrong field or another plan than the engine's."""
    out = []
    for line in lines:
        wrong = line.outcome.wrong
        other_plan = line.complete and line.engine_pick is not None and not line.same_pick
        if not wrong and not other_plan:
            continue
        out.append(f"{line.row['id']}  {_short(line.row['text'][:160])}")
        if wrong:
            fields = "; ".join(
                f"{k}: want {_short(w)} got {_short(g)}" for k, (w, g) in wrong.items()
            )
            out.append(f"    wrong: {fields}")
        if other_plan:
            out.append(f"    plan: engine {line.engine_pick} chat {line.chat_pick}")
    return "\n".join(
        ["", f"Misses: {len(out) and sum(1 for s in out if not s.startswith(' '))}", *out]
    )


def read_rows(path: Path) -> list[dict[str, Any]]:
    """Read a set's lines, exiting with the line number of one that is not a labelled line."""
    rows = []
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not text.strip():
            continue
        try:
            row = json.loads(text)
            if not isinstance(row.get("expect"), dict) or not isinstance(row.get("text"), str):
                raise TypeError("no text or expect")  # noqa: TRY301 - one message for both
        except (ValueError, TypeError, AttributeError) as error:
            sys.exit(f"{path}:{number}: not a labelled line ({error})")
        rows.append(row)
    return rows


def main(argv: list[str] | None = None) -> None:
    """Score the file named on the command line and print the report."""
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument("file", type=Path)
    arguments.add_argument("--misses", action="store_true", help="list every miss")
    arguments.add_argument("--no-chat", action="store_true", help="fields only, no sizing")
    options = arguments.parse_args(argv)
    lines = [score_line(row, chat=not options.no_chat) for row in read_rows(options.file)]
    print(f"{options.file}: {len(lines)} lines")
    print(table(lines))
    print(by_kind(lines))
    if options.misses:
        print(misses(lines))


if __name__ == "__main__":
    main()
