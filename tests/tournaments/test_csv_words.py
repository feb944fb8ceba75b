"""The CSV exports speak as the pages do: seats count from 1 and a bye is "yes" or "no"
(they were 0-based and ``False``)."""

import csv
import io

import pytest

from tests.tournaments.helpers import make_event, play

pytestmark = pytest.mark.django_db


def rows_of(client, event, kind) -> list[dict]:
    response = client.get(f"/events/{event.slug}/export/{kind}.csv")
    return list(csv.DictReader(io.StringIO(response.content.decode(), newline="")))


def test_seats_count_from_one_and_byes_are_words(league, organiser, client):
    event = make_event(league, organiser, players=9, table_size=2)  # one bye
    play(event, 1)
    pairings = rows_of(client, event, "pairings")
    assert {row["seat"] for row in pairings} == {"1", "2"}
    assert [row["bye"] for row in pairings].count("yes") == 1
    assert {row["bye"] for row in pairings} == {"yes", "no"}
    results = rows_of(client, event, "results")
    assert {row["seat"] for row in results} == {"1", "2"}
