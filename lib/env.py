"""Typed readers for settings taken from the environment.

Each fails loudly on a value it cannot read, so a typo in production is a crash at
start-up rather than a silently different site.
"""

import os


class ImproperlyConfiguredValue(ValueError):
    pass


TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool = False) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    word = raw.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ImproperlyConfiguredValue(f"{name}={raw!r} is not a boolean (use true or false)")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfiguredValue(f"{name}={raw!r} is not a whole number") from None


def env_list(name: str, default: list[str] | None = None) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return list(default or [])
    return [item.strip() for item in raw.split(",") if item.strip()]


RATE_UNITS = {"s", "sec", "second", "m", "min", "minute", "h", "hour", "d", "day"}


def env_rate(name: str, default: str) -> str:
    """A rate as DRF's throttles read it: a number of requests per second, minute, hour
    or day (``120/min``)."""
    raw = os.environ.get(name, default).strip()
    count, _, unit = raw.partition("/")
    if not count.isdigit() or unit not in RATE_UNITS:
        raise ImproperlyConfiguredValue(
            f"{name}={raw!r} is not a rate (a number of requests per second, min, hour or "
            "day, e.g. 120/min)"
        )
    return raw
