"""Importing the settings has no side effect on disk: the var folders are made by the
programs that start the site (``lib.var_folders``)."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(code: str, var_dir: Path, **env) -> subprocess.CompletedProcess:
    environment = {
        **os.environ,
        "LEAGUEWRIGHT_VAR_DIR": str(var_dir),
        "CELERY_BROKER_URL": "filesystem://localhost//",
        **env,
    }
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=environment, capture_output=True, text=True
    )


def test_importing_the_settings_makes_no_folder(tmp_path):
    var_dir = tmp_path / "var"
    done = run("import django; django.setup()", var_dir)
    assert done.returncode == 0, done.stderr
    assert not var_dir.exists()


def test_the_programs_that_start_the_site_make_them(tmp_path):
    var_dir = tmp_path / "var"
    done = run("import config.wsgi", var_dir)
    assert done.returncode == 0, done.stderr
    assert (var_dir / "static").is_dir()
    assert {folder.name for folder in (var_dir / "broker").iterdir()} == {
        "queue",
        "processed",
        "control",
    }
