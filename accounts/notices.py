"""Telling people by e-mail that something needs them: a round paired (their table and
seat), an entry waiting for their confirmation, a dispute about their table raised or
settled. A notice is written in the transaction of the change (a round's, one per seated
person, by a task after it: ``tournaments.notices``), in the person's language, and sent
after commit by one task on the default queue; a person switches them off on the profile
page, and walk-ins (no account of their own) and people without an address get none."""

from django.conf import settings
from django.db.models import Q
from django.utils import translation

from accounts.models import Notice
from lib import enqueue


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


def notices_for(people, compose) -> list[Notice]:
    """One notice, not stored yet, for each person who wants them (once each):
    ``compose(person)`` gives the subject and body, in that person's language."""
    seen, notices = set(), []
    for person in people:
        if person.pk in seen or not wants_notices(person):
            continue
        seen.add(person.pk)
        with translation.override(person.language or settings.LANGUAGE_CODE):
            subject, body = compose(person)
            notices.append(Notice(user=person, subject=str(subject)[:200], body=str(body)))
    return notices


def do_notify(people, compose) -> list[Notice]:
    """``notices_for(people, compose)``, stored; one task sends them on commit."""
    notices = Notice.objects.bulk_create(notices_for(people, compose))
    send_on_commit([notice.pk for notice in notices])
    return notices


def do_notify_once(key: str, notices: list[Notice]) -> int:
    """Store ``notices`` under ``key`` (what they tell of, ``"round-paired:12:3"``) and
    send, on commit, the key's notices not sent yet; how many that is. A key holds one
    notice per person (``Notice.key``'s constraint; a conflict is skipped), so work that
    runs twice, a task retried, stores each person's notice once. The key is on the
    notice rather than on a marker row of the work: a retry also sends what a run cut
    short after storing left unsent (``send_notices`` claims each notice, so none goes
    twice), and accounts need know nothing of what the key names."""
    for notice in notices:
        notice.key = key
    Notice.objects.bulk_create(notices, ignore_conflicts=True)
    unsent = list(Notice.objects.filter(key=key, sent_at=None).values_list("pk", flat=True))
    send_on_commit(unsent)
    return len(unsent)


def send_on_commit(notice_ids: list[int]) -> None:
    if notice_ids:
        enqueue.on_commit("accounts.tasks.send_notices", notice_ids)
