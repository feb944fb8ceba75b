"""What cannot happen at a table is refused through the service with the engine's
message, pointing at the round and seat (Call to Glory) or the player and field (Call to
Adventure), and nothing is saved. The engines' own tests cover every rule in detail;
these are a representative set as a player meets them."""

import pytest

from lib.refusal import Refusal
from scoring.entering import do_submit_result
from scoring.models import AuditEntry, Submission
from tests.scoring.conftest import glory_round

pytestmark = pytest.mark.django_db

SIX_SETS = {"20": 2, "18": 2, "16": 2, "14": 2, "12": 2, "9": 2}
GLORY_REFUSALS = [
    pytest.param(
        glory_round({"20": 2}, {"20": 2}),
        1,
        "lies in front of Pat Player and Quinn Player",
        id="a value in front of two seats",
    ),
    pytest.param(
        glory_round({"20": 1}, {"18": 2}), 0, "needs at least 2 cards", id="a set too small"
    ),
    pytest.param(
        glory_round({**SIX_SETS, "8": 2}, {}),
        0,
        "a round ends as soon as someone has 6",
        id="more sets than the threshold",
    ),
    pytest.param(glory_round({"5": 2}, {}), 0, "5 is not a card value", id="no such card"),
    pytest.param(
        {"rounds": [{"scores": [5, 36]}]},
        0,
        "5 is not a sum of card values",
        id="round scores no table can give",
    ),
]


@pytest.mark.parametrize(("entry", "seat", "message"), GLORY_REFUSALS)
def test_an_impossible_call_to_glory_table_is_refused_at_its_seat(
    entry, seat, message, one_round_table, player
):
    with pytest.raises(Refusal) as refused:
        do_submit_result(one_round_table, Submission.Kind.GLORY_TABLE, entry, player)
    assert refused.value.error["round"] == 1
    assert refused.value.error["seat"] == seat
    assert message in refused.value.error["reason"]
    assert not Submission.objects.exists() and not AuditEntry.objects.exists()


DESTINY = {"destiny": {"triumph": 4, "tragedy": 0}}
PRINTED = {"printed": {"triumph": 10, "tragedy": 1}, "corruption": {"level": 4}, **DESTINY}
ADVENTURE_REFUSALS = [
    pytest.param(
        {"printed": {"triumph": 10, "tragedy": 1}, **DESTINY},
        "corruption",
        "the hero marker's level, 1 to 7",
        id="no corruption level",
    ),
    pytest.param(
        {**PRINTED, "corruption": {"level": 9}},
        "corruption.level",
        "a hero cannot pass level 7",
        id="a level off the track",
    ),
    pytest.param(
        {**PRINTED, "corruption": {"level": 4, "points": 7}},
        "corruption.points",
        "level 4 is worth +4 in profile core-2, not +7",
        id="printed points that disagree with the profile",
    ),
    pytest.param(
        {**PRINTED, "story_icons": {"dragons": 2}},
        "story_icons.dragons",
        "dragons",
        id="an icon the profile does not know",
    ),
]


@pytest.mark.parametrize(("tableau", "field", "message"), ADVENTURE_REFUSALS)
def test_an_impossible_call_to_adventure_tableau_is_refused_at_its_field(
    tableau, field, message, table, player
):
    event = table.round.event
    event.game = "call-to-adventure"
    event.save()
    entry = {"players": [PRINTED, tableau]}
    with pytest.raises(Refusal) as refused:
        do_submit_result(table, Submission.Kind.ADVENTURE, entry, player)
    assert refused.value.error["player"] == 2
    assert refused.value.error["field"] == field
    assert message in refused.value.error["reason"]
    assert not Submission.objects.exists() and not AuditEntry.objects.exists()
