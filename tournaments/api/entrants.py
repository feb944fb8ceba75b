from django.contrib.auth import get_user_model
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view
from rest_framework.response import Response

from games.models import Bot
from tournaments.entrants import do_add_entrant, do_add_walk_in, do_set_seed
from tournaments.models import MAX_INTEGER, Entrant
from tournaments.permissions import (
    access_entrant_as_organiser,
    access_event,
    access_event_as_organiser,
)
from tournaments.registration import do_drop


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
            "seed",
        ]


class NewEntrantSerializer(serializers.Serializer):
    username = serializers.CharField(required=False)
    bot = serializers.CharField(required=False, help_text="bot name")
    walk_in = serializers.CharField(required=False, help_text="name of a player with no account")
    start_points = serializers.FloatField(required=False)
    seed = serializers.IntegerField(
        required=False, min_value=1, max_value=MAX_INTEGER, help_text="knockout seeding, 1 the top"
    )

    def validate(self, data):
        given = [k for k in ("username", "bot", "walk_in") if data.get(k)]
        if len(given) != 1:
            raise serializers.ValidationError("give exactly one of username, bot, walk_in")
        if data.get("username"):
            user = get_user_model().objects.filter(username=data["username"]).first()
            if user is None:
                raise serializers.ValidationError({"username": "no such user"})
            data["user"] = user
        if data.get("bot"):
            bot = Bot.objects.filter(name=data["bot"]).first()
            if bot is None:
                raise serializers.ValidationError({"bot": "no such bot"})
            data["bot_obj"] = bot
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
    if data.get("walk_in"):
        entrant = do_add_walk_in(event, data["walk_in"], start_points=start, seed=seed)
    else:
        entrant = do_add_entrant(
            event,
            user=data.get("user"),
            bot=data.get("bot_obj"),
            start_points=start,
            seed=seed,
            by=request.user,
        )
    return Response(EntrantSerializer(entrant).data, status=201)


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
