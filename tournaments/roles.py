"""Naming the room's staff of an event: judges (of some tables by number, or all) and
scorekeepers, by any organiser; a co-organiser is an organiser of the event
(``tournaments.organisers``, named by the event's creator). Each change goes into the
event's log with who made it."""

import re

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from lib.refusal import CONFLICT, Refusal
from tournaments import event_log
from tournaments.models import Event, EventRole
from tournaments.organisers import do_grant_organiser
from tournaments.permissions import can_name_roles, is_event_organiser

Role = EventRole.Role
CO_ORGANISER = "co-organiser"
MOST_TABLES = 500
TABLES = re.compile(r"^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$")


def check_tables(typed: str) -> list[int]:
    """A judge's tables as typed ("1-5, 8"; blank: every table), as sorted numbers."""
    numbers: set[int] = set()
    for part in filter(str.strip, (typed or "").split(",")):
        found = TABLES.match(part)
        first, last = (int(found[1]), int(found[2] or found[1])) if found else (0, 0)
        if not found or not 1 <= first <= last <= MOST_TABLES:
            raise Refusal(
                _("Give table numbers from 1 to %(most)d, like “1-5, 8”, or leave it blank.")
                % {"most": MOST_TABLES},
                field="tables",
            )
        numbers.update(range(first, last + 1))
    return sorted(numbers)


def find_person(username: str):
    person = get_user_model().objects.filter(username=(username or "").strip()).first()
    if person is None or not person.is_active:
        raise Refusal(
            _("Nobody active is called %(name)s.") % {"name": (username or "").strip()},
            field="username",
        )
    return person


def do_name_staff(event: Event, username: str, role: str, tables: str, by) -> str:
    """Name ``username`` the event's co-organiser, judge or scorekeeper; answers the
    role given. A person has one role (an organiser needs none)."""
    if not can_name_roles(by, event):
        raise PermissionDenied(_("Only an organiser of the event names its staff."))
    person = find_person(username)
    if role == CO_ORGANISER:
        do_grant_organiser(event, person, by)
        return role
    if role not in Role.values:
        raise Refusal(_("Choose co-organiser, judge or scorekeeper."), field="role")
    numbers = check_tables(tables) if role == Role.JUDGE else []
    if is_event_organiser(person, event):
        raise Refusal(
            _("%(name)s organises this event already: they do all of it.") % {"name": person},
            field="username",
        )
    try:
        with transaction.atomic():
            EventRole.objects.create(
                event=event, user=person, role=role, tables=numbers, named_by=by
            )
            event_log.log(
                event,
                by,
                event_log.Action.ROLE_GIVEN,
                user=person.username,
                role=role,
                tables=numbers,
            )
    except IntegrityError:
        raise Refusal(
            _("%(name)s has a role in this event already: remove it first.") % {"name": person},
            field="username",
            code=CONFLICT,
        ) from None
    return role


@transaction.atomic
def do_remove_staff(event: Event, role_id: int, by) -> EventRole:
    if not can_name_roles(by, event):
        raise PermissionDenied(_("Only an organiser of the event names its staff."))
    role = EventRole.objects.select_related("user").filter(event=event, pk=role_id).first()
    if role is None:
        raise Refusal(_("That person has no role in this event now."), code=CONFLICT)
    role.delete()
    event_log.log(event, by, event_log.Action.ROLE_TAKEN, user=role.user.username, role=role.role)
    return role


def staff_of(event: Event) -> list[EventRole]:
    """The event's judges and scorekeepers with their accounts, judges first."""
    return list(EventRole.objects.filter(event=event).select_related("user"))


def tables_in_words(role: EventRole) -> str:
    if not role.is_judge:
        return ""
    if not role.tables:
        return _("all tables")
    return _("tables %(numbers)s") % {"numbers": ", ".join(map(str, role.tables))}
