"""Dates written with dots, the day first ("28.11.2026"), in pages and in forms; a
form's date field shows and accepts the first of its ``*_INPUT_FORMATS`` and accepts
the others (two-digit years, the ISO forms). The rest is Django's own."""

DATE_FORMAT = "d.m.Y"
DATETIME_FORMAT = "d.m.Y, H:i"
DATE_INPUT_FORMATS = ["%d.%m.%Y", "%d.%m.%y", "%Y-%m-%d"]
DATETIME_INPUT_FORMATS = [
    "%d.%m.%Y %H:%M",
    "%d.%m.%Y %H:%M:%S",
    "%d.%m.%y %H:%M",
    "%Y-%m-%dT%H:%M",
    "%Y-%m-%d %H:%M",
    "%Y-%m-%d %H:%M:%S",
]
