"""Taking a BG Stats file's plays into a league's open season, as confirmed results.

Each game's plays land in the season's open league event of that game (made when there
is none, "Catan plays"); a game the site does not know becomes a catalogue game (found
by its BoardGameGeek id, else by its name). Players are the league's people of their
name (``players``); the others are made walk-ins or have their plays skipped, as the
organiser says. A play whose ``uuid`` the league has (imported before, or exported
from this league) is skipped. Every result is written by ``do_log_game`` and so by
``do_record_result``, with the source "import", all in one transaction; a play the site
cannot take is refused alone (its savepoint rolled back), and the report says, play by
play, what became of it."""

from dataclasses import dataclass, field
from datetime import datetime

from django.db import models, transaction
from django.utils import translation
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.catalogue_games import do_add_catalogue_game, find_catalogue_game
from games.declaring import MOST_SEATS
from games.registry import REGISTRY, get_game
from lib.refusal import CONFLICT, Refusal, attempted
from tournaments.bgstats import reading
from tournaments.bgstats.places import seats_of
from tournaments.bgstats.players import SKIP, UNMATCHED, WALK_IN, matched
from tournaments.bgstats.uuids import result_uuid
from tournaments.entrants import do_add_entrant, do_add_walk_in
from tournaments.formats import REGISTRY as FORMATS
from tournaments.leagues import do_create_event
from tournaments.models import Event, ImportedPlay, League, Result, Season
from tournaments.open_league import do_log_game

# The format whose events log games as they are played (an open league).
LOGGING_FORMAT = next(key for key, format_ in FORMATS.items() if format_.logs_games)


class PlayStatus(models.TextChoices):
    IMPORTED = "imported", gettext_lazy("imported")
    DUPLICATE = "duplicate", gettext_lazy("skipped: imported before")
    UNMATCHED = "unmatched", gettext_lazy("skipped: a player was skipped")
    REFUSED = "refused", gettext_lazy("refused")


@dataclass
class PlayReport:
    """What became of one play of the file (``number``: its place there, from 1)."""

    number: int
    uuid: str
    game: str
    played_at: datetime
    status: str = PlayStatus.IMPORTED
    reason: str = ""
    event: Event | None = field(default=None, repr=False)

    @property
    def status_label(self) -> str:
        return PlayStatus(self.status).label

    @property
    def imported(self) -> bool:
        return self.status == PlayStatus.IMPORTED


def check_unmatched(value) -> str:
    if value not in UNMATCHED:
        raise Refusal(
            _("unmatched is %(choices)s.") % {"choices": " or ".join(UNMATCHED)},
            field="unmatched",
        )
    return value


def open_seasons(league: League):
    return league.seasons.filter(status=Season.Status.OPEN)


def has_open_season(league: League) -> bool:
    """Whether the plays have a season to go into (the import page asks before the file)."""
    return open_seasons(league).exists()


def open_season(league: League) -> Season:
    season = open_seasons(league).order_by("-starts_on", "-pk").first()
    if season is None:
        raise Refusal(
            _("%(league)s has no open season to take the plays into: open one first.")
            % {"league": league.name},
            code=CONFLICT,
        )
    return season


def known_plays(league: League) -> set:
    """The play ids the league has: those imported, and its own results' (as exported)."""
    imported = ImportedPlay.objects.filter(league=league).values_list("uuid", flat=True)
    results = Result.objects.filter(table__round__event__season__league=league)
    return set(imported) | {result_uuid(pk) for pk in results.values_list("pk", flat=True)}


def do_import_bgstats(
    league: League, file: reading.File, by, unmatched: str = WALK_IN, chosen: dict | None = None
) -> list[PlayReport]:
    """Take the file's plays into the league's open season; the report by play, in the
    file's order. ``chosen``: for a player no person of the league answers to (by their
    ``ref`` in the file), a person, ``WALK_IN`` or ``SKIP``; ``unmatched`` for the rest.
    The caller checked that ``by`` organises the league."""
    check_unmatched(unmatched)
    with transaction.atomic():
        # One import of a league at a time: two of the same file would both find its
        # plays new. The league's row is taken before any other (docs/architecture.md).
        League.objects.select_for_update().filter(pk=league.pk).get()
        people = matched(league, file.players)
        for ref, person in people.items():
            if person is None:
                people[ref] = (chosen or {}).get(ref, unmatched)
        importer = Importer(open_season(league), by, file, people)
        known = known_plays(league)
        chronological = sorted(file.plays, key=lambda play: (play.played_at, play.number))
        reports = [importer.take(play, known) for play in chronological]
    return sorted(reports, key=lambda report: report.number)


class Importer:
    """One file's import: the games, events and walk-ins it made so far."""

    def __init__(self, season: Season, by, file: reading.File, people: dict):
        self.season, self.by, self.file, self.people = season, by, file, people
        self.events: dict[int, object] = {}  # a file game's ref -> Outcome of its event
        self.walk_ins: dict[int, object] = {}  # a player's ref -> the walk-in made

    def take(self, play: reading.Play, known: set) -> PlayReport:
        game = self.file.games[play.game]
        report = PlayReport(
            number=play.number, uuid=str(play.uuid), game=game.name, played_at=play.played_at
        )
        if play.uuid in known:
            report.status = PlayStatus.DUPLICATE
            return report
        skipped = [self.name(s.player) for s in play.scores if self.people[s.player] == SKIP]
        if skipped:
            report.status = PlayStatus.UNMATCHED
            report.reason = _("Not taken: %(names)s.") % {"names": ", ".join(skipped)}
            return report
        reason = self.refusal_of(play, game)
        if reason is None:
            if play.game not in self.events:
                self.events[play.game] = attempted(self.event_for, game)
            found = self.events[play.game]
            outcome = attempted(self.log, found.answer, play) if found else found
            reason = None if outcome else str(outcome.refusal.message)
        if reason is not None:
            report.status, report.reason = PlayStatus.REFUSED, reason
        else:
            report.event = self.events[play.game].answer
            known.add(play.uuid)
        return report

    def name(self, ref: int) -> str:
        return self.file.players[ref].name

    def refusal_of(self, play: reading.Play, game: reading.Game) -> str | None:
        """Why the play is no result of a table, or None."""
        if play.ignored:
            return _("BG Stats marks the play as left out of statistics.")
        if game.cooperative:
            return _("A cooperative game has no places among its players.")
        if play.uses_teams:
            return _("A game played in teams is not taken: a table's places are each player's.")
        if not 2 <= len(play.scores) <= MOST_SEATS:
            return _("A table seats 2 to %(most)s players; this play has %(count)s.") % {
                "most": MOST_SEATS,
                "count": len(play.scores),
            }
        twice = {
            s.player for s in play.scores if [t.player for t in play.scores].count(s.player) > 1
        }
        if twice:
            return _("%(names)s sits at the table twice.") % {
                "names": ", ".join(sorted(self.name(ref) for ref in twice))
            }
        return None

    @transaction.atomic  # a savepoint: a game made for an event refused goes with it
    def event_for(self, game: reading.Game) -> Event:
        """The season's open league event of the game, made when there is none."""
        key = self.game_key(game)
        for event in self.season.events.filter(game=key, archived_at__isnull=True):
            if event.logs_games and not event.is_finished:
                return event
        name = str(get_game(key).name)
        return do_create_event(
            self.season,
            self.by,
            # The game's own name: words of the importer's language would stay in the
            # name on every reader's page, in every language.
            name=name,
            # By the game's name: a person's own game's key has a random tail.
            slug=free_slug(f"{self.season.league.slug}-{slugify(name) or 'game'}-plays"),
            game=key,
            format=LOGGING_FORMAT,
            table_size=max(get_game(key).table_sizes),
            status=Event.Status.RUNNING,
        )

    def game_key(self, game: reading.Game) -> str:
        """The site's game of the file's: a catalogue game of its BoardGameGeek id or
        name, a game of the site's own of its name, else a new catalogue game."""
        found = find_catalogue_game(bgg_id=game.bgg_id, name=game.name, by=self.by)
        if found is not None:
            return found.key
        with translation.override("en"):
            for key, declared in REGISTRY.items():
                if str(declared.name).casefold() == game.name.casefold():
                    return key
        counts = [len(p.scores) for p in self.file.plays if p.game == game.ref] or [2]
        most = min(MOST_SEATS, max(2, game.max_players or max(counts)))
        fewest = min(most, max(1, game.min_players or min(counts)))
        scoring = "places" if game.no_points else "high" if game.highest_wins else "low"
        return do_add_catalogue_game(
            self.by,
            name=game.name,
            min_players=fewest,
            max_players=most,
            scoring=scoring,
            ties="share",
            bgg_id=game.bgg_id,
        ).key

    def log(self, event: Event, play: reading.Play):
        """One play as a logged game of ``event``; in a savepoint, so that a play refused
        midway leaves no entrant or walk-in behind."""
        made = {}
        with transaction.atomic():
            names = {ref: player.name for ref, player in self.file.players.items()}
            seats = seats_of(play, names, get_game(event.game).lower_scores_win)
            entrants = [self.entrant(event, seat[0].player, made) for seat in seats]
            result = do_log_game(
                event,
                [(e.pk, seat[1], seat[2]) for e, seat in zip(entrants, seats, strict=True)],
                by=self.by,
                source=Result.Source.IMPORT,
            )
            ImportedPlay.objects.create(
                league=self.season.league,
                uuid=play.uuid,
                result=result,
                played_at=play.played_at,
                minutes=play.minutes,
            )
        self.walk_ins.update(made)
        return result

    def entrant(self, event: Event, ref: int, made: dict):
        """The player's entrant in ``event``: entered when they are not yet."""
        person = self.people[ref]
        if person == WALK_IN:
            person = self.walk_ins.get(ref) or made.get(ref)
            if person is None:
                entrant = do_add_walk_in(event, self.name(ref))
                made[ref] = entrant.user
                return entrant
        entrant = event.entrants.filter(user=person).first()
        if entrant is None:
            return do_add_entrant(event, user=person)
        if not entrant.is_active:
            raise Refusal(
                _("%(name)s is no longer an active entrant of %(event)s.")
                % {"name": entrant.name, "event": event.name}
            )
        return entrant


def free_slug(base: str) -> str:
    """An event slug no event has: ``base`` cut to fit, else with -2, -3, ... after it."""
    limit = Event._meta.get_field("slug").max_length
    base = slugify(base)[: limit - 4].strip("-") or "plays"
    slug, number = base, 1
    while Event.objects.filter(slug=slug).exists():
        number += 1
        slug = f"{base}-{number}"
    return slug
