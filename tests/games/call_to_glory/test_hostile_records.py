"""Hostile input: whatever is put anywhere in a record, the validator answers with a dict."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from games.call_to_glory import score_table, validate_record

from .builders import load

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner,
                                                                max_size=4),
    max_leaves=12,
)  # fmt: skip


def paths(node, path=()):
    yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from paths(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node[:6]):
            yield from paths(value, (*path, index))


RECORD = load("imperial-task-example.json")
PATHS = list(paths(RECORD))


def replaced(doc, path, value):
    doc = json.loads(json.dumps(doc))
    if not path:
        return value
    node = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return doc


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(PATHS), json_values)
def test_any_value_anywhere_gives_an_answer_not_an_exception(path, value):
    answer = validate_record(replaced(RECORD, path, value))
    assert set(answer) >= {"valid"}
    if not answer["valid"]:
        assert set(answer["error"]) == {"round", "move", "text", "reason"}
        json.dumps(answer)


@settings(max_examples=60, deadline=None)
@given(json_values)
def test_any_json_gives_a_table_answer_not_an_exception(value):
    answer = score_table(json.dumps({"format": "call-to-glory-table/1", "players": ["a", "b"],
                                     "options": {"rounds": 2}, "rounds": [value]}))  # fmt: skip
    assert "valid" in answer
