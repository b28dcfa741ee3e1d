"""Understanding customer messages: free text in ten languages to a ``ParsedRequest``."""

from bot.understand.concurrency import RATE
from bot.understand.jsonform import parsed_to_json
from bot.understand.language import detect_language, negotiate_language
from bot.understand.models.hub_names import REDUCED_WORDS
from bot.understand.parser import parse_key, parse_message, prepare

__all__ = [
    "RATE",
    "REDUCED_WORDS",
    "detect_language",
    "negotiate_language",
    "parse_key",
    "parse_message",
    "parsed_to_json",
    "prepare",
]
