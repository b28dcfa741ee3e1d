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
from collections.abc import Mapping
from functools import lru_cache

from bot.request import HubQuery
from bot.understand.gates import gated_re
from bot.understand.models.index import OTHER_FAMILIES
from bot.understand.models.latinize import latinize_names
from bot.understand.models.name_parts import correct_word
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
    "コヒア": "cohere",
    "コマンド": "command ",
    "फाई": "phi",
    "ग्रेनाइट": "granite",
    "سمول إل إم": "smollm",
    "سمول": "smollm",
    "فاي": "phi",
    "فاى": "phi",
    "фи-": "phi-",
    "фи ": "phi ",
    "гранит": "granite",
    "немотрон": "nemotron",
    "엑사원": "exaone",
    "エクサワン": "exaone",
    "混元": "hunyuan",
    "文心": "ernie",
    "팔콘": "falcon",
    "фалкон": "falcon",
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
_NAME_TOKEN = gated_re(
    r"(?:[a-z]?\d+(?:\.\d+)*[a-jl-z]?|\d+(?:\.\d+)?[bm]|a\d+(?:\.\d+)?b|r\d+b|r\+|e\d+b|\d{4})"
)
# A repository id or URL: the owner and the name, each starting with a letter or digit.
_URL = gated_re(r"(?:https?://)?(?:www\.)?(?:huggingface\.co|hf\.co)/[^\s<>()\"'`]+", re.IGNORECASE)
_BARE_ID = gated_re(r"(?<![\w/.@:-])[A-Za-z0-9][\w.-]{1,95}/[A-Za-z0-9][\w.-]{1,95}(?![\w/])")
# Slashes people write that are no repository: units, GPUs and formats side by side.
_NOT_AN_OWNER = gated_re(
    r"^(?:tok|tokens?|req|requests?|t|s|sec|min|h|hr|mo|month|gb|tb|usd|\$|"
    r"h\d{2,3}|mi\d{3}x?|b\d{3}|a\d{2,3}|l\d{1,2}s?|rtx\w*|fp\d+|bf16|int\d|\d+)$",
    re.IGNORECASE,
)
# Where pages and tickets live, and a ticket's key: "wiki/LLM-442", "jira/OPS-17", "browse/ML-9".
_WIKI_OWNER = gated_re(
    r"^(?:wiki|docs?|runbooks?|confluence|jira|browse|issues?|tickets?|pull|pulls|tree|blob|"
    r"notion|linear|gitlab|github|kb|pages?)$",
    re.IGNORECASE,
)
_TICKET_KEY = gated_re(r"^[A-Z]{2,10}-\d{1,6}$")
_IMAGE_TAG = gated_re(r":[\w.-]+")
_IMAGE_BEFORE = gated_re(r"(?:image|docker pull|from)\s?:?\s*$", re.IGNORECASE)
_FULL = gated_re(
    # (not "full fine-tune", "full-parameter training": a training method, not the full release)
    r"满血|滿血|完整版|全量版|full[- ]?(?:size|version|model|precision)?\b"
    r"(?![- ]?(?:fine|ft\b|finetun|param|sft|train|weights))|полн(?:ая|ую|ой)(?! дообуч| обуч)|"
    r"フル(?!ファイン|チューニング|パラメータ|学習|ft)|풀버전|completo|complète|vollversion",
    re.IGNORECASE,
)
# Words of a reduced release of a family's model (the full one is "满血版").
REDUCED_WORDS = ("flash", "air", "lite", "mini", "distill", "small")
_REDUCED = gated_re("|".join(REDUCED_WORDS), re.IGNORECASE)
_FAMILIES_LONGEST_FIRST = sorted(HUB_FAMILIES, key=len, reverse=True)
_SPELLED_FAMILIES = tuple(f for f in _FAMILIES_LONGEST_FIRST if not f.isalpha())  # "seed-oss"
_STEM = gated_re(r"[a-z]+")
_MIN_TYPO_CHARS = 4  # shorter words are corrected to nothing (as the catalog finder does)
# Families whose name is also a word people write for other reasons.
_COMMON_WORD_FAMILIES = frozenset(
    {"command", "ling", "falcon", "aya", "hermes", "jamba", "granite", "dots.llm1", "apertus"}
)
_COMMAND_RELEASES = frozenset({"a", "r", "r+", "r7b", "plus"})
# Families typos are corrected to; a word that is one of them is never corrected to another.
_TYPO_FAMILIES = (
    HUB_FAMILIES
    | OTHER_FAMILIES
    | {"llama", "qwen", "deepseek", "mixtral", "gemma", "glm", "kimi", "minimax", "step", "mimo"}
)
# A release date after a catalog model's name names another release ("Qwen3-30B-A3B 2507",
# "R1 0528"): a year and month (2407-2612) or a month and day, not a count.
_RELEASE_DATE = gated_re(
    r"(?<![\d.,])(2[3-6](?:0[1-9]|1[0-2])|(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01]))(?![\d%]|[.,]\d)"
    r"(?!\s*(?:users?|tokens?|req|пользоват|用户|用戶|人|명|ユーザー|usuarios|usuários|nutzer|"
    r"utilisateurs|kullanıcı|مستخدم|यूज़र|gb|tb|\$|€))",
    re.IGNORECASE,
)
_DATE_REACH = 48  # characters after the model's family word where its date may stand
_MAX_NAME_TOKENS = 6
_NAME_END = gated_re(r"[,;:!?，。；：！？、،؛()\[\]（）]|\s[-–—]\s")
# A size glued to a name ("Aurora-Sage-70B", "Foo-13B-Chat"): a model's name, not "a 70B model".
_NAMED_SIZE = gated_re(
    r"(?<![\w/-])(?:[A-Za-z][A-Za-z0-9.]*-)+\d+(?:\.\d+)?[Bb](?:-[A-Za-z][A-Za-z0-9]*)*(?![\w-])"
)
# Lines that make another release of the same family ("DeepSeek V4 Pro" beside V4-Flash).
_LINE_WORDS = frozenset({"pro", "max", "plus", "ultra", "thinking", "nano", "mini", "next"})
_SIZE_WORDS = frozenset({"small", "mini", "medium", "large", "nano", "tiny", "micro", "flash"})


def _page_or_image(text: str, match: re.Match[str], owner: str, name: str) -> bool:
    """Whether an "owner/name" is a page, a ticket or a container image, not a repository.

    "runbook: wiki/LLM-442", "see jira/INFRA-209", "image: vllm/vllm-openai:v0.8.4".
    """
    if _WIKI_OWNER.match(owner) or _TICKET_KEY.match(name):
        return True
    return bool(
        _IMAGE_TAG.match(text, match.end())
        or _IMAGE_BEFORE.search(text, max(0, match.start() - 12), match.start())
    )


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
        if _page_or_image(text, match, owner, name):
            continue
        if not re.search(r"[A-Za-z]", owner) or not re.search(r"[A-Za-z]", name):
            continue
        if not re.search(r"[\d-]", name):
            continue  # "AMD/ROCm", "vLLM/SGLang": alternatives, not a repository
        if re.fullmatch(r"(?:no|non|not|un|anti)-?", name.lower().removesuffix(owner.lower())):
            continue  # "Go/No-Go", "Buy/No-Buy": a choice and its negation, not a repository

        repo = repo_id_of(match.group(0).rstrip(".,;:!?"))
        if repo is not None:
            return repo
    return None


_SEED_OSS = gated_re(r"\bseed[\s-]?oss?\b")


@lru_cache(maxsize=256)
def _latin(text: str) -> str:
    lowered = _SEED_OSS.sub("seed-oss", latinize_names(text.lower()))
    for script, latin in _SCRIPTS.items():
        lowered = lowered.replace(script, f" {latin} ")
    return lowered


def clean_name(text: str, *, latin: bool = False) -> str:
    """Keep the family word and the name parts that follow it ("glm  4.6 в fp8" -> "glm 4.6").

    A bare number is a version only before any other number, right after the family or a size
    word ("phi 4", "mistral small 3.2"); the name ends at punctuation ("command a, 8 users")
    and at the first word in another script.
    """
    head = _NAME_END.split(text if latin else _latin(text), maxsplit=1)[0]
    kept: list[str] = []
    for token in head.split():
        part = re.split(r"['’`]", token)[0].strip(".-?!؟¿¡")  # "mini'yi": a Turkish suffix
        if not re.fullmatch(r"[a-z0-9][a-z0-9.+-]*", part):
            break
        if not kept:
            stem = re.match(r"[a-z]+", part)
            fixed = correct_word(stem.group(0), _TYPO_FAMILIES) if stem else None
            kept.append(fixed + part[stem.end() :] if fixed and stem else part)
            continue
        if len(kept) >= _MAX_NAME_TOKENS:
            break
        if re.fullmatch(r"\d+(?:\.\d+)*", part):
            numbered = any(re.search(r"\d", k) for k in kept)
            after_name = (len(kept) == 1 and kept[0].isalpha()) or kept[-1] in _SIZE_WORDS
            if numbered or not after_name:
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


def _family_of(word: str) -> tuple[str, str] | None:
    """Return (family, the rest of the word) for a word naming a Hub family, typos allowed."""
    stem = _STEM.match(word)
    if stem is None:
        return None
    if stem.group(0) in HUB_FAMILIES:
        return stem.group(0), word[stem.end() :]
    for family in _SPELLED_FAMILIES:
        if word.startswith(family):
            return family, word[len(family) :]
    if len(stem.group(0)) < _MIN_TYPO_CHARS or stem.group(0) in _TYPO_FAMILIES:
        return None  # another family's own name ("mistral" is no typo of "magistral")
    corrected = correct_word(stem.group(0), _TYPO_TARGETS)
    return (corrected, word[stem.end() :]) if corrected else None


# Families a misspelling may be read as: those written with letters only ("chain" is no typo
# of "c4ai", nor "simply" of "smollm2").
_TYPO_TARGETS = frozenset(family for family in HUB_FAMILIES if family.isalpha())


def find_hub_family(text: str) -> tuple[str, int] | None:
    """Return the name of a model of a family the catalog does not hold, and where it starts.

    The name must say which model: a version or size ("phi 4", "granite 3.3 8b"), or a line
    after a family that is no common word ("devstral small"). Command's releases are letters
    ("command a", "command r+"). A misspelt family ("nemotorn") counts only with a version.
    """
    latin = _latin(text)
    for match in re.finditer(r"[a-z0-9][a-z0-9.+-]*", latin):
        found = _family_of(match.group(0))
        if found is None:
            continue
        family, rest = found
        rest = rest.lstrip("-")
        if rest and not (_NAME_TOKEN.fullmatch(rest) or _joined_name(rest)):
            continue  # "phil", "commander": another word
        after = latin[match.end() :]
        name = clean_name(f"{family}{'-' + rest if rest else ''}{after}", latin=True)
        exact = match.group(0).startswith(family)
        if _names_a_release(family, name, exact=exact):
            return name, match.start()
    return None


def _names_a_release(family: str, name: str, *, exact: bool) -> bool:
    words = name.split()
    if family == "command":  # "command a", "command r+", "command-r7b" (typos too)
        released = len(words) > 1 and words[1] in _COMMAND_RELEASES
        return released or bool(re.match(r"command-(?:a|r|r\+|r7b)\b", name))
    if re.search(r"\d", name):
        return True
    return exact and family not in _COMMON_WORD_FAMILIES and len(words) > 1


def full_model_of(text: str, catalog_id: str | None) -> HubQuery | None:
    """Return a query for the full model when the text asks for it and the match is reduced."""
    if catalog_id is None or not _FULL.search(text):
        return None
    name = catalog_id.split("/")[-1]
    if not _REDUCED.search(name):
        return None
    base = _REDUCED.split(name)[0].strip("-_ ")
    return HubQuery(text=base.replace("-", " ").lower(), full=True) if base else None


def _has_version(name: str) -> bool:
    """Whether a name says which release: a version, a size or a line after the family."""
    words = name.split()
    return len(words) > 1 or bool(re.search(r"\d", name))


def release_of(text: str, catalog_id: str) -> HubQuery | None:
    """Return a query for another release of a catalog model, when a date after it says so."""
    name = catalog_id.rsplit("/", maxsplit=1)[-1]
    family = re.match(r"[a-z]+", name.lower())
    if family is None:
        return None
    lowered = text.lower()
    start = lowered.find(family.group(0))
    if start < 0:
        return None
    for date in _RELEASE_DATE.finditer(lowered, start, start + len(name) + _DATE_REACH):
        if date.group(1) not in name:
            base = re.sub(r"-(?:instruct|it|chat)$", "", name, flags=re.IGNORECASE)
            words = f"{base.replace('-', ' ').lower()} {date.group(1)}"
            return HubQuery(text=words, release=True)
    said = clean_name(lowered[start : start + len(name) + _DATE_REACH], latin=True)
    if _another_release(said, name.lower()):
        return HubQuery(text=said, release=True)
    return None


def _another_release(said: str, catalog_name: str) -> bool:
    """Whether the name said is another release than the catalog's.

    A version the catalog's only begins with ("minimax m2" of "MiniMax-M2.5"), or a line it
    lacks ("deepseek v4 pro" of "DeepSeek-V4-Flash").
    """
    catalog_words = set(re.split(r"[-_\s]+", catalog_name))
    for part in re.split(r"[-\s]+", said)[1:]:
        if part in _LINE_WORDS and part not in catalog_words:
            return True
        if re.fullmatch(r"[a-z]?\d+(?:\.\d+)?", part) and part not in catalog_words:
            longer = [w for w in catalog_words if w.startswith(part) and w != part]
            if longer and all(w[len(part)] == "." for w in longer):
                return True
    return False


def _hub_family_first(text: str, family_start: int, catalog_words: frozenset[str]) -> bool:
    """Whether a Hub family is named before any catalog family word ("Devstral ... Mistral")."""
    latin = _latin(text)
    for match in re.finditer(r"[a-z]+", latin):
        if match.start() >= family_start:
            return True
        if match.group(0) in catalog_words:
            return False
    return True


def hub_query(  # noqa: PLR0911 - one query per way a message names a model
    text: str,
    catalog_id: str | None,
    unknown_name: str | None,
    *,
    repo: str | None,
    catalog_ids: Mapping[str, str],
    catalog_words: frozenset[str] = frozenset(),
    catalog_lines: frozenset[str] = frozenset(),
) -> HubQuery | None:
    """Return what to look up on the Hub for this message, or None when the catalog serves it.

    ``repo`` is the repository id the message gives (``find_hub_id``), ``catalog_ids`` the
    catalog's ids (base checkpoints included) by their case-folded form.
    """
    if repo is not None:
        return None if repo.casefold() in catalog_ids else HubQuery(text=repo, is_id=True)
    full = full_model_of(text, catalog_id)
    if full is not None:
        return full
    family = find_hub_family(text)
    if catalog_id is not None:
        if family is not None and _hub_family_first(text, family[1], catalog_words):
            return HubQuery(text=family[0])
        return release_of(text, catalog_id)
    if unknown_name:
        start = text.lower().find(unknown_name.split()[0]) if unknown_name.split() else -1
        name = clean_name(text[start:] if start >= 0 else unknown_name)
        return HubQuery(text=name) if name and _has_version(name) else None
    if family:
        return HubQuery(text=family[0])
    line = _new_line(text, catalog_words, catalog_lines)
    if line:
        return HubQuery(text=line)
    named = _NAMED_SIZE.search(text)
    return HubQuery(text=named.group(0).replace("-", " ")) if named else None


def _new_line(
    text: str, catalog_words: frozenset[str], catalog_lines: frozenset[str]
) -> str | None:
    """Return a catalog family's release of a line the catalog lacks ("qwen3 next 80b")."""
    latin = _latin(text)
    for match in _STEM.finditer(latin):
        if match.group(0) not in catalog_words:
            continue
        name = clean_name(latin[match.start() :], latin=True)
        words = name.split()[1:]
        if any(w in _NAME_WORDS and w not in catalog_lines for w in words if w.isalpha()):
            return name
    return None


def catalog_id_of(repo: str | None, catalog_ids: Mapping[str, str]) -> str | None:
    """Return the catalog id a repository id names ("qwen/qwen3-32b": Qwen/Qwen3-32B), or None."""
    return None if repo is None else catalog_ids.get(repo.casefold())
