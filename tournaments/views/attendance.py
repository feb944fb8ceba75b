"""Check-in every round on the pages: a player checks in from their table page, an
organiser closes the check-in (the event page's action, when the life cycle offers it)
and undoes a forfeit with a reason. Each goes back to the page it came from."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from lib.refusal_pages import back_to, carried_out
from tournaments.models import Entrant, Table
from tournaments.permissions import (
    access_forfeit_as_organiser,
    access_round,
    access_round_as_organiser,
    is_event_organiser,
)
from tournaments.round_check_in import do_check_in_for_round, entrant_at
from tournaments.round_forfeits import do_close_check_in, do_undo_forfeit


def back_to_table(round_, request, outcome):
    """The table's page the action came from (else the round's), by ``back_to``."""
    table = Table.objects.filter(round=round_, number=request.POST.get("table")).first()
    if table is None:
        return back_to(
            request, outcome, "round-detail", slug=round_.event.slug, number=round_.number
        )
    return back_to(request, outcome, "scoring-table", table_id=table.pk)


def check_in_seat(round_, user, table, seat) -> Entrant:
    """The seat's entrant checked in by ``user``: their own seat, or an organiser's."""
    entrant = entrant_at(round_, table, seat)
    if entrant.user_id != user.pk and not is_event_organiser(user, round_.event):
        raise PermissionDenied
    do_check_in_for_round(round_, entrant, by=user)
    return entrant


def undo_seat_forfeit(round_, user, table, seat, reason) -> Entrant:
    entrant = entrant_at(round_, table, seat)
    forfeit = access_forfeit_as_organiser(user, round_.event.slug, round_.number, entrant.pk)
    do_undo_forfeit(forfeit, user, reason)
    return entrant


@login_required
@require_POST
def check_in(request, slug, number):
    """Check in for the round: the reader's own seat, or (an organiser) anyone's."""
    round_ = access_round(request.user, slug, number)
    post = request.POST
    done = carried_out(
        request, check_in_seat, round_, request.user, post.get("table"), post.get("seat")
    )
    if done:
        messages.success(request, _("%(name)s is checked in.") % {"name": done.answer.name})
    return back_to_table(round_, request, done)


@login_required
@require_POST
def close_check_in(request, slug, number):
    round_ = access_round_as_organiser(request.user, slug, number)
    closed = carried_out(request, do_close_check_in, round_, by=request.user)
    if closed:
        messages.success(
            request,
            _("The check-in of round %(n)s is closed; forfeits: %(count)s.")
            % {"n": number, "count": len(closed.answer)},
        )
    return back_to(request, closed, "round-detail", slug=slug, number=number)


@login_required
@require_POST
def undo_forfeit(request, slug, number):
    round_ = access_round_as_organiser(request.user, slug, number)
    post = request.POST
    undone = carried_out(
        request,
        undo_seat_forfeit,
        round_,
        request.user,
        post.get("table"),
        post.get("seat"),
        post.get("reason", ""),
    )
    if undone:
        messages.success(
            request, _("The forfeit of %(name)s is undone.") % {"name": undone.answer.name}
        )
    return back_to_table(round_, request, undone)
