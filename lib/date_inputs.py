"""Date and date-and-time fields typed as the page's language writes them ("28 Nov 2026",
"28.11.2026"), not the browser's own date picker: Chrome shows ``<input type="date">``
in the browser's language (mm/dd/yyyy for an American English browser) whatever
language the page speaks, and takes nothing else. The field shows its value in the
first of the language's input formats (``lib/formats/``) and its placeholder is an
example date written the same way; it accepts every format of the language."""

from datetime import date, datetime

from django import forms

EXAMPLE = datetime(2026, 11, 28, 19, 30)


class LocalDateInput(forms.DateInput):
    input_type = "text"

    def get_context(self, name, value, attrs):
        context = super().get_context(name, value, attrs)
        example = date(EXAMPLE.year, EXAMPLE.month, EXAMPLE.day)
        context["widget"]["attrs"].setdefault("placeholder", self.format_value(example))
        context["widget"]["attrs"].setdefault("autocomplete", "off")
        return context


class LocalDateTimeInput(forms.DateTimeInput):
    input_type = "text"

    def get_context(self, name, value, attrs):
        context = super().get_context(name, value, attrs)
        context["widget"]["attrs"].setdefault("placeholder", self.format_value(EXAMPLE))
        context["widget"]["attrs"].setdefault("autocomplete", "off")
        return context
