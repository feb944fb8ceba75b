"""What needs a person on the Play side (the home page's "What needs you now"): each
challenge waiting for their answer."""

from django.urls import reverse
from django.utils.translation import gettext as _

from play.challenges import terms
from play.models import Challenge

CHALLENGE = "challenge"


def challenges_to_answer(user) -> list:
    from tournaments.todo import Todo

    waiting = (
        Challenge.objects.filter(
            kind=Challenge.Kind.CHALLENGE,
            status=Challenge.Status.OPEN,
            seats__user=user,
            seats__accepted=False,
        )
        .select_related("created_by")
        .order_by("created_at")
    )
    return [
        Todo(
            CHALLENGE,
            _("%(name)s challenges you to a game (%(terms)s): accept or decline.")
            % {"name": challenge.created_by, "terms": terms(challenge)},
            reverse("play:challenge", args=[challenge.pk]),
            None,
        )
        for challenge in waiting
    ]
