"""A stateful model of check-in every round: players check in (or not) for their round,
the window closes (its time up, by the beat task, or early by the organiser when the
life cycle offers it), players enter results, the organiser undoes forfeits with a
reason and pairs the next round when the life cycle offers it; two no-shows in a row
drop. After every step: no standing forfeit for a player who checked in; no result
without a person behind it (the players' or an organiser's entry, or the forfeit rule's
win for the one player who checked in) or the organiser's reason (a void); an entrant
dropped as a no-show has two standing forfeits in a row; the event always has a way on."""

import itertools
from datetime import timedelta

import pytest
from django.utils import timezone
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
from tournaments import lifecycle
from tournaments.models import Entrant, Forfeit, Result, Round, RoundCheckIn, Seat
from tournaments.pairing import do_pair_round
from tournaments.results import SeatOutcome, do_record_result
from tournaments.round_check_in import do_check_in_for_round, window_open
from tournaments.round_forfeits import do_close_check_in, do_undo_forfeit
from tournaments.tasks import close_due_check_ins

pytestmark = pytest.mark.django_db
Act = lifecycle.Act
COUNTER = itertools.count()


class CheckingInEveryRound(RuleBasedStateMachine):
    def __init__(self, league, organiser):
        super().__init__()
        self.league, self.organiser = league, organiser
        self.event = None

    @precondition(lambda self: self.event is None)
    @rule(
        players=st.integers(2, 7),
        table_size=st.sampled_from([2, 3, 4]),
        drops=st.booleans(),
    )
    def create(self, players, table_size, drops):
        self.event = make_event(
            self.league,
            self.organiser,
            players=players,
            table_size=table_size,
            rounds_planned=4,
            round_check_in=5,
            no_show_drops=drops,
            review_pairings=False,
            slug=f"check-in-model-{next(COUNTER)}",
        )

    def state(self):
        self.event.refresh_from_db()
        return lifecycle.state_of(self.event)

    def latest(self):
        return self.event.rounds.order_by("-number").first()

    @precondition(lambda self: self.event is not None)
    @rule()
    def pair_when_offered(self):
        state = self.state()
        if Act.PAIR in state.acts:
            do_pair_round(self.event, by=self.organiser)

    @precondition(lambda self: self.event is not None)
    @rule(pick=st.integers(0, 50))
    def a_player_checks_in(self, pick):
        round_ = self.latest()
        if round_ is None or not window_open(round_):
            return
        seats = list(Seat.objects.filter(table__round=round_, table__is_bye=False))
        entrant = seats[pick % len(seats)].entrant
        do_check_in_for_round(round_, entrant, by=entrant.user)

    @precondition(lambda self: self.event is not None)
    @rule(early=st.booleans())
    def the_window_closes(self, early):
        round_ = self.latest()
        if round_ is None or round_.check_in_closed_at is not None:
            return
        if early:
            if Act.CLOSE_CHECK_IN in self.state().acts:
                do_close_check_in(round_, by=self.organiser)
            return
        Round.objects.filter(pk=round_.pk).update(
            check_in_closes_at=timezone.now() - timedelta(seconds=1)
        )
        close_due_check_ins()

    @precondition(lambda self: self.event is not None)
    @rule(pick=st.integers(0, 50))
    def players_enter_a_result(self, pick):
        """Who came (checked in) enter their table's result once the window is closed;
        a table with nobody who came is voided by the organiser, with a reason."""
        round_ = self.latest()
        if round_ is None or round_.check_in_closed_at is None:
            return
        open_tables = list(round_.tables.filter(is_bye=False, result__isnull=True))
        if not open_tables:
            return
        table = open_tables[pick % len(open_tables)]
        seats = list(table.seats.order_by("position"))
        here = set(RoundCheckIn.objects.filter(round=round_).values_list("entrant_id", flat=True))
        came = [s for s in seats if s.entrant_id in here]
        outcomes = [SeatOutcome(s.position, 10 - s.position, s.position + 1) for s in seats]
        if came:
            do_record_result(table, outcomes, source="players", by=came[0].entrant.user)
        else:
            from tournaments.results import do_record_void

            do_record_void(table, self.organiser, {"reason": "nobody came"})

    @precondition(lambda self: self.event is not None)
    @rule(pick=st.integers(0, 50), reason=st.sampled_from(["", "late train"]))
    def the_organiser_undoes_a_forfeit(self, pick, reason):
        forfeits = list(Forfeit.objects.filter(round__event=self.event, undone_at__isnull=True))
        if not forfeits:
            return
        forfeit = forfeits[pick % len(forfeits)]
        try:
            do_undo_forfeit(forfeit, self.organiser, reason)
        except Refusal:
            forfeit.refresh_from_db()
            assert forfeit.stands  # refused: nothing changed
            return
        assert reason  # an undo without a reason is refused

    @invariant()
    def no_forfeit_for_a_player_who_checked_in(self):
        if self.event is None:
            return
        for forfeit in Forfeit.objects.filter(round__event=self.event, undone_at__isnull=True):
            assert not RoundCheckIn.objects.filter(
                round=forfeit.round_id, entrant=forfeit.entrant_id
            ).exists()

    @invariant()
    def no_result_without_a_person_or_a_reason(self):
        if self.event is None:
            return
        for result in Result.objects.filter(table__round__event=self.event):
            if result.detail.get("void"):
                assert result.recorded_by_id and result.detail.get("reason")
                continue
            if result.source != Result.Source.FORFEIT:
                assert result.recorded_by_id is not None
                continue
            here = RoundCheckIn.objects.filter(round=result.table.round_id)
            winners = result.seats.filter(place=1)
            assert winners.count() == 1
            assert here.filter(entrant=winners.get().entrant_id).exists()
            for seat in result.seats.exclude(place=1):
                assert Forfeit.objects.filter(
                    table=result.table_id, entrant=seat.entrant_id, undone_at__isnull=True
                ).exists()

    @invariant()
    def a_no_show_drop_follows_two_forfeits_in_a_row(self):
        if self.event is None:
            return
        dropped = Entrant.objects.filter(event=self.event, drop_reason=Entrant.DropReason.NO_SHOW)
        for entrant in dropped.filter(status=Entrant.Status.DROPPED):
            standing = Forfeit.objects.filter(entrant=entrant, undone_at__isnull=True)
            assert standing.filter(dropped=True).exists()
            assert standing.count() >= 2

    @invariant()
    def the_event_has_a_way_on(self):
        if self.event is not None:
            assert self.state().acts


def test_check_in_every_round_keeps_its_promises(league, organiser):
    run_state_machine_as_test(
        lambda: CheckingInEveryRound(league, organiser),
        settings=model_settings("CHECK_IN_MODEL_EXAMPLES", examples=15, steps=20),
    )
