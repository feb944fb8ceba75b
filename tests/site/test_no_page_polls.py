"""No page polls while its push stream works (docs/push.md): no template asks htmx to
fetch on a timer, no page script long-polls, and a page script's timers that fire more
often than every 10 s touch no network (they tick clocks and turn the projector's
panels). The browser tests count the requests themselves:
tests/play/test_push_browser.py."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = [
    path
    for folder in ("templates", "games", "play", "scoring", "tournaments", "bots", "accounts")
    for path in (ROOT / folder).rglob("*.html")
]
SCRIPTS = sorted((ROOT / "static" / "js").glob("*.js"))
# Timers under 10 s that only redraw: a countdown's tick, the clock's show, the
# projector's turn of panels.
REDRAWS = {"tick", "show", "turn"}


def test_no_template_asks_htmx_to_poll():
    polling = [
        path.relative_to(ROOT)
        for path in TEMPLATES
        if re.search(r"hx-trigger=\"[^\"]*every", path.read_text())
    ]
    assert TEMPLATES and polling == []


def test_no_page_script_long_polls():
    assert SCRIPTS
    assert [path.name for path in SCRIPTS if "wait=" in path.read_text()] == []


def test_a_script_timer_faster_than_ten_seconds_only_redraws():
    timer = re.compile(r"setInterval\(\s*(\w+)\s*,\s*(\d+)\s*\)")
    fast = [
        (path.name, callback, delay)
        for path in SCRIPTS
        for callback, delay in timer.findall(path.read_text())
        if callback not in REDRAWS and int(delay) < 10_000
    ]
    assert fast == []
    # The slow polls of a page whose stream was refused.
    assert "SLOW_POLL_MS = 10000" in (ROOT / "static/js/play.js").read_text()
    assert "SLOW_PARTS_MS = 30000" in (ROOT / "static/js/push.js").read_text()
