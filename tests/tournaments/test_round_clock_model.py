"""A stateful model of the round clock (hypothesis), on its pure arithmetic: an
organiser starts, pauses, resumes and extends it in any order while time passes. After
every step what the clock says is left equals the model's (time counted only while it
runs, plus every extension), and an action is refused exactly when the model says it
is impossible, changing nothing."""

from datetime import UTC, datetime, timedelta

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from lib.refusal import Refusal
from tournaments.models import Round
from tournaments.round_clock import ACTIONS, Change, ClockAction, seconds_left

MINUTES = st.integers(min_value=1, max_value=120)


class Clock(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.round = Round(number=1, clock_extra={})
        self.now = datetime(2026, 11, 26, 18, 0, tzinfo=UTC)
        self.started = False
        self.running = False
        self.left = 0.0  # seconds, per the model

    def act(self, action: str, minutes: int | None = None, possible: bool = True) -> None:
        before = (self.round.clock_ends_at, self.round.clock_paused_at)
        try:
            ACTIONS[action](self.round, Change(self.now, minutes))
        except Refusal:
            assert not possible, f"{action} refused"
            assert (self.round.clock_ends_at, self.round.clock_paused_at) == before
            return
        assert possible, f"{action} carried out though impossible"

    @rule(seconds=st.integers(min_value=0, max_value=4000))
    def time_passes(self, seconds):
        self.now += timedelta(seconds=seconds)
        if self.running:
            self.left -= seconds

    @rule(minutes=MINUTES)
    def start(self, minutes):
        self.act(ClockAction.START, minutes, possible=not self.started)
        if not self.started:
            self.started = self.running = True
            self.left = 60.0 * minutes

    @rule()
    def pause(self):
        self.act(ClockAction.PAUSE, possible=self.running)
        self.running = False

    @rule()
    def resume(self):
        self.act(ClockAction.RESUME, possible=self.started and not self.running)
        self.running = self.started

    @rule(minutes=MINUTES)
    def extend(self, minutes):
        self.act(ClockAction.EXTEND, minutes, possible=self.started)
        if self.started:
            self.left += 60 * minutes

    @invariant()
    def what_is_left_is_the_models(self):
        left = seconds_left(self.round, self.now)
        if not self.started:
            assert left is None
        else:
            assert abs(left - self.left) < 1e-6
            assert (self.round.clock_paused_at is None) == self.running


TestRoundClock = Clock.TestCase
