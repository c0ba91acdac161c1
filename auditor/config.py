"""Configuration: defaults < config file (`.auditor.toml` or `[tool.auditor]` in pyproject.toml,
found by walking up from the checked path) < command-line flags. Every effective value
remembers where it came from, for `auditor config`."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from auditor.settings import Settings

CONFIG_NAMES = (".auditor.toml", "pyproject.toml")


class ConfigError(Exception):
    """A config file that cannot be read or does not validate; one line naming file and key."""


def find_config(start: Path) -> tuple[Path, dict[str, Any]] | None:
    """The nearest config file at or above `start` that holds auditor settings."""
    start = start.resolve()
    here = start if start.is_dir() else start.parent
    for d in (here, *here.parents):
        for name in CONFIG_NAMES:
            f = d / name
            if not f.is_file():
                continue
            data = read_config_file(f)
            if data is not None:
                return f, data
    return None


def read_config_file(f: Path) -> dict[str, Any] | None:
    try:
        raw = tomllib.loads(f.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"{f}: not valid TOML ({e})") from None
    except OSError as e:
        raise ConfigError(f"{f}: cannot read ({e.strerror or e})") from None
    if f.name == "pyproject.toml":
        return raw.get("tool", {}).get("auditor")
    return raw.get("tool", {}).get("auditor", raw)


def _normalise(data: dict[str, Any], base: Path) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in data.items():
        key = k.replace("-", "_")
        if key == "rules":
            v = [str((base / p).resolve()) if not Path(p).is_absolute() else p for p in v]
        out[key] = v
    return out


def resolve_settings(start: Path | None, flags: dict[str, Any], config_file: Path | None = None
                     ) -> tuple[Settings, dict[str, str]]:
    """Effective settings and, per key, where the value came from (default, a file, or a flag)."""
    values: dict[str, Any] = {}
    sources: dict[str, str] = {k: "default" for k in Settings.model_fields}
    found: tuple[Path, dict[str, Any]] | None
    if config_file is not None:
        data = read_config_file(config_file)
        if data is None:
            raise ConfigError(f"{config_file}: no [tool.auditor] settings in this file")
        found = (config_file, data)
    else:
        found = find_config(start or Path.cwd())
    if found is not None:
        path, data = found
        for k, v in _normalise(data, path.parent).items():
            values[k] = v
            sources[k] = str(path)
    for k, v in flags.items():
        if v is None or v == [] or v == ():
            continue
        values[k] = v
        sources[k] = "command line"
    try:
        settings = Settings.model_validate(values)
    except ValidationError as e:
        err = e.errors()[0]
        key = ".".join(str(p) for p in err["loc"])
        where = sources.get(key.split(".")[0], "settings")
        raise ConfigError(f"{where}: setting '{key}': {err['msg']}") from None
    return settings, sources
