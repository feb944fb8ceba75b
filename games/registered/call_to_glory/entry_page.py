"""Entering a Call to Glory table round by round (``EntryPage``, served by scoring's
entry page): the rounds entered so far read-only, the next round's sets (or quick
scores), a live preview, and save. Each round is saved as it is played, naming the
round the page showed; the others confirm the whole game once. A round someone entered
meanwhile is compared: the same is an agreement, another is shown beside the stored one
(``conflict_view``)."""

from games.call_to_glory import table as table_format
from games.registered.call_to_glory import entry_form

KIND = table_format.FORMAT
# The fields of a round, sent again by "take theirs back and save mine".
POSTED_FIELDS = ("set-", "score-", "reveal-", "quick")


def entered_so_far(page) -> tuple:
    """The entry the page builds on (the game in progress, the whole game waiting for
    confirmation, else the agreed game), its rounds and the answer that scored them:
    they are shown read-only above the next round."""
    stored = page.stored()
    if stored is None or stored.kind != KIND:
        return None, [], None
    return stored, stored.rounds, stored.answer


def entry_from_post(page) -> dict:
    """The one round the page entered (saved as the round it names)."""
    imperial = bool(page.options.get("imperial_tasks"))
    return entry_form.round_from_post(page.data, page.table.seats.count(), imperial)


def rounds_for_preview(page) -> dict:
    """The rounds stored before the posted round and the posted round: what the game
    would be with it."""
    _stored, rounds, _answer = entered_so_far(page)
    number = page.round or len(rounds) + 1
    return {"rounds": [*rounds[: number - 1], entry_from_post(page)]}


def preview_of(page, entry) -> dict:
    """The scorer's answer as rows per seat (round scores, running total, place), or
    its error."""
    answer, error = page.score(KIND, entry)
    if error is not None:
        return {"error": error, "seat_name": seat_name(page.names, error)}
    rows = [
        {
            "name": name,
            "scores": [round_["scores"][seat] for round_ in answer["rounds"]],
            "total": answer["totals"][seat],
            "place": answer["places"][seat],
        }
        for seat, name in enumerate(answer["players"])
    ]
    complete = answer.get("complete", True)
    return {
        "answer": answer,
        "rows": rows,
        "complete": complete,
        "next_start": None if complete else answer["players"][answer["next_start"]],
    }


def seat_name(names: list[str], error: dict) -> str:
    seat = error.get("seat")
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""


def error_slots(seats: int, error: dict | None) -> list[dict]:
    """One slot beside each seat and one for the whole table; the error goes into the
    one it names (a conflict is shown whole, above the form)."""
    if error and "conflict" in error:
        error = None
    seat = (error or {}).get("seat")
    slots = [
        {"id": f"err-seat-{index}", "error": error if seat == index else None}
        for index in range(seats)
    ]
    whole = error if error and not (isinstance(seat, int) and 0 <= seat < seats) else None
    return [*slots, {"id": "err-glory", "error": whole}]


def sets_in_words(round_: dict, seat: int) -> str:
    """A seat's sets in a round as people write them down: "20×3 · 9×2"; a round
    entered by its scores only: "–"."""
    sets = (round_.get("sets") or [])[seat : seat + 1]
    if not sets or not isinstance(sets[0], dict):
        return "–"
    ordered = sorted(sets[0].items(), key=lambda item: -int(item[0]) if item[0].isdigit() else 0)
    return " · ".join(f"{value}×{count}" for value, count in ordered) or "–"


def round_scores(page, before: list, round_: dict) -> list | None:
    """The scores ``round_`` gives each seat after the rounds ``before`` (None when it
    cannot be scored)."""
    answer, _error = page.score(KIND, {"rounds": [*before, round_]})
    return None if answer is None else answer["rounds"][-1]["scores"]


def sets_entered(round_: dict, seat: int) -> str:
    """A seat's sets as a conflict shows them beside its score: none for a round
    entered by its scores only (its score alone is what was entered)."""
    return "" if "scores" in round_ else sets_in_words(round_, seat)


def version_rows(page, theirs: dict, yours: dict, scores: tuple[list, list]) -> list[dict]:
    """A row per seat: each version's sets and score, and whether the two differ."""
    rows = []
    for seat, name in enumerate(page.names):
        their_score = scores[0][seat] if scores[0] else ""
        your_score = scores[1][seat] if scores[1] else ""
        their_sets, your_sets = sets_entered(theirs, seat), sets_entered(yours, seat)
        rows.append(
            {
                "name": name,
                "theirs": their_sets,
                "their_score": their_score,
                "yours": your_sets,
                "your_score": your_score,
                "differs": (their_sets, their_score) != (your_sets, your_score),
            }
        )
    return rows


def conflict_view(page, conflict: dict | None) -> dict | None:
    """Both versions of a round entered twice, side by side per seat, with who entered
    the stored one, and whether the sender may take it back for theirs (only the last
    round of a game in progress can be taken back, and only from a player's account)."""
    if not conflict or not conflict.get("round"):
        return None
    number = conflict["round"]
    stored, rounds, _answer = entered_so_far(page)
    before = rounds[: number - 1]
    theirs, yours = conflict["stored"], conflict["yours"]
    scores = (round_scores(page, before, theirs) or [], round_scores(page, before, yours) or [])
    return {
        "round": number,
        "stored_by": conflict["stored_by"],
        "stored_basis": conflict["stored_basis"],
        "rows": version_rows(page, theirs, yours, scores),
        "may_replace": not page.by_slip
        and stored is not None
        and stored.is_in_progress
        and stored.rounds_entered == number,
    }


def seat_fields(page, slots: list[dict]) -> list[dict]:
    """Each seat's grid of card values (or its quick score) as typed."""
    data = page.data
    return [
        {
            "index": index,
            "name": name,
            "values": [
                entry_form.card_cell(value, data.get(f"set-{index}-{value}", "0") or "0")
                for value in entry_form.CARD_VALUES
            ],
            "score": data.get(f"score-{index}", ""),
            "slot": slots[index],
        }
        for index, name in enumerate(page.names)
    ]


def entered_before(page, answer, rounds: list, number: int) -> dict | None:
    """The answer for the rounds before the one the page enters (the stored one, or,
    when the page shows an earlier round again, the rounds before it scored)."""
    shown_rounds = rounds[: number - 1]
    if answer and len(shown_rounds) < len(rounds):
        return preview_of(page, {"rounds": shown_rounds}).get("answer")
    return answer


def entered_rows(names: list[str], shown: dict | None) -> list[dict]:
    """The rounds entered so far, a row per seat: its round scores and its total."""
    if not shown:
        return []
    return [
        {
            "name": name,
            "scores": [round_["scores"][seat] for round_ in shown["rounds"]],
            "total": shown["totals"][seat],
        }
        for seat, name in enumerate(names)
    ]


def page_context(page, preview=None) -> dict:
    names, data, options = page.names, page.data, page.options
    stored, rounds, answer = entered_so_far(page)
    number = page.round or len(rounds) + 1
    shown = entered_before(page, answer, rounds, number)
    start = shown.get("next_start", 0) if shown else 0
    error = (preview or {}).get("error")
    conflict = conflict_view(page, (error or {}).get("conflict"))
    slots = error_slots(len(names), error)
    reveal_order = [names[(start + k) % len(names)] for k in range(len(names))]
    complete = bool(answer) and answer.get("complete", True)
    return {
        "names": names,
        "seats": seat_fields(page, slots),
        "entered_rounds": shown["rounds"] if shown else [],
        "entered_rows": entered_rows(names, shown),
        "round_number": number,
        "rounds_total": page.table.round.event.game_type.rounds(options),
        "game_over": complete and not stored.is_unsettled,
        "waiting": complete and stored.is_unsettled,
        "start_name": names[start] if names else "",
        "imperial": bool(options.get("imperial_tasks")),
        "reveals": [
            {"k": k, "name": name, "value": data.get(f"reveal-{k}", "")}
            for k, name in enumerate(reveal_order)
        ],
        # The page opens on the round's scores per seat (the paper sheet), card by card
        # one tap away; imperial tasks need the sets.
        "quick": bool(data.get("quick")) if data else not options.get("imperial_tasks"),
        "override": False,
        "task_choices": entry_form.task_choices(),
        "preview": None if conflict else preview,  # the conflict is shown whole, above
        "slots": slots,
        "conflict": conflict,
        "posted": [(key, value) for key, value in data.items() if key.startswith(POSTED_FIELDS)],
    }


def preview_context(page) -> dict:
    preview = preview_of(page, rounds_for_preview(page))
    slots = error_slots(page.table.seats.count(), preview.get("error"))
    return {"preview": preview, "slots": slots, "oob": True}


def rounds_of_game(names: list[str], submission) -> dict:
    """A game entered round by round, as the table's page shows it: each seat's sets,
    the round's scores, who started, the running totals (none for game totals or a
    record)."""
    if submission.kind != KIND:
        return {}
    totals = [0] * len(names)
    rounds = []
    for number, (entered, scored) in enumerate(
        zip(submission.rounds, submission.answer.get("rounds", []), strict=False), start=1
    ):
        totals = [total + score for total, score in zip(totals, scored["scores"], strict=True)]
        rows = [
            {
                "name": name,
                "sets": sets_in_words(entered, seat),
                "base": scored["base"][seat],
                "bonus": scored["bonus"][seat],
                "score": scored["scores"][seat],
                "total": totals[seat],
            }
            for seat, name in enumerate(names)
        ]
        start = names[scored["start"]] if scored["start"] < len(names) else ""
        reveals = entered.get("reveals", [])
        rounds.append({"number": number, "start": start, "reveals": reveals, "rows": rows})
    return {"rounds": rounds}
