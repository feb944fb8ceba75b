"""Server-side SVG geometry for the bots' pages (no JavaScript, no library)."""

WIDTH, HEIGHT = 360, 80


def recent_form(seats: list) -> dict:
    """Bars of a bot's recent scores, oldest first, a won game (place 1) marked; the
    template draws them as an SVG."""
    seats = list(reversed(seats))
    top = max((seat.score for seat in seats), default=0) or 1
    step = WIDTH / max(len(seats), 1)
    bars = [
        {
            "x": round(i * step + 1, 1),
            "width": round(max(step - 2, 1), 1),
            "height": round(HEIGHT * seat.score / top, 1),
            "y": round(HEIGHT - HEIGHT * seat.score / top, 1),
            "won": seat.place == 1,
            "label": f"#{seat.match_id}: {seat.score}, place {seat.place}",
        }
        for i, seat in enumerate(seats)
    ]
    wins = sum(1 for bar in bars if bar["won"])
    return {"width": WIDTH, "height": HEIGHT, "bars": bars, "wins": wins, "games": len(bars)}
