"""The conversation: one message (or button press) in, one answer and the chat's new state out.

parse -> pick the language -> merge follow-ups into the chat's last request -> size (or price,
compare, help, a knowledge answer, a hand-off to a person) -> render. Deep links, stateless
buttons and uploaded config files go the same way (``bot.conversation.links``). Every public
method answers; nothing raises to the transport: engine and parser failures become a polite
answer in the customer's language.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import replace
from datetime import date
from functools import lru_cache

from bot.answers import (
    ANY_GPU,
    Action,
    Callback,
    CheckoutConfig,
    Localizer,
    QuoteContext,
    Unsaid,
    decode,
    from_callback,
    joined_replies,
    localizer,
    recommended,
    render_compare,
    render_help,
    render_knowledge,
    render_price,
    render_shared,
    render_size,
    render_train,
    request_state,
    term_line,
    ticket_html,
    with_lead,
)
from bot.answers import command_menu as _command_menu
from bot.conversation.catalog_source import CatalogSource
from bot.conversation.charts import chart_reply
from bot.conversation.clarify import (
    BUDGET_CURRENCY,
    FOREIGN_BUDGET_NOTE,
    MIXED_VENDORS_NOTE,
    RATE_NOTE,
    ask_for_the_job,
    ask_what_to_change,
    ask_which_model,
    bad_request,
    budget_notes,
    cannot_answer,
    choose_language,
    courtesy,
    hub_unreachable,
    language_set,
    model_gated,
    model_not_on_hub,
    off_topic,
    paste_cut,
    refused_number,
    stale_button,
    unknown_model,
    which_of,
)
from bot.conversation.handoff import Handoff, HandoffConfig
from bot.conversation.kept_answers import KnowledgeAnswers
from bot.conversation.lever_host import discussed_entry, noted, training_entry
from bot.conversation.levers import Levers
from bot.conversation.links import LinkAnswers, lone_gpu, question_from
from bot.conversation.lookups import LookupProblem, ModelLookups, Resolved, SharedCache
from bot.conversation.offers import Offers
from bot.conversation.pastes import Paste, find_paste
from bot.conversation.recent_parses import (
    LONGEST_KEPT_CHARS,
    RECENT_PARSES,
    ParseKey,
    RecentParses,
)
from bot.conversation.relay import DONE_COMMAND, Relay
from bot.conversation.turn_facts import (
    note_deep_link,
    note_intent,
    note_refusal,
    note_sizing,
    note_training,
)
from bot.languages import answer_language, normalise_language
from bot.reply import (
    RECOMMENDED,
    ChatContext,
    Reply,
    ReplyKind,
    SalesDelivery,
    SalesMessage,
    Turn,
)
from bot.request import Cues, HubQuery, Intent, ParsedRequest, RequestFacts, facts_to_json
from bot.understand import RATE, detect_language, parse_key, parse_message
from sizing import (
    GpuId,
    InvalidRequestError,
    Precision,
    Question,
    SizingAnswer,
    SizingError,
    SizingRequest,
    Topic,
    UnknownModelError,
    answer_question,
    compare_gpus,
    load_plans,
    price_list,
    size_deployment,
    size_shared,
    size_training,
)

log = logging.getLogger(__name__)

# Messages whose parse waits for its answer. Past this many in flight the oldest is dropped, and
# its answer parses it again: more work, never a different answer.
KEPT_PARSES = 256
# The page's comparison; /compare without GPUs compares these two.
DEFAULT_COMPARE = (GpuId.MI355X, GpuId.H200)
_HELP_COMMANDS = frozenset({"start", "help"})
# The ``not_understood`` code of a message the parser failed on (``parse_message``).
PARSE_FAILED = "message"


def _whole_key(
    text: str, *, telegram_language: str | None = None, bot_username: str | None = None
) -> ParseKey:
    """Key a parse on every input (a parser other than ``parse_message`` says nothing more)."""
    return (text, telegram_language, bot_username)


@lru_cache(maxsize=RECENT_PARSES)
def _recent_parse_key(text: str, hint: str | None, bot_username: str | None) -> ParseKey:
    return parse_key(text, telegram_language=hint, bot_username=bot_username)


def _parse_key_of(
    text: str, *, telegram_language: str | None = None, bot_username: str | None = None
) -> ParseKey:
    """``parse_key``, kept for recent texts short enough to keep a parse of (a pure function).

    Keying reads the text's window and its language: a text sent again is keyed from memory.
    """
    if len(text) > LONGEST_KEPT_CHARS:
        return parse_key(text, telegram_language=telegram_language, bot_username=bot_username)
    return _recent_parse_key(text, telegram_language, bot_username)


def _mixes_vendors(plans: Mapping[str, int] | None) -> bool:
    """Whether plans counted hold both the AMD and the NVIDIA GPUs we rent."""
    gpus = {plan.gpu for plan in load_plans() if plan.id in (plans or {})}
    return GpuId.MI355X in gpus and GpuId.H200 in gpus


def _refusal(loc: Localizer, error: SizingError, facts: RequestFacts) -> Reply:
    """Say why the engine refused a request: an unknown model, a bad value, or our fault.

    Our fault is logged with the error's traceback.
    """
    if isinstance(error, UnknownModelError):
        return unknown_model(loc, error.model_id, ())
    if isinstance(error, InvalidRequestError):
        return bad_request(loc, error.field)
    log.error("the engine could not size %r", facts_to_json(facts), exc_info=error)
    return cannot_answer(loc)


def _kept_language(turn: Turn, text: str) -> Turn:
    """Keep the language a message is evidently written in, whatever its answer was.

    A question missed (a clarification, a knowledge answer) is still in the customer's
    language: the next message with little evidence of its own ("70b?") is answered in it,
    not in the client's setting or an earlier chat's language. A /lang choice wins anyway.
    """
    chat, language = turn.chat, turn.reply.language
    if chat.language is not None or chat.last_language == language:
        return turn
    if detect_language(text) != language:
        return turn  # no evidence in the text: the language came from the chat
    return replace(turn, chat=replace(chat, last_language=language))


def _state_of(chat: ChatContext) -> str:
    """Return the fingerprint of the chat's last request, as its buttons carry it."""
    return request_state(chat)


def command_menu(language: str) -> list[tuple[str, str]]:
    """(command, description) pairs for setMyCommands in ``language``."""
    return _command_menu(localizer(language))


class Pipeline:
    """Answers messages, button presses and inline queries; holds no per-chat state itself."""

    def __init__(
        self,
        checkout: CheckoutConfig | None = None,
        *,
        size: Callable[[SizingRequest], SizingAnswer] = size_deployment,
        parse: Callable[..., ParsedRequest] = parse_message,
        today: Callable[[], date] = date.today,
        now: Callable[[], float] = time.time,
        catalog: CatalogSource | None = None,
        sales_chat: bool = False,
        lookups: ModelLookups | None = None,
        recent_parses: int = RECENT_PARSES,
    ) -> None:
        self.checkout = checkout if checkout is not None else CheckoutConfig()
        self.catalog = catalog
        self.lookups = lookups
        # Messages parsed for their Hub queries, waiting for their answer: a front end asks for a
        # message's queries, then for its answer, and under load the answer thread takes several
        # messages' queries before the first answer, so one slot would be overwritten.
        # The same text from several chats at once ("/start") is parsed once, taken by each.
        self._kept_parses: OrderedDict[ParseKey, tuple[ParsedRequest, int]] = OrderedDict()
        self._kept_lock = threading.Lock()
        # The parses of recent texts, for the same text sent again by anyone.
        self._recent = RecentParses(recent_parses, failed=PARSE_FAILED)
        # What a parse depends on: the parser's own reading of it, else all the inputs.
        self._parse_key = _parse_key_of if parse is parse_message else _whole_key
        self._size = size
        self._parse = parse
        self._today = today
        config = HandoffConfig(sales_chat_configured=sales_chat, checkout=self.checkout)
        self._handoff = Handoff(config, size=size, now=now, today=today)
        self._links = LinkAnswers(self)
        self._levers = Levers(self)
        self._relay = Relay(now)
        self._knowledge = KnowledgeAnswers(answer_question)
        self._offers = Offers(
            size=size, checkout=self.checkout, today=today, resize=self._size_and_render
        )

    def parse_text(self, text: str, *, telegram_language: str | None = None) -> ParsedRequest:
        """Understand a piece of text (a deep link's model, an upload's caption)."""
        return self._parse(text, telegram_language=telegram_language)

    def refresh_catalog(self) -> None:
        """Pick up changed catalog files before answering (a stat per file when unchanged)."""
        if self.catalog is not None:
            self.catalog.refresh()

    # --- public entry points -------------------------------------------------------------

    def _parse_once(
        self, text: str, hint: str | None, bot_username: str | None, *, keep: bool = False
    ) -> ParsedRequest:
        """Parse a message; ``respond`` takes the parse ``hub_queries`` made of it, once."""
        key = (text, hint, bot_username)
        with self._kept_lock:
            kept = self._kept_parses.pop(key, None)
            if kept is not None:
                parsed, waiting = kept
                if keep or waiting > 1:  # another message of this text also waits for it
                    self._kept_parses[key] = (parsed, waiting + (1 if keep else -1))
                return parsed
        recent_key = self._parse_key(text, telegram_language=hint, bot_username=bot_username)
        recent = self._recent.get(recent_key)
        if recent is not None:
            parsed = recent
        else:
            parsed = self._parse(text, telegram_language=hint, bot_username=bot_username)
            self._recent.put(recent_key, parsed)
        if keep:
            with self._kept_lock:
                self._kept_parses[key] = (parsed, 1)
                while len(self._kept_parses) > KEPT_PARSES:
                    self._kept_parses.popitem(last=False)
        return parsed

    def hub_queries(
        self, text: str, chat: ChatContext, *, bot_username: str | None = None
    ) -> tuple[HubQuery, ...]:
        """Return what a message asks to look up on the Hub (front ends resolve it first)."""
        hint = chat.last_language or chat.telegram_language
        try:
            parsed = self._parse_once(text, hint, bot_username, keep=True)
        except Exception:
            log.exception("reading a message for Hub lookups failed")
            return ()
        return (parsed.hub,) if parsed.hub is not None else ()

    def share_lookups(self, cache: SharedCache) -> None:
        """Share Hub lookups with the other replicas through ``cache`` (their Redis)."""
        if self.lookups is not None:
            self.lookups.shared = cache

    async def resolve_models(self, queries: tuple[HubQuery, ...]) -> Resolved | None:
        """Look the queries up on the Hub off the event loop (None: no Hub wired)."""
        if self.lookups is None:
            return None
        return await self.lookups.resolve_all(queries)

    def respond(
        self,
        text: str,
        chat: ChatContext,
        *,
        bot_username: str | None = None,
        resolved: Resolved | None = None,
    ) -> Turn:
        """Return the answer to one message, and the chat context to store after it.

        ``resolved`` holds the Hub lookups a front end made before (``hub_queries``); without
        it, lookups are made here, blocking (the console and the command line). While the chat
        has a thread open with a person, the message goes to it too (``Turn.relay``).
        """
        turn = self._answer(text, chat, bot_username=bot_username, resolved=resolved)
        try:
            return self._relay.customer_turn(text, chat, turn)
        except Exception:
            log.exception("passing a message on to the sales thread failed")
            return turn

    def respond_to_sales(self, message: SalesMessage, chat: ChatContext) -> SalesDelivery:
        """Turn a sales person's reply into the customer's message (while their thread is open)."""
        return self._relay.from_sales(message, chat)

    def _answer(
        self,
        text: str,
        chat: ChatContext,
        *,
        bot_username: str | None = None,
        resolved: Resolved | None = None,
    ) -> Turn:
        fallback = localizer(answer_language(chat))
        # Without evidence in the message ("/price h200"), the language the customer last
        # wrote in beats the client's setting.
        hint = chat.last_language or chat.telegram_language
        try:
            self.refresh_catalog()
            paste = find_paste(text)
            if paste is not None:
                return self._pasted(paste, chat)
            parsed = self._parse_once(text, hint, bot_username)
            note_intent(parsed.intent.value)
            loc = localizer(answer_language(chat, parsed))
            if PARSE_FAILED in parsed.not_understood:
                # The understanding step broke on this message: our fault, not an off-topic ask.
                return Turn(cannot_answer(loc), chat)
            return _kept_language(self._dispatch(parsed, chat, loc, text, resolved), text)
        except Exception:
            log.exception("answering a message failed")
            return Turn(cannot_answer(fallback), chat)

    def _pasted(self, paste: Paste, chat: ChatContext) -> Turn:
        """Size a config pasted as text, as the same text sent as a file; a cut one: ask."""
        if paste.json_text is not None:
            content = paste.json_text.encode("utf-8")
            return self._links.document(
                "config.json", content, chat, paste.caption, size_bytes=len(content)
            )
        hint = chat.last_language or chat.telegram_language
        parsed = self._parse(paste.caption, telegram_language=hint) if paste.caption else None
        return Turn(paste_cut(localizer(answer_language(chat, parsed))), chat)

    def respond_to_callback(self, data: str, chat: ChatContext) -> Turn:
        """Apply a button press to the chat's last request and answer again."""
        loc = localizer(answer_language(chat, stored=chat.last_language))
        note_intent("button")
        try:
            self.refresh_catalog()
            payload = from_callback(data)
            if payload is not None:  # a stateless button: the same answer as the deep link
                return self._links.open(payload, chat, loc)
            callback = decode(data)
            stored = chat.last_request
            if callback is None or stored is None or callback.state != _state_of(chat):
                return Turn(stale_button(loc), chat)
            return self._apply_callback(callback, stored, chat, loc)
        except Exception:
            log.exception("answering a button press failed")
            return Turn(cannot_answer(loc), chat)

    def respond_to_document(
        self,
        file_name: str | None,
        content: bytes | None,
        chat: ChatContext,
        *,
        caption: str | None = None,
        size_bytes: int | None = None,
    ) -> Turn:
        """Size an uploaded config.json (``content`` None: too large to download, say so)."""
        loc = localizer(answer_language(chat))
        note_intent("upload")
        try:
            self.refresh_catalog()
            return self._links.document(file_name, content, chat, caption, size_bytes)
        except Exception:
            log.exception("answering a document failed")
            return Turn(cannot_answer(loc), chat)

    def inline_answers(self, query: str, telegram_language: str | None) -> list[Reply]:
        """Ready answers for an inline query: the answer to the query, or help and prices."""
        self.refresh_catalog()
        chat = ChatContext(telegram_language=normalise_language(telegram_language))
        if not query.strip():
            loc = localizer(answer_language(chat))
            try:
                return [render_help(loc), self.price(loc, None)]
            except Exception:
                log.exception("answering an empty inline query failed")
                return [cannot_answer(loc)]
        turn = self.respond(query, chat)
        # Inline results cannot call back into a chat: keep only link buttons.
        buttons = tuple(row for row in turn.reply.buttons if all(b.url for b in row))
        return [replace(turn.reply, buttons=buttons)]

    # --- messages ------------------------------------------------------------------------

    def _dispatch(  # noqa: PLR0911 - one answer per kind of message
        self,
        parsed: ParsedRequest,
        chat: ChatContext,
        loc: Localizer,
        text: str,
        resolved: Resolved | None = None,
    ) -> Turn:
        if parsed.command == "lang":
            return self._language(parsed, chat, loc)
        # >>> The conversation's own moves first: /done ends a thread with a person; levers on
        # the answer on the table ("cheaper?", "for 3 months?") and totals of plans counted;
        # proposals for a use, hardware we do not rent, models we do not size.
        own = self._conversation_move(parsed, chat, loc)
        if own is not None:
            return own
        # The facts a head count or a foreign budget give the engine (bot.conversation.offers).
        parsed = self._offers.prepare(parsed)
        beyond_sizing = self._beyond_sizing(parsed, chat, loc, text)
        if beyond_sizing is not None:
            return beyond_sizing
        if parsed.command in _HELP_COMMANDS or parsed.intent is Intent.HELP:
            return Turn(render_help(loc), chat)
        if parsed.intent is Intent.PRICE:
            gpu = parsed.facts.gpus[0] if parsed.facts.gpus else None
            return Turn(self.price(loc, gpu), chat)
        if parsed.intent is Intent.COMPARE and not parsed.facts.kept().names_model:
            return Turn(self._compare(loc, parsed), chat)
        # A comparison that names a model ("H200 or MI355X for Qwen3 235B?") is that model
        # sized on the GPUs named, side by side, with which one is the better buy first.
        reply = self._no_question(parsed, loc)
        if reply is not None:
            return Turn(reply, chat)
        if parsed.hub is not None and (resolved is not None or self.lookups is not None):
            hub = self._from_hub(parsed, parsed.hub, loc, resolved)
            if isinstance(hub, Reply):
                return Turn(hub, chat)
            parsed = hub
        return self._sizing(parsed, chat, loc)

    def _conversation_move(
        self, parsed: ParsedRequest, chat: ChatContext, loc: Localizer
    ) -> Turn | None:
        """Answer /done, a lever or a term, or an offer; None when the message is none of them.

        The moves are bot.conversation.relay's, .levers' and .offers'.
        """
        if parsed.command == DONE_COMMAND:
            return self._relay.done_by_customer(chat, loc)
        lever = self._levers.answer(parsed, chat, loc)
        return lever if lever is not None else self._offers.answer(parsed, chat, loc)

    def _from_hub(
        self, parsed: ParsedRequest, query: HubQuery, loc: Localizer, resolved: Resolved | None
    ) -> ParsedRequest | Reply:
        """Put the Hub's checkpoint in the facts, or answer why there is none.

        Without any Hub wired (``resolved`` and ``lookups`` both None) the catalog answers
        alone, as the engine's tests run it.
        """
        if resolved is not None:
            lookup = resolved.get(query)
        elif self.lookups is not None:
            lookup = self.lookups.resolve(query)
        else:
            lookup = None
        if lookup is None or lookup.problem is LookupProblem.UNAVAILABLE:
            return hub_unreachable(loc, query.text)
        if lookup.checkpoint is None:
            note_refusal()  # ambiguous, gated or unknown: nothing sized
        if lookup.problem is LookupProblem.AMBIGUOUS:
            return which_of(loc, lookup.candidates)
        if lookup.problem is LookupProblem.GATED:
            return model_gated(loc, query.text)
        checkpoint = lookup.checkpoint
        if checkpoint is None and parsed.suggestions and not query.is_id:
            # Neither knows it: the catalog's closest names are offered, never a generic model
            # of the size in its name ("Llama 5 400B").
            return unknown_model(loc, parsed.unknown_model or query.text, parsed.suggestions)
        if checkpoint is None:
            return model_not_on_hub(loc, query.text)
        facts = replace(
            parsed.facts,
            model_id=None,
            hf_id=checkpoint.hf_id,
            model_config=dict(checkpoint.config),
            hf_revision=checkpoint.revision,
            hf_quant_config=dict(checkpoint.hf_quant_config)
            if checkpoint.hf_quant_config
            else None,
            stored_params=dict(checkpoint.stored_params) or None,
            hf_releases=dict(checkpoint.releases) or None,
            params_b=None,
            active_params_b=None,
            moe=None,
        )
        return replace(parsed, facts=facts, unknown_model=None, suggestions=(), ambiguous=())

    def _beyond_sizing(
        self, parsed: ParsedRequest, chat: ChatContext, loc: Localizer, text: str
    ) -> Turn | None:
        """Answer a deep link, a request for a person or a knowledge question; else None."""
        if parsed.command == "start" and parsed.command_args:
            note_deep_link(parsed.command_args)
            return self._links.open(parsed.command_args, chat, loc)
        if parsed.intent is Intent.SALES:
            return self.handoff(loc, text, chat)
        if parsed.intent is Intent.KNOWLEDGE and parsed.topic:
            reply = self.knowledge(loc, question_from(parsed))
            if parsed.more_topics:
                # "how fast can you deliver, is there a minimum term, is traffic included?"
                more = [
                    self.knowledge(loc, question_from(replace(parsed, topic=topic, spec=None)))
                    for topic in parsed.more_topics
                ]
                reply = joined_replies([reply, *more])
            return Turn(reply, chat)
        gpu = lone_gpu(parsed)
        if gpu is not None and not chat.last_request:
            # "MI355X?" with nothing earlier to change: the GPU's card, not "which model?".
            return Turn(self.knowledge(loc, Question(Topic.GPU_CARD, gpus=(gpu,))), chat)
        return None

    @staticmethod
    def _no_question(parsed: ParsedRequest, loc: Localizer) -> Reply | None:
        """Answer a thank-you, or a message with nothing to size; None when there is a question."""
        if parsed.courtesy:
            return courtesy(loc)
        if (
            parsed.intent is Intent.UNKNOWN
            and not parsed.unknown_model
            and not parsed.facts.kept().asks_something  # "一卡" alone asks nothing
        ):
            return off_topic(loc)
        return None

    def _language(self, parsed: ParsedRequest, chat: ChatContext, loc: Localizer) -> Turn:
        if parsed.lang_choice is None:
            return Turn(choose_language(loc), chat)
        chosen = localizer(parsed.lang_choice)
        return Turn(language_set(chosen), replace(chat, language=chosen.language))

    def price(self, loc: Localizer, gpu: GpuId | None) -> Reply:
        """Render the price list (of one GPU, or all)."""
        return render_price(loc, price_list(gpu), checkout=self.checkout)

    def knowledge(self, loc: Localizer, question: Question) -> Reply:
        """Render a knowledge answer: short answer, detail, next steps (kept when asked again)."""
        return render_knowledge(loc, self._knowledge.answer(question), checkout=self.checkout)

    def handoff(self, loc: Localizer, text: str, chat: ChatContext) -> Turn:
        """Hand the customer to a person (at most once an hour per chat); open their thread."""
        turn = self._handoff.respond(loc, text, chat)
        if turn.handoff is None:
            return turn
        return replace(turn, chat=self._relay.opened(turn.chat))

    def compare(self, loc: Localizer, a: GpuId, b: GpuId) -> Reply:
        """Two GPUs side by side."""
        return render_compare(loc, compare_gpus(a, b))

    def _compare(self, loc: Localizer, parsed: ParsedRequest) -> Reply:
        named = list(dict.fromkeys(parsed.facts.gpus))
        if not named:
            a, b = DEFAULT_COMPARE
        elif len(named) == 1:
            a = named[0]
            b = next(g for g in DEFAULT_COMPARE if g is not a)
        else:
            a, b = named[0], named[1]
        return render_compare(loc, compare_gpus(a, b))

    def _sizing(  # noqa: C901, PLR0911 - one answer per way a sizing message can end
        self, parsed: ParsedRequest, chat: ChatContext, loc: Localizer
    ) -> Turn:
        refusal = refused_number(loc, parsed.not_understood)
        if refusal is not None:
            return Turn(refusal, chat)
        if parsed.ambiguous:
            return Turn(which_of(loc, parsed.ambiguous), chat)
        facts = parsed.facts.kept()
        if parsed.unknown_model and not facts.names_model:
            note_refusal()
            return Turn(unknown_model(loc, parsed.unknown_model, parsed.suggestions), chat)
        follow_up = parsed.intent is Intent.FOLLOWUP or not facts.names_model
        said = bool(facts.stated())
        if follow_up and chat.last_request is not None and said:
            facts = chat.last_request.merge(facts)
        elif parsed.intent is Intent.FOLLOWUP and chat.last_request is not None:
            # "what about 2?": an earlier question to change, but nothing read to change in it.
            return Turn(ask_what_to_change(loc), chat)
        elif not facts.names_model and parsed.hub is not None and parsed.hub.is_id:
            # A Hub repository named, with no Hub to read it from: say so, never "which model?"
            return Turn(hub_unreachable(loc, parsed.hub.text), chat)
        elif not facts.names_model:
            # Nothing earlier to change and no model named: ask, never guess one.
            # (a training job stated without its model is no change to an earlier question)
            trains = parsed.intent is Intent.TRAIN
            return Turn(ask_which_model(loc, follow_up=said and not trains, training=trains), chat)
        notes = budget_notes(loc, parsed.not_understood)
        if BUDGET_CURRENCY in parsed.not_understood:
            notes = (*notes, loc.gettext(FOREIGN_BUDGET_NOTE))
        if RATE in parsed.not_understood and facts.concurrency is None:
            notes = (*notes, loc.gettext(RATE_NOTE))
        if _mixes_vendors(facts.plan_counts):
            notes = (*notes, loc.gettext(MIXED_VENDORS_NOTE))
        if facts.trains:
            return self._train_and_render(facts, chat, loc)
        return self._size_and_render(facts, chat, loc, notes=notes, cues=parsed.cues)

    def _train_and_render(self, facts: RequestFacts, chat: ChatContext, loc: Localizer) -> Turn:
        """Size a training job and render it; the chat keeps it for follow-ups."""
        kept = replace(chat, last_request=facts, last_language=loc.language)
        try:
            answer = size_training(facts.training_request())
        except SizingError as exc:
            note_refusal(exc)
            return Turn(_refusal(loc, exc, facts), chat)
        note_training(answer)
        kept = noted(kept, training_entry(RECOMMENDED, answer))
        return Turn(render_train(loc, answer, checkout=self.checkout), kept)

    def train_and_render(self, facts: RequestFacts, chat: ChatContext, loc: Localizer) -> Turn:
        """Size a training job's facts and render the answer (the levers' changes)."""
        return self._train_and_render(facts, chat, loc)

    def sized(self, facts: RequestFacts) -> SizingAnswer | None:
        """Size the facts as the answers do; None when the engine refuses them."""
        try:
            return self._size(facts.sizing_request())
        except SizingError:
            return None

    def quote_day(self) -> date:
        """Today, as quotes and checkout links are dated."""
        return self._today()

    def size_and_render(
        self, facts: RequestFacts, chat: ChatContext, loc: Localizer, cues: Cues | None = None
    ) -> Turn:
        """Size a request's facts and render the answer (deep links, uploads, changes).

        ``cues``: what the message asked besides its facts (the figure it asks first).
        """
        return self._size_and_render(facts, chat, loc, cues=cues)

    def _size_and_render(
        self,
        facts: RequestFacts,
        chat: ChatContext,
        loc: Localizer,
        *,
        notes: tuple[str, ...] = (),
        role: str = RECOMMENDED,
        cues: Cues | None = None,
    ) -> Turn:
        if facts.deadline_hours is not None and facts.batch_tokens is None:
            # "and with a deadline of 12 hours?" of a chat service: the job is asked for
            return Turn(ask_for_the_job(loc), chat)
        kept = replace(chat, last_request=facts, last_language=loc.language)
        if facts.members:
            return self._shared_and_render(facts, chat, kept, loc)
        try:
            answer = self._size(facts.sizing_request())
        except SizingError as exc:
            note_refusal(exc)
            return Turn(_refusal(loc, exc, facts), chat)
        note_sizing(answer)
        kept = noted(kept, discussed_entry(role, answer, facts.months))
        quote = QuoteContext(model_id=answer.model.id, issued=self._today())
        reply = render_size(
            loc,
            answer,
            checkout=self.checkout,
            quote=quote,
            state=_state_of(kept),
            notes=notes,
            leads=self._offers.leads(loc, cues, answer),
            asked=cues.asked if cues is not None else None,
            trails=self._offers.trails(loc, cues, answer),
        )
        if facts.months:  # a term asked: its total on the plan recommended
            reply = with_lead(reply, [term_line(loc, recommended(answer), facts.months) or ""])
        return Turn(reply, kept)

    def _shared_and_render(
        self, facts: RequestFacts, chat: ChatContext, kept: ChatContext, loc: Localizer
    ) -> Turn:
        """Size several models on one deployment; the chat keeps them for follow-ups."""
        try:
            answer = size_shared(facts.shared_request())
        except SizingError as exc:
            note_refusal(exc)
            return Turn(_refusal(loc, exc, facts), chat)
        unsaid = Unsaid(
            users=tuple(i for i, m in enumerate(facts.members) if m.concurrency is None),
            context=tuple(i for i, m in enumerate(facts.members) if m.context_tokens is None),
        )
        return Turn(render_shared(loc, answer, checkout=self.checkout, unsaid=unsaid), kept)

    def _chart(self, facts: RequestFacts, loc: Localizer) -> Reply | None:
        """Return the picture behind "📊 Chart" (None: the request no longer sizes)."""
        request = facts.sizing_request()
        try:
            answer = self._size(request)
        except SizingError:
            return None
        return chart_reply(loc, request, answer, size=self._size)

    # --- buttons -------------------------------------------------------------------------

    def _apply_callback(
        self, callback: Callback, facts: RequestFacts, chat: ChatContext, loc: Localizer
    ) -> Turn:
        if callback.action is Action.CHART:
            return Turn(self._chart(facts, loc) or stale_button(loc), chat)
        if callback.action in {Action.DETAILS, Action.TICKET, Action.LAUNCH}:
            turn = self._size_and_render(facts, chat, loc)
            reply = turn.reply
            if reply.kind is not ReplyKind.SIZE:
                return turn
            if callback.action is Action.DETAILS:
                return Turn(replace(reply, html=reply.detail_html or reply.html, buttons=()), chat)
            if callback.action is Action.LAUNCH:
                return Turn(replace(reply, html=reply.launch_html or reply.html, buttons=()), chat)
            return Turn(replace(reply, html=ticket_html(loc, reply.text), buttons=()), chat)
        if callback.action is Action.GPU:
            argument = callback.argument or ANY_GPU
            gpus = () if argument == ANY_GPU else (GpuId(argument),)
            facts = replace(facts, gpus=gpus, gpu_count=None)  # another GPU: the count asked goes
        elif callback.action is Action.PRECISION:
            chosen = Precision(callback.argument) if callback.argument else None
            facts = replace(facts, precision=chosen)
        else:
            facts = replace(facts, context_tokens=callback.context_tokens)
        return self._size_and_render(facts, chat, loc, role="change")
