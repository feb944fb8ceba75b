from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework.decorators import api_view, parser_classes, permission_classes
from rest_framework.parsers import BaseParser, MultiPartParser
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from games.validation import read_submitted_record, validate_text


class RawJSONParser(BaseParser):
    """Hands the body over as bytes: the validator decodes and parses it itself, with its
    own limits and error messages, so malformed JSON (or text that is not UTF-8) gets the
    spec's answer, the same as on the page and from the command."""

    media_type = "application/json"

    def parse(self, stream, _media_type=None, _parser_context=None):
        return stream.read() if stream is not None else b""


@extend_schema(
    request={"application/json": OpenApiTypes.OBJECT, "multipart/form-data": OpenApiTypes.OBJECT},
    responses={200: OpenApiTypes.OBJECT},
    examples=[
        OpenApiExample(
            "an invalid record",
            response_only=True,
            value={
                "valid": False,
                "error": {"round": 1, "move": 3, "text": "0 lay 14 2", "reason": "..."},
            },
        )
    ],
    description="Validate a call-to-glory/1 record: send it as the JSON body, or as a "
    "multipart file field `record`. The answer is the validator's JSON "
    "(shared spec game-record.md); an invalid record is still a 200 with valid=false.",
)
@api_view(["POST"])
@permission_classes([AllowAny])
@parser_classes([RawJSONParser, MultiPartParser])
def validate(request):
    if isinstance(request.data, bytes):
        text = request.data
    else:
        text = read_submitted_record("", request.data.get("record"), upload_field="record")
        if request.data.get("record") is None:
            return Response(
                {"detail": "Send the record as the JSON body or a file field named 'record'."},
                status=400,
            )
    return Response(validate_text(text))
