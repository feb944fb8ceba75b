"""Starting a game on the site: a friendly game between named people and bots, or the
game of an event's table (its seats, in seat order).

Limits: 2 to 4 seats, at least one person (a table of bots only is a bot match, played
by the bots app), no person twice, every person with an account of their own (walk-in
players of an event have none, so their tables are entered by hand and never offered
play), at most ``MAX_ROUNDS`` rounds, a turn between ``MIN_MOVE_SECONDS`` and
``MAX_MOVE_SECONDS``, a stand-in among the game's ``stand_ins``.

One road at a time: a table whose result is being entered by hand is not started here
(``scoring.submissions.check_no_entry_under_way``, under the table's row lock, the lock
hand entry takes too).
"""

import random
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from bots.access import can_edit_bot
from bots.models import Bot
from games.declaring import LivePlay
from games.registry import DEFAULT_GAME, get_game
from lib.refusal import CONFLICT, Refusal
from play.models import (
    DEFAULT_FORFEIT_AFTER,
    DEFAULT_MOVE_SECONDS,
    EventPlay,
    Game,
    GameSeat,
    Pace,
)
from play.pace import duration_words, stand_in_game
from play.settling import after_commit, settle
from scoring.submissions import check_no_entry_under_way, locked_table
from tournaments.models import Event, Result, Table
from tournaments.permissions import can_schedule_bot_matches, is_staff

MAX_ROUNDS = 8
MIN_MOVE_SECONDS = 10
MAX_MOVE_SECONDS = 14 * 24 * 3600
MAX_FORFEIT_AFTER = 20


@dataclass(frozen=True)
class Clock:
    pace: str = Pace.LIVE
    move_seconds: int | None = None
    forfeit_after: int = DEFAULT_FORFEIT_AFTER
    stand_in: str | None = None  # None: the game's first stand-in

    def seconds(self) -> int:
        return self.move_seconds or DEFAULT_MOVE_SECONDS[Pace(self.pace)]


@dataclass(frozen=True)
class Taker:
    """Who takes a seat: a user or a bot, and the name the record gives them."""

    name: str
    user: User | None = None
    bot: Bot | None = None


def check_clock(
    pace, move_seconds, forfeit_after, stand_in=None, game: str = DEFAULT_GAME
) -> Clock:
    """The pace of play, checked; ``stand_in`` among the stand-ins of ``game`` (None:
    its first)."""
    stand_ins = get_game(game).played.stand_ins
    stand_in = stand_in or stand_ins[0]
    if pace not in Pace.values:
        raise Refusal(
            _("The pace is live or correspondence, not %(pace)r.") % {"pace": pace}, "pace"
        )
    if move_seconds is not None and (
        type(move_seconds) is not int or not MIN_MOVE_SECONDS <= move_seconds <= MAX_MOVE_SECONDS
    ):
        raise Refusal(
            _("The time for a move is a whole number of seconds, from %(low)s to %(high)s.")
            % {"low": duration_words(MIN_MOVE_SECONDS), "high": duration_words(MAX_MOVE_SECONDS)},
            "move_seconds",
        )
    if type(forfeit_after) is not int or not 0 <= forfeit_after <= MAX_FORFEIT_AFTER:
        raise Refusal(
            _("Timeouts before a forfeit is a whole number from 0 (never) to %(high)d.")
            % {"high": MAX_FORFEIT_AFTER},
            "forfeit_after",
        )
    if stand_in not in stand_ins:
        raise Refusal(
            _("The bot that plays for an absent person is one of: %(bots)s.")
            % {"bots": ", ".join(stand_ins)},
            "stand_in",
        )
    return Clock(pace, move_seconds, forfeit_after, stand_in)


def check_options(live: LivePlay, options) -> dict:
    """The rules options as the game's engine reads them."""
    try:
        options = live.check_options(options)
    except ValueError as exc:
        raise Refusal(str(exc), "options") from None
    if live.rounds(options) > MAX_ROUNDS:
        raise Refusal(
            _("A game on the site has at most %(rounds)d rounds.") % {"rounds": MAX_ROUNDS},
            "options",
        )
    return options


def check_takers(takers: list[Taker]) -> None:
    if not 2 <= len(takers) <= 4:
        raise Refusal(_("A game has 2 to 4 seats."), "seats")
    people = [t.user.pk for t in takers if t.user is not None]
    if not people:
        raise Refusal(
            _("A game on the site needs at least one person; bots alone play bot matches."),
            "seats",
        )
    if len(set(people)) != len(people):
        raise Refusal(_("A person takes one seat at a game."), "seats")
    for taker in takers:
        if taker.user is not None and not (
            taker.user.is_active and taker.user.has_usable_password()
        ):
            raise Refusal(
                _("%(name)s has no account to play with on the site.") % {"name": taker.name},
                "seats",
            )
        if taker.bot is not None and taker.bot.is_uploaded:  # issue 46: the web runs no upload
            raise Refusal(
                _(
                    "%(name)s is an uploaded bot: it plays bot matches on the site's bot "
                    "workers, not at the site's tables."
                )
                % {"name": taker.bot.said_name},
                "seats",
            )


def is_offered(user, bot: Bot) -> bool:
    """Whether ``user`` may seat ``bot`` at a friendly game: a public bot, or their own
    (and staff any)."""
    return bot.public or can_edit_bot(user, bot)


def offered_builtin_bots(user):
    """The built-in bots ``user`` is offered for a friendly game, by name: the public
    ones and their own (the lists of ``is_offered``)."""
    offered = Q(public=True)
    if user.is_authenticated:
        offered |= Q(owner=user)
    return Bot.objects.filter(offered, kind=Bot.Kind.BUILTIN).order_by("name")


def read_seats(by, seats) -> list[Taker]:
    """Friendly seats from the API: ``[{"username": "ann"}, {"bot": "Gready"}]``."""
    if not isinstance(seats, list) or not 2 <= len(seats) <= 4:
        raise Refusal(_("A game has 2 to 4 seats."), "seats")
    User = get_user_model()
    takers = []
    for seat in seats:
        if not isinstance(seat, dict) or len(seat) != 1 or not {"username", "bot"} & set(seat):
            raise Refusal(_('Each seat is {"username": NAME} or {"bot": NAME}.'), "seats")
        ((key, name),) = seat.items()
        if not isinstance(name, str) or not name:
            raise Refusal(_('Each seat is {"username": NAME} or {"bot": NAME}.'), "seats")
        if key == "username":
            user = User.objects.filter(username=name).first()
            if user is None:
                raise Refusal(_("There is no user %(name)s.") % {"name": name}, "seats")
            takers.append(Taker(str(user)[:80], user=user))
        else:
            bot = Bot.objects.filter(name=name).first()
            if bot is None:
                raise Refusal(_("There is no bot %(name)s.") % {"name": name}, "seats")
            takers.append(Taker(bot.name, bot=bot))
    if not can_schedule_bot_matches(by, [t.bot for t in takers if t.bot is not None]):
        raise Refusal(_("Only its author seats a remote bot."), "seats")
    private = [t.bot for t in takers if t.bot is not None and not is_offered(by, t.bot)]
    if private:
        raise Refusal(
            _("%(name)s is a private bot: only its author seats it.")
            % {"name": private[0].said_name},
            "seats",
        )
    if not is_staff(by) and by.pk not in {t.user.pk for t in takers if t.user is not None}:
        raise Refusal(_("You start games you sit at."), "seats")
    return takers


def do_start_game(
    by,
    takers: list[Taker],
    options: dict,
    clock: Clock = Clock(),
    table=None,
    seed=None,
    rated=False,
    game: str = DEFAULT_GAME,
) -> Game:
    """Deal a new game of ``game`` and seat ``takers`` in order; the first to move is
    told (a bot's turn is sent to the workers on commit). ``rated``: a friendly game
    between people that counts for their friendly rating (``play.rated``)."""
    live = get_game(game).played
    check_takers(takers)
    options = check_options(live, options)
    seed = random.SystemRandom().randrange(2**62) if seed is None else seed
    state = live.new_game([t.name for t in takers], options, seed)
    try:
        with transaction.atomic():
            played = Game.objects.create(
                game=game,
                options=options,
                table=table,
                rated=rated,
                pace=clock.pace,
                move_seconds=clock.seconds(),
                forfeit_after=clock.forfeit_after,
                stand_in=clock.stand_in or live.stand_ins[0],
                seed=seed,
                record=state.record(),
                deals=live.deals(state),
                created_by=by,
            )
            seats = GameSeat.objects.bulk_create(
                GameSeat(game=played, position=i, user=t.user, bot=t.bot, name=t.name)
                for i, t in enumerate(takers)
            )
            new_turn = settle(played, seats, state, timezone.now(), previous=None)
            played.save()
            after_commit(played, seats, new_turn, starting=True)
    except IntegrityError:
        raise Refusal(_("This table already has its game."), code=CONFLICT) from None
    return played


def check_playable(game: str) -> None:
    """Only a game the registry plays live."""
    if not get_game(game).playable_live:
        raise Refusal(_("This game cannot be played on the site."), "game")


def has_walk_in(table: Table) -> bool:
    """Whether a seat is held by a walk-in: a player with no account to play with (a
    placeholder user that cannot log in, as ``tournaments.entrants.do_add_walk_in``
    makes; an unusable password starts with "!"). A table read ``with_seats`` answers
    from its seats, with no query."""
    if "seats" in getattr(table, "_prefetched_objects_cache", {}):
        users = [seat.entrant.user for seat in table.seats.all() if seat.entrant.user_id]
        return any(not u.is_active or u.password.startswith("!") for u in users if u is not None)
    return table.seats.filter(
        Q(entrant__user__is_active=False) | Q(entrant__user__password__startswith="!"),
        entrant__user__isnull=False,
    ).exists()


def check_table_playable(table: Table) -> None:
    event = table.round.event
    if event.status == Event.Status.FINISHED:
        raise Refusal(_("The event is finished."), code=CONFLICT)
    check_playable(event.game)
    if table.round.is_draft:
        raise Refusal(
            _("Round %(n)s is a draft: publish it before its tables are played.")
            % {"n": table.round.number},
            code=CONFLICT,
        )
    if table.is_bye:
        raise Refusal(_("A bye is not played."))
    if Result.objects.filter(table=table).exists():
        raise Refusal(_("This table already has its result."), code=CONFLICT)
    if Game.objects.filter(table=table).exists():
        raise Refusal(_("This table already has its game."), code=CONFLICT)
    if has_walk_in(table):
        raise Refusal(
            _(
                "A player at this table has no account to play with on the site: enter "
                "the table's result by hand."
            )
        )


def table_takers(table: Table) -> list[Taker]:
    seats = table.seats.select_related("entrant__user", "entrant__bot").order_by("position")
    return [Taker(s.entrant.name, user=s.entrant.user, bot=s.entrant.bot) for s in seats]


def do_set_event_play(event: Event, pace, move_seconds, forfeit_after, stand_in=None) -> Clock:
    """How the event's tables are played on the site from now on (games already
    started keep their clock), checked by ``check_clock`` (the API and the organiser's
    page both come here). The caller has checked that the user organises it."""
    check_playable(event.game)
    clock = check_clock(pace, move_seconds, forfeit_after, stand_in, event.game)
    assert clock.stand_in is not None, "check_clock names the stand-in"
    EventPlay.objects.update_or_create(
        event=event,
        defaults={
            "pace": clock.pace,
            "move_seconds": clock.seconds(),
            "forfeit_after": clock.forfeit_after,
            "stand_in": clock.stand_in,
        },
    )
    return clock


def event_clock(event: Event) -> Clock:
    settings = getattr(event, "play_settings", None)
    if settings is None:
        return Clock(stand_in=get_game(stand_in_game(event.game)).played.stand_ins[0])
    return Clock(settings.pace, settings.move_seconds, settings.forfeit_after, settings.stand_in)


def do_start_table_game(by, table: Table) -> Game:
    """The game of an event's table, with the event's rules options and pace, under the
    table's row lock: refused while its result is being entered by hand. The caller has
    checked that ``by`` plays at the table or organises the event."""
    with transaction.atomic():
        table = locked_table(table.pk)
        check_no_entry_under_way(table)
        check_table_playable(table)
        event = table.round.event
        return do_start_game(
            by, table_takers(table), event.rules_options, event_clock(event), table, game=event.game
        )
