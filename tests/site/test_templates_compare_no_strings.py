"""Templates read flags and properties the view or model prepared, never a status or a
kind spelled out as a string (``{% if table.status.key == "recorded" %}``): a renamed
value would silently stop matching."""

import re

from tests.site.template_files import ROOT, templates

STRING_COMPARISON = re.compile(r"""\{%-?\s*(?:el)?if\b[^%]*(?:(?:==|!=)\s*["']|["']\s*(?:==|!=))""")


def test_no_template_compares_with_a_string():
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in templates()
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if STRING_COMPARISON.search(line)
    ]
    assert found == []


def test_the_check_finds_a_comparison_with_a_string():
    assert STRING_COMPARISON.search("""{% if group != 'draw' %}""")
    assert STRING_COMPARISON.search("""{% elif "x" == kind %}""")
    assert not STRING_COMPARISON.search("""{% if board.sort == key %}""")


def test_every_templates_folder_is_read():
    folders = {path.relative_to(ROOT).parts[0] for path in templates()}
    assert {"templates", "games", "tournaments"} <= folders
