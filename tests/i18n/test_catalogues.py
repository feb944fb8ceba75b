"""The German and Russian catalogues are complete and well formed: msgfmt checks every
format string and plural form, and no entry is left empty or fuzzy."""

import re
import subprocess
from pathlib import Path

import pytest

LOCALE = Path(__file__).resolve().parents[2] / "locale"


@pytest.mark.parametrize("language", ["de", "ru"])
def test_the_catalogue_is_complete_and_well_formed(language):
    po = LOCALE / language / "LC_MESSAGES" / "django.po"
    checked = subprocess.run(
        ["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(po)],
        capture_output=True,
        text=True,
    )
    assert checked.returncode == 0, checked.stderr
    assert re.fullmatch(r"\d+ translated messages?\.\n", checked.stderr), checked.stderr


@pytest.mark.parametrize("language", ["de", "ru"])
def test_no_entry_is_fuzzy_and_the_header_names_the_language(language):
    text = (LOCALE / language / "LC_MESSAGES" / "django.po").read_text()
    assert "#, fuzzy" not in text and ", fuzzy" not in text
    assert f'"Language: {language}\\n"' in text


# "(s)", "(en)", "(e)" after a word: a plural left to the reader ("1 table(s)"), where
# ngettext says it in each language's own plural forms. ``%(s)s`` is a placeholder.
PLURAL_LEFT_TO_THE_READER = re.compile(r"\w\((?:s|es|en|e|n|ов|и|ы)\)")


@pytest.mark.parametrize("language", ["de", "ru"])
def test_no_entry_leaves_a_plural_to_the_reader(language):
    text = (LOCALE / language / "LC_MESSAGES" / "django.po").read_text()
    entries = [line for line in text.splitlines() if line.startswith(("msgid", "msgstr", '"'))]
    left = [line for line in entries if PLURAL_LEFT_TO_THE_READER.search(line)]
    assert not left, left


TRANSLATED_IN_AN_F_STRING = re.compile(r"""f["'][^"'\n]*\{_\(["']""")


def test_no_translation_is_asked_inside_an_f_string():
    """makemessages does not read a ``_()`` inside an f-string: its words are never in the
    catalogue and stay English on every page ("You start." did)."""
    root = Path(__file__).resolve().parents[2]
    found = [
        f"{path.relative_to(root)}:{number}"
        for path in root.glob("[!.]*/**/*.py")
        if ".venv" not in path.parts and "tests" not in path.parts
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if TRANSLATED_IN_AN_F_STRING.search(line)
    ]
    assert not found, found
