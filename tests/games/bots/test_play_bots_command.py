"""The play_bots command, run as a person would run it (a subprocess, no database)."""

import json
import os
import subprocess
import sys
from pathlib import Path

from games.call_to_glory import validate_record

ROOT = Path(__file__).resolve().parents[3]


def run(*args):
    env = {**os.environ, "DEBUG": "true"}
    return subprocess.run(
        [sys.executable, "manage.py", "play_bots", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_it_prints_a_summary_per_bot_and_ends_with_json(tmp_path):
    done = run(
        "--seats", "greedy,random", "--games", "4", "--seed", "3", "--rounds", "1",
        "--ninja", "--json", "--out", str(tmp_path),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert any(line.startswith("greedy") and "win rate" not in line for line in lines)
    assert "win rate (95% interval)" in done.stdout
    summary = json.loads(lines[-1])
    assert summary["options"]["ninja"] is True
    for key in ("greedy", "random"):
        row = summary["bots"][key]
        assert row["games"] == 4
        assert {
            "wins",
            "mean_place",
            "mean_score",
            "win_rate",
            "win_rate_low",
            "win_rate_high",
        } <= set(row)
    # Off a terminal, a line per game as it ends (a bar on a terminal): never silent.
    assert done.stderr.splitlines() == ["1/4 games", "2/4 games", "3/4 games", "4/4 games"]
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 4
    for path in records:
        assert validate_record(path.read_text())["valid"] is True


def test_a_bad_bot_name_is_a_clear_error_with_exit_status_2():
    done = run("--seats", "greedy,genius", "--games", "1")
    assert done.returncode == 2
    assert "there is no bot 'genius'" in done.stderr


def test_a_bad_setting_is_a_clear_error_with_exit_status_2():
    done = run("--seats", "greedy,search:depth=3", "--games", "1")
    assert done.returncode == 2
    assert "no setting 'depth'" in done.stderr
