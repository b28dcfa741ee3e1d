"""Typed reads of Hugging Face ``config.json`` fields; a bad value names its field.

Every reader of ``hf_config`` and ``hf_families`` goes through these, so that a missing,
mistyped, negative or absurd value is refused with the field's name, never sized.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sizing.errors import InvalidRequestError

Config = Mapping[str, Any]
# Deepest model accepted: thirty times the deepest in the catalog (Llama 3.1 405B, 126 layers).
# Layer-by-layer counting (MoE and windowed layers) then stays instant.
MAX_LAYERS = 4096
# Largest integer accepted in any other field: a trillion, far past any real width, vocabulary
# or expert count; every product of such numbers stays within float range in the speed model.
MAX_CONFIG_INT = 10**12


def get(config: Config, name: str, default: Any = None) -> Any:  # noqa: ANN401 - JSON value
    """Read a field, treating ``null`` as absent."""
    value = config.get(name)
    return default if value is None else value


def check_int(name: str, value: object, minimum: int, maximum: int) -> int:
    """Check an integer field's type and range; a bad value names the field."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidRequestError(f"config.{name}", value, "expected an integer")
    if not minimum <= value <= maximum:
        raise InvalidRequestError(f"config.{name}", value, f"expected {minimum} to {maximum}")
    return value


def need(config: Config, name: str, *, minimum: int = 0, maximum: int = MAX_CONFIG_INT) -> int:
    """Read an integer field the derivation cannot do without."""
    value = config.get(name)
    if value is None:
        raise InvalidRequestError(f"config.{name}", None, "missing from the config")
    return check_int(name, value, minimum, maximum)


def opt_int(config: Config, name: str, default: int, *, minimum: int = 0) -> int:
    """Read an optional integer field (``null`` or absent: the default)."""
    value = config.get(name)
    return default if value is None else check_int(name, value, minimum, MAX_CONFIG_INT)


def window_size(config: Config, name: str) -> int | None:
    """Read an optional window or chunk size in tokens (``null``, absent or 0: none)."""
    value = config.get(name)
    return None if value is None else check_int(name, value, 0, MAX_CONFIG_INT) or None


def flag(config: Config, name: str, *, default: bool) -> bool:
    """Read an optional true/false field; a string such as "false" is refused, not truthy."""
    value = config.get(name)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise InvalidRequestError(f"config.{name}", value, "expected true or false")
    return value


def as_list(config: Config, name: str) -> list[Any]:
    """Read an optional JSON array field (absent: empty)."""
    value = config.get(name)
    if value is None:
        return []
    if not isinstance(value, list):
        raise InvalidRequestError(f"config.{name}", value, "expected a list")
    return value


def layer_indices(config: Config, name: str) -> tuple[int, ...]:
    """Read an optional list of 0-based layer indices."""
    values = as_list(config, name)
    return tuple(check_int(name, value, 0, MAX_LAYERS) for value in values)


def need_flag(config: Config, name: str, expected: object, why: str) -> None:
    """Refuse a config whose ``name`` asks for something the engine does not model."""
    value = config.get(name)
    if value is not None and value != expected:
        raise InvalidRequestError(f"config.{name}", value, why)


def text_config(config: Config) -> Config:
    """Return the language model's fields of a multimodal config (else the config itself)."""
    text = config.get("text_config")
    if text is None:
        return config
    if not isinstance(text, Mapping):
        raise InvalidRequestError("config.text_config", text, "expected an object")
    return text


def vision_config(config: Config) -> Config | None:
    """Return the vision tower's fields of a multimodal config, None when it has none."""
    vision = config.get("vision_config")
    if vision is None or isinstance(vision, Mapping):
        return vision
    raise InvalidRequestError("config.vision_config", vision, "expected an object")


def per_layer(config: Config, name: str, layers: int, *, extra: int = 0) -> list[Any]:
    """Read a per-layer list; it must have one entry per layer (or per layer and MTP layer)."""
    values = as_list(config, name)
    if len(values) not in {layers, layers + extra}:
        raise InvalidRequestError(
            f"config.{name}", f"{len(values)} entries", f"expected one per layer ({layers})"
        )
    return values[:layers]


def pattern_of(
    config: Config, name: str, layers: int, kinds: Mapping[object, str], *, extra: int = 0
) -> str:
    """Turn a per-layer list of kinds into a pattern string; an unknown kind names the field."""
    out = []
    for value in per_layer(config, name, layers, extra=extra):
        key = value if isinstance(value, (str, int)) and not isinstance(value, bool) else None
        if key not in kinds:
            raise InvalidRequestError(
                f"config.{name}", value, "a layer kind the engine does not know"
            )
        out.append(kinds[key])
    return "".join(out)
