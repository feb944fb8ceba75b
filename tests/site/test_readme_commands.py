"""The README's shell commands run as written on a fresh clone (no DEBUG, no SECRET_KEY),
and a command that meets an unmigrated database says to run migrate."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README_COMMANDS = [
    ["play_bots", "--seats", "greedy,random", "--games", "2", "--seed", "1"],
    ["validate_game", "tests/games/call_to_glory/fixtures/rulebook-60-36.json"],
    ["score_tableau", "examples/tables/two-rounds.json"],
]


def fresh_clone_env(**extra) -> dict:
    dropped = ("DEBUG", "SECRET_KEY", "DJANGO_ALLOW_ASYNC_UNSAFE", "DATABASE_URL")
    return {**{k: v for k, v in os.environ.items() if k not in dropped}, **extra}


def manage(*args, **env):
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=fresh_clone_env(**env),
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_every_readme_command_runs_without_debug_or_a_secret_key():
    readme = (ROOT / "README.md").read_text()
    for command in README_COMMANDS:
        assert f"manage.py {command[0]}" in readme
        done = manage(*command)
        assert done.returncode == 0, (command, done.stderr)
        assert "SECRET_KEY" not in done.stderr


def test_a_command_on_an_unmigrated_database_says_to_migrate(tmp_path):
    done = manage("load_demo", DATABASE_URL=f"sqlite:///{tmp_path / 'empty.sqlite3'}", DEBUG="true")
    assert done.returncode != 0
    assert "manage.py migrate" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_site_still_refuses_to_serve_without_a_secret_key():
    done = manage("check", DEBUG="false", ALLOWED_HOSTS="x.example")
    assert done.returncode != 0 and "SECRET_KEY must be set" in done.stderr


def test_the_development_server_listens_on_127_0_0_1_unless_told(tmp_path):
    procfile = (ROOT / "Procfile").read_text()
    assert "--host ${LEAGUEWRIGHT_HOST:-127.0.0.1} --port ${LEAGUEWRIGHT_PORT:-8000}" in procfile
    assert "LEAGUEWRIGHT_PORT" in (ROOT / "README.md").read_text()
