"""Acceptance: how proposals and sizings word service ranges, counts of users and budgets.

A predicted range straddling a target names the safe choice once: the plan recommended set up
otherwise (never "the plan recommended meets it" as if it were another), or another plan with
what it costs on top. The assumption line takes the plural form its count takes in each
language. A plan a small margin over the budget leads the answer with the exact difference.
"""

from __future__ import annotations

import dataclasses
import gettext
import io
import re
from decimal import Decimal

import pytest
from babel import Locale
from babel.messages.pofile import read_po
from babel.plural import to_python

from bot.answers import localizer, option_name
from bot.answers.i18n import LOCALES_DIR, catalog_dir
from bot.answers.offer import render_proposal
from bot.answers.views.advice import KV_CHOICES, shape_text
from bot.answers.views.service import STRADDLES_MORE, STRADDLES_SAME_PLAN, safe_line
from bot.languages import LANGUAGES
from bot.reply import ChatContext
from sizing import KvDtype, Needs, SizingRequest, UseCase, propose, size_deployment
from tests.fakes.telegram_html import check_telegram_html

LLAMA_70B = "meta-llama/Llama-3.3-70B-Instruct"


def _ask(pipeline, text, lang):
    turn = pipeline.respond(text, ChatContext(chat_id=1, telegram_language=lang))
    check_telegram_html(turn.reply.html)
    assert turn.reply.language == lang, text
    return turn.reply


def _plain(text):
    """Return the text with no-break spaces as spaces (locales put them in numbers, units)."""
    return text.replace("\xa0", " ").replace("\u202f", " ")


def _service(throughput, context=16384):
    return size_deployment(
        SizingRequest(model_id=LLAMA_70B, context_tokens=context, throughput_tok_s=throughput)
    )


# --- a range straddling a target ----------------------------------------------------------


def test_the_safe_choice_on_the_recommended_plan_is_said_as_its_change():
    """4,000 tok/s on one MI355X server: the safe choice is its FP8 formats, said as such.

    The server's range straddles the target; the same server with an FP8 KV cache (and FP8
    weights) meets it at the low end. The line says the change, never the plan as if it were
    another.
    """
    answer = _service(4000)
    index, safe = answer.recommended_index, answer.service.safe_index
    assert index is not None
    assert safe is not None
    assert safe != index
    pick, other = answer.options[index], answer.options[safe]
    assert (pick.plan, pick.servers, pick.price.monthly_usd) == (
        other.plan,
        other.servers,
        other.price.monthly_usd,
    )
    for lang in ("en", "ru", "es"):
        loc = localizer(lang)
        line = safe_line(loc, pick, other)
        before, after = loc.gettext(STRADDLES_SAME_PLAN, how="\x00").split("\x00")
        assert line.startswith(before)
        assert line.endswith(after)
        assert loc.gettext(KV_CHOICES[KvDtype.FP8]) in line[len(before) : len(line) - len(after)]
        assert option_name(pick) not in line


def test_a_safe_choice_on_more_servers_is_named_with_the_difference():
    """8,000 tok/s: one MI355X server straddles it, two meet it: named, US$19,900 more."""
    answer = _service(8000)
    pick = answer.options[answer.recommended_index]
    other = answer.options[answer.service.safe_index]
    assert other.servers == pick.servers + 1
    loc = localizer("en")
    line = safe_line(loc, pick, other)
    assert line.startswith(STRADDLES_MORE.split(":", maxsplit=1)[0])
    assert f"{option_name(other)} ({shape_text(loc, other)}," in line
    assert "$19,900 a month more ($39,800 a month)" in _plain(line)


@pytest.mark.parametrize(
    ("text", "lang", "said", "not_said"),
    [
        (
            "нам нужно 4000 токенов/с для чат-бота поддержки, что предложите?",
            "ru",
            ("KV-кэш в FP8", "тот же тариф выполнит все цели даже на нижней границе, без доплаты."),
            "Диапазон заходит ниже цели: 8× AMD Instinct MI355X (1 сервер",
        ),
        (
            "we need 4000 tokens/s for a support chatbot, what do you propose?",
            "en",
            (
                "an FP8 KV cache",
                "the same plan meets every target even at its low end, at no extra cost.",
            ),
            "The range reaches below a target: 8× AMD Instinct MI355X (1 server",
        ),
        (
            "necesitamos 4000 tokens/s para un chatbot de soporte, ¿qué propones?",
            "es",
            (
                "caché KV en FP8",
                "el mismo plan cumple todos los objetivos incluso en su extremo inferior",
            ),
            "El rango queda por debajo de un objetivo: 8× AMD Instinct MI355X (1 servidor",
        ),
    ],
)
def test_a_proposal_never_offers_its_own_plan_as_the_safe_one(pipeline, text, lang, said, not_said):
    """The proposal's target lines say the change on the same plan, in the customer's language.

    ``said``: the change (an FP8 KV cache, with FP8 weights or not), then the line's end.
    """
    reply = _ask(pipeline, text, lang)
    body = _plain(reply.text)
    assert reply.kind == "offer"
    change, end = said
    line = next(line for line in body.splitlines() if end in line)
    assert change in line
    assert not_said not in body


# --- plural forms of the assumption line ----------------------------------------------------


def _ru_users(count):
    if count % 10 == 1 and count % 100 != 11:
        return "пользователь"
    if 2 <= count % 10 <= 4 and not 12 <= count % 100 <= 14:
        return "пользователя"
    return "пользователей"


@pytest.mark.parametrize(
    ("text", "lang", "said", "form"),
    [
        (
            "нам нужно 3000 токенов/с для чат-бота поддержки, что предложите?",
            "ru",
            r"нужная для них нагрузка — (\d+) (\w+) одновременно",
            _ru_users,
        ),
        (
            "we need 3000 tokens/s for a support chatbot, what do you propose?",
            "en",
            r"Sized for the targets you gave: (\d+) (\w+) at once is the load they need",
            lambda count: "user" if count == 1 else "users",
        ),
        (
            "Wir brauchen 3000 Tokens/s für einen Support-Chatbot, was schlagen Sie vor?",
            "de",
            r"Dafür ist eine Last von (\d+) gleichzeitigen (\w+) nötig",
            lambda count: "Nutzer" if count == 1 else "Nutzern",
        ),
    ],
)
def test_the_load_a_target_needs_takes_its_plural_form(pipeline, text, lang, said, form):
    """The count of users takes its language's plural form (Russian: 52 "пользователя")."""
    found = re.search(said, _plain(_ask(pipeline, text, lang).text))
    assert found is not None
    count = int(found.group(1))
    assert found.group(2) == form(count)


@pytest.fixture(scope="module")
def headcount_proposal():
    """Propose for a support team of 20 people (2 at once at peak), to vary the count of users."""
    return propose(UseCase.SUPPORT, Needs(headcount=20))


@pytest.mark.parametrize(
    ("lang", "users", "said"),
    [
        ("ru", 1, "Допущение: 1 пользователь одновременно"),
        ("ru", 2, "Допущение: 2 пользователя одновременно"),
        ("ru", 5, "Допущение: 5 пользователей одновременно"),
        ("ru", 11, "Допущение: 11 пользователей одновременно"),
        ("ru", 21, "Допущение: 21 пользователь одновременно"),
        ("ru", 233, "Допущение: 233 пользователя одновременно"),
        ("en", 1, "Assumed: 1 user at once"),
        ("en", 2, "Assumed: 2 users at once"),
        ("de", 1, "Annahme: 1 Nutzer gleichzeitig"),
        ("es", 1, "Supuesto: 1 usuario a la vez"),
        ("es", 3, "Supuesto: 3 usuarios a la vez"),
        ("fr", 1, "Hypothèse : 1 utilisateur simultané"),
        ("fr", 3, "Hypothèse : 3 utilisateurs simultanés"),
        ("pt-BR", 1, "Premissa: 1 usuário ao mesmo tempo"),
        ("pt-BR", 3, "Premissa: 3 usuários ao mesmo tempo"),
    ],
)
def test_the_assumption_line_takes_the_plural_form_of_its_count(
    headcount_proposal, lang, users, said
):
    """Word "N users at once assumed" in the one, few or many form each language counts it with."""
    proposal = dataclasses.replace(headcount_proposal, users=users)
    reply = render_proposal(localizer(lang), proposal)
    assert said in _plain(reply.text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_catalog_counts_plural_forms_as_babel_does(lang):
    """Each catalog's Plural-Forms picks, for every count, the form Babel's locale rule picks.

    ru: one, few, many; es, fr, pt-BR: one, many (millions), other; de, en: one, other.
    """
    code = catalog_dir(lang)
    path = LOCALES_DIR / code / "LC_MESSAGES" / "messages.po"
    catalog = read_po(io.BytesIO(path.read_bytes()))
    header = catalog.plural_forms  # "nplurals=3; plural=(...);"
    expression = header.split("plural=", 1)[1].rstrip(";")
    chosen = gettext.c2py(expression)
    category = to_python(Locale.parse(code).plural_form)
    counts = [*range(250), 1000, 1001, 1_000_000, 2_000_000, 1_000_001]
    # The categories whole counts fall in, in CLDR's order (ru's "other" is for fractions only).
    used = {category(n) for n in counts}
    order = [c for c in ("zero", "one", "two", "few", "many", "other") if c in used]
    assert catalog.num_plurals == len(order), (lang, header, order)
    assert [chosen(n) for n in counts] == [order.index(category(n)) for n in counts], lang


# --- a budget a small margin under the plan -------------------------------------------------


@pytest.mark.parametrize(
    ("text", "lang", "lead"),
    [
        (
            "budget 19,800 USD a month: Llama 3.3 70B with 128K context for 40 users",
            "en",
            (
                "8× AMD Instinct MI355X serves it: 1 server, 8 GPUs, $19,900 a month, $100 over "
                "your budget of $19,800 a month."
            ),
        ),
        (
            "Llama 3.3 70B con 128K de contexto para 40 usuarios, presupuesto 19.800 USD al mes",
            "es",
            (
                "8× AMD Instinct MI355X lo cubre: 1 servidor, 8 GPU, 19.900 US$ al mes, 100 US$ "
                "por encima de su presupuesto de 19.800 US$ al mes."
            ),
        ),
        (
            "Llama 3.3 70B mit 128K Kontext für 40 Nutzer, Budget 19.800 USD im Monat",
            "de",
            (
                "8× AMD Instinct MI355X schafft es: 1 Server, 8 GPUs, 19.900 $ pro Monat, 100 $ "
                "über Ihrem Budget von 19.800 $ pro Monat."
            ),
        ),
        (
            "Llama 3.3 70B, контекст 128K, 40 пользователей, бюджет 19 800 USD в месяц",
            "ru",
            (
                "Подойдёт 8× AMD Instinct MI355X: 1 сервер, 8 GPU, 19 900 $ в месяц — на 100 $ "
                "больше вашего бюджета в 19 800 $ в месяц."
            ),
        ),
    ],
)
def test_a_plan_just_over_the_budget_leads_with_the_difference(pipeline, text, lang, lead):
    """US$100 over a US$19,800 budget: the plan serving it first, then how much it is over.

    What the cheaper ways give up follows (a shorter context, fewer users).
    """
    reply = _ask(pipeline, text, lang)
    lines = _plain(reply.text).splitlines()
    assert lines[0] == lead
    assert any("32K" in line for line in lines)  # a change that fits the budget, with its cost


def test_a_plan_far_over_the_budget_says_so_first_with_the_difference(pipeline):
    """US$7,900 over a US$12,000 budget is no small margin: "not within" first, and how much."""
    reply = _ask(
        pipeline, "budget 12,000 USD a month: Llama 3.3 70B with 128K context for 40 users", "en"
    )
    assert _plain(reply.text).splitlines()[0] == (
        "Not within $12,000 a month: the cheapest plan that serves it is 8× AMD Instinct MI355X, 1 "
        "server, 8 GPUs, $19,900 a month ($7,900 over)."
    )


@pytest.mark.parametrize(
    ("text", "lang", "lead", "alternative"),
    [
        (
            (
                "Presupuesto de 19.800 USD al mes: ¿qué nos propones para un chatbot de soporte "
                "con 3000 tokens/s?"
            ),
            "es",
            (
                "Para un asistente de atención al cliente, yo empezaría con Llama 3.3 70B "
                "Instruct: 8× AMD Instinct MI355X, 1 servidor, 8 GPU, 19.900 US$ al mes. Son 100 "
                "US$ por encima de su presupuesto de 19.800 US$ al mes."
            ),
            "NVIDIA H200, 1 máquina de una GPU, 3.090 US$ al mes, dentro de su presupuesto.",
        ),
        (
            (
                "budget 19,800 USD a month: what do you propose for a support chatbot for 40 users "
                "at once with 128K context?"
            ),
            "en",
            (
                "For a customer-support assistant, I'd start with Llama 3.3 70B Instruct: 8× AMD "
                "Instinct MI355X, 1 server, 8 GPUs, $19,900 a month. That is $100 over your budget "
                "of $19,800 a month."
            ),
            "NVIDIA H200, 3 single-GPU machines, $9,270 a month, within your budget.",
        ),
        (
            "预算每月 19,800 美元：客服聊天机器人，同时 40 个用户，128K 上下文，你们推荐什么？",
            "zh-Hans",
            (
                "如果用于客服助手，我建议先用 Llama 3.3 70B Instruct："
                "8× AMD Instinct MI355X，1 台服务器，共 8 张 GPU，每月 US$19,900。"
                "比您每月 US$19,800 的预算高出 US$100。"
            ),
            "NVIDIA H200，3 台单卡机器，每月 US$9,270，在您的预算之内。",
        ),
    ],
)
def test_a_proposal_just_over_the_budget_leads_with_its_plan_and_the_difference(
    pipeline, text, lang, lead, alternative
):
    """A proposal US$100 over the budget leads with its plan, its price and the amount over.

    The smaller model that fits the budget is said to fit it; the order button is the lead's
    plan, never the B200.
    """
    reply = _ask(pipeline, text, lang)
    lines = _plain(reply.text).splitlines()
    assert lines[0] == lead
    assert any(line.endswith(alternative) for line in lines), lines
    urls = [button.url for row in reply.buttons for button in row if button.url]
    assert urls
    assert "plan=mi355x-8x" in urls[0]


def test_a_proposal_far_over_the_budget_says_the_first_model_is_over_and_by_how_much(pipeline):
    """US$7,900 over: the proposal leads with the model that fits and says the other's excess."""
    reply = _ask(
        pipeline,
        "budget 12,000 USD a month: what do you propose for a support chatbot for 40 users at "
        "once with 128K context?",
        "en",
    )
    body = _plain(reply.text)
    assert body.startswith("For a customer-support assistant, I'd start with Qwen3 30B-A3B")
    assert (
        "the cheapest plan that serves it, 8× AMD Instinct MI355X at $19,900 a month, is "
        "$7,900 over your budget." in body
    )
    assert Decimal(reply.data["picks"][1]["servers"]) >= 1


@pytest.mark.parametrize(
    ("text", "lang", "unit"),
    [
        ("Llama 3.1 8B: 10 миллионов документов по 2000 токенов, сколько времени?", "ru", "дн"),
        ("Llama 3.1 8B, 300k docs of 2000 tokens, deadline 12 hours", "en", "hours"),
        ("Llama 3.1 8B: 10 Millionen Dokumente mit je 2000 Tokens, Frist 2 Tage", "de", "Stunden"),
    ],
)
def test_a_jobs_length_of_time_is_said_in_the_customers_words(pipeline, text, lang, unit):
    """An offline job's hours or days read in the answer's language, never a bare "h"."""
    plain = re.sub(r"<[^>]+>", "", _ask(pipeline, text, lang).html)
    job = next(line for line in plain.splitlines() if re.search(r"2\W?000", line))
    assert unit in job, job
    assert not re.search(r"[0-9] h\b", job), job
