"""Open leagues: games logged at any time, standings by rating once qualified, seasons
that close."""

import pytest

from games.catalogue_games import do_add_catalogue_game
from lib.refusal import Refusal
from standings.computing import compute_standings
from tests.tournaments.helpers import make_event
from tournaments.leagues import do_close_season
from tournaments.open_league import do_log_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def open_event(league, organiser):
    return make_event(
        league, organiser, players=5, format="open", format_options={"minimum_games": 2}
    )


def ids(event):
    return list(event.entrants.order_by("name").values_list("pk", flat=True))


def test_tables_of_two_to_four_are_logged_and_ranked_by_rating_once_qualified(open_event):
    a, b, c, d, e = ids(open_event)
    do_log_game(open_event, [(a, 90, 1), (b, 70, 2), (c, 50, 3)])
    do_log_game(open_event, [(a, 80, 1), (b, 60, 2)])
    do_log_game(open_event, [(d, 99, 1), (c, 10, 2), (b, 5, 3), (a, 1, 4)])
    do_log_game(open_event, [(e, 99, 1), (a, 1, 2)])
    rows = compute_standings(open_event)
    order = [row["entrant_id"] for row in rows]
    qualified = [row["entrant_id"] for row in rows if row["tiebreaks"]["qualified"]]
    assert set(qualified) == {a, b, c}  # d and e played once
    assert order[:3] == sorted(
        qualified,
        key=lambda k: -next(r["tiebreaks"]["rating"] for r in rows if r["entrant_id"] == k),
    )
    assert set(order[3:]) == {d, e}


def test_a_logged_game_is_checked_and_bad_ones_change_nothing(open_event):
    a, b, *_ = ids(open_event)
    for seats in ([(a, 1, 1)], [(a, 1, 1), (a, 2, 2)], [(a, 1, 1), (10**6, 2, 2)]):
        with pytest.raises(Refusal):
            do_log_game(open_event, seats)
    assert open_event.rounds.count() == 0


def test_a_closed_season_takes_no_more_games(open_event):
    a, b, *_ = ids(open_event)
    do_close_season(open_event.season)
    with pytest.raises(Refusal, match="closed"):
        do_log_game(open_event, [(a, 1, 1), (b, 0, 2)])


def test_an_organiser_logs_a_game_on_the_page_and_an_outsider_cannot(
    open_event, organiser, outsider, client_for
):
    a, b, *_ = ids(open_event)
    data = {"entrant_0": a, "score_0": 10, "place_0": 1, "entrant_1": b, "score_1": 4, "place_1": 2}
    assert (
        client_for(outsider).post(f"/events/{open_event.slug}/games/new/", data).status_code == 403
    )
    assert open_event.rounds.count() == 0
    response = client_for(organiser).post(f"/events/{open_event.slug}/games/new/", data)
    assert response.status_code == 302 and open_event.rounds.count() == 1


def test_an_open_league_breaks_equal_ratings_by_the_organisers_order(open_event):
    a, b, c, d, e = ids(open_event)
    # d and e each win once against the same opponent: equal ratings, unqualified.
    do_log_game(open_event, [(d, 10, 1), (a, 5, 2)])
    do_log_game(open_event, [(e, 30, 1), (b, 5, 2)])
    rows = compute_standings(open_event)
    assert list(rows[0]["tiebreaks"]) == ["qualified", "rating", "wins", "score_total"]
    open_event.tiebreak_order = ["score_total", "wins"]
    rows = compute_standings(open_event)
    assert list(rows[0]["tiebreaks"])[:4] == ["qualified", "rating", "score_total", "wins"]
    open_event.tiebreak_order = ["best_round"]
    rows = compute_standings(open_event)
    assert "best_round" in rows[0]["tiebreaks"] and "wins" not in rows[0]["tiebreaks"]


def test_only_equal_scores_share_a_place(open_event):
    """Issue 40: places 1, 1 with scores 5 and 0 were taken."""
    a, b, *_ = ids(open_event)
    with pytest.raises(Refusal, match="Scores 5 and 0 share place 1") as refused:
        do_log_game(open_event, [(a, 5, 1), (b, 0, 1)])
    assert refused.value.field == "seats"
    assert open_event.rounds.count() == 0
    do_log_game(open_event, [(a, 5, 1), (b, 5, 1)])
    do_log_game(open_event, [(a, 5, 1), (b, 5, 2)])  # a tie-break decided
    assert open_event.rounds.count() == 2


UNEQUAL_SHARED = {"entrant_0": 0, "score_0": 5, "place_0": 1, "score_1": 0, "place_1": 1}


def test_the_page_and_the_api_refuse_unequal_scores_sharing_a_place(
    open_event, organiser, client_for
):
    a, b, *_ = ids(open_event)
    client = client_for(organiser)
    page = client.post(
        f"/events/{open_event.slug}/games/new/", {**UNEQUAL_SHARED, "entrant_0": a, "entrant_1": b}
    )
    assert page.status_code == 400
    assert "Scores 5 and 0 share place 1" in page.content.decode()
    seats = [
        {"entrant": a, "score": 5, "place": 1},
        {"entrant": b, "score": 0, "place": 1},
    ]
    api = client.post(
        f"/api/events/{open_event.slug}/games/", {"seats": seats}, content_type="application/json"
    )
    assert api.status_code == 400 and api.json()["field"] == "seats"
    assert open_event.rounds.count() == 0


def test_a_game_scored_by_places_compares_no_scores(league, organiser):
    """Its scores rank nothing (the site keeps none for it)."""
    do_add_catalogue_game(
        None, name="Ra", min_players=2, max_players=6, scoring="places", ties="share"
    )
    event = make_event(league, organiser, players=2, format="open", game="ra")
    a, b = ids(event)
    do_log_game(event, [(a, 5, 1), (b, 0, 1)])
    do_log_game(event, [(a, 0, 1), (b, 5, 2)])
    assert event.rounds.count() == 2
