"""schemathesis over the API's own OpenAPI schema, a few examples per operation, as staff
(who may reach every code path): no answer is a server error, every status is one the
schema documents, and every answer is JSON of the documented shape. (docs/benchmarks.md
has the long run.)"""

import pytest
import schemathesis
from django.core import signals
from django.db import close_old_connections
from hypothesis import HealthCheck, given, settings
from rest_framework.authtoken.models import Token
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from config.wsgi import application

EXAMPLES_PER_OPERATION = 4
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]

pytestmark = pytest.mark.django_db


@pytest.fixture
def in_process_requests():
    """Like Django's test client, requests to the WSGI app keep the test's database
    connection open (and its transaction)."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


def fuzz(schema, headers, media_type=None, examples=EXAMPLES_PER_OPERATION) -> tuple[int, dict]:
    """Run every operation (with a body of ``media_type`` when given, those that take
    one) a few times; how many operations ran and each one's failure."""
    failures, tested = {}, 0
    for result in schema.get_all_operations():
        operation = result.ok()
        if media_type is not None:
            if media_type not in schema.get_request_payload_content_types(operation):
                continue
        tested += 1

        @given(case=operation.as_strategy(media_type=media_type))
        @settings(
            max_examples=examples,
            deadline=None,
            derandomize=True,
            suppress_health_check=list(HealthCheck),
            database=None,
        )
        def exercise(case):
            case.call_and_validate(headers=headers, checks=CHECKS)

        try:
            exercise()
        except Exception as failure:  # noqa: BLE001 - every operation's failure is reported
            failures[operation.label] = described(failure)[:4000]
    return tested, failures


def described(failure: BaseException) -> str:
    """The failure and, for a group (hypothesis's ``FlakyFailure``), what it holds."""
    text = f"{type(failure).__name__}: {failure}"
    for inner in getattr(failure, "exceptions", ()):
        text += "\n  " + described(inner).replace("\n", "\n  ")
    return text


def staff_headers(staff) -> dict:
    return {"Authorization": f"Token {Token.objects.create(user=staff).key}"}


def test_no_api_answer_is_a_server_error_or_undocumented(in_process_requests, staff, table):
    """``table`` gives the paths an event, a round and a table to find."""
    schema = schemathesis.openapi.from_wsgi("/api/schema/", application)
    tested, failures = fuzz(schema, staff_headers(staff))
    assert tested >= 40
    assert not failures, "\n\n".join(f"{label}: {why}" for label, why in failures.items())


@pytest.mark.parametrize("media_type", ["application/x-www-form-urlencoded", "multipart/form-data"])
def test_no_form_or_multipart_body_is_a_server_error(in_process_requests, staff, table, media_type):
    """The same bodies sent as forms: their JSON values go through the form parsers and
    ``lib.api_fields``, not the JSON parser (issue 29: 50,000 levels deep was a 500)."""
    schema = schemathesis.openapi.from_wsgi("/api/schema/", application)
    tested, failures = fuzz(schema, staff_headers(staff), media_type, examples=2)
    assert tested >= 15
    assert not failures, "\n\n".join(f"{label}: {why}" for label, why in failures.items())
