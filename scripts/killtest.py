#!/usr/bin/env python3
"""Kill engarde commands at random moments and check that nothing is ever half done.

    .venv/bin/python scripts/killtest.py [--kills 20] [--characters 60]

For each command that writes (turn run, turn undo, orders ingest, gazette, backup, restore,
db upgrade), a campaign is set up once; then, again and again, a copy of it is given to the
command, which is killed (SIGKILL) after a random part of the time an uninterrupted run takes.
Afterwards the campaign must be exactly as before the command or exactly as after a complete
run (its database rows, and the files the command writes), and the next command must work.
Prints, for each command, the kills tried and how many left anything else: figures for the
closing notes, not a test (the timings make it slow).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
VOLATILE = {"received_at", "resolved_at", "ruled_at", "created_at"}  # the moment a row was written


def engarde(folder: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run([PY, "-m", "engarde.cli", "--config", str(folder / "campaigns.toml"), *args],
                            capture_output=True, text=True, env=env, cwd=folder)
    if check and result.returncode not in (0, 1):
        raise SystemExit(f"engarde {' '.join(args)} failed:\n{result.stdout}{result.stderr}")
    return result


def state(folder: Path) -> str:
    """A digest of the campaign: every row of every table (less the moments rows were written)
    and every file below newsletters/ and of the backup."""
    parts = []
    db = folder / "kill.sqlite"
    if db.exists():
        c = sqlite3.connect(db)
        for (table,) in c.execute("select name from sqlite_master where type='table' order by name"):
            cols = [r[1] for r in c.execute(f"pragma table_info({table})")]
            keep = [x for x in cols if x not in VOLATILE]
            rows = c.execute(f"select {', '.join(keep)} from {table} order by 1").fetchall()
            parts.append(json.dumps([table, rows], default=repr))
        c.close()
    for sub in ("newsletters", "backup.zip"):
        for f in sorted((folder / sub).rglob("*")) if (folder / sub).is_dir() else [folder / sub]:
            if f.is_file():
                data = f.read_bytes() if f.suffix != ".zip" else b"zip:" + str(len(f.read_bytes()) > 0).encode()
                parts.append(f"{f.relative_to(folder)}:{hashlib.sha256(data).hexdigest()}")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def setup(base: Path, n: int) -> None:
    base.mkdir()
    shutil.copytree(ROOT / "orders" / "demo", base / "mail")
    (base / "campaigns.toml").write_text(
        '[campaigns.kill]\nname = "Kill"\nfirst_month = "April 1607"\nseed = "kill"\n'
        'database = "sqlite:///kill.sqlite"\norders = "mail"\n')
    engarde(base, "init")
    roster = ROOT / "engarde" / "data" / "demo_roster.toml"
    for ch in tomllib.loads(roster.read_text())["character"]:
        args = ["character", "create", ch["name"], "--given", "--player", ch["player"], "--email", ch["email"],
                "--sl", str(ch["social_level"]), "--crowns", str(ch["crowns"]), "--allowance", str(ch["allowance"]),
                "--strength", str(ch["strength"]), "--constitution", str(ch["constitution"]),
                "--expertise", str(ch["expertise"]), "--ma", str(ch["military_ability"])]
        if ch.get("password"):
            args += ["--password", ch["password"]]
        engarde(base, *args)
    for i in range(n):
        engarde(base, "character", "create", f"Extra {i:03d}", "--player", f"P{i}", "--email", f"p{i}@example.org",
                "--password", f"pw{i}")


SCENARIOS = {  # command -> (the set-up before it, the command)
    "orders ingest": ([], ["orders", "ingest"]),
    "turn run": ([["orders", "ingest"]], ["turn", "run", "--force"]),
    "gazette": ([["orders", "ingest"], ["turn", "run", "--force"]], ["gazette", "--no-pdf"]),
    "turn undo": ([["orders", "ingest"], ["turn", "run", "--force"]], ["turn", "undo"]),
    "backup": ([["orders", "ingest"], ["turn", "run", "--force"]], ["backup", "backup.zip"]),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--kills", type=int, default=20, help="kills per command")
    parser.add_argument("--characters", type=int, default=60, help="characters besides the demo's seven")
    args = parser.parse_args()
    rng = random.Random(1607)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        setup(work / "base", args.characters)
        total = bad = 0
        for name, (before, command) in SCENARIOS.items():
            start = work / f"start-{name.replace(' ', '-')}"
            shutil.copytree(work / "base", start)
            for step in before:
                engarde(start, *step)
            # The complete run happens where the trials will (the stored sheets name their files).
            trial = work / "trial"
            shutil.rmtree(trial, ignore_errors=True)
            shutil.copytree(start, trial)
            before = state(trial)
            t0 = time.monotonic()
            engarde(trial, *command)
            took = time.monotonic() - t0
            good = {before, state(trial)}
            failures = 0
            for _ in range(args.kills):
                trial = work / "trial"
                shutil.rmtree(trial, ignore_errors=True)
                shutil.copytree(start, trial)
                env = {**os.environ, "PYTHONPATH": str(ROOT)}
                proc = subprocess.Popen([PY, "-m", "engarde.cli", "--config", str(trial / "campaigns.toml"), *command],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=trial)
                time.sleep(rng.uniform(0.3 * took, took))
                proc.send_signal(signal.SIGKILL)
                proc.wait()
                for leftover in trial.rglob(".*.tmp"):
                    leftover.unlink()  # a temporary file of an unfinished write is not the campaign's
                ok = state(trial) in good and engarde(trial, "audit", check=False).returncode in (0, 2)
                failures += not ok
            total += args.kills
            bad += failures
            print(f"{name:<16} {args.kills:>4} kills over {took:5.2f} s: {failures} left the campaign half done")
        print(f"{'all':<16} {total:>4} kills: {bad} left the campaign half done")
        sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
