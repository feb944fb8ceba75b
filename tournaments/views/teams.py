"""A team event's teams page: the team standings (match points, then game points) with
every team's players by board; organisers make teams, a team's captain (or an
organiser) enters and withdraws its players. Each form goes back to the page."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from lib.refusal_pages import back_to, carried_out
from tournaments.models import Entrant
from tournaments.permissions import (
    access_event,
    access_event_as_organiser,
    access_team_as_captain_or_organiser,
    is_event_organiser,
)
from tournaments.teams import (
    check_team_event,
    do_create_team_named,
    do_enter_team_player_named,
    do_withdraw_team_player,
    team_size,
    team_standings,
)


def teams_page(request, slug):
    event = access_event(request.user, slug)
    check_team_event(event)
    organiser = is_event_organiser(request.user, event)
    rows = team_standings(event)
    for row in rows:
        row["may_change"] = organiser or (
            request.user.is_authenticated and row["team"].captain_id == request.user.pk
        )
        row["full"] = len([p for p in row["players"] if p.is_active]) >= team_size(event)
    free = Entrant.objects.filter(event=event, team__isnull=True, status=Entrant.Status.ACTIVE)
    context = {
        "event": event,
        "rows": rows,
        "organiser": organiser,
        "team_size": team_size(event),
        "free": free.order_by("name") if organiser else [],
        "played": any(row["matches"] for row in rows),
    }
    return render(request, "tournaments/teams.html", context)


def chosen_players(request) -> list[int]:
    return [int(v) for v in request.POST.getlist("players") if v.isdigit()]


@login_required
@require_POST
def team_create(request, slug):
    event = access_event_as_organiser(request.user, slug)
    post = request.POST
    made = carried_out(
        request,
        do_create_team_named,
        event,
        request.user,
        post.get("name", ""),
        post.get("captain", ""),
        chosen_players(request),
    )
    if made:
        messages.success(request, _("Team %(name)s is made.") % {"name": made.answer.name})
    return back_to(request, made, "event-teams", slug=slug)


@login_required
@require_POST
def team_enter(request, slug, team_id):
    team = access_team_as_captain_or_organiser(request.user, slug, team_id)
    typed = request.POST.get("username", "")
    entered = carried_out(request, do_enter_team_player_named, team, request.user, typed)
    if entered:
        messages.success(
            request, _("%(name)s plays for %(team)s.") % {"name": entered.answer.name, "team": team}
        )
    return back_to(request, entered, "event-teams", slug=slug)


@login_required
@require_POST
def team_withdraw(request, slug, team_id, entrant_id):
    team = access_team_as_captain_or_organiser(request.user, slug, team_id)
    entrant = get_object_or_404(Entrant, event=team.event, pk=entrant_id)
    if withdrawn := carried_out(request, do_withdraw_team_player, team, request.user, entrant):
        messages.success(request, _("%(name)s is withdrawn.") % {"name": entrant.name})
    return back_to(request, withdrawn, "event-teams", slug=slug)
