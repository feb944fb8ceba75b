"""Editing, archiving and deleting events, leagues and seasons (organisers only)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from lib.refusal_pages import back_to, carried_out, form_page
from tournaments.archiving import (
    do_archive_event,
    do_archive_league,
    do_archive_season,
    do_delete_event,
    do_delete_league,
    do_delete_season,
)
from tournaments.event_editing import do_edit_event
from tournaments.forms import EventEditForm, LeagueForm, SeasonForm
from tournaments.permissions import (
    access_event_as_organiser,
    access_league_as_organiser,
    access_season_as_organiser,
)


@login_required
def event_edit(request, slug):
    event = access_event_as_organiser(request.user, slug)
    form = EventEditForm(request.POST or None, instance=event)
    edited = None
    if request.method == "POST" and form.is_valid():
        edited = carried_out(
            request, do_edit_event, event, request.user, **form.edit_fields(), form=form
        )
        if edited:
            messages.success(request, _("The event's settings are saved."))
            return redirect("event-detail", slug=event.slug)
    return form_page(
        request,
        "tournaments/edit.html",
        {
            "form": form,
            "title": _("Edit %(event)s") % {"event": event.name},
            "note": _(
                "After the first result, the game, the format, their options and the table "
                "size stay as they are; new points or tie-breaks recompute the standings."
            )
            if event.has_results
            else "",
            "name": event.name,
            "back_url": reverse("event-detail", args=[event.slug]),
            "back_name": event.name,
            "archive_url": reverse("event-archive", args=[event.slug]),
            "delete_url": reverse("event-delete", args=[event.slug]),
            "is_archived": event.is_archived,
        },
        edited,
    )


@login_required
@require_POST
def event_archive(request, slug):
    event = access_event_as_organiser(request.user, slug)
    archived = request.POST.get("archived") != "0"
    do_archive_event(event, request.user, archived=archived)
    if archived:
        messages.info(request, _("The event is archived: it is hidden from the lists."))
    else:
        messages.info(request, _("The event is back in the lists."))
    return redirect("event-detail", slug=event.slug)


@login_required
@require_POST
def event_delete(request, slug):
    event = access_event_as_organiser(request.user, slug)
    if done := carried_out(request, do_delete_event, event):
        messages.success(request, _("%(event)s is deleted.") % {"event": event.name})
        return redirect("league-detail", slug=event.season.league.slug)
    return back_to(request, done, "event-edit", slug=event.slug)


@login_required
def league_edit(request, slug):
    league = access_league_as_organiser(request.user, slug)
    form = LeagueForm(request.POST or None, instance=league)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("The league is saved."))
        return redirect("league-detail", slug=league.slug)
    return form_page(
        request,
        "tournaments/edit.html",
        {
            "form": form,
            "title": _("Edit %(league)s") % {"league": league.name},
            "name": league.name,
            "back_url": reverse("league-detail", args=[league.slug]),
            "back_name": league.name,
            "archive_url": reverse("league-archive", args=[league.slug]),
            "delete_url": reverse("league-delete", args=[league.slug]),
            "is_archived": league.is_archived,
        },
    )


@login_required
@require_POST
def league_archive(request, slug):
    league = access_league_as_organiser(request.user, slug)
    archived = request.POST.get("archived") != "0"
    do_archive_league(league, archived=archived)
    if archived:
        messages.info(request, _("The league is archived: it is hidden from the lists."))
    else:
        messages.info(request, _("The league is back in the lists."))
    return redirect("league-detail", slug=league.slug)


@login_required
@require_POST
def league_delete(request, slug):
    league = access_league_as_organiser(request.user, slug)
    if done := carried_out(request, do_delete_league, league):
        messages.success(request, _("%(league)s is deleted.") % {"league": league.name})
        return redirect("home")
    return back_to(request, done, "league-edit", slug=league.slug)


@login_required
def season_edit(request, slug, season_id):
    season = access_season_as_organiser(request.user, slug, season_id)
    form = SeasonForm(request.POST or None, instance=season)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("The season is saved."))
        return redirect("league-detail", slug=slug)
    league = season.league
    return form_page(
        request,
        "tournaments/edit.html",
        {
            "form": form,
            "title": _("Edit %(season)s") % {"season": season.name},
            "name": season.name,
            "back_url": reverse("league-detail", args=[league.slug]),
            "back_name": league.name,
            "archive_url": reverse("season-archive", args=[league.slug, season.pk]),
            "delete_url": reverse("season-delete", args=[league.slug, season.pk]),
            "is_archived": season.is_archived,
        },
    )


@login_required
@require_POST
def season_archive(request, slug, season_id):
    season = access_season_as_organiser(request.user, slug, season_id)
    do_archive_season(season, archived=request.POST.get("archived") != "0")
    return redirect("league-detail", slug=slug)


@login_required
@require_POST
def season_delete(request, slug, season_id):
    season = access_season_as_organiser(request.user, slug, season_id)
    if done := carried_out(request, do_delete_season, season):
        messages.success(request, _("%(season)s is deleted.") % {"season": season.name})
    return back_to(request, done, "league-detail", slug=slug)
