"""Tie-breaks in people's words (``tournaments.tiebreaks`` keeps the keys, Django-free):
the event form's menus and the standings page both read these."""

from django.utils.translation import gettext_lazy as _

TIEBREAK_NAMES = {
    "points": _("points"),
    "played": _("games played"),
    "qualified": _("played the minimum games"),
    "rating": _("rating"),
    "score_total": _("game-score total"),
    "opponents_points": _("opponents' points"),
    "wins": _("wins (first places)"),
    "best_round": _("best round score"),
    "head_to_head": _("head-to-head (points against the others still tied)"),
}
