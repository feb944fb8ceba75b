"""Run every benchmark and print a table of figures (``--json`` for JSON).

Each ``benchmarks/bench_*.py`` module has ``run(quick=False) -> list[dict]`` returning
rows ``{"benchmark", "value", "unit", "target"}``. Usage::

    .venv/bin/python -m benchmarks.run [--quick] [--json] [--only NAME]
"""

import argparse
import importlib
import json
import os
import pkgutil
import sys
from pathlib import Path


def bench_modules(only: str | None):
    folder = Path(__file__).parent
    for info in sorted(pkgutil.iter_modules([str(folder)]), key=lambda i: i.name):
        if info.name.startswith("bench_") and (only is None or only in info.name):
            yield info.name, importlib.import_module(f"benchmarks.{info.name}")


def print_table(rows):
    print(f"{'benchmark':<52} {'value':>14} {'unit':<14} target")
    print("-" * 96)
    for row in rows:
        value = row["value"]
        shown = f"{value:,.1f}" if isinstance(value, float) else str(value)
        print(f"{row['benchmark']:<52} {shown:>14} {row['unit']:<14} {row.get('target', '')}")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--quick", action="store_true", help="smaller runs, rougher figures")
    parser.add_argument("--only", help="run only benchmarks whose module name contains this")
    args = parser.parse_args(argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    rows = []
    for name, module in bench_modules(args.only):
        print(f"running {name} ...", file=sys.stderr)
        try:
            rows.extend(module.run(quick=args.quick))
        except Exception as exc:  # noqa: BLE001 - one broken benchmark must not hide the rest
            print(f"{name} failed: {exc!r}", file=sys.stderr)
            rows.append(
                {"benchmark": f"{name} FAILED", "value": 0.0, "unit": "", "target": repr(exc)[:60]}
            )
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        print_table(rows)


if __name__ == "__main__":
    main()
