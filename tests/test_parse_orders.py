"""engarde.parse: every order of the rules, in the rules' words and the obvious synonyms.

Each test quotes the rule (en-garde-rules.txt) or the sheet format (orders/README.md)
it holds the parser to.  The weekly actions become the records of engarde.orders;
the month's own orders and standing orders each module's records (engarde.orders.Part); letters Letter.
"""

from __future__ import annotations

import pytest

from engarde import codes
from engarde.rules.duel.codes import E_BAD_CONDITION, E_BAD_SEQUENCE
from engarde.rules.gambling.codes import E_TOO_MANY_BETS
from engarde.rules.press.codes import E_LETTER_UNENDED
from engarde.rules.regiments.codes import E_BAD_FALLBACK, E_BAD_RANK, E_UNKNOWN_REGIMENT
from engarde.rules.duel.orders import AnswerChallenge, Challenge
from engarde.rules.regiments.orders import ApplyRegiment, BuyRank, RegimentalDuty
from engarde.rules.loans.orders import Borrow, Repay
from engarde.rules.mistresses.orders import Court, VisitMistress
from engarde.rules.gambling.orders import Gambling
from engarde.registry import core_registry
from engarde.orders import STANDING, Rest
from engarde.rules.duel.orders import DuelStanding, TradeOrders
from engarde.rules.loans.orders import Lend, LoanOrders
from engarde.rules.military.orders import CampaignStanding
from engarde.rules.mistresses.orders import SuitorStanding
from engarde.rules.press.orders import Letter, Letters
from engarde.rules.military.orders import Petition, Volunteer
from engarde.rules.appointments.orders import SeekAppointment
from engarde.rules.influence.orders import UseInfluence
from engarde.rules.bawdyhouse.orders import VisitBawdyhouse
from engarde.rules.clubs.orders import VisitClub
from engarde.parse import parse_action, parse_sheet
from engarde.known import Known
from engarde.rules.duel.grammar import normalise_sequence
from engarde.records import ErrorRecord


def sheet(*lines: str, source: str = "orders.txt"):
    return parse_sheet("\n".join(lines), source)


def error(text: str) -> ErrorRecord:
    result = parse_action(text)
    assert isinstance(result, ErrorRecord), result
    return result


# -- c. Clubs: gambling, guests, toadying -------------------------------------------------


@pytest.mark.parametrize("text,gambling", [
    ("Visit Red Phillips and gamble 4 bets of 50, cut on a 6", Gambling(4, 50, 6)),
    ("Visit Red Phillips and gamble four bets of 50 crowns each, cutting on 5 or more", Gambling(4, 50, 5)),
    ("Visit Red Phillips and wager 2 x 30, never cut", Gambling(2, 30, None)),
    ("Visit Red Phillips and gamble 50 crowns 3 times, cut if the house rolls above 4", Gambling(3, 50, 5)),
    ("Visit Red Phillips, bet 20 crowns", Gambling(1, 20, None)),
    ("Visit Red Phillips and gamble nine bets of 10, cut at 6", Gambling(9, 10, 6)),
])
def test_gambling_at_a_club(text, gambling):
    """Rules, c. Gambling: "The character announces the amount he is betting ... or withdraw without
    rolling and take a loss of half the amount bet (known as cutting losses or a cut)"; Aramis
    "decides to wager four bets of 50 crowns each at the Red Phillips Club"."""
    assert parse_action(text) == VisitClub("Red Phillips", gamble=gambling)


def test_gambling_written_first():
    """"Gamble 4 bets of 50 at Hunter's": the place may come after the bets."""
    assert parse_action("Gamble 4 bets of 50 at Hunter's and carouse, cut on a 6") == VisitClub(
        "Hunter's", carouse=True, gamble=Gambling(4, 50, 6))
    notes: list[str] = []
    assert parse_action("gamble 3 x 100, cut on a 6", notes) == VisitClub("", gamble=Gambling(3, 100, 6))
    assert notes == ["no place named for the gambling: at his own club"]


def test_no_more_than_nine_bets():
    """Rules, c. Gambling: "A character may place only nine bets in any one week." """
    err = error("Visit Red Phillips and gamble 10 bets of 50")
    assert err.code == E_TOO_MANY_BETS
    assert err.message == "10 bets: a character may place only 9 bets in any one week"
    s = sheet("Character: Aramis", "Week 1: Visit Hunter's and gamble 12 bets of 20")
    assert isinstance(s.weeks[1], Rest) and s.errors[0].line == 2


def test_house_limit_is_noted():
    """Rules, c. Gambling: "This amount cannot exceed the house limit of the club"."""
    notes: list[str] = []
    parse_action("Visit Red Phillips and gamble 2 bets of 60, cut on a 6", notes)
    assert notes == ["a bet of 60 crowns is above Red Phillips' house limit of 50"]


def test_a_clubs_house_limit_is_noted_with_one_possessive():
    """Rules, c. Gambling: "This amount cannot exceed the house limit of the club" (Hunter's: 200).
    The sheet check names the club once as a possessive: "Hunter's house limit", never "Hunter's's"."""
    notes: list[str] = []
    parse_action("Visit Hunter's and gamble 2 bets of 300, cut on a 6", notes)
    assert notes == ["a bet of 300 crowns is above Hunter's house limit of 200"]


def test_gambling_at_a_bawdyhouse():
    """Rules, Bawdyhouses: "Gambling is as outlined in the gambling rule, but without house limit"."""
    assert parse_action("Visit bawdyhouse, gamble 2 bets of 30 crowns, cut on a 6, carrying 100 crowns") == \
        VisitBawdyhouse(purse=100, gamble=Gambling(2, 30, 6))


@pytest.mark.parametrize("text", [
    "Toady to Cyrano at Bothwell's", "Go to Bothwell's as the guest of Cyrano", "Visit Bothwell's as Cyrano's guest",
    "toady with Cyrano at Bothwell's",
])
def test_toadying_and_going_as_a_guest(text):
    """Rules, c. Toadying: "If a character is taken as a guest to a club, he receives Status Points
    ..."; Jacques "accompanies Cyrano, Social Level 14, to Bothwell's"."""
    assert parse_action(text) == VisitClub("Bothwell's", guest_of="Cyrano")


def test_toady_without_a_club_goes_where_his_host_goes():
    notes: list[str] = []
    assert parse_action("Toady to Cyrano and carouse", notes) == VisitClub("", carouse=True, guest_of="Cyrano")
    assert notes == ["no club named: he goes to Cyrano's club as his guest"]
    assert VisitClub("", guest_of="Cyrano").describe() == "Visit his host's club as the guest of Cyrano"


def test_bringing_a_guest():
    """Rules, c. Clubs: "may not visit a club unless he is a member of that club or a guest of a member"."""
    assert parse_action("Take Jacques to Bothwell's and carouse") == VisitClub(
        "Bothwell's", carouse=True, companions=("Jacques",))
    assert parse_action("Visit Bothwell's and bring Jacques") == VisitClub("Bothwell's", companions=("Jacques",))


def test_mistress_at_the_club():
    """Rules, d. Mistresses: "Mistresses accompanying their lovers to a club count in lieu of the monthly visit"."""
    assert parse_action("Go to Hunter's with my mistress and carouse") == VisitClub(
        "Hunter's", carouse=True, with_mistress=True)
    assert parse_action("Visit my mistress and take her to Hunter's") == VisitClub("Hunter's", with_mistress=True)


# -- d. Mistresses and loans -------------------------------------------------------------


@pytest.mark.parametrize("text,court", [
    ("Court mistress number 4 (Roxanne)", Court("4")), ("Court Roxanne", Court("Roxanne")),
    ("court mistress #12", Court("12")), ("Woo the lady Constance", Court("Constance")),
    ("Court Roxanne with 2 extra payments", Court("Roxanne", 2)), ("Court number 4, paying double", Court("4", 1)),
    ("pay court to Roxanne (+3)", Court("Roxanne", 3)),
])
def test_courting(text, court):
    """Rules, d. Mistresses: "a character must go courting"; "For each additional amount equal to three
    times the fair damsel's Social Level the character pays, he may add one to his die roll"."""
    assert parse_action(text) == court


def test_courting_needs_a_lady():
    assert error("Court").code == codes.E_BAD_ORDER


@pytest.mark.parametrize("text", ["Visit my mistress", "see my mistress", "spend the week with my mistress",
                                  "Visit mistress"])
def test_visit_mistress(text):
    """Rules, d. Mistresses: "Visiting a mistress counts as an activity"."""
    assert parse_action(text) == VisitMistress()


@pytest.mark.parametrize("text,order", [
    ("Borrow 100 crowns from a Shylock", Borrow(100, "moneylender")),
    ("borrow 250 crowns from the moneylender", Borrow(250, "moneylender")),
    ("Borrow 50 from Porthos", Borrow(50, "Porthos")),
    ("take out a loan of 80 crowns from Rodney Bergerac", Borrow(80, "Rodney Bergerac")),
    ("Repay Porthos", Repay(None, "Porthos")),
    ("Repay 50 crowns to Porthos", Repay(50, "Porthos")),
    ("pay back the moneylender", Repay(None, "moneylender")),
    ("Repay my debt to Porthos in full", Repay(None, "Porthos")),
])
def test_loans(text, order):
    """Rules, d. Loans: "Characters may borrow money from other players, or from local moneylenders or
    Shylocks"."""
    assert parse_action(text) == order


def test_lending_is_an_order_for_the_month():
    """Rules, d. Loans: "Characters may borrow money from other players": the lender consents with an
    order for the month, which costs him no week ("Lend 100 crowns to D'Artagnan"); the borrower takes
    it with a week's Borrow.  On a week line it is told where it belongs.  It survives the JSON the
    sheets are stored as."""
    import json

    s = sheet("Character: Porthos", "Lend 100 crowns to D'Artagnan", "Lend Aramis 20 crowns",
              "Offer a loan of 50 crowns to Jacques", "Lend up to 30 crowns to Athos this month",
              "Lend 40 crowns to aramis")
    assert s.ok, s.errors
    assert s.monthly.of(LoanOrders).lend == (Lend(100, "D'Artagnan"), Lend(50, "Jacques"), Lend(30, "Athos"), Lend(40, "aramis"))
    assert s.notes == ["line 6: a second offer to lend to aramis; it replaces the first (20 crowns)",
                       "names not checked: D'Artagnan, Aramis, Jacques, Athos (no campaign to check them against)"]
    assert s.weeks == {}
    back = core_registry().sheet_from(json.loads(json.dumps(s.to_dict())))
    assert back.monthly == s.monthly and back.to_dict() == s.to_dict()
    old = core_registry().sheet_from({"source": "old.txt", "monthly": {"call_loans": ["all"]}})  # as stored before modules
    assert old.monthly.of(LoanOrders) == LoanOrders(call_loans=("all",))
    err = sheet("Character: Porthos", "Week 1: Lend 100 crowns to D'Artagnan").errors[0]
    assert err.code == codes.E_UNKNOWN_VERB and "not a week's action" in err.message
    assert err.suggestion.startswith("write it on a line of its own")
    assert sheet("Character: Porthos", "Lend crowns to Aramis").errors[0].code == codes.E_BAD_ORDER
    from engarde.calendar import GameMonth
    from engarde.ops import confirmation_text

    told = confirmation_text(s, GameMonth(1607, 4))
    assert "  - lend up to 100 crowns to D'Artagnan this month, if he borrows them" in told


def test_borrowing_needs_an_amount():
    err = error("Borrow lots from Porthos")
    assert err.code == codes.E_BAD_AMOUNT and err.suggestion.startswith("write e.g. 'Borrow 100 crowns")
    notes: list[str] = []
    assert parse_action("Borrow 200 crowns", notes) == Borrow(200, "moneylender")
    assert notes == ["no lender named: from a moneylender (10% interest, due in six months)"]


# -- g. Regiments -------------------------------------------------------------------------


@pytest.mark.parametrize("text,order", [
    ("Join Royal Foot Guards as Captain", ApplyRegiment("Royal Foot Guards", "Captain")),
    ("Apply to the Cardinal's Guard as Subaltern, else King's Musketeers, else Picardy Musketeers",
     ApplyRegiment("Cardinal's Guard", "Subaltern", ("King's Musketeers", "Picardy Musketeers"))),
    ("Enlist in the Gascons", ApplyRegiment("Gascon Regiment")),
    ("join the 13th Fusiliers as a private, or else a Frontier Regiment",
     ApplyRegiment("13th Fusiliers", None, ("Frontier Regiment",))),
    ("Join the Dragoon Guards buying a majority", ApplyRegiment("Dragoon Guards", "Major")),
])
def test_apply_to_a_regiment(text, order):
    """Rules, g. Regiments (Regimental Table A): the rulebook's own "Join Royal Foot Guards as Captain";
    "A player who unsuccessfully attempts to join a Regiment may apply to other Regiments in the same
    week"."""
    assert parse_action(text) == order


def test_one_list_of_regiment_names():
    """The order language knows the regiments of engarde.tables (Regimental Table A and the Frontier
    Regiment; the RNHB only by volunteering), in Table A's order, and every alias of its own names one
    of them."""
    from engarde.rules.regiments import names
    from engarde.rules.regiments import tables

    book = tables.RegimentsTables()
    known = names.regiment_names(book)
    assert known == tuple(r.name for r in sorted(book.regiments, key=lambda r: r.standing)
                          if r.name != tables.RNHB_REGIMENT)
    assert names.cavalry_regiments(book) == {r.name for r in book.regiments if r.cavalry}
    assert all(target in known for target in names._ALIASES.values())
    assert all(names.regiment_named(book, name) == name for name in known)
    assert names.regiment_named(book, "the Gascons") == "Gascon Regiment"
    assert names.regiment_named(book, "the Musketeers") is None  # ambiguous: never guessed


def test_regiments_to_try_next_must_be_lower():
    """Rules, g. Regiments: "but may only apply to Regiments of a lower social standing than the one to
    which he has been denied admission"."""
    err = error("Join the Picardy Musketeers, else the Royal Foot Guards")
    assert err.code == E_BAD_FALLBACK
    assert "may only apply to Regiments of a lower social standing" in err.message


def test_ranks_above_major_cannot_be_bought_on_joining():
    """Rules, g. Regiments: "For the ranks of Lieutenant-Colonel and above, commissions may not be
    bought initially"."""
    err = error("Join the Royal Marines as Colonel")
    assert err.code == E_BAD_RANK and "may not be bought initially" in err.message


def test_unknown_or_ambiguous_regiment():
    err = error("Apply to the Musketeers")
    assert err.code == E_UNKNOWN_REGIMENT
    assert err.suggestion == "which one: King's Musketeers, Picardy Musketeers or 27th Musketeers?"
    assert error("Join the Royal Foot Gardes of Paris").suggestion == "did you mean the Royal Foot Guards?"


def test_joining_a_regiment_is_a_week_not_the_month():
    err = sheet("Character: Porthos", "Join: Royal Foot Guards as Captain").errors[0]
    assert err.suggestion == "write e.g. 'Week 1: Join the Royal Foot Guards'"


@pytest.mark.parametrize("text,rank", [("Buy rank of Captain", "Captain"), ("purchase a majority", "Major"),
                                       ("Buy a commission as Subaltern", "Subaltern"),
                                       ("buy the rank of Lieutenant-Colonel", "Lieutenant-Colonel")])
def test_buy_rank(text, rank):
    """Rules, g. Regiments: "The character has the option to buy an officer's commission"."""
    assert parse_action(text) == BuyRank(rank)


def test_buy_rank_must_name_one():
    assert error("Purchase a commission").suggestion == "write e.g. 'Buy the rank of Captain'"
    assert error("buy a new hat").code == E_BAD_RANK


@pytest.mark.parametrize("text", ["Regimental duty", "duty", "on duty", "mount guard", "serve with my regiment",
                                  "visit the barracks"])
def test_regimental_duty(text):
    """Rules, g. Regiments: "Characters with the rank of Private must spend two weeks of each month on
    duty with their Regiment"."""
    assert parse_action(text) == RegimentalDuty()


@pytest.mark.parametrize("text,post", [("Seek appointment as Brigade Major", "Brigade Major"),
                                       ("apply for the post of Inspector-General of Cavalry",
                                        "Inspector-General of Cavalry")])
def test_seek_appointment(text, post):
    """Rules, f. Influence: "If Athos ... seeks to become Inspector-General of Cavalry"."""
    assert parse_action(text) == SeekAppointment(post)


# -- f. Influence --------------------------------------------------------------------------


@pytest.mark.parametrize("text,order", [
    ("Use a class 7 favour on the Minister of War for Athos", UseInfluence("class 7", "Minister of War", "Athos")),
    ("Use influence against Athos on the Minister of War (class 9 favour)",
     UseInfluence("class 9", "Minister of War", "Athos", True)),
    ("Use my mistress's favour on the Cardinal", UseInfluence("from mistress", "Cardinal")),
    ("Influence the Minister of War for Athos", UseInfluence("", "Minister of War", "Athos")),
])
def test_use_influence(text, order):
    """Rules, f. Influence: Porthos "uses it to influence the minister on Athos's behalf"; Cyrano "uses a
    class 9 favour to give an unfavourable die roll modification"."""
    assert parse_action(text) == order


def test_influence_needs_a_decision():
    assert error("Use influence").code == codes.E_BAD_ORDER


# -- e. Duelling: challenges -------------------------------------------------------------------


def test_challenge():
    """Rules, e. Duelling: "There must, however, be cause" (whom, the cause, the weapon)."""
    assert parse_action("Challenge Athos for insulting the Cardinal's Guard with sabre") == Challenge(
        "Athos", "insulting the Cardinal's Guard", "sabre")
    assert parse_action("Challenge Athos (cause: courting Roxanne), rapier") == Challenge(
        "Athos", "courting Roxanne", "rapier")
    notes: list[str] = []
    assert parse_action("Duel with Rochefort", notes) == Challenge("Rochefort", "", "rapier")
    assert notes[0].startswith("no cause given") and notes[1] == "no weapon named: the rapier"


def test_answer_challenge():
    """Rules, e. Duelling, Table D: "Refuses a challenge that has cause, he loses Status Points"."""
    assert parse_action("Accept Athos's challenge with sabre") == AnswerChallenge("Athos", True, "sabre")
    assert parse_action("Refuse the challenge of Rochefort") == AnswerChallenge("Rochefort", False, None)
    assert parse_action("decline all challenges") == AnswerChallenge("", False, None)


# -- h. Campaign and Volunteers --------------------------------------------------------------------


@pytest.mark.parametrize("text,order", [
    ("Volunteer for the campaign", Volunteer()), ("volunteer for the Frontier", Volunteer(frontier=True)),
    ("Volunteer my battalion for the campaign", Volunteer(unit="battalion")),
    ("volunteer with the RNHB", Volunteer(frontier=True, rnhb=True)), ("Go on campaign", Volunteer()),
])
def test_volunteer(text, order):
    """Rules, h. Volunteers: "Players may go on campaign during any or all non-regular campaign seasons
    ... by volunteering"; "volunteer for duty with a Frontier Regiment"."""
    assert parse_action(text) == order


def test_petition():
    """Rules, h. Substitutions: "a player may petition to have the Cardinal's Guard replace the 69th
    Arquebusiers"; "The substituted Regiment must be of the same type (i.e. infantry or Cavalry)"."""
    assert parse_action("Petition for the Cardinal's Guard to replace the 69th Arquebusiers") == Petition(
        "Cardinal's Guard", "69th Arquebusiers")
    err = error("Petition to substitute the Dragoon Guards for the 69th Arquebusiers")
    assert "must be of the same type" in err.message


# -- monthly and standing orders ---------------------------------------------------------------------


def test_standing_orders():
    """Standing orders: what to do if challenged, the duel sequence, the campaign death modifier, what to
    do if two suitors meet at the same door; they are kept until changed."""
    s = sheet("Character: Porthos",
              "If challenged: accept with sabre, sequence X L X CL K X X X X S P JB",
              "Campaign: reckless bravery +2",
              "Rival suitor: withdraw",
              "Duel conditions: surrender if endurance below 25%")
    assert s.ok, s.errors
    st = s.standing.of(DuelStanding)
    assert (st.if_challenged, st.duel_weapon, st.duel_sequence) == ("accept", "sabre", "X L X CL K X X X X S P JB")
    assert (s.standing.of(CampaignStanding).campaign_modifier, s.standing.of(SuitorStanding).rival_suitor) == (
        2, "withdraw")
    assert st.duel_conditions == ("surrender if endurance below 25%",)
    assert core_registry().describe(s.standing, STANDING) == [
        "If challenged: accept with the sabre", "Duel sequence: X L X CL K X X X X S P JB",
        "Duel conditions: surrender if endurance below 25%", "Campaign: reckless bravery +2",
        "Rival suitor: withdraw"]


@pytest.mark.parametrize("line,value", [("Campaign: reckless bravery +2", 2), ("Campaign: poltroonery 1", -1),
                                        ("Campaign: poltroonery -3", -3), ("Poltroonery 2", -2),
                                        ("Campaign: none", 0), ("Campaign modifier: +1", 1)])
def test_campaign_modifier_notation(line, value):
    """Rules, i. Poltroonery: "may add any number he feels necessary to the die roll needed for death";
    Reckless Bravery: "subtract any number he wishes".  The word gives the direction."""
    s = sheet("Character: Henri", line)
    assert s.ok and s.standing.of(CampaignStanding).campaign_modifier == value


def test_campaign_modifier_that_contradicts_itself():
    assert sheet("Character: Henri", "Campaign: poltroonery +2").errors[0].code == codes.E_BAD_ORDER


@pytest.mark.parametrize("line,answer", [("If challenged: refuse", "refuse"), ("If challenged, accept", "accept"),
                                         ("if challenged: decline", "refuse")])
def test_if_challenged(line, answer):
    assert sheet("Character: Athos", line).standing.of(DuelStanding).if_challenged == answer


def test_rival_suitor():
    """Rules, d. Mistresses: "Either character may withdraw in favour of the other ... If neither
    character withdraws, a duel is required"."""
    assert sheet("Character: A", "Rival suitor: fight").standing.of(SuitorStanding).rival_suitor == "fight"
    assert sheet("Character: A", "Rival suitor: dance").errors[0].code == codes.E_BAD_ORDER


def test_trade_expertise_for_strength():
    """Rules, e. Practice: "At any time, a character may subtract five from his Expertise to add one to his
    Strength characteristic"."""
    s = sheet("Character: A", "Trade 5 expertise for 1 strength", "Trade 10 Expertise for 2 Strength")
    assert s.ok and s.monthly.of(TradeOrders).trade_expertise_for_strength == 3
    assert sheet("Character: A", "Trade 4 expertise for 1 strength").errors[0].code == codes.E_BAD_ORDER


def test_an_insult_is_an_order_for_the_month():
    """Rules, e. Duelling, Cause for duels: "Insulting a regimental friend of a character."  "Insult Athos" is
    an order for the month (given where the two first meet), read against the campaign's names; on a week's
    line it is refused with where it belongs; an insult to nobody or to himself is refused."""
    known = Known.of(["Athos", "Porthos", "Rochefort"])
    s = parse_sheet("Character: Rochefort\nInsult Athos\nAffront Porthos.\nInsult Athos\n", "orders.txt", known=known)
    assert s.ok and s.monthly.of(TradeOrders).insult == ("Athos", "Porthos")
    assert s.monthly.of(TradeOrders).describe() == ["insult Athos where you meet him this month",
                                                    "insult Porthos where you meet him this month"]
    week = parse_sheet("Character: Rochefort\nWeek 2: Insult Athos\n", "orders.txt", known=known)
    assert week.errors[0].code == codes.E_UNKNOWN_VERB and "order for the whole month" in week.errors[0].message
    assert not week.monthly.of(TradeOrders).insult
    nobody = parse_sheet("Character: Rochefort\nInsult Nobody\nInsult Rochefort\nInsult\n", "orders.txt",
                         known=known)
    assert len(nobody.errors) == 3 and not nobody.monthly.of(TradeOrders).insult
    assert nobody.errors[1].message == "a man cannot insult himself"


def test_new_password_and_calling_in_loans():
    s = sheet("Character: A", "New password: sack & sherry", "Call in loans: Porthos, Aramis")
    assert s.ok and s.new_password == "sack & sherry"
    assert s.monthly.of(LoanOrders).call_loans == ("Porthos", "Aramis")
    assert sheet("Character: A", "Call in all loans").monthly.of(LoanOrders).call_loans == ("all",)


def test_standing_order_on_a_week_line_says_where_it_belongs():
    err = sheet("Character: A", "Week 1: If challenged: accept").errors[0]
    assert err.code == codes.E_UNKNOWN_VERB and err.suggestion.startswith("write it on a line of its own")


# -- e. Duelling: sequences written as the rules write them ------------------------------------------


def test_sequence_is_written_as_the_rules_write_it():
    """Rules, e. Recording Actions, Sample Sequence: "X L X CL K X X X X S P JB (X)"."""
    assert normalise_sequence("x-l-x, cl k x x x x s p jb (x)") == "X L X CL K X X X X S P JB (X)"
    assert normalise_sequence("X L X sur") == "X L X Sur"


def test_a_bracketed_reminder_keeps_its_brackets():
    """Rules, e. Recording Actions: "a parenthetical reminder is also shown that the first action of
    the next sequence must be a rest, the completion of the jump back routine".  A reminder of two
    actions, "(X T)" (a Throw begun with JB), stays one bracket; the duel rules read the player's own
    text."""
    assert normalise_sequence("x l x cl k x x x x s p jb (x t)") == "X L X CL K X X X X S P JB (X T)"
    assert normalise_sequence("jb(x)") == "JB (X)"
    pytest.importorskip("engarde.rules.duel")
    s = sheet("Character: A", "Duel sequence: X L X CL K X X X X S P JB (X T)")
    assert s.ok, s.errors
    assert s.standing.of(DuelStanding).duel_sequence == "X L X CL K X X X X S P JB (X T)"
    bad = sheet("Character: A", "Duel sequence: X L X (X T")
    assert bad.errors[0].code == E_BAD_SEQUENCE and "never closed" in bad.errors[0].message


def test_duel_conditions_are_read_by_the_duel_rules_at_ingest():
    """Rules, e. Optional Routines: "Under some conditions a player may, at the beginning of a turn,
    substitute an optional routine for the one previously recorded"; by post he writes those conditions
    down.  A condition the duel rules cannot read is reported on its line when the sheet is read (before
    the deadline, not after the duel) and is not kept; the others are."""
    pytest.importorskip("engarde.rules.duel")
    s = sheet("Character: A", "Duel conditions: surrender below a quarter of my Endurance",
              "Duel conditions: surrender if endurance below 25%", "Conditions: optional parry if opponent CL")
    (err,) = s.errors
    assert (err.code, err.line) == (E_BAD_CONDITION, 2)
    assert "is not kept" in err.message and "surrender if endurance below 25%" in err.suggestion
    assert s.standing.of(DuelStanding).duel_conditions == ("surrender if endurance below 25%", "optional parry if opponent CL")


def test_the_rulebook_sample_sequence_is_legal():
    """Rules, e. Duelling: the Sample Sequence is legal by Duelling Table A."""
    pytest.importorskip("engarde.rules.duel")
    s = sheet("Character: A", "Duel sequence: X L X CL K X X X X S P JB (X)")
    assert s.ok, s.errors
    assert s.standing.of(DuelStanding).duel_sequence == "X L X CL K X X X X S P JB (X)"


def test_an_illegal_sequence_is_reported_and_not_kept():
    """Rules, e. Recording Actions: "All actions in a routine must be performed in the exact order given
    on the table" (a Lunge is -X-L-X-: "X L S" breaks it).  Checked by the duel rules when read."""
    pytest.importorskip("engarde.rules.duel")
    s = sheet("Character: A", "If challenged: accept with rapier, sequence X L S X X X X X X X X X")
    err = s.errors[0]
    assert (err.code, err.line) == (E_BAD_SEQUENCE, 2)
    assert "not legal by Duelling Table A" in err.message
    assert s.standing.of(DuelStanding).duel_sequence is None and s.standing.of(DuelStanding).if_challenged == "accept"


def test_sequences_are_checked_by_the_duel_rules(monkeypatch):
    """The parser asks engarde.rules.duel.check_sequence(tables, text, weapon), with the campaign's
    tables, and reports its problems."""
    import engarde.rules.duel.rules as duel

    calls = []

    def check(tables, text, weapon="rapier", *args, **kwargs):
        assert tables is not None and tables.weapons["cutlass"] == 3
        calls.append((text, weapon))
        return ["turn 3: not so"] if "S" in text.split()[:3] else []

    monkeypatch.setattr(duel, "check_sequence", check)
    s = sheet("Character: A", "Duel weapon: cutlass", "Duel sequence: X L S")
    assert calls == [("X L S", "cutlass")]
    assert s.errors[0].message.startswith("the duel sequence is not legal by Duelling Table A (turn 3: not so)")


# -- the press ---------------------------------------------------------------------------------------


def test_letters_to_the_gazette():
    """Press: letters to the gazette, signed, anonymous or under an alias, printed as written."""
    s = sheet("Character: Porthos",
              "Letter to the gazette (signed):",
              "Sirs,",
              "",
              "  Week 1: the Cardinal's men drink *water*.",
              "End of letter",
              'Letter to the gazette (as "The Red Fox"): Beware the Gascons.',
              "End of letter",
              "Letter to the editor (anonymous):",
              "Who paid for Porthos's new hat?",
              "End of letter",
              "Week 1: rest")
    assert s.ok, s.errors
    letters = s.monthly.of(Letters).letters
    assert letters == (
        Letter("Sirs,\n\n  Week 1: the Cardinal's men drink *water*.", "signed"),
        Letter("Beware the Gascons.", "alias", "The Red Fox"),
        Letter("Who paid for Porthos's new hat?", "anonymous"),
    )
    assert [x.byline("Porthos") for x in letters] == ["Porthos", "The Red Fox", "A Gentleman of Paris"]
    assert s.weeks == {1: Rest()}  # "Week 1:" inside the letter is the letter's


def test_a_letter_without_its_end_is_not_printed():
    s = sheet("Character: Porthos", "Week 1: rest", "Letter to the gazette:", "Sirs,", "Week 2: rest")
    err = s.errors[0]
    assert (err.code, err.line) == (E_LETTER_UNENDED, 3)
    assert s.monthly.of(Letters).letters == () and s.weeks == {1: Rest()}


def test_hostile_lines_of_the_new_verbs_stay_fast():
    """DESIGN: one bad order sheet never stalls the run (no regex blow-up in any verb)."""
    import time

    hostile = [
        "Week 1: Visit Hunter's and gamble " + "4 bets of 50, " * 3000, "Week 2: Use a " + "class " * 3000 + "favour",
        "Week 3: Court " + "and " * 5000 + "x", "Week 4: toady to " + "Cyrano and " * 3000,
        "Duel sequence: " + "X L " * 3000, "Campaign: " + "poltroonery " * 3000,
        "Week 1: Join " + "Royal Foot Guards, else " * 2000, "Week 2: Take " + "Jacques " * 5000 + "to Hunter's",
    ]
    start = time.perf_counter()
    for line in hostile:
        parse_sheet("Character: A\n" + line, "hostile.txt")
    assert time.perf_counter() - start < 5
