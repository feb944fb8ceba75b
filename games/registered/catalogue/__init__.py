"""A catalogue game on the site: a game stored as data (``games.models.CatalogueGame``),
known by its scoring rules only. Each is one more ``GameType``, built from its row: no
engine, no options, not played live; its tables are entered as one score per seat
(``scores/1``, for a game the highest or the lowest score wins) or as the finishing
order (``places/1``), scored by ``games.scores_and_places``."""

from dataclasses import replace
from pathlib import Path

from django.utils.translation import gettext_lazy as _

from games import scores_and_places as rules
from games.declaring import CatalogueRules, EntryKind, GameType, Rules, SeatScore
from games.entry_page import EntryPage
from games.registered.catalogue import entry_page

# Every catalogue game's tables are entered on the one page (its templates: TEMPLATES).
ENTRY = EntryPage(
    path="scores",
    template="catalogue/entry.html",
    read=entry_page.entry_from_post,
    context=entry_page.page_context,
    preview_template="catalogue/_preview.html",
    preview=entry_page.preview_context,
)
TEMPLATES = str(Path(__file__).parent / "templates")


def seats(answer: dict) -> list[SeatScore]:
    return [SeatScore(*pair) for pair in zip(answer["totals"], answer["places"], strict=True)]


def players(answer: dict) -> list[str]:
    return list(answer["players"])


def score(document: dict, _rules: Rules) -> dict:
    return rules.score(document)


def rules_version(document: dict, _rules: Rules) -> str:
    """What decided the places: the scoring and the ties the game had when entered."""
    return f"{document['format']}, {document.get('scoring')}, ties {document.get('ties')}"


def completing(kind: str, fields: tuple[str, ...], scoring: str, ties: str):
    """``complete`` for one game: the entry's own fields, the table's seats in order,
    and the game's scoring and ties (a player cannot change them)."""

    def complete(entry: dict, names: list[str], _rules: Rules) -> dict:
        document = {key: entry[key] for key in fields if key in entry}
        return {"format": kind, "players": names, "scoring": scoring, "ties": ties, **document}

    return complete


def unbound(*_args):
    raise TypeError("complete a catalogue entry with its game's kind (GameType.entry_kind)")


# The kinds as any catalogue game reads them (``registry.entry_kind``): an answer, a
# stored document and its rules version need no game. A game's own kinds (below)
# complete an entry with its scoring and ties.
def shared_kind(key: str, member: str, label) -> EntryKind:
    return EntryKind(
        key=key,
        member=member,
        label=label,
        complete=unbound,
        score=score,
        seats=seats,
        players=players,
        rules_version=rules_version,
    )


SCORES = shared_kind(rules.SCORES, "SCORES", _("Scores"))
PLACES = shared_kind(rules.PLACES, "PLACES", _("Finishing order"))
KINDS = (SCORES, PLACES)


def game_type(row) -> GameType:
    """The ``GameType`` of a ``CatalogueGame`` row."""
    places = replace(PLACES, complete=completing(rules.PLACES, ("places",), row.scoring, row.ties))
    if row.scoring == rules.BY_PLACE:
        kinds: tuple[EntryKind, ...] = (places,)
    else:
        scores = replace(
            SCORES,
            complete=completing(rules.SCORES, ("scores", "tiebreaks"), row.scoring, row.ties),
        )
        kinds = (scores, places)
    return GameType(
        key=row.key,
        member=row.key.upper().replace("-", "_"),
        name=row.name,
        entry_kinds=kinds,
        entry=ENTRY,
        min_players=row.min_players,
        max_players=row.max_players,
        bgg_id=row.bgg_id,
        catalogue=CatalogueRules(
            scoring=row.scoring,
            ties=row.ties,
            pk=row.pk,
            created_by_id=row.created_by_id,
            site_wide=row.site_wide,
        ),
    )
