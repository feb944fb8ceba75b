from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response

from bots.api.games import check_bots_play, check_game_with_bots
from bots.batches import batch_progress
from bots.models import Batch, Bot
from bots.scheduling import do_schedule_batch, lineups_for
from games.registry import DEFAULT_GAME, get_game
from lib.api_fields import ModelSerializer
from scoring.idempotency import IDEMPOTENCY, idempotent
from tournaments.permissions import can_schedule_bot_matches


class BatchSerializer(ModelSerializer):
    kind = serializers.CharField(
        read_only=True, help_text="single, series, round_robin, ladder or event"
    )
    game = serializers.CharField(read_only=True, help_text="the game its bots play")
    status = serializers.CharField(read_only=True, help_text="queued, running or done")
    done = serializers.SerializerMethodField()
    faults = serializers.SerializerMethodField()

    class Meta:
        model = Batch
        fields = [
            "id",
            "kind",
            "game",
            "name",
            "lineups",
            "games_per_lineup",
            "total",
            "options",
            "seed",
            "status",
            "created_at",
            "started_at",
            "finished_at",
            "done",
            "faults",
        ]

    def progress(self, batch):
        if not hasattr(batch, "_progress"):
            batch._progress = batch_progress(batch)
        return batch._progress

    def get_done(self, batch) -> int:
        return self.progress(batch).done

    def get_faults(self, batch) -> int:
        return self.progress(batch).faults


class ScheduleSerializer(serializers.Serializer):
    schedule = serializers.ChoiceField(
        choices=[Batch.Kind.SINGLE, Batch.Kind.SERIES, Batch.Kind.ROUND_ROBIN],
        help_text="one match, a series of `games` with the seats rotated, or a round robin "
        "of the bots at tables of `table_size`",
    )
    game = serializers.CharField(
        default=DEFAULT_GAME,
        help_text="the game the bots play (each bot plays one game); 400 naming `game` for "
        "a game unknown or without bots",
    )
    bots = serializers.PrimaryKeyRelatedField(queryset=Bot.objects.all(), many=True)
    games = serializers.IntegerField(min_value=1, max_value=100_000, default=1)
    table_size = serializers.IntegerField(min_value=2, max_value=4, default=2)
    options = serializers.DictField(
        required=False,
        help_text="the game's rules options (left out: a game played in rounds plays one, "
        "any other its defaults)",
    )
    seed = serializers.IntegerField(min_value=0, max_value=2**62, required=False)


class BatchViewSet(mixins.RetrieveModelMixin, mixins.ListModelMixin, viewsets.GenericViewSet):
    """Batches of bot matches: schedule one, and follow its progress."""

    queryset = Batch.objects.filter(event__isnull=True)
    throttle_scope = "batch_scheduling"  # its POST (lib.throttles)
    serializer_class = BatchSerializer

    @extend_schema(
        request=ScheduleSerializer,
        responses={201: BatchSerializer},
        parameters=[IDEMPOTENCY],
        description="Schedule a batch (answered at once: a large one is written out by a "
        "worker). Refused with 400 naming the budget when its games would take your "
        "queued bot work over `BOTS_WORK_BUDGET_SECONDS`, or when a new account's e-mail "
        "is not confirmed yet. Send an `Idempotency-Key` to "
        "retry safely: a retry gets the same batch, never a second one.",
    )
    def create(self, request):
        return schedule_batch(request)


@idempotent
def schedule_batch(request):
    schedule = ScheduleSerializer(data=request.data)
    schedule.is_valid(raise_exception=True)
    data = schedule.validated_data
    game = check_game_with_bots(data["game"])
    check_bots_play(data["bots"], game)
    if not can_schedule_bot_matches(request.user, data["bots"]):
        raise PermissionDenied
    options = data.get("options")
    if options is None:  # a game played in rounds: one; else the game's own defaults
        played_in_rounds = any(option.key == "rounds" for option in get_game(game).options)
        options = {"rounds": 1} if played_in_rounds else get_game(game).played.check_options({})
    batch = do_schedule_batch(
        request.user,
        data["schedule"],
        lineups_for(data["schedule"], data["bots"], data["table_size"]),
        games_per_lineup=1 if data["schedule"] == Batch.Kind.SINGLE else data["games"],
        options=options,
        seed=data.get("seed"),
    )
    return Response(BatchSerializer(batch).data, status=status.HTTP_201_CREATED)
