"""Reading a record safely: size limit, UTF-8, JSON without NaN, nesting, and the
whole-document checks in the spec's order (format, players, options, complete,
task_decks, tasks, number of rounds). A fault is raised as ``RecordFault`` with the
validator's error dict."""

import json

from lib.json_input import JsonDuplicateKey, JsonNotText, JsonTooDeep, loads_bounded

from .options import read_options
from .record import FORMAT
from .task_cards import DEFAULT_DECKS, LETTERS, dealt_tasks_fault, decks_fault, parse_task

DEFAULT_MAX_BYTES = 5_000_000
MAX_DEPTH = 64  # a record nests 4 levels; deeper is not a record


class RecordFault(Exception):
    def __init__(self, reason: str, round_=None, move=None, text=None):
        super().__init__(reason)
        self.error = {"round": round_, "move": move, "text": text, "reason": reason}


def _error(reason: str) -> dict:
    return {"round": None, "move": None, "text": None, "reason": reason}


def parse(record, max_bytes: int):
    if isinstance(record, dict):
        return record
    text = _text_of(record, max_bytes)
    try:
        return loads_bounded(text, max_depth=MAX_DEPTH)
    except JsonTooDeep:
        raise RecordFault("the record is nested too deeply to read") from None
    except JsonNotText:
        raise RecordFault("the record is not valid UTF-8 text") from None
    except JsonDuplicateKey as exc:
        raise RecordFault(f"the record is not valid: {exc}") from None
    except ValueError as exc:
        raise RecordFault(f"the record is not well-formed JSON: {exc}") from None


def _text_of(record, max_bytes: int) -> str:
    """The record's JSON text, refused if it is over ``max_bytes`` or not UTF-8."""
    if isinstance(record, str):
        if len(record) > max_bytes:
            raise RecordFault(f"the record is larger than the limit of {max_bytes} bytes")
        try:
            size = len(record.encode("utf-8"))
        except UnicodeEncodeError:
            raise RecordFault("the record is not valid UTF-8 text") from None
    elif isinstance(record, (bytes, bytearray)):
        size = len(record)
    else:
        raise RecordFault("a record must be JSON text or a JSON object")
    if size > max_bytes:
        raise RecordFault(f"the record is {size} bytes; the limit is {max_bytes} bytes")
    if isinstance(record, str):
        return record
    try:
        return bytes(record).decode("utf-8")
    except UnicodeDecodeError:
        raise RecordFault("the record is not valid UTF-8 text") from None


def _require(doc: dict, key: str):
    if key not in doc:
        raise RecordFault(f"the record has no {key!r} key")
    return doc[key]


def read_header(doc):
    """(players, options, complete, decks, tasks, rounds) of a record, checked in the
    spec's order; RecordFault otherwise."""
    if not isinstance(doc, dict):
        raise RecordFault("the record must be a JSON object")
    if _require(doc, "format") != FORMAT:
        raise RecordFault(f'format must be "{FORMAT}"')
    players = _read_players(doc)
    try:
        opts = read_options(_require(doc, "options"))
    except ValueError as exc:
        raise RecordFault(str(exc)) from None
    complete = doc.get("complete", True)
    if type(complete) is not bool:
        raise RecordFault("complete must be true or false")
    decks = _read_decks(doc)
    tasks = _read_tasks(doc, opts, len(players), decks)
    rounds = _read_rounds(doc, opts, complete)
    return players, opts, complete, decks, tasks, rounds


def _read_players(doc: dict) -> list:
    players = _require(doc, "players")
    if not isinstance(players, list) or not 2 <= len(players) <= 4:
        raise RecordFault("players must be a list of 2 to 4 names")
    if not all(isinstance(p, str) for p in players):
        raise RecordFault("every player's name must be a string")
    return players


def _read_decks(doc: dict):
    if "task_decks" not in doc:
        return DEFAULT_DECKS
    why = decks_fault(doc["task_decks"])
    if why:
        raise RecordFault(why)
    return {letter: tuple(doc["task_decks"][letter]) for letter in LETTERS}


def _read_tasks(doc: dict, opts, players: int, decks):
    tasks = doc.get("tasks")
    if opts.imperial_tasks:
        if "tasks" not in doc:
            raise RecordFault("the record has no 'tasks' key (imperial tasks are on)")
        why = dealt_tasks_fault(tasks, players, decks)
        if why or tasks is None:
            raise RecordFault(why or "tasks must be a list of the seats' dealt tasks")
        return [sorted(parse_task(name) for name in entry) for entry in tasks]
    if tasks is not None:
        raise RecordFault("tasks must be null when imperial tasks are off")
    return None


def _read_rounds(doc: dict, opts, complete: bool) -> list:
    rounds = _require(doc, "rounds")
    if not isinstance(rounds, list):
        raise RecordFault("rounds must be a list")
    if (complete and len(rounds) != opts.rounds) or len(rounds) > opts.rounds:
        raise RecordFault(
            f"the record has {len(rounds)} {_rounds(len(rounds))}; the options say {opts.rounds}"
        )
    return rounds


def move_text(item) -> str:
    try:
        return json.dumps(item)
    except (ValueError, TypeError, RecursionError):
        return "(unreadable)"


def _rounds(count: int) -> str:
    return "round" if count == 1 else "rounds"
