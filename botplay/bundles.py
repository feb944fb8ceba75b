"""An uploaded bot's source as files: one Python file, or a zip archive and the Python
file in it to run (its entry point). Every size is capped before anything is read
whole: the upload, the files unpacked, their number, each name.

``unpack`` is the one check, on the page, in the API and on the worker that writes the
files into the sandbox. It also compiles every Python file (compiling runs nothing),
so a bot with a syntax error is refused with the line before it can be scheduled."""

import io
import re
import zipfile

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from lib.refusal import TOO_LARGE, Refusal

UPLOAD_BYTES = 256 * 1024  # the file as uploaded
UNPACKED_BYTES = 1024 * 1024  # an archive's files, unpacked, in all
MEMBERS = 64  # files in an archive
SINGLE_FILE_NAME = "bot.py"  # a single Python file is run under this name
PATH = re.compile(r"^(?:[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}/){0,4}[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$")


def unpack(filename: str, content: bytes, entry_point: str) -> dict[str, bytes]:
    """The bot's files by relative path; ``Refusal`` (naming the field) says what is
    wrong with an upload that is not a bot the sandbox can run."""
    if len(content) > UPLOAD_BYTES:
        raise Refusal(
            _("The file is %(size)d KB; a bot is at most %(limit)d KB.")
            % {"size": len(content) // 1024, "limit": UPLOAD_BYTES // 1024},
            field="source",
            code=TOO_LARGE,
        )
    if filename.lower().endswith(".zip"):
        files = archive_files(content)
        if entry_point not in files:
            raise Refusal(
                _("The archive has no file %(entry)s to run: name its entry point.")
                % {"entry": entry_point or "—"},
                field="entry_point",
            )
        if not entry_point.endswith(".py"):
            raise Refusal(_("The entry point is a Python file (.py)."), field="entry_point")
    elif filename.lower().endswith(".py"):
        if entry_point not in ("", SINGLE_FILE_NAME):
            raise Refusal(_("A single Python file is its own entry point."), field="entry_point")
        files = {SINGLE_FILE_NAME: content}
    else:
        raise Refusal(_("Upload a Python file (.py) or a zip archive (.zip)."), field="source")
    for name, data in files.items():
        if name.endswith(".py"):
            check_compiles(name, data)
    return files


def archive_files(content: bytes) -> dict[str, bytes]:
    """A zip archive's files (folders left out), every name and size checked first."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(content))
        members = [info for info in archive.infolist() if not info.is_dir()]
    except (zipfile.BadZipFile, ValueError, EOFError):
        raise Refusal(_("This is not a zip archive."), field="source") from None
    if len(members) > MEMBERS:
        raise Refusal(
            ngettext(
                "An archive holds at most %(limit)d file.",
                "An archive holds at most %(limit)d files.",
                MEMBERS,
            )
            % {"limit": MEMBERS},
            field="source",
        )
    for info in members:
        if not PATH.match(info.filename) or ".." in info.filename.split("/"):
            raise Refusal(
                _("The archive's file %(name)s has a name the sandbox does not take.")
                % {"name": info.filename[:100]},
                field="source",
            )
    if sum(info.file_size for info in members) > UNPACKED_BYTES:
        raise Refusal(
            _("Unpacked, the archive is over %(limit)d KB.") % {"limit": UNPACKED_BYTES // 1024},
            field="source",
            code=TOO_LARGE,
        )
    try:
        return {info.filename: read_member(archive, info) for info in members}
    except (zipfile.BadZipFile, NotImplementedError, RuntimeError, OSError) as exc:
        raise Refusal(
            _("The archive cannot be read: %(why)s") % {"why": exc}, field="source"
        ) from None


def read_member(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> bytes:
    """One file, read no further than the size it declares (a lying header is refused)."""
    with archive.open(info) as member:
        data = member.read(info.file_size + 1)
    if len(data) != info.file_size:
        raise zipfile.BadZipFile(f"{info.filename} is not the size its header says")
    return data


def check_compiles(name: str, data: bytes) -> None:
    try:
        compile(data, name, "exec", dont_inherit=True)
    except SyntaxError as exc:
        raise Refusal(
            _("%(name)s, line %(line)s: %(why)s")
            % {"name": name, "line": exc.lineno or "?", "why": exc.msg},
            field="source",
        ) from None
    except (ValueError, RecursionError, MemoryError) as exc:
        raise Refusal(
            _("%(name)s does not compile: %(why)s") % {"name": name, "why": exc}, field="source"
        ) from None
