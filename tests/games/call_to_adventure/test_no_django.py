"""The scorer is plain Python: importing and using it loads no Django."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_the_package_imports_no_django():
    code = (
        "import sys; import games.call_to_adventure as c;"
        "c.score_tableau({'format': 'call-to-adventure/1', 'players': []});"
        "c.example_catalogue();"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'django'))"
    )

    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )

    assert out.stdout.strip() == "[]"
