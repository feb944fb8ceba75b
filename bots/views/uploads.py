"""Pages for uploaded bots: a new one, and a new version of its source (its author's).
Bad input is answered 400 (a refusal with a status of its own, 409 or 413, with that;
too often just now, 429) and the form shows why (``lib.refusal_pages.form_page``)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.utils.translation import gettext as _

from bots.access import access_bot_as_author
from bots.upload_forms import SourceFields, UploadedBotForm
from bots.uploads import do_register_uploaded_bot, do_replace_source
from lib.refusal_pages import carried_out, form_page
from lib.throttles import refused_on_page


@login_required
def bot_upload_new(request):
    form = UploadedBotForm(request.POST or None, request.FILES or None)
    done, throttled = None, False
    if request.method == "POST" and form.is_valid():
        if refused := refused_on_page(request, "bot_registration"):
            form.add_error(None, refused)
            throttled = True
        else:
            source, bot = form.cleaned_data["source"], form.save(commit=False)
            done = carried_out(
                request, do_register_uploaded_bot, request.user, bot, source, form=form
            )
            if done:
                messages.success(request, _("Your bot plays once it passes its probe game."))
                return redirect("bots:bot-detail", bot_id=bot.pk)
    return form_page(request, "bots/upload_form.html", {"form": form}, done, throttled=throttled)


@login_required
def bot_upload_source(request, bot_id):
    bot = access_bot_as_author(request.user, bot_id)
    form = SourceFields(request.POST or None, request.FILES or None)
    done = None
    if request.method == "POST" and form.is_valid():
        done = carried_out(request, do_replace_source, bot, form.cleaned_data["source"], form=form)
        if done:
            messages.success(
                request,
                _(
                    "The new version plays once it passes its probe game; until then the "
                    "version before plays."
                ),
            )
            return redirect("bots:bot-detail", bot_id=bot.pk)
    return form_page(request, "bots/upload_form.html", {"form": form, "bot": bot}, done)
