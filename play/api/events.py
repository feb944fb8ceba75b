"""How an event's tables are played on the site: its pace, the time for a turn, the
timeouts before a forfeit and the bot that plays for an absent person (organisers set
them; anyone who sees the event reads them)."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view
from rest_framework.response import Response

from play.models import DEFAULT_FORFEIT_AFTER, Pace
from play.starting import do_set_event_play, event_clock
from tournaments.permissions import access_event, access_event_as_organiser


class EventPlaySerializer(serializers.Serializer):
    pace = serializers.ChoiceField(choices=Pace.choices, default=Pace.LIVE)
    move_seconds = serializers.IntegerField(
        required=False, help_text="time for a turn (default 60 live, 3 days by correspondence)"
    )
    forfeit_after = serializers.IntegerField(
        required=False,
        default=DEFAULT_FORFEIT_AFTER,
        help_text="timeouts before a forfeit; 0 never",
    )
    stand_in = serializers.CharField(
        required=False,
        help_text=(
            "the built-in bot that plays a turn for a person whose time ran out: one of"
            " the stand-ins of the event's game (its first when left out)"
        ),
    )


def clock_json(clock) -> dict:
    return {
        "pace": clock.pace,
        "move_seconds": clock.seconds(),
        "forfeit_after": clock.forfeit_after,
        "stand_in": clock.stand_in,
    }


@extend_schema(methods=["PUT"], request=EventPlaySerializer, responses={200: EventPlaySerializer})
@extend_schema(methods=["GET"], responses={200: EventPlaySerializer})
@api_view(["GET", "PUT"])
def event_play(request, slug):
    """GET: how the event's tables are played on the site. PUT (organisers): set it;
    games already started keep their clock."""
    if request.method == "GET":
        return Response(clock_json(event_clock(access_event(request.user, slug))))
    event = access_event_as_organiser(request.user, slug)
    form = EventPlaySerializer(data=request.data)
    form.is_valid(raise_exception=True)
    data = form.validated_data
    clock = do_set_event_play(
        event, data["pace"], data.get("move_seconds"), data["forfeit_after"], data.get("stand_in")
    )
    return Response(clock_json(clock))
