"""The budget of bot work a person may have queued at once, and the bots an author may
have (``check_bot_count``).

A batch's work is costed when it is scheduled, in milliseconds of a worker's time: its
games times their rounds times ``DECISIONS_PER_SEAT_ROUND`` (a seat decides about 16
times in a round: 33 moves at two seats in the rulebook's example round) for each seat,
times what one decision of that seat's bot costs (``decision_ms``). A built-in bot's
decision costs its CPU time, measured once (docs/bots.md, "What a decision costs"): a
quick bot's (greedy and the others that decide at once) ``QUICK_MS``, a search bot's
``SEARCH_MS`` at its default settings, about 750 times as much, scaled by the settings
that multiply its work (worlds sampled, discards searched) and capped by its time
limit; a remote bot's decision costs its time per move, which a worker waits.

A person's batches not yet done may hold at most ``BOTS_WORK_BUDGET_SECONDS`` of work
(a batch counts with the share of its games not yet played), and for a new account
(``accounts.newcomers``) the batches of every new account that signed up from its
address together, so that free accounts do not multiply it; a new account schedules
only once its e-mail is confirmed. The check runs under the person's row lock, before
anything is written, so two batches sent at once cannot both squeeze under the
budget."""

import math

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import Count, Q
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.newcomers import has_confirmed_email, newcomers_like
from bots.models import Batch, Bot, WorkStatus
from lib.client_address import is_new_account
from lib.refusal import Refusal

DECISIONS_PER_SEAT_ROUND = 16
# CPU milliseconds a decision, measured heads-up and at four seats in one-round games
# (docs/bots.md, "What a decision costs").
QUICK_MS = 0.03
SEARCH_MS = {"heads_up": 22.4, "table": 27.2}
SEARCH_DEFAULTS = {"iterations": 45, "table_iterations": 30, "candidates": 3}
SEARCHING = {"search", "hard", "search-v1"}
FIXED_SEARCH = {"hard": {}, "search-v1": {"table_iterations": 45}}


def search_ms(settings_: dict, seats: int) -> float:
    """A search bot's decision at ``settings_``: its work grows with the worlds it
    samples and the discards it tries in each."""
    s = {**SEARCH_DEFAULTS, **settings_}
    worlds = "iterations" if seats == 2 else "table_iterations"
    scale = s[worlds] / SEARCH_DEFAULTS[worlds] * (s["candidates"] + 1) / 4
    cost = SEARCH_MS["heads_up" if seats == 2 else "table"] * scale
    limit = s.get("time_limit_ms") or 0
    return min(cost, limit) if limit > 0 else cost


def decision_ms(bot: Bot, seats: int) -> float:
    if bot.is_remote:
        return float(bot.move_timeout_ms)
    if bot.builtin_key in FIXED_SEARCH:
        return search_ms(FIXED_SEARCH[bot.builtin_key], seats)
    if bot.builtin_key in SEARCHING:
        return search_ms(bot.settings or {}, seats)
    return QUICK_MS


def work_ms_of(lineups: list[list[Bot]], games_per_lineup: int, rounds: int) -> int:
    """The worker's milliseconds a batch of these lineups is estimated to take."""
    per_game = sum(decision_ms(bot, len(lineup)) for lineup in lineups for bot in lineup)
    return math.ceil(per_game * games_per_lineup * rounds * DECISIONS_PER_SEAT_ROUND)


def queued_work_ms(people) -> int:
    """The work of the batches of ``people`` (a queryset of users) not yet played."""
    played = Count("matches", filter=Q(matches__status__in=[WorkStatus.DONE, WorkStatus.FAILED]))
    batches = (
        Batch.objects.filter(created_by__in=people)
        .exclude(status=WorkStatus.DONE)
        .annotate(played=played)
        .values_list("work_ms", "total", "played")
    )
    return sum(work * (total - played) // total for work, total, played in batches)


def seconds(ms: int) -> str:
    return number_format(math.ceil(ms / 1000), force_grouping=True)


def check_bot_count(owner) -> None:
    """Refuses one more bot of ``owner`` when they have ``BOTS_PER_AUTHOR`` already,
    whatever its kind and however it is registered (page, API, upload). Takes the
    person's row lock: call it in the transaction that saves the bot, so that two
    registrations sent at once cannot both take the last place."""
    get_user_model().objects.select_for_update().filter(pk=owner.pk).first()
    limit = settings.BOTS_PER_AUTHOR
    if Bot.objects.filter(owner=owner).count() >= limit:
        raise Refusal(
            ngettext(
                "You have %(limit)s bot, as many as an author may have: change it, or "
                "ask the site's staff to remove it.",
                "You have %(limit)s bots, as many as an author may have: change one of "
                "them, or ask the site's staff to remove one.",
                limit,
            )
            % {"limit": limit}
        )


def check_budget(user, work_ms: int) -> None:
    """Refuses a batch of ``work_ms`` that would take ``user`` (and, for a new account,
    the new accounts of its address) over the budget. Takes the person's row lock: call
    it in the transaction that writes the batch."""
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()
    new = is_new_account(user)
    if new and not has_confirmed_email(user):
        raise Refusal(
            _(
                "A new account schedules bot batches once its e-mail address is "
                "confirmed: open the link we mailed you, or send it again from your "
                "profile."
            )
        )
    budget = settings.BOTS_WORK_BUDGET_SECONDS * 1000
    people = newcomers_like(user) if new else get_user_model().objects.filter(pk=user.pk)
    queued = queued_work_ms(people)
    if queued + work_ms > budget:
        numbers = {"work": seconds(work_ms), "queued": seconds(queued), "budget": seconds(budget)}
        if new:
            why = _(
                "This batch takes about %(work)s s of a worker's time, and the new accounts "
                "of your address have %(queued)s s still queued: over the budget of "
                "%(budget)s s. Schedule fewer games or rounds, or wait for the batches to "
                "finish."
            )
        else:
            why = _(
                "This batch takes about %(work)s s of a worker's time, and you have "
                "%(queued)s s still queued: over the budget of %(budget)s s. Schedule fewer "
                "games or rounds, or wait for your batches to finish."
            )
        raise Refusal(why % numbers, field="games")
