"""bot.json_input: the bounds hold whether or not the parsed value is walked."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot import json_input as jsonin
from bot.json_input import MAX_DEPTH, JsonInputError, load_json

# Any character, lone surrogates included (what a hostile client can escape or encode).
TEXT = st.text(st.characters(codec=None, categories=None), max_size=12)
VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=20,
)


def encoded(value: object, how: str) -> str | bytes:
    """Write ``value`` as JSON text or bytes, escaped or not, as a client might."""
    text = json.dumps(value, ensure_ascii=how == "ascii")
    if how == "text":
        return text
    return text.encode("utf-16" if how == "utf-16" else "utf-8", "surrogatepass")


def outcome(data: str | bytes) -> tuple[str, object]:
    """Return what ``load_json`` makes of ``data``: the value, or the refusal's message."""
    try:
        return "value", load_json(data, max_bytes=10**6)
    except JsonInputError as error:
        return "refused", str(error)


@given(VALUES, st.sampled_from(["ascii", "utf-8", "utf-16", "text"]))
def test_skipping_the_walk_never_changes_what_is_read(value, how):
    """Parsed without the walk when the text allows it: the same value or the same refusal."""
    data = encoded(value, how)
    fast = outcome(data)
    with pytest.MonkeyPatch.context() as always:
        always.setattr(jsonin, "_no_tree_check_needed", lambda *_args: False)
        walked = outcome(data)
    assert repr(fast) == repr(walked)  # repr: NaN-free, and -0.0 apart from 0.0


@pytest.mark.parametrize("as_bytes", [False, True])
def test_nesting_is_bounded_on_both_paths(as_bytes):
    """MAX_DEPTH levels are read; one more is refused, brackets in strings or not."""
    for padding in ("", "{[" * 40):
        deepest = "[" * MAX_DEPTH + json.dumps(padding) + "]" * MAX_DEPTH
        too_deep = "[" + deepest + "]"
        assert outcome(deepest.encode() if as_bytes else deepest)[0] == "value"
        refused = outcome(too_deep.encode() if as_bytes else too_deep)
        assert refused == ("refused", f"nested deeper than {MAX_DEPTH} levels")


@pytest.mark.parametrize(
    "data",
    [
        b'{"text": "\xed\xa0\x80"}',  # a surrogate written as UTF-8 bytes
        b'{"text": "\\ud800"}',
        b'{"text": "\\uDFFF x"}',
        '{"text": "\ud800"}',
        '{"t\\udc00": 1}',
    ],
)
def test_a_lone_surrogate_is_refused_however_it_comes(data):
    """Escaped, encoded or in the text itself, in a key or a value: refused."""
    assert outcome(data) == (
        "refused",
        "string holds a lone surrogate escape (not valid Unicode)",
    )


def test_a_surrogate_pair_escape_reads_as_its_character():
    """An escaped surrogate pair is one emoji, not two lone surrogates."""
    assert load_json(b'{"text": "\\ud83d\\ude00"}', max_bytes=100) == {"text": "\U0001f600"}


_KNOWN_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=jsonin.INT_MIN, max_value=jsonin.INT_MAX)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@given(_KNOWN_VALUES)
def test_the_fast_writer_and_reader_mean_what_the_standard_library_means(value):
    """Written and read back, any JSON value within 64-bit integers is the same as through json."""
    text = jsonin.dumps_compact(value)
    assert json.loads(text) == value
    assert jsonin.loads_known(text) == value
    assert jsonin.loads_known(text.encode()) == value
    assert jsonin.dumps_compact_bytes(value) == text.encode()


def test_what_orjson_cannot_write_is_written_the_standard_library_s_way():
    """A 70-bit integer and integer keys: the standard library's compact JSON, not an error."""
    value = {1: 2**70, "text": "ü"}
    assert jsonin.dumps_compact(value) == '{"1":1180591620717411303424,"text":"ü"}'
    with pytest.raises(ValueError, match="Expecting"):
        jsonin.loads_known("{not json")


@pytest.mark.parametrize("number", [str(2**64), str(-(2**63) - 1), "9" * 30])
def test_an_integer_past_64_bits_is_refused_at_the_door(number):
    """Those a fast reader would read as floats never get past ``load_json``."""
    with pytest.raises(JsonInputError, match=r"64-bit|too long"):
        load_json(f'{{"update_id": {number}}}', max_bytes=100)
    assert load_json(f'{{"id": {2**64 - 1}, "chat": {-(2**63)}}}', max_bytes=100) == {
        "id": 2**64 - 1,
        "chat": -(2**63),
    }
