"""The site's one SVG chart helper (drawn on the server, no JavaScript): line charts and
bar charts with both axes, tick labels, axis labels and a legend (or, for many lines,
each line's name at its end, spread so that no two names overlap). Every text is
escaped; callers pass translated labels. Geometry only here: pages choose what to plot."""

from dataclasses import dataclass

from django.utils.formats import number_format
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

COLOURS = ["#1f5f8b", "#b5462b", "#2f7d4a", "#8a5a00", "#6b3fa0", "#00727a", "#9c2f6b", "#555"]
HIGHLIGHT, PLAIN = "#8a2b1f", "#c9c2b3"
FONT = 'font-size="10"'
MAX_X_TICKS = 10
LINE_GAP = 13  # vertical room of one legend row or end label
END_LABEL_WIDTH = 130
END_LABEL_CHARS = 20


@dataclass
class Series:
    """One line: its name in the legend and a value per x position (None: no point)."""

    name: str
    values: list


@dataclass
class Bar:
    value: float
    title: str  # shown on hover
    highlight: bool = False


@dataclass
class Frame:
    """The plotting area inside the axes, and the value range it maps."""

    width: int
    height: int
    left: int
    right: int
    top: int
    bottom: int
    low: float
    high: float
    slots: int
    invert: bool = False

    def x(self, i: float) -> float:
        inner = self.width - self.left - self.right
        return self.left + i * inner / max(1, self.slots - 1)

    def y(self, value: float) -> float:
        inner = self.height - self.top - self.bottom
        share = (value - self.low) / ((self.high - self.low) or 1)
        return self.top + (share if self.invert else 1 - share) * inner


def _text(x: float, y: float, text, anchor: str = "middle", extra: str = "") -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" {FONT} text-anchor="{anchor}"{extra}>'
        f"{escape(str(text))}</text>"
    )


def _number(value: float) -> str:
    """A tick's number as the page's language writes it ("16,5" in German)."""
    return number_format(value, 0 if float(value).is_integer() else 1)


def _axes(frame: Frame, x_ticks: list, x_label, y_label, y_ticks: list) -> list[str]:
    base = frame.height - frame.bottom
    parts = [
        f'<path d="M{frame.left},{frame.top} V{base} H{frame.width - frame.right}" '
        'fill="none" stroke="#777" stroke-width="1"/>'
    ]
    for value in y_ticks:
        y = frame.y(value)
        parts.append(
            f'<path d="M{frame.left - 3},{y:.1f} H{frame.left}" stroke="#777"/>'
            + _text(frame.left - 5, y + 3, _number(value), "end")
        )
    step = max(1, -(-len(x_ticks) // MAX_X_TICKS))
    for i, tick in enumerate(x_ticks):
        if i % step == 0 or i == len(x_ticks) - 1:
            parts.append(_text(frame.x(i), base + 12, tick))
    middle = (frame.left + frame.width - frame.right) / 2
    parts.append(_text(middle, frame.height - 4, x_label))
    y_middle = (frame.top + base) / 2
    parts.append(_text(10, y_middle, y_label, extra=f' transform="rotate(-90 10 {y_middle:.1f})"'))
    return parts


def _svg(width: int, height: int, aria_label, css_class: str, parts: list[str]) -> SafeString:
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="100%" '
        f'role="img" class="{escape(css_class)}" aria-label="{escape(str(aria_label))}">'
    )
    # Every text in ``parts`` is escaped; the rest is numbers.
    return mark_safe(head + "".join(parts) + "</svg>")


def spread(wanted: list[float], gap: float, low: float, high: float) -> list[float]:
    """Positions as near ``wanted`` as they can be with at least ``gap`` between any two,
    kept within ``low``..``high`` when they fit there, in the order of ``wanted``."""
    order = sorted(range(len(wanted)), key=lambda i: (wanted[i], i))
    placed = [0.0] * len(wanted)
    floor = low - gap
    for i in order:
        floor = placed[i] = max(wanted[i], floor + gap)
    ceiling = high + gap
    for i in reversed(order):
        ceiling = placed[i] = min(placed[i], ceiling - gap)
    return placed


def _short(name: str) -> str:
    return name if len(name) <= END_LABEL_CHARS else name[: END_LABEL_CHARS - 1] + "…"


def _end_labels(frame: Frame, series: list[Series]) -> list[str]:
    """Each line's name at the right of the plot, level with its last point where the
    names have room, a thin leader line to the point where a name had to move."""
    ends = [
        max((i for i, v in enumerate(line.values) if v is not None), default=None)
        for line in series
    ]
    drawn = [(n, i) for n, i in enumerate(ends) if i is not None]
    wanted = [frame.y(series[n].values[i]) for n, i in drawn]
    places = spread(wanted, LINE_GAP, frame.top, frame.height - frame.bottom)
    x = frame.width - frame.right + 8
    parts = []
    for (n, i), want, y in zip(drawn, wanted, places, strict=True):
        colour = COLOURS[n % len(COLOURS)]
        parts.append(
            f'<path d="M{frame.x(i):.1f},{want:.1f} L{x - 2},{y:.1f}" stroke="{colour}" '
            'stroke-width="0.5" fill="none"/>'
            + _text(x, y + 3, _short(series[n].name), "start", f' fill="{colour}"')
        )
    return parts


def _legend(width: int, frame: Frame, series: list[Series]) -> list[str]:
    parts = []
    for n, line in enumerate(series):
        colour = COLOURS[n % len(COLOURS)]
        x, y = width - frame.right + 16, frame.top + 6 + n * LINE_GAP
        parts.append(
            f'<rect x="{x}" y="{y - 6}" width="10" height="3" fill="{colour}"/>'
            + _text(x + 14, y, _short(line.name), "start")
        )
    return parts


def _ticks(low: float, high: float, whole: bool) -> list:
    middle = (low + high) // 2 if whole else round((low + high) / 2, 1)
    return sorted({low, high, middle})


def line_chart(
    series: list[Series],
    *,
    x_ticks: list,
    x_label,
    y_label,
    aria_label,
    invert_y: bool = False,
    end_labels: bool = False,
    width: int = 420,
    height: int = 220,
    css_class: str = "plot",
) -> SafeString:
    """Lines over shared x positions. More than one line is named in a legend to the
    right (one row per line) or, with ``end_labels``, by a label at each line's end; the
    chart grows taller rather than let two names overlap. ``invert_y`` puts the smallest
    value at the top (ranks)."""
    values = [v for s in series for v in s.values if v is not None]
    low, high = min(values), max(values)
    named = len(series) > 1
    side = (END_LABEL_WIDTH if end_labels else 120) if named else 0
    top, bottom = 10, 34
    if named:
        height = max(height, top + bottom + LINE_GAP * (len(series) + 1))
    frame = Frame(width, height, 42, 12 + side, top, bottom, low, high, len(x_ticks), invert_y)
    whole = all(float(v).is_integer() for v in values)
    parts = _axes(frame, x_ticks, x_label, y_label, _ticks(low, high, whole))
    for n, line in enumerate(series):
        colour = COLOURS[n % len(COLOURS)]
        points = " ".join(
            f"{frame.x(i):.1f},{frame.y(v):.1f}" for i, v in enumerate(line.values) if v is not None
        )
        parts.append(
            f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{points}">'
            f"<title>{escape(line.name)}</title></polyline>"
        )
    if named:
        parts += _end_labels(frame, series) if end_labels else _legend(width, frame, series)
    return _svg(width, height, aria_label, css_class, parts)


def bar_chart(
    bars: list[Bar],
    *,
    x_label,
    y_label,
    legend: tuple,
    aria_label,
    width: int = 420,
    height: int = 150,
    css_class: str = "plot",
) -> SafeString:
    """Bars from zero, oldest left; ``legend``: (highlighted bars, the others)."""
    high = max((bar.value for bar in bars), default=0) or 1
    frame = Frame(width, height, 42, 12, 18, 34, 0, high, len(bars) + 1)
    parts = _axes(frame, [""] * len(bars), x_label, y_label, [0, high])
    step = (frame.x(1) - frame.x(0)) if bars else 0
    for i, bar in enumerate(bars):
        top = frame.y(max(bar.value, 0))
        parts.append(
            f'<rect x="{frame.x(i) + 1:.1f}" y="{top:.1f}" width="{max(step - 2, 1):.1f}" '
            f'height="{frame.y(0) - top:.1f}" fill="{HIGHLIGHT if bar.highlight else PLAIN}">'
            f"<title>{escape(bar.title)}</title></rect>"
        )
    for n, (label, colour) in enumerate(zip(legend, (HIGHLIGHT, PLAIN), strict=True)):
        x = frame.left + 4 + n * 110
        parts.append(
            f'<rect x="{x}" y="2" width="10" height="8" fill="{colour}"/>'
            + _text(x + 14, 10, label, "start")
        )
    return _svg(width, height, aria_label, css_class, parts)
