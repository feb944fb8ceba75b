"""The tie-breaks an event's settings name: their keys, in order, and their names in
people's words. The event form's menus, the settings' check, the cut's words and the
standings page read these; what each tie-break computes is ``standings.tiebreaks``
(above tournaments: it implements every key listed here). The short names head the standings'
columns on a wide screen; the full ones say what each counts."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

TIEBREAK_NAMES = {
    "points": _("points"),
    "played": _("games played"),
    "qualified": _("played the minimum games"),
    "rating": _("rating"),
    "score_total": _("game-score total"),
    "opponents_points": _("opponents' points"),
    "wins": _("wins (first places)"),
    "best_round": _("best score in a single game"),
    "head_to_head": _("head-to-head (points against the others still tied)"),
}

# Every key the standings rank by, in the order the settings' refusals list them.
RANKING_KEYS = (
    "points",
    "played",
    "score_total",
    "best_round",
    "wins",
    "opponents_points",
    "head_to_head",
    "qualified",
    "rating",
)
PLAYED = "played"
# What an organiser orders after the format's lead keys (points, or an open league's
# qualified-then-rating).
CHOOSABLE = ["score_total", "opponents_points", "wins", "best_round", "head_to_head"]
# What every row has, shown apart from the tie-break columns.
UNSHOWN = ("points", PLAYED)
TIEBREAK_SHORT_NAMES = {
    "qualified": pgettext_lazy("a standings column", "Min. games"),
    "rating": pgettext_lazy("a standings column", "Rating"),
    "score_total": pgettext_lazy("a standings column", "Score total"),
    "opponents_points": pgettext_lazy("a standings column", "Opp. points"),
    "wins": pgettext_lazy("a standings column", "Wins"),
    "best_round": pgettext_lazy("a standings column", "Best game"),
    "head_to_head": pgettext_lazy("a standings column", "Head-to-head"),
}
