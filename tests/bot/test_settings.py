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


@pytest.mark.parametrize(
    ("url", "problem"),
    [
        ("http://bot.example.com/telegram", "https://"),
        ("https://bot.example.com:8080/telegram", "ports 443, 80, 88, 8443"),
        ("https://", "absolute URL"),
        ("bot.example.com/telegram", "absolute URL"),
        ("https://bot example.com/telegram", "no spaces"),
        ("https://bot.example.com:99999/telegram", "port"),
    ],
)
def test_a_webhook_url_telegram_would_refuse_is_refused_at_start(url, problem):
    """Plain HTTP, a port Telegram does not post to or a malformed URL stop start-up."""
    env = {"TELEGRAM_BOT_TOKEN": TOKEN, "BOT_MODE": "webhook", "WEBHOOK_SECRET": "s"}
    with pytest.raises(SettingsError) as caught:
        load_settings(env | {"WEBHOOK_URL": url})
    assert caught.value.variable == "WEBHOOK_URL"
    assert problem in caught.value.problem


def test_a_local_bot_api_server_may_take_a_plain_http_webhook():
    """With TELEGRAM_API_BASE_URL not Telegram's, http:// and any port are accepted."""
    settings = load_settings(
        {
            "TELEGRAM_API_BASE_URL": "http://127.0.0.1:8081",
            "WEBHOOK_URL": "http://10.0.0.5:8080/telegram",
        }
    )
    assert settings.webhook_url == "http://10.0.0.5:8080/telegram"


@pytest.mark.parametrize(
    ("raw", "seconds"),
    [("30d", 2_592_000), ("12h", 43_200), ("15m", 900), ("1s", 1), ("90", 90), ("2w", 1_209_600)],
)
def test_retention_reads_as_a_duration(raw, seconds):
    """RETENTION takes days, hours, minutes, seconds or a bare count of seconds."""
    assert load_settings({"RETENTION": raw}).retention == seconds


@pytest.mark.parametrize("raw", ["0", "soon", "-1d", "30 days", "99999999999d"])
def test_a_bad_retention_is_refused(raw):
    """Zero, words, negative or absurd durations name RETENTION."""
    with pytest.raises(SettingsError) as caught:
        load_settings({"RETENTION": raw})
    assert caught.value.variable == "RETENTION"


def test_retention_defaults_to_thirty_days_and_metrics_to_their_own_port():
    """Without variables: 30 days of chat state, metrics on loopback port 9464."""
    settings = load_settings({})
    assert settings.retention == 30 * 86400
    assert (settings.metrics_host, settings.metrics_port) == ("127.0.0.1", 9464)


def test_metrics_cannot_share_the_public_port():
    """METRICS_PORT equal to PORT is refused: metrics must stay off the public port."""
    with pytest.raises(SettingsError) as caught:
        load_settings({"PORT": "8080", "METRICS_PORT": "8080"})
    assert caught.value.variable == "METRICS_PORT"


def test_secrets_are_read_from_files(tmp_path):
    """*_FILE names a file holding the secret; its final line break is not part of it."""
    token_file = tmp_path / "token"
    token_file.write_text(TOKEN + "\n")
    secret_file = tmp_path / "secret"
    secret_file.write_text("abc_DEF-123")
    key_file = tmp_path / "key"
    key_file.write_text("k" * 32 + "\r\n")
    settings = load_settings(
        {
            "TELEGRAM_BOT_TOKEN_FILE": str(token_file),
            "WEBHOOK_SECRET_FILE": str(secret_file),
            "QUOTE_SIGNING_KEY_FILE": str(key_file),
        }
    )
    assert settings.telegram_bot_token is not None
    assert settings.telegram_bot_token.get_secret_value() == TOKEN
    assert settings.webhook_secret is not None
    assert settings.webhook_secret.get_secret_value() == "abc_DEF-123"
    assert settings.signing_key_bytes() == b"k" * 32


def test_a_secret_file_that_cannot_be_read_names_its_variable(tmp_path):
    """A missing file names TELEGRAM_BOT_TOKEN_FILE; both forms set names the variable."""
    with pytest.raises(SettingsError) as missing:
        load_settings({"TELEGRAM_BOT_TOKEN_FILE": str(tmp_path / "absent")})
    assert missing.value.variable == "TELEGRAM_BOT_TOKEN_FILE"
    token_file = tmp_path / "token"
    token_file.write_text(TOKEN)
    with pytest.raises(SettingsError) as both:
        load_settings({"TELEGRAM_BOT_TOKEN": TOKEN, "TELEGRAM_BOT_TOKEN_FILE": str(token_file)})
    assert both.value.variable == "TELEGRAM_BOT_TOKEN"
    assert TOKEN not in str(both.value)


def test_a_malformed_token_in_a_file_is_refused_without_echo(tmp_path):
    """A file holding something else than a token is refused, its content not repeated."""
    token_file = tmp_path / "token"
    token_file.write_text("not-a-token secret-words\n")
    with pytest.raises(SettingsError) as caught:
        load_settings({"TELEGRAM_BOT_TOKEN_FILE": str(token_file)})
    assert caught.value.variable == "TELEGRAM_BOT_TOKEN"
    assert "secret-words" not in str(caught.value)
