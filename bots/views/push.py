"""A batch's push stream (``/push/bots/batches/ID/``): the batch page fetches its live
part again when the batch's progress moves on (``bots.batch_changes``)."""

from bots.access import access_batch
from bots.batch_changes import REFRESH_SECONDS, TOPIC, batch_stamp
from lib.push import Followable, follow
from tournaments.permissions import is_public_event


def check_batch(request, batch_id: int):
    batch = access_batch(request.user, batch_id)
    public = batch.event is None or is_public_event(batch.event)
    return Followable(batch.pk, lambda: batch_stamp(batch.pk), public)


async def batch_changes(request, batch_id: int):
    return await follow(request, lambda r: check_batch(r, batch_id), TOPIC, REFRESH_SECONDS)
