"""``lib.api_validation.validated``: one serializer per class validates every request,
and gives what ``is_valid`` gives, refusals worded the same."""

import pytest
from rest_framework import serializers

from lib.api_validation import validated
from scoring.api import BasisSerializer, EntrySerializer

ENTRY = {"kind": "call-to-glory-table/1", "entry": {"rounds": []}, "round": 2}


def by_is_valid(serializer, data):
    """What the serializer built for the request gives: its data, or its refusal."""
    checked = serializer(data=data)
    if checked.is_valid():
        return checked.validated_data
    return checked.errors


def by_validated(serializer, data):
    try:
        return validated(serializer, data)
    except serializers.ValidationError as refused:
        return refused.detail


@pytest.mark.parametrize(
    "serializer, data",
    [
        (EntrySerializer, ENTRY),
        (EntrySerializer, {**ENTRY, "round": 0}),
        (EntrySerializer, {"entry": {}}),
        (EntrySerializer, ["not", "an", "object"]),
        (BasisSerializer, {}),
        (BasisSerializer, {"basis": "x" * 41}),
        (BasisSerializer, None),
    ],
)
def test_it_gives_what_is_valid_gives(serializer, data):
    assert by_validated(serializer, data) == by_is_valid(serializer, data)


def test_a_request_keeps_nothing_of_the_one_before():
    assert validated(BasisSerializer, {"basis": "abc"}) == {"basis": "abc"}
    assert validated(BasisSerializer, {}) == {}
    assert validated(EntrySerializer, ENTRY)["round"] == 2
    without_round = {name: value for name, value in ENTRY.items() if name != "round"}
    assert "round" not in validated(EntrySerializer, without_round)
