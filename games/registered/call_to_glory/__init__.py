"""Call to Glory on the site: tables entered round by round (real-table scoring),
digital records uploaded, played move by move on the site and in bot matches
(``live``: the engine, its built-in bots, its board and its moves in words); options
Rounds (1 is the Quick Game), Imperial Tasks and The Power of the Ninja."""

from django.conf import settings
from django.utils.translation import gettext_lazy as _

from games.call_to_glory import record as record_format
from games.call_to_glory import table as table_format
from games.call_to_glory import totals as totals_format
from games.call_to_glory import validate_record
from games.call_to_glory.table import score_table
from games.registered.call_to_glory import entry_form
from games.registered.call_to_glory.hints import hint as glory_hint
from games.registered.call_to_glory.live import LIVE
from games.registry import EntryKind, GameType, Option, Rules, SeatScore


def seats(answer: dict) -> list[SeatScore]:
    return [SeatScore(*pair) for pair in zip(answer["totals"], answer["places"], strict=True)]


def players(answer: dict) -> list[str]:
    return list(answer["players"])


def rules_version_of(kind: str):
    def rules_version(document: dict, _rules: Rules) -> str:
        decks = "own task decks" if document.get("task_decks") else "default task decks"
        return f"{kind}, {decks}"

    return rules_version


def complete_table(entry: dict, names: list[str], rules: Rules) -> dict:
    """Players are the seats' names in seat order and the options are the event's (a
    player cannot change them)."""
    document = {key: entry[key] for key in ("rounds", "task_decks") if key in entry}
    return {
        "format": table_format.FORMAT,
        "players": names,
        "options": dict(rules.options),
        **document,
    }


def complete_totals(entry: dict, names: list[str], _rules: Rules) -> dict:
    return {"format": totals_format.FORMAT, "players": names, "totals": entry.get("totals")}


def complete_record(entry: dict, _names: list[str], _rules: Rules) -> dict:
    return entry


def max_bytes() -> int:
    return settings.VALIDATOR_MAX_BYTES


TABLE = EntryKind(
    key=table_format.FORMAT,
    member="GLORY_TABLE",
    label=_("Call to Glory table"),
    complete=complete_table,
    score=lambda document, _rules: score_table(document, max_bytes=max_bytes()),
    seats=seats,
    players=players,
    rules_version=rules_version_of(table_format.FORMAT),
)

RECORD = EntryKind(
    key=record_format.FORMAT,
    member="GLORY_RECORD",
    label=_("Call to Glory game record"),
    complete=complete_record,
    score=lambda document, _rules: validate_record(document, max_bytes=max_bytes()),
    seats=seats,
    players=players,
    rules_version=rules_version_of(record_format.FORMAT),
    is_record=True,
)

TOTALS = EntryKind(
    key=totals_format.FORMAT,
    member="GLORY_TOTALS",
    label=_("Call to Glory game totals"),
    complete=complete_totals,
    score=lambda document, _rules: totals_format.score_totals(document),
    seats=seats,
    players=players,
    rules_version=lambda _document, _rules: f"{totals_format.FORMAT}, decided by an organiser",
    organiser_only=True,
)

GAME = GameType(
    key="call-to-glory",
    member="CALL_TO_GLORY",
    name=_("Call to Glory"),
    entry_kinds=(TABLE, RECORD, TOTALS),
    entry_page="scoring-glory",
    entry_template="scoring/glory_entry.html",
    options=(
        Option(
            key="rounds",
            label=_("Rounds"),
            help_text=_("1 is the Quick Game; left out: 4, or 3 with Imperial Tasks."),
            choices=(
                (1, _("1 (Quick Game)")),
                (2, "2"),
                (3, "3"),
                (4, "4"),
            ),
        ),
        Option(
            key="imperial_tasks",
            label=_("Imperial Tasks"),
            help_text=_("Variant 1: task cards revealed at the end of each round score bonuses."),
        ),
        Option(
            key="ninja",
            label=_("The Power of the Ninja"),
            help_text=_("Variant 2: a Ninja set takes a miniature that can eliminate a card."),
        ),
    ),
    rounds=entry_form.rounds_of,
    entry_form=entry_form,
    live=LIVE,
    hint=glory_hint,
)
