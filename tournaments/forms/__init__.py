"""The tournaments' forms: the event form's fields (``fields``), leagues and seasons
(``leagues``), the event form (``events``) and the forms of an event that runs
(``running``)."""

from tournaments.forms.events import EventEditForm, EventForm
from tournaments.forms.fields import points_for
from tournaments.forms.leagues import LeagueForm, SeasonForm
from tournaments.forms.running import (
    ClockForm,
    EntrantForm,
    ImportForm,
    LogGameForm,
    PairForm,
    PlaceFields,
    RoundChangeForm,
    SwapForm,
)

__all__ = [
    "ClockForm",
    "EntrantForm",
    "EventEditForm",
    "EventForm",
    "ImportForm",
    "LeagueForm",
    "LogGameForm",
    "PairForm",
    "PlaceFields",
    "RoundChangeForm",
    "SeasonForm",
    "SwapForm",
    "points_for",
]
