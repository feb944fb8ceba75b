"""The layering of docs/architecture.md ("Apps and the direction of dependency"),
enforced: every import between the project's apps and packages, read from the source
with ``ast`` (top-level and inside functions alike), is one the list allows, and no
module outside ``games/`` imports an engine package."""

import ast
import gc
from pathlib import Path

import standings.answers
from tournaments import ranking
from tournaments.ranking import Answers

ROOT = Path(__file__).resolve().parents[2]

# What each app or package may import of the others (docs/architecture.md). config/ is
# the site's shell (settings, URLs naming the apps' modules as strings, the API's
# handlers, /healthz) and, below the apps, its helpers: every other module of config/.
CONFIG_SHELL = {"settings", "urls", "api_urls", "health", "celery", "wsgi", "asgi"}
HELPERS = "config helpers"
ALLOWED = {
    "refusal": set(),
    "games": {"refusal"},
    HELPERS: {"games", "refusal"},
    # games.names: the one check of names (a display name's too).
    "accounts": {HELPERS, "games", "refusal"},
    "tournaments": {"accounts", HELPERS, "games", "refusal"},
    # The site's own pages: home, listings, the to-do stream, the charts.
    "home": {"accounts", HELPERS, "games", "refusal", "tournaments"},
    # tournaments asks it through tournaments.ranking, which it registers with.
    "standings": {"accounts", HELPERS, "games", "home", "refusal", "tournaments"},
    "scoring": {"accounts", HELPERS, "games", "refusal", "tournaments"},
    "botplay": {HELPERS, "games", "refusal"},
    # scoring.idempotency: the batch API's Idempotency-Key; standings.plots: a bot's form;
    # home.charts: a division's ratings by cycle.
    "bots": {
        "accounts",
        "botplay",
        HELPERS,
        "games",
        "home",
        "refusal",
        "scoring",
        "standings",
        "tournaments",
    },
    "play": {
        "accounts",
        "botplay",
        "bots",
        HELPERS,
        "games",
        "refusal",
        "scoring",
        "tournaments",
    },
    # The people who run the room: judge calls, the fast desk (scoring's writer).
    "room": {"accounts", HELPERS, "games", "refusal", "scoring", "tournaments"},
    # Series and recurring nights; declarations: both hear or read tournaments only.
    "series": {"accounts", HELPERS, "games", "refusal", "tournaments"},
    "declarations": {"accounts", HELPERS, "games", "refusal", "tournaments"},
    "config": {HELPERS, "games", "refusal", "tournaments"},
    # botplay.outgoing: the address rules and pinned client of every call to a stranger;
    # play: correspondence games' deadlines in a calendar; standings: embeds and files;
    # bots: a bot author's hooks hear of their finished batches (bots.signals).
    "integrations": {
        "accounts",
        "botplay",
        "bots",
        HELPERS,
        "games",
        "play",
        "refusal",
        "standings",
        "tournaments",
    },
}
ENGINES = ("games.call_to_glory", "games.call_to_adventure")


def unit(module: str) -> str:
    """The app, package or helper layer a dotted module name belongs to."""
    top, _, rest = module.partition(".")
    if top == "config" and rest and rest.split(".")[0] not in CONFIG_SHELL:
        return HELPERS
    return top


def parse(path: Path) -> ast.Module:
    """``ast.parse`` with the garbage collector off. CPython 3.11 counts the AST builder's
    depth once per interpreter (cpython#106905), and a finalizer run by the collector
    mid-build can hand the GIL to a thread parsing too (a live server's thread printing
    a traceback, which parses for its carets): the two counts interleave and the parse
    fails with "AST constructor recursion depth mismatch". With the collector off the
    build cannot be interrupted."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return ast.parse(path.read_text(), str(path))
    finally:
        if collecting:
            gc.enable()


def imports_of(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(parse(path)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def modules():
    """(module's unit, path, what it imports) for every module of the project's apps."""
    for package in ALLOWED.keys() - {HELPERS}:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" not in path.parts:
                dotted = ".".join(path.relative_to(ROOT).with_suffix("").parts)
                yield unit(dotted.removesuffix(".__init__")), path, imports_of(path)


def test_every_import_between_apps_is_one_the_layering_allows():
    wrong = [
        f"{path.relative_to(ROOT)} imports {name}"
        for source, path, names in modules()
        for name in names
        if (target := unit(name)) in ALLOWED and target != source and target not in ALLOWED[source]
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
        for source, path, names in modules()
        if source != "games"
        if any(
            name == engine or name.startswith(engine + ".") for name in names for engine in ENGINES
        )
    }
    assert importers == set()


def test_tournaments_asks_the_standings_what_they_registered():
    """tournaments imports nothing of standings: it asks ``tournaments.ranking``, which
    ``standings`` fills at start with an answer to every question."""
    asked = {name for name in vars(Answers) if not name.startswith("_")}
    assert asked <= set(dir(standings.answers))
    assert ranking.answers() is standings.answers


def test_the_test_sees_an_import_inside_a_function(tmp_path):
    module = tmp_path / "late.py"
    module.write_text("def f():\n    from play.words import log_line\n    import bots.models\n")
    assert imports_of(module) == {"play.words.log_line", "bots.models"}
