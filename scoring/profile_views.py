"""The organiser's page for an event's Call to Adventure rules profile and rescoring."""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.call_to_adventure.cards import CatalogueError
from games.call_to_adventure.profile import ProfileError
from games.refusal import Refusal
from scoring.catalogues import do_store_catalogue
from scoring.models import EventCatalogue
from scoring.rescore import check_profile, current_profile, do_apply_profile, preview_rescore
from tournaments.permissions import access_event_as_organiser


@login_required
def rules_profile(request, slug):
    event = access_event_as_organiser(request.user, slug)
    text = request.POST.get("profile") or json.dumps(current_profile(event), indent=2)
    context = {"event": event, "text": text, "current": current_profile(event)}
    context.update(catalogue_context(event))
    if request.method == "POST":
        try:
            profile = check_profile(text)
            if request.POST.get("action") == "apply":
                reason = request.POST.get("reason", "").strip()
                if not reason:
                    raise ProfileError("reason", _("say why the profile changes"))
                do_apply_profile(event, profile, request.user, reason)
                messages.success(request, _("The profile is applied and the tables rescored."))
                return redirect("scoring-rules-profile", slug=event.slug)
            context["preview"] = preview_rescore(event, profile)
        except ProfileError as exc:
            context["error"] = exc
        except Refusal as refusal:
            messages.error(request, str(refusal.message))
            return render(
                request, "scoring/rules_profile.html", context, status=refusal.http_status
            )
    return render(request, "scoring/rules_profile.html", context)


def catalogue_context(event, source: str | None = None) -> dict:
    stored = EventCatalogue.objects.filter(event=event).first()
    return {
        "catalogue_source": stored.source if source is None and stored else (source or ""),
        "catalogue_stored": stored,
    }


@login_required
@require_POST
def catalogue(request, slug):
    """Import the event's card catalogue (CSV or JSON); its faults are listed by row."""
    event = access_event_as_organiser(request.user, slug)
    source = request.POST.get("catalogue", "")
    try:
        imported = do_store_catalogue(event, source, request.user)
    except CatalogueError as exc:
        context = {"event": event, "current": current_profile(event), "catalogue_error": exc}
        context["text"] = json.dumps(context["current"], indent=2)
        context.update(catalogue_context(event, source))
        return render(request, "scoring/rules_profile.html", context, status=400)
    messages.success(
        request, _("The catalogue is imported: %(count)d cards.") % {"count": len(imported)}
    )
    return redirect("scoring-rules-profile", slug=event.slug)
