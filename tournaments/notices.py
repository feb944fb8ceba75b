"""What tournaments tells people by e-mail (``accounts.notices``): a round is paired,
with each person's table and seat."""

from django.urls import reverse
from django.utils.translation import gettext as _

from accounts.notices import do_notify, link, wanting_notices
from tournaments.models import Event, Round, Seat


def organisers_of(event: Event) -> list:
    """The people who organise ``event``: its creator and organisers, and its league's."""
    league = event.season.league
    people = {event.created_by_id: event.created_by, league.created_by_id: league.created_by}
    for user in [*event.organisers.all(), *league.organisers.all()]:
        people[user.pk] = user
    return list(people.values())


def notify_round_paired(round_: Round) -> None:
    event = round_.event
    wanted = Seat.objects.filter(wanting_notices("entrant__user"), table__round=round_)
    seats = {}
    for table in round_.tables.filter(seats__in=wanted).distinct().with_seats():
        at_table = list(table.seats.all())
        for seat in at_table:
            if seat.entrant.user is not None:
                seats[seat.entrant.user] = (table, seat, at_table)

    def compose(person):
        table, seat, at_table = seats[person]
        if table.is_bye:
            where = _("You have a bye this round.")
        else:
            where = _("You play at table %(table)s, seat %(seat)s, with %(names)s.") % {
                "table": table.number,
                "seat": seat.position + 1,
                "names": ", ".join(other.entrant.name for other in at_table),
            }
        subject = _("%(event)s: round %(round)s is paired") % {
            "event": event.name,
            "round": round_.number,
        }
        body = _("%(where)s\n\nYour table: %(link)s\n") % {
            "where": where,
            "link": link(reverse("scoring-table", args=[table.pk])),
        }
        return subject, body

    do_notify(list(seats), compose)
