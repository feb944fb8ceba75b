"""``{% round_clock round table_number %}``: the time left in a round (for a table,
with its extra minutes), ticking in the browser from the server's time and following
the event's live changes (``static/js/round_clock.js``); at zero it says the event's
rule for time. Shown while the round is published and not complete, if the event times
its rounds or the clock was started by hand (no query: the round page stays at its few
queries)."""

from django import template
from django.utils import timezone

from tournaments.models import Round
from tournaments.round_clock import clock_of, seconds_left

register = template.Library()


def epoch_ms(moment) -> int | None:
    return None if moment is None else int(moment.timestamp() * 1000)


@register.inclusion_tag("tournaments/_round_clock.html")
def round_clock(round_, table_number=None, large=False):
    now = timezone.now()
    clock = clock_of(round_)
    timed = clock["started"] or round_.event.round_minutes is not None
    under_way = timed and not round_.is_draft and round_.status != Round.Status.COMPLETE
    extra = clock["extra_minutes_by_table"].get(str(table_number), 0) if table_number else 0
    left = seconds_left(round_, now, table_number)
    return {
        "shown": under_way,
        "round": round_,
        "event": round_.event,
        "clock": clock,
        "table_number": table_number,
        "extra": extra,
        "left": None if left is None else max(0, int(left)),
        "up": left is not None and left <= 0,
        "ends_at_ms": epoch_ms(round_.clock_ends_at if not clock["paused"] else None),
        "now_ms": epoch_ms(now),
        "large": large,
    }


@register.filter
def clock_text(seconds) -> str:
    """``2:05:09``, ``42:17``: what is left, as a clock shows it."""
    if seconds is None:
        return ""
    hours, rest = divmod(int(seconds), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
