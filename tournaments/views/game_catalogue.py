"""The games pages: every game, with a search (``?q=``, answered by the server), an
organiser's form to add one to the catalogue (from the event form's "A game not in the
list?", returning to it with the new game chosen), and a catalogue game's page, where
whoever added it renames it or deletes it."""

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.catalogue_games import (
    do_add_catalogue_game,
    do_delete_catalogue_game,
    do_make_site_wide,
    do_rename_catalogue_game,
    games_matching,
    is_in_use,
)
from lib.refusal_pages import back_to as answer_at
from lib.refusal_pages import carried_out, form_page
from tournaments.game_forms import CatalogueGameForm, RenameGameForm
from tournaments.permissions import (
    access_catalogue_game_as_editor,
    access_game,
    can_add_game,
    can_edit_game,
    can_make_game_site_wide,
    catalogue_adders_for,
)

MAX_QUERY = 100


def game_list(request):
    query = request.GET.get("q", "")[:MAX_QUERY]
    context = {
        "games": games_matching(query, catalogue_adders_for(request.user)),
        "query": query,
        "can_add": can_add_game(request.user),
    }
    return render(request, "tournaments/games.html", context)


def back_to(request) -> str | None:
    """The page to return to after adding a game (the event form), when it is ours."""
    target = request.POST.get("next") or request.GET.get("next")
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return None


@login_required
def game_add(request):
    if not can_add_game(request.user):
        raise PermissionDenied(_("Organisers of a league or an event add games."))
    form = CatalogueGameForm(request.POST or None)
    added = None
    if request.method == "POST" and form.is_valid():
        added = carried_out(
            request, do_add_catalogue_game, request.user, form=form, **form.cleaned_data
        )
        if added:
            game = added.answer
            messages.success(request, _("%(game)s is in the list of games.") % {"game": game})
            target = back_to(request)
            if target:
                joiner = "&" if "?" in target else "?"
                return redirect(f"{target}{joiner}{urlencode({'game': game.key})}")
            return redirect("game-detail", key=game.key)
    context = {"form": form, "next": back_to(request), "title": _("Add a game")}
    return form_page(request, "tournaments/game_add.html", context, added)


def game_detail(request, key):
    game = access_game(key)
    editable = can_edit_game(request.user, game)
    context = {
        "game": game,
        "editable": editable,
        "in_use": editable and is_in_use(game.key),
        "can_make_site_wide": can_make_game_site_wide(request.user, game),
        "rename_form": RenameGameForm(initial={"name": game.name}) if editable else None,
    }
    return render(request, "tournaments/game_detail.html", context)


@login_required
def game_rename(request, key):
    row = access_catalogue_game_as_editor(request.user, key)
    form = RenameGameForm(request.POST or None, initial={"name": row.name})
    renamed = None
    if request.method == "POST" and form.is_valid():
        renamed = carried_out(
            request, do_rename_catalogue_game, row, form.cleaned_data["name"], form=form
        )
        if renamed:
            messages.success(request, _("The game is renamed."))
            return redirect("game-detail", key=key)
    game = access_game(key)
    context = {"game": game, "editable": True, "in_use": is_in_use(key), "rename_form": form}
    return form_page(request, "tournaments/game_detail.html", context, renamed, form=form)


@login_required
@require_POST
def game_site_wide(request, key):
    """Staff list a game for everyone (refused while a site-wide game has its name)."""
    if not can_make_game_site_wide(request.user, access_game(key)):
        raise PermissionDenied(_("Staff decide which games are listed for everyone."))
    row = access_catalogue_game_as_editor(request.user, key)
    if done := carried_out(request, do_make_site_wide, row):
        messages.success(request, _("%(game)s is listed for everyone.") % {"game": row.name})
    return answer_at(request, done, "game-detail", key=key)


@login_required
@require_POST
def game_delete(request, key):
    row = access_catalogue_game_as_editor(request.user, key)
    if done := carried_out(request, do_delete_catalogue_game, row):
        messages.success(request, _("%(game)s is deleted.") % {"game": row.name})
        return redirect(reverse("game-list"))
    return answer_at(request, done, "game-detail", key=key)
