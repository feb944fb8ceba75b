"""Open league: no rounds to pair; any table of 2 to 4 is logged when it is played and
the standings rank by rating once an entrant has played enough games."""

from tournaments.formats.base import Format, FormatError


class OpenLeague(Format):
    key = "open"
    name = "Open league"
    options = {"minimum_games": 3}
    pairs_rounds = False

    def pair(self, request):
        raise FormatError("an open league has no rounds to pair: log each game as it is played")
