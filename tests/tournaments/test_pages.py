"""The organiser's pages and the public ones: forms, round page, print, CSV, queries."""

import csv
import io

import pytest

from standings.computing import do_store_standings
from tests.tournaments.helpers import make_event, play
from tournaments.models import Entrant, Event, League, Season, StandingRow
from tournaments.pairing import do_pair_round

pytestmark = pytest.mark.django_db


def test_an_organiser_creates_a_league_a_season_and_an_event(organiser, client_for):
    client = client_for(organiser)
    response = client.post(
        "/leagues/new/", {"name": "Friday Club", "slug": "friday", "visibility": "public"}
    )
    assert response["Location"] == "/leagues/friday/"
    client.post("/leagues/friday/seasons/new/", {"name": "Winter"})
    season = Season.objects.get(league__slug="friday")
    response = client.post(
        "/leagues/friday/events/new/",
        {
            "season": season.pk,
            "name": "Winter Swiss",
            "slug": "winter-swiss",
            "game": "call-to-glory",
            "format": "swiss",
            "table_size": 4,
            "rounds_planned": 4,
            "visibility": "public",
            "seed": 5,
            "late_entry_points": 0,
            "points_text": "4, 2, 1, 0",
            "tiebreaks_0": "score_total",
            "tiebreaks_1": "",
            "tiebreaks_2": "wins",
            "format_swiss_fill": "byes",
            "option_call_to_glory_rounds": "1",
            "option_call_to_glory_ninja": "on",
        },
    )
    assert response["Location"] == "/events/winter-swiss/entrants/"
    event = Event.objects.get(slug="winter-swiss")
    assert event.points_by_place == [4, 2, 1, 0] and event.tiebreak_order == ["score_total", "wins"]
    assert event.format_options == {"fill": "byes"}
    assert event.rules_options == {"rounds": 1, "imperial_tasks": False, "ninja": True}
    assert League.objects.get(slug="friday").organisers.filter(pk=organiser.pk).exists()


def test_the_event_form_names_a_wrong_tie_break_and_creates_nothing(league, organiser, client_for):
    season = Season.objects.create(league=league, name="S")
    response = client_for(organiser).post(
        f"/leagues/{league.slug}/events/new/",
        {
            "season": season.pk,
            "name": "E",
            "slug": "e",
            "game": "call-to-glory",
            "format": "swiss",
            "table_size": 7,
            "rounds_planned": 3,
            "visibility": "public",
            "seed": 0,
            "late_entry_points": 0,
            "points_text": "4, x",
            "tiebreaks_0": "coin_toss",
        },
    )
    assert response.status_code == 400
    errors = response.context["form"].errors
    assert "coin_toss" in str(errors["tiebreaks"])
    assert "table_size" in errors and "points_text" in errors
    assert not Event.objects.filter(slug="e").exists()


def test_adding_an_unknown_username_says_so_and_adds_nobody(league, organiser, client_for):
    event = make_event(league, organiser)
    response = client_for(organiser).post(
        f"/events/{event.slug}/entrants/", {"username": "nobody-here"}
    )
    assert "Nobody is called nobody-here" in response.content.decode()
    assert event.entrants.count() == 0


def test_the_round_page_explains_each_table(league, organiser, client):
    event = make_event(league, organiser, players=8)
    play(event, 1)
    from tournaments.pairing import do_pair_round

    do_pair_round(event)
    page = client.get(f"/events/{event.slug}/rounds/2/").content.decode()
    assert "Score group" in page and "meet again" in page and " starts (" in page
    assert f'data-push="/push/events/{event.slug}/rounds/2/?since=' in page
    board = client.get(f"/events/{event.slug}/rounds/1/board/").content.decode()
    assert board.count('data-status="recorded"') == 2


def test_printable_pairings_list_by_table_and_by_name_and_slips_one_per_table(
    league, organiser, client
):
    event = make_event(league, organiser, players=10)
    from tournaments.pairing import do_pair_round

    do_pair_round(event)
    page = client.get(f"/events/{event.slug}/rounds/1/print/").content.decode()
    assert "By table" in page and "By name" in page and page.count("P00") >= 20
    slips = client.get(f"/events/{event.slug}/rounds/1/print/?slips=1").content.decode()
    assert slips.count('class="slip"') == 3


def test_csv_exports_of_pairings_results_and_standings(league, organiser, client):
    event = make_event(league, organiser, players=8, tiebreak_order=["wins"])
    play(event, 1)
    do_store_standings(event)

    def read(kind):
        response = client.get(f"/events/{event.slug}/export/{kind}.csv")
        return list(csv.reader(io.StringIO(response.content.decode())))

    assert len(read("pairings")) == 9 and read("pairings")[0][0] == "round"
    assert len(read("results")) == 9
    standings = read("standings")
    assert standings[0] == ["rank", "entrant", "points", "games", "wins"] and len(standings) == 9
    assert client.get(f"/events/{event.slug}/export/secrets.csv").status_code == 404


@pytest.mark.parametrize("players", [8, 64])
def test_the_standings_page_runs_at_most_five_queries_whatever_the_size(
    league, organiser, client, django_assert_max_num_queries, players
):
    event = make_event(league, organiser, players=players)
    play(event, 2)
    do_store_standings(event)
    with django_assert_max_num_queries(5):
        response = client.get(f"/events/{event.slug}/")
    assert response.status_code == 200
    assert response.content.decode().count("<tr><td>") == players
    assert "<svg" in response.content.decode()


def test_the_standings_page_shows_new_rows_as_soon_as_they_are_stored(table, client):
    from tournaments.results import SeatOutcome, do_record_result

    event = table.round.event
    do_store_standings(event)
    before = client.get(f"/events/{event.slug}/").content.decode()
    assert before.count("<tr><td>=1</td>") == 2  # level on nothing: both first, shared
    assert "No results yet" in before
    do_record_result(table, [SeatOutcome(0, 9, 1), SeatOutcome(1, 3, 2)], source="organiser")
    do_store_standings(event)
    page = client.get(f"/events/{event.slug}/").content.decode()
    assert page.count("<tr><td>1</td>") == 1 and page.count("<tr><td>2</td>") == 1
    assert page.index("Pat Player") < page.index("Quinn Player")
    assert "No results yet" not in page


def test_a_knockout_event_takes_its_options_and_seeds_from_the_forms(league, organiser, client_for):
    season = Season.objects.create(league=league, name="Cup")
    client = client_for(organiser)
    fields = {
        "season": season.pk,
        "name": "Cup",
        "slug": "cup",
        "game": "call-to-glory",
        "format": "knockout",
        "table_size": 4,
        "rounds_planned": 2,
        "visibility": "public",
        "seed": 1,
        "late_entry_points": 0,
        "points_text": "4, 2, 1, 0",
        "tiebreaks_0": "wins",
    }
    refused = client.post(
        f"/leagues/{league.slug}/events/new/", {**fields, "format_knockout_advance": "9"}
    )
    assert "less than or equal to 3" in refused.content.decode()
    assert not Event.objects.filter(slug="cup")
    client.post(f"/leagues/{league.slug}/events/new/", {**fields, "format_knockout_advance": "1"})
    event = Event.objects.get(slug="cup")
    assert event.format_options == {"advance": 1}
    client.post("/events/cup/entrants/", {"walk_in": "Top Seed", "seed": 1})
    assert event.entrants.get(name="Top Seed").seed == 1


def test_the_event_form_orders_tie_breaks_with_one_menu_per_place(league, organiser, client_for):
    client = client_for(organiser)
    season = Season.objects.create(league=league, name="S")
    page = client.get(f"/leagues/{league.slug}/events/new/").content.decode()
    assert page.count('name="tiebreaks_') == 5 and 'aria-label="tie-break 1"' in page
    assert "game-score total" in page and "score_total, " not in page
    fields = {
        "season": season.pk,
        "name": "Twice",
        "slug": "twice",
        "game": "call-to-glory",
        "format": "swiss",
        "table_size": 4,
        "rounds_planned": 3,
        "visibility": "public",
        "seed": 1,
        "late_entry_points": 0,
        "points_text": "3, 2, 1, 0",
        "tiebreaks_0": "wins",
        "tiebreaks_1": "wins",
    }
    refused = client.post(f"/leagues/{league.slug}/events/new/", fields)
    assert "chosen twice" in str(refused.context["form"].errors["tiebreaks"])
    assert not Event.objects.filter(slug="twice").exists()
    client.post(f"/leagues/{league.slug}/events/new/", {**fields, "tiebreaks_1": ""})
    assert Event.objects.get(slug="twice").tiebreak_order == ["wins"]


def test_the_standings_csv_has_one_column_per_tie_break_of_the_order(league, organiser, client):
    event = make_event(league, organiser, players=8)
    play(event, 1)
    do_store_standings(event)

    def header():
        response = client.get(f"/events/{event.slug}/export/standings.csv")
        return next(csv.reader(io.StringIO(response.content.decode())))

    # The format's own order when none is chosen; "points" has its own column.
    fixed = ["rank", "entrant", "points", "games"]
    order = ["score_total", "opponents_points", "wins", "best_round", "head_to_head"]
    assert header() == [*fixed, *order]
    event.tiebreak_order = ["points", "wins", "score_total"]
    event.save()
    do_store_standings(event)
    assert header() == [*fixed, "wins", "score_total"]


def test_the_standings_page_names_the_tie_breaks_in_words(league, organiser, client):
    event = make_event(league, organiser, players=8, tiebreak_order=["wins", "score_total"])
    play(event, 1)
    do_store_standings(event)
    page = client.get(f"/events/{event.slug}/").content.decode()
    assert "wins (first places)" in page and "game-score total" in page
    assert "score_total" not in page


def test_the_rank_plot_names_the_first_ten_or_every_entrant_as_the_reader_chooses(
    league, organiser, client
):
    event = make_event(league, organiser, players=14)
    play(event, 2)
    do_store_standings(event)
    first = client.get(f"/events/{event.slug}/").content.decode()
    plot = first[first.index('id="rank-by-round"') :]
    assert plot.count("<polyline") == 10
    assert 'href="?plot=all#rank-by-round"' in plot and "all 14 entrants" in plot
    everyone = client.get(f"/events/{event.slug}/?plot=all").content.decode()
    plot = everyone[everyone.index('id="rank-by-round"') :]
    assert plot.count("<polyline") == 14
    for row in StandingRow.objects.filter(event=event).select_related("entrant"):
        assert f"{row.rank}. {row.entrant.name}</text>" in plot  # "=11. " too
    assert "rank after each round" in plot  # the caption says how to read it


def test_an_entrants_page_lists_their_games_with_opponents_scores_and_places(
    league, organiser, client
):
    event = make_event(league, organiser, players=8)
    play(event, 2)
    do_pair_round(event)  # round 3 paired, no result yet
    entrant = Entrant.objects.filter(event=event).first()
    page = client.get(f"/events/{event.slug}/entrants/{entrant.pk}/").content.decode()
    for seat in entrant.seats.select_related("table__round"):
        table = seat.table
        link = f"/events/{event.slug}/rounds/{table.round.number}/#table-{table.number}"
        assert link in page
        assert f"Round {table.round.number}, table {table.number}" in page
        for other in table.seats.exclude(entrant=entrant).select_related("entrant"):
            assert f'/entrants/{other.entrant_id}/">{other.entrant.name}</a>' in page
    for result in entrant.results.all():
        assert f"score {result.score} · place {result.place}" in page
    assert page.count("no result yet") == 1
