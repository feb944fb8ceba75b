"""The organiser's page for an event's rules profile and rescoring, and its card
catalogue (a game with rules profiles: Call to Adventure). The game's registration
gives the page's form and template (``GameType.rules_profiles``)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from lib.refusal import attempted
from lib.refusal_pages import carried_out, form_page
from scoring.catalogues import do_store_catalogue
from scoring.models import EventCatalogue
from scoring.profiles import rules_profiles_of
from scoring.rescore import check_profile, current_profile, do_apply_profile, preview_rescore
from tournaments.permissions import access_event_as_organiser

LAST_LINES = {"total": gettext_lazy("Total"), "place": gettext_lazy("Place")}


@login_required
def rules_profile(request, slug):
    """The event's rules profile, one field per rule: preview which tables a change
    rescores, then apply it with a reason."""
    event = access_event_as_organiser(request.user, slug)
    profiles = rules_profiles_of(event)
    current = current_profile(event)
    form = profiles.form(current, request.POST if request.method == "POST" else None)
    context = {
        "event": event,
        "current": current,
        "current_title": profiles.said(current.get("title", "")),
        "form": form,
        **catalogue_context(event),
    }
    outcome = None
    if request.method == "POST" and form.is_valid():
        outcome = carried_out(request, check_profile, event, form.profile(), form=form)
        if outcome:
            profile = outcome.answer
            context["preview"] = labelled(preview_rescore(event, profile), profiles.lines)
            reason = form.cleaned_data["reason"]
            if request.POST.get("action") == "apply" and not reason:
                form.add_error("reason", _("Say why the rules change: the players see it."))
            elif request.POST.get("action") == "apply":
                outcome = carried_out(
                    request, do_apply_profile, event, profile, request.user, reason, form=form
                )
                if outcome:
                    messages.success(request, _("The profile is applied and the tables rescored."))
                    return redirect("scoring-rules-profile", slug=event.slug)
    return form_page(request, profiles.template, context, outcome)


def labelled(preview: list, lines) -> list:
    """The preview with each changed line named in the reader's words (the game's
    ``lines``)."""
    labels = {**lines, **LAST_LINES}
    for change in preview:
        for line in change.changes:
            line["label"] = labels.get(line["line"], line["line"])
    return preview


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
    profiles = rules_profiles_of(event)
    source = request.POST.get("catalogue", "")
    stored = attempted(do_store_catalogue, event, source, request.user)
    if not stored:
        current = current_profile(event)
        context = {
            "event": event,
            "current": current,
            "current_title": profiles.said(current.get("title", "")),
            "form": profiles.form(current),
            "catalogue_error": stored.refusal.message,
            **catalogue_context(event, source),
        }
        return form_page(request, profiles.template, context, stored)
    imported = stored.answer
    messages.success(
        request, _("The catalogue is imported: %(count)d cards.") % {"count": len(imported)}
    )
    return redirect("scoring-rules-profile", slug=event.slug)
