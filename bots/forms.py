import json

from django import forms
from django.core.validators import URLValidator
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from bots.authoring import BOT_SETTINGS, builtin_choices, check_bot, empty_unused, settings_help
from bots.divisions import check_divisions
from bots.held import has_source
from bots.models import Batch, Bot, Ladder
from games.forms import BoundedJSONField
from games.registry import DEFAULT_GAME, live_games
from games.validation import read_submitted_record, validate_text
from lib.refusal_pages import checked_on

KIND_FIELDS = {
    "builtin_key": Bot.Kind.BUILTIN,
    "settings": Bot.Kind.BUILTIN,
    "endpoint_url": Bot.Kind.REMOTE,
    "move_timeout_ms": Bot.Kind.REMOTE,
    "time_bank_ms": Bot.Kind.REMOTE,
}


class BotForm(forms.ModelForm):
    endpoint_url = forms.URLField(
        label=gettext_lazy("endpoint"),
        required=False,
        assume_scheme="https",
        validators=[URLValidator(schemes=["http", "https"])],
    )
    builtin_key = forms.ChoiceField(label=gettext_lazy("built-in bot"), required=False, choices=())

    class Meta:
        model = Bot
        fields = ["name", "game", *BOT_SETTINGS, "public"]
        widgets = {"description": forms.Textarea(attrs={"rows": 3})}
        labels = {"kind": gettext_lazy("kind")}
        field_classes = {"settings": BoundedJSONField}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        games = live_games()
        self.fields["game"].choices = [(game.key, game.name) for game in games]
        self.fields["game"].required = False  # left out: the bot's (a new one's: the default)
        if self.instance.pk:
            self.fields["game"].disabled = True  # its matches and rating are of its game
        game = self.instance.game if self.instance.pk else self.data.get("game", DEFAULT_GAME)
        game = game if game in {g.key for g in games} else DEFAULT_GAME
        # Every game's built-in bots (grouped by game when the site plays several);
        # ``check_bot`` then refuses one that is not of the bot's game.
        builtins = (
            [(str(g.name), builtin_choices(g.key)) for g in games]
            if len(games) > 1
            else builtin_choices(game)
        )
        self.fields["builtin_key"].choices = [("", "—"), *builtins]
        self.fields["settings"].help_text = _(
            'Built-in bots only, as JSON, e.g. {"iterations": 200}. %(settings)s'
        ) % {"settings": settings_help(game)}
        self.fields["endpoint_url"].help_text = _(
            "Remote bots only: the base URL; the site POSTs to /start, /move and /end."
        )
        # Each kind's own fields show only while it is chosen (static/js/site.js).
        for name, kind in KIND_FIELDS.items():
            self.fields[name].widget.attrs["data-for"] = f"kind={kind.value}"

    def clean(self):
        """``check_bot`` judges the whole bot (the API asks it too); a field that is
        already wrong on its own is not judged again."""
        data = super().clean()
        if not self.errors:
            settings = {field: data.get(field) for field in BOT_SETTINGS}
            game = data.get("game") or self.instance.game
            has_upload = has_source(self.instance.pk)
            checked_on(self, check_bot, **settings, game=game, has_upload=has_upload)
        return empty_unused(data, data.get("kind"))


class BatchForm(forms.Form):
    KINDS = [
        (Batch.Kind.SINGLE, gettext_lazy("one match")),
        (Batch.Kind.SERIES, gettext_lazy("a series, seats rotated")),
        (Batch.Kind.ROUND_ROBIN, gettext_lazy("a round robin")),
    ]
    kind = forms.ChoiceField(label=gettext_lazy("what"), choices=KINDS)
    bots = forms.ModelMultipleChoiceField(
        label=gettext_lazy("bots"),
        queryset=Bot.objects.all(),
        widget=forms.CheckboxSelectMultiple,
        help_text=gettext_lazy("In seat order for one match or a series."),
    )
    games = forms.IntegerField(
        label=gettext_lazy("games per table"), min_value=1, max_value=100_000, initial=10
    )
    table_size = forms.IntegerField(
        label=gettext_lazy("bots per table (round robin)"), min_value=2, max_value=4, initial=2
    )
    rounds = forms.IntegerField(
        label=gettext_lazy("rounds per game"), min_value=1, max_value=8, initial=1
    )
    seed = forms.IntegerField(
        label=gettext_lazy("seed"),
        required=False,
        min_value=0,
        max_value=2**62,
        help_text=gettext_lazy("Leave empty for a random one."),
    )

    def clean(self):
        data = super().clean()
        if data.get("kind") == Batch.Kind.SINGLE:
            data["games"] = 1
        return data


class LadderForm(forms.ModelForm):
    enabled = forms.BooleanField(label=gettext_lazy("running"), required=False, initial=True)

    class Meta:
        model = Ladder
        fields = [
            "name",
            "bots",
            "table_size",
            "games_per_pairing",
            "every_minutes",
            "division_size",
            "promoted",
        ]
        widgets = {"bots": forms.CheckboxSelectMultiple}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["division_size"].required = False  # left out: no divisions
        self.fields["promoted"].required = False  # left out: one

    def clean_division_size(self):
        return self.cleaned_data.get("division_size") or 0

    def clean_promoted(self):
        return self.cleaned_data.get("promoted") or 1

    def clean(self):
        data = super().clean()
        if not self.errors:
            sizes = (data["division_size"], data["promoted"], data["table_size"])
            checked_on(self, check_divisions, *sizes)
        return data

    def clean_every_minutes(self):
        value = self.cleaned_data["every_minutes"]
        if value < 1:
            raise forms.ValidationError(_("At least one minute."))
        return value


class RecordForm(forms.Form):
    """A call-to-glory/1 record, pasted or uploaded; valid ones only (the validator's
    reason is shown for the others)."""

    text = forms.CharField(
        label=gettext_lazy("record (JSON)"), required=False, widget=forms.Textarea({"rows": 6})
    )
    upload = forms.FileField(label=gettext_lazy("or a file"), required=False)

    def clean(self):
        data = super().clean()
        read = checked_on(self, read_submitted_record, data.get("text") or "", data.get("upload"))
        if not read:
            return data
        text = read.answer
        if not text.strip():
            raise forms.ValidationError(_("Paste a record or choose a file."))
        answer = validate_text(text)
        if not answer.get("valid"):
            error = answer.get("error") or {}
            where = ""
            if error.get("round") is not None:
                where = _('round %(round)s, move %(move)s "%(text)s": ') % error
            raise forms.ValidationError(
                _("This record is not valid: %(where)s%(reason)s")
                % {"where": where, "reason": error.get("reason", "")}
            )
        data["record"] = json.loads(text)
        return data
