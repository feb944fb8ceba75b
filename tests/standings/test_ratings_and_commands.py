"""Ratings from results in order, their recomputation, and the simulate_event command."""

import io
import json

import pytest
from django.core.management import CommandError, call_command

from games.catalogue_games import do_add_catalogue_game
from games.registry import forget_catalogue
from standings.ratings import do_rebuild_ratings
from tests.tournaments.helpers import make_event, play
from tournaments.models import Rating

pytestmark = pytest.mark.django_db


def test_ratings_follow_the_results_per_league_and_per_game(league, organiser):
    event = make_event(league, organiser, players=8)
    play(event, 3)
    do_rebuild_ratings(league.pk, event.game)
    in_league = Rating.objects.filter(league=league, game=event.game)
    assert in_league.count() == 8 and all(r.games == 3 for r in in_league)
    assert Rating.objects.filter(league=None, game=event.game).count() == 8
    best = in_league.order_by("-mu").first()
    assert best.history[-1][1] == round(best.ordinal, 3) and len(best.history) == 3


def test_recompute_ratings_reports_differences_then_none(league, organiser):
    event = make_event(league, organiser, players=4)
    play(event, 2)
    out = io.StringIO()
    call_command("recompute_ratings", stdout=out)
    assert "differences: 8" in out.getvalue()  # 4 in the league, 4 across leagues
    again = io.StringIO()
    call_command("recompute_ratings", stdout=again)
    assert "differences: 0" in again.getvalue()


def test_simulate_event_prints_timings_and_the_spread_of_each_round():
    out = io.StringIO()
    call_command("simulate_event", players=30, table_size=4, rounds=3, seed=4, stdout=out)
    lines = out.getvalue().strip().splitlines()
    rounds = [line for line in lines if line.startswith("round ")]
    assert len(rounds) == 3 and all("score spread" in line for line in rounds)
    assert lines[0].startswith("event sim-")


@pytest.fixture
def fresh_catalogue():
    forget_catalogue()
    yield
    forget_catalogue()


def test_simulate_event_of_a_game_for_six_takes_six_places_of_points_by_default(fresh_catalogue):
    do_add_catalogue_game(
        None, name="Six Nimmt", min_players=2, max_players=6, scoring="low", ties="share"
    )
    out = io.StringIO()
    call_command(
        "simulate_event",
        players=24,
        table_size=6,
        rounds=2,
        game="six-nimmt",
        json=True,
        stdout=out,
    )
    summary = json.loads(out.getvalue())
    assert summary["table_sizes"] == {"6": 8} and summary["rounds"] == 2


def test_simulate_event_says_which_table_sizes_the_game_takes():
    with pytest.raises(CommandError, match="A table of Call to Glory seats 2 to 4"):
        call_command("simulate_event", players=24, table_size=6, rounds=1, stdout=io.StringIO())


def test_simulate_event_with_json_prints_one_json_object_and_nothing_else():
    out, err = io.StringIO(), io.StringIO()
    call_command(
        "simulate_event",
        players=30,
        table_size=4,
        rounds=3,
        format="swiss",
        seed=4,
        json=True,
        stdout=out,
        stderr=err,
    )
    summary = json.loads(out.getvalue())
    # How far it got went to stderr as it went, a line per round.
    assert [line.split(":")[0] for line in err.getvalue().splitlines()[1:4]] == [
        "round 1",
        "round 2",
        "round 3",
    ]
    assert summary["players"] == 30 and summary["rounds"] == 3
    assert summary["table_sizes"] == {"4": 18, "3": 6}
    assert summary["repeat_meetings"] == 0 and summary["repeats_by_round"] == [0, 0, 0]
    assert len(summary["pairing_seconds"]) == len(summary["standings_seconds"]) == 3
    spread, bound = summary["score_spread"], summary["score_spread_lower_bound"]
    assert len(spread) == len(bound) == 3
    assert spread[0] == bound[0] == 0  # round 1: everyone on 0 points
    assert all(s >= b for s, b in zip(spread, bound, strict=True))
    assert all(s <= 2 * b + 2 for s, b in zip(spread, bound, strict=True))


def test_a_burst_of_results_rebuilds_the_ratings_once(league, organiser):
    from standings.tasks import update_ratings
    from tournaments.models import Result

    event = make_event(league, organiser, players=8)
    play(event, 1)
    first = Result.objects.order_by("recorded_at", "pk").first()
    last = Result.objects.order_by("-recorded_at", "-pk").first()
    assert update_ratings.run(league.pk, event.game, first.recorded_at.isoformat()) is None
    assert not Rating.objects.exists()
    assert update_ratings.run(league.pk, event.game, last.recorded_at.isoformat()) == 8


@pytest.mark.django_db(transaction=True)
def test_a_ratings_task_for_a_league_gone_since_ends_quietly(league, organiser):
    """A task queued for a league that is gone when it runs (deleted with no result, or
    a task of another database's on a shared broker) writes no mark for it."""
    from standings.tasks import update_ratings
    from tournaments.models import League, RatingsMark

    event = make_event(league, organiser, players=4)
    play(event, 1)
    gone = League.objects.create(name="Gone", slug="gone", created_by=organiser)
    gone_id = gone.pk
    gone.delete()
    assert update_ratings(gone_id, event.game) == 0
    assert not RatingsMark.objects.filter(league_id=gone_id).exists()
    assert Rating.objects.filter(league=None, game=event.game).count() == 4  # these follow
