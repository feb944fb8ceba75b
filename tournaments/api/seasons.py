"""A league's seasons over HTTP: anyone who may see the league reads them (an event is
created in a season, by its id); its organisers add, close, edit, archive and delete one."""

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response

from tournaments.archiving import do_archive_season, do_delete_season
from tournaments.leagues import do_close_season, do_create_season
from tournaments.models import Season
from tournaments.permissions import (
    access_league_as_organiser,
    access_season_as_organiser,
    visible_leagues,
)


class SeasonSerializer(serializers.ModelSerializer):
    league = serializers.SlugRelatedField(slug_field="slug", read_only=True)

    class Meta:
        model = Season
        fields = ["id", "league", "name", "status", "starts_on", "ends_on"]
        read_only_fields = ["status"]

    def validate(self, data):
        starts, ends = data.get("starts_on"), data.get("ends_on")
        if starts and ends and ends < starts:
            raise serializers.ValidationError({"ends_on": "The season ends before it starts."})
        return data


class CloseSerializer(serializers.Serializer):
    archive = serializers.BooleanField(default=False, help_text="also hide it from lists")


@extend_schema(methods=["GET"], responses=SeasonSerializer(many=True))
@extend_schema(methods=["POST"], request=SeasonSerializer, responses={201: SeasonSerializer})
@api_view(["GET", "POST"])
@permission_classes([IsAuthenticatedOrReadOnly])
def season_list(request, slug):
    """The league's seasons, newest first; its organisers add one."""
    if request.method == "GET":
        league = get_object_or_404(visible_leagues(request.user), slug=slug)
        return Response(SeasonSerializer(league.seasons.all(), many=True).data)
    league = access_league_as_organiser(request.user, slug)
    data = SeasonSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    season = do_create_season(league, **data.validated_data)
    return Response(SeasonSerializer(season).data, status=201)


@extend_schema(request=CloseSerializer, responses=SeasonSerializer)
@api_view(["POST"])
def season_close(request, slug, season_id):
    """An organiser closes the season (archived: also hidden from lists)."""
    league = access_league_as_organiser(request.user, slug)
    season = get_object_or_404(league.seasons, pk=season_id)
    data = CloseSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    season = do_close_season(season, archive=data.validated_data["archive"])
    return Response(SeasonSerializer(season).data)


@extend_schema(methods=["PATCH"], request=SeasonSerializer, responses=SeasonSerializer)
@extend_schema(methods=["DELETE"], request=None, responses={204: None})
@api_view(["PATCH", "DELETE"])
def season_detail(request, slug, season_id):
    """An organiser renames or re-dates the season, or deletes it (204) while no result
    is recorded in it; after, 409: archive it instead."""
    season = access_season_as_organiser(request.user, slug, season_id)
    if request.method == "DELETE":
        do_delete_season(season)
        return Response(status=204)
    data = SeasonSerializer(season, data=request.data, partial=True)
    data.is_valid(raise_exception=True)
    data.save()
    return Response(data.data)


@extend_schema(request=None, responses=SeasonSerializer)
@api_view(["POST"])
def season_archive(request, slug, season_id):
    """Hide the season and its events from the lists (``unarchive``: closed again)."""
    season = access_season_as_organiser(request.user, slug, season_id)
    return Response(SeasonSerializer(do_archive_season(season)).data)


@extend_schema(request=None, responses=SeasonSerializer)
@api_view(["POST"])
def season_unarchive(request, slug, season_id):
    season = access_season_as_organiser(request.user, slug, season_id)
    return Response(SeasonSerializer(do_archive_season(season, archived=False)).data)
