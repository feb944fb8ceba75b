"""What needs a person now: their table and seat in the round being played, and for an
organiser the next step of each event they run, as its life cycle names it
(``tournaments.lifecycle``: results missing, a draft to publish, the next round, the
cut, the finish). Other apps add
what they know (scoring: an entry to confirm, a dispute raised, an entry only an
organiser can confirm) with ``register_todo_provider``; what belongs to no event (play:
a challenge to answer) with ``register_personal_todo_provider``.

Each item names its event, round and table (``None`` for an item about a whole event),
an ``action`` key for API clients, the sentence shown, and the page that does it.
"""

from dataclasses import dataclass

from django.db.models import Q
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext_lazy

from lib.compiled import PERSON, CompiledQuery, person
from tournaments import lifecycle
from tournaments.event_cache import last_round_of, with_page_version
from tournaments.models import Event, Round, Table
from tournaments.templatetags.round_clock import round_clock


class Action:
    PLAY = "play"
    RESULTS_MISSING = "results-missing"
    CONFIRM = "confirm"
    DISPUTE_RAISED = "dispute-raised"
    SETTLE = "settle"
    CONFIRM_FOR_TABLE = "confirm-for-table"
    PUBLISH = "publish"
    PAIR = "pair"
    ARRANGE_TEAMS = "arrange-teams"
    CUT = "cut"
    FINISH = "finish"


@dataclass
class Todo:
    action: str
    text: str
    url: str
    event: Event | None
    round_number: int | None = None
    table: Table | None = None

    @property
    def table_id(self) -> int | None:
        return self.table.pk if self.table else None

    @property
    def is_my_table(self) -> bool:
        """The person's own seat in a round being played (its clock is shown beside)."""
        return self.action == Action.PLAY

    @property
    def clock_html(self) -> str:
        """The round's clock beside the person's own seat ("" beside other items)."""
        if not self.is_my_table:
            return ""
        clock = round_clock(self.table.round, self.table.number)
        return render_to_string("tournaments/_round_clock.html", clock)


_providers = []
_personal_providers = []


def register_todo_provider(provider) -> None:
    """``provider(user, events, organised)`` returns more ``Todo`` items for ``user``:
    ``events`` are the running events the person plays in or organises, ``organised``
    those they organise."""
    if provider not in _providers:
        _providers.append(provider)


def register_personal_todo_provider(provider) -> None:
    """``provider(user)`` returns ``Todo`` items about no event (``event`` None), listed
    on the home page only, not on an event's page."""
    if provider not in _personal_providers:
        _personal_providers.append(provider)


def organised_events(user):
    """The events ``user`` organises (per event or per league), of any status."""
    return Event.objects.filter(
        Q(created_by=user)
        | Q(organisers=user)
        | Q(season__league__created_by=user)
        | Q(season__league__organisers=user)
    ).distinct()


def running_events_query(user):
    """The running events ``user`` plays in or organises (the event or its league), read
    as the event page reads one (``tournaments.event_cache.with_page_version``): with
    their entry (``reader_entry``), whether they organise it (``organised_by_reader``),
    their seat in its last round (``reader_table``...) and what other apps annotate
    (scoring: the open entries at their tables). Compiled once (``RUNNING_EVENTS``), so
    those annotations' values must be constants or the reader's id."""
    events = with_page_version(Event.objects.select_related("season__league"), user)
    return (
        events.filter(status=Event.Status.RUNNING)
        .filter(Q(reader_entry__isnull=False) | Q(organised_by_reader=True))
        .order_by("pk")
    )


def drafts_query(user):
    """The draft rounds of the events ``user`` organises and has neither finished nor
    archived, with their event."""
    events = organised_events(user).exclude(status=Event.Status.FINISHED)
    return (
        Round.objects.filter(draft=True, event__in=events.filter(archived_at__isnull=True))
        .select_related("event")
        .order_by("event__name")
    )


# The home page asks both of every signed-in reader: compiled once per process.
RUNNING_EVENTS = CompiledQuery(lambda user_id: running_events_query(person(user_id)), PERSON)
DRAFTS = CompiledQuery(lambda user_id: drafts_query(person(user_id)), PERSON)


def running_events_of(user) -> list[Event]:
    """The running events ``user`` plays in or organises (``running_events_query``), in
    one query compiled once: the home page asks it of every signed-in reader."""
    return RUNNING_EVENTS.fetch(user.pk)


def with_events(rows, events, table=lambda row: row.table):
    """``rows`` (read with their table's round) with each round's event set to the one
    of ``events`` it names: the events are read already, so no query joins them again."""
    known = {event.pk: event for event in events}
    rows = list(rows)
    for row in rows:
        round_ = table(row).round
        round_.event = known[round_.event_id]
    return rows


def table_url(table: Table) -> str:
    return reverse("scoring-table", args=[table.pk])


def play_item(table: Table, position: int) -> Todo:
    """Where the person plays: ``table`` (with its round and the round's event) and
    their seat's ``position``."""
    round_ = table.round
    text = _("%(event)s, round %(round)s: you play at table %(table)s, seat %(seat)s.") % {
        "event": round_.event.name,
        "round": round_.number,
        "table": table.number,
        "seat": position + 1,
    }
    if position == 0:
        starts = _("You start.")  # not inside the f-string: makemessages would miss it
        text = f"{text} {starts}"
    return Todo(Action.PLAY, text, table_url(table), round_.event, round_.number, table)


def reader_table(event: Event) -> list[Todo]:
    """The reader's seat in ``event``'s last round, read with the event
    (``tournaments.event_cache.with_page_version``), its round from the cache: no query
    of its own."""
    if getattr(event, "reader_table", None) is None:
        return []
    table = Table(pk=event.reader_table, number=event.reader_table_number)
    table.round = last_round_of(event)
    return [play_item(table, event.reader_seat)]


def organiser_item(event: Event, state: lifecycle.State) -> Todo | None:
    """An organiser's next step in ``event``, from its life cycle: the results still
    missing, a draft to publish, then its primary action (``next_step_item``). Nothing
    once the event is finished or archived, so no item outlives its cause."""
    words = {"event": event.name, "round": state.latest, "next": state.next_round}
    if state.stage == lifecycle.Stage.PLAYING:
        text = ngettext_lazy(
            "%(event)s, round %(round)s: %(n)s table has no result yet.",
            "%(event)s, round %(round)s: %(n)s tables have no result yet.",
            "n",
        )
        return counted_item(
            Action.RESULTS_MISSING, text, state.missing, "scoring-desk", event, state.latest, words
        )
    if state.stage == lifecycle.Stage.ROUND_DRAFT:
        text = _("%(event)s, round %(round)s is a draft: review it, then publish it.")
        url = reverse("round-detail", args=[event.slug, state.latest])
        return Todo(Action.PUBLISH, text % words, url, event, state.latest)
    return next_step_item(event, state, words)


def counted_item(
    action: str, text, count: int, page: str, event: Event, round_number, words: dict
) -> Todo:
    """An item that counts what waits (tables without a result, entrants in no team):
    ``text`` (``ngettext_lazy`` keyed on ``"n"``) in its form for ``count``, leading to
    the event's ``page`` (a URL name)."""
    url = reverse(page, args=[event.slug])
    return Todo(action, text % {**words, "n": count}, url, event, round_number)


def next_step_item(event: Event, state: lifecycle.State, words: dict) -> Todo | None:
    """The step the life cycle puts first, as the event page's main button does: pair
    the next round, or first put the entrants without a team in teams (a team event
    pairs nobody outside one), cut or finish."""
    page = reverse("event-detail", args=[event.slug])
    primary = state.primary
    if primary == lifecycle.Act.ARRANGE_TEAMS:
        text = ngettext_lazy(
            "%(event)s: %(n)s entrant is in no team: put them in one before round %(next)s.",
            "%(event)s: %(n)s entrants are in no team: put them in teams before round %(next)s.",
            "n",
        )
        return counted_item(
            Action.ARRANGE_TEAMS,
            text,
            state.unteamed,
            "event-teams",
            event,
            state.next_round,
            words,
        )
    if state.stage == lifecycle.Stage.BETWEEN_ROUNDS and primary == lifecycle.Act.PAIR:
        text = _("%(event)s: round %(round)s is complete: pair round %(next)s.")
        return Todo(Action.PAIR, text % words, page, event, state.next_round)
    if primary == lifecycle.Act.CUT:
        text = _("%(event)s: the planned rounds are played: cut to the top %(n)s.")
        words["n"] = state.planned_cut
        return Todo(Action.CUT, text % words, page, event)
    if primary == lifecycle.Act.FINISH:
        text = _("%(event)s: every round is played: finish the event.")
        return Todo(Action.FINISH, text % words, page, event)
    return None


def organiser_items(user, organised: list[Event], event: Event | None = None) -> list[Todo]:
    """For an organiser: the next step of each running event they organise and of each
    event whose draft round waits for them (``event``: that one only)."""
    events = {e.pk: e for e in organised}
    for round_ in DRAFTS.fetch(user.pk):
        if event is None or round_.event_id == event.pk:
            events.setdefault(round_.event_id, round_.event)
    items = (organiser_item(e, lifecycle.state_of(e)) for e in events.values())
    return [item for item in items if item is not None]


def todo_for(user, event: Event | None = None, roles: tuple[bool, bool] | None = None):
    """Everything that needs ``user`` now (in ``event`` only, when given). ``roles``:
    whether they are entered in ``event`` and organise it, when the caller knows (the
    event's page asks both anyway): ``event`` was then read with
    ``tournaments.event_cache.with_page_version`` for ``user``, their seat with it."""
    if not user.is_authenticated:
        return []
    if event is not None and roles is not None:
        running = event.status == Event.Status.RUNNING
        entered, organises = roles
        playing = [event] if entered and running else []
        organised = [event] if organises and running else []
        items = reader_table(event) if playing else []
    else:
        running = running_events_of(user)
        if event is not None:
            running = [e for e in running if e.pk == event.pk]
        playing = [e for e in running if e.reader_entry is not None]
        organised = [e for e in running if e.organised_by_reader]
        items = [item for e in playing for item in reader_table(e)]
    events = {e.pk: e for e in [*playing, *organised]}
    if event is None:
        for provider in _personal_providers:
            items.extend(provider(user))
    if events:
        for provider in _providers:
            items.extend(provider(user, list(events.values()), organised))
    if roles is None or roles[1]:
        items.extend(organiser_items(user, organised, event))
    return items
