"""What integrations hear from tournaments (``tournaments.signals``, sent once each
write commits): the event's news, queued for its hooks and its league's."""

from bots import signals as bot_signals
from bots.models import Batch
from integrations import payloads
from integrations.deliveries import do_queue, hooks_for
from integrations.models import Hook, Topic
from tournaments import signals
from tournaments.models import Event, Round, Table


def event_of(event_id: int) -> Event | None:
    return Event.objects.select_related("season__league").filter(pk=event_id).first()


def when_round_published(event_id, round_id, paired, **_signal):
    hooks = hooks_for(event_id)
    if not hooks:
        return
    round_ = Round.objects.filter(pk=round_id).select_related("event__season__league").first()
    if round_ is not None:
        topic = Topic.ROUND_PAIRED if paired else Topic.ROUND_PUBLISHED
        do_queue(hooks, topic, payloads.round_data(round_))


def when_result_official(event_id, table_id, replaced, **_signal):
    hooks = hooks_for(event_id)
    if not hooks:
        return
    table = (
        Table.objects.filter(pk=table_id, result__isnull=False)
        .select_related("round__event__season__league", "result")
        .first()
    )
    if table is not None:
        topic = Topic.RESULT_OVERRIDDEN if replaced else Topic.RESULT_OFFICIAL
        do_queue(hooks, topic, payloads.result_data(table, replaced))


def when_standings_changed(event_id, **_signal):
    hooks = hooks_for(event_id)
    event = event_of(event_id) if hooks else None
    if event is not None:
        do_queue(hooks, Topic.STANDINGS_CHANGED, payloads.standings_data(event))


def when_event_finished(event_id, **_signal):
    hooks = hooks_for(event_id)
    event = event_of(event_id) if hooks else None
    if event is not None:
        do_queue(hooks, Topic.EVENT_FINISHED, payloads.standings_data(event))


def when_batch_finished(batch_id, **_signal):
    """A bot author's hooks hear of the batches they scheduled (not of a ladder's or
    an event's, which nobody scheduled by hand)."""
    batch = Batch.objects.filter(pk=batch_id, created_by__isnull=False).first()
    if batch is None or batch.kind in (Batch.Kind.LADDER, Batch.Kind.EVENT):
        return
    hooks = list(Hook.objects.filter(author=batch.created_by_id, paused_at__isnull=True))
    if hooks:
        do_queue(hooks, Topic.BATCH_FINISHED, payloads.batch_data(batch))


def connect() -> None:
    signals.round_published.connect(when_round_published, dispatch_uid="hooks-round")
    signals.result_official.connect(when_result_official, dispatch_uid="hooks-result")
    signals.standings_changed.connect(when_standings_changed, dispatch_uid="hooks-standings")
    signals.event_finished.connect(when_event_finished, dispatch_uid="hooks-finished")
    bot_signals.batch_finished.connect(when_batch_finished, dispatch_uid="hooks-batch")
