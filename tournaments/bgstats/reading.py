"""Reading a BG Stats file sent to the site: its shape checked before anything is
written, or one refusal that names where the file is wrong (``plays[3].gameRefId``) and
how. Fields the site does not use are left unread; the ones it uses are listed in
docs/bgstats.md. A play the site cannot take as a result (one player, a score that is no
whole number) is well-formed here: ``importing`` refuses it in its report."""

import uuid
from dataclasses import dataclass
from datetime import datetime

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from lib.json_input import loads_bounded
from lib.refusal import TOO_LARGE, Refusal
from tournaments.entrants import MAX_NAME

MAX_BYTES = 2_000_000  # a page's upload; the API's body is bounded by the site's limit
MAX_PLAYS = 1_000
MAX_PLAYERS = 500  # each unknown one is a field of the page (Django takes 1,000)
MAX_GAMES = 500
MAX_SCORES = 100  # seats a play may list (a table seats far fewer: importing says so)
MAX_MINUTES = 100_000
MAX_GAME_NAME = 100
MAX_SCORE_TEXT = 40
FIELD = "file"


@dataclass(frozen=True)
class Player:
    ref: int
    name: str


@dataclass(frozen=True)
class Game:
    ref: int
    name: str
    bgg_id: int | None
    highest_wins: bool
    no_points: bool
    cooperative: bool
    min_players: int | None
    max_players: int | None


@dataclass(frozen=True)
class Score:
    player: int
    score: str
    winner: bool
    rank: int
    seat: int | None
    start: bool


@dataclass(frozen=True)
class Play:
    number: int  # its place in the file, from 1
    uuid: uuid.UUID
    played_at: datetime
    minutes: int
    game: int
    ignored: bool
    uses_teams: bool
    scores: tuple[Score, ...]


@dataclass(frozen=True)
class File:
    players: dict[int, Player]
    games: dict[int, Game]
    plays: tuple[Play, ...]


def wrong(where: str, what: str) -> Refusal:
    return Refusal(
        _("The file is not a BG Stats export: %(where)s %(what)s.")
        % {"where": where, "what": what},
        field=FIELD,
    )


def an_object(value, where: str) -> dict:
    if not isinstance(value, dict):
        raise wrong(where, _("should be a JSON object"))
    return value


def a_list(value, where: str, most: int) -> list:
    if not isinstance(value, list):
        raise wrong(where, _("should be a list"))
    if len(value) > most:
        raise Refusal(
            ngettext(
                "The file's %(where)s has %(count)s entries; at most %(most)s is taken at once.",
                "The file's %(where)s has %(count)s entries; at most %(most)s are taken at once.",
                most,
            )
            % {"where": where, "count": len(value), "most": most},
            field=FIELD,
            code=TOO_LARGE,
        )
    return value


def whole(entry: dict, key: str, where: str, low: int = 0, high: int = 2**31 - 1, default=None):
    value = entry.get(key, default)
    if value is None and default is not None:
        value = default
    if type(value) is not int or not low <= value <= high:
        raise wrong(
            f"{where}.{key}",
            _("should be a whole number from %(low)s to %(high)s") % {"low": low, "high": high},
        )
    return value


def flag(entry: dict, key: str, where: str, default: bool = False) -> bool:
    value = entry.get(key, default)
    if value is None:
        return default
    if type(value) is not bool:
        raise wrong(f"{where}.{key}", _("should be true or false"))
    return value


def text(entry: dict, key: str, where: str, most: int, default=None) -> str:
    value = entry.get(key, default)
    if not isinstance(value, str) or (default is None and not value.strip()):
        raise wrong(f"{where}.{key}", _("should be text"))
    if len(value) > most:
        raise wrong(f"{where}.{key}", _("has more than %(most)s characters") % {"most": most})
    return " ".join(value.split())


def ids_once(entries: list, where: str) -> None:
    seen = set()
    for index, entry in enumerate(entries):
        ref = entry["id"]
        if ref in seen:
            raise wrong(f"{where}[{index}].id", _("is the id of an earlier entry"))
        seen.add(ref)


def read_player(entry, where: str) -> Player:
    entry = an_object(entry, where)
    return Player(ref=whole(entry, "id", where), name=text(entry, "name", where, MAX_NAME))


def read_game(entry, where: str) -> Game:
    entry = an_object(entry, where)
    bgg_id = whole(entry, "bggId", where, default=0)
    counts = [entry.get(key) for key in ("minPlayerCount", "maxPlayerCount")]
    return Game(
        ref=whole(entry, "id", where),
        name=text(entry, "name", where, MAX_GAME_NAME),
        bgg_id=bgg_id or None,
        highest_wins=flag(entry, "highestWins", where, default=True),
        no_points=flag(entry, "noPoints", where),
        cooperative=flag(entry, "cooperative", where),
        min_players=counts[0] if type(counts[0]) is int and counts[0] > 0 else None,
        max_players=counts[1] if type(counts[1]) is int and counts[1] > 0 else None,
    )


def read_date(entry: dict, where: str) -> datetime:
    value = entry.get("playDate")
    try:
        moment = datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        moment = None
    if moment is None:
        raise wrong(f"{where}.playDate", _("should be a date and time, 2026-11-24 19:30:00"))
    return moment if timezone.is_aware(moment) else timezone.make_aware(moment)


def read_score(entry, where: str, players: dict) -> Score:
    entry = an_object(entry, where)
    player = whole(entry, "playerRefId", where)
    if player not in players:
        raise wrong(f"{where}.playerRefId", _("names no player of the file"))
    score = entry.get("score")
    if isinstance(score, int | float) and not isinstance(score, bool):
        score = str(score)  # some writers give a number, not the text BG Stats writes
    score = text(entry, "score", where, MAX_SCORE_TEXT, default="") if score is not None else ""
    seat = entry.get("seatOrder")
    return Score(
        player=player,
        score=score,
        winner=flag(entry, "winner", where),
        rank=whole(entry, "rank", where, default=0, high=MAX_SCORES * 10),
        seat=whole(entry, "seatOrder", where, high=MAX_SCORES * 10) if seat is not None else None,
        start=flag(entry, "startPlayer", where),
    )


def read_play(entry, where: str, number: int, players: dict, games: dict) -> Play:
    entry = an_object(entry, where)
    try:
        play_id = uuid.UUID(entry.get("uuid")) if isinstance(entry.get("uuid"), str) else None
    except ValueError:
        play_id = None
    if play_id is None:
        raise wrong(f"{where}.uuid", _("should be the play's id (a UUID)"))
    game = whole(entry, "gameRefId", where)
    if game not in games:
        raise wrong(f"{where}.gameRefId", _("names no game of the file"))
    scores = a_list(entry.get("playerScores"), f"{where}.playerScores", MAX_SCORES)
    return Play(
        number=number,
        uuid=play_id,
        played_at=read_date(entry, where),
        minutes=whole(entry, "durationMin", where, default=0, high=MAX_MINUTES),
        game=game,
        ignored=flag(entry, "ignored", where),
        uses_teams=flag(entry, "usesTeams", where),
        scores=tuple(
            read_score(score, f"{where}.playerScores[{index}]", players)
            for index, score in enumerate(scores)
        ),
    )


def read_file(data) -> File:
    """The file checked, or the refusal of its first problem (too many entries: 413)."""
    data = an_object(data, _("the whole file"))
    entries = {
        key: a_list(data.get(key), key, most)
        for key, most in (("players", MAX_PLAYERS), ("games", MAX_GAMES), ("plays", MAX_PLAYS))
    }
    players = [read_player(e, f"players[{i}]") for i, e in enumerate(entries["players"])]
    games = [read_game(e, f"games[{i}]") for i, e in enumerate(entries["games"])]
    for key in ("players", "games"):
        ids_once(entries[key], key)
    by_player = {player.ref: player for player in players}
    by_game = {game.ref: game for game in games}
    plays = tuple(
        read_play(entry, f"plays[{index}]", index + 1, by_player, by_game)
        for index, entry in enumerate(entries["plays"])
    )
    seen: dict = {}
    for play in plays:
        if play.uuid in seen:
            raise wrong(
                f"plays[{play.number - 1}].uuid",
                _("is the id of play %(number)s as well") % {"number": seen[play.uuid]},
            )
        seen[play.uuid] = play.number
    return File(players=by_player, games=by_game, plays=plays)


def read_text(text: str) -> File:
    """A file's text read as JSON (nesting bounded, ``lib.json_input``) and checked."""
    try:
        data = loads_bounded(text)
    except ValueError as error:
        raise Refusal(
            _("The file is not JSON: %(reason)s") % {"reason": error}, field=FIELD
        ) from None
    return read_file(data)
