"""A long command's progress: a bar redrawn in place on a terminal, a line per step
otherwise (``lib.progress``)."""

import io

from lib.progress import Progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_gets_one_bar_redrawn_in_place():
    screen = Terminal()
    progress = Progress(4, "games", stream=screen, width=8)
    for done in range(1, 5):
        progress.show(done)
    progress.done()
    assert screen.getvalue().count("\n") == 1
    assert screen.getvalue().endswith("\r[########] 4/4 games\n")
    assert "\r[##------] 1/4 games" in screen.getvalue()


def test_a_log_gets_a_line_per_step():
    log = io.StringIO()
    progress = Progress(2, "rounds", stream=log)
    progress.show(1)
    progress.show(2)
    progress.done()
    assert log.getvalue() == "1/2 rounds\n2/2 rounds\n"
