from operator import attrgetter

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from lib.refusal import Refusal, attempted
from lib.refusal_pages import back_to, carried_out, form_page
from tournaments import lifecycle
from tournaments.check_in import no_shows
from tournaments.entrant_import import do_import_entrants
from tournaments.entrants import do_add_entrant, do_add_walk_in, do_set_place
from tournaments.forms import EntrantForm, ImportForm, PlaceFields
from tournaments.organisers import do_grant_organiser, do_revoke_organiser, organisers_to_show
from tournaments.people import find_bot, find_person
from tournaments.permissions import (
    access_entrant_as_organiser,
    access_event_as_organiser,
    can_grant_organiser,
)
from tournaments.registration import do_drop, do_reinstate


@login_required
def entrants(request, slug):
    event = access_event_as_organiser(request.user, slug)
    form = EntrantForm(request.POST or None)
    added = None
    if request.method == "POST" and form.is_valid():
        added = carried_out(
            request, add_from_form, event, form.cleaned_data, request.user, form=form
        )
        if added:
            messages.success(request, _("Entrant added."))
            # The page comes back with the focus in the field just used, for the next name.
            used = next(k for k in ("username", "walk_in", "bot") if form.cleaned_data.get(k))
            request.session["entrant_field"] = used
            return redirect("event-entrants", slug=event.slug)
    used = request.session.pop("entrant_field", None)
    if used in form.fields:
        form.fields[used].widget.attrs["autofocus"] = True
    return entrants_page(request, event, form, ImportForm(), form, added)


def entrants_page(request, event, form, import_form, sent, outcome=None):
    """The page; ``sent`` is the form of the request (the entrant's or the import's),
    ``outcome`` its write's."""
    return form_page(
        request,
        "tournaments/entrants.html",
        {
            "event": event,
            "form": form,
            "import_form": import_form,
            # The dropped last, each marked why: who is still in reads first.
            "entrants": sorted(
                event.entrants.select_related("user", "bot"), key=attrgetter("is_dropped")
            ),
            "organisers": organisers_to_show(event, request.user),
            "can_grant": can_grant_organiser(request.user, event),
            "no_shows": no_shows(event),
            "checking_in": event.takes_check_ins,
            "pair_offer": pair_offer(event, request.user),
        },
        outcome,
        form=sent,
    )


def pair_offer(event, user) -> lifecycle.Offer | None:
    """Pairing the next round, when the life cycle makes it the event's main action
    (entrants added, nothing else waiting): the button this page ends with."""
    offers = lifecycle.next_actions(event, user)
    return offers[0] if offers and offers[0].act == lifecycle.Act.PAIR else None


def add_from_form(event, data, by):
    start, seed = data.get("start_points"), data.get("seed") or 0
    place = {"club": data.get("club") or "", "fixed_table": data.get("fixed_table")}
    if data.get("walk_in"):
        return do_add_walk_in(event, data["walk_in"], start_points=start, seed=seed, **place)
    if data.get("username"):
        user = find_person(data["username"])
        return do_add_entrant(event, user=user, start_points=start, seed=seed, **place)
    bot = find_bot(data["bot"])
    return do_add_entrant(event, bot=bot, start_points=start, seed=seed, by=by, **place)


@login_required
@require_POST
def import_entrants(request, slug):
    """Entrants from a pasted CSV or a file: all rows or none, each bad row named."""
    event = access_event_as_organiser(request.user, slug)
    form = ImportForm(request.POST, request.FILES)
    imported = None
    if form.is_valid():
        imported = attempted(do_import_entrants, event, form.cleaned_data["csv"], request.user)
        if imported:
            added = imported.answer
            waiting = sum(entrant.is_waitlisted for entrant in added)
            message = ngettext(
                "%(n)s entrant imported.", "%(n)s entrants imported.", len(added)
            ) % {"n": len(added)}
            if waiting:
                message += " " + ngettext(
                    "The event is full: %(n)s of them is on the waitlist.",
                    "The event is full: %(n)s of them are on the waitlist.",
                    waiting,
                ) % {"n": waiting}
            messages.success(request, message)
            return redirect("event-entrants", slug=event.slug)
        show_bad_rows(form, imported.refusal)
    return entrants_page(request, event, EntrantForm(), form, form, imported)


def show_bad_rows(form, refusal: Refusal) -> None:
    """An import's refusal on the form: each bad row beside the CSV, or the reason."""
    rows = refusal.error.get("rows")
    if not rows:
        form.add_error("csv", str(refusal.message))
        return
    form.add_error(None, _("Nothing was imported."))
    for row in rows:
        form.add_error(
            "csv", _("Row %(n)s: %(reason)s") % {"n": row["row"], "reason": row["reason"]}
        )


@login_required
@require_POST
def set_place(request, slug, entrant_id):
    """An entrant's club and fixed table, from their card on the entrants page."""
    entrant = access_entrant_as_organiser(request.user, slug, entrant_id)
    form = PlaceFields(request.POST)
    placed = None
    if not form.is_valid():
        for errors in form.errors.values():
            messages.error(request, f"{entrant}: {' '.join(errors)}")
    elif placed := carried_out(
        request, do_set_place, entrant, form.cleaned_data["club"], form.cleaned_data["fixed_table"]
    ):
        messages.success(request, _("%(name)s's club and table are saved.") % {"name": entrant})
    return back_to(request, placed, "event-entrants", slug=slug)


@login_required
@require_POST
def drop(request, slug, entrant_id):
    entrant = access_entrant_as_organiser(request.user, slug, entrant_id)
    if done := carried_out(request, do_drop, entrant, request.user):
        messages.info(request, _("%(name)s is dropped from the next round on.") % {"name": entrant})
    return back_to(request, done, "event-entrants", slug=slug)


@login_required
@require_POST
def reinstate(request, slug, entrant_id):
    """A dropped entrant back in from the next round, from their row on the page."""
    entrant = access_entrant_as_organiser(request.user, slug, entrant_id)
    if back := carried_out(request, do_reinstate, entrant, request.user):
        messages.success(
            request,
            _("%(name)s is back in from round %(n)s.")
            % {"name": entrant.name, "n": back.answer.joined_round},
        )
    return back_to(request, back, "event-entrants", slug=slug)


@login_required
@require_POST
def add_organiser(request, slug):
    """The event's creator (or staff) names another organiser by username."""
    event = access_event_as_organiser(request.user, slug)
    user = get_user_model().objects.filter(username=request.POST.get("username", "").strip())
    user = user.first()
    if user is None:
        messages.error(
            request, _("No user is called %(name)s.") % {"name": request.POST.get("username", "")}
        )
        return back_to(request, False, "event-entrants", slug=slug)
    if done := carried_out(request, do_grant_organiser, event, user, request.user):
        messages.success(request, _("%(name)s now organises this event.") % {"name": user})
    return back_to(request, done, "event-entrants", slug=slug)


@login_required
@require_POST
def remove_organiser(request, slug, user_id):
    """The event's creator (or staff) removes an organiser of the event."""
    event = access_event_as_organiser(request.user, slug)
    user = get_object_or_404(event.organisers, pk=user_id)
    if done := carried_out(request, do_revoke_organiser, event, user, request.user):
        messages.success(request, _("%(name)s no longer organises this event.") % {"name": user})
    return back_to(request, done, "event-entrants", slug=slug)
