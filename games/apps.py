from django.apps import AppConfig


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"

    def ready(self):
        from celery.signals import task_prerun
        from django.core.signals import request_started
        from django.db.models.signals import post_delete, post_save, pre_save

        from games.models import CatalogueGame
        from games.names import check_names_before_save
        from games.registry import forget_catalogue

        # The catalogue games' types are cached per request and task (registry).
        for signal in (post_save, post_delete):
            signal.connect(forget_catalogue, sender=CatalogueGame, weak=False)
        request_started.connect(forget_catalogue, weak=False)
        # Every model's names (its NAME_FIELDS) are plain text, whoever saves it.
        pre_save.connect(check_names_before_save, weak=False, dispatch_uid="names-checked")
        task_prerun.connect(forget_catalogue, weak=False)
