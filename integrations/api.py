"""Hooks over HTTP (in the OpenAPI schema): a league's or an event's organisers, or a
bot author for their batches, list and add them; a hook's read, test, secret
rotation, resuming, deleting and delivery log."""

from django.core.exceptions import PermissionDenied
from drf_spectacular.utils import OpenApiTypes, extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, parser_classes, permission_classes
from rest_framework.parsers import MultiPartParser
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from integrations.access import access_hook
from integrations.deliveries import do_resume
from integrations.hooks import do_add_hook, do_delete_hook, do_rotate_secret, do_send_test
from integrations.league_export import league_file
from integrations.league_import import do_import_league, read_league_upload
from integrations.models import SUBSCRIBABLE, Delivery, Hook, Topic
from tournaments.permissions import (
    access_event_as_organiser,
    access_league_as_organiser,
    can_create_league,
)


class HookSerializer(serializers.ModelSerializer):
    id = serializers.UUIDField(source="key", read_only=True)
    topics = serializers.ListField(
        # An author's hook answers with batch.finished; a league's or event's may not
        # ask for it (hooks.check_topics refuses it with the reason).
        child=serializers.ChoiceField(choices=[t.value for t in Topic if t != Topic.TEST]),
        required=False,
        max_length=len(SUBSCRIBABLE),
        help_text="what a signed hook is sent (a chat hook: pairings, results, final standings)",
    )
    secret = serializers.CharField(
        read_only=True, help_text="signs every delivery of a signed hook"
    )
    paused = serializers.BooleanField(source="is_paused", read_only=True)
    failures = serializers.IntegerField(read_only=True, help_text="failed tries in a row")

    class Meta:
        model = Hook
        fields = ["id", "kind", "url", "topics", "language", "secret", "paused", "failures"]


class DeliverySerializer(serializers.ModelSerializer):
    id = serializers.UUIDField(source="key", read_only=True)

    class Meta:
        model = Delivery
        fields = ["id", "topic", "status", "attempts", "answer_status", "last_error", "tried_at"]


def hooks_answer(request, owner, field: str) -> Response:
    if request.method == "GET":
        hooks = Hook.objects.filter(**{field: owner})
        return Response(HookSerializer(hooks, many=True).data)
    data = HookSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    hook = do_add_hook(request.user, **{field: owner}, **data.validated_data)
    return Response(HookSerializer(hook).data, status=201)


@extend_schema(methods=["GET"], responses=HookSerializer(many=True))
@extend_schema(methods=["POST"], request=HookSerializer, responses={201: HookSerializer})
@api_view(["GET", "POST"])
@permission_classes([IsAuthenticated])
def league_hooks(request, slug):
    """The league's hooks (its organisers); they hear of every event of the league."""
    return hooks_answer(request, access_league_as_organiser(request.user, slug), "league")


@extend_schema(methods=["GET"], responses=HookSerializer(many=True))
@extend_schema(methods=["POST"], request=HookSerializer, responses={201: HookSerializer})
@api_view(["GET", "POST"])
@permission_classes([IsAuthenticated])
def event_hooks(request, slug):
    """The event's hooks (its organisers)."""
    return hooks_answer(request, access_event_as_organiser(request.user, slug), "event")


@extend_schema(methods=["GET"], responses=HookSerializer(many=True))
@extend_schema(methods=["POST"], request=HookSerializer, responses={201: HookSerializer})
@api_view(["GET", "POST"])
@permission_classes([IsAuthenticated])
def author_hooks(request):
    """The signed-in bot author's hooks: signed (`kind` "signed"), each sent
    `batch.finished` when a batch they scheduled is finished (`topics` is ignored)."""
    return hooks_answer(request, request.user, "author")


@extend_schema(methods=["GET"], responses=HookSerializer)
@extend_schema(methods=["DELETE"], request=None, responses={204: None})
@api_view(["GET", "DELETE"])
@permission_classes([IsAuthenticated])
def hook_detail(request, key):
    hook = access_hook(request.user, key)
    if request.method == "DELETE":
        do_delete_hook(hook)
        return Response(status=204)
    return Response(HookSerializer(hook).data)


@extend_schema(responses=DeliverySerializer(many=True))
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def hook_deliveries(request, key):
    """The hook's newest deliveries, newest first."""
    hook = access_hook(request.user, key)
    return Response(DeliverySerializer(hook.deliveries.all()[:100], many=True).data)


def acting(service, doc: str):
    @extend_schema(request=None, responses=HookSerializer, description=doc)
    @api_view(["POST"])
    @permission_classes([IsAuthenticated])
    def act(request, key):
        hook = access_hook(request.user, key)
        service(hook)
        hook.refresh_from_db()
        return Response(HookSerializer(hook).data)

    act.__name__ = act.cls.__name__ = f"hook_{service.__name__.removeprefix('do_')}"
    return act


hook_test = acting(do_send_test, "Send a test delivery now.")
hook_rotate = acting(do_rotate_secret, "A new secret; deliveries from now on are signed with it.")
hook_resume = acting(do_resume, "Send again after a pause; what waits is sent.")


class LeagueFileSerializer(serializers.Serializer):
    file = serializers.FileField(help_text="a league's file, as export_league writes it")


@extend_schema(responses={200: OpenApiTypes.OBJECT})
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def league_export(request, slug):
    """The whole league as one versioned file (its organisers; docs/integrations.md)."""
    return Response(league_file(access_league_as_organiser(request.user, slug)))


@extend_schema(
    request={"multipart/form-data": LeagueFileSerializer}, responses={201: OpenApiTypes.OBJECT}
)
@api_view(["POST"])
@parser_classes([MultiPartParser])
@permission_classes([IsAuthenticated])
def league_import(request):
    """A league's file becomes a new league of the signed-in person, whole or not at all;
    a refusal names the first bad record. Answers the new league's address."""
    if not can_create_league(request.user):
        raise PermissionDenied
    data = LeagueFileSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    league = do_import_league(read_league_upload(data.validated_data["file"]), request.user)
    return Response({"slug": league.slug, "name": league.name}, status=201)
