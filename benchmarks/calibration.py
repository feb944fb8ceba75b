"""Figures that travel (issue 47, item 1): every benchmark first measures the machine
with the project's calibration, the CPU time of one round page
(``benchmarks/profile_round_page.py --json``: an event of 1,000 entrants, round 2's page
read 200 times through Django's test client, CPU of that process), and prints it and the
load average beside its figures, and every figure also in calibration units:

- a time in ``c``, multiples of the calibration: 1 s on a machine whose round page
  takes 6.8 ms is 147 c;
- a rate in ``per 1,000 c``: how many happen in the time of 1,000 round pages (100
  requests a second at 6.8 ms is 680 per 1,000 c).

A machine twice as fast halves the milliseconds and keeps the ``c``. The calibration
runs in a process of its own, so the benchmark's process is not touched by it, and is
passed to the benchmark's child processes in ``LW_CALIBRATION`` (measured once per run).
"""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VARIABLE = "LW_CALIBRATION"
# Per unit of a figure: the factor that turns it into calibration units, given the
# calibration in ms (``None``: a figure that is not a time or a rate, e.g. points).
TIMES = {"ms": 1.0, "s": 1000.0}
RATES = {"/s": 1.0, "/min": 1 / 60}


def calibrate(again: bool = False) -> dict:
    """The calibration (``ms``: CPU per round page; ``database``; ``load``: the load
    averages when it was measured): measured now, or the run's (``LW_CALIBRATION``)."""
    if not again and os.environ.get(VARIABLE):
        return json.loads(os.environ[VARIABLE])
    env = {**os.environ, "DEBUG": "true", "DJANGO_SETTINGS_MODULE": "config.settings"}
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.profile_round_page", "--json"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    figures["load"] = load_average()
    os.environ[VARIABLE] = json.dumps(figures)
    return figures


def load_average() -> list[float]:
    return [round(value, 2) for value in os.getloadavg()]


def describe(calibration: dict) -> str:
    load = "/".join(f"{value:.2f}" for value in calibration["load"])
    return (
        f"calibration: {calibration['ms']:.2f} ms CPU per round page "
        f"({calibration['database']}); load average {load} (1/5/15 min)"
    )


def print_calibration(calibration: dict) -> None:
    print(describe(calibration), flush=True)


def in_calibration_units(value, unit: str, calibration_ms: float) -> str:
    """``value`` (in ``unit``) in calibration units, or "" when it is neither a time nor
    a rate."""
    if not isinstance(value, int | float) or isinstance(value, bool) or not calibration_ms:
        return ""
    if unit in TIMES:
        return f"{value * TIMES[unit] / calibration_ms:,.1f} c"
    for ending, factor in RATES.items():
        if unit.endswith(ending):
            return f"{value * factor * calibration_ms:,.0f} per 1,000 c"
    return ""


def row(benchmark, value, unit, target="", calibration_ms: float | None = None) -> dict:
    """A benchmark's figure; with ``calibration_ms`` also in calibration units."""
    figure = {"benchmark": benchmark, "value": value, "unit": unit, "target": target}
    if calibration_ms:
        figure["calibrated"] = in_calibration_units(value, unit, calibration_ms)
    return figure
