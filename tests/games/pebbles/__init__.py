"""Pebbles, a game declared only here: it proves that the site and the bots play any
game the registry declares, naming none, and that a game with its own entry page is
one folder (this one: ``entry_page.py`` and ``templates/``; docs/architecture.md,
"Adding a game").

A pile of pebbles (7, or the option ``pile``); in turn each player takes 1 or 2 of
them; when the pile is empty the most pebbles win. A move is "SEAT take N".
"""

import random
from pathlib import Path

from games.declaring import EntryKind, GameType, LivePlay, Rules, SeatScore, moves_of
from games.entry_page import EntryPage, OverridePage
from tests.games.pebbles import entry_page

FORMAT = "pebbles/1"


class IllegalTake(ValueError):
    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class Pebbles:
    def __init__(self, players: list[str], options: dict):
        self.players = list(players)
        self.options = dict(options)
        self.pile = options["pile"]
        self.totals = [0] * len(players)
        self.moves: list[str] = []

    def current_player(self) -> int | None:
        return None if self.is_over() else len(self.moves) % len(self.players)

    def is_over(self) -> bool:
        return self.pile == 0

    def legal_moves(self) -> list[str]:
        seat = self.current_player()
        if seat is None:
            return []
        return [f"{seat} take {n}" for n in (1, 2) if n <= self.pile]

    def apply(self, move) -> None:
        if move not in self.legal_moves():
            raise IllegalTake(f"{move!r} is not a legal move")
        self.apply_stored(move)

    def apply_stored(self, move: str) -> None:
        seat, _take, count = move.split(" ")
        self.pile -= int(count)
        self.totals[int(seat)] += int(count)
        self.moves.append(move)

    def clone(self) -> "Pebbles":
        copy = Pebbles(self.players, {**self.options, "pile": self.pile})
        copy.totals, copy.moves = list(self.totals), list(self.moves)
        return copy

    def view(self, seat: int | None = None) -> dict:
        view = {
            "players": self.players,
            "pile": self.pile,
            "totals": list(self.totals),
            "to_move": self.current_player(),
        }
        if seat is not None and seat == self.current_player():
            view["legal_moves"] = self.legal_moves()
        return view

    def record(self) -> dict:
        return {
            "format": FORMAT,
            "players": self.players,
            "options": self.options,
            "rounds": [{"moves": list(self.moves)}],
        }

    def result(self) -> dict:
        places = [1 + sum(other > mine for other in self.totals) for mine in self.totals]
        return {"totals": list(self.totals), "places": places}


def check_options(options) -> dict:
    pile = (options or {}).get("pile", 7)
    if type(pile) is not int or not 1 <= pile <= 30:
        raise ValueError("pile must be a whole number from 1 to 30")
    return {"pile": pile}


def rebuild(record: dict, _deals: list, moves: int | None = None) -> Pebbles:
    state = Pebbles(record["players"], record["options"])
    for move in moves_of(record)[:moves]:
        state.apply_stored(move)
    return state


def replay(record: dict, moves: int) -> Pebbles:
    state = Pebbles(record["players"], check_options(record.get("options")))
    for move in moves_of(record)[:moves]:
        state.apply(move)
    return state


def score(record: dict, _rules: Rules) -> dict:
    try:
        state = replay(record, None)
    except (ValueError, KeyError, TypeError) as exc:
        return {"valid": False, "error": {"reason": str(exc)}}
    return {"valid": True, "players": state.players, **state.result()}


class GreedyTaker:
    name, description, options = "Greedy", "takes as many as it may", {}

    def __init__(self, seed: int = 0):
        pass

    def choose(self, view: dict) -> str:
        return view["legal_moves"][-1]

    def recall(self, view: dict, move: str) -> None:
        pass


class RandomTaker(GreedyTaker):
    name, description = "Random", "takes 1 or 2 at random"
    quick = True  # the site plays its turns at once (the greedy taker's go to a worker)

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, view: dict) -> str:
        return self.rng.choice(view["legal_moves"])


BOTS = {"greedy": GreedyTaker, "random": RandomTaker}


def make_bot(key: str, seed: int = 0, **settings):
    if key not in BOTS or settings:
        raise ValueError(f"there is no bot {key!r} with settings {settings!r}")
    return BOTS[key](seed)


class Words:
    GROUPS = ("take",)
    MAIN_GROUPS = ("take",)

    @staticmethod
    def move_group(_move: str) -> str:
        return "take"

    @staticmethod
    def button_label(move: str, _view: dict) -> str:
        return f"Take {move.split(' ')[2]}"

    @staticmethod
    def log_line(move: str, players: list[str]) -> str:
        seat, _take, count = move.split(" ")
        return f"{players[int(seat)]} took {count}"


def complete_table(entry: dict, names: list[str], rules: Rules) -> dict:
    pile = check_options(rules.options)["pile"]
    return {"format": entry_page.TABLE_FORMAT, "players": names, "pile": pile, **entry}


def score_table(document: dict, _rules: Rules) -> dict:
    """Each seat's pebbles at the end: whole numbers that add up to the pile."""
    taken = document.get("pebbles")
    if not isinstance(taken, list) or len(taken) != len(document["players"]):
        return {"valid": False, "error": {"reason": "give the pebbles of every seat"}}
    for seat, count in enumerate(taken):
        if type(count) is not int or count < 0:
            return {"valid": False, "error": {"reason": "a count of pebbles", "seat": seat}}
    if sum(taken) != document["pile"]:
        reason = f"the pebbles add up to {sum(taken)}, not the pile of {document['pile']}"
        return {"valid": False, "error": {"reason": reason}}
    places = [1 + sum(other > mine for other in taken) for mine in taken]
    return {"valid": True, "players": document["players"], "totals": taken, "places": places}


def seats(answer: dict) -> list[SeatScore]:
    return [SeatScore(*pair) for pair in zip(answer["totals"], answer["places"], strict=True)]


LIVE = LivePlay(
    new_game=lambda names, options, _seed: Pebbles(names, options),
    check_options=check_options,
    rounds=lambda _options: 1,
    deals=lambda _state: [],
    rebuild=rebuild,
    apply_stored=lambda state, move: state.apply_stored(move),
    replay=replay,
    illegal_move=IllegalTake,
    bots=BOTS,
    make_bot=make_bot,
    stand_ins=("random", "greedy"),
    beginner_bot="random",
    words=Words,
    board=lambda view, _you: {"seats": [{"total": total} for total in view["totals"]]},
)

GAME = GameType(
    key="pebbles",
    member="PEBBLES",
    name="Pebbles",
    entry_kinds=(
        EntryKind(
            key=FORMAT,
            member="PEBBLES_RECORD",
            label="Pebbles record",
            complete=lambda entry, _names, _rules: entry,
            score=score,
            seats=seats,
            players=lambda answer: list(answer["players"]),
            rules_version=lambda _document, _rules: FORMAT,
            is_record=True,
        ),
        EntryKind(
            key=entry_page.TABLE_FORMAT,
            member="PEBBLES_TABLE",
            label="Pebbles table",
            complete=complete_table,
            score=score_table,
            seats=seats,
            players=lambda answer: list(answer["players"]),
            rules_version=lambda _document, _rules: entry_page.TABLE_FORMAT,
        ),
    ),
    entry=EntryPage(
        path="pebbles",
        template="pebbles/entry.html",
        read=entry_page.entry_from_post,
        context=entry_page.page_context,
        preview_template="pebbles/_preview.html",
        preview=entry_page.preview_context,
        details_template="pebbles/_details.html",
        details=entry_page.taken,
        override=OverridePage(
            template="pebbles/override.html",
            context=entry_page.override_context,
            read=entry_page.override_from_post,
        ),
    ),
    templates=str(Path(__file__).parent / "templates"),
    live=LIVE,
)
