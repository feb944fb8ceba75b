"""A form page that refuses what was sent answers 4xx (``lib.refusal_pages.form_page``):
the same page with the form's error, and nothing in the database changed. Each case is
one page, sent input it refuses; the status is 400, or 409 where the write clashes with
what is stored now. A button's action refused (``lib.refusal_pages.back_to``) answers
the same way: the page it goes back to, with the refusal's message, and nothing changed;
done, it still redirects."""

import re
from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from bots.models import Batch, Bot, Ladder
from declarations.models import Declaration, DeclarationRule
from games.models import CatalogueGame, GameRecord
from integrations.models import Hook
from play.challenges import do_challenge, do_decline, do_open_table
from play.models import Challenge, Vacation
from play.moving import do_leave
from play.starting import Clock, Taker, do_start_game
from room.calls import do_call_judge, do_claim
from room.models import JudgeCall
from scoring.entering import do_submit_result
from scoring.models import Submission
from scoring.slips import slip_token
from series.models import RecurringSchedule, Series, SeriesEvent
from tests.scoring.conftest import RULEBOOK_ROUND
from tests.tournaments.helpers import make_team_event
from tournaments.models import (
    Entrant,
    Event,
    EventRole,
    League,
    Result,
    Round,
    Season,
    Seat,
    Team,
)
from tournaments.teams import do_create_team

pytestmark = pytest.mark.django_db

# Every row of these is compared before and after the refused request.
WATCHED = (
    get_user_model(),
    League,
    Season,
    Event,
    Entrant,
    EventRole,
    Result,
    Series,
    SeriesEvent,
    RecurringSchedule,
    DeclarationRule,
    Hook,
    Challenge,
    Vacation,
    Bot,
    Batch,
    Ladder,
    GameRecord,
    CatalogueGame,
    Round,
    Seat,
    Team,
    Declaration,
    JudgeCall,
    Submission,
)
REQUIRED = "This field is required."


def rows() -> dict:
    return {model.__name__: list(model.objects.order_by("pk").values()) for model in WATCHED}


def a_bot(w):
    return Bot.objects.create(name="Rando", owner=w.player, kind="builtin", builtin_key="random")


def a_series(w):
    return Series.objects.create(
        league=w.league,
        name="Circuit",
        slug="circuit",
        points_by_place=[3, 1],
        created_by=w.organiser,
    )


def a_catalogue_game(w):
    return CatalogueGame.objects.create(
        key="catan-x",
        name="Catan X",
        scoring="high",
        min_players=2,
        max_players=4,
        created_by=w.organiser,
    )


def an_open_league(w):
    w.event.format = "open"
    w.event.save(update_fields=["format"])
    return w.event


# name: (persona, url of the world, data, error text shown, status)
CASES = {
    "signup": (None, lambda w: "/accounts/signup/", {"username": "newbie"}, REQUIRED, 400),
    "profile": (
        "player",
        lambda w: "/accounts/profile/",
        {"display_name": "P", "email": "not-an-address"},
        "Enter a valid email address.",
        400,
    ),
    "bot-new": ("player", lambda w: "/bots/new/", {"name": ""}, REQUIRED, 400),
    "bot-edit": ("player", lambda w: f"/bots/{a_bot(w).pk}/edit/", {"name": ""}, REQUIRED, 400),
    "bot-upload-new": ("player", lambda w: "/bots/upload/", {"name": ""}, REQUIRED, 400),
    "batch-new": ("player", lambda w: "/bots/batches/new/", {"kind": "series"}, REQUIRED, 400),
    "ladder-new": ("staff", lambda w: "/bots/ladders/new/", {"name": ""}, REQUIRED, 400),
    "replay-upload": (
        None,
        lambda w: "/bots/replay/",
        {"text": ""},
        "Paste a record or choose a file.",
        400,
    ),
    "validate-record": (
        None,
        lambda w: "/games/call-to-glory/validate/",
        {"record": ""},
        "Paste a record or choose a file.",
        400,
    ),
    "league-import": (
        "organiser",
        lambda w: "/integrations/leagues/import/",
        {"file": ""},
        REQUIRED,
        400,
    ),
    "league-hooks": (
        "organiser",
        lambda w: f"/integrations/leagues/{w.league.slug}/hooks/",
        {"kind": "signed", "url": "not a url"},
        "Enter a valid URL.",
        400,
    ),
    "event-hooks": (
        "organiser",
        lambda w: f"/integrations/events/{w.event.slug}/hooks/",
        {"kind": "signed", "url": "not a url"},
        "Enter a valid URL.",
        400,
    ),
    "author-hooks": (
        "player",
        lambda w: "/integrations/bots/hooks/",
        {"url": "not a url"},
        "Enter a valid URL.",
        400,
    ),
    "challenge-new": (
        "player",
        lambda w: "/play/challenges/new/",
        {"people": "nobodyhere", "rounds": 1, "pace": "live", "unit": 60},
        "Nobody here has the user name nobodyhere",
        400,
    ),
    "table-new": (
        "player",
        lambda w: "/play/open-tables/new/",
        {"seats": "99"},
        "99 is not one of the available choices.",
        400,
    ),
    "vacation": (
        "player",
        lambda w: "/play/vacation/",
        {"days": "0"},
        "Ensure this value is greater than or equal to 1.",
        400,
    ),
    "event-pace": (
        "organiser",
        lambda w: f"/play/events/{w.event.slug}/pace/",
        {"pace": "x"},
        "x is not one of the available choices.",
        400,
    ),
    "room-staff": (
        "organiser",
        lambda w: f"/events/{w.event.slug}/staff/",
        {"username": "nobody_here", "role": "judge"},
        "Nobody active is called nobody_here.",
        400,
    ),
    "series-create": (
        "organiser",
        lambda w: f"/leagues/{w.league.slug}/series/new/",
        {"name": ""},
        REQUIRED,
        400,
    ),
    "series-edit": (
        "organiser",
        lambda w: f"/series/{a_series(w).slug}/rules/",
        {
            "rules-name": "Renamed",
            "rules-points_by_place": "3, 1",
            "rules-minimum_events": "1",
            "rules-qualifying_places": "1",
            "rules-version": "99",  # not the version stored: someone changed it since
        },
        "The series changed since you saw it",
        409,
    ),
    "series-add-event": (
        "organiser",
        lambda w: f"/series/{a_series(w).slug}/events/",
        {"add-event": "nothing-such", "add-version": "0"},
        "Select a valid choice.",
        400,
    ),
    "league-recurring": (
        "organiser",
        lambda w: f"/leagues/{w.league.slug}/recurring/",
        {"name": ""},
        REQUIRED,
        400,
    ),
    "event-duplicate": (
        "organiser",
        lambda w: f"/events/{w.event.slug}/duplicate/",
        {"name": ""},
        REQUIRED,
        400,
    ),
    "declarations-ask": (
        "organiser",
        lambda w: f"/events/{w.event.slug}/declarations/ask/",
        {"text": "x", "version": "nine"},
        REQUIRED,
        400,
    ),
    "event-edit": (
        "organiser",
        lambda w: f"/events/{w.event.slug}/edit/",
        {"name": ""},
        REQUIRED,
        400,
    ),
    "league-edit": (
        "organiser",
        lambda w: f"/leagues/{w.league.slug}/edit/",
        {"name": ""},
        REQUIRED,
        400,
    ),
    "season-edit": (
        "organiser",
        lambda w: f"/leagues/{w.league.slug}/seasons/{w.event.season_id}/edit/",
        {"name": ""},
        REQUIRED,
        400,
    ),
    "bgstats-import": (
        "organiser",
        lambda w: f"/leagues/{w.league.slug}/import/bgstats/",
        {"file": ""},
        REQUIRED,
        400,
    ),
    "game-add": ("organiser", lambda w: "/games/add/", {"name": ""}, REQUIRED, 400),
    "game-rename": (
        "organiser",
        lambda w: f"/games/{a_catalogue_game(w).key}/rename/",
        {"name": ""},
        REQUIRED,
        400,
    ),
    "entrants": (
        "organiser",
        lambda w: f"/events/{w.event.slug}/entrants/",
        {"walk_in": "Wanda", "seed": "2147483648"},
        "less than or equal to 2147483647",
        400,
    ),
    "entrants-import": (
        "organiser",
        lambda w: f"/events/{w.event.slug}/entrants/import/",
        {"csv": "name\nAnn\nAnn\n"},
        "Row 3: the same person as row 2",
        400,
    ),
    "league-create": ("organiser", lambda w: "/leagues/new/", {"name": ""}, REQUIRED, 400),
    "season-create": (
        "organiser",
        lambda w: f"/leagues/{w.league.slug}/seasons/new/",
        {"name": ""},
        REQUIRED,
        400,
    ),
    "event-create": (
        "organiser",
        lambda w: f"/leagues/{w.league.slug}/events/new/",
        {"name": ""},
        REQUIRED,
        400,
    ),
    "log-game": (
        "organiser",
        lambda w: f"/events/{an_open_league(w).slug}/games/new/",
        {"entrant_0": "", "place_0": "1"},
        REQUIRED,
        400,
    ),
}


@pytest.fixture
def world(staff, organiser, player, league, event):
    return SimpleNamespace(
        staff=staff, organiser=organiser, player=player, league=league, event=event
    )


@pytest.fixture
def table_world(world, table):
    world.table = table
    return world


@pytest.mark.parametrize("case", CASES)
def test_a_refused_form_answers_4xx_with_its_error_and_changes_nothing(case, world, client_for):
    persona, url_of, data, said, status = CASES[case]
    url = url_of(world)
    client = client_for(getattr(world, persona) if persona else None)
    before = rows()
    page = client.post(url, data)
    assert page.status_code == status
    assert said in page.content.decode()
    assert rows() == before


def declared(w):
    """The player an entrant asked for a deck, declared once: the version is 1."""
    DeclarationRule.objects.create(
        event=w.event, label="Deck", deadline=timezone.now() + timedelta(days=1)
    )
    entrant = Entrant.objects.get(event=w.event, user=w.player)
    Declaration.objects.create(entrant=entrant, event=w.event, text="Elves", updated_by=w.player)
    return entrant


def finished(event):
    event.status = Event.Status.FINISHED
    event.save(update_fields=["status"])
    return event


def a_team_event(w):
    w.event = make_team_event(
        w.league, w.organiser, players=4, table_size=2, points_by_place=[3, 0], slug="club-match"
    )
    return w.event


def a_team(w):
    return do_create_team(a_team_event(w), w.organiser, "Rooks", captain=w.player)


def a_withdrawn_team_player(w):
    team = a_team(w)
    first = Entrant.objects.filter(event=team.event, team__isnull=True).order_by("pk").first()
    first.team = team
    first.board = 1
    first.save(update_fields=["team", "board"])
    finished(team.event)
    return f"/events/club-match/teams/{team.pk}/withdraw/{first.pk}/"


def a_call(w):
    return do_call_judge(w.table, w.player, "A rules question")


def a_claimed_call(w):
    call = a_call(w)
    do_claim(call.pk, w.organiser, call.basis)
    call.refresh_from_db()
    return call


def a_submission(w):
    event = w.table.round.event
    event.rules_options = {"rounds": 1}
    event.save(update_fields=["rules_options"])
    return do_submit_result(w.table, "call-to-glory-table/1", RULEBOOK_ROUND, w.player)


def a_place(w):
    entrant = Entrant.objects.get(event=finished(w.event), user=w.player)
    return f"/events/{w.event.slug}/entrants/{entrant.pk}/place/"


def checking_in(w):
    """The event takes check-ins, and its round 1 is under way: check-in is over."""
    w.event.check_in = True
    w.event.save(update_fields=["check_in"])
    return w.event


def a_result(w):
    """A result recorded at the table: what has results cannot be deleted."""
    Result.objects.create(table=w.table, event=w.event, source=Result.Source.ORGANISER)
    return w.event


def a_draft_round(w):
    Round.objects.filter(event=w.event).update(draft=True)
    return w.event


def an_entrant(w):
    return Entrant.objects.get(event=w.event, user=w.player)


def a_dropped_entrant(w):
    entrant = an_entrant(w)
    finished(w.event)
    return entrant


def a_listed_creator(w):
    """The creator is listed among the organisers too (and cannot be taken off)."""
    w.event.organisers.add(w.organiser)
    return w.organiser


def an_inactive_user(w):
    get_user_model().objects.filter(username="quinn_player").update(is_active=False)
    return w.event


def a_schedule(w):
    return RecurringSchedule.objects.create(
        league=w.league,
        name="Tuesdays",
        model_event=w.event,
        season=w.event.season,
        first_night=timezone.now() + timedelta(days=3),
        created_by=w.organiser,
    )


def a_challenge(w):
    other = get_user_model().objects.get(username="quinn_player")
    takers = [Taker(str(w.player), user=w.player), Taker(str(other), user=other)]
    challenge = do_challenge(w.player, takers, {"rounds": 1}, Clock())
    do_decline(other, challenge.pk)
    return challenge


def a_game_left(w):
    """A game the player left already (the bot plays their seat)."""
    game = a_game(w)
    do_leave(w.player, game.pk)
    return game


def an_open_table(w):
    return do_open_table(w.organiser, 2, {"rounds": 1}, Clock())


def a_game(w):
    other = get_user_model().objects.get(username="quinn_player")
    takers = [Taker(str(w.player), user=w.player), Taker(str(other), user=other)]
    return do_start_game(w.player, takers, {"rounds": 1})


def a_site_wide_namesake(w):
    game = a_catalogue_game(w)
    CatalogueGame.objects.create(
        key="catan-y",
        name="Catan X",
        scoring="high",
        min_players=2,
        max_players=4,
        created_by=w.staff,
        site_wide=True,
    )
    return game


def a_catalogue_game_played(w):
    game = a_catalogue_game(w)
    w.event.game = game.key
    w.event.save(update_fields=["game"])
    return game


def a_slip(w):
    """The slip of a table with a walk-in (the slip speaks for them): one whose account
    cannot log in."""
    an_inactive_user(w)
    return slip_token(w.table)


# name: (persona, url of the world (a table's), data, message shown, status)
BUTTONS = {
    "declare": (
        "player",
        lambda w: f"/events/{w.event.slug}/declarations/{declared(w).pk}/",
        {"own-text": "Dwarves", "own-version": "7"},
        "The declaration changed since you saw it: look again.",
        409,
    ),
    "set-place": (
        "organiser",
        a_place,
        {"club": "Rooks", "fixed_table": "2"},
        "The event is finished; an organiser reopens it to change it.",
        409,
    ),
    "swap": (
        "organiser",
        lambda w: f"/events/{w.event.slug}/rounds/1/swap/",
        {"first": "", "second": ""},
        "Choose two seats to swap.",
        400,
    ),
    "clock": (
        "organiser",
        lambda w: f"/events/{w.event.slug}/rounds/1/clock/",
        {"action": "resume"},
        "Round 1&#x27;s clock is not paused.",
        409,
    ),
    "team-create": (
        "organiser",
        lambda w: f"/events/{a_team_event(w).slug}/teams/new/",
        {"name": ""},
        "Give the team a name of at most",
        400,
    ),
    "team-enter": (
        "player",
        lambda w: f"/events/club-match/teams/{a_team(w).pk}/enter/",
        {"username": "nobody_here"},
        "nobody_here",
        400,
    ),
    "team-withdraw": (
        "player",
        a_withdrawn_team_player,
        {},
        "The event is finished; an organiser reopens it to change it.",
        409,
    ),
    "call-judge": (
        "player",
        lambda w: f"/room/tables/{a_call(w).table_id}/call/",
        {"reason": "Again"},
        "A judge has been called to this table already: they are on their way.",
        409,
    ),
    "judge-call-claim": (
        "organiser",
        lambda w: f"/events/{w.event.slug}/judges/calls/{a_claimed_call(w).pk}/claim/",
        {},
        "This call has been claimed already.",
        409,
    ),
    "settle": (
        "organiser",
        lambda w: f"/scoring/tables/{a_submission(w).table_id}/settle/",
        {"accept": "", "reason": ""},
        "Choose accept or reject and give a reason.",
        400,
    ),
    "register": (
        "player",
        lambda w: f"/events/{w.event.slug}/register/",
        {},
        "Registration for Autumn Open is closed.",
        400,
    ),
    "withdraw": (
        "player",
        lambda w: f"/events/{finished(w.event).slug}/withdraw/",
        {},
        "The event is finished; an organiser reopens it to change it.",
        409,
    ),
    "check-in": (
        "player",
        lambda w: f"/events/{checking_in(w).slug}/check-in/",
        {},
        "Round 1 is under way: check-in is over.",
        409,
    ),
    "check-in-entrant": (
        "organiser",
        lambda w: f"/events/{checking_in(w).slug}/entrants/{an_entrant(w).pk}/check-in/",
        {},
        "Round 1 is under way: check-in is over.",
        409,
    ),
    "drop": (
        "organiser",
        lambda w: f"/events/{w.event.slug}/entrants/{a_dropped_entrant(w).pk}/drop/",
        {},
        "The event is finished; an organiser reopens it to change it.",
        409,
    ),
    "reinstate": (
        "organiser",
        lambda w: f"/events/{w.event.slug}/entrants/{an_entrant(w).pk}/reinstate/",
        {},
        "Pat Player is not dropped: they are active.",
        409,
    ),
    "add-organiser": (
        "organiser",
        lambda w: f"/events/{an_inactive_user(w).slug}/organisers/",
        {"username": "quinn_player"},
        "Quinn Player cannot organise: the account is not active.",
        400,
    ),
    "remove-organiser": (
        "organiser",
        lambda w: f"/events/{w.event.slug}/organisers/{a_listed_creator(w).pk}/remove/",
        {},
        "The event&#x27;s creator always organises it.",
        400,
    ),
    "pair": (
        "organiser",
        lambda w: f"/events/{w.event.slug}/rounds/pair/",
        {"round": "1"},
        "Round 1 is paired already",
        409,
    ),
    "repair": (
        "organiser",
        lambda w: f"/events/{a_result(w).slug}/rounds/1/repair/",
        {},
        "Results are in for this round: it can no longer be changed.",
        400,
    ),
    "publish": (
        "organiser",
        lambda w: f"/events/{w.event.slug}/rounds/1/publish/",
        {},
        "Round 1 is published already.",
        409,
    ),
    "discard": (
        "organiser",
        lambda w: f"/events/{w.event.slug}/rounds/1/discard/",
        {},
        "Not now: round 1 is being played",
        409,
    ),
    "finish": (
        "organiser",
        lambda w: f"/events/{w.event.slug}/finish/",
        {},
        "Only a running event can be finished (this one is draft).",
        400,
    ),
    "cut": (
        "organiser",
        lambda w: f"/events/{w.event.slug}/cut/",
        {"top": "64"},
        "1 of the 3 planned rounds are paired: play them all before the cut.",
        409,
    ),
    "reopen": (
        "organiser",
        lambda w: f"/events/{w.event.slug}/reopen/",
        {},
        "The event is not finished.",
        409,
    ),
    "event-delete": (
        "organiser",
        lambda w: f"/events/{a_result(w).slug}/delete/",
        {},
        "Results are recorded in Autumn Open, so it cannot be deleted.",
        409,
    ),
    "league-delete": (
        "organiser",
        lambda w: f"/leagues/{a_result(w).season.league.slug}/delete/",
        {},
        "Results are recorded in Tuesday Club, so it cannot be deleted.",
        409,
    ),
    "season-delete": (
        "organiser",
        lambda w: f"/leagues/{w.league.slug}/seasons/{a_result(w).season_id}/delete/",
        {},
        "Results are recorded in Autumn, so it cannot be deleted.",
        409,
    ),
    "round-check-in": (
        "player",
        lambda w: f"/events/{w.event.slug}/rounds/1/check-in/",
        {"table": "1", "seat": "9"},
        "Choose a seat of a table of this round.",
        400,
    ),
    "close-check-in": (
        "organiser",
        lambda w: f"/events/{w.event.slug}/rounds/1/close-check-in/",
        {},
        "Not now: round 1 is being played",
        409,
    ),
    "declaration-lock": (
        "organiser",
        lambda w: f"/events/{w.event.slug}/declarations/{declared(w).pk}/lock/",
        {"version": "7", "locked": "1"},
        "The declaration changed since you saw it: look again.",
        409,
    ),
    "declarations-drop": (
        "organiser",
        lambda w: f"/events/{declared(w) and w.event.slug}/declarations/drop-missing/",
        {},
        "The deadline has not passed yet.",
        409,
    ),
    "series-remove-event": (
        "organiser",
        lambda w: f"/series/{a_series(w).slug}/events/remove/",
        {"version": "0", "event": "autumn-open"},
        "The series changed since you saw it: look again and repeat your change.",
        409,
    ),
    "schedule-stop": (
        "organiser",
        lambda w: f"/leagues/{w.league.slug}/recurring/{a_schedule(w).pk}/stop/",
        {"version": "99"},
        "The schedule changed since you saw it: look again.",
        409,
    ),
    "stream-on": (
        "organiser",
        lambda w: f"/events/{w.event.slug}/stream/",
        {"on": "1", "table": "x"},
        "Give a table&#x27;s number, or none for the standings.",
        400,
    ),
    "remove-staff": (
        "organiser",
        lambda w: f"/events/{w.event.slug}/staff/999999/remove/",
        {},
        "That person has no role in this event now.",
        409,
    ),
    "slip-check-in": (
        None,
        lambda w: f"/t/{a_slip(w)}/check-in/",
        {"seat": "9"},
        "Choose a seat of a table of this round.",
        400,
    ),
    "slip-call": (
        None,
        lambda w: f"/t/{a_call(w) and a_slip(w)}/judge/",
        {"reason": "Again"},
        "A judge has been called to this table already: they are on their way.",
        409,
    ),
    "game-site-wide": (
        "staff",
        lambda w: f"/games/{a_site_wide_namesake(w).key}/site-wide/",
        {},
        "There is a game named Catan X already.",
        409,
    ),
    "game-delete": (
        "organiser",
        lambda w: f"/games/{a_catalogue_game_played(w).key}/delete/",
        {},
        "Catan X is played in an event: it can only be renamed, not deleted.",
        409,
    ),
    "bot-round": (
        "organiser",
        lambda w: f"/bots/events/{w.event.slug}/rounds/1/play/",
        {},
        "Round 1 has no table of bots waiting for a match.",
        400,
    ),
    "end-vacation": (
        "player",
        lambda w: "/play/vacation/end/",
        {},
        "You have no vacation to end.",
        409,
    ),
    "challenge-accept": (
        "player",
        lambda w: f"/play/challenges/{a_challenge(w).pk}/accept/",
        {},
        "This challenge was declined.",
        409,
    ),
    "challenge-decline": (
        "player",
        lambda w: f"/play/challenges/{a_challenge(w).pk}/decline/",
        {},
        "This challenge was declined.",
        409,
    ),
    "game-leave": (
        "player",
        lambda w: f"/play/{a_game_left(w).pk}/leave/",
        {},
        "You have left this game already.",
        409,
    ),
    "join-by-link": (
        "organiser",
        lambda w: f"/play/join/{an_open_table(w).token}/",
        {},
        "You have a seat at this table already.",
        409,
    ),
    "table-leave": (
        "player",
        lambda w: f"/play/open-tables/{an_open_table(w).pk}/leave/",
        {},
        "You have no seat at this table.",
        409,
    ),
    "table-join": (
        "organiser",
        lambda w: f"/play/open-tables/{an_open_table(w).pk}/join/",
        {},
        "You have a seat at this table already.",
        409,
    ),
    "move": (
        "player",
        lambda w: f"/play/{a_game(w).pk}/move/",
        {"move": "nonsense"},
        "not a move: a move is",
        400,
    ),
    "table-play": (
        "player",
        lambda w: f"/play/tables/{a_submission(w).table_id}/",
        {},
        "result is being entered by hand",
        409,
    ),
    "table-void": (
        "organiser",
        lambda w: f"/play/tables/{w.table.pk}/void/",
        {"reason": "Gone"},
        "This table is no longer waiting for a decision.",
        409,
    ),
    "table-replay": (
        "organiser",
        lambda w: f"/play/tables/{w.table.pk}/replay/",
        {},
        "This table is no longer waiting for a decision.",
        409,
    ),
}


@pytest.mark.parametrize("case", BUTTONS)
def test_a_refused_button_answers_4xx_on_its_page_with_why_and_changes_nothing(
    case, table_world, client_for
):
    persona, url_of, data, said, status = BUTTONS[case]
    url = url_of(table_world)
    client = client_for(getattr(table_world, persona) if persona else None)
    if case == "settle":
        data = {**data, "submission": Submission.objects.get().pk}
    before = rows()
    page = client.post(url, data)
    html = page.content.decode()
    shown = re.findall(r'class="message error">(.*?)</li>', html, re.S)
    assert (page.status_code, said) == (status, said), (page.status_code, shown)
    assert said in html, shown
    assert 'role="alert"' in html or "message error" in html  # shown as the page's message
    assert rows() == before


def test_a_button_carried_out_still_redirects(table_world, client_for):
    """Done, the action goes back to its page by a redirect (POST, redirect, GET)."""
    client = client_for(table_world.organiser)
    url = f"/events/{table_world.event.slug}/rounds/1/clock/"
    page = client.post(url, {"action": "start", "minutes": 30})
    assert page.status_code == 302
    assert page["Location"] == f"/events/{table_world.event.slug}/rounds/1/"
