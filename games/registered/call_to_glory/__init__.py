"""Call to Glory on the site: tables entered round by round (real-table scoring),
digital records uploaded, played move by move on the site and in bot matches
(``live``: the engine, its built-in bots, its board and its moves in words); options
Rounds (1 is the Quick Game), Imperial Tasks and The Power of the Ninja."""

from pathlib import Path

from django.conf import settings
from django.utils.translation import gettext_lazy as _

from games.call_to_glory import record as record_format
from games.call_to_glory import table as table_format
from games.call_to_glory import totals as totals_format
from games.call_to_glory import validate_record
from games.call_to_glory.table import score_table
from games.declaring import EntryKind, GameType, Option, Rules, SeatScore
from games.entry_page import EntryPage, OverridePage
from games.registered.call_to_glory import entry_form, entry_page, override_page
from games.registered.call_to_glory.hints import hint as glory_hint
from games.registered.call_to_glory.live import LIVE


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
    entry=EntryPage(
        path="glory",
        template="call_to_glory/entry.html",
        read=entry_page.entry_from_post,
        context=entry_page.page_context,
        preview_template="call_to_glory/_preview.html",
        preview=entry_page.preview_context,
        details_template="call_to_glory/_details.html",
        details=entry_page.rounds_of_game,
        override=OverridePage(
            template="call_to_glory/override.html",
            context=override_page.override_context,
            read=override_page.override_from_post,
        ),
        round_by_round=True,
    ),
    templates=str(Path(__file__).parent / "templates"),
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
    live=LIVE,
    hint=glory_hint,
)
