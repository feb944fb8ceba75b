"""The event's declarations page: what is asked and until when; the reader's own
declaration; everyone's when the reader may see them; after the deadline, who has none.
Its organisers set what is asked, and edit and lock each one."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from declarations import declaring
from declarations.dropping import do_drop_undeclared
from declarations.forms import DeclareForm, RuleForm
from declarations.permissions import (
    access_entrant_to_declare,
    access_event_as_declarations_organiser,
    access_event_declarations,
)
from lib.refusal_pages import back_to, carried_out, form_page
from tournaments.permissions import is_event_organiser


def own_form(user, listing):
    """The reader's own declaration's form, if they are an entrant."""
    for entrant, declaration in listing.shown:
        if user.is_authenticated and entrant.user_id == user.pk:
            form = DeclareForm(rule=listing.rule, declaration=declaration, prefix="own")
            return entrant, declaration, form
    return None, None, None


def declarations_page(request, slug, rule_form=None, outcome=None):
    """The page; ``rule_form`` is what asks sent back refused, with the ``outcome`` of
    its write."""
    event = access_event_declarations(request.user, slug)
    listing = declaring.listing(request.user, event)
    organiser = is_event_organiser(request.user, event)
    context = {"event": event, "listing": listing, "is_organiser": organiser}
    if listing.rule is not None:
        entrant, declaration, form = own_form(request.user, listing)
        context.update(own_entrant=entrant, own_declaration=declaration, own_form=form)
        if organiser:
            context["rows"] = [
                (e, d, DeclareForm(rule=listing.rule, declaration=d, prefix=f"e{e.pk}"))
                for e, d in listing.shown
            ]
    if organiser:
        context["rule_form"] = rule_form or RuleForm.of(listing.rule)
    return form_page(request, "declarations/declarations.html", context, outcome, form=rule_form)


@require_POST
@login_required
def ask(request, slug):
    event = access_event_as_declarations_organiser(request.user, slug)
    listing = declaring.listing(request.user, event)
    form = RuleForm.of(listing.rule, request.POST)
    asked = None
    if form.is_valid():
        fields = dict(form.cleaned_data)
        seen = fields.pop("version")
        asked = carried_out(
            request, declaring.do_ask, event, request.user, seen, **fields, form=form
        )
        if asked:
            messages.success(request, _("Saved: entrants are asked for their declaration."))
            return redirect("event-declarations", slug=slug)
    return declarations_page(request, slug, rule_form=form, outcome=asked)


@require_POST
@login_required
def declare(request, slug, entrant_id):
    """An entrant's own declaration, or an organiser's edit of one."""
    entrant, as_organiser = access_entrant_to_declare(request.user, slug, entrant_id)
    rule = declaring.rule_of(entrant.event)
    prefix = f"e{entrant.pk}" if as_organiser else "own"
    form = DeclareForm(request.POST, rule=rule, prefix=prefix)
    declared = None
    if form.is_valid():
        data = form.cleaned_data
        declared = carried_out(
            request,
            declaring.do_declare,
            entrant,
            request.user,
            as_organiser,
            data["version"],
            data["text"],
            form=form,
        )
    if declared:
        messages.success(request, _("Declaration saved."))
    for error in form.errors.values():
        messages.error(request, " ".join(error))
    return back_to(request, declared, "event-declarations", slug=slug)


@require_POST
@login_required
def lock(request, slug, entrant_id):
    entrant, as_organiser = access_entrant_to_declare(request.user, slug, entrant_id)
    if not as_organiser:
        access_event_as_declarations_organiser(request.user, slug)  # refuses
    locked = request.POST.get("locked") == "1"
    if done := carried_out(
        request, declaring.do_lock, entrant, request.user, request.POST.get("version"), locked
    ):
        messages.success(request, _("Locked.") if locked else _("Unlocked."))
    return back_to(request, done, "event-declarations", slug=slug)


@require_POST
@login_required
def drop_missing(request, slug):
    event = access_event_as_declarations_organiser(request.user, slug)
    seen = [int(pk) for pk in request.POST.getlist("entrant") if pk.isdigit()]
    done = carried_out(request, do_drop_undeclared, event, request.user, seen)
    if done:
        messages.success(request, _("Dropped: their places go to the waitlist."))
    return back_to(request, done, "event-declarations", slug=slug)
