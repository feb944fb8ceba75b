"""The league's BG Stats pages: the export (a file to download) and the organiser's
import (the file, then a choice for each player the league does not know, then the
report by play)."""

import json

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render

from lib.refusal_pages import carried_out, form_page
from tournaments.bgstats.export import access_league_for_export, bgstats_file
from tournaments.bgstats.forms import PlayersForm, UploadForm
from tournaments.bgstats.importing import PlayStatus, do_import_bgstats, has_open_season
from tournaments.permissions import access_league_as_organiser


def export_bgstats(request, slug):
    """The league's confirmed results the reader may see, as a BG Stats file."""
    league, events = access_league_for_export(request.user, slug)
    content = json.dumps(bgstats_file(league, events, request.user), ensure_ascii=False, indent=1)
    response = HttpResponse(content, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{league.slug}-bgstats.json"'
    return response


@login_required
def import_bgstats(request, slug):
    league = access_league_as_organiser(request.user, slug)
    page = {"league": league, "upload": UploadForm(), "players": None, "report": None}
    if not has_open_season(league):
        return render(request, "tournaments/bgstats_import.html", {**page, "no_season": True})
    sent, done = None, None
    if request.method == "POST" and "content" in request.POST:
        form = sent = PlayersForm(league, request.POST)
        if form.is_valid():
            done = carried_out(
                request,
                do_import_bgstats,
                league,
                form.read,
                request.user,
                chosen=form.chosen,
                form=form,
            )
            if done:
                page["report"] = done.answer
                page["counts"] = [
                    (label, sum(r.status == status for r in done.answer))
                    for status, label in PlayStatus.choices
                ]
                return render(request, "tournaments/bgstats_import.html", page)
        page["players"] = form
    elif request.method == "POST":
        upload = UploadForm(request.POST, request.FILES)
        if upload.is_valid():
            data = upload.cleaned_data
            page["players"] = PlayersForm(league, text=data["text"], read=data["read"])
        else:
            page["upload"] = sent = upload
    return form_page(request, "tournaments/bgstats_import.html", page, done, form=sent)
