"""The game page: phone first, a tap per legal move, the board swapped in place by htmx.
The page tells the truth as the game moves on without it: it follows the game's push
stream (``/push/play/ID/``, ``play.views.push``) and fetches the board again when the
game changed (another seat's move, a timeout, the bot playing for someone); the
countdown ticks in the browser from the server's deadline and the server's clock
(``static/js/play.js``). The board says what
the stand-in did ("Time ran out: the bot played your turn for you"). Without
JavaScript every move is a plain form and the page reloads."""

from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.declaring import moves_of, seat_of_move
from lib.refusal_pages import back_to, carried_out
from play.abandoning import do_replay_table, do_void_table
from play.access import access_game, access_table_to_decide, access_table_to_play
from play.changes import etag_of, stamp_text
from play.hints import hint_for
from play.models import Game
from play.moving import do_leave, do_move, stood_in_at
from play.reading import sight_of
from play.starting import do_start_table_game
from tournaments.models import Result, Table

LOG_LINES = 12


def _int_or_none(text):
    try:
        return int(text)
    except (TypeError, ValueError):
        return None


def seconds_left(game: Game) -> int | None:
    if not game.is_playing or game.deadline is None:
        return None
    return max(0, int((game.deadline - timezone.now()).total_seconds()))


def epoch_ms(moment) -> int:
    return int(moment.timestamp() * 1000)


@dataclass
class LogLine:
    text: str
    number: int  # the move's number in the whole game, from 1
    seat: int  # whose move it was


def log_of(game: Game, players: list[str]) -> tuple[list[LogLine], int]:
    """The last round's moves as the log tells them, the stand-in's marked as played by
    the bot for their seat (newest first), and how many moves the round has."""
    rounds = game.record.get("rounds", [])
    if not rounds:
        return [], 0
    moves = rounds[-1]["moves"]
    first = sum(len(r["moves"]) for r in rounds[:-1])
    lines = []
    for number in range(max(0, len(moves) - LOG_LINES), len(moves)):
        text = game.live.words.log_line(moves[number], players)
        seat = stood_in_at(game, first + number)
        if seat is not None:
            text = _("%(move)s (played by the bot for %(name)s)") % {
                "move": text,
                "name": players[seat],
            }
        lines.append(LogLine(text, first + number + 1, seat_of_move(moves[number])))
    return list(reversed(lines)), len(moves)


def your_last_turn_stood_in(game: Game, you: int | None) -> bool:
    """Whether the last move of ``you``'s seat was played by the bot for you."""
    if you is None:
        return False
    moves = moves_of(game.record)
    mine = [number for number, move in enumerate(moves) if seat_of_move(move) == you]
    return bool(mine) and stood_in_at(game, mine[-1]) == you


def board_context(game: Game, user) -> dict:
    """The page's frame (turn, clock, seats, moves, log) with what the game's own board
    shows (``LivePlay.board``, drawn by its ``seat_template`` and ``table_template``)."""
    sight = sight_of(game, user)
    players = [seat.said_name for seat in sight.seats]
    view = {**sight.view, "players": players}
    live = game.live
    board = live.board(view, sight.you)
    seats = [
        {
            **board["seats"][seat.position],
            "name": seat.said_name,
            "is_you": seat.position == sight.you,
            "is_bot": seat.is_bot,
            "to_move": seat.position == game.to_move,
            "timeouts": seat.timeouts,
            "forfeited": seat.forfeited,
            "place": seat.place,
        }
        for seat in sight.seats
    ]
    log, log_total = log_of(game, players)
    you = next((s for s in sight.seats if s.position == sight.you), None)
    return {
        **board,
        "seat_template": live.seat_template,
        "table_template": live.table_template,
        "game": game,
        "sight": sight,
        "view": view,
        "seats": seats,
        "button_groups": button_groups(live.words, sight, view),
        "log": log,
        "log_total": log_total,
        "seconds_left": seconds_left(game),
        "deadline_ms": epoch_ms(game.deadline) if game.deadline else None,
        "now_ms": epoch_ms(timezone.now()),
        "etag": etag_of(game, user),
        "stamp": stamp_text(game.updated_at),
        "stood_in_for_you": your_last_turn_stood_in(game, sight.you),
        "you_forfeited": you is not None and you.forfeited,
        "may_leave": game.is_playing and you is not None and not you.forfeited,
        "title": page_title(game, sight),
        "hint": hint_for(sight),
        "counts_elsewhere": settled_elsewhere(game),
    }


def button_groups(words, sight, view) -> list:
    """(group, its moves' (move, label), whether it is a main group) of the legal moves."""
    buttons: dict = {group: [] for group in words.GROUPS}
    for move in sight.legal_moves:
        buttons[words.move_group(move)].append((move, words.button_label(move, view)))
    return [(g, buttons[g], g in words.MAIN_GROUPS) for g in words.GROUPS if buttons[g]]


def page_title(game: Game, sight) -> str:
    if game.is_abandoned:
        return _("Game abandoned")
    if game.is_finished:
        return _("Game over")
    if sight.your_turn:
        return _("Your turn")
    to_move = next(s for s in sight.seats if s.position == game.to_move)
    return _("%(name)s to play") % {"name": to_move.said_name}


def settled_elsewhere(game: Game) -> bool:
    """Whether the game's table has a result that is not this game's (entered at the
    table or by an organiser while the game was played): that result stands."""
    if game.table_id is None:
        return False
    return (
        Result.objects.filter(table_id=game.table_id).exclude(source=Result.Source.RECORD).exists()
    )


def render_board(request, game: Game):
    return render(request, "play/_board.html", board_context(game, request.user))


def game_page(request, game_id):
    game = access_game(request.user, game_id)
    return render(request, "play/game.html", board_context(game, request.user))


def board_fragment(request, game_id):
    game = access_game(request.user, game_id)
    return render_board(request, game)


@require_POST
@login_required
def move(request, game_id):
    access_game(request.user, game_id)
    moved = carried_out(
        request,
        do_move,
        request.user,
        game_id,
        request.POST.get("move", ""),
        at=_int_or_none(request.POST.get("at")),
    )
    if request.htmx:
        game = Game.objects.get(pk=game_id)
        return render_board(request, game)
    return back_to(request, moved, "play:game", game_id)


@require_POST
@login_required
def leave(request, game_id):
    """A person leaves the game: the bot plays their seat to the end."""
    access_game(request.user, game_id)
    if left := carried_out(request, do_leave, request.user, game_id):
        messages.info(request, _("You left the game: the bot plays your seat to the end."))
    return back_to(request, left, "play:game", game_id)


@require_POST
@login_required
def start_table_game(request, table_id):
    """An event's table starts its game on the site (its players or organisers)."""
    table = access_table_to_play(request.user, table_id)
    started = []
    done = carried_out(request, lambda: started.append(do_start_table_game(request.user, table)))
    if done:
        return redirect("play:game", started[0].pk)
    existing = Game.objects.filter(table=table).first()
    if existing is not None:  # started by someone else just now: that game is the one
        return redirect("play:game", existing.pk)
    return back_to(request, done, local_path(request.POST.get("next")) or "play:lobby")


def local_path(url: str | None) -> str | None:
    """``url`` when it is a path of this site (a page to go back to), else None."""
    if url and url.startswith("/") and not url.startswith("//"):
        return url
    return None


def back_to_desk(request, table: Table, outcome):
    return back_to(request, outcome, "scoring-desk", slug=table.round.event.slug)


@require_POST
@login_required
def replay_table(request, table_id):
    """An organiser plays an abandoned table again on the site."""
    table = access_table_to_decide(request.user, table_id)
    started = []
    done = carried_out(request, lambda: started.append(do_replay_table(request.user, table)))
    if done:
        messages.success(request, _("The table is played again on the site."))
        return redirect("play:game", started[0].pk)
    return back_to_desk(request, table, done)


@require_POST
@login_required
def void_table(request, table_id):
    """An organiser decides that an abandoned table counts for nobody."""
    table = access_table_to_decide(request.user, table_id)
    reason = request.POST.get("reason", "")
    if done := carried_out(request, do_void_table, request.user, table, reason):
        messages.success(request, _("The table is void: it counts for nobody."))
    return back_to_desk(request, table, done)
