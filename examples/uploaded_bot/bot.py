"""An uploaded bot for Leaguewright (docs/bots.md, "Uploaded bots"), standard library
only: it reads one JSON request per line on stdin and answers each with one JSON line
on stdout. ``/move`` gets a random legal move; ``/start`` and ``/end`` get ``{}``.

Upload this file as it is, or change ``choose``: ``request["view"]`` is what your seat
sees, ``request["legal_moves"]`` what it may do. Print debugging to stderr (the site
keeps its last lines as a fault's evidence), never to stdout. Try it at home with
``python manage.py run_bot_locally examples/uploaded_bot/bot.py``."""

import json
import random
import sys


def choose(request: dict, rng: random.Random) -> str:
    return rng.choice(request["legal_moves"])


def main() -> None:
    rng = random.Random()
    for line in sys.stdin:
        request = json.loads(line)
        if request["request"] == "/start":
            rng.seed(f"{request['match']}:{request['seat']}")
        answer = {"move": choose(request, rng)} if request["request"] == "/move" else {}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
