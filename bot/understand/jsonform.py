"""The parsed-request JSON of DESIGN.md: intent, language and only what the text said."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from bot.request import ParsedRequest


def _plain(value: Any) -> Any:  # noqa: ANN401 - field values are of several JSON-able types
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def parsed_to_json(parsed: ParsedRequest) -> dict[str, Any]:
    """Return a JSON-able dict: ``intent`` and ``language`` always, other fields when set."""
    out: dict[str, Any] = {"intent": parsed.intent.value, "language": parsed.language}
    for spec in fields(parsed):
        if spec.name in out:
            continue
        value = getattr(parsed, spec.name)
        if value is None or value == ():
            continue
        out[spec.name] = _plain(value)
    return out
