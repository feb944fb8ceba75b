"""What needs the signed-in person now, over HTTP (the same list as the home page)."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from tournaments.todo import todo_for


class TodoSerializer(serializers.Serializer):
    action = serializers.CharField(
        help_text="play, confirm, dispute-raised, settle, confirm-for-table, results-missing, "
        "publish, pair, arrange-teams, cut, finish, challenge, your-move"
    )
    text = serializers.CharField(help_text="the sentence shown on the home page")
    url = serializers.CharField(help_text="the page that does it")
    event = serializers.CharField(
        source="event.slug", allow_null=True, help_text="the event's slug (null: no event)"
    )
    round = serializers.IntegerField(source="round_number", allow_null=True)
    table = serializers.IntegerField(source="table_id", allow_null=True)


class TodoListSerializer(serializers.Serializer):
    items = TodoSerializer(many=True)


@extend_schema(responses=TodoListSerializer)
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def my_todo(request):
    """What needs you now: your table and seat this round, entries to confirm, disputes
    about your tables, and for organisers disputes to settle, tables without a result and
    draft rounds to publish."""
    items = todo_for(request.user)
    return Response({"items": TodoSerializer(items, many=True).data})
