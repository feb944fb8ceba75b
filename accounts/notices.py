"""Telling people by e-mail that something needs them: a round paired (their table and
seat), an entry waiting for their confirmation, a dispute about their table raised or
settled. A notice is written in the transaction of the change, in the person's language,
and sent after commit by one task on the default queue; a person switches them off on
the profile page, and walk-ins (no account of their own) and people without an address
get none."""

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import translation

from accounts.models import Notice


def wants_notices(user) -> bool:
    return bool(user and user.is_active and user.email and user.email_notices)


def wanting_notices(users: str) -> Q:
    """``wants_notices`` as a filter on the relation ``users`` (``"entrant__user"``), so
    a round of 1,000 people without an address loads none of them."""
    return Q(**{f"{users}__is_active": True, f"{users}__email_notices": True}) & ~Q(
        **{f"{users}__email": ""}
    )


def link(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path


def do_notify(people, compose) -> list[Notice]:
    """One notice for each person who wants them (once each): ``compose(person)`` gives
    the subject and body, in that person's language. One task sends them on commit."""
    seen, notices = set(), []
    for person in people:
        if person.pk in seen or not wants_notices(person):
            continue
        seen.add(person.pk)
        with translation.override(person.language or settings.LANGUAGE_CODE):
            subject, body = compose(person)
            notices.append(Notice(user=person, subject=str(subject)[:200], body=str(body)))
    if not notices:
        return []
    notices = Notice.objects.bulk_create(notices)
    ids = [notice.pk for notice in notices]

    def send():
        from accounts.tasks import send_notices

        send_notices.delay(ids)

    transaction.on_commit(send)
    return notices
