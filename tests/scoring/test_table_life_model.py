"""A stateful model of a table's life (hypothesis): three players and an organiser open
pages, and act from them later, fresh or stale, in any order: enter rounds, take one
back, confirm, dispute, settle, override, start the table's game on the site and leave
it (everyone gone: abandoned). After every step:

- no round is lost or doubled: a saved round lands exactly at the round its page
  showed, and a refused write changes nothing at all;
- a write made against an entry that has changed since its page was opened is refused;
- the official result is exactly an agreed entry's: confirmed by every other registered
  player, or accepted or overridden by the organiser with a reason;
- the audit log holds an entry for every change;
- one road at a time: no hand entry lands while the site game is under way, the site
  game never starts while an entry is, and an abandoned game decides nothing.
"""

import itertools
from dataclasses import dataclass

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import Bundle, RuleBasedStateMachine, invariant, rule

from lib.refusal import Refusal
from play.models import Game
from play.moving import do_leave
from play.starting import do_start_table_game
from scoring.deciding import (
    do_confirm_result,
    do_dispute_result,
    do_override_result,
    do_resolve_dispute,
)
from scoring.entering import do_enter_result, do_take_back_round
from scoring.models import AuditEntry, Confirmation, Submission
from scoring.submissions import current_entry
from tournaments.models import Entrant, Event, League, Result, Round, Season, Seat, Table

KIND = Submission.Kind.GLORY_TABLE
A = {"sets": [{"20": 3}, {"18": 2}, {"16": 3}]}
B = {"sets": [{"16": 3}, {"20": 3}, {"18": 2}]}
C = {"scores": [60, 36, 0]}
ROUNDS = st.sampled_from([A, B, C])
ORGANISER = 3
NUMBERS = itertools.count()


@dataclass(frozen=True)
class Page:
    """What one person saw when they opened a page: the round the entry page offered
    and the basis of the entry the table page showed."""

    who: int
    round: int
    basis: str
    entry: int | None


def snapshot(table) -> tuple:
    """Everything a write may change at the table."""
    entries = tuple(
        Submission.objects.filter(table=table)
        .order_by("pk")
        .values_list("pk", "status", "entry", "revision")
    )
    result = Result.objects.filter(table=table).first()
    official = (
        None
        if result is None
        else (result.source, tuple(result.seats.order_by("position").values_list("score", "place")))
    )
    confirmations = Confirmation.objects.filter(submission__table=table).count()
    return entries, official, confirmations


class TableLife(RuleBasedStateMachine):
    pages = Bundle("pages")

    def __init__(self):
        super().__init__()
        n = next(NUMBERS)
        users = get_user_model().objects
        self.people = [
            users.create_user(username=f"p{n}x{k}", display_name=name)
            for k, name in enumerate(["Ann", "Ben", "Cat"])
        ]
        self.people.append(users.create_user(username=f"o{n}", display_name="Olivia"))
        league = League.objects.create(
            name=f"League {n}", slug=f"league-{n}", created_by=self.people[ORGANISER]
        )
        event = Event.objects.create(
            season=Season.objects.create(league=league, name="Autumn"),
            name=f"Open {n}",
            slug=f"open-{n}",
            table_size=3,
            rounds_planned=1,
            points_by_place=[3, 1, 0],
            rules_options={"rounds": 2},
            created_by=self.people[ORGANISER],
        )
        round_ = Round.objects.create(event=event, number=1)
        self.table = Table.objects.create(round=round_, number=1)
        for position, person in enumerate(self.people[:ORGANISER]):
            entrant = Entrant.objects.create(event=event, user=person, name=str(person))
            Seat.objects.create(table=self.table, entrant=entrant, position=position)
        self.before = snapshot(self.table)
        self.audits = 0

    # -- what a page shows ---------------------------------------------------------
    @rule(target=pages, who=st.integers(0, ORGANISER))
    def open_page(self, who):
        entry = current_entry(self.table)
        rounds = entry.rounds if entry is not None and entry.kind == KIND else []
        return Page(who, len(rounds) + 1, entry.basis if entry else "", entry and entry.pk)

    # -- acting from it, perhaps long after ----------------------------------------
    def act(self, action, *args, **kwargs):
        """Run a write; refused, it must have changed nothing."""
        self.before = snapshot(self.table)
        audits = AuditEntry.objects.filter(table=self.table).count()
        try:
            done = action(*args, **kwargs)
        except Refusal:
            assert snapshot(self.table) == self.before, "a refused write changed something"
            return None
        except PermissionDenied:  # a person the step is not for
            assert snapshot(self.table) == self.before
            return None
        if snapshot(self.table) != self.before:
            assert AuditEntry.objects.filter(table=self.table).count() > audits, "not audited"
        return done

    def site_game(self) -> Game | None:
        return Game.objects.filter(table=self.table).first()

    def stale(self, page: Page) -> bool:
        entry = current_entry(self.table)
        return page.basis != (entry.basis if entry else "")

    @rule(page=pages, content=ROUNDS)
    def enter_round(self, page, content):
        game = self.site_game()
        playing = game is not None and game.is_playing
        before = current_entry(self.table)
        saved = list(before.rounds) if before is not None else []
        entered = self.act(
            do_enter_result, self.table, KIND, content, self.people[page.who],
            round_number=page.round,
        )  # fmt: skip
        if entered is None:
            return
        assert not playing, "a hand entry landed while the site game was under way"
        after = entered.submission.rounds
        if entered.agreed:
            assert after == saved and saved[page.round - 1] == content
        else:
            assert page.round == len(saved) + 1, "a round saved as another round"
            assert after == [*saved, content], "a round lost or doubled"

    @rule(page=pages)
    def take_back(self, page):
        stale = self.stale(page)
        self.act(do_take_back_round, self.table, self.people[page.who], basis=page.basis)
        assert not (stale and snapshot(self.table) != self.before), "a stale take-back applied"

    @rule(page=pages)
    def confirm(self, page):
        entry = Submission.objects.filter(pk=page.entry).first()
        if entry is None:  # taken back meanwhile: the page's form would find nothing
            return
        stale = self.stale(page)
        self.act(do_confirm_result, entry, self.people[page.who], basis=page.basis)
        assert not (stale and snapshot(self.table) != self.before), "a stale confirmation applied"

    @rule(page=pages)
    def dispute(self, page):
        entry = Submission.objects.filter(pk=page.entry).first()
        if entry is None:  # taken back meanwhile: the page's form would find nothing
            return
        stale = self.stale(page)
        self.act(do_dispute_result, entry, self.people[page.who], "not so", basis=page.basis)
        assert not (stale and snapshot(self.table) != self.before), "a stale dispute applied"

    @rule(page=pages, accept=st.booleans())
    def settle(self, page, accept):
        entry = Submission.objects.filter(pk=page.entry).first()
        if entry is None:  # taken back meanwhile: the page's form would find nothing
            return
        stale = self.stale(page)
        self.act(
            do_resolve_dispute, entry, self.people[page.who], accept, "checked",
            basis=page.basis,
        )  # fmt: skip
        assert not (stale and snapshot(self.table) != self.before), "a stale settlement applied"

    @rule(page=pages, first=ROUNDS, second=ROUNDS)
    def override(self, page, first, second):
        stale = self.stale(page)
        done = self.act(
            do_override_result, self.table, KIND, {"rounds": [first, second]},
            self.people[page.who], "the scoresheet says so", basis=page.basis,
        )  # fmt: skip
        assert not (stale and snapshot(self.table) != self.before), "a stale override applied"
        game = self.site_game()
        if done is not None and game is not None:
            assert not game.is_playing, "an override left the site game running"

    @rule(who=st.integers(0, ORGANISER - 1))
    def start_site_game(self, who):
        under_way = current_entry(self.table)
        busy = under_way is not None and under_way.is_unsettled
        settled = Result.objects.filter(table=self.table).exists()
        had_game = self.site_game() is not None
        game = self.act(do_start_table_game, self.people[who], self.table)
        if game is not None:
            assert not (busy or settled or had_game), "a second road opened"

    @rule(who=st.integers(0, ORGANISER - 1))
    def leave_site_game(self, who):
        game = self.site_game()
        if game is None:
            return
        self.act(do_leave, self.people[who], game.pk)
        game.refresh_from_db()
        if game.is_abandoned:
            assert not Result.objects.filter(
                table=self.table, detail__played_game=game.pk
            ).exists(), "an abandoned game decided the result"

    # -- what must always hold -------------------------------------------------------
    @invariant()
    def the_official_result_is_an_agreed_entry(self):
        result = Result.objects.filter(table=self.table).first()
        agreed = Submission.objects.filter(
            table=self.table,
            status__in=[Submission.Status.CONFIRMED, Submission.Status.OVERRIDDEN],
        )
        assert agreed.count() <= 1
        event("an official result" if result else "no official result")
        if result is None:
            assert not agreed.exists()
            return
        entry = agreed.get()
        scores = list(result.seats.order_by("position").values_list("score", flat=True))
        assert scores == entry.answer["totals"]
        assert entry.answer.get("complete", True)
        actions = set(AuditEntry.objects.filter(table=self.table).values_list("action", flat=True))
        event(f"official: {entry.status}")
        if entry.status == Submission.Status.OVERRIDDEN:
            assert AuditEntry.objects.filter(
                table=self.table, action="overridden", reason__gt=""
            ).exists()
            return
        confirmed = set(
            entry.confirmations.filter(decision="confirm").values_list("user_id", flat=True)
        )
        others = {person.pk for person in self.people[:ORGANISER]} - {entry.submitted_by_id}
        assert others <= confirmed or "accepted" in actions, "official without agreement"

    @invariant()
    def one_entry_under_way_at_most(self):
        assert (
            Submission.objects.filter(table=self.table, status__in=Submission.UNSETTLED).count()
            <= 1
        )


@pytest.mark.django_db
def test_a_tables_life_keeps_every_round_and_every_agreement():
    TableLife.TestCase.settings = settings(
        max_examples=20,
        stateful_step_count=20,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    TableLife.TestCase().runTest()
