"""Events with stored standings, for the series' tests."""

from tournaments.models import Entrant, Event, Season, StandingRow


def event_with_places(league, organiser, slug, places, name=None):
    """An event of ``league`` whose stored standings rank ``places``: a list of
    (user, rank)."""
    season = league.seasons.first() or Season.objects.create(league=league, name="Autumn")
    event = Event.objects.create(
        season=season,
        name=name or slug.replace("-", " ").title(),
        slug=slug,
        table_size=2,
        points_by_place=[3, 1],
        created_by=organiser,
    )
    event.organisers.add(organiser)
    for who, rank in places:
        entrant = Entrant.objects.create(event=event, user=who, name=str(who))
        StandingRow.objects.create(event=event, entrant=entrant, rank=rank, points=0, games=1)
    return event
