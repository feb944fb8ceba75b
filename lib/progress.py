"""A long command's progress on stderr as it goes: a bar redrawn in place on a terminal,
a line per step otherwise (a log file, a pipe), so that nothing waits for the end to say
how far it got. Stdout keeps the command's answer alone."""

import sys


class Progress:
    def __init__(self, total: int, noun: str, stream=None, width: int = 30):
        self.total = total
        self.noun = noun
        self.stream = stream or sys.stderr
        self.width = width
        self.on_terminal = self.stream.isatty()

    def show(self, done: int, total: int | None = None) -> None:
        total = total or self.total
        if self.on_terminal:
            filled = self.width * done // max(total, 1)
            bar = "#" * filled + "-" * (self.width - filled)
            self.stream.write(f"\r[{bar}] {done}/{total} {self.noun}")
        else:
            self.stream.write(f"{done}/{total} {self.noun}\n")
        self.stream.flush()

    def done(self) -> None:
        if self.on_terminal:
            self.stream.write("\n")
            self.stream.flush()
