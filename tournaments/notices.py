"""What tournaments tells people by e-mail (``accounts.notices``): a round is paired
(or published), with each person's table and seat (written by a task, for the round's
revision); they are entered or on the waitlist (these two link to the event's page,
where they check in with one tap); a place freed and is theirs; the event is finished,
with their final place."""

from django.urls import reverse
from django.utils.translation import gettext as _

from accounts.models import Notice
from accounts.notices import do_notify, do_notify_once, link, notices_for, wanting_notices
from lib import enqueue
from tournaments.models import Entrant, Event, Round, Seat, Table
from tournaments.ranking import compute_standings


def organisers_of(event: Event) -> list:
    """The people who organise ``event``: its creator and organisers, and its league's."""
    league = event.season.league
    people = {event.created_by_id: event.created_by, league.created_by_id: league.created_by}
    for user in [*event.organisers.all(), *league.organisers.all()]:
        people[user.pk] = user
    return list(people.values())


def notify_round_paired(round_: Round) -> None:
    """Every seated person is told their table and seat by a task once this commits (a
    round of 7,500 people is no request's work)."""
    enqueue.on_commit("tournaments.tasks.notify_round_paired", round_.pk)


COMPOSING_ATTEMPTS = 3


def do_notify_round_paired(round_id: int) -> int:
    """The task's work: each seated person of round ``round_id`` is told their table and
    seat as the round stands when the task runs; how many notices go. Composed while the
    round changed (paired again, seats swapped: a swap sends no task of its own), they
    are composed again. They are stored under the round and the revision they tell
    (``do_notify_once``), so a task run twice, or a re-pairing's task that finds the
    tables an older task told already, writes and sends each person's once. A deleted
    round tells nobody."""
    for _attempt in range(COMPOSING_ATTEMPTS):
        round_ = Round.objects.select_related("event").filter(pk=round_id).first()
        if round_ is None:
            return 0
        notices = round_paired_notices(round_)
        if Round.objects.filter(pk=round_id, revision=round_.revision).exists():
            return do_notify_once(f"round-paired:{round_id}:{round_.revision}", notices)
    return 0


def round_paired_notices(round_: Round) -> list:
    seats = seated_people(round_)
    return notices_for(list(seats), lambda person: round_paired(round_, *seats[person]))


def notify_seats_swapped(round_: Round, table_ids: list[int]) -> None:
    """Seats of a published round were swapped: the people at those tables are told
    where they sit now, by a task once this commits."""
    enqueue.on_commit("tournaments.tasks.notify_seats_swapped", round_.pk, sorted(table_ids))


def do_notify_seats_swapped(round_id: int, table_ids: list[int]) -> int:
    """The task's work: each person at ``table_ids`` of round ``round_id`` is told their
    table and seat as they stand, once per round revision; how many notices go. Nobody
    is told while the round's own notices have not gone (they will tell the tables as
    swapped: ``do_notify_round_paired``), nor of a draft or deleted round."""
    round_ = Round.objects.select_related("event").filter(pk=round_id, draft=False).first()
    told = Notice.objects.filter(key__startswith=f"round-paired:{round_id}:")
    if round_ is None or not told.exists():
        return 0
    seats = seated_people(round_, table_ids)
    notices = notices_for(list(seats), lambda person: seat_changed(round_, *seats[person]))
    return do_notify_once(f"seats-swapped:{round_id}:{round_.revision}", notices)


def seat_changed(round_: Round, table: Table, seat: Seat, at_table: list[Seat]) -> tuple:
    """The notice of a seat moved by the organiser: where the person plays now."""
    _subject, body = round_paired(round_, table, seat, at_table)
    subject = _("%(event)s: your seat in round %(round)s has changed") % {
        "event": round_.event.name,
        "round": round_.number,
    }
    return subject, body


def seated_people(round_: Round, table_ids: list[int] | None = None) -> dict:
    """Each person with an account at a table of ``round_`` (or of ``table_ids`` only)
    where someone wants notices: their table, seat and everyone at it."""
    wanted = Seat.objects.filter(wanting_notices("entrant__user"), table__round=round_)
    if table_ids is not None:
        wanted = wanted.filter(table_id__in=table_ids)
    seats = {}
    for table in round_.tables.filter(seats__in=wanted).distinct().with_seats():
        at_table = list(table.seats.all())
        for seat in at_table:
            if seat.entrant.user is not None:
                seats[seat.entrant.user] = (table, seat, at_table)
    return seats


def round_paired(round_: Round, table: Table, seat: Seat, at_table: list[Seat]) -> tuple:
    """The subject and body telling the person in ``seat`` where they play."""
    if table.is_bye:
        where = _("You have a bye this round.")
    else:
        where = _("You play at table %(table)s, seat %(seat)s, with %(names)s.") % {
            "table": table.number,
            "seat": seat.position + 1,
            "names": ", ".join(other.entrant.name for other in at_table),
        }
    subject = _("%(event)s: round %(round)s is paired") % {
        "event": round_.event.name,
        "round": round_.number,
    }
    body = _("%(where)s\n\nYour table: %(link)s\n") % {
        "where": where,
        "link": link(reverse("scoring-table", args=[table.pk])),
    }
    return subject, body


def event_link(event: Event) -> str:
    return link(reverse("event-detail", args=[event.slug]))


def check_in_line(event: Event) -> str:
    """How to check in, for an event that asks it: one tap on the event's page."""
    if not event.check_in:
        return ""
    return _("Check in on the event's page when you arrive: %(link)s") % {
        "link": event_link(event) + "#check-in"
    }


def notify_registered(entrant: Entrant) -> None:
    event = entrant.event

    def compose(_person):
        if entrant.is_waitlisted:
            subject = _("%(event)s: you are on the waitlist") % {"event": event.name}
            where = _("The event is full: you are number %(n)s on its waitlist.") % {
                "n": entrant.waitlist_place
            }
        else:
            subject = _("%(event)s: you are entered") % {"event": event.name}
            where = _("You have a place in %(event)s.") % {"event": event.name}
        return subject, "\n\n".join(filter(None, [where, check_in_line(event), event_link(event)]))

    do_notify([entrant.user], compose)


def notify_promoted(event: Event, entrants: list[Entrant]) -> None:
    def compose(_person):
        subject = _("%(event)s: a place is yours") % {"event": event.name}
        where = _("A place freed and you were first on the waitlist: you are entered.")
        return subject, "\n\n".join(filter(None, [where, check_in_line(event), event_link(event)]))

    do_notify([e.user for e in entrants if e.user is not None], compose)


def notify_finished(event: Event) -> None:
    """The event is finished: each entrant with an account is told their final place
    (the standings being final, their page says the rest)."""
    rank = {row["entrant_id"]: row["rank"] for row in compute_standings(event)}
    entrants = event.entrants.filter(wanting_notices("user")).exclude(
        status=Entrant.Status.WAITLISTED
    )
    place = {e.user: rank.get(e.pk) for e in entrants.select_related("user")}

    def compose(person):
        subject = _("%(event)s is finished") % {"event": event.name}
        where = (
            _("You finished in place %(rank)s.") % {"rank": place[person]} if place[person] else ""
        )
        body = _("The final standings: %(link)s") % {"link": event_link(event)}
        return subject, "\n\n".join(filter(None, [where, body]))

    do_notify(list(place), compose)
