"""Bots held back: an uploaded bot plays only a source that passed its probe game
(``bots.probes``), so one whose first source is still being checked, or was refused,
cannot be scheduled, entered or seated. Every path that puts a bot in a game asks
``check_bots_play_ready`` (a new version of a playing bot holds nothing back: the
version before plays on)."""

from django.utils.translation import gettext as _

from bots.models import Bot, BotUpload, SourceCheck
from lib.refusal import Refusal


def held_back(bots) -> list[Bot]:
    """The uploaded bots among ``bots`` that have no source passed yet."""
    uploaded = [bot for bot in bots if bot.kind == Bot.Kind.UPLOADED]
    if not uploaded:
        return []
    ready = set(BotUpload.objects.filter(bot__in=uploaded).values_list("bot_id", flat=True))
    return [bot for bot in uploaded if bot.pk not in ready]


def check_bots_play_ready(bots, field: str = "bots") -> None:
    for bot in held_back(bots):
        raise Refusal(
            _("%(bot)s cannot play yet: its source has not passed its probe game.")
            % {"bot": bot.said_name},
            field=field,
        )


def has_source(bot_id: int | None) -> bool:
    """Whether the bot has a source, passed or sent for its probe game: what makes it an
    uploaded one (``bots.authoring.check_bot``), so a bot being checked stays editable."""
    if bot_id is None:
        return False
    return (
        BotUpload.objects.filter(bot_id=bot_id).exists()
        or SourceCheck.objects.filter(bot_id=bot_id).exists()
    )
