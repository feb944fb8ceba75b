"""The pages' forms for uploaded bots: a new one, and a new version of its source."""

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from botplay.bundles import MEMBERS, UNPACKED_BYTES, UPLOAD_BYTES
from bots.authoring import check_bot
from bots.models import Bot
from bots.uploads import read_source
from games.registry import live_games
from lib.refusal_pages import checked_on


def source_help() -> str:
    return _(
        "One Python file (.py), or a zip archive (.zip) of at most %(files)d files: at most "
        "%(kb)d KB as uploaded, %(unpacked)d KB unpacked. It reads one JSON request per line "
        "on stdin and answers each with one JSON line on stdout (docs/bots.md)."
    ) % {"files": MEMBERS, "kb": UPLOAD_BYTES // 1024, "unpacked": UNPACKED_BYTES // 1024}


SOURCE_HELP = lazy(source_help, str)()  # said in the reader's language, not at import


def checked_source(form, data: dict) -> dict:
    """``data`` with its uploaded file read and checked into a ``Source`` (a refusal is
    the form's error)."""
    if data.get("source") is not None:
        read = checked_on(form, read_source, data["source"], data.get("entry_point", ""))
        data["source"] = read.answer if read else None
    return data


class SourceFields(forms.Form):
    """The source and its entry point; ``cleaned_data["source"]`` becomes a checked
    ``bots.uploads.Source``."""

    source = forms.FileField(label=gettext_lazy("the bot's file"), help_text=SOURCE_HELP)
    entry_point = forms.CharField(
        label=gettext_lazy("entry point"),
        required=False,
        max_length=200,
        help_text=gettext_lazy("An archive's Python file to run, e.g. main.py."),
    )

    def clean(self):
        return checked_source(self, super().clean())


class UploadedBotForm(forms.ModelForm):
    """A new uploaded bot: its name, game, description and times, and its source."""

    source = SourceFields.base_fields["source"]
    entry_point = SourceFields.base_fields["entry_point"]

    class Meta:
        model = Bot
        fields = ["name", "game", "description", "move_timeout_ms", "time_bank_ms"]
        widgets = {"description": forms.Textarea(attrs={"rows": 3})}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(game.key, game.name) for game in live_games()]

    def clean(self):
        data = checked_source(self, super().clean())
        if not self.errors:
            checked_on(
                self,
                check_bot,
                Bot.Kind.UPLOADED,
                move_timeout_ms=data["move_timeout_ms"],
                time_bank_ms=data["time_bank_ms"],
                description=data.get("description", ""),
                game=data["game"],
                has_upload=True,
            )
        return data
