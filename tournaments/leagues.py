"""Creating leagues, seasons and events."""

from django.db import transaction
from django.utils.translation import gettext as _

from games.registry import DEFAULT_GAME, all_games
from lib.refusal import Refusal
from tournaments.event_settings import SETTINGS, check_event_settings
from tournaments.models import Event, League, Season
from tournaments.permissions import catalogue_adders_for, league_organiser_ids


def do_create_league(by, **fields) -> League:
    with transaction.atomic():
        league = League.objects.create(created_by=by, **fields)
        league.organisers.add(by)
    return league


def do_create_season(league: League, **fields) -> Season:
    return Season.objects.create(league=league, **fields)


def do_create_event(season: Season, by, **fields) -> Event:
    """Create an event with checked settings (``check_event_settings``); its creator
    organises it."""
    given = {name: fields[name] for name in SETTINGS if name in fields}
    defaults = {name: Event._meta.get_field(name).get_default() for name in SETTINGS}
    fields.update(check_event_settings(**{**defaults, **given}))
    check_game_offered(fields.get("game", DEFAULT_GAME), by, season)
    with transaction.atomic():
        event = Event.objects.create(season=season, created_by=by, **fields)
        event.organisers.add(by)
    return event


def do_close_season(season: Season, archive: bool = False) -> Season:
    """Close a season (no more logged games); archiving also hides it from lists."""
    season.status = Season.Status.ARCHIVED if archive else Season.Status.CLOSED
    season.save(update_fields=["status"])
    return season


def check_game_offered(key: str, by, season: Season) -> None:
    """An event plays a game its league may use: a site-wide one, or one its organisers
    (or ``by``) added themselves (docs/games.md); another person's own game is refused
    as unknown, whatever path names its key."""
    adders = catalogue_adders_for(by)
    if adders is None:  # staff
        return
    adders |= league_organiser_ids(League.objects.filter(pk=season.league_id))
    if key not in {game.key for game in all_games(adders)}:
        raise Refusal(_("Unknown game %(key)s.") % {"key": key}, field="game")
