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


# keys a config file may use besides Settings' own field names
ALIASES = {"reader_concurrency": "concurrency", "extra_rules": "rules", "rule_dirs": "rules",
           "ignore": "disable", "select": "enable", "exclude_paths": "exclude", "severity_overrides": "severity"}


def _unknown_key(key: str, path: Path) -> ConfigError:
    import difflib

    known = sorted(set(Settings.model_fields) | set(ALIASES) | {"concurrency_range"})
    close = difflib.get_close_matches(key, known, n=1)
    hint = f" (did you mean '{close[0].replace('_', '-')}'?)" if close else ""
    return ConfigError(f"{path}: unknown setting '{key.replace('_', '-')}'{hint}")


def _normalise(data: dict[str, Any], base: Path, path: Path | None = None) -> dict[str, Any]:
    """File keys to Settings fields: dashes or underscores, a few aliases, `concurrency-range =
    [low, high]` for min/max concurrency, rule folders relative to the file's own folder."""
    out: dict[str, Any] = {}
    where = path or base
    for k, v in data.items():
        key = ALIASES.get(k.replace("-", "_"), k.replace("-", "_"))
        if key == "concurrency_range":
            if (not isinstance(v, list) or len(v) != 2
                    or not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in v)):
                raise ConfigError(f"{where}: setting 'concurrency-range': expected [low, high], got {v!r}")
            out["min_concurrency"], out["max_concurrency"] = v
            continue
        if key not in Settings.model_fields:
            raise _unknown_key(key, where)
        if key == "rules":
            if isinstance(v, str):
                v = [v]
            if isinstance(v, list):
                v = [str((base / p).resolve()) if isinstance(p, str) and not Path(p).is_absolute() else p for p in v]
        if key in ("enable", "disable", "exclude") and isinstance(v, str):
            v = [v]
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
        for k, v in _normalise(data, path.parent, path).items():
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
