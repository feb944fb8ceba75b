"""The engine is a functional core: no Django, no global random."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_the_engine_imports_and_plays_without_django():
    code = (
        "import random, sys\n"
        "from games.call_to_glory import new_game, validate_record, score_table\n"
        "s = new_game(['a', 'b'], {'rounds': 1}, random.Random(1))\n"
        "while not s.is_over(): s.apply(s.legal_moves()[0])\n"
        "assert validate_record(s.record()) == s.result()\n"
        "assert not [m for m in sys.modules if m.split('.')[0] == 'django'], 'django imported'\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_no_engine_module_uses_the_module_level_random():
    for path in (ROOT / "games" / "call_to_glory").glob("*.py"):
        text = path.read_text()
        for call in ("random.shuffle(", "random.choice(", "random.random(", "random.randint("):
            assert call not in text, f"{path.name} calls {call}"
