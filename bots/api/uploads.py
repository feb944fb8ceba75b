"""The API's uploaded bots: ``POST /api/bots/upload/`` makes one, ``PUT
/api/bots/{id}/source/`` gives it a new version (its author's, or staff's). Both take
multipart form data with the file as ``source`` (docs/bots.md, "Uploaded bots")."""

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.parsers import MultiPartParser
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from bots.access import can_edit_bot
from bots.api.bots import BotSerializer
from bots.api.games import check_game_with_bots
from bots.authoring import check_bot
from bots.models import Bot
from bots.uploads import (
    check_request_size,
    do_register_uploaded_bot,
    do_replace_source,
    read_source,
)
from games.registry import DEFAULT_GAME
from lib.api_fields import ModelSerializer


class SourceSerializer(serializers.Serializer):
    source = serializers.FileField(help_text="a Python file (.py) or a zip archive (.zip)")
    entry_point = serializers.CharField(
        required=False, allow_blank=True, max_length=200, help_text="an archive's file to run"
    )


class UploadedBotSerializer(ModelSerializer):
    source = serializers.FileField(help_text="a Python file (.py) or a zip archive (.zip)")
    entry_point = serializers.CharField(required=False, allow_blank=True, max_length=200)
    game = serializers.CharField(required=False, help_text="the game it plays")

    class Meta:
        model = Bot
        fields = [
            "name",
            "game",
            "description",
            "move_timeout_ms",
            "time_bank_ms",
            "source",
            "entry_point",
        ]


class UploadedBotView(APIView):
    """A new uploaded bot; its source is checked (sizes, entry point, syntax) first."""

    parser_classes = [MultiPartParser]
    permission_classes = [IsAuthenticated]
    throttle_scope = "bot_registration"

    @extend_schema(request=UploadedBotSerializer, responses={201: BotSerializer})
    def post(self, request):
        check_request_size(request)
        sent = UploadedBotSerializer(data=request.data)
        sent.is_valid(raise_exception=True)
        data = dict(sent.validated_data)
        source = read_source(data.pop("source"), data.pop("entry_point", ""))
        data["game"] = check_game_with_bots(data.get("game", DEFAULT_GAME))
        check_bot(
            Bot.Kind.UPLOADED,
            move_timeout_ms=data.get("move_timeout_ms", 500),
            time_bank_ms=data.get("time_bank_ms", 5000),
            description=data.get("description", ""),
            game=data["game"],
            has_upload=True,
        )
        bot = do_register_uploaded_bot(request.user, Bot(**data), source)
        return Response(
            BotSerializer(bot, context={"request": request}).data, status=status.HTTP_201_CREATED
        )


class BotSourceView(APIView):
    parser_classes = [MultiPartParser]
    permission_classes = [IsAuthenticated]

    @extend_schema(request=SourceSerializer, responses={200: BotSerializer})
    def put(self, request, pk: int):
        bot = get_object_or_404(Bot, pk=pk)
        if not can_edit_bot(request.user, bot):
            raise PermissionDenied
        check_request_size(request)
        sent = SourceSerializer(data=request.data)
        sent.is_valid(raise_exception=True)
        data = sent.validated_data
        do_replace_source(bot, read_source(data["source"], data.get("entry_point", "")))
        return Response(BotSerializer(bot, context={"request": request}).data)
