"""The shape of one language's lexicon, and how slot patterns are built from all of them.

A lexicon lists, for each slot the parser reads, the words one language uses for it, as
regular-expression fragments over cleaned text (lower case, NFKC, ASCII digits). Slot finders
compile the union over every language, because customers mix languages ("qwen3 32b 并发 30,
only CUDA"); where one word means different things in two languages ("billion" is 10^9 in
English and 10^12 in French) the message's language decides.

``patterns`` turns a slot's words into one fast pattern.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from bot.understand.gates import gated_re

Words = tuple[str, ...]

# Letters of the alphabets that separate words with spaces: a Latin or Cyrillic fragment must
# not start or end inside a longer word ("rent" is not inside "parent"). CJK fragments need no
# boundary, since those scripts do not separate words.
WORD_LETTER = r"a-zß-öø-ÿœа-ё"
# The same letters as two classes, Latin-1 and beyond: a regex class whose characters lie
# beyond Latin-1 in more than two runs compiles to a 64K-entry table, and the slot unions hold
# hundreds of boundary checks (see ``not_after`` and ``NOT_BEFORE_LETTER``).
_LATIN1_LETTER = r"a-zß-öø-ÿ"
_WIDE_LETTER = r"œа-ё"
NOT_BEFORE_LETTER = rf"(?![{_LATIN1_LETTER}])(?![{_WIDE_LETTER}])"


def not_after(head: str = "") -> str:
    """Return a lookbehind: no letter or digit stands before ``head`` (a literal, escaped)."""
    return rf"(?<![{_LATIN1_LETTER}0-9]{head})(?<![{_WIDE_LETTER}]{head})"


# Terms a definition question asks about ("what is FP8?", "что такое KV-кэш?").
TERMS = (
    r"(?:fp|bf|int|kv|mla|moe|gqa|mxfp|nvfp|vram|hbm|tensor|quant|cach[eé]|캐시|양자화"
    r"|awq|gptq|sliding|mixture|context (?:length|window)|ttft|tpot|itl|time to first"
    r"|time per output|inter-?token"
    # the glossary's terms by their names in the other languages
    # (bot.understand.topics.glossary_terms), as stems with their endings: "parallélisme",
    # "Kontextlänge"
    r"|(?:paral+[eé]l|张量|張量|テンソル|텐서|тензор|滑动|滑動|スライディング|슬라이딩|скользящ"
    r"|deslizante|glissante|gleitend|混合专家|混合專家|エキスパート|전문가|эксперт|expert"
    r"|especialista|mistura|mezcla|mélange|上下文|コンテキスト|컨텍스트|контекст|context"
    r"|kontext|janela|ventana|fenêtre|fenster|longitud|comprimento|longueur|潜在|잠재|latent"
    r")\w{0,12})"  # bounded: unbounded, it would run over a whole unspaced CJK message
)

_LETTER_RE = gated_re(f"[{WORD_LETTER}0-9]")


@dataclass(frozen=True, slots=True)
class Lexicon:
    """Words of one language for each slot; each a regex fragment over cleaned text."""

    language: str
    # Numbers: magnitude words after a number, words that are numbers, approximations.
    thousand: Words = ()
    million: Words = ()
    billion: Words = ()  # 10^9 ("billion" en, "mil millones" es, "Milliarden" de)
    trillion: Words = ()  # 10^12 ("trillion" en, "billones" es, "billion" fr)
    number_words: tuple[tuple[str, int], ...] = ()  # whole words that stand for a number
    about: Words = ()  # "about", "около", "约": may stand between a cue and its number
    # Concurrency: who and what is counted, "at once", and words a count follows.
    people: Words = ()
    requests: Words = ()
    at_once: Words = ()
    # A rate, which is no count at once: after it ("per hour", "в день", "/s") or before it
    # ("daily", "每天", "1日あたり", "시간당").
    per_time: Words = ()
    per_time_before: Words = ()
    concurrency_cues: Words = ()
    # Context length: words that label a token count.
    context_cues: Words = ()
    tokens: Words = ()
    # Precision: half precision, and the words that tell weights from the KV cache.
    half_precision: Words = ()
    weights: Words = ()
    kv_cache: Words = ()
    # Platform constraints: exclusivity, requirement, acceptance, negation, "native".
    only: Words = ()
    required: Words = ()
    acceptable: Words = ()
    acceptable_before: Words = ()  # acceptance said before the platform ("pode ser ROCm")
    negation: Words = ()
    native: Words = ()
    # Intent cues.
    greeting: Words = ()
    thanks: Words = ()
    about_assistant: Words = ()
    price: Words = ()  # money words: "how much", "cost", "多少钱"
    price_list: Words = ()  # words only a price list answers: "pricing", "rates", "料金プラン"
    domain: Words = ()  # words of our business: server, GPU, plan, rent, inference
    catalog: Words = ()
    compare: Words = ()  # words that ask for a comparison: "vs", "which is better", "哪个好"
    alternative: Words = ()  # "or", "and": two things named side by side
    # Several models on one deployment: words joining them ("and", "plus", "together", "both")
    # and words offering them as alternatives instead ("or", "instead of", "rather than").
    together: Words = ()
    or_words: Words = ()
    sales: Words = ()
    purchase: Words = ()  # a wish to buy, order or sign: "we want to order", "怎么下单"
    knowledge: Words = ()
    definition: Words = ()  # "what is", "что такое", "什么是": a question about a term
    either: Words = ()  # "either is fine", "都可以": any of the GPUs named will do
    followup: Words = ()
    instead: Words = ()
    instruction: Words = ()
    task: Words = ()  # a piece of work asked of the assistant: "write me a poem", "翻译"
    size_question: Words = ()
    question: Words = ()  # words of a question: "what", "сколько", "吗", "ですか"
    why: Words = ()  # a reason asked: "why", "почему", "为什么", "なぜ"
    unclear: Words = ()  # an answer not followed: "I don't get it", "не понял", "唔明"
    cost: Words = ()  # the money a question asks for: "price", "total", "цена", "料金"
    lower: Words = ()  # bringing an amount down: "lower", "压低", "下げ", "снизить"
    anaphor: Words = ()


SLOTS = tuple(
    spec.name for spec in fields(Lexicon) if spec.name not in {"language", "number_words"}
)
