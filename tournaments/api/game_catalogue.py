"""The games: every game the site runs events of (``GET /api/games/``), and the
catalogue of those it knows by their scoring rules only, which organisers add to
(``POST``: their own until staff make it site-wide, ``PATCH {"site_wide": true}``), and
whoever added one renames (``PATCH``) or deletes (``DELETE``, refused while an event
plays it). The services are ``games.catalogue_games``; docs/games.md says whose game
is listed for whom."""

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view
from rest_framework.response import Response

from games.catalogue_games import (
    do_add_catalogue_game,
    do_delete_catalogue_game,
    do_make_site_wide,
    do_rename_catalogue_game,
    games_matching,
)
from games.declaring import Scoring, Ties
from games.registry import get_game
from tournaments.permissions import (
    access_catalogue_game_as_editor,
    access_game,
    can_add_game,
    can_make_game_site_wide,
    catalogue_adders_for,
)


class EntryKindSerializer(serializers.Serializer):
    kind = serializers.CharField(source="key", help_text="the `kind` of a table's submission")
    name = serializers.CharField(source="label")
    organiser_only = serializers.BooleanField(help_text="taken from an organiser's override only")


class GameSerializer(serializers.Serializer):
    key = serializers.CharField(help_text="what an event's `game` names")
    name = serializers.CharField()
    engine = serializers.BooleanField(
        source="is_engine", help_text="declared with a rules engine (not a catalogue game)"
    )
    min_players = serializers.IntegerField()
    max_players = serializers.IntegerField()
    table_sizes = serializers.ListField(
        child=serializers.IntegerField(), help_text="the table sizes an event may choose"
    )
    scoring = serializers.ChoiceField(
        choices=Scoring.choices, allow_null=True, help_text="a catalogue game's; null for engines"
    )
    ties = serializers.ChoiceField(
        choices=Ties.choices, allow_null=True, help_text="a catalogue game's; null for engines"
    )
    bgg_id = serializers.IntegerField(allow_null=True, help_text="BoardGameGeek's id")
    site_wide = serializers.BooleanField(
        help_text="listed for everyone; false: a catalogue game its adder's own until staff "
        "make it site-wide"
    )
    entry_kinds = EntryKindSerializer(many=True, help_text="the kinds of entry a table takes")


class NewGameSerializer(serializers.Serializer):
    """Read as given: ``do_add_catalogue_game`` checks every field and names a bad one."""

    name = serializers.CharField(max_length=100)
    min_players = serializers.IntegerField(min_value=1, max_value=6)
    max_players = serializers.IntegerField(min_value=2, max_value=6)
    scoring = serializers.ChoiceField(choices=Scoring.choices)
    ties = serializers.ChoiceField(choices=Ties.choices)
    bgg_id = serializers.IntegerField(
        min_value=1, max_value=2**31 - 1, required=False, allow_null=True, default=None
    )


class ChangeSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=100, required=False)
    site_wide = serializers.BooleanField(
        required=False, help_text="true: list it for everyone (staff); it stays so"
    )


def described(game) -> dict:
    """A ``GameType`` as the API tells it."""
    return {
        "key": game.key,
        "name": str(game.name),
        "is_engine": not game.is_catalogue,
        "min_players": game.min_players,
        "max_players": game.max_players,
        "table_sizes": list(game.table_sizes),
        "scoring": game.catalogue.scoring if game.catalogue else None,
        "ties": game.catalogue.ties if game.catalogue else None,
        "bgg_id": game.bgg_id,
        "site_wide": game.catalogue.site_wide if game.catalogue else True,
        "entry_kinds": game.entry_kinds,
    }


@extend_schema(
    methods=["GET"],
    parameters=[OpenApiParameter("q", str, description="only games whose name holds this")],
    responses={200: GameSerializer(many=True)},
)
@extend_schema(methods=["POST"], request=NewGameSerializer, responses={201: GameSerializer})
@api_view(["GET", "POST"])
def game_list(request):
    """Every game the reader is offered: the engine games, then the catalogue's
    site-wide games and those they or their leagues' organisers added, by name.
    Organisers (of a league or an event) add a catalogue game, their own until staff
    make it site-wide; its key is a slug of its name (with a random tail while it is
    someone's own)."""
    if request.method == "GET":
        adders = catalogue_adders_for(request.user)
        games = games_matching(request.query_params.get("q", ""), adders)
        return Response(GameSerializer([described(game) for game in games], many=True).data)
    if not can_add_game(request.user):
        raise PermissionDenied(_("Organisers of a league or an event add games."))
    form = NewGameSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    game = do_add_catalogue_game(request.user, **form.validated_data)
    return Response(GameSerializer(described(get_game(game.key))).data, status=201)


@extend_schema(methods=["GET"], responses={200: GameSerializer})
@extend_schema(methods=["PATCH"], request=ChangeSerializer, responses={200: GameSerializer})
@extend_schema(methods=["DELETE"], responses={204: None})
@api_view(["GET", "PATCH", "DELETE"])
def game_detail(request, key):
    """A game and the kinds of entry its tables take. Staff and whoever added a
    catalogue game rename it or delete it; one an event plays is only renamed (409).
    Staff make a game site-wide (409 while a site-wide game has its name or id)."""
    if request.method == "GET":
        return Response(GameSerializer(described(access_game(key))).data)
    if request.method == "PATCH" and request.data.get("site_wide") is not None:
        if not can_make_game_site_wide(request.user, access_game(key)):
            raise PermissionDenied(_("Staff decide which games are listed for everyone."))
    game = access_catalogue_game_as_editor(request.user, key)
    if request.method == "DELETE":
        do_delete_catalogue_game(game)
        return Response(status=204)
    form = ChangeSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    if "name" in form.validated_data:
        do_rename_catalogue_game(game, form.validated_data["name"])
    if form.validated_data.get("site_wide"):
        do_make_site_wide(game)
    return Response(GameSerializer(described(get_game(key))).data)
