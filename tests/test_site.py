"""`engarde site build`: the web archive of a three-month demo campaign (tests/site_archive.py):
its issues byte for byte (golden), their previous/next links, the Atom feed, and character pages
that show public facts only, agreeing with the database."""

from __future__ import annotations

import dataclasses
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner

from engarde import ops, queries
from engarde.calendar import GameMonth
from engarde.cli import main
from engarde.errors import CampaignError
from engarde.ops import notes as notes_ops
from engarde.ops import site as site_ops
from engarde.records import Event
from engarde.registry import for_campaign
from engarde.rules.duel.codes import EV_DUEL
from engarde import site as site_module
from engarde.site import Chronicle, page_slugs
from site_archive import MONTHS, archive
from helpers import assert_golden

GOLDEN = Path(__file__).parent / "golden" / "site"
ATOM = "{http://www.w3.org/2005/Atom}"
# A deadline printed in a gazette depends on the day the test runs (the schedule's first after
# the campaign was set up): masked, as tests/test_demo_golden.py masks it.
DEADLINE = re.compile(r"\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\w* \d{1,2} \w+ \d{4}(?:,? (?:at )?\d{2}:\d{2}(?: [A-Z]{3,4})?)?")
GAZETTE_DEADLINE = re.compile(r'<b class="deadline-time">[^<]*</b>')  # gz-tables' next deadline
FACTS = {"Title", "Social Level", "Regiment", "Rank", "Appointment", "Club"}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    folder = tmp_path_factory.mktemp("site")
    camp, result = archive(folder)
    return camp, result


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag, attrs):
        if tag == "a":
            attrs = dict(attrs)
            self.links.append((attrs.get("href") or "", attrs))


def links(path: Path) -> list[tuple[str, dict]]:
    parser = Links()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.links


def text_of(path: Path) -> str:
    return re.sub(r"<[^>]+>", " ", path.read_text(encoding="utf-8"))


def test_the_three_issues_are_unchanged(built):
    """Each issue's body (the gazette as the archive shows it, with its links), byte for byte."""
    _, result = built
    assert result.issues == 3
    for month in MONTHS:
        html = (result.folder / f"{month}.html").read_text(encoding="utf-8")
        # the page's body: its text and markup, not the style sheet (print's and the site's own)
        got = DEADLINE.sub("DEADLINE", GAZETTE_DEADLINE.sub('<b class="deadline-time">DEADLINE</b>',
                                                          html[html.index("<body"):]))
        assert_golden(GOLDEN / f"{month}.html", got)


def test_each_issue_is_its_months_gazette_between_the_archives_links(built):
    camp, result = built
    for i, month in enumerate(MONTHS):
        page = (result.folder / f"{month}.html").read_text(encoding="utf-8")
        gazette = (camp.newsletters / "demo" / f"{month}.html").read_text(encoding="utf-8")
        masthead = gazette[gazette.index('<header class="masthead">'):gazette.index("</footer>")]
        assert masthead in page  # the whole gazette, as written
        found = links(result.folder / f"{month}.html")
        prev = [href for href, a in found if a.get("rel") == "prev"]
        nxt = [href for href, a in found if a.get("rel") == "next"]
        assert prev == ([f"{MONTHS[i - 1]}.html"] * 2 if i > 0 else [])
        assert nxt == ([f"{MONTHS[i + 1]}.html"] * 2 if i + 1 < len(MONTHS) else [])
        assert "index.html" in [href for href, _ in found]


def test_the_index_lists_the_issues_in_order_and_every_link_is_relative_and_there(built):
    _, result = built
    issues = [href for href, _ in links(result.folder / "index.html") if re.fullmatch(r"\d{4}-\d{2}\.html", href)]
    assert issues == [f"{m}.html" for m in MONTHS]
    pages = sorted(result.folder.rglob("*.html"))
    assert len(pages) == 3 + 1 + 1 + 7  # the issues, the index, the list of the gentlemen, a page each
    for page in pages:
        for href, _ in links(page):
            assert not re.match(r"[a-z]+:|/", href), (page, href)  # relative: any host serves it
            target = (page.parent / href.split("#")[0]).resolve()
            assert target.is_file(), (page, href)


def test_the_feed_is_valid_atom_newest_first(built):
    _, result = built
    root = ET.parse(result.folder / "feed.xml").getroot()
    assert root.tag == f"{ATOM}feed"
    for required in ("id", "title", "updated", "author"):
        assert root.find(f"{ATOM}{required}") is not None, required
    stamp = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z")
    assert stamp.fullmatch(root.findtext(f"{ATOM}updated"))
    assert root.find(f"{ATOM}link[@rel='self']").get("href") == "feed.xml"
    entries = root.findall(f"{ATOM}entry")
    assert [e.find(f"{ATOM}link[@rel='alternate']").get("href") for e in entries] == [f"{m}.html" for m in reversed(MONTHS)]
    ids = [e.findtext(f"{ATOM}id") for e in entries]
    assert len(set(ids)) == 3 and all(i.startswith("tag:engarde,2026:demo/") for i in ids)
    for e in entries:
        assert e.findtext(f"{ATOM}title") and stamp.fullmatch(e.findtext(f"{ATOM}updated"))
    assert root.findtext(f"{ATOM}updated") == max(e.findtext(f"{ATOM}updated") for e in entries)


def test_the_feed_with_the_sites_address_has_absolute_links_and_ids(built, tmp_path):
    camp, _ = built
    result = site_ops.build(camp, tmp_path / "public", base_url="https://example.org/gazette")
    root = ET.parse(result.folder / "feed.xml").getroot()
    assert root.findtext(f"{ATOM}id") == "https://example.org/gazette/feed.xml"
    hrefs = [e.find(f"{ATOM}link").get("href") for e in root.findall(f"{ATOM}entry")]
    assert hrefs[0] == "https://example.org/gazette/1607-06.html"


def test_character_pages_show_only_public_facts(built):
    camp, result = built
    sheets = {ch.name: ch for ch in ops.list_characters(camp)}
    public_events = {m: [ev for ev in ops.month_events(camp, GameMonth.parse(m)) if ev.public] for m in MONTHS}
    private_texts = 0
    for name, ch in sheets.items():
        page = result.folder / "characters" / f"{name.lower().replace(chr(39), '-').replace(' ', '-')}.html"
        html = page.read_text(encoding="utf-8")
        text = text_of(page)
        facts = re.findall(r"<tr><th>([^<]+)</th><td>", html.split('class="levels"')[0])
        assert set(facts) <= FACTS, facts
        assert "crown" not in text.lower()  # his purse is his own
        assert ch.player not in text and ch.email not in text
        if ch.mistress:
            assert ch.mistress not in text
        # every event on his page is a public one naming him; none of his private ones is there
        listed = html.count("<li><a href=\"../")
        shown = [ev for m in MONTHS for ev in public_events[m] if name in ev.characters
                 and for_campaign(camp).code_module.get(ev.code) in {"duel", "regiments", "appointments", "titles", "military"}]
        assert listed == len(shown), (name, listed, shown)
        private_texts += 1
    assert private_texts == 7


def test_a_private_event_never_reaches_a_characters_page(built):
    camp, _ = built
    chronicle = Chronicle(for_campaign(camp), {"Athos": "athos", "Aramis": "aramis"})
    may = GameMonth.parse("May 1607")
    chronicle.month(may, [], [Event(may, 1, EV_DUEL, ("Athos", "Aramis"), public=False, data={}),
                              Event(may, 2, EV_DUEL, ("Athos", "Aramis"), public=True, data={})])
    assert [ev.week for ev in chronicle.lives["Athos"].duels] == [2]


def test_each_social_level_is_the_databases_at_that_months_end(built):
    camp, result = built
    for month in MONTHS:
        for ch in ops.characters_at_end_of(camp, GameMonth.parse(month)):
            page = (result.folder / "characters").glob("*.html")
            html = next(p for p in page if f"<h1>{ch.name.replace(chr(39), '&#39;')}</h1>" in p.read_text(encoding="utf-8"))
            row = re.search(rf'<a href="../{month}.html">[^<]+</a></td><td class="num">(\d+)</td>',
                            html.read_text(encoding="utf-8"))
            dead_before = ch.dead and month > "1607-05"
            assert (row is None) if dead_before else (int(row.group(1)) == ch.social_level), (ch.name, month)


def test_a_month_not_published_stays_out(built, tmp_path):
    camp, _ = built
    june = camp.newsletters / "demo" / "1607-06.html"
    kept = june.read_bytes()
    june.unlink()
    try:
        result = site_ops.build(camp, tmp_path / "site")
    finally:
        june.write_bytes(kept)
    assert result.issues == 2 and not (tmp_path / "site" / "1607-06.html").exists()
    assert "1607-06" not in (tmp_path / "site" / "characters" / "athos.html").read_text(encoding="utf-8")
    assert 'rel="next"' not in (tmp_path / "site" / "1607-05.html").read_text(encoding="utf-8").split("</nav>")[0]


def test_a_template_that_fails_writes_nothing(built, tmp_path):
    camp, _ = built
    templates = tmp_path / "templates"
    (templates / "site").mkdir(parents=True)
    (templates / "site" / "character.html.j2").write_text("{{ nosuch.thing }}\n", encoding="utf-8")
    mine = dataclasses.replace(camp, templates=templates)
    with pytest.raises(CampaignError, match=r"character\.html\.j2, line 1"):
        site_ops.build(mine, tmp_path / "site")
    assert not (tmp_path / "site").exists()


def test_the_command_writes_beside_the_newsletters_by_default(built, monkeypatch):
    camp, result = built
    assert result.folder == camp.newsletters / "demo-site"
    monkeypatch.chdir(camp.base_dir)
    out = CliRunner().invoke(main, ["site", "build"])
    assert out.exit_code == 0, out.output
    assert "3 issue(s) (3 unchanged, kept), 7 character page(s)" in out.output  # the fixture's build, kept
    out = CliRunner().invoke(main, ["site", "build", "--full"])
    assert out.exit_code == 0 and "3 issue(s), 7 character page(s)" in out.output, out.output


def test_no_month_published_is_said(tmp_path, monkeypatch):
    (tmp_path / "campaigns.toml").write_text('[campaigns.demo]\nname = "D"\nfirst_month = "April 1607"\n',
                                             encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(main, ["init"]).exit_code == 0
    out = CliRunner().invoke(main, ["site", "build"])
    assert out.exit_code == 2 and "no month has been published yet" in out.output


def test_a_man_called_index_does_not_take_the_lists_page():
    slugs = page_slugs(["Index", "Athos"])
    assert slugs["Athos"] == "athos" and slugs["Index"].startswith("index-")


def test_the_build_says_how_far_it_has_got(built, tmp_path):
    camp, _ = built
    ticks: list[tuple[int, int]] = []
    site_ops.build(camp, tmp_path / "site", tick=lambda done, total: ticks.append((done, total)))
    assert ticks[0] == (0, 3 + 7) and ticks[-1] == (10, 10)
    assert [d for d, _ in ticks] == sorted(d for d, _ in ticks)


def test_the_chart_block_has_his_levels_labelled_as_the_charts_label_them(built):
    camp, _ = built
    chronicle = Chronicle(for_campaign(camp), {"Athos": "athos"})
    for month, level in (("April 1607", 7), ("May 1607", 8)):
        chronicle.month(GameMonth.parse(month), [dataclasses.replace(_athos(camp), social_level=level)], [])
    assert chronicle.lives["Athos"].chart_points == [("Apr 1607", 7), ("May 1607", 8)]
    page = (camp.newsletters / "demo-site" / "characters" / "athos.html").read_text(encoding="utf-8")
    assert '<svg' in page.split("<h2>Social Level</h2>")[1].split("<h2>")[0]  # his chart, three months of it
    assert "Social level by month: Apr 1607" in page


def _athos(camp):
    return next(ch for ch in ops.list_characters(camp) if ch.name == "Athos")


# -- a build keeps the issues that have not changed -------------------------------------------


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_second_build_keeps_every_issue_and_the_folder_is_what_a_whole_build_writes(built, tmp_path):
    camp, _ = built
    first = site_ops.build(camp, tmp_path / "a")
    again = site_ops.build(camp, tmp_path / "a")
    whole = site_ops.build(camp, tmp_path / "b", full=True)
    assert (first.kept, again.kept, whole.kept) == (0, 3, 0)
    assert _files(tmp_path / "a") == _files(tmp_path / "b")


def test_an_issue_changed_or_lost_in_the_folder_is_made_again(built, tmp_path):
    camp, _ = built
    site_ops.build(camp, tmp_path)
    made = (tmp_path / "1607-05.html").read_bytes()
    (tmp_path / "1607-05.html").write_bytes(made.replace(b"</body>", b"<p>scribbled</p></body>"))
    (tmp_path / "1607-06.html").unlink()
    result = site_ops.build(camp, tmp_path)
    assert result.kept == 1
    assert (tmp_path / "1607-05.html").read_bytes() == made and (tmp_path / "1607-06.html").is_file()


def test_a_lost_or_garbled_record_makes_every_issue_again(built, tmp_path):
    camp, _ = built
    site_ops.build(camp, tmp_path)
    (tmp_path / ".engarde-site.json").write_text('{"version": 1, "issues": {"1607-04.html": 3}}', encoding="utf-8")
    assert site_ops.build(camp, tmp_path).kept == 0
    (tmp_path / ".engarde-site.json").unlink()
    assert site_ops.build(camp, tmp_path).kept == 0
    assert site_ops.build(camp, tmp_path).kept == 3


def test_a_month_unpublished_makes_its_neighbours_links_again(built, tmp_path):
    """The issue before a month taken out links to no next issue: made again; the one before it kept."""
    camp, _ = built
    site_ops.build(camp, tmp_path)
    june = camp.newsletters / "demo" / "1607-06.html"
    kept = june.read_bytes()
    june.unlink()
    try:
        result = site_ops.build(camp, tmp_path)
    finally:
        june.write_bytes(kept)
    assert (result.issues, result.kept) == (2, 1)
    assert 'rel="next"' not in (tmp_path / "1607-05.html").read_text(encoding="utf-8").split("</nav>")[0]


def test_a_note_added_to_a_past_month_makes_its_issue_again(built, tmp_path):
    camp, _ = built
    site_ops.build(camp, tmp_path)
    note = notes_ops.add_note(camp, "The Musketeers' ball is put off.", GameMonth.parse("May 1607"))
    try:
        result = site_ops.build(camp, tmp_path)
        assert result.kept == 2
        assert "ball is put off" in (tmp_path / "1607-05.html").read_text(encoding="utf-8")
    finally:
        notes_ops.remove_note(camp, note.number)


def test_a_changed_template_makes_every_issue_again(built, tmp_path):
    camp, _ = built
    site_ops.build(camp, tmp_path / "site")
    templates = tmp_path / "templates" / "site"
    templates.mkdir(parents=True)
    issue = (Path(__file__).parents[1] / "engarde" / "templates" / "site" / "issue.html.j2").read_text(encoding="utf-8")
    (templates / "issue.html.j2").write_text(issue + "{# a comment #}\n", encoding="utf-8")
    result = site_ops.build(dataclasses.replace(camp, templates=tmp_path / "templates"), tmp_path / "site")
    assert result.kept == 0


def test_the_campaign_read_from_another_folder_keeps_the_issues(built, tmp_path):
    """Where the campaign's files are is not what a page says: a relative path for an absolute one
    (the command run elsewhere) keeps every issue."""
    camp, _ = built
    site_ops.build(camp, tmp_path)
    moved = dataclasses.replace(camp, source=Path("elsewhere/campaigns.toml"), base_dir=Path("elsewhere"))
    assert site_ops.build(moved, tmp_path).kept == 3
    assert site_ops.build(dataclasses.replace(camp, newspaper="Le Mercure"), tmp_path).kept == 0


def test_the_usual_build_after_a_month_reads_only_the_ledgers_levels_and_writes_what_a_whole_build_does(
        built, tmp_path, monkeypatch):
    """Only the last issue to make and nothing written since it: the sheets as they stand, the
    ledger's social levels and deaths for the months; the folder is still what a whole build writes."""
    camp, _ = built
    site_ops.build(camp, tmp_path / "a")
    last = tmp_path / "a" / "1607-06.html"
    last.write_bytes(last.read_bytes().replace(b"</body>", b"<p>scribbled</p></body>"))
    read: list[tuple | None] = []
    real = queries.ledgers
    monkeypatch.setattr(queries, "ledgers", lambda s, campaign_id, fields=None, rows=None: read.append(fields) or real(
        s, campaign_id, fields, rows))
    assert site_ops.build(camp, tmp_path / "a").kept == 2
    assert read == [("social_level", "state")]
    monkeypatch.undo()
    site_ops.build(camp, tmp_path / "b", full=True)
    assert _files(tmp_path / "a") == _files(tmp_path / "b")


def test_a_page_made_the_same_as_its_file_is_not_written_again(built, tmp_path):
    """A build with nothing new writes no file: every file keeps its time (a host synchronised
    from the folder is sent nothing)."""
    camp, _ = built
    first = site_ops.build(camp, tmp_path)
    times = {p: p.stat().st_mtime_ns for p in tmp_path.rglob("*") if p.is_file()}
    again = site_ops.build(camp, tmp_path)
    assert len(first.written) == len(times) and again.written == []
    assert {p: p.stat().st_mtime_ns for p in tmp_path.rglob("*") if p.is_file()} == times
    (tmp_path / "characters" / "athos.html").write_text("scribbled", encoding="utf-8")
    assert [p.name for p in site_ops.build(camp, tmp_path).written] == ["athos.html"]


def test_a_changed_engarde_makes_every_issue_again(built, tmp_path, monkeypatch):
    """engarde's own code is in every issue's stamp: an upgrade that reads a month otherwise
    makes every issue again, with no --full to remember."""
    camp, _ = built
    site_ops.build(camp, tmp_path)
    assert site_ops.build(camp, tmp_path).kept == 3
    monkeypatch.setattr(site_module, "_code", lambda: "another engarde")
    assert site_ops.build(camp, tmp_path).kept == 0
