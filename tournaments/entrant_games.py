"""An entrant's games, for their page: the tables they sat at, round by round, with the
other players there and, once the table has its result, their score and place."""

from dataclasses import dataclass

from tournaments.models import Seat, SeatResult
from tournaments.round_pages import table_anchor


@dataclass
class EntrantGame:
    round_number: int
    table_number: int
    is_bye: bool
    opponents: list  # the other entrants at the table, in seat order
    score: int | None = None
    place: int | None = None
    points: float | None = None

    @property
    def anchor(self) -> str:
        """The round page's address tail that shows this table."""
        return table_anchor(self.table_number)

    @property
    def has_result(self) -> bool:
        return self.place is not None


def games_of(entrant) -> list[EntrantGame]:
    """Every table the entrant sat at, oldest round first: three queries in all."""
    seats = list(
        Seat.objects.filter(entrant=entrant, table__round__draft=False)
        .select_related("table__round")
        .order_by("table__round__number", "table__number")
    )
    tables = [seat.table_id for seat in seats]
    others = {}
    for seat in (
        Seat.objects.filter(table__in=tables)
        .exclude(entrant=entrant)
        .select_related("entrant")
        .order_by("position")
    ):
        others.setdefault(seat.table_id, []).append(seat.entrant)
    results = {
        row.result.table_id: row
        for row in SeatResult.objects.filter(
            entrant=entrant, result__table__in=tables
        ).select_related("result")
    }
    games = []
    for seat in seats:
        result = results.get(seat.table_id)
        games.append(
            EntrantGame(
                round_number=seat.table.round.number,
                table_number=seat.table.number,
                is_bye=seat.table.is_bye,
                opponents=others.get(seat.table_id, []),
                score=result.score if result else None,
                place=result.place if result else None,
                points=result.points if result else None,
            )
        )
    return games
