"""Judge calls' pages: the table page's "Call a judge" (a player of the table) and the
slip's (``/t/TOKEN/judge/``, its walk-in), and the judges' page: the calls not
resolved, the longest waiting first, each with claim, escalate and resolve, and the
extra minutes a resolved call offers the table. The judges' page follows its push
stream (``room.views.push``), so a new call or another judge's claim shows at once."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from lib.refusal_pages import back_to, carried_out, form_page
from room import calls
from room.desk import current_round
from room.forms import CallForm
from room.models import JudgeCall
from scoring.views.common import access_table
from scoring.views.slip import verified_slip
from tournaments.models import Round
from tournaments.permissions import access_event_as_judge, is_event_organiser, role_of

ACTIONS = {
    "claim": (
        calls.do_claim,
        lambda call: _("Claimed: table %(n)s sees you are coming.") % {"n": call.table.number},
    ),
    "escalate": (calls.do_escalate, lambda _call: _("Sent to the head judge.")),
    "resolve": (
        calls.do_resolve,
        lambda call: _("Table %(n)s's call is resolved.") % {"n": call.table.number},
    ),
    "extra": (
        calls.do_give_extra_minutes,
        lambda call: (
            ngettext(
                "Table %(n)s has %(m)d more minute.",
                "Table %(n)s has %(m)d more minutes.",
                call.extra_minutes,
            )
            % {"n": call.table.number, "m": call.extra_minutes}
        ),
    ),
}


@require_POST
@login_required
def call_judge(request, table_id: int):
    """A player of the table calls a judge from its page."""
    table = access_table(request.user, table_id)
    form = CallForm(request.POST)
    reason = form.cleaned_data["reason"] if form.is_valid() else request.POST.get("reason", "")
    if called := carried_out(request, calls.do_call_judge, table, request.user, reason):
        messages.success(request, _("A judge has been called to your table."))
    return back_to(request, called, "scoring-table", table_id=table.pk)


def slip_call(request, token: str):
    """The slip's own page for calling a judge: its walk-in has no account to log in."""
    found, refused = verified_slip(request, token)
    if refused is not None:
        return refused
    table, slip = found
    form = CallForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        reason = form.cleaned_data["reason"]
        called = carried_out(request, calls.do_call_judge, table, slip.actor, reason, slip=slip)
        if called:
            messages.success(request, _("A judge has been called to your table."))
        return back_to(request, called, "room-slip-call", token=token)
    return form_page(
        request,
        "room/slip_call.html",
        {"table": table, "call": calls.open_call_of(table), "form": form, "token": token},
    )


@login_required
def judges_page(request, slug: str):
    event = access_event_as_judge(request.user, slug)
    stamp = calls.calls_stamp(event.pk)  # before what it shows: a change between is pushed
    round_ = current_round(event)
    return render(
        request,
        "room/judges.html",
        {
            "event": event,
            "stamp": stamp,
            "calls": calls.calls_for_judges(event, request.user),
            "head_judge": is_event_organiser(request.user, event),
            # Calling time: the round clock's controls, a table's extra minutes for the
            # tables this judge holds; they come back here.
            "round": round_,
            "clock_shown": round_ is not None and round_.status != Round.Status.COMPLETE,
            "clock_tables": clock_tables(request.user, round_) if round_ else [],
            "clock_next": request.path,
        },
    )


def clock_tables(user, round_) -> list[int]:
    """The round's tables ``user`` may give extra minutes to."""
    numbers = round_.tables.filter(is_bye=False).values_list("number", flat=True)
    if is_event_organiser(user, round_.event):
        return list(numbers)
    role = role_of(user, round_.event)
    return [number for number in numbers if role is not None and role.covers(number)]


@require_POST
@login_required
def call_action(request, slug: str, call_id: int, action: str):
    event = access_event_as_judge(request.user, slug)
    if action not in ACTIONS:
        raise Http404
    get_object_or_404(JudgeCall, pk=call_id, event=event)
    do, said = ACTIONS[action]
    if done := carried_out(request, do, call_id, request.user, request.POST.get("basis")):
        messages.success(request, said(done.answer))
    return back_to(request, done, "room-judges", slug=slug)
