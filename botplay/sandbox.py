"""An uploaded bot's process in a bubblewrap sandbox, spoken to in the bot protocol's
JSON over its stdin and stdout (docs/bots.md, "Uploaded bots").

Each request is one line of JSON, the body a remote bot would get with ``"request"``
set to ``/start``, ``/move`` or ``/end``; the bot answers each with one line of JSON,
the answer a remote bot would send. ``SandboxedBot`` has the remote client's shape
(``post(path, payload, timeout) -> (answer, seconds)``, ``close()``) so that the
remote player, its time bank and its faults serve both.

The sandbox (``bwrap``): new user, PID, network, IPC and UTS namespaces (no network at
all, no other process visible), no capabilities, a new session; the filesystem is
read-only but for a size-capped tmpfs at ``/scratch`` (its working directory and
``HOME``): ``/usr`` and its links, the bot's files at ``/bot``, a private ``/proc``
and ``/dev``, nothing else (no ``/etc``, no ``/tmp``, no site, no other bot); the
seccomp filter of ``botplay.seccomp``; ``prlimit`` caps its address space, CPU
seconds, file size and open files. On a root worker it runs as ``nobody``. The
process is killed when the game ends, and after a timeout or an answer that breaks
the framing (a late or unframed answer would be read as the next one): the next
request starts it again and gives it the game's ``/start`` first, with
``"restarted": true``.
"""

import json
import os
import selectors
import shutil
import signal
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from botplay.remote import ANSWER_LIMIT, EVIDENCE_LIMIT, BotFault, clipped
from botplay.seccomp import program
from botplay.signing import PROTOCOL
from lib.json_input import JsonNotText, JsonTooDeep, loads_bounded

STDERR_KEPT = 2000  # bytes of the bot's stderr kept for a fault's evidence
EXIT_WAIT = 0.5  # seconds to wait for an ended process's status
NOBODY = 65534
SYSTEM_LINKS = ("bin", "lib", "lib32", "lib64", "libx32", "sbin")


@dataclass(frozen=True)
class Limits:
    """What one sandboxed process may use (per process: a restarted one starts afresh)."""

    memory_bytes: int = 512 * 2**20
    cpu_seconds: int = 60
    scratch_bytes: int = 16 * 2**20
    open_files: int = 64
    python: str = "/usr/bin/python3"
    bwrap: str = "/usr/bin/bwrap"


def system_binds() -> list[str]:
    """``/usr`` read-only, and the top-level links into it (``/lib64`` ...) as the host
    has them (a link where the host has a link, a read-only bind where it has a folder)."""
    args = ["--ro-bind", "/usr", "/usr"]
    for name in SYSTEM_LINKS:
        path = Path("/") / name
        if path.is_symlink():
            args += ["--symlink", os.readlink(path), str(path)]
        elif path.is_dir():
            args += ["--ro-bind", str(path), str(path)]
    return args


def bwrap_command(limits: Limits, bot_folder: str, entry_point: str, seccomp_fd: int) -> list:
    """The command line that starts the bot: ``prlimit`` around ``bwrap`` around Python."""
    as_nobody = ["--uid", str(NOBODY), "--gid", str(NOBODY)] if os.geteuid() == 0 else []
    return [
        "prlimit",
        f"--as={limits.memory_bytes}",
        f"--cpu={limits.cpu_seconds}:{limits.cpu_seconds + 1}",
        f"--fsize={limits.scratch_bytes}",
        f"--nofile={limits.open_files}",
        "--core=0",
        "--",
        limits.bwrap,
        "--unshare-all",
        "--unshare-user",
        *as_nobody,
        "--die-with-parent",
        "--new-session",
        "--cap-drop",
        "ALL",
        *system_binds(),
        "--proc",
        "/proc",
        "--dev",
        "/dev",
        "--size",
        str(limits.scratch_bytes),
        "--tmpfs",
        "/scratch",
        "--ro-bind",
        bot_folder,
        "/bot",
        "--remount-ro",
        "/",
        "--remount-ro",
        "/dev",
        "--chdir",
        "/scratch",
        "--clearenv",
        "--setenv",
        "HOME",
        "/scratch",
        "--seccomp",
        str(seccomp_fd),
        limits.python,
        "-E",
        "-s",
        "-B",
        "-u",
        f"/bot/{entry_point}",
    ]


def sandbox_root() -> Path:
    """Where the bots' folders are written: a folder others may pass through but not
    list (0711), so that ``nobody`` reaches a bot's folder only by its random name."""
    root = Path(tempfile.gettempdir()) / "leaguewright-bots"
    root.mkdir(mode=0o711, exist_ok=True)
    return root


def write_bot_folder(files: dict[str, bytes]) -> str:
    """A fresh folder holding ``files`` (relative path -> content), readable by all."""
    folder = tempfile.mkdtemp(prefix="bot-", dir=sandbox_root())
    os.chmod(folder, 0o755)
    for name, content in files.items():
        path = Path(folder, name)
        for parent in reversed(path.relative_to(folder).parents[:-1]):
            Path(folder, parent).mkdir(mode=0o755, exist_ok=True)
        path.write_bytes(content)
        path.chmod(0o644)
    return folder


def ended_fault(path: str, returncode: int | None, stderr: bytes, cpu_seconds: int) -> BotFault:
    """The fault of a process that ended (or closed its stdout) instead of answering."""
    text = stderr.decode("utf-8", errors="replace").strip()
    tail = text if len(text) <= EVIDENCE_LIMIT else "…" + text[-EVIDENCE_LIMIT:]
    said = f"; its last words: {tail}" if tail else ""
    if returncode == 128 + signal.SIGXCPU or (returncode == 128 + signal.SIGKILL and not tail):
        return BotFault("timeout", f"{path}: it used up its {cpu_seconds} s of CPU time{said}")
    if "MemoryError" in text:
        return BotFault("memory", f"{path}: it ran out of memory{said}")
    if returncode is None:
        return BotFault("crash", f"{path}: it closed its output without answering{said}")
    how = (
        f"killed by signal {returncode - 128}" if returncode > 128 else f"exit status {returncode}"
    )
    return BotFault("crash", f"{path}: the bot's process ended ({how}){said}")


def _pipes(process: subprocess.Popen[bytes]) -> tuple[IO[bytes], IO[bytes], IO[bytes]]:
    """Its stdin, stdout and stderr: pipes, as a bot's process is started with."""
    stdin, stdout, stderr = process.stdin, process.stdout, process.stderr
    assert stdin is not None and stdout is not None and stderr is not None
    return stdin, stdout, stderr


class SandboxedBot:
    """One uploaded bot's process for one game, started at its first request."""

    def __init__(self, files: dict[str, bytes], entry_point: str, limits: Limits):
        self.files = files
        self.entry_point = entry_point
        self.limits = limits
        self.process: subprocess.Popen[bytes] | None = None
        self.folder: str | None = None
        self.start_payload: dict | None = None
        self.stdout = bytearray()
        self.stderr = bytearray()

    def post(self, path: str, payload: dict, timeout: float) -> tuple[dict, float]:
        """Send one request and return the answer's JSON object and the seconds it took;
        raise ``BotFault`` as the remote client does, and ``crash`` or ``memory`` for a
        process that ended."""
        if path == "/start":
            self.start_payload = payload
        elif self.process is None and self.start_payload is not None:
            self._spawn()
            self._exchange("/start", {**self.start_payload, "restarted": True}, timeout)
        if self.process is None:
            self._spawn()
        return self._exchange(path, payload, timeout)

    def _spawn(self) -> None:
        if self.folder is None:
            self.folder = write_bot_folder(self.files)
        read_end, write_end = os.pipe()
        try:
            os.write(write_end, program())
            os.close(write_end)
            as_root = os.geteuid() == 0
            self.process = subprocess.Popen(
                bwrap_command(self.limits, self.folder, self.entry_point, read_end),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                pass_fds=(read_end,),
                start_new_session=True,
                user=NOBODY if as_root else None,
                group=NOBODY if as_root else None,
                extra_groups=[] if as_root else None,
            )
        finally:
            os.close(read_end)
        for stream in _pipes(self.process):
            os.set_blocking(stream.fileno(), False)
        self.stdout.clear()
        self.stderr.clear()

    def _exchange(self, path: str, payload: dict, timeout: float) -> tuple[dict, float]:
        body = {"protocol": PROTOCOL, "request": path, **payload}
        line = json.dumps(body, separators=(",", ":")).encode() + b"\n"
        started = time.monotonic()
        self.stdout.clear()  # what it printed between requests is not an answer
        answer = self._answer_line(path, line, started, timeout)
        elapsed = time.monotonic() - started
        try:
            answer = loads_bounded(answer)
        except (JsonTooDeep, JsonNotText) as exc:
            raise BotFault("malformed", f"{path}: {exc}") from None
        except ValueError:
            raise BotFault(
                "malformed", f"{path}: the answer is not JSON: {clipped(answer)}"
            ) from None
        if not isinstance(answer, dict):
            raise BotFault("malformed", f"{path}: the answer is not a JSON object")
        return answer, elapsed

    def _answer_line(self, path: str, line: bytes, started: float, timeout: float) -> bytes:
        """Write ``line`` and read the first line of the answer within ``timeout``."""
        process, deadline = self.process, started + timeout
        assert process is not None, "post starts it before any exchange"
        stdin, stdout, stderr = _pipes(process)
        with selectors.DefaultSelector() as selector:
            selector.register(stdout, selectors.EVENT_READ, self.stdout)
            selector.register(stderr, selectors.EVENT_READ, self.stderr)
            selector.register(stdin, selectors.EVENT_WRITE)
            unsent = memoryview(line)
            while b"\n" not in self.stdout:
                if len(self.stdout) > ANSWER_LIMIT:
                    self._stop()
                    raise BotFault(
                        "malformed", f"{path}: the answer is larger than {ANSWER_LIMIT} bytes"
                    )
                left = deadline - time.monotonic()
                if left <= 0:
                    self._stop()
                    raise BotFault("timeout", f"{path}: no answer within {timeout * 1000:.0f} ms")
                for key, _events in selector.select(left):
                    if key.fileobj is stdin:
                        unsent = self._send(selector, stdin, unsent)
                    elif not self._read(key):
                        raise self._ended(process, path)
        answer, _newline, _rest = bytes(self.stdout).partition(b"\n")
        return answer

    def _send(self, selector, stdin: IO[bytes], unsent: memoryview) -> memoryview:
        try:
            written = os.write(stdin.fileno(), unsent)
        except BrokenPipeError:
            written = len(unsent)  # it closed its input: its output tells what became of it
        unsent = unsent[written:]
        if not unsent:
            selector.unregister(stdin)
        return unsent

    def _read(self, key) -> bool:
        """Read what a stream holds into its buffer (stderr: its last bytes only);
        False at the end of stdout."""
        try:
            data = os.read(key.fileobj.fileno(), ANSWER_LIMIT + 1)
        except BlockingIOError:
            return True  # woken with nothing to read after all
        buffer = key.data
        if buffer is self.stderr:
            buffer += data
            del buffer[:-STDERR_KEPT]
            return True
        buffer += data
        return bool(data)

    def _ended(self, process: subprocess.Popen[bytes], path: str) -> BotFault:
        try:
            returncode = process.wait(EXIT_WAIT)
        except subprocess.TimeoutExpired:
            returncode = None
        self._drain_stderr(process)
        fault = ended_fault(path, returncode, bytes(self.stderr), self.limits.cpu_seconds)
        self._stop()
        return fault

    def _drain_stderr(self, process: subprocess.Popen[bytes]) -> None:
        _stdin, _stdout, stderr = _pipes(process)
        try:
            while data := os.read(stderr.fileno(), 65536):
                self.stderr += data
                del self.stderr[:-STDERR_KEPT]
        except (BlockingIOError, OSError):
            pass

    def _stop(self) -> None:
        """Kill the process and everything it started (its session, its PID namespace)."""
        process, self.process = self.process, None
        if process is None:
            return
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        process.wait()
        for stream in _pipes(process):
            try:
                stream.close()
            except OSError:
                pass

    def close(self) -> None:
        """The end of the game: the process is killed and its files removed."""
        self._stop()
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None
