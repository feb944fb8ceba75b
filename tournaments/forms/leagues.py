"""The league and season forms, and the slug and game choices the event form shares."""

from django import forms
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from games.registry import REGISTRY as GAMES
from games.registry import all_games, catalogue_game
from lib.date_inputs import LocalDateInput
from tournaments.models import League, Season
from tournaments.permissions import league_organiser_ids


def unique_slug(model, text: str, taken_by=None) -> str:
    """A slug from ``text``, with -2, -3... when the plain one is taken."""
    base = slugify(text)[:45] or "event"
    slug, n = base, 1
    while model.objects.filter(slug=slug).exclude(pk=getattr(taken_by, "pk", None)).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def game_choices_in(league: League, chosen: str | None) -> list[tuple[str, str]]:
    """The games an event of ``league`` chooses from: the site-wide ones and those its
    organisers added (docs/games.md, "Whose game it is"), and the one it plays."""
    adders = league_organiser_ids(League.objects.filter(pk=league.pk))
    choices = [(game.key, str(game.name)) for game in all_games(adders)]
    if chosen and chosen not in dict(choices):
        found = GAMES.get(chosen) or catalogue_game(chosen)
        if found is not None:
            choices.append((chosen, str(found.name)))
    return choices


class SlugFromName:
    """A form whose slug may be left out: it is made from the name (and the page fills it
    in as the name is typed)."""

    def setup_slug(self):
        self.fields["slug"].required = False
        self.fields["slug"].help_text = _("the address of the page; made from the name")
        self.fields["slug"].widget.attrs["data-slug-from"] = "name"

    def clean_slug(self):
        slug = self.cleaned_data.get("slug")
        if slug:
            return slug
        return unique_slug(self._meta.model, self.data.get("name", ""))


class LeagueForm(SlugFromName, forms.ModelForm):
    class Meta:
        model = League
        fields = ["name", "slug", "description", "visibility"]
        labels = {"slug": _("short name for the address"), "visibility": _("visibility")}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.setup_slug()


class SeasonForm(forms.ModelForm):
    class Meta:
        model = Season
        fields = ["name", "starts_on", "ends_on"]
        labels = {"starts_on": _("starts on"), "ends_on": _("ends on")}
        widgets = {
            "starts_on": LocalDateInput,
            "ends_on": LocalDateInput,
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        today = timezone.localdate()
        self.fields["name"].initial = str(today.year)
        self.fields["starts_on"].initial = today

    def clean(self):
        data = super().clean()
        starts, ends = data.get("starts_on"), data.get("ends_on")
        if starts and ends and ends < starts:
            self.add_error("ends_on", _("The season ends before it starts."))
        return data
