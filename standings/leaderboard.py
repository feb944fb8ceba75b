"""A league's leaderboard: every person (or bot) across the league's events the reader
may see, one season or all, one game or all: events played, tables won, points (the sum
of their events' stored standings) and their league rating (μ − 3σ: of the game chosen,
else of the game they played most here). Built with four grouped queries, whatever the
league's size."""

from collections import Counter
from dataclasses import dataclass

from django.db.models import Count, Sum
from django.urls import reverse
from django.utils.functional import cached_property

from games.registry import get_game
from tournaments.models import Entrant, League, Rating, SeatResult, StandingRow

SORTS = ("points", "wins", "events", "rating", "name")


@dataclass
class Line:
    name: str
    events: int = 0
    wins: int = 0
    points: float = 0.0
    rating: float | None = None
    rank: int = 0
    url: str = ""  # the person's or the bot's page


def page_of(entrant) -> str:
    if entrant.bot_id:
        return reverse("bots:bot-detail", args=[entrant.bot_id])
    if entrant.user_id:
        return reverse("play:person", args=[entrant.user.username])
    return ""


def person_of(user_id, bot_id) -> tuple:
    return ("user", user_id) if user_id is not None else ("bot", bot_id)


class Leaderboard:
    def __init__(self, league: League, events: list, season=None, sort=None, game=None):
        """``events``: those of the league the reader may see; ``season``: a season's
        id (as text from a query string), else every season; ``sort``: one of
        ``SORTS`` (points by default); ``game``: a game's key among those the events
        play, else every game (an unknown key is every game too, as an unknown season
        is every season)."""
        self.league = league
        self.season = next((s for s in league.seasons.all() if str(s.pk) == str(season)), None)
        self.games = sorted({event.game for event in events}, key=lambda key: str(get_game(key)))
        self.game = game if game in self.games else None
        self.events = [
            e
            for e in events
            if (self.season is None or e.season_id == self.season.pk)
            and (self.game is None or e.game == self.game)
        ]
        self.sort = sort if sort in SORTS else "points"

    @property
    def game_type(self):
        """The game chosen (its name is ``str``), or None: every game."""
        return get_game(self.game) if self.game else None

    @property
    def game_types(self) -> list:
        """The games the reader's events of the league play, by name."""
        return [get_game(key) for key in self.games]

    @cached_property
    def lines(self) -> list[Line]:
        """Ranked by points (then wins; equal lines share a rank), ordered by the sort."""
        ids = [event.pk for event in self.events]
        entries = Entrant.objects.filter(event__in=ids).select_related("user", "bot")
        lines: dict = {}
        for entrant in entries.order_by("event__created_at", "pk"):
            person = person_of(entrant.user_id, entrant.bot_id)
            name = str(entrant.bot) if entrant.bot_id else str(entrant.user)
            lines.setdefault(person, Line(name=name, url=page_of(entrant))).events += 1
        for row in (
            StandingRow.objects.filter(event__in=ids)
            .values("entrant__user_id", "entrant__bot_id")
            .annotate(points=Sum("points"))
        ):
            person = person_of(row["entrant__user_id"], row["entrant__bot_id"])
            if person in lines:
                lines[person].points = row["points"]
        wins = (
            SeatResult.objects.filter(result__table__round__event__in=ids, place=1)
            .values("entrant__user_id", "entrant__bot_id")
            .annotate(n=Count("pk"))
        )
        for row in wins:
            person = person_of(row["entrant__user_id"], row["entrant__bot_id"])
            if person in lines:
                lines[person].wins = row["n"]
        most = Counter()
        ratings = Rating.objects.filter(league=self.league)
        if self.game is not None:
            ratings = ratings.filter(game=self.game)
        for rating in ratings:
            person = person_of(rating.user_id, rating.bot_id)
            if person in lines and rating.games > most[person]:
                most[person] = rating.games
                lines[person].rating = round(rating.ordinal, 1)
        ranked = sorted(lines.values(), key=lambda line: (-line.points, -line.wins, line.name))
        for index, line in enumerate(ranked):
            before = ranked[index - 1] if index else None
            same = before and (before.points, before.wins) == (line.points, line.wins)
            line.rank = before.rank if same else index + 1
        return sorted(ranked, key=self.sort_key)

    def sort_key(self, line: Line):
        if self.sort == "name":
            return (line.name.casefold(),)
        if self.sort == "rating":
            return (line.rating is None, -(line.rating or 0), line.rank)
        return (-getattr(line, self.sort), line.rank, line.name.casefold())
