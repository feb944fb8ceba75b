"""A stateful model of the changes organisers make to a draft round from their pages
(hypothesis): desks open the round's page at whatever revision it has then, and from
any page opened so far swap two seats, pair it again (plainly or differently) or
publish it. A change is carried out exactly when the page it was chosen on shows the
round's current revision (``tournaments.pairing.check_basis``) and the round allows it;
a refused one changes nothing. After every step every entrant sits exactly once, and
the round's seats, revision and draft flag are the model's."""

from collections import Counter

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from lib.refusal import Refusal
from tests.state_machines import model_settings
from tests.tournaments.helpers import make_event
from tournaments.models import Entrant, Round, Seat
from tournaments.pairing import do_pair_round, do_publish_round, do_repair_round, do_swap_seats

pytestmark = pytest.mark.django_db


class DesksOnADraft(RuleBasedStateMachine):
    def __init__(self, league, organiser):
        super().__init__()
        self.league, self.organiser = league, organiser
        self.round = None
        self.pages: list[int] = []  # the revision each open page shows

    @precondition(lambda self: self.round is None)
    @rule(players=st.integers(4, 9), table_size=st.sampled_from([2, 3, 4]))
    def pair(self, players, table_size):
        event = make_event(
            self.league, self.organiser, players=players, table_size=table_size,
            review_pairings=True,
        )  # fmt: skip
        self.round = do_pair_round(event, by=self.organiser)
        self.revision, self.draft = self.round.revision, True
        self.seating = self.stored_seating()

    def stored_seating(self) -> dict[int, int]:
        seats = Seat.objects.filter(table__round=self.round)
        return dict(seats.values_list("pk", "entrant_id"))

    def page(self, index: int) -> int:
        return self.pages[index % len(self.pages)]

    def carried_out(self, change, basis: int, allowed: bool = True) -> bool:
        """Whether ``change`` was carried out; it must be exactly when the page's basis
        is the round's revision and the round allows it."""
        try:
            change()
        except Refusal:
            assert not (allowed and basis == self.revision), "refused from a current page"
            return False
        assert allowed and basis == self.revision, f"done from a page at {basis}"
        self.revision += 1
        return True

    @precondition(lambda self: self.round is not None)
    @rule()
    def open_page(self):
        self.pages.append(self.revision)

    @precondition(lambda self: self.pages)
    @rule(page=st.integers(0, 20), first=st.integers(0, 20), second=st.integers(0, 20))
    def swap(self, page, first, second):
        seats = sorted(self.seating)
        one, other = seats[first % len(seats)], seats[second % len(seats)]
        basis = self.page(page)
        if self.carried_out(
            lambda: do_swap_seats(self.round, one, other, by=self.organiser, basis=basis), basis
        ):
            self.seating[one], self.seating[other] = self.seating[other], self.seating[one]

    @precondition(lambda self: self.pages)
    @rule(page=st.integers(0, 20), differently=st.booleans())
    def pair_again(self, page, differently):
        basis = self.page(page)
        if self.carried_out(
            lambda: do_repair_round(
                self.round, by=self.organiser, differently=differently, basis=basis
            ),
            basis,
        ):
            self.seating = self.stored_seating()

    @precondition(lambda self: self.pages)
    @rule(page=st.integers(0, 20))
    def publish(self, page):
        basis = self.page(page)
        change = lambda: do_publish_round(self.round, by=self.organiser, basis=basis)  # noqa: E731
        if self.carried_out(change, basis, allowed=self.draft):
            self.draft = False

    @invariant()
    def every_entrant_sits_once_where_the_model_says(self):
        if self.round is None:
            return
        stored = Round.objects.get(pk=self.round.pk)
        assert (stored.revision, stored.draft) == (self.revision, self.draft)
        assert self.stored_seating() == self.seating
        active = Entrant.objects.filter(event=self.round.event_id, status="active")
        assert Counter(self.seating.values()) == Counter(active.values_list("pk", flat=True))


def test_changes_from_pages_gone_by_are_refused_and_change_nothing(league, organiser):
    run_state_machine_as_test(
        lambda: DesksOnADraft(league, organiser),
        settings=model_settings("ROUND_CHANGES_MODEL_EXAMPLES", examples=15, steps=20),
    )
