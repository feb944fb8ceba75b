"""The one chart helper: axes with tick and axis labels, a legend, escaped text."""

from tournaments.charts import Bar, Series, bar_chart, line_chart


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
