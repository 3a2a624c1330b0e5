"""c. Toadying: every band of the Toady Table and the guest's points, each pinned by a month
played (mutation testing: docs/rules-coverage.md, "Mutation testing")."""

from __future__ import annotations

import pytest

from engarde.calendar import GameMonth
from engarde.dice import ScriptedDice
from engarde.orders import OrderSheet
from engarde.records import Character
from engarde.resolve import resolve_month
from engarde.rules.clubs.orders import VisitClub
from engarde.rules.toadying.codes import EV_TOADYING

APRIL = GameMonth(1607, 4)
# Toady Table: "Difference in Social Level 0-3 4-6 7-8 9-10 11+ / Status Points Awarded +1 0 -1 -2 -3"
BANDS = {0: 1, 3: 1, 4: 0, 6: 0, 7: -1, 8: -1, 9: -2, 10: -2, 11: -3}
# Clubs Table ranks: the best club open to a guest of this Social Level ("No club" ranks 7)
BEST_RANK = {12: 1, 9: 2, 7: 4, 5: 5, 3: 6, 1: 7}


def _best_rank(sl: int) -> int:
    return next(rank for low, rank in sorted(BEST_RANK.items(), reverse=True) if sl >= low)


@pytest.mark.parametrize("difference", sorted(BANDS))
def test_the_toady_table_band_by_band_in_a_month(difference):
    """"The higher level character receives (or loses) Status Points based upon the difference in Social
    Level between himself and his guest" (the Toady Table), and the guest "receives Status Points equal to
    one half the difference in their Social Levels" (fractions dropped) and "equal to the difference in
    rank between the highest club he is able to join ... and the one he is guest at".  Porthos, SL 12 at
    Bothwell's (rank 1), takes a guest 0 to 11 levels below him, past the table's first band."""
    guest_sl = 12 - difference
    porthos = Character("Porthos", social_level=12, crowns=500, club="Bothwell's")
    jacques = Character("Jacques", social_level=max(guest_sl, 1), crowns=500)
    sheets = {"Porthos": OrderSheet("p", "Porthos", month=APRIL,
                                    weeks={1: VisitClub("Bothwell's", companions=("Jacques",))}),
              "Jacques": OrderSheet("j", "Jacques", month=APRIL,
                                    weeks={1: VisitClub("Bothwell's", guest_of="Porthos")})}
    result = resolve_month(APRIL, [porthos, jacques], sheets, ScriptedDice([]))
    (ev,) = [e for e in result.events if e.code == EV_TOADYING]
    assert (ev.week, ev.public, ev.characters) == (1, False, ("Jacques", "Porthos"))
    ranks = _best_rank(guest_sl) - 1
    assert (ev.data["host_points"], ev.data["guest_points"], ev.data["club_ranks"]) == (
        BANDS[difference], difference // 2 + ranks, ranks)
    host = [(e.delta, e.reason) for e in result.ledger if e.character == "Porthos" and e.rule == "c. Toadying"]
    assert host == ([(BANDS[difference], f"seen at Bothwell's with Jacques, SL {guest_sl} (Toady Table, "
                                         f"difference {difference})")] if BANDS[difference] else [])


def test_a_guest_above_his_host_takes_the_toady_table_and_the_host_the_half():
    """"The lower of the two gets the half difference and the higher the Toady Table, whichever is the host"
    (docs/rules-coverage.md): Aramis, SL 4 and a member of Red Phillips, takes Athos, SL 11, as his guest:
    Aramis gains half of 7 (3), Athos the Toady Table's -1 for a difference of 7; Athos, able to join
    Hunter's, gains nothing for being taken to Red Phillips."""
    aramis = Character("Aramis", social_level=4, crowns=500, club="Red Phillips")
    athos = Character("Athos", social_level=11, crowns=500)
    sheets = {"Aramis": OrderSheet("a", "Aramis", month=APRIL,
                                   weeks={1: VisitClub("Red Phillips", companions=("Athos",))}),
              "Athos": OrderSheet("t", "Athos", month=APRIL, weeks={1: VisitClub("Red Phillips", guest_of="Aramis")})}
    result = resolve_month(APRIL, [aramis, athos], sheets, ScriptedDice([]))
    (ev,) = [e for e in result.events if e.code == EV_TOADYING]
    assert (ev.data["guest"], ev.data["guest_points"], ev.data["host_points"], ev.data["club_ranks"]) == (
        "Athos", -1, 3, 0)
    toadying = [(e.character, e.delta, e.reason) for e in result.ledger if e.rule == "c. Toadying"]
    assert toadying == [("Aramis", 3, "seen at Red Phillips with Athos, SL 11: half of 11 - 4"),
                        ("Athos", -1, "seen at Red Phillips with Aramis, SL 4 (Toady Table, difference 7)")]
