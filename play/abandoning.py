"""A table whose site game was abandoned (every person at it forfeited, or an
organiser overrode its result while it was played) has no result from that game: an
organiser enters its result by hand (the table's normal entry, open again once no game
is under way there), replays it (a new game on the site) or voids it (it counts for
nobody). Each of these is written to the event's audit log.

*Void* is stored as the table's official result with no seats
(``tournaments.results.do_record_void``): no points, no games and no rating for anyone,
and the round can complete; the audit log keeps the organiser's reason.
"""

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from lib.compiled import save_fields
from lib.refusal import CONFLICT, Refusal
from play.models import Game
from play.moving import CHANGED_BY_A_MOVE, seats_of
from play.settling import abandon, after_commit
from play.starting import do_start_table_game
from scoring import audit
from scoring.models import AuditEntry
from scoring.submissions import locked_table
from tournaments.models import Result, Table
from tournaments.permissions import is_event_organiser
from tournaments.results import do_record_void


def when_table_overridden(table: Table, reason: str, **_signal) -> None:
    """``scoring.signals.table_overridden`` (connected in ``PlayConfig.ready``), inside
    the override's transaction, which holds the table's lock: a game under way at the
    table ends abandoned, with the organiser's reason, so that its end can never write
    over the override. Refused (the override with it) while a move holds the game."""
    playing = Game.objects.filter(table=table, status=Game.Status.PLAYING)
    game = playing.select_for_update(skip_locked=True).first()
    if game is None and playing.exists():
        # A move holds the game's lock and may be about to take the table's, which the
        # override holds: waiting could deadlock. The move takes milliseconds.
        raise Refusal(
            _("The table's game is making a move right now; try again in a moment."),
            code=CONFLICT,
        )
    if game is None:
        return
    seats = seats_of(game)
    abandon(game, seats, timezone.now(), because=reason)
    save_fields(game, CHANGED_BY_A_MOVE)
    after_commit(game, seats, new_turn=False)


def check_organiser(by, table: Table) -> None:
    if not is_event_organiser(by, table.round.event):
        raise PermissionDenied(_("Only the event's organisers decide an abandoned table."))


def abandoned_game(table: Table) -> Game:
    """The table's abandoned game; refused once the table has a result or its game is
    not abandoned (a page that was stale)."""
    game = Game.objects.filter(table=table).first()
    if game is None or not game.is_abandoned or Result.objects.filter(table=table).exists():
        raise Refusal(_("This table is no longer waiting for a decision."), code=CONFLICT)
    return game


def do_replay_table(by, table: Table) -> Game:
    """A new game on the site for the abandoned table; the abandoned one is kept (as
    ``former_table``'s)."""
    check_organiser(by, table)
    with transaction.atomic():
        table = locked_table(table.pk)
        old = abandoned_game(table)
        Game.objects.filter(pk=old.pk).update(table=None, former_table=table)
        game = do_start_table_game(by, table)
        audit.log(table, by, AuditEntry.Action.REPLAYED, reason=old.why_abandoned)
    return game


def do_void_table(by, table: Table, reason: str) -> Result:
    """The abandoned table counts for nobody, for the organiser's ``reason``."""
    check_organiser(by, table)
    if not reason.strip():
        raise Refusal(_("Give a reason for voiding the table."), "reason")
    with transaction.atomic():
        table = locked_table(table.pk)
        game = abandoned_game(table)
        result = do_record_void(table, by, {"played_game": game.pk, "reason": reason})
        audit.log(table, by, AuditEntry.Action.VOIDED, reason=reason)
    return result
