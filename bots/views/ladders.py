from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext_lazy as _

from bots.access import access_ladder_as_editor, can_edit_ladder
from bots.divisions import ratings_by_cycle_svg
from bots.forms import LadderForm
from bots.ladders import do_save_ladder
from bots.models import Ladder
from lib.refusal_pages import carried_out, form_page
from tournaments.permissions import can_schedule_bot_matches


def ladder_detail(request, ladder_id):
    ladder = get_object_or_404(Ladder.objects.select_related("periodic_task"), pk=ladder_id)
    bots = sorted(ladder.bots.all(), key=lambda bot: -bot.rating)
    last_cycle = ladder.cycles.filter(closed=True).order_by("-number").first()
    return render(
        request,
        "bots/ladder_detail.html",
        {
            "ladder": ladder,
            "bots": bots,
            "batches": ladder.batches.all()[:10],
            "can_edit": can_edit_ladder(request.user, ladder),
            "division_seats": ladder.division_seats.select_related("bot"),
            "last_cycle": last_cycle,
            "cycle_rows": cycle_rows(last_cycle),
            "cycles_plot": ratings_by_cycle_svg(ladder),
        },
    )


# A division's move after its cycle, in words, and whether it is a warning.
MOVES = {
    "up": (_("promoted"), False),
    "down": (_("relegated"), False),
    "quarantined": (_("quarantined"), True),
}


def cycle_rows(cycle) -> list[dict]:
    """The closed cycle's rows, each with its move's badge (words, warning) or None."""
    if cycle is None:
        return []
    return [{**row, "badge": MOVES.get(row["move"])} for row in cycle.standings]


@login_required
def ladder_edit(request, ladder_id=None):
    ladder = access_ladder_as_editor(request.user, ladder_id) if ladder_id else Ladder()
    enabled = ladder.periodic_task.enabled if ladder.periodic_task else True
    form = LadderForm(request.POST or None, instance=ladder, initial={"enabled": enabled})
    saved = None
    if request.method == "POST" and form.is_valid():
        bots = list(form.cleaned_data["bots"])
        if not can_schedule_bot_matches(request.user, bots):
            raise PermissionDenied
        saved = carried_out(
            request,
            do_save_ladder,
            request.user,
            form.save(commit=False),
            bots,
            form.cleaned_data["enabled"],
            form=form,
        )
        if saved:
            return redirect("bots:ladder-detail", ladder_id=saved.answer.pk)
    context = {"form": form, "ladder": ladder}
    return form_page(request, "bots/ladder_form.html", context, saved)
