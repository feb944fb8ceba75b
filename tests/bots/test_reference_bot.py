"""The reference remote bot (examples/remote_bot/bot.py) speaks the protocol: it
answers a signed /move with one of the legal moves and refuses what is not signed."""

import http.client
import json
import time

import pytest

from botplay.signing import PROTOCOL, signed_headers
from tests.bots.servers import start_reference_bot, stop

SECRET = "the-reference-bots-secret"
LEGAL = ["0 draw D1", "0 draw D2", "0 draw X1"]


@pytest.fixture(scope="module")
def endpoint():
    process, url = start_reference_bot(SECRET)
    yield url.removeprefix("http://")
    stop(process)


def post(endpoint, path, payload, headers):
    connection = http.client.HTTPConnection(endpoint, timeout=5)
    body = json.dumps(payload).encode()
    connection.request("POST", path, body=body, headers=headers(body))
    response = connection.getresponse()
    answer = json.loads(response.read())
    connection.close()
    return response.status, answer


def move_request(seat=0):
    return {"protocol": PROTOCOL, "match": 1, "attempt": 1, "seat": seat, "legal_moves": LEGAL}


def test_it_answers_a_signed_move_with_a_legal_move(endpoint):
    status, answer = post(endpoint, "/move", move_request(), lambda b: signed_headers(SECRET, b))
    assert status == 200
    assert answer["move"] in LEGAL


def test_it_refuses_a_request_signed_with_another_secret(endpoint):
    status, answer = post(
        endpoint, "/move", move_request(), lambda b: signed_headers("not-the-secret", b)
    )
    assert status == 401
    assert "signature" in answer["error"]


def test_it_refuses_a_body_changed_after_signing(endpoint):
    signed = signed_headers(SECRET, json.dumps(move_request(seat=0)).encode())
    status, _ = post(endpoint, "/move", move_request(seat=1), lambda b: signed)
    assert status == 401


def test_it_refuses_a_replayed_request_older_than_the_window(endpoint):
    an_hour_ago = time.time() - 3600
    status, _ = post(
        endpoint, "/move", move_request(), lambda b: signed_headers(SECRET, b, now=an_hour_ago)
    )
    assert status == 401


def test_it_refuses_a_request_without_signature_headers(endpoint):
    status, _ = post(endpoint, "/move", move_request(), lambda b: {})
    assert status == 401
