"""Cutting a Swiss to a knockout of its best N in the same event: seeded by rank, the
bracket on the event page, the Swiss standings kept; refused with the reason."""

import random

import pytest
from rest_framework.test import APIClient

from standings.computing import compute_standings, do_store_standings
from tests.fixtures.browser import screenshot
from tests.tournaments.helpers import make_event, play, report_round
from tournaments.explain import explanation_lines
from tournaments.models import EventLogEntry
from tournaments.pairing import do_pair_round

pytestmark = pytest.mark.django_db


def api(user=None):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def cut(user, event, top):
    return api(user).post(f"/api/events/{event.slug}/cut/", {"top": top}, format="json")


def test_the_best_eight_play_a_seeded_knockout_and_the_swiss_standings_stay(
    league, organiser, client
):
    event = make_event(league, organiser, players=20, table_size=2, rounds_planned=3)
    play(event, 3)
    before = compute_standings(event)
    best = [row["entrant_id"] for row in before[:8]]
    response = cut(organiser, event, 8)
    assert response.status_code == 201, response.json()
    assert response.json()["number"] == 4
    event.refresh_from_db()
    line = {"by": "opponents_points", "through": "P001", "out": "P008", "points": 10.0}
    assert event.cut == {
        "top": 8,
        "after_round": 3,
        "entrants": best,
        "line": {**line, "values": [28.0, 24.0]},  # equal on points at the line: why
    }
    assert response.json()["cut"]["line"] == (
        "P001 goes through ahead of P008 on opponents' points, 28 against 24 "
        "(equal on points: 10 each)."
    )
    knockout = event.rounds.get(number=4)
    tables = [[s.entrant_id for s in t.seats.all()] for t in knockout.tables.all()]
    # Seeded by rank: 1 meets 8, 4 meets 5, 2 meets 7, 3 meets 6.
    seed = {key: i for i, key in enumerate(best, start=1)}
    assert [sorted(seed[k] for k in t) for t in tables] == [[1, 8], [4, 5], [2, 7], [3, 6]]
    names = dict(event.entrants.values_list("pk", "name"))
    lines = explanation_lines(knockout.tables.first().explanation, names)
    assert "Knockout of the top 8 of the Swiss, seeded by their rank." in lines
    report_round(knockout, random.Random(4))
    semifinal = do_pair_round(event)
    assert semifinal.tables.count() == 2
    after = compute_standings(event)
    assert [(r["entrant_id"], r["points"]) for r in after] == [
        (r["entrant_id"], r["points"]) for r in before
    ]
    assert EventLogEntry.objects.filter(event=event, action="cut").exists()
    do_store_standings(event)
    page = client.get(f"/events/{event.slug}/").content.decode()
    assert "Knockout of the best" in page and 'class="bracket"' in page


def test_a_cut_is_refused_for_a_bad_number_too_few_entrants_or_rounds_still_open(league, organiser):
    event = make_event(league, organiser, players=6, table_size=2, rounds_planned=2)
    play(event, 1)
    early = cut(organiser, event, 4)
    assert early.status_code == 409 and "1 of the 2 planned rounds" in early.json()["detail"]
    do_pair_round(event)
    open_table = cut(organiser, event, 4)
    assert open_table.status_code == 409
    assert "Round 2, table 1 has no result" in open_table.json()["detail"]
    report_round(event.rounds.get(number=2), random.Random(2))
    assert cut(organiser, event, 1).status_code == 400
    assert cut(organiser, event, "eight").status_code == 400
    too_many = cut(organiser, event, 7)
    assert too_many.status_code == 400 and "at most 6" in too_many.json()["detail"]
    assert cut(organiser, event, 4).status_code == 201
    again = cut(organiser, event, 4)
    assert again.status_code == 409 and "already cut" in again.json()["detail"]
    event.refresh_from_db()
    assert event.rounds.count() == 3


def test_only_organisers_cut_and_a_knockout_cannot_be_cut(league, organiser, player, outsider):
    event = make_event(
        league, organiser, players=4, table_size=2, rounds_planned=1, visibility="private"
    )
    play(event, 1)
    assert cut(None, event, 2).status_code in (401, 403)
    assert cut(outsider, event, 2).status_code == 403
    assert cut(player, event, 2).status_code == 403
    event.refresh_from_db()
    assert not event.is_cut
    knockout = make_event(
        league, organiser, players=4, table_size=2, format="knockout", rounds_planned=1
    )
    play(knockout, 1)
    refused = cut(organiser, knockout, 2)
    assert refused.status_code == 400 and "Only a Swiss" in refused.json()["detail"]


def test_an_organiser_cuts_from_the_event_page(league, organiser, client_for):
    event = make_event(league, organiser, players=8, table_size=4, rounds_planned=2)
    play(event, 2)
    client = client_for(organiser)
    page = client.get(f"/events/{event.slug}/").content.decode()
    assert "Start the knockout" in page
    response = client.post(f"/events/{event.slug}/cut/", {"top": "4"}, follow=True)
    assert "The top 4 play on in a knockout" in response.content.decode()
    event.refresh_from_db()
    final = event.rounds.get(number=3).tables.get()
    assert final.explanation["final"] and final.seats.count() == 4
    refused = client.post(f"/events/{event.slug}/cut/", {"top": "4"}, follow=True)
    assert "already cut to its top 4" in refused.content.decode()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_phone_shows_the_cut_as_a_bracket_beside_the_swiss_standings(
    phone_page, league, organiser
):
    event = make_event(league, organiser, players=12, table_size=2, rounds_planned=2)
    play(event, 2)
    cut(organiser, event, 4)
    report_round(event.rounds.get(number=3), random.Random(3))
    do_pair_round(event)
    event.refresh_from_db()
    do_store_standings(event)
    page = phone_page
    page.goto(f"/events/{event.slug}/")
    bracket = page.locator("svg.bracket")
    assert bracket.is_visible()
    assert bracket.locator("text=Knockout of the best").count() == 1
    assert page.locator("text=Round 4").count() >= 1
    swiss_games = {row.games for row in event.standings.all()}
    assert swiss_games == {2}  # the knockout's games are in the bracket, not the standings
    screenshot(page, "tournaments-cut-bracket")
