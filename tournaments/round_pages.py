"""A large round's tables a page at a time, or the tables where a name sits.

At 7,500 players the round page listed 1,875 tables: 1.25 MB that every reader
downloaded and that cost the site a tenth of a second to send. Tables are now shown
``TABLES_PAGE`` at a time by their numbers (``?tables=N``: tables 101-200 are page 2),
so a player who knows their table number knows its page; and a name searched
(``?player=...``, as a Grand Prix posts its pairings by name) shows the tables where it
sits; several names, separated by commas, show the tables where any of them sits (an
organiser swapping two players from different pages finds both, and the swap menus list
the players at the tables shown). A round of up to ``TABLES_PAGE`` tables shows them
all, as before.
"""

from dataclasses import dataclass
from urllib.parse import urlencode

from django.db.models import Q
from django.http import Http404
from django.utils.translation import gettext as _

TABLES_PAGE = 100
# A search shows at most this many tables (a name shared by more is narrowed further).
FOUND_AT_MOST = TABLES_PAGE
LONGEST_SEARCH = 100
NAMES_AT_MOST = 10


@dataclass(frozen=True)
class TablesShown:
    """Which of the round's tables a page shows: ``page`` of ``pages`` (by table
    number), or those where ``player`` sits (``page`` 0)."""

    page: int
    pages: int
    highest: int
    player: str = ""

    @property
    def first(self) -> int:
        return (self.page - 1) * TABLES_PAGE + 1

    @property
    def last(self) -> int:
        return min(self.page * TABLES_PAGE, self.highest)

    @property
    def query(self) -> str:
        """The query string that asks for these tables again (the live part's fetch)."""
        if self.player:
            return "?" + urlencode({"player": self.player})
        return f"?tables={self.page}" if self.page > 1 else ""

    @property
    def names(self) -> list[str]:
        """The names searched for: the search split at its commas."""
        names = (name.strip() for name in self.player.split(","))
        return [name for name in names if name][:NAMES_AT_MOST]

    @property
    def key(self) -> str:
        """What a cached page of the round is kept under (a search is not cached)."""
        return f"tables-{self.page}"

    @property
    def ranges(self) -> list[tuple[int, int, int]]:
        """Every page as (page, its first table number, its last)."""
        return [
            (page, (page - 1) * TABLES_PAGE + 1, min(page * TABLES_PAGE, self.highest))
            for page in range(1, self.pages + 1)
        ]

    def of(self, tables):
        """The round's ``tables`` (a queryset) this page shows."""
        if self.player:
            sits = Q()
            for name in self.names:
                sits |= Q(seats__entrant__name__icontains=name)
            found = tables.filter(sits)
            return tables.filter(pk__in=found.values("pk")[:FOUND_AT_MOST])
        if self.pages == 1:
            return tables
        return tables.filter(number__gte=self.first, number__lte=self.last)


def tables_shown(request, round_) -> TablesShown:
    """What the request asks to see of the round (``permissions.access_round``'s, which
    reads its highest table number); 404 for a page it does not have."""
    highest = round_.highest_table or 0
    pages = max(1, -(-highest // TABLES_PAGE))
    player = " ".join(request.GET.get("player", "").split())[:LONGEST_SEARCH]
    if player.replace(",", "").strip():
        return TablesShown(0, pages, highest, player)
    asked = request.GET.get("tables", "1")
    if not asked.isascii() or not asked.isdigit() or not 1 <= int(asked) <= pages:
        raise Http404(_("This round has no such page of tables."))
    return TablesShown(int(asked), pages, highest)


def asked_again(request) -> str:
    """The query string of the tables ``request`` was posted from (a swap made on a page
    of them, or on a search, goes back to it)."""
    kept = {key: request.GET[key] for key in ("tables", "player") if request.GET.get(key)}
    return "?" + urlencode(kept) if kept else ""


def table_anchor(number: int) -> str:
    """The round page's address tail that shows table ``number``."""
    page = (number - 1) // TABLES_PAGE + 1
    return f"?tables={page}#table-{number}" if page > 1 else f"#table-{number}"
