"""The API's JSON parser: DRF's, read through ``games.json_input.loads_bounded``, so a
body nested 50,000 levels deep, a lone surrogate, a key given twice, ``NaN`` or bytes
that are not UTF-8 get a 400 that says which, never a server error."""

from django.conf import settings
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from games.json_input import loads_bounded


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
