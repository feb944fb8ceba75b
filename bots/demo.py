"""Demo data of this app, loaded by ``manage.py load_demo`` after the tournaments':
botty's built-in bots, a series between two of them, played in process so its replays
are there at once, and a ladder of the demo bots that beat runs every half hour.
Idempotent."""

from django.contrib.auth import get_user_model

from bots.chunks import do_play_chunk
from bots.ladders import do_save_ladder
from bots.models import Batch, Bot, Ladder
from bots.ratings import do_update_bot_ratings
from bots.scheduling import do_schedule_batch
from tournaments.demo import ensure_user

BUILTIN_BOTS = [
    ("Randy", "random"),
    ("Gready", "greedy"),
    ("Seeker", "search"),
    ("Easy bot", "easy"),
    ("Medium bot", "medium"),
    ("Hard bot", "hard"),
]
NAME = "Demo: Randy v Gready"
LADDER = "Demo ladder"


def load_demo() -> str:
    botty = ensure_user("botty")
    for name, key in BUILTIN_BOTS:
        Bot.objects.get_or_create(
            name=name,
            defaults={
                "owner": botty,
                "kind": Bot.Kind.BUILTIN,
                "builtin_key": key,
                "public": True,
            },
        )
    if Batch.objects.filter(name=NAME).exists():
        return "bot matches already there"
    bots = list(Bot.objects.filter(name__in=["Randy", "Gready"]).order_by("name"))
    if len(bots) < 2:
        return "no demo bots"
    owner = get_user_model().objects.get(pk=bots[0].owner_id)
    batch = do_schedule_batch(
        owner, Batch.Kind.SERIES, [bots], games_per_lineup=10, seed=2026, name=NAME
    )
    for chunk in batch.chunks.all():
        do_play_chunk(chunk.pk)  # the tasks sent on commit then find nothing to do
    do_update_bot_ratings()
    ladder_bots = list(Bot.objects.filter(owner=owner, kind=Bot.Kind.BUILTIN))
    if not Ladder.objects.filter(name=LADDER).exists():
        do_save_ladder(owner, Ladder(name=LADDER, every_minutes=30), ladder_bots)
    return f"{batch.total} bot matches and a ladder of {len(ladder_bots)} bots"
