"""Writing many new rows at once: PostgreSQL's COPY where the database is PostgreSQL,
``bulk_create`` elsewhere.

A round of 10,000 entrants is 2,500 tables and 10,000 seats. ``bulk_create`` made a
model instance of each, prepared every field of it and sent INSERTs of tens of
thousands of parameters for PostgreSQL to parse: over a second of wall time on a
loaded 2-core machine, half a second of it the web process's CPU (docs/benchmarks.md,
issue 47). Here the rows are plain tuples, streamed by COPY as text: about a tenth of
that. COPY gives no ids back, so the rows take theirs from their table's sequence
first, in one query (``insert_rows``): the caller knows every row's id without reading
the rows back.

Like ``bulk_create`` it calls no ``save()`` and sends no signal; unlike it, it fills no
Python default: the caller names every column (one left out takes the database's
default, which Django sets only for a field with ``db_default``). Values of fields that are not
plain numbers or booleans are prepared as a save prepares them (a JSON field's
encoding). It writes on Django's connection, inside the caller's transaction (the ids'
query is counted as any query; the COPY itself is not seen by Django's query log).
"""

from collections.abc import Sequence

from django.db import connections, router
from django.db.models import Field, Model

# Values psycopg writes as they are: no field preparation needed.
PLAIN = {
    "AutoField",
    "BigAutoField",
    "BigIntegerField",
    "BooleanField",
    "ForeignKey",
    "IntegerField",
    "PositiveIntegerField",
    "PositiveSmallIntegerField",
    "SmallIntegerField",
}


def insert_rows(model: type[Model], names: Sequence[str], rows: Sequence[tuple]) -> list[int]:
    """Insert ``rows`` of ``model`` (each a tuple of the values of the fields ``names``,
    a foreign key by its id) and return their new ids, in order."""
    connection = connections[router.db_for_write(model)]
    if connection.vendor != "postgresql":
        return [obj.pk for obj in created(model, connection.alias, names, rows)]
    ids = reserved_ids(connection, model, len(rows))
    copied(
        connection, model, ["pk", *names], [(pk, *row) for pk, row in zip(ids, rows, strict=True)]
    )
    return ids


def created(model: type[Model], alias: str, names: Sequence[str], rows: Sequence[tuple]):
    """``bulk_create`` of the rows, for the databases with no COPY."""
    attnames = [concrete(model, name).attname for name in names]
    return model._default_manager.using(alias).bulk_create(
        model(**dict(zip(attnames, row, strict=True))) for row in rows
    )


def copied(connection, model: type[Model], names: Sequence[str], rows: Sequence[tuple]) -> None:
    """COPY of the rows (their fields ``names``, ``pk`` for the primary key) into
    ``model``'s table, each value prepared as a save prepares it where it is not plain."""
    fields = [concrete(model, model._meta.pk.name if name == "pk" else name) for name in names]
    quote = connection.ops.quote_name
    columns = ", ".join(quote(str(f.column)) for f in fields)
    prepared = [i for i, field in enumerate(fields) if field.get_internal_type() not in PLAIN]
    statement = f"COPY {quote(model._meta.db_table)} ({columns}) FROM STDIN"
    with connection.cursor() as cursor, cursor.cursor.copy(statement) as copy:
        for row in rows:
            values = list(row)
            for i in prepared:
                values[i] = fields[i].get_db_prep_save(row[i], connection)
            copy.write_row(values)


def concrete(model: type[Model], name: str) -> Field:
    """The model's field ``name`` (a column of its table, not a reverse relation)."""
    field = model._meta.get_field(name)
    if not isinstance(field, Field) or not field.concrete:
        raise ValueError(f"{model.__name__}.{name} is not a column")
    return field


def reserved_ids(connection, model: type[Model], count: int) -> list[int]:
    """``count`` new ids from the sequence of ``model``'s primary key. The sequence is
    named once: ``nextval`` of its name looked it up by name for every id (0.2 s for
    10,000 ids on a loaded machine, 0.03 s named once)."""
    if not count:
        return []
    meta = model._meta
    with connection.cursor() as cursor:
        cursor.execute(
            "WITH named AS MATERIALIZED "
            "(SELECT pg_get_serial_sequence(%s, %s)::regclass AS sequence) "
            "SELECT nextval(sequence) FROM named, generate_series(1, %s)",
            [meta.db_table, meta.pk.column, count],
        )
        return [pk for (pk,) in cursor.fetchall()]
