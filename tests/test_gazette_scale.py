"""A large campaign's gazette still reads as a newspaper (issue 12): of each kind of routine
news the first few are told in prose and the rest listed in a few words each; the printed
edition (PDF) shows the first items of each long list and the first rows of the table of
precedence, and says the HTML edition (the archive) has them all."""

from __future__ import annotations

import re

from weasyprint import HTML

from engarde.gazette import COMPACT_AFTER, PRINT_ITEMS, PRINT_ROWS, GazetteData, compact, render_html
from engarde.records import Character, Event
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
    """The HTML edition lists every man and every row; past PRINT_ITEMS items and PRINT_ROWS
    rows they are marked for the screen only, and a line seen only in print says how many more
    the HTML edition gives."""
    people = men(PRINT_ROWS + 40)
    html = gazette(people, [raised(ch.name, ch.social_level) for ch in people])
    items = re.findall(r'<span class="item( beyond-print)?">', html)
    assert len(items) == len(people) - COMPACT_AFTER
    assert sum(1 for hidden in items if hidden) == len(people) - COMPACT_AFTER - PRINT_ITEMS
    more = len(people) - COMPACT_AFTER - PRINT_ITEMS
    assert f'<span class="print-only">, and {more} more (the HTML edition lists them all)</span>' in html
    rows = re.findall(r"<tr( class=\"beyond-print\")?><td class=\"num\">", html)
    assert len(rows) == len(people) and sum(1 for hidden in rows if hidden) == len(people) - PRINT_ROWS
    assert (f'<p class="print-only">The first {PRINT_ROWS} of {len(people)} gentlemen; the HTML edition of the '
            "Gazette gives the whole table.</p>") in html


def test_the_printed_edition_of_a_thousand_men_stays_short():
    """At most 24 PDF pages at 1,000 characters (the issue's figure): a thousand men risen in
    one month and the table of precedence print in a few pages, not the eighty pages they
    would fill whole."""
    people = men(1000)
    html = gazette(people, [raised(ch.name, ch.social_level) for ch in people])
    printed = HTML(string=html).render()
    screen = HTML(string=html.replace("@media print", "@media not-print")).render()
    assert len(printed.pages) <= 6 < 24 < len(screen.pages)
