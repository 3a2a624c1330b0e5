"""The demo shows the game: `engarde demo` on a temporary copy of the demo campaign.

README: "The first makes a virtual environment ..., starts the demo campaign afresh, ingests
the sample order mail in orders/demo/, resolves April 1607 and writes the gazette".  The
month it resolves must show the society and the duel, not only visits: a loan made with both
men's consent, courting, gambling of note with a cut rule, a guest toadying at Hunter's, and a
duel fought from written sequences; and the audit must agree.
"""

from __future__ import annotations

import re
from pathlib import Path

from engarde import ops
from engarde.rules.duel.codes import EV_DUEL
from engarde.rules.gambling.codes import EV_GAMBLING
from engarde.rules.loans.codes import EV_LOAN_OFFERED, EV_LOAN_TAKEN
from engarde.rules.mistresses.codes import EV_COURTING_FAILED, EV_NEW_LIAISON
from engarde.rules.toadying.codes import EV_TOADYING
from engarde.demo import run_demo
from helpers import demo_copy



def test_the_demo_month_shows_the_society_and_the_duel(tmp_path):
    """The demo campaign (campaigns.toml, orders/demo, engarde/data/demo_roster.toml), copied to a
    temporary folder and run without the PDF."""
    camp = demo_copy(tmp_path)
    assert Path(camp.database[len("sqlite:///"):]).parent == tmp_path
    lines: list[str] = []
    report = run_demo(camp, pdf=False, echo=lines.append)
    by_code: dict[str, list] = {}
    for ev in report.events:
        by_code.setdefault(ev.code, []).append(ev)

    # All seven gentlemen, and exactly one mistake in the mail (Jacques's pike; his "pratice" is
    # a slip a GM reads, and his confirmation says so).
    assert len(report.characters) == 7 and report.sheets == 7
    assert [line.strip() for line in lines if re.search(r"\.(?:txt|eml):\d+: ", line)] == [
        f"{tmp_path}/orders/demo/jacques.txt:6: 'pike' is not a weapon one can practise (weapons: rapier, dagger, "
        "foil, sabre, cutlass, two-handed sword); week 2 will be a rest (did you mean the rapier?)"]
    # d. Loans: Porthos offers, D'Artagnan borrows.
    assert [e.characters for e in by_code[EV_LOAN_OFFERED]] == [("Porthos", "D'Artagnan")]
    (loan,) = by_code[EV_LOAN_TAKEN]
    assert (loan.data["borrower"], loan.data["lender"], loan.data["amount"]) == ("D'Artagnan", "Porthos", 100)
    # d. Mistresses: D'Artagnan courts mistress number 4, Roxanne, as in the rulebook's sample month.
    courting = by_code.get(EV_COURTING_FAILED, []) + by_code.get(EV_NEW_LIAISON, [])
    assert {(e.characters[0], e.data["mistress"]) for e in courting} >= {("D'Artagnan", "Roxanne")}
    assert by_code.get(EV_NEW_LIAISON), "a liaison for the gazette"
    # c. Gambling with a cut rule, of note.
    (gambling,) = by_code[EV_GAMBLING]
    assert gambling.characters == ("Aramis",) and gambling.public
    # c. Toadying: Jacques, the guest of Porthos (who names him), at Hunter's.
    (toady,) = by_code[EV_TOADYING]
    assert (toady.data["guest"], toady.data["host"], toady.data["club"]) == ("Jacques", "Porthos", "Hunter's")
    assert toady.data["guest_points"] > 0
    # e. Duelling: Rodney Bergerac's challenge, with a cause, accepted by Athos, who keeps the week for it;
    # both fight their written sequences and conditions.
    (duel,) = by_code[EV_DUEL]
    assert duel.characters == ("Rodney Bergerac", "Athos") and duel.data["cause"] == "insulting the Bergerac nose"
    assert duel.data["sequences"] == ["X L X X S X L X P (R)", "X L X CL K X X X X S P JB (X)"]
    assert duel.data["default_sequence"] == [False, False]
    # The audit agrees with every sheet.
    count, findings = ops.audit(camp)
    assert count == 7 and findings == []
    assert "  audit: 7 sheets, 0 disagreements" in lines

    # The gazette reads well: the duel among the Affairs of Honour, the liaison and the gambling in Society.
    html = (tmp_path / "newsletters" / "demo" / "1607-04.html").read_text(encoding="utf-8")
    text = re.sub(r"<[^>]+>", "", html)
    affairs = text[text.index("Affairs of Honour"):]
    assert "Rodney Bergerac and Athos crossed blades on the field of honour, with the rapier" in affairs
    society = text[text.index("Society"):text.index("The Clubs")]
    # Aramis's losses at the Frog & Peach, in one of their phrasings (the month's seed chooses)
    assert any("Aramis" in line and "200 crowns" in line and "Frog &amp; Peach" in line
               for line in society.splitlines()), society
    for liaison in by_code[EV_NEW_LIAISON]:
        who, her = liaison.characters[0], liaison.data["mistress"]
        assert any(who in line and her in line for line in society.splitlines()), society
    assert "Recorded:" not in text and "Deaths" not in text
    assert len(list((tmp_path / "newsletters" / "demo" / "reports" / "1607-04").glob("*.html"))) == 7
