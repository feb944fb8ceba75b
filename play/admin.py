from django.contrib import admin

from play.models import EventPlay, Game, GameFault


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


@admin.register(GameFault)
class GameFaultAdmin(admin.ModelAdmin):
    """Read only: a bot's fault at a game, with its evidence, as the worker kept it."""

    list_display = ("bot", "kind", "position", "round_number", "move_number", "created_at")
    list_filter = ("kind",)

    def has_change_permission(self, request, obj=None):  # noqa: ARG002 - the admin's signature
        return False
