from django.apps import AppConfig


class ScoringConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "scoring"

    def ready(self):
        from django.db.models.signals import post_save

        from scoring.board import submission_statuses, submission_version
        from scoring.todo import reader_open_entries, scoring_todo
        from tournaments.board import register_status_provider
        from tournaments.event_cache import register_page_annotation
        from tournaments.event_changes import register_readers_stamp
        from tournaments.round_cache import register_version_provider
        from tournaments.todo import register_todo_provider

        register_status_provider(submission_statuses)
        register_version_provider(submission_version)
        register_todo_provider(scoring_todo)
        register_page_annotation(reader_open_entries)

        from scoring.views.common import register_table_annotation
        from tournaments.round_check_in import check_in_stamp_annotation

        register_table_annotation(check_in_stamp_annotation, stamp=True)

        from scoring.desk_changes import audit_stamp, when_audited

        register_readers_stamp(audit_stamp)
        from scoring.models import AuditEntry

        post_save.connect(when_audited, sender=AuditEntry, dispatch_uid="desk-audited")
