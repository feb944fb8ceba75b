"""Entering, late entry and dropping. Walk-in players without an account get a
placeholder user (inactive, no usable password) so every entrant stays a user or a
bot; the account can be handed over later by staff."""

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.crypto import get_random_string
from django.utils.text import slugify
from django.utils.translation import gettext as _

from games.names import check_name_text
from lib.refusal import Refusal
from tournaments.event_settings import check_points
from tournaments.finishing import check_not_finished
from tournaments.models import Entrant, Event
from tournaments.permissions import can_schedule_bot_matches
from tournaments.ranking import request_standings_update
from tournaments.round_numbers import next_round_number

MAX_NAME = 80  # Entrant.name and a walk-in's display name


def check_bot_ready(bot) -> None:
    """An uploaded bot enters only once a source of it passed its probe game, as
    ``bots.held`` says on the bots' own paths (this app reads the bot's row and does
    not import bots)."""
    if bot.kind == "uploaded" and not hasattr(bot, "upload"):
        raise Refusal(
            _("%(bot)s cannot play yet: its source has not passed its probe game.")
            % {"bot": bot.said_name},
            field="bot",
        )


MAX_CLUB = 80
MAX_TABLE_NUMBER = 9999


def check_name(name: str) -> str:
    name = check_name_text(name.strip(), "walk_in")
    if not name:
        raise Refusal(_("Give the walk-in player's name."), field="walk_in")
    if len(name) > MAX_NAME:
        raise Refusal(
            _("A name has at most %(n)s characters; %(name)s… has %(length)s.")
            % {"n": MAX_NAME, "name": name[:20], "length": len(name)},
            field="walk_in",
        )
    return name


def check_entrant_name(name: str, field: str) -> str:
    """An account's or a bot's name as the event lists it: refused, never cut, when it is
    longer than an entrant's name may be (a username may have 150 characters)."""
    check_name_text(name, field)
    if len(name) > MAX_NAME:
        raise Refusal(
            _(
                "%(name)s… has a name of %(length)s characters; an entrant's has at most "
                "%(n)s. Ask them to set a shorter display name in their profile."
            )
            % {"name": name[:20], "length": len(name), "n": MAX_NAME},
            field=field,
        )
    return name


def check_club(club: str) -> str:
    club = check_name_text((club or "").strip(), "club")
    if len(club) > MAX_CLUB:
        raise Refusal(
            _("A club's name has at most %(n)s characters; %(club)s… has %(length)s.")
            % {"n": MAX_CLUB, "club": club[:20], "length": len(club)},
            field="club",
        )
    return club


def check_fixed_table(number) -> int | None:
    """A table number from 1, or ``None`` (no fixed table)."""
    if number in (None, "", 0):
        return None
    if type(number) is not int or not 1 <= number <= MAX_TABLE_NUMBER:
        raise Refusal(
            _("A fixed table is a table number from 1 to %(max)s.") % {"max": MAX_TABLE_NUMBER},
            field="fixed_table",
        )
    return number


def check_not_entered(event: Event, user=None, bot=None) -> None:
    if user is not None and event.entrants.filter(user=user).exists():
        raise Refusal(_("%(name)s is already entered.") % {"name": user})
    if bot is not None and event.entrants.filter(bot=bot).exists():
        raise Refusal(_("%(name)s is already entered.") % {"name": bot})


def do_add_entrant(
    event: Event,
    user=None,
    bot=None,
    name: str = "",
    start_points=None,
    seed: int = 0,
    by=None,
    club: str = "",
    fixed_table: int | None = None,
    status: str = Entrant.Status.ACTIVE,
):
    """Enter a user or a bot. After round 1 is paired it is a late entry: it joins from
    the next round with the event's late-entry points unless ``start_points`` is given.
    ``seed``: knockout seeding, 1 the top (0: by standings). A bot is entered ``by``
    someone who may have it play (``can_schedule_bot_matches``: a remote bot is called
    only when its author, or staff, asks), else ``PermissionDenied``. ``club`` keeps
    them apart from its other members where the event asks; ``fixed_table`` seats them
    at that table number every round. ``status``: a person who registers for a full
    event is entered on its waitlist."""
    if (user is None) == (bot is None):
        raise Refusal(_("An entrant is a user or a bot."))
    if bot is not None and (by is None or not can_schedule_bot_matches(by, [bot])):
        raise PermissionDenied
    if bot is not None:
        check_bot_ready(bot)
    check_not_finished(event)
    club, fixed_table = check_club(club), check_fixed_table(fixed_table)
    with transaction.atomic():
        check_not_entered(event, user, bot)
        joined = next_round_number(event)
        if start_points is None:
            start_points = event.late_entry_points if joined > 1 else 0
        check_points(start_points, "start_points")
        entrant = Entrant.objects.create(
            event=event,
            user=user,
            bot=bot,
            name=check_entrant_name(name or str(user or bot), "bot" if bot else "username"),
            joined_round=joined,
            start_points=start_points,
            seed=seed,
            club=club,
            fixed_table=fixed_table,
            status=status,
        )
        request_standings_update(event)
    return entrant


def do_add_walk_in(event: Event, name: str, start_points=None, seed: int = 0, **place) -> Entrant:
    """Enter a player with no account, through a placeholder user (``place``: their
    ``club`` and ``fixed_table``, as for ``do_add_entrant``; ``email`` for the account
    staff may hand over later)."""
    name = check_name(name)
    email = place.pop("email", "")
    User = get_user_model()
    with transaction.atomic():
        username = f"walkin-{slugify(name)[:20]}-{get_random_string(6).lower()}"
        user = User(username=username, display_name=name, email=email, is_active=False)
        user.set_unusable_password()
        user.save()
        return do_add_entrant(
            event, user=user, name=name, start_points=start_points, seed=seed, **place
        )


def do_set_place(entrant: Entrant, club: str, fixed_table: int | None) -> Entrant:
    """An entrant's club and fixed table; a fixed table counts from the next pairing."""
    check_not_finished(entrant.event)
    club, fixed_table = check_club(club), check_fixed_table(fixed_table)
    Entrant.objects.filter(pk=entrant.pk).update(club=club, fixed_table=fixed_table)
    entrant.club, entrant.fixed_table = club, fixed_table
    return entrant


def do_drop_entrant(entrant: Entrant, reason: str = Entrant.DropReason.ORGANISER) -> Entrant:
    """Drop an entrant from the next pairing on, for ``reason`` (an
    ``Entrant.DropReason``); their results stay."""
    check_not_finished(entrant.event)
    with transaction.atomic():
        entrant.status = Entrant.Status.DROPPED
        entrant.dropped_after_round = next_round_number(entrant.event) - 1
        entrant.drop_reason = reason
        entrant.save(update_fields=["status", "dropped_after_round", "drop_reason"])
    return entrant


def do_set_seed(entrant: Entrant, seed: int) -> Entrant:
    """Knockout seeding (1 the top seed)."""
    check_not_finished(entrant.event)
    Entrant.objects.filter(pk=entrant.pk).update(seed=seed)
    entrant.seed = seed
    return entrant
