"""Call to Adventure on the site: each hero's final tableau is entered and scored with
the event's rules profile and card catalogue (``rules_profiles``: the profile page's
form and checks, the catalogue's reading); the site does not play it live."""

from pathlib import Path

from django.utils.translation import gettext_lazy as _

from games.call_to_adventure import DEFAULT_PROFILE, FORMAT, score_tableau
from games.declaring import EntryKind, GameType, Rules, SeatScore
from games.entry_page import EntryPage
from games.registered.call_to_adventure import entry_page
from games.registered.call_to_adventure.rules_profiles import RULES_PROFILES


def seats(answer: dict) -> list[SeatScore]:
    totals = [player["total"] for player in answer["players"]]
    return [SeatScore(*pair) for pair in zip(totals, answer["places"], strict=True)]


def players(answer: dict) -> list[str]:
    return [player["name"] for player in answer["players"]]


def complete(entry: dict, names: list[str], rules: Rules) -> dict:
    """Each hero takes the name of its seat; the event's profile, when it has one, is
    the profile (else the one the entry names, else the default)."""
    heroes = entry.get("players")
    if isinstance(heroes, list):
        heroes = [
            {**hero, "name": name} if isinstance(hero, dict) else hero
            for hero, name in zip(heroes, names, strict=False)
        ] + heroes[len(names) :]
    profile = rules.profile["name"] if rules.profile else entry.get("profile", DEFAULT_PROFILE.name)
    return {"format": FORMAT, "profile": profile, "players": heroes}


def score(document: dict, rules: Rules) -> dict:
    profiles = [rules.profile] if rules.profile else None
    return score_tableau(document, catalogue=rules.catalogue, profiles=profiles)


def rules_version(_document: dict, rules: Rules) -> str:
    profile = rules.profile or DEFAULT_PROFILE.as_dict()
    return f"{profile['name']} v{profile['version']}"


TABLEAUX = EntryKind(
    key=FORMAT,
    member="ADVENTURE",
    label=_("Call to Adventure tableaux"),
    complete=complete,
    score=score,
    seats=seats,
    players=players,
    rules_version=rules_version,
)

GAME = GameType(
    key="call-to-adventure",
    member="CALL_TO_ADVENTURE",
    name=_("Call to Adventure"),
    entry_kinds=(TABLEAUX,),
    entry=EntryPage(
        path="adventure",
        template="call_to_adventure/entry.html",
        read=entry_page.entry_from_post,
        context=entry_page.page_context,
        preview_template="call_to_adventure/_preview.html",
        preview=entry_page.preview_context,
        details_template="call_to_adventure/_details.html",
        details=entry_page.breakdown,
    ),
    templates=str(Path(__file__).parent / "templates"),
    rules_profiles=RULES_PROFILES,
    min_players=1,
)
