"""Destiny requirements: separate requirements add up; within one, the highest tier met."""

import pytest

from games.call_to_adventure.destiny import (
    Requirement,
    Tier,
    destiny_points,
    requirements_from_cell,
)
from games.call_to_adventure.fields import InputFault
from games.call_to_adventure.profile import DEFAULT_PROFILE

ICONS = DEFAULT_PROFILE.story_icons + DEFAULT_PROFILE.abilities
LANTERN_SAGE = requirements_from_cell(
    "3 triumph if wisdom >= 3 | 4 triumph if wisdom >= 4; "
    "2 triumph if arcana >= 2 | 3 triumph + 1 tragedy if arcana >= 3",
    ICONS,
    "requirements",
)


def test_a_cell_reads_into_requirements_with_tiers():
    assert LANTERN_SAGE == (
        Requirement("wisdom", (Tier(3, triumph=3), Tier(4, triumph=4))),
        Requirement("arcana", (Tier(2, triumph=2), Tier(3, triumph=3, tragedy=1))),
    )


@pytest.mark.parametrize(
    ("wisdom", "arcana", "triumph", "tragedy"),
    [(0, 0, 0, 0), (2, 1, 0, 0), (3, 0, 3, 0), (4, 0, 4, 0), (7, 2, 6, 0), (4, 3, 7, 1)],
)
def test_the_highest_tier_met_counts_not_the_sum_of_tiers(wisdom, arcana, triumph, tragedy):
    points = destiny_points(LANTERN_SAGE, {"wisdom": wisdom, "arcana": arcana})

    assert (points.triumph, points.tragedy) == (triumph, tragedy)


def test_the_rulebooks_destiny_without_strength_gives_only_its_nature_part():
    one_with_nature_like = (
        Requirement("strength", (Tier(1, triumph=5),)),
        Requirement("nature", (Tier(4, triumph=4),)),
    )

    points = destiny_points(one_with_nature_like, {"nature": 4, "wisdom": 3})

    assert points.total == 4
    assert points.explanation == "strength 0: 5 Triumph unmet; nature 4: 4 Triumph"


@pytest.mark.parametrize(
    "cell",
    [
        "5 glory if strength >= 1",
        "5 triumph if luck >= 1",
        "five triumph if strength >= 1",
        "2 triumph if nature >= 2 | 4 triumph if arcana >= 4",
        "4 triumph if nature >= 4 | 2 triumph if nature >= 2",
    ],
)
def test_a_malformed_requirement_cell_is_refused(cell):
    with pytest.raises(InputFault):
        requirements_from_cell(cell, ICONS, "requirements")
