"""The series' pages: a league's new series, a series' leaderboard (with its rules, its
events and, for its league's organisers, the forms that change them and its log), and a
league's recurring nights. Nothing here computes a leaderboard: the rows are the
standings worker's (``series.computing``)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from lib.refusal_pages import back_to, carried_out, form_page
from series import circuits, recurring
from series.duplicating import do_duplicate_event
from series.forms import AddEventForm, DuplicateForm, ScheduleForm, SeriesForm, points_text
from series.models import LogEntry
from series.permissions import (
    access_event_to_duplicate,
    access_league_for_schedules,
    access_schedule_as_organiser,
    access_series,
    access_series_as_organiser,
    can_change_series,
)
from tournaments.permissions import access_league, is_league_organiser


def rules_fields(form) -> dict:
    return {k: v for k, v in form.cleaned_data.items() if k != "version"}


@login_required
def series_create(request, slug):
    league = access_league_for_schedules(request.user, slug)
    form = SeriesForm(request.POST or None, initial={"points_by_place": "10, 6, 4, 2"})
    done = None
    if request.method == "POST" and form.is_valid():
        done = carried_out(
            request,
            circuits.do_create_series,
            league,
            request.user,
            **rules_fields(form),
            form=form,
        )
        if done:
            messages.success(request, _("The series is made: add its events."))
            return redirect("series-detail", slug=done.answer.slug)
    title = _("New series of %(league)s") % {"league": league.name}
    return form_page(request, "tournaments/form.html", {"form": form, "title": title}, done)


def hide_private_events(rows, seen: set[str]) -> None:
    """A result in an event the reader may not see is shown without the event's name."""
    for row in rows:
        for result in row.results:
            if result["event"] not in seen:
                result["name"] = _("a private event")


def series_detail(request, slug, rules_form=None, add_form=None, outcome=None):
    """The leaderboard, the qualification line and the member events the reader may see;
    its league's organisers also get the forms and the log (one sent back refused, with
    its errors and the ``outcome`` of its write)."""
    series, events = access_series(request.user, slug)
    organiser = can_change_series(request.user, series)
    rows = list(series.rows.all())
    hide_private_events(rows, {event.slug for event in events})
    qualified = [row for row in rows if row.qualified]
    context = {
        "series": series,
        "points": points_text(series.points_by_place),
        "events": events,
        "ranked": [row for row in rows if row.rank is not None],
        "unranked": [row for row in rows if row.rank is None],
        "line_after": qualified[-1].pk if qualified else None,
        "is_organiser": organiser,
    }
    if organiser:
        context.update(
            rules_form=rules_form or SeriesForm.of(series),
            add_form=add_form or AddEventForm(user=request.user, series=series),
            log=series.log.select_related("actor")[:20],
        )
    sent = rules_form or add_form
    return form_page(request, "series/series_detail.html", context, outcome, form=sent)


@require_POST
@login_required
def series_edit(request, slug):
    series = access_series_as_organiser(request.user, slug)
    form = SeriesForm.of(series, request.POST)
    edited = None
    if form.is_valid():
        seen = form.cleaned_data["version"]
        edited = carried_out(
            request,
            circuits.do_edit_series,
            series,
            request.user,
            seen,
            **rules_fields(form),
            form=form,
        )
        if edited:
            messages.success(request, _("Saved: the leaderboard follows in a moment."))
            return redirect("series-detail", slug=slug)
    return series_detail(request, slug, rules_form=form, outcome=edited)


@require_POST
@login_required
def series_add_event(request, slug):
    series = access_series_as_organiser(request.user, slug)
    form = AddEventForm(request.POST, user=request.user, series=series)
    added = None
    if form.is_valid():
        data = form.cleaned_data
        added = carried_out(
            request,
            circuits.do_add_event,
            series,
            request.user,
            data["version"],
            data["event"],
            form=form,
        )
        if added:
            messages.success(request, _("The event is in the series."))
            return redirect("series-detail", slug=slug)
    return series_detail(request, slug, add_form=form, outcome=added)


@require_POST
@login_required
def series_remove_event(request, slug):
    series = access_series_as_organiser(request.user, slug)
    seen, event = request.POST.get("version"), request.POST.get("event")
    if done := carried_out(request, circuits.do_remove_event, series, request.user, seen, event):
        messages.success(request, _("The event is out of the series."))
    return back_to(request, done, "series-detail", slug=slug)


def league_recurring(request, slug):
    """The league's recurring nights; its organisers schedule and stop them."""
    league, _events = access_league(request.user, slug)
    organiser = is_league_organiser(request.user, league)
    form, done = None, None
    if organiser:
        form = ScheduleForm(request.POST or None, league=league)
        if request.method == "POST" and form.is_valid():
            done = carried_out(
                request,
                recurring.do_create_schedule,
                league,
                request.user,
                **form.cleaned_data,
                form=form,
            )
            if done:
                messages.success(request, _("Scheduled: each night's event is made ahead."))
                return redirect("league-recurring", slug=slug)
    schedules = league.recurring_schedules.select_related("model_event", "season")
    context = {"league": league, "schedules": schedules, "form": form, "is_organiser": organiser}
    if organiser:
        logged = LogEntry.objects.filter(league=league, schedule__isnull=False)
        context["log"] = logged.select_related("actor", "schedule")[:20]
    return form_page(request, "series/recurring.html", context, done)


@require_POST
@login_required
def schedule_stop(request, slug, schedule_id):
    schedule = access_schedule_as_organiser(request.user, slug, schedule_id)
    if done := carried_out(
        request, recurring.do_stop_schedule, schedule, request.user, request.POST.get("version")
    ):
        messages.success(request, _("Stopped: no more nights are made."))
    return back_to(request, done, "league-recurring", slug=slug)


@login_required
def event_duplicate(request, slug):
    """A league's organiser copies an event: its settings, and its entrants if asked."""
    event = access_event_to_duplicate(request.user, slug)
    form = DuplicateForm(request.POST or None, event=event)
    done = None
    if request.method == "POST" and form.is_valid():
        done = carried_out(
            request, do_duplicate_event, event, request.user, **form.cleaned_data, form=form
        )
        if done:
            messages.success(request, _("The copy is made: check its settings and its date."))
            return redirect("event-detail", slug=done.answer.slug)
    title = _("Duplicate %(event)s") % {"event": event.name}
    return form_page(request, "tournaments/form.html", {"form": form, "title": title}, done)
