"""The small forms of the table page (the entry pages read their many counters
directly and let the scorer say what is wrong)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from games.validation import read_submitted_record
from lib.refusal_pages import checked_on


class DisputeForm(forms.Form):
    comment = forms.CharField(
        label=_("What is wrong?"),
        widget=forms.Textarea(attrs={"rows": 3}),
        max_length=2000,
    )


class SettleForm(forms.Form):
    accept = forms.TypedChoiceField(
        label=_("Decision"),
        choices=[("yes", _("Accept this result")), ("no", _("Reject it: enter it again"))],
        coerce=lambda value: value == "yes",
        widget=forms.RadioSelect,
    )
    reason = forms.CharField(
        label=_("Reason (the players see it)"),
        widget=forms.Textarea(attrs={"rows": 2}),
        max_length=2000,
    )


class RecordForm(forms.Form):
    record = forms.CharField(
        label=_("Paste the game record (call-to-glory/1 JSON)"),
        widget=forms.Textarea(attrs={"rows": 4}),
        required=False,
    )
    record_file = forms.FileField(label=_("or upload the file"), required=False)

    def clean(self):
        """An uploaded file is read under the site's one record limit
        (``VALIDATOR_MAX_BYTES``, as on the validator page and the replay upload)."""
        cleaned = super().clean()
        upload = cleaned.get("record_file")
        if upload:
            read = checked_on(self, read_submitted_record, "", upload)
            if not read:
                return cleaned
            try:
                cleaned["record"] = read.answer.decode("utf-8")
            except UnicodeDecodeError:
                raise forms.ValidationError(_("The file is not UTF-8 text.")) from None
        if not (cleaned.get("record") or "").strip():
            raise forms.ValidationError(_("Paste a record or choose its file."))
        return cleaned
