"""The rules profile as a form: one field per rule, in people's words, read from and
turned back into the stored profile (the engine's ``load_profile`` still checks the
result, so the page refuses what the engine refuses)."""

import re

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.call_to_adventure.profile import NAME

MAX_LEVELS = 20
MAX_BONUSES = 12
EXTRA_ROWS = 2  # empty rows offered beyond the profile's, to lengthen a table
SEPARATOR = re.compile(r"[\s,]+")

COLUMN_CHOICES = [
    ("", _("neither")),
    ("triumph", _("Triumph")),
    ("tragedy", _("Tragedy")),
]


def names_field(label, help_text) -> forms.CharField:
    return forms.CharField(
        label=label,
        help_text=help_text,
        max_length=1000,
        widget=forms.TextInput(attrs={"autocapitalize": "none", "spellcheck": "false"}),
    )


class RulesProfileForm(forms.Form):
    """``profile``: the profile in use (its name and version are kept; applying bumps
    the version). The bonus and track tables get their rows from the posted data, else
    from the profile, with ``EXTRA_ROWS`` empty rows to grow them."""

    title = forms.CharField(
        label=_("Name of the rules"),
        help_text=_("How the rules are named where results are shown."),
        max_length=200,
    )
    story_icons = names_field(
        _("Story icons"),
        _("The Story icons on the cards, in lower case, separated by commas."),
    )
    abilities = names_field(
        _("Abilities"),
        _("The Abilities on the cards, in lower case, separated by commas."),
    )
    icon_bonus_note = forms.CharField(
        label=_("Note on the bonus table"),
        help_text=_("Where the numbers come from, for the next organiser."),
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
    )
    track_length = forms.IntegerField(
        label=_("Levels on the Corruption track"),
        help_text=_("Rows below this number are ignored; to add levels, raise it."),
        min_value=2,
        max_value=MAX_LEVELS,
    )
    corruption_start = forms.IntegerField(
        label=_("Level a hero's marker starts on"),
        min_value=1,
        max_value=MAX_LEVELS,
    )
    corruption_note = forms.CharField(
        label=_("Note on the track"),
        help_text=_("What is known about it and from where, for the players."),
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
    )
    reason = forms.CharField(
        label=_("Why the rules change (the players see it)"),
        required=False,
        max_length=500,
    )

    def __init__(self, profile: dict, data=None):
        self.base = profile
        corruption = profile["corruption"]
        super().__init__(data, initial=initial_of(profile))
        bonuses = len(profile["icon_bonus"]) + EXTRA_ROWS
        levels = len(corruption["levels"]) + EXTRA_ROWS
        if data is not None:
            bonuses = max(bonuses, posted_rows(data, r"icon_bonus_(\d+)"))
            levels = max(levels, posted_rows(data, r"level_(\d+)_points") - 1)
        self.bonus_count = min(bonuses, MAX_BONUSES)
        self.level_count = min(levels, MAX_LEVELS)
        for count in range(self.bonus_count):
            self.fields[f"icon_bonus_{count}"] = forms.IntegerField(
                label=bonus_label(count), required=False, min_value=0, max_value=10**6
            )
        for level in range(1, self.level_count + 1):
            self.fields[f"level_{level}_name"] = forms.CharField(
                label=_("Level %(n)d: name") % {"n": level}, required=False, max_length=80
            )
            self.fields[f"level_{level}_points"] = forms.IntegerField(
                label=_("Level %(n)d: points") % {"n": level},
                required=False,
                min_value=-(10**6),
                max_value=10**6,
            )
            self.fields[f"level_{level}_column"] = forms.ChoiceField(
                label=_("Level %(n)d: counts as") % {"n": level},
                choices=COLUMN_CHOICES,
                required=False,
            )

    # -- what the template lays out --------------------------------------------------
    def bonus_fields(self) -> list:
        return [self[f"icon_bonus_{count}"] for count in range(self.bonus_count)]

    def level_rows(self) -> list[tuple]:
        return [
            (
                level,
                self[f"level_{level}_name"],
                self[f"level_{level}_points"],
                self[f"level_{level}_column"],
            )
            for level in range(1, self.level_count + 1)
        ]

    # -- checks in people's words ----------------------------------------------------
    def clean_story_icons(self):
        return check_names(self.cleaned_data["story_icons"])

    def clean_abilities(self):
        return check_names(self.cleaned_data["abilities"])

    def clean(self):
        cleaned = super().clean()
        shared = set(cleaned.get("story_icons") or ()) & set(cleaned.get("abilities") or ())
        if shared:
            self.add_error(
                "abilities",
                _("“%(name)s” is both a Story icon and an Ability.") % {"name": min(shared)},
            )
        self.check_bonuses(cleaned)
        length, start = cleaned.get("track_length"), cleaned.get("corruption_start")
        if length and start and start > length:
            self.add_error(
                "corruption_start",
                _("The track has %(length)d levels: the marker cannot start on %(start)d.")
                % {"length": length, "start": start},
            )
        return cleaned

    def check_bonuses(self, cleaned) -> None:
        values = [cleaned.get(f"icon_bonus_{count}") for count in range(self.bonus_count)]
        while values and values[-1] is None:
            values.pop()
        if len(values) < 2:
            self.add_error("icon_bonus_1", _("Give the bonus for 0 and for 1 icon at least."))
        elif None in values:
            gap = values.index(None)
            self.add_error(
                f"icon_bonus_{gap}",
                _("Give a bonus here too: the table runs without gaps to its last number."),
            )

    # -- the stored profile ----------------------------------------------------------
    def profile(self) -> dict:
        """The edited profile, in the stored shape (call after ``is_valid``)."""
        data = self.cleaned_data
        bonuses = [data.get(f"icon_bonus_{count}") for count in range(self.bonus_count)]
        while bonuses and bonuses[-1] is None:
            bonuses.pop()
        return {
            "name": self.base["name"],
            "version": self.base["version"],
            "title": data["title"],
            "story_icons": data["story_icons"],
            "abilities": data["abilities"],
            "icon_bonus": bonuses,
            "icon_bonus_note": data["icon_bonus_note"],
            "corruption": {
                "start": data["corruption_start"],
                "levels": [self.level(number) for number in range(1, data["track_length"] + 1)],
                "note": data["corruption_note"],
            },
        }

    def level(self, number: int) -> dict:
        data = self.cleaned_data
        return {
            "level": number,
            "name": data.get(f"level_{number}_name") or None,
            "points": data.get(f"level_{number}_points"),
            "column": data.get(f"level_{number}_column") or None,
        }

    def field_of(self, path: str | None) -> str | None:
        """The form field of a dotted key the engine named (``corruption.levels.2.points``
        is ``level_3_points``), ``None`` when it has none."""
        parts = (path or "").split(".")
        if parts[:2] == ["corruption", "levels"] and len(parts) >= 4 and parts[2].isdigit():
            name = f"level_{int(parts[2]) + 1}_{parts[3]}"
        elif parts[0] == "icon_bonus" and len(parts) == 2:
            name = f"icon_bonus_{parts[1]}"
        elif parts[0] in ("story_icons", "abilities"):
            name = parts[0]
        else:
            name = "_".join(parts)
        return name if name in self.fields else None


def bonus_label(count: int) -> str:
    return ngettext(
        "Bonus for %(n)d icon of one kind", "Bonus for %(n)d icons of one kind", count
    ) % {"n": count}


def initial_of(profile: dict) -> dict:
    corruption = profile["corruption"]
    initial = {
        "title": profile.get("title", ""),
        "story_icons": ", ".join(profile["story_icons"]),
        "abilities": ", ".join(profile["abilities"]),
        "icon_bonus_note": profile.get("icon_bonus_note", ""),
        "track_length": len(corruption["levels"]),
        "corruption_start": corruption["start"],
        "corruption_note": corruption.get("note", ""),
    }
    for count, bonus in enumerate(profile["icon_bonus"]):
        initial[f"icon_bonus_{count}"] = bonus
    for row in corruption["levels"]:
        number = row["level"]
        initial[f"level_{number}_name"] = row.get("name") or ""
        initial[f"level_{number}_points"] = row.get("points")
        initial[f"level_{number}_column"] = row.get("column") or ""
    return initial


def posted_rows(data, pattern: str) -> int:
    """One more than the highest row number posted for ``pattern``."""
    numbers = [int(m.group(1)) for key in data if (m := re.fullmatch(pattern, key))]
    return max(numbers, default=-1) + 1


def check_names(text: str) -> list[str]:
    names = [name for name in SEPARATOR.split(text.strip()) if name]
    if not names:
        raise forms.ValidationError(_("Name at least one."))
    for name in names:
        if not NAME.match(name):
            raise forms.ValidationError(
                _("“%(name)s”: a name is a lower-case word (letters, digits, - or _).")
                % {"name": name}
            )
    twice = [name for i, name in enumerate(names) if name in names[:i]]
    if twice:
        raise forms.ValidationError(_("“%(name)s” is named twice.") % {"name": twice[0]})
    return names
