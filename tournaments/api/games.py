from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view
from rest_framework.response import Response

from games.declaring import MOST_SEATS
from tournaments.models import MAX_INTEGER
from tournaments.open_league import do_log_game
from tournaments.permissions import access_event_as_organiser


class LoggedSeatSerializer(serializers.Serializer):
    entrant = serializers.IntegerField(help_text="entrant id")
    score = serializers.IntegerField(min_value=-MAX_INTEGER, max_value=MAX_INTEGER)
    place = serializers.IntegerField(min_value=1, max_value=MOST_SEATS)


class LogGameSerializer(serializers.Serializer):
    seats = LoggedSeatSerializer(
        many=True, help_text="2 to 4 seats (a catalogue game: as it seats), seat 0 first"
    )


class LoggedGameSerializer(serializers.Serializer):
    result = serializers.IntegerField()
    round = serializers.IntegerField()


@extend_schema(request=LogGameSerializer, responses={201: LoggedGameSerializer})
@api_view(["POST"])
def log_game(request, slug):
    """Open leagues: log one game as it was played (organisers)."""
    event = access_event_as_organiser(request.user, slug)
    form = LogGameSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    seats = [(s["entrant"], s["score"], s["place"]) for s in form.validated_data["seats"]]
    result = do_log_game(event, seats, by=request.user)
    return Response({"result": result.pk, "round": result.table.round.number}, status=201)
