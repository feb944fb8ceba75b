"""A league you can take with you, in: a file written by ``league_export`` (the same
version) becomes a new league of this site, whole or not at all. A file too large, of
another format or version, naming a league or an event whose address is taken, or with
a bad record is refused, naming the first bad record; nothing is written. People are
matched by username; anyone not found here is a walk-in under the same name. The
standings and ratings are computed again from the results."""

import json

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.crypto import get_random_string
from django.utils.text import slugify
from django.utils.translation import gettext as _

from games.models import CatalogueGame
from integrations.league_export import FORMAT, VERSION, plain_fields
from lib.refusal import TOO_LARGE, Refusal
from standings.computing import do_store_standings
from standings.ratings import do_rebuild_ratings
from tournaments.models import (
    Entrant,
    Event,
    EventLogEntry,
    League,
    Result,
    Round,
    Season,
    Seat,
    SeatResult,
    Table,
)

MAX_BYTES = 20 * 1024 * 1024


class BadRecord(Exception):
    def __init__(self, where: str, reason: str):
        super().__init__(f"{where}: {reason}")
        self.where, self.reason = where, reason


def check_file_size(size: int) -> None:
    """Refuses a file above ``MAX_BYTES``: asked of the size the upload or the disk
    declares, before a byte of the file is read (every path: page, API, command)."""
    if size > MAX_BYTES:
        raise Refusal(
            _("The file is larger than %(mb)s MB.") % {"mb": MAX_BYTES // 2**20},
            field="file",
            code=TOO_LARGE,
        )


def read_league_upload(upload) -> dict:
    """An uploaded file's league (a Django ``UploadedFile``): its declared size checked
    first, then at most one byte more than the limit read."""
    check_file_size(upload.size)
    return read_league_file(upload.read(MAX_BYTES + 1))


def read_league_file(data: bytes) -> dict:
    """The file's JSON object, or a refusal: too large, not JSON, another format."""
    check_file_size(len(data))
    try:
        file = json.loads(data)
    except ValueError:
        raise Refusal(_("The file is not JSON."), field="file") from None
    if not isinstance(file, dict) or file.get("format") != FORMAT:
        raise Refusal(_("The file is not a Leaguewright league."), field="file")
    if file.get("version") != VERSION:
        raise Refusal(
            _("The file is of version %(version)s; this site reads version %(ours)s.")
            % {"version": file.get("version"), "ours": VERSION},
            field="file",
        )
    return file


def built(model, record, where: str, **relations):
    """An unsaved ``model`` from the record's own fields and ``relations``, checked."""
    if not isinstance(record, dict):
        raise BadRecord(where, _("not a JSON object"))
    obj = model(**relations)
    for field in plain_fields(model):
        if field.name in record:
            try:
                setattr(obj, field.attname, field.to_python(record[field.name]))
            except ValidationError as exc:
                raise BadRecord(where, f"{field.name}: {' '.join(exc.messages)}") from None
    try:
        obj.full_clean(
            exclude=[f.name for f in model._meta.fields if f.is_relation], validate_unique=False
        )
    except ValidationError as exc:
        raise BadRecord(where, "; ".join(exc.messages)) from None
    return obj


def items(record: dict, key: str, where: str) -> list:
    found = record.get(key, [])
    if not isinstance(found, list):
        raise BadRecord(where, _("%(key)s is not a list") % {"key": key})
    return found


class Importer:
    """One import: people looked up once, records written in the file's order, the
    audit trail's times kept."""

    def __init__(self, by):
        self.by = by
        self.people: dict[str, object] = {}
        self.stamped: list[tuple[object, str, object]] = []

    def person(self, name):
        if not name:
            return None
        if name not in self.people:
            self.people[name] = get_user_model().objects.filter(username=name).first()
        return self.people[name]

    def saved(self, obj, record: dict, *stamps: str):
        """Save ``obj``; the ``stamps`` (fields set on saving: auto_now) get the file's
        values back afterwards."""
        kept = {name: getattr(obj, name) for name in stamps if record.get(name)}
        obj.save()
        self.stamped.extend((obj, name, value) for name, value in kept.items())
        return obj

    def league(self, file: dict) -> League:
        record = file.get("league")
        league = built(League, record, "league", created_by=self.by)
        if League.objects.filter(slug=league.slug).exists():
            raise Refusal(
                _("A league with the address %(slug)s exists already.") % {"slug": league.slug},
                code="conflict",
            )
        league = self.saved(league, record, "created_at")
        league.organisers.set(filter(None, map(self.person, record.get("organisers", []))))
        return league

    def catalogue(self, file: dict) -> None:
        for number, record in enumerate(items(file, "catalogue_games", "file"), start=1):
            where = f"catalogue_games[{number}]"
            if isinstance(record, dict) and CatalogueGame.objects.filter(key=record.get("key")):
                continue  # known here already
            self.saved(built(CatalogueGame, record, where, created_by=self.by), record)

    def entrant_of(self, entry) -> dict:
        """Who the entrant is here: the person with their username, the bot with its
        name, else a walk-in (a placeholder person, as ``do_add_walk_in`` makes)."""
        if not isinstance(entry, dict):
            return {}
        if (user := self.person(entry.get("username"))) is not None:
            return {"user": user}
        bots = Entrant._meta.get_field("bot").related_model
        if entry.get("bot") and (bot := bots.objects.filter(name=entry["bot"]).first()):
            return {"bot": bot}
        name = str(entry.get("name", ""))
        username = f"walkin-{slugify(name)[:20]}-{get_random_string(6).lower()}"
        user = get_user_model()(username=username, display_name=name[:80], is_active=False)
        user.set_unusable_password()
        user.save()
        return {"user": user}

    def event(self, record: dict, season: Season, where: str) -> Event:
        event = built(Event, record, where, season=season, created_by=self.by)
        if Event.objects.filter(slug=event.slug).exists():
            raise BadRecord(
                where, _("an event with the address %(slug)s exists already") % {"slug": event.slug}
            )
        event = self.saved(event, record, "created_at")
        event.organisers.set(filter(None, map(self.person, record.get("organisers", []))))
        entrants = {}
        for number, entry in enumerate(items(record, "entrants", where), start=1):
            here = f"{where}.entrants[{number}]"
            entrant = built(Entrant, entry, here, event=event, **self.entrant_of(entry))
            entrants[entry.get("key")] = self.saved(entrant, entry)
        for number, round_record in enumerate(items(record, "rounds", where), start=1):
            self.round(round_record, event, entrants, f"{where}.rounds[{number}]")
        for number, entry in enumerate(items(record, "log", where), start=1):
            actor = self.person(entry.get("actor")) if isinstance(entry, dict) else None
            logged = built(EventLogEntry, entry, f"{where}.log[{number}]", event=event, actor=actor)
            self.saved(logged, entry, "created_at")
        return event

    def round(self, record: dict, event: Event, entrants: dict, where: str) -> None:
        round_ = self.saved(built(Round, record, where, event=event), record, "paired_at")
        for number, table_record in enumerate(items(record, "tables", where), start=1):
            here = f"{where}.tables[{number}]"
            table = self.saved(built(Table, table_record, here, round=round_), table_record)
            for seat in items(table_record, "seats", here):
                entrant = entrant_of(entrants, seat, here)
                self.saved(built(Seat, seat, here, table=table, entrant=entrant), seat)
            if table_record.get("result") is not None:
                self.result(table_record["result"], table, entrants, f"{here}.result")

    def result(self, record: dict, table: Table, entrants: dict, where: str) -> None:
        by = self.person(record.get("recorded_by")) if isinstance(record, dict) else None
        result = built(Result, record, where, table=table, event=table.round.event, recorded_by=by)
        result = self.saved(result, record, "recorded_at")
        for number, seat in enumerate(items(record, "seats", where), start=1):
            here = f"{where}.seats[{number}]"
            entrant = entrant_of(entrants, seat, here)
            self.saved(built(SeatResult, seat, here, result=result, entrant=entrant), seat)

    def restamp(self) -> None:
        """Put back the times saving set to now (``auto_now``), with plain updates."""
        for obj, name, value in self.stamped:
            type(obj).objects.filter(pk=obj.pk).update(**{name: value})


def entrant_of(entrants: dict, seat, where: str) -> Entrant:
    key = seat.get("entrant") if isinstance(seat, dict) else None
    if key not in entrants:
        raise BadRecord(where, _("no entrant %(key)s in the event") % {"key": key})
    return entrants[key]


def do_import_league(file: dict, by) -> League:
    """The league of ``file`` (read by ``read_league_file``), created by ``by`` with
    everything in it, or a refusal naming the first bad record and nothing written."""
    importer = Importer(by)
    try:
        with transaction.atomic():
            league = importer.league(file)
            importer.catalogue(file)
            events = []
            for number, record in enumerate(items(file, "seasons", "file"), start=1):
                where = f"seasons[{number}]"
                season = importer.saved(built(Season, record, where, league=league), record)
                for count, event in enumerate(items(record, "events", where), start=1):
                    events.append(importer.event(event, season, f"{where}.events[{count}]"))
            importer.restamp()
    except BadRecord as bad:
        raise Refusal(
            _("%(where)s: %(reason)s") % {"where": bad.where, "reason": bad.reason}, field="file"
        ) from None
    for event in events:
        do_store_standings(event)
    for game in {event.game for event in events}:
        do_rebuild_ratings(league.pk, game)
    return league
