"""An event's life cycle, in one place: the stage it is at, what can be done next and by
whom. The event page's buttons, the to-do list, the API's ``next_actions`` and every
write that moves an event on (pairing, publishing, discarding a draft, the cut,
finishing, reopening) ask it, so a page never offers what a write would refuse and a
write refused here names the stage and what is allowed instead (409).

The stages (docs/lifecycle.md draws them):

- ``setup``: no round yet (registration and check-in may be open);
- ``round-draft``: the latest round is a draft, seen by organisers only;
- ``playing``: the latest round is published and tables still lack a result;
- ``between-rounds``: every table has its result and the format has more to play;
- ``swiss-over``: a Swiss has played its planned rounds and can still be cut;
- ``complete``: the format has played all it plays (a knockout its final);
- ``logging``: an open league, whose games are logged as they are played;
- ``finished`` and ``archived``.

The format says when it is complete (``Format.is_complete``): the planned rounds of a
Swiss or a ladder, every round of a round robin's schedule, a knockout's final, a
double elimination's champion.
"""

from dataclasses import dataclass
from enum import StrEnum

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from lib.refusal import CONFLICT, Refusal
from tournaments.formats import REGISTRY, Contender, PairingRequest, get_format
from tournaments.history import load_history
from tournaments.models import Entrant, Event, Table
from tournaments.permissions import is_event_organiser, is_staff


class Stage(StrEnum):
    SETUP = "setup"
    ROUND_DRAFT = "round-draft"
    PLAYING = "playing"
    BETWEEN_ROUNDS = "between-rounds"
    SWISS_OVER = "swiss-over"
    COMPLETE = "complete"
    LOGGING = "logging"
    FINISHED = "finished"
    ARCHIVED = "archived"


class Act(StrEnum):
    """What an organiser can do to move the event on."""

    ADD_ENTRANTS = "add-entrants"
    DROP_NO_SHOWS = "drop-no-shows"
    PAIR = "pair"
    PAIR_ANYWAY = "pair-anyway"
    PUBLISH = "publish"
    DISCARD = "discard"
    ENTER_RESULTS = "enter-results"
    CUT = "cut"
    EXTRA_ROUND = "extra-round"
    FINISH = "finish"
    REOPEN = "reopen"
    LOG_GAME = "log-game"
    CLOSE_CHECK_IN = "close-check-in"
    ARRANGE_TEAMS = "arrange-teams"


# Pairing with these needs the organiser's reason (the players see it).
NEEDS_REASON = frozenset({Act.PAIR_ANYWAY, Act.EXTRA_ROUND})
# The actions that pair a round.
PAIRING = frozenset({Act.PAIR, Act.PAIR_ANYWAY, Act.EXTRA_ROUND})


@dataclass(frozen=True)
class State:
    stage: Stage
    next_round: int  # the number the next paired round takes
    latest: int  # the latest round's number (0: none)
    missing: int = 0  # tables of the latest round without a result
    no_shows: int = 0  # entrants not checked in before round 1
    active: int = 0  # active entrants
    in_knockout: bool = False  # cut: the knockout of the best is being played
    planned_cut: int = 0  # the Swiss's cut, as its options plan it (0: none)
    # Rounds can be added beyond the format's end (while playing: before it)
    extends: bool = True
    running: bool = False  # the event's status is running
    complete_words: str = ""  # why the format is complete (its own words, untranslated)
    check_in_open: bool = False  # the latest round's check-in (every round) is not closed
    unteamed: int = 0  # a team event: active entrants in no team (nothing pairs them)
    pairs_next: bool = False  # playing: the next round is paired once the last result is in

    @property
    def acts(self) -> list[Act]:
        """What can be done now, the primary action first. In a team event with
        entrants in no team, putting them in teams comes instead of pairing."""
        acts = ACTS[self.stage](self)
        if self.unteamed and PAIRING & set(acts):
            first = next(i for i, act in enumerate(acts) if act in PAIRING)
            rest = [act for act in acts if act not in PAIRING]
            acts = [*rest[:first], Act.ARRANGE_TEAMS, *rest[first:]]
        return acts

    @property
    def primary(self) -> Act | None:
        acts = self.acts
        return acts[0] if acts else None

    def pairing_act(self) -> Act:
        """Which action pairing the next round is at this stage."""
        if self.stage == Stage.SETUP and self.no_shows:
            return Act.PAIR_ANYWAY
        if self.stage == Stage.PLAYING:
            return Act.PAIR_ANYWAY
        if self.stage in (Stage.SWISS_OVER, Stage.COMPLETE):
            return Act.EXTRA_ROUND
        return Act.PAIR


def setup_acts(state: State) -> list[Act]:
    if state.active < 2:
        return [Act.ADD_ENTRANTS]
    if state.no_shows:
        return [Act.DROP_NO_SHOWS, Act.PAIR_ANYWAY]
    return [Act.PAIR]


def finish_if_running(state: State) -> list[Act]:
    return [Act.FINISH] if state.running else []


def swiss_over_acts(state: State) -> list[Act]:
    extra = [Act.EXTRA_ROUND] if state.extends else []
    if state.active < 2:
        return [Act.FINISH, *extra]
    if state.planned_cut:
        return [Act.CUT, Act.FINISH, *extra]
    return [Act.FINISH, Act.CUT, *extra]


ACTS = {
    Stage.SETUP: setup_acts,
    Stage.ROUND_DRAFT: lambda _state: [Act.PUBLISH, Act.DISCARD],
    Stage.PLAYING: lambda state: [
        *([Act.CLOSE_CHECK_IN] if state.check_in_open else []),
        Act.ENTER_RESULTS,
        *([Act.PAIR_ANYWAY] if state.extends else []),
    ],
    # Finishing early is for an evening out of time, not for a bracket without its winner.
    Stage.BETWEEN_ROUNDS: lambda state: [
        Act.PAIR,
        *(finish_if_running(state) if state.extends and not state.in_knockout else []),
    ],
    Stage.SWISS_OVER: swiss_over_acts,
    Stage.COMPLETE: lambda state: [
        Act.FINISH,
        *([Act.EXTRA_ROUND] if state.extends and not state.in_knockout else []),
    ],
    Stage.LOGGING: lambda state: [
        Act.LOG_GAME if state.active >= 2 else Act.ADD_ENTRANTS,
        *finish_if_running(state),
    ],
    Stage.FINISHED: lambda _state: [Act.REOPEN],
    Stage.ARCHIVED: lambda _state: [],
}


def stage_format(event: Event):
    """The format that pairs the event's current stage (after a cut: the knockout)."""
    if event.is_cut:
        return get_format(event.format_type.cut_to)
    return get_format(event.format, event.format_options)


def history_of(event: Event, next_round: int):
    """A loader of what the next round would be paired from, as the format reads it:
    the stage's history and its active entrants (their order is not needed)."""

    def load() -> PairingRequest:
        after = event.cut["after_round"] if event.is_cut else 0
        active = Entrant.objects.filter(event=event, status=Entrant.Status.ACTIVE)
        if event.is_cut:
            active = active.filter(pk__in=event.cut["entrants"])
        return PairingRequest(
            contenders=[Contender(key=key) for key in active.values_list("pk", flat=True)],
            history=load_history(event, before=next_round, after=after),
            table_size=event.table_size,
            round_number=next_round,
            seed=event.seed,
        )

    return load


def state_of(event: Event) -> State:
    """Where ``event`` stands now (a few queries; more only to ask a bracket whether
    its final is played)."""
    fmt_type = REGISTRY[event.format]
    planned_cut = event.format_options.get("cut", 0) if fmt_type.cut_to else 0
    if event.is_archived:
        return State(Stage.ARCHIVED, 0, 0)
    if event.status == Event.Status.FINISHED:
        return State(Stage.FINISHED, 0, 0)
    running = event.status == Event.Status.RUNNING
    entrants = Entrant.objects.filter(event=event, status=Entrant.Status.ACTIVE)
    active = entrants.count()
    if fmt_type.logs_games:
        return State(Stage.LOGGING, 0, 0, active=active, running=running)
    latest = (
        event.rounds.order_by("-number")
        .values_list("number", "draft", "check_in_closes_at", "check_in_closed_at")
        .first()
    )
    common = {"active": active, "planned_cut": planned_cut, "running": running}
    if fmt_type.has_teams and not event.is_cut:
        common["unteamed"] = entrants.filter(team__isnull=True).count()
    if latest is None:
        missing = entrants.filter(checked_in_at__isnull=True).count() if event.check_in else 0
        return State(Stage.SETUP, 1, 0, no_shows=missing, **common)
    number, draft, closes, closed = latest
    common.update(in_knockout=event.is_cut, next_round=number + 1, latest=number)
    if draft:
        return State(Stage.ROUND_DRAFT, **common)
    fmt = stage_format(event)
    played = number - event.cut["after_round"] if event.is_cut else number
    complete = fmt.is_complete(played, event.rounds_planned, history_of(event, number + 1))
    missing = Table.objects.filter(round__event=event, is_bye=False, result__isnull=True)
    missing = missing.count()
    if missing:
        # Pairing on with results missing: only where the next round does not need
        # them (not a bracket) and the format has rounds left to play.
        more = fmt.extends and not complete
        check_in_open = closes is not None and closed is None
        return State(
            Stage.PLAYING,
            missing=missing,
            extends=more,
            check_in_open=check_in_open,
            pairs_next=event.pairs_automatically and not complete and not common.get("unteamed"),
            **common,
        )
    if not complete:
        return State(Stage.BETWEEN_ROUNDS, extends=fmt.extends, **common)
    if fmt_type.cut_to and not event.is_cut:
        return State(Stage.SWISS_OVER, extends=fmt.extends, **common)
    return State(Stage.COMPLETE, extends=fmt.extends, complete_words=fmt.complete_words, **common)


def stage_words(state: State) -> str:
    """The stage in people's words, for a refusal or the API."""
    words = {
        Stage.SETUP: _("no round is paired yet"),
        Stage.ROUND_DRAFT: _("round %(n)s is a draft: publish it or discard it"),
        Stage.PLAYING: ngettext(
            "round %(n)s is being played (%(missing)s table is without a result)",
            "round %(n)s is being played (%(missing)s tables are without a result)",
            state.missing,
        ),
        Stage.BETWEEN_ROUNDS: _("round %(n)s is complete"),
        Stage.SWISS_OVER: _("the planned rounds are played"),
        Stage.COMPLETE: _(state.complete_words),
        Stage.LOGGING: _("games are logged as they are played"),
        Stage.FINISHED: _("the event is finished"),
        Stage.ARCHIVED: _("the event is archived"),
    }[state.stage]
    words = words % {"n": state.latest, "missing": state.missing}
    if state.pairs_next:
        automatic = _("round %(n)s is paired automatically when the last result is in")
        words = "; ".join([words, automatic % {"n": state.next_round}])
    return words


def act_words(act: Act, state: State) -> str:
    """An action's button label."""
    n = state.next_round
    return {
        Act.ADD_ENTRANTS: _("Add entrants"),
        Act.DROP_NO_SHOWS: _("Drop the no-shows"),
        Act.PAIR: _("Pair round %(n)s") % {"n": n},
        Act.PAIR_ANYWAY: (
            _("Pair round 1 anyway")
            if state.stage == Stage.SETUP
            else _("Pair round %(n)s with results missing") % {"n": n}
        ),
        Act.PUBLISH: _("Publish round %(n)s") % {"n": state.latest},
        Act.DISCARD: _("Discard the draft of round %(n)s") % {"n": state.latest},
        Act.ENTER_RESULTS: ngettext(
            "Enter the missing result (%(n)s table)",
            "Enter the missing results (%(n)s tables)",
            state.missing,
        )
        % {"n": state.missing},
        Act.CUT: (
            _("Cut to the top %(n)s") % {"n": min(state.planned_cut, state.active)}
            if state.planned_cut
            else _("Cut to a knockout of the best")
        ),
        Act.EXTRA_ROUND: _("Add round %(n)s beyond the plan") % {"n": n},
        Act.FINISH: _("Finish the event"),
        Act.REOPEN: _("Reopen the event"),
        Act.LOG_GAME: _("Log a game"),
        Act.CLOSE_CHECK_IN: _("Close the check-in of round %(n)s") % {"n": state.latest},
        Act.ARRANGE_TEAMS: ngettext(
            "Put %(n)s entrant in a team", "Put %(n)s entrants in teams", state.unteamed
        )
        % {"n": state.unteamed},
    }[act]


def refusal_for(state: State) -> Refusal:
    """Why what was asked is not allowed now, and what is (409)."""
    allowed = ", ".join(f"“{act_words(a, state)}”" for a in state.acts)
    message = _("Not now: %(stage)s.") % {"stage": stage_words(state)}
    if allowed:
        message = " ".join([message, _("What can be done now: %(acts)s.") % {"acts": allowed}])
    return Refusal(message, code=CONFLICT)


def require(event: Event, act: Act) -> State:
    """The event's state, if ``act`` is allowed in it; else the 409 naming the stage
    and the allowed actions. The caller holds the event's lock where it writes."""
    state = state_of(event)
    if act not in state.acts:
        raise refusal_for(state)
    return state


# Stages in which the latest round's tables can still change (its forfeits undone).
ROUND_OPEN = frozenset({Stage.PLAYING, Stage.BETWEEN_ROUNDS, Stage.SWISS_OVER, Stage.COMPLETE})


def require_round_open(event: Event, number: int) -> State:
    """The event's state, if round ``number`` is its latest published round and the
    event is not finished: what a forfeit's undo needs (a round already followed by
    another was paired from its results). Else the 409 naming the stage."""
    state = state_of(event)
    if state.stage not in ROUND_OPEN or state.latest != number:
        raise refusal_for(state)
    return state


@dataclass(frozen=True)
class Offer:
    """An action offered to a person: its key, label, whether it is the page's main
    button, the address it posts to (or, for ``method`` GET, the page it opens), and
    whether it asks a reason or a number (the cut's top)."""

    act: Act
    label: str
    url: str
    method: str = "POST"
    primary: bool = False
    needs_reason: bool = False
    confirm: str = ""
    top: int = 0  # the cut: the number proposed
    round: int = 0  # pairing: the round it pairs (the write names it: a stale page is refused)
    reason_label: str = ""  # what the reason is asked as, where one is needed

    @property
    def is_link(self) -> bool:
        return self.method == "GET"

    def as_json(self) -> dict:
        return {
            "action": str(self.act),
            "label": self.label,
            "method": self.method,
            "url": self.url,
            "primary": self.primary,
            "needs_reason": self.needs_reason,
        }


def may_run(user, event: Event) -> bool:
    return user.is_authenticated and (is_staff(user) or is_event_organiser(user, event))


def offer(act: Act, state: State, event: Event, primary: bool) -> Offer:
    slug = event.slug
    label = act_words(act, state)
    common = {"primary": primary, "needs_reason": act in NEEDS_REASON}
    if act == Act.ADD_ENTRANTS:
        return Offer(act, label, reverse("event-entrants", args=[slug]), "GET", **common)
    if act == Act.ENTER_RESULTS:
        return Offer(act, label, reverse("scoring-desk", args=[slug]), "GET", **common)
    if act == Act.ARRANGE_TEAMS:
        return Offer(act, label, reverse("event-teams", args=[slug]), "GET", **common)
    if act == Act.LOG_GAME:
        return Offer(act, label, reverse("event-log-game", args=[slug]), "GET", **common)
    if act in (Act.PUBLISH, Act.DISCARD):
        name = "round-publish" if act == Act.PUBLISH else "round-discard"
        url = reverse(name, args=[slug, state.latest])
        confirm = (
            _("Discard the draft of round %(n)s? Its tables are thrown away; nobody saw them.")
            % {"n": state.latest}
            if act == Act.DISCARD
            else ""
        )
        return Offer(act, label, url, confirm=confirm, **common)
    if act == Act.CLOSE_CHECK_IN:
        url = reverse("round-close-check-in", args=[slug, state.latest])
        confirm = _("Close the check-in now? Whoever has not checked in forfeits their seat.")
        return Offer(act, label, url, confirm=confirm, **common)
    if act == Act.DROP_NO_SHOWS:
        url = reverse("event-drop-no-shows", args=[slug])
        confirm = _("Drop everyone who has not checked in? Their places go to the waitlist.")
        return Offer(act, label, url, confirm=confirm, **common)
    if act in (Act.PAIR, Act.PAIR_ANYWAY, Act.EXTRA_ROUND):
        url = reverse("round-pair", args=[slug])
        reason = reason_label(act, state)
        return Offer(act, label, url, reason_label=reason, round=state.next_round, **common)
    if act == Act.CUT:
        top = min(state.planned_cut or 8, state.active)
        confirm = _(
            "Start the knockout? The standings keep the Swiss order until its final is played."
        )
        return Offer(
            act, label, reverse("event-cut", args=[slug]), confirm=confirm, top=top, **common
        )
    if act == Act.FINISH:
        confirm = _(
            "Finish the event? Its standings become final; no round or result can be added "
            "until it is reopened."
        )
        return Offer(act, label, reverse("event-finish", args=[slug]), confirm=confirm, **common)
    confirm = _("Reopen the event? Rounds and results can change again.")
    return Offer(act, label, reverse("event-reopen", args=[slug]), confirm=confirm, **common)


def reason_label(act: Act, state: State) -> str:
    if act == Act.EXTRA_ROUND:
        return _("Why the event needs another round (the players see it)")
    if act == Act.PAIR_ANYWAY and state.stage == Stage.SETUP:
        return _("Why round 1 pairs them all the same (the players see it)")
    if act == Act.PAIR_ANYWAY:
        return _("Why the next round cannot wait (the players see it)")
    return ""


def next_actions(event: Event, user, state: State | None = None) -> list[Offer]:
    """What ``user`` can do now to move ``event`` on, the primary action first: an
    organiser's actions (players' own, registering and checking in, are on their
    section of the page)."""
    if not may_run(user, event):
        return []
    state = state or state_of(event)
    return [offer(act, state, event, primary=i == 0) for i, act in enumerate(state.acts)]
