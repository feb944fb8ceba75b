"""What the scoring pages share: fetching a table the user may see, the one-time form
token, and turning the services' refusals into pages."""

import uuid

from django.core.exceptions import PermissionDenied
from django.db import connection
from django.db.models.expressions import RawSQL
from django.http import Http404
from django.urls import reverse
from django.utils.crypto import constant_time_compare, salted_hmac

from games.registry import get_game
from lib.compiled import PERSON, CompiledQuery, person
from scoring.models import Submission
from scoring.table_changes import STAMP_ANNOTATIONS, newest_audited
from tournaments.models import Seat, Table
from tournaments.permissions import (
    can_view_event,
    can_view_table,
    is_event_organiser,
    is_judge_of_table,
    is_player_of_table,
    is_staff,
    with_organiser_flag,
)

USED_TOKENS = "scoring_used_form_tokens"
KEPT_TOKENS = 50
TOKEN_SALT = "scoring.form-token"


# A table id no row has: its place among the compiled queries' values.
TABLE = -9_137


_table_annotations: list = []


def register_table_annotation(provider, stamp: bool = False) -> None:
    """``provider()`` returns ``{name: (sql, params, field)}``: scalar subqueries other
    apps read with the table on its pages (``room``: the table's judge call not yet
    resolved), ``{table}`` in ``sql`` being the table's row. Registered in an app's
    ``ready()``, before the queries below are compiled. ``stamp``: the values are part
    of the table's stamp (``scoring.table_changes``), so a change to them draws the
    table's live part again on every phone at it."""
    if provider not in _table_annotations:
        _table_annotations.append(provider)
        if stamp:
            STAMP_ANNOTATIONS.extend(provider())


def table_query(table_id: int, reader=None):
    """The table as its pages read it: with its round, event, season and league, its
    result and its game on the site (each None when it has none), its newest audit
    entry (its page's stamp, ``scoring.table_changes``), what other apps annotate
    (``register_table_annotation``), and for a signed-in ``reader`` whether they
    organise its event (``organised_by_reader``)."""
    tables = (
        Table.objects.select_related("round__event__season__league", "result", "played_game")
        .annotate(newest_audit=newest_audited())
        .filter(pk=table_id)
        .order_by()
    )
    quoted = connection.ops.quote_name(Table._meta.db_table)
    for provider in _table_annotations:
        for name, (sql, params, field) in provider().items():
            expression = RawSQL(sql.format(table=quoted), params, output_field=field)
            tables = tables.annotate(**{name: expression})
    return tables if reader is None else with_organiser_flag(tables, reader)


# Every table page (1,000 players open theirs when the pairings are released) and
# every write from one asks these: built and compiled once per process, since
# compiling them was most of the page's CPU.
TABLE_FOR_VISITORS = CompiledQuery(table_query, TABLE)
TABLE_FOR_READERS = CompiledQuery(
    lambda table_id, user_id: table_query(table_id, person(user_id)), TABLE, PERSON
)
SEATS = CompiledQuery(
    lambda table_id: (
        Seat.objects.select_related("entrant__user").filter(table_id=table_id).order_by("position")
    ),
    TABLE,
)


def access_table(user, table_id: int, seats: bool = False) -> Table:
    """The table if ``user`` may see its event (anyone who may view the event may look;
    the services check every write); a draft round's table only its organisers.
    ``seats``: with its seats, entrants and users, for a page that shows them and asks
    who sits there (as ``Table.objects.with_seats`` reads them)."""
    if user.is_authenticated:
        found = TABLE_FOR_READERS.fetch(table_id, user.pk)
    else:
        found = TABLE_FOR_VISITORS.fetch(table_id)
    if not found:
        raise Http404
    table = found[0]
    if not can_view_event(user, table.round.event):  # as ``access_event``, not read again
        raise PermissionDenied
    if not can_view_table(user, table):
        raise Http404
    if seats:
        with_seats_read(table, SEATS.fetch(table.pk))
    return table


def with_seats_read(table: Table, seats: list) -> None:
    """``table.seats.all()`` answers ``seats`` from now on, as a prefetch would."""
    for seat in seats:
        seat.table = table
    read = table.seats.all()
    read._result_cache = seats
    read._prefetch_done = True  # type: ignore[attr-defined]  # Django's, not in its stubs
    table._prefetched_objects_cache = {"seats": read}  # type: ignore[attr-defined]  # as above


def organises(user, table: Table) -> bool:
    """``is_event_organiser`` for the table's event, from what was read with the table
    when it was (``access_table``), or a judge of the table, who settles and overrides
    here as an organiser does (asked only of whoever does not sit at it: a player's
    page, read most, costs no query for it)."""
    if hasattr(table, "organised_by_reader"):
        organiser = is_staff(user) or bool(table.organised_by_reader)
    else:
        organiser = is_event_organiser(user, table.round.event)
    if organiser or not user.is_authenticated or is_player_of_table(user, table):
        return organiser
    return is_judge_of_table(user, table)


def access_table_to_write(user, table_id: int) -> Table:
    """The table if ``user`` plays at it or organises its event: the pages' forms are
    only for them (the services check each action again)."""
    table = access_table(user, table_id)
    if not (is_player_of_table(user, table) or organises(user, table)):
        raise PermissionDenied
    return table


def access_entry_table(request, table_id: int) -> Table:
    """The table whose entry pages ``request`` may use: the one its slip names (set on
    the request by ``scoring.views.slip`` once the token is verified), else a table the
    user plays at or organises."""
    slip = getattr(request, "slip", None)
    if slip is None:
        return access_table_to_write(request.user, table_id)
    if slip.table_id != table_id:
        raise PermissionDenied
    return request.slip_table


def table_url(request, table: Table) -> str:
    """Where an entry page goes back to: the slip's page for a slip's holder (who may
    not see the table's page of a private event), else the table's page."""
    if getattr(request, "slip", None) is not None:
        return request.slip_url
    return reverse("scoring-table", args=[table.pk])


def entry_urls(request, table: Table) -> dict:
    """The links of a game's entry page: back to the table and the live preview (each
    game's preview is below its entry page), or the slip's."""
    slip = getattr(request, "slip", None) is not None
    if slip:
        preview = request.slip_url + "preview/"
        offline = reverse("api-slip-entry-form", args=[request.slip_token])
    else:
        entry_page = get_game(table.round.event.game).entry
        assert entry_page is not None, "a table's entry page is its game's"
        path = entry_page.path
        preview = reverse("scoring-entry-preview", args=[table.pk, path])
        offline = reverse("api-table-entry-form", args=[table.pk])
    return {
        "table_url": table_url(request, table),
        "preview_url": preview,
        "offline_send_url": offline,
        "slip": slip,
    }


def roles(user, table: Table) -> dict:
    return {
        "is_player": is_player_of_table(user, table),
        "is_organiser": organises(user, table),
    }


def new_form_token(request) -> str:
    """A token for one form: the POST that carries it consumes it, so a replayed POST
    (a double tap, a resent form on flaky Wi-Fi) does nothing twice.

    Issuing writes nothing: the token is a nonce and its signature. A list of issued
    tokens in the session lost tokens when two pages were fetched at once (the page and
    the service worker keeping a copy of it), and the page's save was then dropped as a
    replay. Only consuming one writes to the session."""
    nonce = uuid.uuid4().hex
    return nonce + _signature(request, nonce)


def consume_form_token(request) -> bool:
    token = request.POST.get("form_token", "")
    nonce, signature = token[:32], token[32:]
    if len(nonce) != 32 or not constant_time_compare(signature, _signature(request, nonce)):
        return False
    used = request.session.get(USED_TOKENS, [])
    if nonce in used:
        return False
    request.session[USED_TOKENS] = [*used, nonce][-KEPT_TOKENS:]
    return True


def _signature(request, nonce: str) -> str:
    """Signed for the person the form was shown to: nobody else's POST can spend it."""
    value = f"{nonce}:{request.user.pk}"
    return salted_hmac(TOKEN_SALT, value, algorithm="sha256").hexdigest()[:32]


def open_submission(table: Table) -> Submission | None:
    return table.submissions.filter(status__in=Submission.OPEN).first()


def conflict_view(names: list[str], conflict: dict | None, per_seat) -> dict | None:
    """A whole result entered twice (a refusal's ``conflict``): the stored version beside
    the sender's, a row per seat as ``per_seat(entry)`` (a value per seat) says it,
    whether the two differ there, and who entered the stored one."""
    if not conflict:
        return None
    theirs, yours = per_seat(conflict["stored"]), per_seat(conflict["yours"])
    return {
        "stored_by": conflict["stored_by"],
        "rows": [
            {
                "name": name,
                "theirs": theirs[seat],
                "yours": yours[seat],
                "differs": theirs[seat] != yours[seat],
            }
            for seat, name in enumerate(names)
        ],
    }
