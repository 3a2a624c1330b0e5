"""The printed gazette and reports (issue 14): tagged PDFs, page numbers in the margin, the
masthead on page one, no short item split across columns or pages, a short printed edition at
scale; a page readable on a phone; ``engarde gazette --report-pdf``."""

from __future__ import annotations

import ctypes.util
import re
import shutil
import zlib
from pathlib import Path

import pytest
from weasyprint import HTML

from engarde import gazette as gz
from engarde import ops
from engarde.demo import run_demo
from engarde.gazette import GazetteData, pdf_bytes, pdfs_bytes, render_html
from helpers import demo_copy, refused
from test_gazette import APRIL, campaign
from test_gazette_scale import men, raised

ROOT = Path(__file__).parent.parent


def texts(box) -> list[str]:
    """Every piece of text under a layout box (WeasyPrint's tree)."""
    found = [box.text] if hasattr(box, "text") and isinstance(box.text, str) else []
    for child in getattr(box, "children", ()):
        found += texts(child)
    return found


def margin_texts(page) -> str:
    return " ".join(t for box in page._page_box.children if type(box).__name__ == "MarginBox" for t in texts(box))


def boxes(box, depth=0):
    yield box
    for child in getattr(box, "children", ()):
        yield from boxes(child, depth + 1)


@pytest.fixture(scope="module")
def thousand():
    people = men(1000)
    history = {ch.name: [("start", ch.social_level - 1 + i % 3), ("Apr 1607", ch.social_level)] for i, ch in enumerate(people)}
    data = GazetteData(campaign(), APRIL, people, [raised(ch.name, ch.social_level) for ch in people],
                       social_levels=history)
    return data, HTML(string=render_html(data, printed=True)).render()


def unpacked(pdf: bytes) -> bytes:
    """A PDF with its compressed streams (object streams among them) inflated."""
    parts = [pdf]
    for stream in re.findall(rb"stream\r?\n(.*?)endstream", pdf, re.S):
        try:
            parts.append(zlib.decompress(stream))
        except zlib.error:
            pass
    return b"\n".join(parts)


def tagged(pdf: bytes) -> bool:
    whole = unpacked(pdf)
    return b"/StructTreeRoot" in whole and b"/Marked true" in whole


def test_the_pdf_is_tagged_and_weasyprint_has_nothing_to_say(caplog):
    pdf = pdf_bytes(render_html(GazetteData(campaign(), APRIL, men(5), [])), ROOT)
    assert tagged(pdf)
    said = [r.getMessage() for r in caplog.records if r.name.startswith("weasyprint") and r.levelname == "WARNING"]
    if ctypes.util.find_library("harfbuzz-subset") is None:  # (scripts/dev.py installs it where it can)
        said = [m for m in said if "HarfBuzz-Subset" not in m]  # WeasyPrint says it uses fontTools instead
    assert not said


def test_every_page_is_numbered_and_page_one_has_the_masthead(thousand):
    _, document = thousand
    pages = document.pages
    assert len(pages) >= 2
    for number, page in enumerate(pages, start=1):
        assert f"~ {number} of {len(pages)} ~" in margin_texts(page)
    first = " ".join(texts(pages[0]._page_box))
    assert "La Gazette de Paris" in first.split("~")[0]  # the masthead, not a running head
    assert "La Gazette de Paris" not in margin_texts(pages[0])  # page one has no running head
    assert "La Gazette de Paris" in margin_texts(pages[1])


def test_the_printed_edition_of_a_thousand_men_with_its_chart_stays_within_24_pages(thousand):
    data, document = thousand
    html = render_html(data, printed=True)
    assert html.count("<svg") == 1 and 'class="chart greasy-pole"' in html
    assert len(document.pages) <= 24


def test_no_short_item_is_split_across_columns_or_pages(thousand):
    """Each item of a list and each row of a table lies in one column of one page; a paragraph
    of news split across columns or pages leaves at least three lines in each (so one of five
    lines or fewer is never split)."""
    _, document = thousand
    where: dict[int, list[tuple[int, int, int]]] = {}
    for number, page in enumerate(document.pages):
        for box in boxes(page._page_box):
            element = getattr(box, "element", None)
            if element is None or element.tag not in ("p", "tr", "li", "figure") or \
                    type(box).__name__ not in ("BlockBox", "TableRowBox"):
                continue
            if element.tag == "p" and "event" not in (element.get("class") or ""):
                continue
            if element.tag == "tr" and element.find("th") is not None:
                continue  # a table's head row, repeated on each page it runs on
            lines = sum(type(child).__name__ == "LineBox" for child in box.children)
            where.setdefault(id(element), []).append((number, round(box.position_x), lines))
    assert len(where) > 100
    split = [places for places in where.values() if len({(page, x) for page, x, _ in places}) > 1]
    for places in split:
        assert all(lines >= 3 for _, _, lines in places), places


def test_readable_on_a_phone():
    """A viewport; one column and scrolling tables below a narrow width; body text of at least
    14 px on screen (a style for screens only: the PDF keeps its point sizes)."""
    html = render_html(GazetteData(campaign(), APRIL, men(5), []))
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
    css = html[html.index('<style media="screen">'):html.index("</head>")]
    screen = css[css.index("@media screen {"):]
    sizes = [int(px) for px in re.findall(r"font-size:\s*(\d+)px", screen)]
    assert sizes and min(sizes) >= 14
    narrow = css[css.index("@media screen and (max-width: 40em)"):]
    assert ".news, .sheet { column-count: 1; }" in narrow and "overflow-x: auto" in narrow
    assert ".scroll { max-width: 100%; overflow-x: auto;" in css


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    folder = tmp_path_factory.mktemp("demo")
    camp = demo_copy(folder)
    run_demo(camp, pdf=False, echo=lambda line: None)
    return folder, camp


def test_report_pdf_writes_each_players_report_as_a_tagged_pdf(demo):
    folder, camp = demo
    paths = ops.publish(camp, pdf=False, report_pdf=True)
    reports = sorted(p for p in paths if p.parent.name == "1607-04")
    htmls = [p for p in reports if p.suffix == ".html"]
    pdfs = [p for p in reports if p.suffix == ".pdf"]
    assert htmls and [p.stem for p in pdfs] == [p.stem for p in htmls]
    for pdf in pdfs:
        content = pdf.read_bytes()
        assert content.startswith(b"%PDF-") and tagged(content)


def _fails_to_print(html, base_url):
    raise RuntimeError("the printer is on fire")


def test_a_pdf_that_fails_changes_no_file(demo, monkeypatch):
    """The reports are written to the disk while the gazette's PDF is still being made, and put
    in place only with it: a PDF that fails leaves every file of the month as it was (a report
    missing stays missing, an old one stays old) and no temporary file behind."""
    folder, camp = demo
    paths = ops.publish(camp, pdf=True)
    gazette = next(p for p in paths if p.suffix == ".html" and p.parent.name != "1607-04")
    report, gone = sorted(p for p in paths if p.parent.name == "1607-04")[:2]
    gazette.write_text("the old gazette")
    report.write_text("an old report")
    gone.unlink()
    monkeypatch.setattr(gz, "pdf_bytes", _fails_to_print)  # (before the child forks: it fails there)
    with pytest.raises(RuntimeError, match="on fire"):
        ops.publish(camp, pdf=True)
    assert gazette.read_text() == "the old gazette" and report.read_text() == "an old report"
    assert not gone.exists() and not list(Path(camp.newsletters).rglob("*.part"))
    monkeypatch.undo()
    ops.publish(camp, pdf=True)
    assert gone.exists() and report.read_text() != "an old report"


def test_report_pdf_needs_the_reports(demo):
    folder, _ = demo
    line = refused(folder / "campaigns.toml", "gazette", "--no-reports", "--report-pdf")
    assert "--report-pdf" in line


def test_several_pdfs_come_back_in_order(tmp_path):
    pages = [f"<html><body><p>Page {i}</p></body></html>" for i in range(5)]
    made = pdfs_bytes(pages, tmp_path)
    assert len(made) == 5 and all(p.startswith(b"%PDF-") for p in made)
    assert made[0] == pdf_bytes(pages[0], tmp_path)


def test_at_390_px_in_chromium_nothing_scrolls_sideways_and_text_is_14_px(demo):
    """The demo's gazette and reports in a real browser at a phone's width (Chromium from the
    system, driven by Playwright, when both are there): the page no wider than the phone, the
    news in one column, no text under 14 px."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.skip("no chromium on this system (Debian: apt-get install chromium)")
    folder, camp = demo
    pages = sorted((folder / "newsletters" / "demo").rglob("*.html"))
    assert len(pages) >= 2
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        try:
            page = browser.new_page(viewport={"width": 390, "height": 844})
            for path in pages:
                page.goto(path.as_uri())
                assert page.evaluate("document.documentElement.scrollWidth") <= 390, path.name
                small = page.evaluate("""[...document.querySelectorAll('p, li, td, th, figcaption, pre')]
                    .filter(e => e.innerText.trim() && parseFloat(getComputedStyle(e).fontSize) < 14).length""")
                assert small == 0, path.name
                columns = page.evaluate("[...document.querySelectorAll('.news')].map(e => getComputedStyle(e).columnCount)")
                assert set(columns) <= {"1"}, path.name
        finally:
            browser.close()
