"""The game's options (variants): number of rounds, Imperial Tasks, The Power of the Ninja."""

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Options:
    rounds: int = 4
    imperial_tasks: bool = False
    ninja: bool = False

    def as_dict(self) -> dict:
        return {"rounds": self.rounds, "imperial_tasks": self.imperial_tasks, "ninja": self.ninja}


KEYS = ("rounds", "imperial_tasks", "ninja")


def default_rounds(imperial_tasks: bool) -> int:
    """4 rounds; 3 when Imperial Tasks are played (every task card is revealed once)."""
    return 3 if imperial_tasks else 4


def read_options(options) -> Options:
    """Options from a record-style dict (missing keys take the defaults) or an Options.
    Raises ValueError with a reason a person understands."""
    if isinstance(options, Options):
        read_options(options.as_dict())
        return options
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ValueError("options must be an object")
    unknown = [key for key in options if key not in KEYS]
    if unknown:
        raise ValueError(f"unknown option {unknown[0]!r} (the options: {', '.join(KEYS)})")
    flags = {}
    for key in ("imperial_tasks", "ninja"):
        value = options.get(key, False)
        if type(value) is not bool:
            raise ValueError(f"option {key} must be true or false")
        flags[key] = value
    rounds = options.get("rounds", default_rounds(flags["imperial_tasks"]))
    if type(rounds) is not int or rounds < 1:
        raise ValueError("option rounds must be a whole number of at least 1")
    return Options(rounds=rounds, **flags)
