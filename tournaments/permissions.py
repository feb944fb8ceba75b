"""Every permission check on the site, in one place.

Roles: *staff* (``user.is_staff``) may do anything; an *organiser* is granted per
league (and so for all its events) or per event, by its creator or by staff (an
event's named organisers are its co-organisers: everything the organiser does); a
*judge* of an event settles disputes, overrides results and calls time at the tables
they are given (by number, or all), and a *scorekeeper* enters and confirms results at
the desk for any table and nothing else, both named by an organiser
(``tournaments.models.EventRole``); a *player* is a user entered in an event, and a
player of a table sits at it; a *bot author* owns bots. Views and API endpoints call
these helpers; ``access_*`` fetch an object or raise ``PermissionDenied``.
"""

from django.core.exceptions import PermissionDenied
from django.db import connection
from django.db.models import BooleanField, OuterRef, Q, Subquery
from django.db.models.expressions import RawSQL
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from games.models import CatalogueGame
from games.registry import get_game
from lib.refusal import attempted
from tournaments.models import (
    Event,
    EventRole,
    League,
    Result,
    Round,
    Season,
    Table,
    Team,
    Visibility,
)


def is_staff(user) -> bool:
    return bool(user and user.is_authenticated and user.is_staff)


def is_league_organiser(user, league: League) -> bool:
    if is_staff(user):
        return True
    if not user.is_authenticated:
        return False
    return league.created_by_id == user.pk or league.organisers.filter(pk=user.pk).exists()


def is_event_organiser(user, event: Event) -> bool:
    if is_staff(user):
        return True
    if not user.is_authenticated:
        return False
    if event.created_by_id == user.pk:
        return True
    # One query for every grant (the event's, its league's, the league's creator's),
    # without reading the season and league: the event page asks it on every read.
    granted = Q(organisers=user) | Q(season__league__organisers=user)
    return Event.objects.filter(granted | Q(season__league__created_by=user), pk=event.pk).exists()


def with_organiser_flag(events, user):
    """``events`` annotated with ``organised_by_reader``: what ``is_event_organiser``
    answers for ``user`` (signed in) and each event, staff aside, read in the events'
    own query (the event page asks it on every read). ``events`` join their league
    (``select_related("season__league")``, as the event page and the home page read
    them). Written as SQL: compiling the same rule from ORM subqueries on every read
    cost more CPU than the rest of the query; and as one ``EXISTS`` over both lists of
    organisers, the league's creator read from the join, since each further ``EXISTS``
    cost PostgreSQL more to plan than the rest of the query to run."""
    quote = connection.ops.quote_name
    event, league = (quote(m._meta.db_table) for m in (Event, League))
    named = quote(Event.organisers.through._meta.db_table)
    named_for_league = quote(League.organisers.through._meta.db_table)
    sql = (
        f"{event}.created_by_id = %s OR {league}.created_by_id = %s"
        f" OR EXISTS (SELECT 1 FROM {named} n WHERE n.event_id = {event}.id AND n.user_id = %s"
        f" UNION ALL SELECT 1 FROM {named_for_league} m"
        f" WHERE m.league_id = {league}.id AND m.user_id = %s)"
    )
    return events.annotate(
        organised_by_reader=RawSQL(sql, [user.pk] * 4, output_field=BooleanField())
    )


def can_duplicate_event(user, event: Event) -> bool:
    """The copy is the league's: only the league's organisers make one."""
    return is_league_organiser(user, event.season.league)


def is_entrant(user, event: Event) -> bool:
    return user.is_authenticated and event.entrants.filter(user=user).exists()


def is_player_of_table(user, table: Table) -> bool:
    """Seated at ``table`` in a published round (a draft's seats are not yet theirs)."""
    return user.is_authenticated and not table.round.draft and user.pk in table.seated_users


def slip_enters_result(table: Table) -> bool:
    """Whether the table's printed slip (``scoring.slips``, for tables where a walk-in
    sits) may still enter its result: a played table of a published round, without its
    official result."""
    if table.is_bye or table.round.draft:
        return False
    return not Result.objects.filter(table=table).exists()


def can_view_event(user, event: Event) -> bool:
    if event.visibility != Visibility.PRIVATE:
        return True
    return is_event_organiser(user, event) or is_entrant(user, event) or has_role(user, event)


# The room's staff: judges and scorekeepers (``EventRole``).


def role_of(user, event: Event) -> EventRole | None:
    """The judge's or scorekeeper's role ``user`` holds in ``event`` (None: neither)."""
    if not user.is_authenticated:
        return None
    return EventRole.objects.filter(event=event, user=user).first()


def has_role(user, event: Event) -> bool:
    return role_of(user, event) is not None


def can_name_roles(user, event: Event) -> bool:
    """Any organiser (a co-organiser too) names and removes judges and scorekeepers."""
    return is_event_organiser(user, event)


def can_settle_table(user, table: Table) -> bool:
    """Settle a dispute or override the result: an organiser, or a judge whose tables
    hold this one."""
    return is_event_organiser(user, table.round.event) or is_judge_of_table(user, table)


def is_judge_of_table(user, table: Table) -> bool:
    """A judge (not an organiser) whose tables hold ``table``."""
    role = role_of(user, table.round.event)
    return role is not None and role.covers(table.number)


def is_judge(user, event: Event) -> bool:
    """An organiser (the head judge) or a judge of the event, of any tables."""
    if is_event_organiser(user, event):
        return True
    role = role_of(user, event)
    return role is not None and role.is_judge


def can_run_clock(user, event: Event, table_number: int | None = None) -> bool:
    """Call time: an organiser, or a judge (one table's extra minutes: a judge of it)."""
    if is_event_organiser(user, event):
        return True
    role = role_of(user, event)
    if role is None or not role.is_judge:
        return False
    return table_number is None or role.covers(table_number)


def can_keep_score(user, event: Event) -> bool:
    """Enter and confirm results at the desk for any table: an organiser or a
    scorekeeper."""
    if is_event_organiser(user, event):
        return True
    role = role_of(user, event)
    return role is not None and role.role == EventRole.Role.SCOREKEEPER


def access_event_as_judge(user, slug: str) -> Event:
    event = get_object_or_404(Event.objects.select_related("season__league"), slug=slug)
    if not is_judge(user, event):
        raise PermissionDenied
    return event


def access_event_as_scorekeeper(user, slug: str) -> Event:
    event = get_object_or_404(Event.objects.select_related("season__league"), slug=slug)
    if not can_keep_score(user, event):
        raise PermissionDenied
    return event


def access_round_for_clock(user, slug: str, number: int, table_number: int | None = None):
    """The round whose clock ``user`` may run (an organiser's, or a judge's)."""
    round_ = get_object_or_404(
        Round.objects.select_related("event__season__league"), event__slug=slug, number=number
    )
    if not can_run_clock(user, round_.event, table_number):
        raise PermissionDenied
    return round_


def can_view_table(user, table: Table) -> bool:
    """A table of a draft round is the organisers' alone until it is published."""
    event = table.round.event
    if table.round.draft:
        return is_event_organiser(user, event)
    return can_view_event(user, event)


def visible_events(user):
    """The events listed to ``user``: public ones, and those they organise (the event or
    its league), created or are entered in. Staff see all. An unlisted event is not
    listed but is seen through its link (``can_view_event``); an archived one is listed
    nowhere (its league's page lists it to its organisers)."""
    events = (
        Event.objects.select_related("season__league")
        .filter(archived_at__isnull=True, season__league__archived_at__isnull=True)
        .exclude(season__status=Season.Status.ARCHIVED)
    )
    if not user.is_authenticated:
        return events.filter(visibility=Visibility.PUBLIC)
    if user.is_staff:
        return events
    mine = Q(organisers=user) | Q(created_by=user) | Q(season__league__organisers=user)
    mine |= Q(roles__user=user)
    return events.filter(Q(visibility=Visibility.PUBLIC) | mine | Q(entrants__user=user)).distinct()


def visible_leagues(user):
    """The leagues listed to ``user``: public ones and those they organise or created,
    archived ones to nobody."""
    leagues = League.objects.filter(archived_at__isnull=True)
    if not user.is_authenticated:
        return leagues.filter(visibility=Visibility.PUBLIC)
    if user.is_staff:
        return leagues
    mine = Q(organisers=user) | Q(created_by=user)
    return leagues.filter(Q(visibility=Visibility.PUBLIC) | mine).distinct()


def can_grant_organiser(user, obj: League | Event) -> bool:
    """Only the creator of a league or event, or staff, may name its organisers."""
    return is_staff(user) or (user.is_authenticated and obj.created_by_id == user.pk)


def access_event(user, slug: str, read=None) -> Event:
    """The event if ``user`` may see it; ``read(slug, user)`` reads it with what a page
    adds (None: there is none)."""
    if read is None:
        event = get_object_or_404(Event.objects.select_related("season__league"), slug=slug)
    elif (event := read(slug, user)) is None:
        raise Http404
    if not can_view_event(user, event):
        raise PermissionDenied
    return event


def access_event_as_organiser(user, slug: str) -> Event:
    event = get_object_or_404(Event.objects.select_related("season__league"), slug=slug)
    if not is_event_organiser(user, event):
        raise PermissionDenied
    return event


def access_league(user, slug: str) -> tuple[League, list[Event]]:
    """The league and the events of it ``user`` may see; a private league shows itself
    only to its organisers and to those who may see one of its events."""
    league = get_object_or_404(League, slug=slug)
    events = [
        event
        for event in Event.objects.filter(season__league=league).select_related("season__league")
        if can_view_event(user, event)
    ]
    if league.visibility == Visibility.PRIVATE and not events:
        if not is_league_organiser(user, league):
            raise PermissionDenied
    return league, events


def access_league_as_organiser(user, slug: str) -> League:
    league = get_object_or_404(League, slug=slug)
    if not is_league_organiser(user, league):
        raise PermissionDenied
    return league


def access_season_as_organiser(user, slug: str, season_id: int):
    league = access_league_as_organiser(user, slug)
    return get_object_or_404(league.seasons.select_related("league"), pk=season_id)


def access_table_as_player_or_organiser(user, table_id: int) -> Table:
    table = get_object_or_404(
        Table.objects.select_related("round__event__season__league"), pk=table_id
    )
    if not (is_player_of_table(user, table) or is_event_organiser(user, table.round.event)):
        raise PermissionDenied
    return table


# Bot matches (the bots app).


def can_schedule_bot_matches(user, bots) -> bool:
    """Standalone bot matches: staff, or any logged-in user with built-in bots and their
    own remote bots (a remote bot is called only when its author, or staff, asks)."""
    if is_staff(user):
        return True
    if not user.is_authenticated:
        return False
    return all(bot.kind != "remote" or bot.owner_id == user.pk for bot in bots)


# Running events (the tournaments app).


def can_create_league(user) -> bool:
    return bool(user and user.is_authenticated)


def can_add_game(user) -> bool:
    """Organisers (of a league or an event) add games to the catalogue; staff too."""
    if is_staff(user):
        return True
    if not user.is_authenticated:
        return False
    organises = Q(created_by=user) | Q(organisers=user)
    return League.objects.filter(organises).exists() or Event.objects.filter(organises).exists()


def catalogue_adders_for(user) -> set[int] | None:
    """Whose own catalogue games ``user`` is offered besides the site-wide ones: their
    own and those of the people they organise a league with (None: every game, for
    staff). A game is its adder's until staff make it site-wide (docs/games.md)."""
    if is_staff(user):
        return None
    if not user.is_authenticated:
        return set()
    leagues = League.objects.filter(Q(created_by=user) | Q(organisers=user))
    return {user.pk} | league_organiser_ids(leagues)


def league_organiser_ids(leagues) -> set[int]:
    """The ids of whoever created or organises any of ``leagues``."""
    creators = leagues.values_list("created_by_id", flat=True)
    organisers = leagues.values_list("organisers", flat=True)
    return {pk for pk in [*creators, *organisers] if pk is not None}


def can_make_game_site_wide(user, game) -> bool:
    """Staff list a catalogue game for everyone."""
    return game.catalogue is not None and not game.catalogue.site_wide and is_staff(user)


def can_edit_game(user, game) -> bool:
    """Who renames or deletes a catalogue game (a ``GameType`` with ``catalogue``): staff,
    and whoever added it."""
    if game.catalogue is None or not user.is_authenticated:
        return False
    return is_staff(user) or game.catalogue.created_by_id == user.pk


def access_game(key: str):
    """Any game by key (404 when there is none): the list of games is public."""
    found = attempted(get_game, key)
    if not found:
        raise Http404
    return found.answer


def access_catalogue_game_as_editor(user, key: str):
    """The ``CatalogueGame`` row of ``key`` for one who may rename or delete it."""
    game = access_game(key)
    if game.catalogue is None:
        raise PermissionDenied(
            _("%(game)s comes with its rules engine: it cannot be renamed or deleted.")
            % {"game": game.name}
        )
    if not can_edit_game(user, game):
        raise PermissionDenied(_("Only staff and whoever added a game may change it."))
    return get_object_or_404(CatalogueGame, pk=game.catalogue.pk)


def access_round(user, slug: str, number: int):
    """The round if ``user`` may see its event (one query: round pages are read most),
    with its highest table number (``highest_table``: its pages of tables); a draft
    round only for its organisers (404 to everyone else: it does not exist yet)."""
    highest = Table.objects.filter(round=OuterRef("pk")).order_by("-number").values("number")
    rounds = Round.objects.select_related("event__season__league")
    round_ = get_object_or_404(
        rounds.annotate(highest_table=Subquery(highest[:1])), event__slug=slug, number=number
    )
    if not can_view_event(user, round_.event):
        raise PermissionDenied
    if round_.draft and not is_event_organiser(user, round_.event):
        raise Http404
    return round_


def visible_rounds(user, event: Event):
    """The event's rounds ``user`` may see: drafts only for organisers."""
    rounds = event.rounds.all()
    return rounds if is_event_organiser(user, event) else rounds.filter(draft=False)


def access_entrant_as_self_or_organiser(user, slug: str, entrant_id: int):
    """An entrant the user is, or any entrant of an event they organise."""
    event = access_event(user, slug)
    entrant = get_object_or_404(event.entrants.select_related("event"), pk=entrant_id)
    if not (user.is_authenticated and entrant.user_id == user.pk):
        if not is_event_organiser(user, event):
            raise PermissionDenied
    return entrant


def access_round_as_organiser(user, slug: str, number: int):
    event = access_event_as_organiser(user, slug)
    return get_object_or_404(event.rounds.select_related("event__season__league"), number=number)


def access_entrant_as_organiser(user, slug: str, entrant_id: int):
    event = access_event_as_organiser(user, slug)
    return get_object_or_404(event.entrants.select_related("event"), pk=entrant_id)


def is_public_event(event: Event) -> bool:
    """Open to anyone and listed: a visitor's long-poll on its live pages is held."""
    return event.visibility == Visibility.PUBLIC


def access_round_seat_for_check_in(user, slug: str, number: int, entrant_id: int | None):
    """A published round and the entrant checking in for it: the signed-in person's own
    entry (``entrant_id`` None or theirs), or, for an organiser, any entrant's."""
    round_ = access_round(user, slug, number)
    if entrant_id is None:
        entrant = get_object_or_404(round_.event.entrants, user_id=user.pk)
    else:
        entrant = get_object_or_404(round_.event.entrants, pk=entrant_id)
        if entrant.user_id != user.pk and not is_event_organiser(user, round_.event):
            raise PermissionDenied
    return round_, entrant


def access_forfeit_as_organiser(user, slug: str, number: int, entrant_id: int):
    """A round's forfeit, for the event's organisers only (they may undo it)."""
    round_ = access_round_as_organiser(user, slug, number)
    return get_object_or_404(
        round_.forfeits.select_related("table", "entrant"), entrant_id=entrant_id
    )


def access_team(user, slug: str, team_id: int) -> Team:
    """A team of an event ``user`` may see."""
    event = access_event(user, slug)
    return get_object_or_404(
        Team.objects.select_related("event", "captain"), event=event, pk=team_id
    )


def is_captain(user, team: Team) -> bool:
    return user.is_authenticated and team.captain_id == user.pk


def access_team_as_captain_or_organiser(user, slug: str, team_id: int) -> Team:
    """A team whose players ``user`` may enter and withdraw: its captain's, or any team
    of an event they organise."""
    team = access_team(user, slug, team_id)
    if not (is_captain(user, team) or is_event_organiser(user, team.event)):
        raise PermissionDenied
    return team


def access_team_as_organiser(user, slug: str, team_id: int) -> Team:
    """A team whose name, captain and players ``user`` may change: organisers only."""
    team = access_team(user, slug, team_id)
    if not is_event_organiser(user, team.event):
        raise PermissionDenied
    return team
