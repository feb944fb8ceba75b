from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render

from bots.access import access_ladder_as_editor
from bots.forms import LadderForm
from bots.ladders import do_save_ladder
from bots.models import Ladder
from config.refusal_pages import carried_out
from tournaments.permissions import can_edit_ladder, can_schedule_bot_matches


def ladder_detail(request, ladder_id):
    ladder = get_object_or_404(Ladder.objects.select_related("periodic_task"), pk=ladder_id)
    bots = sorted(ladder.bots.all(), key=lambda bot: -bot.rating)
    return render(
        request,
        "bots/ladder_detail.html",
        {
            "ladder": ladder,
            "bots": bots,
            "batches": ladder.batches.all()[:10],
            "can_edit": can_edit_ladder(request.user, ladder),
        },
    )


@login_required
def ladder_edit(request, ladder_id=None):
    ladder = access_ladder_as_editor(request.user, ladder_id) if ladder_id else Ladder()
    enabled = ladder.periodic_task.enabled if ladder.periodic_task else True
    form = LadderForm(request.POST or None, instance=ladder, initial={"enabled": enabled})
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
    return render(request, "bots/ladder_form.html", {"form": form, "ladder": ladder})
