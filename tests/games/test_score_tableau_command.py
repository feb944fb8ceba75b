"""``manage.py score_tableau``: the JSON answer, exit 0 valid, 1 invalid, 2 misuse. The
first test starts ``manage.py`` itself; the others run the command as it would, in this
process (tests.fixtures.commands)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from games.call_to_adventure.catalogue import EXAMPLE_CATALOGUE
from tests.fixtures.commands import Ran, run_command
from tests.games.call_to_adventure.examples import suzanne, table

ROOT = Path(__file__).resolve().parents[2]
PYTHON = ROOT / ".venv" / "bin" / "python"


def score_in_a_process(*args: str) -> subprocess.CompletedProcess:
    python = str(PYTHON) if PYTHON.exists() else sys.executable
    return subprocess.run(
        [python, "manage.py", "score_tableau", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def score(*args: str, stdin: str | None = None) -> Ran:
    return run_command("score_tableau", *args, stdin=stdin)


def write(tmp_path: Path, data) -> str:
    path = tmp_path / "table.json"
    path.write_text(json.dumps(data))
    return str(path)


def test_a_valid_tableau_prints_the_answer_and_exits_0(tmp_path):
    done = score_in_a_process(write(tmp_path, table(suzanne())))

    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["valid"] is True
    assert answer["players"][0]["total"] == 40


def test_it_reads_standard_input_given_a_dash():
    done = score("-", stdin=json.dumps(table(suzanne())))

    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["players"][0]["total"] == 40


def test_a_tableau_that_cannot_be_prints_the_error_and_exits_1(tmp_path):
    done = score(write(tmp_path, table(suzanne(corruption={"level": 9}))))

    assert done.returncode == 1
    assert json.loads(done.stdout)["error"]["field"] == "corruption.level"


@pytest.mark.parametrize("data", [{"format": "chess/1"}, {"players": []}, [1]])
def test_an_unknown_or_missing_format_is_invalid(tmp_path, data):
    done = score(write(tmp_path, data))

    assert done.returncode == 1
    answer = json.loads(done.stdout)
    assert answer["valid"] is False
    assert answer["error"]["field"] == "format"
    assert "call-to-adventure/1" in answer["error"]["reason"]


def test_a_file_that_is_not_json_is_invalid():
    done = score("-", stdin="not json")

    assert done.returncode == 1
    assert json.loads(done.stdout)["valid"] is False


def test_a_missing_file_is_misuse_with_a_message_on_stderr(tmp_path):
    done = score(str(tmp_path / "nowhere.json"))

    assert done.returncode == 2
    assert "cannot read" in done.stderr
    assert done.stdout == ""


def test_a_bad_flag_is_misuse(tmp_path):
    done = score(write(tmp_path, table(suzanne())), "--loudly")

    assert done.returncode == 2
    assert "unrecognized arguments: --loudly" in done.stderr


def test_card_entry_with_the_example_catalogue(tmp_path):
    player = {
        "origin": "o-fen-warden",
        "motivation": "m-oathbound",
        "destiny": {"card": "d-voice-of-the-wild"},
        "corruption": {"level": 3},
    }

    done = score(write(tmp_path, table(player)), "--catalogue", str(EXAMPLE_CATALOGUE))

    assert done.returncode == 0, done.stdout + done.stderr
    # printed 1 + 1 + 2; corruption 2; destiny 5 (1 strength; 1 nature is short of 2)
    assert json.loads(done.stdout)["players"][0]["total"] == 11


def test_an_unusable_catalogue_is_misuse(tmp_path):
    bad = tmp_path / "cards.csv"
    bad.write_text("id,name,kind,triumph\ns-1,One,story,x\n")

    done = score(write(tmp_path, table(suzanne())), "--catalogue", str(bad))

    assert done.returncode == 2
    assert "row 2, column triumph: 'x' is not a whole number" in done.stderr


def test_an_edited_profile_file_rescores_the_table(tmp_path):
    from games.call_to_adventure import DEFAULT_PROFILE

    profile = tmp_path / "core-2-fixed.json"
    fixed = DEFAULT_PROFILE.as_dict() | {"version": 2, "icon_bonus": [0, 0, 2, 4, 9]}
    profile.write_text(json.dumps(fixed))

    done = score(write(tmp_path, table(suzanne())), "--profile", str(profile), "--detail")

    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["profile_version"] == 2
    assert answer["players"][0]["total"] == 41


def test_a_call_to_glory_table_goes_to_its_own_scorer(tmp_path):
    data = {"format": "call-to-glory-table/1", "players": ["ann", "ben"], "rounds": []}

    done = score(write(tmp_path, data))

    assert done.returncode == 0
    answer = json.loads(done.stdout)
    # The Call to Glory table's answer: totals and who starts the next round.
    assert answer["totals"] == [0, 0]
    assert answer["next_start"] == 0


def test_the_command_does_not_touch_the_database(tmp_path):
    """pytest-django refuses any query from a test without the ``db`` fixture: a command
    that touched the database would raise here instead of answering."""
    done = score(write(tmp_path, table(suzanne())))

    assert done.returncode == 0
    assert json.loads(done.stdout)["players"][0]["total"] == 40
