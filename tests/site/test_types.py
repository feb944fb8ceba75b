"""The modules pyproject.toml names (the games and their engines, the pairing formats,
the site's shell and library, accounts, botplay, bots and play) type-check with mypy,
so CI keeps them typed."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_typed_modules_type_check_with_mypy():
    done = subprocess.run(
        [sys.executable, "-m", "mypy"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Success" in done.stdout
