"""A model's config.json pasted into the message text, and pasted launch commands.

Customers paste a config as text as often as they send the file. A paste is the text from the
first ``{`` to the last ``}`` when it holds a config's fields; it is read as an upload of that
text would be, and the words around it (a caption: "FP8, 128K, 20 users") qualify it.
Telegram cuts a message longer than 4,096 characters into several: a paste that does not close
is answered with a request for the file, never sized from its first part.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

# Fields every decoder's config has: a brace holding none of them is no config.
_CONFIG_FIELDS = ('"model_type"', '"architectures"', '"num_hidden_layers"', '"hidden_size"')


@dataclass(frozen=True, slots=True)
class Paste:
    """A config found in a message: its JSON text (None when cut off) and the words around it."""

    json_text: str | None
    caption: str


def find_paste(text: str) -> Paste | None:
    """Return the config pasted into ``text``, a cut one, or None when there is none."""
    start = text.find("{")
    if start < 0 or not any(name in text[start:] for name in _CONFIG_FIELDS):
        return None
    end = text.rfind("}")
    caption = text[:start]
    if end > start:
        candidate = text[start : end + 1]
        try:
            json.loads(candidate)
        except (ValueError, RecursionError):
            pass
        else:
            return Paste(json_text=candidate, caption=f"{caption} {text[end + 1 :]}".strip())
    return Paste(json_text=None, caption=caption.strip())
