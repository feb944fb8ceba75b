from django.apps import AppConfig


class PlayConfig(AppConfig):
    """Games played on the site, turn by turn, by people and bots at one table."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "play"

    def ready(self):
        from django.db.models.signals import post_save, pre_delete

        from play.abandoning import when_table_overridden
        from play.bot_calls import when_deleted
        from play.challenge_changes import when_saved as when_challenge_saved
        from play.changes import when_saved
        from play.models import Challenge, Game
        from play.templatetags.play import live_games
        from play.todo import what_needs_me
        from scoring.signals import table_overridden
        from tournaments.event_cache import register_page_annotation
        from tournaments.todo import register_personal_todo_provider

        pre_delete.connect(when_deleted, sender=Game, dispatch_uid="play-game-abandoned")
        post_save.connect(when_saved, sender=Game, dispatch_uid="play-game-changed")
        post_save.connect(
            when_challenge_saved, sender=Challenge, dispatch_uid="play-challenge-changed"
        )
        table_overridden.connect(when_table_overridden, dispatch_uid="play-table-overridden")
        register_personal_todo_provider(what_needs_me)
        register_page_annotation(live_games)
