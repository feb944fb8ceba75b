from django.contrib.auth.decorators import login_required
from django.db.models import Prefetch
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from bots.models import Batch
from bots.scheduling import do_schedule_event_round
from lib.refusal_pages import back_to, carried_out
from tournaments.models import Table
from tournaments.permissions import access_event_as_organiser, access_round_as_organiser


@login_required
def event_bot_rounds(request, slug):
    """An organiser's view of the event's rounds, with a button that sends a round's bot
    tables to the workers, and the batches already sent."""
    event = access_event_as_organiser(request.user, slug)
    rounds = event.rounds.prefetch_related(Prefetch("tables", queryset=Table.objects.with_seats()))
    waiting = {
        round_.pk: sum(
            1
            for table in round_.tables.all()
            if table.seats.all() and all(seat.entrant.bot_id for seat in table.seats.all())
        )
        for round_ in rounds
    }
    return render(
        request,
        "bots/event_rounds.html",
        {
            "event": event,
            "rounds": [(round_, waiting[round_.pk]) for round_ in rounds],
            "batches": Batch.objects.filter(event=event),
        },
    )


@login_required
@require_POST
def schedule_event_round(request, slug, number):
    """An organiser sends the bot tables of a round to the workers."""
    round_ = access_round_as_organiser(request.user, slug, number)
    scheduled = carried_out(request, do_schedule_event_round, request.user, round_)
    if not scheduled:
        return back_to(request, scheduled, "event-detail", slug=round_.event.slug)
    return redirect("bots:batch-detail", batch_id=scheduled.answer.pk)
