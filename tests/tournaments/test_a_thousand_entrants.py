"""A round of 1,000 entrants is paired, shown and served on every database, SQLite
included (whose expressions stop at a depth of 1,000: a prefetch of 1,000 entrants by
``id = 1 OR id = 2 OR ...`` was refused there)."""

import pytest

from tests.tournaments.helpers import make_event
from tournaments.pairing import do_pair_round

pytestmark = pytest.mark.django_db


def test_a_round_of_a_thousand_entrants_is_paired_and_its_pages_answer(client, league, organiser):
    event = make_event(league, organiser, players=1000, rules_options={"rounds": 1})

    round_ = do_pair_round(event)

    assert round_.tables.count() == 250
    client.force_login(organiser)
    for path in (
        f"/events/{event.slug}/rounds/1/",
        f"/api/events/{event.slug}/rounds/1/",
        f"/scoring/events/{event.slug}/desk/",
    ):
        response = client.get(path)
        assert response.status_code == 200, path
    found = client.get(f"/events/{event.slug}/rounds/1/", {"player": "P999"}).content.decode()
    assert "P999" in found  # at its table, and in the swap menus of the tables found
