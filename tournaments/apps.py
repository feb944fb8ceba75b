from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"

    def ready(self):
        from django.db.models.signals import post_delete, post_save

        import tournaments.event_changes  # noqa: F401  (the readers' page stamp, annotated)
        from games.catalogue_games import register_use
        from tournaments.live import (
            when_entrant_changed,
            when_event_deleted,
            when_logged,
            when_result_changed,
        )
        from tournaments.models import Entrant, Event, EventLogEntry, Result

        # A catalogue game an event plays is not deleted (games.catalogue_games).
        register_use(lambda key: Event.objects.filter(game=key).exists())
        post_save.connect(when_result_changed, sender=Result, dispatch_uid="live-result-saved")
        post_delete.connect(when_result_changed, sender=Result, dispatch_uid="live-result-gone")
        post_save.connect(when_logged, sender=EventLogEntry, dispatch_uid="live-logged")
        post_save.connect(when_entrant_changed, sender=Entrant, dispatch_uid="live-entrant-saved")
        post_delete.connect(when_entrant_changed, sender=Entrant, dispatch_uid="live-entrant-gone")
        post_delete.connect(when_event_deleted, sender=Event, dispatch_uid="live-event-gone")
