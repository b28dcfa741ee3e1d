"""The catalog as the model finder sees it: the parts of every name, built once.

Families are the first word of each catalog name (after vendor words: "NVIDIA-Nemotron-3" is a
Nemotron); other words are lines. Nothing here lists the catalog's models: a catalog with new
families, versions or quantized releases is read the same way.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Protocol

from bot.understand.gates import gated_re
from bot.understand.models.latinize import latinize_names
from bot.understand.models.name_parts import (
    COMMON_LINES,
    MODALITY_LINES,
    NEUTRAL_WORDS,
    NameParts,
    read_name,
    size_billions,
    version_prefix,
    versions_agree,
)
from sizing import BILLION


class CatalogModel(Protocol):
    """What matching needs from a catalog entry (``sizing.model.types.ModelSpec`` has it)."""

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


MAX_SUGGESTIONS = 3
_TOKEN_RE = gated_re(r"[a-z0-9]+")
_NON_ASCII_RUN_RE = gated_re(r"[^\x00-\x7f]+")
_NAME_SUFFIX_RE = gated_re(r"[-_](?:instruct|it|chat|hf|v\d+(?:\.\d+)*)$", re.IGNORECASE)
# A size said with a name agrees with the name's own size within rounding ("405b" for 405.9B);
# with the total parameter count a little more loosely ("1t" for Kimi K2's 1.03T).
_NAME_SIZE_AGREEMENT = 0.02
_TOTAL_SIZE_AGREEMENT = 0.05
# Names said whose resolution is kept (a few hundred bytes each); past this the store restarts.
_MAX_RESOLVED = 4096
# Model families that exist but are not in the catalog: a name of theirs is an unknown model,
# never a typo of a catalog name.
OTHER_FAMILIES = frozenset(
    {
        "mistral",
        "ministral",
        "codestral",
        "magistral",
        "devstral",
        "pixtral",
        "phi",
        "falcon",
        "yi",
        "grok",
        "claude",
        "gpt",
        "chatgpt",
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
        "granite",
        "command",
        "aya",
        "solar",
        "seed",
        "doubao",
        "ling",
        "longcat",
        "hermes",
        "nous",
    }
)
# Family names that are also common words: they name a model only with a version or size.
_COMMON_WORD_FAMILIES = frozenset(
    {"step", "phi", "yi", "command", "solar", "aya", "seed", "ling", "gpt", "falcon", "hermes"}
    # "le mistral souffle" (the wind), "kimi kullanıcılar" (Turkish: some users), "pour nous"
    | {"mistral", "kimi", "nous"}
)


def compact(name: str) -> str:
    """Lower case without separators: the form exact names are compared in."""
    return "".join(_TOKEN_RE.findall(name.lower()))


def _tail(model_id: str) -> str:
    return model_id.rsplit("/", maxsplit=1)[-1]


def _family_of(name: str) -> str | None:
    words: list[str] = re.findall(r"[a-z]+", name.lower())
    return next((word for word in words if word not in NEUTRAL_WORDS), None)


class ModelIndex:
    """Lookup tables over one catalog, built once."""

    def __init__(self, models: Sequence[CatalogModel]) -> None:
        self.ids = tuple(model.id for model in models)
        self._params = {model.id: model.total_params for model in models}
        self._shape = {model.id: (model.total_params, model.moe) for model in models}
        self.families = frozenset(
            family
            for model in models
            for family in (_family_of(_tail(model.id)), _family_of(model.name))
            if family is not None
        )
        self.all_families = self.families | OTHER_FAMILIES
        self.needs_version = _COMMON_WORD_FAMILIES
        self.neutral = NEUTRAL_WORDS
        self._native_words = self._collect_native_words(models)
        self.names: dict[str, list[NameParts]] = {}
        self._defaults: dict[str, list[NameParts]] = {}
        for model in models:
            self._read_names(model)
        self.lines = COMMON_LINES | {
            line for parts in self._all_parts() for line in parts.lines if line.isalpha()
        }
        self.vocabulary = self.families | self.lines
        self._pairs = {
            frozenset((a, b))
            for parts in self._all_parts()
            for a in parts.families
            for b in parts.families
            if a != b
        }
        self._versions: dict[str, set[tuple[str, str]]] = {}
        self._dates: dict[str, set[str]] = {}
        self._resolved: dict[str, tuple[str, ...]] = {}
        self._by_family: dict[str, list[tuple[str, NameParts]]] = {}
        for model_id, names in self.names.items():
            for parts in names:
                for family, version in parts.versions.items():
                    self._versions.setdefault(family, set()).add(version)
                for family in set(parts.families):
                    self._by_family.setdefault(family, []).append((model_id, parts))
                    self._dates.setdefault(family, set()).update(parts.dates)
        self._letter_versions = self._collect_letter_versions()
        self.keys: dict[str, tuple[str, ...]] = {}
        self._add_keys(models)
        self.prefixes = frozenset(key[:end] for key in self.keys for end in range(1, len(key)))

    # --- building ----------------------------------------------------------------------

    @staticmethod
    def _collect_native_words(models: Sequence[CatalogModel]) -> tuple[tuple[str, str], ...]:
        words = {
            run
            for model in models
            for alias in model.aliases
            for run in _NON_ASCII_RUN_RE.findall(latinize_names(alias.lower()))
            if run.strip()
        }
        ordered = sorted(words, key=len, reverse=True)
        return tuple((word, f" zq{index}zq ") for index, word in enumerate(ordered))

    def romanize(self, text: str) -> str:
        """Replace non-Latin words of catalog aliases (not already Latin) with placeholders."""
        if text.isascii() or not self._native_words:
            return text
        for word, token in self._native_words:
            if word in text:
                text = text.replace(word, token)
        return text

    def _read_names(self, model: CatalogModel) -> None:
        official = (model.id, _tail(model.id), model.name)
        known = self.all_families
        parts = [read_name(latinize_names(name.lower()), known) for name in official]
        aliases = [read_name(latinize_names(alias.lower()), known) for alias in model.aliases]
        unique: dict[tuple[object, ...], NameParts] = {}
        for name in [*parts, *(alias for alias in aliases if alias.families)]:
            unique.setdefault(name.key(), name)
        self.names[model.id] = list(unique.values())
        self._defaults[model.id] = [alias for alias in aliases if alias.families]

    def _all_parts(self) -> Iterable[NameParts]:
        return (parts for names in self.names.values() for parts in names)

    def _collect_letter_versions(self) -> dict[str, str]:
        """Versions of the letters r and k that one family alone has ("r1": deepseek)."""
        owners: dict[str, set[str]] = {}
        for parts in self._all_parts():
            for family, (letter, number) in parts.versions.items():
                if letter in {"r", "k"}:
                    owners.setdefault(f"{letter}{number}", set()).add(family)
        return {version: next(iter(fams)) for version, fams in owners.items() if len(fams) == 1}

    def _add_keys(self, models: Sequence[CatalogModel]) -> None:
        for explicit in (True, False):
            for model in models:
                tail = _tail(model.id)
                names = (
                    model.aliases
                    if explicit
                    else (model.id, tail, model.name, _NAME_SUFFIX_RE.sub("", tail))
                )
                for name in names:
                    key = compact(self.romanize(latinize_names(name.lower())))
                    if not key or (not explicit and key in self.keys):
                        continue
                    ids = self.keys.get(key, ())
                    if model.id not in ids:
                        self.keys[key] = (*ids, model.id)

    # --- questions the finder asks ------------------------------------------------------

    def implied_family(self, version: str) -> str | None:
        """Return the family a lone version names ("r1" is DeepSeek's), when only one has it."""
        return self._letter_versions.get(version)

    def joinable(self, families: Sequence[str], word: str) -> bool:
        """Whether one catalog model has ``word`` beside the families already said."""
        return any(frozenset((family, word)) in self._pairs for family in families)

    def same_shape(self, ids: Sequence[str]) -> bool:
        """Whether all ``ids`` size identically (same parameter count and MoE-ness)."""
        return len({self._shape[model_id] for model_id in ids}) == 1

    def _size_agrees(self, said: str, parts: NameParts, model_id: str) -> bool:
        wanted = size_billions(said)
        if not 0 < wanted < math.inf:
            return False
        own_sizes = [size_billions(own) for own in parts.sizes]
        if any(abs(own - wanted) <= _NAME_SIZE_AGREEMENT * wanted for own in own_sizes):
            return True
        # A name that states a size is held to it closely: "qwen3 32b" is not Qwen3-30B-A3B's
        # 30.5B, but "llama 4 scout 109b" is Scout's 108.6B total.
        tolerance = _NAME_SIZE_AGREEMENT if own_sizes else _TOTAL_SIZE_AGREEMENT
        total = self._shape[model_id][0] / BILLION
        return total > 0 and abs(total - wanted) <= tolerance * wanted

    def _agreement(self, said: NameParts, own: NameParts, model_id: str) -> tuple[int, ...] | None:
        """How well a model's name fits what was said (lower is better), None if it conflicts."""
        # The cheap set tests first: most names of a family fail one of them.
        if not (
            said.lines <= own.lines
            and said.experts <= own.experts
            and said.dates <= own.dates
            and (not own.active or said.active <= own.active)
            and set(said.families) <= set(own.families)
            and not (own.lines & MODALITY_LINES) - said.lines
        ):
            return None
        prefix = self._version_fit(said, own)
        if prefix is None:
            return None
        if not all(self._size_agrees(size, own, model_id) for size in said.sizes):
            return None
        unsaid = len(own.lines - said.lines) + len(set(own.families) - set(said.families))
        qualified = len(own.qualifiers & said.qualifiers)
        formats = len(own.quants ^ said.glued_quants)
        return (unsaid, -qualified, formats, len(own.dates - said.dates), prefix)

    def _version_fit(self, said: NameParts, own: NameParts) -> int | None:
        """Return how many versions fit only coarsely ("3" for 3.1), None if one conflicts."""
        prefix = 0
        for family, version in said.versions.items():
            known = own.versions.get(family)
            if known is None:
                return None
            if versions_agree(version, known):
                continue
            coarse = version_prefix(version, known)
            exact_exists = any(versions_agree(version, v) for v in self._versions[family])
            if not coarse or exact_exists:
                return None
            prefix += 1
        return prefix

    def _is_default(self, said: NameParts, model_id: str) -> bool:
        """Whether an alias says the families, versions and lines said, and no other size."""
        return any(
            alias.families == said.families
            and alias.versions == said.versions
            and alias.lines == said.lines
            and alias.sizes <= said.sizes
            for alias in self._defaults[model_id]
        )

    def resolve(self, said: NameParts) -> tuple[str, ...]:
        """Return the catalog ids that fit ``said`` best (several when equally good), or none.

        Answers are kept per name said: customers name the same few models again and again.
        """
        key = said.text_key()
        known = self._resolved.get(key)
        if known is None:
            if len(self._resolved) >= _MAX_RESOLVED:
                self._resolved.clear()
            known = self._resolved[key] = self._resolve(said)
        return known

    def _resolve(self, said: NameParts) -> tuple[str, ...]:
        if not said.families:
            return ()
        # A dated update the catalog does not list ("Qwen3-235B-A22B-Instruct-2507") has the
        # architecture of its model: the date is left out; a listed one ("V3-0324") counts.
        known_dates = self._dates.get(said.families[0], set())
        if not said.dates <= known_dates:
            said = replace(said, dates=said.dates & known_dates)
        best: dict[str, tuple[int, ...]] = {}
        for model_id, own in self._by_family.get(said.families[0], ()):
            key = self._agreement(said, own, model_id)
            if key is not None and (model_id not in best or key < best[model_id]):
                best[model_id] = key
        if not best:
            return ()
        ranked = {
            model_id: (*key, 0 if self._is_default(said, model_id) else 1)
            for model_id, key in best.items()
        }
        top = min(ranked.values())
        chosen = tuple(model_id for model_id in self.ids if ranked.get(model_id) == top)
        if said.sizes:
            return chosen
        # A name that says no size and fits models of several sizes equally ("gpt-oss",
        # "mixtral", "minimax"): the catalog's default is not the customer's choice; ask.
        fit = min(best.values())
        equal = tuple(model_id for model_id in self.ids if best.get(model_id) == fit)
        sizes = {self._params[model_id] for model_id in equal}
        return equal if len(sizes) > 1 else chosen

    def suggestions(self, said: NameParts) -> tuple[str, ...]:
        """Catalog models of the same family, the closest in size first."""
        family = said.families[0] if said.families else None
        same = [
            model_id
            for model_id, names in self.names.items()
            if names[0].families[:1] == [family]  # the family it is named by, not its base
        ]
        sizes = [size_billions(size) for size in said.sizes]
        wanted = max((size for size in sizes if 0 < size < math.inf), default=None)
        if wanted is not None:
            same.sort(
                key=lambda model_id: abs(
                    math.log(max(self._shape[model_id][0], 1) / (wanted * BILLION))
                )
            )
        return tuple(same)
