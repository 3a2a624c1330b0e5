"""A large campaign's gazette still reads as a newspaper (issue 12): of each kind of routine
news the first few are told in prose and the rest listed in a few words each; the printed
edition (PDF) shows the first items of each long list and the first rows of the table of
precedence, and says the HTML edition (the archive) has them all."""

from __future__ import annotations

import importlib.util
import os
import random
import re
import signal
import sys
import time
from pathlib import Path

import pytest
from weasyprint import HTML

from engarde import ops
from engarde.calendar import GameMonth
from engarde.gazette import (COMPACT_AFTER, PRINT_ITEMS, PRINT_MARKED_NAMES, PRINT_NAMES, PRINT_ROWS, GazetteData, PdfJob, compact, environment,
                             render_html)
from engarde.ops import publishing
from engarde.queries import listing
from engarde.records import Character, Event
from engarde.rules.clubs.codes import EV_CLUB_VISIT
from engarde.rules.duel.codes import EV_DUEL
from engarde.rules.status.codes import EV_SL_MAINTAINED, EV_SL_RAISED
from test_gazette import APRIL, campaign

MONTH_END = 5


def men(n: int) -> list[Character]:
    return [Character(name=f"Gentleman {i:04d}", social_level=3 + i % 12) for i in range(n)]


def raised(name: str, level: int) -> Event:
    return Event(APRIL, MONTH_END, EV_SL_RAISED, (name,), True, {"from": level - 1, "to": level, "status_points": 20})


def gazette(characters: list[Character], events: list[Event]) -> str:
    return render_html(GazetteData(campaign(), APRIL, characters, events))


def test_the_first_of_a_kind_are_told_and_the_rest_listed_each_by_name():
    """Ten men risen: the first six (COMPACT_AFTER) in prose, the other four in one list
    "Also risen in Society", each with his levels; nobody left out."""
    people = men(10)
    html = gazette(people, [raised(ch.name, ch.social_level) for ch in people])
    society = html[html.index('<section class="society">'):html.index("</section>", html.index('class="society"'))]
    assert society.count('class="event social-level-raised"') == COMPACT_AFTER == 6
    (listed,) = re.findall(r'<p class="compact social-level-raised">(.*?)</p>', society, re.S)
    assert listed.startswith("<b>Also risen in Society, from level to level:</b>")
    for ch in people[COMPACT_AFTER:]:
        assert f'<span class="name">{ch.name}</span> ({ch.social_level - 1} &rarr; {ch.social_level})' in listed
    assert all(ch.name in society for ch in people) and "beyond-print" not in society


def test_a_kind_without_a_brief_form_stays_in_prose():
    """An event whose module says no brief form of it is never listed, however many there
    are: compact() keeps it in prose; one that has a brief form is listed past the first six."""
    evs = [Event(APRIL, 1, "no-such-code", (f"M{i}",), True, {}) for i in range(10)]
    told = compact(evs, has_brief=lambda code: False)
    assert told.prose == evs and told.lists == []
    evs = [Event(APRIL, 1, EV_DUEL, (f"M{i}",), True, {}) for i in range(COMPACT_AFTER + 2)]
    told = compact(evs, has_brief=lambda code: code == EV_DUEL)
    assert told.prose == evs[:COMPACT_AFTER] and told.lists == [(EV_DUEL, evs[COMPACT_AFTER:])]
    assert told.told(EV_DUEL) and not told.told(EV_SL_MAINTAINED)


def test_a_long_list_and_the_table_of_precedence_are_whole_in_html_and_cut_in_print():
    """The HTML edition lists every man and every row; the printed edition (the PDF's) gives the
    first PRINT_ITEMS of a list and PRINT_ROWS rows, and says how many more the HTML edition has."""
    people = men(PRINT_ROWS + 40)
    events = [raised(ch.name, ch.social_level) for ch in people]
    whole = gazette(people, events)
    printed = render_html(GazetteData(campaign(), APRIL, people, events), printed=True)
    assert all(f'<span class="name">{ch.name}</span> (' in whole for ch in people[COMPACT_AFTER:])
    assert len(re.findall(r'<tr><td class="num">', whole)) == len(people) and "HTML edition" not in whole
    (listed,) = re.findall(r'<p class="compact social-level-raised">(.*?)</p>', printed, re.S)
    assert len(re.findall(r"Gentleman \d+ \(", listed)) == PRINT_ITEMS
    assert '<span class="name">' not in listed  # (a list's names in the text's own type: the next test)
    assert listed.endswith(f", and {len(people) - COMPACT_AFTER - PRINT_ITEMS} more (the HTML edition lists them all).")
    assert len(re.findall(r'<tr><td class="num">', printed)) == PRINT_ROWS
    assert (f'<p class="cut">The first {PRINT_ROWS} of {len(people)} gentlemen; the HTML edition of the Gazette '
            "gives the whole table.</p>") in printed


def test_the_printed_edition_sets_the_names_of_its_lists_in_the_texts_own_type():
    """WeasyPrint lays out a paragraph holding marked-up names box by box (a 1,000-man gazette's
    lists: a third of its PDF's making): in print, the names of a list of routine news and of a
    list of more than PRINT_MARKED_NAMES men are set as the text around them; the news told at
    length keeps its men's names marked, and the HTML edition marks every name."""
    people = men(COMPACT_AFTER + 4)
    events = [raised(ch.name, ch.social_level) for ch in people]
    events.append(Event(APRIL, 1, EV_CLUB_VISIT, tuple(ch.name for ch in people[:5]), True,
                        {"club": "Hunter's", "caroused": False, "companions": []}))
    data = GazetteData(campaign(), APRIL, people, events)
    whole, printed = render_html(data), render_html(data, printed=True)
    told = people[:COMPACT_AFTER]  # told at length, each in his own paragraph
    (listed,) = re.findall(r'<p class="compact social-level-raised">(.*?)</p>', printed, re.S)
    (visit,) = re.findall(r'<p class="event club-visit">(.*?)</p>', printed, re.S)
    assert all(ch.name in listed and f'<span class="name">{ch.name}</span>' not in listed
               for ch in people[COMPACT_AFTER:])
    assert all(ch.name in visit for ch in people[:5]) and '<span class="name">' not in visit
    assert all(f'<span class="name">{ch.name}</span>' in printed for ch in told)
    assert all(f'<span class="name">{ch.name}</span>' in whole for ch in people)
    two = render_html(GazetteData(campaign(), APRIL, people[:2], [Event(
        APRIL, 1, EV_CLUB_VISIT, tuple(ch.name for ch in people[:2]), True,
        {"club": "Hunter's", "caroused": False, "companions": []})]), printed=True)
    assert all(f'<span class="name">{ch.name}</span>' in two for ch in people[:PRINT_MARKED_NAMES])


def test_a_crowded_clubs_visitors_carousers_and_company_are_cut_in_print():
    """A club visited by hundreds in a week: the HTML edition names every visitor, every man who
    caroused and every companion; the printed edition the first PRINT_NAMES of each list and how
    many more (at 10,000 characters the uncut carousers were twenty pages of the PDF; at 1,000,
    thirty names of each list were four of its 23 pages)."""
    people = men(PRINT_ITEMS * 3)
    events = [Event(APRIL, 1, EV_CLUB_VISIT, (ch.name,), True,
                    {"club": "Hunter's", "caroused": True, "companions": [f"Friend {i:04d}"]})
              for i, ch in enumerate(people)]
    whole = gazette(people, events)
    printed = render_html(GazetteData(campaign(), APRIL, people, events), printed=True)
    (visit,) = re.findall(r'<p class="event club-visit">(.*?)</p>', printed, re.S)
    assert visit.count(f" and {len(people) - PRINT_NAMES} more") == 3, visit  # visitors, companions, carousers
    text = re.sub(r"<[^>]+>", "", visit)
    assert all(name in text for name in (people[0].name, people[PRINT_NAMES - 1].name, "Friend 0000"))
    assert people[PRINT_NAMES].name not in text.split(" with ")[0]
    (every,) = re.findall(r'<p class="event club-visit">(.*?)</p>', whole, re.S)
    for name in (people[-1].name, "Friend 0089"):
        assert name in every and name not in visit


def test_the_printed_edition_of_a_thousand_men_stays_short():
    """At most 24 PDF pages at 1,000 characters (the issue's figure): a thousand men risen in
    one month, the Greasy Pole and the table of precedence (a hundred rows each) print in a few
    pages, not the eighty pages they would fill whole."""
    people = men(1000)
    data = GazetteData(campaign(), APRIL, people, [raised(ch.name, ch.social_level) for ch in people])
    printed = HTML(string=render_html(data, printed=True)).render()
    whole = HTML(string=render_html(data)).render()
    assert len(printed.pages) <= 8 < 24 < len(whole.pages)


def test_every_brief_form_renders_from_a_real_month(tmp_path, monkeypatch):
    """Every kind of news a module says briefly, from a real month of 150 gentlemen (the
    benchmark's mix of orders, mailed and resolved), listed from the first (no prose at all):
    each brief form renders from the data its rules really give, names its men, and the
    printed edition of the same month is shorter than the whole."""
    spec = importlib.util.spec_from_file_location("benchmark", Path(__file__).parent.parent / "scripts" / "benchmark.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    monkeypatch.chdir(tmp_path)
    camp, people = bench.setup(tmp_path, 150, None, random.Random(1607), 10)
    bench.write_mail(tmp_path, people, random.Random(1607))
    ops.ingest(camp, tmp_path / "mail")
    ops.run_turn(camp)
    month = GameMonth.parse(bench.MONTH)
    data = publishing.gazette_data(camp, month, {})
    env = environment(camp, data.modules())
    env.globals["compact"] = lambda events, after=0: compact(
        events, lambda code: env.globals["event_macro"](code, "brief") is not None, 0)
    html = render_html(data, env)
    listed = re.findall(r'<p class="compact ([a-z-]+)">(.*?)</p>', html, re.S)
    kinds = {code for code, _ in listed}
    assert {"social-level-dropped", "new-liaison", "duel", "footpads", "gambling", "caught-courting"} <= kinds, kinds
    public = [ev for ev in data.events if ev.public and ev.code in kinds]
    for code, text in listed:
        assert "<b>" in text and text.endswith(".") and "Recorded" not in text
    for ev in public:  # each listed man is named in his kind's list
        text = next(t for c, t in listed if c == ev.code)
        assert any(f">{name}<" in text or name in text for name in ev.characters), (ev.code, ev.characters)
    assert len(render_html(data, env, printed=True)) <= len(html)


def test_a_name_no_one_has_is_one_short_line_in_a_large_campaign():
    """"Bad input gets one clear line": a name no one has lists the first twenty of a large
    campaign's characters and counts the rest, never ten thousand names."""
    names = [f"Gentleman {i:05d}" for i in range(10000)]
    assert listing(names) == ", ".join(names[:20]) + " and 9980 more"
    assert listing(names[:3]) == "Gentleman 00000, Gentleman 00001, Gentleman 00002" and listing([]) == "none yet"


def test_the_pdf_is_made_on_the_other_core_while_the_reports_render(tmp_path):
    """"Render independent PDFs on both cores": the gazette's PDF is made in a child process
    (where the system forks) while the reports render; what comes back is the whole PDF, and a
    PDF that cannot be made fails in the parent, never silently."""
    job = PdfJob().make("<html><body><p>La Gazette de Paris</p></body></html>", tmp_path)
    assert job.result().startswith(b"%PDF-") and job.result().rstrip().endswith(b"%%EOF")
    job.close()  # a second close is harmless
    broken = PdfJob().make(None, tmp_path)  # no page at all: WeasyPrint refuses, in the child
    with pytest.raises(TypeError, match="exactly one source"):
        broken.result()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the parent-death signal and /proc are Linux's")
def test_the_pdfs_child_ends_when_the_command_is_killed():
    """A command killed outright (SIGKILL) while its PDF's child waits for its page leaves no
    child behind, waiting for work for ever."""
    read, write = os.pipe()
    command = os.fork()
    if command == 0:  # the command: starts its PDF's child, says its pid, and is killed
        try:
            os.close(read)
            job = PdfJob()
            job._pool.submit(int).result()  # the child is up
            os.write(write, f"{next(iter(job._pool._processes))}\n".encode())
            os.kill(os.getpid(), signal.SIGKILL)
        finally:
            os._exit(1)  # never back into the test runner
    os.close(write)
    with os.fdopen(read) as told:
        child = int(told.readline().strip())  # (a line: a child outliving it would hold the pipe open)
    os.waitpid(command, 0)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and _alive(child):
        time.sleep(0.05)
    outlived = _alive(child)
    if outlived:
        os.kill(child, signal.SIGKILL)  # (it would hold the test runner's output open)
    assert not outlived, "the PDF's child outlived its command"


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/status").read_text().split("State:")[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")
