"""The API's round answers its tables from plain values (``tournaments.api.round_tables``,
issue 47: the serializer's fields cost seconds at 2,500 tables); the answer is the
serializer's, field for field, on a round with every kind of table. The answer to
pairing is built from what was written, not read back: the same, value for value."""

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.renderers import JSONRenderer

from tests.tournaments.helpers import api, make_event, play, published
from tournaments.api.round_tables import round_tables
from tournaments.api.rounds import TableSerializer
from tournaments.models import Entrant
from tournaments.pairing import do_pair_round
from tournaments.results import SeatOutcome, do_record_result, do_record_void

pytestmark = pytest.mark.django_db


def a_round_of_every_kind_of_table(league, organiser):
    """Thirteen entrants at tables of 4 with a bye: a reported table, a voided one, one
    still playing, and the bye."""
    event = make_event(league, organiser, players=13, format_options={"fill": "byes"})
    round_ = published(do_pair_round(event))
    first, second, *_ = round_.tables.filter(is_bye=False).order_by("number")
    places = [SeatOutcome(position, 90 - position, position + 1) for position in range(4)]
    do_record_result(first, places, source="organiser")
    do_record_void(second, organiser, {"reason": "abandoned"})
    return round_


def serialized(round_) -> list:
    tables = round_.tables.with_seats().select_related("result")
    return TableSerializer(tables.prefetch_related("result__seats"), many=True).data


def test_the_round_answer_is_the_serializers_field_for_field(league, organiser):
    round_ = a_round_of_every_kind_of_table(league, organiser)

    answer = round_tables(round_)

    assert JSONRenderer().render(answer) == JSONRenderer().render(serialized(round_))
    kinds = {(t["is_bye"], t["has_result"], t["result"] == []) for t in answer}
    assert kinds == {
        (True, False, False),
        (False, True, False),
        (False, True, True),
        (False, False, False),
    }


def test_the_round_answer_reads_four_queries_however_many_tables(league, organiser):
    round_ = a_round_of_every_kind_of_table(league, organiser)

    with CaptureQueriesContext(connection) as queries:
        answer = round_tables(round_)

    assert len(queries.captured_queries) == 4
    assert [t["number"] for t in answer] == [1, 2, 3, 4]
    assert json.loads(JSONRenderer().render(answer))[0]["seats"][0]["entrant"].startswith("P")


def test_the_answer_to_pairing_is_the_round_read_back(league, organiser):
    # Byes, a fixed table and two rounds played: seat balance and explanations to tell.
    event = make_event(
        league, organiser, players=13, format_options={"fill": "byes"}, review_pairings=False
    )
    Entrant.objects.filter(pk=event.entrants.order_by("pk")[4].pk).update(fixed_table=2)
    play(event, 2)

    paired = api(organiser).post(f"/api/events/{event.slug}/pair/", {}, format="json")
    read = api(organiser).get(f"/api/events/{event.slug}/rounds/3/")  # read back

    assert paired.status_code == 201
    answer, stored = json.loads(paired.content), json.loads(read.content)
    assert answer == stored
    assert answer["tables"] == json.loads(
        JSONRenderer().render(round_tables(event.rounds.get(number=3)))
    )
    tables = answer["tables"]
    assert sum(t["is_bye"] for t in tables) == 1
    assert tables[1]["explanation"]["fixed_table"]
    assert all(
        seat["id"] and seat["entrant"].startswith("P") for t in tables for seat in t["seats"]
    )
