"""Double elimination: out on the second loss, a grand final, the bracket reset."""

import random
from collections import Counter

import pytest

from lib.refusal import Refusal
from tournaments.formats import (
    Contender,
    History,
    PairingRequest,
    PastTable,
    get_format,
)

FINALS = ("grand final", "bracket reset")


def play_out(players, size=2, reset=True, seed=1, winner_of=None):
    """Every round until the format says it is over; places are random, or the
    ``winner_of`` function picks a table's winner. Returns the rounds' tables, the
    losses per entrant as the test counts them, and the closing refusal."""
    fmt = get_format("double-elimination", {"bracket_reset": reset})
    history, rng, losses, played = History(), random.Random(seed), Counter(), []
    contenders = [Contender(key=k, rank=k + 1) for k in range(players)]
    for number in range(1, 4 * players + 8):
        try:
            tables = fmt.pair(PairingRequest(contenders, history, size, number, seed))
        except Refusal as error:
            return played, losses, str(error)
        seated = [k for t in tables for k in t.seats]
        assert len(seated) == len(set(seated))  # nobody twice in a round
        assert all(losses[k] < 2 for k in seated)  # nobody after a second loss
        past = []
        for table in tables:
            if table.bye:
                past.append(PastTable(tuple(table.seats), (1,), True))
                continue
            places = rng.sample(range(1, len(table.seats) + 1), len(table.seats))
            if winner_of:
                top = winner_of(table)
                places = sorted(places)
                order = [top, *[k for k in table.seats if k != top]]
                places = [places[order.index(k)] for k in table.seats]
            past.append(PastTable(tuple(table.seats), tuple(places)))
            stay = 1 if table.explanation.get("final") else table.explanation.get("stay", 1)
            for key, place in zip(table.seats, places, strict=True):
                if table.explanation["bracket"] == "grand final" and place > 1:
                    beaten_unbeaten = losses[key] == 0
                    losses[key] += 1 if (beaten_unbeaten and reset) else 2 - losses[key]
                elif place > stay:
                    losses[key] += 1
        played.append(tables)
        history.rounds.append(past)
    raise AssertionError("the double elimination never ended")


@pytest.mark.parametrize("reset", [True, False])
@pytest.mark.parametrize("players", range(2, 34))
def test_two_seat_brackets_end_with_one_champion_everyone_else_out_twice(players, reset):
    played, losses, closing = play_out(players, reset=reset, seed=players)
    assert "champion" in closing
    alive = [k for k in range(players) if losses[k] < 2]
    if reset:
        assert len(alive) == 1  # the champion, with at most one loss
    else:
        assert 1 <= len(alive) <= 2  # the grand final's loser may have lost only once
    finals = [t.explanation["bracket"] for r in played for t in r if t.explanation.get("final")]
    assert finals.count("grand final") == 1
    assert len(played) <= 2 * (players - 1).bit_length() + 3


@pytest.mark.parametrize("players", [5, 6, 12, 33])
def test_the_first_round_gives_its_byes_to_the_top_seeds(players):
    played, _, _ = play_out(players)
    byes = sorted(t.seats[0] for t in played[0] if t.bye)
    size = 1 << (players - 1).bit_length()
    assert byes == list(range(size - players))
    assert all(t.explanation["bracket"] == "winners" for t in played[0])


def test_a_losers_champion_who_wins_the_grand_final_forces_a_bracket_reset():
    # The lowest key wins every table except the grand final: 0 loses it to the
    # losers' champion, and both having lost once they play again.
    def winner_of(table):
        if table.explanation["bracket"] == "grand final":
            return max(table.seats)
        return min(table.seats)

    played, losses, closing = play_out(8, winner_of=winner_of)
    stages = [t.explanation["bracket"] for t in played[-2] + played[-1]]
    assert stages == ["grand final", "bracket reset"] and "champion" in closing
    assert losses[0] == 1 and sum(1 for k in range(8) if losses[k] < 2) == 1
    played, losses, _ = play_out(8, reset=False, winner_of=winner_of)
    assert played[-1][0].explanation["bracket"] == "grand final"
    assert "bracket reset" not in [t.explanation["bracket"] for r in played for t in r]


@pytest.mark.parametrize(("players", "size"), [(16, 4), (12, 3), (9, 4), (30, 4)])
def test_heats_send_the_top_places_on_and_the_rest_to_the_losers_bracket(players, size):
    played, losses, closing = play_out(players, size=size, seed=3)
    assert "champion" in closing
    assert {len(t.seats) for t in played[0] if not t.bye} <= {size - 1, size}
    second = [t for t in played[1] if not t.bye]
    assert {t.explanation["bracket"] for t in second} == {"winners", "losers"}
    assert played[-1][0].explanation["bracket"] in FINALS and len(played[-1][0].seats) == 2


def test_a_double_elimination_waits_for_every_result():
    fmt = get_format("double-elimination")
    contenders = [Contender(key=k) for k in range(4)]
    tables = fmt.pair(PairingRequest(contenders, History(), 2, 1, 1))
    history = History([[PastTable(tuple(t.seats), ()) for t in tables]])
    with pytest.raises(Refusal, match="needs a result"):
        fmt.pair(PairingRequest(contenders, history, 2, 2, 1))


@pytest.mark.django_db
def test_the_event_page_draws_the_bracket_as_a_picture_until_the_champion(
    league, organiser, client
):
    from tests.tournaments.helpers import make_event, play
    from tournaments.pairing import do_pair_round

    event = make_event(league, organiser, players=6, table_size=2, format="double-elimination")
    rounds = 0
    while True:
        try:
            play(event, 1, seed=rounds)
        except Refusal as error:
            assert "champion" in str(error)
            break
        rounds += 1
    assert 4 <= rounds <= 9
    page = client.get(f"/events/{event.slug}/").content.decode()
    svg = page[page.index("<svg") : page.index("</svg>")]
    assert 'role="img"' in svg and "Winners&#x27; bracket" in svg and "Finals" in svg
    assert "Losers&#x27; bracket" in svg and "P000" in svg and "★" in svg
    assert f'width="{8 + rounds * 170}"' in svg  # one column per round, never shrunk
    with pytest.raises(Refusal):
        do_pair_round(event)
    swiss = make_event(league, organiser, players=8)
    play(swiss, 1)
    assert 'class="bracket"' not in client.get(f"/events/{swiss.slug}/").content.decode()


def test_the_round_page_says_which_bracket_a_table_is_in_and_what_its_places_mean():
    from tournaments.explain import explanation_lines

    played, _, _ = play_out(8)
    lines = {
        line
        for r in played
        for t in r
        if not t.bye
        for line in explanation_lines(t.explanation, {})
    }
    assert any(line.startswith("Winners' bracket, round 1: the top 1 stay") for line in lines)
    assert any(line.startswith("Losers' bracket, round") for line in lines)
    assert any(line.startswith("Grand final") for line in lines)
    assert not any("Final table." == line for line in lines)
    design = explanation_lines({"design": "Kirkman triple system", "schedule_repeats": 0}, {})
    assert design == ["Schedule: a Kirkman triple system, every pair exactly once."]
