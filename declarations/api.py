"""Declarations over HTTP: the event's rule (what is asked, the deadline, public or
not), the declarations the reader may see and, after the deadline, the entrants without
one; an entrant declares, the organisers ask, edit and lock."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response

from declarations import declaring
from declarations.dropping import do_drop_undeclared
from declarations.models import DeclarationRule
from declarations.permissions import (
    access_entrant_to_declare,
    access_event_as_declarations_organiser,
    access_event_declarations,
)


class RuleSerializer(serializers.ModelSerializer):
    choices = serializers.ListField(child=serializers.CharField(allow_blank=True), required=False)

    class Meta:
        model = DeclarationRule
        fields = ["label", "kind", "choices", "deadline", "public", "version"]
        read_only_fields = ["version"]


class AskSerializer(RuleSerializer):
    version = serializers.IntegerField(
        required=False, allow_null=True, help_text="the rule's version (none for a new rule)"
    )

    class Meta(RuleSerializer.Meta):
        read_only_fields = []


class DeclarationSerializer(serializers.Serializer):
    entrant = serializers.IntegerField(help_text="the entrant's id")
    name = serializers.CharField()
    text = serializers.CharField(allow_null=True)
    locked = serializers.BooleanField()
    version = serializers.IntegerField(allow_null=True)


class ListingSerializer(serializers.Serializer):
    rule = RuleSerializer(allow_null=True)
    locked = serializers.BooleanField(help_text="the deadline has passed")
    every = serializers.BooleanField(help_text="whether every entrant's is shown")
    declarations = DeclarationSerializer(many=True)
    missing = serializers.ListField(
        child=serializers.CharField(), help_text="active entrants without one at the deadline"
    )
    missing_entrants = serializers.ListField(
        child=serializers.IntegerField(), help_text="their ids, to drop them"
    )


class DeclareSerializer(serializers.Serializer):
    text = serializers.CharField(max_length=200, allow_blank=True)
    version = serializers.IntegerField(
        required=False, allow_null=True, help_text="the declaration's version (none: a first)"
    )


class LockSerializer(serializers.Serializer):
    locked = serializers.BooleanField(default=True)
    version = serializers.IntegerField()


def listing_data(user, event) -> dict:
    listing = declaring.listing(user, event)
    return {
        "rule": RuleSerializer(listing.rule).data if listing.rule else None,
        "locked": listing.is_locked,
        "every": listing.every,
        "declarations": [
            {
                "entrant": entrant.pk,
                "name": entrant.name,
                "text": declaration.text if declaration else None,
                "locked": bool(declaration and declaration.locked) or listing.is_locked,
                "version": declaration.version if declaration else None,
            }
            for entrant, declaration in listing.shown
        ],
        "missing": [entrant.name for entrant in listing.missing],
        "missing_entrants": [entrant.pk for entrant in listing.missing],
    }


@extend_schema(methods=["GET"], responses=ListingSerializer)
@extend_schema(methods=["PUT"], request=AskSerializer, responses=ListingSerializer)
@api_view(["GET", "PUT"])
@permission_classes([IsAuthenticatedOrReadOnly])
def declarations(request, slug):
    """The event's declarations as the reader may see them; its organisers ask for them
    or change what is asked (PUT, naming the rule's ``version``)."""
    if request.method == "PUT":
        event = access_event_as_declarations_organiser(request.user, slug)
        data = AskSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        declaring.do_ask(event, request.user, fields.pop("version", None), **fields)
    event = access_event_declarations(request.user, slug)
    return Response(listing_data(request.user, event))


@extend_schema(
    request=DeclareSerializer, responses=ListingSerializer, operation_id="events_declare"
)
@api_view(["PUT"])
def declaration(request, slug, entrant_id):
    """The entrant declares (before the deadline, unless locked), or an organiser edits
    theirs (any time)."""
    entrant, as_organiser = access_entrant_to_declare(request.user, slug, entrant_id)
    data = DeclareSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    declaring.do_declare(
        entrant,
        request.user,
        as_organiser,
        data.validated_data.get("version"),
        data.validated_data["text"],
    )
    return Response(listing_data(request.user, entrant.event))


@extend_schema(request=LockSerializer, responses=ListingSerializer)
@api_view(["POST"])
def declaration_lock(request, slug, entrant_id):
    """An organiser locks (``locked``: false, unlocks) the entrant's declaration."""
    entrant, as_organiser = access_entrant_to_declare(request.user, slug, entrant_id)
    if not as_organiser:
        access_event_as_declarations_organiser(request.user, slug)  # refuses: 403
    data = LockSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    declaring.do_lock(
        entrant, request.user, data.validated_data["version"], data.validated_data["locked"]
    )
    return Response(listing_data(request.user, entrant.event))


class DropSerializer(serializers.Serializer):
    entrants = serializers.ListField(
        child=serializers.IntegerField(), help_text="the ids of the entrants listed as missing"
    )


@extend_schema(request=DropSerializer, responses=ListingSerializer)
@api_view(["POST"])
def drop_missing(request, slug):
    """An organiser drops the entrants without a declaration once the deadline has passed,
    before round 1 is paired, naming those they were shown (``missing``'s entrants)."""
    event = access_event_as_declarations_organiser(request.user, slug)
    data = DropSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    do_drop_undeclared(event, request.user, data.validated_data["entrants"])
    return Response(listing_data(request.user, event))
