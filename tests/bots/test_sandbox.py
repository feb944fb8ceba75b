"""Uploaded bots play in a bubblewrap sandbox. Each test's bot tries to get out (read
the site's settings or another bot's file, open a socket, fork, allocate 10 GB, spin,
write outside its scratch folder, print megabytes): each attempt is contained, a fault
is attributed to it with evidence, and the next match plays as if nothing happened."""

import os
import subprocess
import time
from pathlib import Path

import pytest
from django.conf import settings

from botplay.players import sandbox_limits
from botplay.sandbox import SandboxedBot, sandbox_root
from bots.matches import do_play_match
from bots.models import Batch, Fault
from bots.scheduling import do_schedule_batch
from games.call_to_glory import validate_record
from tests.fixtures.worker import wait_for

pytestmark = pytest.mark.django_db

GOOD = (Path(__file__).resolve().parents[2] / "examples/uploaded_bot/bot.py").read_bytes()

# A bot that answers like the example bot, after ``attempt()`` ran at its first move.
# An attempt that gets out prints ESCAPED to stderr and exits: a crash fault whose
# evidence says what got out, which no test accepts.
HOSTILE = """
import json, os, sys
def attempt():
{attempt}
first = True
for line in sys.stdin:
    request = json.loads(line)
    if request["request"] == "/move" and first:
        first = False
        attempt()
    move = request["legal_moves"][0] if request["request"] == "/move" else None
    print(json.dumps({{"move": move}} if move else {{}}), flush=True)
"""


def hostile(attempt: str) -> bytes:
    body = "\n".join("    " + line for line in attempt.strip().splitlines())
    return HOSTILE.format(attempt=body).encode()


def escaped(what):
    return f"print('ESCAPED', {what}, file=sys.stderr); sys.exit(9)"


def play_one(player, lineup, seed=7):
    batch = do_schedule_batch(player, Batch.Kind.SINGLE, [lineup], options={"rounds": 1}, seed=seed)
    match = batch.matches.get()
    assert do_play_match(match.pk) == "done"
    match.refresh_from_db()
    assert validate_record(match.record)["valid"]
    return match


def faults_of(match):
    return [(fault.kind, fault.evidence) for fault in match.faults.order_by("id")]


def then_a_good_match_plays(player, builtin_bot, uploaded_bot):
    """The worker carries on: the next match of an uploaded bot has no fault."""
    good = uploaded_bot("Good after", GOOD)
    match = play_one(player, [good, builtin_bot("Randy after")], seed=8)
    assert faults_of(match) == []


def test_an_uploaded_bot_plays_a_whole_match_without_faults(player, builtin_bot, uploaded_bot):
    bot = uploaded_bot("Uppy", GOOD)
    match = play_one(player, [bot, builtin_bot()])
    assert faults_of(match) == []
    assert match.seats.get(position=0).place in (1, 2)


def test_it_reads_neither_the_sites_settings_nor_another_bots_files(
    player, builtin_bot, uploaded_bot
):
    other = uploaded_bot("Holder", b"# SECRET-OF-HOLDER\n" + GOOD)
    prying = f"""
for path in [{str(settings.BASE_DIR / "config/settings.py")!r}, {str(sandbox_root())!r},
             "/etc/passwd", "/tmp", "/work", "/root", "/proc/1/environ"]:
    try:
        found = os.listdir(path) if os.path.isdir(path) else open(path).read(100)
    except OSError:
        continue
    if path != "/proc/1/environ" or "DJANGO" in str(found) or "SECRET" in str(found):
        {escaped("path, found")}
for pid in os.listdir("/proc"):
    if pid.isdigit() and int(pid) > 3:
        {escaped("'process', pid, open(f'/proc/{pid}/cmdline').read()")}
"""
    match = play_one(player, [uploaded_bot("Prier", hostile(prying)), other])
    assert faults_of(match) == []


def test_it_opens_no_socket(player, builtin_bot, uploaded_bot):
    reaching = f"""
import socket
for family, address in [(socket.AF_INET, ("127.0.0.1", 6379)), (socket.AF_INET, ("1.1.1.1", 80)),
                        (socket.AF_INET6, ("::1", 5432))]:
    try:
        socket.socket(family).connect(address)
    except OSError:
        continue
    {escaped("address")}
"""
    match = play_one(player, [uploaded_bot("Caller", hostile(reaching)), builtin_bot()])
    assert faults_of(match) == []


def test_it_writes_nowhere_but_its_scratch_folder(player, builtin_bot, uploaded_bot):
    writing = f"""
for path in ["/bot/x", "/usr/x", "/x", "/tmp/x", "/dev/shm/x", "/proc/x"]:
    try:
        open(path, "w").write("x")
    except OSError:
        continue
    {escaped("path")}
open("/scratch/notes", "w").write("mine")
assert open("notes").read() == "mine"  # its working folder is the scratch folder
"""
    match = play_one(player, [uploaded_bot("Writer", hostile(writing)), builtin_bot()])
    assert faults_of(match) == []


def test_a_fork_bomb_is_a_crash_and_leaves_no_process(player, builtin_bot, uploaded_bot):
    bomb = "while True:\n    os.fork()"
    match = play_one(player, [uploaded_bot("Bomber", hostile(bomb)), builtin_bot()])
    faults = faults_of(match)
    assert [kind for kind, _evidence in faults] == [Fault.Kind.CRASH] * 3
    assert "PermissionError: [Errno 1] Operation not permitted" in faults[0][1]
    assert match.seats.get(position=0).forfeited
    then_a_good_match_plays(player, builtin_bot, uploaded_bot)


def test_ten_gigabytes_is_an_out_of_memory_fault(player, builtin_bot, uploaded_bot):
    greedy = "data = bytearray(10 * 2**30)"
    match = play_one(player, [uploaded_bot("Hog", hostile(greedy)), builtin_bot()])
    faults = faults_of(match)
    assert [kind for kind, _evidence in faults] == [Fault.Kind.MEMORY] * 3
    assert "MemoryError" in faults[0][1]
    then_a_good_match_plays(player, builtin_bot, uploaded_bot)


def test_a_bot_that_spins_forever_times_out_on_its_deadline(player, builtin_bot, uploaded_bot):
    spinner = uploaded_bot(
        "Spinner", hostile("while True:\n    pass"), move_timeout_ms=300, time_bank_ms=0
    )
    started = time.monotonic()
    match = play_one(player, [spinner, builtin_bot()])
    took = time.monotonic() - started
    faults = faults_of(match)
    assert [kind for kind, _evidence in faults] == [Fault.Kind.TIMEOUT] * 3
    assert "no answer within 300 ms" in faults[0][1]
    assert took < 3 * 0.3 + 5  # three cut-off moves, restarts and the rest of the game
    then_a_good_match_plays(player, builtin_bot, uploaded_bot)


def test_megabytes_printed_are_a_malformed_answer(player, builtin_bot, uploaded_bot):
    loud = "while True:\n    sys.stdout.write('x' * 1_000_000)"
    match = play_one(player, [uploaded_bot("Loud", hostile(loud)), builtin_bot()])
    faults = faults_of(match)
    assert [kind for kind, _evidence in faults] == [Fault.Kind.MALFORMED] * 3
    assert "larger than 65536 bytes" in faults[0][1]
    then_a_good_match_plays(player, builtin_bot, uploaded_bot)


def test_an_illegal_move_is_attributed_as_a_remote_bots(player, builtin_bot, uploaded_bot):
    source = GOOD.replace(b'{"move": choose(request, rng)}', b'{"move": "0 fly away"}')
    match = play_one(player, [uploaded_bot("Liar", source), builtin_bot()])
    faults = faults_of(match)
    assert [kind for kind, _evidence in faults] == [Fault.Kind.ILLEGAL] * 3
    assert "'0 fly away' is not one of the" in faults[0][1]


def test_the_game_ends_with_the_process_killed(tmp_path):
    """Threads spinning in the background do not keep a bot's sandbox alive."""
    source = b"""
import json, sys, threading
def spin():
    while True:
        pass
for _ in range(4):
    threading.Thread(target=spin, daemon=True).start()
for line in sys.stdin:
    print("{}", flush=True)
"""
    bot = SandboxedBot({"bot.py": source}, "bot.py", sandbox_limits())
    bot.post("/start", {"match": 1, "seat": 0}, 5)
    pid, folder = bot.process.pid, bot.folder
    bot.close()
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)

    def none_left() -> bool:
        found = subprocess.run(["pgrep", "-f", folder], capture_output=True, text=True)
        return found.stdout == ""

    # The sandbox's first process is reaped; the kernel kills the rest of its PID
    # namespace as it goes, which on a loaded machine takes a moment for four spinning
    # threads to be scheduled and end (once seen still there just after ``close``).
    wait_for(none_left, timeout=10, what="no process of the bot's sandbox left")
    assert not Path(folder).exists()
