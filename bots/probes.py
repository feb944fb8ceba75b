"""The probe game (docs/bots.md, "The probe game"): every uploaded source, a new bot's
first or a new version, plays one one-round game against the site's random bot in the
sandbox, on a ``bots`` worker, before it can play anywhere. Until it passes it waits in
its ``SourceCheck``; once passed it becomes the bot's ``BotUpload``. A refusal keeps the
referee's evidence for the author, who is told by e-mail (``accounts.notices``).

The task claims the check as a match is claimed (``bots.claims``), so a task delivered
twice plays it once and a check whose worker died is sent again by
``bots.tasks.requeue_stale_work`` once its lease expires."""

from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.notices import do_notify, link
from bots.claims import Lease, claim
from bots.local_runner import LocalBot, LocalUpload, play_local_series
from bots.models import Bot, BotUpload, SourceCheck, WorkStatus
from bots.scheduling import check_batch_options

# Faults that say the upload does not speak the protocol; a timeout or the memory limit
# in a probe game on a busy machine is no verdict on the bot.
PROBE_FAULTS = {"crash", "malformed", "illegal"}
PROBE_NAME = "probe"


def probe_evidence(check: SourceCheck, game: str) -> str:
    """The referee's evidence against the source in its probe game, "" when it passed
    (played as a batch plays it: the same sandbox, referee and times,
    ``bots.local_runner``)."""
    probe = LocalBot(
        PROBE_NAME,
        Bot.Kind.UPLOADED,
        upload=LocalUpload(check.filename, bytes(check.content), check.entry_point),
    )
    options = check_batch_options(game, {"rounds": 1})
    (played,) = play_local_series(probe, ["random"], game, 1, options, seed=1)
    for note in played.outcome.faults:
        if played.names[note.position] == PROBE_NAME and note.kind in PROBE_FAULTS:
            return note.evidence
    return ""


def do_probe_source(check_id: int) -> str:
    """Play the check's probe game once and store its verdict: the source becomes the
    bot's (passed) or is refused with the evidence (failed, its author told). The
    verdict, or "" when another worker holds the check or it is decided already."""
    token = claim(SourceCheck, check_id)
    if token is None:
        return ""
    check = SourceCheck.objects.select_related("bot__owner").get(pk=check_id)
    lease = Lease(SourceCheck, check_id, token)
    with lease:
        evidence = probe_evidence(check, check.bot.game)
    with transaction.atomic():
        verdict = WorkStatus.FAILED if evidence else WorkStatus.DONE
        stored = lease.rows.update(status=verdict, evidence=evidence, finished_at=timezone.now())
        if not stored:  # another worker took it over and decides it
            return ""
        if evidence:
            tell_refused(check, evidence)
        else:
            fields = {
                "filename": check.filename,
                "content": check.content,
                "entry_point": check.entry_point,
                "sha256": check.sha256,
            }
            BotUpload.objects.update_or_create(bot=check.bot, defaults=fields)
    return verdict


def tell_refused(check: SourceCheck, evidence: str) -> None:
    bot = check.bot

    def compose(_person):
        subject = _("Your bot %(bot)s was refused in its probe game") % {"bot": bot.name}
        body = _(
            "The file %(file)s of your bot %(bot)s did not play by the protocol in a probe "
            "game against the site's random bot, so it does not play. The referee saw: "
            "%(evidence)s\nUpload a new version: %(link)s\n"
        ) % {
            "file": check.filename,
            "bot": bot.name,
            "evidence": evidence,
            "link": link(reverse("bots:bot-upload-source", args=[bot.pk])),
        }
        return subject, body

    do_notify([bot.owner], compose)
