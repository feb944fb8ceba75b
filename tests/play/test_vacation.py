"""Vacation arithmetic on the clock: a correspondence turn's deadline is the moment at
which its time outside the person's vacations has passed; taking or ending a vacation
moves the deadlines of the games waiting for the person by what it covers, once."""

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lib.refusal import Refusal
from play.clock import do_time_out
from play.models import Game, Vacation
from play.vacation import counted, do_end_vacation, do_take_vacation, pushed

DAY = timedelta(days=1)
START = datetime(2026, 3, 1, 12, tzinfo=UTC)


def test_a_turn_beginning_before_a_vacation_runs_out_after_it_by_what_was_left():
    away = [(START + DAY, START + 6 * DAY)]
    assert pushed(START, 3 * 86400, away) == START + 8 * DAY


def test_a_turn_beginning_during_a_vacation_starts_counting_when_it_ends():
    away = [(START - DAY, START + 2 * DAY)]
    assert pushed(START, 3 * 86400, away) == START + 5 * DAY


def test_a_vacation_after_the_deadline_changes_nothing():
    assert pushed(START, 3 * 86400, [(START + 3 * DAY, START + 9 * DAY)]) == START + 3 * DAY


def test_two_vacations_both_stop_the_clock():
    away = [(START + 4 * DAY, START + 5 * DAY), (START + DAY, START + 2 * DAY)]
    assert pushed(START, 4 * 86400, away) == START + 6 * DAY


spans = st.lists(st.tuples(st.integers(-50, 400), st.integers(1, 100)), max_size=5).map(
    lambda pairs: sorted(
        {(START + timedelta(hours=a), START + timedelta(hours=a + n)) for a, n in pairs}
    )
)


def apart(away):
    """The spans with the overlapping ones dropped (a person's never overlap)."""
    kept = []
    for span in away:
        if not kept or span[0] >= kept[-1][1]:
            kept.append(span)
    return kept


@given(spans.map(apart), st.integers(0, 300 * 3600))
def test_the_time_counted_up_to_the_pushed_deadline_is_the_time_for_the_turn(away, seconds):
    deadline = pushed(START, seconds, away)
    assert counted(START, deadline, away) == pytest.approx(seconds)
    assert deadline >= START + timedelta(seconds=seconds)


@pytest.fixture
def correspondence_game(start, player, other_player):
    game_id = start(
        player,
        [{"username": player.username}, {"username": other_player.username}],
        pace="correspondence",
    )
    return Game.objects.get(pk=game_id)


@pytest.mark.django_db
def test_a_vacation_moves_the_deadline_of_a_game_waiting_for_the_person_once(
    correspondence_game, player
):
    game = correspondence_game
    now = game.deadline - 3 * DAY + timedelta(hours=1)  # two days and 23 hours left
    do_take_vacation(player, 5, starts_at=now + DAY, now=now)
    game.refresh_from_db()
    assert game.deadline == now + (3 * DAY - timedelta(hours=1)) + 5 * DAY

    later = now + 2 * DAY  # a day into the vacation, the person comes back
    do_end_vacation(player, now=later)
    game.refresh_from_db()
    assert game.deadline == later + (3 * DAY - timedelta(hours=1)) - DAY
    assert Vacation.objects.get().ends_at == later


@pytest.mark.django_db
def test_the_next_turn_of_a_person_on_vacation_waits_for_their_return(
    correspondence_game, client_for, player, other_player
):
    vacation = do_take_vacation(other_player, 4)
    state = client_for(player).get(f"/api/play/{correspondence_game.pk}/").json()
    moved = client_for(player).post(
        f"/api/play/{correspondence_game.pk}/moves/",
        {"move": state["legal_moves"][0], "at": state["moves"]},
        content_type="application/json",
    )
    while moved.json()["to_move"] == 0:
        state = moved.json()
        moved = client_for(player).post(
            f"/api/play/{correspondence_game.pk}/moves/",
            {"move": state["legal_moves"][-1], "at": state["moves"]},
            content_type="application/json",
        )
    correspondence_game.refresh_from_db()
    turn_began = correspondence_game.updated_at
    expected = vacation.ends_at + 3 * DAY
    assert abs(correspondence_game.deadline - expected) < timedelta(seconds=5)
    assert correspondence_game.deadline - turn_began > 6 * DAY
    page = client_for(player).get(f"/play/{correspondence_game.pk}/").content.decode()
    assert "Quinn Player is on vacation until" in page
    at = correspondence_game.moves
    assert do_time_out(correspondence_game.pk, at, now=turn_began + 6 * DAY) == "moved on"
    assert do_time_out(correspondence_game.pk, at, now=expected + timedelta(seconds=6)) == (
        "timeout"
    )


@pytest.mark.django_db
def test_the_yearly_allowance_holds(settings, player):
    settings.PLAY_VACATION_DAYS_A_YEAR = 10
    now = datetime(2026, 6, 1, tzinfo=UTC)
    do_take_vacation(player, 6, now=now)
    with pytest.raises(Refusal, match="4 vacation days left in 2026"):
        do_take_vacation(player, 5, starts_at=now + 10 * DAY, now=now)
    with pytest.raises(Refusal, match="on vacation then already"):
        do_take_vacation(player, 2, starts_at=now + 5 * DAY, now=now)
    do_take_vacation(player, 4, starts_at=now + 10 * DAY, now=now)
    assert Vacation.objects.count() == 2


@pytest.mark.django_db
def test_the_api_takes_and_ends_a_vacation(client_for, player):
    client = client_for(player)
    taken = client.post("/api/play/vacation/", {"days": 3}, content_type="application/json")
    assert taken.status_code == 200 and taken.json()["days_left"] == 27
    assert (
        client.post("/api/play/vacation/", {"days": 0}, content_type="application/json").status_code
        == 400
    )
    assert client.delete("/api/play/vacation/").json()["vacation"] is None
    assert client.delete("/api/play/vacation/").status_code == 409
