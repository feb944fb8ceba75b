"""Demo data of this app (loaded last): ann's game against the greedy bot, a few moves
in, a Swiss event whose round-1 tables mix people and bots, played on the site (one
table finished through the engine, its result official), ben's challenge to ann (on
her to-do list) and cat's open table in the lobby. Idempotent.

The demo's games are played by correspondence (days a turn): nobody plays them while
the demo runs, and a live clock would have the stand-in play every person's turns and
abandon the games minutes after ``bin/run``."""

import random

from django.contrib.auth import get_user_model
from django.db import transaction

from bots.models import Bot
from play.bot_turns import do_play_bot_turns
from play.challenges import do_challenge, do_open_table
from play.models import Challenge, Game, Pace
from play.moving import do_move
from play.starting import Clock, Taker, do_set_event_play, do_start_game, do_start_table_game
from tournaments.models import Entrant, Event, League, Season
from tournaments.pairing import do_pair_round

EVENT = "bots-and-people-swiss"


def load_demo() -> str:
    User = get_user_model()
    ann = User.objects.filter(username="ann").first()
    greedy = Bot.objects.filter(name="Gready").first()
    if ann is None or greedy is None:
        return "no demo players"
    said = []
    if not Game.objects.filter(seats__user=ann, table=None).exists():
        game = do_start_game(
            ann,
            [Taker(str(ann), user=ann), Taker(greedy.name, bot=greedy)],
            {"rounds": 1},
            Clock(pace=Pace.CORRESPONDENCE),
            seed=2026,
        )
        # ann makes her first three moves (the greedy bot answers her turns at once).
        for _ in range(3):
            state = game.state()
            game = do_move(ann, game.pk, state.legal_moves()[0]).game
        said.append(f"ann's game at /play/{game.pk}/")
    said.append(mixed_event())
    said.append(people_meeting())
    return "; ".join(said)


@transaction.atomic
def people_meeting() -> str:
    """ben challenges ann to a rated Quick Game by correspondence; cat opens a table."""
    if Challenge.objects.exists():
        return "the challenge and the open table are there"
    User = get_user_model()
    ann, ben, cat = (User.objects.get(username=name) for name in ("ann", "ben", "cat"))
    correspondence = Clock(pace=Pace.CORRESPONDENCE)
    takers = [Taker(str(ben), user=ben), Taker(str(ann), user=ann)]
    do_challenge(ben, takers, {"rounds": 1}, correspondence, rated=True)
    table = do_open_table(cat, 3, {"rounds": 1}, correspondence)
    return f"ben's challenge on ann's to-do; cat's table at /play/challenges/{table.pk}/"


@transaction.atomic
def mixed_event() -> str:
    if Event.objects.filter(slug=EVENT).exists():
        return "the mixed event is there"
    User = get_user_model()
    olivia = User.objects.get(username="olivia")
    league = League.objects.get(slug="tuesday-club")
    season, _ = Season.objects.get_or_create(league=league, name="Online 2026")
    event = Event.objects.create(
        season=season,
        slug=EVENT,
        name="Bots and People Swiss",
        table_size=2,
        rounds_planned=3,
        points_by_place=[3, 1],
        status=Event.Status.RUNNING,
        created_by=olivia,
        rules_options={"rounds": 1},
        format="swiss",
        seed=7,
    )
    people = list(User.objects.filter(username__in=["ann", "ben", "cat", "dan"]))
    bots = list(Bot.objects.filter(kind=Bot.Kind.BUILTIN).order_by("name")[:4])
    for user in people:
        Entrant.objects.create(event=event, user=user, name=str(user))
    for bot in bots:
        Entrant.objects.create(event=event, bot=bot, name=bot.name)
    do_set_event_play(event, Pace.CORRESPONDENCE, None, forfeit_after=3)
    round_ = do_pair_round(event)
    rng = random.Random(3)
    for table in round_.tables.filter(is_bye=False):
        users = [s.entrant.user for s in table.seats.all() if s.entrant.user_id]
        if not users:
            continue
        game = do_start_table_game(olivia, table)
        if table.number == 1:
            play_out(game, rng)
    return f"{event.name} at /events/{event.slug}/"


def play_out(game, rng) -> None:
    """Play a table to its end in process: people at random, bots by their policy."""
    by_seat = {s.position: s.user for s in game.seats.all() if s.user_id}
    while game.is_playing:
        if game.to_move in by_seat:
            state = game.state()
            game = do_move(by_seat[game.to_move], game.pk, rng.choice(state.legal_moves())).game
        else:
            do_play_bot_turns(game.pk, game.moves)
            game.refresh_from_db()
