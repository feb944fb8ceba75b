"""The round clock over HTTP: an organiser or a judge starts, pauses, resumes and extends it
(``POST .../rounds/N/clock/``); open pages follow the event's live state
(``GET /api/events/SLUG/live/``, a long-poll)."""

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view
from rest_framework.exceptions import Throttled
from rest_framework.response import Response

from lib.changes import MAX_WAIT_SECONDS
from lib.waits import TooManyWaits, wait_allowed
from tournaments import live
from tournaments.permissions import (
    access_event,
    access_round_for_clock,
    can_run_clock,
    is_public_event,
    visible_rounds,
)
from tournaments.round_clock import ClockAction, clock_of, do_clock


class ClockSerializer(serializers.Serializer):
    started = serializers.BooleanField()
    ends_at = serializers.DateTimeField(
        allow_null=True, help_text="when the round's time is up; null before it starts or paused"
    )
    paused = serializers.BooleanField()
    remaining_seconds = serializers.IntegerField(
        allow_null=True, help_text="while paused: what is left"
    )
    extra_minutes_by_table = serializers.DictField(
        child=serializers.IntegerField(), help_text="table number: its extra minutes"
    )
    revision = serializers.IntegerField(help_text="send it back with a change")
    time_rule = serializers.CharField(help_text="what players do when time is up")


class ClockChangeSerializer(serializers.Serializer):
    action = serializers.ChoiceField(choices=ClockAction.choices)
    minutes = serializers.IntegerField(
        required=False, help_text="start (default: the event's) or extend"
    )
    table = serializers.IntegerField(required=False, help_text="extend this table's time only")
    revision = serializers.IntegerField(
        required=False, help_text="the clock's revision the change is based on (409 if stale)"
    )


class ClockAnswerSerializer(serializers.Serializer):
    clock = ClockSerializer()
    now = serializers.DateTimeField(help_text="the server's time, to count from")


@extend_schema(request=ClockChangeSerializer, responses=ClockAnswerSerializer)
@api_view(["POST"])
def round_clock(request, slug, number):
    """Start, pause, resume or extend the round's clock (organisers and judges; a
    table's extra minutes: a judge of that table); a stale or
    impossible change is refused (409, or 400 for bad minutes or an unknown table)."""
    round_ = access_round_for_clock(request.user, slug, number)
    form = ClockChangeSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    table = form.validated_data.get("table")
    if table is not None and not can_run_clock(request.user, round_.event, table):
        raise PermissionDenied(_("A judge gives extra minutes to their own tables only."))
    round_ = do_clock(round_, by=request.user, **form.validated_data)
    return Response({"clock": clock_of(round_), "now": timezone.now()})


class LiveQuerySerializer(serializers.Serializer):
    stamp = serializers.CharField(required=False, max_length=100)
    wait = serializers.IntegerField(required=False, min_value=0, max_value=MAX_WAIT_SECONDS)
    round = serializers.IntegerField(required=False, min_value=1, help_text="this round's clock")


class LiveSerializer(serializers.Serializer):
    stamp = serializers.CharField(help_text="send it back with ?stamp= to wait for a change")
    round = serializers.IntegerField(allow_null=True)
    clock = ClockSerializer(allow_null=True)
    now = serializers.DateTimeField()


@extend_schema(parameters=[LiveQuerySerializer], responses=LiveSerializer)
@api_view(["GET"])
def event_live(request, slug):
    """The event's latest published round (or ``?round=N``) and its clock, with the
    server's time. With ``?stamp=S&wait=W`` the answer waits up to W seconds until the
    event moves on from S (a clock change, a round paired or published, a result). A
    wait the server does not hold (``lib.waits``: its threads are busy, it serves one
    request at a time, a visitor waits on an event that is not public) is answered at
    once with ``Retry-After``; more waits at once than a person may have: 429."""
    event = access_event(request.user, slug)
    query = LiveQuerySerializer(data=request.query_params)
    query.is_valid(raise_exception=True)
    wait = query.validated_data.get("wait", 0)
    headers = {}
    if "stamp" in query.validated_data and wait:
        try:
            with wait_allowed(request, is_public_event(event)) as held:
                if held:
                    live.wait_for_change(event, query.validated_data["stamp"], wait)
                else:
                    headers["Retry-After"] = str(settings.PLAY_POLL_AFTER_SECONDS)
        except TooManyWaits as refused:
            raise Throttled(refused.retry_after, detail=too_many_waits()) from None
    rounds = visible_rounds(request.user, event).filter(draft=False)
    if "round" in query.validated_data:
        rounds = rounds.filter(number=query.validated_data["round"])
    round_ = rounds.order_by("-number").first()
    return Response(
        {
            "stamp": live.stamp_of(event),
            "round": round_.number if round_ else None,
            "clock": clock_of(round_) if round_ else None,
            "now": timezone.now(),
        },
        headers=headers,
    )


def too_many_waits() -> str:
    n = settings.PLAY_WAITS_PER_PERSON
    return ngettext(
        "You are already following %(n)d page at once: close it, or ask again later.",
        "You are already following %(n)d pages at once: close one, or ask again later.",
        n,
    ) % {"n": n}
