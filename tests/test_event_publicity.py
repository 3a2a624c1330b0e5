"""Whether an event is public or private, pinned for every event code of every module.

A public event is news: the gazette prints it (in a section of the gazette, or the clubs'
grouped visits) as well as the reports of the men it names.  A private one is a man's own
affair: it never reaches the gazette and is printed only in the reports of the men it names.

Three checks: every place the rules make an event says the flag the list below gives its code
(so a private fact cannot become public unnoticed, nor news be lost); every public code has a
gazette section that prints it; and in the demo month (its gazette, reports and events, kept
byte for byte by tests/test_demo_golden.py) and in a month of duels and refusals resolved
here, every event is printed where its flag says, and nowhere else.
"""

from __future__ import annotations

import ast
import json
import re
from collections import Counter
from pathlib import Path

import engarde
from engarde import codes as core_codes
from engarde.calendar import GameMonth
from engarde.dice import SeededDice
from engarde.gazette import GazetteData, render_html, render_report, report_slugs
from engarde.orders import OrderSheet, Parts
from engarde.records import Character, Event
from engarde.registry import core_registry
from engarde.resolve import resolve_month
from engarde.rules.duel.orders import AnswerChallenge, Challenge, DuelStanding
from engarde.rules.practice.orders import Practise
from test_gazette import campaign

PACKAGE = Path(engarde.__file__).parent
GOLDEN = Path(__file__).parent / "golden" / "demo"

# Public: news for the gazette.
PUBLIC = {
    "appointed", "appointment-ended", "brevet-confirmed", "brevet-reverted", "brigade-command", "campaign-determined",
    "caught-courting", "club-joined", "club-resigned", "club-visit", "commission-resigned", "conspicuous-consumption",
    "disgraced", "disgraced-to-the-frontier", "disgrace-lifted", "released-from-the-frontier", "duel",
    "duel-cause-ignored", "duel-death", "duel-no-cause", "duel-refused", "expelled-from-regiment", "footpads",
    "insult",
    "killed-in-action", "marched-to-campaign", "mentioned-in-despatches", "mistress-given-up", "mistress-left",
    "mistress-supplanted", "new-liaison", "npc-officer-killed", "promoted-in-the-field", "rank-bought",
    "regiment-joined", "returned-from-campaign", "rival-suitors", "social-level-dropped", "social-level-raised",
    "substitution-granted", "thrown-out", "title-granted", "volunteered",
}
# Public or private by what happened (the reason, and the test that pins it).
DEPENDS = {
    # "gambling of note": a week's net of `of_note` crowns or more either way
    # (tests/test_gambling.py::test_gambling_of_note_is_public)
    "gambling": "abs(session.net) >= turn.tables.gambling.of_note",
    # a battalion's result is its commander's own affair; a regiment's and above are news
    "battle-result": "res.command.level != 'battalion'",
    # a brigade major is news when he has men to name
    "brigade-major": "bool(chars)",
    # a loan called in is the two men's affair unless the campaign makes it news ([rules] called_loans;
    # tests/test_pinned_loans.py::test_a_called_loan_is_news_only_where_the_campaign_says_so)
    "loan-called": "turn.tables.loans.called_loans == 'public'",
    # poltroonery is news once it is seen (unnoticed, it is no one's business)
    "poltroonery": "out.poltroonery != UNNOTICED",
    # a member's lapse for unpaid dues is his own; a Horse Guards membership lapsing as he leaves the
    # brigade goes with the public news of his leaving
    "club-membership-lapsed": "False or True by the rule that ends it",
}


def _all_codes() -> dict[str, str]:
    """Every event code of every module (and the core's), by its constant's name."""
    found = {name: getattr(core_codes, name) for name in dir(core_codes) if name.startswith("EV_")}
    for module in core_registry().modules:
        found.update({name: getattr(module.codes, name) for name in dir(module.codes) if name.startswith("EV_")})
    return found


def _made() -> dict[str, set[str]]:
    """Every code the rules make an event of, with the flag written where each is made: "True",
    "False", or the expression deciding it."""
    names = _all_codes()
    made: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, (ast.Attribute, ast.Name)):
                continue
            func = node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id
            keywords = {k.arg: k.value for k in node.keywords}
            if func == "event" and node.args:
                flag = ast.unparse(keywords["public"]) if "public" in keywords else "True"
                first = node.args[0]
                if isinstance(first, ast.Name) and first.id in names:
                    made.setdefault(names[first.id], set()).add(flag)
                elif isinstance(first, ast.Name) and first.id == "code":
                    # ``code = EV_A if ... else EV_B`` just above: both are made with this flag
                    source = path.read_text(encoding="utf-8").splitlines()[node.lineno - 4:node.lineno]
                    picked = re.findall(r"\bEV_\w+", " ".join(source))
                    if "decisions.py" in path.name or not picked:
                        continue  # decisions.wait: its callers name the code (below)
                    for name in picked:
                        made.setdefault(names[name], set()).add(flag)
            elif func == "wait" and "code" in keywords and isinstance(keywords["code"], ast.Name):
                made.setdefault(names[keywords["code"].id], set()).add("False")  # decisions.wait: private
    return made


def test_every_event_code_is_public_or_private_as_listed():
    """Each event code of each module, where the rules make it, is public as PUBLIC says, private otherwise,
    or decided as DEPENDS says; and the lists name no code that does not exist."""
    codes = set(_all_codes().values())
    made = _made()
    assert set(PUBLIC) | set(DEPENDS) <= codes, (set(PUBLIC) | set(DEPENDS)) - codes
    assert not set(PUBLIC) & set(DEPENDS)
    for code in sorted(codes):
        flags = made.get(code)
        if flags is None:
            continue  # declared, made by no rule of the core yet
        if code in PUBLIC:
            assert flags == {"True"}, (code, flags)
        elif code in DEPENDS:
            assert flags != {"True"} and flags != {"False"}, (code, flags)
        else:
            assert flags == {"False"}, (code, flags)
    assert made["club-membership-lapsed"] == {"True", "False"}
    assert made["gambling"] == {DEPENDS["gambling"]}


def test_every_public_code_has_a_section_of_the_gazette():
    """A public event is news only if the gazette prints it: each public code is sent to a section of the
    gazette (club visits are the clubs section's grouped visits)."""
    sections = core_registry().code_sections
    unprinted = sorted(code for code in PUBLIC | set(DEPENDS) if not sections.get(code) and code != "club-visit")
    assert unprinted == []
    for code in sorted(set(sections) - PUBLIC - set(DEPENDS)):
        assert not sections[code], f"{code} is private but sent to the gazette's {sections[code]}"


def _check(events: list[Event], gazette: str, reports: dict[str, str]) -> Counter:
    """Every event printed where its flag says: its characters' reports, one line each; the gazette
    (one item per section that prints it) if public, never if private.  Returns the codes seen."""
    sections = core_registry().code_sections
    seen: Counter = Counter()
    for code in sorted({ev.code for ev in events}):
        of_code = [ev for ev in events if ev.code == code]
        public = [ev for ev in of_code if ev.public]
        seen[(code, "public")] += len(public)
        seen[(code, "private")] += len(of_code) - len(public)
        printed = gazette.count(f'class="event {code}"')
        if code == "club-visit":
            visits = re.findall(r'<p class="event club-visit">(.*?)</p>', gazette, re.S)
            for ev in public:
                assert any(ev.characters[0] in v for v in visits), (ev, visits)
        else:
            per = len([s for s in sections.get(code, ()) if s != "deaths"])
            assert printed == len(public) * per, (code, printed, len(public))
        for name, html in reports.items():
            his = [ev for ev in of_code if name in ev.characters]
            assert html.count(f'<li class="event {code}">') == len(his), (code, name)
    return seen


def test_the_demo_month_prints_each_event_where_its_flag_says():
    """The demo month as tests/test_demo_golden.py keeps it: each public event is in the gazette and the
    reports of its men; each private one only in the reports of its men (Porthos's loan to D'Artagnan in
    theirs, Jacques's toadying in Jacques's and Porthos's, D'Artagnan's failed courting in his)."""
    events = [Event(GameMonth.parse(m), week, code, tuple(json.loads(chars)), bool(public), json.loads(data))
              for m, week, code, public, chars, data in map(json.loads, (GOLDEN / "events.jsonl").open())]
    gazette = (GOLDEN / "1607-04.html").read_text(encoding="utf-8")
    names = [json.loads(line)[0] for line in (GOLDEN / "sheets.jsonl").open()]
    slugs = report_slugs(names)
    reports = {n: (GOLDEN / f"report-{slugs[n]}.html").read_text(encoding="utf-8") for n in names}
    seen = _check(events, gazette, reports)
    assert seen[("loan-taken", "private")] and seen[("toadying", "private")] and seen[("courting-failed", "private")]
    assert seen[("duel", "public")] and seen[("gambling", "public")] and seen[("club-visit", "public")]
    # a private fact in words: D'Artagnan's failed courting is in no report but his, and not in the gazette
    assert "Roxanne" not in reports["Aramis"]


def test_a_month_of_affairs_prints_each_event_where_its_flag_says():
    """A month resolved here: Porthos challenges Falstaff, who refuses (Duelling Table D, public), Aramis
    challenges Athos, who fights (public), and Aramis practises (private); each challenged man keeps the
    week for the affair ("challenges fought where both are")."""
    month = GameMonth(1607, 4)
    men = [Character(n, social_level=9, crowns=500, strength=10, constitution=10, expertise=e, endurance=100)
           for n, e in (("Athos", 12), ("Aramis", 11), ("Falstaff", 9), ("Porthos", 12))]
    sheets = {
        "Porthos": OrderSheet("p", "Porthos", month=month, weeks={1: Challenge("Falstaff", "he trod on my cloak")}),
        "Aramis": OrderSheet("a", "Aramis", month=month, weeks={1: Practise("rapier"),
                                                                 2: Challenge("Athos", "he spilt my wine")}),
        "Falstaff": OrderSheet("f", "Falstaff", month=month, weeks={1: AnswerChallenge("Porthos", accept=False)}),
        "Athos": OrderSheet("t", "Athos", month=month, weeks={2: AnswerChallenge("Aramis")}),
    }
    standing = {n: Parts([DuelStanding(duel_sequence="X L X")]) for n in ("Athos", "Aramis", "Porthos")}
    standing["Falstaff"] = Parts([DuelStanding(if_challenged="refuse")])
    result = resolve_month(month, men, sheets, SeededDice("publicity"), standing=standing, inputs={"duel": {}})
    data = GazetteData(campaign(), month, result.characters, result.events)
    reports = {ch.name: render_report(data, ch.name, result.ledger) for ch in result.characters}
    seen = _check(result.events, render_html(data), reports)
    assert seen[("duel-refused", "public")] and seen[("duel", "public")] and seen[("practice", "private")]
