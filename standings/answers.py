"""The standings' answers to what tournaments asks of them (``tournaments.ranking``),
registered at start by ``standings.apps.StandingsConfig.ready``."""

from standings.computing import (
    compute_standings,
    do_store_standings,
    do_update_standings,
    points_and_ranks,
    request_standings_update,
    standings_order,
    store_entrants_change,
)
from standings.knockout_places import knockout_marks, knockout_of, standings_note
from standings.plots import rank_by_round_svg, rating_svg

__all__ = [
    "compute_standings",
    "do_store_standings",
    "do_update_standings",
    "knockout_marks",
    "knockout_of",
    "points_and_ranks",
    "rank_by_round_svg",
    "rating_svg",
    "request_standings_update",
    "standings_note",
    "standings_order",
    "store_entrants_change",
]
