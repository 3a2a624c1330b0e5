"""A whole gala of six guests from their written plans (tests/gala/*.txt), played with scripted
dice, whose result a reader can check by hand: docs/gala.md prints it round by round, and this
test checks that the account printed there is the one the engine gives."""

from __future__ import annotations

from pathlib import Path

from engarde.dice import ScriptedDice
from engarde.house.gala.engine import Guest, Item, Room, play, seating
from engarde.house.gala.orders import GalaPlan
from engarde.house.gala.tables import GalaTables
from engarde.house.secrets.hands import hand
from engarde.house.secrets.state import SecretsState
from engarde.known import Known
from engarde.parse import parse_sheet
from engarde.registry import Registry

HERE = Path(__file__).parent
DOC = HERE.parent / "docs" / "gala.md"
HOST = "the Duchesse de Chevreuse"
# name: Charm, Wit, Accomplishment, accomplished in dancing, Social Level (the seats' precedence)
GUESTS = {
    "Athos": (12, 14, 11, False, 9), "Milady": (15, 13, 12, True, 8), "Aramis": (14, 11, 13, True, 7),
    "Porthos": (9, 4, 8, False, 6), "Constance": (11, 11, 10, False, 5), "d'Artagnan": (11, 12, 9, False, 4),
}
# every d20 of the evening, in the order the rules ask for them (docs/gala.md names each)
ROLLS = [5, 5, 15, 16, 3, 13, 9, 2, 12, 3, 15, 9, 8, 7, 14, 3, 16, 4, 20, 2, 1, 12, 18, 6, 16]


def rooms() -> list[Room]:
    return [
        Room("library", [Item("letter", 4, "Milady", "hearts", "Milady bears a fleur-de-lys branded on her shoulder")]),
        Room("terrace", [Item("purse", 40)]),
        Room("conservatory", [Item("overheard", 3, "Rochefort", "clubs",
                                   "Rochefort carries the Cardinal's warrants signed in blank")]),
    ]


def the_evening():
    registry = Registry.build(("gala",))
    known = Known.of([*GUESTS, "Rochefort"])
    plans = {}
    for path in sorted((HERE / "gala").glob("*.txt")):
        sheet = parse_sheet(path.read_text(encoding="utf-8"), path.name, registry, known)
        assert sheet.errors == [], sheet.errors
        plans[sheet.character] = sheet.monthly.of(GalaPlan)
    seats = seating(list(GUESTS), lambda n: (-GUESTS[n][4], n), HOST, "precedence", ScriptedDice([]))
    guests = [Guest(n, *GUESTS[n][:4], plans[n]) for n in seats]
    dice = ScriptedDice(ROLLS)
    secrets, engaged = SecretsState(), {}
    evening = play(guests, HOST, rooms(), engaged, secrets, dice, GalaTables(), "1607-05", {"Milady": "deny"},
                   f"{HOST}'s gala")
    assert dice.remaining == 0
    return evening, dice, secrets, engaged


def account(evening, dice) -> str:
    """The evening as docs/gala.md prints it: the rolls, then every line (private ones marked)."""
    out = ["Rolls, in order:", ""]
    out += [f"{n:2}. {r.values[0]:2}  {r.reason.removeprefix('gala: ')}" for n, r in enumerate(dice.log, start=1)]
    out += ["", "The account (a line seen only by some says by whom):", ""]
    for line in evening.lines:
        seen = f"   [seen by {', '.join(line.seen)}]" if line.seen else ""
        out.append(f"R{line.round}  {line.text}{seen}")
    out += ["", "Reputation (one entry per cause; a point is a status point):", ""]
    out += [f"{r.name}: {r.delta:+d} {r.reason}" for r in evening.reputation]
    return "\n".join(out)


def test_a_whole_gala_of_six_guests_as_the_documentation_prints_it():
    """The six guests' plans are read from their sheets without an error, and the evening they
    make (25 rolls) is the one docs/gala.md prints, line for line."""
    evening, dice, secrets, engaged = the_evening()
    printed = DOC.read_text(encoding="utf-8").split("```text\n", 1)[1].split("\n```", 1)[0]
    assert printed == account(evening, dice)
    assert evening.guests == ("Athos", "Milady", "Aramis", "Porthos", "Constance", "d'Artagnan")
    net = {g: evening.net(g) for g in evening.guests}
    assert net == {"Athos": 4, "Milady": 3, "Aramis": 2, "Porthos": 0, "Constance": 3, "d'Artagnan": 0}
    assert engaged == {"Athos": "Milady", "Milady": "Athos"}
    assert evening.crowns == [("Porthos", 40, f"a purse found in the terrace at {HOST}'s gala")]
    assert evening.scandals == [("Porthos", "Milady bears a fleur-de-lys branded on her shoulder", 5)]
    assert [secrets.secrets[c.secret].about for c in hand(secrets, "d'Artagnan")] == ["Rochefort"]
    assert evening.stats["Porthos"]["wit"] == 0 and evening.stats["Aramis"]["wit"] == 8
    # the slips of paper were handed to the finders alone
    assert [x.round for x in evening.account("Aramis") if "slip of paper" in x.text] == []
    assert [x.round for x in evening.account("Constance") if "slip of paper" in x.text] == [5]
