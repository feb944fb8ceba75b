"""A stateful model of running an event by the life cycle's offers alone: an organiser
takes only the actions the event page offers (``tournaments.lifecycle.next_actions``),
through the pages' own addresses, while players report results, drop out (and are put
back in) and join late, and the organiser edits the planned rounds and overrides
results. An event may pair automatically: the worker's task, run after every step,
pairs the next round when the last result is in. After every step: every offered action
is one the event allows, the primary is the life cycle's, no to-do outlives its cause,
and the event can still be finished by offered actions alone; a finished event's
standings count every round played."""

import itertools
import random
from datetime import UTC, datetime

import pytest
from django.contrib.messages import constants, get_messages
from django.test import Client
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from games.catalogue_games import do_add_catalogue_game
from tests.state_machines import model_settings
from tests.tournaments.helpers import enter, make_event
from tournaments import lifecycle, tasks
from tournaments.entrants import do_drop_entrant
from tournaments.event_editing import do_edit_event
from tournaments.models import Entrant, Event, SeatResult, Table
from tournaments.open_league import do_log_game
from tournaments.results import SeatOutcome, do_record_result
from tournaments.todo import todo_for

pytestmark = pytest.mark.django_db
Act, Stage = lifecycle.Act, lifecycle.Stage
COUNTER = itertools.count()
NOW = datetime(2026, 1, 1, tzinfo=UTC)

FORMATS = [
    ("swiss", {}),
    ("swiss", {"cut": 4}),
    ("swiss", {"cut": 2}),
    ("round-robin", {}),
    ("knockout", {}),
    ("double-elimination", {}),
    ("ladder", {}),
    ("open", {}),
]


def report(table: Table, rng: random.Random) -> None:
    """A table's result, places at random (ties included where the table is bigger)."""
    seats = list(table.seats.order_by("position"))
    places = list(range(1, len(seats) + 1))
    rng.shuffle(places)
    if len(seats) > 2 and rng.random() < 0.2:
        places[1] = places[0]
    outcomes = [SeatOutcome(s.position, 50 - 5 * p, p) for s, p in zip(seats, places, strict=True)]
    do_record_result(table, outcomes, source="organiser")


class RunningAnEvent(RuleBasedStateMachine):
    def __init__(self, league, organiser, big_game, sent):
        super().__init__()
        self.league, self.organiser, self.big_game = league, organiser, big_game
        self.sent, self.ran = sent, len(sent)
        self.client = Client()
        self.client.force_login(organiser)
        self.event = None
        self.rng = random.Random(0)

    @precondition(lambda self: self.event is None)
    @rule(
        fmt=st.sampled_from(FORMATS),
        table_size=st.integers(2, 6),
        players=st.integers(0, 9),
        rounds=st.integers(1, 4),
        check_in=st.booleans(),
        review=st.booleans(),
        automatic=st.booleans(),
        seed=st.integers(0, 1000),
    )
    def create(self, fmt, table_size, players, rounds, check_in, review, automatic, seed):
        key, options = fmt
        if key in ("knockout", "double-elimination", "open"):
            table_size = min(table_size, 4)
        # Call to Glory seats 2 to 4; tables of 5 and 6 play a catalogue game.
        game = {"game": self.big_game} if table_size > 4 else {}
        self.rng = random.Random(seed)
        self.event = make_event(
            self.league,
            self.organiser,
            players=players,
            table_size=table_size,
            format=key,
            format_options=options,
            rounds_planned=rounds,
            check_in=check_in,
            review_pairings=review,
            pairs_automatically=automatic,
            slug=f"model-{next(COUNTER)}",
            seed=seed,
            **game,
        )
        if check_in:
            Entrant.objects.filter(event=self.event).update(checked_in_at=None)
            checked = list(Entrant.objects.filter(event=self.event))[: players // 2 + 1]
            Entrant.objects.filter(pk__in=[e.pk for e in checked]).update(checked_in_at=NOW)

    def the_worker_runs(self) -> None:
        """The automatic pairings sent since the last look, run as the worker would
        (the test's transaction never commits, so nothing reaches a broker)."""
        while self.ran < len(self.sent):
            name, args = self.sent[self.ran]
            self.ran += 1
            if name == tasks.pair_next_round.name:
                tasks.pair_next_round.run(*args)

    def offers(self):
        self.event.refresh_from_db()
        return lifecycle.next_actions(self.event, self.organiser)

    def take(self, offer: lifecycle.Offer) -> None:
        """Do what the offer's button does, through the page's own address, and check
        that it was carried out (no error message, the page moved on)."""
        before = lifecycle.state_of(self.event)
        if offer.act == Act.ADD_ENTRANTS:  # people at the desk: here, so checked in
            added = enter(self.event, 2, prefix=f"late{next(COUNTER)}")
            Entrant.objects.filter(pk__in=[e.pk for e in added]).update(checked_in_at=NOW)
        elif offer.act == Act.ENTER_RESULTS:
            missing = Table.objects.filter(
                round__event=self.event, round__draft=False, is_bye=False, result__isnull=True
            )
            for table in missing.order_by("pk"):
                report(table, self.rng)
            self.the_worker_runs()
        elif offer.act == Act.LOG_GAME:
            active = list(self.event.entrants.filter(status=Entrant.Status.ACTIVE))
            seats = self.rng.sample(active, min(len(active), self.event.table_size))
            do_log_game(self.event, [(e.pk, 10 - i, i + 1) for i, e in enumerate(seats)])
        else:
            data = {}
            if offer.needs_reason:
                data["override_reason"] = "the model says so"
            if offer.top:
                data["top"] = str(offer.top)
            response = self.client.post(offer.url, data)
            assert response.status_code == 302, (offer, response.status_code)
            errors = [
                m.message for m in get_messages(response.wsgi_request) if m.level == constants.ERROR
            ]
            assert errors == [], (offer.act, before, errors)
        self.event.refresh_from_db()
        assert lifecycle.state_of(self.event) != before or offer.act == Act.LOG_GAME, offer

    @precondition(lambda self: self.event is not None)
    @rule(choice=st.integers(0, 10))
    def organiser_acts(self, choice):
        offers = self.offers()
        if offers:
            self.take(offers[choice % len(offers)])

    @precondition(lambda self: self.event is not None)
    @rule()
    def organiser_takes_the_primary_action(self):
        offers = self.offers()
        if offers:
            self.take(offers[0])

    @precondition(lambda self: self.event is not None)
    @rule(which=st.integers(0, 100))
    def a_player_drops(self, which):
        self.event.refresh_from_db()
        if self.event.is_finished or self.event.is_archived:
            return
        active = list(self.event.entrants.filter(status=Entrant.Status.ACTIVE).order_by("pk"))
        if len(active) > 2:
            do_drop_entrant(active[which % len(active)])

    @precondition(lambda self: self.event is not None)
    @rule(which=st.integers(0, 100))
    def a_dropped_player_is_put_back_in(self, which):
        """By the organiser, with the entrants page's button: back from the next round,
        or refused while the event is finished."""
        self.event.refresh_from_db()
        dropped = list(self.event.entrants.filter(status=Entrant.Status.DROPPED).order_by("pk"))
        if not dropped:
            return
        entrant = dropped[which % len(dropped)]
        self.client.post(f"/events/{self.event.slug}/entrants/{entrant.pk}/reinstate/")
        entrant.refresh_from_db()
        assert entrant.is_active != self.event.is_finished

    @precondition(lambda self: self.event is not None)
    @rule()
    def a_late_entry(self):
        self.event.refresh_from_db()
        if not self.event.is_finished:
            enter(self.event, 1, prefix=f"walkin{next(COUNTER)}")

    @precondition(lambda self: self.event is not None)
    @rule(rounds=st.integers(1, 5))
    def the_planned_rounds_are_edited(self, rounds):
        self.event.refresh_from_db()
        if not self.event.is_finished:
            do_edit_event(self.event, self.organiser, rounds_planned=rounds)

    @precondition(lambda self: self.event is not None)
    @rule()
    def a_result_is_overridden(self):
        self.event.refresh_from_db()
        if self.event.is_finished:
            return
        played = Table.objects.filter(round__event=self.event, result__isnull=False)
        table = played.exclude(is_bye=True).order_by("-pk").first()
        if table is not None:
            report(table, self.rng)
            self.the_worker_runs()

    @invariant()
    def offers_follow_the_life_cycle(self):
        if self.event is None:
            return
        self.event.refresh_from_db()
        state = lifecycle.state_of(self.event)
        offers = lifecycle.next_actions(self.event, self.organiser, state)
        assert [o.act for o in offers] == state.acts
        assert [o.primary for o in offers] == [i == 0 for i in range(len(offers))]
        assert state.stage not in (Stage.FINISHED, Stage.ARCHIVED) or not [
            item for item in todo_for(self.organiser) if item.event == self.event
        ]

    @invariant()
    def it_can_still_be_finished(self):
        """Taking the primary action (entering results where they are missing) finishes
        the event within a bounded number of steps; checked on a copy of the state by
        walking it in a savepoint that is rolled back."""
        if self.event is None:
            return
        from django.db import transaction

        with transaction.atomic():
            point = transaction.savepoint()
            try:
                self.walk_to_the_end()
            finally:
                transaction.savepoint_rollback(point)

    def walk_to_the_end(self):
        for _ in range(40):
            self.event.refresh_from_db()
            state = lifecycle.state_of(self.event)
            if state.stage == Stage.FINISHED:
                self.check_final_standings()
                return
            if state.stage == Stage.LOGGING and not state.running:
                self.take(lifecycle.next_actions(self.event, self.organiser, state)[0])
                continue
            offers = lifecycle.next_actions(self.event, self.organiser, state)
            assert offers, state
            primary = offers[0]
            if primary.act == Act.REOPEN:
                return
            if primary.act == Act.LOG_GAME:
                finish = [o for o in offers if o.act == Act.FINISH]
                primary = finish[0] if finish else primary
            if primary.act == Act.DROP_NO_SHOWS:
                self.take(primary)
                continue
            self.take(primary)
        raise AssertionError(f"not finished after 40 primary actions: {state}")

    def check_final_standings(self):
        """Every result recorded counts in the standings: the games an entrant has are
        the tables they sat at that have their result (byes aside)."""
        from standings.computing import compute_standings

        rows = {row["entrant_id"]: row for row in compute_standings(self.event)}
        played = {}
        for entrant_id in SeatResult.objects.filter(
            result__table__round__event=self.event, result__table__is_bye=False
        ).values_list("entrant_id", flat=True):
            played[entrant_id] = played.get(entrant_id, 0) + 1
        for entrant_id, games in played.items():
            assert rows[entrant_id]["games"] == games, (entrant_id, rows[entrant_id], games)
        assert Event.objects.get(pk=self.event.pk).status == Event.Status.FINISHED


def test_an_event_run_by_its_offers_alone_can_always_be_finished(league, organiser, tasks_sent):
    big = do_add_catalogue_game(
        organiser, name="Six Seats", min_players=2, max_players=6, scoring="low", ties="share"
    )
    # The suite runs a fixed set of examples (reproducible in CI); a longer search:
    # LIFECYCLE_MODEL_EXAMPLES=200 pytest tests/tournaments/test_lifecycle_model.py
    RunningAnEvent.TestCase.settings = model_settings(
        "LIFECYCLE_MODEL_EXAMPLES", examples=12, steps=6
    )
    from hypothesis.stateful import run_state_machine_as_test

    run_state_machine_as_test(
        lambda: RunningAnEvent(league, organiser, big.key, tasks_sent),
        settings=RunningAnEvent.TestCase.settings,
    )
