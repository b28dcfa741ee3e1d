"""Finding catalog models in free text: exact names first, then tolerant of typos.

The index is built once from the catalog's ids, names and aliases. Names are compared in a
compact form (lower case, no spaces, hyphens, dots or underscores), so "deepseekv3",
"DeepSeek-V3" and "deepseek v3" are one key; the text is scanned token by token and a window
of tokens matches when its compact form is a key. A typo ("lamma3 70b") falls back to fuzzy
matching, which only accepts a name whose size tokens (70b, 8x22b) agree with the text's, so
"llama 8b" can never become a 70B model.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Protocol

from bot.understand.names import latinize_names
from bot.understand.numbers import blank

_TOKEN_RE = re.compile(r"[a-z0-9]+")
_NON_ASCII_RUN_RE = re.compile(r"[^\x00-\x7f]+")
# Main size tokens: "70b", "8x22b", "1.5b". Active ("a22b") and expert ("128e") tokens are
# details a typo-tolerant match may omit.
_MAIN_SIZE_RE = re.compile(r"(?<![a-z0-9])(?:\d+x)?\d+(?:\.\d+)?b(?![a-z0-9])")
# A token that continues a model name (a version or size): a window may not stop before one,
# so "deepseek v2" is not DeepSeek(-V3) and "gemma 2 9b" is not Gemma 3.
# Generation markers are one letter and a small number: v3 (version), k2 (Kimi), r1 (reasoning).
_VERSION_TOKEN_RE = re.compile(r"(?:\d+x)?\d+(?:\.\d+)?b|a\d+b|\d+e|[vkr]\d{1,2}|\d+\.\d+")
_DIGITS_RE = re.compile(r"\d+")
# A total size written after a name ("DeepSeek R1 671B"): it confirms the model when it is
# that model's own parameter count, rounded as people write it (405.9B is "405B").
_PLAIN_SIZE_RE = re.compile(r"\d+(?:\.\d+)?b")
SIZE_AGREEMENT = 0.02
# What may follow a family word in an unknown name: versions, sizes, plain numbers.
_NAME_PART_RE = re.compile(rf"{_VERSION_TOKEN_RE.pattern}|\d+|[a-z]\d+|\d+[a-z]\d*")
_UNKNOWN_MAX_EXTRA_TOKENS = 3
_NAME_SUFFIX_RE = re.compile(r"[-_](?:instruct|it|chat|hf|v\d+(?:\.\d+)*)$", re.IGNORECASE)
# difflib ratio a typo must reach; measured on the catalog: true typos score 0.84-0.95,
# different models of one family (with agreeing sizes) stay below 0.78.
FUZZY_MIN_RATIO = 0.8
_FUZZY_MIN_CHARS = 4
_FUZZY_MAX_EDITS = 3
_FUZZY_MAX_WINDOW_TOKENS = 6
_FUZZY_MAX_COMPARISONS = 600
# Windows tried at most: a name sits near the start of a real message; this bounds the work
# on a pasted wall of text.
_FUZZY_MAX_WINDOWS = 96
_MAX_SUGGESTIONS = 3
# Model families that exist but are not in the catalog: a name of theirs is an unknown model,
# never a typo of a catalog name ("mistral" is not "mixtral").
OTHER_FAMILIES = frozenset(
    [
        "mistral",
        "ministral",
        "codestral",
        "phi",
        "falcon",
        "yi",
        "grok",
        "claude",
        "gpt",
        "gemini",
        "nemotron",
        "minimax",
        "ernie",
        "baichuan",
        "internlm",
        "hunyuan",
        "olmo",
        "jamba",
        "dbrx",
        "starcoder",
        "vicuna",
        "mpt",
        "chatglm",
        "qwq",
        "exaone",
        "smollm",
        "tinyllama",
        "zephyr",
    ]
)


class CatalogModel(Protocol):
    """What matching needs from a catalog entry (``sizing.types.ModelSpec`` has it)."""

    @property
    def id(self) -> str:
        """Hugging Face id."""
        ...

    @property
    def name(self) -> str:
        """Display name."""
        ...

    @property
    def aliases(self) -> tuple[str, ...]:
        """Names people use."""
        ...

    @property
    def total_params(self) -> int:
        """Parameter count, to tell same-shaped duplicates from different models."""
        ...

    @property
    def moe(self) -> bool:
        """Whether the model has routed experts."""
        ...


@dataclass(frozen=True, slots=True)
class ModelMatch:
    """What the text says about a catalog model."""

    model: str | None = None
    ambiguous: tuple[str, ...] = ()
    unknown_model: str | None = None
    suggestions: tuple[str, ...] = ()
    rest: str = ""  # the text with the matched name blanked


def compact(name: str) -> str:
    """Lower case without separators: the form names are compared in."""
    return "".join(_TOKEN_RE.findall(name.lower()))


def _main_sizes(tokens_text: str) -> frozenset[str]:
    return frozenset(_MAIN_SIZE_RE.findall(tokens_text))


class ModelIndex:
    """Lookup tables over one catalog, built once."""

    def __init__(self, models: Sequence[CatalogModel]) -> None:
        self.ids = tuple(model.id for model in models)
        self._shape = {model.id: (model.total_params, model.moe) for model in models}
        self._native_words = self._collect_native_words(models)
        self.keys: dict[str, tuple[str, ...]] = {}
        self._key_sizes: dict[str, frozenset[str]] = {}
        self._add_keys(models, explicit=True)
        self._add_keys(models, explicit=False)
        self.prefixes = frozenset(key[:end] for key in self.keys for end in range(1, len(key)))
        # Keys that begin a longer key: only after these can a misspelt longer name follow.
        self.extendable = frozenset(
            key
            for key in self.keys
            if any(other != key and other.startswith(key) for other in self.keys)
        )
        # Fuzzy candidates by first letter and digits: a typo keeps both ("lamma3 70b").
        buckets: dict[tuple[str, tuple[str, ...]], list[str]] = {}
        for key in self.keys:
            buckets.setdefault((key[0], tuple(_DIGITS_RE.findall(key))), []).append(key)
        self.fuzzy_buckets = {bucket: tuple(keys) for bucket, keys in buckets.items()}
        self.families = frozenset(
            match.group()
            for model in models
            if (match := re.match(r"[a-z]+", model.name.lower())) is not None
        )

    @staticmethod
    def _collect_native_words(models: Sequence[CatalogModel]) -> tuple[tuple[str, str], ...]:
        words = {
            run
            for model in models
            for alias in model.aliases
            for run in _NON_ASCII_RUN_RE.findall(alias.lower())
            if run.strip()
        }
        # Longest first so that 通义千问 is replaced before 千问.
        ordered = sorted(words, key=len, reverse=True)
        return tuple((word, f" zq{index}zq ") for index, word in enumerate(ordered))

    def romanize(self, text: str) -> str:
        """Replace the catalog's non-Latin name words with placeholder tokens."""
        if text.isascii():
            return text
        for word, token in self._native_words:
            if word in text:
                text = text.replace(word, token)
        return text

    def _names(self, model: CatalogModel, *, explicit: bool) -> Iterable[str]:
        if explicit:
            return model.aliases
        tail = model.id.split("/")[-1]
        return (
            model.id,
            tail,
            model.name,
            _NAME_SUFFIX_RE.sub("", tail),
            _NAME_SUFFIX_RE.sub("", _NAME_SUFFIX_RE.sub("", tail)),
        )

    def _add_keys(self, models: Sequence[CatalogModel], *, explicit: bool) -> None:
        derived: dict[str, list[str]] = {}
        for model in models:
            for name in self._names(model, explicit=explicit):
                key = compact(self.romanize(name.lower()))
                if key and (explicit or key not in self.keys):
                    ids = derived.setdefault(key, [])
                    if model.id not in ids:
                        ids.append(model.id)
                    sizes = _main_sizes(" ".join(_TOKEN_RE.findall(name.lower())))
                    self._key_sizes[key] = self._key_sizes.get(key, frozenset()) | sizes
        for key, ids in derived.items():
            self.keys[key] = tuple(ids)

    def same_shape(self, ids: Sequence[str]) -> bool:
        """Whether all ``ids`` size identically (same parameter count and MoE-ness)."""
        return len({self._shape[model_id] for model_id in ids}) == 1

    def size_agrees(self, key: str, size_token: str) -> bool:
        """Whether a plain size token ("671b") is the total size of every model of ``key``."""
        if not _PLAIN_SIZE_RE.fullmatch(size_token):
            return False
        said = float(size_token[:-1]) * 1e9
        return all(
            abs(self._shape[model_id][0] - said) <= SIZE_AGREEMENT * said
            for model_id in self.keys[key]
        )

    def key_sizes(self, key: str) -> frozenset[str]:
        """Return the main size tokens of a key's source names."""
        return self._key_sizes.get(key, frozenset())


@cache
def catalog_index() -> ModelIndex:
    """Return the index over the shipped catalog (``sizing.models.load_models``), built once."""
    from sizing import load_models  # noqa: PLC0415 - the catalog loads on first use

    return ModelIndex(load_models())


@dataclass(frozen=True, slots=True)
class _Token:
    text: str
    start: int
    end: int


def _tokens(text: str) -> list[_Token]:
    return [_Token(m.group(), m.start(), m.end()) for m in _TOKEN_RE.finditer(text)]


def _complete(tokens: Sequence[_Token], first: int, last: int) -> bool:
    """Whether a window may end at ``last``: it names a size, or no version token follows."""
    if last + 1 >= len(tokens) or not _VERSION_TOKEN_RE.fullmatch(tokens[last + 1].text):
        return True
    return any(_MAIN_SIZE_RE.fullmatch(token.text) for token in tokens[first : last + 1])


def _exact_matches(index: ModelIndex, tokens: Sequence[_Token]) -> list[tuple[int, int, str]]:
    """Leftmost-longest windows ``(first, last, key)`` whose compact form is a key."""
    found: list[tuple[int, int, str]] = []
    position = 0
    while position < len(tokens):
        best: tuple[int, int, str] | None = None
        joined = ""
        for last in range(position, len(tokens)):
            joined += tokens[last].text
            if joined in index.keys and _complete(tokens, position, last):
                best = (position, last, joined)
            elif joined in index.keys and index.size_agrees(joined, tokens[last + 1].text):
                best = (position, last + 1, joined)  # the name and its own size
            if joined not in index.prefixes:
                break
        if best is None:
            position += 1
            continue
        found.append(best)
        position = best[1] + 1
    return found


def _fuzzy_windows(
    tokens: Sequence[_Token], starts: Iterable[int]
) -> Iterable[tuple[int, int, str]]:
    for first in starts:
        token = tokens[first]
        if not token.text[0].isalpha() or token.text in OTHER_FAMILIES:
            continue
        joined = ""
        for last in range(first, min(first + _FUZZY_MAX_WINDOW_TOKENS, len(tokens))):
            joined += tokens[last].text
            if len(joined) >= _FUZZY_MIN_CHARS and _complete(tokens, first, last):
                yield first, last, joined


def _fuzzy_match(
    index: ModelIndex,
    tokens: Sequence[_Token],
    starts: Iterable[int],
    min_tokens: int = 1,
) -> tuple[int, int, str] | None:
    """Find the best typo-tolerant window; its sizes and every digit must agree with the key."""
    best: tuple[float, int, int, str] | None = None
    comparisons = 0
    for tried, (first, last, joined) in enumerate(_fuzzy_windows(tokens, starts)):
        if tried >= _FUZZY_MAX_WINDOWS or comparisons >= _FUZZY_MAX_COMPARISONS:
            break
        bucket = index.fuzzy_buckets.get((joined[0], tuple(_DIGITS_RE.findall(joined))), ())
        if last - first + 1 < min_tokens or not bucket:
            continue
        sizes = _main_sizes(" ".join(t.text for t in tokens[first : last + 1]))
        candidates = [
            key
            for key in bucket
            if abs(len(key) - len(joined)) <= _FUZZY_MAX_EDITS and index.key_sizes(key) == sizes
        ]
        comparisons += len(candidates)
        for ratio, key in _ratios(joined, candidates):
            if best is None or ratio > best[0]:
                best = (ratio, first, last, key)
    return None if best is None else best[1:]


def _ratios(joined: str, keys: Sequence[str]) -> Iterable[tuple[float, str]]:
    """Yield ``(ratio, key)`` for the keys at least FUZZY_MIN_RATIO similar to ``joined``."""
    if not keys:
        return
    matcher = difflib.SequenceMatcher(None, "", joined, autojunk=False)
    for key in keys:
        matcher.set_seq1(key)
        if matcher.real_quick_ratio() < FUZZY_MIN_RATIO or matcher.quick_ratio() < FUZZY_MIN_RATIO:
            continue
        ratio = matcher.ratio()
        if ratio >= FUZZY_MIN_RATIO:
            yield ratio, key


def _unknown_name(index: ModelIndex, tokens: Sequence[_Token], text: str) -> str | None:
    """Find a model-like name not in the catalog: a family word and the versions after it."""
    families = index.families | OTHER_FAMILIES
    for first, token in enumerate(tokens):
        family = re.match(r"[a-z]+", token.text)
        if family is None or family.group() not in families:
            continue
        last = first
        while (
            last + 1 < len(tokens)
            and last - first < _UNKNOWN_MAX_EXTRA_TOKENS
            and _NAME_PART_RE.fullmatch(tokens[last + 1].text)
        ):
            last += 1
        return text[token.start : tokens[last].end]
    return None


def _suggestions(index: ModelIndex, name: str) -> tuple[str, ...]:
    wanted = compact(name)
    close = difflib.get_close_matches(wanted, list(index.keys), n=12, cutoff=0.5)
    family = re.match(r"[a-z]+", wanted)
    if family is not None:
        close += [key for key in index.keys if key.startswith(family.group())]
    ids: list[str] = []
    for key in close:
        for model_id in index.keys[key]:
            if model_id not in ids:
                ids.append(model_id)
    return tuple(ids[:_MAX_SUGGESTIONS])


def find_model(text: str, index: ModelIndex | None = None) -> ModelMatch:
    """Find the first catalog model named in ``text`` (cleaned), or what could not be matched."""
    index = index or catalog_index()
    romanized = index.romanize(latinize_names(text))
    tokens = _tokens(romanized)
    matches = _exact_matches(index, tokens)
    window: tuple[int, int, str] | None
    if matches:
        # An exact short name may be the start of a longer misspelt one
        # ("deepseek-r1-distil-llama-70b"): a longer fuzzy window from the same token wins.
        first, last, key = window = matches[0]
        if key in index.extendable:
            longer = _fuzzy_match(index, tokens, (first,), min_tokens=last - first + 2)
            if longer is not None and len(longer[2]) > len(key):
                window = longer
    else:
        window = _fuzzy_match(index, tokens, range(len(tokens)))
    if window is not None:
        first, last, key = window
        ids = index.keys[key]
        rest = blank(romanized, tokens[first].start, tokens[last].end)
        if len(ids) == 1:
            return ModelMatch(model=ids[0], rest=rest)
        model = ids[0] if index.same_shape(ids) else None
        return ModelMatch(model=model, ambiguous=ids, rest=rest)
    unknown = _unknown_name(index, tokens, romanized)
    if unknown is None:
        return ModelMatch(rest=romanized)
    # The unknown name stays in the text: its size ("falcon 180b") is still worth reading.
    return ModelMatch(
        unknown_model=unknown, suggestions=_suggestions(index, unknown), rest=romanized
    )
