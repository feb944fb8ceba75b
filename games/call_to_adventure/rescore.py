"""What changed when a table is scored again (a corrected profile, a fixed entry).

``what_changed(before, after)`` compares two valid answers of the same table and lists
every line, total and place that moved, player by player, so an organiser can show an
event what a corrected profile did.
"""


def what_changed(before: dict, after: dict) -> list[dict]:
    if not (before.get("valid") and after.get("valid")):
        raise ValueError("compare two valid answers")
    if len(before["players"]) != len(after["players"]):
        raise ValueError("the answers are not of the same table")
    changes = []
    rows = zip(before["players"], after["players"], before["places"], after["places"], strict=True)
    for number, (old, new, old_place, new_place) in enumerate(rows, start=1):
        pairs = [(line, old["lines"][line], new["lines"][line]) for line in old["lines"]]
        pairs += [("total", old["total"], new["total"]), ("place", old_place, new_place)]
        changes += [
            {"player": number, "name": new["name"], "line": line, "before": a, "after": b}
            for line, a, b in pairs
            if a != b
        ]
    return changes
