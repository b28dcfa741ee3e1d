"""Models named beyond the catalog: Hub ids and URLs, and names of families it does not hold.

Three ways a message names a model the Hub may know:

- a repository id or URL ("microsoft/phi-4", "https://huggingface.co/Qwen/Qwen3-Next-80B-A3B");
  an id names exactly that repository, so it wins over a catalog model of a similar name;
- a name of a known family whose parts match no catalog entry ("Mistral Small 3.2", "GLM 4.6":
  the catalog finder's unknown model), or of a family the catalog holds none of ("phi 4",
  "command a", "granite 4.0 h small"): the name and the parts that follow it;
- "the full model" ("满血版", "full version") of a family whose catalog entry is a reduced
  release (DeepSeek V4-Flash): the family and version, reduced releases left out.
"""

from __future__ import annotations

import re

from bot.request import HubQuery
from sizing import repo_id_of

# Families the Hub holds that the catalog does not (or not every release of), as written
# in repository ids; other scripts first map to these (``_SCRIPTS``).
HUB_FAMILIES = frozenset(
    {
        "phi",
        "command",
        "c4ai",
        "aya",
        "granite",
        "olmo",
        "olmoe",
        "exaone",
        "smollm",
        "smollm2",
        "smollm3",
        "hunyuan",
        "ernie",
        "falcon",
        "seed-oss",
        "devstral",
        "magistral",
        "ministral",
        "codestral",
        "pixtral",
        "internlm",
        "internlm3",
        "jamba",
        "longcat",
        "dots.llm1",
        "ling",
        "starcoder2",
        "apertus",
        "hermes",
    }
)
_SCRIPTS = {
    "混元": "hunyuan",
    "文心": "ernie",
    "엑사원": "exaone",
    "팔콘": "falcon",
    "фалкон": "falcon",
    "гранит": "granite",
    "美團": "longcat",
    "美团": "longcat",
}
# Words that continue a model's name after its family word.
_NAME_WORDS = frozenset(
    {
        "mini",
        "small",
        "medium",
        "large",
        "nano",
        "tiny",
        "micro",
        "instruct",
        "it",
        "chat",
        "base",
        "thinking",
        "coder",
        "moe",
        "flash",
        "pro",
        "plus",
        "air",
        "next",
        "vl",
        "oss",
        "h",
        "r",
        "r+",
        "a",
        "reasoning",
        "vision",
        "turbo",
        "max",
    }
)
_NAME_TOKEN = re.compile(
    r"(?:v?\d+(?:\.\d+)*[a-z]?|\d+(?:\.\d+)?[bm]|a\d+(?:\.\d+)?b|r\d+b|r\+|e\d+b|\d{4})"
)
# A repository id or URL: the owner and the name, each starting with a letter or digit.
_URL = re.compile(
    r"(?:https?://)?(?:www\.)?(?:huggingface\.co|hf\.co)/[^\s<>()\"'`]+", re.IGNORECASE
)
_BARE_ID = re.compile(r"(?<![\w/.@:-])[A-Za-z0-9][\w.-]{1,95}/[A-Za-z0-9][\w.-]{1,95}(?![\w/])")
# Slashes people write that are no repository: units, GPUs and formats side by side.
_NOT_AN_OWNER = re.compile(
    r"^(?:tok|tokens?|req|requests?|t|s|sec|min|h|hr|mo|month|gb|tb|usd|\$|"
    r"h\d{2,3}|mi\d{3}x?|b\d{3}|a\d{2,3}|l\d{1,2}s?|rtx\w*|fp\d+|bf16|int\d|\d+)$",
    re.IGNORECASE,
)
_FULL = re.compile(
    r"满血|滿血|完整版|全量版|full[- ]?(?:size|version|model|precision)?\b|полн(?:ая|ую|ой)|"
    r"フル|풀버전|completo|complète|vollversion",
    re.IGNORECASE,
)
_REDUCED = re.compile(r"flash|air|lite|mini|distill|small", re.IGNORECASE)
_MAX_NAME_TOKENS = 6


def find_hub_id(text: str) -> str | None:
    """Return the repository id a message gives as an id or URL, or None."""
    for match in _URL.finditer(text):
        repo = repo_id_of(match.group(0))
        if repo is not None:
            return repo
    for match in _BARE_ID.finditer(text):
        owner, _, name = match.group(0).partition("/")
        if _NOT_AN_OWNER.match(owner) or _NOT_AN_OWNER.match(name):
            continue
        if not re.search(r"[A-Za-z]", owner) or not re.search(r"[A-Za-z]", name):
            continue
        repo = repo_id_of(match.group(0).rstrip(".,;:!?"))
        if repo is not None:
            return repo
    return None


def _latin(text: str) -> str:
    lowered = text.lower()
    for script, latin in _SCRIPTS.items():
        lowered = lowered.replace(script, f" {latin} ")
    return lowered


def clean_name(text: str) -> str:
    """Keep the family word and the name parts that follow it ("glm  4.6 в fp8" -> "glm 4.6").

    A bare number is a version only right after the family word ("phi 4", "granite 4.0"), and
    the name ends at punctuation ("command a, 8 users").
    """
    head = re.split(r"[,;:!?，。；：！？、()\[\]]|\s[-–—]\s", _latin(text), maxsplit=1)[0]
    words = re.findall(r"[a-z0-9][a-z0-9.+-]*", head)
    kept: list[str] = []
    for word in words:
        part = word.strip(".-")
        if not kept:
            kept.append(part)
            continue
        if len(kept) >= _MAX_NAME_TOKENS:
            break
        bare_number = re.fullmatch(r"\d+(?:\.\d+)*", part) is not None
        if bare_number and any(re.match(r"\d", k) for k in kept[1:]):
            break
        if part in _NAME_WORDS or _NAME_TOKEN.fullmatch(part) or _joined_name(part):
            kept.append(part)
        else:
            break
    return " ".join(kept)


def _joined_name(part: str) -> bool:
    """Parts written together with a family-style word: "3.3-8b", "a13b-instruct"."""
    pieces = [p for p in re.split(r"[-.]", part) if p]
    return bool(pieces) and all(p in _NAME_WORDS or _NAME_TOKEN.fullmatch(p) for p in pieces)


def find_hub_family(text: str) -> str | None:
    """Return the name of a model of a family the catalog does not hold, or None."""
    latin = _latin(text)
    for match in re.finditer(r"[a-z0-9][a-z0-9.+-]*", latin):
        word = match.group(0)
        family = next(
            (f for f in sorted(HUB_FAMILIES, key=len, reverse=True) if word.startswith(f)), None
        )
        if family is None:
            continue
        rest = word[len(family) :].lstrip("-")
        if rest and not (_NAME_TOKEN.fullmatch(rest) or _joined_name(rest)):
            continue  # "phil", "commander": another word
        name = clean_name(latin[match.start() :])
        if name != family or _NAME_TOKEN.search(latin[match.end() : match.end() + 12]):
            return name
    return None


def full_model_of(text: str, catalog_id: str | None) -> HubQuery | None:
    """Return a query for the full model when the text asks for it and the match is reduced."""
    if catalog_id is None or not _FULL.search(text):
        return None
    name = catalog_id.split("/")[-1]
    if not _REDUCED.search(name):
        return None
    base = _REDUCED.split(name)[0].strip("-_ ")
    return HubQuery(text=base.replace("-", " ").lower(), full=True) if base else None


def hub_query(
    text: str, catalog_id: str | None, unknown_name: str | None, *, catalog_ids: frozenset[str]
) -> HubQuery | None:
    """Return what to look up on the Hub for this message, or None when the catalog serves it."""
    repo = find_hub_id(text)
    if repo is not None:
        known = {hf.casefold(): hf for hf in catalog_ids}
        if repo.casefold() in known:
            return None
        return HubQuery(text=repo, is_id=True)
    full = full_model_of(text, catalog_id)
    if full is not None:
        return full
    if catalog_id is not None:
        return None
    if unknown_name:
        start = text.lower().find(unknown_name.split()[0]) if unknown_name.split() else -1
        name = clean_name(text[start:] if start >= 0 else unknown_name)
        return HubQuery(text=name) if name else None
    family = find_hub_family(text)
    return HubQuery(text=family) if family else None


def catalog_id_of(text: str, catalog_ids: frozenset[str]) -> str | None:
    """Return the catalog id a message gives as an id or URL ("Qwen/Qwen3-32B"), or None."""
    repo = find_hub_id(text)
    if repo is None:
        return None
    known = {hf.casefold(): hf for hf in catalog_ids}
    return known.get(repo.casefold())
