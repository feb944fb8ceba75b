"""The declarations page's forms; the checks are ``declarations.declaring``'s, their
refusals shown beside the field they name (``lib.refusal_pages``)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from declarations.models import DeclarationRule


class RuleForm(forms.Form):
    label = forms.CharField(
        label=_("what entrants declare"),
        max_length=60,
        help_text=_("e.g. deck, faction, character"),
    )
    kind = forms.ChoiceField(label=_("kind"), choices=DeclarationRule.Kind.choices)
    choices = forms.CharField(
        label=_("choices"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 4, "data-for": "rule-kind=choice"}),
        help_text=_("one a line"),
    )
    deadline = forms.DateTimeField(
        label=_("deadline"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        help_text=_("declarations lock then; the organisers may still change them"),
    )
    public = forms.BooleanField(
        label=_("public before the event ends"),
        required=False,
        initial=True,
        help_text=_("off: only the organisers and each entrant see theirs until the end"),
    )
    version = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def clean_choices(self):
        return [line.strip() for line in self.cleaned_data["choices"].splitlines() if line.strip()]

    @classmethod
    def of(cls, rule, data=None):
        initial = {}
        if rule is not None:
            initial = {
                "label": rule.label,
                "kind": rule.kind,
                "choices": "\n".join(rule.choices),
                "deadline": rule.deadline,
                "public": rule.public,
                "version": rule.version,
            }
        return cls(data, initial=initial, prefix="rule")


class DeclareForm(forms.Form):
    text = forms.CharField(label=_("your declaration"), max_length=200)
    version = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args, rule, declaration=None, label=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["text"].label = label or rule.label
        if rule.is_choice:
            choices = [("", "—"), *((choice, choice) for choice in rule.choices)]
            self.fields["text"] = forms.ChoiceField(
                label=self.fields["text"].label, choices=choices
            )
        if declaration is not None:
            self.initial.update(text=declaration.text, version=declaration.version)
