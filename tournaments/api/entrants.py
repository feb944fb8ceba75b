from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view
from rest_framework.response import Response

from tournaments.entrant_import import MAX_CHARACTERS, do_import_entrants
from tournaments.entrants import (
    MAX_CLUB,
    MAX_NAME,
    MAX_TABLE_NUMBER,
    do_add_entrant,
    do_add_walk_in,
    do_set_place,
    do_set_seed,
)
from tournaments.models import MAX_INTEGER, Entrant
from tournaments.people import MAX_TYPED, find_bot, find_person, people_for
from tournaments.permissions import (
    access_entrant_as_organiser,
    access_event,
    access_event_as_organiser,
)
from tournaments.registration import do_drop, do_reinstate


class EntrantSerializer(serializers.ModelSerializer):
    class Meta:
        model = Entrant
        fields = [
            "id",
            "name",
            "user_id",
            "bot_id",
            "status",
            "joined_round",
            "start_points",
            "dropped_after_round",
            "drop_reason",
            "seed",
            "club",
            "fixed_table",
        ]
        extra_kwargs = {
            "drop_reason": {
                "help_text": "why a dropped entrant is out (withdrew, organiser, no-show: did "
                "not check in); empty when not dropped"
            }
        }


class PlaceSerializer(serializers.Serializer):
    club = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=MAX_CLUB,
        help_text="kept apart from its members",
    )
    fixed_table = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=1,
        max_value=MAX_TABLE_NUMBER,
        help_text="the table number they sit at every round",
    )


class NewEntrantSerializer(PlaceSerializer):
    username = serializers.CharField(
        required=False, max_length=MAX_TYPED, help_text="username or name, any case"
    )
    bot = serializers.CharField(required=False, help_text="bot name")
    walk_in = serializers.CharField(
        required=False, max_length=MAX_NAME, help_text="name of a player with no account"
    )
    start_points = serializers.FloatField(required=False)
    seed = serializers.IntegerField(
        required=False, min_value=1, max_value=MAX_INTEGER, help_text="knockout seeding, 1 the top"
    )

    def validate(self, data):
        given = [k for k in ("username", "bot", "walk_in") if data.get(k)]
        if len(given) != 1:
            raise serializers.ValidationError("give exactly one of username, bot, walk_in")
        if data.get("username"):
            data["user"] = find_person(data["username"])
        if data.get("bot"):
            data["bot_obj"] = find_bot(data["bot"])
        return data


@extend_schema(methods=["GET"], responses=EntrantSerializer(many=True))
@extend_schema(methods=["POST"], request=NewEntrantSerializer, responses={201: EntrantSerializer})
@api_view(["GET", "POST"])
def entrant_list(request, slug):
    """The event's entrants; organisers add a user, a bot or a walk-in."""
    if request.method == "GET":
        event = access_event(request.user, slug)
        return Response(EntrantSerializer(event.entrants.all(), many=True).data)
    event = access_event_as_organiser(request.user, slug)
    form = NewEntrantSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    data = form.validated_data
    start, seed = data.get("start_points"), data.get("seed", 0)
    place = {"club": data.get("club", ""), "fixed_table": data.get("fixed_table")}
    if data.get("walk_in"):
        entrant = do_add_walk_in(event, data["walk_in"], start_points=start, seed=seed, **place)
    else:
        entrant = do_add_entrant(
            event,
            user=data.get("user"),
            bot=data.get("bot_obj"),
            start_points=start,
            seed=seed,
            by=request.user,
            **place,
        )
    return Response(EntrantSerializer(entrant).data, status=201)


class ImportSerializer(serializers.Serializer):
    csv = serializers.CharField(
        max_length=MAX_CHARACTERS,
        trim_whitespace=False,
        help_text="a header row (name, and any of username, email, club, seed, fixed_table), "
        "then one entrant a row",
    )


@extend_schema(request=ImportSerializer, responses={201: EntrantSerializer(many=True)})
@api_view(["POST"])
def entrant_import(request, slug):
    """Enter every row of a CSV, or none: a 400 lists each bad row by number and why.
    Rows past the event's free places are entered on its waitlist (``status``)."""
    event = access_event_as_organiser(request.user, slug)
    form = ImportSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    entrants = do_import_entrants(event, form.validated_data["csv"], request.user)
    return Response(EntrantSerializer(entrants, many=True).data, status=201)


class PersonSerializer(serializers.Serializer):
    username = serializers.CharField()
    name = serializers.CharField()
    in_league = serializers.BooleanField(help_text="has played in the event's league")


@extend_schema(
    parameters=[OpenApiParameter("q", str, description="the start of a username or name")],
    responses=PersonSerializer(many=True),
)
@api_view(["GET"])
def entrant_candidates(request, slug):
    """People an organiser may enter, as they type: those who played in the league first."""
    event = access_event_as_organiser(request.user, slug)
    return Response(PersonSerializer(people_for(event, request.GET.get("q", "")), many=True).data)


@extend_schema(request=PlaceSerializer, responses=EntrantSerializer)
@api_view(["PATCH"])
def entrant_place(request, slug, entrant_id):
    """An entrant's club and fixed table (either may be left out to keep it)."""
    entrant = access_entrant_as_organiser(request.user, slug, entrant_id)
    form = PlaceSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    data = form.validated_data
    entrant = do_set_place(
        entrant, data.get("club", entrant.club), data.get("fixed_table", entrant.fixed_table)
    )
    return Response(EntrantSerializer(entrant).data)


class SeedSerializer(serializers.Serializer):
    seed = serializers.IntegerField(
        min_value=1, max_value=MAX_INTEGER, help_text="knockout seeding, 1 the top"
    )


@extend_schema(request=SeedSerializer, responses=EntrantSerializer)
@api_view(["POST"])
def entrant_seed(request, slug, entrant_id):
    """Set an entrant's seed; a knockout reads the seeds when it pairs its first round."""
    entrant = access_entrant_as_organiser(request.user, slug, entrant_id)
    form = SeedSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    entrant = do_set_seed(entrant, form.validated_data["seed"])
    return Response(EntrantSerializer(entrant).data)


@extend_schema(request=None, responses=EntrantSerializer)
@api_view(["POST"])
def entrant_drop(request, slug, entrant_id):
    entrant = access_entrant_as_organiser(request.user, slug, entrant_id)
    return Response(EntrantSerializer(do_drop(entrant, request.user)).data)


@extend_schema(request=None, responses=EntrantSerializer)
@api_view(["POST"])
def entrant_reinstate(request, slug, entrant_id):
    """A dropped entrant back in from the next round (``joined_round``), their results
    kept and the rounds they missed unplayed; 409 when the event is finished, full (the
    waitlist was there first) or they are not dropped."""
    entrant = access_entrant_as_organiser(request.user, slug, entrant_id)
    return Response(EntrantSerializer(do_reinstate(entrant, request.user)).data)
