"""The local runner, run as an author would (a subprocess, no database): the bot plays
as on the site, in the same sandbox, with the same faults, and each game's record is
the file the site's replay viewer takes."""

import json
import os
import subprocess
import sys
from pathlib import Path

from games.call_to_glory import validate_record

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples/uploaded_bot/bot.py"


def run(*args):
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
    return subprocess.run(
        [sys.executable, "manage.py", "run_bot_locally", *args],
        cwd=ROOT,
        env={**env, "DEBUG": "false", "SECRET_KEY": ""},
        capture_output=True,
        text=True,
        timeout=240,
    )


def test_the_example_bot_plays_a_series_and_the_records_replay(tmp_path):
    done = run(
        str(EXAMPLE), "--against", "random", "--games", "2", "--json", "--out", str(tmp_path)
    )
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    assert {row["bot"]: row["games"] for row in summary["bots"]} == {"bot": 2, "random": 2}
    assert summary["faults"] == {}
    assert set(summary["ms_per_decision"]) == {"p50", "p90", "p99"}
    record = json.loads((tmp_path / "game-0001.json").read_text())
    assert validate_record(record)["valid"]
    explained = json.loads((tmp_path / "game-0002.explained.json").read_text())
    assert explained["players"] == ["random", "bot"]  # the seats rotate as in a series
    assert explained["timings"]["limits"] == [None, 500]


def test_a_bots_faults_are_reported_as_the_site_would(tmp_path):
    crasher = tmp_path / "crasher.py"
    crasher.write_text("import sys\nsys.stdin.readline()\nraise SystemExit('giving up')\n")
    done = run(str(crasher), "--against", "random", "--games", "1")
    assert done.returncode == 0, done.stderr
    assert "crash: /start: the bot's process ended (exit status 1)" in done.stdout
    assert "giving up" in done.stdout
    assert "faults: crash 3" in done.stdout


def test_a_file_that_is_not_a_bot_is_refused_with_the_reason(tmp_path):
    broken = tmp_path / "broken.py"
    broken.write_text("def move(:\n")
    done = run(str(broken))
    assert done.returncode == 1
    assert "bot.py, line 1" in done.stderr
