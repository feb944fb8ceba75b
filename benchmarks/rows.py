"""A benchmark's result rows: ``row`` makes one (what ``benchmarks.run`` prints in its
table and as JSON), ``show`` prints rows as they come, for a run that takes minutes."""

import sys


def row(benchmark, value, unit, target=""):
    return {"benchmark": benchmark, "value": value, "unit": unit, "target": target}


def show(rows: list[dict]) -> list[dict]:
    """Prints ``rows`` now (a run takes minutes on a loaded machine); returns them."""
    for figure in rows:
        print(f"  {figure['benchmark']}: {figure['value']} {figure['unit']}", file=sys.stderr)
    return rows
