from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from bots.access import access_batch
from bots.batch_changes import batch_stamp
from bots.batches import batch_progress, batch_summary, latest_games
from bots.forms import BatchForm
from bots.models import Batch
from bots.scheduling import do_schedule_batch, lineups_for
from lib.refusal_pages import carried_out, form_page
from lib.throttles import refused_on_page
from tournaments.permissions import can_schedule_bot_matches


@login_required
def batch_new(request):
    form, scheduled, throttled = BatchForm(request.POST or None), None, False
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        bots = list(data["bots"])
        if not can_schedule_bot_matches(request.user, bots):
            raise PermissionDenied
        order = request.POST.getlist("bots")
        bots.sort(key=lambda bot: order.index(str(bot.pk)))
        if refused := refused_on_page(request, "batch_scheduling"):
            form.add_error(None, refused)
            throttled = True
        else:
            scheduled = carried_out(request, schedule, request.user, data, bots, form=form)
        if scheduled:
            batch = scheduled.answer
            messages.success(request, _("Scheduled %(n)d games.") % {"n": batch.total})
            return redirect("bots:batch-detail", batch_id=batch.pk)
    return form_page(
        request, "bots/batch_form.html", {"form": form}, scheduled, throttled=throttled
    )


def schedule(by, data, bots) -> Batch:
    return do_schedule_batch(
        by,
        data["kind"],
        lineups_for(data["kind"], bots, data["table_size"]),
        games_per_lineup=data["games"],
        options={"rounds": data["rounds"]},
        seed=data["seed"],
        name=", ".join(bot.name for bot in bots)[:160],
    )


def live_context(batch) -> dict:
    """What the batch page shows and fetches again as it moves on: progress, the latest finished
    games and, once the batch is done, its summary."""
    progress = batch_progress(batch)
    return {
        "batch": batch,
        "progress": progress,
        "matches": latest_games(batch),
        "summary": batch_summary(batch) if progress.finished else None,
    }


def batch_detail(request, batch_id):
    batch = access_batch(request.user, batch_id)
    stamp = batch_stamp(batch.pk)  # before what it shows: a change between is pushed
    return render(request, "bots/batch_detail.html", {**live_context(batch), "stamp": stamp})


def batch_progress_fragment(request, batch_id):
    """The live part of the page alone, fetched again on every change of the batch
    (its push stream, ``bots.views.push``) until the batch is done."""
    batch = access_batch(request.user, batch_id)
    return render(request, "bots/_batch_progress.html", live_context(batch))
