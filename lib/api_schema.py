"""The answers every API operation can give besides its own, written into the OpenAPI
schema (a drf-spectacular post-processing hook), so that clients and schemathesis know
them: 403 (not allowed), 404 (no such object, or page), 400 (a body or query refused),
409 (the request clashes with the current state), 413 (a body over the size limit), 422
(an ``Idempotency-Key`` used on another request) and 429 (a rate limit, or too many
failed logins, with ``Retry-After``: lib.throttles, accounts.lockout). Each
is a JSON object; refusals carry ``detail``, ``code`` and ``field``, DRF's field errors
a list of messages per field."""

ERROR = {
    "type": "object",
    "description": "A refusal: `detail` says why (`code` and `field` when known); a "
    "body whose fields were refused maps each field to its messages.",
    "properties": {
        "detail": {"type": "string"},
        "code": {"type": "string"},
        "field": {"type": "string"},
    },
    "additionalProperties": True,
}

ANSWERS = {
    "400": "The request was refused: the reason is in the answer.",
    "403": "Not allowed (not logged in, or not permitted).",
    "404": "No such object, or no such page.",
    "409": "The request clashes with the current state (e.g. a finished event).",
    "413": "The body is larger than the site accepts.",
    "422": "This Idempotency-Key was used on another request or body.",
    "429": 'Too many requests (the API\'s rate limits: README, "The API"), or too many '
    "failed logins for this account or address: ask again after `Retry-After` seconds.",
}
RETRY_AFTER = {
    "Retry-After": {
        "description": "seconds to wait before asking again",
        "schema": {"type": "integer"},
    }
}
WRITES = {"post", "put", "patch", "delete"}


def codes_for(method: str, operation: dict) -> list[str]:
    codes = ["400", "403", "404", "409", "429"]
    if method in WRITES:
        codes.append("413")
    headers = {p.get("name") for p in operation.get("parameters", []) if p.get("in") == "header"}
    if "Idempotency-Key" in headers:
        codes.append("422")
    return codes


def add_error_answers(result, **_hook):
    result.setdefault("components", {}).setdefault("schemas", {})["Error"] = ERROR
    reference = {"$ref": "#/components/schemas/Error"}
    for operations in result.get("paths", {}).values():
        for method, operation in operations.items():
            if method not in WRITES | {"get"}:
                continue
            responses = operation.setdefault("responses", {})
            for code in codes_for(method, operation):
                answer = {
                    "description": ANSWERS[code],
                    "content": {"application/json": {"schema": reference}},
                }
                if code == "429":
                    answer["headers"] = RETRY_AFTER
                responses.setdefault(code, answer)
    return result
