from django.db.models import Prefetch
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response

from bots.access import can_edit_bot
from bots.api.games import check_game_with_bots
from bots.authoring import BOT_SETTINGS, check_bot, do_register_bot, do_update_bot, empty_unused
from bots.held import has_source
from bots.models import Bot, SourceCheck
from lib.api_fields import ModelSerializer


class SourceCheckSerializer(serializers.ModelSerializer):
    class Meta:
        model = SourceCheck
        fields = ["filename", "sha256", "status", "evidence", "created_at", "finished_at"]


class BotSerializer(ModelSerializer):
    owner = serializers.CharField(source="owner.username", read_only=True)
    rating = serializers.FloatField(read_only=True)
    source_check = SourceCheckSerializer(
        read_only=True,
        allow_null=True,
        help_text="an uploaded bot's last source sent for its probe game, to its author and "
        "staff (else null): `status` queued or running (being checked: a new bot plays "
        "nowhere meanwhile), done (it is the bot's source now) or failed (refused, with the "
        "referee's `evidence`)",
    )
    game = serializers.CharField(
        required=False,
        help_text="the game it plays (default: the default game); 400 naming `game` for a game "
        "unknown or without bots",
    )

    class Meta:
        model = Bot
        fields = [
            "id",
            "name",
            "owner",
            "game",
            *BOT_SETTINGS,
            "public",
            "rating",
            "rating_mu",
            "rating_sigma",
            "games_rated",
            "source_check",
        ]
        read_only_fields = ["rating_mu", "rating_sigma", "games_rated"]
        extra_kwargs = {
            "endpoint_url": {"help_text": "remote bots; shown to its author and staff only"},
            "public": {
                "help_text": "listed in everyone's Play now (built-in bots); false for a new bot"
            },
        }

    def to_representation(self, bot):
        """A remote bot's endpoint is its author's business (and staff's): others
        read it empty, and an uploaded bot's ``source_check`` null."""
        answer = super().to_representation(bot)
        request = self.context.get("request")
        if request is None or not can_edit_bot(request.user, bot):
            answer["endpoint_url"] = ""
            answer["source_check"] = None
        return answer

    def validate(self, data):
        """``check_bot`` judges the bot as it would be after this change (the form asks
        it too), against its game's built-in bots (the registry's); what a bot of its
        kind does not use is emptied."""
        before = self.instance or Bot()
        merged = {field: data.get(field, getattr(before, field)) for field in BOT_SETTINGS}
        data["game"] = check_game_with_bots(data.get("game", before.game))
        check_bot(
            **merged,
            game=data["game"],
            has_upload=has_source(before.pk),
        )
        return empty_unused(data, merged["kind"])


class NewBotSerializer(BotSerializer):
    secret = serializers.CharField(read_only=True, help_text="shown only in this answer")

    class Meta(BotSerializer.Meta):
        fields = [*BotSerializer.Meta.fields, "secret"]


class BotViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    mixins.UpdateModelMixin,
    viewsets.GenericViewSet,
):
    """Bots: anyone reads; a logged-in user registers; only the author changes one."""

    queryset = Bot.objects.select_related("owner").prefetch_related(
        Prefetch("source_check", queryset=SourceCheck.objects.defer("content"))
    )
    throttle_scope = "bot_registration"  # its POST (lib.throttles)
    serializer_class = BotSerializer

    @extend_schema(request=BotSerializer, responses={201: NewBotSerializer})
    def create(self, request, *args, **kwargs):
        serializer = BotSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        bot, secret = do_register_bot(request.user, Bot(**serializer.validated_data))
        answer = NewBotSerializer(bot, context={"request": request}).data
        answer["secret"] = secret
        return Response(answer, status=status.HTTP_201_CREATED)

    @extend_schema(responses={200: NewBotSerializer})
    def update(self, request, *args, **kwargs):
        """The secret is in the answer only when the change made the bot remote."""
        bot = self.get_object()
        if not can_edit_bot(request.user, bot):
            raise PermissionDenied
        serializer = BotSerializer(bot, data=request.data, partial=kwargs.get("partial", False))
        serializer.is_valid(raise_exception=True)
        for field, value in serializer.validated_data.items():
            setattr(bot, field, value)
        secret = do_update_bot(bot)
        answer = NewBotSerializer(bot, context={"request": request}).data
        answer["secret"] = secret
        return Response(answer)
