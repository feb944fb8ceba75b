"""An event's own rules profile (a game with them: Call to Adventure), and rescoring
its tables with it.

An organiser copies the default profile, corrects it (the rulebook's pictures of the
track and icon table are lost), previews which totals and places would change, and only
then applies it: every agreed Call to Adventure result of the event is scored again and
re-recorded, each change in the audit log.
"""

from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.declaring import Rules
from games.registry import entry_kind, get_game
from lib.refusal import Refusal
from scoring import audit, summaries
from scoring.catalogues import event_catalogue
from scoring.entries import seat_scores
from scoring.models import EventProfile, Submission
from scoring.profiles import event_rules_profile, rules_profiles_of
from scoring.submissions import record_official, supersede_agreed
from tournaments.finishing import check_not_finished

AGREED = [Submission.Status.CONFIRMED, Submission.Status.OVERRIDDEN]


@dataclass
class TableChange:
    submission: Submission
    answer: dict
    changes: list = field(default_factory=list)

    @property
    def totals_before(self):
        return [score for score, _ in seat_scores(self.submission.kind, self.submission.answer)]

    @property
    def totals_after(self):
        return [score for score, _ in seat_scores(self.submission.kind, self.answer)]

    @property
    def places_before(self):
        return self.submission.answer["places"]

    @property
    def places_after(self):
        return self.answer["places"]


def current_profile(event) -> dict:
    return event_rules_profile(event)


def check_profile(event, profile: dict) -> dict:
    """The edited profile as checked by the event's game, or a refusal naming the key
    that is wrong."""
    return rules_profiles_of(event).check(profile)


def agreed_tableaux(event):
    return (
        Submission.objects.filter(
            table__round__event=event,
            kind__in=[kind.key for kind in get_game(event.game).entry_kinds],
            status__in=AGREED,
        )
        .select_related("table__round__event")
        .order_by("table__round__number", "table__number")
    )


def rescored(submission: Submission, profile: dict) -> dict:
    event = submission.table.round.event
    document = {**submission.entry, "profile": profile["name"]}
    _game, kind = entry_kind(submission.kind)
    rules = Rules(
        options=dict(event.rules_options), profile=profile, catalogue=event_catalogue(event)
    )
    return kind.score(document, rules)


def preview_rescore(event, profile: dict) -> list[TableChange]:
    """What scoring the event's agreed tables with ``profile`` would change; nothing is
    saved. A table that the new profile cannot score is shown with its error."""
    what_changed = rules_profiles_of(event).what_changed
    preview = []
    for submission in agreed_tableaux(event):
        answer = rescored(submission, profile)
        change = TableChange(submission, answer)
        if answer.get("valid"):
            change.changes = what_changed(submission.answer, answer)
        preview.append(change)
    return preview


def next_version(event, profile: dict) -> dict:
    """An applied edit gets a version above the one in use, so results name it apart."""
    in_use = current_profile(event)
    version = max(profile.get("version", 1), in_use.get("version", 1) + 1)
    return {**profile, "version": version}


def do_apply_profile(event, profile: dict, by, reason: str) -> list[TableChange]:
    """Store the event's profile and re-record every agreed table it changes. All or
    nothing: if any table cannot be scored with it, nothing is applied."""
    check_not_finished(event)
    profile = next_version(event, check_profile(event, profile))
    with transaction.atomic():
        EventProfile.objects.update_or_create(
            event=event, defaults={"profile": profile, "updated_by": by}
        )
        preview = preview_rescore(event, profile)
        broken = [change for change in preview if not change.answer.get("valid")]
        if broken:
            table = broken[0].submission.table
            raise Refusal(
                _("The profile cannot score round %(round)s, table %(table)s: %(reason)s")
                % {
                    "round": table.round.number,
                    "table": table.number,
                    "reason": broken[0].answer["error"]["reason"],
                }
            )
        for change in preview:
            if change.changes:
                reapply(change, profile, by, reason)
    return preview


def reapply(change: TableChange, profile: dict, by, reason: str) -> None:
    old = change.submission
    new_entry = {**old.entry, "profile": profile["name"]}
    new = Submission.objects.create(
        table=old.table,
        kind=old.kind,
        entry=new_entry,
        answer=change.answer,
        submitted_by=by,
        status=Submission.Status.OVERRIDDEN,
        decided_at=timezone.now(),
        rules_version=entry_kind(old.kind)[1].rules_version(new_entry, Rules(profile=profile)),
    )
    supersede_agreed(old.table, but=new)
    record_official(new, by, source="organiser")
    audit.log(
        old.table,
        by,
        "rescored",
        before=summaries.summary_of_submission(old),
        after=summaries.summary_of_submission(new),
        reason=reason,
    )
