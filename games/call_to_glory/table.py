"""Real-table scoring (format call-to-glory-table/1, shared spec table-scores.md): the
sets in front of each seat at the end of each round, entered by hand, scored with the
engine's own rules (scoring.py, task_cards.py), and refused when they cannot happen.

``score_table(data)`` answers like the record validator, or with
``{"valid": false, "error": {"round": R, "seat": S, "reason": "..."}}``.
"""

from .cards import INDEX, VALUES, copies, shown, smallest_set
from .options import read_options
from .phases import THRESHOLD
from .reading import DEFAULT_MAX_BYTES, RecordFault, parse
from .scoring import base_score, places, round_scores, start_player
from .task_cards import DEFAULT_DECKS, LETTERS, decks_fault, parse_task, task_name

FORMAT = "call-to-glory-table/1"
MASKS_BY_SUM: dict[int, list[int]] = {}
for _mask in range(1 << 9):
    _total = sum(VALUES[i] for i in range(9) if _mask >> i & 1)
    MASKS_BY_SUM.setdefault(_total, []).append(_mask)


class TableFault(Exception):
    def __init__(self, reason: str, round_=None, seat=None):
        super().__init__(reason)
        self.error = {"round": round_, "seat": seat, "reason": reason}


def score_table(data, max_bytes: int = DEFAULT_MAX_BYTES) -> dict:
    """The scored game of a real table, or the first thing in it that cannot happen."""
    try:
        return _score(_read(data, max_bytes))
    except TableFault as fault:
        return {"valid": False, "error": fault.error}
    except RecursionError:
        return {
            "valid": False,
            "error": {"round": None, "seat": None, "reason": "the table is nested too deeply"},
        }


def _read(data, max_bytes):
    try:
        doc = parse(data, max_bytes)
    except RecordFault as fault:
        raise TableFault(fault.error["reason"].replace("record", "table")) from None
    if not isinstance(doc, dict):
        raise TableFault("the table must be a JSON object")
    return doc


def _score(doc: dict) -> dict:
    players, opts, decks, rounds = _read_table_header(doc)
    n = len(players)
    table = Tasks(n, decks) if opts.imperial_tasks else None
    totals, start = [0] * n, 0
    results: list[dict] = []
    for number, entry in enumerate(rounds, start=1):
        if number > 1:
            start = start_player(totals, results[-1]["scores"], start)
        base, bonus, scores = _round_result(entry, n, opts, table, start, number)
        results.append({"start": start, "base": base, "bonus": bonus, "scores": scores})
        totals = [t + s for t, s in zip(totals, scores, strict=True)]
    best = [max((r["scores"][s] for r in results), default=0) for s in range(n)]
    answer = {"valid": True, "players": list(players), "rounds": results,
              "totals": totals, "places": places(totals, best)}  # fmt: skip
    if len(results) < opts.rounds:
        answer["complete"] = False
        answer["next_start"] = start_player(totals, results[-1]["scores"], start) if results else 0
    return answer


def _read_table_header(doc: dict):
    """(players, options, task decks, rounds) of a table; TableFault otherwise."""
    if doc.get("format") != FORMAT:
        raise TableFault(f'format must be "{FORMAT}"')
    players = doc.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= 4:
        raise TableFault("players must be a list of 2 to 4 names")
    if not all(isinstance(p, str) for p in players):
        raise TableFault("every player's name must be a string")
    try:
        opts = read_options(doc.get("options", {}))
    except ValueError as exc:
        raise TableFault(str(exc)) from None
    decks = DEFAULT_DECKS
    if "task_decks" in doc:
        why = decks_fault(doc["task_decks"])
        if why:
            raise TableFault(why)
        decks = {letter: tuple(doc["task_decks"][letter]) for letter in LETTERS}
    rounds = doc.get("rounds")
    if not isinstance(rounds, list):
        raise TableFault("rounds must be a list")
    if len(rounds) > opts.rounds:
        raise TableFault(f"the table has {len(rounds)} rounds; the options say {opts.rounds}")
    return players, opts, decks, rounds


def _round_result(entry, n: int, opts, table, start: int, number: int):
    """(base, bonus, scores) of one round's entry: its sets, or only its scores."""
    if not isinstance(entry, dict):
        raise TableFault("a round must be an object", number)
    if "sets" in entry:
        sets = read_sets(entry["sets"], n, opts.ninja, number)
        if table is None and "reveals" in entry:
            raise TableFault("reveals are given only with imperial tasks", number)
        revealed = table.reveal(entry.get("reveals"), start, number) if table else []
        return round_scores(sets, revealed)
    if "scores" in entry:
        if table:
            raise TableFault("with imperial tasks a round must give its sets", number)
        base = check_scores(entry["scores"], n, number)
        return base, [0] * n, list(base)
    raise TableFault("a round must give its sets (or only its scores)", number)


def read_sets(sets, n: int, ninja: bool, number: int) -> list[list[int]]:
    """The round's sets as rows of nine counts; TableFault for a table that cannot be."""
    if not isinstance(sets, list) or len(sets) != n:
        raise TableFault(f"sets must be a list of {n} objects, one per seat", number)
    rows: list[list[int]] = []
    owner: dict[int, int] = {}
    for seat, entry in enumerate(sets):
        if not isinstance(entry, dict):
            raise TableFault("a seat's sets must be an object: value -> cards", number, seat)
        row = [0] * 9
        for key, count in entry.items():
            value = (
                int(key)
                if isinstance(key, str) and key.isdigit() and key == str(int(key))
                else None
            )
            if value not in INDEX:
                raise TableFault(f"{key} is not a card value", number, seat)
            i = INDEX[value]
            if type(count) is not int or count < 1:
                raise TableFault(f"a set of {value} must have at least 1 card", number, seat)
            if count > copies(i):
                raise TableFault(
                    f"a set of {value} cannot have {count} cards; the game has {value}",
                    number, seat,
                )  # fmt: skip
            if not ninja and count < smallest_set(i, n):
                least = smallest_set(i, n)
                why = f"a set of {value} needs at least {least} cards"
                raise TableFault(why + (" with 3 or more players" if least == 3 else ""),
                                 number, seat)  # fmt: skip
            if value in owner:
                raise TableFault(
                    f"a set of {value} lies in front of seats {owner[value]} and {seat}; "
                    "there is one set of a value on the table",
                    number, seat,
                )  # fmt: skip
            owner[value] = seat
            row[i] = count
        rows.append(row)
    check_threshold([sum(1 for c in row if c) for row in rows], n, number)
    return rows


def check_threshold(counts, n: int, number: int) -> None:
    """No seat past the end-of-round threshold, and at most one seat at it."""
    limit = THRESHOLD[n]
    at_limit = []
    for seat, count in enumerate(counts):
        if count > limit:
            raise TableFault(
                f"seat {seat} has {count} sets; with {n} players a round ends as soon as "
                f"a seat has {limit}",
                number, seat,
            )  # fmt: skip
        if count == limit:
            at_limit.append(seat)
    if len(at_limit) > 1:
        raise TableFault(
            f"seats {at_limit[0]} and {at_limit[1]} both have {limit} sets; the round ends "
            "at the end of the turn in which the first seat reaches that",
            number, at_limit[1],
        )  # fmt: skip


def check_scores(scores, n: int, number: int) -> list[int]:
    """Base scores only: some legal table must give them (distinct values, one set of a
    value on the table, the threshold rule)."""
    if not isinstance(scores, list) or len(scores) != n:
        raise TableFault(f"scores must be a list of {n} numbers, one per seat", number)
    limit = THRESHOLD[n]
    options = []
    for seat, score in enumerate(scores):
        if type(score) is not int or score < 0:
            raise TableFault(f"{shown(score)} is not a score", number, seat)
        masks = MASKS_BY_SUM.get(score, [])
        if not masks:
            raise TableFault(f"{score} is not a sum of card values", number, seat)
        masks = [m for m in masks if m.bit_count() <= limit]
        if not masks:
            raise TableFault(f"{score} needs more than {limit} sets", number, seat)
        options.append(masks)
    if not _fits(options, 0, 0, False, limit):
        raise TableFault(
            "no table gives these scores together (a value lies in front of one seat only, "
            f"and only one seat may have {limit} sets)",
            number,
        )
    return list(scores)


def _fits(options, seat: int, used: int, full: bool, limit: int) -> bool:
    if seat == len(options):
        return True
    for mask in options[seat]:
        at_limit = mask.bit_count() == limit
        if mask & used or (at_limit and full):
            continue
        if _fits(options, seat + 1, used | mask, full or at_limit, limit):
            return True
    return False


class Tasks:
    """The task cards revealed over a real game, checked against the decks."""

    def __init__(self, n: int, decks: dict):
        self.n = n
        self.left = {letter: list(decks[letter]) for letter in LETTERS}
        self.decks = decks
        self.held = [set(LETTERS) for _ in range(n)]  # decks a seat has not revealed from

    def reveal(self, reveals, start: int, number: int) -> list[tuple[int, int]]:
        order = [(start + k) % self.n for k in range(self.n)]
        order = [seat for seat in order if self.held[seat]]
        if not isinstance(reveals, list) or len(reveals) != len(order):
            raise TableFault(
                f"reveals must list {len(order)} task cards, one per seat from the start "
                f"player (seat {start})",
                number,
            )
        out = []
        for seat, name in zip(order, reveals, strict=True):
            task = parse_task(name)
            if task is None:
                raise TableFault(f"{shown(name)} is not a task card name like A7", number, seat)
            letter, value = LETTERS[task[0]], VALUES[task[1]]
            if value not in self.decks[letter]:
                raise TableFault(f"task card {name} is not in deck {letter}", number, seat)
            if value not in self.left[letter]:
                raise TableFault(f"task card {name} was already revealed", number, seat)
            if letter not in self.held[seat]:
                raise TableFault(
                    f"seat {seat} already revealed a card of deck {letter}", number, seat
                )
            self.left[letter].remove(value)
            self.held[seat].discard(letter)
            out.append(task)
        return out


__all__ = ["score_table", "base_score", "task_name"]
