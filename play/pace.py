"""The pace of play in people's words: "60 seconds a move", "3 days a move", and what
happens past the time. A *move* here is a player's whole turn (drawing, laying,
discarding): the clock runs per turn (play.clock)."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.registry import DEFAULT_GAME, get_game
from play.models import Pace

# Units a time is told in, largest first: (seconds in one, its name for the form).
UNITS = (
    (24 * 3600, gettext_lazy("days")),
    (3600, gettext_lazy("hours")),
    (60, gettext_lazy("minutes")),
    (1, gettext_lazy("seconds")),
)
# Up to this many seconds a time is told in seconds ("90 seconds", not "1.5 minutes").
SECONDS_TOLD_AS_SECONDS = 120


def split_duration(seconds: int) -> tuple[int, int]:
    """(count, unit): the largest unit that tells ``seconds`` exactly."""
    if seconds <= SECONDS_TOLD_AS_SECONDS:
        return seconds, 1
    unit = next(size for size, _name in UNITS if seconds % size == 0)
    return seconds // unit, unit


def duration_words(seconds: int) -> str:
    count, unit = split_duration(seconds)
    if unit == 24 * 3600:
        return ngettext("%(count)d day", "%(count)d days", count) % {"count": count}
    if unit == 3600:
        return ngettext("%(count)d hour", "%(count)d hours", count) % {"count": count}
    if unit == 60:
        return ngettext("%(count)d minute", "%(count)d minutes", count) % {"count": count}
    return ngettext("%(count)d second", "%(count)d seconds", count) % {"count": count}


def stand_in_game(game: str) -> str:
    """The game whose built-in bots may stand in at an event of ``game``: its own, or
    for a game the site does not play, the default game's (the event's pace page then
    only says that it cannot be played)."""
    return game if get_game(game).playable_live else DEFAULT_GAME


def stand_in_name(key: str, game: str = DEFAULT_GAME) -> str:
    """A built-in bot of ``game``'s name in the reader's language ("Greedy")."""
    return _(get_game(game).played.bots[key].name)


def pace_words(clock, game: str = DEFAULT_GAME) -> str:
    """ "Live: 60 seconds a move. Past it the Greedy bot plays that turn for them; they
    forfeit after 3 timeouts." (``clock``: a ``play.starting.Clock``)."""
    time = _("%(time)s a move") % {"time": duration_words(clock.seconds())}
    how = _("Live") if clock.pace == Pace.LIVE else _("By correspondence")
    bot = stand_in_name(clock.stand_in, game)
    if clock.forfeit_after:
        past = ngettext(
            "Past it the %(bot)s bot plays that turn for them; they forfeit after "
            "%(count)d timeout.",
            "Past it the %(bot)s bot plays that turn for them; they forfeit after "
            "%(count)d timeouts.",
            clock.forfeit_after,
        ) % {"count": clock.forfeit_after, "bot": bot}
    else:
        past = _("Past it the %(bot)s bot plays that turn for them; they never forfeit.") % {
            "bot": bot
        }
    return f"{how}: {time}. {past}"
