"""A stateful model of the ratings following the results (hypothesis): results are
recorded at two events of one league, some replacing one already rated, some late
(stamped before the last result rated: a write that committed after an update ran),
and the ratings are updated in between, rating only the new results. After every
update the stored ratings, the league's and the game's across leagues, are exactly
what a rebuild from every result gives: float for float, games and history alike."""

import itertools
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, rule

from standings.ratings import computed, do_update_ratings, stored
from tests.threads import InThread
from tests.tournaments.helpers import make_event
from tournaments.models import Entrant, League, RatingsMark, Result
from tournaments.pairing import do_pair_round
from tournaments.results import SeatOutcome, do_record_result

NUMBERS = itertools.count()
PEOPLE = 6


class RatingsFollow(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        n = next(NUMBERS)
        users = get_user_model().objects
        people = [users.create_user(username=f"r{n}x{k}") for k in range(PEOPLE)]
        self.league = League.objects.create(name=f"L{n}", slug=f"ratings-{n}", created_by=people[0])
        self.tables = []
        for e in range(2):
            event = make_event(
                self.league, people[0], table_size=2, review_pairings=False, slug=f"r{n}-{e}"
            )
            Entrant.objects.bulk_create(Entrant(event=event, user=p, name=str(p)) for p in people)
            self.tables += list(do_pair_round(event).tables.order_by("number"))
        self.game = self.tables[0].round.event.game

    @rule(table=st.integers(0, 5), first_wins=st.booleans(), late=st.booleans())
    def record(self, table, first_wins, late):
        """A result, new or replacing one; ``late``: stamped before the last result
        rated (the write stamped it, then committed after an update had run)."""
        places = (1, 2) if first_wins else (2, 1)
        outcomes = [SeatOutcome(seat, 10 * place, place) for seat, place in enumerate(places)]
        result = do_record_result(self.tables[table], outcomes, source="organiser")
        mark = RatingsMark.objects.filter(league=self.league, game=self.game).first()
        if late and mark is not None and mark.recorded_at is not None:
            stamp = mark.recorded_at - timedelta(microseconds=1)
            Result.objects.filter(pk=result.pk).update(recorded_at=stamp)

    @rule()
    def update(self):
        do_update_ratings(self.league.pk, self.game)
        for league in (self.league.pk, None):
            assert stored(league, self.game) == computed(league, self.game)


@pytest.mark.django_db
def test_ratings_follow_the_new_results_as_a_rebuild_would():
    RatingsFollow.TestCase.settings = settings(
        max_examples=15,
        stateful_step_count=20,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    RatingsFollow.TestCase().runTest()


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_updates_at_once_take_turns_and_agree_with_a_rebuild():
    """Two workers updating one league's ratings at once (two events' standings runs):
    the mark's row makes them take turns; the first creates it, the second finds it."""
    machine = RatingsFollow()
    for table in range(6):
        machine.record(table, first_wins=table % 2 == 0, late=False)
    updates = [InThread(lambda: do_update_ratings(machine.league.pk, machine.game)) for _ in "ab"]
    assert [update.finish().error for update in updates] == [None, None]
    for league in (machine.league.pk, None):
        assert stored(league, machine.game) == computed(league, machine.game)
    assert RatingsMark.objects.filter(league=machine.league, game=machine.game).count() == 1
