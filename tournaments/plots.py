"""Server-side SVG plots: rank by round for the leaders, a rating over time."""

from django.utils.html import escape
from django.utils.safestring import mark_safe

COLOURS = ["#1f5f8b", "#b5462b", "#2f7d4a", "#8a5a00", "#6b3fa0", "#00727a", "#9c2f6b", "#555"]


def rank_by_round_svg(rows, leaders: int = 8, width: int = 360, height: int = 220):
    """One line per leader: rank (1 at the top) after each round."""
    rows = [r for r in rows if r.rank_by_round][:leaders]
    if not rows or max(len(r.rank_by_round) for r in rows) < 2:
        return ""
    rounds = max(len(r.rank_by_round) for r in rows)
    worst = max(max(r.rank_by_round) for r in rows)
    left, right, top, bottom = 24, 110, 12, 24

    def x(i):
        return left + i * (width - left - right) / max(1, rounds - 1)

    def y(rank):
        return top + (rank - 1) * (height - top - bottom) / max(1, worst - 1)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'role="img" class="plot" aria-label="rank by round">'
    ]
    for i in range(rounds):
        parts.append(
            f'<text x="{x(i):.1f}" y="{height - 6}" font-size="10" text-anchor="middle">'
            f"R{i + 1}</text>"
        )
    for n, row in enumerate(rows):
        colour = COLOURS[n % len(COLOURS)]
        points = " ".join(f"{x(i):.1f},{y(r):.1f}" for i, r in enumerate(row.rank_by_round))
        last = row.rank_by_round[-1]
        parts.append(
            f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{points}"/>'
            f'<text x="{x(len(row.rank_by_round) - 1) + 6:.1f}" y="{y(last) + 4:.1f}" '
            f'font-size="10" fill="{colour}">{row.rank}. {escape(row.entrant.name)}</text>'
        )
    parts.append("</svg>")
    return mark_safe("".join(parts))  # noqa: S308 (names escaped above)


def rating_svg(history, width: int = 360, height: int = 160):
    """``history``: [[result or match id, rating], ...] in order."""
    if len(history) < 2:
        return ""
    values = [v for _, v in history]
    low, high = min(values), max(values)
    span = (high - low) or 1
    left, top, bottom = 30, 10, 20

    def x(i):
        return left + i * (width - left - 10) / (len(values) - 1)

    def y(v):
        return top + (high - v) * (height - top - bottom) / span

    points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
    return mark_safe(  # noqa: S308 (numbers only)
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" '
        f'class="plot" aria-label="rating over time">'
        f'<text x="2" y="{top + 8}" font-size="10">{high:.1f}</text>'
        f'<text x="2" y="{height - bottom}" font-size="10">{low:.1f}</text>'
        f'<polyline fill="none" stroke="#1f5f8b" stroke-width="2" points="{points}"/></svg>'
    )
