"""A table's slip link (``/t/TOKEN/``): whoever holds the printed slip of a table where
a walk-in sits enters its result without an account (``scoring.slips``). The token is
verified here, then the table's entry page and its preview serve the request
(``scoring.views.entry``), acting for the slip: the services check it again under the
table's lock."""

from django.contrib import messages
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from lib.refusal import attempted
from lib.refusal_pages import back_to, carried_out
from scoring.slips import access_slip, table_of_spent_slip
from scoring.views import entry
from tournaments.round_check_in import do_check_in_for_round, entrant_at

STATUS = {"gone": 410, "invalid": 404}


def slip_entry(request, token: str):
    return served_for_slip(request, token, entry.entry)


def slip_preview(request, token: str):
    return served_for_slip(request, token, entry.entry_preview)


def refusal_context(refusal, token: str) -> dict:
    """What the refusal page shows: why, and the way on for a slip that once was good:
    the table's own page (through logging in, for a player with an account)."""
    table = table_of_spent_slip(token) if refusal.code == "gone" else None
    return {
        "refusal": refusal,
        "table": table,
        "table_url": entry.entry_url(table) if table is not None else None,
    }


def verified_slip(request, token: str):
    """``((table, slip), None)`` for a good token, else ``(None, the refusal's page)``:
    what every page of a slip answers first (its entry, its judge call, its check-in)."""
    slipped = attempted(access_slip, token)
    refusal = slipped.refusal
    if refusal is None:
        return slipped.answer, None
    status = STATUS.get(refusal.code, 409)
    context = refusal_context(refusal, token)
    return None, render(request, "scoring/slip_refused.html", context, status=status)


def served_for_slip(request, token: str, view):
    found, refused = verified_slip(request, token)
    if refused is not None:
        return refused
    table, slip = found
    request.slip, request.slip_table = slip, table
    request.slip_url = reverse("slip", args=[token])
    request.slip_token = token
    return view(request, table_id=table.pk, path=entry.entry_page_of(table).path)


def check_in_with_slip(table, seat):
    entrant = entrant_at(table.round, table.number, seat)
    do_check_in_for_round(table.round, entrant, from_slip=True)
    return entrant


@require_POST
def slip_check_in(request, token: str):
    """Whoever holds the table's slip checks a player of its table in for the round
    (check-in every round): the slip answers for that table only."""
    found, refused = verified_slip(request, token)
    if refused is not None:
        return refused
    table, _slip = found
    done = carried_out(request, check_in_with_slip, table, request.POST.get("seat"))
    if done:
        messages.success(request, _("%(name)s is checked in.") % {"name": done.answer.name})
    return back_to(request, done, "slip", token=token)
