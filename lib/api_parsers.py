"""The API's parsers. JSON: DRF's, read through ``lib.json_input.loads_bounded``, so a
body nested 50,000 levels deep, a lone surrogate, a key given twice, ``NaN`` or bytes
that are not UTF-8 get a 400 that says which, never a server error.

Multipart: DRF's puts a file part into ``request.data`` beside the text fields, where
views and form readers expect text (a slip's entry form with its ``round`` sent as a
file was a 500). No endpoint of the default set takes a file (the record validator,
which does, names its own parsers), so a file part is refused with a 400 naming it, its
files closed at once."""

from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser, MultiPartParser

from lib.json_input import loads_bounded
from lib.refusal import Refusal


class BoundedJSONParser(JSONParser):
    def parse(self, stream, _media_type=None, parser_context=None):
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        data = stream.read() if stream is not None else b""
        try:
            return loads_bounded(data.decode(encoding))
        except UnicodeDecodeError:
            raise ParseError(f"The body is not {encoding} text.") from None
        except ValueError as exc:
            raise ParseError(f"JSON parse error: {exc}") from None


class TextOnlyMultiPartParser(MultiPartParser):
    def parse(self, stream, media_type=None, parser_context=None):
        parsed = super().parse(stream, media_type, parser_context)
        if not parsed.files:
            return parsed
        # Nothing will own the files now: closed here, not by the garbage collector (a
        # large body's parts are temporary files, each an open descriptor).
        for _name, uploads in parsed.files.lists():
            for upload in uploads:
                upload.close()
        raise Refusal(
            _("%(field)s was sent as a file; this address takes only text fields.")
            % {"field": next(iter(parsed.files))},
            field=next(iter(parsed.files)),
        )
