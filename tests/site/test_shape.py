"""The shape of the code, measured (docs/architecture.md, "Size and seams"): no module of
the apps over 500 lines, no function over 60, and no import circle among the project's
modules, whether the import is at the top of a module or inside a function."""

import ast
from pathlib import Path

from tests.site.test_layering import ALLOWED, HELPERS, ROOT, parse

MODULE_LINES = 500
FUNCTION_LINES = 60
PACKAGES = sorted((ALLOWED.keys() - {HELPERS}) | {"lib"})


def app_modules() -> dict[str, Path]:
    """Every module of the apps (no migrations), by its dotted name."""
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" not in path.parts:
                dotted = ".".join(path.relative_to(ROOT).with_suffix("").parts)
                found[dotted.removesuffix(".__init__")] = path
    return found


def imported_modules(path: Path, name: str, known: dict[str, Path]) -> set[str]:
    """The project's modules that the module imports (``from a import b`` names ``a.b`` if
    that is a module, else ``a``); relative imports resolved against the module."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(parse(path)):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            targets = [f"{base}.{alias.name}" for alias in node.names] + [base]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                part = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    part.append(member)
                    if member == node:
                        break
                if len(part) > 1:
                    found.append(sorted(part))
    return found


def import_graph() -> dict[str, set[str]]:
    known = app_modules()
    graph = {name: imported_modules(path, name, known) for name, path in known.items()}
    # A package's __init__ importing its own modules is how a package shows its parts,
    # not a circle of meaning: a module importing its package reaches the part it names.
    for name in graph:
        graph[name] = {target for target in graph[name] if not name.startswith(target + ".")}
    return graph


def test_no_module_is_over_500_lines():
    long = {
        str(path.relative_to(ROOT)): lines
        for path in app_modules().values()
        if (lines := len(path.read_text().splitlines())) > MODULE_LINES
    }
    assert long == {}


def test_no_function_is_over_60_lines():
    long = {
        f"{path.relative_to(ROOT)}:{node.lineno} {node.name}": lines
        for path in app_modules().values()
        for node in ast.walk(parse(path))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        if (lines := node.end_lineno - node.lineno + 1) > FUNCTION_LINES
    }
    assert long == {}


def test_no_import_circle_among_the_projects_modules():
    assert circles(import_graph()) == []


def test_the_circle_finder_finds_a_circle_and_only_it():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(graph) == [["a", "b", "c"]]


def test_an_import_inside_a_function_and_a_relative_import_are_edges(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "one.py").write_text("from . import two\n")
    (package / "two.py").write_text("def f():\n    from pkg.one import g\n")
    known = {"pkg": package / "__init__.py", "pkg.one": package / "one.py"}
    known["pkg.two"] = package / "two.py"
    assert imported_modules(package / "one.py", "pkg.one", known) == {"pkg.two", "pkg"}
    assert imported_modules(package / "two.py", "pkg.two", known) == {"pkg.one"}
