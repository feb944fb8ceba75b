"""``bin/test`` (what CI runs) refuses code ruff refuses before any test runs."""

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NEEDED = (
    "bin/test",
    "bin/_common.sh",
    "pyproject.toml",
    "requirements.txt",
    "requirements-dev.txt",
)


def test_bin_test_stops_at_an_unformatted_file_before_the_suite(tmp_path):
    for name in NEEDED:
        (tmp_path / name).parent.mkdir(exist_ok=True)
        shutil.copy2(ROOT / name, tmp_path / name)
    (tmp_path / ".venv").symlink_to((ROOT / ".venv").resolve())
    (tmp_path / "sloppy.py").write_text("x=[1,\n  2]\n")

    done = subprocess.run(
        [str(tmp_path / "bin" / "test")], capture_output=True, text=True, timeout=120
    )

    assert done.returncode == 1
    assert "ruff refused the code" in done.stderr
    assert "==> pass" not in done.stdout
