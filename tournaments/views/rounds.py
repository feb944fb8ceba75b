import hashlib
from collections import defaultdict
from functools import partial
from typing import NamedTuple

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from lib.refusal_pages import back_to, carried_out
from lib.slots import filled, slot, split_at_slots
from tournaments import lifecycle
from tournaments.board import table_statuses
from tournaments.explain import explanation_lines
from tournaments.forms import ClockForm, PairForm, RoundChangeForm, SwapForm
from tournaments.models import Seat, SeatResult, Team
from tournaments.pairing import (
    do_discard_round,
    do_pair_round,
    do_publish_round,
    do_repair_round,
    do_swap_seats,
)
from tournaments.permissions import (
    access_event_as_organiser,
    access_round,
    access_round_as_organiser,
    access_round_for_clock,
    can_run_clock,
    is_event_organiser,
)
from tournaments.round_cache import cached, round_version
from tournaments.round_clock import do_clock
from tournaments.round_pages import TablesShown, asked_again, tables_shown
from tournaments.templatetags.round_clock import round_clock


class Seated(NamedTuple):
    """A seat of a table on the round's pages: the seat (what a swap names), its
    position, its entrant's name, once the table has a result how the cards word its
    score and place, and in a team event the entrant's team."""

    seat_id: int
    position: int
    name: str
    outcome: str = ""
    team: str = ""


def round_tables(round_, shown: TablesShown | None = None):
    """The round's tables (those ``shown`` asks for, else all), each with ``title``,
    ``seated`` (its seats in order), ``status`` and ``lines`` (its explanation). Seats
    and outcomes are read as rows in one query each and grouped here, each phrase
    translated once: Django's prefetch cloned a queryset per table and a model per seat
    and entrant, which was most of a 250-table round's build (the first read after each
    result)."""
    tables = list(shown.of(round_.tables.all()) if shown else round_.tables.all())
    ids = [table.pk for table in tables]
    outcome_text = outcome_wording(round_.event.game_type.has_scores)
    outcomes = SeatResult.objects.filter(result__table__in=ids).values_list(
        "result__table_id", "position", "score", "place"
    )
    outcome_of = {(t, at): outcome_text(score, place) for t, at, score, place in outcomes}
    seats = Seat.objects.filter(table__in=ids).order_by("table_id", "position")
    seated, names = defaultdict(list), {}
    for seat_id, table_id, position, entrant_id, name, team in seats.values_list(
        "pk", "table_id", "position", "entrant_id", "entrant__name", "entrant__team__name"
    ):
        outcome = outcome_of.get((table_id, position), "")
        seated[table_id].append(Seated(seat_id, position, name, outcome, team or ""))
        names[entrant_id] = name
    if round_.event.has_teams:
        teams = Team.objects.filter(event=round_.event).values_list("pk", "name")
        names.update((f"team:{pk}", name) for pk, name in teams)
    statuses = table_statuses(round_, tables)
    title = _("Table %(n)s")
    for table in tables:
        table.title = title % {"n": table.number}
        table.seated = seated[table.pk]
        table.lines = explanation_lines(table.explanation, names)
        table.status = statuses[table.pk]
    return tables


def outcome_wording(has_scores: bool):
    """``wording(score, place)``: a seat's outcome as the round's cards say it."""
    if has_scores:
        phrase = _("score %(score)s, place %(place)s")
        return lambda score, place: phrase % {"score": score, "place": place}
    phrase = _("place %(place)s")
    return lambda _score, place: phrase % {"place": place}


def round_fragments(round_, shown: TablesShown, is_organiser: bool = False) -> dict:
    """The round's board and the tables ``shown`` as HTML, rendered once per round
    version and page (a round of 250 tables takes a tenth of a second to build; a cached
    one, two queries); a search's tables are built for its request."""
    version = round_version(round_)
    tables = []

    def built():
        if not tables:
            tables.extend(round_tables(round_, shown))
        return tables

    def kept(what: str, build):
        return build() if shown.player else cached(round_, version, what, build, shown.key)

    def board():
        return render_to_string("tournaments/_round_board.html", {"tables": built()})

    def cards():
        return render_to_string("tournaments/_round_tables.html", {"tables": built()})

    def seat_options():
        return render_to_string("tournaments/_seat_options.html", {"tables": built()})

    fragments = {
        "version": version,  # what the board's push stream starts from
        "shown": shown,
        "board_html": kept("board", board),
        "tables_html": kept("tables", cards),
    }
    if is_organiser:  # the swap menus name the players at the tables shown
        fragments["seat_options_html"] = kept("seat-options", seat_options)
    return fragments


def round_detail(request, slug, number):
    round_ = access_round(request.user, slug, number)
    is_organiser = is_event_organiser(request.user, round_.event)
    shown = tables_shown(request, round_)
    fragments = round_fragments(round_, shown, is_organiser)
    clock = render_to_string("tournaments/_round_clock.html", round_clock(round_))
    if is_organiser or not is_shared(request, shown):
        return render(
            request,
            "tournaments/round_detail.html",
            {
                "round": round_,
                "event": round_.event,
                "is_organiser": is_organiser,
                "clock_tables": clock_tables(round_) if is_organiser else (),
                "clock_html": clock,
                **fragments,
                **(next_steps(round_, request.user) if is_organiser else {}),
            },
        )
    build = partial(shared_page, request, round_, fragments)
    variant = (shown_fields(round_), request.path, shown.key)
    page = cached(round_, fragments["version"], "page", build, *variant)
    own = {"csrf_token": get_token(request), "clock": clock}
    return HttpResponse(filled(page, own.__getitem__))


def next_steps(round_, user) -> dict:
    """The event's next steps for its organiser (``tournaments.lifecycle``), on the page
    of its latest published round: where the evening's main button leads next."""
    event = round_.event
    state = lifecycle.state_of(event)
    if round_.draft or round_.number != state.latest:
        return {}
    offers = lifecycle.next_actions(event, user, state)
    return {"stage": lifecycle.stage_words(state), "offers": offers}


def is_shared(request, shown: TablesShown) -> bool:
    """A reader who sees the page everyone not signed in sees: no account, no message
    waiting for them, no query string but a page of tables (the page's links carry its
    path)."""
    return (
        not request.user.is_authenticated
        and set(request.GET) <= {"tables"}
        and not shown.player
        and not len(messages.get_messages(request))  # counts them without showing them
    )


def shown_fields(round_) -> str:
    """What the page shows of the round and event beyond the round's version (an
    event renamed is shown at the next read)."""
    event = round_.event
    shown = [event.name, round_.number, round_.override_reason, round_.draft]
    return hashlib.blake2b(repr(shown).encode(), digest_size=12).hexdigest()


def shared_page(request, round_, fragments) -> str:
    """The round page as everyone not signed in sees it, built once per round version,
    language and event fields with slots for the reader's CSRF token and the clock (the
    time left as of the request): a read is the version's queries, a cache read and
    the slots filled, not a template's rendering."""
    context = {
        "round": round_,
        "event": round_.event,
        "is_organiser": False,
        "clock_html": mark_safe(slot("clock")),
        "csrf_token": slot("csrf_token"),  # before the context processor's, which it overrides
        **fragments,
    }
    return split_at_slots(render_to_string("tournaments/round_detail.html", context, request))


def clock_tables(round_) -> list[int]:
    """The tables a judge may give extra minutes: those still playing."""
    tables = round_.tables.filter(is_bye=False, result__isnull=True)
    return list(tables.values_list("number", flat=True))


def round_board(request, slug, number):
    """The page's live part (``_round_live.html``: the status list and the table cards),
    fetched again when the round's push stream says it moved on."""
    round_ = access_round(request.user, slug, number)
    shown = tables_shown(request, round_)
    fragments = round_fragments(round_, shown)

    def live():
        return render_to_string("tournaments/_round_live.html", fragments)

    if shown.player:
        return HttpResponse(live())
    return HttpResponse(cached(round_, fragments["version"], "live", live, shown.key))


def round_print(request, slug, number):
    round_ = access_round(request.user, slug, number)
    tables = round_tables(round_)
    by_name = sorted(
        ((s.name, t.number, s.position) for t in tables for s in t.seated),
        key=lambda row: row[0].lower(),
    )
    return render(
        request,
        "tournaments/round_print.html",
        {
            "round": round_,
            "event": round_.event,
            "tables": tables,
            "by_name": by_name,
            "slips": request.GET.get("slips") == "1",
            "tents": request.GET.get("tents") == "1",
        },
    )


@login_required
@require_POST
def pair_next(request, slug):
    event = access_event_as_organiser(request.user, slug)
    form = PairForm(request.POST)
    valid = form.is_valid()
    paired = carried_out(
        request,
        do_pair_round,
        event,
        by=request.user,
        override_reason=form.cleaned_data["override_reason"] if valid else "",
        drop_no_shows=request.POST.get("drop_no_shows") == "1",
        number=form.cleaned_data["round"] if valid else None,
    )
    if not paired:
        return back_to(request, paired, "event-detail", slug=event.slug)
    round_ = paired.answer
    if round_.is_draft:
        messages.success(
            request,
            _("Round %(n)s is paired as a draft: review it, then publish it.")
            % {"n": round_.number},
        )
    else:
        messages.success(request, _("Round %(n)s is paired.") % {"n": round_.number})
    return redirect("round-detail", slug=event.slug, number=round_.number)


# What a basis that is no revision stands for: it matches none, so the change is
# refused as one chosen on a page gone by (``check_basis``), and nothing changes.
NO_REVISION = -1


def basis_of(request) -> int | None:
    """The round's revision the page showed (``RoundChangeForm``), None if it sent none."""
    form = RoundChangeForm(request.POST)
    return form.cleaned_data["basis"] if form.is_valid() else NO_REVISION


@login_required
@require_POST
def repair(request, slug, number):
    round_ = access_round_as_organiser(request.user, slug, number)
    differently = request.POST.get("differently") == "1"
    basis = basis_of(request)
    done = carried_out(
        request, do_repair_round, round_, by=request.user, differently=differently, basis=basis
    )
    if done:
        messages.success(request, _("Round %(n)s is paired again.") % {"n": number})
    return back_to(request, done, "round-detail", slug=slug, number=number)


@login_required
@require_POST
def publish(request, slug, number):
    """Publish a draft round: its players see their tables and are told by e-mail."""
    round_ = access_round_as_organiser(request.user, slug, number)
    basis = basis_of(request)
    if done := carried_out(request, do_publish_round, round_, by=request.user, basis=basis):
        messages.success(
            request,
            _("Round %(n)s is published: its players are told their tables.") % {"n": number},
        )
    return back_to(request, done, "round-detail", slug=slug, number=number)


@login_required
@require_POST
def discard(request, slug, number):
    """Throw away a draft round: back to the event page, which offers what comes next."""
    round_ = access_round_as_organiser(request.user, slug, number)
    basis = basis_of(request)
    if done := carried_out(request, do_discard_round, round_, by=request.user, basis=basis):
        messages.success(request, _("The draft of round %(n)s is discarded.") % {"n": number})
        return redirect("event-detail", slug=slug)
    return back_to(request, done, "round-detail", slug=slug, number=number)


@login_required
@require_POST
def swap(request, slug, number):
    round_ = access_round_as_organiser(request.user, slug, number)
    page = reverse("round-detail", args=[slug, number]) + asked_again(request)
    form = SwapForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose two seats to swap."))
        return back_to(request, False, page)
    chosen = form.cleaned_data
    swapped = carried_out(
        request,
        do_swap_seats,
        round_,
        chosen["first"],
        chosen["second"],
        by=request.user,
        basis=basis_of(request),
    )
    if swapped:
        messages.success(request, _("Seats swapped."))
    return back_to(request, swapped, page)


# What the organiser reads once the clock did as asked.
CLOCK_DONE = {
    "start": lambda: _("The round clock is running."),
    "pause": lambda: _("The round clock is paused."),
    "resume": lambda: _("The round clock runs again."),
    "extend": lambda: _("The round clock is extended."),
}


@login_required
@require_POST
def clock(request, slug, number):
    """Start, pause, resume or extend the round's clock (the round page's controls: an
    organiser's, or a judge's)."""
    round_ = access_round_for_clock(request.user, slug, number)
    form = ClockForm(request.POST)
    done = None
    if not form.is_valid():
        messages.error(request, _("Give the minutes and the table as whole numbers."))
    else:
        change = dict(form.cleaned_data)
        action = change.pop("action")
        if not can_run_clock(request.user, round_.event, change.get("table")):
            raise PermissionDenied
        if done := carried_out(request, do_clock, round_, action, by=request.user, **change):
            messages.success(request, CLOCK_DONE[action]())
    back = request.POST.get("next", "")  # the judges' page's controls come back to it
    if back.startswith("/") and url_has_allowed_host_and_scheme(back, None):
        return back_to(request, done, back)
    return back_to(request, done, "round-detail", slug=slug, number=number)
