import pytest
from django.core.management import call_command

from games.models import CatalogueGame
from scoring.models import Submission
from tournaments.models import Event, Result

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


def test_the_demo_has_a_carcassonne_open_league_with_logged_games():
    call_command("load_demo")
    carcassonne = CatalogueGame.objects.get(bgg_id=822)
    nights = Event.objects.get(game=carcassonne.key)
    assert nights.logs_games and nights.season.is_open
    results = Result.objects.filter(table__round__event=nights)
    assert results.count() == 5
    assert nights.standings.count() == 8
    call_command("load_demo")
    assert CatalogueGame.objects.count() == 1 and results.count() == 5
