"""Every event has a points table: its own, or the default for its table size (an event
of a catalogue game created through the API without one), the same the event form
offers; results, byes and the event page count with it, and events stored without one
are rescored by the migration."""

import importlib

import pytest
from django.apps import apps
from django.utils import translation

from games.catalogue_games import do_add_catalogue_game
from games.registry import forget_catalogue
from standings.computing import compute_standings, do_store_standings
from tests.tournaments.helpers import enter, event_page_for, make_event
from tournaments.event_settings import default_points, points_table, points_words
from tournaments.forms import EventForm, points_for
from tournaments.models import Event, Season, SeatResult, StandingsRequest
from tournaments.pairing import do_pair_round
from tournaments.results import SeatOutcome, do_record_result

pytestmark = pytest.mark.django_db
JSON = "application/json"


@pytest.fixture
def golf(organiser):
    """A catalogue game where the lowest score wins."""
    forget_catalogue()
    yield do_add_catalogue_game(
        organiser, name="Mini Golf", min_players=2, max_players=6, scoring="low", ties="share"
    ).key
    forget_catalogue()


def event_through_the_api(client_for, organiser, league, game, **extra):
    season = Season.objects.create(league=league, name="Spring")
    body = {
        "season": season.pk,
        "name": "Putting",
        "slug": "putting",
        "game": game,
        "format": "swiss",
        "table_size": 4,
        "rounds_planned": 3,
        **extra,
    }
    answer = client_for(organiser).post("/api/events/", body, content_type=JSON)
    assert answer.status_code == 201, answer.content
    return Event.objects.get(slug="putting")


def play_lowest_wins(round_):
    """Each table's seats score 10, 20, 30, ... in seat order: the first seat wins."""
    for table in round_.tables.filter(is_bye=False).prefetch_related("seats"):
        count = table.seats.count()
        do_record_result(
            table,
            [SeatOutcome(p, 10 * (p + 1), p + 1) for p in range(count)],
            source="organiser",
        )


def test_an_api_event_without_points_counts_the_default_and_the_winners_lead(
    client_for, organiser, league, golf
):
    event = event_through_the_api(client_for, organiser, league, golf)
    assert event.points_by_place == []  # none given: the default counts at read time
    assert points_table(event) == [4, 2, 1, 0]
    answer = client_for(organiser).get(f"/api/events/{event.slug}/").json()
    assert answer["points_by_place"] == [] and answer["points_table"] == [4, 2, 1, 0]
    enter(event, 8)
    play_lowest_wins(do_pair_round(event))
    enter(event, 1, prefix="late")  # entered after round 1: no game yet
    rows = compute_standings(event)
    points = sorted({seat.points for seat in SeatResult.objects.filter(entrant__event=event)})
    assert points == [0, 1, 2, 4]
    # Before: every place scored 0, so the game-score total ranked alone and the entrant
    # who had not played (a total of 0, the lowest) led.
    assert [row["points"] for row in rows[:2]] == [4, 4]
    late = event.entrants.get(name__startswith="LATE").pk
    assert rows[-1]["entrant_id"] == late and rows[-1]["points"] == 0
    assert all(row["rank"] < rows[-1]["rank"] for row in rows[:-1])


def test_the_form_offers_the_points_an_event_given_none_counts_with(organiser, league):
    assert EventForm(league=league).fields["points_text"].initial == "4, 2, 1, 0"
    for size in range(2, 7):
        table = default_points(size)
        assert len(table) == size and table[-1] == 0 and table == sorted(table, reverse=True)
    assert [points_for(size) for size in (2, 3, 4, 5, 6)] == [
        "3, 0",
        "3, 1, 0",
        "4, 2, 1, 0",
        "5, 3, 2, 1, 0",
        "6, 4, 3, 2, 1, 0",
    ]


def test_a_bye_scores_the_default_win_when_the_event_gives_no_points(organiser, league):
    event = make_event(league, organiser, players=5, table_size=2, points_by_place=[])
    round_ = do_pair_round(event)
    bye = round_.tables.get(is_bye=True).seats.get().entrant_id
    row = next(r for r in compute_standings(event) if r["entrant_id"] == bye)
    assert row["points"] == 3  # the default for tables of 2: a win is 3


def test_the_event_page_shows_the_points_table_in_the_readers_language(
    client_for, organiser, league, golf
):
    event = event_through_the_api(client_for, organiser, league, golf)
    do_store_standings(event)
    page = event_page_for(None, event)
    assert "Points by place: 1st 4 · 2nd 2 · 3rd 1 · 4th 0 (the default for tables of 4)" in page
    with translation.override("de"):
        assert points_words(event) == "1. 4 · 2. 2 · 3. 1 · 4. 0"
    with translation.override("ru"):
        assert points_words(event) == "1-е 4 · 2-е 2 · 3-е 1 · 4-е 0"
    own = make_event(league, organiser, players=4, points_by_place=[5, 3, 1, 0])
    page = event_page_for(None, own)
    assert "Points by place: 1st 5 · 2nd 3 · 3rd 1 · 4th 0</p>" in page


def test_the_migration_rescores_events_stored_without_points(organiser, league):
    event = make_event(league, organiser, players=8, points_by_place=[])
    round_ = do_pair_round(event)
    play_lowest_wins(round_)
    SeatResult.objects.filter(entrant__event=event).update(points=0)  # as stored before
    StandingsRequest.objects.all().delete()
    migration = importlib.import_module("tournaments.migrations.0019_score_events_without_points")
    migration.rescore(apps, None)
    points = SeatResult.objects.filter(entrant__event=event).order_by("position")
    assert [seat.points for seat in points[:4]] == [4, 4, 2, 2]
    assert StandingsRequest.objects.filter(event=event).count() == 1  # asked again
