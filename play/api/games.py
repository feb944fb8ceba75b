"""The API of games on the site: start one, read it (your seat's view and, on your
turn, your legal moves), move, and fetch the finished record."""

from django.conf import settings
from django.db.models import Case, Exists, F, OuterRef, When
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.exceptions import Throttled
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from games.models import GameKey
from lib.changes import MAX_WAIT_SECONDS
from lib.refusal import CONFLICT, Refusal
from lib.waits import TooManyWaits, wait_allowed
from play.access import access_game, access_table_to_play, is_public_game
from play.changes import etag_of, wait_for_change
from play.models import DEFAULT_FORFEIT_AFTER, Game, GameSeat, Pace
from play.moving import do_leave, do_move
from play.reading import Sight, sight_of
from play.starting import (
    check_clock,
    check_playable,
    do_start_game,
    do_start_table_game,
    read_seats,
)


class StartSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=GameKey.choices)
    options = serializers.DictField(
        required=False, default=dict, help_text="rounds (1: the Quick Game), ninja, imperial_tasks"
    )
    seats = serializers.ListField(
        child=serializers.DictField(),
        help_text='2 to 4 seats in order: {"username": NAME} or {"bot": NAME}; you sit at it',
    )
    pace = serializers.ChoiceField(choices=Pace.choices, default=Pace.LIVE)
    move_seconds = serializers.IntegerField(
        required=False, help_text="time for a turn (default 60 live, 3 days by correspondence)"
    )
    forfeit_after = serializers.IntegerField(
        required=False,
        default=DEFAULT_FORFEIT_AFTER,
        help_text="timeouts before a forfeit; 0 never",
    )


class CreatedSerializer(serializers.Serializer):
    id = serializers.IntegerField()


# Fields written out, not a model serializer's (worked out from the model at each use):
# every answer to a move shows the seats.
class PlayedSeatSerializer(serializers.Serializer):
    position = serializers.IntegerField(help_text="0 starts")
    name = serializers.CharField()
    bot = serializers.BooleanField(source="is_bot")
    timeouts = serializers.IntegerField()
    forfeited = serializers.BooleanField()
    score = serializers.IntegerField(allow_null=True)
    place = serializers.IntegerField(allow_null=True)


class StateSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    status = serializers.ChoiceField(choices=Game.Status.choices)
    pace = serializers.ChoiceField(choices=Pace.choices)
    moves = serializers.IntegerField(help_text="moves played so far; send it back as `at`")
    to_move = serializers.IntegerField(allow_null=True, help_text="the seat to move")
    you = serializers.IntegerField(allow_null=True, help_text="your seat, null if you have none")
    deadline = serializers.DateTimeField(allow_null=True)
    seats = PlayedSeatSerializer(many=True)
    view = serializers.DictField(
        help_text="what your seat may see (call-to-glory.md, Hidden information)"
    )
    legal_moves = serializers.ListField(
        child=serializers.CharField(), help_text="your legal moves, only on your turn"
    )
    result = serializers.DictField(allow_null=True)


class MoveSerializer(serializers.Serializer):
    move = serializers.CharField(max_length=40, help_text='in record syntax, e.g. "1 draw D2"')
    at = serializers.IntegerField(
        required=False,
        min_value=0,
        help_text="the `moves` you saw: the move is refused (409) if the game has moved on",
    )


def move_asked(data) -> tuple[str, int | None]:
    """A move's body as ``MoveSerializer`` reads it: a plain one (a printable string of
    at most 40 characters with no space around it, a non-negative integer or no `at`)
    is read as it is, anything else by the serializer, which refuses it in its words. A
    serializer costs a twentieth of a move's CPU and leaves a reference cycle (its
    fields and itself) for the garbage collector."""
    move, at = (data.get("move"), data.get("at")) if isinstance(data, dict) else (None, None)
    if (
        isinstance(move, str)
        and move.isascii()
        and move.isprintable()
        and 0 < len(move) <= 40
        and move == move.strip()
    ):
        if at is None and "at" not in data:
            return move, None
        if type(at) is int and at >= 0:
            return move, at
    form = MoveSerializer(data=data)
    form.is_valid(raise_exception=True)
    return form.validated_data["move"], form.validated_data.get("at")


def seat_json(seat: GameSeat) -> dict:
    """A seat as ``PlayedSeatSerializer`` documents it, written out: every answer to a
    move has the seats, and the serializer's fields cost more than the move's engine."""
    return {
        "position": seat.position,
        "name": seat.name,
        "bot": seat.is_bot,
        "timeouts": seat.timeouts,
        "forfeited": seat.forfeited,
        "score": seat.score,
        "place": seat.place,
    }


def state_json(sight: Sight) -> dict:
    game = sight.game
    return {
        "id": game.pk,
        "game": game.game,
        "status": game.status,
        "pace": game.pace,
        "moves": game.moves,
        "to_move": game.to_move,
        "you": sight.you,
        "deadline": game.deadline,
        "seats": [seat_json(seat) for seat in sight.seats],
        "view": sight.view,
        "legal_moves": sight.legal_moves,
        "result": game.result,
    }


def my_games(user):
    """The games ``user`` sits at: those waiting for their move first, the one waiting
    longest first (its turn came at its last save), then the games under way, then the
    finished ones, the latest first."""
    my_turn = GameSeat.objects.filter(game=OuterRef("pk"), user=user, position=OuterRef("to_move"))
    return (
        Game.objects.filter(seats__user=user)
        .annotate(
            my_turn=Exists(my_turn),
            over=Case(When(status=Game.Status.PLAYING, then=0), default=1),
        )
        .annotate(waiting_since=Case(When(my_turn=True, then=F("updated_at"))))
        .order_by("-my_turn", "over", F("waiting_since").asc(nulls_last=True), "-updated_at")
        .prefetch_related("seats")
    )


class ListedSerializer(serializers.ModelSerializer):
    seats = PlayedSeatSerializer(many=True)
    my_turn = serializers.BooleanField()

    class Meta:
        model = Game
        fields = [
            "id",
            "game",
            "status",
            "pace",
            "moves",
            "to_move",
            "my_turn",
            "deadline",
            "seats",
        ]


@extend_schema(methods=["POST"], request=StartSerializer, responses={201: CreatedSerializer})
@extend_schema(methods=["GET"], responses={200: ListedSerializer(many=True)})
@api_view(["GET", "POST"])
@permission_classes([IsAuthenticated])
def game_list(request):
    """GET: my games, those waiting for my move first. POST: start a friendly game
    between named people and bots (you sit at it)."""
    if request.method == "GET":
        games = my_games(request.user)[:100]
        return Response(ListedSerializer(games, many=True).data)
    form = StartSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    data = form.validated_data
    clock = check_clock(data["pace"], data.get("move_seconds"), data["forfeit_after"])
    check_playable(data["game"])
    takers = read_seats(request.user, data["seats"])
    game = do_start_game(request.user, takers, data["options"], clock, game=data["game"])
    return Response({"id": game.pk}, status=201)


@extend_schema(request=None, responses={201: CreatedSerializer})
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def table_play(request, table_id):
    """Start the game of an event's table on the site (its players or organisers)."""
    table = access_table_to_play(request.user, table_id)
    game = do_start_table_game(request.user, table)
    return Response({"id": game.pk}, status=201)


class WaitSerializer(serializers.Serializer):
    wait = serializers.IntegerField(
        required=False,
        min_value=0,
        max_value=MAX_WAIT_SECONDS,
        help_text="with `If-None-Match`: seconds to hold the request until the game changes",
    )


@extend_schema(parameters=[WaitSerializer], responses={200: StateSerializer, 304: None})
@api_view(["GET"])
def game_detail(request, game_id):
    """Where the game stands, as your seat sees it (a spectator sees no hand). Send the
    `ETag` back as `If-None-Match`: 304 (no body) while nothing has changed. With
    `?wait=S` too, a long-poll: the answer comes as soon as the game changes (200 with
    the new state), or 304 after S seconds (at most 30) if it has not. A wait the
    server does not hold (its threads are busy, it serves one request at a time, or a
    visitor not logged in waits on a game that is not public) is answered at once, with
    `Retry-After`: ask again then. More waits at once than a person may have: 429 with
    `Retry-After` (docs/play.md)."""
    asked = WaitSerializer(data=request.query_params)
    asked.is_valid(raise_exception=True)
    game = access_game(request.user, game_id)
    seen = request.headers.get("If-None-Match")
    tag = etag_of(game, request.user)
    wait = asked.validated_data.get("wait")
    headers = {"ETag": tag}
    if seen == tag and wait:
        try:
            with wait_allowed(request, is_public_game(game)) as held:
                if not held:
                    headers["Retry-After"] = str(settings.PLAY_POLL_AFTER_SECONDS)
                elif wait_for_change(game.pk, game.updated_at, wait):
                    game = access_game(request.user, game_id)
                    headers["ETag"] = tag = etag_of(game, request.user)
        except TooManyWaits as refused:
            raise Throttled(refused.retry_after, detail=too_many_waits()) from None
    if seen == tag:
        return Response(status=304, headers=headers)
    return Response(state_json(sight_of(game, request.user)), headers=headers)


def too_many_waits() -> str:
    return _(
        "You are already waiting on as many games at once as allowed (%(n)d): close a game "
        "page, or ask again later."
    ) % {"n": settings.PLAY_WAITS_PER_PERSON}


@extend_schema(request=MoveSerializer, responses={200: StateSerializer})
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def game_move(request, game_id):
    """Play a move for your seat: 409 out of turn (or if the game moved on since `at`),
    400 with the engine's reason if illegal; nothing changes either way. The answer's
    `ETag` is the new state's: send it to wait for the next change."""
    moved = do_move(request.user, game_id, *move_asked(request.data))
    sight = sight_of(moved.game, request.user, moved.seats, moved.state)
    return Response(state_json(sight), headers={"ETag": etag_of(moved.game, request.user)})


@extend_schema(request=None, responses={200: StateSerializer})
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def game_leave(request, game_id):
    """Leave the game: your seat forfeits at once and the game's stand-in bot plays it to
    the end (placed below everyone who plays on); when every person has left or
    forfeited the game is abandoned. 409 once the game is over or you have left."""
    moved = do_leave(request.user, game_id)
    sight = sight_of(moved.game, request.user, moved.seats, moved.state)
    return Response(state_json(sight), headers={"ETag": etag_of(moved.game, request.user)})


@extend_schema(responses={200: OpenApiTypes.OBJECT})
@api_view(["GET"])
def game_record(request, game_id):
    """The finished game's call-to-glory/1 record (players' names); 409 while it is
    played, since the record holds every hand."""
    game = access_game(request.user, game_id)
    if not game.is_finished:
        raise Refusal(_("The game is not over yet."), code=CONFLICT)
    return Response(game.record)
