"""The rows every result writes (its entry, the confirmations, their audit entries, the
official result) are inserted by ``lib.compiled.insert_row``, its INSERT built once:
each is stored as ``save()`` stores it, heard by the same signals, and a row the
database refuses raises as a save's would."""

import pytest
from django.db import IntegrityError, transaction
from django.db.models.signals import post_save, pre_save
from django.forms.models import model_to_dict

from lib.compiled import insert_row
from scoring.models import AuditEntry, Confirmation, Submission
from tests.scoring.conftest import RULEBOOK_ROUND
from tournaments.models import Result

pytestmark = pytest.mark.django_db

STAMPED = {"id", "created_at", "recorded_at"}


@pytest.fixture
def heard():
    """(signal, model, created, update_fields) of every save, in order."""
    saves = []

    def pre(sender, update_fields, **_signal):
        saves.append(("pre", sender, None, update_fields))

    def post(sender, created, update_fields, **_signal):
        saves.append(("post", sender, created, update_fields))

    pre_save.connect(pre, dispatch_uid="test-insert-row-pre")
    post_save.connect(post, dispatch_uid="test-insert-row-post")
    yield saves
    pre_save.disconnect(dispatch_uid="test-insert-row-pre")
    post_save.disconnect(dispatch_uid="test-insert-row-post")


def rows_of(table, player, other_player):
    """A new row of each model, made afresh at each call."""
    entry = Submission.objects.filter(table=table).first()
    return [
        Submission(
            table=table,
            kind=Submission.Kind.GLORY_TABLE,
            entry=RULEBOOK_ROUND,
            answer={"valid": True},
            submitted_by=player,
            status=Submission.Status.SUPERSEDED,
        ),
        Confirmation(submission=entry, user=other_player, decision="dispute", comment="no"),
        AuditEntry(
            event=table.round.event,
            table=table,
            actor=player,
            action="confirmed",
            after={"status": "pending", "rounds": [1, 2]},
        ),
        Result(table=table, event=table.round.event, source="organiser", detail={"void": True}),
    ]


def stored(row) -> dict:
    found = type(row).objects.get(pk=row.pk)
    return {name: value for name, value in model_to_dict(found).items() if name not in STAMPED}


def test_each_row_is_stored_and_heard_as_its_save_does(heard, table, player, other_player):
    Submission.objects.create(
        table=table, kind="call-to-glory-table/1", entry={}, answer={}, submitted_by=player
    )
    for made, inserted in zip(
        rows_of(table, player, other_player), rows_of(table, player, other_player), strict=True
    ):
        heard.clear()
        with transaction.atomic():
            made.save()
            saved = stored(made)
            transaction.set_rollback(True)
        by_save = list(heard)
        heard.clear()
        insert_row(inserted)

        assert inserted.pk is not None and not inserted._state.adding
        stamps = [getattr(inserted, name, None) for name in ("created_at", "recorded_at")]
        assert any(stamps)
        assert stored(inserted) == saved
        assert (
            heard
            == by_save
            == [
                ("pre", type(made), None, None),
                ("post", type(made), True, None),
            ]
        )


def test_a_row_the_database_refuses_raises_as_a_saves_would(table, player, other_player):
    entry = Submission.objects.create(
        table=table, kind="call-to-glory-table/1", entry={}, answer={}, submitted_by=player
    )
    insert_row(Confirmation(submission=entry, user=other_player, decision="confirm"))

    with pytest.raises(IntegrityError), transaction.atomic():
        insert_row(Confirmation(submission=entry, user=other_player, decision="dispute"))

    assert list(entry.confirmations.values_list("decision", flat=True)) == ["confirm"]
