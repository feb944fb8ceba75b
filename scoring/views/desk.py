"""The organiser's desk for an event: every table whose result waits (disputes first)
and the event's audit log."""

from django.db.models import Case, IntegerField, Value, When
from django.shortcuts import render

from scoring.models import AuditEntry, Submission
from tournaments.permissions import access_event_as_organiser

AUDIT_SHOWN = 200


def open_submissions(event):
    """The event's pending and disputed entries, disputes first, oldest first."""
    return (
        Submission.objects.filter(table__round__event=event, status__in=Submission.OPEN)
        .annotate(
            disputed_first=Case(
                When(status=Submission.Status.DISPUTED, then=Value(0)),
                default=Value(1),
                output_field=IntegerField(),
            )
        )
        .select_related("table__round", "submitted_by")
        .prefetch_related("confirmations__user")
        .order_by("disputed_first", "created_at")
    )


def desk(request, slug: str):
    event = access_event_as_organiser(request.user, slug)
    audit = (
        AuditEntry.objects.filter(event=event)
        .select_related("actor", "table__round")
        .order_by("-created_at", "-pk")[:AUDIT_SHOWN]
    )
    return render(
        request,
        "scoring/desk.html",
        {"event": event, "waiting": open_submissions(event), "audit": audit},
    )
