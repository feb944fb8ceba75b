from django import forms
from django.forms.fields import InvalidJSONInput
from django.utils.translation import gettext_lazy as _

from lib.json_input import loads_bounded


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


class BoundedJSONField(forms.JSONField):
    """Django's JSON form field read through ``lib.json_input.loads_bounded``: JSON
    nested too deeply, a lone surrogate or a key given twice is the field's error (and
    the page redisplays what was typed), never a ``RecursionError``."""

    def to_python(self, value):
        if isinstance(value, str) and value not in self.empty_values and not self.disabled:
            try:
                loads_bounded(value)
            except ValueError as exc:
                raise forms.ValidationError(
                    _("This is not JSON the site can read: %(why)s") % {"why": exc},
                    code="invalid",
                ) from None
        return super().to_python(value)

    def bound_data(self, data, initial):
        if self.disabled:
            return initial
        if data is None:
            return None
        try:
            loads_bounded(data)
        except ValueError:
            return InvalidJSONInput(data)
        return super().bound_data(data, initial)


def int_field(data, name: str, default: int | str | None = 0) -> int | str | None:
    """The integer typed in ``name``; the raw text when it is not one, so the scorer
    (or the caller) can say so beside the field; ``default`` when it is blank."""
    raw = (data.get(name) or "").strip()
    if raw == "":
        return default
    try:
        return int(raw)
    except ValueError:
        return raw
