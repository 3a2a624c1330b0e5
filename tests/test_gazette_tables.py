"""The gazette's public tables (issue 14): the Greasy Pole, the characters (the table of
precedence), the regiments, the clubs, the mistresses, and Points Arising, each checked against
the database of a campaign resolved for two months; and nothing private printed (who keeps a
mistress, crowns, passwords, addresses)."""

from __future__ import annotations

import datetime as dt
import re
from html import unescape

import pytest

from engarde.calendar import GameMonth
from engarde.config import load_one
from engarde.deadlines import describe
from engarde import queries, store
from engarde.gazette import PRINT_ITEMS, PRINT_ROWS, GazetteData, render_html
from engarde.gazette_facts import GazetteFacts
from engarde.ops import publishing
from engarde.ops.intake import schedule
from engarde.ops.levels import levels_of, pole, social_levels
from engarde.ops.month_facts import month_facts
from engarde.ops.views import characters_at_end_of
from engarde.records import Character
from engarde.world import World
from engarde.rules.status.gazette import FELL, NEW, ROSE, SAME, greasy_pole
from helpers import cli, write_campaign
from test_gazette import APRIL, campaign as bare_campaign

MAY = GameMonth(1607, 5)
SECRET = "comte de la Fere"
DEADLINES = "FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1;BYHOUR=18;BYMINUTE=0;BYSECOND=0"


@pytest.fixture(scope="module")
def resolved(tmp_path_factory):
    """April and May 1607 resolved: Athos (a Major of the Dragoon Guards, Hunter's, keeping
    Roxanne, with a title), Porthos and Aramis from the start, Jacques created after April; no
    one sends orders; the GM's notes for May; the gazette of each month written."""
    folder = tmp_path_factory.mktemp("tables")
    config = write_campaign(folder, deadlines=DEADLINES, timezone="Europe/Paris")
    run = cli(config)
    run("init")
    run("mistress", "add", "Roxanne", "--sl", "12", "--beautiful")
    run("mistress", "add", "Ninon", "--sl", "8")
    run("character", "create", "Athos", "--given", "--sl", "10", "--crowns", "4321", "--strength", "14",
        "--constitution", "12", "--expertise", "14", "--ma", "6", "--club", "Hunter's", "--title", "Chevalier",
        "--password", SECRET, "--email", "athos@example.org", "--sp", "4", "--regiment", "Dragoon Guards",
        "--rank", "Major", "--mistress", "Roxanne")
    run("character", "create", "Porthos", "--given", "--sl", "9", "--crowns", "1234", "--strength", "12",
        "--constitution", "12", "--expertise", "10", "--ma", "3", "--club", "Hunter's",
        "--email", "porthos@example.org", "--regiment", "Dragoon Guards", "--rank", "Subaltern")
    run("character", "create", "Aramis", "--given", "--sl", "5", "--crowns", "77", "--strength", "10",
        "--constitution", "10", "--expertise", "10", "--ma", "3")
    run("turn", "run", "--force")
    run("gazette", "--no-pdf")
    run("character", "create", "Jacques", "--given", "--sl", "4", "--crowns", "50", "--strength", "10",
        "--constitution", "10", "--expertise", "10", "--ma", "3")
    run("notes", "add", "Duels in the Cardinal's garden count as fought in Paris.", "--month", "May 1607")
    run("notes", "add", "<b>Mind</b> the deadline & the Gala.", "--month", "May 1607")
    run("turn", "run", "--force")
    run("gazette", "--no-pdf")
    camp = load_one(config, "test")
    html = {m: (folder / "newsletters" / "test" / f"{m.key}.html").read_text(encoding="utf-8") for m in (APRIL, MAY)}
    return camp, html


def section(html: str, name: str) -> str:
    start = html.index(f'<section class="{name}">')
    return html[start:html.index("</section>", start)]


def rows(html: str) -> list[list[str]]:
    """Each body row's cells, as text."""
    body = html[html.index("<tbody>"):html.index("</tbody>")]
    return [[unescape(re.sub(r"<[^>]+>", "", cell)).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]


def test_the_table_of_precedence_is_every_living_man_as_his_sheet_says(resolved):
    camp, html = resolved
    sheets = sorted((ch for ch in characters_at_end_of(camp, MAY) if not ch.dead),
                    key=lambda ch: (-ch.social_level, ch.name))
    got = rows(section(html[MAY], "precedence"))
    assert [r[1:] for r in got] == [[ch.name, ch.title or "", str(ch.social_level), ch.club or "", ch.rank or "",
                                     ch.regiment or ""] for ch in sheets]
    athos = next(r for r in got if r[1] == "Athos")
    assert athos[2] == "Chevalier" and athos[5:] == ["Major", "Dragoon Guards"]  # the title column is filled


def test_the_greasy_pole_is_each_mans_level_last_month_and_this(resolved):
    camp, html = resolved
    april = {ch.name: ch.social_level for ch in characters_at_end_of(camp, APRIL)}
    may = {ch.name: ch.social_level for ch in characters_at_end_of(camp, MAY)}
    got = {r[0]: r[1:] for r in rows(section(html[MAY], "greasy-pole"))}
    assert set(got) == set(may)
    for name, (last, now, arrow) in got.items():
        assert now == str(may[name])
        if name == "Jacques":  # created after April was resolved: new this month
            assert last == "—" and "new this month" in arrow
            continue
        assert last == str(april[name])
        said = "rose" if may[name] > april[name] else "fell" if may[name] < april[name] else "held his place"
        assert said in arrow
    # in April every man was new: the campaign's first month
    assert all("new this month" in r[3] for r in rows(section(html[APRIL], "greasy-pole")))


def test_social_levels_is_the_history_the_ledger_gives(resolved):
    camp, _ = resolved
    history = social_levels(camp)
    april = {ch.name: ch.social_level for ch in characters_at_end_of(camp, APRIL)}
    may = {ch.name: ch.social_level for ch in characters_at_end_of(camp, MAY)}
    for name in ("Athos", "Porthos", "Aramis"):
        assert history[name] == [(APRIL, april[name]), (MAY, may[name])]
    assert history["Jacques"] == [(MAY, may["Jacques"])]
    assert social_levels(camp, through=APRIL)["Jacques"] == []


def test_the_history_stops_at_a_death_and_starts_with_imported_levels():
    def day(month: int, day: int) -> dt.datetime:
        return dt.datetime(2026, month, day, tzinfo=dt.timezone.utc)

    made = day(1, 1)
    months = [(APRIL, day(1, 10)), (MAY, day(2, 10)), (GameMonth(1607, 6), day(3, 10))]
    history = levels_of(
        [(1, "Dead Man", 5, made), (2, "Imported", 3, made), (3, "Late", 7, day(2, 15))],
        months,
        [(1, "1607-04", "social_level", 1, None), (1, "1607-05", "state", None, "dead"),
         (2, "1607-03", "social_level", 4, None), (2, "1607-05", "social_level", -2, None),
         (3, "1607-06", "social_level", 1, None)])
    assert history["Dead Man"] == [(APRIL, 6), (MAY, 6)]
    assert history["Imported"] == [(APRIL, 7), (MAY, 5), (GameMonth(1607, 6), 5)]
    assert history["Late"] == [(GameMonth(1607, 6), 8)]
    assert pole(history, MAY) == {"Dead Man": (6, 6), "Imported": (7, 5)}


def test_the_arrows_of_the_greasy_pole():
    men = [Character("Up", social_level=8), Character("Down", social_level=3), Character("Still", social_level=5),
           Character("Newcomer", social_level=4), Character("Gone", social_level=9, state="dead")]
    climbs = greasy_pole(men, {"Up": (7, 8), "Down": (4, 3), "Still": (5, 5), "Gone": (9, 9)})
    assert [(c.name, c.moved, c.change) for c in climbs] == [
        ("Up", ROSE, 1), ("Still", SAME, 0), ("Newcomer", NEW, 0), ("Down", FELL, -1)]


def test_the_clubs_table_lists_each_clubs_members(resolved):
    camp, html = resolved
    sheets = [ch for ch in characters_at_end_of(camp, MAY) if not ch.dead]
    got = {r[0]: r[1:] for r in rows(section(html[MAY], "club-table"))}
    assert list(got)[:2] == ["Bothwell's", "Hunter's"]  # the Clubs Table's order
    for club, (count, who) in got.items():
        members = sorted((ch for ch in sheets if ch.club == club), key=lambda ch: (-ch.social_level, ch.name))
        assert count == str(len(members))
        assert who == (", ".join(ch.name for ch in members) if members else "none")
    assert got["Hunter's"][0] == "2"


def test_the_regiments_table_is_the_worlds_roster(resolved):
    camp, html = resolved
    with store.reading(camp.database) as s:
        _, world = queries.load_world(s, camp)
    table = section(html[MAY], "regiment-table")
    organised = [r.name for r in world.regiments]
    assert organised and len(rows(table)) == len(organised)  # one row per organised regiment
    assert all(r[0].startswith(name) for r, name in zip(rows(table), organised))
    (dragoons,) = [r for r in rows(table) if r[0].startswith("Dragoon Guards")]
    reg = world.regiment("Dragoon Guards")
    colonel = reg.officers[0].name
    assert dragoons[1] == (colonel or "vacant")
    for officer in reg.officers[1:]:
        if officer.name:
            assert officer.name in dragoons[2]
    assert "Major Athos" in dragoons[2] and "Subaltern Porthos" in dragoons[2]
    vacant = sum(1 for o in reg.officers if o.name is None)
    assert (dragoons[3] == "none") == (vacant == 0)


def test_the_mistresses_table_says_whether_kept_never_by_whom(resolved):
    camp, html = resolved
    with store.reading(camp.database) as s:
        _, world = queries.load_world(s, camp)
    table = section(html[MAY], "mistress-table")
    assert rows(table) == [[str(m.number), m.name, str(m.social_level), "kept" if m.lover else "free"]
                           for m in sorted(world.mistresses, key=lambda m: m.number)]
    assert world.mistress("Roxanne").lover == "Athos"
    assert "Athos" not in table


def test_nothing_private_is_printed(resolved):
    camp, html = resolved
    for page in html.values():
        for secret in (SECRET, "athos@example.org", "porthos@example.org", "4321", "1234"):
            assert secret not in page
        tables = "".join(section(page, name) for name in ("greasy-pole", "precedence", "regiment-table",
                                                          "club-table", "mistress-table", "points-arising"))
        assert "crown" not in tables.lower() and "password" not in tables.lower()


def test_points_arising_notes_missed_orders_and_the_deadline(resolved):
    camp, html = resolved
    points = section(html[MAY], "points-arising")
    notes = re.findall(r'<p class="gm-note">(.*?)</p>', points)
    assert notes == ["Duels in the Cardinal&#39;s garden count as fought in Paris.",
                     "&lt;b&gt;Mind&lt;/b&gt; the deadline &amp; the Gala."]  # escaped, in the order added
    (missed,) = re.findall(r'<p class="no-orders">(.*?)</p>', points, re.S)
    text = re.sub(r"<[^>]+>", "", missed)
    # nobody sent orders: two months for the men of April, one for Jacques
    assert "Aramis (2), Athos (2), Jacques (1), Porthos (2)" in text
    assert "gm-note" not in section(html[APRIL], "points-arising")
    assert "Aramis (1), Athos (1), Porthos (1)" in section(html[APRIL], "points-arising").replace(
        '<span class="name">', "").replace("</span>", "")
    with store.reading(camp.database) as s:
        due = schedule(camp, queries.campaign_row(s, camp)).deadline(GameMonth(1607, 6))
    said = describe(due, "Europe/Paris")
    assert said.endswith(("CET", "CEST"))
    assert f"Orders for June 1607 are due by <b class=\"deadline-time\">{said}</b>." in points


def test_an_earlier_month_prints_its_own_world(resolved):
    """April's gazette, written again after May, prints April's Paris: the world of May's
    snapshot, April's levels and April's missed orders, and not Jacques, created since."""
    camp, html = resolved
    facts = month_facts(camp, APRIL)
    assert facts.next_month == MAY and set(facts.pole) == {"Athos", "Porthos", "Aramis"}
    data = publishing.gazette_data(camp, APRIL, {})
    again = render_html(data)
    assert again == html[APRIL] and "Jacques" not in again
    assert "Jacques" in [ch.name for ch in data.characters]  # his report of April is still his to ask for


def test_without_facts_the_tables_are_empty_and_say_so():
    """Data built without the stored facts (a test's, a GM's script): every man is new on the
    Pole, no regiment, no lady, no deadline."""
    html = render_html(GazetteData(bare_campaign(), APRIL, [Character("Solo", social_level=6)], [],
                                   facts=GazetteFacts()))
    assert "No regiment has yet been organised." in html and "No lady of Paris" in html
    assert "due by" not in html and "new this month" in section(html, "greasy-pole")


def test_the_printed_edition_cuts_the_long_tables(tmp_path):
    """At 150 men the printed edition gives the first rows of the Pole and the clubs' first
    members, with a note that the HTML edition has them all."""
    men = [Character(f"Gentleman {i:03d}", social_level=3 + i % 9, club="Red Phillips") for i in range(150)]
    data = GazetteData(bare_campaign(), APRIL, men, [])
    printed, whole = render_html(data, printed=True), render_html(data)
    pole = section(printed, "greasy-pole")
    # two men to a printed line
    assert len(rows(pole)) == PRINT_ROWS // 2 and pole.count('<td class="name">') == PRINT_ROWS
    assert len(rows(section(whole, "greasy-pole"))) == 150
    assert "the HTML edition of the Gazette gives the whole Pole" in pole
    clubs = section(printed, "club-table")
    assert f"and {150 - PRINT_ITEMS} more" in clubs and "the HTML edition of the Gazette names them all" in clubs


def test_the_printed_edition_cuts_the_mistresses_and_the_missed_orders():
    """150 ladies and 50 men without orders: the printed edition gives the first hundred ladies
    (two to a line) and thirty names, each with a note that the HTML edition has them all."""
    world = World.from_dict({"mistresses": {"mistresses": [
        {"number": i, "name": f"Lady {i:03d}", "social_level": 3 + i % 12, "lover": "Secret Lover" if i % 2 else None}
        for i in range(1, 151)]}})
    missed = [(f"Idler {i:02d}", 1 + i % 3) for i in range(50)]
    data = GazetteData(bare_campaign(), APRIL, [Character("Solo", social_level=6)], [],
                       facts=GazetteFacts(world=world, no_orders=missed))
    printed, whole = render_html(data, printed=True), render_html(data)
    ladies = section(printed, "mistress-table")
    assert ladies.count("Lady ") == PRINT_ROWS and "the HTML edition of the Gazette gives them all" in ladies
    assert section(whole, "mistress-table").count("Lady ") == 150
    assert "Secret Lover" not in printed and "Secret Lover" not in whole
    assert "75 kept, 75 free" in ladies
    idlers = section(printed, "points-arising")
    assert idlers.count("Idler ") == PRINT_ITEMS and f"and {50 - PRINT_ITEMS} more" in idlers
    assert section(whole, "points-arising").count("Idler ") == 50
