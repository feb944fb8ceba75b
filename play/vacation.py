"""Vacation: days a person is away, during which the clock of their turns in
correspondence games stands still (live games keep their clock: a vacation does not
fit a game played at the board).

The arithmetic: a turn's deadline is the moment at which ``move_seconds`` of time
*outside* the person's vacations have passed since the turn began (``pushed``). When a
vacation is taken or ended early, the deadline of each game waiting for the person is
worked out again from the time its turn still had (``counted`` under the vacations as
they were, ``pushed`` under the new ones), so nothing is counted twice.

A person has ``PLAY_VACATION_DAYS_A_YEAR`` days a calendar year (of the vacation's
start; a day begun counts whole); vacations of one person never overlap. Taking one
holds the person's row lock, then each waiting game's row lock (the order a move never
inverts: a move locks only its game).
"""

import math
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from lib.compiled import save_fields
from lib.refusal import CONFLICT, Refusal
from play.models import Game, Pace, Vacation

DAY = timedelta(days=1)
# The farthest ahead a vacation may begin.
MOST_DAYS_AHEAD = 365

Span = tuple[datetime, datetime]


def pushed(start: datetime, seconds: float, away: list[Span]) -> datetime:
    """The moment ``seconds`` of time outside the spans ``away`` have passed since
    ``start`` (the spans do not overlap)."""
    moment, left = start, timedelta(seconds=seconds)
    for begins, ends in sorted(away):
        if ends <= moment:
            continue
        if begins > moment:
            if begins - moment >= left:
                break
            left -= begins - moment
        moment = ends
    return moment + left


def counted(start: datetime, end: datetime, away: list[Span]) -> float:
    """Seconds from ``start`` to ``end`` outside the spans ``away``."""
    if end <= start:
        return 0.0
    paused = sum(
        (min(end, ends) - max(start, begins)).total_seconds()
        for begins, ends in away
        if begins < end and ends > start
    )
    return (end - start).total_seconds() - paused


def spans_of(user_id: int) -> list[Span]:
    return list(Vacation.objects.filter(user_id=user_id).values_list("starts_at", "ends_at"))


def turn_deadline(user_id: int, now: datetime, seconds: int) -> datetime:
    """When a correspondence turn beginning ``now`` runs out for this person."""
    return pushed(now, seconds, spans_of(user_id))


def days_of(vacation: Vacation) -> int:
    return math.ceil((vacation.ends_at - vacation.starts_at) / DAY)


def days_used(user, year: int) -> int:
    return sum(days_of(v) for v in Vacation.objects.filter(user=user, starts_at__year=year))


def days_left(user, year: int) -> int:
    return max(0, settings.PLAY_VACATION_DAYS_A_YEAR - days_used(user, year))


def current_or_next(user, now=None) -> Vacation | None:
    now = now or timezone.now()
    return Vacation.objects.filter(user=user, ends_at__gt=now).order_by("starts_at").first()


def away_until(user_ids, now=None) -> dict[int, datetime]:
    """For the people among ``user_ids`` on vacation now: when it ends."""
    now = now or timezone.now()
    rows = Vacation.objects.filter(user_id__in=user_ids, starts_at__lte=now, ends_at__gt=now)
    return dict(rows.values_list("user_id", "ends_at"))


def check_days(user, starts_at: datetime, days, now: datetime) -> None:
    if type(days) is not int or days < 1:
        raise Refusal(_("A vacation is a whole number of days, at least one."), "days")
    if starts_at < now - timedelta(minutes=1) or starts_at > now + MOST_DAYS_AHEAD * DAY:
        raise Refusal(_("A vacation begins today or within the next year."), "starts")
    left = days_left(user, starts_at.year)
    if days > left:
        raise Refusal(
            ngettext(
                "You have %(left)d vacation day left in %(year)d.",
                "You have %(left)d vacation days left in %(year)d.",
                left,
            )
            % {"left": left, "year": starts_at.year},
            "days",
        )
    ends_at = starts_at + days * DAY
    if Vacation.objects.filter(user=user, starts_at__lt=ends_at, ends_at__gt=starts_at).exists():
        raise Refusal(
            _("You are on vacation then already: end that vacation first."), code=CONFLICT
        )


def do_take_vacation(user, days, starts_at: datetime | None = None, now=None) -> Vacation:
    """A vacation of ``days`` days from ``starts_at`` (now if not given); the deadlines
    of the games waiting for the person move on by the time it covers."""
    now = now or timezone.now()
    starts_at = starts_at or now
    with transaction.atomic():
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        check_days(user, starts_at, days, now)
        before = spans_of(user.pk)
        vacation = Vacation.objects.create(
            user=user, starts_at=starts_at, ends_at=starts_at + days * DAY
        )
        move_deadlines(user, before, now)
    return vacation


def do_end_vacation(user, now=None) -> Vacation | None:
    """End the person's vacation now (one not begun yet is called off); the days not
    taken are theirs again, and their clocks run from now. None if there was none."""
    now = now or timezone.now()
    with transaction.atomic():
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        vacation = current_or_next(user, now)
        if vacation is None:
            raise Refusal(_("You have no vacation to end."), code=CONFLICT)
        before = spans_of(user.pk)
        if vacation.starts_at >= now:
            vacation.delete()
        else:
            vacation.ends_at = now
            vacation.save(update_fields=["ends_at"])
        move_deadlines(user, before, now)
    return vacation


def move_deadlines(user, before: list[Span], now: datetime) -> None:
    """Each correspondence game waiting for ``user``: the time its turn still had under
    the vacations ``before``, counted again under the vacations now."""
    after = spans_of(user.pk)
    games = (
        Game.objects.select_for_update(of=("self",))
        .filter(
            status=Game.Status.PLAYING,
            pace=Pace.CORRESPONDENCE,
            deadline__isnull=False,
            seats__user=user,
        )
        .order_by("pk")
    )
    for game in games:
        if game.to_move is None or game.deadline is None:
            continue  # not read: the query asks for playing games with a deadline
        if not game.seats.filter(user=user, position=game.to_move).exists():
            continue
        left = counted(now, game.deadline, before)
        game.deadline = pushed(now, left, after)
        save_fields(game, ("deadline", "updated_at"))
