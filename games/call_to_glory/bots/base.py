"""What every bot is: a key, a name, declared options, and ``choose(view) -> move``."""

import random


def gettext_noop(message: str) -> str:
    """Marks a string people read (a bot's name and description) for translation
    without importing Django: the site translates it where it shows it."""
    return message


class BuiltinBot:
    """A policy for one seat. It sees only the seat's view and keeps its own seeded
    ``random.Random``, so a bot made with the same seed decides the same way."""

    key = ""
    name = ""
    description = ""  # one sentence for people choosing an opponent
    # Each option: name -> (default, type, one-line description).
    options: dict = {}
    # Whether every decision takes a few milliseconds at most (no search): the site
    # plays such a bot's turn at once, in the request that made it due, instead of
    # sending it to a worker (docs/play.md, "Bots").
    quick = False
    # Whether ``recall`` reads the view (a bot with memory): one that does not is shown
    # None, so that a site game need not replay its record to remember for it.
    remembers = False

    def __init__(self, seed: int = 0, **settings):
        unknown = sorted(set(settings) - set(self.options))
        if unknown:
            known = ", ".join(sorted(self.options)) or "none"
            raise ValueError(
                f"the {self.key} bot has no setting {unknown[0]!r} (its settings: {known})"
            )
        self.seed = seed
        self.rng = random.Random(seed)
        self.decisions = 0  # this seat's decisions so far, chosen or recalled
        self.settings = {}
        for option, (default, kind, _about) in self.options.items():
            value = settings.get(option, default)
            self.settings[option] = check_setting(self.key, option, value, kind)

    def choose(self, view: dict) -> str:
        raise NotImplementedError

    def recall(self, view: dict | None, move: str) -> None:  # noqa: ARG002 - bots with memory
        """One of this seat's decisions already taken (its view, the move played),
        shown to a bot built mid-game so that it remembers what a bot kept from the
        start would. A bot without memory only moves on to fresh chances."""
        self.decisions += 1
        self.rng = random.Random(f"{self.seed}/{self.decisions}")


def preset(kind: type[BuiltinBot], **settings) -> dict:
    """Every setting of ``kind``: its defaults, overridden by ``settings`` (checked)."""
    full = {}
    for option, (default, value_kind, _about) in kind.options.items():
        full[option] = check_setting(kind.key, option, settings.pop(option, default), value_kind)
    if settings:
        raise ValueError(f"the {kind.key} bot has no setting {sorted(settings)[0]!r}")
    return full


# No setting of any bot means anything beyond this; a bigger integer would not even
# convert to a float (OverflowError).
LARGEST_SETTING = 10**9


def check_setting(bot: str, option: str, value, kind):
    """The value as ``kind``, or a ValueError naming the setting."""
    if kind is bool:
        if isinstance(value, bool):
            return value
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        if not -LARGEST_SETTING <= value <= LARGEST_SETTING:  # also NaN; never float(10**400)
            raise ValueError(
                f"the {bot} bot's setting {option!r} must be at most {LARGEST_SETTING:,}"
            )
        if kind is int and float(value).is_integer():
            value = int(value)
            if value >= 0:
                return value
        elif kind is float and value >= 0:
            return float(value)
    raise ValueError(
        f"the {bot} bot's setting {option!r} must be a non-negative {kind.__name__}, not {value!r}"
    )
