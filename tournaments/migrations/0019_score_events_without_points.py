"""Events created without points by place (through the API) stored 0 points for every
seat; they count with the default for their table size now
(``event_settings.points_table``). This rescores their recorded seats as a result
written today would be, and asks for their standings again (the next standings run of
the event, or "Recompute standings", stores them)."""

from django.db import migrations

# ``event_settings.DEFAULT_POINTS`` as it was when this ran.
DEFAULT_POINTS = {
    2: [3, 0],
    3: [3, 1, 0],
    4: [4, 2, 1, 0],
    5: [5, 3, 2, 1, 0],
    6: [6, 4, 3, 2, 1, 0],
}


def shared(table, place, sharing):
    covered = [table[i] if i < len(table) else 0 for i in range(place - 1, place - 1 + sharing)]
    return sum(covered) / sharing


def rescore(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    SeatResult = apps.get_model("tournaments", "SeatResult")
    StandingsRequest = apps.get_model("tournaments", "StandingsRequest")
    for event in Event.objects.filter(points_by_place=[]).only("pk", "table_size"):
        size = event.table_size
        table = DEFAULT_POINTS.get(size) or list(range(size - 1, -1, -1))
        seats = list(SeatResult.objects.filter(result__table__round__event=event))
        if not seats:
            continue
        places = {}
        for seat in seats:
            places.setdefault(seat.result_id, []).append(seat.place)
        for seat in seats:
            seat.points = shared(table, seat.place, places[seat.result_id].count(seat.place))
        SeatResult.objects.bulk_update(seats, ["points"], batch_size=500)
        StandingsRequest.objects.create(event_id=event.pk)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0018_lifecycle_log_actions")]

    operations = [migrations.RunPython(rescore, migrations.RunPython.noop)]
