"""A private report shows what its man saw: in a duel, the turns fought, each side's action in
them and what happened (wounds, who fell, who yielded) and his own numbers; never the
opponent's Strength, Expertise or Endurance, his written conditions, nor the routines of his
sequence that were never fought.  The GM's `engarde duel show` keeps everything."""

from __future__ import annotations

import re

from engarde.calendar import GameMonth
from engarde.codes import EV_CANNOT_AFFORD, EV_ORDER_REFUSED
from engarde.dice import SeededDice
from engarde.gazette import GazetteData, render_html, render_report
from engarde.orders import OrderSheet, Parts
from engarde.records import Character, Event
from engarde.resolve import resolve_month
from engarde.rules.duel.codes import EV_DUEL
from engarde.rules.duel.orders import AnswerChallenge, Challenge, DuelStanding
from engarde.rules.loans import rules as loans
from engarde.rules.loans.orders import Borrow, Lend
from engarde.turn import Turn
from engarde.world import World
from test_gazette import campaign

APRIL = GameMonth(1607, 4)
# Falstaff's sheet: numbers found nowhere else in the month, so a leak of any is seen.
FALSTAFF = dict(strength=7, constitution=13, expertise=9)  # Endurance 91
HIS_SEQUENCE = "X L X X L X X S P X JB X"
HIS_CONDITION = "surrender if endurance below 75"


def _duel_month():
    porthos = Character("Porthos", social_level=9, crowns=500, strength=10, constitution=10, expertise=12,
                        endurance=100)
    falstaff = Character("Falstaff", social_level=9, crowns=500, endurance=91, **FALSTAFF)
    standing = {"Porthos": Parts([DuelStanding(duel_sequence="X L X")]),
                "Falstaff": Parts([DuelStanding(duel_sequence=HIS_SEQUENCE, duel_conditions=(HIS_CONDITION,))])}
    # Falstaff keeps week 1 for the affair: "a duel may take place" only where both are
    sheets = {"Porthos": OrderSheet("porthos.eml", "Porthos", month=APRIL,
                                    weeks={1: Challenge("Falstaff", "he trod on my cloak", "rapier")}),
              "Falstaff": OrderSheet("falstaff.eml", "Falstaff", month=APRIL, weeks={1: AnswerChallenge("Porthos")})}
    result = resolve_month(APRIL, [porthos, falstaff], sheets, SeededDice("private"), standing=standing)
    data = GazetteData(campaign(), APRIL, result.characters, result.events)
    return result, data


def _duel_section(html: str) -> str:
    """The report's line about the duel and its Affairs of Honour section."""
    line = re.search(r'<li class="event duel">.*?</li>', html, re.S)
    section = re.search(r'<section class="duels">.*?</section>', html, re.S)
    assert line and section, "the report has no duel"
    return line.group(0) + section.group(0)


def test_the_fight_is_long_enough_to_leave_routines_unfought():
    """The case below is the one meant: Falstaff yields before his sequence reaches its parry and
    jumps back, and his condition is what made him yield."""
    result, _ = _duel_month()
    (ev,) = [e for e in result.events if e.code == EV_DUEL]
    fought = [t["actions"][1] for t in ev.data["turns"]]
    assert ev.data["surrendered"] == ["Falstaff"] and "JB" not in fought and "P" not in fought
    assert any(HIS_CONDITION in note for t in ev.data["turns"] for note in t["notes"])


def test_a_duellists_report_hides_the_opponents_sheet_and_plan():
    """Porthos's report: Falstaff's actions turn by turn, the wounds, his yielding; not his
    Strength (7: no damage sum "x 7 x"), Expertise (9), Endurance (91 and after each turn), his
    written sequence or the parry and jump backs he never reached, nor his condition."""
    result, data = _duel_month()
    (ev,) = [e for e in result.events if e.code == EV_DUEL]
    seen = _duel_section(render_report(data, "Porthos", result.ledger))
    for hidden in ("Strength 7", "Expertise 9", "against 9", "91", "x 7 x", HIS_SEQUENCE, HIS_CONDITION,
                   "JB", "Jump Back", "Parry", "below 75"):
        assert hidden not in seen, hidden
    for t in ev.data["turns"]:
        assert f"<td class=\"num\">{t['endurance'][1]}</td>" not in seen, f"his Endurance after turn {t['turn']}"
    # What he saw: his own numbers, both sides' actions, the wounds, the outcome.
    assert "Strength 10, Expertise 12, Endurance 100 of 100" in seen
    assert "he surrendered" in seen and "Sur" in seen
    his_wounds = sum(t["damage"][1] for t in ev.data["turns"])
    assert f"you wounded him for {his_wounds}" in seen


def test_the_loser_sees_his_own_numbers_and_not_the_winners():
    result, data = _duel_month()
    seen = _duel_section(render_report(data, "Falstaff", result.ledger))
    for hidden in ("Strength 10", "Expertise 12", "against 12", "X L X</code>", "of 100", "x 10 x"):
        assert hidden not in seen, hidden
    assert "Strength 7, Expertise 9, Endurance 91 of 91" in seen
    assert HIS_SEQUENCE in seen and HIS_CONDITION in seen  # his own plan, and why he yielded
    assert "you lost, surrendering" in seen


def test_the_gazette_tells_neither_mans_numbers():
    result, data = _duel_month()
    html = render_html(data)
    for hidden in ("Strength", "Expertise", "Endurance", HIS_SEQUENCE, HIS_CONDITION):
        assert hidden not in html, hidden


def test_the_gm_keeps_the_whole_fight():
    """The event itself (what `engarde duel show` prints) keeps both sheets and both plans."""
    result, _ = _duel_month()
    (ev,) = [e for e in result.events if e.code == EV_DUEL]
    assert ev.data["strength"] == [10, 7] and ev.data["sequences"][1] == HIS_SEQUENCE
    assert ev.data["conditions"][1] == [HIS_CONDITION]


def test_a_duel_recorded_before_the_seen_notes_shows_only_his_own():
    """A month resolved by an earlier engarde has no ``seen`` in its turns: its report, written
    again, shows a man only the notes that are his (which begin with his name)."""
    result, data = _duel_month()
    (ev,) = [e for e in result.events if e.code == EV_DUEL]
    for t in ev.data["turns"]:
        del t["seen"]
    seen = _duel_section(render_report(data, "Porthos", result.ledger))
    assert "x 7 x" not in seen and HIS_CONDITION not in seen
    assert "Porthos: L v L = 2 x 10 x 1 = 20" in seen


def test_a_lender_short_of_the_crowns_does_not_show_the_borrower_his_purse():
    """Athos offered 200 but has 100 when Porthos comes to borrow: Porthos is told the loan fell
    through, not what Athos has; Athos is told why, with his purse."""
    porthos = Character("Porthos", social_level=9, crowns=20)
    athos = Character("Athos", social_level=10, crowns=100)
    turn = Turn(APRIL, {"Porthos": porthos, "Athos": athos}, {}, SeededDice("t"), world=World())
    loans.offer(turn, athos, (Lend(200, "Porthos"),))
    assert loans.borrow(turn, porthos, Borrow(200, "Athos"), 1) is None
    (refused,) = [e for e in turn.events if e.code == EV_ORDER_REFUSED]
    assert refused.characters == ("Porthos",) and "100" not in refused.data["reason"]
    assert refused.data["reason"] == "Athos could not lend it after all"
    (short,) = [e for e in turn.events if e.code == EV_CANNOT_AFFORD]
    assert short.characters == ("Athos",) and (short.data["cost"], short.data["had"]) == (200, 100)
    data = GazetteData(campaign(), APRIL, [porthos, athos], turn.events)
    assert "100 crowns" not in render_report(data, "Porthos", [])
    assert "you had 100 crowns" in render_report(data, "Athos", [])


def test_an_event_no_module_says_shows_another_mans_numbers_to_no_one():
    """The neutral line for an event without words (a house module's, say) prints its data
    only in the report of the one man it concerns, never in another's."""
    shared = Event(APRIL, 1, "wager-of-honour", ("Porthos", "Athos"), False, {"athos_purse": 1234})
    alone = Event(APRIL, 2, "private-vow", ("Porthos",), False, {"vowed": 5678})
    data = GazetteData(campaign(), APRIL, [Character("Porthos"), Character("Athos")], [shared, alone])
    porthos = render_report(data, "Porthos", [])
    assert "wager-of-honour" in porthos and "1234" not in porthos
    assert "5678" in porthos
