"""A string translated when its module is imported is translated once, into English,
for everyone: outside a function, only the lazy ``gettext_lazy`` may be called."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APPS = ["accounts", "bots", "config", "games", "play", "scoring", "tournaments"]
EAGER = {"gettext", "ngettext", "pgettext", "npgettext"}


def eager_names(tree: ast.Module) -> set[str]:
    """The names this module gives Django's eager translation functions."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "django.utils.translation":
            names |= {alias.asname or alias.name for alias in node.names if alias.name in EAGER}
    return names


def calls_at_import(tree: ast.Module, names: set[str]):
    """Calls of ``names`` that run when the module is imported (not inside a function)."""
    stack = list(tree.body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id in names:
                yield node.lineno
        stack.extend(ast.iter_child_nodes(node))


def test_no_module_translates_when_it_is_imported():
    found = []
    for app in APPS:
        for path in (ROOT / app).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            tree = ast.parse(path.read_text(), str(path))
            names = eager_names(tree)
            found += [f"{path.relative_to(ROOT)}:{line}" for line in calls_at_import(tree, names)]
    assert not found, "use gettext_lazy outside functions: " + ", ".join(found)
