"""A number beyond its database column (PostgreSQL's integer: 2^31 - 1) is refused by
the serializer or form with the reason, and nothing is stored; on PostgreSQL it used
to be the database's error, a 500."""

import pytest

from tests.tournaments.helpers import make_event
from tournaments.models import Entrant, Result

pytestmark = pytest.mark.django_db

TOO_BIG = 2**31


def test_an_entrants_seed_beyond_the_column_is_refused_by_the_api(client_for, organiser, event):
    client = client_for(organiser)
    response = client.post(
        f"/api/events/{event.slug}/entrants/",
        {"walk_in": "Wanda", "seed": TOO_BIG},
        content_type="application/json",
    )
    assert response.status_code == 400 and "seed" in response.json()
    assert not Entrant.objects.exists()

    entrant = client.post(
        f"/api/events/{event.slug}/entrants/", {"walk_in": "Wanda"}, content_type="application/json"
    ).json()
    response = client.post(
        f"/api/events/{event.slug}/entrants/{entrant['id']}/seed/",
        {"seed": TOO_BIG},
        content_type="application/json",
    )
    assert response.status_code == 400 and "seed" in response.json()
    assert Entrant.objects.get(pk=entrant["id"]).seed == 0


def test_an_entrants_seed_beyond_the_column_is_refused_by_the_form(client_for, organiser, event):
    response = client_for(organiser).post(
        f"/events/{event.slug}/entrants/", {"walk_in": "Wanda", "seed": TOO_BIG}
    )
    assert response.status_code == 400
    assert "less than or equal to 2147483647" in response.content.decode()
    assert not Entrant.objects.exists()


@pytest.fixture
def open_event(league, organiser):
    return make_event(league, organiser, players=2, format="open")


@pytest.mark.parametrize("score", [TOO_BIG, -TOO_BIG - 1])
def test_an_open_league_score_beyond_the_column_is_refused(
    client_for, organiser, open_event, score
):
    a, b = open_event.entrants.order_by("name").values_list("pk", flat=True)
    client = client_for(organiser)
    response = client.post(
        f"/api/events/{open_event.slug}/games/",
        {"seats": [{"entrant": a, "score": score, "place": 1},
                   {"entrant": b, "score": 3, "place": 2}]},
        content_type="application/json",
    )  # fmt: skip
    assert response.status_code == 400
    page = client.post(
        f"/events/{open_event.slug}/games/new/",
        {"entrant_0": a, "score_0": score, "place_0": 1, "entrant_1": b, "score_1": 3,
         "place_1": 2},
    )  # fmt: skip
    assert page.status_code == 400 and "2147483647" in page.content.decode()
    assert not Result.objects.exists()
