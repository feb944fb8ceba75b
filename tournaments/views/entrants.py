from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.models import Bot
from games.refusal import Refusal
from tournaments.check_in import no_shows
from tournaments.entrants import do_add_entrant, do_add_walk_in
from tournaments.formats import REGISTRY
from tournaments.forms import EntrantForm
from tournaments.models import Event
from tournaments.organisers import do_grant_organiser, do_revoke_organiser
from tournaments.permissions import (
    access_entrant_as_organiser,
    access_event_as_organiser,
    can_grant_organiser,
)
from tournaments.registration import do_drop
from tournaments.round_numbers import next_round_number
from tournaments.views.refusals import carried_out


@login_required
def entrants(request, slug):
    event = access_event_as_organiser(request.user, slug)
    form = EntrantForm(request.POST or None)
    if (
        request.method == "POST"
        and form.is_valid()
        and carried_out(request, add_from_form, event, form.cleaned_data, request.user, form=form)
    ):
        messages.success(request, _("Entrant added."))
        return redirect("event-entrants", slug=event.slug)
    return render(
        request,
        "tournaments/entrants.html",
        {
            "event": event,
            "form": form,
            "entrants": event.entrants.select_related("user", "bot"),
            "organisers": event.organisers.all(),
            "can_grant": can_grant_organiser(request.user, event),
            "next_round": next_round_number(event),
            "no_shows": no_shows(event),
            "checking_in": event.takes_check_ins,
            "pairs_rounds": event.status != Event.Status.FINISHED
            and event.format in REGISTRY
            and REGISTRY[event.format].pairs_rounds,
        },
    )


def add_from_form(event, data, by):
    start, seed = data.get("start_points"), data.get("seed") or 0
    if data.get("walk_in"):
        return do_add_walk_in(event, data["walk_in"], start_points=start, seed=seed)
    if data.get("username"):
        user = get_user_model().objects.filter(username=data["username"].strip()).first()
        if user is None:
            raise Refusal(_("No user is called %(name)s.") % {"name": data["username"]})
        return do_add_entrant(event, user=user, start_points=start, seed=seed)
    bot = Bot.objects.filter(name=data["bot"].strip()).first()
    if bot is None:
        raise Refusal(_("No bot is called %(name)s.") % {"name": data["bot"]})
    return do_add_entrant(event, bot=bot, start_points=start, seed=seed, by=by)


@login_required
@require_POST
def drop(request, slug, entrant_id):
    entrant = access_entrant_as_organiser(request.user, slug, entrant_id)
    if carried_out(request, do_drop, entrant, request.user):
        messages.info(request, _("%(name)s is dropped from the next round on.") % {"name": entrant})
    return redirect("event-entrants", slug=slug)


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
    elif carried_out(request, do_grant_organiser, event, user, request.user):
        messages.success(request, _("%(name)s now organises this event.") % {"name": user})
    return redirect("event-entrants", slug=slug)


@login_required
@require_POST
def remove_organiser(request, slug, user_id):
    """The event's creator (or staff) removes an organiser of the event."""
    event = access_event_as_organiser(request.user, slug)
    user = get_object_or_404(event.organisers, pk=user_id)
    if carried_out(request, do_revoke_organiser, event, user, request.user):
        messages.success(request, _("%(name)s no longer organises this event.") % {"name": user})
    return redirect("event-entrants", slug=slug)
