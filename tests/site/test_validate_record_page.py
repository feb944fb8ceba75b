import json
from pathlib import Path

import pytest

EXAMPLES = Path("tests/games/call_to_glory/fixtures")
pytestmark = pytest.mark.django_db


def example_record() -> dict:
    return json.loads((EXAMPLES / "rulebook-60-36.json").read_text())


def test_the_page_shows_the_scores_of_a_pasted_record(client):
    response = client.post(
        "/games/call-to-glory/validate/", {"record": json.dumps(example_record())}
    )
    assert response.status_code == 200
    assert response.context["result"]["totals"] == [60, 36]
    assert b"A valid game" in response.content


def test_the_page_highlights_the_faulty_move(client):
    record = example_record()
    moves = record["rounds"][0]["moves"]
    moves[1] = moves[0]  # the same draw twice
    response = client.post("/games/call-to-glory/validate/", {"record": json.dumps(record)})
    result = response.context["result"]
    assert result["valid"] is False
    assert result["error"]["move"] == 2
    faulty = [move for move in response.context["moves"] if move["faulty"]]
    assert [move["number"] for move in faulty] == [2]
    assert b'id="faulty-move"' in response.content


def test_the_page_reads_an_uploaded_file(client):
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("game.json", json.dumps(example_record()).encode())
    response = client.post("/games/call-to-glory/validate/", {"upload": upload})
    assert response.context["result"]["places"] == [1, 2]


def test_the_page_asks_for_a_record_when_given_nothing(client):
    response = client.post("/games/call-to-glory/validate/", {})
    assert b"Paste a record or choose a file." in response.content


def test_the_api_validates_a_json_body(client):
    response = client.post(
        "/api/games/call-to-glory/validate/",
        data=json.dumps(example_record()),
        content_type="application/json",
    )
    assert response.status_code == 200
    expected = json.loads((EXAMPLES / "rulebook-60-36.result.json").read_text())
    assert response.json() == expected


def test_the_api_answers_broken_json_with_the_validators_error(client):
    response = client.post(
        "/api/games/call-to-glory/validate/", data="{not json", content_type="application/json"
    )
    assert response.status_code == 200
    answer = response.json()
    assert answer["valid"] is False
    assert answer["error"]["round"] is None
