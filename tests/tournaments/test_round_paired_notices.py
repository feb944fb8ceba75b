"""A round paired or published tells each seated person who wants e-mail their table and
seat. The organiser's request only sends a task naming the round; the task tells the
tables as they stand when it runs, once per person and revision however often it runs
(or however many re-pairings' tasks find the same tables), and nobody of a deleted
round."""

import pytest
from django.core import mail
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from accounts.models import Notice
from accounts.tasks import send_notices
from tests.tournaments.helpers import enter, make_event
from tournaments import notices
from tournaments.models import Seat, Table
from tournaments.pairing import do_pair_round, do_repair_round, do_swap_seats
from tournaments.tasks import notify_round_paired, notify_seats_swapped

pytestmark = pytest.mark.django_db


def event_of(league, organiser, people: int):
    """A Swiss event of ``people`` who all want notices, at tables of four, told of its
    rounds as they are paired (no review)."""
    event = make_event(league, organiser, table_size=4, review_pairings=False)
    enter(event, people, addresses=True)
    return event


@pytest.fixture
def eight(league, organiser):
    return event_of(league, organiser, 8)


def sent_with(tasks_sent, task) -> list[tuple]:
    return [args for name, args in tasks_sent if name == task.name]


def test_pairing_sends_one_task_naming_the_round(eight, tasks_sent):
    round_ = do_pair_round(eight)
    assert sent_with(tasks_sent, notify_round_paired) == [(round_.pk,)]
    assert not Notice.objects.exists()


def test_the_task_tells_each_seated_person_their_table_and_seat(eight, tasks_sent):
    round_ = do_pair_round(eight)
    assert tasks_sent.run(notify_round_paired) == [8]
    for seat in Seat.objects.filter(table__round=round_).select_related("table", "entrant"):
        body = Notice.objects.get(user=seat.entrant.user_id).body
        assert f"You play at table {seat.table.number}, seat {seat.position + 1}, " in body
        assert f"/scoring/tables/{seat.table_id}/" in body
    assert tasks_sent.run(send_notices) == [8]
    assert len(mail.outbox) == 8


def test_the_task_speaks_each_persons_language(eight, tasks_sent):
    german = eight.entrants.first().user
    type(german).objects.filter(pk=german.pk).update(language="de")
    do_pair_round(eight)
    tasks_sent.run(notify_round_paired)
    subject = Notice.objects.get(user=german).subject
    assert subject == f"{eight.name}: Runde 1 ist ausgelost"
    assert Notice.objects.filter(subject=f"{eight.name}: round 1 is paired").count() == 7


def test_a_task_run_twice_writes_each_persons_notice_once(eight, tasks_sent):
    round_ = do_pair_round(eight)
    assert notify_round_paired.run(round_.pk) == 8
    assert notify_round_paired.run(round_.pk) == 8  # the same eight, not sent yet
    assert Notice.objects.count() == 8
    assert Notice.objects.values("user").distinct().count() == 8
    tasks_sent.run(send_notices)
    assert notify_round_paired.run(round_.pk) == 0
    assert Notice.objects.count() == 8 and len(mail.outbox) == 8


def told_of_the_tables_of(round_) -> bool:
    tables = Table.objects.filter(round=round_).values_list("pk", flat=True)
    links = [f"/scoring/tables/{pk}/" for pk in tables]
    notices = Notice.objects.all()
    return notices.exists() and all(any(link in n.body for link in links) for n in notices)


def test_a_round_paired_again_is_told_its_new_tables_once(eight, tasks_sent):
    round_ = do_pair_round(eight)
    do_repair_round(round_, differently=True)
    assert sent_with(tasks_sent, notify_round_paired) == [(round_.pk,), (round_.pk,)]
    tasks_sent.run(notify_round_paired)  # the first task already finds the new tables
    assert Notice.objects.count() == 8 and told_of_the_tables_of(round_)


def test_seats_swapped_before_the_task_runs_are_told_as_swapped(eight, tasks_sent):
    round_ = do_pair_round(eight)
    first, second = Table.objects.filter(round=round_).order_by("number")[:2]
    do_swap_seats(round_, first.seats.first().pk, second.seats.first().pk)
    assert sent_with(tasks_sent, notify_round_paired) == [(round_.pk,)]  # a swap sends none
    moved = second.seats.get(position=0).entrant.user
    assert tasks_sent.run(notify_round_paired) == [8]
    assert f"table {second.number}, seat 1," in Notice.objects.get(user=moved).body


def test_a_round_paired_again_while_the_task_composes_is_composed_again(
    eight, tasks_sent, monkeypatch
):
    round_ = do_pair_round(eight)
    compose, calls = notices.notices_for, []

    def paired_again_the_first_time(people, each):
        composed = compose(people, each)
        if not calls:
            do_repair_round(round_, differently=True)
        calls.append(1)
        return composed

    monkeypatch.setattr(notices, "notices_for", paired_again_the_first_time)
    assert notify_round_paired.run(round_.pk) == 8
    assert len(calls) == 2 and told_of_the_tables_of(round_)


def test_a_task_of_a_deleted_round_writes_nothing(eight, tasks_sent):
    do_pair_round(eight).delete()
    assert tasks_sent.run(notify_round_paired) == [0]
    assert not Notice.objects.exists()


def queries_to_pair(league, organiser, people: int) -> list[str]:
    event = event_of(league, organiser, people)
    client = APIClient()
    client.force_authenticate(organiser)
    with CaptureQueriesContext(connection) as queries:
        assert client.post(f"/api/events/{event.slug}/pair/").status_code == 201
    return [query["sql"] for query in queries]


def test_pairing_asks_no_more_queries_of_40_people_wanting_notices_than_of_8(
    league, organiser, tasks_sent
):
    few, many = (queries_to_pair(league, organiser, people) for people in (8, 40))
    assert len(many) == len(few)
    assert not any("accounts_notice" in sql for sql in few + many)
    assert len(sent_with(tasks_sent, notify_round_paired)) == 2


def test_a_swap_after_the_notices_tells_the_two_tables_where_they_sit_now(eight, tasks_sent):
    round_ = do_pair_round(eight)
    tasks_sent.run(notify_round_paired)
    first, second = Table.objects.filter(round=round_).order_by("number")
    moved = first.seats.order_by("position").first()
    do_swap_seats(round_, moved.pk, second.seats.order_by("position").first().pk)
    assert sent_with(tasks_sent, notify_seats_swapped) == [(round_.pk, [first.pk, second.pk])]
    assert tasks_sent.run(notify_seats_swapped) == [8]  # everyone at both tables
    tasks_sent.run(notify_seats_swapped)  # run again: nobody is told twice
    assert Notice.objects.filter(key__startswith="seats-swapped:").count() == 8
    person = Seat.objects.get(pk=moved.pk).entrant.user
    told = Notice.objects.get(user=person, key__startswith="seats-swapped:")
    assert told.subject == f"{eight.name}: your seat in round 1 has changed"
    assert f"You play at table {first.number}, seat 1, " in told.body


def test_a_swap_before_the_notices_went_adds_none(eight, tasks_sent):
    round_ = do_pair_round(eight)
    first, second = Table.objects.filter(round=round_).order_by("number")
    do_swap_seats(round_, first.seats.first().pk, second.seats.first().pk)
    assert tasks_sent.run(notify_seats_swapped) == [0]  # the round's own notices tell it
    assert tasks_sent.run(notify_round_paired) == [8]
