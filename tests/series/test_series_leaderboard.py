"""A series' leaderboard: points by place from the organiser's table, the best N results,
a minimum of events to be ranked, the qualification line (sharing the last place above
it qualifies too); one person across events by their account."""

import pytest

from series.computing import compute_rows, do_store_series
from series.models import Series, SeriesEvent, SeriesRow
from tests.series.helpers import event_with_places

pytestmark = pytest.mark.django_db


def series_of(league, organiser, events, **rules):
    fields = {"points_by_place": [10, 6, 3], "best_of": 2, "minimum_events": 2}
    series = Series.objects.create(
        league=league, name="Circuit", slug="circuit", created_by=organiser, **{**fields, **rules}
    )
    for event in events:
        SeriesEvent.objects.create(series=series, event=event)
    return series


def test_best_results_count_and_the_minimum_ranks(
    league, organiser, player, other_player, outsider
):
    events = [
        event_with_places(league, organiser, "n1", [(player, 1), (other_player, 2), (outsider, 3)]),
        event_with_places(league, organiser, "n2", [(player, 4), (other_player, 1)]),
        event_with_places(league, organiser, "n3", [(player, 2), (outsider, 1)]),
    ]
    lines = compute_rows(series_of(league, organiser, events, qualifying_places=1))
    got = [(line["name"], line["rank"], line["points"], line["events"]) for line in lines]
    # Pat: 10, 0, 6 -> best two 16; Quinn: 6 + 10; Oscar: 3 + 10.
    assert got == [
        ("Pat Player", 1, 16.0, 3),
        ("Quinn Player", 1, 16.0, 2),
        ("Oscar Outsider", 3, 13.0, 2),
    ]
    assert [line["qualified"] for line in lines] == [True, True, False]
    pat = lines[0]["results"]
    assert [r["counts"] for r in pat] == [True, False, True]


def test_who_played_too_few_events_is_listed_unranked_below(league, organiser, player, outsider):
    events = [
        event_with_places(league, organiser, "n1", [(player, 2), (outsider, 1)]),
        event_with_places(league, organiser, "n2", [(player, 3)]),
    ]
    lines = compute_rows(series_of(league, organiser, events, qualifying_places=5))
    assert [(line["name"], line["rank"], line["qualified"]) for line in lines] == [
        ("Pat Player", 1, True),
        ("Oscar Outsider", None, False),
    ]


def test_storing_changes_only_what_moved(league, organiser, player):
    event = event_with_places(league, organiser, "n1", [(player, 1)])
    series = series_of(league, organiser, [event], minimum_events=1)
    assert do_store_series(series.pk) == 1
    series.refresh_from_db()
    version = series.rows_version
    do_store_series(series.pk)
    series.refresh_from_db()
    assert series.rows_version == version
    assert SeriesRow.objects.get().points == 10.0
