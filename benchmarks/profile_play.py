"""Where a live move's time goes, in process: a person's ``POST /api/play/ID/moves/``
through the whole WSGI stack (middleware, token, throttles, the view, the answer) and a
bot's turn as the worker plays it, on PostgreSQL and Redis, with the queries of each
counted (by an execute wrapper: Django's debug cursor, which a server does not use,
would format every query and add its CPU to the move's) and the CPU of each timed, and
the garbage collector's collections during the moves (by generation, with their CPU),
the calibration and the load beside them (``benchmarks/calibration.py``);
``--profile`` adds cProfile's dearest calls (CPU time), ``--stats FILE`` keeps the
whole profile for ``pstats``; ``--freeze`` freezes what start-up made (``gc.freeze()``,
as ``gunicorn.conf.py`` does in each server process) before the moves,
``--gc-threshold N`` sets the youngest generation's.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/lw_mine \\
    CELERY_BROKER_URL=redis://127.0.0.1:6379/4 \\
        .venv/bin/python -m benchmarks.profile_play [--games 20] [--profile]

The database is migrated and gets its own people, bot and games (not recreated).
Bot turns are not sent to a worker: the script plays them itself (``play.bot_turns``),
so that they are measured too.
"""

import argparse
import cProfile
import gc
import json
import os
import pstats
import random
import statistics
import time

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("SECRET_KEY", "profile-only-" + "x" * 50)
os.environ.setdefault("ALLOWED_HOSTS", "testserver")
os.environ.setdefault("SECURE_SSL_REDIRECT", "false")
os.environ.setdefault("LOG_LEVEL", "WARNING")
for _scope in ("ANON", "USER", "WRITES"):
    os.environ.setdefault(f"API_RATE_{_scope}", "1000000/min")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--stats", help="write cProfile's statistics to this file")
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--freeze", action="store_true")
    parser.add_argument("--gc-threshold", type=int)
    args = parser.parse_args()
    from benchmarks.calibration import calibrate, load_average, print_calibration

    calibration = calibrate()
    print_calibration(calibration)
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client

    call_command("migrate", verbosity=0)
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from bots.models import Bot
    from play import tasks
    from play.bot_turns import do_play_bot_turns
    from play.models import Game
    from play.starting import Clock, Taker, do_start_game

    tasks.play_bot_turns.delay = lambda *a, **k: None  # the script plays them itself

    User = get_user_model()
    stamp = time.strftime("%H%M%S")
    owner = User.objects.create(username=f"profile-owner-{stamp}")
    bot = Bot.objects.create(name=f"Profile {stamp}", owner=owner, builtin_key=args.bot)
    games = []
    for i in range(args.games):
        user = User.objects.create_user(username=f"profile-{stamp}-{i}", password="x")
        takers = [Taker(user.username, user=user), Taker(bot.name, bot=bot)]
        game = do_start_game(user, takers, {"rounds": 1}, Clock(move_seconds=3600), seed=i)
        games.append((game.pk, Token.objects.create(user=user).key))

    client = Client()
    client.get("/healthz")  # the middleware built, as a server process has it
    if args.freeze:
        gc.freeze()
    if args.gc_threshold:
        gc.set_threshold(args.gc_threshold, *gc.get_threshold()[1:])
    collections = {0: [], 1: [], 2: []}
    started = [0.0]

    def timed_collection(phase, info):
        if phase == "start":
            started[0] = time.thread_time()
        else:
            collections[info["generation"]].append(time.thread_time() - started[0])

    gc.callbacks.append(timed_collection)
    rng = random.Random(1)
    counted = []

    def count(execute, sql, params, many, context):
        counted.append(sql)
        return execute(sql, params, many, context)

    moves = {"cpu": [], "wall": [], "queries": []}
    turns = {"cpu": [], "wall": [], "queries": [], "moves": []}
    profile = cProfile.Profile(time.process_time) if args.profile or args.stats else None
    for game_id, token in games:
        auth = {"HTTP_AUTHORIZATION": f"Token {token}"}
        state = client.get(f"/api/play/{game_id}/", **auth).json()
        while state["status"] == "playing":
            if not state["legal_moves"]:
                game = Game.objects.get(pk=game_id)
                counted.clear()
                with connection.execute_wrapper(count):
                    cpu, wall = time.process_time(), time.perf_counter()
                    played = do_play_bot_turns(game_id, game.moves)
                    turns["cpu"].append(time.process_time() - cpu)
                    turns["wall"].append(time.perf_counter() - wall)
                turns["queries"].append(len(counted))
                turns["moves"].append(played)
                state = client.get(f"/api/play/{game_id}/", **auth).json()
                continue
            body = {"move": rng.choice(state["legal_moves"]), "at": state["moves"]}
            counted.clear()
            with connection.execute_wrapper(count):
                if profile:
                    profile.enable()
                cpu, wall = time.process_time(), time.perf_counter()
                response = client.post(
                    f"/api/play/{game_id}/moves/",
                    json.dumps(body),
                    content_type="application/json",
                    **auth,
                )
                moves["cpu"].append(time.process_time() - cpu)
                moves["wall"].append(time.perf_counter() - wall)
                if profile:
                    profile.disable()
            assert response.status_code == 200, response.content
            moves["queries"].append(len(counted))
            state = response.json()

    def said(figures: dict) -> str:
        cpu = statistics.mean(figures["cpu"]) * 1000
        return (
            f"{len(figures['cpu'])} of them, CPU mean {cpu:.2f} ms"
            f" ({cpu / calibration['ms']:.2f} c)"
            f" (median {statistics.median(figures['cpu']) * 1000:.2f} ms), wall mean"
            f" {statistics.mean(figures['wall']) * 1000:.2f} ms, queries"
            f" {min(figures['queries'])}-{max(figures['queries'])}"
            f" (mean {statistics.mean(figures['queries']):.1f})"
        )

    gc.callbacks.remove(timed_collection)
    load = "/".join(f"{value:.2f}" for value in load_average())
    print(f"load average at the end: {load}")
    print(f"POST move: {said(moves)}")
    for generation, spent in collections.items():
        print(
            f"GC generation {generation}: {len(spent) / len(moves['cpu']):.3f} a move,"
            f" CPU {sum(spent) * 1000 / len(moves['cpu']):.3f} ms a move"
            f" (longest {max(spent, default=0) * 1000:.1f} ms); {gc.get_freeze_count()} frozen"
        )
    if turns["cpu"]:
        print(f"bot turn (worker): {said(turns)}, {statistics.mean(turns['moves']):.1f} moves")
    if args.stats:
        profile.dump_stats(args.stats)
    if args.profile:
        stats = pstats.Stats(profile)
        stats.sort_stats("cumulative").print_stats(60)
        stats.sort_stats("tottime").print_stats(30)
        stats.print_callers("inspect.py.*_bind|get_renderers")


if __name__ == "__main__":
    main()
