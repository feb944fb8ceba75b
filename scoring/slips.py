"""A table's slip: the printed score slip and table tent carry a QR code of the table's
entry link. Where a walk-in sits (a player with no account to log in with), the link is
*signed* (``/t/TOKEN/``): whoever holds the slip enters that table's result without an
account, and an organiser confirms it from the desk, as for any entry nobody else at
the table can confirm.

A token names the table and its seating (who sits where), signed with the site's key
and the time it was made (``django.core.signing.TimestampSigner``, salted for slips),
so nothing is stored. It enters nothing more once the table's result is official or
the event is finished, nor ``SLIP_LINK_HOURS`` (48) after the slip was printed (a
link found later, on a photo or a slip left behind, is not an entry form for ever),
and it is revoked when the round is paired again (the table is gone) or its seats
are swapped (the seating differs). Everything
it enters goes through the same services as any entry (``scoring.submissions``),
entered in the name of the table's first walk-in, and the audit log says it was
entered with the table's slip.
"""

import hashlib
from dataclasses import dataclass
from datetime import timedelta

import segno
from django.conf import settings
from django.core import signing
from django.urls import reverse
from django.utils.translation import gettext as _

from lib.refusal import Refusal, attempted
from tournaments.finishing import check_not_finished
from tournaments.models import Table
from tournaments.permissions import slip_enters_result

SALT = "scoring.slip"


@dataclass(frozen=True)
class Slip:
    """A verified slip: its table, the seating it was printed for, and the walk-in in
    whose name it enters (the holder has no account)."""

    table_id: int
    seating: str
    actor: object


def seats_in_order(table: Table) -> list:
    """The table's seats with their entrants and accounts (prefetched ones are used)."""
    seats = (
        table.seats.all() if is_prefetched(table) else table.seats.select_related("entrant__user")
    )
    return sorted(seats, key=lambda seat: seat.position)


def is_prefetched(table: Table) -> bool:
    return "seats" in getattr(table, "_prefetched_objects_cache", {})


def seating_of(table: Table) -> str:
    """A short fingerprint of who sits where at ``table``."""
    entrants = ",".join(str(seat.entrant_id) for seat in seats_in_order(table))
    return hashlib.sha256(entrants.encode()).hexdigest()[:10]


def slip_token(table: Table) -> str:
    return signing.TimestampSigner(salt=SALT).sign(f"{table.pk}-{seating_of(table)}")


def slip_path(table: Table) -> str:
    return reverse("slip", args=[slip_token(table)])


def first_walk_in(table: Table):
    """The account of the first walk-in in seat order (None: nobody without one)."""
    for seat in seats_in_order(table):
        if seat.entrant.is_walk_in:
            return seat.entrant.user
    return None


def takes_slip(table: Table) -> bool:
    """Whether the table's printed slip carries a signed link: a walk-in sits there."""
    return not table.is_bye and first_walk_in(table) is not None


def read_slip(token: str) -> tuple[int, str]:
    """(table id, seating) of a genuine token younger than ``SLIP_LINK_HOURS``; a forged
    or mangled one is not a slip."""
    hours = settings.SLIP_LINK_HOURS
    try:
        signed = signing.TimestampSigner(salt=SALT).unsign(token, max_age=timedelta(hours=hours))
        table_id, seating = signed.split("-", 1)
        return int(table_id), seating
    except signing.SignatureExpired:
        raise Refusal(
            _(
                "This slip's link is more than %(hours)s hours old and enters nothing more: "
                "ask an organiser for a new slip."
            )
            % {"hours": hours},
            code="gone",
        ) from None
    except (signing.BadSignature, ValueError):
        raise Refusal(_("This link is not a table's slip.")) from None


def table_of_spent_slip(token: str) -> Table | None:
    """The table a genuine token was printed for, however old (None for a forged one,
    or a table gone): the page that refuses a spent slip offers its table's page."""
    try:
        table_id, _seating = signing.TimestampSigner(salt=SALT).unsign(token).split("-", 1)
        return Table.objects.select_related("round__event").filter(pk=int(table_id)).first()
    except (signing.BadSignature, ValueError):
        return None


def access_slip(token: str) -> tuple[Table, Slip]:
    """The table a slip's token enters, and the slip, or a ``Refusal`` saying why it
    enters nothing (code ``"gone"`` for a slip that once was good)."""
    table_id, seating = read_slip(token)
    table = Table.objects.select_related("round__event__season__league").filter(pk=table_id).first()
    if table is None:
        raise revoked()
    actor = first_walk_in(table)
    slip = Slip(table_id=table.pk, seating=seating, actor=actor)
    check_slip(slip, table)
    return table, slip


def check_slip(slip: Slip, table: Table) -> None:
    """The slip still enters ``table``'s result: the same table, seated as printed,
    published, with no official result, in an event not finished. The services ask
    again under the table's lock."""
    if slip.table_id != table.pk or slip.seating != seating_of(table) or slip.actor is None:
        raise revoked()
    if table.round.draft:
        raise Refusal(
            _("Round %(round)s is not published yet: this slip enters its result once it is.")
            % {"round": table.round.number}
        )
    if not slip_enters_result(table):
        raise Refusal(
            _(
                "Round %(round)s, table %(table)s has its official result: this slip "
                "enters nothing more. Ask an organiser if it is wrong."
            )
            % {"round": table.round.number, "table": table.number},
            code="gone",
        )
    still_open = attempted(check_not_finished, table.round.event)
    if still_open.refusal is not None:
        raise Refusal(still_open.refusal.message, code="gone")


def revoked() -> Refusal:
    return Refusal(
        _(
            "This slip is from before the round was paired again or its seats were "
            "changed: ask an organiser for the new slip."
        ),
        code="gone",
    )


def qr_svg(url: str, title: str) -> str:
    """The QR code of ``url`` as inline SVG, drawn here (no service outside the site),
    with the quiet zone the standard asks (4 modules) and no fixed size: the printout's
    style gives it one."""
    code = segno.make(url, error="m")
    return code.svg_inline(
        scale=3, border=4, title=title, svgclass="qr", lineclass=None, omitsize=True
    )
