"""The vacation page: days away during which the clock of a person's correspondence
games stands still (``play.vacation``)."""

from datetime import datetime, time

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from lib.refusal_pages import back_to, carried_out, form_page
from play.challenge_forms import VacationForm
from play.vacation import current_or_next, days_left, do_end_vacation, do_take_vacation


def start_of(day, now):
    """A vacation from ``day`` begins at its midnight; from today (or no day), now."""
    if day is None or day <= timezone.localdate(now):
        return now
    return timezone.make_aware(datetime.combine(day, time.min))


@login_required
def vacation_page(request):
    now = timezone.now()
    form = VacationForm(request.POST or None)
    taken = None
    if request.method == "POST" and form.is_valid():
        starts = start_of(form.cleaned_data["starts"], now)
        taken = carried_out(
            request, do_take_vacation, request.user, form.cleaned_data["days"], starts, form=form
        )
        if taken:
            messages.success(
                request, _("Vacation saved: your clocks stand still while you are away.")
            )
            return redirect("play:vacation")
    context = {
        "form": form,
        "vacation": current_or_next(request.user, now),
        "now": now,
        "days_left": days_left(request.user, now.year),
    }
    return form_page(request, "play/vacation.html", context, taken)


@require_POST
@login_required
def end_vacation(request):
    if done := carried_out(request, lambda: do_end_vacation(request.user)):
        messages.success(request, _("Welcome back: your clocks run again."))
    return back_to(request, done, "play:vacation")
