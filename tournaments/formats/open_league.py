"""Open league: no rounds to pair; any table of 2 to 4 is logged when it is played and
the standings rank by rating once an entrant has played enough games."""

from lib.refusal import Refusal
from tournaments.formats.base import Format, gettext_noop


class OpenLeague(Format):
    key = "open"
    name = gettext_noop("Open league")
    options = {"minimum_games": 3}
    option_help = {
        "minimum_games": gettext_noop("games an entrant plays before being ranked by rating")
    }
    pairs_rounds = False
    logs_games = True
    standings_lead = ("qualified", "rating")
    default_tiebreaks = ("wins", "score_total")

    def pair(self, _request):
        raise Refusal("an open league has no rounds to pair: log each game as it is played")
