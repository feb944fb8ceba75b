"""A round's page, board and API answer, cached under the round's *version*.

The version is a short key of everything those show: the round's ``revision`` (bumped
when it is paired again or its seats are swapped), its clock's revision, its results
(how many, the latest written), the event's teams (how many, their versions: a team
renamed after pairing is named anew on the cards) and what other apps add with
``register_version_provider`` (scoring: its entries by status). It costs two small
aggregate queries, compiled once per process (``VersionQuery``: compiling them was
most of a cached round page's CPU), so a cached answer is never stale and needs no
invalidation; the cache may be per process (Django's default).
"""

import hashlib

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Count, Max, OuterRef, QuerySet, Subquery, Sum
from django.http import HttpResponse
from django.utils.translation import get_language

from lib.built_once import cached_under
from tournaments.models import Result, Round, Team

# A round id no row has: the place of the round's id among a compiled query's values.
_MARKER = -917_263


class VersionQuery:
    """``build(round_id)``'s rows (a ``values_list`` queryset filtered by the round's
    id), its SQL compiled once per process and database and run with each round's id
    through Django's cursor (counted and logged as any query). The rows are the
    database's own values, unconverted: they only make up a version."""

    def __init__(self, build):
        self.build = build
        self.compiled: dict[str, tuple[str, list]] = {}

    def rows(self, round_id: int, using: str = DEFAULT_DB_ALIAS) -> list[tuple]:
        compiled = self.compiled.get(using)
        if compiled is None:
            sql, params = self.build(_MARKER).query.get_compiler(using=using).as_sql()
            if list(params).count(_MARKER) != 1:
                raise ValueError(f"the round's id must be one parameter of {sql!r}")
            compiled = self.compiled.setdefault(using, (sql, list(params)))
        sql, params = compiled
        with connections[using].cursor() as cursor:
            cursor.execute(sql, [round_id if p == _MARKER else p for p in params])
            return cursor.fetchall()


def per_parent(rows: QuerySet, parent: str, **aggregate) -> Subquery:
    """One aggregate of ``rows`` for the outer row ``parent`` names."""
    (name,) = aggregate
    grouped = rows.order_by().values(parent).annotate(**aggregate)
    return Subquery(grouped.values(name))


def contents_version(round_id: int) -> QuerySet:
    """The round's results (how many, the latest) and its event's teams (how many,
    their versions), in one query."""
    results = Result.objects.filter(table__round_id=OuterRef("pk"))
    teams = Team.objects.filter(event_id=OuterRef("event_id"))
    return Round.objects.filter(pk=round_id).values_list(
        per_parent(results, "table__round_id", count=Count("pk")),
        per_parent(results, "table__round_id", latest=Max("recorded_at")),
        per_parent(teams, "event_id", count=Count("pk")),
        per_parent(teams, "event_id", versions=Sum("version")),
    )


_queries = [VersionQuery(contents_version)]


def register_version_provider(build) -> None:
    """``build(round_id)`` is a ``values_list`` queryset whose rows change whenever
    what its app adds to the round's board changes (run as a ``VersionQuery``)."""
    if all(query.build is not build for query in _queries):
        _queries.append(VersionQuery(build))


def round_version(round_: Round) -> str:
    parts = [round_.pk, round_.paired_at, round_.revision, round_.clock_revision]
    for query in _queries:
        parts.extend(query.rows(round_.pk))
    return hashlib.blake2b(repr(parts).encode(), digest_size=12).hexdigest()


def cached(round_: Round, version: str, what: str, build, *variant):
    """``build()`` once per round version (and variant, and language)."""
    return cached_under(["round", what, round_.pk, version, get_language() or "", *variant], build)


def encoded_answer(request, key: list, data) -> HttpResponse:
    """An API answer encoded once per ``key``: ``data()`` rendered by the request's JSON
    renderer (encoding hundreds of rows costs more than the queries that find them)."""
    media = request.accepted_media_type  # with its parameters (indent=4)
    body = cached_under(
        [*key, request.get_host(), media],
        lambda: request.accepted_renderer.render(data(), media, {"request": request}),
    )
    return HttpResponse(body, content_type=media)
