"""A stateful model of an open table and a challenge (hypothesis): four people join,
leave, accept and decline in any order, the creators withdraw. After every step the
site agrees with a plain model:

- a table never holds more people than its seats, each person once, in the order they
  came (seats 0, 1, 2, … with no gap), its creator first;
- the join that fills it starts exactly one game, with those people in that order, and
  nothing changes a started, declined or withdrawn table or challenge again;
- a challenge starts once every person invited has accepted, never before, and one
  decline ends it;
- a refused step changes nothing.
"""

import itertools

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from lib.refusal import Refusal
from play.challenges import (
    do_accept,
    do_challenge,
    do_decline,
    do_join,
    do_leave_table,
    do_open_table,
)
from play.models import Challenge, ChallengeSeat, Game
from play.starting import Clock, Taker

NUMBERS = itertools.count()
PEOPLE = st.integers(0, 3)


def state_of(challenge: Challenge) -> tuple:
    challenge.refresh_from_db()
    seats = tuple(
        ChallengeSeat.objects.filter(challenge=challenge)
        .order_by("position")
        .values_list("position", "user_id", "accepted")
    )
    return challenge.status, challenge.game_id, seats


class OpenTableLife(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        n = next(NUMBERS)
        users = get_user_model().objects
        self.people = [
            users.create_user(username=f"t{n}x{k}", password="pw", display_name=name)
            for k, name in enumerate(["Ann", "Ben", "Cat", "Dan"])
        ]
        self.size = 2 + n % 3
        self.table = do_open_table(self.people[0], self.size, {"rounds": 1}, Clock())
        self.seated = [0]
        self.table_status = Challenge.Status.OPEN
        takers = [Taker(str(p), user=p) for p in self.people[1:4]]
        self.challenge = do_challenge(self.people[1], takers, {"rounds": 1}, Clock())
        self.waiting = {2, 3}
        self.challenge_status = Challenge.Status.OPEN

    def act(self, challenge, action, *args) -> bool:
        """Run a step; refused, it must have changed nothing. Whether it was done."""
        before = state_of(challenge)
        try:
            action(*args)
        except (Refusal, PermissionDenied):
            assert state_of(challenge) == before, "a refused step changed something"
            return False
        return True

    @rule(who=PEOPLE)
    def join(self, who):
        done = self.act(self.table, do_join, self.people[who], self.table.pk)
        may = self.table_status == Challenge.Status.OPEN and who not in self.seated
        assert done == may
        if done:
            self.seated.append(who)
            if len(self.seated) == self.size:
                self.table_status = Challenge.Status.STARTED

    @rule(who=PEOPLE)
    def leave(self, who):
        done = self.act(self.table, do_leave_table, self.people[who], self.table.pk)
        assert done == (self.table_status == Challenge.Status.OPEN and who in self.seated)
        if done and who == 0:
            self.table_status = Challenge.Status.WITHDRAWN
        elif done:
            self.seated.remove(who)

    @rule(who=PEOPLE)
    def accept(self, who):
        done = self.act(self.challenge, do_accept, self.people[who], self.challenge.pk)
        invited = who in (1, 2, 3)
        open_ = self.challenge_status == Challenge.Status.OPEN
        started = self.challenge_status == Challenge.Status.STARTED
        assert done == (invited and (open_ or started))
        if done and open_:
            self.waiting.discard(who)
            if not self.waiting:
                self.challenge_status = Challenge.Status.STARTED

    @rule(who=PEOPLE)
    def decline(self, who):
        done = self.act(self.challenge, do_decline, self.people[who], self.challenge.pk)
        invited = who in (1, 2, 3)
        assert done == (invited and self.challenge_status == Challenge.Status.OPEN)
        if done:
            self.challenge_status = (
                Challenge.Status.WITHDRAWN if who == 1 else Challenge.Status.DECLINED
            )

    @invariant()
    def the_table_agrees_with_the_model(self):
        status, game_id, seats = state_of(self.table)
        assert status == self.table_status
        if status == Challenge.Status.WITHDRAWN:
            return
        assert [user for _, user, _ in seats] == [self.people[w].pk for w in self.seated]
        assert [position for position, _, _ in seats] == list(range(len(seats)))
        assert len(seats) <= self.size
        if status == Challenge.Status.STARTED:
            game = Game.objects.get(pk=game_id)
            assert [s.user_id for s in game.seats.all()] == [user for _, user, _ in seats]
        else:
            assert game_id is None

    @invariant()
    def the_challenge_agrees_with_the_model(self):
        status, game_id, seats = state_of(self.challenge)
        assert status == self.challenge_status
        assert (game_id is not None) == (status == Challenge.Status.STARTED)
        if status == Challenge.Status.OPEN:
            waiting = {k + 1 for k, (_, _, accepted) in enumerate(seats) if not accepted}
            assert waiting == self.waiting

    @invariant()
    def one_game_each_at_most(self):
        games = Game.objects.filter(seats__user=self.people[0]).distinct().count()
        assert games == (self.table_status == Challenge.Status.STARTED)


@pytest.mark.django_db
def test_open_tables_and_challenges_keep_their_seats_and_start_one_game():
    OpenTableLife.TestCase.settings = settings(
        max_examples=15,
        stateful_step_count=12,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    OpenTableLife.TestCase().runTest()
