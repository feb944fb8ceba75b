from django.apps import AppConfig


class SeriesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "series"

    def ready(self):
        from series.page_links import event_series
        from series.receivers import connect
        from tournaments.event_cache import register_page_annotation

        connect()
        register_page_annotation(event_series)
