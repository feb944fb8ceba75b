"""Who a file's player is in the league: one of the league's people (anyone entered in
one of its events, walk-ins too) whose name, display name or username is the player's
name, ignoring case and spaces; else nobody, and the organiser decides (an existing
person, a new walk-in, or skip the player's plays). Two people answering to one name
are no match: the organiser picks."""

from collections import defaultdict

from tournaments.bgstats.reading import Player
from tournaments.models import Entrant, League

WALK_IN = "walk-in"
SKIP = "skip"
UNMATCHED = (WALK_IN, SKIP)


def folded(name: str) -> str:
    return " ".join(name.split()).casefold()


def league_people(league: League) -> list:
    """The people of the league's events, by name."""
    entrants = Entrant.objects.filter(event__season__league=league, user__isnull=False)
    people = {entrant.user_id: entrant.user for entrant in entrants.select_related("user")}
    return sorted(people.values(), key=lambda user: (str(user).casefold(), user.username))


def matched(league: League, players: dict[int, Player]) -> dict[int, object]:
    """Each player's person of the league (by the player's ``ref``), or None."""
    named = defaultdict(set)
    entrants = Entrant.objects.filter(event__season__league=league, user__isnull=False)
    users = {}
    for entrant in entrants.select_related("user"):
        users[entrant.user_id] = entrant.user
        for name in (entrant.name, entrant.user.display_name, entrant.user.username):
            if name:
                named[folded(name)].add(entrant.user_id)
    answer = {}
    for ref, player in players.items():
        found = named.get(folded(player.name), set())
        answer[ref] = users[next(iter(found))] if len(found) == 1 else None
    return answer
