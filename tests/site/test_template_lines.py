"""Templates are written one element per line: no template line is over 160 characters
(a long tag has its attributes on lines of their own, a long translated sentence sits in
a ``{% blocktranslate trimmed %}``, whose message id is the same sentence)."""

from tests.site.template_files import ROOT, folders, templates

LONGEST = 160

# Lines that cannot be shorter without a new message id: a {% translate %} of a
# sentence over 160 characters with a literal "%" (a {% blocktranslate %} would make
# its id "95%%"). The count may only go down: the test fails when a file here has
# more long lines, or fewer than listed (then lower its number, or drop it at 0).
# A test that reads a page's HTML reads it as drawn (tests/page_html.as_drawn), so
# a template's layout is free.
STILL_LONG = {
    "templates/bots/_batch_summary.html": 1,
}


def long_lines(paths, root=ROOT) -> list[str]:
    """``file:line (length)`` of each line over ``LONGEST`` characters."""
    return [
        f"{path.relative_to(root)}:{number} ({len(line)} characters)"
        for path in paths
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if len(line) > LONGEST
    ]


def test_no_template_line_is_over_160_characters():
    left = [path for path in templates() if str(path.relative_to(ROOT)) not in STILL_LONG]
    assert long_lines(left) == []


def test_the_templates_still_to_reformat_only_get_shorter():
    counts = {name: len(long_lines([ROOT / name])) for name in STILL_LONG if (ROOT / name).exists()}
    assert counts == STILL_LONG


def test_every_kind_of_templates_folder_is_read():
    found = folders()
    expected = {"templates", "room/templates", "games/templates", "tests/games/pebbles/templates"}
    assert expected <= found
    assert any(folder.startswith("games/registered/") for folder in found)


def test_a_long_line_is_named_by_its_file_and_line(tmp_path):
    template = tmp_path / "templates" / "long.html"
    template.parent.mkdir()
    template.write_text("<p>short</p>\n<p>" + "x" * 160 + "</p>\n")
    assert long_lines([template], root=tmp_path) == ["templates/long.html:2 (167 characters)"]
