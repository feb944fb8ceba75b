"""``manage.py validate_game``: JSON out, exit 0 valid, 1 invalid, 2 misuse; no database.
The first test starts ``manage.py`` itself; the others run the command as it would, in
this process (tests.fixtures.commands)."""

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.fixtures.commands import Ran, run_command
from tests.site.test_hostile_input import RECORDS

from .builders import FIXTURES, load

ROOT = Path(__file__).resolve().parents[3]
PYTHON = ROOT / ".venv" / "bin" / "python"
GOOD = str(FIXTURES / "rulebook-60-36.json")


def validate_in_a_process(*args: str) -> subprocess.CompletedProcess:
    python = str(PYTHON) if PYTHON.exists() else sys.executable
    return subprocess.run(
        [python, "manage.py", "validate_game", *args],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip


def validate(*args: str, stdin: str | None = None) -> Ran:
    return run_command("validate_game", *args, stdin=stdin)


def bad_record(tmp_path: Path) -> str:
    record = load("rulebook-60-36.json")
    record["rounds"][0]["moves"][2] = "0 lay 18 1"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    return str(path)


def test_one_valid_path_prints_the_bare_answer_and_exits_0():
    done = validate_in_a_process(GOOD)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == load("rulebook-60-36.result.json")


def test_an_invalid_record_prints_its_error_and_exits_1(tmp_path):
    done = validate(bad_record(tmp_path))
    assert done.returncode == 1
    assert json.loads(done.stdout)["error"] == {
        "round": 1, "move": 3, "text": "0 lay 18 1", "reason": "a set needs at least 2 cards"
    }  # fmt: skip


def test_several_paths_print_one_json_line_each_with_its_path(tmp_path):
    bad = bad_record(tmp_path)
    done = validate(GOOD, bad)
    assert done.returncode == 1
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [line["path"] for line in lines] == [GOOD, bad]
    assert [line["valid"] for line in lines] == [True, False]


def test_a_dash_reads_standard_input():
    done = validate("-", stdin=(FIXTURES / "rulebook-60-36.json").read_text())
    assert done.returncode == 0 and json.loads(done.stdout)["totals"] == [60, 36]


def test_a_missing_file_is_misuse_with_a_clear_message(tmp_path):
    done = validate(str(tmp_path / "nothing.json"))
    assert done.returncode == 2
    assert "cannot read" in done.stderr and "nothing.json" in done.stderr
    assert done.stdout == ""


def test_a_bad_flag_is_misuse():
    assert validate("--no-such-flag", GOOD).returncode == 2


def test_a_10_mb_file_and_a_deeply_nested_file_get_a_clear_error_fast(tmp_path):
    big = tmp_path / "big.json"
    big.write_text('{"pad": "' + "x" * 10_000_000 + '"}')
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 500_000 + "]" * 500_000)
    started = time.perf_counter()
    done = validate(str(big), str(deep))
    assert time.perf_counter() - started < 30
    assert done.returncode == 1
    big_answer, deep_answer = (json.loads(line) for line in done.stdout.splitlines())
    assert "limit" in big_answer["error"]["reason"]
    assert "nested too deeply" in deep_answer["error"]["reason"]


@pytest.mark.parametrize("record, reason", RECORDS)
def test_the_command_answers_hostile_records_as_the_page_and_the_api(tmp_path, record, reason):
    """The records of tests/site/test_hostile_input.py, which the page and the API refuse
    with these reasons."""
    path = tmp_path / "game.json"
    path.write_bytes(record)
    command = validate(str(path))
    assert command.returncode == 1, command.stderr
    assert reason in json.loads(command.stdout)["error"]["reason"]
    assert "Traceback" not in command.stderr
