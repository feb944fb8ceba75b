import pytest
from django.core.management import call_command

from scoring.models import Submission
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def test_the_demo_loads_twice_without_adding_anything(capsys):
    call_command("load_demo")
    counts = (Event.objects.count(), Submission.objects.count())
    call_command("load_demo")
    assert (Event.objects.count(), Submission.objects.count()) == counts


def test_the_demo_has_confirmed_pending_and_disputed_results_at_real_tables():
    call_command("load_demo")
    statuses = set(
        Submission.objects.filter(table__round__event__slug="cafe-cup-2026").values_list(
            "status", flat=True
        )
    )
    assert statuses == {"confirmed", "pending", "disputed"}
    assert Event.objects.filter(game="call-to-adventure").exists()
