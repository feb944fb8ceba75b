"""Queries compiled once: a hot path's reads (a move's token with its user, its game
under the lock, its seats with their bots) written as querysets, their SQL compiled by
Django's compiler once per process and database, then run with each request's values;
and its writes, their SQL built once: the moved game's fields (``save_fields``, an
UPDATE) and the new rows a result writes, its entry, confirmations, audit entries and
the result itself (``insert_row``, an INSERT: an audit entry costs 0.2 ms of CPU
through the ORM, 0.13 ms so).

Compiling is most of a small query's CPU: looking a token up costs 1.6 ms as a
queryset and 0.75 ms as SQL (docs/benchmarks.md, "Live moves cheap"). The rows become
model instances as the queryset's own would (Django's converters, ``select_related``
populated the same way), and the query runs through Django's cursor, so it is counted,
logged and part of the transaction like any other.

A ``CompiledQuery`` is built from a function of the query's values that returns the
queryset, and one *marker* per value: the queryset is built once with the markers, and
each marker's places among the compiled SQL's parameters take the value of each run.
A marker must be a value no real query asks for (a negative id, a string with a NUL)
and must appear among the parameters at least once (a person's id asked in four
places is one marker). Values are passed to the database as given, not prepared by
their field: an id is an ``int``, as URLs' converters give it. ``fetch`` gives model
instances (with their annotations); ``rows`` the tuples of a ``values_list`` queryset.

A query that filters on one related object and reads it with ``select_related`` (a
game's seats with their game) repeats that object's columns in every row: naming it
``shared`` makes it once, from the first row, and gives it to every instance, so its
columns (a game's record and deals, JSON) are converted once, not once a row.
"""

from collections.abc import Callable

from django.contrib.auth import get_user_model
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections, router, transaction
from django.db.models import Field, Model, QuerySet
from django.db.models.options import Options
from django.db.models.query import RelatedPopulator, get_related_populators
from django.db.models.signals import post_save, pre_save
from django.db.transaction import TransactionManagementError

# The marker of a signed-in person's id in the queries compiled for a reader.
PERSON = -7


def person(user_id: int):
    """Who a query compiled for a reader is built for: a signed-in person who is not
    staff, with ``PERSON`` (the marker of their id) when it is built."""
    return get_user_model()(pk=user_id)


class _Compiled:
    """What one database needs to run the query: its SQL, where the values go, and how
    a row becomes instances."""

    def __init__(self, queryset: QuerySet, markers: tuple, db: str, shared: str | None):
        compiler = queryset.query.get_compiler(using=db)
        sql, params = compiler.as_sql()
        slots = [markers.index(p) if p in markers else None for p in params]
        if {s for s in slots if s is not None} != set(range(len(markers))):
            raise ValueError(f"each marker must be a parameter of {sql!r}: {params!r}")
        self.sql = sql
        self.params = [(slot, param) for slot, param in zip(slots, params, strict=True)]
        self.for_update = queryset.query.select_for_update
        select, klass_info = compiler.select, compiler.klass_info
        # Columns past ``col_count`` are only for the ordering of a DISTINCT query.
        self.width = compiler.col_count
        columns = [col for col, *_ in select[: self.width]]
        self.converters = list(compiler.get_converters(columns).items())
        self.model: type[Model] | None = None
        if klass_info is None:  # a values_list queryset: rows, not instances
            return
        self.annotations = list(compiler.annotation_col_map.items())
        fields = klass_info["select_fields"]
        self.start, self.end = fields[0], fields[-1] + 1
        self.model = klass_info["model"]
        self.init_list = [col.target.attname for col, *_ in select[self.start : self.end]]
        # The stubs are Django 6's, whose ``fetch_mode`` Django 5.2 does not take.
        self.populators = get_related_populators(klass_info, select, db)  # type: ignore[call-arg]
        # The populator of the ``shared`` object, and the converters of every row but
        # the first (none of its columns).
        self.shared: RelatedPopulator | None = None
        self.later_converters = self.converters
        if shared is not None:
            related = [info["field"].name for info in klass_info["related_klass_infos"]]
            self.shared = self.populators[related.index(shared)]
            assert not self.shared.reorder_for_init and not self.shared.related_populators
            its_columns = range(self.shared.cols_start, self.shared.cols_end)
            self.later_converters = [c for c in self.converters if c[0] not in its_columns]


class CompiledQuery:
    def __init__(self, build: Callable[..., QuerySet], *markers, shared: str | None = None):
        self.build = build
        self.markers = markers
        self.shared = shared
        self.compiled: dict[str, _Compiled] = {}

    def fetch(self, *values, using: str = DEFAULT_DB_ALIAS) -> list:
        """The instances the queryset built with ``values`` would give."""
        compiled, rows = self._run(values, using)
        model = compiled.model
        assert model is not None, "a values_list queryset gives rows, not instances"
        found = []
        start, end, init_list = compiled.start, compiled.end, compiled.init_list
        shared = compiled.shared
        populators = [p for p in compiled.populators if p is not shared]
        made = shared_made(shared, rows[0], using) if shared is not None and rows else None
        for row in rows:
            instance = model.from_db(using, init_list, row[start:end])
            if shared is not None:
                shared.local_setter(instance, made)
                if made is not None:
                    shared.remote_setter(made, instance)
            for populator in populators:
                populator.populate(row, instance)
            for name, position in compiled.annotations:
                setattr(instance, name, row[position])
            found.append(instance)
        return found

    def rows(self, *values, using: str = DEFAULT_DB_ALIAS) -> list[tuple]:
        """The tuples the ``values_list`` queryset built with ``values`` would give."""
        return [tuple(row) for row in self._run(values, using)[1]]

    def _run(self, values: tuple, using: str) -> tuple[_Compiled, list[list]]:
        compiled = self.compiled.get(using)
        if compiled is None:
            queryset = self.build(*self.markers)
            compiled = self.compiled.setdefault(
                using, _Compiled(queryset, self.markers, using, self.shared)
            )
        connection = connections[using]
        # As Django refuses it (a backend without row locks, SQLite, has none to take).
        if (
            compiled.for_update
            and connection.features.has_select_for_update
            and connection.get_autocommit()
        ):
            raise TransactionManagementError(
                "select_for_update cannot be used outside of a transaction."
            )
        params = [param if slot is None else values[slot] for slot, param in compiled.params]
        with connection.cursor() as cursor:
            cursor.execute(compiled.sql, params)
            fetched = cursor.fetchall()
        rows: list[list] = []
        for got in fetched:
            row = list(got[: compiled.width])
            each = compiled.later_converters if rows else compiled.converters
            for position, (converters, expression) in each:
                value = row[position]
                for converter in converters:
                    value = converter(value, expression, connection)
                row[position] = value
            rows.append(row)
        return compiled, rows


def shared_made(populator: RelatedPopulator, row: list, using: str) -> Model | None:
    """The ``shared`` object of a query, made from a row as its populator makes it."""
    data = row[populator.cols_start : populator.cols_end]
    if data[populator.pk_idx] is None:
        return None
    return populator.model_cls.from_db(using, populator.init_list, data)


_UPDATES: dict[tuple, str] = {}


def save_fields(
    instance: Model, names: tuple[str, ...], unchanged: tuple[str, object] | None = None
) -> bool:
    """``instance.save(update_fields=names)`` with its UPDATE's SQL built once per model,
    fields and database: the same ``pre_save`` and ``post_save`` signals, the same
    values (``auto_now`` stamped, each field's value prepared for the database), and the
    same error when no row was updated. For a model without parents whose related
    objects are saved before it.

    With ``unchanged`` (a field's name and the value it held when the instance was
    read), the row is written only if the field still holds that value (a
    compare-and-set): False, with no ``post_save``, when it does not."""
    model = type(instance)
    meta = model._meta
    using = instance._state.db or router.db_for_write(model, instance=instance)
    connection = connections[using]
    fields = [_own_field(meta, name) for name in names]
    held = None if unchanged is None else _own_field(meta, unchanged[0])
    key = (model, names, using, held)
    sql = _UPDATES.get(key)
    if sql is None:
        quote = connection.ops.quote_name
        columns = ", ".join(f"{quote(_column(field))} = %s" for field in fields)
        sql = f"UPDATE {quote(meta.db_table)} SET {columns} WHERE {quote(_column(meta.pk))} = %s"
        if held is not None:
            sql += f" AND {quote(_column(held))} = %s"
        _UPDATES[key] = sql
    update_fields = frozenset(names)
    pre_save.send(
        sender=model, instance=instance, raw=False, using=using, update_fields=update_fields
    )
    params = [
        field.get_db_prep_save(field.pre_save(instance, False), connection=connection)
        for field in fields
    ]
    params.append(meta.pk.get_db_prep_value(instance.pk, connection))
    if held is not None:
        assert unchanged is not None  # held is read from it
        params.append(held.get_db_prep_value(unchanged[1], connection))
    with transaction.mark_for_rollback_on_error(using=using), connection.cursor() as cursor:
        cursor.execute(sql, params)
        if cursor.rowcount < 1:
            if held is not None:
                return False
            raise DatabaseError("Save with update_fields did not affect any rows.")
    instance._state.db = using
    instance._state.adding = False
    post_save.send(
        sender=model,
        instance=instance,
        created=False,
        update_fields=update_fields,
        raw=False,
        using=using,
    )
    return True


_INSERTS: dict[tuple, tuple[str, list[Field]]] = {}


def insert_row(instance: Model) -> None:
    """``instance.save()`` of a new instance with its INSERT's SQL built once per model
    and database: the same ``pre_save`` and ``post_save`` (``created``) signals, the same
    values (each field's ``pre_save``, so ``auto_now_add`` stamped, prepared for the
    database as a save prepares them), and the id the database gives it set on it. For
    a model without parents whose id the database numbers (an ``AutoField``), whose
    related objects are saved before it."""
    model = type(instance)
    meta = model._meta
    assert not meta.parents and meta.auto_field is meta.pk and instance.pk is None
    using = instance._state.db or router.db_for_write(model, instance=instance)
    connection = connections[using]
    built = _INSERTS.get((model, using))
    if built is None:
        built = _INSERTS.setdefault((model, using), _insert_sql(meta, connection))
    sql, fields = built
    pre_save.send(sender=model, instance=instance, raw=False, using=using, update_fields=None)
    params = [
        field.get_db_prep_save(field.pre_save(instance, True), connection=connection)
        for field in fields
    ]
    with transaction.mark_for_rollback_on_error(using=using), connection.cursor() as cursor:
        cursor.execute(sql, params)
        (instance.pk,) = cursor.fetchone()
    instance._state.db = using
    instance._state.adding = False
    post_save.send(
        sender=model, instance=instance, created=True, update_fields=None, raw=False, using=using
    )


def _insert_sql(meta: Options, connection) -> tuple[str, list[Field]]:
    """The INSERT of a row of every field but its id, which it returns; and those fields."""
    fields = [field for field in meta.local_concrete_fields if field is not meta.auto_field]
    assert connection.features.can_return_columns_from_insert
    assert not any(field.generated or field.has_db_default() for field in fields)
    quote = connection.ops.quote_name
    columns = ", ".join(quote(_column(field)) for field in fields)
    values = ", ".join("%s" for _field in fields)
    sql = (
        f"INSERT INTO {quote(meta.db_table)} ({columns}) VALUES ({values}) "
        f"RETURNING {quote(_column(meta.pk))}"
    )
    return sql, fields


def _own_field(meta: Options, name: str) -> Field:
    """The model's field ``name``, one of its row's (not a relation from another model)."""
    field = meta.get_field(name)
    assert isinstance(field, Field), f"{name} is not a field of {meta.label}'s row"
    return field


def _column(field: Field) -> str:
    assert field.column is not None, f"{field} has no column"
    return field.column
