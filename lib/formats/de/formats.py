"""German dates are written day first, with dots (``lib.formats.day_first``)."""

from lib.formats.day_first import (  # noqa: F401  Django reads them from this module
    DATE_FORMAT,
    DATE_INPUT_FORMATS,
    DATETIME_FORMAT,
    DATETIME_INPUT_FORMATS,
)
