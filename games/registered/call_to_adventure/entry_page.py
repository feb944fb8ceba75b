"""Entering a Call to Adventure table (``EntryPage``, served by scoring's entry page):
each hero's quick-entry tableau, with a live preview of the rulebook's end-of-game
breakdown; an organiser's override is the same page, starting from the stored entry."""

from games.call_to_adventure import FORMAT
from games.forms import int_field
from games.registered.call_to_adventure.profile_words import LINES, said, shown

KIND = FORMAT
COUNTS = ["experience", "hero_cards", "antihero_cards"]
PAIRS = ["printed", "destiny", "adversary"]
SLOTS = ["printed", "story_icons", "abilities", "corruption", *COUNTS, "destiny", "adversary"]


def destiny_from_post(data, prefix: str) -> dict:
    """The Destiny card picked from the event's catalogue, else its points as typed."""
    card = (data.get(prefix + "destiny-card") or "").strip()
    if card:
        return {"card": card}
    return {
        "triumph": int_field(data, prefix + "destiny-triumph"),
        "tragedy": int_field(data, prefix + "destiny-tragedy"),
    }


def player_from_post(data, index: int, profile: dict) -> dict:
    prefix = f"p{index}-"
    player: dict = {
        "printed": {
            "triumph": int_field(data, prefix + "printed-triumph"),
            "tragedy": int_field(data, prefix + "printed-tragedy"),
        },
        "story_icons": {
            icon: int_field(data, f"{prefix}icon-{icon}") for icon in profile["story_icons"]
        },
        "abilities": {
            ability: int_field(data, f"{prefix}ability-{ability}")
            for ability in profile["abilities"]
        },
        "destiny": destiny_from_post(data, prefix),
        **{count: int_field(data, prefix + count) for count in COUNTS},
    }
    level = int_field(data, prefix + "corruption-level", default=None)
    if level is not None:
        player["corruption"] = {"level": level}
        points = int_field(data, prefix + "corruption-points", default=None)
        if points is not None:
            player["corruption"]["points"] = points
    adversary = {
        "triumph": int_field(data, prefix + "adversary-triumph"),
        "tragedy": int_field(data, prefix + "adversary-tragedy"),
    }
    if any(adversary.values()):
        player["adversary"] = adversary
    return player


def form_of_entry(entry: dict) -> dict:
    """A stored tableau entry as the form's fields: the override page starts from the
    entry the table stands on."""
    data = {}
    for index, player in enumerate(entry.get("players", [])):
        prefix = f"p{index}-"
        for pair in PAIRS:
            for side in ("triumph", "tragedy"):
                data[f"{prefix}{pair}-{side}"] = (player.get(pair) or {}).get(side, "")
        data[prefix + "destiny-card"] = (player.get("destiny") or {}).get("card", "")
        for icon, count in (player.get("story_icons") or {}).items():
            data[f"{prefix}icon-{icon}"] = count
        for ability, count in (player.get("abilities") or {}).items():
            data[f"{prefix}ability-{ability}"] = count
        for count in COUNTS:
            data[prefix + count] = player.get(count, "")
        corruption = player.get("corruption") or {}
        data[prefix + "corruption-level"] = corruption.get("level", "")
        data[prefix + "corruption-points"] = corruption.get("points", "")
    return {key: "" if value is None else str(value) for key, value in data.items()}


def entry_from_post(page) -> dict:
    profile = page.rules_profile()
    seats = range(page.table.seats.count())
    return {"players": [player_from_post(page.data, index, profile) for index in seats]}


def preview_of(page, entry) -> dict:
    answer, error = page.score(KIND, entry)
    return {"error": error} if error is not None else breakdown_of(answer)


def breakdown_of(answer: dict) -> dict:
    """A scored tableau entry as the breakdown people check: each line per player, the
    totals and the places."""
    players = [
        {"name": player["name"], "total": player["total"], "place": place}
        for player, place in zip(answer["players"], answer["places"], strict=True)
    ]
    lines = [
        {"label": label, "values": [player["lines"].get(line, 0) for player in answer["players"]]}
        for line, label in LINES.items()
    ]
    return {"answer": answer, "players": players, "lines": lines}


def error_slots(names: list[str], error: dict | None) -> list[dict]:
    """One slot per player and field group; the error goes into the one it names."""
    player = (error or {}).get("player")
    field = ((error or {}).get("field") or "").split(".")[0]
    slots = []
    for index in range(len(names)):
        for group in SLOTS:
            named = player == index + 1 and (field == group or (group == "printed" and not field))
            slots.append({"id": f"err-p{index}-{group}", "error": error if named else None})
    return slots


FIELDS = [
    "printed-triumph",
    "printed-tragedy",
    "corruption-level",
    "corruption-points",
    *COUNTS,
    "destiny-triumph",
    "destiny-tragedy",
    "destiny-card",
    "adversary-triumph",
    "adversary-tragedy",
]


def player_context(data, index: int, name: str, profile: dict, slots: list[dict]) -> dict:
    prefix = f"p{index}-"
    names = {field.replace("-", "_"): prefix + field for field in FIELDS}
    level = str(data.get(prefix + "corruption-level", profile["corruption"].get("start", "")))
    unknown = {
        str(row["level"]) for row in profile["corruption"]["levels"] if row["points"] is None
    }
    return {
        "index": index,
        "name": name,
        "names": names,
        "value": {key: data.get(field, "") for key, field in names.items()},
        "icons": [
            {
                "name": f"{prefix}icon-{icon}",
                "label": said(icon),
                "value": data.get(f"{prefix}icon-{icon}"),
            }
            for icon in profile["story_icons"]
        ],
        "abilities": [
            {
                "name": f"{prefix}ability-{ability}",
                "label": said(ability),
                "value": data.get(f"{prefix}ability-{ability}"),
            }
            for ability in profile["abilities"]
        ],
        "level": level,
        "level_unknown": level in unknown,
        "slots": {
            slot["id"].split("-", 2)[2]: slot
            for slot in slots
            if slot["id"].startswith(f"err-p{index}-")
        },
    }


def totals_by_seat(page, entry) -> list:
    """Each hero's Destiny total, as a conflict shows them (blank where the entry
    cannot be scored)."""
    answer, _error = page.score(KIND, entry)
    if answer is None:
        return [""] * len(page.names)
    return [player["total"] for player in answer["players"]]


def starting_data(page) -> tuple:
    """The override's start (the stored entry, of this kind) and the form's fields: as
    sent, else the start's."""
    start = page.stored() if page.override else None
    if start is not None and start.kind != KIND:
        start = None
    if not page.data and start is not None:
        return start, form_of_entry(start.entry)
    return start, page.data


def page_context(page, preview=None) -> dict:
    profile = page.rules_profile()
    start, data = starting_data(page)
    names = page.names
    error = (preview or {}).get("error")
    slots = error_slots(names, error)
    conflict = page.whole_conflict(
        (error or {}).get("conflict"), lambda entry: totals_by_seat(page, entry)
    )
    levels = [
        {**row, "level_str": str(row["level"]), "is_tragedy": row.get("column") == "tragedy"}
        for row in shown(profile)["corruption"]["levels"]
    ]
    return {
        "profile": shown(profile),
        "levels": levels,
        "destiny_cards": page.picks(),
        "players": [
            player_context(data, index, name, profile, slots) for index, name in enumerate(names)
        ],
        "preview": None if conflict else preview,  # the conflict is shown whole, above
        "conflict": conflict,
        "conflict_reason": (error or {}).get("reason"),
        "override": page.override,
        "basis": data.get("basis", start.basis if start else ""),
        "reason": data.get("reason", ""),
        "waiting": page.waiting(),
    }


def preview_context(page) -> dict:
    preview = preview_of(page, entry_from_post(page))
    return {"preview": preview, "slots": error_slots(page.names, preview.get("error")), "oob": True}


def breakdown(_names: list[str], submission) -> dict:
    """A saved tableau entry as the table's page shows it: the breakdown."""
    return {"breakdown": breakdown_of(submission.answer)} if submission.kind == KIND else {}
