"""The room's forms: naming a member of staff, calling a judge."""

from django import forms
from django.utils.translation import gettext_lazy as _

from room.calls import MOST_REASON
from tournaments.models import EventRole
from tournaments.roles import CO_ORGANISER


class StaffForm(forms.Form):
    username = forms.CharField(
        label=_("Name or username"),
        max_length=150,
        widget=forms.TextInput(attrs={"list": "people", "autocomplete": "off"}),
    )
    role = forms.ChoiceField(label=_("Role"), widget=forms.RadioSelect)
    tables = forms.CharField(
        label=_("A judge's tables"),
        required=False,
        max_length=200,
        help_text=_("Like “1-5, 8”; leave it blank for every table."),
        widget=forms.TextInput(attrs={"data-for": "role=judge", "inputmode": "numeric"}),
    )

    def __init__(self, *args, may_grant: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [(value, label) for value, label in EventRole.Role.choices]
        if may_grant:  # only the event's creator names its co-organisers
            choices.insert(0, (CO_ORGANISER, _("co-organiser")))
        self.fields["role"].choices = choices
        self.fields["role"].initial = EventRole.Role.JUDGE


class CallForm(forms.Form):
    reason = forms.CharField(
        label=_("What is it about? (optional)"), required=False, max_length=MOST_REASON
    )
