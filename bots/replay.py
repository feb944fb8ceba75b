"""Replaying a live game's record (a game the registry plays live): the position after
any number of its moves, seen by one seat or by everyone, built by re-applying the
record's moves through the engine from each round's recorded deal; the game draws its
board (``LivePlay.replay_board`` and ``replay_template``).

Step ``n`` is the position after the first ``n`` moves of the game (step 0: before the
first move). Positions are rebuilt on each request: a record holds a few hundred
moves, and replaying them is a matter of milliseconds.
"""

from dataclasses import dataclass

from django.utils.translation import gettext as _

from games.declaring import GameType, Rules, seat_of_move
from games.registry import entry_kind
from lib.refusal import Refusal, attempted


@dataclass
class Move:
    index: int  # 1-based in the whole game: step ``index`` is the position after it
    round: int
    number: int  # 1-based within the round
    text: str
    seat: int
    told: str = ""  # the move in people's words ("Ann drew from the left draw pile")
    # In a bot match's replay (``bots.latency.annotate_moves``): the time the seat's bot
    # took and its time per move, and its fault at this decision, if any.
    ms: float | None = None
    limit_ms: int | None = None
    fault: object = None


@dataclass
class Position:
    step: int
    steps: int
    seat: int | None  # whose view; None: everything
    players: list[str]
    moves: list[Move]
    board: dict  # the game's ``LivePlay.replay_board``, drawn by its ``template``
    template: str
    result: dict
    round: int
    last_move: Move | None = None

    @property
    def nav(self) -> list[tuple[str, int, str]]:
        """The step buttons: (name, step it goes to, label)."""
        return [
            ("first", 0, _("« start")),
            ("prev", max(0, self.step - 1), _("◀ back")),
            ("next", min(self.steps, self.step + 1), _("next ▶")),
            ("last", self.steps, _("end »")),
        ]


def moves_of(game: GameType, record: dict) -> list[Move]:
    moves, index = [], 0
    for round_number, round_ in enumerate(record["rounds"], start=1):
        for number, text in enumerate(round_["moves"], start=1):
            index += 1
            seat = seat_of_move(text)
            moves.append(Move(index, round_number, number, text, seat, told(game, text, record)))
    return moves


def told(game: GameType, move: str, record: dict) -> str:
    """The move as the game page's log tells it; the record's notation if it is not a
    move (a faulty record is replayed up to its fault)."""
    try:
        return game.played.words.log_line(move, list(record["players"]))
    except (ValueError, IndexError, KeyError):
        return move


def game_of_record(record: dict) -> GameType:
    """The game a record is of, by its format; a ``Refusal`` for one the site does not
    replay."""
    known = attempted(entry_kind, record.get("format"))
    if known.refusal is not None:
        raise Refusal(_("This is not a game record."))
    game, kind = known.answer
    if not kind.is_record or not game.playable_live:
        raise Refusal(_("This is not a game record."))
    return game


def parse_int(raw, low: int, high: int, default):
    try:
        value = int(raw)
    except (TypeError, ValueError):
        return default
    return min(max(value, low), high)


def replay_position(record, step_param=None, seat_param=None) -> Position:
    """The position at ``step_param`` (clamped to the game) seen by seat ``seat_param``
    (anything else: everything). Raises a ``Refusal`` for a record that does not
    validate."""
    if not isinstance(record, dict):
        raise Refusal(_("This is not a game record."))
    game = game_of_record(record)
    record_kind = game.record_kind
    assert record_kind is not None, "game_of_record answers only games with records"
    result = record_kind.score(record, Rules())
    if not result.get("valid"):
        error = result.get("error") or {}
        raise Refusal(
            _("This record is not valid: %(reason)s") % {"reason": error.get("reason", "")}
        )
    moves = moves_of(game, record)
    players = list(record["players"])
    step = parse_int(step_param, 0, len(moves), 0)
    seat = (
        parse_int(seat_param, 0, len(players) - 1, None) if seat_param not in (None, "") else None
    )
    live = game.played
    board = live.replay_board(live.replay(record, step), seat) if live.replay_board else {}
    return Position(
        step=step,
        steps=len(moves),
        seat=seat,
        players=players,
        moves=moves,
        board=board,
        template=live.replay_template,
        result=result,
        round=moves[step - 1].round if step else 1,
        last_move=moves[step - 1] if step else None,
    )
