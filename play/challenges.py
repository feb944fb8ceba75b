"""Challenges and open tables: how people find each other for a friendly game.

A challenge or table is for one game the registry plays live (``game_type``: its
options are that game's, its size within that game's seats and 2 to 4).

A *challenge* names its seats (the creator, the people invited, bots): each person
invited is told (the to-do list, an e-mail) and accepts or declines; the game starts
once every person has accepted, and ends as *declined* when one declines (the creator
declining *withdraws* it). An *open table* names only its size: anyone signed in takes
a free seat (from the lobby, or through the table's share link) and the join that
fills it starts the game; a seated person may leave it again (the creator leaving
withdraws it). A person has at most ``PLAY_MAX_OPEN_CHALLENGES`` open challenges and
tables at once, counted under their user row's lock so that two at once cannot pass
the limit together, and the new accounts of one address as many together
(``accounts.newcomers``).

Every answer takes the challenge's row lock first, so two joins of the last seat at
once start one game: the second finds the table started (409); and every answer saves
the challenge, whose page follows it by that (``play.challenge_changes``).
"""

import secrets

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.newcomers import newcomers_like
from accounts.notices import do_notify, link
from games.declaring import GameType
from games.registry import DEFAULT_GAME, get_game
from lib.client_address import is_new_account
from lib.refusal import CONFLICT, Refusal, attempted
from play.models import Challenge, ChallengeSeat, Game, Pace
from play.pace import duration_words
from play.starting import Clock, Taker, check_options, check_takers, do_start_game


def check_rated(takers: list[Taker], rated) -> bool:
    if not isinstance(rated, bool):
        raise Refusal(_("Rated is true or false."), "rated")
    if rated and any(taker.bot is not None for taker in takers):
        raise Refusal(_("A rated game is played by people only: take the bots out."), "rated")
    return rated


def check_game_type(key) -> GameType:
    """The game a challenge or table is for: one the registry plays live."""
    found = attempted(get_game, key)
    if not found:  # said of the challenge's field, not the registry's
        raise Refusal(_("There is no game %(key)s.") % {"key": key}, "game_type")
    game = found.answer
    if not game.playable_live:
        raise Refusal(_("%(game)s is not played on the site.") % {"game": game.name}, "game_type")
    return game


def seat_range(game: GameType) -> range:
    """The sizes a friendly game of ``game`` may have: its own, within 2 to 4."""
    return range(max(2, game.min_players), min(4, game.max_players) + 1)


def check_size(size, game: GameType) -> int:
    sizes = seat_range(game)
    if type(size) is not int or size not in sizes:
        raise Refusal(
            _("A game of %(game)s has %(low)d to %(high)d seats.")
            % {"game": game.name, "low": sizes[0], "high": sizes[-1]},
            "seats",
        )
    return size


def check_bots_play(takers: list[Taker], game: GameType) -> None:
    for taker in takers:
        if taker.bot is not None and taker.bot.game != game.key:
            raise Refusal(
                _("%(bot)s does not play %(game)s.")
                % {"bot": taker.bot.said_name, "game": game.name},
                "seats",
            )


def check_can_play(user) -> None:
    if not (user.is_active and user.has_usable_password()):
        raise Refusal(_("%(name)s has no account to play with on the site.") % {"name": user})


def check_room_for_another(user) -> None:
    """The limit of open challenges and tables, under ``user``'s row lock (the caller
    holds a transaction); for a new account, over every new account of its address too
    (``accounts.newcomers``)."""
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()
    most = settings.PLAY_MAX_OPEN_CHALLENGES
    open_ = Challenge.objects.filter(status=Challenge.Status.OPEN)
    if open_.filter(created_by=user).count() >= most:
        raise Refusal(
            ngettext(
                "You have %(count)d open challenge or table already: withdraw one, or wait "
                "until it starts.",
                "You have %(count)d open challenges and tables already: withdraw one, or "
                "wait until one starts.",
                most,
            )
            % {"count": most},
            code=CONFLICT,
        )
    if is_new_account(user) and open_.filter(created_by__in=newcomers_like(user)).count() >= most:
        raise Refusal(
            ngettext(
                "The new accounts of your address have %(count)d open challenge or table "
                "already: wait until it starts.",
                "The new accounts of your address have %(count)d open challenges and "
                "tables already: wait until one starts.",
                most,
            )
            % {"count": most},
            code=CONFLICT,
        )


def new_token() -> str:
    return secrets.token_urlsafe(16)


def do_challenge(
    by, takers: list[Taker], options, clock: Clock, rated=False, game_type=DEFAULT_GAME
) -> Challenge:
    """Invite the people among ``takers`` (in seat order; ``by`` among them) to a game
    of ``game_type``; they are told. With no person but ``by`` the game starts at once."""
    game = check_game_type(game_type)
    check_takers(takers)
    check_size(len(takers), game)
    check_bots_play(takers, game)
    options = check_options(game.played, options)
    rated = check_rated(takers, rated)
    if all(taker.user is None or taker.user.pk != by.pk for taker in takers):
        raise Refusal(_("You challenge others to games you sit at."), "seats")
    with transaction.atomic():
        check_room_for_another(by)
        challenge = Challenge.objects.create(
            kind=Challenge.Kind.CHALLENGE,
            game_type=game.key,
            created_by=by,
            size=len(takers),
            options=options,
            pace=clock.pace,
            move_seconds=clock.seconds(),
            rated=rated,
            listed=False,
            token=new_token(),
        )
        ChallengeSeat.objects.bulk_create(
            ChallengeSeat(
                challenge=challenge,
                position=i,
                user=taker.user,
                bot=taker.bot,
                accepted=taker.user is not None and taker.user.pk == by.pk,
            )
            for i, taker in enumerate(takers)
        )
        invited = [t.user for t in takers if t.user is not None and t.user.pk != by.pk]
        if invited:
            do_notify(invited, lambda _person: invitation(challenge, by))
        else:
            start(challenge)
    return challenge


def do_open_table(
    by, size, options, clock: Clock, rated=False, listed=True, game_type=DEFAULT_GAME
) -> Challenge:
    """An open table of ``size`` seats for a game of ``game_type``, ``by`` in the first."""
    game = check_game_type(game_type)
    size = check_size(size, game)
    options = check_options(game.played, options)
    check_can_play(by)
    if not isinstance(listed, bool):
        raise Refusal(_("Listed is true or false."), "listed")
    rated = check_rated([], rated)
    with transaction.atomic():
        check_room_for_another(by)
        table = Challenge.objects.create(
            kind=Challenge.Kind.TABLE,
            game_type=game.key,
            created_by=by,
            size=size,
            options=options,
            pace=clock.pace,
            move_seconds=clock.seconds(),
            rated=rated,
            listed=listed,
            token=new_token(),
        )
        ChallengeSeat.objects.create(challenge=table, position=0, user=by, accepted=True)
    return table


def locked_challenge(challenge_id: int, kind: str) -> Challenge:
    return get_object_or_404(Challenge.objects.select_for_update(), pk=challenge_id, kind=kind)


def check_still_open(challenge: Challenge) -> None:
    if challenge.is_open:
        return
    if challenge.status == Challenge.Status.STARTED:
        raise Refusal(
            _("This table is full: its game has started.")
            if challenge.is_table
            else _("This challenge has been accepted: its game has started."),
            code=CONFLICT,
        )
    if challenge.status == Challenge.Status.DECLINED:
        raise Refusal(_("This challenge was declined."), code=CONFLICT)
    raise Refusal(_("This challenge was withdrawn."), code=CONFLICT)


def seat_of(challenge: Challenge, user) -> ChallengeSeat | None:
    return challenge.seats.filter(user=user).first() if user.is_authenticated else None


def access_challenge(user, challenge_id: int, token=None) -> tuple[Challenge, ChallengeSeat | None]:
    """A challenge or table ``user`` may see, and their seat at it: one they sit at or
    are invited to, a table listed in the lobby, or one whose share link's ``token``
    they have (403 otherwise; 404 for none)."""
    challenge = get_object_or_404(Challenge.objects.select_related("created_by"), pk=challenge_id)
    seat = seat_of(challenge, user)
    by_link = token is not None and secrets.compare_digest(str(token), challenge.token)
    if seat is None and not (challenge.is_table and (challenge.listed or by_link)):
        raise PermissionDenied
    return challenge, seat


def do_accept(user, challenge_id: int) -> Challenge:
    """``user`` accepts a challenge they are invited to (again: nothing changes); the
    last acceptance starts the game."""
    with transaction.atomic():
        challenge = locked_challenge(challenge_id, Challenge.Kind.CHALLENGE)
        seat = seat_of(challenge, user)
        if seat is None:
            raise PermissionDenied(_("You are not invited to this game."))
        if seat.accepted and challenge.status == Challenge.Status.STARTED:
            return challenge
        check_still_open(challenge)
        if not seat.accepted:
            seat.accepted = True
            seat.save(update_fields=["accepted"])
        if not challenge.seats.filter(user__isnull=False, accepted=False).exists():
            start(challenge)
        else:
            challenge.save(update_fields=["updated_at"])
    return challenge


def do_decline(user, challenge_id: int) -> Challenge:
    """``user`` declines a challenge they are invited to (its creator withdraws it); the
    creator is told of a decline."""
    with transaction.atomic():
        challenge = locked_challenge(challenge_id, Challenge.Kind.CHALLENGE)
        if seat_of(challenge, user) is None:
            raise PermissionDenied(_("You are not invited to this game."))
        check_still_open(challenge)
        if user.pk == challenge.created_by_id:
            challenge.status = Challenge.Status.WITHDRAWN
        else:
            challenge.status = Challenge.Status.DECLINED
            do_notify([challenge.created_by], lambda _person: declined(challenge, user))
        challenge.save(update_fields=["status", "updated_at"])
    return challenge


def do_join(user, table_id: int, token=None) -> Challenge:
    """``user`` takes the next free seat of an open table (one not listed in the lobby
    only with its share link's ``token``); the join that fills it starts the game.
    Refused (409): a table that is full, started or withdrawn, and a second seat for
    the same person."""
    check_can_play(user)
    with transaction.atomic():
        table = locked_challenge(table_id, Challenge.Kind.TABLE)
        if not table.listed and not secrets.compare_digest(str(token or ""), table.token):
            raise Http404
        check_still_open(table)
        seats = list(table.seats.all())
        if any(seat.user_id == user.pk for seat in seats):
            raise Refusal(_("You have a seat at this table already."), code=CONFLICT)
        ChallengeSeat.objects.create(challenge=table, position=len(seats), user=user, accepted=True)
        if len(seats) + 1 == table.size:
            start(table)
        else:
            table.save(update_fields=["updated_at"])
    return table


def do_leave_table(user, table_id: int) -> Challenge:
    """``user`` gives up their seat at an open table (the creator withdraws it)."""
    with transaction.atomic():
        table = locked_challenge(table_id, Challenge.Kind.TABLE)
        check_still_open(table)
        seat = seat_of(table, user)
        if seat is None:
            raise Refusal(_("You have no seat at this table."), code=CONFLICT)
        if user.pk == table.created_by_id:
            table.status = Challenge.Status.WITHDRAWN
            table.save(update_fields=["status", "updated_at"])
            return table
        seat.delete()
        for later in table.seats.filter(position__gt=seat.position).order_by("position"):
            later.position -= 1
            later.save(update_fields=["position"])
        table.save(update_fields=["updated_at"])
    return table


def start(challenge: Challenge) -> Game:
    """The game of a challenge or table whose seats are all taken and accepted (the
    caller holds its row lock)."""
    seats = challenge.seats.select_related("user", "bot").order_by("position")
    takers = [taker_of(seat) for seat in seats]
    clock = Clock(challenge.pace, challenge.move_seconds)
    game = do_start_game(
        challenge.created_by,
        takers,
        challenge.options,
        clock,
        rated=challenge.rated,
        game=challenge.game_type,
    )
    challenge.game = game
    challenge.status = Challenge.Status.STARTED
    challenge.save(update_fields=["game", "status", "updated_at"])
    return game


def taker_of(seat) -> Taker:
    """Who takes a challenge's seat at its game: its person, or its bot."""
    if seat.user is not None:
        return Taker(str(seat.user)[:80], user=seat.user)
    assert seat.bot is not None, "a seat of a challenge is a person's or a bot's"
    return Taker(seat.bot.name, bot=seat.bot)


def terms(challenge: Challenge) -> str:
    """ "Quick Game, by correspondence, 3 days a move, rated"; the length only for a
    game played in rounds (an option ``rounds``)."""
    pace = _("live") if challenge.pace == Pace.LIVE else _("by correspondence")
    time = _("%(time)s a move") % {"time": duration_words(challenge.move_seconds)}
    words = [pace, time]
    if "rounds" in challenge.options:
        rounds = challenge.options["rounds"]
        words.insert(
            0,
            _("Quick Game")
            if rounds == 1
            else ngettext("%(count)d round", "%(count)d rounds", rounds) % {"count": rounds},
        )
    if challenge.rated:
        words.append(_("rated"))
    return ", ".join(words)


def invitation(challenge: Challenge, by) -> tuple[str, str]:
    url = link(reverse("play:challenge", args=[challenge.pk]))
    subject = _("%(name)s challenges you to a game") % {"name": by}
    body = _(
        "%(name)s challenges you to a game of %(game)s (%(terms)s).\n\n"
        "Accept or decline it here: %(link)s\n"
    ) % {"name": by, "game": challenge.game_name, "terms": terms(challenge), "link": url}
    return subject, body


def declined(challenge: Challenge, by) -> tuple[str, str]:
    url = link(reverse("play:lobby"))
    subject = _("%(name)s declined your challenge") % {"name": by}
    body = _("%(name)s declined your challenge (%(terms)s).\n\nPlay someone else: %(link)s\n") % {
        "name": by,
        "terms": terms(challenge),
        "link": url,
    }
    return subject, body
