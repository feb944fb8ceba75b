"""The same BG Stats file sent twice at once (a retry on venue Wi-Fi), on PostgreSQL:
the second import waits for the first under the league's row lock, then finds every
play imported and skips it; no play, walk-in or game is made twice."""

import pytest

from games.models import CatalogueGame
from tests.threads import InThread
from tests.tournaments.bgstats_files import evening
from tournaments.bgstats.importing import do_import_bgstats
from tournaments.bgstats.reading import read_file
from tournaments.models import Entrant, ImportedPlay

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_the_same_file_imported_twice_at_once_lands_once(club_season, organiser):
    league, file = club_season.league, read_file(evening())
    reports = {}

    def take(name):
        return lambda: reports.__setitem__(name, do_import_bgstats(league, file, organiser))

    first = InThread(take("first"), hold=True)
    assert first.ready.wait(20) and first.error is None
    second = InThread(take("second"))
    assert not second.done.wait(0.5)  # it waits for the league's lock
    first.release()
    second.finish()
    assert second.error is None
    assert [r.status for r in reports["first"]][:3] == ["imported"] * 3
    assert [r.status for r in reports["second"]][:3] == ["duplicate"] * 3
    assert ImportedPlay.objects.count() == 3
    assert CatalogueGame.objects.count() == 2
    assert Entrant.objects.filter(name="Zoe Zed").count() == 1
