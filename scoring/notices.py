"""What scoring tells people by e-mail (``accounts.notices``): an entry waits for their
confirmation, a dispute about their table is raised or settled."""

from django.urls import reverse
from django.utils.translation import gettext as _

from accounts.notices import do_notify, link, wanting_notices
from lib.compiled import CompiledQuery
from scoring.models import Submission
from tournaments.models import Seat
from tournaments.notices import organisers_of

# Only those who want notices are read (a table of people without an address loads
# none); compiled once, as every entry asks.
SEATS_WANTING_NOTICES = CompiledQuery(
    lambda table_id: (
        Seat.objects.filter(wanting_notices("entrant__user"), table_id=table_id)
        .order_by()
        .select_related("entrant__user")
    ),
    -7,
)


def at_table(submission: Submission) -> dict:
    table = submission.table
    return {
        "event": table.round.event.name,
        "round": table.round.number,
        "table": table.number,
        "link": link(reverse("scoring-table", args=[table.pk])),
    }


def seated_people(submission: Submission) -> list:
    """The people at the submission's table who want notices."""
    return [seat.entrant.user for seat in SEATS_WANTING_NOTICES.fetch(submission.table_id)]


def notify_entry_waits(submission: Submission, people) -> None:
    """``people``: who is asked to confirm (the other players who want notices, or the
    organisers). Nobody (the round-end rush's players want none): nothing is composed."""
    if not people:
        return
    words = {**at_table(submission), "who": submission.submitted_by}

    def compose(_person):
        subject = _("%(event)s: confirm the result of round %(round)s, table %(table)s") % words
        body = (
            _(
                "%(who)s entered the result of your table. Confirm it, or dispute it if it is "
                "wrong: %(link)s\n"
            )
            % words
        )
        return subject, body

    do_notify(people, compose)


def notify_organisers_to_confirm(submission: Submission) -> None:
    notify_entry_waits(submission, organisers_of(submission.table.round.event))


def notify_dispute_raised(submission: Submission, by, comment: str) -> None:
    words = {**at_table(submission), "who": by, "comment": comment}

    def compose(_person):
        subject = _("%(event)s: the result of round %(round)s, table %(table)s is disputed")
        body = _("%(who)s disputes the result: %(comment)s\n\nAn organiser settles it: %(link)s\n")
        return subject % words, body % words

    people = [*seated_people(submission), *organisers_of(submission.table.round.event)]
    do_notify([person for person in people if person.pk != by.pk], compose)


def notify_dispute_settled(submission: Submission, accepted: bool, reason: str) -> None:
    words = {**at_table(submission), "reason": reason}

    def compose(_person):
        subject = _("%(event)s: the dispute at round %(round)s, table %(table)s is settled")
        outcome = (
            _("The entry is accepted as the result.")
            if accepted
            else _("The entry is rejected: enter the result again.")
        )
        body = _("%(outcome)s Reason: %(reason)s\n\n%(link)s\n") % {**words, "outcome": outcome}
        return subject % words, body

    do_notify(seated_people(submission), compose)
