"""The demo month, byte for byte: its gazette, every report, every ledger entry, event and die.

Written before the rules moved onto the module seam (docs/architecture.md), so that a
refactoring that changes any of them fails here.  When a change is meant to alter the
demo month, rerun with ENGARDE_UPDATE_GOLDEN=1 and read the diff of tests/golden/demo/.
"""

from __future__ import annotations

import json
import os
import re
from datetime import datetime, timezone
from pathlib import Path

import pytest

from engarde.demo import run_demo
from engarde.store import transaction
from helpers import assert_golden, demo_copy
from sqlalchemy import text

GOLDEN = Path(__file__).parent / "golden" / "demo"
ARRIVED = datetime(2026, 1, 10, 12, 0, tzinfo=timezone.utc).timestamp()
# The first deadline is the schedule's first after the campaign was set up, which is today.
DEADLINE = re.compile(r"the deadline for (\w+ \d+) is [^;.\n]*")
# ... and each report's sheet for May says May's deadline ("send it back ... by Fri 29 May 2026, 18:00 CEST.").
SHEET_DEADLINE = re.compile(r" by \w{3} \d{2} \w{3} \d{4}, \d{2}:\d{2} [^.\n]*\.")
# ... and the gazette's Points Arising says it too ("due by <b class="deadline-time">Fri 29 May 2026, 18:00 CEST</b>").
GAZETTE_DEADLINE = re.compile(r'<b class="deadline-time">[^<]*</b>')


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    folder = tmp_path_factory.mktemp("demo")
    camp = demo_copy(folder)
    # A sheet with no Date header arrived when its file was last written: fix that moment, so
    # the confirmations do not depend on when the repository was checked out.
    for sheet in (folder / "orders" / "demo").iterdir():
        os.utime(sheet, (ARRIVED, ARRIVED))
    run_demo(camp, pdf=False, echo=lambda line: None)
    return folder, camp


def _dump(camp, query: str) -> str:
    with transaction(camp.database) as s:
        rows = s.connection().execute(text(query)).all()
    return "".join(json.dumps(list(row), sort_keys=True, default=str) + "\n" for row in rows)


def check(name: str, got: str) -> None:
    assert_golden(GOLDEN / name, got)


def test_demo_gazette_is_unchanged(demo):
    folder, _ = demo
    html = (folder / "newsletters" / "demo" / "1607-04.html").read_text(encoding="utf-8")
    check("1607-04.html", GAZETTE_DEADLINE.sub('<b class="deadline-time">DEADLINE</b>', html))


def test_demo_reports_are_unchanged(demo):
    folder, _ = demo
    reports = sorted((folder / "newsletters" / "demo" / "reports" / "1607-04").glob("*.html"))
    assert len(reports) == 7
    for path in reports:
        check(f"report-{path.name}", SHEET_DEADLINE.sub(" by DEADLINE.", path.read_text(encoding="utf-8")))


def test_demo_ledger_events_and_dice_are_unchanged(demo):
    _, camp = demo
    check("ledger.jsonl", _dump(camp, "select c.name, l.month, l.week, l.field, l.delta, l.value, l.reason, l.rule "
                                      "from ledger l join character c on c.id = l.character_id order by l.id"))
    check("events.jsonl", _dump(camp, "select month, week, code, public, characters, data from event order by id"))
    check("rolls.jsonl", _dump(camp, "select month, sides, dice_values, reason from roll order by id"))
    check("sheets.jsonl", _dump(camp, "select c.name, c.current from character c order by c.id"))


def test_demo_confirmations_are_unchanged(demo):
    folder, camp = demo
    got = _dump(camp, "select source, status, reason, confirmation from order_sheet order by id")
    got = DEADLINE.sub(r"the deadline for \1 is DEADLINE", got.replace(str(folder), "DEMO"))
    check("confirmations.jsonl", got)
