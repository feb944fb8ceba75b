from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from integrations.models import SUBSCRIBABLE, Hook


class HookForm(forms.Form):
    kind = forms.ChoiceField(label=_("Kind"), choices=Hook.Kind.choices, widget=forms.RadioSelect)
    url = forms.URLField(
        label=_("Address"),
        max_length=500,
        assume_scheme="https",
        help_text=_(
            "The receiver's URL, or the channel's incoming webhook URL (Discord: "
            "channel settings, Integrations, Webhooks)."
        ),
    )
    topics = forms.MultipleChoiceField(
        label=_("What to send (signed webhooks)"),
        choices=[(topic.value, topic.label) for topic in SUBSCRIBABLE],
        widget=forms.CheckboxSelectMultiple,
        required=False,
        help_text=_("A chat channel gets the pairings, the results and the final standings."),
    )
    language = forms.ChoiceField(
        label=_("Language of chat messages"), choices=settings.LANGUAGES, initial="en"
    )


class AuthorHookForm(forms.Form):
    """A bot author's hook: signed, sent when a batch they scheduled is finished."""

    url = forms.URLField(
        label=_("Address"),
        max_length=500,
        assume_scheme="https",
        help_text=_("Your receiver's URL: it is sent signed JSON when a batch of yours ends."),
    )
