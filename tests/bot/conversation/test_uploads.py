"""A config.json sent in chat is sized as ``sizing size --config`` sizes it; bad files are named."""

from __future__ import annotations

import json

import pytest

from bot.conversation.pipeline import Pipeline
from bot.conversation.uploads import MAX_CONFIG_BYTES, UploadError, UploadProblem, read_config
from bot.reply import ChatContext
from sizing.deploy.engine import size_deployment
from sizing.request import Precision, SizingRequest
from sizing.serialize import to_json

# Llama 3.1 70B's architecture, as its config.json on Hugging Face states it.
LLAMA_70B_CONFIG = {
    "architectures": ["LlamaForCausalLM"],
    "model_type": "llama",
    "hidden_size": 8192,
    "intermediate_size": 28672,
    "num_attention_heads": 64,
    "num_hidden_layers": 80,
    "num_key_value_heads": 8,
    "vocab_size": 128256,
    "max_position_embeddings": 131072,
    "tie_word_embeddings": False,
    "torch_dtype": "bfloat16",
}


def _upload(pipeline, content, *, caption=None, chat=None, name="config.json"):
    chat = chat or ChatContext(chat_id=7, telegram_language="en")
    return pipeline.respond_to_document(name, content, chat, caption=caption)


def test_an_uploaded_config_is_sized_like_the_command_line():
    """The answer's data equals the engine's sizing of the same config."""
    content = json.dumps(LLAMA_70B_CONFIG).encode()
    turn = _upload(Pipeline(), content)
    expected = size_deployment(
        SizingRequest(model_config={**LLAMA_70B_CONFIG, "_name_or_path": "config"})
    )
    assert turn.reply.kind == "size"
    assert turn.reply.data["recommended"] == expected.recommended
    assert turn.reply.data["weights_bytes"] == to_json(expected)["weights_bytes"]


def test_the_caption_sets_precision_context_and_users():
    """Precision, context and users written in the caption apply to the uploaded model."""
    turn = _upload(Pipeline(), json.dumps(LLAMA_70B_CONFIG).encode(), caption="FP8, 32K, 20 users")
    request = turn.reply.data["request"]
    assert request["precision"] == Precision.FP8.value
    assert request["context_tokens"] == 32768
    assert request["concurrency"] == 20


def test_a_follow_up_after_an_upload_keeps_the_uploaded_model():
    """A follow-up ("and with 128K?") resizes the uploaded config, not some other model."""
    pipeline = Pipeline()
    first = _upload(pipeline, json.dumps(LLAMA_70B_CONFIG).encode(), name="my-70b.json")
    follow = pipeline.respond("and with 128K context?", first.chat)
    assert follow.reply.kind == "size"
    assert follow.reply.data["model"]["id"] == "my-70b"
    assert follow.reply.data["request"]["context_tokens"] == 131072


@pytest.mark.parametrize(
    ("content", "code", "words"),
    [
        (b'{"hidden_size": 4096,', "upload_not_json", "line 1"),
        (b"\xff\xfe not utf-8", "upload_not_json", "JSON"),
        (b"[1, 2, 3]", "upload_not_an_object", "not an object"),
        (b'{"name": "not a model"}', "upload_not_a_model_config", "is missing or wrong"),
        (b" " * (MAX_CONFIG_BYTES + 1), "upload_too_large", "too large"),
    ],
)
def test_a_bad_file_gets_one_clear_answer(content, code, words):
    """Each kind of bad file is one polite error saying what is wrong, never a traceback."""
    reply = _upload(Pipeline(), content).reply
    assert reply.kind == "error"
    assert reply.data["code"] == code
    assert words in reply.text
    assert "config.json" in reply.text


def test_a_file_too_large_to_download_is_refused_before_download():
    """Telegram's announced size alone is enough to refuse a huge file."""
    turn = Pipeline().respond_to_document(
        "weights.json", None, ChatContext(), size_bytes=50_000_000
    )
    assert turn.reply.data["code"] == "upload_too_large"
    assert "50 MB" in turn.reply.text


def test_the_error_is_in_the_customers_language():
    """A caption in Chinese makes the error Chinese."""
    reply = _upload(Pipeline(), b"{oops", caption="FP8，上下文 128K").reply
    assert reply.language == "zh-Hans"
    assert "JSON" in reply.text


def test_read_config_names_the_file_when_the_config_does_not():
    """A config without ``_name_or_path`` is labelled with its file name."""
    assert read_config("qwen3-32b.json", b'{"a": 1}')["_name_or_path"] == "qwen3-32b"
    with pytest.raises(UploadError) as error:
        read_config("x.json", b"{")
    assert error.value.problem is UploadProblem.NOT_JSON
