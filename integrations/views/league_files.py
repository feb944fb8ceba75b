"""A league's file from the site: its organisers download it; anyone who may create a
league uploads one as a new league (docs/integrations.md, "A league's file")."""

import json

from django import forms
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_http_methods

from integrations.league_export import league_file
from integrations.league_import import do_import_league, read_league_upload
from lib.refusal_pages import carried_out, form_page
from tournaments.permissions import access_league_as_organiser, can_create_league


class LeagueFileForm(forms.Form):
    file = forms.FileField(label=_("A league's file (JSON)"))


@require_GET
def league_export(request, slug):
    league = access_league_as_organiser(request.user, slug)
    body = json.dumps(league_file(league), ensure_ascii=False, indent=1)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{league.slug}.json"'
    return response


def import_file(upload, by):
    return do_import_league(read_league_upload(upload), by)


@login_required
@require_http_methods(["GET", "POST"])
def league_import(request):
    if not can_create_league(request.user):
        raise PermissionDenied
    form = LeagueFileForm(request.POST or None, request.FILES or None)
    outcome = None
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        outcome = carried_out(request, import_file, upload, request.user, form=form)
        if outcome:
            return redirect("league-detail", outcome.answer.slug)
    return form_page(request, "integrations/league_import.html", {"form": form}, outcome)
