"""``manage.py validate_game PATH [PATH ...]``: validate call-to-glory/1 records.

One path prints the validator's bare JSON answer; several print one JSON object per line
with a "path" key added. ``-`` reads standard input. Exit status: 0 all valid, 1 any
invalid, 2 misuse (no such file, bad flag). Never touches the database.
"""

import json
import sys

from django.conf import settings
from django.core.management.base import BaseCommand

from games.call_to_glory import DEFAULT_MAX_BYTES, validate_record


class Command(BaseCommand):
    help = "Validate Call to Glory game records (call-to-glory/1) and print the results as JSON."
    requires_system_checks = []
    requires_migrations_checks = False

    def add_arguments(self, parser):
        parser.add_argument("paths", nargs="+", metavar="PATH", help="record file, or - for stdin")

    def handle(self, *args, **options):
        limit = getattr(settings, "VALIDATOR_MAX_BYTES", DEFAULT_MAX_BYTES)
        paths = options["paths"]
        texts = []
        for path in paths:
            try:
                texts.append(read_limited(path, limit))
            except OSError as exc:
                self.stderr.write(f"validate_game: cannot read {path}: {exc.strerror or exc}")
                sys.exit(2)
        all_valid = True
        for path, data in zip(paths, texts, strict=True):
            result = (
                validate_record(data, max_bytes=limit)
                if data is not None
                else {"valid": False, "error": {"round": None, "move": None, "text": None,
                      "reason": f"the record is larger than the limit of {limit} bytes"}}
            )  # fmt: skip
            all_valid = all_valid and result["valid"]
            if len(paths) > 1:
                result = {"path": path, **result}
            self.stdout.write(json.dumps(result, ensure_ascii=False))
        sys.exit(0 if all_valid else 1)


def read_limited(path: str, limit: int) -> bytes | None:
    """The file's bytes, or None when it is larger than ``limit`` (read no further)."""
    if path == "-":
        stream = sys.stdin.buffer
        data = stream.read(limit + 1)
    else:
        with open(path, "rb") as stream:
            data = stream.read(limit + 1)
    return None if len(data) > limit else data
