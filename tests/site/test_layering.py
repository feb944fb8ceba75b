"""The layering of docs/architecture.md ("Apps and the direction of dependency"),
enforced: every import between the project's apps and packages, read from the source
with ``ast`` (top-level and inside functions alike), is one the list allows, and no
module outside ``games/`` imports an engine package."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# What each app or package may import of the others (docs/architecture.md).
ALLOWED = {
    "games": set(),
    "accounts": set(),
    "tournaments": {"accounts", "games"},
    "scoring": {"accounts", "games", "tournaments"},
    "botplay": {"config", "games"},
    "bots": {"accounts", "botplay", "config", "games", "tournaments"},
    "play": {"accounts", "botplay", "bots", "config", "games", "scoring", "tournaments"},
    # settings, URLs (by dotted name, not import), the API's error handler and parser
    "config": {"games", "tournaments"},
}
ENGINES = ("games.call_to_glory", "games.call_to_adventure")
# Modules outside games/ that still import an engine (issue 26 takes them off, one by one).
ENGINE_IMPORTERS_LEFT = {
    "botplay/players.py",
    "botplay/refereeing.py",
    "botplay/words.py",
    "bots/authoring.py",
    "bots/replay.py",
    "bots/scheduling.py",
    "play/bot_turns.py",
    "play/engine.py",
    "play/moving.py",
    "play/pace.py",
    "play/starting.py",
    "play/views/games.py",
    "scoring/catalogues.py",
    "scoring/profile_form.py",
    "scoring/profile_views.py",
    "scoring/profiles.py",
    "scoring/rescore.py",
    "scoring/views/glory_rounds.py",
}


def imports_of(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def modules(package: str):
    for path in sorted((ROOT / package).rglob("*.py")):
        if "migrations" not in path.parts:
            yield path, imports_of(path)


def test_every_import_between_apps_is_one_the_layering_allows():
    wrong = [
        f"{path.relative_to(ROOT)} imports {name}"
        for package, allowed in ALLOWED.items()
        for path, names in modules(package)
        for name in names
        if (top := name.split(".")[0]) in ALLOWED and top != package and top not in allowed
    ]
    assert wrong == []


def test_no_two_apps_import_each_other():
    both_ways = [
        (one, other) for one in ALLOWED for other in ALLOWED[one] if one in ALLOWED.get(other, ())
    ]
    assert both_ways == []


def test_only_games_imports_an_engine_package():
    importers = {
        str(path.relative_to(ROOT))
        for package in ALLOWED.keys() - {"games"}
        for path, names in modules(package)
        if any(
            name == engine or name.startswith(engine + ".") for name in names for engine in ENGINES
        )
    }
    assert importers == ENGINE_IMPORTERS_LEFT


def test_the_test_sees_an_import_inside_a_function(tmp_path):
    module = tmp_path / "late.py"
    module.write_text("def f():\n    from play.words import log_line\n    import bots.models\n")
    assert imports_of(module) == {"play.words", "bots.models"}
