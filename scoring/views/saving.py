"""Saving an entry from a page: a submission, or an organiser's override with a reason,
once per form token."""

from django.contrib import messages
from django.shortcuts import redirect
from django.utils.translation import gettext as _

from games.refusal import Refusal
from scoring.models import Submission
from scoring.submissions import do_override_result, do_submit_result, waits_for_organiser
from scoring.views.common import consume_form_token


def saved_message(submission: Submission) -> str:
    """What happens next, said to whoever saved the entry."""
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


def save_entry(request, table, kind: str, entry):
    """(a redirect when done, None) or (None, the preview with the error to show)."""
    to_table = redirect("scoring-table", table_id=table.pk)
    if not consume_form_token(request):
        return to_table, None
    try:
        if request.POST.get("override"):
            do_override_result(table, kind, entry, request.user, request.POST.get("reason", ""))
            messages.success(request, _("The result is overridden."))
        else:
            submission = do_submit_result(table, kind, entry, request.user)
            messages.success(request, saved_message(submission))
    except Refusal as refused:
        return None, {"error": refused.error}
    return to_table, None
