"""Write the rulebook examples as committed record fixtures (run from the repo root:
``.venv/bin/python -m tests.games.call_to_glory.make_fixtures``). The tests rebuild them
and compare, so a fixture can never drift from this script."""

import shutil
from pathlib import Path

from games.call_to_glory import validate_record

from .builders import FIXTURES, save, stacked_record

SPEC_EXAMPLES = Path("/work/shared/specs/examples")

EXAMPLES = {
    # Player A has four Farmers in front of him; player B lays six; A discards his four.
    "farmers-four-displaced-by-six": dict(
        players=["a", "b"],
        options={"rounds": 1},
        hands=[[20, 20, 20], [20, 20, 9]],
        script=[
            "0 draw D1:20", "0 draw D2:6", "0 lay 20 4",
            "1 draw D1:20", "1 draw D2:20", "1 discard 9 X1",
            "0 draw D1:7", "0 draw D2:8", "0 discard 6 X2",
            "1 draw D1:20", "1 draw D2:20", "1 lay 20 6", "0 pile X1",
        ],
    ),
    # Player A has three Ninjas, collects five more, lays them and discards his three.
    "ninjas-three-replaced-by-five": dict(
        players=["a", "b"],
        options={"rounds": 1},
        hands=[[14, 14, 14], [6, 6, 7]],
        script=[
            "0 draw D1:9", "0 draw D2:9", "0 lay 14 3",
            "1 draw D1:7", "1 draw D2:8", "1 discard 8 X1",
            "0 draw D1:14", "0 draw D2:14", "0 discard 9 X2",
            "1 draw D1:6", "1 draw D2:8", "1 discard 8 X1",
            "0 draw D1:14", "0 draw D2:14", "0 discard 9 X2",
            "1 draw D1:18", "1 draw D2:18", "1 discard 18 X1",
            "0 draw D1:14", "0 draw D2:12", "0 lay 14 5", "0 pile X1",
        ],
    ),
    # The Power of the Ninja: A lays two Ninjas and takes a miniature; B has four Monks
    # and five Samurai; later A eliminates one Samurai; later B lays three Ninjas, takes
    # a miniature, and A discards his two Ninjas.
    "ninja-variant-example": dict(
        players=["a", "b"],
        options={"rounds": 1, "ninja": True},
        hands=[[14, 14, 6], [18, 18, 18]],
        script=[
            "0 draw D1:8", "0 draw D2:9", "0 lay 14 2",
            "1 draw D1:18", "1 draw D2:12", "1 lay 18 4",
            "0 draw D1:7", "0 draw D2:7", "0 discard 6 X1", "0 end",
            "1 draw D1:12", "1 draw D2:6", "1 discard 6 X2",
            "0 draw D1:8", "0 draw D2:9", "0 discard 7 X1", "0 end",
            "1 draw D1:12", "1 draw D2:7", "1 discard 7 X1",
            "0 draw D1:6", "0 draw D2:6", "0 discard 6 X2", "0 end",
            "1 draw D1:12", "1 draw D2:8", "1 discard 8 X2",
            "0 draw D1:6", "0 draw D2:6", "0 discard 6 X1", "0 end",
            "1 draw D1:12", "1 draw D2:9", "1 lay 12 5",
            "0 ninja 1 12", "1 pile X1", "0 draw D1:7", "0 draw D2:8", "0 discard 7 X2",
            "1 draw D1:14", "1 draw D2:14", "1 discard 9 X1",
            "0 draw D1:9", "0 draw D2:9", "0 discard 9 X1",
            "1 draw D1:14", "1 draw D2:20", "1 lay 14 3", "0 pile X2",
        ],
    ),
    # Imperial Tasks: A reveals a "7" task (deck A, 5 points); C has two 7s: 2 x 5 = 10.
    "imperial-task-example": dict(
        players=["a", "b", "c"],
        options={"rounds": 1, "imperial_tasks": True},
        hands=[[6, 8, 9], [6, 8, 9], [7, 7, 20]],
        tasks=[["A7", "B16", "C18"], ["A6", "B12", "C20"], ["A8", "B14", "C16"]],
        script=[
            "0 draw D1:18", "0 draw D2:18", "0 discard 6 X1",
            "1 draw D1:18", "1 draw D2:18", "1 discard 6 X2",
            "2 draw D1:20", "2 draw D2:20", "2 lay 7 2",
        ],
    ),
}  # fmt: skip


def build(name: str) -> dict:
    return stacked_record(**EXAMPLES[name])


def main() -> None:
    FIXTURES.mkdir(exist_ok=True)
    for suffix in (".json", ".result.json"):
        source = SPEC_EXAMPLES / f"rulebook-60-36{suffix}"
        if source.exists():
            shutil.copy(source, FIXTURES / source.name)
    for name in EXAMPLES:
        record = build(name)
        save(f"{name}.json", record)
        save(f"{name}.result.json", validate_record(record))


if __name__ == "__main__":
    main()
