"""Today's figures beside the goal: "p95 TTFT 1.8s today … TTFT under 600 ms after the move".

Customers who run a model elsewhere paste what they have today (a dashboard, a load test, the
last run, the current bill) and then say what they want ("Product wants after the
migration:", "目标：", "Für Q3 brauchen wir:", "После переезда нужно:"). Today's figures are
not the request. When a message says both, the clauses of today and of the goal are found
here; the parser reads the goal's clauses alone and takes each figure they restate in place of
today's (``bot.understand.parser``).

A message that says what it has today and no goal keeps its figures ("we have 40 users today,
what do we need?" sizes for those 40), and so does a figure the goal does not restate.
"""

from __future__ import annotations

import re

from bot.understand.gates import gated_re

# What they have or did: "today", "currently", "Grafana", "last run", "现状", "現在", "지금".
_TODAY_RE = gated_re(
    r"(?<![a-z])(?:today|currently|right now|at the moment|status quo|last run|last time|"
    r"last quarter|(?:our|the) current|grafana|load ?test|(?:we're|we are) on|existing setup|"
    r"in prod(?:uction)?(?: today)?|our prod|"
    r"hoy|actualmente|datos de hoy|la última vez|hoje|atualmente|na última vez|"
    r"heute|aktuell|derzeit|momentan|zurzeit|letztes mal|bisher|lasttest|"
    r"aujourd'hui|actuellement|en ce moment|la dernière fois)(?![a-z])|"
    r"(?<![а-яё])(?:сейчас|сегодня|текущ[а-яё]*|с прода|на проде|в прошлый раз|метрики)"
    r"(?![а-яё])|"
    r"现状|現狀|现网|現網|压测结果|壓測結果|目前|上次|之前|老系统|老系統|当前|當前|"
    r"現状|現行|前回|今は|いまは|"
    r"현재|지금|기존|지난번|"
    # what runs elsewhere or as a rule: "現有機器", "借りていて", "타사", "평소엔", "usually"
    r"現有|现有|现在|現在|現時|现时|借りていて|運用中|稼働中|타사|다른 ?데서|평소|普段|平时|平時|"
    r"(?<![a-z])(?:usually|normally|elsewhere|other provider)(?![a-z])|"
    r"otro proveedor|outro provedor|normalmente|normalerweise|d'habitude|обычно|別家|别家|他社|"
    # a pilot, what stands today: "Pilot was a QLoRA of 8B", "今は…PoC中", "Ist:", "파일럿 땐"
    r"(?<![a-z])(?:pilot|piloto|pilote|poc|ist:)(?![a-z])|(?<![а-яё])пилот|试点|試點|パイロット|"
    r"파일럿|PoC中|試用|试用"
)
# A pilot named: today's only when what comes after it is said ("Pilot was … For prod …").
_PILOT_RE = gated_re(r"pilot|piloto|pilote|poc|пилот|试点|試點|パイロット|파일럿|poc中|試用|试用")
# What they want: "target", "we need", "after the migration", "目标", "목표", "нужно", "Ziel".
_GOAL_RE = gated_re(
    r"(?<![a-z])(?:targets?|goals?|(?:we|i) need|needs? to|has to|have to|must|(?:we|i|they|"
    r"product|the business) wants?|would like|after the (?:migration|move)|moving (?:it )?to you|"
    r"this time|next (?:round|time)|new:|going forward|by q[1-4]|for q[1-4]|we expect|slos?:|"
    r"necesitamos|necesito|queremos|objetivo|esperamos|esta vez|para el lanzamiento|"
    r"precisamos|preciso|dessa vez|desta vez|prazo agora|"
    r"brauchen|benötigen|ziel|wollen|sollen|neu:|diesmal|künftig|nach der migration|"
    r"il nous faut|on veut|nous voulons|objectif|cible|cette fois|après la migration|on vise)"
    r"(?![a-z])|"
    r"(?<![а-яё])(?:нужно|надо|нужен|нужна|требуется|цель|после переезда|хотим|планируем|"
    r"в этот раз)(?![а-яё])|"
    r"目标|目標|要求|希望|计划|計劃|打算|改成|改为|改為|迁移后|遷移後|这次|這次|"
    r"要件|移行後|今回|したい|"
    r"목표|이전하면서|이전 후|이번에|늘리려고|"
    # later, or in its place: "next month", "expects 120 by Q3", "instead of 8k", "要撐 200"
    r"(?<![a-z])(?:next month|expects?|instead of|in place of|statt|anstatt|au lieu de|"
    r"en vez de|em vez de|neues projekt|nächsten monat|le mois prochain|el próximo mes|"
    r"próximo mês)(?![a-z])|(?<![а-яё])(?:вместо|в следующем месяце)(?![а-яё])|"
    r"下个月|下個月|来月|다음 ?달|要撐|要扛|要撑|想跑|想要|换到|換到|想换|想換|"
    # the production to come: "for prod", "Soll:", "升级到", "本番", "정식 오픈", "next year"
    r"(?<![a-z])(?:for prod(?:uction)?|in production|now wants?|leadership wants|soll:|"
    r"für die produktion|en production|para producción|em produção|next year|el próximo año|"
    r"ano que vem|l'an prochain|nächstes jahr)(?![a-z])|(?<![а-яё])(?:теперь|в следующем году)"
    r"(?![а-яё])|升级到|升級到|接下来|接下來|准备升级|準備升級|明年|下季度|来期|本番|本格|"
    r"본 ?프로젝트|정식 ?오픈|내년|이제"
)
# Where a clause begins: punctuation, a dash, a line.
_CLAUSE_MARKS = ",;:，；：。.!?！？\n—–"
# A sentence or a strong break ends today's clauses before the goal's word: "too slow -- the
# archive is 900M tokens … has to finish"; a decimal point is none ("1.8s").
_STRONG_BREAK_RE = re.compile(r"[.!?](?=\s|$)|[;；。！？—–]|--")


def _clause_start(text: str, at: int, floor: int = 0) -> int:
    marks = (text.rfind(mark, floor, at) for mark in _CLAUSE_MARKS)
    return max(floor, *(mark + 1 for mark in marks if mark < 0 or not _decimal(text, mark)))


def _decimal(text: str, at: int) -> bool:
    return text[at] in ".," and at + 1 < len(text) and text[at + 1].isdigit()


def _today_end(text: str, start: int, goal: int) -> int:
    """Where today's clauses end before a goal's word: the last strong break, else the word."""
    breaks = [found.end() for found in _STRONG_BREAK_RE.finditer(text, start, goal)]
    return breaks[-1] if breaks else goal


def _sentence_end(text: str, at: int) -> int:
    ends = [text.find(mark, at) for mark in ".!?。！？\n"]
    return min((end for end in ends if end >= 0), default=len(text))


def todays_spans(text: str) -> list[tuple[int, int]]:
    """Return the spans of ``text`` that say today's setup, when a goal is said too."""
    todays = list(_TODAY_RE.finditer(text))
    if not todays:
        return []
    goals = [found.start() for found in _GOAL_RE.finditer(text)]
    if not goals:
        return []
    spans: list[tuple[int, int]] = []
    for found in todays:
        if spans and found.start() < spans[-1][1]:
            continue  # inside the span of an earlier word of today
        start = _clause_start(text, found.start())
        later = [goal for goal in goals if goal >= found.end()]
        if not later and _PILOT_RE.fullmatch(found.group()):
            continue  # "queremos … ; en la prueba piloto el pico fue de 300": the pilot's figure
        end = _today_end(text, found.end(), later[0]) if later else _sentence_end(text, found.end())
        if end > start:
            spans.append((start, end))
    return spans


def goal_only(text: str) -> str:
    """Return ``text`` with all but the goal's clauses blanked (same length), when today's is said.

    The goal runs from the clause of its word to the next word of today (or the end): "Product
    wants after the migration: TTFT under 600ms …". ``text`` itself when no such pair is said.
    """
    spans = todays_spans(text)
    if not spans:
        return text
    starts = [start for start, _ in spans]
    kept: list[tuple[int, int]] = []
    for found in _GOAL_RE.finditer(text):
        if any(start <= found.start() < end for start, end in spans):
            continue  # a goal word inside today's clauses ("we need 4 GPUs today")
        begin = _clause_start(text, found.start())
        # (not back into today's clauses: the goal begins where they end at the earliest)
        begin = max(begin, *(end for _, end in spans if end <= found.start()), 0)
        later = [start for start in starts if start >= found.end()]
        end = later[0] if later else len(text)
        if kept and begin < kept[-1][1]:
            begin = kept[-1][0]
            kept.pop()
        kept.append((begin, end))
    chars = [" " if char != "\n" else char for char in text]
    for begin, end in kept:
        chars[begin:end] = list(text[begin:end])
    return "".join(chars)


_SENTENCE_MARKS = ".!?。！？\n"


# Today's setup said to run at another provider: "借りていて", "타사", "他社", "at a hyperscaler".
_ELSEWHERE_RE = gated_re(
    r"借りていて|타사|다른 ?데서|쓰는 ?중|他社|別家|别家|别的云|別的雲|"
    r"(?<![a-z])(?:elsewhere|other provider|hyperscaler|another cloud)(?![a-z])|"
    r"otro proveedor|outro provedor|anderen anbieter|autre fournisseur|другого провайдера"
)


def said_of_today(text: str, at: int, *, elsewhere: bool = False) -> bool:
    """Whether the figure at ``at`` stands in a sentence about today, no goal said between.

    "现在 2 张 4090 跑…", "Hoy servimos … en 2 GPUs", "평소엔 매주 GPU 2장으로": what runs now.
    ``elsewhere``: only when today's setup is said to run at another provider.
    """
    begin = max(text.rfind(mark, 0, at) for mark in _SENTENCE_MARKS) + 1
    pattern = _ELSEWHERE_RE if elsewhere else _TODAY_RE
    todays = list(pattern.finditer(text, begin, at))
    if not todays:
        return False
    return _GOAL_RE.search(text, todays[-1].end(), at) is None
