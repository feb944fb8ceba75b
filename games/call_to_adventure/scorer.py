"""Score one table's final tableaux: the spec's answer, never an exception.

``score_tableau(data)`` reads the table JSON (a dict or its text), checks every player's
entry and answers ``{"valid": true, "profile", "players": [{"name", "lines", "total"}],
"places"}`` or ``{"valid": false, "error": {"player", "field", "reason"}}``.
With ``detail=True`` the answer also gives the profile's version, each line's Triumph,
Tragedy and other columns, and notes (a count past the icon table, how the Destiny card
was computed); the plain answer is exactly the spec's.
"""

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from games.call_to_adventure.catalogue import Catalogue, CatalogueError, load_catalogue
from games.call_to_adventure.fields import InputFault, json_repr
from games.call_to_adventure.lines import score_lines
from games.call_to_adventure.places import places
from games.call_to_adventure.profile import Profile, ProfileError, builtin_profiles, load_profile
from games.call_to_adventure.tableau import Tableau, read_tableau

FORMAT = "call-to-adventure/1"
TABLE_KEYS = ("format", "profile", "players")
MAX_PLAYERS = 4


def score_tableau(
    data: Mapping | str,
    catalogue: Catalogue | Mapping | list | Path | None = None,
    profiles: Mapping | list | tuple | None = None,
    *,
    detail: bool = False,
) -> dict:
    """Score a table. ``catalogue`` serves card entry and catalogued Destiny cards;
    ``profiles`` adds or replaces profiles by name (Profile objects or profile dicts)."""
    try:
        return _score(data, catalogue, profiles, detail)
    except InputFault as fault:
        return {"valid": False, "error": fault.as_error()}


def _score(data, catalogue, profiles, detail) -> dict:
    table = _table(data)
    profile = _profile(table, profiles)
    catalogue = _catalogue(catalogue, profile)
    players = table.get("players")
    if not isinstance(players, list) or not 1 <= len(players) <= MAX_PLAYERS:
        raise InputFault("players", f"a list of 1 to {MAX_PLAYERS} players' tableaux")
    seen: dict = {}
    tableaux = [
        read_tableau(raw, number, profile, catalogue, seen)
        for number, raw in enumerate(players, start=1)
    ]
    scored = [_scored(tableau, profile, detail) for tableau in tableaux]
    answer = {
        "valid": True,
        "profile": profile.name,
        "players": scored,
        "places": places([player["total"] for player in scored]),
    }
    if detail:
        answer["profile_version"] = profile.version
    return answer


def _table(data: Any) -> Mapping:
    if isinstance(data, str | bytes):
        try:
            data = json.loads(data)
        except (ValueError, RecursionError) as exc:
            raise InputFault(None, f"not JSON: {exc}") from None
    if not isinstance(data, Mapping):
        raise InputFault(None, "a table is a JSON object with format, players")
    for key in data:
        if key not in TABLE_KEYS:
            raise InputFault(str(key), f"unknown key {key!r}; known: {', '.join(TABLE_KEYS)}")
    if data.get("format") != FORMAT:
        given = json_repr(data["format"]) if "format" in data else "missing"
        raise InputFault("format", f"expected {FORMAT!r}, not {given}")
    return data


def _profile(table: Mapping, extra: Any) -> Profile:
    known = builtin_profiles()
    if isinstance(extra, Mapping):
        items = list(extra.values())
    elif isinstance(extra, list | tuple):
        items = list(extra)
    elif extra is None:
        items = []
    else:
        raise InputFault("profile", "extra profiles are given as a list, or a mapping by name")
    for item in items:
        try:
            profile = item if isinstance(item, Profile) else load_profile(item)
        except ProfileError as exc:
            raise InputFault("profile", f"a given profile cannot be used: {exc}") from None
        known[profile.name] = profile
    name = table.get("profile", "core-2")
    if not isinstance(name, str) or name not in known:
        raise InputFault("profile", f"unknown profile {json_repr(name)}; known: {', '.join(known)}")
    return known[name]


def _catalogue(catalogue: Any, profile: Profile) -> Catalogue | None:
    if catalogue is None or isinstance(catalogue, Catalogue):
        return catalogue
    try:
        return load_catalogue(catalogue, profile=profile)
    except CatalogueError as exc:
        raise InputFault("catalogue", f"the catalogue cannot be used: {exc}") from None
    except OSError as exc:
        raise InputFault("catalogue", f"the catalogue cannot be read: {exc}") from None


def _scored(tableau: Tableau, profile: Profile, detail: bool) -> dict:
    lines = score_lines(tableau, profile)
    player = {
        "name": tableau.name,
        "lines": {name: line.value for name, line in lines.items()},
        "total": sum(line.value for line in lines.values()),
    }
    if detail:
        player["columns"] = {name: line.as_dict() for name, line in lines.items()}
        player["notes"] = tableau.notes + _icon_notes(tableau, profile)
    return player


def _icon_notes(tableau: Tableau, profile: Profile) -> list[str]:
    return [
        f"{count} {icon} icons: past the icon table, profile {profile.name} gives "
        f"{profile.icon_bonus_for(count)} ({profile.icon_bonus_note})"
        for icon, count in tableau.story_icons.items()
        if profile.beyond_icon_table(count)
    ]
