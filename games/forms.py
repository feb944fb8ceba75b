from django import forms
from django.utils.translation import gettext_lazy as _


class RecordForm(forms.Form):
    record = forms.CharField(
        label=_("Paste a call-to-glory/1 record"),
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
        required=False,
    )
    upload = forms.FileField(label=_("or upload a record file"), required=False)

    def clean(self):
        data = super().clean()
        if not data.get("record") and not data.get("upload"):
            raise forms.ValidationError(_("Paste a record or choose a file."))
        return data
