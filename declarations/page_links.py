"""What the event page shows of its declarations, read in the event's own query
(``tournaments.event_cache.register_page_annotation``): what entrants declare, when the
event asks for it, so the page links its declarations without a query of its own."""

from django.db import connection
from django.db.models import CharField

from declarations.models import DeclarationRule


def event_declarations(_reader) -> dict:
    rules = connection.ops.quote_name(DeclarationRule._meta.db_table)
    sql = f"SELECT d.label FROM {rules} d WHERE d.event_id = {{event}}.id"
    return {"declaration_label": (sql, [], CharField())}
