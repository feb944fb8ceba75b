"""What a game declares: the vocabulary of the site's registrations.

A *game type* says what the site needs to know about a game without naming it anywhere
else (OpenSpiel's ``register_game`` / ``load_game``): its key and name, the options an
event may set (with their form fields and help text), the *entry kinds* it takes (the
documents people enter or upload for a table: each with its scorer, the rules version
it names, and how its answer reads as one score and one place per seat), its entry
page (``EntryPage``: what the site's one entry page reads, shows and previews for it,
from the game's own folder), and, for a game the site plays move by move, its
``LivePlay``: everything ``play`` and ``bots`` do with the engine.

The declarations live in ``games/registered/``, one module (or package) per game, and
import only this module of the site's; ``games.registry`` holds them all and answers
``get_game(event.game)`` for ``tournaments``, ``scoring``, ``bots``, ``play`` and
templates. No module outside ``games/`` imports an engine.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from django import forms
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.entry_page import EntryPage
from lib.refusal import Refusal


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
class LivePlay:
    """How a game is played move by move: on the site (``play``) and in bot matches
    (``bots``, ``botplay``), by people, built-in bots and remote bots alike.

    A *state* speaks OpenSpiel's State API: ``players`` (names), ``current_player()``
    (None once over), ``legal_moves()`` (move strings, each starting with the number of
    the seat that plays it), ``apply(move)`` (checked: raises ``illegal_move``, whose
    text says why), ``clone()``, ``view(seat)`` (what the seat sees, with its
    ``legal_moves`` on its turn; ``None``: a spectator's), ``is_over()``, ``record()``
    and ``result()`` (``{"totals": [...], "places": [...]}``, more keys allowed). A
    record has the ``players`` and its ``rounds``, each with its ``moves``
    (``moves_of``).

    ``new_game(names, options, seed)`` deals a game with checked options;
    ``check_options(options)`` gives the options as the engine reads them (a
    ``ValueError`` says why not) and ``rounds(options)`` how many rounds they play;
    ``deals(state)`` is what a new game dealt, stored so that ``rebuild(record, deals,
    moves=None)`` makes the state after the record's first ``moves`` moves (all: None)
    again, applying them unchecked (each was checked when played), as
    ``apply_stored(state, move)`` applies one; ``replay(record, moves)`` is a valid
    record's state after its first ``moves`` moves (replays; ``ValueError`` for a
    record that is not). ``bots`` are the built-in bots by key (each with ``name``,
    ``description``, ``options``: setting -> (default, kind, about), and ``quick``: true
    when every decision takes a few milliseconds, see ``plays_at_once``) and
    ``make_bot(key, seed=0, **settings)`` makes one (``choose(view) -> move``,
    ``recall(view, move)``, shown ``None`` for the view when its ``remembers`` is false;
    ``ValueError`` for an unknown key or setting);
    ``stand_ins`` are those that may play for an absent person (the first unless the
    event names another), ``beginner_bot`` the one a newcomer learns against (their
    first game against it offers the game's ``hint``; None: none). ``words`` tells a move
    in people's words (``button_label(move, view)``, ``move_group(move)`` among
    ``move_groups``, ``log_line(move, players)``); ``board(view, you)`` is what the
    game page shows of the game inside its frame (turn, clock, seats, moves, log):
    ``seats`` (one dict per seat, with its ``total``), ``results`` (``{"number",
    "scores"}`` per round played, for the scores table) and whatever else its templates
    read: ``seat_template`` is drawn under each seat's name, ``table_template`` between
    the seats and the moves (none: nothing more)."""

    new_game: Callable[[list[str], dict, int], Any]
    check_options: Callable[[Any], dict]
    rounds: Callable[[dict], int]
    deals: Callable[[Any], list]
    rebuild: Callable[..., Any]
    apply_stored: Callable[[Any, str], None]
    replay: Callable[[dict, int], Any]
    illegal_move: type[Exception]
    bots: Mapping[str, Any]
    make_bot: Callable[..., Any]
    stand_ins: tuple[str, ...]
    words: Any
    board: Callable[[dict, int | None], dict]
    seat_template: str = ""
    table_template: str = ""
    beginner_bot: str | None = None
    # The replay viewer's board: ``replay_board(state, seat)`` (seat None: everything
    # open) is what ``replay_template`` draws; none: the moves and steps alone.
    replay_board: Callable[[Any, int | None], dict] | None = None
    replay_template: str = ""
    # The states have ``legal_actions()`` and ``apply_action(action)``, the legal moves
    # in the order of the legal actions: the built-in random bot may pick among those.
    fast_random: bool = False
    # The lengths a friendly game offers, ``(rounds, words)``, the first chosen unless
    # people choose another (none: the game has one length).
    lengths: tuple[tuple[int, Any], ...] = ()
    # The rules in the site's words (the "How to play" page): its template and what the
    # template reads (none: the game has no such page).
    how_to_play_template: str = ""
    how_to_play_context: Callable[[], dict] = dict

    def plays_at_once(self, key: str) -> bool:
        """Whether the built-in bot ``key`` is quick (its class says so: ``quick``), so
        that the site plays its turns in the request that made them due, under the
        game's lock, rather than on a worker. A bot that does not say is not."""
        return bool(getattr(self.bots.get(key), "quick", False))


@dataclass(frozen=True)
class RulesProfiles:
    """How an event of the game keeps rules of its own: a *rules profile* (the game's
    rule tables as data, which an organiser corrects on the event's rules profile page)
    and a *card catalogue* (the organiser's list of their edition's cards, checked
    against the profile). ``scoring`` stores both and asks this for everything else.

    ``default()`` is the game's own profile (a dict); ``check(profile)`` the profile as
    the engine reads it back, or a ``Refusal`` naming the key that is wrong;
    ``card_catalogue(source, profile)`` reads a card catalogue (CSV or JSON text) against the
    profile (``None``: the default), or a ``Refusal`` listing its faults row by row;
    ``picks(catalogue)`` are the cards a player picks by name on the entry page
    (``{"id", "name"}``, sorted by name); ``what_changed(before, after)`` the score
    lines of a table's two valid answers that differ (``{"name", "line", "before",
    "after"}``); ``form(profile, data=None)`` is the page's form (its ``profile()`` the
    edited profile, its ``field_of(key)`` the field a refused key belongs to) and
    ``template`` the page; ``said(word)`` a word of the profile in the reader's language
    and ``lines`` the score lines' labels by key."""

    default: Callable[[], dict]
    check: Callable[[dict], dict]
    card_catalogue: Callable[[str, dict | None], Any]
    picks: Callable[[Any], list[dict]]
    what_changed: Callable[[dict, dict], list[dict]]
    form: Callable[..., Any]
    template: str
    # The profile's words in the reader's language (an organiser's own as typed), and
    # the labels of the score lines a rescore's preview names.
    said: Callable[[Any], Any] = lambda word: word
    lines: Mapping[str, Any] = field(default_factory=dict)


def moves_of(record: dict) -> list[str]:
    """A live game's record's moves, in the order played."""
    return [move for round_ in record.get("rounds") or [] for move in round_["moves"]]


def seat_of_move(move: str) -> int:
    """The seat that plays ``move`` (a move string starts with its number)."""
    return int(move.split(" ", 1)[0])


class Scoring(models.TextChoices):
    """How a catalogue game's table is decided."""

    HIGH = "high", _("highest score wins")
    LOW = "low", _("lowest score wins")
    PLACES = "places", _("finishing order")


class Ties(models.TextChoices):
    """What equal scores (or equal places) at a catalogue game's table mean."""

    SHARE = "share", _("tied players share the place")
    TIEBREAK_ENTERED = "tiebreak-entered", _("a tie-break is entered")


@dataclass(frozen=True)
class CatalogueRules:
    """What a catalogue game (stored as data, games/registered/catalogue.py) says of its
    tables: ``scoring`` ("high", "low" or "places") and ``ties`` ("share" or
    "tiebreak-entered"); ``pk``, ``created_by_id`` and ``site_wide`` are its row's."""

    scoring: str
    ties: str
    pk: int
    created_by_id: int | None = None
    site_wide: bool = True

    @property
    def scoring_label(self):
        return Scoring(self.scoring).label

    @property
    def ties_share_a_place(self) -> bool:
        return self.ties == Ties.SHARE


# Tables the formats pair seat 2 to this many.
MOST_SEATS = 6


@dataclass(frozen=True)
class GameType:
    key: str
    member: str
    name: Any
    entry_kinds: tuple[EntryKind, ...]
    # How a table is entered on the site (none: only records are uploaded).
    entry: EntryPage | None = None
    # The folder of the game's own templates (``games.template_loader``).
    templates: str = ""
    options: tuple[Option, ...] = ()
    # How many rounds a game with these (checked) options has; None: not known.
    rounds: Callable[[dict], int | None] = lambda _options: None
    rules_profiles: RulesProfiles | None = None
    live: LivePlay | None = None
    # A learner's hint: ``hint(view, players)`` from a seat's view with its legal moves
    # and the seats' names gives (the move, why in the reader's words), or None; a game
    # played live may offer one.
    hint: Callable[[dict, list[str]], tuple[str, str] | None] | None = None
    # How many play one game: an event's tables seat from max(2, min_players) to
    # min(MOST_SEATS, max_players).
    min_players: int = 2
    max_players: int = 4
    # BoardGameGeek's id of the game, when known.
    bgg_id: int | None = None
    # A catalogue game's scoring rules; None for a game declared in code (an engine's).
    catalogue: CatalogueRules | None = None

    def __str__(self) -> str:
        return str(self.name)

    @property
    def has_rules_profile(self) -> bool:
        """Whether an event has a rules profile and card catalogue of its own."""
        return self.rules_profiles is not None

    @property
    def is_catalogue(self) -> bool:
        """Stored as data (added by an organiser), not declared with an engine."""
        return self.catalogue is not None

    @property
    def table_sizes(self) -> range:
        """The table sizes an event of the game may choose."""
        return range(max(2, self.min_players), min(MOST_SEATS, self.max_players) + 1)

    @property
    def has_scores(self) -> bool:
        """Whether its results have scores to show (a game of places has none)."""
        return self.catalogue is None or self.catalogue.scoring != "places"

    @property
    def lower_scores_win(self) -> bool:
        """Whether a smaller score is the better one (a "low" catalogue game, as golf)."""
        return self.catalogue is not None and self.catalogue.scoring == "low"

    @property
    def playable_live(self) -> bool:
        """Whether the site plays it move by move (and bots play it in matches)."""
        return self.live is not None

    @property
    def played(self) -> LivePlay:
        """The game's ``LivePlay``; a ``Refusal`` for a game the site does not play."""
        if self.live is None:
            raise Refusal(_("This game cannot be played on the site."), field="game")
        return self.live

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
