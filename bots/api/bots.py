from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response

from bots.authoring import BotSettingsError, check_builtin_settings, do_register_bot, do_update_bot
from bots.remote import endpoint_problem
from games.models import Bot
from tournaments.permissions import can_edit_bot


class BotSerializer(serializers.ModelSerializer):
    owner = serializers.CharField(source="owner.username", read_only=True)
    rating = serializers.FloatField(read_only=True)

    class Meta:
        model = Bot
        fields = [
            "id",
            "name",
            "owner",
            "description",
            "kind",
            "builtin_key",
            "settings",
            "endpoint_url",
            "move_timeout_ms",
            "time_bank_ms",
            "rating",
            "rating_mu",
            "rating_sigma",
            "games_rated",
        ]
        read_only_fields = ["rating_mu", "rating_sigma", "games_rated"]

    def validate_endpoint_url(self, url):
        problem = endpoint_problem(url)
        if problem:
            raise serializers.ValidationError(problem)
        return url

    def validate(self, data):
        kind = data.get("kind", getattr(self.instance, "kind", Bot.Kind.BUILTIN))
        if kind == Bot.Kind.BUILTIN:
            key = data.get("builtin_key", getattr(self.instance, "builtin_key", ""))
            settings = data.get("settings", getattr(self.instance, "settings", {}))
            try:
                check_builtin_settings(key, settings)
            except BotSettingsError as exc:
                raise serializers.ValidationError({"settings": str(exc)}) from None
        elif not data.get("endpoint_url", getattr(self.instance, "endpoint_url", "")):
            raise serializers.ValidationError(
                {"endpoint_url": _("A remote bot needs its endpoint URL.")}
            )
        return data


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

    queryset = Bot.objects.select_related("owner")
    serializer_class = BotSerializer

    @extend_schema(request=BotSerializer, responses={201: NewBotSerializer})
    def create(self, request, *args, **kwargs):
        serializer = BotSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        bot, secret = do_register_bot(request.user, Bot(**serializer.validated_data))
        answer = NewBotSerializer(bot).data
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
        answer = NewBotSerializer(bot).data
        answer["secret"] = secret
        return Response(answer)
