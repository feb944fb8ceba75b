from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from bots.access import access_round_as_organiser
from bots.scheduling import ScheduleError, do_schedule_event_round


@login_required
@require_POST
def schedule_event_round(request, round_id):
    """An organiser sends the bot tables of a round to the workers."""
    round_ = access_round_as_organiser(request.user, round_id)
    try:
        batch = do_schedule_event_round(request.user, round_)
    except ScheduleError as exc:
        messages.error(request, str(exc))
        return redirect("event-detail", slug=round_.event.slug)
    return redirect("bots:batch-detail", batch_id=batch.pk)
