"""Run every benchmark and print a table of figures (``--json`` for JSON).

Each ``benchmarks/bench_*.py`` module has ``run(quick=False) -> list[dict]`` returning
rows ``{"benchmark", "value", "unit", "target"}``. Usage::

    .venv/bin/python -m benchmarks.run [--quick] [--json] [--only NAME]

The machine is calibrated first (``benchmarks.calibration``: the CPU of one round page)
and the calibration printed above the table; every time and rate is shown in
calibration units too (``c``), and every row with the load average (1 minute) when its
benchmark finished. ``--json`` prints ``{"calibration": ..., "rows": [...]}``, each row
with its ``calibrated`` value and ``load``. A benchmark run on its own
(``python -m benchmarks.bench_rush``) does the same through ``standalone``.
"""

import argparse
import importlib
import json
import os
import pkgutil
import sys
from pathlib import Path

from benchmarks.calibration import calibrate, describe, in_calibration_units, load_average


def bench_modules(only: str | None):
    folder = Path(__file__).parent
    for info in sorted(pkgutil.iter_modules([str(folder)]), key=lambda i: i.name):
        if info.name.startswith("bench_") and (only is None or only in info.name):
            yield info.name, importlib.import_module(f"benchmarks.{info.name}")


def stamped(rows: list[dict], calibration: dict) -> list[dict]:
    """The rows with the load average now and each figure in calibration units (unless
    the benchmark gave its own)."""
    load = load_average()[0]
    for row in rows:
        row.setdefault("load", load)
        if not row.get("calibrated"):
            row["calibrated"] = in_calibration_units(row["value"], row["unit"], calibration["ms"])
    return rows


def print_table(rows, calibration: dict | None = None):
    if calibration:
        print(describe(calibration))
    print(f"{'benchmark':<52} {'value':>14} {'unit':<14} {'in c':>18} {'load':>5}  target")
    print("-" * 120)
    for row in rows:
        value = row["value"]
        shown = f"{value:,.1f}" if isinstance(value, float) else str(value)
        print(
            f"{row['benchmark']:<52} {shown:>14} {row['unit']:<14} "
            f"{row.get('calibrated', ''):>18} {row.get('load', ''):>5}  {row.get('target', '')}"
        )


def standalone(run, **options) -> None:
    """Run one benchmark's ``run`` as ``benchmarks.run`` would: calibrated first, its
    table printed with the calibration, the figures in its units and the load."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    calibration = calibrate()
    print(describe(calibration), file=sys.stderr, flush=True)
    print_table(stamped(run(**options), calibration), calibration)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--quick", action="store_true", help="smaller runs, rougher figures")
    parser.add_argument("--only", help="run only benchmarks whose module name contains this")
    args = parser.parse_args(argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    calibration = calibrate()
    print(describe(calibration), file=sys.stderr, flush=True)
    rows = []
    for name, module in bench_modules(args.only):
        print(f"running {name} ... (load {load_average()[0]:.2f})", file=sys.stderr)
        try:
            rows.extend(stamped(module.run(quick=args.quick), calibration))
        except Exception as exc:  # noqa: BLE001 - one broken benchmark must not hide the rest
            print(f"{name} failed: {exc!r}", file=sys.stderr)
            rows.append(
                {"benchmark": f"{name} FAILED", "value": 0.0, "unit": "", "target": repr(exc)[:60]}
            )
    if args.json:
        print(json.dumps({"calibration": calibration, "rows": rows}, indent=2))
    else:
        print_table(rows, calibration)


if __name__ == "__main__":
    main()
