from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from bots.access import access_bot_as_author, can_edit_bot, faults_as_seen
from bots.authoring import (
    builtin_name,
    do_register_bot,
    do_rotate_secret,
    do_set_public,
    do_update_bot,
)
from bots.forms import BotForm
from bots.latency import latency_of
from bots.models import Batch, Bot, BotUpload, Fault, Ladder, MatchSeat, SourceCheck
from bots.ratings import rating_history
from lib.refusal_pages import carried_out, form_page
from lib.throttles import refused_on_page
from standings.plots import rating_svg, recent_form_svg

RECENT = 40


def bot_list(request):
    bots = sorted(Bot.objects.select_related("owner"), key=lambda bot: -bot.rating)
    batches = Batch.objects.filter(event__isnull=True)[:10]
    ladders = Ladder.objects.all()
    return render(
        request, "bots/bot_list.html", {"bots": bots, "batches": batches, "ladders": ladders}
    )


def bot_detail(request, bot_id):
    bot = get_object_or_404(Bot.objects.select_related("owner"), pk=bot_id)
    seats = list(
        MatchSeat.objects.filter(bot=bot, match__status="done")
        .select_related("match")
        .prefetch_related("match__seats__bot")
        .order_by("-match__finished_at", "-match_id")[:RECENT]
    )
    faults = faults_as_seen(
        request.user, Fault.objects.filter(bot=bot).select_related("match", "bot")[:RECENT]
    )
    return render(
        request,
        "bots/bot_detail.html",
        {
            "bot": bot,
            "builtin_name": builtin_name(bot.game, bot.builtin_key) if bot.builtin_key else "",
            "ladders": bot.ladders.all(),
            "seats": seats,
            "form": recent_form_svg(seats),
            "rating_plot": rating_svg(rating_history(bot)),
            "faults": faults,
            "live_faults": faults_as_seen(
                request.user, bot.game_faults.select_related("bot")[:RECENT]
            ),
            "fault_count": Fault.objects.filter(bot=bot).count(),
            "can_edit": can_edit_bot(request.user, bot),
            "latency": latency_of(bot, RECENT),
            "source_check": SourceCheck.objects.filter(bot=bot).defer("content").first(),
            "has_upload": BotUpload.objects.filter(bot=bot).exists(),
        },
    )


@login_required
def bot_new(request):
    form = BotForm(request.POST or None)
    done, throttled = None, False
    if request.method == "POST" and form.is_valid():
        if refused := refused_on_page(request, "bot_registration"):
            form.add_error(None, refused)
            throttled = True
        else:
            done = carried_out(
                request, do_register_bot, request.user, form.save(commit=False), form=form
            )
            if done:
                bot, secret = done.answer
                return render(request, "bots/bot_secret.html", {"bot": bot, "secret": secret})
    return form_page(request, "bots/bot_form.html", {"form": form}, done, throttled=throttled)


@login_required
def bot_edit(request, bot_id):
    bot = access_bot_as_author(request.user, bot_id)
    form = BotForm(request.POST or None, instance=bot)
    if request.method == "POST" and form.is_valid():
        secret = do_update_bot(form.save(commit=False))
        if secret:
            return render(request, "bots/bot_secret.html", {"bot": bot, "secret": secret})
        return redirect("bots:bot-detail", bot_id=bot.pk)
    return form_page(request, "bots/bot_form.html", {"form": form, "bot": bot})


@login_required
@require_POST
def bot_rotate_secret(request, bot_id):
    bot = access_bot_as_author(request.user, bot_id)
    secret = do_rotate_secret(bot)
    return render(request, "bots/bot_secret.html", {"bot": bot, "secret": secret})


@login_required
@require_POST
def bot_set_public(request, bot_id):
    """The author lists the bot in everyone's Play now, or takes it out."""
    bot = access_bot_as_author(request.user, bot_id)
    do_set_public(bot, request.POST.get("public") == "true")
    if bot.public:
        messages.success(
            request, _("%(name)s is public: everyone can play it now.") % {"name": bot.said_name}
        )
    else:
        messages.success(
            request,
            _("%(name)s is private: only you see it in Play now.") % {"name": bot.said_name},
        )
    return redirect("bots:bot-detail", bot_id=bot.pk)
