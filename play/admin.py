from django.contrib import admin

from play.models import EventPlay, Game


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    """Read only: a game changes through its moves (play.moving), never by hand."""

    list_display = ("pk", "status", "pace", "moves", "to_move", "deadline", "updated_at")
    list_filter = ("status", "pace")

    def has_change_permission(self, request, obj=None):  # noqa: ARG002 - the admin's signature
        return False


@admin.register(EventPlay)
class EventPlayAdmin(admin.ModelAdmin):
    list_display = ("event", "pace", "move_seconds", "forfeit_after")
