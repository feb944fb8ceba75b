"""Uploaded bots: making one from its source and replacing its source (docs/bots.md,
"Uploaded bots"). The source is checked by ``botplay.bundles.unpack`` (sizes, names,
entry point, syntax) before anything is stored, so a bot that cannot run is refused
with the reason and never scheduled; a source that passes is then played in a probe
game by a worker (``bots.probes``) before the bot plays it. The page and the API both
call these."""

import hashlib
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from botplay.bundles import SINGLE_FILE_NAME, UPLOAD_BYTES, unpack
from bots.models import Bot, BotUpload, SourceCheck, WorkStatus
from bots.quotas import check_bot_count
from lib import enqueue
from lib.refusal import CONFLICT, TOO_LARGE, Refusal

FILENAME_CHARS = 200


@dataclass(frozen=True)
class Source:
    """An upload as sent: its file name, its bytes and the file to run."""

    filename: str
    content: bytes
    entry_point: str


def read_source(upload, entry_point: str = "") -> Source:
    """The uploaded file (``UploadedFile``) as a checked ``Source``; a file over the
    limit is refused before it is read."""
    if upload is None:
        raise Refusal(_("Choose the bot's file."), field="source")
    if upload.size > UPLOAD_BYTES:
        raise Refusal(
            _("The file is %(size)d KB; a bot is at most %(limit)d KB.")
            % {"size": upload.size // 1024, "limit": UPLOAD_BYTES // 1024},
            field="source",
            code=TOO_LARGE,
        )
    filename = (upload.name or "").rsplit("/", 1)[-1][-FILENAME_CHARS:]
    content = upload.read(UPLOAD_BYTES + 1)
    entry_point = (entry_point or "").strip()
    unpack(filename, content, entry_point)
    if not filename.lower().endswith(".zip"):
        entry_point = SINGLE_FILE_NAME
    return Source(filename=filename, content=content, entry_point=entry_point)


def upload_fields(source: Source) -> dict:
    return {
        "filename": source.filename,
        "content": source.content,
        "entry_point": source.entry_point,
        "sha256": hashlib.sha256(source.content).hexdigest(),
    }


def do_send_for_check(bot: Bot, source: Source) -> SourceCheck:
    """Keep ``source`` as the bot's check and send it to a ``bots`` worker for its probe
    game on commit (``bots.probes``); refused while the last one is still being
    checked (under the bot's row lock, so two uploads at once make one check). The
    caller holds a transaction."""
    Bot.objects.select_for_update().filter(pk=bot.pk).first()
    status = SourceCheck.objects.filter(bot=bot).values_list("status", flat=True).first()
    if status in SourceCheck.IN_FLIGHT:
        raise Refusal(
            _("The last version is still being checked: upload again once it is decided."),
            field="source",
            code=CONFLICT,
        )
    fields = {
        **upload_fields(source),
        "status": WorkStatus.QUEUED,
        "claim_token": None,
        "attempts": 0,
        "claimed_at": None,
        "evidence": "",
        "created_at": timezone.now(),
        "finished_at": None,
    }
    check, _made = SourceCheck.objects.update_or_create(bot=bot, defaults=fields)
    enqueue.on_commit("bots.tasks.probe_source", check.pk)
    return check


def do_register_uploaded_bot(owner, bot: Bot, source: Source, probe: bool = True) -> Bot:
    """Save ``bot`` as ``owner``'s uploaded bot (within their ``BOTS_PER_AUTHOR``); its
    checked source is sent for its probe game and becomes its own once passed, so the
    bot plays nowhere until then (``probe``: the tests' misbehaving bots skip the game
    and get their source at once, for the worker to contain)."""
    with transaction.atomic():
        check_bot_count(owner)
        bot.owner = owner
        bot.kind = Bot.Kind.UPLOADED
        bot.builtin_key, bot.settings, bot.endpoint_url, bot.secret = "", {}, "", ""
        bot.public = False  # people play built-in bots at the site's tables, not uploads
        bot.save()
        if probe:
            do_send_for_check(bot, source)
        else:
            BotUpload.objects.create(bot=bot, **upload_fields(source))
    return bot


def do_replace_source(bot: Bot, source: Source) -> SourceCheck:
    """The bot's next version, sent for its probe game: the version it has plays on
    until this one passes (matches started before play the source they started with)."""
    if not bot.is_uploaded:
        raise Refusal(
            _("Only an uploaded bot has a source to replace."), field="source", code=CONFLICT
        )
    with transaction.atomic():
        return do_send_for_check(bot, source)


FORM_BYTES = 64 * 1024  # what a request may carry besides the file


def check_request_size(request) -> None:
    """Refuse (413) a request that says it is larger than a bot and its form fields,
    before its body is read."""
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    if length > UPLOAD_BYTES + FORM_BYTES:
        raise Refusal(
            _("The file is %(size)d KB; a bot is at most %(limit)d KB.")
            % {"size": length // 1024, "limit": UPLOAD_BYTES // 1024},
            field="source",
            code=TOO_LARGE,
        )
