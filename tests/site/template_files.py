"""Every template of the site, wherever a ``templates`` folder is: the top folder's,
each app's (``room/templates``, ``games/templates``), each game's registration's
(``games/registered/<game>/templates``) and the test game's
(``tests/games/pebbles/templates``). The template checks read them all from here."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
IGNORED = {".venv", "var", "node_modules", "test-artifacts"}


def templates() -> list[Path]:
    return sorted(
        path
        for path in ROOT.rglob("templates/**/*.html")
        if not IGNORED & set(path.relative_to(ROOT).parts)
    )


def folders() -> set[str]:
    """Each templates folder, as its path from the repository's top."""
    found = set()
    for path in templates():
        parts = path.relative_to(ROOT).parts
        found.add("/".join(parts[: parts.index("templates") + 1]))
    return found
