"""The replay viewer: any record of a game the site plays live (the registry's), from
a bot match, an event result (uploaded elsewhere, kept in ``Result.detail["record"]``)
or pasted here (kept as a
``games.GameRecord`` so its replay has a link). The step and the point of view are in
the URL (``?step=12&seat=0``), so every position has a link to share; htmx swaps the
board in place and static/js/replay.js adds the arrow keys."""

from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from bots.access import access_match, access_result_record, faults_as_seen
from bots.forms import RecordForm
from bots.latency import annotate_moves
from bots.replay import replay_position
from games.models import GameRecord
from lib.refusal import attempted
from lib.refusal_pages import form_page


def _viewer(request, record: dict, title: str, download_url: str, extra=None, annotate=None):
    replayed = attempted(replay_position, record, request.GET.get("step"), request.GET.get("seat"))
    if replayed.refusal is not None:
        error = str(replayed.refusal.message)
        return render(
            request,
            "bots/replay.html",
            {"title": title, "error": error, "download_url": download_url, **(extra or {})},
            status=422,
        )
    position = replayed.answer
    if annotate is not None:
        annotate(position.moves)
    context = {
        "title": title,
        "position": position,
        "download_url": download_url,
        **(extra or {}),
    }
    template = "bots/_replay_board.html" if request.htmx else "bots/replay.html"
    return render(request, template, context)


def _download(record: dict, name: str) -> JsonResponse:
    response = JsonResponse(record, json_dumps_params={"indent": 1})
    response["Content-Disposition"] = f'attachment; filename="{name}.json"'
    return response


def match_replay(request, match_id):
    match = access_match(request.user, match_id)
    if match.record is None:
        return render(request, "bots/replay.html", {"title": match.in_words(), "match": match})
    faults = faults_as_seen(request.user, match.faults.select_related("bot"))
    return _viewer(
        request,
        match.record,
        match.in_words(),
        reverse("bots:match-record", args=[match.pk]),
        {"match": match, "faults": faults},
        annotate=lambda moves: annotate_moves(moves, match.timings, faults),
    )


def match_record(request, match_id):
    match = access_match(request.user, match_id)
    if match.record is None:
        raise Http404(_("This match has not been played yet."))
    return _download(match.record, f"bot-match-{match.pk}")


def result_replay(request, result_id):
    result, record = access_result_record(request.user, result_id)
    return _viewer(
        request, record, str(result.table), reverse("bots:result-record", args=[result.pk])
    )


def result_record(request, result_id):
    result, record = access_result_record(request.user, result_id)
    return _download(record, f"result-{result.pk}")


def record_replay(request):
    """Paste or upload a record: it is checked, kept, and its replay opens."""
    form = RecordForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        stored = GameRecord.objects.create(
            record=form.cleaned_data["record"],
            created_by=request.user if request.user.is_authenticated else None,
        )
        return redirect("bots:stored-replay", key=stored.key)
    return form_page(request, "bots/replay_upload.html", {"form": form})


def stored_replay(request, key):
    stored = get_object_or_404(GameRecord, key=key)
    return _viewer(
        request,
        stored.record,
        _("A game record"),
        reverse("bots:stored-record", args=[stored.key]),
    )


def stored_record(_request, key):
    stored = get_object_or_404(GameRecord, key=key)
    return _download(stored.record, f"record-{stored.key}")
