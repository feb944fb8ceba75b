from rest_framework import serializers, viewsets

from bots.access import can_edit_bot
from bots.models import Fault, Match, MatchSeat
from tournaments.models import Visibility


class SeatSerializer(serializers.ModelSerializer):
    bot = serializers.CharField(source="bot.name")

    class Meta:
        model = MatchSeat
        fields = ["position", "bot", "bot_id", "score", "place", "forfeited", "faults"]


class FaultSerializer(serializers.ModelSerializer):
    kind = serializers.CharField(
        read_only=True, help_text="timeout, illegal, malformed, connection or http_status"
    )

    class Meta:
        model = Fault
        fields = ["position", "bot_id", "kind", "round_number", "move_number", "evidence"]
        extra_kwargs = {
            "evidence": {"help_text": "in full to the bot's author and staff, else in outline"}
        }

    def to_representation(self, fault):
        answer = super().to_representation(fault)
        request = self.context.get("request")
        if request is None or not can_edit_bot(request.user, fault.bot):
            answer["evidence"] = fault.outline
        return answer


class MatchSerializer(serializers.ModelSerializer):
    status = serializers.CharField(read_only=True, help_text="queued, running, done or failed")
    seats = SeatSerializer(many=True, read_only=True)
    faults = FaultSerializer(many=True, read_only=True)

    class Meta:
        model = Match
        fields = [
            "id",
            "batch_id",
            "number",
            "table_id",
            "seed",
            "status",
            "attempts",
            "finished_at",
            "seats",
            "faults",
            "result",
            "record",
        ]


class MatchViewSet(viewsets.ReadOnlyModelViewSet):
    """Bot matches with their seats, faults, result and record (public events only)."""

    serializer_class = MatchSerializer
    queryset = (
        Match.objects.exclude(table__round__event__visibility=Visibility.PRIVATE)
        .prefetch_related("seats__bot", "faults__bot")
        .order_by("-id")
    )
