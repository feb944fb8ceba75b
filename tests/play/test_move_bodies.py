"""A move's body is read as ``MoveSerializer`` reads it (``play.api.games.move_asked``:
a plain body directly, anything else by the serializer): the same move and `at`, or
the same refusal, for bodies plain and odd."""

import pytest
from django.http import QueryDict
from rest_framework.exceptions import ValidationError

from play.api.games import MoveSerializer, move_asked

BODIES = [
    {"move": "0 draw D1"},
    {"move": "0 draw D1", "at": 0},
    {"move": "1 lay 18 2", "at": 57},
    {"move": "0 draw D1", "at": None},
    {"move": "0 draw D1", "at": -1},
    {"move": "0 draw D1", "at": "3"},
    {"move": "0 draw D1", "at": 3.0},
    {"move": "0 draw D1", "at": 3.5},
    {"move": "0 draw D1", "at": True},
    {"move": " 0 draw D1 "},
    {"move": ""},
    {"move": "   "},
    {"move": "x" * 40},
    {"move": "x" * 41},
    {"move": " " + "x" * 40},
    {"move": "0 draw\x00D1"},
    {"move": "0 draw\ud800"},
    {"move": "0 zieh D1 ä"},
    {"move": 5},
    {"move": True},
    {"move": None},
    {"move": ["0 draw D1"]},
    {"at": 3},
    {},
    [],
    ["0 draw D1"],
    "0 draw D1",
    QueryDict("move=0+draw+D1&at=4"),
    QueryDict("move=0+draw+D1"),
]


def as_serializer_reads(body):
    form = MoveSerializer(data=body)
    if not form.is_valid():
        return form.errors
    return form.validated_data["move"], form.validated_data.get("at")


@pytest.mark.parametrize("body", BODIES, ids=repr)
def test_a_body_is_read_or_refused_as_the_serializer_reads_it(body):
    try:
        read = move_asked(body)
    except ValidationError as refused:
        read = refused.detail
    assert read == as_serializer_reads(body)
