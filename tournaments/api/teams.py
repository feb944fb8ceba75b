"""Teams of a team event over HTTP: anyone who sees the event reads the teams in the
team standings' order; organisers make and change teams; a team's captain (or an
organiser) enters a person as the team's player and withdraws one. A team larger than
the event allows, a player in two teams, an unknown person: 400 naming the field."""

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response

from tournaments.models import Entrant
from tournaments.people import find_person
from tournaments.permissions import (
    access_event,
    access_team,
    access_team_as_captain_or_organiser,
    access_team_as_organiser,
    is_event_organiser,
)
from tournaments.teams import (
    check_team_event,
    do_create_team,
    do_edit_team,
    do_enter_team_player,
    do_withdraw_team_player,
    team_size,
    team_standings,
)


class PlayerSerializer(serializers.ModelSerializer):
    class Meta:
        model = Entrant
        fields = ["id", "name", "board", "status"]


class TeamRowSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="team.pk")
    name = serializers.CharField(source="team.name")
    captain = serializers.CharField(source="team.captain", allow_null=True)
    rank = serializers.IntegerField()
    match_points = serializers.FloatField()
    game_points = serializers.FloatField()
    matches = serializers.IntegerField()
    players = PlayerSerializer(many=True)
    version = serializers.IntegerField(
        source="team.version", help_text="send it back with a change"
    )


class TeamsSerializer(serializers.Serializer):
    team_size = serializers.IntegerField(help_text="players a team at most")
    teams = TeamRowSerializer(many=True, help_text="by match points, then game points")


class TeamWriteSerializer(serializers.Serializer):
    name = serializers.CharField(required=False, allow_blank=True, max_length=200)
    captain = serializers.CharField(
        required=False, allow_blank=True, max_length=200, help_text="a username; empty: none"
    )
    players = serializers.ListField(
        child=serializers.IntegerField(),
        required=False,
        max_length=100,
        help_text="entrant ids in board order (the whole team)",
    )


class TeamChangeSerializer(TeamWriteSerializer):
    version = serializers.IntegerField(
        help_text="the team's version the change is based on (required; 409 if stale)"
    )


class EnterSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=200, help_text="the person to enter")


def teams_answer(event) -> dict:
    return TeamsSerializer({"team_size": team_size(event), "teams": team_standings(event)}).data


def team_row(team) -> dict:
    row = next(r for r in team_standings(team.event) if r["team"].pk == team.pk)
    return TeamRowSerializer(row).data


def changes_of(data: dict) -> dict:
    changes = dict(data)
    if "captain" in changes:
        typed = changes["captain"].strip()
        changes["captain"] = find_person(typed, "captain") if typed else None
    return changes


@extend_schema(methods=["GET"], responses=TeamsSerializer, operation_id="events_teams_list")
@extend_schema(
    methods=["POST"],
    request=TeamWriteSerializer,
    responses={201: TeamRowSerializer},
    operation_id="events_teams_create",
)
@api_view(["GET", "POST"])
def team_list(request, slug):
    """The event's teams in the team standings' order; ``POST`` makes one (organisers)."""
    event = access_event(request.user, slug)
    check_team_event(event)
    if request.method == "GET":
        return Response(teams_answer(event))
    if not is_event_organiser(request.user, event):
        raise PermissionDenied
    form = TeamWriteSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    changes = changes_of(form.validated_data)
    team = do_create_team(event, request.user, changes.pop("name", ""), **changes)
    return Response(team_row(team), status=201)


@extend_schema(methods=["GET"], responses=TeamRowSerializer)
@extend_schema(methods=["PATCH"], request=TeamChangeSerializer, responses=TeamRowSerializer)
@api_view(["GET", "PATCH"])
def team_detail(request, slug, team_id):
    """A team; ``PATCH`` changes its name, captain or players (organisers), naming the
    team's ``version`` it was based on: a stale one is refused (409) and changes nothing."""
    if request.method == "GET":
        return Response(team_row(access_team(request.user, slug, team_id)))
    team = access_team_as_organiser(request.user, slug, team_id)
    form = TeamChangeSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    changes = changes_of(form.validated_data)
    team = do_edit_team(team, request.user, changes.pop("version"), **changes)
    return Response(team_row(team))


@extend_schema(request=EnterSerializer, responses={201: PlayerSerializer})
@api_view(["POST"])
def team_players(request, slug, team_id):
    """Enter a person as the team's next player (its captain, or an organiser)."""
    team = access_team_as_captain_or_organiser(request.user, slug, team_id)
    form = EnterSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    person = find_person(form.validated_data["username"], "username")
    entrant = do_enter_team_player(team, request.user, person)
    return Response(PlayerSerializer(entrant).data, status=201)


@extend_schema(request=None, responses=PlayerSerializer)
@api_view(["DELETE"])
def team_player(request, slug, team_id, entrant_id):
    """Withdraw the team's player (its captain, or an organiser)."""
    team = access_team_as_captain_or_organiser(request.user, slug, team_id)
    entrant = get_object_or_404(Entrant, event=team.event, pk=entrant_id)
    entrant = do_withdraw_team_player(team, request.user, entrant)
    return Response(PlayerSerializer(entrant).data)
