"""A league's plays as a BG Stats file, out and in (docs/bgstats.md)."""

from drf_spectacular.utils import OpenApiTypes, extend_schema
from rest_framework import permissions, serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.response import Response

from lib.api_fields import BoundedJSONField
from tournaments.bgstats.export import access_league_for_export, bgstats_file
from tournaments.bgstats.importing import PlayStatus, do_import_bgstats
from tournaments.bgstats.players import UNMATCHED, WALK_IN
from tournaments.bgstats.reading import read_file
from tournaments.permissions import access_league_as_organiser


class BGStatsImportSerializer(serializers.Serializer):
    file = BoundedJSONField(help_text="a BG Stats export file, as the app writes it")
    unmatched = serializers.ChoiceField(
        choices=UNMATCHED,
        default=WALK_IN,
        help_text="what becomes of a player no person of the league answers to by name",
    )


class PlayReportSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="the play's place in the file, from 1")
    uuid = serializers.CharField()
    game = serializers.CharField(help_text="the game's name in the file")
    played_at = serializers.DateTimeField()
    status = serializers.ChoiceField(choices=PlayStatus.choices)
    reason = serializers.CharField(help_text="why it was refused or skipped; empty if not")
    event = serializers.CharField(
        source="event.slug", allow_null=True, help_text="the slug of the event it went to"
    )


class BGStatsReportSerializer(serializers.Serializer):
    imported = serializers.IntegerField()
    plays = PlayReportSerializer(many=True)


@extend_schema(responses={200: OpenApiTypes.OBJECT})
@api_view(["GET"])
def export_bgstats(request, slug):
    """The league's confirmed results the reader may see, in BG Stats' export format."""
    league, events = access_league_for_export(request.user, slug)
    return Response(bgstats_file(league, events, request.user))


@extend_schema(request=BGStatsImportSerializer, responses={200: BGStatsReportSerializer})
@api_view(["POST"])
@permission_classes([permissions.IsAuthenticated])
def import_bgstats(request, slug):
    """Take a BG Stats file's plays into the league's open season as confirmed results
    (the league's organisers); the answer says what became of each play. A file that is
    not a BG Stats export is a 400 naming where, and nothing is written."""
    league = access_league_as_organiser(request.user, slug)
    form = BGStatsImportSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    file = read_file(form.validated_data["file"])
    report = do_import_bgstats(league, file, request.user, form.validated_data["unmatched"])
    imported = sum(line.status == PlayStatus.IMPORTED for line in report)
    return Response(BGStatsReportSerializer({"imported": imported, "plays": report}).data)
