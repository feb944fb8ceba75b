"""The engines (``games/call_to_glory``, its bots included, and
``games/call_to_adventure``) are plain Python: every import in them, read from the
source with ``ast`` (inside functions too), is of the standard library, of the engine's
own package, or of the project's library."""

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINES = ("games.call_to_glory", "games.call_to_adventure")
# The project's library: what an engine may use of the project outside itself.
LIBRARY = ("lib.refusal", "lib.json_input")


def imported(path: Path, root: Path = ROOT) -> set[str]:
    """The absolute module names ``path`` imports; a relative import is read as the
    module (or, for ``from . import x``, the package) it names."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                names.add(node.module or "")
            else:
                parts = path.relative_to(root).parent.parts
                package = ".".join(parts[: len(parts) - (node.level - 1)])
                names.add(f"{package}.{node.module}" if node.module else package)
    return names


def within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def test_engines_import_only_the_standard_library_their_package_and_the_library():
    wrong = []
    for engine in ENGINES:
        for path in sorted((ROOT / engine.replace(".", "/")).rglob("*.py")):
            for name in imported(path):
                allowed = (
                    name.split(".")[0] in sys.stdlib_module_names
                    or within(name, engine)
                    or any(within(name, library) for library in LIBRARY)
                )
                if not allowed:
                    wrong.append(f"{path.relative_to(ROOT)} imports {name}")
    assert wrong == []


def test_the_test_sees_the_bots_and_imports_inside_functions(tmp_path):
    bots = ROOT / "games" / "call_to_glory" / "bots"
    assert any("games.call_to_glory.cards" in imported(path) for path in bots.rglob("*.py"))
    module = tmp_path / "games" / "call_to_glory" / "late.py"
    module.parent.mkdir(parents=True)
    module.write_text("def f():\n    from django.db import models\n    from . import cards\n")
    assert imported(module, tmp_path) == {"django.db", "games.call_to_glory"}
