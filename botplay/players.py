"""Who answers for a seat: a built-in bot in process, a remote bot over HTTP, or an
uploaded bot in its sandbox (``botplay.sandbox``, played as a remote bot is).

Each player has ``start(info)``, ``choose(state, seat, info) -> move`` and ``end(info)``.
A remote player raises ``BotFault`` when the bot is at fault; the referee decides what
follows. The built-in random bot takes a fast path: it picks from the legal moves
without building the seat's view, which is what it would see anyway.
"""

import random

from botplay import conf
from botplay.remote import BotFault, RemoteBotClient
from botplay.sandbox import Limits, SandboxedBot

START_END_TIMEOUT_MS = 2000


class BuiltinPlayer:
    def __init__(self, live, key: str, settings: dict, seed: int):
        """``live``: the game's ``LivePlay`` (the registry's), which makes its bots."""
        self.policy = live.make_bot(key, seed=seed, **settings)

    def start(self, info: dict) -> None:
        pass

    def choose(self, state, seat: int, _info: dict) -> str:
        return self.policy.choose(state.view(seat))

    def end(self, info: dict) -> None:
        pass

    def close(self) -> None:
        pass


class FastRandomPlayer(BuiltinPlayer):
    """The built-in random bot without views or move strings: a seeded pick among the
    legal actions, applied unchecked (they are legal by construction). The engine lists
    legal moves in the order of its legal actions, so this plays exactly the game the
    random bot made with the same seed would."""

    acts_directly = True

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def act(self, state) -> None:
        state.apply_action(self.rng.choice(state.legal_actions()))


class RemotePlayer:
    """A remote bot with its per-move time and its time bank for this game; an
    uploaded bot is played the same way, its sandboxed process for a client."""

    def __init__(self, bot, client=None):
        """``bot``: the ``bots.Bot`` row (its endpoint, secret and times); ``client``:
        what answers its requests (default: its endpoint over signed HTTP)."""
        self.client = client or RemoteBotClient(bot.endpoint_url, bot.secret)
        self.move_ms = bot.move_timeout_ms
        self.bank_ms = float(bot.time_bank_ms)

    def start(self, info: dict) -> None:
        self.client.post("/start", info, START_END_TIMEOUT_MS / 1000)

    def choose(self, state, seat: int, info: dict) -> str:
        view = state.view(seat)
        legal = view.get("legal_moves") or state.legal_moves()
        allowed_ms = self.move_ms + self.bank_ms
        payload = {
            **info,
            "view": view,
            "legal_moves": legal,
            "deadline_ms": self.move_ms,
            "time_bank_ms": round(self.bank_ms),
        }
        try:
            answer, elapsed = self.client.post("/move", payload, allowed_ms / 1000)
        except BotFault as fault:
            if fault.kind == "timeout":
                self.bank_ms = 0.0
            raise
        self.bank_ms = max(0.0, self.bank_ms - max(0.0, elapsed * 1000 - self.move_ms))
        move = answer.get("move")
        if not isinstance(move, str):
            raise BotFault("malformed", f'the answer has no "move" string: {answer!r}'[:300])
        if move not in legal:
            raise BotFault("illegal", f"{move!r} is not one of the {len(legal)} legal moves")
        return move

    def end(self, info: dict) -> None:
        self.client.post("/end", info, START_END_TIMEOUT_MS / 1000)

    def close(self) -> None:
        self.client.close()


def sandbox_limits() -> Limits:
    """An uploaded bot's limits as the site is configured (``botplay.conf``)."""
    return Limits(
        memory_bytes=conf.SANDBOX_MEMORY_BYTES,
        cpu_seconds=conf.SANDBOX_CPU_SECONDS,
        scratch_bytes=conf.SANDBOX_SCRATCH_BYTES,
    )


def player_for(live, bot, seed: int):
    """The player for a ``bots.Bot`` row at a game of ``live`` (the registry's
    ``LivePlay``), seeded for one game; an uploaded bot's ``upload`` (``BotUpload``)
    gives its files and entry point."""
    if bot.is_remote:
        return RemotePlayer(bot)
    if bot.is_uploaded:
        upload = bot.upload
        return RemotePlayer(bot, SandboxedBot(upload.files(), upload.entry_point, sandbox_limits()))
    if live.fast_random and bot.builtin_key == "random" and not bot.settings:
        return FastRandomPlayer(seed)
    return BuiltinPlayer(live, bot.builtin_key, bot.settings, seed)
