"""A fork server for the kill tests: it runs an ``engarde`` command in a child process and the
child kills itself with SIGKILL at its K-th file-system step, so a test can kill a real process
at every point of a write, one point after another, with no timing involved.

    python tests/killpoints.py ENGARDE-ARGUMENTS...

For each line read from stdin (a number K) the server forks; the child runs the command and
sends itself SIGKILL just before its K-th step (an open, write, flush, fsync, close, chmod,
rename or unlink, wherever it is made: in engarde or in a library such as WeasyPrint), counted
from the first time it opens a file for writing.  The
server answers each line with one line: ``killed`` or ``finished STATUS STEPS``.  The command's
own output goes to /dev/null.  engarde and WeasyPrint are imported once, before the first fork,
so each try costs only the command itself; the server first runs the command once itself (to
warm its caches) and says ``ready STATUS``.
"""

from __future__ import annotations

import contextlib
import io
import os
import pkgutil
import signal
import sys

import weasyprint  # noqa: F401  (imported once here, so no child pays for it)

from engarde import store
from engarde.cli import main
from engarde.commands import COMMANDS, ORDERS

# The CLI imports a command when it runs: import them all here once, so no child pays for it.
for _at, _help in (*COMMANDS.values(), *ORDERS.values()):
    pkgutil.resolve_name(_at)

# The builtins that change files, and the file objects' methods that do.
STEPS = {os.open, os.write, os.replace, os.rename, os.fsync, os.close, os.unlink, os.fchmod, os.chmod,
         os.truncate, os.ftruncate, os.sync, io.open}
METHODS = {"write", "writelines", "flush", "close", "truncate", "__exit__"}
FILES = (io.FileIO, io.BufferedWriter, io.BufferedRandom, io.TextIOWrapper)  # not StringIO, BytesIO


def _is_step(fn: object) -> bool:
    if fn in STEPS:
        return True
    owner = getattr(fn, "__self__", None)
    if not isinstance(owner, FILES) or getattr(fn, "__name__", "") not in METHODS:
        return False
    if owner in (sys.stdout, sys.stderr, sys.stdout.buffer, sys.stderr.buffer):
        return False
    try:
        return owner.writable()  # a file read (a template, a font) changes nothing
    except ValueError:  # closed already
        return False


def _writes(event: str, args: tuple) -> bool:
    """An audit event that opens a file for writing."""
    if event != "open" or len(args) < 3:
        return False
    _path, mode, flags = args[:3]
    if isinstance(mode, str):
        return any(c in mode for c in "wax+")
    return isinstance(flags, int) and bool(flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC))


def child(args: list[str], kill_at: int) -> None:
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    count = 0

    def step() -> None:
        nonlocal count
        count += 1
        if count == kill_at:
            os.kill(os.getpid(), signal.SIGKILL)

    def profile(frame, event, arg):  # noqa: ANN001
        if event == "c_call" and _is_step(arg):
            step()

    def audit(event: str, audit_args: tuple) -> None:
        # The profiler (which slows every call) is switched on at the first file opened for
        # writing: the steps before it (rendering) change no file.
        if not watching and _writes(event, audit_args):
            watching.append(True)
            sys.setprofile(profile)

    watching: list[bool] = []
    sys.addaudithook(audit)
    try:
        main(args=args, prog_name="engarde")
        status = 0
    except SystemExit as exc:
        status = exc.code if isinstance(exc.code, int) else 1
    sys.setprofile(None)
    os.write(3, f"{status} {count}\n".encode())
    os._exit(0)


def warm_up(args: list[str]) -> int:
    """Run the command once in the server itself, so each child starts with its caches warm
    (templates compiled, queries prepared); then drop the database connections, which a child
    must not share."""
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        try:
            main(args=args, prog_name="engarde")
            status = 0
        except SystemExit as exc:
            status = exc.code if isinstance(exc.code, int) else 1
    for url in list(store._ENGINES):
        store.forget_engine(url)
    return status


def serve(args: list[str]) -> None:
    print(f"ready {warm_up(args)}", flush=True)
    for line in sys.stdin:
        kill_at = int(line)
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read)
            os.dup2(write, 3)
            child(args, kill_at)
        os.close(write)
        with os.fdopen(read) as answer:
            told = answer.read().strip()
        _, wait_status = os.waitpid(pid, 0)
        if os.WIFSIGNALED(wait_status) and os.WTERMSIG(wait_status) == signal.SIGKILL:
            print("killed", flush=True)
        else:
            print(f"finished {told}", flush=True)


if __name__ == "__main__":
    serve(sys.argv[1:])
