from django.apps import AppConfig


class ScoringConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "scoring"

    def ready(self):
        from scoring.board import submission_statuses
        from tournaments.board import register_status_provider

        register_status_provider(submission_statuses)
