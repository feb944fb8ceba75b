"""The hooks' pages: a league's, an event's or a bot author's list with the form that
adds one, and a hook's own page (its secret, its delivery log, a test, rotation,
resuming, deleting). Its league's or event's organisers only; an author's, the author."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from integrations.access import access_hook
from integrations.calendars import address
from integrations.deliveries import do_resume
from integrations.embeds import embed_snippet
from integrations.forms import AuthorHookForm, HookForm
from integrations.hooks import do_add_hook, do_delete_hook, do_rotate_secret, do_send_test
from integrations.models import Hook
from lib.refusal_pages import back_to, carried_out, form_page
from tournaments.permissions import access_event_as_organiser, access_league_as_organiser


def hooks_page(request, owner, owner_field: str, back: str):
    form = HookForm(request.POST or None, initial={"language": request.LANGUAGE_CODE})
    outcome = None
    if request.method == "POST" and form.is_valid():
        fields = {owner_field: owner, **form.cleaned_data}
        outcome = carried_out(request, do_add_hook, request.user, form=form, **fields)
        if outcome:
            return redirect("integrations-hook", outcome.answer.key)
    hooks = Hook.objects.filter(**{owner_field: owner})
    embed = reverse(f"integrations-{owner_field}-embed", args=[owner.slug])
    context = {"owner": owner, "hooks": hooks, "form": form, "back": back}
    context["snippet"] = embed_snippet(embed)
    if owner_field == "league":
        context["calendar"] = address(reverse("integrations-league-calendar", args=[owner.slug]))
    return form_page(request, "integrations/hooks.html", context, outcome)


@require_http_methods(["GET", "POST"])
def league_hooks(request, slug):
    league = access_league_as_organiser(request.user, slug)
    return hooks_page(request, league, "league", reverse("league-detail", args=[slug]))


@require_http_methods(["GET", "POST"])
def event_hooks(request, slug):
    event = access_event_as_organiser(request.user, slug)
    return hooks_page(request, event, "event", reverse("event-detail", args=[slug]))


@login_required
@require_http_methods(["GET", "POST"])
def author_hooks(request):
    """The signed-in bot author's hooks: each hears of their finished batches."""
    form = AuthorHookForm(request.POST or None)
    outcome = None
    if request.method == "POST" and form.is_valid():
        fields = {"author": request.user, "kind": Hook.Kind.SIGNED, **form.cleaned_data}
        outcome = carried_out(request, do_add_hook, request.user, form=form, **fields)
        if outcome:
            return redirect("integrations-hook", outcome.answer.key)
    hooks = Hook.objects.filter(author=request.user)
    context = {"hooks": hooks, "form": form, "back": reverse("bots:bot-list")}
    return form_page(request, "integrations/author_hooks.html", context, outcome)


def hooks_of(hook: Hook) -> str:
    if hook.author_id:
        return reverse("integrations-author-hooks")
    if hook.league_id:
        return reverse("integrations-league-hooks", args=[hook.league.slug])
    return reverse("integrations-event-hooks", args=[hook.event.slug])


def hook_detail(request, key):
    hook = access_hook(request.user, key)
    return render(
        request,
        "integrations/hook_detail.html",
        {
            "hook": hook,
            "owner_name": str(hook.league or hook.event or hook.author),
            "deliveries": hook.deliveries.all()[:50],
            "back": hooks_of(hook),
        },
    )


ACTIONS = {
    "test": (do_send_test, gettext_lazy("A test is on its way.")),
    "rotate": (do_rotate_secret, gettext_lazy("The secret is new: give it to your receiver.")),
    "resume": (do_resume, gettext_lazy("The hook sends again.")),
}


@require_POST
def hook_action(request, key, action):
    hook = access_hook(request.user, key)
    if action == "delete":
        back = hooks_of(hook)
        do_delete_hook(hook)
        return redirect(back)
    if action not in ACTIONS:
        raise Http404
    service, said = ACTIONS[action]
    if done := carried_out(request, service, hook):
        messages.success(request, said)
    return back_to(request, done, "integrations-hook", hook.key)
