"""The README's commands are bash scripts that no other test starts as a newcomer would
(bin/run serves until Ctrl-C): each one, and what they source, must at least parse."""

import subprocess
from pathlib import Path

import pytest

BIN = Path(__file__).resolve().parents[2] / "bin"
# Every file of bin/ but its Python helpers is bash (bin/_common.sh is sourced).
SCRIPTS = sorted(path for path in BIN.iterdir() if path.is_file() and path.suffix != ".py")


def test_the_readme_commands_are_among_the_scripts():
    assert {"run", "test", "_common.sh"} <= {path.name for path in SCRIPTS}


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_each_bash_script_parses(script):
    checked = subprocess.run(["bash", "-n", str(script)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr


def test_the_check_sees_an_unclosed_quote(tmp_path):
    broken = tmp_path / "broken"
    broken.write_text('#!/usr/bin/env bash\nexport A="${A:-you\'re}"\n')
    checked = subprocess.run(["bash", "-n", str(broken)], capture_output=True, text=True)
    assert checked.returncode != 0
