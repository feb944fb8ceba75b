"""The API of challenges and open tables (``play.challenges``): challenge people to a
game, accept or decline, open a table anyone signed in may join, join or leave it.

A challenge's ``game_type`` is the game to be played (a registry key: one the site
plays live); its ``game`` is the started game's id, once it has started."""

from django.db.models import Prefetch, prefetch_related_objects
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from games.registry import DEFAULT_GAME
from play.api.games import CreatedSerializer
from play.challenges import (
    access_challenge,
    check_game_type,
    do_accept,
    do_challenge,
    do_decline,
    do_join,
    do_leave_table,
    do_open_table,
)
from play.lobby import open_tables, share_link
from play.models import DEFAULT_FORFEIT_AFTER, Challenge, ChallengeSeat, Pace
from play.starting import check_clock, read_seats
from scoring.idempotency import idempotent


class TermsSerializer(serializers.Serializer):
    game_type = serializers.CharField(
        default=DEFAULT_GAME,
        help_text="the game to play: a game the site plays live (400 naming `game_type` otherwise)",
    )
    options = serializers.DictField(
        required=False,
        default=dict,
        help_text="the game's rules options (Call to Glory: rounds, 1 the Quick Game; ninja; "
        "imperial_tasks)",
    )
    pace = serializers.ChoiceField(choices=Pace.choices, default=Pace.LIVE)
    move_seconds = serializers.IntegerField(
        required=False, help_text="time for a turn (default 60 live, 3 days by correspondence)"
    )
    rated = serializers.BooleanField(
        default=False, help_text="a rated game (people only) moves the players' ratings"
    )

    def clock(self):
        data = self.validated_data
        game = check_game_type(data["game_type"]).key
        return check_clock(data["pace"], data.get("move_seconds"), DEFAULT_FORFEIT_AFTER, game=game)


class ChallengeRequestSerializer(TermsSerializer):
    seats = serializers.ListField(
        child=serializers.DictField(),
        help_text='2 to 4 seats in order: {"username": NAME} or {"bot": NAME}; you sit at it',
    )


class TableRequestSerializer(TermsSerializer):
    seats = serializers.IntegerField(
        help_text="the table's size (2 to 4, within the game's), your seat among them"
    )
    listed = serializers.BooleanField(
        default=True, help_text="false: not in the lobby, reached by its share link only"
    )


class TableCreatedSerializer(CreatedSerializer):
    link = serializers.CharField(help_text="the share link: whoever opens it may take a seat")


class GameStartedSerializer(serializers.Serializer):
    game = serializers.IntegerField(allow_null=True, help_text="the game, once it has started")
    status = serializers.ChoiceField(choices=Challenge.Status.choices)


class ChallengeSeatSerializer(serializers.Serializer):
    name = serializers.SerializerMethodField()
    bot = serializers.SerializerMethodField()
    accepted = serializers.BooleanField()

    def get_name(self, seat) -> str:
        return str(seat.user or seat.bot.name)

    def get_bot(self, seat) -> bool:
        return seat.bot_id is not None


class ChallengeSerializer(serializers.ModelSerializer):
    seats = ChallengeSeatSerializer(many=True)
    created_by = serializers.StringRelatedField()

    class Meta:
        model = Challenge
        fields = [
            "id",
            "kind",
            "game_type",
            "status",
            "created_by",
            "size",
            "options",
            "pace",
            "move_seconds",
            "rated",
            "seats",
            "game",
        ]


def started(challenge: Challenge) -> Response:
    return Response({"game": challenge.game_id, "status": challenge.status})


@extend_schema(request=ChallengeRequestSerializer, responses={201: CreatedSerializer})
@api_view(["POST"])
@permission_classes([IsAuthenticated])
@idempotent
def challenge_list(request):
    """Challenge people to a game (you sit at it): each person invited is told, and the
    game starts once all have accepted. 409 past your limit of open challenges."""
    form = ChallengeRequestSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    data = form.validated_data
    clock = form.clock()
    takers = read_seats(request.user, data["seats"])
    challenge = do_challenge(
        request.user, takers, data["options"], clock, data["rated"], data["game_type"]
    )
    return Response({"id": challenge.pk}, status=201)


@extend_schema(responses={200: ChallengeSerializer})
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def challenge_detail(request, challenge_id):
    """A challenge or table you sit at (or are invited to), or a table of the lobby."""
    challenge, _seat = access_challenge(request.user, challenge_id)
    seats = Prefetch("seats", queryset=ChallengeSeat.objects.select_related("user", "bot"))
    prefetch_related_objects([challenge], seats)
    return Response(ChallengeSerializer(challenge).data)


@extend_schema(request=None, responses={200: GameStartedSerializer})
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def challenge_accept(request, challenge_id):
    """Accept a challenge (again: the same answer); `game` once every person invited
    has accepted. 409 once it was declined or withdrawn."""
    return started(do_accept(request.user, challenge_id))


@extend_schema(request=None, responses={200: GameStartedSerializer})
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def challenge_decline(request, challenge_id):
    """Decline a challenge (its creator withdraws it); 409 once it has started."""
    return started(do_decline(request.user, challenge_id))


@extend_schema(
    methods=["POST"], request=TableRequestSerializer, responses={201: TableCreatedSerializer}
)
@extend_schema(methods=["GET"], responses={200: ChallengeSerializer(many=True)})
@api_view(["GET", "POST"])
@permission_classes([IsAuthenticated])
@idempotent
def table_list(request):
    """GET: the lobby's open tables. POST: open a table (you take the first seat); it
    starts when full. 409 past your limit of open challenges and tables."""
    if request.method == "GET":
        return Response(ChallengeSerializer(open_tables()[:100], many=True).data)
    form = TableRequestSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    data = form.validated_data
    table = do_open_table(
        request.user,
        data["seats"],
        data["options"],
        form.clock(),
        data["rated"],
        data["listed"],
        data["game_type"],
    )
    return Response({"id": table.pk, "link": share_link(table)}, status=201)


@extend_schema(request=None, responses={200: GameStartedSerializer})
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def table_join(request, table_id):
    """Take the next free seat (a table not listed in the lobby: send its share link's
    `{"token": ...}`); the join that fills the table answers its `game`. 409: the table
    is full (started) or withdrawn, or you sit at it already."""
    token = request.data.get("token") if isinstance(request.data, dict) else None
    return started(do_join(request.user, table_id, token))


@extend_schema(request=None, responses={200: GameStartedSerializer})
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def table_leave(request, table_id):
    """Give up your seat at an open table (its creator withdraws it)."""
    return started(do_leave_table(request.user, table_id))
