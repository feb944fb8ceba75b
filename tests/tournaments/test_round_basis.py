"""A change of a round names what it was chosen from: the round's revision its page or
answer showed (``tournaments.pairing.check_basis``). Two organisers on one round, each
with the page open: the second's swap, pairing again, publication or discard, chosen
before the first's landed, is refused and changes nothing. Two swaps at once through
one seat each read it under its table's lock, so nobody ends up seated twice."""

import re

import pytest
from django.test import Client

from lib.refusal import Refusal
from tests.threads import InThread
from tests.tournaments.helpers import make_event, published
from tournaments.models import Round, Seat
from tournaments.pairing import do_pair_round, do_swap_seats


@pytest.fixture
def round_of_three(league, organiser):
    """A round of three tables of two."""
    event = make_event(league, organiser, players=6, table_size=2, review_pairings=False)
    return published(do_pair_round(event))


def seat(round_, number: int) -> Seat:
    return Seat.objects.select_related("entrant").get(
        table__round=round_, table__number=number, position=0
    )


def seated(round_) -> list[int]:
    return list(
        Seat.objects.filter(table__round=round_)
        .order_by("table__number", "position")
        .values_list("entrant_id", flat=True)
    )


def page_of(client, round_) -> str:
    return client.get(f"/events/{round_.event.slug}/rounds/{round_.number}/").content.decode()


def basis_on(html: str) -> str:
    return re.search(r'name="basis" value="(\d+)"', html)[1]


@pytest.mark.django_db
def test_a_swap_chosen_on_a_page_the_round_has_moved_on_from_is_refused(round_of_three, organiser):
    first_desk, second_desk = Client(), Client()
    for desk in (first_desk, second_desk):
        desk.force_login(organiser)
    one, two, three = (seat(round_of_three, n) for n in (1, 2, 3))
    seen_first, seen_second = (
        basis_on(page_of(d, round_of_three)) for d in (first_desk, second_desk)
    )
    swap = f"/events/{round_of_three.event.slug}/rounds/1/swap/"
    first_desk.post(swap, {"first": one.pk, "second": two.pk, "basis": seen_first})
    after_first = seated(round_of_three)
    assert after_first != [s.entrant_id for s in (one, two, three)]  # it was applied

    refused = second_desk.post(
        swap, {"first": one.pk, "second": three.pk, "basis": seen_second}, follow=True
    )
    assert seated(round_of_three) == after_first
    assert "Round 1 changed since your page showed it" in refused.content.decode()
    again = basis_on(page_of(second_desk, round_of_three))
    second_desk.post(swap, {"first": one.pk, "second": three.pk, "basis": again})
    assert seated(round_of_three) != after_first  # chosen again on the page as it is now


@pytest.mark.django_db
def test_the_api_refuses_a_swap_from_a_revision_gone_by(round_of_three, organiser):
    api = Client()
    api.force_login(organiser)
    url = f"/api/events/{round_of_three.event.slug}/rounds/1/"
    revision = api.get(url).json()["revision"]
    one, two = seat(round_of_three, 1), seat(round_of_three, 2)
    swapped = api.post(
        f"{url}swap/", {"first": one.pk, "second": two.pk, "basis": revision}, "application/json"
    )
    assert swapped.status_code == 200
    assert swapped.json()["revision"] == revision + 1
    before = seated(round_of_three)
    stale = api.post(
        f"{url}swap/", {"first": one.pk, "second": two.pk, "basis": revision}, "application/json"
    )
    assert stale.status_code == 409
    assert seated(round_of_three) == before


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_swaps_through_one_seat_at_once_seat_nobody_twice(round_of_three):
    one, two, three = (seat(round_of_three, n) for n in (1, 2, 3))
    a, b, c = one.entrant_id, two.entrant_id, three.entrant_id
    first = InThread(lambda: do_swap_seats(round_of_three, one.pk, two.pk), hold=True)
    assert first.ready.wait(20) and first.error is None
    second = InThread(lambda: do_swap_seats(round_of_three, two.pk, three.pk))
    assert not second.done.wait(1), "the second swap read the seat the first was changing"
    first.release()
    assert second.finish().error is None
    by_table = {s.table.number: s.entrant_id for s in (seat(round_of_three, n) for n in (1, 2, 3))}
    assert by_table == {1: b, 2: c, 3: a}


@pytest.mark.django_db
def test_a_seat_of_another_round_is_refused(round_of_three, league, organiser):
    elsewhere = make_event(league, organiser, players=2, table_size=2, review_pairings=False)
    stranger = seat(published(do_pair_round(elsewhere)), 1)
    with pytest.raises(Refusal, match="Both seats must be in this round"):
        do_swap_seats(round_of_three, seat(round_of_three, 1).pk, stranger.pk)


@pytest.fixture
def draft(league, organiser):
    """A draft round 1 of six players in tables of two."""
    event = make_event(league, organiser, players=6, table_size=2, review_pairings=True)
    return do_pair_round(event)


def desk(organiser) -> Client:
    client = Client()
    client.force_login(organiser)
    return client


@pytest.mark.django_db
@pytest.mark.parametrize("action", ["publish", "discard", "repair"])
def test_a_draft_paired_again_at_another_desk_refuses_what_a_page_before_chose(
    draft, organiser, action
):
    first, second = desk(organiser), desk(organiser)
    seen = basis_on(page_of(second, draft))
    url = f"/events/{draft.event.slug}/rounds/1/"
    first.post(f"{url}repair/", {"differently": "1", "basis": basis_on(page_of(first, draft))})
    after = Round.objects.get(pk=draft.pk)
    assert after.revision == int(seen) + 1
    tables = seated(draft)

    refused = second.post(f"{url}{action}/", {"basis": seen}, follow=True)
    assert "Round 1 changed since your page showed it" in refused.content.decode()
    kept = Round.objects.get(pk=draft.pk)
    assert (kept.draft, kept.revision, seated(draft)) == (True, after.revision, tables)


@pytest.mark.django_db
def test_a_basis_that_is_no_revision_changes_nothing(draft, organiser):
    refused = desk(organiser).post(
        f"/events/{draft.event.slug}/rounds/1/publish/", {"basis": "yesterday"}, follow=True
    )
    assert "Round 1 changed since your page showed it" in refused.content.decode()
    assert Round.objects.get(pk=draft.pk).draft


@pytest.mark.django_db
def test_each_api_answer_gives_the_basis_of_the_next_change(draft, organiser):
    api = desk(organiser)
    url = f"/api/events/{draft.event.slug}/rounds/1/"
    revision = api.get(url).json()["revision"]
    repaired = api.post(
        f"{url}repair/", {"differently": True, "basis": revision}, "application/json"
    )
    assert repaired.status_code == 200, repaired.content
    again = repaired.json()["revision"]
    assert again == revision + 1
    assert api.post(f"{url}publish/", {"basis": revision}, "application/json").status_code == 409
    published = api.post(f"{url}publish/", {"basis": again}, "application/json")
    assert published.status_code == 200, published.content
    assert published.json()["draft"] is False
    assert api.post(f"{url}publish/", {}, "application/json").status_code == 409  # already
