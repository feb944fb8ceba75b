"""Templates from each game's own folder (``GameType.templates``): a game's entry page,
preview and override are drawn from ``games/registered/<game>/templates/<game>/``, so
that a game with its own entry is one folder. Named as in any template folder
(``call_to_glory/entry.html``); asked after the site's and the apps' folders."""

from django.template.loaders.filesystem import Loader as FolderLoader

from games.registered.catalogue import TEMPLATES as CATALOGUE_TEMPLATES
from games.registry import REGISTRY


def template_dirs() -> list[str]:
    """The folders of the games' own templates: every game declared in code (as the
    registry has them now: a test may declare one), and the catalogue games' one."""
    declared = [game.templates for game in REGISTRY.values() if game.templates]
    return [*declared, CATALOGUE_TEMPLATES]


class Loader(FolderLoader):
    def get_dirs(self):
        return template_dirs()
