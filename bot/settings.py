"""One settings object read from the environment, validated at start.

Every variable is described in README.md. A bad value stops start-up with ``SettingsError``,
whose message names the variable and never repeats a secret's value.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, SecretStr, ValidationError, field_validator

DEFAULT_API_ROOT = "https://api.telegram.org"
DEFAULT_STATE_URL = "sqlite:///state.sqlite3"
DEFAULT_HOST = "127.0.0.1"  # loopback unless told otherwise; containers set HOST=0.0.0.0
DEFAULT_PORT = 8080
DEFAULT_WEBHOOK_PATH = "/telegram"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
LOG_FORMATS = ("text", "json")
DEFAULT_QUOTE_VALID_DAYS = 30
MAX_QUOTE_VALID_DAYS = 366  # a price held longer than a year is not a quote
STATE_SCHEMES = ("sqlite", "memory", "redis", "rediss")

# https://core.telegram.org/bots/features#botfather: "<bot id>:<secret>".
_TOKEN_RE = re.compile(r"^[0-9]{1,20}:[A-Za-z0-9_-]{20,}$")
# https://core.telegram.org/bots/api#setwebhook: secret_token is 1-256 of A-Z, a-z, 0-9, _ and -.
_WEBHOOK_SECRET_RE = re.compile(r"^[A-Za-z0-9_-]{1,256}$")
_PORT_MAX = 65535
SECRET_MASK = "**********"  # noqa: S105 - the mask pydantic's SecretStr shows, not a secret


class BotMode(StrEnum):
    """How updates reach the bot."""

    POLLING = "polling"
    WEBHOOK = "webhook"


class SettingsError(ValueError):
    """A variable of the environment is missing or wrong; the message names it."""

    def __init__(self, variable: str, problem: str) -> None:
        super().__init__(f"{variable}: {problem}")
        self.variable = variable
        self.problem = problem


def _is_http_url(value: str) -> bool:
    parts = urlsplit(value)
    return parts.scheme in {"http", "https"} and bool(parts.netloc)


class Settings(BaseModel):
    """The bot's configuration; field ``x`` comes from the variable ``X``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    telegram_bot_token: SecretStr | None = None
    telegram_api_base_url: str = DEFAULT_API_ROOT
    bot_mode: BotMode = BotMode.POLLING
    webhook_url: str | None = None
    webhook_secret: SecretStr | None = None
    host: str = DEFAULT_HOST
    port: Annotated[int, Field(ge=1, le=_PORT_MAX)] = DEFAULT_PORT
    state_url: str = DEFAULT_STATE_URL
    checkout_url_template: str | None = None
    quote_signing_key: SecretStr | None = None
    admin_chat_ids: tuple[int, ...] = ()
    sales_chat_id: int | None = None  # where requests for a person go
    catalog_dir: Path | None = None  # plans and knowledge data reloaded without a deploy
    log_level: str = "INFO"
    log_format: str = "text"
    quote_valid_days: Annotated[int, Field(ge=1, le=MAX_QUOTE_VALID_DAYS)] = (
        DEFAULT_QUOTE_VALID_DAYS
    )
    # The website (``python -m bot web``): origins allowed to call its API from a browser
    # (comma-separated, or ``*``), and the file of API keys for support tools.
    web_allowed_origins: str | None = None
    api_keys_file: Path | None = None

    @field_validator("telegram_bot_token")
    @classmethod
    def _token_shape(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None and not _TOKEN_RE.match(value.get_secret_value()):
            raise ValueError("expected the token BotFather gave, shaped <digits>:<letters>")
        return value

    @field_validator("webhook_secret")
    @classmethod
    def _secret_shape(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None and not _WEBHOOK_SECRET_RE.match(value.get_secret_value()):
            raise ValueError("expected 1-256 characters among A-Z, a-z, 0-9, _ and -")
        return value

    @field_validator("telegram_api_base_url")
    @classmethod
    def _api_root(cls, value: str) -> str:
        if not _is_http_url(value):
            raise ValueError("expected an http(s) URL such as https://api.telegram.org")
        # Accept the PTB-style ".../bot" too; the root is what we keep.
        return value.rstrip("/").removesuffix("/bot")

    @field_validator("webhook_url", "checkout_url_template")
    @classmethod
    def _http_url(cls, value: str | None) -> str | None:
        if value is not None and not _is_http_url(value):
            raise ValueError("expected an http(s) URL")
        return value

    @field_validator("state_url")
    @classmethod
    def _state_url(cls, value: str) -> str:
        if urlsplit(value).scheme not in STATE_SCHEMES:
            raise ValueError("expected sqlite:///FILE, memory:// or redis://HOST:PORT/DB")
        return value

    @field_validator("log_level")
    @classmethod
    def _log_level(cls, value: str) -> str:
        if value.upper() not in LOG_LEVELS:
            raise ValueError(f"expected one of {', '.join(LOG_LEVELS)}")
        return value.upper()

    @field_validator("sales_chat_id", mode="before")
    @classmethod
    def _sales_chat(cls, value: object) -> object:
        if isinstance(value, str) and not re.fullmatch(r"-?[0-9]{1,20}", value.strip()):
            raise ValueError("expected a chat id such as -1001234567890")
        return value

    @field_validator("catalog_dir")
    @classmethod
    def _catalog_dir(cls, value: Path | None) -> Path | None:
        if value is not None and not value.is_dir():
            raise ValueError("expected an existing directory holding plans.json/knowledge.json")
        return value

    @field_validator("web_allowed_origins")
    @classmethod
    def _origins(cls, value: str | None) -> str | None:
        items = [item.strip() for item in (value or "").split(",") if item.strip()]
        if any(item != "*" and not _is_http_url(item) for item in items):
            raise ValueError("expected comma-separated origins such as https://fullgpu.com, or *")
        return value

    @field_validator("api_keys_file")
    @classmethod
    def _keys_file(cls, value: Path | None) -> Path | None:
        if value is not None and not value.is_file():
            raise ValueError("expected an existing file of API keys, one a line")
        return value

    @field_validator("log_format")
    @classmethod
    def _log_format(cls, value: str) -> str:
        if value.lower() not in LOG_FORMATS:
            raise ValueError(f"expected one of {', '.join(LOG_FORMATS)}")
        return value.lower()

    @field_validator("admin_chat_ids", mode="before")
    @classmethod
    def _chat_ids(cls, value: object) -> object:
        if isinstance(value, str):
            items = [item.strip() for item in value.split(",") if item.strip()]
            if not all(re.fullmatch(r"-?[0-9]{1,20}", item) for item in items):
                raise ValueError("expected comma-separated chat ids such as 12345,-100987")
            return tuple(int(item) for item in items)
        return value

    def __repr_args__(self) -> Any:  # noqa: ANN401 - pydantic's own signature
        """Fields as repr and str show them, the password of STATE_URL masked."""
        for name, value in super().__repr_args__():
            if name == "state_url" and isinstance(value, str):
                yield name, mask_password(value)
            else:
                yield name, value

    @property
    def state_password(self) -> str | None:
        """The password STATE_URL carries (``redis://user:PASSWORD@host``), if any."""
        return urlsplit(self.state_url).password

    @property
    def api_base_url(self) -> str:
        """Prefix of Bot API method URLs, as python-telegram-bot's ``base_url`` wants it."""
        return f"{self.telegram_api_base_url}/bot"

    @property
    def api_base_file_url(self) -> str:
        """Prefix of file download URLs."""
        return f"{self.telegram_api_base_url}/file/bot"

    @property
    def webhook_path(self) -> str:
        """Path the webhook server listens on: the path of ``WEBHOOK_URL``."""
        if self.webhook_url is None:
            return DEFAULT_WEBHOOK_PATH
        return urlsplit(self.webhook_url).path or DEFAULT_WEBHOOK_PATH

    def signing_key_bytes(self) -> bytes | None:
        """Return the quote signing key as bytes, for ``CheckoutConfig``."""
        if self.quote_signing_key is None:
            return None
        return self.quote_signing_key.get_secret_value().encode()


def mask_password(url: str) -> str:
    """Return ``url`` with the password of its user info replaced by asterisks."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    user_info, _, host = parts.netloc.rpartition("@")
    user = user_info.split(":", 1)[0]
    return parts._replace(netloc=f"{user}:{SECRET_MASK}@{host}").geturl()


def _variable(field_name: str) -> str:
    return field_name.upper()


def _check_mode(settings: Settings) -> None:
    if settings.bot_mode is not BotMode.WEBHOOK or settings.telegram_bot_token is None:
        return
    if settings.webhook_url is None:
        raise SettingsError("WEBHOOK_URL", "required when BOT_MODE=webhook")
    if settings.webhook_secret is None:
        raise SettingsError("WEBHOOK_SECRET", "required when BOT_MODE=webhook")


def load_settings(environ: Mapping[str, str]) -> Settings:
    """Read and validate the settings; raise ``SettingsError`` naming the first bad variable."""
    raw: dict[str, str] = {}
    for name in Settings.model_fields:
        value = environ.get(_variable(name), "").strip()
        if value:
            raw[name] = value.lower() if name == "bot_mode" else value
    try:
        settings = Settings.model_validate(raw)
    except ValidationError as error:
        first = error.errors(include_url=False, include_input=False)[0]
        field = str(first["loc"][0]) if first["loc"] else "settings"
        message = str(first["msg"]).removeprefix("Value error, ")
        raise SettingsError(_variable(field), message) from None
    _check_mode(settings)
    return settings
