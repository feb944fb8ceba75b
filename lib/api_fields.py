"""The API's JSON values sent as form fields. DRF's parsers read a JSON body through
``lib.api_parsers`` (bounded), but a form-encoded or multipart body carries each
JSON value as text that DRF's ``JSONField`` reads with ``json.loads``: 50,000 ``[`` end
in a ``RecursionError`` and a key given twice keeps the last. ``BoundedJSONField`` reads
that text through ``lib.json_input.loads_bounded``; ``ModelSerializer`` gives every
model ``JSONField`` it, so every API serializer with a JSON value refuses the same
things whatever the body's content type, naming the field."""

from django.db import models
from django.utils.translation import gettext as _
from rest_framework import serializers

from lib.json_input import loads_bounded


class BoundedJSONField(serializers.JSONField):
    def to_internal_value(self, data):
        if not getattr(data, "is_json_string", False):  # already parsed from a JSON body
            return super().to_internal_value(data)
        try:
            return loads_bounded(data)
        except ValueError as exc:
            raise serializers.ValidationError(
                _("This is not JSON the site can read: %(why)s") % {"why": exc}
            ) from None


class ModelSerializer(serializers.ModelSerializer):
    serializer_field_mapping = {
        **serializers.ModelSerializer.serializer_field_mapping,
        models.JSONField: BoundedJSONField,
    }
