"""Every game the site knows, declared once, and asked by everything else.

A *game type* says what the site needs to know about a game without naming it anywhere
else (OpenSpiel's ``register_game`` / ``load_game``): its key and name, the options an
event may set (with their form fields and help text), the *entry kinds* it takes (the
documents people enter or upload for a table: each with its scorer, the rules version
it names, and how its answer reads as one score and one place per seat), the page and
template where a table is entered, and whether the site can play it live.

``tournaments``, ``scoring``, ``bots`` and templates ask ``get_game(event.game)``; the
declarations live in ``games/registered/``, one module per game.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from django.utils.translation import gettext_lazy as _

from refusal import Refusal


class SeatScore(NamedTuple):
    """One seat of a scored table: its total and its place (1 the best; ties share)."""

    score: int
    place: int


@dataclass(frozen=True)
class Rules:
    """What an event fixes about its tables: the game's options and, for a game that has
    them, the event's rules profile (``None``: the game's default) and card catalogue."""

    options: dict = field(default_factory=dict)
    profile: dict | None = None
    catalogue: Any = None


@dataclass(frozen=True)
class Option:
    """An option (variant) an event may set. ``choices`` (value, label) make it a
    choice, otherwise it is on or off; left out, the game's default applies."""

    key: str
    label: Any
    help_text: Any = ""
    choices: tuple[tuple[Any, Any], ...] = ()
    default_label: Any = _("the game's default")

    @property
    def is_flag(self) -> bool:
        return not self.choices

    def form_field(self):
        from django import forms

        if self.is_flag:
            return forms.BooleanField(label=self.label, help_text=self.help_text, required=False)
        return forms.TypedChoiceField(
            label=self.label,
            help_text=self.help_text,
            choices=[("", self.default_label), *self.choices],
            coerce=int,
            empty_value=None,
            required=False,
        )

    def check(self, value):
        """The value, or a ``Refusal`` that names the option."""
        where = f"rules_options.{self.key}"
        if self.is_flag:
            if type(value) is not bool:
                raise Refusal(
                    _("The option %(option)s is on or off (true or false).")
                    % {"option": self.label},
                    field=where,
                )
            return value
        allowed = [choice for choice, _label in self.choices]
        if type(value) is not type(allowed[0]) or value not in allowed:
            raise Refusal(
                _("The option %(option)s must be one of: %(allowed)s.")
                % {"option": self.label, "allowed": ", ".join(map(str, allowed))},
                field=where,
            )
        return value


@dataclass(frozen=True)
class EntryKind:
    """A document entered or uploaded for a table, named by its ``format`` key.

    ``complete(entry, seat_names, rules)`` makes it the table's document (the seats'
    names, the event's options); ``score(document, rules)`` is the spec's answer,
    ``{"valid": false, "error": {...}}`` when it cannot be; ``seats(answer)`` reads an
    answer (a stored one too) as one ``SeatScore`` per seat; ``players(answer)`` the names
    the answer scored; ``rules_version(document, rules)`` is stored with the result;
    an ``organiser_only`` kind is taken from an organiser's override only."""

    key: str
    member: str
    label: Any
    complete: Callable[[dict, list[str], Rules], dict]
    score: Callable[[dict, Rules], dict]
    seats: Callable[[dict], list[SeatScore]]
    players: Callable[[dict], list[str]]
    rules_version: Callable[[dict, Rules], str]
    is_record: bool = False
    organiser_only: bool = False


@dataclass(frozen=True)
class GameType:
    key: str
    member: str
    name: Any
    entry_kinds: tuple[EntryKind, ...]
    entry_page: str
    entry_template: str
    options: tuple[Option, ...] = ()
    has_rules_profile: bool = False
    playable_live: bool = False
    # A learner's hint from a seat's view with its legal moves (an object with ``move``
    # and ``reason``), or None; a game played live may offer one.
    hint: Callable[[dict], Any] | None = None

    def __str__(self) -> str:
        return str(self.name)

    def entry_kind(self, key: str) -> EntryKind:
        for kind in self.entry_kinds:
            if kind.key == key:
                return kind
        raise Refusal(_("This table does not take that kind of entry."), field="kind")

    @property
    def record_kind(self) -> EntryKind | None:
        """The kind a digital game's record is uploaded as, if the game has records."""
        return next((kind for kind in self.entry_kinds if kind.is_record), None)

    @property
    def table_kind(self) -> EntryKind:
        """The kind the table's entry page makes."""
        return next(kind for kind in self.entry_kinds if not kind.is_record)

    def check_options(self, options) -> dict:
        """The event's options checked against the game's: unknown keys and bad values
        are refused with the option they name."""
        if options is None:
            return {}
        if not isinstance(options, dict):
            raise Refusal(_("Give the rules options as a JSON object."), field="rules_options")
        known = {option.key: option for option in self.options}
        for key in options:
            if key not in known:
                raise Refusal(
                    _("%(game)s has no option %(key)s (its options: %(known)s).")
                    % {
                        "game": self.name,
                        "key": key,
                        "known": ", ".join(known) or _("none"),
                    },
                    field="rules_options",
                )
        return {key: known[key].check(value) for key, value in options.items()}

    def option_fields(self) -> dict:
        """Form fields for the options, by option key."""
        return {option.key: option.form_field() for option in self.options}

    def options_from_form(self, cleaned: dict) -> dict:
        """The options a form gave, by option key (left-out choices keep the game's
        default)."""
        options = {}
        for option in self.options:
            value = cleaned.get(option.key)
            if option.is_flag:
                options[option.key] = bool(value)
            elif value is not None:
                options[option.key] = value
        return options


def _declared() -> dict[str, GameType]:
    from games.registered import call_to_adventure, call_to_glory

    games = [call_to_glory.GAME, call_to_adventure.GAME]
    return {game.key: game for game in games}


REGISTRY: dict[str, GameType] = _declared()
# A new event plays the first game declared unless it says otherwise.
DEFAULT_GAME = next(iter(REGISTRY))


def get_game(key: str) -> GameType:
    try:
        return REGISTRY[key]
    except KeyError:
        raise Refusal(_("Unknown game %(key)s.") % {"key": key}, field="game") from None


def game_choices() -> list[tuple[str, tuple[str, Any]]]:
    """Members for the ``Game`` TextChoices: (member, (key, name))."""
    return [(game.member, (game.key, game.name)) for game in REGISTRY.values()]


def entry_kind_choices() -> list[tuple[str, tuple[str, Any]]]:
    """Members for ``Submission.Kind``: every game's entry kinds."""
    return [
        (kind.member, (kind.key, kind.label))
        for game in REGISTRY.values()
        for kind in game.entry_kinds
    ]


def entry_kind(key: str) -> tuple[GameType, EntryKind]:
    for game in REGISTRY.values():
        for kind in game.entry_kinds:
            if kind.key == key:
                return game, kind
    raise Refusal(_("Unknown kind of entry %(key)s.") % {"key": key}, field="kind")
