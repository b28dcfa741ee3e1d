"""One settings object read from the environment, validated at start.

Every variable is described in README.md. A bad value stops start-up with ``SettingsError``,
whose message names the variable and never repeats a secret's value. A secret may come from a
file instead (``TELEGRAM_BOT_TOKEN_FILE``, ``WEBHOOK_SECRET_FILE``, ``QUOTE_SIGNING_KEY_FILE``,
``STATE_URL_FILE``: Kubernetes and Docker secrets are mounted as files).
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
DEFAULT_METRICS_HOST = "127.0.0.1"  # loopback unless told otherwise, as HOST
DEFAULT_METRICS_PORT = 9464  # the port commonly given to exporters of this kind
DEFAULT_RETENTION_S = 30 * 24 * 60 * 60  # 30 days: chat state, once nobody writes in a chat
MAX_RETENTION_S = 10 * 366 * 24 * 60 * 60
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
# https://core.telegram.org/bots/api#setwebhook: HTTPS, and "Ports currently supported for
# webhooks: 443, 80, 88, 8443". A local Bot API server (TELEGRAM_API_BASE_URL not Telegram's)
# takes any port and plain HTTP (https://github.com/tdlib/telegram-bot-api, "--local").
WEBHOOK_PORTS = (443, 80, 88, 8443)
# Variables whose value may be read from a file named by ``<VARIABLE>_FILE``.
FILE_VARIABLES = ("TELEGRAM_BOT_TOKEN", "WEBHOOK_SECRET", "QUOTE_SIGNING_KEY", "STATE_URL")
MAX_SECRET_FILE_BYTES = 64 * 1024
_DURATION_RE = re.compile(r"^([0-9]{1,12})\s*([smhdw]?)$")
_DURATION_UNITS = {"": 1, "s": 1, "m": 60, "h": 3600, "d": 86400, "w": 7 * 86400}
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


def parse_duration(value: str) -> int:
    """Read ``30d``, ``12h``, ``15m``, ``90s`` or a bare number of seconds; return seconds."""
    match = _DURATION_RE.match(value.strip().lower())
    if match is None:
        raise ValueError("expected a duration such as 30d, 12h, 15m, 90s or a number of seconds")
    seconds = int(match.group(1)) * _DURATION_UNITS[match.group(2)]
    if not 1 <= seconds <= MAX_RETENTION_S:
        raise ValueError("expected a duration between 1 second and 10 years")
    return seconds


def _url_problem(value: str) -> str | None:
    """Say what is wrong with an absolute http(s) URL (None: nothing)."""
    if any(c.isspace() for c in value) or not value.isprintable():
        return "a URL has no spaces or control characters"
    parts = urlsplit(value)
    try:
        port = parts.port
    except ValueError:
        return "its port is not a number from 1 to 65535"
    if parts.scheme not in {"http", "https"} or not parts.hostname:
        return "expected an absolute URL such as https://bot.example.com/telegram"
    if port == 0:
        return "its port is not a number from 1 to 65535"
    return None


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
    metrics_host: str = DEFAULT_METRICS_HOST
    metrics_port: Annotated[int, Field(ge=1, le=_PORT_MAX)] = DEFAULT_METRICS_PORT
    retention: int = DEFAULT_RETENTION_S  # seconds; RETENTION reads as a duration
    public_base_url: str | None = None  # where the counting redirects are served
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

    @field_validator("checkout_url_template")
    @classmethod
    def _http_url(cls, value: str | None) -> str | None:
        if value is not None and not _is_http_url(value):
            raise ValueError("expected an http(s) URL")
        return value

    @field_validator("webhook_url", "public_base_url")
    @classmethod
    def _absolute_url(cls, value: str | None) -> str | None:
        problem = None if value is None else _url_problem(value)
        if problem is not None:
            raise ValueError(problem)
        return value

    @field_validator("public_base_url")
    @classmethod
    def _public_base(cls, value: str | None) -> str | None:
        if value is None:
            return None
        parts = urlsplit(value)
        if parts.scheme != "https" or parts.query or parts.fragment:
            raise ValueError("expected an https URL without query, such as https://bot.example.com")
        return value.rstrip("/")

    @field_validator("retention", mode="before")
    @classmethod
    def _retention(cls, value: object) -> object:
        return parse_duration(value) if isinstance(value, str) else value

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
    if settings.metrics_port == settings.port:
        raise SettingsError("METRICS_PORT", "must differ from PORT (keep metrics off it)")
    if settings.webhook_url is not None and settings.telegram_api_base_url == DEFAULT_API_ROOT:
        _check_telegram_webhook(settings.webhook_url)
    if settings.bot_mode is not BotMode.WEBHOOK or settings.telegram_bot_token is None:
        return
    if settings.webhook_url is None:
        raise SettingsError("WEBHOOK_URL", "required when BOT_MODE=webhook")
    if settings.webhook_secret is None:
        raise SettingsError("WEBHOOK_SECRET", "required when BOT_MODE=webhook")


def _check_telegram_webhook(url: str) -> None:
    """Refuse what Telegram's own Bot API refuses: plain HTTP, ports it does not post to."""
    parts = urlsplit(url)
    if parts.scheme != "https":
        raise SettingsError("WEBHOOK_URL", "Telegram posts only to https:// URLs")
    if (parts.port or 443) not in WEBHOOK_PORTS:
        ports = ", ".join(map(str, WEBHOOK_PORTS))
        raise SettingsError("WEBHOOK_URL", f"Telegram posts only to ports {ports}")


class _FileReadError(ValueError):
    """A ``*_FILE`` variable names a file that cannot be read; the message says why."""


def read_secret_file(path: str) -> str:
    """Read a secret from a file: the whole file, without the line break at its end."""
    file = Path(path)
    try:
        with file.open("rb") as handle:
            raw = handle.read(MAX_SECRET_FILE_BYTES + 1)
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise _FileReadError(f"cannot read {path}: {reason}") from None
    if len(raw) > MAX_SECRET_FILE_BYTES:
        raise _FileReadError(f"{path} is larger than {MAX_SECRET_FILE_BYTES} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise _FileReadError(f"{path} is not UTF-8 text") from None
    return text.removesuffix("\n").removesuffix("\r")


def environment_value(environ: Mapping[str, str], variable: str) -> str:
    """Return ``variable``'s value, or the content of the file ``<variable>_FILE`` names.

    Both set is an error (which one counts would be a guess); so is an unreadable file.
    """
    direct = environ.get(variable, "").strip()
    file_variable = f"{variable}_FILE"
    path = environ.get(file_variable, "").strip()
    if not path:
        return direct
    if direct:
        raise SettingsError(variable, f"set either {variable} or {file_variable}, not both")
    try:
        return read_secret_file(path).strip()
    except _FileReadError as error:
        raise SettingsError(file_variable, str(error)) from None


def load_settings(environ: Mapping[str, str]) -> Settings:
    """Read and validate the settings; raise ``SettingsError`` naming the first bad variable."""
    raw: dict[str, str] = {}
    for name in Settings.model_fields:
        variable = _variable(name)
        if variable in FILE_VARIABLES:
            value = environment_value(environ, variable)
        else:
            value = environ.get(variable, "").strip()
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
