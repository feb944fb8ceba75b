"""English dates and times (docs/architecture.md, "Dates"): the day first and the month
in letters, never the American month first ("28 Nov 2026", so 03/04 is never a
question); a 24-hour clock. German and Russian write dates with dots (``de``, ``ru``).
A form's date field shows and accepts the first of its ``*_INPUT_FORMATS``, and accepts
the others (the ISO forms in every language)."""

TIME_FORMAT = "H:i"
DATE_FORMAT = "j M Y"
SHORT_DATE_FORMAT = "j M Y"
SHORT_DATETIME_FORMAT = "j M Y, H:i"
# A date and time inside a sentence: no "a.m." whose period doubles the sentence's.
DATETIME_FORMAT = "j F Y, H:i"
DATE_INPUT_FORMATS = ["%d %b %Y", "%Y-%m-%d", "%d %B %Y", "%d %b, %Y", "%d %B, %Y"]
DATETIME_INPUT_FORMATS = [
    "%d %b %Y %H:%M",
    "%Y-%m-%d %H:%M",
    "%Y-%m-%dT%H:%M",
    "%Y-%m-%d %H:%M:%S",
    "%d %B %Y %H:%M",
    "%d %b %Y, %H:%M",
]
