"""A fork server that runs ``engarde`` commands in real child processes, each with a timeout,
without paying Python's start-up for each: the fuzz test's runner.

    python tests/forkrun.py

Each line read from stdin is a JSON object ``{"cwd": FOLDER, "args": [...], "timeout": SECONDS}``;
the server forks, the child runs ``engarde ARGS`` in FOLDER with its output to a file, and the
server answers with one JSON line ``{"status": N, "output": TEXT, "timed_out": BOOL}``.  A child
still running after its timeout is killed (a hang).  An exception the command does not handle is
printed as Python would print it, with its traceback, and the status is 1, as for a real
``engarde`` process.
"""

from __future__ import annotations

import json
import os
import pkgutil
import signal
import sys
import tempfile
import time
import traceback

import weasyprint  # noqa: F401  (imported once here, so no child pays for it)

from engarde.cli import main
from engarde.commands import COMMANDS, ORDERS

# The CLI imports a command when it runs: import them all here once, so no child pays for it.
for _at, _help in (*COMMANDS.values(), *ORDERS.values()):
    pkgutil.resolve_name(_at)

OUTPUT_LIMIT = 20_000


def child(cwd: str, args: list[str], out: int) -> None:
    os.dup2(out, 1)
    os.dup2(out, 2)
    os.setsid()  # its own process group: killed whole on a timeout
    try:
        os.chdir(cwd)
        main(args=args, prog_name="engarde")
        status = 0
    except SystemExit as exc:
        status = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except BaseException:  # noqa: BLE001  (what an unhandled error looks like to the GM)
        traceback.print_exc()
        status = 1
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)


def run(request: dict) -> dict:
    with tempfile.TemporaryFile() as out:
        pid = os.fork()
        if pid == 0:
            child(request["cwd"], request["args"], out.fileno())
        deadline = time.monotonic() + request.get("timeout", 30)
        timed_out = False
        while True:
            done, wait_status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            if time.monotonic() > deadline:
                timed_out = True
                try:
                    os.killpg(pid, signal.SIGKILL)
                except ProcessLookupError:  # killed before it made its group
                    os.kill(pid, signal.SIGKILL)
                _, wait_status = os.waitpid(pid, 0)
                break
            time.sleep(0.005)
        out.seek(0)
        output = out.read(OUTPUT_LIMIT).decode("utf-8", "replace")
    status = os.WEXITSTATUS(wait_status) if os.WIFEXITED(wait_status) else -os.WTERMSIG(wait_status)
    return {"status": status, "output": output, "timed_out": timed_out}


def serve() -> None:
    for line in sys.stdin:
        print(json.dumps(run(json.loads(line))), flush=True)


if __name__ == "__main__":
    serve()
