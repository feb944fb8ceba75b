"""What the lobby lists besides games: the open tables anyone signed in may join, and
a person's own open challenges and tables (made by them, or waiting for their answer)."""

from django.db.models import Count
from django.urls import reverse

from accounts.notices import link
from play.models import Challenge


def open_tables():
    """The open tables listed in the lobby, the oldest first, with their seats."""
    return (
        Challenge.objects.filter(
            kind=Challenge.Kind.TABLE, status=Challenge.Status.OPEN, listed=True
        )
        .annotate(taken=Count("seats"))
        .select_related("created_by")
        .prefetch_related("seats__user", "seats__bot")
        .order_by("created_at")
    )


def my_open_challenges(user):
    """The open challenges and tables ``user`` sits at or is invited to."""
    return (
        Challenge.objects.filter(status=Challenge.Status.OPEN, seats__user=user)
        .select_related("created_by")
        .prefetch_related("seats__user", "seats__bot")
        .order_by("created_at")
    )


def share_link(table: Challenge) -> str:
    return link(reverse("play:join", args=[table.token]))
