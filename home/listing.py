"""The home page's lists: the events and leagues listed to a reader
(``tournaments.permissions.visible_events`` / ``visible_leagues``) and the events open
for registration.

Every signed-in player opens the home page when the pairings are released. The lists
are the same for every reader who may see the same events, and drawing them (a link,
the league, the game and the status of each) cost more than reading them. So each
list is read per request by a query compiled once per process (``lib.compiled``:
the permission module's own querysets, built with a marker for the reader), only the
columns it shows, and the lists are drawn once per *what they show*: the key is a hash
of those rows (and the games' names and the language). A new event, one made private,
archived or finished, registration opened or closed (or its closing time passed),
a renamed league: the rows differ, so the key is new and the change is shown at the
next read. Nothing is invalidated and no writer counts anything.
"""

import hashlib
from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.db.models import F, Q
from django.db.models.functions import Now
from django.template.loader import render_to_string
from django.utils.translation import get_language

from games.registry import get_game
from lib.built_once import cached_under
from lib.compiled import PERSON, CompiledQuery, person
from tournaments.models import Event
from tournaments.permissions import visible_events, visible_leagues

MOST_EVENTS = 50
MOST_REGISTERING = 20
EVENT_COLUMNS = ("slug", "name", "game", "status", "registration_closes", "season__league__name")
LEAGUE_COLUMNS = ("slug", "name", "description")


def open_for_registration(events):
    """The events a newcomer may register for now, the soonest to close first (the
    database's clock, so that the compiled query needs no time of its own)."""
    return (
        events.filter(registration=Event.Registration.OPEN)
        .exclude(status=Event.Status.FINISHED)
        .filter(Q(registration_closes__isnull=True) | Q(registration_closes__gt=Now()))
        .order_by(F("registration_closes").asc(nulls_last=True), "name")
    )


def compiled_lists(reader) -> dict[str, CompiledQuery]:
    """The three lists' queries for a kind of reader: ``reader(*values)`` is who the
    querysets are built for (with the marker for a member)."""
    markers = (PERSON,) if reader is person else ()

    def events(*who):
        return visible_events(reader(*who))

    return {
        "events": CompiledQuery(
            lambda *who: events(*who).values_list(*EVENT_COLUMNS)[:MOST_EVENTS], *markers
        ),
        "registering": CompiledQuery(
            lambda *who: open_for_registration(events(*who)).values_list(*EVENT_COLUMNS)[
                :MOST_REGISTERING
            ],
            *markers,
        ),
        "leagues": CompiledQuery(
            lambda *who: visible_leagues(reader(*who)).values_list(*LEAGUE_COLUMNS), *markers
        ),
    }


def staff():
    return get_user_model()(is_staff=True)


QUERIES = {
    "visitor": compiled_lists(AnonymousUser),
    "staff": compiled_lists(staff),
    "member": compiled_lists(person),
}


@dataclass(frozen=True)
class Listed:
    """An event as the lists show it."""

    slug: str
    name: str
    game: str
    status: str
    registration_closes: datetime | None
    league: str

    @property
    def status_label(self) -> str:
        return Event.Status(self.status).label


@dataclass(frozen=True)
class ListedLeague:
    slug: str
    name: str
    description: str


def read_lists(user) -> dict[str, list[tuple]]:
    """The rows of the three lists ``user`` sees."""
    if not user.is_authenticated:
        kind, values = "visitor", ()
    elif user.is_staff:
        kind, values = "staff", ()
    else:
        kind, values = "member", (user.pk,)
    return {name: query.rows(*values) for name, query in QUERIES[kind].items()}


def lists_html(user) -> str:
    """The home page's lists for ``user``, drawn once per what they show."""
    rows = read_lists(user)
    games = {row[2]: str(get_game(row[2])) for row in [*rows["events"], *rows["registering"]]}
    parts = [get_language(), user.is_authenticated, rows, sorted(games.items())]
    version = hashlib.blake2b(repr(parts).encode(), digest_size=16).hexdigest()

    def draw() -> str:
        def listed(row):
            return Listed(row[0], row[1], games[row[2]], *row[3:])

        context = {
            "user": user,
            "events": [listed(row) for row in rows["events"]],
            "registering": [listed(row) for row in rows["registering"]],
            "leagues": [ListedLeague(*row) for row in rows["leagues"]],
        }
        return render_to_string("_home_lists.html", context)

    return cached_under(["home-lists", version], draw)
