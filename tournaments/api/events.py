from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.functional import cached_property
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import mixins, permissions, serializers, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import PermissionDenied
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

from games.declaring import MOST_SEATS
from games.registry import DEFAULT_GAME
from lib.api_errors import field_checked
from lib.api_fields import ModelSerializer
from lib.collector import collections_held
from tournaments import lifecycle
from tournaments.api.rounds import RoundSerializer
from tournaments.archiving import do_archive_event, do_delete_event
from tournaments.check_in import do_check_in
from tournaments.cut import MAX_TOP, cut_answer, do_cut
from tournaments.event_editing import EDITABLE, do_edit_event
from tournaments.event_settings import (
    SETTINGS,
    check_event_settings,
    check_points_by_place,
    check_tiebreak_order,
    points_table,
)
from tournaments.finishing import do_finish_event, do_reopen_event
from tournaments.formats import REGISTRY
from tournaments.leagues import do_create_event
from tournaments.models import Entrant, Event, Season, StandingRow
from tournaments.pairing import do_pair_round
from tournaments.permissions import (
    access_entrant_as_self_or_organiser,
    access_event,
    access_event_as_organiser,
    is_league_organiser,
    visible_events,
)
from tournaments.registration import do_register, do_withdraw
from tournaments.round_cache import encoded_answer
from tournaments.round_numbers import MAX_ROUND_NUMBER


class EventSerializer(ModelSerializer):
    league = serializers.SlugRelatedField(source="season.league", slug_field="slug", read_only=True)
    season = serializers.PrimaryKeyRelatedField(queryset=Season.objects.all(), write_only=True)
    format = serializers.ChoiceField(choices=list(REGISTRY))
    game = serializers.CharField(
        max_length=30,
        default=DEFAULT_GAME,
        help_text="any game's key (GET /api/games/)",
    )
    table_size = serializers.IntegerField(
        min_value=2,
        max_value=MOST_SEATS,
        default=4,
        help_text="seats at a table: 2 up to the game's most players (at most 6)",
    )

    class Meta:
        model = Event
        fields = [
            "id",
            "name",
            "slug",
            "league",
            "season",
            "game",
            "rules_options",
            "format",
            "format_options",
            "table_size",
            "rounds_planned",
            "points_by_place",
            "points_table",
            "tiebreak_order",
            "visibility",
            "seed",
            "late_entry_points",
            "avoid_same_club",
            "starts_at",
            "registration",
            "capacity",
            "registration_closes",
            "check_in",
            "check_in_opens",
            "round_check_in",
            "no_show_drops",
            "review_pairings",
            "pairs_automatically",
            "round_minutes",
            "clock_starts",
            "time_rule",
            "status",
            "is_archived",
        ]
        read_only_fields = ["status", "is_archived"]

    points_table = serializers.SerializerMethodField(
        help_text="the points by place that count: points_by_place, or when it is empty "
        "the default for the table size (what the event form offers)"
    )

    def get_points_table(self, event) -> list[float]:
        return points_table(event)

    def validate_tiebreak_order(self, value):
        return field_checked(check_tiebreak_order, value)

    def validate_points_by_place(self, value):
        return field_checked(check_points_by_place, value)

    def validate(self, data):
        """The settings together (the game's options, the format's): a refusal is
        answered by the API's exception handler, 400 naming the field. An edit is
        checked by ``do_edit_event`` against the event's current settings."""
        if self.instance is not None:
            fixed = sorted(set(data) - set(EDITABLE))
            if fixed:
                raise serializers.ValidationError(
                    {name: "cannot change once the event is made" for name in fixed}
                )
            return data
        settings = {name: data[name] for name in SETTINGS if name in data}
        defaults = {name: Event._meta.get_field(name).get_default() for name in SETTINGS}
        return {**data, **check_event_settings(**{**defaults, **settings})}


class ActionSerializer(serializers.Serializer):
    """An action the asking person can take now (``tournaments.lifecycle``)."""

    action = serializers.CharField(help_text="the action's key, e.g. pair, publish, finish")
    label = serializers.CharField(help_text="in the reader's language, as the page's button")
    method = serializers.CharField()
    url = serializers.CharField(help_text="the API address that does it")
    body = serializers.DictField(
        help_text="what to send (the round meant, a reason where one is needed)"
    )
    primary = serializers.BooleanField(help_text="the main next step")
    needs_reason = serializers.BooleanField(help_text="send an override_reason")


def api_action(offer: lifecycle.Offer, event: Event, state: lifecycle.State) -> dict:
    """An offer as the API does it: its API address and the body to send."""
    Act = lifecycle.Act
    slug, latest = event.slug, state.latest
    # The router's names for an event's actions clash with the pages' (event-finish):
    # its addresses are built from the event's API address instead.
    event_api = reverse("api-round-list", args=[slug]).removesuffix("rounds/")
    method, body = "POST", {}
    if offer.act in (Act.PAIR, Act.PAIR_ANYWAY, Act.EXTRA_ROUND, Act.DROP_NO_SHOWS):
        url, body = f"{event_api}pair/", {"round": state.next_round}
        if offer.act == Act.DROP_NO_SHOWS:
            body["drop_no_shows"] = True
        elif offer.needs_reason:
            body["override_reason"] = ""
    elif offer.act in (Act.PUBLISH, Act.DISCARD):
        name = "api-round-publish" if offer.act == Act.PUBLISH else "api-round-discard"
        url = reverse(name, args=[slug, latest])
    elif offer.act == Act.ENTER_RESULTS:
        method, url = "GET", reverse("api-round-detail", args=[slug, latest])
    elif offer.act == Act.ADD_ENTRANTS:
        url = reverse("api-entrant-list", args=[slug])
    elif offer.act == Act.LOG_GAME:
        url = reverse("api-log-game", args=[slug])
    elif offer.act == Act.CUT:
        url, body = f"{event_api}cut/", {"top": offer.top}
    else:
        url = f"{event_api}{offer.act}/"
    return {**offer.as_json(), "method": method, "url": url, "body": body}


class EventDetailSerializer(EventSerializer):
    """One event, with where it stands and what the asking person can do next."""

    stage = serializers.SerializerMethodField(help_text="the life cycle's stage")
    next_actions = serializers.SerializerMethodField()

    class Meta(EventSerializer.Meta):
        fields = [*EventSerializer.Meta.fields, "stage", "next_actions"]

    @cached_property
    def state(self) -> lifecycle.State:
        return lifecycle.state_of(self.instance)

    def get_stage(self, _event) -> str:
        return str(self.state.stage)

    @extend_schema_field(ActionSerializer(many=True))
    def get_next_actions(self, event) -> list[dict]:
        user = self.context["request"].user
        offers = lifecycle.next_actions(event, user, self.state)
        return [api_action(offer, event, self.state) for offer in offers]


class StandingSerializer(serializers.ModelSerializer):
    entrant = serializers.CharField(source="entrant.name")

    class Meta:
        model = StandingRow
        fields = ["rank", "entrant", "entrant_id", "points", "games", "tiebreaks", "rank_by_round"]


class StandingPageSerializer(serializers.Serializer):
    """One page of the standings (the API's pagination, named for the schema)."""

    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = StandingSerializer(many=True)


class PairSerializer(serializers.Serializer):
    override_reason = serializers.CharField(required=False, allow_blank=True, max_length=500)
    round = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=MAX_ROUND_NUMBER,
        help_text="the round meant (the next round's number, as next_actions offered it): "
        "409 when another round was paired since",
    )
    drop_no_shows = serializers.BooleanField(
        required=False, default=False, help_text="round 1: drop who has not checked in, then pair"
    )


class CutSerializer(serializers.Serializer):
    top = serializers.IntegerField(
        min_value=2, max_value=MAX_TOP, help_text="how many of the best play the knockout"
    )


class RegistrationSerializer(serializers.ModelSerializer):
    """An entry as its player sees it: ``waitlist_place`` 1 is next in line."""

    class Meta:
        model = Entrant
        fields = ["id", "name", "status", "waitlist_place", "checked_in_at"]


class CheckInSerializer(serializers.Serializer):
    entrant = serializers.IntegerField(
        required=False, help_text="an organiser checks this entrant in; else yourself"
    )


class EventViewSet(
    mixins.CreateModelMixin,
    mixins.UpdateModelMixin,
    mixins.DestroyModelMixin,
    viewsets.ReadOnlyModelViewSet,
):
    """Events: visible ones for everybody; organisers create (in a league they
    organise), edit, archive or delete them and pair rounds; players register and
    check in."""

    serializer_class = EventSerializer
    lookup_field = "slug"
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    def get_queryset(self):
        return visible_events(self.request.user)

    def get_serializer_class(self):
        if self.action in ("retrieve", "finish", "reopen"):
            return EventDetailSerializer
        return EventSerializer

    http_method_names = ["get", "post", "patch", "delete", "head", "options"]

    def get_object(self):
        if self.request.method in ("PATCH", "DELETE"):
            return access_event_as_organiser(self.request.user, self.kwargs["slug"])
        return access_event(self.request.user, self.kwargs["slug"])

    def perform_update(self, serializer):
        """Changes through ``do_edit_event``: after a result the settings games were
        played under are refused (409) and a new ranking recomputes the standings."""
        serializer.instance = do_edit_event(
            serializer.instance, self.request.user, **serializer.validated_data
        )

    def perform_destroy(self, instance):
        """204 while no result is recorded; after, 409: archive it instead."""
        do_delete_event(instance)

    @extend_schema(request=None, responses=EventSerializer)
    @action(detail=True, methods=["post"], permission_classes=[permissions.IsAuthenticated])
    def archive(self, request, slug=None):
        """Hide the event from the home page and the lists (``unarchive`` brings it back)."""
        event = do_archive_event(access_event_as_organiser(request.user, slug), request.user)
        return Response(EventSerializer(event).data)

    @extend_schema(request=None, responses=EventSerializer)
    @action(detail=True, methods=["post"], permission_classes=[permissions.IsAuthenticated])
    def unarchive(self, request, slug=None):
        event = access_event_as_organiser(request.user, slug)
        event = do_archive_event(event, request.user, archived=False)
        return Response(EventSerializer(event).data)

    @extend_schema(
        methods=["POST"],
        request=None,
        responses={201: RegistrationSerializer, 202: RegistrationSerializer},
    )
    @extend_schema(methods=["DELETE"], request=None, responses={204: None})
    @action(
        detail=True, methods=["post", "delete"], permission_classes=[permissions.IsAuthenticated]
    )
    def register(self, request, slug=None):
        """The signed-in person registers: 201 with a place, 202 with their place on
        the waitlist when the event is full; ``DELETE`` withdraws (a freed place goes to
        the first on the waitlist)."""
        event = access_event(request.user, slug)
        if request.method == "DELETE":
            entrant = get_object_or_404(event.entrants, user=request.user)
            do_withdraw(entrant, request.user)
            return Response(status=204)
        entrant = do_register(event, request.user)
        status = 202 if entrant.is_waitlisted else 201
        return Response(RegistrationSerializer(entrant).data, status=status)

    @extend_schema(request=CheckInSerializer, responses=RegistrationSerializer)
    @action(
        detail=True,
        methods=["post"],
        url_path="check-in",
        permission_classes=[permissions.IsAuthenticated],
    )
    def check_in(self, request, slug=None):
        """Check in: the signed-in person themself, or (an organiser) the ``entrant``."""
        event = access_event(request.user, slug)
        form = CheckInSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        given = form.validated_data.get("entrant")
        if given is None:
            entrant = get_object_or_404(event.entrants, user=request.user)
        else:
            entrant = access_entrant_as_self_or_organiser(request.user, slug, given)
        entrant = do_check_in(entrant, request.user)
        return Response(RegistrationSerializer(entrant).data)

    def perform_create(self, serializer):
        data = dict(serializer.validated_data)
        season = data.pop("season")
        if not is_league_organiser(self.request.user, season.league):
            raise PermissionDenied
        serializer.instance = do_create_event(season, self.request.user, **data)

    @extend_schema(
        responses=StandingPageSerializer,
        parameters=[OpenApiParameter("page", int, description="a page of 50 rows, from 1")],
    )
    @action(detail=True, methods=["get"])
    def standings(self, request, *_args, **_kwargs):
        """The stored standings, a page at a time (``?page=2``), best first. A page is
        encoded once per version of the stored standings (``Event.standings_version``):
        then one query answers it."""
        event = self.get_object()
        if not isinstance(request.accepted_renderer, JSONRenderer):
            return self.standings_page(event)
        page = request.query_params.get(self.paginator.page_query_param, "1")
        key = ["standings-api", event.pk, event.standings_version, page]
        return encoded_answer(request, key, lambda: self.standings_page(event).data)

    def standings_page(self, event) -> Response:
        rows = StandingRow.objects.filter(event=event).select_related("entrant")
        page = self.paginate_queryset(rows.order_by("rank", "entrant__name", "pk"))
        return self.get_paginated_response(StandingSerializer(page, many=True).data)

    @extend_schema(request=PairSerializer, responses={201: RoundSerializer})
    @action(detail=True, methods=["post"], permission_classes=[permissions.IsAuthenticated])
    def pair(self, request, slug=None):
        """Pair the next round; refused while results are missing unless an
        ``override_reason`` is given. Round 1 of an event with check-in: 409 naming who
        has not checked in, unless ``drop_no_shows`` (they are dropped, their places go
        to the waitlist) or an ``override_reason``. An event that reviews its pairings
        gets a draft round, published by ``rounds/N/publish/``."""
        event = access_event_as_organiser(request.user, slug)
        form = PairSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        reason = form.validated_data.get("override_reason", "")
        with collections_held():  # the round and its answer: lib/collector.py
            round_ = do_pair_round(
                event,
                by=request.user,
                override_reason=reason,
                drop_no_shows=form.validated_data["drop_no_shows"],
                number=form.validated_data.get("round"),
            )
            answer = RoundSerializer(round_).data
        return Response(answer, status=201)

    @extend_schema(request=CutSerializer, responses={201: RoundSerializer})
    @action(detail=True, methods=["post"], permission_classes=[permissions.IsAuthenticated])
    def cut(self, request, slug=None):
        """After the Swiss rounds, a knockout of the best ``top`` by the standings,
        seeded by rank; its first round is paired at once, and the answer is that round
        with ``cut``: the entrants through by name and, when two were equal on points at
        the line, why one went through (``line``)."""
        event = access_event_as_organiser(request.user, slug)
        form = CutSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        round_ = do_cut(event, form.validated_data["top"], by=request.user)
        event.refresh_from_db(fields=["cut"])
        return Response({**RoundSerializer(round_).data, "cut": cut_answer(event)}, status=201)

    @extend_schema(request=None, responses=EventDetailSerializer)
    @action(detail=True, methods=["post"], permission_classes=[permissions.IsAuthenticated])
    def finish(self, request, slug=None):
        """Finish the event (every table has its result): its standings are final and
        it takes no new round or result until it is reopened."""
        event = access_event_as_organiser(request.user, slug)
        do_finish_event(event, by=request.user)
        event.refresh_from_db()
        return Response(self.get_serializer(event).data)

    @extend_schema(request=None, responses=EventDetailSerializer)
    @action(detail=True, methods=["post"], permission_classes=[permissions.IsAuthenticated])
    def reopen(self, request, slug=None):
        """Reopen a finished event."""
        event = access_event_as_organiser(request.user, slug)
        do_reopen_event(event, by=request.user)
        event.refresh_from_db()
        return Response(self.get_serializer(event).data)
