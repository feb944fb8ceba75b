"""A table's entry page, its live preview and its override, one for every game: the
game's registration says what its page reads, shows and previews
(``games.registry.EntryPage``), these serve it (``/scoring/tables/ID/<path>/``, the
path the game names) and save what it read through ``scoring.views.saving``."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.entry_page import EntryPage, OverridePage
from games.registry import get_game
from lib.refusal import attempted
from lib.refusal_pages import form_page
from scoring.deciding import do_override_result
from scoring.views.common import (
    access_entry_table,
    access_table_to_write,
    consume_form_token,
    entry_urls,
    new_form_token,
    open_submission,
    roles,
)
from scoring.views.saving import save_entry
from scoring.views.table_entry import TableEntry
from tournaments.permissions import can_settle_table


def entry_page_of(table, path: str | None = None) -> EntryPage:
    """The table's game's entry page; a 404 for a game without one, or at another
    game's address."""
    page = get_game(table.round.event.game).entry
    if page is None or (path is not None and path != page.path):
        raise Http404
    return page


def entry_url(table) -> str:
    """The address of ``table``'s entry page."""
    return reverse("scoring-entry", args=[table.pk, entry_page_of(table).path])


def disputes_settled(table) -> list:
    """The disputes of the entry waiting at the table, with their comments: an override
    shows what it settles."""
    waiting = open_submission(table)
    if waiting is None or not waiting.is_disputed:
        return []
    return list(waiting.confirmations.filter(decision="dispute").select_related("user"))


def page_context(request, table, game_page: EntryPage, data=None, preview=None) -> dict:
    """The game's context for its page, and what every entry page has."""
    page = TableEntry(request, table, data)
    return {
        "table": table,
        **game_page.context(page, preview),
        "form_token": new_form_token(request),
        "disputes": disputes_settled(table) if page.override else [],
        **entry_urls(request, table),
        **roles(request.user, table),
    }


def entry(request, table_id: int, path: str):
    table = access_entry_table(request, table_id)
    game_page = entry_page_of(table, path)
    if game_page.override and (request.GET.get("override") or request.POST.get("override")):
        return override(request, table, game_page.override)
    if request.method != "POST":
        return render(request, game_page.template, page_context(request, table, game_page))
    here = reverse("scoring-entry", args=[table.pk, path])
    posted = TableEntry(request, table, request.POST)
    if game_page.round_by_round and posted.round is None:
        # A page from before rounds were named: what it entered cannot be placed.
        messages.error(request, _("This page was out of date: here it is again."))
        return redirect(here)
    kind = get_game(table.round.event.game).table_kind.key
    next_page = next_round(request, game_page, here)
    response, refused = save_entry(request, table, kind, game_page.read(posted), next_page)
    if response:
        return response
    preview = {"error": refused.refusal.error}
    context = page_context(request, table, game_page, request.POST, preview)
    return form_page(request, game_page.template, context, refused)


def next_round(request, game_page: EntryPage, here: str):
    """Where a saved round goes on: to the next round's entry, with the running totals
    above it (a whole game without going back to the table), while the game is in
    progress; else to the table's page (None)."""
    if not game_page.round_by_round:
        return None

    def next_round_page(_request, _table, entered) -> str | None:
        if not entered.submission.is_in_progress:
            return None
        return request.slip_url if getattr(request, "slip", None) is not None else here

    return next_round_page


@require_POST
def entry_preview(request, table_id: int, path: str):
    table = access_entry_table(request, table_id)
    game_page = entry_page_of(table, path)
    preview = game_page.preview(TableEntry(request, table, request.POST))
    return render(request, game_page.preview_template, preview)


def override(request, table, page: OverridePage):
    """An organiser's override page of its own: the whole game from the entry the result
    stands on, saved with a reason and naming that entry as its basis."""
    if getattr(request, "slip", None) is not None:  # a slip enters, it does not override
        table = access_table_to_write(request.user, table.pk)
    if not can_settle_table(request.user, table):
        raise PermissionDenied
    if request.method != "POST":
        return render(request, page.template, override_context(request, table, page))
    if not consume_form_token(request):
        return redirect("scoring-table", table_id=table.pk)
    kind, entry_ = page.read(TableEntry(request, table, request.POST))
    overridden = attempted(
        do_override_result,
        table,
        kind,
        entry_,
        request.user,
        request.POST.get("reason", ""),
        basis=request.POST.get("basis", ""),
    )
    if overridden.refusal is not None:
        error = overridden.refusal.error
        context = override_context(request, table, page, request.POST, error)
        return form_page(request, page.template, context, overridden)
    messages.success(request, _("The result is overridden."))
    return redirect("scoring-table", table_id=table.pk)


def override_context(request, table, page, data=None, error=None) -> dict:
    return {
        "table": table,
        **page.context(TableEntry(request, table, data), error),
        "form_token": new_form_token(request),
        "disputes": disputes_settled(table),
    }
