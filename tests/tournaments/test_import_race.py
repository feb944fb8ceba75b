"""The same CSV sent twice at once (a retry on venue Wi-Fi), on PostgreSQL: the second
import waits for the first under the event's row lock, then finds its names entered and
is refused; nobody is entered twice."""

import pytest

from lib.refusal import Refusal
from tests.threads import InThread
from tests.tournaments.helpers import make_event
from tournaments.entrant_import import do_import_entrants

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

CSV = "name,club\nAnn Example,Rooks\nBen Example,Knights\nCat Example,\n"


def test_the_same_file_imported_twice_at_once_enters_everyone_once(league, organiser):
    event = make_event(league, organiser)
    before = event.entrants.count()
    first = InThread(lambda: do_import_entrants(event, CSV, organiser), hold=True)
    assert first.ready.wait(20) and first.error is None
    second = InThread(lambda: do_import_entrants(event, CSV, organiser))
    assert not second.done.wait(0.5)  # it waits for the event's lock
    first.release()
    second.finish()
    assert isinstance(second.error, Refusal)
    names = list(event.entrants.values_list("name", flat=True))
    assert event.entrants.count() == before + 3
    assert sorted(n for n in names if n.endswith("Example")) == [
        "Ann Example", "Ben Example", "Cat Example",
    ]  # fmt: skip
