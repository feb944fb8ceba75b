"""The Destiny score, line by line, as "Ending the Game" lists it.

Each line keeps its Triumph and Tragedy columns apart (they are added together, never
subtracted from each other); Experience and the Story-icon bonus are Destiny points that
are neither, kept in a third column, ``other``. A line's value is the sum of its columns.
"""

from dataclasses import dataclass

from games.call_to_adventure.profile import Profile
from games.call_to_adventure.tableau import Tableau


@dataclass(frozen=True)
class Line:
    triumph: int = 0
    tragedy: int = 0
    other: int = 0

    @property
    def value(self) -> int:
        return self.triumph + self.tragedy + self.other

    def as_dict(self) -> dict:
        return {"triumph": self.triumph, "tragedy": self.tragedy, "other": self.other}


def printed(tableau: Tableau, _profile: Profile) -> Line:
    """Triumph and Tragedy on the visible paths and the Character cards."""
    return Line(triumph=tableau.printed[0], tragedy=tableau.printed[1])


def corruption(tableau: Tableau, _profile: Profile) -> Line:
    """The value at the marker's final level (not cumulative); signed, level 7 is -4."""
    points = tableau.corruption.points
    if tableau.corruption.column == "tragedy":
        return Line(tragedy=points)
    return Line(triumph=points)


def destiny(tableau: Tableau, _profile: Profile) -> Line:
    """The Destiny card's points for the requirements met."""
    return Line(triumph=tableau.destiny[0], tragedy=tableau.destiny[1])


def experience(tableau: Tableau, _profile: Profile) -> Line:
    """1 per unspent Experience token."""
    return Line(other=tableau.experience)


def hero_cards(tableau: Tableau, _profile: Profile) -> Line:
    """1 Triumph per Hero card played, whatever the corruption level."""
    return Line(triumph=tableau.hero_cards)


def antihero_cards(tableau: Tableau, _profile: Profile) -> Line:
    """1 Tragedy per Antihero card played, whatever the corruption level."""
    return Line(tragedy=tableau.antihero_cards)


def story_icons(tableau: Tableau, profile: Profile) -> Line:
    """For each Story icon on its own, the profile's bonus for how many the hero has."""
    return Line(other=sum(profile.icon_bonus_for(n) for n in tableau.story_icons.values()))


def adversary(tableau: Tableau, _profile: Profile) -> Line:
    """Solo and co-op: a hero who beat the Adversary adds its Triumph or Tragedy."""
    return Line(triumph=tableau.adversary[0], tragedy=tableau.adversary[1])


LINES = {
    "printed": printed,
    "corruption": corruption,
    "destiny": destiny,
    "experience": experience,
    "hero_cards": hero_cards,
    "antihero_cards": antihero_cards,
    "story_icons": story_icons,
    "adversary": adversary,
}


def score_lines(tableau: Tableau, profile: Profile) -> dict[str, Line]:
    return {name: rule(tableau, profile) for name, rule in LINES.items()}
