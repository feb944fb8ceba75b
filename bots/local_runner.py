"""A bot under development played on the author's machine exactly as the site plays
it (docs/bots.md, "Developing a bot: the local runner"): the same players (an uploaded
bot in the same sandbox, a remote bot over the same signed HTTP, the same built-in
bots), the same referee, time per move, bank and forfeits, the same seeds and seat
rotation as a batch's series. No database: the bots are described, not stored."""

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from botplay import conf as botplay_conf
from botplay.bundles import SINGLE_FILE_NAME, unpack
from botplay.players import player_for
from botplay.refereeing import Outcome, play_game
from bots.latency import PERCENTILES, percentile
from bots.models import Bot
from bots.scheduling import bot_seed, derive_seed, seat_order
from bots.statistics import tally
from games.registry import get_game


@dataclass
class LocalUpload:
    """An uploaded bot's source read from a file, checked as an upload is."""

    filename: str
    content: bytes
    entry_point: str

    def files(self) -> dict[str, bytes]:
        return unpack(self.filename, self.content, self.entry_point)


@dataclass
class LocalBot:
    """What ``botplay.players.player_for`` reads of a ``Bot``, without a database."""

    name: str
    kind: str
    builtin_key: str = ""
    settings: dict = field(default_factory=dict)
    endpoint_url: str = ""
    secret: str = ""
    move_timeout_ms: int = 500
    time_bank_ms: int = 5000
    upload: LocalUpload | None = None

    @property
    def is_remote(self) -> bool:
        return self.kind == Bot.Kind.REMOTE

    @property
    def is_uploaded(self) -> bool:
        return self.kind == Bot.Kind.UPLOADED


def bot_under_test(where: str, secret: str = "", entry_point: str = "", **timing) -> LocalBot:
    """The author's bot: an http(s) URL is a remote bot, a .py or .zip file an
    uploaded one (checked as the site checks an upload: ``Refusal`` says why not)."""
    if where.startswith(("http://", "https://")):
        return LocalBot("remote", Bot.Kind.REMOTE, endpoint_url=where, secret=secret, **timing)
    path = Path(where)
    content = path.read_bytes()
    entry = entry_point if path.suffix.lower() == ".zip" else SINGLE_FILE_NAME
    upload = LocalUpload(path.name, content, entry)
    upload.files()
    return LocalBot(path.stem, Bot.Kind.UPLOADED, upload=upload, **timing)


@dataclass
class LocalGame:
    number: int
    names: list[str]
    outcome: Outcome


def play_local_series(
    bot: LocalBot, against: list[str], game: str, games: int, options: dict, seed: int
):
    """Yield each ``LocalGame`` of a series of ``games`` between ``bot`` and the built-in
    bots ``against``, seats rotated and seeded as a batch's series is; ``options`` as
    ``bots.scheduling.check_batch_options`` gives them."""
    live = get_game(game).played
    lineup = [bot, *(LocalBot(key, Bot.Kind.BUILTIN, builtin_key=key) for key in against)]
    for number in range(games):
        seated = seat_order(lineup, number, games)
        match_seed = derive_seed(seed, number)
        players = [
            player_for(live, seat, bot_seed(match_seed, position))
            for position, seat in enumerate(seated)
        ]
        outcome = play_game(
            live,
            names=[seat.name for seat in seated],
            players=players,
            seed=match_seed,
            options=options,
            info={"match": f"local-{number + 1}", "attempt": 1},
            forfeit_after=botplay_conf.FORFEIT_AFTER_FAULTS,
        )
        yield LocalGame(number, [seat.name for seat in seated], outcome)


def summary(played: list[LocalGame], name: str) -> dict:
    """What a batch's page says of its games (per bot: games, wins, mean score and its
    interval), with the bot's faults by kind and its time per decision."""
    rows = [
        (seat_name, game.outcome.scores[position], game.outcome.places[position])
        for game in played
        for position, seat_name in enumerate(game.names)
    ]
    times: list = []
    faults: Counter = Counter()
    for game in played:
        mine = {position for position, seat_name in enumerate(game.names) if seat_name == name}
        times += [ms for _decision, seat, ms in game.outcome.timings if seat in mine]
        faults.update(note.kind for note in game.outcome.faults if note.position in mine)
    times.sort()
    return {
        "bots": [
            {
                "bot": row.key,
                "games": row.games,
                "wins": row.wins,
                "mean_score": row.score.mean,
                "score_low": row.score.low,
                "score_high": row.score.high,
            }
            for row in tally(rows)
        ],
        "faults": dict(faults),
        "ms_per_decision": {f"p{p}": percentile(times, p) for p in PERCENTILES} if times else {},
    }


def write_game(folder: Path, game: LocalGame) -> Path:
    """The game's record as the site's replay viewer takes it (``/bots/replay/``), and
    beside it its faults and timings, as a match keeps them."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"game-{game.number + 1:04d}.json"
    path.write_text(json.dumps(game.outcome.record, indent=1))
    faults = [
        {
            "seat": note.position,
            "kind": note.kind,
            "round": note.round_number,
            "move": note.move_number,
            "evidence": note.evidence,
        }
        for note in game.outcome.faults
    ]
    timings = {"limits": game.outcome.limits, "decisions": game.outcome.timings}
    explained = {"players": game.names, "faults": faults, "timings": timings}
    (folder / f"game-{game.number + 1:04d}.explained.json").write_text(json.dumps(explained))
    return path
