from django.core.exceptions import ValidationError
from django.db.models import Q
from rest_framework.exceptions import ValidationError as ApiValidationError

from tournaments.models import Event, Visibility


def visible_events(user):
    events = Event.objects.select_related("season__league")
    if not user.is_authenticated:
        return events.filter(visibility=Visibility.PUBLIC)
    if user.is_staff:
        return events
    mine = Q(organisers=user) | Q(created_by=user) | Q(season__league__organisers=user)
    return events.filter(Q(visibility=Visibility.PUBLIC) | mine | Q(entrants__user=user)).distinct()


def api_errors(call, *args, **kwargs):
    """Run a service; its user-facing ``ValidationError`` becomes a 400."""
    try:
        return call(*args, **kwargs)
    except ValidationError as error:
        raise ApiValidationError({"detail": error.messages}) from error
