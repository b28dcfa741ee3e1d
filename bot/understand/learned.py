"""A learned second reading of the intent the rules chose.

The rule-based parser reads every field; this layer re-reads one label, the intent, from the
message's characters and words *and* the parser's own reading (which fields it found, which
value it chose). The head is a small linear model (softmax regression over hashed features)
trained on the labelled messages under ``tests/bot/understand/data`` by
``tools/train_learned.py``; the weights ship in ``data/learned.npz``. Heads of other labels
(the figure asked, the topic, the lever) were tried and left out (README).

A head changes the parser's value only when it is sure (probability at or above its threshold,
over one half, so the parser's value is then unlikely); otherwise the rules stand.
The model never adds a figure: it relabels what the rules read, so every number an answer prints
still comes from the text and the engine.
"""

from __future__ import annotations

import io
import logging
import re
import zlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from bot.request import Intent, ParsedRequest
from bot.understand.gates import gated_re
from bot.understand.intents import is_trivial, says
from bot.understand.text import clean_text

_log = logging.getLogger(__name__)

FEATURE_VERSION = 1
BITS = 16  # hashed feature space: 2**16 buckets
MAX_CHARS = 1500  # characters read: a pasted e-mail's ask sits in its first screens
# Shorter messages are the rules' alone: their words are few, the rules' tests many, and the
# heads' held-out gains all came from longer ones.
MIN_CHARS = 40
HEADS = ("intent",)  # the heads shipped; asked, topic and lever were tried (README)
NONE = "None"  # the class of "no value"
MODEL_PATH = Path(__file__).with_name("data") / "learned.npz"

_MIX = np.uint64(0x9E3779B97F4A7C15)
_SHIFT = np.uint64(64 - BITS)
_SPACES = re.compile(r"\s+")
_WORDS = re.compile(r"\w+")
# Fields of the parser's JSON that say nothing about what a message asks.
_QUIET = frozenset({"language"})

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float32]


def value_of(parsed: Mapping[str, Any], field: str) -> str:
    """Return the parser's value of a label as a class name (``None`` when absent)."""
    value = parsed.get(field)
    return NONE if value in (None, "", [], {}) else str(value)


def _mixed(values: npt.NDArray[np.uint64]) -> IntArray:
    """Spread 64-bit hashes over the feature buckets."""
    return ((values * _MIX) >> _SHIFT).astype(np.int64)


def _string_hashes(names: Iterable[str]) -> IntArray:
    hashes = np.fromiter((zlib.crc32(name.encode("utf-8")) for name in names), dtype=np.uint64)
    return _mixed(hashes + np.uint64(1 << 40))


def _char_grams(text: str) -> IntArray:
    """Hashes of the text's character 2-, 3- and 4-grams (one vectorised pass each)."""
    # (a lone surrogate, as a broken emoji leaves, is a code like any other)
    raw = text.encode("utf-32-le", errors="surrogatepass")
    codes = np.frombuffer(raw, dtype=np.uint32).astype(np.uint64)
    parts = []
    for size in (2, 3, 4):
        count = len(codes) - size + 1
        if count <= 0:
            continue
        rolling = np.full(count, np.uint64(size), dtype=np.uint64)
        for offset in range(size):
            rolling = rolling * np.uint64(1_000_003) + codes[offset : offset + count]
        parts.append(_mixed(rolling))
    return np.concatenate(parts) if parts else np.zeros(0, dtype=np.int64)


def features(text: str, parsed: Mapping[str, Any], field: str) -> IntArray:
    """Return the hashed features of one message for one head (sorted, without repeats).

    The text's characters and words, the language the parser chose (not a client's hint: the
    same text reads the same), the parser's value of this label and its intent, and each field
    the parser read (alone and beside its value of the label).
    """
    clean = " " + _SPACES.sub(" ", text[:MAX_CHARS].lower()) + " "
    rule = value_of(parsed, field)
    names = [
        "bias",
        "rule:" + rule,
        "lang:" + str(parsed.get("language")),
        "intent:" + str(parsed.get("intent")),
    ]
    for key in sorted(parsed):
        if key not in _QUIET and parsed[key] not in (None, "", [], {}, False):
            names += ["field:" + key, "rule-field:" + rule + ":" + key]
    for word in _WORDS.findall(clean):
        names += ["word:" + word, "rule-word:" + rule + ":" + word]
    grams = _char_grams(clean)
    return np.unique(np.concatenate([_string_hashes(names), grams]))


@dataclass(frozen=True)
class Head:
    """One label's model: its classes, weights (int8, scaled) and threshold."""

    field: str
    classes: tuple[str, ...]
    weights: npt.NDArray[np.int8]  # (2**BITS, classes)
    scale: float
    threshold: float

    def probabilities(self, index: IntArray) -> FloatArray:
        """Return the class probabilities for a message's features."""
        scores = self.weights[index].sum(axis=0, dtype=np.float32) * np.float32(self.scale)
        scores -= scores.max()
        exp: FloatArray = np.exp(scores).astype(np.float32)
        total = np.float32(exp.sum())
        share: FloatArray = exp / total
        return share

    def choose(self, index: IntArray, rule: str) -> str | None:
        """Return the class to put in place of the rule's, or ``None`` to keep the rule's."""
        probs = self.probabilities(index)
        best = int(probs.argmax())
        choice = self.classes[best]
        # at a threshold over one half, the rules' class is then at most one minus it
        return None if choice == rule or probs[best] < self.threshold else choice


@lru_cache(maxsize=1)
def load_heads(path: Path = MODEL_PATH) -> tuple[Head, ...]:
    """Return the shipped heads (none when the file is missing or of another feature version)."""
    try:
        # (read whole first: numpy leaves a truncated file's handle open)
        with np.load(io.BytesIO(path.read_bytes()), allow_pickle=False) as data:
            if int(data["feature_version"]) != FEATURE_VERSION:
                _log.warning("learned model of another feature version: not used")
                return ()
            return tuple(
                Head(
                    field,
                    tuple(str(name) for name in data[field + ".classes"]),
                    data[field + ".weights"],
                    float(data[field + ".scale"]),
                    float(data[field + ".threshold"]),
                )
                for field in HEADS
                if field + ".weights" in data
            )
    except Exception:  # noqa: BLE001 - a truncated or foreign file: the rules stand alone
        _log.warning("learned model not readable: the rules stand alone")
        return ()


# What a label needs the rules to have read (``admissible``): a model for a sizing, none for a
# discovery, a model or a training figure for a training job. Over the labelled sets, 95% of
# sizing lines name a model or a kind of model, 99% of discovery lines name none.
_MODEL_FIELDS = frozenset(
    {"model", "hf_id", "params_b", "members", "unknown_model", "suggestions", "hub"}
)
_TRAINING_FIELDS = frozenset({"method", "tokens", "epochs", "seq_len"})


# Intents the rules hold from a cue word of their own ("same settings, Qwen3 235B instead",
# "have sales contact me"): a word the head weighs among hundreds, the rules' reason to choose.
_CUED = ("followup", "sales")
_GPUS_WEIGHED = 2  # GPUs of ours named in one comparison
# Words that set one choice against another: "rather H200 or MI355X", "H200 vs MI355X".
_RATHER_RE = gated_re(
    r"(?<![a-z])(?:rather|plutôt|eher|más bien|de preferência|vs\.?|versus)(?![a-z])|лучше|"
    r"哪个更|哪個更|どちらが|어느 쪽이"
)


def _rules_said_so(rule: str | None, parsed: Mapping[str, Any], clean: str) -> bool:
    """Whether the message's own words hold the rules' intent, so that no head may change it."""
    if rule in _CUED and rule is not None and says(rule, clean):
        return True
    if rule == Intent.SALES.value and says("purchase", clean):
        return True  # an order placed in words: "Хотим купить два сервера MI355X, как оформить?"
    # two of ours weighed against each other: "plutôt H200 ou MI355X ?"
    return (
        rule == Intent.COMPARE.value
        and len(parsed.get("gpus") or ()) >= _GPUS_WEIGHED
        and _RATHER_RE.search(clean) is not None
    )


def admissible(field: str, choice: str, parsed: Mapping[str, Any], text: str = "") -> bool:
    """Whether a head's choice agrees with what the rules read (a sizing needs a model...)."""
    if field != "intent":
        return True
    rule = value_of(parsed, field)
    clean = clean_text(text)
    if _rules_said_so(rule, parsed, clean):
        return False
    if (
        choice == Intent.SALES.value
        and rule != choice
        and not parsed.get("unrented_gpu")
        and not (says("sales", clean) or says("purchase", clean))
    ):
        # a hand-off needs words of a person or an order ("customer asks which plan fits" is
        # none), or hardware we do not rent asked for (a person may find it)
        return False
    read = {key for key, value in parsed.items() if value not in (None, "", [], {}, False)}
    if rule == Intent.UNKNOWN.value and not read - {"intent", "language"}:
        return False  # nothing read: thanks, a greeting, a word of goodbye, however long
    if rule == Intent.DISCOVER.value and read & {"use_case", "kv_cache_bytes"}:
        return False  # a use read with no model ("2 TB of KV cache, how many servers?")
    named = bool(read & _MODEL_FIELDS)
    needs = {
        Intent.SIZE.value: named or "model_kind" in read,
        Intent.DISCOVER.value: not named,
        Intent.TRAIN.value: named or bool(read & _TRAINING_FIELDS),
    }
    return needs.get(choice, True)


def _set(request: ParsedRequest, field: str, value: str | None) -> ParsedRequest:
    """Return the request with a head's label (the intent: the one head shipped, ``HEADS``)."""
    if field != "intent":
        return request  # a head of another label would need its own setter here
    return replace(request, intent=Intent(value or Intent.UNKNOWN.value))


def choice_of(head: Head, text: str, parsed: Mapping[str, Any]) -> str | None:
    """Return the class a head puts in place of the rules' for a message, or ``None``.

    ``parsed`` is the rules' reading as JSON (``parsed_to_json``). Messages shorter than
    ``MIN_CHARS``, commands, thanks and trivia, and choices the rules' fields do not allow
    (``admissible``) keep the rules'.
    """
    if len(text.strip()) < MIN_CHARS or parsed.get("command") or parsed.get("courtesy"):
        return None  # short, a command, thanks: the rules' reading
    if is_trivial(clean_text(text)):
        return None
    choice = head.choose(features(text, parsed, head.field), value_of(parsed, head.field))
    return choice if choice is not None and admissible(head.field, choice, parsed, text) else None


def relabel(
    request: ParsedRequest,
    parsed: Mapping[str, Any],
    text: str,
    heads: Sequence[Head] | None = None,
) -> ParsedRequest:
    """Return the request with each head's surer label in place of the rules'.

    ``parsed`` is the request's JSON (``parsed_to_json``), the features' reading of the rules.
    Whatever goes wrong in a head, the rules' reading stands.
    """
    relabelled = request
    try:
        for head in load_heads() if heads is None else heads:
            choice = choice_of(head, text, parsed)
            if choice is not None:
                relabelled = _set(relabelled, head.field, None if choice == NONE else choice)
    except Exception:  # noqa: BLE001 - a head is a second opinion: never a reason to fail
        _log.exception("learned relabel failed: the rules stand alone")
        return request
    return relabelled


# ---------------------------------------------------------------------------------------------
# Training (tools/train_learned.py and the tests): softmax regression by stochastic gradient.


@dataclass(frozen=True)
class Example:
    """One labelled message: its features and the classes its label accepts."""

    index: IntArray
    accepted: tuple[str, ...]
    weight: float = 1.0  # a label its writer gave: 1; the rules' own value, unlabelled: less


def train_head(
    field: str,
    examples: Sequence[Example],
    classes: Sequence[str],
    *,
    epochs: int = 6,
    rate: float = 0.2,
    seed: int = 1,
    threshold: float = 0.9,
) -> Head:
    """Fit one head; the loss is minus the log of the probability of the accepted classes."""
    order = {name: number for number, name in enumerate(classes)}
    weights = np.zeros((1 << BITS, len(classes)), dtype=np.float32)
    rows = [
        (example.index, [order[name] for name in example.accepted if name in order], example.weight)
        for example in examples
    ]
    rows = [row for row in rows if row[1]]
    shuffle = np.random.default_rng(seed)
    for _ in range(epochs):
        for number in shuffle.permutation(len(rows)):
            index, accepted, weight = rows[int(number)]
            scores = weights[index].sum(axis=0)
            scores -= scores.max()
            probs = np.exp(scores)
            probs /= probs.sum()
            target = np.zeros(len(classes), dtype=np.float32)
            target[accepted] = probs[accepted] + 1e-9
            target /= target.sum()
            weights[index] -= rate * weight * (probs - target)
    peak = float(np.abs(weights).max()) or 1.0
    scale = peak / 127.0
    quantised = np.round(weights / scale).astype(np.int8)
    return Head(field, tuple(classes), quantised, scale, threshold)


def save_heads(heads: Sequence[Head], path: Path, digest: str) -> None:
    """Write heads to an ``.npz`` with the feature version and the training data's digest."""
    arrays: dict[str, Any] = {
        "feature_version": np.array(FEATURE_VERSION),
        "data_digest": np.array(digest),
    }
    for head in heads:
        arrays[head.field + ".classes"] = np.array(head.classes)
        arrays[head.field + ".weights"] = head.weights
        arrays[head.field + ".scale"] = np.array(head.scale)
        arrays[head.field + ".threshold"] = np.array(head.threshold)
    np.savez_compressed(path, **arrays)


def shipped_digest(path: Path = MODEL_PATH) -> str | None:
    """Return the digest of the sets the shipped model learned from (``None``: no model)."""
    try:
        with np.load(io.BytesIO(path.read_bytes()), allow_pickle=False) as data:
            return str(data["data_digest"])
    except Exception:  # noqa: BLE001 - no model, or none readable
        return None
