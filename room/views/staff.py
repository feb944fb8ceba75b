"""The event's staff page: its organisers, judges and scorekeepers, and naming them by
name (completed as the organiser types, from the event's candidates endpoint) with a
role and, for a judge, their tables."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from lib.refusal_pages import back_to, carried_out, form_page
from room.forms import StaffForm
from room.models import StreamLink
from tournaments.organisers import organisers_to_show
from tournaments.permissions import access_event_as_organiser, can_grant_organiser
from tournaments.roles import (
    CO_ORGANISER,
    do_name_staff,
    do_remove_staff,
    staff_of,
    tables_in_words,
)

NAMED = {
    CO_ORGANISER: lambda name: _("%(name)s now organises this event.") % {"name": name},
    "judge": lambda name: _("%(name)s is a judge of this event now.") % {"name": name},
    "scorekeeper": lambda name: _("%(name)s keeps score at this event now.") % {"name": name},
}


@login_required
def staff_page(request, slug):
    event = access_event_as_organiser(request.user, slug)
    form = StaffForm(request.POST or None, may_grant=can_grant_organiser(request.user, event))
    done = None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        done = carried_out(
            request,
            do_name_staff,
            event,
            data["username"],
            data["role"],
            data["tables"],
            request.user,
            form=form,
        )
        if done:
            messages.success(request, NAMED[data["role"]](data["username"]))
            return redirect("room-staff", slug=slug)
    roles = staff_of(event)
    for role in roles:
        role.tables_words = tables_in_words(role)
    return form_page(
        request,
        "room/staff.html",
        {
            "event": event,
            "form": form,
            "organisers": organisers_to_show(event, request.user),
            "roles": roles,
            "stream": StreamLink.objects.filter(event=event).first(),
        },
        done,
    )


@login_required
@require_POST
def remove_staff(request, slug, role_id):
    event = access_event_as_organiser(request.user, slug)
    removed = carried_out(request, do_remove_staff, event, role_id, request.user)
    if removed:
        messages.success(
            request, _("%(name)s has no role in this event now.") % {"name": removed.answer.user}
        )
    return back_to(request, removed, "room-staff", slug=slug)
