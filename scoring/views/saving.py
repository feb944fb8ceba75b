"""Saving an entry from a page: a submission, or an organiser's override with a reason,
once per form token."""

from django.contrib import messages
from django.shortcuts import redirect
from django.utils.translation import gettext as _

from scoring.entries import EntryRefused
from scoring.submissions import (
    ActionRefused,
    SubmissionConflict,
    do_override_result,
    do_submit_result,
)
from scoring.views.common import consume_form_token


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
            do_submit_result(table, kind, entry, request.user)
            messages.success(request, _("Entered: the other players confirm it now."))
    except EntryRefused as refused:
        return None, {"error": refused.error}
    except (SubmissionConflict, ActionRefused) as refused:
        return None, {"error": {"reason": str(refused)}}
    return to_table, None
