from django.apps import AppConfig


class DeclarationsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "declarations"

    def ready(self):
        from declarations.page_links import event_declarations
        from tournaments.event_cache import register_page_annotation

        register_page_annotation(event_declarations)
