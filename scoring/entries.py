"""Turning what a player entered into the spec's JSON for the table's seats, and scoring
it with the game's scorer from the registry (``games.registry``). Nothing here writes to
the database, and nothing here names a game."""

from django.utils.translation import gettext as _

from games.declaring import EntryKind, GameType, Rules, SeatScore
from games.reasons import told
from games.registry import entry_kind, get_game
from lib.json_input import loads_bounded
from lib.refusal import Refusal
from scoring.catalogues import event_catalogue
from scoring.profiles import stored_rules_profile
from tournaments.models import Event, Table


def seat_names(table: Table) -> list[str]:
    """By position."""
    return [seated.name for seated in table.seating]


def game_of(table: Table) -> GameType:
    return get_game(table.round.event.game)


def kinds_for(table: Table) -> list[str]:
    return [kind.key for kind in game_of(table).entry_kinds]


def event_rules(event: Event) -> Rules:
    """What the event fixes for its game's scorer."""
    if not get_game(event.game).has_rules_profile:
        return Rules(options=dict(event.rules_options))
    return Rules(
        options=dict(event.rules_options),
        profile=stored_rules_profile(event),
        catalogue=event_catalogue(event),
    )


def rules_version(table: Table, kind: str, document: dict) -> str:
    return game_of(table).entry_kind(kind).rules_version(document, event_rules(table.round.event))


def table_kind(table: Table, kind: str) -> EntryKind:
    if kind not in kinds_for(table):
        raise Refusal(_("This table does not take that kind of entry."), field="kind")
    return game_of(table).entry_kind(kind)


def score(table: Table, kind: str, entry) -> tuple[dict, dict]:
    """Score ``entry`` for ``table``: (the completed document, the scorer's answer).
    Raises a ``Refusal`` (with the scorer's error object) when it cannot be."""
    entry_kind_ = table_kind(table, kind)
    if isinstance(entry, str | bytes):
        try:
            entry = loads_bounded(entry)
        except ValueError as exc:
            raise Refusal(
                _("The entry is not JSON: %(why)s") % {"why": exc}, field="entry"
            ) from None
    if not isinstance(entry, dict):
        raise Refusal(_("The entry must be a JSON object."), field="entry")
    rules = event_rules(table.round.event)
    names = seat_names(table)
    document = entry_kind_.complete(entry, names, rules)
    answer = entry_kind_.score(document, rules)
    if not answer.get("valid"):
        error = dict(answer["error"])
        error["reason"] = told(error.get("reason", ""), names)
        raise Refusal.of_entry(error)
    check_players_are_the_seats(names, entry_kind_.players(answer))
    return document, answer


def check_players_are_the_seats(names: list[str], players: list[str]) -> None:
    if players != names:
        raise Refusal(
            _("The players %(players)s are not this table's seats in order: %(seats)s.")
            % {"players": ", ".join(map(str, players)), "seats": ", ".join(names)},
            field="entry",
        )


def seat_scores(kind: str, answer: dict) -> list[SeatScore]:
    """(score, place) per seat from a scorer's answer of any game."""
    _game, entry_kind_ = entry_kind(kind)
    return entry_kind_.seats(answer)
