from django.urls import path

from bots.views import batches, bots, events, ladders, replays, uploads

app_name = "bots"

urlpatterns = [
    path("", bots.bot_list, name="bot-list"),
    path("new/", bots.bot_new, name="bot-new"),
    path("upload/", uploads.bot_upload_new, name="bot-upload-new"),
    path("<int:bot_id>/source/", uploads.bot_upload_source, name="bot-upload-source"),
    path("<int:bot_id>/", bots.bot_detail, name="bot-detail"),
    path("<int:bot_id>/edit/", bots.bot_edit, name="bot-edit"),
    path("<int:bot_id>/secret/", bots.bot_rotate_secret, name="bot-rotate-secret"),
    path("<int:bot_id>/public/", bots.bot_set_public, name="bot-set-public"),
    path("batches/new/", batches.batch_new, name="batch-new"),
    path("batches/<int:batch_id>/", batches.batch_detail, name="batch-detail"),
    path(
        "batches/<int:batch_id>/progress/",
        batches.batch_progress_fragment,
        name="batch-progress",
    ),
    path("events/<slug:slug>/", events.event_bot_rounds, name="event-rounds"),
    path(
        "events/<slug:slug>/rounds/<int:number>/play/",
        events.schedule_event_round,
        name="event-round-play",
    ),
    path("ladders/new/", ladders.ladder_edit, name="ladder-new"),
    path("ladders/<int:ladder_id>/", ladders.ladder_detail, name="ladder-detail"),
    path("ladders/<int:ladder_id>/edit/", ladders.ladder_edit, name="ladder-edit"),
    path("matches/<int:match_id>/", replays.match_replay, name="match-replay"),
    path("matches/<int:match_id>/record.json", replays.match_record, name="match-record"),
    path("results/<int:result_id>/replay/", replays.result_replay, name="result-replay"),
    path("results/<int:result_id>/record.json", replays.result_record, name="result-record"),
    path("replay/", replays.record_replay, name="replay-upload"),
    path("records/<uuid:key>/", replays.stored_replay, name="stored-replay"),
    path("records/<uuid:key>/record.json", replays.stored_record, name="stored-record"),
]
