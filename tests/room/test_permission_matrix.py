"""Who may do what in an event's room (tournaments.permissions), for every role: the
organiser, a co-organiser (named by the creator), a judge of table 1, a judge of every
table, a scorekeeper, a player of table 1, an outsider and a visitor. Each cell is the
permission module's answer; the tests after the matrix check that the writes ask it."""

import pytest

from tournaments import permissions as may
from tournaments.models import EventRole, Seat, Table

pytestmark = pytest.mark.django_db

PEOPLE = (
    "organiser",
    "co_organiser",
    "judge",
    "judge_of_all",
    "scorekeeper",
    "player",
    "outsider",
    "anonymous",
)

# Each question, and the people it answers yes for (everyone else: no).
MATRIX = {
    "organises": {"organiser", "co_organiser"},
    "names judges and scorekeepers": {"organiser", "co_organiser"},
    "names co-organisers": {"organiser"},
    "settles table 1": {"organiser", "co_organiser", "judge", "judge_of_all"},
    "settles table 2": {"organiser", "co_organiser", "judge_of_all"},
    "opens the judges' page": {"organiser", "co_organiser", "judge", "judge_of_all"},
    "runs the round clock": {"organiser", "co_organiser", "judge", "judge_of_all"},
    "gives table 2 extra minutes": {"organiser", "co_organiser", "judge_of_all"},
    "keeps score at the desk": {"organiser", "co_organiser", "scorekeeper"},
    "plays at table 1": {"player"},
}


@pytest.fixture
def people(organiser, outsider, player, anonymous, table, django_user_model):
    from tests.fixtures.personas import make_user

    event = table.round.event
    co = make_user(django_user_model, "cora_co")
    event.organisers.add(co)
    named = {}
    for name, role, tables in (
        ("judge", "judge", [1]),
        ("judge_of_all", "judge", []),
        ("scorekeeper", "scorekeeper", []),
    ):
        named[name] = make_user(django_user_model, f"x_{name}")
        EventRole.objects.create(event=event, user=named[name], role=role, tables=tables)
    return {
        "organiser": organiser,
        "co_organiser": co,
        **named,
        "player": player,
        "outsider": outsider,
        "anonymous": anonymous,
    }


@pytest.fixture
def second_table(table):
    second = Table.objects.create(round=table.round, number=2)
    for position, seat in enumerate(table.seats.all()):
        Seat.objects.create(table=second, entrant=seat.entrant, position=position)
    return second


def answers(user, table, second_table) -> dict:
    event = table.round.event
    return {
        "organises": may.is_event_organiser(user, event),
        "names judges and scorekeepers": may.can_name_roles(user, event),
        "names co-organisers": may.can_grant_organiser(user, event),
        "settles table 1": may.can_settle_table(user, table),
        "settles table 2": may.can_settle_table(user, second_table),
        "opens the judges' page": may.is_judge(user, event),
        "runs the round clock": may.can_run_clock(user, event),
        "gives table 2 extra minutes": may.can_run_clock(user, event, second_table.number),
        "keeps score at the desk": may.can_keep_score(user, event),
        "plays at table 1": may.is_player_of_table(user, table),
    }


@pytest.mark.parametrize("who", PEOPLE)
def test_the_matrix_answers_each_role(who, people, table, second_table):
    found = answers(people[who], table, second_table)
    expected = {question: who in yes for question, yes in MATRIX.items()}
    assert found == expected


def test_staff_see_a_private_event_and_find_it_listed(people, table):
    event = table.round.event
    event.visibility = "private"
    event.save()
    for who in ("judge", "scorekeeper"):
        assert may.can_view_event(people[who], event)
        assert event in may.visible_events(people[who])
    assert not may.can_view_event(people["outsider"], event)
