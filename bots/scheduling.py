"""Scheduling bot matches: one match, a series with the seats rotated, a round robin,
an event round's bot tables. Everything here only writes rows and sends tasks on
commit; workers play the games (``bots.tasks``)."""

import random
import secrets
from typing import TypeVar

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from bots import conf
from bots.held import check_bots_play_ready
from bots.models import Batch, Bot, Chunk, Match, MatchSeat
from bots.quotas import check_budget, work_ms_of
from games.registry import get_game
from lib import enqueue
from lib.refusal import Refusal
from tournaments.formats.round_robin import RoundRobin

MAX_GAMES_PER_BATCH = 100_000
MAX_ROUNDS = 8  # rounds per game of a batch: the form's cap, on every path


def derive_seed(base: int, number: int) -> int:
    """The seed of game ``number`` of a batch seeded ``base`` (stable across runs)."""
    return random.Random(f"{base}:{number}").getrandbits(62)


def bot_seed(match_seed: int, position: int) -> int:
    return random.Random(f"{match_seed}:bot:{position}").getrandbits(62)


Seated = TypeVar("Seated")


def seat_order(lineup: list[Seated], number: int, games_per_lineup: int) -> list[Seated]:
    """The lineup rotated by the game's place in its series, so each bot starts in turn."""
    turn = (number % games_per_lineup) % len(lineup)
    return lineup[turn:] + lineup[:turn]


def lineup_of(batch: Batch, number: int) -> list[int]:
    lineup = batch.lineups[number // batch.games_per_lineup]
    return seat_order(lineup, number, batch.games_per_lineup)


def round_robin_lineups(bots: list[Bot], table_size: int) -> list[list[Bot]]:
    """Every table of the round robin format's whole schedule
    (``tournaments.formats.round_robin``): every pair of bots once at 2 seats, and at 3
    and 4 seats a design where every pair meets once where one is known."""
    if not 2 <= table_size <= 4:
        raise Refusal(_("A table seats 2 to 4 bots."), field="table_size")
    if len(bots) < table_size:
        raise Refusal(
            _("A round robin at tables of %(size)d needs at least %(size)d bots.")
            % {"size": table_size},
            field="bots",
        )
    by_key = {bot.pk: bot for bot in bots}
    rounds = RoundRobin().every_round(sorted(by_key), table_size)
    return [[by_key[key] for key in table] for tables in rounds for table in tables]


def lineups_for(kind: str, bots: list[Bot], table_size: int) -> list[list[Bot]]:
    """The lineups a batch of ``kind`` plays: a round robin's tables, else the bots given
    as one lineup."""
    if kind == Batch.Kind.ROUND_ROBIN:
        return round_robin_lineups(bots, table_size)
    return [bots]


def check_lineups(lineups: list[list[Bot]], games_per_lineup: int) -> None:
    if not lineups:
        raise Refusal(_("Choose the bots to play."), field="bots")
    for lineup in lineups:
        if not 2 <= len(lineup) <= 4:
            raise Refusal(
                _("A game seats 2 to 4 bots; this one has %(n)d.") % {"n": len(lineup)},
                field="bots",
            )
        if len({bot.pk for bot in lineup}) != len(lineup):
            raise Refusal(_("A bot cannot take two seats in one game."), field="bots")
    if games_per_lineup < 1:
        raise Refusal(_("Play at least one game."), field="games")
    if len(lineups) * games_per_lineup > MAX_GAMES_PER_BATCH:
        raise Refusal(
            _("At most %(max)d games per batch.") % {"max": MAX_GAMES_PER_BATCH}, field="games"
        )


def game_of(lineups: list[list[Bot]]) -> str:
    """The game every bot of the lineups plays (a batch plays one game)."""
    games = {bot.game for lineup in lineups for bot in lineup}
    if len(games) != 1:
        raise Refusal(_("These bots play different games: choose bots of one game."))
    return games.pop()


def check_batch_options(game: str, options) -> dict:
    """The rules options of a batch's games of ``game`` as the game reads them (its own
    check, its defaults filled in: the workers play with what is stored), and at most
    ``MAX_ROUNDS`` rounds (every game of a batch of 100,000 is played by a worker)."""
    live = get_game(game).played
    try:
        checked = live.check_options(options)
    except ValueError as exc:
        raise Refusal(
            _("These rules options are refused: %(why)s") % {"why": exc}, field="options"
        ) from None
    if live.rounds(checked) > MAX_ROUNDS:
        raise Refusal(_("At most %(max)d rounds per game.") % {"max": MAX_ROUNDS}, field="options")
    return checked


def do_schedule_batch(
    by,
    kind: str,
    lineups: list[list[Bot]],
    games_per_lineup: int = 1,
    options: dict | None = None,
    seed: int | None = None,
    name: str = "",
    ladder=None,
) -> Batch:
    """Store a batch within ``by``'s budget of queued work (``bots.quotas``,
    checked before anything is written) and fan it out: chunks of games when every bot
    is built in and there is more than one game (one task plays many games and
    bulk-inserts them), else one task per match. A batch of more than
    ``BOTS_FAN_OUT_IN_REQUEST`` games is fanned out by a task
    (``bots.tasks.fan_out_batch``), so that the request answers at once. Permission is
    the caller's business (``tournaments.permissions``)."""
    check_lineups(lineups, games_per_lineup)
    check_bots_play_ready({bot for lineup in lineups for bot in lineup})
    game = game_of(lineups)
    options = check_batch_options(game, {"rounds": 1} if options is None else options)
    builtin_only = all(bot.kind == Bot.Kind.BUILTIN for lineup in lineups for bot in lineup)
    total = len(lineups) * games_per_lineup
    work_ms = work_ms_of(lineups, games_per_lineup, get_game(game).played.rounds(options))
    in_request = total <= settings.BOTS_FAN_OUT_IN_REQUEST
    with transaction.atomic():
        if by is not None:
            check_budget(by, work_ms)
        batch = Batch.objects.create(
            kind=kind,
            name=name,
            created_by=by,
            ladder=ladder,
            lineups=[[bot.pk for bot in lineup] for lineup in lineups],
            games_per_lineup=games_per_lineup,
            total=total,
            game=game,
            options=options,
            seed=secrets.randbits(62) if seed is None else seed,
            chunked=builtin_only and total > 1,
            work_ms=work_ms,
            fanned_out=False,
        )
        if in_request:
            do_fan_out(batch.pk)
        else:
            enqueue.on_commit("bots.tasks.fan_out_batch", batch.pk)
    return batch


def do_fan_out(batch_id: int) -> bool:
    """Write the batch's chunks or matches and send them to the workers on commit,
    once: the batch is claimed by a conditional UPDATE, so a task delivered twice, or
    run again after its worker died mid-way (its transaction rolled back), writes them
    once. Whether this call did it."""
    with transaction.atomic():
        if not Batch.objects.filter(pk=batch_id, fanned_out=False).update(fanned_out=True):
            return False
        batch = Batch.objects.get(pk=batch_id)
        if batch.chunked:
            _queue_chunks(batch)
        else:
            _queue_matches(batch)
    return True


def _queue_chunks(batch: Batch) -> None:
    chunks = Chunk.objects.bulk_create(
        Chunk(batch=batch, first=first, last=min(first + conf.CHUNK_SIZE, batch.total))
        for first in range(0, batch.total, conf.CHUNK_SIZE)
    )
    for chunk in chunks:
        enqueue.on_commit("bots.tasks.play_chunk", chunk.pk)


def _queue_matches(batch: Batch) -> None:
    matches = Match.objects.bulk_create(
        Match(
            batch=batch,
            number=number,
            seed=derive_seed(batch.seed, number),
            options=batch.options,
        )
        for number in range(batch.total)
    )
    MatchSeat.objects.bulk_create(
        MatchSeat(match=match, position=position, bot_id=bot_id)
        for match in matches
        for position, bot_id in enumerate(lineup_of(batch, match.number))
    )
    send_matches([match.pk for match in matches])


def send_matches(ids: list[int]) -> None:
    for pk in ids:
        enqueue.on_commit("bots.tasks.play_match", pk)


def do_schedule_event_round(by, round_) -> Batch:
    """Schedule a match for every table of ``round_`` whose seats are all bots and
    which has neither a result nor a match under way. The results are written through
    ``tournaments.results.do_record_result`` when the matches end."""
    event = round_.event
    tables = [
        table
        for table in round_.tables.with_seats().select_related("result")
        if _is_open_bot_table(table)
    ]
    if not tables:
        raise Refusal(
            _("Round %(n)d has no table of bots waiting for a match.") % {"n": round_.number}
        )
    seated = {seat.entrant.bot_id for table in tables for seat in table.seats.all()}
    check_bots_play_ready(Bot.objects.filter(pk__in=seated))
    with transaction.atomic():
        batch = Batch.objects.create(
            kind=Batch.Kind.EVENT,
            name=f"{event.name} – round {round_.number}",
            created_by=by,
            event=event,
            lineups=[[seat.entrant.bot_id for seat in table.seats.all()] for table in tables],
            total=len(tables),
            game=event.game,
            options=event.rules_options,
            seed=event.seed,
            chunked=False,
        )
        matches = Match.objects.bulk_create(
            Match(
                batch=batch,
                number=number,
                table=table,
                seed=derive_seed(event.seed, table.pk),
                options=event.rules_options,
            )
            for number, table in enumerate(tables)
        )
        MatchSeat.objects.bulk_create(
            MatchSeat(match=match, position=seat.position, bot_id=seat.entrant.bot_id)
            for match, table in zip(matches, tables, strict=True)
            for seat in table.seats.all()
        )
        send_matches([match.pk for match in matches])
    return batch


def _is_open_bot_table(table) -> bool:
    seats = list(table.seats.all())
    if not seats or any(seat.entrant.bot_id is None for seat in seats):
        return False
    if hasattr(table, "result"):
        return False
    return not table.bot_matches.exclude(status="failed").exists()
