from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.template.defaultfilters import floatformat
from django.urls import reverse
from django.utils.functional import cached_property
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from lib.refusal_pages import back_to, carried_out, form_page
from tournaments import lifecycle
from tournaments.bracket import bracket_svg
from tournaments.bracket import legend as bracket_legend
from tournaments.check_in import no_shows
from tournaments.cut import do_cut, line_words
from tournaments.entrant_games import games_of
from tournaments.event_cache import page_version, read_page_event, reader_entry_of
from tournaments.event_changes import page_stamp
from tournaments.event_reader import reader_section
from tournaments.finishing import do_finish_event, do_reopen_event
from tournaments.formats import get_format
from tournaments.forms import EventForm, LeagueForm, LogGameForm, SeasonForm
from tournaments.leagues import (
    do_close_season,
    do_create_event,
    do_create_league,
    do_create_season,
)
from tournaments.models import Event, Rating, Result, Season, StandingRow
from tournaments.open_league import do_log_game
from tournaments.permissions import (
    access_event,
    access_event_as_organiser,
    access_league_as_organiser,
    can_create_league,
    can_duplicate_event,
    is_staff,
)
from tournaments.ranking import (
    knockout_marks,
    rank_by_round_svg,
    rating_svg,
    request_standings_update,
    standings_order,
)
from tournaments.ranking import standings_note as knockout_standings_note
from tournaments.tiebreak_names import TIEBREAK_NAMES, TIEBREAK_SHORT_NAMES, UNSHOWN
from tournaments.todo import todo_for

# The standings plot shows this many leaders unless the reader asks for everyone.
LEADERS = 10
# Rows of the standings on one page of the event's page.
STANDINGS_PAGE = 100


def figure_words(key: str, value) -> str:
    """A tie-break's value as the standings show it."""
    if value is None:
        return "–"
    if key == "qualified":
        return _("yes") if value else _("no")
    return floatformat(value, -1)


class StoredStandings:
    """The stored rows, read only if the cached part is missing. An event of more than
    ``STANDINGS_PAGE`` entrants shows them a page at a time (``page``, from 1): at 7,500
    entrants the whole table made the event page a megabyte, which every player
    downloaded when the pairings were released (bench_release)."""

    def __init__(self, event, everyone: bool = False, page: int = 1):
        self.event = event
        self.everyone = everyone
        self.page = page

    @cached_property
    def columns(self) -> list[tuple]:
        """The tie-breaks the rows show, in the event's order as it is now (a stored
        row's keys keep the order they were computed in): (key, short name, name)."""
        keys = [key for key in standings_order(self.event) if key not in UNSHOWN]
        return [
            (key, TIEBREAK_SHORT_NAMES.get(key, TIEBREAK_NAMES[key]), TIEBREAK_NAMES[key])
            for key in keys
        ]

    @cached_property
    def all_rows(self) -> list[StandingRow]:
        return list(StandingRow.objects.filter(event=self.event).select_related("entrant"))

    @cached_property
    def pages(self) -> int:
        return max(1, -(-len(self.all_rows) // STANDINGS_PAGE))

    @cached_property
    def first(self) -> int:
        """The place in the standings of the page's first row, from 1."""
        return (self.page - 1) * STANDINGS_PAGE + 1

    @cached_property
    def rows(self):
        """The page's rows, each with its ``figures``: (name, value in words) per column."""
        if self.page > self.pages:
            raise Http404(_("The standings end on page %(n)s.") % {"n": self.pages})
        rows = self.all_rows[self.first - 1 : self.first - 1 + STANDINGS_PAGE]
        for row in rows:
            row.figures = [
                (name, figure_words(key, row.tiebreaks.get(key)))
                for key, _short, name in self.columns
            ]
        return rows

    @property
    def last(self) -> int:
        """The place of the page's last row."""
        return self.first + len(self.rows) - 1

    @cached_property
    def has_results(self) -> bool:
        return any(row.games for row in self.all_rows)

    @cached_property
    def plot(self):
        return rank_by_round_svg(self.all_rows, None if self.everyone else LEADERS)

    @cached_property
    def marked_results(self) -> list[Result]:
        """Results the standings mark: those decided by a forfeit in a game on the site
        (``detail["forfeited"]``: who) and tables voided (``detail["void"]``)."""
        return list(
            Result.objects.filter(table__round__event=self.event)
            .filter(Q(detail__has_key="forfeited") | Q(detail__has_key="void"))
            .select_related("table__round")
            .order_by("table__round__number", "table__number")
        )

    @property
    def plot_choice(self) -> bool:
        """More entrants than the plot's leaders: the reader chooses leaders or all."""
        return len(self.all_rows) > LEADERS


class Bracket:
    """The knockout's bracket, drawn only if the cached part is missing."""

    def __init__(self, event):
        self.event = event

    @cached_property
    def svg(self) -> str:
        format_ = get_format(self.event.format, self.event.format_options)
        return bracket_svg(self.event) if format_.draws_bracket or self.event.is_cut else ""

    @cached_property
    def legend(self) -> str:
        return bracket_legend(self.event)

    @cached_property
    def cut_line(self) -> str:
        """Why the last entrant through the cut went through, when it was a tie."""
        return line_words(self.event.cut) if self.event.is_cut else ""

    @cached_property
    def standings_note(self) -> str:
        return knockout_standings_note(self.event)

    @cached_property
    def marks(self) -> dict:
        """While a knockout runs: each of its entrants' mark in the standings."""
        return knockout_marks(self.event)


def standings_page(request) -> int:
    """The page of the standings asked for (``?standings=N``), 1 when none is."""
    asked = request.GET.get("standings", "1")
    if not asked.isascii() or not asked.isdigit() or not 1 <= int(asked) <= 10_000:
        raise Http404(_("There is no such page of the standings."))
    return int(asked)


def event_detail(request, slug):
    """The event's page: its shared part (heading, rounds, bracket, standings) is built
    once per page version (``tournaments.event_cache``) from the stored rows, never
    recomputed; the reader's section (what needs them, their entry) is drawn per request
    from a precompiled form (``tournaments.event_reader``), their roles read in the
    event's own query; organisers' tools are drawn for organisers only."""
    user = request.user
    event = access_event(user, slug, read=read_page_event)
    is_organiser = is_staff(user) or bool(getattr(event, "organised_by_reader", False))
    entry = reader_entry_of(event, user)
    roles = None if is_staff(user) else (entry is not None, is_organiser)
    return render(
        request,
        "tournaments/event_detail.html",
        {
            "event": event,
            "page_version": page_version(event),
            "page_stamp": page_stamp(event, user.is_authenticated),
            "bracket": Bracket(event),
            "standings": StoredStandings(
                event, everyone=request.GET.get("plot") == "all", page=standings_page(request)
            ),
            "rounds": range(1, (event.last_round or 0) + 1),
            "is_organiser": is_organiser,
            "reader_section": reader_section(request, event, entry, todo_for(user, event, roles)),
            "leaders": LEADERS,
            **(organiser_context(event, user) if is_organiser else {}),
        },
    )


def organiser_context(event: Event, user) -> dict:
    """What organisers see on the event's page besides the standings: where the event
    stands and what they can do next (``tournaments.lifecycle``), the draft round
    waiting for review, who has not checked in before round 1, and whether they may
    copy the event (a league's organisers only)."""
    state = lifecycle.state_of(event)
    draft = state.latest if state.stage == lifecycle.Stage.ROUND_DRAFT else None
    return {
        "stage": lifecycle.stage_words(state),
        "offers": lifecycle.next_actions(event, user, state),
        "draft_round": draft,
        "no_shows": no_shows(event),
        "may_duplicate": can_duplicate_event(user, event),
    }


def entrant_detail(request, slug, entrant_id):
    event = access_event(request.user, slug)
    entrant = get_object_or_404(event.entrants, pk=entrant_id)
    rating = Rating.objects.filter(
        league=event.season.league, game=event.game, user=entrant.user, bot=entrant.bot
    ).first()
    history = rating.history if rating else []
    return render(
        request,
        "tournaments/entrant_detail.html",
        {
            "event": event,
            "entrant": entrant,
            "rating": rating,
            "plot": rating_svg(history),
            "games": games_of(entrant),
        },
    )


@login_required
@require_POST
def recompute_standings(request, slug):
    event = access_event_as_organiser(request.user, slug)
    request_standings_update(event)
    messages.info(request, _("The standings are being recomputed."))
    return redirect("event-detail", slug=event.slug)


@login_required
@require_POST
def finish_event(request, slug):
    event = access_event_as_organiser(request.user, slug)
    if done := carried_out(request, do_finish_event, event, by=request.user):
        messages.success(request, _("The event is finished: these are its final standings."))
    return back_to(request, done, "event-detail", slug=event.slug)


@login_required
@require_POST
def cut_event(request, slug):
    """The knockout of the best N after the Swiss rounds, from the event page."""
    event = access_event_as_organiser(request.user, slug)
    top = request.POST.get("top", "")
    if not top.isdigit():
        messages.error(request, _("Cut to a number of entrants, such as 8."))
        return back_to(request, False, "event-detail", slug=event.slug)
    if done := carried_out(request, do_cut, event, int(top), request.user):
        messages.success(
            request,
            _("The top %(n)s play on in a knockout; its first round is paired.") % {"n": top},
        )
    return back_to(request, done, "event-detail", slug=event.slug)


@login_required
@require_POST
def reopen_event(request, slug):
    event = access_event_as_organiser(request.user, slug)
    if done := carried_out(request, do_reopen_event, event, by=request.user):
        messages.success(request, _("The event is open again: rounds and results can change."))
    return back_to(request, done, "event-detail", slug=event.slug)


@login_required
def league_create(request):
    if not can_create_league(request.user):
        raise PermissionDenied
    form = LeagueForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        league = do_create_league(request.user, **form.cleaned_data)
        messages.success(request, _("The league is made: open its first season."))
        return redirect("league-detail", slug=league.slug)
    return form_page(request, "tournaments/form.html", {"form": form, "title": _("New league")})


@login_required
def season_create(request, slug):
    league = access_league_as_organiser(request.user, slug)
    form = SeasonForm(request.POST or None)
    title = _("New season of %(league)s") % {"league": league.name}
    if request.method == "POST" and form.is_valid():
        season = do_create_season(league, **form.cleaned_data)
        messages.success(
            request, _("%(season)s is open: create its first event.") % {"season": season.name}
        )
        return redirect("event-create", slug=league.slug)
    return form_page(request, "tournaments/form.html", {"form": form, "title": title})


@login_required
def event_create(request, slug):
    league = access_league_as_organiser(request.user, slug)
    if not league.seasons.filter(status=Season.Status.OPEN).exists():
        messages.info(request, _("An event belongs to a season: open one first."))
        return redirect("season-create", slug=league.slug)
    form = EventForm(
        request.POST or None,
        league=league,
        initial={"game": request.GET.get("game")},
        add_game_url=f"{reverse('game-add')}?{urlencode({'next': request.path})}",
    )
    if request.method == "POST" and form.is_valid():
        event = do_create_event(form.cleaned_data["season"], request.user, **form.event_fields())
        messages.success(request, _("The event is made: add its entrants, then pair round 1."))
        return redirect("event-entrants", slug=event.slug)
    title = _("New event in %(league)s") % {"league": league.name}
    return form_page(request, "tournaments/form.html", {"form": form, "title": title})


@login_required
def log_game(request, slug):
    """Open leagues: an organiser logs a game as it is played."""
    event = access_event_as_organiser(request.user, slug)
    form = LogGameForm(request.POST or None, event=event)
    logged = None
    if request.method == "POST" and form.is_valid():
        logged = carried_out(request, do_log_game, event, form.seats(), by=request.user, form=form)
        if logged:
            messages.success(request, _("Game logged."))
            return redirect("event-detail", slug=event.slug)
    context = {"form": form, "title": _("Log a game")}
    return form_page(request, "tournaments/form.html", context, logged)


@login_required
@require_POST
def season_close(request, slug, season_id):
    league = access_league_as_organiser(request.user, slug)
    season = get_object_or_404(league.seasons, pk=season_id)
    do_close_season(season, archive=request.POST.get("archive") == "1")
    messages.info(request, _("%(season)s is closed.") % {"season": season.name})
    return redirect("league-detail", slug=league.slug)
