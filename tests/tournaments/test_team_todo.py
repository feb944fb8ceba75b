"""Between two rounds of a team event, an entrant in no team (a late entry) stops the
pairing: the organiser's to-do asks the life cycle, as the event page's main button
does, and says to put them in a team, not to pair the next round."""

import random

import pytest

from tests.tournaments.helpers import enter, entrant_ids, make_team_event, report_round
from tournaments import lifecycle
from tournaments.pairing import do_pair_round
from tournaments.teams import do_create_team
from tournaments.todo import todo_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def after_round_one(league, organiser):
    """A team Swiss of six teams of two at tables of four, round 1 played."""
    event = make_team_event(league, organiser)
    players = entrant_ids(event)
    for number in range(6):
        do_create_team(event, organiser, f"Team {number + 1}", players=players[2 * number :][:2])
    report_round(do_pair_round(event, by=organiser), random.Random(3))
    return event


def test_with_every_entrant_in_a_team_the_to_do_says_pair_the_next_round(
    after_round_one, organiser
):
    [item] = todo_for(organiser)
    assert (item.action, item.round_number) == ("pair", 2)
    assert "pair round 2" in item.text


def test_a_late_entrant_in_no_team_makes_the_to_do_ask_for_teams(after_round_one, organiser):
    enter(after_round_one, 2, prefix="late")
    state = lifecycle.state_of(after_round_one)
    assert state.stage == lifecycle.Stage.BETWEEN_ROUNDS
    assert state.primary == lifecycle.Act.ARRANGE_TEAMS
    [item] = todo_for(organiser)
    assert item.action == "arrange-teams" and item.round_number == 2
    assert item.url == f"/events/{after_round_one.slug}/teams/"
    assert "2 entrants are in no team" in item.text and "pair round" not in item.text
