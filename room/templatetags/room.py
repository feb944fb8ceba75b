"""The room's parts of other apps' pages: the event page's staff and the reader's own
staff pages, and the "Call a judge" button of a table's page and its slip."""

from django import template
from django.urls import reverse

from room.calls import open_call_of
from room.staff_list import staff_list
from tournaments.models import EventRole

register = template.Library()


@register.inclusion_tag("room/_event_staff.html", takes_context=True)
def event_staff(context, event, is_organiser=False):
    members = staff_list(event)
    user = context["request"].user
    mine = next((m.role for m in members if user.is_authenticated and m.user_id == user.pk), "")
    return {
        "event": event,
        "judges": [m for m in members if m.role == EventRole.Role.JUDGE],
        "scorekeepers": [m for m in members if m.role == EventRole.Role.SCOREKEEPER],
        "is_organiser": is_organiser,
        "judges_page": is_organiser or mine == EventRole.Role.JUDGE,
        "desk_page": is_organiser or mine == EventRole.Role.SCOREKEEPER,
    }


@register.inclusion_tag("room/_table_call.html", takes_context=True)
def judge_call(context, table, may_call: bool):
    """The table's judge call as its players see it (who is coming), or the button to
    make one; nothing once the table has its result. Read only for whoever may call
    (``may_call``: a player of the table), so nobody else's page costs a query."""
    if not may_call or getattr(table, "result", None) is not None:
        return {}
    return {
        "call": open_call_of(table),
        "may_call": True,
        "action": reverse("room-call-judge", args=[table.pk]),
        "request": context["request"],
        "csrf_token": context.get("csrf_token"),
    }
