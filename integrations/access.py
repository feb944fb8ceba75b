"""Who may see and change a hook: the organisers of its league or event, asked of the
permission module (``tournaments.permissions``); a bot author's hook, its author."""

from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404

from integrations.models import Hook
from tournaments.permissions import is_event_organiser, is_league_organiser


def may_manage(user, hook: Hook) -> bool:
    if hook.author_id:
        return user.pk == hook.author_id
    if hook.league_id:
        return is_league_organiser(user, hook.league)
    return is_event_organiser(user, hook.event)


def access_hook(user, key) -> Hook:
    """The hook with ``key`` if ``user`` organises its league or event, or is its
    author."""
    hook = get_object_or_404(Hook.objects.select_related("league", "event", "author"), key=key)
    if not user.is_authenticated or not may_manage(user, hook):
        raise PermissionDenied
    return hook
