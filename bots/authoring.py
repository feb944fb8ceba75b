"""Registering and changing bots. The secret of a remote bot is returned only by the
call that makes it (registration, rotation), for the page to show once."""

from django.db import transaction
from django.utils.translation import gettext as _

from bots.signing import new_secret
from games.call_to_glory.bots import BOTS, make_bot
from games.models import Bot


class BotSettingsError(ValueError):
    pass


def builtin_choices() -> list[tuple[str, str]]:
    return [(key, getattr(BOTS[key], "name", key)) for key in sorted(BOTS)]


def settings_help() -> str:
    """Each built-in bot's settings with their defaults, for the form's help text."""
    lines = []
    for key in sorted(BOTS):
        options = getattr(BOTS[key], "options", {}) or {}
        described = "; ".join(
            f"{name} (default {default}): {about}"
            for name, (default, _kind, about) in sorted(options.items())
        )
        lines.append(f"{key}: {described or _('no settings')}")
    return " · ".join(lines)


def check_builtin_settings(key: str, settings: dict) -> None:
    """Raise ``BotSettingsError`` when the engine's bot ``key`` refuses ``settings``."""
    if key not in BOTS:
        raise BotSettingsError(_("There is no built-in bot %(key)r.") % {"key": key})
    if not isinstance(settings, dict):
        raise BotSettingsError(_('Settings must be a JSON object, like {"iterations": 200}.'))
    try:
        make_bot(key, seed=0, **settings)
    except (TypeError, ValueError) as exc:
        raise BotSettingsError(
            _("Settings refused by the %(key)s bot: %(why)s") % {"key": key, "why": exc}
        ) from None


def do_register_bot(owner, bot: Bot) -> tuple[Bot, str]:
    """Save a new bot of ``owner``; a remote one gets a fresh secret, returned here."""
    secret = new_secret() if bot.kind == Bot.Kind.REMOTE else ""
    with transaction.atomic():
        bot.owner = owner
        bot.secret = secret
        bot.save()
    return bot, secret


def do_update_bot(bot: Bot) -> str:
    """Save the author's changes; a bot that became remote gets its first secret,
    returned here (else "")."""
    secret = ""
    with transaction.atomic():
        if bot.kind == Bot.Kind.REMOTE and not bot.secret:
            secret = bot.secret = new_secret()
        bot.save()
    return secret


def do_rotate_secret(bot: Bot) -> str:
    secret = new_secret()
    with transaction.atomic():
        Bot.objects.filter(pk=bot.pk).update(secret=secret)
    bot.secret = secret
    return secret
