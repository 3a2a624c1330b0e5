"""d. Mistresses: rolling, courting, rivals, keeping one, her favours (Influence Table C)."""

from __future__ import annotations

import copy
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engarde.tables import Tables
from engarde.calendar import MONTH_END, GameMonth
from engarde.codes import EV_CANNOT_AFFORD, EV_ORDER_REFUSED
from engarde.rules.mistresses.codes import (
    EV_CAUGHT_COURTING,
    EV_COURTING_FAILED,
    EV_MISTRESS_FAVOURS,
    EV_MISTRESS_GIFTS,
    EV_MISTRESS_GIVEN_UP,
    EV_MISTRESS_LEFT,
    EV_MISTRESS_SUPPLANTED,
    EV_MISTRESS_SUPPORT_PAID,
    EV_MISTRESS_VISIT,
    EV_NEW_LIAISON,
    EV_RIVAL_SUITORS,
    EV_SUITOR_WITHDREW,
    EV_THROWN_OUT,
)
from engarde.dice import ScriptedDice
from engarde.rules.mistresses.orders import Court, VisitMistress
from engarde.orders import OrderSheet, Parts
from engarde.rules.mistresses.commands import add_mistress, list_mistresses, rename_mistress
from engarde.rules.mistresses.orders import SuitorStanding
from engarde.rules.mistresses.state import Mistress, MistressesState
from engarde.rules.clubs.orders import VisitClub
from engarde.records import Character, replay
from engarde.resolve import resolve_month
from engarde.rules.companionship import rules as companionship
from engarde.rules.mistresses import rules as mistresses
from engarde.rules.mistresses.tables import MistressesTables
from engarde.turn import PendingDuel, Turn
from engarde.world import World
from helpers import cli, write_campaign
from engarde.registry import Registry, RegistryError
from helpers import tables

APRIL = GameMonth(1607, 4)


def roxanne(**kw) -> Mistress:
    return Mistress(**{"number": 4, "name": "Roxanne", "social_level": 8, **kw})


def make_turn(*chars: Character, mistresses_=(), rolls=(), month: GameMonth = APRIL,
              standing: dict | None = None) -> Turn:
    return Turn(month, {c.name: c for c in chars}, ScriptedDice(rolls), Tables(),
                world=World(mistresses=list(mistresses_)), standing=standing or {})


def codes(turn: Turn, code: str):
    return [e for e in turn.events if e.code == code]


def court(turn: Turn, ch: Character, order: Court, week: int = 1) -> bool:
    """One week: court, then settle the week's attempts."""
    paid = mistresses.court(turn, ch, order, week)
    mistresses.after_week(turn, week)
    return paid


# -- campaign start ---------------------------------------------------------------------------


def test_roll_mistresses_social_level_on_3d6_and_attributes_on_1_or_2():
    """"Roll three dice to find each mistress's Social Level, then roll one die for each attribute
    for each mistress. On a roll of one or two, that mistress has that attribute." Named from a
    list of period names."""
    dice = ScriptedDice([6, 5, 4, 1, 3, 2, 1, 1, 1, 6, 6, 6])
    rolled = mistresses.roll_mistresses(MistressesTables(), dice, 2)
    assert rolled == [
        Mistress(1, "Ninon", 15, beautiful=True, influential=False, wealthy=True),
        Mistress(2, "Marion", 3, beautiful=False, influential=False, wealthy=False),
    ]
    assert [r.reason for r in dice.log[:2]] == [
        "mistress 1 (Ninon): Social Level on 3d6", "mistress 1 (Ninon): beautiful on a 1-2"]
    assert mistresses.roll_mistresses(MistressesTables(), ScriptedDice([1] * 24), 4)[3].name == "Roxanne"
    assert dice.log[0].values == (6, 5, 4)


def test_rolled_names_skip_names_taken():
    dice = ScriptedDice([1] * 6)
    rolled = mistresses.roll_mistresses(MistressesTables(), dice, 1, first_number=3, taken_names=("ninon",))
    assert rolled[0].name == "Marion"


# -- courting -----------------------------------------------------------------------------------


@pytest.mark.parametrize("difference, needed", [
    (-8, 6), (-6, 6), (-5, 5), (-4, 5), (-3, 4), (-2, 4), (-1, 4), (0, 3), (1, 3), (2, 3), (3, 2), (9, 2)])
def test_mistress_courting_table(difference, needed):
    """Mistress Courting Table: "-6: 6; -5, -4: 5; -3, -2, -1: 4; 0, +1, +2: 3; +3 or more: 2"
    (his Social Level minus hers). Choice: below -6 reads the -6 row."""
    assert MistressesTables().courting_roll_needed(difference) == needed


def test_dartagnan_courts_roxanne_and_wins_her():
    """"In order to win a mistress, a character must go courting and this costs money: three times
    the mistress's Social Level per week." D'Artagnan (SL 6) courts Roxanne (SL 8): 24 crowns;
    6 - 8 = -2 needs a 4 or higher; he rolls 4."""
    dart = Character("D'Artagnan", social_level=6, crowns=100)
    turn = make_turn(dart, mistresses_=[roxanne()], rolls=[4])
    assert court(turn, dart, Court("number 4")) is True
    assert dart.crowns == 76 and dart.mistress == "Roxanne"
    assert turn.world.mistresses[0].lover == "D'Artagnan" and turn.world.mistresses[0].since == "1607-04"
    assert [(e.field, e.delta, e.value, e.reason, e.rule) for e in turn.ledger] == [
        ("crowns", -24, None, "courting Roxanne (3 × her SL 8)", "d. Mistresses"),
        ("mistress", None, "Roxanne", "won Roxanne by courting (rolled 4, needed 4+ with +0)", "d. Mistresses"),
    ]
    (won,) = codes(turn, EV_NEW_LIAISON)
    assert won.public and won.data == {"mistress": "Roxanne", "social_level": 8, "roll": 4, "needed": 4,
                                       "modifier": 0}
    assert turn.present(1, "mistress:4") == ["D'Artagnan"]
    assert "D'Artagnan (SL 6) courts Roxanne (SL 8), needs 4+ with +0" in turn.dice.log[0].reason


def test_a_failed_courting_may_be_tried_again_at_the_same_cost():
    """"A character who unsuccessfully courts a prospective mistress may try again in a later week,
    but must pay the courting cost again too." Then, once won, courting her again is refused."""
    dart = Character("D'Artagnan", social_level=6, crowns=100)
    turn = make_turn(dart, mistresses_=[roxanne()], rolls=[3, 5])
    court(turn, dart, Court("Roxanne"), 1)
    assert codes(turn, EV_COURTING_FAILED)[0].data == {
        "mistress": "Roxanne", "roll": 3, "needed": 4, "modifier": 0, "spent": 24}
    court(turn, dart, Court("Roxanne"), 2)
    assert dart.mistress == "Roxanne" and dart.crowns == 52
    assert court(turn, dart, Court("Roxanne"), 3) is False
    assert codes(turn, EV_ORDER_REFUSED)[0].data["reason"] == "Roxanne is already his mistress"
    assert dart.crowns == 52


def test_extra_payments_add_one_each():
    """"For each additional amount equal to three times the fair damsel's Social Level the character
    pays, he may add one to his die roll." SL 4 against 8 needs a 5; two extra payments and a 3 win."""
    ch = Character("Jacques", social_level=4, crowns=100)
    turn = make_turn(ch, mistresses_=[roxanne()], rolls=[3])
    court(turn, ch, Court("Roxanne", extra_payments=2))
    assert ch.crowns == 100 - 3 * 24 and ch.mistress == "Roxanne"
    assert codes(turn, EV_NEW_LIAISON)[0].data["modifier"] == 2


def test_extra_payments_only_as_far_as_he_can_pay():
    """Choice: he makes the extra payments he can afford (no credit), and is told of the rest."""
    ch = Character("Jacques", social_level=4, crowns=60)
    turn = make_turn(ch, mistresses_=[roxanne()], rolls=[3])
    court(turn, ch, Court("Roxanne", extra_payments=2))
    assert ch.crowns == 12 and ch.mistress is None
    assert codes(turn, EV_CANNOT_AFFORD)[0].data == {"what": "extra payment 2 courting Roxanne", "cost": 24, "had": 12}
    assert codes(turn, EV_COURTING_FAILED)[0].data["modifier"] == 1


def test_no_extra_payments_for_a_wealthy_mistress():
    """"Characters courting a wealthy mistress may not modify the die roll in this manner": the
    extra payments are not taken and add nothing."""
    ch = Character("Jacques", social_level=4, crowns=100)
    turn = make_turn(ch, mistresses_=[roxanne(wealthy=True)], rolls=[4])
    court(turn, ch, Court("Roxanne", extra_payments=2))
    assert ch.crowns == 76 and ch.mistress is None
    assert codes(turn, EV_ORDER_REFUSED)[0].data["reason"] == "Roxanne is wealthy: extra payments cannot sway her"


def test_a_roll_of_1_always_fails():
    """"on a roll of 1, regardless of modifiers, the mistress rejects the character"."""
    ch = Character("Cyrano", social_level=14, crowns=500)
    turn = make_turn(ch, mistresses_=[roxanne()], rolls=[1])
    court(turn, ch, Court("Roxanne", extra_payments=3))
    assert ch.mistress is None and codes(turn, EV_COURTING_FAILED)[0].data["roll"] == 1


def test_courting_he_cannot_afford_or_an_unknown_lady():
    """Courting is paid first (no credit); a mistress not on the GM's list cannot be courted."""
    ch = Character("Jacques", social_level=4, crowns=20)
    turn = make_turn(ch, mistresses_=[roxanne()])
    assert court(turn, ch, Court("Roxanne")) is False
    assert codes(turn, EV_CANNOT_AFFORD)[0].data == {"what": "courting Roxanne", "cost": 24, "had": 20}
    assert court(turn, ch, Court("Milady")) is False
    assert "no mistress 'Milady'" in codes(turn, EV_ORDER_REFUSED)[0].data["reason"]
    assert turn.ledger == [] and turn.dice.log == []


def test_courting_another_players_mistress_is_at_minus_one_and_wins_her_from_him():
    """"A player may court the mistress of another player, but he has an automatic die roll modifier
    of -1." Porthos (SL 9) courts Athos's Roxanne: needs 3, rolls 4 - 1 = 3: she leaves Athos."""
    porthos = Character("Porthos", social_level=9, crowns=100)
    athos = Character("Athos", social_level=10, crowns=100, mistress="Roxanne")
    turn = make_turn(porthos, athos, mistresses_=[roxanne(lover="Athos", since="1607-01")], rolls=[4])
    court(turn, porthos, Court("Roxanne"))
    assert porthos.mistress == "Roxanne" and athos.mistress is None
    assert turn.world.mistresses[0].lover == "Porthos"
    (lost,) = codes(turn, EV_MISTRESS_SUPPLANTED)
    assert lost.public and lost.characters == ("Athos", "Porthos")
    assert codes(turn, EV_NEW_LIAISON)[0].data["modifier"] == -1


def test_caught_courting_while_her_lover_is_with_her():
    """"A character is caught if he attempts to court another player's mistress while the other
    player is with her." "obviously cause for a duel": a pending duel, cause "courting his mistress".
    Choice: caught at the door, he does not roll; he has spent the money."""
    porthos = Character("Porthos", social_level=9, crowns=100)
    athos = Character("Athos", social_level=10, crowns=100, mistress="Roxanne")
    turn = make_turn(porthos, athos, mistresses_=[roxanne(lover="Athos")])
    mistresses.visit(turn, athos, VisitMistress(), 2)
    mistresses.court(turn, porthos, Court("Roxanne"), 2)
    mistresses.after_week(turn, 2)
    assert turn.dice.log == [] and porthos.crowns == 76 and athos.mistress == "Roxanne"
    (caught,) = codes(turn, EV_CAUGHT_COURTING)
    assert caught.public and caught.characters == ("Porthos", "Athos")
    assert caught.data == {"mistress": "Roxanne", "lover": "Athos", "present": True}
    assert turn.pending_duels == [PendingDuel(2, "Athos", "Porthos", "courting his mistress", "mistress:4")]


def test_caught_by_an_indiscretion_after_failing_with_anothers_mistress():
    """"or if he courts, fails to win her and commits an indiscretion": a 6 on the indiscretion die.
    Cause is recorded (an event); her lover was not there, so no pending duel."""
    porthos = Character("Porthos", social_level=9, crowns=100)
    athos = Character("Athos", social_level=10, crowns=100, mistress="Roxanne")
    turn = make_turn(porthos, athos, mistresses_=[roxanne(lover="Athos")], rolls=[2, 6])
    court(turn, porthos, Court("Roxanne"))
    (caught,) = codes(turn, EV_CAUGHT_COURTING)
    assert caught.data == {"mistress": "Roxanne", "lover": "Athos", "present": False}
    assert turn.pending_duels == []
    assert "indiscretion" in turn.dice.log[1].reason


def test_courting_while_kept_success_means_giving_up_the_first():
    """"A player who has a mistress may court another, however. If successful, he must give up the
    first mistress.\""""
    ninon = Mistress(2, "Ninon", 5, lover="Athos", since="1607-01")
    athos = Character("Athos", social_level=10, crowns=100, mistress="Ninon",
                      counters={"mistress_favour.1607.class1": 1})
    turn = make_turn(athos, mistresses_=[ninon, roxanne()], rolls=[3])
    court(turn, athos, Court("Roxanne"))
    assert athos.mistress == "Roxanne" and ninon.lover is None
    (given_up,) = codes(turn, EV_MISTRESS_GIVEN_UP)
    assert given_up.public and given_up.data == {"mistress": "Ninon", "new": "Roxanne"}
    # "those received from mistresses [may be saved] for the duration of the affair"
    assert athos.counters == {}
    assert [e.value for e in turn.ledger if e.field == "mistress"] == [None, "Roxanne"]


def test_courting_while_kept_failure_and_an_indiscretion_on_a_6():
    """"If unsuccessful, he must roll one die. On a roll of 1 through 5, he has been sufficiently
    discreet ... On a roll of 6, he has committed an indiscretion and his present mistress throws
    him out on his ear.\""""
    for indiscretion, kept in ((5, True), (6, False)):
        ninon = Mistress(2, "Ninon", 5, lover="Athos")
        athos = Character("Athos", social_level=10, crowns=100, mistress="Ninon")
        turn = make_turn(athos, mistresses_=[ninon, roxanne()], rolls=[1, indiscretion])
        court(turn, athos, Court("Roxanne"))
        assert (athos.mistress == "Ninon") is kept and (ninon.lover == "Athos") is kept
        thrown = codes(turn, EV_THROWN_OUT)
        assert bool(thrown) is not kept
        if thrown:
            assert thrown[0].public and thrown[0].data == {"mistress": "Ninon", "courting": "Roxanne"}


def test_no_indiscretion_roll_for_a_free_man():
    """The indiscretion die is for a man with a mistress (or one courting another's)."""
    ch = Character("Jacques", social_level=4, crowns=100)
    turn = make_turn(ch, mistresses_=[roxanne()], rolls=[2])
    court(turn, ch, Court("Roxanne"))
    assert len(turn.dice.log) == 1


# -- two suitors at the same door ------------------------------------------------------------------


def rivals(standing: dict[str, str | None], rolls=()):
    athos = Character("Athos", social_level=10, crowns=100)
    jacques = Character("Jacques", social_level=4, crowns=100)
    orders = {n: Parts([SuitorStanding(rival_suitor=v)]) for n, v in standing.items()}
    turn = make_turn(athos, jacques, mistresses_=[roxanne()], rolls=rolls, standing=orders)
    mistresses.court(turn, athos, Court("Roxanne"), 3)
    mistresses.court(turn, jacques, Court("Roxanne"), 3)
    mistresses.after_week(turn, 3)
    return turn, athos, jacques


def test_withdrawing_in_favour_of_a_lower_suitor_costs_the_difference():
    """"If a character withdraws in favour of a character of a lower Social Level than himself, he
    loses Status Points equal to the difference in Social Levels between them." Athos (10) withdraws
    for Jacques (4): -6; Jacques courts (needs 5, rolls 5). "Both players have spent the money"."""
    turn, athos, jacques = rivals({"Athos": "withdraw"}, rolls=[5])
    assert athos.status_points == -6 and athos.crowns == 76 and jacques.crowns == 76
    assert jacques.mistress == "Roxanne"
    (withdrew,) = codes(turn, EV_SUITOR_WITHDREW)
    assert withdrew.characters == ("Athos", "Jacques") and withdrew.data == {
        "mistress": "Roxanne", "lost": 6, "spent": 24}
    assert [e.reason for e in turn.ledger if e.field == "status_points"] == [
        "withdrew from Roxanne's door in favour of Jacques, of lower Social Level (10 - 4)"]


def test_withdrawing_in_favour_of_a_higher_suitor_costs_nothing():
    turn, athos, jacques = rivals({"Jacques": "withdraw", "Athos": "fight"}, rolls=[3])
    assert jacques.status_points == 0 and athos.mistress == "Roxanne"


def test_neither_withdraws_a_duel_is_required():
    """"If neither character withdraws, a duel is required to settle the issue." Choice: without a
    standing order a suitor does not withdraw. Neither courts; a pending duel for the duel rules, and
    the GM is told (a public event)."""
    turn, athos, jacques = rivals({"Athos": "fight"})
    assert turn.dice.log == [] and athos.crowns == 76 and jacques.crowns == 76
    assert turn.pending_duels == [PendingDuel(3, "Athos", "Jacques", "rival suitors", "mistress:4")]
    (ev,) = codes(turn, EV_RIVAL_SUITORS)
    assert ev.public and ev.characters == ("Athos", "Jacques") and ev.data == {"mistress": "Roxanne", "duel": True}


def test_both_withdraw_and_nobody_courts():
    """Choice: if both withdraw neither courts; each is judged against the other."""
    turn, athos, jacques = rivals({"Athos": "withdraw", "Jacques": "withdraw"})
    assert turn.dice.log == [] and turn.pending_duels == []
    assert athos.status_points == -6 and jacques.status_points == 0


# -- visits and companionship ------------------------------------------------------------------------


def test_a_visit_to_his_mistress_satisfies_companionship():
    """"A character need only visit his mistress once per month to satisfy his need for female
    companionship. Visiting a mistress counts as an activity"."""
    athos = Character("Athos", social_level=10, crowns=100, mistress="Roxanne")
    turn = make_turn(athos, mistresses_=[roxanne(lover="Athos")])
    assert mistresses.visit(turn, athos, VisitMistress(), 2) is True
    assert companionship.had_companionship(turn, athos)
    assert turn.present(2, "mistress:4") == ["Athos"]
    assert codes(turn, EV_MISTRESS_VISIT)[0].data == {"mistress": "Roxanne", "at": None}


def test_a_visit_without_a_mistress_is_refused():
    ch = Character("Jacques", social_level=4, crowns=100)
    turn = make_turn(ch)
    assert mistresses.visit(turn, ch, VisitMistress(), 2) is False
    assert not companionship.had_companionship(turn, ch)


def test_bringing_her_to_the_club_counts_in_lieu_of_the_visit():
    """"Mistresses accompanying their lovers to a club count in lieu of the monthly visit. Naturally,
    the character is expected to purchase her liquid refreshment." Choice: her SL in crowns."""
    from engarde.rules.clubs import rules as clubs

    athos = Character("Athos", social_level=10, crowns=100, club="Hunter's", mistress="Roxanne")
    turn = make_turn(athos, mistresses_=[roxanne(lover="Athos")])
    clubs.visit(turn, athos, VisitClub(companions=("Roxanne",)), 1)
    assert companionship.had_companionship(turn, athos) and athos.crowns == 92
    assert codes(turn, EV_MISTRESS_VISIT)[0].data == {"mistress": "Roxanne", "at": "Hunter's"}
    turn = make_turn(athos, mistresses_=[roxanne(lover="Athos")])
    clubs.visit(turn, athos, VisitClub(companions=("my mistress",)), 1)
    assert companionship.had_companionship(turn, athos)


# -- month end -----------------------------------------------------------------------------------------


def test_support_three_times_her_social_level_and_the_status_she_brings():
    """"he must pay crowns equal to three times her Social Level once per month for her support."
    "A character receives one Status Point per month for having a mistress ... If his mistress is of
    a higher Social Level ... additional Status Points equal to the difference ... Beautiful mistresses
    give an additional Status Point." D'Artagnan (SL 6), Roxanne (SL 8, beautiful): 24; +1 +2 +1."""
    dart = Character("D'Artagnan", social_level=6, crowns=100, mistress="Roxanne")
    turn = make_turn(dart, mistresses_=[roxanne(lover="D'Artagnan", since="1607-01", beautiful=True)])
    mistresses.month_end(turn, dart)
    assert dart.crowns == 76 and dart.status_points == 4
    assert [(e.field, e.delta, e.reason) for e in turn.ledger] == [
        ("crowns", -24, "support of Roxanne (3 × her SL 8)"),
        ("status_points", 1, "keeps a mistress, Roxanne"),
        ("status_points", 2, "Roxanne is of higher Social Level (8 - 6)"),
        ("status_points", 1, "Roxanne is beautiful"),
    ]
    assert codes(turn, EV_MISTRESS_SUPPORT_PAID)[0].data == {"mistress": "Roxanne", "amount": 24}


def test_unpaid_support_she_leaves_him():
    """A character who cannot pay "loses what the rules say": the mistress for her support
    (Choice: whole or nothing); no status from her that month."""
    dart = Character("D'Artagnan", social_level=6, crowns=20, mistress="Roxanne")
    turn = make_turn(dart, mistresses_=[roxanne(lover="D'Artagnan")])
    mistresses.month_end(turn, dart)
    assert dart.mistress is None and dart.crowns == 20 and dart.status_points == 0
    assert turn.world.mistresses[0].lover is None
    (left,) = codes(turn, EV_MISTRESS_LEFT)
    assert left.public and left.data == {"mistress": "Roxanne", "owed": 24, "had": 20}
    assert turn.ledger[0].reason == "Roxanne left him: her support of 24 went unpaid"


def test_a_wealthy_mistress_pays_gifts_if_hers_is_higher():
    """"If a player has a wealthy mistress, he need not pay her support; indeed, she will pay him
    crowns equal to twice the difference in their Social Levels ... if hers is higher."
    Roxanne SL 8, D'Artagnan SL 6: 4 crowns; Athos SL 10: nothing either way."""
    dart = Character("D'Artagnan", social_level=6, crowns=0, mistress="Roxanne")
    turn = make_turn(dart, mistresses_=[roxanne(lover="D'Artagnan", wealthy=True)])
    mistresses.month_end(turn, dart)
    assert dart.crowns == 4 and codes(turn, EV_MISTRESS_GIFTS)[0].data == {"mistress": "Roxanne", "amount": 4}
    assert turn.ledger[0].reason == "little gifts from Roxanne (2 × (her SL 8 - SL 6))"
    athos = Character("Athos", social_level=10, crowns=0, mistress="Roxanne")
    turn = make_turn(athos, mistresses_=[roxanne(lover="Athos", wealthy=True)])
    mistresses.month_end(turn, athos)
    assert athos.crowns == 0 and athos.status_points == 1


def test_her_favours_once_a_year_by_influence_table_c():
    """Influence Table C: SL 12: normal influence 4, additionally if Influential 5. "Mistresses give
    their lovers one favour a year ... Influential mistresses additionally provide a favour". Choice:
    the month the affair began, then every twelfth month; stored per year for the influence module."""
    m = Mistress(7, "Marion", 12, influential=True, lover="Athos", since="1607-04")
    athos = Character("Athos", social_level=12, crowns=1000, mistress="Marion")
    turn = make_turn(athos, mistresses_=[m])
    mistresses.month_end(turn, athos)
    assert athos.counters == {"mistress_favour.1607.class4": 1, "mistress_favour.1607.class5": 1}
    assert codes(turn, EV_MISTRESS_FAVOURS)[0].data == {"mistress": "Marion", "classes": [4, 5]}
    for month, more in ((GameMonth(1607, 5), False), (GameMonth(1608, 3), False), (GameMonth(1608, 4), True)):
        turn = make_turn(athos, mistresses_=[m], month=month)
        mistresses.month_end(turn, athos)
        assert bool(codes(turn, EV_MISTRESS_FAVOURS)) is more
    assert athos.counters["mistress_favour.1608.class4"] == 1


def test_a_mistress_below_sl_8_gives_favours_only_if_influential():
    """Influence Table C: SL 7 "- 2": no normal favour; an influential one gives class 2."""
    m = Mistress(1, "Ninon", 7, lover="Jacques", since="1607-04")
    jacques = Character("Jacques", social_level=4, crowns=100, mistress="Ninon")
    turn = make_turn(jacques, mistresses_=[m])
    mistresses.month_end(turn, jacques)
    assert jacques.counters == {}


# -- a whole month -------------------------------------------------------------------------------------


def test_the_sample_month_dartagnan_courts_mistress_number_4():
    """"D'Artagnan: 1 Court mistress number 4 (Roxanne) 2 ditto 3 ditto 4 Visit Bawdyhouse and carouse".
    He fails in week 1, wins in week 2; week 3's courting is refused (she is his); at month end he
    pays her support and she brings him status; the ledger replays to his sheet."""
    dart = Character("D'Artagnan", social_level=6, crowns=200)
    sheet = OrderSheet("dart.eml", "D'Artagnan", weeks={1: Court("4"), 2: Court("4"), 3: Court("4"),
                                                          4: VisitMistress()})
    world = World(mistresses=[roxanne()])
    result = resolve_month(APRIL, [dart], {"D'Artagnan": sheet}, ScriptedDice([2, 6]), world)
    after = result.characters[0]
    assert after.mistress == "Roxanne" and result.world.mistresses[0].lover == "D'Artagnan"
    assert world.mistresses[0].lover is None  # the world passed in is not touched
    # 200 - 24 - 24 - support 12 - her support 24
    assert after.crowns == 116 and after.months_without_companionship == 0
    assert replay(dart.to_dict(), result.ledger).ledger_values() == after.ledger_values()
    sp = [(e.delta, e.reason) for e in result.ledger if e.field == "status_points" and e.week == MONTH_END]
    assert sp[:2] == [(1, "keeps a mistress, Roxanne"), (2, "Roxanne is of higher Social Level (8 - 6)")]


# -- the GM's commands ------------------------------------------------------------------------------


def gm_campaign(tmp_path):
    return cli(write_campaign(tmp_path))


def test_mistress_commands_roll_list_rename_add(tmp_path):
    """"There should be as many mistresses rolled for as there are players ... At this point, if
    desired, mistresses may be given names": roll (seeded, every die printed with its reason), list,
    rename, add; rolling twice is refused."""
    import json

    run = gm_campaign(tmp_path)
    run("init")
    run("mistress", "roll", code=2)  # no characters yet
    for name in ("Athos", "Porthos"):
        run("character", "create", name, "--given", "--sl", "9", "--crowns", "100", "--strength", "10",
            "--constitution", "10", "--expertise", "10", "--ma", "3")
    out = run("mistress", "roll")
    assert "Social Level on 3d6" in out and "Ninon" in out and "Marion" in out
    listed = json.loads(run("mistress", "list", "--json"))
    assert [m["number"] for m in listed] == [1, 2] and all(3 <= m["social_level"] <= 18 for m in listed)
    assert "already has 2 mistresses" in run("mistress", "roll", code=2)
    assert "Roxanne" in run("mistress", "rename", "2", "Roxanne")
    assert "already called 'Roxanne'" in run("mistress", "rename", "1", "roxanne", code=2)
    assert "no mistress number 9" in run("mistress", "rename", "9", "X", code=2)
    out = run("mistress", "add", "Milady de Winter", "--sl", "14", "--beautiful", "--influential")
    assert "3  Milady de Winter" in out and "beautiful, influential" in out
    assert "read as a number" in run("mistress", "add", "7", "--sl", "5", code=2)
    assert "Milady de Winter" in run("mistress", "list")
    # the names are stored in the campaign's world
    from engarde.config import load_one

    assert list_mistresses(load_one(tmp_path / "campaigns.toml", "test"))[1].name == "Roxanne"


def test_a_kept_mistress_cannot_be_renamed(tmp_path):
    """His sheet carries her name by ledger: renaming her under him would break the audit."""
    from engarde import store
    from engarde.config import load_one

    run = gm_campaign(tmp_path)
    run("init")
    run("mistress", "add", "Roxanne", "--sl", "8")
    camp = load_one(tmp_path / "campaigns.toml", "test")
    with store.transaction(camp.database) as s:
        row = s.get(store.CampaignRow, "test")
        world = World.from_dict(row.world)
        world.mistresses[0].lover = "Athos"
        row.world = world.to_dict()
        s.add(row)
    assert "kept by Athos" in run("mistress", "rename", "1", "Ninon", code=2)
    assert "kept by Athos" in run("mistress", "list")
    assert list_mistresses(camp)[0].name == "Roxanne"


def test_undo_keeps_the_gms_mistresses(tmp_path):
    """`engarde turn undo` undoes what the month did (Athos won Ninon), not the GM's set-up since:
    a mistress added after the month was resolved, and a free one renamed, are still there; the
    month run again is the same month."""
    from engarde import ops
    from engarde.config import load_one
    from engarde.rules.creation.rules import given_character

    run = gm_campaign(tmp_path)
    run("init")
    camp = load_one(tmp_path / "campaigns.toml", "test")
    for name in ("Athos", "Porthos"):
        ops.add_character(camp, given_character(Tables(), name, social_level=12, crowns=400, strength=10,
                                                constitution=10, expertise=10, military_ability=3), password="secret")
    add_mistress(camp, "Ninon", 8)
    add_mistress(camp, "Marion", 6)
    (tmp_path / "mail").mkdir()
    (tmp_path / "mail" / "athos.txt").write_text("Character: Athos\nPassword: secret\nWeeks 1-4: Court Ninon\nEnd\n")
    ops.ingest(camp, tmp_path / "mail")
    first = ops.run_turn(camp, force=True)
    assert [(m.name, m.lover) for m in list_mistresses(camp)] == [("Ninon", "Athos"), ("Marion", None)]
    add_mistress(camp, "Milady de Winter", 14, beautiful=True)
    rename_mistress(camp, 2, "Constance")
    ops.undo_turn(camp)
    assert [(m.number, m.name, m.lover) for m in list_mistresses(camp)] == [
        (1, "Ninon", None), (2, "Constance", None), (3, "Milady de Winter", None)]
    assert list_mistresses(camp)[2].beautiful
    again = ops.run_turn(camp, force=True)
    assert again.ledger == first.ledger and again.events == first.events
    assert [(m.name, m.lover) for m in list_mistresses(camp)] == [
        ("Ninon", "Athos"), ("Constance", None), ("Milady de Winter", None)]
    assert ops.audit(camp)[1] == []


def test_undo_keeps_the_old_name_of_a_mistress_kept_again():
    """A mistress the month took from her lover, renamed by the GM once free, is his again when the
    month is undone: his restored sheet names her, so her old name stands (a kept mistress is never
    renamed)."""
    from engarde.ops import undone_world
    from engarde.registry import core_registry

    before = World(mistresses=[Mistress(1, "Roxanne", 8, lover="Athos", since="1607-01"),
                               Mistress(2, "Ninon", 6)]).to_dict()
    now = World(mistresses=[Mistress(1, "Constance", 8), Mistress(2, "Marion", 6),
                            Mistress(3, "Milady", 14)]).to_dict()
    undone = World.from_dict(undone_world(before, now, core_registry().modules))
    assert [(m.number, m.name, m.lover) for m in undone.mistresses] == [
        (1, "Roxanne", "Athos"), (2, "Marion", None), (3, "Milady", None)]


# -- the gazette and the reports -------------------------------------------------------------------


def test_the_gazette_prints_new_liaisons_and_mistresses_lost():
    """The gazette prints new liaisons, mistresses who throw a lover out or leave him, rivals at a door
    and a suitor caught; private events stay out of it."""
    from test_gazette import campaign

    from engarde.gazette import GazetteData, render_html
    from engarde.records import Event

    def ev(week, code, who, public=True, **data):
        return Event(APRIL, week, code, who, public, data)

    events = [
        ev(1, EV_NEW_LIAISON, ("D'Artagnan",), mistress="Roxanne", social_level=8, roll=4, needed=4, modifier=0),
        ev(2, EV_THROWN_OUT, ("Athos",), mistress="Ninon", courting="Marion"),
        ev(3, EV_RIVAL_SUITORS, ("Athos", "Porthos"), mistress="Marion", duel=True),
        ev(3, EV_CAUGHT_COURTING, ("Porthos", "Athos"), mistress="Ninon", lover="Athos", present=True),
        ev(MONTH_END, EV_MISTRESS_LEFT, ("Aramis",), mistress="Angélique", owed=48, had=3),
        ev(1, EV_COURTING_FAILED, ("Aramis",), False, mistress="Ninon", roll=2, needed=4, modifier=0, spent=15),
    ]
    chars = [Character(n) for n in ("D'Artagnan", "Athos", "Porthos", "Aramis")]
    html = render_html(GazetteData(campaign(), APRIL, chars, events))
    # each in one of its phrasings (the month's seed chooses): its kind, and who and whom
    def said(code: str) -> str:
        at = html.index(f'class="event {code}"')
        return html[at:html.index("</p>", at)]

    assert "Roxanne" in said(EV_NEW_LIAISON) and "D&#39;Artagnan" in said(EV_NEW_LIAISON)
    assert "Ninon" in said(EV_THROWN_OUT) and "Marion" in said(EV_THROWN_OUT)
    assert "Marion" in said(EV_RIVAL_SUITORS) and "Porthos" in said(EV_RIVAL_SUITORS)
    assert "Ninon" in said(EV_CAUGHT_COURTING) and ("very eyes" in said(EV_CAUGHT_COURTING)
                                                    or "his own presence" in said(EV_CAUGHT_COURTING))
    assert "Angélique" in said(EV_MISTRESS_LEFT) and "Aramis" in said(EV_MISTRESS_LEFT)
    assert "in vain" not in html


def test_every_society_event_has_its_own_line_in_the_report():
    """Each of the society codes renders its own sentence in a report (never the neutral fallback
    that names the code), from the events a real month makes."""
    from test_gazette import campaign
    from test_loans import society_month

    from engarde.dice import SeededDice
    from engarde.gazette import GazetteData, render_report

    chars, world, sheets = society_month()
    result = resolve_month(APRIL, chars, sheets, SeededDice("audit-1"), world)
    gz = GazetteData(campaign(), APRIL, result.characters, result.events)
    for ch in result.characters:
        assert "Recorded:" not in render_report(gz, ch.name, result.ledger)


# -- the campaign's tables -------------------------------------------------------------------------


def test_a_campaigns_courting_table_and_cost_reach_the_courting():
    """Mistress Courting Table: "+3 or more: 2"; courting "costs money: three times the mistress's
    Social Level per week".  A campaign whose +3 row needs a 4 and whose courting costs five times her
    Social Level: D'Artagnan (SL 11) courting Roxanne (SL 8) pays 40 and fails on a 3 (the book: 24,
    and a 3 wins her)."""
    book = tables({"mistresses": {"courting_cost_multiplier": 5,
                                  "mistress_courting_table": {"3": {"needed": 4}}}})
    dart = Character("D'Artagnan", social_level=11, crowns=100)
    turn = Turn(APRIL, {dart.name: dart}, ScriptedDice([3]), book, world=World(mistresses=[roxanne()]))
    court(turn, dart, Court("Roxanne"))
    assert dart.crowns == 60 and dart.mistress is None
    assert codes(turn, EV_COURTING_FAILED)[0].data["needed"] == 4
    dart = Character("D'Artagnan", social_level=11, crowns=100)
    turn = make_turn(dart, mistresses_=[roxanne()], rolls=[3])
    court(turn, dart, Court("Roxanne"))
    assert dart.crowns == 76 and dart.mistress == "Roxanne"


def test_a_campaigns_influence_table_c_reaches_her_favours():
    """Influence Table C: "8 1 3" (SL 8: a class 1 favour, and a class 3 if influential).  A campaign
    whose SL 8 row gives a class 2 and a class 4."""
    book = tables({"mistresses": {"influence_table_c": {"8": {"normal": 2, "influential": 4}}}})
    assert book.mistresses.mistress_favours(8, True) == (2, 4)
    assert MistressesTables().mistress_favours(8, True) == (1, 3)


def test_a_bad_override_of_the_mistresses_tables_names_the_key():
    """A die roll needed on one die is 1 to 7 (7: never)."""
    with pytest.raises(RegistryError, match=re.escape("tables.mistresses.mistress_courting_table.3.needed")):
        Registry.build((), tables={"mistresses": {"mistress_courting_table": {"3": {"needed": 9}}}})
    with pytest.raises(RegistryError, match=re.escape("tables.mistresses.indiscretion_on")):
        Registry.build((), tables={"mistresses": {"indiscretion_on": 0}})


# -- who keeps whom, indexed (a campaign of 10,000 has 10,000 mistresses) -------------------------

@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 5), st.sampled_from([None, "Athos", "Porthos", "Aramis"]),
                          st.sampled_from(["set", "copy", "add", "rename"])), max_size=25))
def test_the_index_of_who_keeps_whom_follows_every_change(changes):
    """MistressesState.kept_by and .mistress answer from indexes that each change of lover or
    name keeps up to date: after any changes, copies, additions and renames, they answer as a
    search of the list does (one mistress a man: winning one gives up the other, as the rules
    do)."""
    state = MistressesState([Mistress(n, f"Lady {n}", 8) for n in range(1, 7)])

    def searched(name):
        return next((m for m in state.mistresses if m.lover == name), None)

    for i, lover, how in changes:
        if how == "copy":
            state = copy.deepcopy(state)
        elif how == "add":
            state.mistresses.append(Mistress(len(state.mistresses) + 1, "New", 7))
        elif how == "rename":
            state.mistresses[i % len(state.mistresses)].name = f"Lady {lover or 'New'}"
        else:
            if lover is not None and (old := searched(lover)) is not None:
                old.lover = None  # he gives up his other mistress
            state.mistresses[i % len(state.mistresses)].lover = lover
        for name in ("Athos", "Porthos", "Aramis", "Nobody"):
            assert state.kept_by(name) is searched(name)
        for key in ("1", "number 3", "#6", "7", "Lady 2", "lady athos", "New", "Nobody"):
            text = key.lower().removeprefix("number").strip(" #")
            assert state.mistress(key) is next((m for m in state.mistresses
                                                if text in (str(m.number), m.name.lower())), None)
