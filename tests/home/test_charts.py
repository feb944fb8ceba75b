"""The one chart helper: axes with tick and axis labels, a legend, escaped text."""

import re

from django.utils import translation

from home.charts import Bar, Series, bar_chart, line_chart, spread


def test_a_line_chart_has_axes_labels_and_a_legend_with_names_escaped():
    svg = line_chart(
        [Series("1. Ann <b>", [1, 2, 1]), Series("2. Ben", [2, 1, 2])],
        x_ticks=["R1", "R2", "R3"],
        x_label="round",
        y_label="rank",
        aria_label="rank by round",
        invert_y=True,
    )
    assert svg.startswith("<svg") and 'aria-label="rank by round"' in svg
    assert svg.count("<polyline") == 2 and "<path" in svg  # the two axes
    for text in ["R1", "R3", ">round<", ">rank<", "2. Ben", "1. Ann &lt;b&gt;"]:
        assert text in svg, text
    assert "<b>" not in svg


def test_a_bar_chart_marks_highlighted_bars_and_names_both_in_its_legend():
    svg = bar_chart(
        [Bar(10, "won one", highlight=True), Bar(4, "lost one")],
        x_label="recent games",
        y_label="score",
        legend=("won", "not won"),
        aria_label="recent form",
        css_class="recent-form",
    )
    assert svg.count("<rect") == 4  # two bars and two legend keys
    for text in ["won one", "lost one", ">won<", ">not won<", ">score<", ">recent games<"]:
        assert text in svg, text


def test_spread_keeps_wanted_places_that_have_room_and_pushes_apart_those_that_do_not():
    assert spread([10, 50, 90], 13, 0, 100) == [10, 50, 90]
    assert spread([10, 10, 10, 50], 13, 0, 100) == [10, 23, 36, 50]
    assert spread([95, 95, 95], 13, 0, 100) == [74, 87, 100]  # pushed up from the bottom
    assert spread([40, 20], 13, 0, 100) == [40, 20]  # the callers' order is kept


def label_positions(svg: str) -> list[float]:
    """The y of every text drawn right of the plot (the end labels)."""
    texts = re.findall(r'<text x="([\d.]+)" y="([\d.]+)"[^>]*text-anchor="start"', svg)
    return sorted(float(y) for _x, y in texts)


def test_end_labels_of_many_lines_ending_level_never_overlap_and_the_chart_grows():
    svg = line_chart(
        [Series(f"{n}. Player with a rather long name {n}", [n, 1, 1]) for n in range(1, 31)],
        x_ticks=["R1", "R2", "R3"],
        x_label="round",
        y_label="rank",
        aria_label="rank by round",
        invert_y=True,
        end_labels=True,
    )
    ys = label_positions(svg)
    assert len(ys) == 30  # every line named, though all thirty end at rank 1
    assert min(b - a for a, b in zip(ys, ys[1:], strict=False)) >= 12.9
    height = float(re.search(r'viewBox="0 0 \d+ (\d+)"', svg).group(1))
    assert 0 < ys[0] and ys[-1] < height
    assert ">1. Player with a ra…<" in svg  # long names are shortened on the label...
    assert "<title>1. Player with a rather long name 1</title>" in svg  # ...not on hover


def test_a_legend_of_many_lines_never_runs_past_the_chart():
    svg = line_chart(
        [Series(f"P{n}", [n, n + 1]) for n in range(25)],
        x_ticks=["1", "2"],
        x_label="x",
        y_label="y",
        aria_label="many",
    )
    height = float(re.search(r'viewBox="0 0 \d+ (\d+)"', svg).group(1))
    assert max(label_positions(svg)) < height


def test_a_single_line_has_no_legend_and_whole_ranks_get_whole_ticks():
    svg = line_chart(
        [Series("rating", [1, 2, 4])],
        x_ticks=["1", "2", "3"],
        x_label="games",
        y_label="rank",
        aria_label="one",
    )
    assert not label_positions(svg)
    assert ">2<" in svg and ">2.5<" not in svg


def test_the_ticks_write_numbers_as_the_pages_language_does():
    def chart():
        return line_chart(
            [Series("Rita", [3.4, 16.5])],
            x_ticks=["1", "2"],
            x_label="rated games",
            y_label="rating",
            aria_label="rating",
        )

    assert ">16.5<" in chart()
    with translation.override("de"):
        assert ">16,5<" in chart() and ">16.5<" not in chart()
