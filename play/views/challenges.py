"""The pages of challenges and open tables: challenge people (from a person's page or
the lobby), answer a challenge (from the to-do list's link), open a table, join or
leave it, and the share link that seats whoever opens it and taps "Take a seat"."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from lib.refusal_pages import back_to, carried_out, form_page
from play.challenge_changes import stamp_text
from play.challenge_forms import ChallengeForm, TableForm, chosen_game, other_games
from play.challenges import (
    access_challenge,
    do_accept,
    do_challenge,
    do_decline,
    do_join,
    do_leave_table,
    do_open_table,
    seat_of,
    terms,
)
from play.lobby import share_link
from play.models import Challenge


def after(challenge: Challenge):
    """Where an answer leads: the game once it has started, else the challenge."""
    if challenge.game_id is not None:
        return redirect("play:game", challenge.game_id)
    return redirect("play:challenge", challenge.pk)


@login_required
def challenge_new(request):
    game = chosen_game(request)
    form = ChallengeForm(
        request.POST or None,
        initial={"people": request.GET.get("with", "")},
        user=request.user,
        game=game,
    )
    made = None
    if request.method == "POST" and form.is_valid():
        made = carried_out(
            request,
            lambda: do_challenge(
                request.user,
                form.takers(request.user),
                form.options(),
                form.clock(),
                form.cleaned_data["rated"],
                form.cleaned_data["game_type"],
            ),
            form=form,
        )
        if made:
            messages.success(
                request, _("Challenge sent: they are told, and the game starts once they accept.")
            )
            return after(made.answer)
    context = {"form": form, "game": game, "other_games": other_games(game)}
    return form_page(request, "play/challenge_new.html", context, made)


@login_required
def table_new(request):
    game = chosen_game(request)
    form = TableForm(request.POST or None, game=game)
    made = None
    if request.method == "POST" and form.is_valid():
        made = carried_out(
            request,
            lambda: do_open_table(
                request.user,
                form.cleaned_data["seats"],
                form.options(),
                form.clock(),
                form.cleaned_data["rated"],
                form.cleaned_data["listed"],
                form.cleaned_data["game_type"],
            ),
            form=form,
        )
        if made:
            return redirect("play:challenge", made.answer.pk)
    context = {"form": form, "game": game, "other_games": other_games(game)}
    return form_page(request, "play/table_new.html", context, made)


@login_required
def challenge_page(request, challenge_id):
    challenge, seat = access_challenge(request.user, challenge_id)
    if seat is not None and challenge.game_id is not None:
        return redirect("play:game", challenge.game_id)
    return render(request, "play/challenge.html", page_context(challenge, seat))


def page_context(challenge: Challenge, seat) -> dict:
    seats = list(challenge.seats.select_related("user", "bot").order_by("position"))
    return {
        "challenge": challenge,
        "seats": seats,
        "seen": f"{len(seats)}:{sum(s.accepted for s in seats)}",
        "free": range(challenge.size - len(seats)) if challenge.is_table else (),
        "seat": seat,
        "made_it": seat is not None and seat.user_id == challenge.created_by_id,
        "terms": terms(challenge),
        "link": share_link(challenge) if challenge.is_table and seat is not None else None,
        "stamp": stamp_text(challenge.updated_at),
    }


def answered(request, challenge_id, action):
    answer = carried_out(request, action, request.user, challenge_id)
    if answer:
        return after(answer.answer)
    return back_to(request, answer, "play:challenge", challenge_id)


@require_POST
@login_required
def accept(request, challenge_id):
    return answered(request, challenge_id, do_accept)


@require_POST
@login_required
def decline(request, challenge_id):
    return answered(request, challenge_id, do_decline)


@require_POST
@login_required
def join(request, challenge_id):
    return answered(request, challenge_id, do_join)


@require_POST
@login_required
def leave(request, challenge_id):
    if left := carried_out(request, do_leave_table, request.user, challenge_id):
        return redirect("play:lobby")
    return back_to(request, left, "play:challenge", challenge_id)


@login_required
def join_by_link(request, token):
    """The share link: the table, and a button that seats whoever opened it (a link
    previewer that fetches it takes no seat)."""
    table = get_object_or_404(Challenge, token=token, kind=Challenge.Kind.TABLE)
    joined = None
    if request.method == "POST":
        joined = carried_out(request, do_join, request.user, table.pk, token)
        if joined:
            return after(joined.answer)
    if table.game_id is not None and seat_of(table, request.user) is not None:
        return redirect("play:game", table.game_id)
    context = page_context(table, seat_of(table, request.user))
    context["by_link"] = True
    refused = joined is not None and joined.refusal is not None
    status = joined.refusal.http_status if refused else 200
    return render(request, "play/challenge.html", context, status=status)
