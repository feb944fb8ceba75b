"""Entering a Call to Adventure table: each hero's quick-entry tableau, with a live
preview of the rulebook's end-of-game breakdown."""

from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from games.forms import int_field
from refusal import attempted
from scoring.catalogues import event_catalogue, picked_cards
from scoring.entries import score, seat_names
from scoring.models import Submission
from scoring.profile_words import said, shown
from scoring.profiles import event_rules_profile
from scoring.submissions import current_entry
from scoring.views.common import (
    access_entry_table,
    conflict_view,
    entry_urls,
    new_form_token,
    open_submission,
    roles,
)
from scoring.views.saving import entry_page

KIND = Submission.Kind.ADVENTURE
COUNTS = ["experience", "hero_cards", "antihero_cards"]
PAIRS = ["printed", "destiny", "adversary"]
LINES = {
    "printed": _("Printed Triumph and Tragedy"),
    "corruption": _("Corruption track"),
    "destiny": _("Destiny card"),
    "experience": _("Unspent experience"),
    "hero_cards": _("Hero cards"),
    "antihero_cards": _("Antihero cards"),
    "story_icons": _("Story icons"),
    "adversary": _("Adversary"),
}
SLOTS = ["printed", "story_icons", "abilities", "corruption", *COUNTS, "destiny", "adversary"]


def profile_of(table) -> dict:
    return event_rules_profile(table.round.event)


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
    player = {
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


def entry_from_post(table, data) -> dict:
    profile = profile_of(table)
    return {
        "players": [player_from_post(data, index, profile) for index in range(table.seats.count())]
    }


def preview_of(table, entry) -> dict:
    scored = attempted(score, table, KIND, entry)
    if not scored:
        return {"error": scored.refusal.error}
    _document, answer = scored.answer
    return breakdown_of(answer)


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


def totals_by_seat(table, entry) -> list:
    """Each hero's Destiny total, as a conflict shows them (blank where the entry
    cannot be scored)."""
    scored = attempted(score, table, KIND, entry)
    if not scored:
        return [""] * len(seat_names(table))
    _document, answer = scored.answer
    return [player["total"] for player in answer["players"]]


def page_context(request, table, data=None, preview=None) -> dict:
    event = table.round.event
    profile = profile_of(table)
    override = bool((data or {}).get("override") or request.GET.get("override"))
    start = current_entry(table) if override else None
    if start is not None and start.kind != KIND:
        start = None
    if not data and start is not None:
        data = form_of_entry(start.entry)
    data = data or {}
    names = seat_names(table)
    error = (preview or {}).get("error")
    slots = error_slots(names, error)
    conflict = conflict_view(
        names, (error or {}).get("conflict"), lambda entry: totals_by_seat(table, entry)
    )
    levels = [
        {**row, "level_str": str(row["level"]), "is_tragedy": row.get("column") == "tragedy"}
        for row in shown(profile)["corruption"]["levels"]
    ]
    return {
        "table": table,
        "profile": shown(profile),
        "levels": levels,
        "destiny_cards": picked_cards(event, event_catalogue(event)),
        "players": [
            player_context(data, index, name, profile, slots) for index, name in enumerate(names)
        ],
        "preview": None if conflict else preview,  # the conflict is shown whole, above
        "conflict": conflict,
        "conflict_reason": (error or {}).get("reason"),
        "override": override,
        "basis": data.get("basis", start.basis if start else ""),
        "reason": data.get("reason", ""),
        "form_token": new_form_token(request),
        "waiting": open_submission(table),
        **entry_urls(request, table),
        **roles(request.user, table),
    }


def adventure_entry(request, table_id: int):
    return entry_page(
        request, table_id, KIND, "scoring/adventure_entry.html", entry_from_post, page_context
    )


@require_POST
def adventure_preview(request, table_id: int):
    table = access_entry_table(request, table_id)
    preview = preview_of(table, entry_from_post(table, request.POST))
    names = seat_names(table)
    return render(
        request,
        "scoring/_adventure_preview.html",
        {"preview": preview, "slots": error_slots(names, preview.get("error")), "oob": True},
    )
