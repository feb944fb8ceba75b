"""An event's settings, checked once for the event form, the edit page and the API: the
game and its options (from the game registry), the format and its options, the table
size, points by place and a late entrant's starting points, the tie-break order,
whether clubs are kept apart, registration (open or closed, the places, when it
closes), check-in, reviewing pairings and the round clock. Bad values are refused with
the field they belong to (``lib.refusal.Refusal``), never
stored and never a server error."""

import math
from datetime import datetime

from django.utils.translation import gettext as _

from games.declaring import MOST_SEATS, GameType
from games.registry import get_game
from lib.refusal import Refusal
from tournaments.formats import get_format
from tournaments.models import MAX_INTEGER, ClockStart
from tournaments.tiebreak_names import PLAYED, RANKING_KEYS

# The event's fields these checks cover.
SETTINGS = (
    "game",
    "rules_options",
    "format",
    "format_options",
    "table_size",
    "points_by_place",
    "late_entry_points",
    "tiebreak_order",
    "avoid_same_club",
    "registration",
    "capacity",
    "registration_closes",
    "check_in",
    "check_in_opens",
    "round_check_in",
    "no_show_drops",
    "review_pairings",
    "pairs_automatically",
    "round_minutes",
    "clock_starts",
    "time_rule",
)
# The keys a tie-break order may name (``played`` is always applied, never chosen).
TIEBREAKS = [key for key in RANKING_KEYS if key != PLAYED]
# Points by place: one number per place of a table, each within this bound.
MAX_PLACES = MOST_SEATS
MAX_POINTS = 1_000_000
# The points by place an event has when none are given, by table size: the winner
# well ahead, the last none. Two seats: a win 3, a draw (two sharing first) 1.5 each.
DEFAULT_POINTS = {
    2: [3, 0],
    3: [3, 1, 0],
    4: [4, 2, 1, 0],
    5: [5, 3, 2, 1, 0],
    6: [6, 4, 3, 2, 1, 0],
}


def default_points(table_size: int) -> list[float]:
    """The points by place of a table of ``table_size`` when the event gives none (any
    other size: ``size - 1`` down to 0)."""
    return list(DEFAULT_POINTS.get(table_size) or range(max(table_size, 1) - 1, -1, -1))


def points_table(event) -> list[float]:
    """The event's points by place as they count: its own, or the default for its
    table size (an event created without them, through the API or before the default
    existed). The one place results, byes, rescoring and the event page read them."""
    return list(event.points_by_place) or default_points(event.table_size)


def place_names() -> list[str]:
    return [_("1st"), _("2nd"), _("3rd"), _("4th"), _("5th"), _("6th")]


def points_words(event) -> str:
    """The event's points by place in the reader's words: "1st 4 · 2nd 2 · 3rd 1 · 4th 0"."""
    names = place_names()
    return " · ".join(
        _("%(place)s %(points)s")
        % {"place": names[i] if i < len(names) else i + 1, "points": f"{points:g}"}
        for i, points in enumerate(points_table(event))
    )


def is_points(value) -> bool:
    """A number of points the standings can add up: finite, and within ``MAX_POINTS``
    (1.7e308 twice is infinite, and every later standings run would fail on it)."""
    number = isinstance(value, int | float) and not isinstance(value, bool)
    return number and math.isfinite(value) and abs(value) <= MAX_POINTS


def check_points(value, field: str) -> float:
    if not is_points(value):
        raise Refusal(
            _("Points must be a number from -%(max)d to %(max)d, not %(value)s.")
            % {"max": MAX_POINTS, "value": value},
            field=field,
        )
    return value


def check_points_by_place(points) -> list[float]:
    if not isinstance(points, list) or len(points) > MAX_PLACES:
        raise Refusal(
            _("Points by place are a list of at most %(n)d numbers.") % {"n": MAX_PLACES},
            field="points_by_place",
        )
    for value in points:
        if not is_points(value):
            raise Refusal(
                _("Points by place must be numbers from -%(max)d to %(max)d, not %(value)s.")
                % {"max": MAX_POINTS, "value": value},
                field="points_by_place",
            )
    return points


def check_places_at_table(points: list[float], table_size: int) -> list[float]:
    """A table of N has N places: points for more would never be given."""
    if len(points) > table_size:
        raise Refusal(
            _(
                "Points by place: a table of %(size)s has %(size)s places, so give at most "
                "%(size)s numbers (%(given)s given)."
            )
            % {"size": table_size, "given": len(points)},
            field="points_by_place",
        )
    return points


def check_tiebreak_order(order) -> list[str]:
    if not isinstance(order, list) or not all(isinstance(key, str) for key in order):
        raise Refusal(_("The tie-break order is a list of tie-break keys."), field="tiebreak_order")
    unknown = [key for key in order if key not in TIEBREAKS]
    if unknown:
        raise Refusal(
            _("Unknown tie-break: %(keys)s (the tie-breaks: %(known)s).")
            % {"keys": ", ".join(unknown), "known": ", ".join(TIEBREAKS)},
            field="tiebreak_order",
        )
    twice = sorted({key for key in order if order.count(key) > 1})
    if twice:
        raise Refusal(
            _("Each tie-break can be chosen once: %(keys)s chosen twice.")
            % {"keys": ", ".join(twice)},
            field="tiebreak_order",
        )
    return order


def check_table_size(size, game: GameType) -> int:
    """A size the game is played at (``GameType.table_sizes``)."""
    sizes = game.table_sizes
    if type(size) is not int or size not in sizes:
        raise Refusal(
            _("A table of %(game)s seats %(low)d to %(high)d.")
            % {"game": game.name, "low": sizes[0], "high": sizes[-1]},
            field="table_size",
        )
    return size


def check_format_options(format_key: str, options) -> dict:
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise Refusal(_("Give the format options as a JSON object."), field="format_options")
    get_format(format_key, options)
    return options


def check_avoid_same_club(value) -> bool:
    if type(value) is not bool:
        raise Refusal(
            _("Keeping members of one club apart is on (true) or off (false)."),
            field="avoid_same_club",
        )
    return value


# Check-in opens at most a week before round 1.
MAX_CHECK_IN_MINUTES = 7 * 24 * 60
REGISTRATION = ("closed", "open")


def check_registration(registration, capacity, closes) -> dict:
    if registration not in REGISTRATION:
        raise Refusal(_("Registration is open or closed."), field="registration")
    if capacity is not None and (type(capacity) is not int or not 2 <= capacity <= MAX_INTEGER):
        raise Refusal(
            _("The places are a whole number of at least 2, or empty for no limit."),
            field="capacity",
        )
    if closes is not None and not isinstance(closes, datetime):
        raise Refusal(_("Give the time registration closes."), field="registration_closes")
    return {"registration": registration, "capacity": capacity, "registration_closes": closes}


def check_check_in(check_in, opens) -> dict:
    if not isinstance(check_in, bool):
        raise Refusal(_("Check-in is on or off."), field="check_in")
    if type(opens) is not int or not 0 <= opens <= MAX_CHECK_IN_MINUTES:
        raise Refusal(
            _("Check-in opens 0 to %(max)d minutes before round 1.")
            % {"max": MAX_CHECK_IN_MINUTES},
            field="check_in_opens",
        )
    return {"check_in": check_in, "check_in_opens": opens}


# A round's check-in window lasts at most an hour.
MAX_ROUND_CHECK_IN = 60


def check_round_check_in(minutes, drops) -> dict:
    if minutes is not None and (type(minutes) is not int or not 1 <= minutes <= MAX_ROUND_CHECK_IN):
        raise Refusal(
            _("Check-in every round lasts 1 to %(max)d minutes, or empty for none.")
            % {"max": MAX_ROUND_CHECK_IN},
            field="round_check_in",
        )
    if not isinstance(drops, bool):
        raise Refusal(_("Dropping after two no-shows is on or off."), field="no_show_drops")
    return {"round_check_in": minutes, "no_show_drops": drops}


def check_review_pairings(review) -> bool | None:
    if review is not None and not isinstance(review, bool):
        raise Refusal(
            _("Reviewing pairings is on, off, or empty for the format's default."),
            field="review_pairings",
        )
    return review


def check_pairs_automatically(automatic) -> bool:
    if not isinstance(automatic, bool):
        raise Refusal(
            _("Pairing the next round when the last result is in is on or off."),
            field="pairs_automatically",
        )
    return automatic


# A round lasts at most ten hours on the clock.
MAX_ROUND_MINUTES = 600
MAX_TIME_RULE = 200


def check_round_clock(minutes, starts, rule) -> dict:
    if minutes is not None and (type(minutes) is not int or not 1 <= minutes <= MAX_ROUND_MINUTES):
        raise Refusal(
            _("A round lasts 1 to %(max)d minutes, or empty for no round clock.")
            % {"max": MAX_ROUND_MINUTES},
            field="round_minutes",
        )
    if starts not in ClockStart.values:
        raise Refusal(
            _("The round clock starts when the round is published or when an organiser starts it."),
            field="clock_starts",
        )
    if not isinstance(rule, str) or len(rule.strip()) > MAX_TIME_RULE:
        raise Refusal(
            _("Say what happens when time is up in at most %(max)d characters.")
            % {"max": MAX_TIME_RULE},
            field="time_rule",
        )
    return {"round_minutes": minutes, "clock_starts": starts, "time_rule": rule.strip()}


def check_event_settings(
    *,
    game: str,
    rules_options=None,
    format: str,
    format_options=None,
    table_size: int = 4,
    points_by_place=None,
    late_entry_points=0,
    tiebreak_order=None,
    avoid_same_club: bool = False,
    registration: str = "closed",
    capacity=None,
    registration_closes=None,
    check_in: bool = False,
    check_in_opens: int = 60,
    round_check_in=None,
    no_show_drops: bool = False,
    review_pairings=None,
    pairs_automatically: bool = False,
    round_minutes=None,
    clock_starts: str = ClockStart.PUBLISHED,
    time_rule: str = "",
) -> dict:
    """The settings as they are stored, or the first ``Refusal`` naming its field."""
    game_type = get_game(game)
    rules_options = game_type.check_options(rules_options)
    return {
        "game": game,
        "rules_options": rules_options,
        "format": format,
        "format_options": check_format_options(format, format_options),
        "table_size": check_table_size(table_size, game_type),
        "points_by_place": check_places_at_table(
            check_points_by_place([] if points_by_place is None else points_by_place),
            table_size,
        ),
        "late_entry_points": check_points(late_entry_points, "late_entry_points"),
        "tiebreak_order": check_tiebreak_order([] if tiebreak_order is None else tiebreak_order),
        "avoid_same_club": check_avoid_same_club(avoid_same_club),
        **check_registration(registration, capacity, registration_closes),
        **check_check_in(check_in, check_in_opens),
        **check_round_check_in(round_check_in, no_show_drops),
        "review_pairings": check_review_pairings(review_pairings),
        "pairs_automatically": check_pairs_automatically(pairs_automatically),
        **check_round_clock(round_minutes, clock_starts, time_rule),
    }
