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
