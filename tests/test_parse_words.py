"""Issue 11: what one line's words say, every word accounted for.

Players write the way they talk ("head to Bothwell's for a night of carousing", "suck up to
Porthos at Bothwell's", "I want to work on my dagger"); engarde reads those phrasings, and
every word of a week's order is used, a known filler (``engarde.grammar.FILLER``), or quoted
back in an error (``Verb.read``): never an order read without it.  Two actions in one week
are an error naming both (``engarde.grammar.second_action``).
"""

from __future__ import annotations

import pytest

from engarde import codes
from engarde.grammar import FILLER, Reading, not_filler, verb
from engarde.known import Known, KnownMistress
from engarde.modules import RuleModule
from engarde.orders import Rest
from engarde.parse import parse_sheet
from engarde.registry import ALL_MODULES, Registry
from engarde.rules.bawdyhouse.orders import VisitBawdyhouse
from engarde.rules.clubs.orders import VisitClub
from engarde.rules.duel.orders import AnswerChallenge, Challenge
from engarde.rules.gambling.orders import Gambling
from engarde.rules.influence.orders import UseInfluence
from engarde.rules.loans.orders import Borrow
from engarde.rules.military.orders import Volunteer
from engarde.rules.mistresses.orders import Court, VisitMistress
from engarde.rules.practice.orders import Practise
from engarde.rules.regiments.orders import RegimentalDuty

KNOWN = Known.of(
    ["Athos", "Porthos", "Aramis", "D'Artagnan", "Falstaff", "Tréville", "Jacques"],
    mistresses=[KnownMistress(2, "Ninon"), KnownMistress(4, "Roxanne", lover="Athos"), KnownMistress(5, "Manon"),
                KnownMistress(6, "Marion")])


def read(action: str, who: str = "Athos", week: int = 1):
    """``action`` on a sheet of ``who``'s, read against the campaign's names: (order, errors, notes)."""
    s = parse_sheet(f"Character: {who}\nWeek {week}: {action}\n", "orders.txt", known=KNOWN)
    return s.weeks[week], s.errors, s.notes


def order(action: str, who: str = "Athos"):
    got, errors, _ = read(action, who)
    assert errors == [], errors
    return got


def error(action: str, who: str = "Athos"):
    got, errors, _ = read(action, who)
    assert len(errors) == 1 and isinstance(got, Rest), (got, errors)
    return errors[0]


# -- verbs and word orders people use ---------------------------------------------------------


def test_head_to_a_club_for_a_night_of_carousing():
    """Issue 11: "head to Bothwell's for a night of carousing" is a visit, carousing."""
    assert order("Head to Bothwell's for a night of carousing") == VisitClub("Bothwell's", carouse=True)


def test_suck_up_to_a_man_at_a_club_is_toadying():
    """Issue 11: "suck up to Porthos at Bothwell's" goes to Bothwell's as Porthos's guest."""
    assert order("Suck up to Porthos at Bothwell's") == VisitClub("Bothwell's", guest_of="Porthos")


def test_bring_a_man_along_as_my_guest():
    """Issue 11: "bring Aramis along to the Frog as my guest" takes Aramis to the Frog & Peach."""
    assert order("Bring Aramis along to the Frog as my guest") == VisitClub("The Frog & Peach", companions=("Aramis",))


def test_sabre_drill_is_practice():
    """Issue 11: "sabre drill" is practice with the sabre."""
    assert order("sabre drill") == Practise("sabre")


def test_regimental_duty():
    """Issue 11: "regimental duty" is a week with the regiment."""
    assert order("regimental duty") == RegimentalDuty()


@pytest.mark.parametrize("line", ["A night at the bawdyhouse", "an evening at the brothel"])
def test_a_night_at_the_bawdyhouse_is_a_visit(line):
    """Issue 11: "a night at the bawdyhouse" is a visit to a bawdyhouse."""
    assert isinstance(order(line), VisitBawdyhouse)


def test_i_shall_pay_court_to_ninon():
    """Issue 11: "I shall pay court to Ninon": "I shall" is filler, "pay court to" courts."""
    assert order("I shall pay court to Ninon") == Court("Ninon")


def test_i_want_to_work_on_my_dagger_is_practice():
    """Issue 11: "I want to work on my dagger" practises the dagger."""
    assert order("I want to work on my dagger") == Practise("dagger")


def test_please_have_me_rest():
    """Issue 11: "please have me rest" rests ("please", "have me" are filler)."""
    assert order("please have me rest") == Rest()


@pytest.mark.parametrize("line", ["-", "nothing", "rest and recover", "do nothing at all", "recover from my wounds"])
def test_rest_in_players_words(line):
    """Issue 11: "-", "nothing" and rest in more words are a rest."""
    assert order(line) == Rest()


def test_as_above_repeats_the_week_before():
    """Issue 11: "as above" is the week before's order again."""
    s = parse_sheet("Character: Athos\nWeek 1: Practise with the sabre\nWeek 2: as above\n", "o.txt", known=KNOWN)
    assert s.errors == [] and s.weeks[2] == Practise("sabre")


def test_as_above_in_week_one_is_an_error():
    """Issue 11: "as above" in week 1 has nothing above it: an error, and week 1 rests."""
    assert error("as above").code == codes.E_DITTO_FIRST


def test_go_with_a_man_to_a_club_as_his_guest():
    """Issue 11: "Go with Porthos to Hunter's as his guest" is a visit as Porthos's guest; without
    "as his guest", Porthos goes with him."""
    assert order("Go with Porthos to Hunter's as his guest") == VisitClub("Hunter's", guest_of="Porthos")
    assert order("Go with Porthos to Hunter's") == VisitClub("Hunter's", companions=("Porthos",))


@pytest.mark.parametrize("line, who", [("Dine at Porthos' table at Hunter's", "Porthos"),
                                       ("Sit at Falstaff's table at Hunter's", "Falstaff")])
def test_a_mans_table_at_a_club_is_a_visit_with_him(line, who):
    """Issue 11: possessives: "Porthos' table at Hunter's" is Hunter's, with Porthos."""
    assert order(line) == VisitClub("Hunter's", companions=(who,))


def test_play_at_dice_with_the_bets_after_the_club():
    """'Play at dice at Red Phillips, 3 bets of 10, cut on a 6': the bets are the dice's."""
    assert order("Play at dice at Red Phillips, 3 bets of 10, cut on a 6") == VisitClub(
        "Red Phillips", gamble=Gambling(3, 10, 6))


# -- objects and trailing words -----------------------------------------------------------------


def test_and_carouse_after_a_name():
    """Issue 11: "Hunter's with Falstaff and carouse": Falstaff, and he carouses."""
    assert order("Hunter's with Falstaff and carouse") == VisitClub("Hunter's", carouse=True, companions=("Falstaff",))


def test_bets_in_brackets_after_the_club():
    """Issue 11: "(2 bets at 40)" after a club is the gambling, without the word 'gamble'."""
    assert order("Toady to Tréville at Bothwell's (2 bets at 40)") == VisitClub(
        "Bothwell's", guest_of="Tréville", gamble=Gambling(2, 40, None))


def test_once_more_after_a_name_is_filler():
    """Issue 11: "Court Ninon once more" courts Ninon, nothing said of "once more"."""
    assert read("Court Ninon once more") == (Court("Ninon"), [], [])


def test_take_up_a_mans_offer_of_crowns_is_a_loan_from_him():
    """Issue 11: "take up Athos's offer of 200 crowns" is a loan from Athos, not from the moneylender."""
    assert order("Take up Athos's offer of 200 crowns", who="Porthos") == Borrow(200, "Athos")
    assert order("take up Athos' offer of 200 crowns", who="Porthos") == Borrow(200, "Athos")


def test_call_out_a_man_comma_dagger_is_the_dagger():
    """Issue 11: "call out Porthos, dagger" is a challenge with the dagger, not the default weapon."""
    got = order("call out Porthos, dagger")
    assert isinstance(got, Challenge) and (got.opponent, got.weapon) == ("Porthos", "dagger")


def test_with_the_dagger_after_an_offer():
    """Issue 11: "Take up Falstaff's offer with the dagger" accepts his challenge with the dagger."""
    assert order("Take up Falstaff's offer with the dagger") == AnswerChallenge("Falstaff", True, "dagger")


@pytest.mark.parametrize("line", ["call on my mistress", "Call on Roxanne", "visit Roxanne"])
def test_call_on_my_mistress_or_her_name_is_a_visit_to_her(line):
    """Issue 11: "call on my mistress", or her name alone, is a visit to her."""
    assert order(line) == VisitMistress()


# -- nothing misread in silence ---------------------------------------------------------------------


def test_two_actions_in_one_week_is_an_error_naming_both():
    """Issue 11: "Visit the Frog, then practise the sabre" is two actions: an error naming both."""
    err = error("Visit the Frog, then practise the sabre")
    assert err.code == codes.E_TWO_ACTIONS
    assert "'Visit the Frog'" in err.message and "'practise the sabre'" in err.message


@pytest.mark.parametrize("line", ["Practise the foil and court Marion", "Volunteer for the campaign and court Ninon",
                                  "Visit Hunter's and practise sabre", "Go to the Frog & Peach; court Ninon",
                                  "Visit Hunter's. Practise sabre"])
def test_two_actions_joined_by_and_or_a_semicolon(line):
    """Two actions joined by "and", a comma, a semicolon or a full stop: an error, never one of them."""
    assert error(line).code == codes.E_TWO_ACTIONS


@pytest.mark.parametrize("line", ["Visit Hunter's and gamble 4 bets of 50, cut on a 6",
                                  "brothel, no companionship, gamble 2 bets of 20",
                                  "Visit my mistress and take her to Hunter's",
                                  "Toady to Porthos at Bothwell's and carouse"])
def test_the_clauses_of_a_visit_are_no_second_action(line):
    """Gambling, carousing, a guest taken along: clauses of the visit, not a second action."""
    assert not isinstance(order(line), Rest)


def test_a_negative_stake_is_an_error():
    """Issue 11: "a stake of -20" is a negative amount: an error quoting it."""
    err = error("Visit Red Phillips and gamble 3 bets at a stake of -20")
    assert err.code == codes.E_BAD_AMOUNT and "-20" in err.message


def test_a_weapon_the_rules_do_not_have_is_an_error_naming_the_weapons():
    """Issue 11: "call out Aramis with axes": axes are no weapon of the rules; the error names them."""
    err = error("call out Aramis with axes")
    assert err.code == codes.E_UNKNOWN_WEAPON
    assert "'axes'" in err.message and "rapier" in err.message and "two-handed sword" in err.message


@pytest.mark.parametrize("line, words", [
    ("Court Ninon and Manon", "and Manon"),
    ("Practise rapier and dagger", "and dagger"),
    ("Practise with the sabre at dawn tomorrow", "at dawn tomorrow"),
    ("Rest zounds", "zounds"),
    ("Visit my mistress with flowers", "with flowers"),
    ("Borrow 100 gold crowns from Porthos", "gold crowns from Porthos"),
    ("Visit Hunter's and gamble 4 bets of 50 recklessly", "recklessly"),
    ("Visit bawdyhouse carrying 40 gold crowns", "gold"),
    ("Court Roxanne with 2 extra payments in jewels", "in jewels"),
    ("Use a class 7 favour on the Cardinal with the King", "with the King"),
    ("Volunteer for the campaign gladly", "gladly"),
    ("Take up Athos's offer of 200 crowns at once", "at once"),
])
def test_words_no_reader_used_are_an_error_quoting_them(line, words):
    """Issue 11: a line whose words the reader did not all use is an error quoting the words,
    not a partial reading."""
    err = error(line)
    assert f"'{words}'" in err.message, err


def test_filler_after_an_order_is_set_aside():
    """The filler words (engarde.grammar.FILLER) after an order say nothing of it."""
    assert order("Practise with the sabre again please") == Practise("sabre")
    assert order("Court Ninon this week if possible") == Court("Ninon")


def test_the_filler_list_is_what_not_filler_drops():
    """One filler list: every phrase of it is dropped, a word outside it is kept as written."""
    assert all(not_filler(phrase) == "" for phrase in FILLER)
    assert not_filler("once more, Zounds! again") == "Zounds"
    assert not_filler("the sword and the cloak") == "sword and the cloak"


def test_a_new_modules_verb_gets_the_check_for_free():
    """A house module's builder that hands leftover words to ``Reading.leftover`` needs nothing
    else: its order with words it did not use is an error quoting them (``Verb.read``)."""

    def build(m, r: Reading):
        r.leftover(m.group("rest"), "'pray'")
        return Rest(reason="prayer")

    house = RuleModule("prayer", "Prayer", house=True,
                       verbs=(verb("pray", r"pray(?P<rest>.*)", build, ("pray",), after="rest"),))
    registry = Registry.build(("prayer",), modules=[*ALL_MODULES.values(), house])
    s = parse_sheet("Character: Aramis\nWeek 1: Pray again\nWeek 2: Pray for rain", "a.txt", registry)
    assert s.weeks[1] == Rest("prayer")
    assert [e.code for e in s.errors] == [codes.E_WORDS_NOT_READ] and "'for rain'" in s.errors[0].message


def test_influence_for_one_man_and_against_another_is_an_error():
    """A second beneficiary or decision is not dropped: 'against Porthos for Athos' is reported."""
    assert "'for Athos'" in error("use influence against Porthos for Athos on the Cardinal").message
    assert order("Use a class 7 favour on the Minister of War for Athos") == UseInfluence(
        "class 7", "Minister of War", "Athos", False)


def test_volunteer_reads_every_word():
    """Volunteering: the regiment, where and what he sends; another word is reported."""
    assert order("Volunteer the 69th Arquebusiers for the campaign") == Volunteer(unit="69th Arquebusiers")
    assert "'zounds'" in error("Volunteer zounds").message


def test_words_left_after_a_name_on_a_monthly_line_are_an_error():
    """A line for the month reads its names with the same reader: words it leaves are an error on
    the line ("Lend 100 crowns to Porthos tomorrow"), and the offer is not kept."""
    s = parse_sheet("Character: Athos\nLend 100 crowns to Porthos tomorrow\n", "o.txt", known=KNOWN)
    assert [(e.line, e.code) for e in s.errors] == [(2, codes.E_WORDS_NOT_READ)]
    assert "'tomorrow'" in s.errors[0].message and not list(s.monthly)
