"""A table's slip link (``/t/TOKEN/``): whoever holds the printed slip of a table where
a walk-in sits enters its result without an account (``scoring.slips``). The token is
verified here, then the game's own entry page and preview serve the request (named in
the game registry; a preview is the entry page's route + ``-preview``), acting for the
slip: the services check it again under the table's lock."""

from django.shortcuts import render
from django.urls import resolve, reverse

from games.registry import get_game
from refusal import attempted
from scoring.slips import access_slip

STATUS = {"gone": 410, "invalid": 404}


def slip_entry(request, token: str):
    return served_for_slip(request, token, "")


def slip_preview(request, token: str):
    return served_for_slip(request, token, "-preview")


def served_for_slip(request, token: str, suffix: str):
    slipped = attempted(access_slip, token)
    if not slipped:
        refusal = slipped.refusal
        status = STATUS.get(refusal.code, 409)
        return render(request, "scoring/slip_refused.html", {"refusal": refusal}, status=status)
    table, slip = slipped.answer
    request.slip, request.slip_table = slip, table
    request.slip_url = reverse("slip", args=[token])
    request.slip_token = token
    page = reverse(get_game(table.round.event.game).entry_page + suffix, args=[table.pk])
    return resolve(page).func(request, table_id=table.pk)
