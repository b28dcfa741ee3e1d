"""bot.settings: the environment read, validated, and never leaking a secret."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.settings import BotMode, SettingsError, load_settings

TOKEN = "123456789:AAFakeTokenForTestsOnly_abcdefghijk"  # noqa: S105 - a fake


def test_defaults_without_any_variable():
    """No environment: console chat settings, SQLite state file, polling, INFO logs."""
    settings = load_settings({})
    assert settings.telegram_bot_token is None
    assert settings.bot_mode is BotMode.POLLING
    assert settings.state_url == "sqlite:///state.sqlite3"
    assert settings.api_base_url == "https://api.telegram.org/bot"
    assert settings.log_level == "INFO"


def test_full_webhook_configuration():
    """Every variable is read into its field, with types and derived URLs."""
    settings = load_settings(
        {
            "TELEGRAM_BOT_TOKEN": TOKEN,
            "TELEGRAM_API_BASE_URL": "http://127.0.0.1:8081/bot",
            "BOT_MODE": "Webhook",
            "WEBHOOK_URL": "https://bot.example.com/tg/hook",
            "WEBHOOK_SECRET": "abc_DEF-123",
            "PORT": "8443",
            "HOST": "0.0.0.0",  # noqa: S104 - a value read, nothing bound
            "STATE_URL": "redis://redis:6379/0",
            "ADMIN_CHAT_IDS": "42, -100123",
            "QUOTE_SIGNING_KEY": "k" * 32,
            "LOG_LEVEL": "debug",
            "CHECKOUT_URL_TEMPLATE": "https://fullgpu.com/checkout?plan={plan}",
        }
    )
    assert settings.bot_mode is BotMode.WEBHOOK
    assert settings.api_base_url == "http://127.0.0.1:8081/bot"
    assert settings.api_base_file_url == "http://127.0.0.1:8081/file/bot"
    assert settings.webhook_path == "/tg/hook"
    assert settings.port == 8443
    assert settings.admin_chat_ids == (42, -100123)
    assert settings.signing_key_bytes() == b"k" * 32
    assert settings.log_level == "DEBUG"


@pytest.mark.parametrize(
    ("env", "variable"),
    [
        ({"TELEGRAM_BOT_TOKEN": "not a token"}, "TELEGRAM_BOT_TOKEN"),
        ({"BOT_MODE": "push"}, "BOT_MODE"),
        ({"PORT": "99999"}, "PORT"),
        ({"PORT": "http"}, "PORT"),
        ({"STATE_URL": "postgres://db/x"}, "STATE_URL"),
        ({"ADMIN_CHAT_IDS": "42,abc"}, "ADMIN_CHAT_IDS"),
        ({"LOG_LEVEL": "LOUD"}, "LOG_LEVEL"),
        ({"SALES_CHAT_ID": "@sales"}, "SALES_CHAT_ID"),
        ({"CATALOG_DIR": "/no/such/directory"}, "CATALOG_DIR"),
        ({"TELEGRAM_API_BASE_URL": "ftp://x"}, "TELEGRAM_API_BASE_URL"),
        ({"WEBHOOK_SECRET": "has space"}, "WEBHOOK_SECRET"),
        ({"TELEGRAM_BOT_TOKEN": TOKEN, "BOT_MODE": "webhook"}, "WEBHOOK_URL"),
        (
            {"TELEGRAM_BOT_TOKEN": TOKEN, "BOT_MODE": "webhook", "WEBHOOK_URL": "https://x.io/h"},
            "WEBHOOK_SECRET",
        ),
    ],
)
def test_a_bad_value_names_its_variable(env, variable):
    """The error starts with the variable's name, so the operator knows what to fix."""
    with pytest.raises(SettingsError) as caught:
        load_settings(env)
    assert caught.value.variable == variable
    assert str(caught.value).startswith(f"{variable}: ")


SECRETS = st.from_regex(r"[A-Za-z0-9_-]{20,60}", fullmatch=True)


@given(SECRETS)
def test_accepted_secrets_never_appear_in_repr_or_dump(secret):
    """Token, webhook secret and signing key are masked in repr and in model_dump."""
    settings = load_settings(
        {"TELEGRAM_BOT_TOKEN": f"1:{secret}", "WEBHOOK_SECRET": secret, "QUOTE_SIGNING_KEY": secret}
    )
    assert settings.telegram_bot_token is not None
    assert settings.telegram_bot_token.get_secret_value() == f"1:{secret}"
    assert secret not in repr(settings)
    assert secret not in str(settings.model_dump())


@given(SECRETS, SECRETS)
def test_rejected_secrets_never_appear_in_the_error(head, tail):
    """A malformed token or secret is rejected without being echoed."""
    for variable in ("TELEGRAM_BOT_TOKEN", "WEBHOOK_SECRET"):
        with pytest.raises(SettingsError) as caught:
            load_settings({variable: f"{head} {tail}"})
        assert head not in str(caught.value)
        assert tail not in str(caught.value)


def test_a_password_in_state_url_is_masked_in_repr_and_redacted_from_logs():
    """redis://:PASSWORD@host in STATE_URL shows masked in repr and is among the redacted."""
    from bot.cli.run import secrets_of  # noqa: PLC0415 - the log redaction's list of secrets

    settings = load_settings({"STATE_URL": "redis://app:hunter2-pass@redis.internal:6379/0"})
    assert settings.state_url == "redis://app:hunter2-pass@redis.internal:6379/0"
    assert "hunter2-pass" not in repr(settings)
    assert "hunter2-pass" not in str(settings)
    assert "redis.internal" in repr(settings)
    assert "hunter2-pass" in secrets_of(settings)


def test_sales_chat_and_catalog_dir_are_read(tmp_path):
    """SALES_CHAT_ID is a chat id; CATALOG_DIR an existing directory."""
    settings = load_settings({"SALES_CHAT_ID": "-1001234567890", "CATALOG_DIR": str(tmp_path)})
    assert settings.sales_chat_id == -1001234567890
    assert settings.catalog_dir == tmp_path
