"""Teams of a team event (format ``team-swiss``, option ``team_size``): an organiser
makes a team (a name, its captain, its players in board order); the captain, or an
organiser, enters a person as the team's player and withdraws one. A team never has
more players than the event allows, and a player is in one team of an event at most:
both are checked under the event's row lock (``registration.lock_event``), so two
captains taking the same person at once cannot both succeed. Every change bumps the
team's ``version``; an organiser's edit names the version it was based on and a stale
one is refused (409).

The team standings (``team_standings``) rank by match points, then game points
(``formats/team_scores.py``), from the event's history."""

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from games.names import check_name_text
from lib.refusal import CONFLICT, Refusal
from tournaments import event_log, live
from tournaments.entrants import do_add_entrant
from tournaments.finishing import check_not_finished
from tournaments.formats import REGISTRY
from tournaments.formats.team_scores import TeamScore, team_order, team_scores
from tournaments.history import load_history
from tournaments.models import Entrant, Event, Team
from tournaments.people import find_person
from tournaments.ranking import store_entrants_change
from tournaments.registration import lock_event
from tournaments.round_numbers import next_round_number

TEAM_FORMAT = "team-swiss"
MAX_TEAM_NAME = 80


def team_size(event: Event) -> int:
    """How many players a team of ``event`` may have."""
    default = REGISTRY[TEAM_FORMAT].options["team_size"]
    return event.format_options.get("team_size", default)


def check_team_event(event: Event) -> None:
    if not event.has_teams:
        raise Refusal(_("This event is not a team event."), field="format")


def check_team_name(event: Event, name, team: Team | None = None) -> str:
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_TEAM_NAME:
        raise Refusal(
            _("Give the team a name of at most %(max)d characters.") % {"max": MAX_TEAM_NAME},
            field="name",
        )
    name = check_name_text(name.strip(), "name")
    taken = Team.objects.filter(event=event, name__iexact=name)
    if team is not None:
        taken = taken.exclude(pk=team.pk)
    if taken.exists():
        raise Refusal(
            _("Another team of this event is called %(name)s.") % {"name": name}, field="name"
        )
    return name


def check_players(event: Event, team: Team | None, entrant_ids) -> list[Entrant]:
    """The players, in board order: entrants of the event, each once, in no other team,
    no more than a team may have. Else a refusal naming ``players``."""
    if not isinstance(entrant_ids, list) or any(type(i) is not int for i in entrant_ids):
        raise Refusal(_("List the team's players."), field="players")
    size = team_size(event)
    if len(entrant_ids) > size:
        raise Refusal(
            _("A team of this event has at most %(n)d players.") % {"n": size}, field="players"
        )
    if len(set(entrant_ids)) != len(entrant_ids):
        raise Refusal(_("A player is listed twice."), field="players")
    found = {e.pk: e for e in Entrant.objects.filter(event=event, pk__in=entrant_ids)}
    if len(found) != len(entrant_ids):
        raise Refusal(_("Every player must be an entrant of this event."), field="players")
    for entrant in found.values():
        check_in_no_other_team(entrant, team, "players")
    return [found[i] for i in entrant_ids]


def check_in_no_other_team(entrant: Entrant, team: Team | None, field: str) -> None:
    if entrant.team_id is not None and (team is None or entrant.team_id != team.pk):
        raise Refusal(
            _("%(name)s is in another team of this event: %(team)s.")
            % {"name": entrant.name, "team": entrant.team.name},
            field=field,
        )


def check_not_stale(team: Team, seen: int) -> None:
    if seen != team.version:
        raise Refusal(
            _("The team changed since you saw it: look again and repeat your change."),
            field="version",
            code=CONFLICT,
        )


def seat_players(team: Team, players: list[Entrant]) -> None:
    """``players`` are the team, in board order; who was in it and is not listed leaves."""
    Entrant.objects.filter(team=team).exclude(pk__in=[p.pk for p in players]).update(
        team=None, board=0
    )
    for board, player in enumerate(players, start=1):
        Entrant.objects.filter(pk=player.pk).update(team=team, board=board)


def do_create_team(event: Event, by, name, captain=None, players=None) -> Team:
    """An organiser's new team (``players``: entrant ids in board order)."""
    check_team_event(event)
    check_not_finished(event)
    with transaction.atomic():
        event = lock_event(event)
        name = check_team_name(event, name)
        chosen = check_players(event, None, players or [])
        team = Team.objects.create(event=event, name=name, captain=captain)
        seat_players(team, chosen)
        event_log.log(event, by, event_log.Action.TEAM_CHANGED, team=name)
        live.announce_change(event.pk)
    return team


def do_edit_team(team: Team, by, seen: int, **changes) -> Team:
    """An organiser changes the team's ``name``, ``captain`` or ``players``, as they
    saw it at version ``seen``."""
    event = team.event
    check_not_finished(event)
    with transaction.atomic():
        event = lock_event(event)
        team = Team.objects.select_for_update().get(pk=team.pk)
        check_not_stale(team, seen)
        if "name" in changes:
            team.name = check_team_name(event, changes["name"], team)
        if "captain" in changes:
            team.captain = changes["captain"]
        team.version += 1
        team.save()
        if "players" in changes:
            seat_players(team, check_players(event, team, changes["players"]))
        event_log.log(event, by, event_log.Action.TEAM_CHANGED, team=team.name)
        live.announce_change(event.pk)
    return team


def do_create_team_named(event: Event, by, name, captain_typed: str, players) -> Team:
    """``do_create_team`` with the captain as typed (a username or name; empty: none)."""
    typed = (captain_typed or "").strip()
    captain = find_person(typed, "captain") if typed else None
    return do_create_team(event, by, name, captain=captain, players=players)


def do_enter_team_player_named(team: Team, by, typed: str) -> Entrant:
    """``do_enter_team_player`` with the person as typed (a username or name)."""
    return do_enter_team_player(team, by, find_person(typed, "username"))


def do_enter_team_player(team: Team, by, user) -> Entrant:
    """The captain (or an organiser) enters ``user`` as the team's next player: a new
    entrant of the event, or one already entered in no team."""
    event = team.event
    check_not_finished(event)
    with transaction.atomic():
        event = lock_event(event)
        entrant = Entrant.objects.filter(event=event, user=user).select_related("team").first()
        if entrant is not None:
            check_in_no_other_team(entrant, team, "player")
            if entrant.team_id == team.pk:
                return entrant
        boards = list(Entrant.objects.filter(team=team).values_list("board", flat=True))
        if len(boards) >= team_size(event):
            raise Refusal(
                _("The team is full: a team of this event has at most %(n)d players.")
                % {"n": team_size(event)},
                field="player",
            )
        if entrant is None:
            entrant = do_add_entrant(event, user=user, by=by)
        elif not entrant.is_active:
            Entrant.objects.filter(pk=entrant.pk).update(
                status=Entrant.Status.ACTIVE, dropped_after_round=None, drop_reason=""
            )
            store_entrants_change(event)
        Entrant.objects.filter(pk=entrant.pk).update(team=team, board=max(boards, default=0) + 1)
        Team.objects.filter(pk=team.pk).update(version=F("version") + 1)
        event_log.log(event, by, event_log.Action.TEAM_CHANGED, team=team.name, entered=str(user))
        live.announce_change(event.pk)
    entrant.refresh_from_db()
    return entrant


def do_withdraw_team_player(team: Team, by, entrant: Entrant) -> Entrant:
    """The captain (or an organiser) withdraws the team's player: before round 1 they
    leave the team; after, they stay in it (their games count) and play no more."""
    event = team.event
    check_not_finished(event)
    with transaction.atomic():
        event = lock_event(event)
        entrant = Entrant.objects.select_for_update().get(pk=entrant.pk)
        if entrant.team_id != team.pk:
            raise Refusal(
                _("%(name)s is not in this team.") % {"name": entrant.name}, field="player"
            )
        after = next_round_number(event) - 1
        fields = {
            "status": Entrant.Status.DROPPED,
            "dropped_after_round": after,
            "drop_reason": Entrant.DropReason.WITHDREW,
        }
        if not after:
            fields.update(team=None, board=0)
        Entrant.objects.filter(pk=entrant.pk).update(**fields)
        Team.objects.filter(pk=team.pk).update(version=F("version") + 1)
        store_entrants_change(event)
        event_log.log(
            event, by, event_log.Action.TEAM_CHANGED, team=team.name, withdrew=entrant.name
        )
        live.announce_change(event.pk)
    entrant.refresh_from_db()
    return entrant


def team_standings(event: Event) -> list[dict]:
    """The teams in order (match points, then game points, then name), each with its
    players by board."""
    teams = {t.pk: t for t in Team.objects.filter(event=event)}
    players: dict = {pk: [] for pk in teams}
    for entrant in Entrant.objects.filter(event=event, team__isnull=False).order_by("board"):
        players[entrant.team_id].append(entrant)
    team_of = {e.pk: pk for pk, members in players.items() for e in members}
    scores = team_scores(load_history(event, before=next_round_number(event)), team_of)
    for pk in teams:
        scores.setdefault(pk, TeamScore(pk, 0, 0, 0, ()))
    ranked = team_order(scores, {pk: t.name for pk, t in teams.items()})
    return [
        {
            "rank": rank,
            "team": teams[score.team],
            "players": players[score.team],
            "match_points": score.match_points,
            "game_points": score.game_points,
            "matches": score.matches,
        }
        for rank, score in enumerate(ranked, start=1)
    ]
