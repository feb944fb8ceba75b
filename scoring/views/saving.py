"""Saving an entry from a page: a submission naming what the page showed (the round it
enters, the entry it replaces), or an organiser's override with a reason, once per form
token (``scoring.views.entry`` serves the pages)."""

from django.contrib import messages
from django.db import transaction
from django.shortcuts import redirect
from django.utils.translation import gettext as _

from games.forms import int_field
from lib.refusal import attempted
from scoring.deciding import do_override_result
from scoring.entering import Entered, author_of_round, do_enter_result, do_take_back_round
from scoring.models import Submission
from scoring.submissions import waits_for_organiser
from scoring.views.common import consume_form_token, table_url


def saved_message(entered: Entered, round_number: int | None) -> str:
    """What happens next, said to whoever saved the entry."""
    submission = entered.submission
    if entered.agreed and round_number:
        return _("%(name)s entered the same round %(n)s: agreed, nothing was added.") % {
            "name": author_of_round(submission, round_number),
            "n": round_number,
        }
    if entered.agreed:
        return _("%(name)s entered the same result: agreed, nothing was added.") % {
            "name": submission.submitted_by
        }
    if submission.is_in_progress:
        return _(
            "Round %(n)s is saved. Enter the next round when it is played; nobody confirms "
            "before the game is over."
        ) % {"n": submission.rounds_entered}
    if submission.status == Submission.Status.CONFIRMED:
        return _("Entered and agreed: the result is official.")
    if waits_for_organiser(submission):
        return _("Entered: no other player here has an account, so an organiser confirms it.")
    return _("Entered: the other players confirm it now.")


def posted_round(data) -> int | None:
    """The round number the page showed when it was sent (a hidden field; pages that
    enter a whole result have none)."""
    number = int_field(data, "round", default=None)
    return number if isinstance(number, int) else None


def enter(request, table, kind: str, entry) -> Entered:
    """The page's entry, as the round it names. "Take theirs back and save mine" (after
    a conflict) takes back the stored round the page showed, named by its basis, and
    enters this one in the same transaction."""
    round_number = posted_round(request.POST)
    slip = getattr(request, "slip", None)
    by = request.user if slip is None else slip.actor
    with transaction.atomic():
        if request.POST.get("replaces"):
            do_take_back_round(table, request.user, basis=request.POST["replaces"])
        return do_enter_result(table, kind, entry, by, round_number=round_number, slip=slip)


def save_entry(request, table, kind: str, entry, next_page=None):
    """(a redirect when done, None) or (None, the refused outcome: its error to show).
    ``next_page(table, entered)``: where an entry goes on (None: the table's page)."""
    to_table = redirect(table_url(request, table))
    if not consume_form_token(request):
        return to_table, None
    overriding = bool(request.POST.get("override"))
    if overriding:
        saved = attempted(
            do_override_result,
            table,
            kind,
            entry,
            request.user,
            request.POST.get("reason", ""),
            basis=request.POST.get("basis"),
        )
    else:
        saved = attempted(enter, request, table, kind, entry)
    if saved.refusal is not None:
        return None, saved
    if overriding:
        messages.success(request, _("The result is overridden."))
        return to_table, None
    entered = saved.answer
    messages.success(request, saved_message(entered, posted_round(request.POST)))
    onward = next_page and next_page(request, table, entered)
    if onward:
        return redirect(onward), None
    return to_table, None
