"""The organiser's page for an event's Call to Adventure rules profile and rescoring."""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from games.call_to_adventure.profile import ProfileError
from scoring.rescore import check_profile, current_profile, do_apply_profile, preview_rescore
from tournaments.permissions import access_event_as_organiser


@login_required
def rules_profile(request, slug):
    event = access_event_as_organiser(request.user, slug)
    text = request.POST.get("profile") or json.dumps(current_profile(event), indent=2)
    context = {"event": event, "text": text, "current": current_profile(event)}
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
    return render(request, "scoring/rules_profile.html", context)
