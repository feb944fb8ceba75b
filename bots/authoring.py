"""Registering and changing bots. The secret of a remote bot is returned only by the
call that makes it (registration, rotation), for the page to show once.

``check_bot`` is the one validation of a bot's settings, for the page's form and the
API alike. Its caps bound what one bot costs a worker: a remote bot's time per move and
bank (a worker waits that long), and the built-in bots' numeric settings (a search bot
with a billion iterations would hold a worker for days)."""

import math

from django.db import transaction
from django.utils.translation import gettext as _

from botplay.remote import endpoint_problem
from botplay.signing import new_secret
from bots.models import Bot
from bots.quotas import check_bot_count
from games.registry import DEFAULT_GAME, get_game
from lib.refusal import Refusal

MOVE_TIMEOUT_MS = (50, 10_000)
TIME_BANK_MS = (0, 30_000)
DESCRIPTION_CHARS = 4000
# What a person sets on a bot besides its name: what ``check_bot`` judges.
BOT_SETTINGS = (
    "description",
    "kind",
    "builtin_key",
    "settings",
    "endpoint_url",
    "move_timeout_ms",
    "time_bank_ms",
)
# The most a built-in bot's numeric setting may be, by name: each multiplies the work
# of one decision (the search bot's defaults: 45 worlds heads-up and 30 at a table of
# three or four, 100 cycles, 3 discards).
SETTING_CAPS = {
    "iterations": 1000,
    "table_iterations": 1000,
    "horizon": 200,
    "candidates": 10,
    "time_limit_ms": 10_000,
}


def builtin_choices(game: str = DEFAULT_GAME) -> list[tuple[str, str]]:
    """(key, label) per built-in bot of ``game``, in the registry's order (the levels
    first); a bot with a description shows it after its name."""
    choices = []
    for key, kind in get_game(game).played.bots.items():
        label = builtin_name(game, key)
        if kind.description:
            label = f"{label}: {_(kind.description)}"
        choices.append((key, label))
    return choices


def builtin_name(game: str, key: str) -> str:
    """A built-in bot's name in the reader's language ("Gierig"), never its key."""
    kind = get_game(game).played.bots.get(key)
    return _(kind.name) if kind is not None and kind.name else key


def settings_help(game: str = DEFAULT_GAME) -> str:
    """Each built-in bot's settings with their defaults, for the form's help text."""
    lines, no_settings = [], _("no settings")
    bots = get_game(game).played.bots
    for key in sorted(bots):
        options = getattr(bots[key], "options", {}) or {}
        described = "; ".join(
            _("%(name)s (default %(default)s): %(about)s")
            % {"name": name, "default": default, "about": _(about)}
            for name, (default, _kind, about) in sorted(options.items())
        )
        name = _(bots[key].name) if bots[key].name else key
        lines.append(f"{name}: {described or no_settings}")
    return " · ".join(lines)


def check_bot(
    kind: str,
    builtin_key: str = "",
    settings=None,
    endpoint_url: str = "",
    move_timeout_ms: int = 500,
    time_bank_ms: int = 5000,
    description: str = "",
    game: str = DEFAULT_GAME,
    has_upload: bool = False,
) -> None:
    """Raise ``Refusal`` (naming the field) when these are not a bot the site can seat.
    A bot becomes an uploaded one by its upload (``bots.uploads``), which it must have."""
    if len(description or "") > DESCRIPTION_CHARS:
        raise Refusal(
            _("At most %(n)d characters.") % {"n": DESCRIPTION_CHARS}, field="description"
        )
    if kind == Bot.Kind.BUILTIN:
        if not builtin_key:
            raise Refusal(_("Choose which built-in bot."), field="builtin_key")
        check_builtin_settings(game, builtin_key, {} if settings is None else settings)
    elif kind == Bot.Kind.REMOTE:
        if not endpoint_url:
            raise Refusal(_("A remote bot needs its endpoint URL."), field="endpoint_url")
        problem = endpoint_problem(endpoint_url)
        if problem:
            raise Refusal(problem, field="endpoint_url")
    elif kind == Bot.Kind.UPLOADED:
        if not has_upload:
            raise Refusal(
                _("A bot becomes an uploaded one when its source is uploaded."), field="kind"
            )
    else:
        raise Refusal(_("A bot is built in, remote or uploaded."), field="kind")
    low, high = MOVE_TIMEOUT_MS
    if not low <= move_timeout_ms <= high:
        raise Refusal(
            _("Between %(low)d and %(high)d ms.") % {"low": low, "high": high},
            field="move_timeout_ms",
        )
    low, high = TIME_BANK_MS
    if not low <= time_bank_ms <= high:
        raise Refusal(
            _("Between %(low)d and %(high)d ms (half a minute).") % {"low": low, "high": high},
            field="time_bank_ms",
        )


def empty_unused(data: dict, kind: str) -> dict:
    """``data`` with what a bot of ``kind`` does not use emptied: a built-in bot's
    endpoint, a remote bot's built-in key and settings, all three of an uploaded bot."""
    if kind == Bot.Kind.BUILTIN:
        data["endpoint_url"] = ""
    elif kind == Bot.Kind.REMOTE:
        data["builtin_key"], data["settings"] = "", {}
    elif kind == Bot.Kind.UPLOADED:
        data["builtin_key"], data["settings"], data["endpoint_url"] = "", {}, ""
    return data


def check_builtin_settings(game: str, key: str, settings) -> None:
    """Raise ``Refusal`` when ``game``'s built-in bot ``key`` refuses ``settings`` or
    one of them is beyond the site's cap."""
    live = get_game(game).played
    if key not in live.bots:
        raise Refusal(_("There is no built-in bot %(key)r.") % {"key": key}, field="builtin_key")
    if not isinstance(settings, dict):
        raise Refusal(
            _('Settings must be a JSON object, like {"iterations": 200}.'), field="settings"
        )
    for name, value in settings.items():
        if isinstance(value, float) and not math.isfinite(value):
            raise Refusal(
                _("The setting %(name)s must be a finite number.") % {"name": name},
                field="settings",
            )
        cap = SETTING_CAPS.get(name)
        if cap is not None and isinstance(value, int | float) and value > cap:
            raise Refusal(
                _("The setting %(name)s is at most %(cap)s.") % {"name": name, "cap": cap},
                field="settings",
            )
    try:
        live.make_bot(key, seed=0, **settings)
    except (TypeError, ValueError) as exc:
        raise Refusal(
            _("Settings refused by the %(key)s bot: %(why)s") % {"key": key, "why": exc},
            field="settings",
        ) from None


def do_register_bot(owner, bot: Bot) -> tuple[Bot, str]:
    """Save a new bot of ``owner`` (within their ``BOTS_PER_AUTHOR``); a remote one gets
    a fresh secret, returned here."""
    secret = new_secret() if bot.kind == Bot.Kind.REMOTE else ""
    with transaction.atomic():
        check_bot_count(owner)
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


def do_set_public(bot: Bot, public: bool) -> None:
    """List the bot in everyone's Play now, or in its author's only. It says the state
    wanted, not "switch", so a retried request does the same again."""
    with transaction.atomic():
        Bot.objects.filter(pk=bot.pk).update(public=public)
    bot.public = public


def do_rotate_secret(bot: Bot) -> str:
    secret = new_secret()
    with transaction.atomic():
        Bot.objects.filter(pk=bot.pk).update(secret=secret)
    bot.secret = secret
    return secret
