"""The plots of the pages, drawn with the one chart helper (``home.charts``):
rank by round (the leaders or everyone), a rating over time, a bot's recent form."""

from collections import Counter

from django.utils.translation import gettext as _

from home.charts import Bar, Series, bar_chart, line_chart


def rank_by_round_svg(rows, leaders: int | None):
    """One line per entrant (the leaders only, unless ``leaders`` is None): rank (1 at
    the top) after each round, each line named at its end."""
    ranks = Counter(row.rank for row in rows)
    rows = [r for r in rows if r.rank_by_round][:leaders]
    if not rows or max(len(r.rank_by_round) for r in rows) < 2:
        return ""
    rounds = max(len(r.rank_by_round) for r in rows)
    return line_chart(
        [
            Series(
                f"{'=' if ranks[row.rank] > 1 else ''}{row.rank}. {row.entrant.name}",
                list(row.rank_by_round),
            )
            for row in rows
        ],
        x_ticks=[_("R%(n)d") % {"n": n} for n in range(1, rounds + 1)],
        x_label=_("round"),
        y_label=_("rank"),
        aria_label=_("Rank by round"),
        invert_y=True,
        end_labels=True,
    )


def rating_svg(history):
    """``history``: [[result or match id, rating], ...] in order."""
    if len(history) < 2:
        return ""
    return line_chart(
        [Series(_("rating"), [value for _id, value in history])],
        x_ticks=[str(n) for n in range(1, len(history) + 1)],
        x_label=_("rated games, oldest first"),
        y_label=_("rating (μ − 3σ)"),
        aria_label=_("Rating over time"),
        height=180,
    )


def recent_form_svg(seats) -> dict:
    """Bars of a bot's recent scores, oldest first, a won game (place 1) marked; each
    bar's tooltip names its game (``Match.in_words``: the bots and the time)."""
    seats = list(reversed(seats))
    bars = [
        Bar(
            seat.score,
            _("%(match)s: %(score)s, place %(place)s")
            % {"match": seat.match.in_words(), "score": seat.score, "place": seat.place},
            highlight=seat.place == 1,
        )
        for seat in seats
    ]
    svg = bar_chart(
        bars,
        x_label=_("recent games, oldest first"),
        y_label=_("score"),
        legend=(_("won"), _("not won")),
        aria_label=_("Scores of the recent games, oldest first; won games darker"),
        css_class="recent-form",
    )
    return {"svg": svg, "wins": sum(bar.highlight for bar in bars), "games": len(bars)}
