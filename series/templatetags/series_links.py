"""The league's page links its series and recurring nights through this tag (its app
imports nothing of ``series``)."""

from django import template

from series.models import Series
from tournaments.permissions import is_league_organiser

register = template.Library()


@register.inclusion_tag("series/_league_series.html", takes_context=True)
def league_series(context, league):
    """The league's series and a link to its recurring nights; for its organisers, the
    links that make them."""
    request = context["request"]
    return {
        "league": league,
        "series": list(Series.objects.filter(league=league)),
        "is_organiser": is_league_organiser(request.user, league),
    }
