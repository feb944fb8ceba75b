"""A league's confirmed results as a BG Stats export file: one location (the league),
its people as players, its games (with BoardGameGeek's id where known) and one play per
result, in the order they were recorded. Read with one query, whatever the size."""

from django.utils import timezone, translation
from django.utils.translation import gettext as _

from games.registry import get_game
from tournaments.bgstats.uuids import game_uuid, league_uuid, person_uuid, result_uuid
from tournaments.models import League, SeatResult
from tournaments.permissions import access_league, is_league_organiser

# BG Stats writes its dates as local time, to the second, with no zone.
DATE_FORMAT = "%Y-%m-%d %H:%M:%S"
LOCATION = 1


def bgstats_date(moment) -> str:
    return timezone.localtime(moment).strftime(DATE_FORMAT)


def access_league_for_export(user, slug: str) -> tuple[League, list]:
    """The league and the events whose results ``user`` takes away: those they may
    see, archived ones only when they organise the league (as its page lists them)."""
    league, events = access_league(user, slug)
    if not is_league_organiser(user, league):
        events = [event for event in events if not event.is_archived]
    return league, events


def game_entry(ref: int, key: str, now: str) -> dict:
    game = get_game(key)
    scoring = game.catalogue.scoring if game.catalogue else "high"
    with translation.override("en"):  # the name a file read anywhere finds it by
        name = str(game.name)
    return {
        "id": ref,
        "uuid": str(game_uuid(key)),
        "name": name,
        "bggId": game.bgg_id or 0,
        "highestWins": scoring != "low",
        "noPoints": scoring == "places",
        "cooperative": False,
        "usesTeams": False,
        "minPlayerCount": game.min_players,
        "maxPlayerCount": game.max_players,
        "modificationDate": now,
    }


def bgstats_file(league: League, events: list, by=None) -> dict:
    """The file of the results of ``events`` (those of the league the reader may see):
    every table of a published round with a result that has seats (a void one has
    none). A play's ``uuid`` is the one it was imported with, else made from its
    result, so the same result is always the same play."""
    now = bgstats_date(timezone.now())
    seats = (
        SeatResult.objects.filter(
            result__table__round__event__in=[event.pk for event in events],
            result__table__round__draft=False,
            result__table__is_bye=False,
        )
        .select_related("result__table__round__event", "result__imported_play", "entrant")
        .order_by("result__recorded_at", "result_id", "position")
    )
    players: dict[tuple, dict] = {}
    games: dict[str, dict] = {}
    plays: dict[int, dict] = {}
    for seat in seats:
        result, entrant = seat.result, seat.entrant
        player = player_entry(players, entrant, now)
        event = result.table.round.event
        if event.game not in games:
            games[event.game] = game_entry(len(games) + 1, event.game, now)
        if result.pk not in plays:
            plays[result.pk] = play_entry(result, games[event.game])
        no_points = games[event.game]["noPoints"]
        plays[result.pk]["playerScores"].append(score_entry(player, seat, no_points))
    me = players.get(("user", by.pk)) if by is not None and by.is_authenticated else None
    return {
        "about": _("The confirmed results of %(league)s, from Leaguewright")
        % {"league": league.name},
        "userInfo": {
            "meRefId": me["id"] if me else 0,
            "exportDate": now,
            "appVersion": "Leaguewright",
        },
        "players": list(players.values()),
        "locations": [
            {
                "id": LOCATION,
                "uuid": str(league_uuid(league.slug)),
                "name": league.name,
                "modificationDate": now,
            }
        ],
        "games": list(games.values()),
        "plays": list(plays.values()),
    }


def player_entry(players: dict, entrant, now: str) -> dict:
    """The entrant's person (or bot) in the file, added to ``players`` the first time."""
    kind, key = ("user", entrant.user_id) if entrant.user_id else ("bot", entrant.bot_id)
    return players.setdefault(
        (kind, key),
        {
            "id": len(players) + 1,
            "uuid": str(person_uuid(kind, key)),
            "name": entrant.name,
            "isAnonymous": False,
            "modificationDate": now,
        },
    )


def score_entry(player: dict, seat, no_points: bool) -> dict:
    """A seat's score, place and start in a play of the file."""
    return {
        "playerRefId": player["id"],
        "score": "" if no_points else str(seat.score),
        "winner": seat.place == 1,
        "newPlayer": False,
        "startPlayer": seat.position == 0,
        "rank": seat.place,
        "seatOrder": seat.position,
        "role": "",
        "team": "",
    }


def play_entry(result, game: dict) -> dict:
    imported = getattr(result, "imported_play", None)
    played_at = imported.played_at if imported and imported.played_at else result.recorded_at
    return {
        "uuid": str(imported.uuid if imported else result_uuid(result.pk)),
        "playDate": bgstats_date(played_at),
        "entryDate": bgstats_date(result.recorded_at),
        "modificationDate": bgstats_date(result.recorded_at),
        "durationMin": imported.minutes if imported else 0,
        "gameRefId": game["id"],
        "locationRefId": LOCATION,
        "ignored": False,
        "manualWinner": False,
        "usesTeams": False,
        "rounds": 0,
        "board": "",
        "playerScores": [],
    }
