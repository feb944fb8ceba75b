"""Turning what a player entered into the spec's JSON for the table's seats, and scoring
it with the game's engine. Nothing here writes to the database."""

import json

from django.utils.translation import gettext as _

from games.call_to_adventure import DEFAULT_PROFILE, score_tableau
from games.call_to_glory import validate_record
from games.call_to_glory.table import score_table
from games.models import Game
from scoring.catalogues import event_catalogue
from scoring.models import Submission
from tournaments.models import Table

Kind = Submission.Kind


class EntryRefused(Exception):
    """The entry cannot be: ``error`` is the scorer's error object (round/seat,
    player/field, or round/move), shown beside the field it names."""

    def __init__(self, error: dict):
        super().__init__(error.get("reason", ""))
        self.error = error


def seat_names(table: Table) -> list[str]:
    return [seat.entrant.name for seat in table.seats.select_related("entrant")]


def kinds_for(table: Table) -> list[str]:
    if table.round.event.game == Game.CALL_TO_ADVENTURE:
        return [Kind.ADVENTURE]
    return [Kind.GLORY_TABLE, Kind.GLORY_RECORD]


def event_profile(event) -> dict | None:
    stored = getattr(event, "rules_profile", None)
    return stored.profile if stored else None


def rules_version(table: Table, kind: str, entry: dict) -> str:
    if kind == Kind.ADVENTURE:
        profile = event_profile(table.round.event) or DEFAULT_PROFILE.as_dict()
        return f"{profile['name']} v{profile['version']}"
    decks = "own task decks" if entry.get("task_decks") else "default task decks"
    return f"{kind}, {decks}"


def complete_entry(table: Table, kind: str, entry: dict) -> dict:
    """The entry as the spec's document for this table: players are the seats' names in
    seat order and the options are the event's (a player cannot change them)."""
    if kind == Kind.GLORY_RECORD:
        return entry
    names = seat_names(table)
    event = table.round.event
    if kind == Kind.GLORY_TABLE:
        document = {key: entry[key] for key in ("rounds", "task_decks") if key in entry}
        return {
            "format": Kind.GLORY_TABLE,
            "players": names,
            "options": dict(event.rules_options),
            **document,
        }
    players = entry.get("players")
    if isinstance(players, list):
        players = [
            {**player, "name": name} if isinstance(player, dict) else player
            for player, name in zip(players, names, strict=False)
        ] + players[len(names) :]
    profile = event_profile(event)
    return {
        "format": Kind.ADVENTURE,
        "profile": profile["name"] if profile else entry.get("profile", DEFAULT_PROFILE.name),
        "players": players,
    }


def score(table: Table, kind: str, entry) -> tuple[dict, dict]:
    """Score ``entry`` for ``table``: (the completed document, the scorer's answer).
    Raises ``EntryRefused`` when it cannot be."""
    if kind not in kinds_for(table):
        raise EntryRefused({"reason": _("This table does not take that kind of entry.")})
    if isinstance(entry, str | bytes):
        try:
            entry = json.loads(entry)
        except ValueError:
            raise EntryRefused({"reason": _("The entry is not JSON.")}) from None
    if not isinstance(entry, dict):
        raise EntryRefused({"reason": _("The entry must be a JSON object.")})
    document = complete_entry(table, kind, entry)
    if kind == Kind.GLORY_TABLE:
        answer = score_table(document)
    elif kind == Kind.GLORY_RECORD:
        answer = validate_record(document)
    else:
        event = table.round.event
        profile = event_profile(event)
        answer = score_tableau(
            document, catalogue=event_catalogue(event), profiles=[profile] if profile else None
        )
    if not answer.get("valid"):
        raise EntryRefused(answer["error"])
    check_players_are_the_seats(table, answer)
    return document, answer


def check_players_are_the_seats(table: Table, answer: dict) -> None:
    names = seat_names(table)
    players = answer["players"]
    if players and isinstance(players[0], dict):
        players = [player["name"] for player in players]
    if players != names:
        raise EntryRefused(
            {
                "reason": _(
                    "The players %(players)s are not this table's seats in order: %(seats)s."
                )
                % {"players": ", ".join(map(str, players)), "seats": ", ".join(names)},
            }
        )


def seat_scores(answer: dict) -> list[tuple[int, int]]:
    """(score, place) per seat from a scorer's answer of any game."""
    if answer["players"] and isinstance(answer["players"][0], dict):
        totals = [player["total"] for player in answer["players"]]
    else:
        totals = answer["totals"]
    return list(zip(totals, answer["places"], strict=True))
