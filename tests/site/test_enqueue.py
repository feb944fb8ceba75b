"""The apps' services send their tasks by name (``lib.enqueue.on_commit``), so
that no service imports its app's ``tasks`` module: every name sent, read from the
source, is a task the workers know."""

import ast
from pathlib import Path

from config.celery import app

ROOT = Path(__file__).resolve().parents[2]
APPS = (
    "accounts",
    "bots",
    "botplay",
    "games",
    "home",
    "integrations",
    "play",
    "scoring",
    "standings",
    "tournaments",
)


def names_sent() -> dict[str, str]:
    """Every task name passed to ``enqueue.on_commit`` or ``enqueue.now``, with where."""
    sent = {}
    for app_dir in APPS:
        for path in (ROOT / app_dir).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                if (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Attribute)
                    and node.func.attr in ("on_commit", "now")
                    and isinstance(node.func.value, ast.Name)
                    and node.func.value.id == "enqueue"
                ):
                    first = node.args[0]
                    assert isinstance(first, ast.Constant), f"{path}:{node.lineno}"
                    sent[first.value] = f"{path.relative_to(ROOT)}:{node.lineno}"
    return sent


def test_every_task_sent_by_name_is_one_the_workers_know():
    app.loader.import_default_modules()
    sent = names_sent()
    assert "bots.tasks.play_match" in sent and "play.tasks.play_bot_turns" in sent
    assert "standings.tasks.update_standings" in sent
    unknown = {name: where for name, where in sent.items() if name not in app.tasks}
    assert unknown == {}


def test_no_service_imports_its_apps_tasks():
    importers = [
        str(path.relative_to(ROOT))
        for app_dir in APPS
        for path in (ROOT / app_dir).rglob("*.py")
        if path.name not in ("tasks.py", "apps.py")
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.ImportFrom) and node.module == f"{app_dir}.tasks"
    ]
    assert importers == []
