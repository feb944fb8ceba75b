"""Who may change a bot or a ladder, and fetching the bots app's objects with their
permission checks (these raise ``PermissionDenied`` or 404). Who may see an event, and
who may have a bot play (an event's entrant too), is ``tournaments.permissions``'s."""

from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404

from bots.models import Batch, Bot, Fault, Ladder, Match
from tournaments.models import Result
from tournaments.permissions import can_view_event, is_staff


def can_edit_bot(user, bot) -> bool:
    return is_staff(user) or (user.is_authenticated and bot.owner_id == user.pk)


def can_edit_ladder(user, ladder) -> bool:
    return is_staff(user) or (user.is_authenticated and ladder.created_by_id == user.pk)


def access_bot_as_author(user, bot_id: int) -> Bot:
    bot = get_object_or_404(Bot, pk=bot_id)
    if not can_edit_bot(user, bot):
        raise PermissionDenied
    return bot


def access_ladder_as_editor(user, ladder_id: int) -> Ladder:
    ladder = get_object_or_404(Ladder, pk=ladder_id)
    if not can_edit_ladder(user, ladder):
        raise PermissionDenied
    return ladder


def access_batch(user, batch_id: int) -> Batch:
    batch = get_object_or_404(Batch.objects.select_related("event"), pk=batch_id)
    if batch.event is not None and not can_view_event(user, batch.event):
        raise PermissionDenied
    return batch


def access_match(user, match_id: int) -> Match:
    match = get_object_or_404(
        Match.objects.select_related("table__round__event", "batch"), pk=match_id
    )
    if match.table is not None and not can_view_event(user, match.table.round.event):
        raise PermissionDenied
    return match


def access_result_record(user, result_id: int) -> tuple[Result, dict]:
    """An event result whose detail holds a game record (uploaded, or a bot match's)."""
    result = get_object_or_404(Result.objects.select_related("table__round__event"), pk=result_id)
    if not can_view_event(user, result.table.round.event):
        raise PermissionDenied
    record = (result.detail or {}).get("record")
    if not isinstance(record, dict):
        raise Http404("This result has no game record.")
    return result, record


def faults_as_seen(user, faults) -> list[Fault]:
    """The faults with ``shown``: the evidence for the bot's author and staff, the
    outline for everyone else (``Fault.outline``)."""
    faults = list(faults)
    for fault in faults:
        fault.shown = fault.evidence if can_edit_bot(user, fault.bot) else fault.outline
    return faults
