"""The import page's two forms: the file, then what to do with each player no person of
the league answers to. The second carries the file's text in a hidden field, read and
checked again when it is sent: the page keeps nothing between the two steps."""

from django import forms
from django.utils.translation import gettext_lazy as _

from lib.refusal import attempted
from lib.refusal_pages import checked_on
from tournaments.bgstats.players import SKIP, WALK_IN, league_people, matched
from tournaments.bgstats.reading import MAX_BYTES, read_text

PERSON = "person:"  # a choice naming one of the league's people by username


class UploadForm(forms.Form):
    file = forms.FileField(
        label=_("BG Stats export file"),
        help_text=_("in BG Stats: Settings, Backup, Export data (a .json file)"),
    )

    def clean(self):
        data = super().clean()
        upload = data.get("file")
        if upload is None:
            return data
        if upload.size > MAX_BYTES:
            raise forms.ValidationError(
                _("The file has %(size)s bytes; an import takes at most %(most)s.")
                % {"size": upload.size, "most": MAX_BYTES}
            )
        try:
            data["text"] = upload.read().decode("utf-8-sig")
        except UnicodeDecodeError:
            raise forms.ValidationError(_("The file is not UTF-8 text.")) from None
        data["read"] = checked_on(self, read_text, data["text"]).answer
        return data


class PlayersForm(forms.Form):
    """A choice for each player of the file no person of the league answers to."""

    content = forms.CharField(widget=forms.HiddenInput, max_length=MAX_BYTES, strip=False)

    def __init__(self, league, data=None, text: str = "", read=None):
        super().__init__(data, initial={"content": text})
        if data is not None:
            text = data.get("content", "")
            read = attempted(read_text, text).answer if len(text) <= MAX_BYTES else None
        self.read = read
        self.people = {person.username: person for person in league_people(league)}
        self.matches = matched(league, read.players) if read else {}
        options = [
            (WALK_IN, _("a new walk-in of this name")),
            (SKIP, _("skip: leave out their plays")),
            *[(PERSON + username, str(person)) for username, person in self.people.items()],
        ]
        for ref, person in self.matches.items():
            if person is None:
                self.fields[f"player_{ref}"] = forms.ChoiceField(
                    label=read.players[ref].name, choices=options, initial=WALK_IN
                )

    @property
    def matched_players(self) -> list[tuple[str, object]]:
        """(name in the file, person) of the players matched by name."""
        return [
            (self.read.players[ref].name, person)
            for ref, person in self.matches.items()
            if person is not None
        ]

    def clean(self):
        data = super().clean()
        if self.read is None and "content" in data:
            checked_on(self, read_text, data["content"])
        return data

    @property
    def chosen(self) -> dict:
        """What the organiser chose for each unmatched player, by their ref in the file."""
        answer = {}
        for ref, person in self.matches.items():
            if person is None:
                value = self.cleaned_data[f"player_{ref}"]
                answer[ref] = (
                    self.people[value.removeprefix(PERSON)] if value.startswith(PERSON) else value
                )
        return answer
