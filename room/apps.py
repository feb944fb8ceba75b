from django.apps import AppConfig


class RoomConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "room"

    def ready(self):
        from room.calls import open_call_annotation
        from room.staff_list import staff_stamp
        from scoring.views.common import register_table_annotation
        from tournaments.event_cache import register_page_annotation

        register_page_annotation(staff_stamp)
        register_table_annotation(open_call_annotation)
