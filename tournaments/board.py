"""The round status board: one status per table. Tournaments knows only whether a
result is recorded; other apps (scoring: submitted, confirmed, disputed) add their own
knowledge with ``register_status_provider``."""

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from tournaments.models import Result, Round, Table

WAITING = "waiting"
RECORDED = "recorded"
BYE = "bye"

LABELS = {WAITING: _("waiting for a result"), RECORDED: _("result recorded"), BYE: _("bye")}


@dataclass
class TableStatus:
    """``key`` is stable (the page's ``data-status``), ``label`` is read by people, and
    ``tone`` is the badge's look: ``ok`` (settled), ``error`` (needs an organiser) or
    ``warn`` (waiting)."""

    key: str
    label: str
    tone: str = "warn"


_providers = []


def register_status_provider(provider) -> None:
    """``provider(round_, statuses)`` may replace entries of ``statuses`` (table id ->
    TableStatus) with what it knows better; it is called after the default."""
    if provider not in _providers:
        _providers.append(provider)


def table_statuses(round_: Round, tables: list[Table]) -> dict[int, TableStatus]:
    """The status of each of ``tables``, some or all of the round's."""
    results = Result.objects.filter(table__in=[table.pk for table in tables])
    recorded = set(results.values_list("table_id", flat=True))
    statuses = {}
    for table in tables:
        key = BYE if table.is_bye else RECORDED if table.pk in recorded else WAITING
        statuses[table.pk] = TableStatus(key, str(LABELS[key]), "ok" if key == RECORDED else "warn")
    for provider in _providers:
        provider(round_, statuses)
    return statuses
