"""The three-month demo archive the site's tests read: the demo campaign's first month (its
sample mail, as `engarde demo` plays it), then May and June 1607 from the sheets in
tests/site_orders/ (a duel each month: D'Artagnan and Falstaff in May, Athos and Rodney Bergerac
in June; Porthos joins the Dragoon Guards), each month resolved and its gazette written, then
`engarde site build`."""

from __future__ import annotations

import os
import shutil
from datetime import datetime, timezone
from pathlib import Path

from engarde import ops
from engarde.config import Campaign
from engarde.demo import run_demo
from engarde.ops import site
from helpers import demo_copy

ORDERS = Path(__file__).parent / "site_orders"
MONTHS = ("1607-04", "1607-05", "1607-06")
# A sheet without a Date header arrived when its file was last written: fix that moment, so
# nothing depends on when the repository was checked out.
ARRIVED = datetime(2026, 1, 10, 12, 0, tzinfo=timezone.utc).timestamp()


def archive(folder: Path) -> tuple[Campaign, site.Built]:
    """The demo campaign played for three months in ``folder``, published, and its site built
    (in ``folder/newsletters/demo-site``)."""
    camp = demo_copy(folder)
    for month in MONTHS[1:]:
        shutil.copytree(ORDERS / month, folder / "orders" / month)
    for sheet in (folder / "orders").rglob("*.*"):
        os.utime(sheet, (ARRIVED, ARRIVED))
    run_demo(camp, pdf=False, echo=lambda line: None)
    for month in MONTHS[1:]:
        results = ops.ingest(camp, folder / "orders" / month)
        assert all(r.status == ops.ACCEPTED and not r.errors for r in results), [(r.source, r.status) for r in results]
        report = ops.run_turn(camp)
        assert report.month.key == month
        ops.publish(camp, report.month, pdf=False, reports=False)
    return camp, site.build(camp)
