"""The gazette and the private reports (engarde.gazette and its templates)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from engarde import codes
from engarde.rules.bawdyhouse.codes import EV_BAWDYHOUSE_VISIT, EV_FOOTPADS
from engarde.rules.clubs.codes import EV_CLUB_JOINED, EV_CLUB_LAPSED, EV_CLUB_REFUSED, EV_CLUB_VISIT
from engarde.rules.companionship.codes import EV_NO_COMPANIONSHIP
from engarde.rules.practice.codes import EV_PRACTICE
from engarde.rules.status.codes import EV_ALLOWANCE, EV_CONSPICUOUS, EV_SL_DROPPED, EV_SL_MAINTAINED, EV_SL_RAISED, EV_SUPPORT_PAID, EV_SUPPORT_UNPAID
from engarde.calendar import MONTH_END, MONTH_START, GameMonth
from engarde.config import Campaign
from engarde.gazette import (
    GazetteData,
    environment,
    render_html,
    render_report,
    report_slugs,
    slugify,
    write_gazette,
    write_reports,
)
from engarde.records import Character, Event, LedgerEntry

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("ENGARDE_UPDATE_GOLDEN") == "1"
APRIL = GameMonth(1607, 4)
NASTY = "<script>alert(1)</script>"


def campaign(tmp_path: Path | None = None, templates: Path | None = None) -> Campaign:
    return Campaign(
        id="demo",
        name="The Demo Campaign",
        newspaper="La Gazette de Paris",
        first_month=GameMonth(1607, 1),
        seed="demo",
        database="sqlite:///:memory:",
        newsletters=(tmp_path / "newsletters") if tmp_path else Path("newsletters"),
        templates=templates,
    )


def ev(week: int, code: str, who: str | tuple[str, ...], public: bool = True, **data) -> Event:
    return Event(APRIL, week, code, (who,) if isinstance(who, str) else who, public, data)


def characters() -> list[Character]:
    return [
        Character(name="Aramis", social_level=7, status_points=0, crowns=140, club="The Blue Gables",
                  strength=12, constitution=10, endurance=100, expertise=9,
                  counters={"expertise.rapier": 1, "practice.rapier": 2}, allowance=50),
        Character(name="Athos", social_level=9, title="Chevalier", crowns=300, club="Hunter's"),
        Character(name="Porthos", social_level=7, crowns=12, club="The Blue Gables"),
        Character(name="d'Artagnan", social_level=4, crowns=3),
    ]


def events() -> list[Event]:
    return [
        ev(MONTH_START, EV_ALLOWANCE, "Aramis", False, amount=50),
        ev(1, EV_CLUB_VISIT, "Aramis", club="The Blue Gables", caroused=True, companions=["Porthos"]),
        ev(1, EV_CLUB_VISIT, "Porthos", club="The Blue Gables", caroused=False, companions=["Aramis"]),
        ev(1, EV_CLUB_VISIT, "Athos", club="Hunter's", caroused=True, companions=["d'Artagnan"]),
        ev(2, EV_PRACTICE, "Aramis", False, weapon="rapier", cost=0),
        ev(2, EV_CLUB_JOINED, "Athos", club="Hunter's"),
        ev(2, EV_CLUB_REFUSED, "d'Artagnan", False, club="Red Phillips", reason="social level too low"),
        ev(3, EV_BAWDYHOUSE_VISIT, "Aramis", False, caroused=True, companionship=True, spent=10),
        ev(3, EV_FOOTPADS, "Aramis", lost=7),
        ev(3, EV_CLUB_VISIT, "Athos", club="Hunter's", caroused=False, companions=[]),
        ev(4, codes.EV_ORDER_REFUSED, "Porthos", False, order="practise lute", reason="not a weapon"),
        ev(4, "gala-attended", "Aramis", False, host="Athos", rounds=9),
        ev(4, "gala-attended", "Athos", True, host="Athos", rounds=9),  # unknown code: not in gazette
        ev(MONTH_END, EV_SUPPORT_PAID, "Aramis", False, amount=21, conspicuous=True),
        ev(MONTH_END, EV_CONSPICUOUS, "Aramis", amount=21),
        ev(MONTH_END, EV_SL_RAISED, "Aramis", **{"from": 6, "to": 7, "status_points": 22}),
        ev(MONTH_END, EV_SL_DROPPED, "d'Artagnan", **{"from": 5, "to": 4, "status_points": 0, "reason": "support"}),
        ev(MONTH_END, EV_SL_DROPPED, "Porthos", **{"from": 8, "to": 7, "status_points": 1, "reason": "status"}),
        ev(MONTH_END, EV_SL_MAINTAINED, "Athos", False, level=9, status_points=30),
        ev(MONTH_END, EV_SUPPORT_UNPAID, "d'Artagnan", False, owed=10, had=3),
        ev(MONTH_END, EV_CLUB_LAPSED, "d'Artagnan", club="The Frog & Peach", dues=10),
        ev(MONTH_END, EV_NO_COMPANIONSHIP, "Porthos", False, months=2, lost=4),
    ]


def ledger() -> list[LedgerEntry]:
    return [
        LedgerEntry("Aramis", APRIL, MONTH_START, "crowns", 50, None, "monthly allowance", "b. Allowance"),
        LedgerEntry("Aramis", APRIL, 3, "crowns", -10, None, "bawdyhouse", "d. Bawdyhouses"),
        LedgerEntry("Aramis", APRIL, 3, "crowns", -7, None, "robbed by footpads", "d. Footpads"),
        LedgerEntry("Aramis", APRIL, 2, "practice.rapier", 1, None, "a week of rapier practice", "e. Practice"),
        LedgerEntry("Aramis", APRIL.previous(), 4, "crowns", -99, None, "LAST MONTH", "x"),
        LedgerEntry("Aramis", APRIL, MONTH_END, "social_level", 1, None, "raised by status points", "b. Social Level"),
        LedgerEntry("Porthos", APRIL, MONTH_END, "status_points", -4, None, "PORTHOS PRIVATE", "d."),
        LedgerEntry("Athos", APRIL, 2, "club", None, "Hunter's", "elected to Hunter's", "c. Clubs"),
    ]


def data(tmp_path: Path | None = None, templates: Path | None = None, **kw) -> GazetteData:
    return GazetteData(campaign(tmp_path, templates), APRIL, kw.pop("characters", characters()),
                       kw.pop("events", events()), **kw)


def check_golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if UPDATE or not path.exists():
        if not UPDATE:
            pytest.fail(f"{path} is missing; run with ENGARDE_UPDATE_GOLDEN=1 to create it")
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), (
        f"{name} differs from its golden file; if the change is intended, "
        "rerun with ENGARDE_UPDATE_GOLDEN=1 and review the diff"
    )


# -- the gazette ------------------------------------------------------------------


def test_gazette_matches_golden():
    check_golden("gazette-1607-04.html", render_html(data(errors_count=2)))


def test_report_matches_golden():
    check_golden("report-aramis-1607-04.html", render_report(data(), "Aramis", ledger()))


def test_gazette_content():
    html = render_html(data())
    assert "La Gazette de Paris" in html and "April 1607" in html and "The Demo Campaign" in html
    # public society and club news
    assert "relieved of 7 crowns" in html
    assert "Hunter&#39;s" in html  # names and clubs are escaped text
    assert "social-level-raised" in html and "club-membership-lapsed" in html
    # private events never reach the gazette, unknown codes are skipped
    for private in ("allowance", "practise lute", "not a weapon", "social level too low", "gala"):
        assert private not in html


def test_precedence_by_social_level_then_name():
    html = render_html(data())
    table = html[html.index("Table of Precedence"):]
    order = [table.index(n) for n in ("Athos", "Aramis", "Porthos", "d&#39;Artagnan")]
    assert order == sorted(order)


def test_club_visits_grouped_by_club_and_week():
    html = render_html(data())
    # each visit in one of its phrasings, all of which name the club in bold once
    assert html.count("Blue Gables</b>") == 1
    assert html.count("Hunter&#39;s</b>") == 2  # weeks 1 and 3
    # Athos's guest has no visit of his own: he is printed as company
    assert 'with <span class="name">d&#39;Artagnan</span>' in html


def test_quiet_month_prints_period_lines():
    html = render_html(data(events=[], characters=[]))
    assert "The salons were quiet this month" in html
    assert "The clubs were quiet this month" in html
    assert "No gentleman has yet been presented" in html


def test_names_are_escaped():
    nasty = [Character(name=NASTY, social_level=5, club="<b>club</b>")]
    evs = [
        ev(1, EV_CLUB_VISIT, NASTY, club="<b>club</b>", caroused=True, companions=["<i>x</i>"]),
        ev(MONTH_END, EV_SL_RAISED, NASTY, **{"from": 4, "to": 5, "status_points": 12}),
        ev(2, codes.EV_ORDER_REFUSED, NASTY, False, order="<img src=x>", reason="<b>no</b>"),
        ev(2, "<odd-code>", NASTY, False, note="<u>u</u>"),
    ]
    d = data(characters=nasty, events=evs)
    for html in (render_html(d), render_report(d, NASTY, [])):
        assert NASTY not in html
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
        for raw in ("<b>club", "<i>x", "<img", "<b>no", "<u>u", "<odd-code>"):
            assert raw not in html


def test_write_gazette_html_and_pdf(tmp_path):
    d = data(tmp_path, characters=characters() + [Character(name=NASTY, social_level=2)])
    paths = write_gazette(d)
    folder = tmp_path / "newsletters" / "demo"
    assert paths == [folder / "1607-04.html", folder / "1607-04.pdf"]
    assert "&lt;script&gt;" in paths[0].read_text(encoding="utf-8")
    pdf = paths[1].read_bytes()
    assert pdf.startswith(b"%PDF") and len(pdf) > 1000


def test_write_gazette_without_pdf(tmp_path):
    assert write_gazette(data(tmp_path), pdf=False) == [tmp_path / "newsletters" / "demo" / "1607-04.html"]
    assert not (tmp_path / "newsletters" / "demo" / "1607-04.pdf").exists()


def test_unsafe_campaign_id_is_refused(tmp_path):
    d = data(tmp_path)
    object.__setattr__(d.campaign, "id", "../escape")
    with pytest.raises(ValueError):
        write_gazette(d, pdf=False)


def test_campaign_template_wins(tmp_path):
    own = tmp_path / "templates"
    own.mkdir()
    (own / "gazette.html.j2").write_text(
        '{% extends "base.html.j2" %}{% block body %}<h1>OUR OWN {{ campaign.newspaper }}</h1>'
        "{% for ch in precedence %}<p>{{ ch.name }}</p>{% endfor %}{% endblock %}",
        encoding="utf-8",
    )
    html = render_html(data(templates=own, characters=[Character(name=NASTY)]))
    assert "OUR OWN La Gazette de Paris" in html
    assert "Table of Precedence" not in html
    assert "&lt;script&gt;" in html  # the campaign's templates autoescape too
    # templates it does not override still come from the package
    assert "Private Report" in render_report(data(templates=own), "Aramis", [])


def test_environment_without_campaign_templates():
    env = environment(campaign())
    assert env.get_template("gazette.html.j2") is not None
    assert env.filters["signed"](3) == "+3" and env.filters["signed"](-2) == "-2"


# -- the private report ---------------------------------------------------------------


def test_report_shows_his_events_public_and_private_only():
    html = render_report(data(), "Aramis", ledger())
    assert "Your allowance of 50 crowns arrived" in html       # private, his
    assert "You practised with the rapier" in html               # private, his
    assert "Footpads set upon you and took 7 crowns" in html     # public, his
    assert "You rose from social level 6 to 7" in html
    assert "<code>gala-attended</code>" in html                  # unknown code: neutral line
    assert "host: Athos" in html
    # other characters' private events and ledger never appear
    for other in ("practise lute", "social level too low", "PORTHOS PRIVATE", "owed"):
        assert other not in html
    # only this month's ledger
    assert "LAST MONTH" not in html
    assert "monthly allowance" in html and "b. Allowance" in html
    assert "practice (rapier)" in html


def test_report_of_another_character():
    html = render_report(data(), "Porthos", ledger())
    assert "practise lute" in html and "PORTHOS PRIVATE" in html
    assert "Your allowance" not in html


def test_report_unknown_character():
    with pytest.raises(LookupError):
        render_report(data(), "Nobody", [])


def test_slugs_are_safe():
    for name in (NASTY, "../../etc/passwd", "..", "", "Cyrano de Bergerac", "Ésprit d'Aubigné", "   "):
        slug = slugify(name)
        assert slug and "/" not in slug and "\\" not in slug and not slug.startswith(".")
        assert all(c.isalnum() or c == "-" for c in slug), slug
    assert slugify("Ésprit d'Aubigné") == "esprit-d-aubigne"
    slugs = report_slugs(["Jean d'Arc", "Jean-d-Arc", "Athos"])
    assert slugs["Athos"] == "athos" and len(set(slugs.values())) == 3


def test_write_reports(tmp_path):
    chars = characters() + [Character(name="../../" + NASTY)]
    paths = write_reports(data(tmp_path, characters=chars), ledger())
    folder = tmp_path / "newsletters" / "demo" / "reports" / "1607-04"
    assert len(paths) == 5
    assert all(p.parent == folder and p.suffix == ".html" for p in paths)
    assert (folder / "aramis.html").read_text(encoding="utf-8").count("monthly allowance") == 1
    assert sorted(p.name for p in folder.iterdir()) == sorted(p.name for p in paths)


def test_write_reports_only_named(tmp_path):
    paths = write_reports(data(tmp_path), ledger(), only=["Porthos"])
    assert [p.name for p in paths] == ["porthos.html"]
    with pytest.raises(LookupError):
        write_reports(data(tmp_path), ledger(), only=["Nobody"])
