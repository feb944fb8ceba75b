from django.apps import AppConfig


class BotsConfig(AppConfig):
    """Bot matches: scheduling, playing on Celery workers, remote bots, replays."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "bots"

    def ready(self):
        from celery.signals import worker_ready

        worker_ready.connect(requeue_after_restart, weak=False)


def requeue_after_restart(**_signal):
    """A worker that starts picks up what a dead one left: now, and once more when the
    dead worker's leases have surely expired."""
    from bots import conf
    from bots.tasks import requeue_stale_work

    requeue_stale_work.delay(include_queued=True)
    requeue_stale_work.apply_async(
        kwargs={"include_queued": False}, countdown=conf.MATCH_LEASE_SECONDS + 1
    )
