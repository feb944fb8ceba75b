"""An audit entry's event is not checked by the database (``AuditEntry.event``: no
key-share lock on the event's row with each of a rush's writes), so the ORM's cascade
is what deletes an event's audit log with it."""

import pytest

from scoring import audit
from scoring.models import AuditEntry
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def test_an_events_audit_log_is_deleted_with_it(event, organiser):
    other_event = Event.objects.create(
        season=event.season, name="Winter Open", slug="winter-open", created_by=organiser
    )
    kept = audit.log_event(other_event, organiser, "catalogue imported")
    audit.log_event(event, organiser, "catalogue imported")
    event.delete()
    assert list(AuditEntry.objects.values_list("pk", flat=True)) == [kept.pk]
