"""The gazette's and the reports' pictures (engarde.charts, issue 14): drawn by a plotting
library (leather) as SVG, embedded inline in the HTML and so in the PDF; each man's social level
over the stored months, read linearly from the ledger; the month's Greasy Pole, capped."""

from __future__ import annotations

import os
import time
import xml.etree.ElementTree as ET

import pytest

from engarde import ops
from engarde.calendar import GameMonth
from engarde.ops.levels import chart_levels
from helpers import demo_copy
from engarde.charts import POLE_EACH, greasy_pole_chart, pole_rows, social_level_chart
from engarde.demo import run_demo
from engarde.gazette import render_html, render_report, sl_changes
from engarde.letters import plain_text
from engarde.ops import publishing
from engarde.ops.views import characters_at_end_of, month_ledger

SVG = "{http://www.w3.org/2000/svg}"
APRIL, MAY = GameMonth(1607, 4), GameMonth(1607, 5)


def parsed(markup: str) -> ET.Element:
    """The chart as XML: well formed, one <svg> that scales (a viewBox, no fixed size), titled."""
    root = ET.fromstring(str(markup))
    assert root.tag == f"{SVG}svg" and "viewBox" in root.attrib and "width" not in root.attrib
    assert root.get("role") == "img" and root.find(f"{SVG}title").text == root.get("aria-label")
    return root


def test_a_social_level_chart_is_one_line_through_every_month():
    history = [("start", 5), ("Apr 1607", 6), ("May 1607", 4), ("Jun 1607", 9)]
    root = parsed(social_level_chart(history))
    assert root.get("aria-label") == "Social level by month: start 5, Apr 1607 6, May 1607 4, Jun 1607 9"
    lines = root.findall(f".//{SVG}g[@class='series lines']/{SVG}path")
    assert len(lines) == 1 and lines[0].get("d").count("L") == len(history) - 1 + lines[0].get("d").count("M") - 1
    labels = [t.text for t in root.iter(f"{SVG}text")]
    assert "Jun 1607" in labels and "9" in labels or "10" in labels


def test_no_chart_before_a_man_has_two_points():
    assert social_level_chart([]) == "" and social_level_chart([("start", 5)]) == ""


def test_the_greasy_pole_draws_the_largest_rises_and_falls_only():
    """Capped to POLE_EACH each way, largest first, the unmoved left out; a bar a man."""
    rows = [(f"Riser {i:02d}", 1 + i % 5) for i in range(30)] + [(f"Faller {i:02d}", -1 - i % 4) for i in range(30)]
    rows += [("Still", 0)]
    shown = pole_rows(rows)
    assert len(shown) == 2 * POLE_EACH and ("Still", 0) not in shown
    assert [c for _, c in shown[:POLE_EACH]] == sorted((c for _, c in shown[:POLE_EACH]), reverse=True)
    assert shown[0][1] == 5 and shown[-1][1] == -4 and all(c < 0 for _, c in shown[POLE_EACH:])
    root = parsed(greasy_pole_chart(rows))
    assert len(root.findall(f".//{SVG}rect")) >= 2 * POLE_EACH  # the bars (and leather's background)
    named = {t.text for t in root.iter(f"{SVG}text")}
    assert {name for name, _ in shown} <= named and "Still" not in named
    assert greasy_pole_chart([("Still", 0)]) == "" and greasy_pole_chart([]) == ""


def test_names_in_a_chart_are_escaped():
    markup = greasy_pole_chart([("<script>alert(1)</script> & Co", 2)])
    assert "<script>" not in markup and "&lt;script&gt;" in markup
    assert parsed(markup).find(f"{SVG}title").text.startswith("The Greasy Pole: <script>")


def test_a_chart_costs_a_few_milliseconds():
    """A chart in every report at 10,000 characters: a few ms each (CPU), each history distinct
    (no cache helping)."""
    social_level_chart([("start", 1), ("Apr", 2)])  # warm
    start = time.process_time()
    for i in range(100):
        social_level_chart([("start", 3), ("Apr 1607", 4 + i % 7), ("May 1607", 5), ("Jun 1607", i)])
    per_chart = (time.process_time() - start) / 100
    assert per_chart < 0.008, f"{per_chart * 1000:.1f} ms a chart"


@pytest.fixture(scope="module")
def two_months(tmp_path_factory):
    """The demo's April, then May resolved with no orders."""
    folder = tmp_path_factory.mktemp("demo")
    camp = demo_copy(folder)
    cwd = os.getcwd()
    os.chdir(folder)
    try:
        run_demo(camp, pdf=False, echo=lambda line: None)
        ops.run_turn(camp, force=True)
    finally:
        os.chdir(cwd)
    return camp


def test_the_history_is_each_month_end_from_the_stored_months(two_months):
    camp = two_months
    april = {ch.name: ch.social_level for ch in characters_at_end_of(camp, APRIL)}
    may = {ch.name: ch.social_level for ch in characters_at_end_of(camp, MAY)}
    history = chart_levels(camp, MAY)
    assert set(history) == set(may)
    for name, points in history.items():
        assert [label for label, _ in points] == ["start", "Apr 1607", "May 1607"]
        assert points[1][1] == april[name] and points[2][1] == may[name]
    # as the gazette of April was, later: its history stops at April
    assert all(len(points) == 2 for points in chart_levels(camp, APRIL).values())


def test_the_report_draws_his_own_history_and_the_gazette_the_pole(two_months):
    camp = two_months
    data = publishing.gazette_data(camp, MAY, {})
    ledger = month_ledger(camp, MAY)
    name = "Athos"
    html = render_report(data, name, ledger)
    (svg,) = [part for part in html.split('<figure class="chart-figure sl-chart">')[1:]]
    label = ", ".join(f"{when} {level}" for when, level in data.social_levels[name])
    assert f"Social level by month: {label}" in svg
    others = [ch.name for ch in data.characters if ch.name != name]
    chart = svg[:svg.index("</figure>")]
    assert not any(other in chart for other in others)  # his level alone, nobody else's
    gazette = render_html(data)
    moved = [(n, c) for n, c in sl_changes(data) if c]
    if moved:
        pole = gazette[gazette.index('<figure class="chart-figure pole-chart">'):]
        assert all(n in pole[:pole.index("</figure>")] for n, _ in pole_rows(moved))
    else:
        assert "pole-chart" not in gazette
    dead = {ch.name for ch in data.characters if ch.dead}
    assert not dead & {n for n, _ in sl_changes(data)}


def test_a_chart_in_plain_text_is_its_title():
    """The report as text (``engarde report``, a mail's text/plain part) tells the chart by its
    title, not by a jumble of its tick labels."""
    html = f"<html><body><p>Before</p>{social_level_chart([('start', 5), ('Apr 1607', 7)])}<p>After</p></body></html>"
    assert plain_text(html) == "Before\n\nSocial level by month: start 5, Apr 1607 7\n\nAfter\n"
