"""Series and recurring schedules over HTTP. Anyone who may see a league reads its
series and their leaderboards; its organisers create and change them (every change names
the ``version`` it was based on: a stale one is refused, 409)."""

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response

from series import circuits, recurring
from series.duplicating import do_duplicate_event
from series.models import RecurringSchedule, Series, SeriesRow
from series.permissions import (
    access_event_to_duplicate,
    access_league_for_schedules,
    access_schedule_as_organiser,
    access_series,
    access_series_as_organiser,
)
from tournaments.models import League
from tournaments.permissions import access_league, access_league_as_organiser, visible_leagues


class RowSerializer(serializers.ModelSerializer):
    class Meta:
        model = SeriesRow
        fields = ["rank", "name", "points", "events", "qualified", "results"]


class SeriesSerializer(serializers.ModelSerializer):
    league = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    points_by_place = serializers.ListField(child=serializers.FloatField(allow_null=True))
    events = serializers.SerializerMethodField()

    class Meta:
        model = Series
        fields = [
            "slug",
            "league",
            "name",
            "points_by_place",
            "best_of",
            "minimum_events",
            "qualifying_places",
            "version",
            "events",
        ]
        read_only_fields = ["slug", "version"]

    def get_events(self, _series) -> list[str]:
        return [event.slug for event in self.context.get("events", [])]


class SeriesDetailSerializer(SeriesSerializer):
    rows = serializers.SerializerMethodField()

    class Meta(SeriesSerializer.Meta):
        fields = [*SeriesSerializer.Meta.fields, "rows"]

    def get_rows(self, series) -> list[dict]:
        return RowSerializer(series.rows.all(), many=True).data


class SeriesChangeSerializer(serializers.Serializer):
    version = serializers.IntegerField(help_text="the series' version the change is based on")
    name = serializers.CharField(required=False, max_length=120)
    points_by_place = serializers.ListField(
        child=serializers.FloatField(allow_null=True), required=False
    )
    best_of = serializers.IntegerField(required=False, allow_null=True)
    minimum_events = serializers.IntegerField(required=False)
    qualifying_places = serializers.IntegerField(required=False)


class MembershipSerializer(serializers.Serializer):
    version = serializers.IntegerField(help_text="the series' version the change is based on")
    event = serializers.CharField(help_text="the event's address (slug)")


@extend_schema(methods=["GET"], responses=SeriesSerializer(many=True))
@extend_schema(methods=["POST"], request=SeriesSerializer, responses={201: SeriesSerializer})
@api_view(["GET", "POST"])
@permission_classes([IsAuthenticatedOrReadOnly])
def series_list(request, slug):
    """The league's series; its organisers add one."""
    if request.method == "GET":
        league = get_object_or_404(visible_leagues(request.user), slug=slug)
        return Response(SeriesSerializer(league.series.all(), many=True).data)
    league = access_league_as_organiser(request.user, slug)
    data = SeriesSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    series = circuits.do_create_series(league, request.user, **data.validated_data)
    return Response(SeriesSerializer(series).data, status=201)


@extend_schema(methods=["GET"], responses=SeriesDetailSerializer)
@extend_schema(methods=["PATCH"], request=SeriesChangeSerializer, responses=SeriesDetailSerializer)
@api_view(["GET", "PATCH"])
@permission_classes([IsAuthenticatedOrReadOnly])
def series_detail(request, slug):
    """The series, its member events the reader may see and its leaderboard (stored by
    the standings worker); its league's organisers change its rules."""
    if request.method == "PATCH":
        series = access_series_as_organiser(request.user, slug)
        data = SeriesChangeSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        changes = dict(data.validated_data)
        circuits.do_edit_series(series, request.user, changes.pop("version"), **changes)
    series, events = access_series(request.user, slug)
    return Response(SeriesDetailSerializer(series, context={"events": events}).data)


@extend_schema(request=MembershipSerializer, responses=SeriesDetailSerializer)
@api_view(["POST"])
def series_add_event(request, slug):
    """Add an event (from any league its changer organises) to the series."""
    series = access_series_as_organiser(request.user, slug)
    data = MembershipSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    circuits.do_add_event(series, request.user, **swap(data.validated_data))
    series, events = access_series(request.user, slug)
    return Response(SeriesDetailSerializer(series, context={"events": events}).data)


@extend_schema(request=MembershipSerializer, responses=SeriesDetailSerializer)
@api_view(["POST"])
def series_remove_event(request, slug):
    series = access_series_as_organiser(request.user, slug)
    data = MembershipSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    circuits.do_remove_event(series, request.user, **swap(data.validated_data))
    series, events = access_series(request.user, slug)
    return Response(SeriesDetailSerializer(series, context={"events": events}).data)


def swap(data: dict) -> dict:
    return {"seen": data["version"], "slug": data["event"]}


class RecurringScheduleSerializer(serializers.ModelSerializer):
    season = serializers.IntegerField(source="season_id", read_only=True)
    model_event = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    nights = serializers.SerializerMethodField()

    class Meta:
        model = RecurringSchedule
        fields = [
            "id",
            "name",
            "season",
            "model_event",
            "first_night",
            "every_weeks",
            "count",
            "until",
            "days_ahead",
            "nights_created",
            "active",
            "version",
            "nights",
        ]
        read_only_fields = ["id", "nights_created", "active", "version"]

    def get_nights(self, schedule) -> list[str]:
        return [n.event.slug for n in schedule.nights.select_related("event") if n.event]


class NewScheduleSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=100)
    season = serializers.IntegerField()
    model_event = serializers.CharField(help_text="the event whose settings each night copies")
    first_night = serializers.DateTimeField()
    every_weeks = serializers.IntegerField(default=1)
    count = serializers.IntegerField(required=False, allow_null=True, default=None)
    until = serializers.DateField(required=False, allow_null=True, default=None)
    days_ahead = serializers.IntegerField(default=7)


class VersionSerializer(serializers.Serializer):
    version = serializers.IntegerField()


@extend_schema(methods=["GET"], responses=RecurringScheduleSerializer(many=True))
@extend_schema(
    methods=["POST"], request=NewScheduleSerializer, responses={201: RecurringScheduleSerializer}
)
@api_view(["GET", "POST"])
@permission_classes([IsAuthenticatedOrReadOnly])
def schedule_list(request, slug):
    """The league's recurring nights; its organisers schedule them (an end is required:
    ``count`` or ``until``, at most 52 nights)."""
    if request.method == "GET":
        league, _events = access_league(request.user, slug)
        return Response(RecurringScheduleSerializer(schedules_of(league), many=True).data)
    league = access_league_for_schedules(request.user, slug)
    data = NewScheduleSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    schedule = recurring.do_create_schedule(league, request.user, **data.validated_data)
    return Response(RecurringScheduleSerializer(schedule).data, status=201)


def schedules_of(league: League):
    return league.recurring_schedules.select_related("model_event")


@extend_schema(request=VersionSerializer, responses=RecurringScheduleSerializer)
@api_view(["POST"])
def schedule_stop(request, slug, schedule_id):
    """Stop the schedule: no more nights are created (those created stay)."""
    schedule = access_schedule_as_organiser(request.user, slug, schedule_id)
    data = VersionSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    schedule = recurring.do_stop_schedule(schedule, request.user, data.validated_data["version"])
    return Response(RecurringScheduleSerializer(schedule).data)


class DuplicateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=120, help_text="the new event's name")
    starts_at = serializers.DateTimeField(required=False, allow_null=True, default=None)
    season = serializers.IntegerField(
        required=False, allow_null=True, default=None, help_text="an open season (none: the same)"
    )
    entrants = serializers.BooleanField(default=False, help_text="enter the active entrants too")


class DuplicatedSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()


@extend_schema(request=DuplicateSerializer, responses={201: DuplicatedSerializer})
@api_view(["POST"])
def event_duplicate(request, slug):
    """A league's organiser copies the event: its settings, and its entrants if asked."""
    event = access_event_to_duplicate(request.user, slug)
    data = DuplicateSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    copy = do_duplicate_event(event, request.user, **data.validated_data)
    return Response({"slug": copy.slug, "name": copy.name}, status=201)
