"""Service-level targets and workloads, however they are said, in ten languages.

"5,000 tok/s", "each user ≥ 30 tok/s", "50 ms per token" (20 tokens/s), "TTFT < 1 s",
"300 req/min", "10 QPS", "每秒 5000 个 token", "1분에 300건", "prompts of ~2k tokens",
"500 tokens de saída", "10M documents of 2k tokens each", "process 5B tokens", "in a week",
"в течение 10 часов". Read before the count of users and the context, and blanked from the
text, so that none of these numbers is taken for either.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field, fields

from bot.understand.clock import window_hours
from bot.understand.forms import read_form
from bot.understand.gates import gated_re
from bot.understand.items import ITEMS
from bot.understand.numbers import (
    blank,
    in_bytes,
)
from bot.understand.target_numbers import group, number_of
from bot.understand.target_patterns import (
    KOREAN_DAY_WORDS,
    LEAST_DOCUMENTS,
    hours_of,
    latency_seconds,
    patterns,
)
from bot.understand.target_words import (
    DAY,
    HOUR,
    INPUT_WORDS,
    MONTH,
    OUTPUT_WORDS,
    RATE_ABBR,
    TOKENS,
    WEEK,
    per_minute,
)
from sizing import DEFAULT_INPUT_TOKENS, DEFAULT_OUTPUT_TOKENS

# --- Words -----------------------------------------------------------------------------------

# An input word right before a number ("输入 2000 token 输出 …"): the number is the input's.
_INPUT_BEFORE = gated_re(
    rf"(?<![a-zа-я])(?:{INPUT_WORDS})\s?[:：]?\s?(?:平均|大概|约|約|평균|average|avg\.?|~|"
    rf"в среднем|en promedio|em média|im schnitt|en moyenne|약)?\s?$"
)
_OUTPUT_WORD_RE = gated_re(rf"(?<![a-zа-я])(?:{OUTPUT_WORDS})(?![a-zа-я])")
_ITEMS = ITEMS


@dataclass(frozen=True, slots=True)
class Targets:
    """What the text states of service levels and the workload; the text without it."""

    rest: str
    throughput_tok_s: float | None = None
    tokens_per_user_tok_s: float | None = None
    ttft_s: float | None = None
    requests_per_minute: float | None = None
    input_tokens: int | None = None
    output_tokens: int | None = None
    batch_tokens: int | None = None
    # Documents x their tokens, before any answer is added: a training job's data.
    document_tokens: int | None = None
    deadline_hours: float | None = None
    # The rate was counted per day or longer ("8,000 tickets a day"): a volume, not the load
    # when users at once are stated beside it.
    volume_rate: bool | None = None
    refused: tuple[str, ...] = field(default=())

    @property
    def stated(self) -> bool:
        """Whether any target or length was read."""
        return any(
            getattr(self, spec.name) is not None
            for spec in fields(self)
            if spec.name not in {"rest", "refused"}
        )


# Longer than any request (the longest context of a catalog model is 10M tokens, and prompts
# of even 2M are unheard of): a length past this is a job's total.
_LONGEST_REQUEST_TOKENS = 2_097_152

_TIME_AFTER = gated_re(rf"\s?(?:{HOUR}|{DAY}|{WEEK}|{MONTH})(?![a-zа-яё])")
_NO_DEADLINE = gated_re(r"沒有|没有|无|無|\bno\s|\bsin\s|\bsem\s|\bkein|\bpas\sde|\bнет|まだ|없")
_BEFORE_UNITS = (
    (r"每秒|毎秒|秒間|1\s?초에|초당", 60.0),
    (r"每分钟|每分鐘|毎分|1\s?分(?:間)?(?:に|で|あたり)?|分間|1\s?분에|분당", 1.0),
    (r"每小时|每小時|一小时|毎時|1\s?時間(?:に|で|あたり)?|時間あたり|1\s?시간에|시간당", 1 / 60),
    (r"每天|每日|毎日|日均|一天|1\s?日(?:に|で|あたり)?|하루에?|일일", 1 / 1440),
    (
        (
            r"pro tag|am tag|täglich|per day|a day|daily|par jour|por d[ií]a|al d[ií]a|в день|"
            r"в сутки|за день"
        ),
        1 / 1440,
    ),
)
_PER_HOUR = 1 / 60  # a rate per minute from one per hour; slower ones are volumes
_PER_USER_REACH = 48  # characters around a tokens/s figure where "per user" makes it each user's
# (the period of "mind.", "ca.", "max." ends no clause)
_CLAUSE = gated_re(
    r"[,;，；。！？、\n]|(?<!mind)(?<!min)(?<!max)(?<!ca)(?<!approx)(?<!env)(?<!ок)[.!?]\s|\band\b|"
    r"\bbut\b"
)


_USER_WORDS = gated_re(
    r"(?:users?|per\suser|each|every|stream|session|sessions?|callers?|per\sseat|sitzung|nutzer|"
    r"agents?|agentes|operators?|atendentes|операторы|"
    r"usuários?|usuarios?|"
    r"utilizador|utilisateurs?|chaque|cada|jede[rsn]?|юзер(?:ы|ам|ов|а|у)?|пользовател[ьяюейим]+|на\sкаждого|"
    r"каждо(?:му|го)|用户|用戶|使用者|每位|每个人|每個人|每人|单用户|單用戶|ユーザー|ユーザ|各|"
    r"사용자|유저|인당|명당|한\s?명|사람당|한\s?사람|(?:人|名|ひとり)(?:あたり|当たり)|每路|每一路|单路|單路|세션|会话|會話|"
    r"セッション|сесси[яюи]|sesi[oó]n|sess[aã]o)"
)
_TOTAL_WORDS = gated_re(
    r"(?:total|overall|aggregate|in\ssum|insgesamt|gesamt|au\stotal|en\stotal|no\stotal|"
    r"суммарн|всего|总|總|合計|全体|전체|총|cluster|deployment|whole|集群|整個|整个)"
)


_FIGURE_OR_JOIN = gated_re(
    r"tok(?:en)?s?\s?/\s?(?:s|sec)|t/s|tps|"
    r"(?<![a-zà-ÿа-яё])(?:and|y|e|und|et|и|а также)(?![a-zà-ÿа-яё])|"
    r"和|并且|並且|且|그리고|および|、"
)


def _each_user(text: str, start: int, end: int) -> bool:
    """Whether a tokens/s figure is said of each user ("30 tok/s per user", "每个用户 20").

    Read within its clause: a word for a user, a session or "each" before it or right after
    it makes it each user's speed, unless the clause says it is a total.
    """
    before = text[max(0, start - _PER_USER_REACH) : start]
    cut = [m.end() for m in _CLAUSE.finditer(before)]
    before = before[cut[-1] :] if cut else before
    after = text[end : end + _PER_USER_REACH]
    cut_after = _CLAUSE.search(after)
    after = after[: cut_after.start()] if cut_after else after
    # Words of a total said of an earlier figure ("10.000 tokens/s en total y al menos 50 tok/s
    # por usuario") are that figure's: only this figure's own words count.
    joins = [m.end() for m in _FIGURE_OR_JOIN.finditer(before)]
    own = before[joins[-1] :] if joins else before
    clause = own + " " + after
    if _TOTAL_WORDS.search(clause):
        return False
    after = _AT_LEAST_AFTER.sub("", after.lstrip(), count=1)  # "10 tok/s minimum par utilisateur"
    per_user = patterns()["per_user"]
    return bool(
        _USER_WORDS.search(before)
        or per_user.match(after)
        or per_user.match(_TO_THE_USER.sub("", after, count=1))
    )


# A bound said between a speed and its user: "10 tok/s minimum par utilisateur", "20 tok/s at
# least per user", "30 tok/s mínimo por usuario".
_AT_LEAST_AFTER = gated_re(
    r"^(?:minimum|min\.?|at least|au moins|mínimo|minimo|mindestens|минимум|как минимум|最低|至少|"
    r"以上|이상)\s?"
)
# A preposition before the user: "30 tokens per second for every user", "pour chaque utilisateur".
_TO_THE_USER = gated_re(r"^(?:for|to|para|pour|für|à)\s")


# Tokens said right after a number: the number is a count of tokens, not of documents.
_TOKENS_AFTER = gated_re(rf"\s?(?:{TOKENS})")


def _count_is_tokens(match: re.Match[str], prefix: str) -> bool:
    """Whether the count a documents pattern read is itself a number of tokens."""
    for kind in ("num", "cjk", "small"):
        name = f"{prefix}{kind}"
        if match.groupdict().get(name):
            end = match.end(f"{prefix}mag") if match.groupdict().get(f"{prefix}mag") else 0
            return _TOKENS_AFTER.match(match.string, max(end, match.end(name))) is not None
    return False


def _finite(value: float) -> float | None:
    return value if math.isfinite(value) and value > 0 else None


# A figure in bytes at the end of a rate's match: "每天出站 2T", "每天 500G" (traffic, no requests).


class _Reader:
    """One pass over a message: each value taken once, its text blanked for later readers."""

    def __init__(self, text: str, language: str | None = None) -> None:
        self.text = text
        self.rest = text
        self.language = language
        self.values: dict[str, float] = {}
        self.patterns = patterns()
        self._found: dict[str, tuple[str, list[re.Match[str]]]] = {}
        # Each trigger read once (``text`` stays), by its id: a pattern's own hash reads its whole
        # compiled code each time.
        self._triggered: dict[int, bool] = {}

    def number(self, match: re.Match[str], prefix: str | None = None) -> float:
        return number_of(match, prefix, self.language)

    def take(self, name: str, value: float | None, match: re.Match[str]) -> None:
        if value is not None and name not in self.values:
            self.values[name] = value
        self.rest = blank(self.rest, match.start(), match.end())

    def matches(self, key: str) -> list[re.Match[str]]:
        trigger = _TRIGGERS.get(key)
        if trigger is not None:
            triggered = self._triggered.get(id(trigger))
            if triggered is None:
                triggered = trigger.search(self.text) is not None
                self._triggered[id(trigger)] = triggered
            if not triggered:
                return []  # no word the pattern needs: not worth running it
        found = self._found.get(key)
        if found is None or found[0] is not self.rest:  # read again once text was blanked
            found = (self.rest, list(self.patterns[key].finditer(self.rest)))
            self._found[key] = found
        return found[1]

    def documents(self) -> None:
        for match in self.matches("documents"):
            alt = next(
                (
                    prefix
                    for prefix in ("a0", "a1", "a2", "a3", "a4")
                    if any(match.groupdict().get(f"{prefix}{g}") for g in ("num", "cjk", "small"))
                ),
                "a0",
            )
            docs, each = self.number(match, alt), self.number(match, f"{alt}b")
            if _count_is_tokens(match, alt):
                continue  # "총 9억 토큰짜리 … 건당 20토큰": the job's total, then each answer
            if _finite(each) and each > _MOST_TOKENS_PER_DOCUMENT:
                continue  # "2.5M transcripts (roughly 1.2B tokens total)": the job's tokens
            if alt in {"a2", "a3", "a4"} and not (_finite(docs) and docs >= LEAST_DOCUMENTS):
                continue  # no noun of documents: a job's count of things only when large
            if _finite(docs) and _finite(each):
                # Each document is one request: its tokens the prompt, the answer's added once
                # the lengths are read (``find_targets``), so the job counts the documents said.
                total = self._total_beside(docs * each, match)
                if total is not None:
                    self.values["job_total"] = total  # "5 Mrd. Token (≈ 2,5 Mio. Artikel à …)"
                self.take("batch_tokens", docs * each, match)
                self.values["documents"] = docs
                self.values.setdefault("input_tokens", each)

    def _total_beside(self, product: float, documents: re.Match[str]) -> float | None:
        """Return the job's total said beside its documents, near their product, blanked."""
        for match in self.patterns["total_tokens"].finditer(self.rest):
            if match.start() < documents.end() and documents.start() < match.end():
                continue
            value = _finite(self.number(match))
            near = value is not None and product > 0 and value >= _LEAST_JOB_TOKENS
            if near and value is not None and _NEAR_TOTAL[0] <= value / product <= _NEAR_TOTAL[1]:
                self.rest = blank(self.rest, match.start(), match.end())
                return value
        return None

    def latencies(self) -> None:
        found = self.matches("ttft")
        # "p50 TTFT sits around 1.2 s today … targets: TTFT under 400 ms": the target, not the
        # latency they have now
        wanted = [
            m for m in found if _TARGET_BEFORE.search(self.text, max(0, m.start() - 40), m.end())
        ]
        today = [
            m for m in found if _TODAY_AROUND.search(self.text, max(0, m.start() - 40), m.end())
        ]
        for match in (wanted + [m for m in found if m not in wanted]) if today else found:
            self.take("ttft_s", _finite(latency_seconds(match)), match)
        for match in self.matches("tpot"):
            seconds = latency_seconds(match)
            speed = _finite(1.0 / seconds) if seconds > 0 else None
            self.take("tokens_per_user_tok_s", speed, match)

    def speeds(self) -> None:
        for key in ("tokens_per_s", "tokens_then_second", "before_tokens"):
            for match in self.matches(key):
                if self._speed_today(match):
                    # "darauf läuft … mehr schlecht als recht: 6 tok/s pro Nutzer": what their
                    # hardware gives today, no target
                    self.rest = blank(self.rest, match.start(), match.end())
                    continue
                value = _finite(self.number(match))
                unit = match.groupdict().get("tunit")
                if value is not None and unit and per_minute(unit) == 1.0:  # tokens a minute
                    value /= 60.0
                each = _each_user(self.text, match.start(), match.end())
                self.take("tokens_per_user_tok_s" if each else "throughput_tok_s", value, match)

    def _speed_today(self, match: re.Match[str]) -> bool:
        """Whether a speed is what runs today or ran before, not a target.

        Said after a word of today or of a measurement ("Grafana shows", "our staging box did",
        "выжимали", "schaffte") with no target word between, or taken back after it ("that's
        the old baseline, not the goal", "это не цель", "nur als Referenz").
        """
        before = self.text[max(0, match.start() - _TODAY_REACH) : match.start()]
        before = _SENTENCE_BREAK.split(before)[-1]
        measured = None if _SO_THAT.search(before) else _MEASURED_BEFORE.search(before)
        today = _RUNS_TODAY.search(before) or measured
        if today is not None and not _TARGET_BEFORE.search(before, today.end()):
            return True
        after = self.text[match.end() : match.end() + _TAKEN_BACK_REACH]
        return _NOT_A_TARGET_AFTER.search(_SENTENCE_BREAK.split(after)[0]) is not None

    def rates(self) -> None:
        """Read the rate of requests: of several, the one said over the shortest time.

        "500,000 calls a day in all; at peak 600 a minute": the day's volume averaged understates
        the peak the deployment must serve, so a rate per minute, second or hour beats it.
        """
        found: list[tuple[float, float, re.Match[str]]] = []  # (per minute, factor, match)
        for match in self.matches("rate"):
            factor = per_minute(match.group("unit"))
            value = _finite(self.number(match))
            if factor is not None and value is not None:
                found.append((value * factor, factor, match))
        for match in self.matches("rate_abbr"):
            abbr = (group(match, "abbr") or "").lower()
            value = _finite(self.number(match))
            if value is not None:
                factor = RATE_ABBR.get(abbr, 1.0)
                found.append((value * factor, factor, match))
        found += self._rates_before()
        if not found:
            return
        shortest = max(factor for _, factor, _ in found)
        rate, factor, _ = next(item for item in found if item[1] == shortest)
        self.note_volume(factor)
        self.values.setdefault("requests_per_minute", rate)
        for _, _, match in found:
            self.rest = blank(self.rest, match.start(), match.end())

    def _rates_before(self) -> list[tuple[float, float, re.Match[str]]]:
        """Rates said with their time first ("每天 2 万次", "1분에 300건")."""
        found: list[tuple[float, float, re.Match[str]]] = []
        for match in (*self.matches("rate_before"), *self.matches("rate_before_latin")):
            if _CLOCK_AFTER.match(self.rest, match.end()):
                continue  # "每天凌晨 2 点开跑": a clock time, not two a day
            if in_bytes(self.rest, match.start(), match.end()):
                continue  # "每天出站大概 2T", "每天出网 2 TB": bytes a day (traffic), no requests
            unit = match.group("bunit")
            factor = next((f for p, f in _BEFORE_UNITS if re.fullmatch(p, unit)), None)
            value = _finite(self.number(match))
            if factor is not None and value is not None:
                found.append((value * factor, factor, match))
        return found

    def note_volume(self, per_minute_factor: float) -> None:
        """Note a rate counted per day or longer, when it is the first rate read."""
        if "requests_per_minute" not in self.values and per_minute_factor < _PER_HOUR:
            self.values["volume_rate"] = 1.0

    def lengths(self) -> None:
        for key, name in (("output", "output_tokens"), ("input", "input_tokens")):
            for found in self.matches(key):
                if name in self.values or _TIME_AFTER.match(self.rest, found.end()):
                    continue  # read already ("4.000 tokens de entrada"), or a time ("en 12 horas")
                match: re.Match[str] | None = found
                if key == "output" and _INPUT_BEFORE.search(self.rest, 0, found.start()):
                    # "输入 2000 token 输出 300 token": the 2000 is the input's, the output's
                    # number follows its own word
                    word = _OUTPUT_WORD_RE.search(self.rest, found.start(), found.end())
                    match = self.patterns[key].search(self.rest, word.start()) if word else None
                if match is not None:
                    self.take(name, _finite(self.number(match)), match)

    def job(self) -> None:
        patterns = self.patterns
        if "batch_tokens" in self.values:
            return
        said = bool(self.matches("deadline")) or patterns["tomorrow"].search(self.rest)
        # (tokens past any model's window are a job's total even with no word of a job:
        # "2 milliards de tokens avec Qwen3-32B")
        least = _LEAST_JOB_TOKENS if patterns["with_batch"].search(self.rest) or said else None
        if least is None and _TRAINED_ON.search(self.rest):
            return  # "fine-tuned on 2B tokens, now to serve it": the training data, no job
        for match in self.matches("total_tokens"):
            value = _finite(self.number(match))
            if value is not None and value >= (least or _LEAST_UNSAID_JOB_TOKENS):
                self.take("batch_tokens", value, match)
                return

    def totals_as_lengths(self) -> None:
        """Read lengths too long for one request as a job's totals ("500M in, 50M out").

        The job is their sum; the answer's length keeps their ratio beside the usual prompt
        (2,000 tokens, said as assumed), as no request length was given.
        """
        values = self.values
        lengths = [values.get(name) for name in ("input_tokens", "output_tokens")]
        if "batch_tokens" in values or not any(
            length is not None and length > _LONGEST_REQUEST_TOKENS for length in lengths
        ):
            return
        given = [length for length in lengths if length is not None]
        values["batch_tokens"] = sum(given)
        values.pop("input_tokens", None)
        answer = values.pop("output_tokens", None)
        if len(given) == len(lengths) and answer is not None and given[0] > 0:
            values["output_tokens"] = max(DEFAULT_INPUT_TOKENS * answer / given[0], 1.0)

    def deadline(self) -> None:
        named = self.deadline_said()
        # "200万篇新闻稿做摘要，每篇输入 1200 token…三天内": documents of a length, worked
        # through, are a job
        lengths = "input_tokens" in self.values or "output_tokens" in self.values
        job = (
            "batch_tokens" in self.values
            or (
                lengths
                and ("documents" in self.values or self.patterns["with_batch"].search(self.rest))
            )
            or self._text_volume()
        )
        if job and "deadline_hours" not in self.values:
            self.clock_window()
        if job and "deadline_hours" not in self.values:
            self.any_duration()
        if "deadline_hours" in self.values and not job and not named:
            # A deadline alone is no job: "in a week" of a chat service says when, not how fast;
            # one named so ("а если дедлайн 24ч?") changes the job on the table.
            self.values.pop("deadline_hours")

    def _text_volume(self) -> bool:
        """Whether a large volume of text not counted in tokens is worked through."""
        for match in self.patterns["text_volume"].finditer(self.rest):
            value = _finite(self.number(match))
            if value is not None and value >= LEAST_DOCUMENTS * 10:
                return True
            if match.group("each") and _COUNT_BEFORE.search(self.rest[: match.start()]):
                return True  # "15.000 expedientes, unas 40 páginas cada uno"
        return False

    def clock_window(self) -> None:
        """Read a window said as two clock times beside a job as its deadline."""
        window = window_hours(self.rest)
        if window is not None:
            hours, (start, end) = window
            self.values["deadline_hours"] = hours
            self.rest = blank(self.rest, start, end)

    def any_duration(self) -> None:
        """Read a length of time said anywhere beside a job as its deadline."""
        for match in self.matches("any_duration"):
            unit = group(match, "dunit") or ""
            factor = hours_of(unit) or _WEEK_HOURS.get(unit)
            has_count = group(match, "num") or group(match, "cjk") or group(match, "small")
            count = self.number(match) if has_count else 1.0
            if factor is not None and _finite(count):
                self.take("deadline_hours", count * factor, match)
                return

    def deadline_said(self) -> bool:
        """Read the deadline; return whether it was named as one ("deadline 24h", "срок 3 дня")."""
        for match in self.matches("deadline"):
            if _NO_DEADLINE.search(self.rest[max(0, match.start() - 6) : match.end()]):
                continue
            unit = group(match, "dunit") or ""
            factor = hours_of(unit)
            has_count = group(match, "num") or group(match, "cjk") or group(match, "small")
            if not has_count and len(unit.strip()) == 1 and unit.strip().isascii():
                continue  # "5 days end to end": "en" and "d" make no deadline of one day
            count = self.number(match) if has_count else 1.0
            if factor is not None and _finite(count):
                named = _DEADLINE_WORD.search(match.group()) is not None
                self.take("deadline_hours", count * factor, match)
                return named
        if "deadline_hours" not in self.values and window_hours(self.rest) is None:
            # ("overnight, 8pm to 6am": the window's two times say how long the night is)
            tomorrow = self.patterns["tomorrow"].search(self.rest)
            if tomorrow:
                self.take("deadline_hours", 24.0, tomorrow)
        return False


# A clock hour's mark right after a number: "2 点", "8 點", "22時", "10시" (not "時間", "시간").
_CLOCK_AFTER = gated_re(r"\s?(?:点|點|時(?!間)|시(?!간))")
# A week named with its count in one word ("一周", "1週間"): a week's hours.
_WEEK_HOURS = dict.fromkeys(
    ("一周", "一週", "一个星期", "一個星期", "一個禮拜", "一个礼拜", "1週間", "一週間"), 168.0
)
# A deadline named as one, not only a length of time ("in a week").
_DEADLINE_WORD = gated_re(
    r"deadline|дедлайн|срок|plazo|prazo|frist|délai|期限|締切|締め切り|截止|기한|마감|zeitfenster|데드라인"
)
# "1500 输入 / 200 输出": an input's number and word, then a slash.
_SLASHED_LENGTHS = r"[0-9]\s?(?:输入|輸入|入力|입력|input|prompt|entrada|eingabe|entrée)\s?/"
# Both lengths said by their words alone, with no word of tokens: "input 1024 / output 128",
# "ISL ~1.5k / OSL ~300", "entrada 2000, salida 300".
_PAIRED_LENGTHS = (
    r"(?<![a-z])(?:isl|osl)(?![a-z])|"
    r"(?:input|prompt|entrada|eingabe|entrée|вход|输入|輸入|入力|입력)[^0-9\n]{0,12}[0-9]"
    r"[^\n]{0,40}?(?:output|salida|saída|ausgabe|sortie|выход|输出|輸出|出力|출력)[^0-9\n]{0,12}[0-9]"
)
# Words a pattern cannot match without (cheap searches that spare the long patterns).
_TOKEN_WORDS = gated_re(r"tok|tkn|токен|ток|トークン|토큰|tps|t/s")
_TRIGGERS = {
    "documents": _TOKEN_WORDS,
    "tokens_per_s": _TOKEN_WORDS,
    "tokens_then_second": _TOKEN_WORDS,
    "before_tokens": _TOKEN_WORDS,
    # ("1500 输入 / 200 输出": the two lengths said by their words alone, across a slash)
    "output": re.compile(
        rf"tok|tkn|токен|ток|トークン|토큰|{_SLASHED_LENGTHS}|{_PAIRED_LENGTHS}", re.IGNORECASE
    ),
    "input": re.compile(
        rf"tok|tkn|токен|ток|トークン|토큰|{_SLASHED_LENGTHS}|{_PAIRED_LENGTHS}", re.IGNORECASE
    ),
    "total_tokens": _TOKEN_WORDS,
    "tpot": gated_re(r"tok|tpot|itl|токен|トークン|토큰|間隔|间隔|ms|мс|毫秒|ミリ秒|밀리초"),
    "deadline": gated_re(rf"{HOUR}|{DAY}|{WEEK}|{MONTH}|{KOREAN_DAY_WORDS}"),
}
# Fewer total tokens than this are a prompt's length, not an offline job.
_LEAST_JOB_TOKENS = 1e6
# A model trained on tokens ("fine-tuned on 2B tokens", "entraîné sur 3 000 milliards"): the
# tokens are its training data.
_TRAINED_ON = gated_re(
    r"train|tuned|tune |finetun|fine-tun|обуч|вотрен|entren|trein|entraîn|trainier|学習|训练|訓練|"
    r"학습|튜닝"
)
# Tokens said with no word of a job or deadline: a job's total only past any model's window
# (the longest, Llama 4 Scout's, is 10M).
_LEAST_UNSAID_JOB_TOKENS = 1.1e7


def find_deadline(text: str) -> tuple[float | None, str]:
    """Read a deadline ("in 2 days", "до завтра", "一周内") and return it with the rest."""
    reader = _Reader(text)
    reader.deadline_said()
    return reader.values.get("deadline_hours"), reader.rest


# Latencies said in words ("in under half a second", "en moins d'une demi-seconde"): written as
# figures, padded to their length so the text keeps its places.
_WORDED_LATENCIES = (
    (
        gated_re(
            r"half\sa\ssecond|a\shalf[\s-]second|une\sdemi-?seconde|medio\ssegundo|"
            r"meio\ssegundo|eine\shalbe\ssekunde|полсекунды|пол\sсекунды|半秒|반\s?초"
        ),
        "0.5 s",
    ),
    (
        gated_re(
            r"(?<=under\s)a\ssecond|(?<=within\s)a\ssecond|(?<=less\sthan\s)a\ssecond|"
            r"(?<=menos\sde\s)un\ssegundo|(?<=menos\sde\s)um\ssegundo|"
            r"(?<=moins\sd')une\sseconde|(?<=unter\s)einer\ssekunde"
        ),
        "1 s",
    ),
)


def _latencies_as_figures(text: str) -> str:
    for pattern, figure in _WORDED_LATENCIES:
        if pattern.search(text):
            text = pattern.sub(_padded(figure), text)
    return text


def _padded(figure: str) -> Callable[[re.Match[str]], str]:
    """Return a replacement writing ``figure`` in a match's place, padded to its length."""
    return lambda match: figure.ljust(len(match.group()))


def find_targets(text: str, language: str | None = None) -> Targets:
    """Read every target and length the text states; blank each from the text."""
    text = _latencies_as_figures(text)
    form = read_form(text)  # "peak req/min: 120", "avg in / out tokens: 3000 / 600"
    reader = _Reader(form.rest, language)
    reader.values.update(form.values)
    reader.documents()
    reader.latencies()
    reader.speeds()
    reader.rates()
    reader.lengths()
    reader.job()
    reader.totals_as_lengths()
    reader.deadline()
    values = reader.values
    documents = values.get("documents")
    document_tokens = values.get("batch_tokens") if documents is not None else None
    if "job_total" in values:
        values["batch_tokens"] = values["job_total"]  # the total said is the job's
    elif documents is not None and "input_tokens" in values:
        answer = values.get("output_tokens", DEFAULT_OUTPUT_TOKENS)
        values["batch_tokens"] = documents * (values["input_tokens"] + answer)
    return Targets(
        rest=reader.rest,
        throughput_tok_s=values.get("throughput_tok_s"),
        tokens_per_user_tok_s=values.get("tokens_per_user_tok_s"),
        ttft_s=values.get("ttft_s"),
        requests_per_minute=values.get("requests_per_minute"),
        input_tokens=_whole(values.get("input_tokens")),
        output_tokens=_whole(values.get("output_tokens")),
        batch_tokens=_whole(values.get("batch_tokens")),
        deadline_hours=values.get("deadline_hours"),
        document_tokens=_whole(document_tokens),
        volume_rate=True if "volume_rate" in values else None,
    )


# Words of a target before a latency ("target", "goal", "under", "must", "要求", "目標").
_TARGET_BEFORE = gated_re(
    r"target|goal|requirement|must|should|need|under|below|<|≤|at most|ziel|soll|muss|unter|"
    r"objectif|cible|moins de|objetivo|meta|menos de|цель|нужно|должен|не более|目标|目標|要求|"
    r"以内|以下|目標値|목표|이내|이하"
)
# Words of what they have today beside a latency ("today", "currently", "sits around").
_TODAY_WORDS = (
    r"today|currently|right now|at the moment|sits? (?:at|around)|we see|we get|hoje|atualmente|"
    r"hoy|actualmente|heute|derzeit|aujourd'hui|actuellement|сейчас|目前|现在|現在|現状|現在は|지금|현재"
)
_TODAY_AROUND = gated_re(_TODAY_WORDS)
# What runs today, said before a speed it gives: "darauf läuft …", "today we get", "hoje roda".
_RUNS_TODAY = gated_re(
    rf"(?<![a-zäöüß])(?:läuft|laufen|we only get|we're getting|mehr schlecht als recht|"
    rf"{_TODAY_WORDS})(?![a-zäöüß])"
)
_TODAY_REACH = 72
_SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+|[。！？\n]")
# A speed measured before, said as such: "Grafana shows", "our staging box did", "выжимали",
# "deu", "schaffte", "実測", "跑出".
_MEASURED_BEFORE = gated_re(
    r"(?<![a-zà-ÿа-яё])(?:did|got|gave|showed|shows|measured|benchmarked|achieved|peaked at|"
    r"maxed out at|baseline|was doing|were doing|were getting|was getting|"
    r"deu|dava|fazia|conseguimos|conseguia|rodava|schaffte|erreichte|lieferte|gemessen|"
    r"obtuvimos|daba|sacábamos|sacaba|hacía|obtenu|faisait|atteint|mesuré|on obtenait|"
    r"выжимали|выжимал|получали|показывал[аи]?|показывает|"
    r"намеряли)(?![a-zà-ÿа-яё])|以前|之前|实测|實測|跑出|跑到了|測到|测到|出ていた|実測|나왔|측정"
)
# A wish, not a measurement: "чтобы пользователи получали 20 ток/с", "para que cada uno reciba".
_SO_THAT = gated_re(r"чтобы|чтоб|(?<![a-z])(?:so that|para que|pour que|damit|para que)(?![a-z])")
# A speed taken back as no target, after it: "not the goal", "just for comparison", "это не
# цель", "nur als Referenz", "não vale", "仅供参考".
_NOT_A_TARGET_AFTER = gated_re(
    r"not the (?:goal|target)|not a (?:goal|target)|old baseline|just for (?:comparison|"
    r"reference)|for reference|only as (?:a )?reference|different prompt|"
    r"nur als referenz|nur zum vergleich|zum vergleich|kein ziel|nicht das ziel|"
    r"это не цель|не цель|просто для сравнения|для справки|для сравнения|"
    r"não vale|não é (?:a )?meta|só (?:pra|para) comparar|"
    r"no es (?:el )?objetivo|solo como referencia|solo para comparar|"
    r"pas l'objectif|pas un objectif|juste pour comparer|à titre indicatif|pour comparaison|"
    r"仅供参考|僅供參考|不是目标|不是目標|参考まで|目標ではない|참고로|참고용|목표는 아니"
)
_TAKEN_BACK_REACH = 96
# A count of at least a thousand things before a length said of each.
_COUNT_BEFORE = gated_re(r"(?<![0-9.,])[1-9][0-9]{0,2}(?:[.,  ][0-9]{3})+(?![0-9])|[0-9]{4,}")
# A total said beside documents and their length is the job's when near their product.
_NEAR_TOTAL = (0.5, 2.0)
# More tokens than the longest context window any model reads (10M) are no one document's:
# a number of tokens after documents counted is then the whole job's.
_MOST_TOKENS_PER_DOCUMENT = 10_000_000


def _whole(value: float | None) -> int | None:
    return None if value is None or not math.isfinite(value) else max(round(value), 1)
