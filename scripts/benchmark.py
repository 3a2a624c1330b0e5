#!/usr/bin/env python3
"""Speed and memory figures for engarde (printed, not asserted: timed tests are flaky).

    .venv/bin/python scripts/benchmark.py [--characters 300] [--pdf]

Builds a campaign of N gentlemen in a temporary folder, writes one order sheet
each (a mix of every first-cut verb), then times the GM's deadline work: parse,
ingest, resolve and store the month, audit, and publish. Targets are printed
beside the figures: a 300-character month should ingest, resolve and publish
(HTML) in well under a minute on one core, in under 500 MB.
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engarde import ops  # noqa: E402
from engarde.calendar import GameMonth  # noqa: E402
from engarde.config import load_one  # noqa: E402
from engarde.registry import for_campaign  # noqa: E402
from engarde.rules.creation.rules import roll_character  # noqa: E402
from engarde.dice import SeededDice  # noqa: E402
from engarde.parse import parse_sheet  # noqa: E402

ACTIONS = [
    "Practise with the rapier", "practice sabre", "Visit Red Phillips and carouse", "Visit my club",
    "Visit the bawdyhouse and carouse carrying 30 crowns", "Rest", "ditto", "Go to Hunter's and carouse",
    "Toady to Gentleman 0001 at Red Phillips", "practse with the sabr",  # a name and two slips of the pen
    "juggle oranges",  # one unknown verb in every few sheets, as real mail has
]


PARSE_KNOWN = "parse sheets (the campaign's names)"


def password_of(name: str) -> str:
    return f"pw-{name.split()[-1]}"


def sheet_text(name: str, rng: random.Random) -> str:
    weeks = [rng.choice(ACTIONS[:-1] if rng.random() > 0.1 else ACTIONS) for _ in range(4)]
    if weeks[0] == "ditto":
        weeks[0] = "Rest"
    lines = ["Dear GM, my orders:", "", f"Character: {name}", f"Password: {password_of(name)}", "Month: April 1607"]
    lines += [f"Week {i}: {w}" for i, w in enumerate(weeks, start=1)]
    if rng.random() < 0.3:
        lines.append("Conspicuous consumption")
    if rng.random() < 0.2:
        lines.append("Join: Red Phillips")
    lines += ["End of orders", "-- ", "Yours, a player"]
    return "\n".join(lines) + "\n"


def timed(label: str, fn, results: dict):
    start = time.perf_counter()
    value = fn()
    results[label] = time.perf_counter() - start
    return value


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--characters", "-n", type=int, default=300)
    parser.add_argument("--pdf", action="store_true", help="also time the PDF")
    args = parser.parse_args()
    n = args.characters
    rng = random.Random(1607)
    figures: dict[str, float] = {}
    tracemalloc.start()
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        (tmp_path / "mail").mkdir()
        (tmp_path / "campaigns.toml").write_text(
            '[campaigns.bench]\nname = "Benchmark"\nfirst_month = "April 1607"\nseed = "bench"\norders = "mail"\n'
        )
        camp = load_one(tmp_path / "campaigns.toml", "bench")
        ops.init(camp)

        tables = for_campaign(camp).tables

        def create():
            for i in range(n):
                dice = SeededDice(f"bench:{i}")
                name = f"Gentleman {i:04d}"
                ops.add_character(camp, roll_character(tables, name, dice), dice.log, password=password_of(name))

        timed("create characters", create, figures)
        texts = {f"Gentleman {i:04d}": sheet_text(f"Gentleman {i:04d}", rng) for i in range(n)}
        for i, (name, text) in enumerate(texts.items()):
            (tmp_path / "mail" / f"{i:04d}.txt").write_text(text)
        timed("parse sheets (in memory)", lambda: [parse_sheet(t, "x") for t in texts.values()], figures)
        known = ops.known_names(camp)  # every name read against the campaign's, as the intake does
        timed(PARSE_KNOWN, lambda: [parse_sheet(t, "x", known=known)
                                                                    for t in texts.values()], figures)
        results = timed("ingest mail (parse + store)", lambda: ops.ingest(camp, tmp_path / "mail"), figures)
        report = timed("resolve and store the month", lambda: ops.run_turn(camp), figures)
        count, findings = timed("audit every sheet", lambda: ops.audit(camp), figures)
        paths = timed("publish gazette + reports (HTML)",
                      lambda: ops.publish(camp, GameMonth(1607, 4), pdf=False, reports=True), figures)
        if args.pdf:
            timed("publish gazette PDF", lambda: ops.publish(camp, GameMonth(1607, 4), pdf=True, reports=False), figures)
        _, peak = tracemalloc.get_traced_memory()
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"engarde benchmark: {n} characters, {len(results)} sheets, "
          f"{sum(bool(r.errors) for r in results)} with errors, {len(report.events)} events, "
          f"{len(report.ledger)} ledger entries, {report.rolls} dice, {len(paths)} files, "
          f"audit {count} sheets / {len(findings)} disagreements")
    for label, seconds in figures.items():
        print(f"  {label:<36} {seconds:8.2f} s")
    deadline_work = sum(v for k, v in figures.items() if k.startswith(("ingest", "resolve", "publish gazette +")))
    print(f"  {'deadline work (ingest+resolve+HTML)':<36} {deadline_work:8.2f} s   target < 60 s")
    print(f"  {'parse rate':<36} {n / figures['parse sheets (in memory)']:8.0f} sheets/s")
    print(f"  {'parse rate, names read':<36} {n / figures[PARSE_KNOWN]:8.0f} sheets/s")
    print(f"  {'peak Python allocations':<36} {peak / 2**20:8.1f} MB")
    print(f"  {'peak resident memory':<36} {rss_mb:8.1f} MB   target < 500 MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
