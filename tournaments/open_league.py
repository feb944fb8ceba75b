"""Open leagues: any table the game seats (2 to 4; up to 6 for a catalogue game that
allows it) logged when it is played. Each logged game is a round of one table;
standings rank by rating once an entrant has the minimum games."""

from django.db import transaction
from django.utils.translation import gettext as _

from lib.refusal import Refusal
from tournaments.formats import get_format
from tournaments.models import Entrant, Event, Result, Round, Season, Seat, Table
from tournaments.results import SeatOutcome, do_record_result
from tournaments.round_numbers import next_round_number


def minimum_games(event: Event) -> int:
    return get_format(event.format, event.format_options).settings["minimum_games"]


def check_can_log(event: Event, entrant_ids: list[int]) -> list[Entrant]:
    if not event.logs_games:
        raise Refusal(_("Games are logged only in an open league."))
    if event.season.status != Season.Status.OPEN:
        raise Refusal(_("The season is closed: no more games can be logged."))
    sizes = event.game_type.table_sizes
    if len(entrant_ids) not in sizes or len(set(entrant_ids)) != len(entrant_ids):
        raise Refusal(
            _("A game of %(game)s has %(fewest)s to %(most)s different entrants.")
            % {"game": event.game_type.name, "fewest": min(sizes), "most": max(sizes)}
        )
    entrants = {
        e.pk: e for e in event.entrants.filter(pk__in=entrant_ids, status=Entrant.Status.ACTIVE)
    }
    missing = [i for i in entrant_ids if i not in entrants]
    if missing:
        raise Refusal(_("Not active entrants of this event: %(ids)s") % {"ids": missing})
    return [entrants[i] for i in entrant_ids]


def check_places(
    seats: list[tuple[int, int, int]], lower_wins: bool = False, by_score: bool = True
) -> None:
    """Places as a game gives them: each is one more than the seats placed above it
    (1, 1, 3 for a tie at the top). Where the game ranks by score (``by_score``: every
    game but one scored by places, whose scores rank nothing), the places follow the
    scores: a better score (higher, or lower where fewer points win) is never placed
    below a worse one, and only equal scores share a place (equal scores may still take
    different places: a tie-break decided them)."""
    for _entrant, _score, place in seats:
        if place != 1 + sum(other < place for _, _, other in seats):
            raise Refusal(
                _("Place %(place)s does not fit: places go 1, 2, 3 (1, 1, 3 for a tie).")
                % {"place": place},
                field="seats",
            )
    if not by_score:
        return
    for _entrant, score, place in seats:
        better = [
            other
            for _, other, other_place in seats
            if (other < score if lower_wins else other > score) and other_place > place
        ]
        if better:
            raise Refusal(
                _("A score of %(score)s is placed above a score of %(higher)s.")
                % {"score": score, "higher": better[0]},
                field="seats",
            )
        unequal = [
            other for _, other, other_place in seats if other_place == place and other != score
        ]
        if unequal:
            raise Refusal(
                _(
                    "Scores %(score)s and %(other)s share place %(place)s: only equal "
                    "scores share a place."
                )
                % {"score": score, "other": unequal[0], "place": place},
                field="seats",
            )


def do_log_game(
    event: Event, seats: list[tuple[int, int, int]], by=None, source: str = Result.Source.ORGANISER
):
    """Log one played game: ``seats`` is (entrant id, score, place) in seat order;
    ``source``: an organiser's, or a play imported from a file."""
    with transaction.atomic():
        event = (
            Event.objects.select_for_update(of=("self",)).select_related("season").get(pk=event.pk)
        )
        entrants = check_can_log(event, [entrant for entrant, _, _ in seats])
        game = event.game_type
        check_places(seats, game.lower_scores_win, by_score=game.has_scores)
        if event.status == Event.Status.DRAFT:  # the first game starts the league
            Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
        round_ = Round.objects.create(
            event=event, number=next_round_number(event), status=Round.Status.COMPLETE
        )
        table = Table.objects.create(round=round_, number=1, explanation={"logged": True})
        Seat.objects.bulk_create(
            Seat(table=table, entrant=entrant, position=p) for p, entrant in enumerate(entrants)
        )
        outcomes = [SeatOutcome(p, score, place) for p, (_, score, place) in enumerate(seats)]
        return do_record_result(table, outcomes, source=source, by=by)
