"""Templates are written one element per line: no template line is over 160 characters
(a long tag has its attributes on lines of their own, a long translated sentence sits in
a ``{% blocktranslate trimmed %}``, whose message id is the same sentence)."""

from tests.site.template_files import ROOT, folders, templates

LONGEST = 160


def long_lines(paths, root=ROOT) -> list[str]:
    """``file:line (length)`` of each line over ``LONGEST`` characters."""
    return [
        f"{path.relative_to(root)}:{number} ({len(line)} characters)"
        for path in paths
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if len(line) > LONGEST
    ]


def test_no_template_line_is_over_160_characters():
    assert long_lines(templates()) == []


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
