"""The social conflict house rule (engarde/house/social_conflict, social-conflict-cards.txt).
Each test quotes the text whose rule it checks; the Jessica and John example is played card by
card.  The choices where the text is silent are in the package's docstring and in
docs/rules-coverage.md."""

from __future__ import annotations

import json

import pytest
import re
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from engarde.calendar import GameMonth
from engarde.dice import ScriptedDice, SeededDice
from engarde.grammar import Reading, SheetContext, clean_action
from engarde.house.social_conflict import engine
from engarde.house.social_conflict.areas import counter, has_areas, set_areas, starting
from engarde.house.social_conflict.cards import DECK, Card, card, shuffled
from engarde.house.social_conflict.grammar import ATTACK, TacticsLines, tactic_line
from engarde.house.social_conflict.orders import FAVOUR, LOAN, OTHER, WITHDRAW, Attack, ConflictStanding, Want
from engarde.house.social_conflict.rules import attack, drop_promises, keep_promises
from engarde.house.social_conflict.tables import DISTANCES
from engarde.house.social_conflict.state import Obligation, SocialConflictState, undo
from engarde.house.social_conflict.tactics import AVOID, PLAY, Tactics
from engarde.known import Known
from engarde.orders import OrderSheet, Parts
from engarde.parse import parse_sheet
from engarde.records import DEAD, Character, ErrorRecord
from engarde.registry import Registry
from engarde.rules.mistresses.rules import FACT_COURTING
from engarde.rules.mistresses.state import Mistress
from engarde.turn import Turn
from engarde.world import World
from helpers import cli

APRIL = GameMonth(1607, 4)
DATA = Path(__file__).parent / "data" / "social_conflict"


# -- helpers -------------------------------------------------------------------------------------

def deck(*first: str) -> list[Card]:
    """The deck with ``first`` on top, in order, then the rest as the pack lies."""
    top = [card(x) for x in first]
    return top + [c for c in DECK if c not in top]


def rolls_for(order: list[Card]) -> list[int]:
    """The dice that make ``cards.shuffled`` deal ``order`` (Fisher-Yates run backwards)."""
    cards, rolls = list(DECK), []
    for i in range(len(cards) - 1, 0, -1):
        j = cards.index(order[i])
        rolls.append(j + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return rolls


def man(name: str, crowns: int = 200, **areas: int) -> Character:
    """A gentleman with his areas set: ``hearts_base=8``, ``spades_efficiency=3`` ..."""
    ch = Character(name, social_level=8, crowns=crowns, strength=10, expertise=10)
    for area in ("hearts", "diamonds", "clubs", "spades"):
        for kind in ("base", "efficiency"):
            ch.counters[counter(area, kind)] = areas.get(f"{area}_{kind}", 5)
    return ch


def a_turn(*chars: Character, dice=None, world: World | None = None, tactics: dict[str, Tactics] | None = None,
           **settings: object) -> Turn:
    registry = Registry.build(("social_conflict",), settings=settings)
    turn = Turn(APRIL, {c.name: c for c in chars}, dice or ScriptedDice([]), registry.tables,
                world=world or World(), registry=registry)
    turn.living = sorted(turn.characters)
    turn.standing = {name: Parts([ConflictStanding(t)]) for name, t in (tactics or {}).items()}
    return turn


def conflict(turn: Turn):
    return next(e for e in turn.events if e.code == "social-conflict")


def refused(turn: Turn) -> str:
    return next(e for e in turn.events if e.code == "social-conflict-refused").data["reason"]


JESSICA_DECK = ("6h", "2c", "3d", "4s", "5c", "10d", "8d", "9d", "7s", "qh", "kc", "2h", "3h")
JESSICA = Tactics(compare_at=20, face_cards=PLAY, aces=AVOID).with_defaults(15, "lowest", AVOID, AVOID)
JOHN = Tactics(secret_card="lowest", face_cards=PLAY).with_defaults(15, "lowest", AVOID, AVOID)


# -- the example -----------------------------------------------------------------------------------

def test_the_example_of_jessica_and_john_card_by_card():
    """Example of a Simple Attack: "The trump of player A is hearts, her charm is 8. The attack
    value is now 8. ... this card is a 5 of clubs ... (S)he plays a card on the table: 6 of hearts.
    ... The attack value of player A is raised to 14. Player B plays 10 of diamonds. ... it is 6.
    (The face down card is 5, the second card is not trump so it counts 1.) ... She plays a Queen
    of Hearts ... Now the attack rating becomes 24 but Jessica exposes a secret. ... Player B plays
    King of Clubs. ... Jessica gets a secret about John, and the defense rating raises by 10 ...
    Attack Trump is Hearts: 8 + 6 + 10 = 24. Defend Trump is Clubs: 5 + 1 + 10 = 16. The attack
    succeeds. Jessica's wildness is raised by 24 - 16 = 8 ... The physique of Jessica becomes
    that of John's\""""
    result = engine.play(8, 4, "hearts", JESSICA, JOHN, deck(*JESSICA_DECK), most_cards=8)
    moves = [(m.side, m.act, str(m.card) if m.card else None, m.attack, m.defence, m.shows) for m in result.moves]
    assert moves == [
        ("defender", "secret", "5 of clubs", 8, 5, None),
        ("attacker", "play", "6 of hearts", 14, 5, None),
        ("defender", "play", "10 of diamonds", 14, 6, None),
        ("attacker", "play", "Queen of hearts", 24, 6, "secret"),
        ("defender", "play", "King of clubs", 24, 16, "secret"),
        ("attacker", "compare", None, 24, 16, None),
    ]
    assert (result.end, result.attack, result.defence, result.margin, result.trump) == ("won", 24, 16, 8, "clubs")
    assert [(e.side, e.area, str(e.card)) for e in result.exposures] == [
        ("attacker", "hearts", "Queen of hearts"), ("defender", "clubs", "King of clubs")]
    # played by the rules in a month: the same cards from the turn's dice, her gains through the ledger
    jessica = man("Jessica", hearts_base=8, hearts_efficiency=8, spades_base=3, spades_efficiency=2)
    john = man("John", spades_base=4)
    turn = a_turn(jessica, john, dice=ScriptedDice(rolls_for(deck(*JESSICA_DECK))),
                  tactics={"Jessica": Tactics(compare_at=20, face_cards=PLAY), "John": Tactics(face_cards=PLAY)})
    attack(turn, jessica, Attack("John", "hearts", "spades", Want(OTHER, text="an escort home tonight")), 2)
    assert conflict(turn).data["moves"][3]["card"] == "Queen of hearts"
    assert jessica.get("conflict.spades.efficiency") == 2 + 8  # wildness raised by 8
    assert jessica.get("conflict.spades.base") == 4  # physique becomes John's
    secrets = turn.world.part("secrets")
    assert sorted((s.about, s.area) for s in secrets.secrets.values()) == [("Jessica", "hearts"), ("John", "clubs")]
    assert {c.holder for c in secrets.copies.values()} == {"John", "Jessica"}
    held = {secrets.secrets[c.secret].about: c.holder for c in secrets.copies.values()}
    assert held == {"Jessica": "John", "John": "Jessica"}


# -- the cards -------------------------------------------------------------------------------------

def test_a_deck_of_52_cards_shuffled_with_the_turns_dice():
    """"The game is played with a set of 52 playing cards, jokers removed."  (Shuffled with the
    turn's dice: the same seed deals the same cards.)"""
    assert len(set(DECK)) == 52
    one, two = shuffled(SeededDice("x"), "t"), shuffled(SeededDice("x"), "t")
    assert one == two and sorted(one) == sorted(DECK) and one != list(DECK)
    assert shuffled(SeededDice("y"), "t") != one


def test_card_values_trump_and_not():
    """"The numbers count as face value if trump and 1 if not, face cards (Jack, Queen, King, Ace)
    count 10 if trump and 2 if not.\""""
    assert [card(x).worth("hearts") for x in ("7h", "7s", "jh", "js", "ah", "ac")] == [7, 1, 10, 2, 10, 2]


def test_four_cards_in_hand_replenished_at_once():
    """"Every player has four cards in hand all the time, if there are less, they have to be
    replenished from the deck at once."  The defender's first draw (the ninth card) replaces his
    face-down card and is his to play next."""
    # the defender lays the 2 of clubs down and draws the Ace of clubs, his best card next
    result = engine.play(5, 1, "hearts", JESSICA, Tactics(secret_card="lowest", aces=PLAY),
                         deck("3h", "4d", "5d", "6d", "2c", "7d", "8d", "9d", "ac", "2s", "3s"), most_cards=1)
    assert result.hands["defender"] == tuple(card(x) for x in ("2c", "7d", "8d", "9d"))
    assert [str(m.card) for m in result.moves if m.side == "defender" and m.act == "play"] == ["Ace of clubs"]


def test_the_face_down_card_counts_at_least_the_base_value():
    """"The value of this card is at least the value of the attacked character's base value in
    the target area. (If the target area is money and the attacked character has a wealth of 5, any
    cards lower than 5 counts as 5.) So it can be wise strategically to play a low card.\""""
    low = engine.play(1, 5, "hearts", Tactics(compare_at=0), JOHN, deck("2s", "3s", "4s", "5s", "2c", "9d", "8d", "7d"),
                      most_cards=8)
    assert (str(low.secret), low.defence) == ("2 of clubs", 5)
    high = engine.play(1, 5, "hearts", Tactics(compare_at=0), Tactics(secret_card="highest"),
                       deck("2s", "3s", "4s", "5s", "2c", "9d", "8d", "7d"), most_cards=8)
    assert (str(high.secret), high.defence) == ("9 of diamonds", 9)


def test_the_defenders_trump_is_the_suit_of_his_face_down_card():
    """"The suit of this card will serve as the defender's trump later\""""
    result = engine.play(1, 1, "hearts", Tactics(compare_after=1), Tactics(secret_card="spades"),
                         deck("2h", "3h", "4h", "5h", "9s", "9d", "9c", "2d", "3c"), most_cards=8)
    assert result.trump == "spades"
    # his open 9 of diamonds (best of equal worth: the highest) counts 1, not trump
    assert result.defence == 9 + 1


def test_only_the_last_three_cards_count():
    """"Only the 3 last openly played cards are added to the attack rating." "If the players would
    have played five pair of face up cards, the first two pair wouldn't count into the conflict!
    Only the last three pair counts. But every secret exposed are secrets exposed regardless wich
    card it was.\""""
    result = engine.play(0, 1, "hearts", Tactics(compare_after=5, face_cards=PLAY), JOHN,
                         deck("10h", "9h", "jh", "8h", "2c", "3d", "4d", "5d", "3s", "2h", "4s", "3c", "5s", "4c",
                              "6s", "5c", "7s"), most_cards=8)
    played = [m.card for m in result.moves if m.side == "attacker" and m.act == "play"]
    assert [str(c) for c in played] == ["Jack of hearts", "10 of hearts", "9 of hearts", "8 of hearts", "2 of hearts"]
    assert result.attack == 9 + 8 + 2  # the Jack and the 10 no longer count
    assert [str(e.card) for e in result.exposures if e.side == "attacker"] == ["Jack of hearts"]


def test_the_attackers_trump_is_his_attacking_area():
    """"The attacker's trump becomes hearts if the attacking area is sexuality, diamonds if ...
    money, clubs if ... power, spades if ... force.\""""
    for area in ("hearts", "diamonds", "clubs", "spades"):
        first = {"hearts": "9h", "diamonds": "9d", "clubs": "9c", "spades": "9s"}[area]
        result = engine.play(0, 1, area, Tactics(compare_after=1), JOHN, deck(first, "2h", "2d", "2s", "3c", "4c",
                                                                           "5c", "6c"), most_cards=8)
        assert result.attack == 9


# -- the attacker's and the defender's choices ---------------------------------------------------------

def test_retreat_ends_it_with_nothing_gained_or_told():
    """"The attacker can choose to retreat from the conflict. ... In this case the attack didn't
    succeed, the social conflict is over.\""""
    result = engine.play(5, 1, "hearts", Tactics(retreat_after=1), JOHN, deck(), most_cards=8)
    assert result.end == "retreated" and result.moves[-1].act == "retreat" and not result.exposures
    assert not result.card_shown


def test_compare_when_not_exceeded_fails_and_tells_an_attackers_secret():
    """"If the defense rating isn't exceeded by the attack rating, than the attack didn't succeed
    AND one of the attacker's secrets is uncovered regarding the attacking area."  A tie is not
    exceeded."""
    result = engine.play(5, 5, "diamonds", Tactics(compare_at=0), JOHN, deck("2h", "3h", "4h", "5h", "2c"),
                         most_cards=8)
    assert (result.end, result.attack, result.defence) == ("lost", 5, 5)
    assert [(e.side, e.area, e.why) for e in result.exposures] == [("attacker", "diamonds", "compare")]


def test_escape_tells_a_secret_of_the_defenders_trump():
    """"If the attacked player chooses to escape. ... the attack didn't succeed AND one of the
    attacked character's secrets in the area of his/her trump is uncovered.\""""
    result = engine.play(5, 1, "hearts", Tactics(compare_at=99), Tactics(secret_card="spades", escape_after=2),
                         deck("2h", "3h", "4h", "5h", "9s", "2d", "3d", "4d"), most_cards=8)
    assert result.end == "escaped"
    assert sum(1 for m in result.moves if m.side == "attacker" and m.act == "play") == 2
    assert [(e.side, e.area, e.why) for e in result.exposures] == [("defender", "spades", "escape")]
    at = engine.play(5, 1, "hearts", Tactics(compare_at=99), Tactics(escape_at=9), deck("4h", "3h", "2h", "6s"),
                     most_cards=8)
    assert at.end == "escaped" and at.attack == 9


def test_face_cards_tell_a_secret_of_their_suit():
    """"If you play a Jack, a Queen or a King (even if it's not trump), you expose a secret
    regarding that element symbolized by the suit.\""""
    result = engine.play(0, 1, "hearts", Tactics(compare_after=1), JOHN, deck("js", "2d", "3d", "4d", "2c"),
                         most_cards=8)
    assert [(e.side, e.area, e.why) for e in result.exposures][0] == ("attacker", "spades", "face card")


def test_an_ace_shows_the_attackers_intent_or_the_defenders_card():
    """"If you play an Ace, you uncover your intent of attack (if attacker) or the secretly played
    card (if defender).\""""
    result = engine.play(0, 1, "hearts", Tactics(compare_after=2, aces=PLAY), Tactics(aces=PLAY),
                         deck("ah", "2d", "3d", "4d", "2c", "as", "3s", "4s"), most_cards=8)
    shows = [(m.side, m.shows) for m in result.moves if m.shows]
    assert shows == [("attacker", "intent"), ("defender", "secret card")]
    assert result.intent_shown and result.card_shown


def test_face_cards_avoided_unless_nothing_else_comes_to_mind():
    """"If nothing else comes to your character's mind (you only have face cards in your hand),
    sometimes you have to uncover a secret.\""""
    avoid = Tactics(face_cards=AVOID, aces=AVOID)
    assert str(engine.choose_card([card("kh"), card("2s")], "hearts", avoid)) == "2 of spades"
    assert str(engine.choose_card([card("kh"), card("qs"), card("ad")], "hearts", avoid)) == "King of hearts"
    assert str(engine.choose_card([card("kh"), card("2s")], "hearts", Tactics(face_cards=PLAY))) == "King of hearts"


def test_a_conflict_by_mail_ends():
    """Not in the text: the attacker who never reaches his comparison compares after the table's
    ``most_cards``; a random deck never runs out under any tactics."""
    for seed in range(30):
        result = engine.play(0, 10, "hearts", Tactics(compare_at=200, face_cards=PLAY, aces=PLAY),
                             Tactics(aces=PLAY), shuffled(SeededDice(seed), "t"), most_cards=20)
        assert result.end in ("won", "lost")
        assert sum(1 for m in result.moves if m.side == "attacker" and m.act == "play") == 20


# -- the areas and the distances -------------------------------------------------------------------------

def test_the_distance_table_is_the_texts():
    """"sexuality -> power: 3 ... sexuality -> money: 7 ... sexuality -> force: 8 ... money ->
    sexuality: 3 ... money -> power: 6 ... money -> force: 9 ... power -> money: 3 ... power ->
    sexuality: 5 ... power -> force: 10 ... force -> power: 3 ... force -> money: 6 ... force ->
    sexuality: 9\""""
    assert DISTANCES == {"hearts-clubs": 3, "hearts-diamonds": 7, "hearts-spades": 8, "diamonds-hearts": 3,
                         "diamonds-clubs": 6, "diamonds-spades": 9, "clubs-diamonds": 3, "clubs-hearts": 5,
                         "clubs-spades": 10, "spades-clubs": 3, "spades-diamonds": 6, "spades-hearts": 9}


def test_an_attack_needs_the_base_value_to_reach_the_distance():
    """"Attack can only be announced, if the base value of the attacking area reaches the distance
    of the attacking area and the target area. (For example if the attacking area is sexuality and
    the target area is force, you can only announce an attack if your beauty is at least 8.)\""""
    plain = man("Plain", hearts_base=7)
    turn = a_turn(plain, man("John"))
    attack(turn, plain, Attack("John", "hearts", "spades", Want(OTHER, text="an escort")), 1)
    assert refused(turn) == "your beauty is 7: an attack with hearts (sexuality) for spades (force) needs 8"
    fair = man("Fair", hearts_base=8)
    turn = a_turn(fair, man("John"), dice=SeededDice(1))
    attack(turn, fair, Attack("John", "hearts", "spades", Want(OTHER, text="an escort")), 1)
    assert conflict(turn)


def test_won_on_another_area_raises_its_efficiency_and_base():
    """"If they aren't the same, the efficiency of the target area is raised by the difference and
    the base value is raised to that of the attacked character. If lower, it is raised by 1.\""""
    for mine, theirs, after in ((2, 6, 6), (7, 6, 8)):
        ch = man("A", hearts_base=9, hearts_efficiency=10, diamonds_base=mine, diamonds_efficiency=1)
        turn = a_turn(ch, man("B", diamonds_base=theirs), dice=ScriptedDice(rolls_for(deck("2h", "3h", "4h", "5h",
                                                                                            "2c"))),
                      tactics={"A": Tactics(compare_at=0)})
        attack(turn, ch, Attack("B", "hearts", "diamonds", Want(OTHER, text="x")), 1)
        margin = conflict(turn).data["margin"]
        assert margin == 10 - theirs
        assert ch.get("conflict.diamonds.efficiency") == 1 + margin
        assert ch.get("conflict.diamonds.base") == after
        assert [e.field for e in turn.ledger] == ["conflict.diamonds.efficiency", "conflict.diamonds.base"]


def test_won_on_the_same_area_raises_its_reward():
    """"If the attacking and target areas are the same, the reward of the area is raised by the
    difference." "(For example if the attacking area and the target area are equally sexuality,
    than the joy value will be increased if the attacker succeeds.)\""""
    ch = man("A", hearts_efficiency=10)
    turn = a_turn(ch, man("B", hearts_base=3), dice=ScriptedDice(rolls_for(deck("2s", "3s", "4s", "5s", "2c"))),
                  tactics={"A": Tactics(compare_at=0)})
    attack(turn, ch, Attack("B", "hearts", "hearts", Want(OTHER, text="a kiss")), 1)
    assert ch.get("conflict.hearts.reward") == 10 - 3
    assert ch.get("conflict.hearts.efficiency") == 10


def test_areas_set_once_from_the_sheet_or_rolled():
    """Not in the text (it was written for other games): each man's base values and efficiencies
    are set his first month, from his En Garde! sheet where it says something, else rolled on a
    d10 (the setting ``conflict_areas``), through the ledger."""
    ch = Character("Athos", social_level=9, crowns=350, strength=13, expertise=8)
    turn = a_turn(ch, dice=ScriptedDice([6, 7, 4]))
    set_areas(turn, ch)
    assert {k: v for k, v in ch.counters.items()} == {
        "conflict.hearts.base": 6, "conflict.hearts.efficiency": 7, "conflict.diamonds.base": 4,
        "conflict.diamonds.efficiency": 4, "conflict.clubs.base": 5, "conflict.clubs.efficiency": 5,
        "conflict.spades.base": 7, "conflict.spades.efficiency": 4}
    assert has_areas(ch) and all(e.rule == "Social conflict (house rule)" for e in turn.ledger)
    set_areas(turn, ch)  # once only
    assert len(turn.ledger) == 8
    rolled = a_turn(Character("X"), dice=ScriptedDice(list(range(1, 9))), conflict_areas="rolled")
    assert sorted(starting(rolled, rolled.characters["X"]).values()) == list(range(1, 9))


# -- in the campaign: where, what he wants, secrets --------------------------------------------------------

def test_the_target_is_found_where_the_attacker_may_follow():
    """Not in the text ("a character in the same place"): the attacker finds him where he spent
    the week if he may go there (a club only if a member), at his lodgings if he went nowhere."""
    a, b = man("A", hearts_base=9), man("B")
    turn = a_turn(a, b)
    turn.be_at(1, "club:Hunter's", "B")
    attack(turn, a, Attack("B", "hearts", "clubs", Want(FAVOUR)), 1)
    assert refused(turn) == "B spent the week where A could not follow him"
    a.club = "Hunter's"
    turn = a_turn(a, b, dice=SeededDice(2))
    turn.be_at(1, "club:Hunter's", "B")
    attack(turn, a, Attack("B", "hearts", "clubs", Want(FAVOUR)), 1)
    assert conflict(turn).data["place"] == "Hunter's" and turn.is_at(1, "club:Hunter's", "A")
    turn = a_turn(a, b, dice=SeededDice(2))
    attack(turn, a, Attack("B", "hearts", "clubs", Want(FAVOUR)), 1)
    assert conflict(turn).data["place"] == "B's lodgings"
    turn = a_turn(a, b, conflict_at_lodgings=False)
    attack(turn, a, Attack("B", "hearts", "clubs", Want(FAVOUR)), 1)
    assert refused(turn) == "B was not to be found"


def won(want: Want, b_crowns: int = 300, world: World | None = None, target: str = "diamonds"):
    """A conflict A wins over B (A's efficiency 10 against a face-down 2)."""
    a, b = man("A", crowns=50, hearts_base=9, hearts_efficiency=10), man("B", crowns=b_crowns, diamonds_base=1,
                                                                         hearts_base=1, clubs_base=1)
    turn = a_turn(a, b, world=world, dice=ScriptedDice(rolls_for(deck("3s", "4s", "5s", "6s", "2c"))),
                  tactics={"A": Tactics(compare_at=0)})
    attack(turn, a, Attack("B", "hearts", target, want), 2)
    assert conflict(turn).data["end"] == "won"
    return turn, a, b


def test_a_loan_won_is_lent_as_the_loans_rules_keep_one():
    """"The attacked character is willing to do what the attacking character wants him/her to do":
    a loan of N crowns is lent at once (a loan between gentlemen, no interest, in the loans rules'
    book), through the ledger."""
    turn, a, b = won(Want(LOAN, amount=100))
    assert (a.crowns, b.crowns) == (150, 200)
    loan = turn.world.loans[0]
    assert (loan.borrower, loan.lender, loan.amount, loan.interest_percent) == ("A", "B", 100, 0)
    assert a.get(f"debt.{loan.number}") == 100 and b.get(f"lent.{loan.number}") == 100
    short, a, b = won(Want(LOAN, amount=100), b_crowns=30)
    assert (a.crowns, b.crowns) == (80, 0)
    ob = short.world.part("social_conflict").conflict_obligations
    assert [o.want for o in ob] == ["a loan of 100 crowns (he had only 30 crowns to lend)"]


def test_a_promise_to_withdraw_from_courting_is_kept_by_the_weeks():
    """A won conflict obliges the target to withdraw from courting the mistress named: he is no
    longer among her suitors this month and the next (``promise_months``); what he paid is spent."""
    world = World(mistresses=[Mistress(4, "Ninon", 10)])
    turn, a, b = won(Want(WITHDRAW, mistress="Ninon"), world=world, target="hearts")
    promise = turn.world.part("social_conflict").conflict_promises[0]
    assert (promise.promiser, promise.mistress, promise.until) == ("B", "Ninon", "1607-05")
    turn.fact("B")[FACT_COURTING] = {2: (4, 0, 20), 3: (4, 0, 20)}
    keep_promises(turn, 3)
    assert turn.fact("B")[FACT_COURTING] == {2: (4, 0, 20)}
    assert [e.data["mistress"] for e in turn.events if e.code == "social-conflict-promise-kept"] == ["Ninon"]
    drop_promises(turn)
    assert turn.world.part("social_conflict").conflict_promises  # binds May too
    turn.month = GameMonth(1607, 5)
    drop_promises(turn)
    assert not turn.world.part("social_conflict").conflict_promises


def test_what_the_rules_cannot_enforce_waits_for_the_gm():
    """A favour, or anything else asked, is recorded for the GM (``engarde conflict list``) and
    both are told."""
    turn, a, b = won(Want(FAVOUR, text="a word with the Cardinal"), target="clubs")
    turn2, *_ = won(Want(OTHER, text="his horse"), target="clubs")
    assert [(o.debtor, o.creditor, o.kind, o.want)
            for o in turn.world.part("social_conflict").conflict_obligations] == [
        ("B", "A", "favour", "a favour: a word with the Cardinal")]
    assert turn2.world.part("social_conflict").conflict_obligations[0].kind == "other"
    assert any(e.code == "social-conflict-obliged" and e.characters == ("B", "A") for e in turn.events)


def test_an_exposed_secret_is_about_its_player_and_held_by_his_opponent():
    """"This is a secret Player B writes on his character sheet. ("Jessica's secret of Hearts:
    Jessica misses to have a man on her side.") John now knows this and can use it later": a new
    secret in the shared module, about the man who let it slip, its card held by the other."""
    a, b = man("A", hearts_base=9, hearts_efficiency=10), man("B")
    turn = a_turn(a, b, dice=ScriptedDice(rolls_for(deck("kd", "3s", "4s", "5s", "2c"))),
                  tactics={"A": Tactics(compare_after=1, face_cards=PLAY)})
    attack(turn, a, Attack("B", "hearts", "clubs", Want(FAVOUR)), 1)
    secrets = turn.world.part("secrets")
    (secret,) = secrets.secrets.values()
    assert (secret.about, secret.area, secret.value) == ("A", "diamonds", 4)  # a King's
    assert secret.text == "A is far poorer than he lets it seem"
    assert [c.holder for c in secrets.copies.values()] == ["B"]


# -- the orders ------------------------------------------------------------------------------------------

def read(text: str) -> object:
    action = clean_action(text)
    m = ATTACK.pattern.fullmatch(action)
    assert m is not None, action
    return ATTACK.read(m, Reading(known=Known()))


def test_the_attack_order_names_areas_and_what_he_wants():
    """"Every attack has an attacking area and a target area" and the attacker declares what he wants."""
    assert read("Win over Athos with hearts for money: a loan of 200 crowns") == Attack(
        "Athos", "hearts", "diamonds", Want(LOAN, amount=200))
    assert read("Sway Porthos using power for force: that he stand by me in the street") == Attack(
        "Porthos", "clubs", "spades", Want(OTHER, text="that he stand by me in the street"))
    assert read("social conflict with Aramis with charm: withdraw from courting Ninon") == Attack(
        "Aramis", "hearts", "hearts", Want(WITHDRAW, mistress="Ninon"))
    assert read("persuade Athos with spades: a favour") == Attack("Athos", "spades", "clubs", Want(FAVOUR))
    # a want the rules cannot carry out is taken whole, and the confirmation says the GM rules on it
    r = Reading(known=Known())
    ATTACK.read(ATTACK.pattern.fullmatch("Sway Porthos using power for force: his horse"), r)
    assert r.notes == ["what he wants, 'his horse', is none the rules carry out (a loan of N crowns, withdrawing "
                       "from courting a mistress, a favour): if he wins, the GM rules on it"]


def test_a_bad_attack_order_says_what_is_wrong():
    for text, message in (("Win over Athos with wine for money: x", "'wine' is no area"),
                          ("Win over Athos with hearts for money", "Write it after a colon"),
                          ("Win over Athos: a loan of 5 crowns", "with which area"),
                          ("Win over Athos with hearts: his horse", "for which area"),
                          ("Win over Athos with hearts: a loan of -5 crowns", "cannot be negative")):
        got = read(text)
        assert isinstance(got, ErrorRecord) and message in got.message, (text, got)


def tactics_of(text: str) -> tuple[Tactics | None, list[ErrorRecord]]:
    sheet = OrderSheet(source="t.txt", character="Athos")
    ctx = SheetContext(sheet)
    reader = TacticsLines(ctx)
    block = None
    for number, line in enumerate(text.splitlines(), start=1):
        if block is not None:
            if not block.line(number, line.strip(), line):
                block = None
            continue
        took, got = reader.read(number, line.strip())
        block = got if took else None
    if block is not None:
        block.unended()
    return sheet.standing.of(ConflictStanding).tactics, sheet.errors


def test_the_tactics_block_and_its_one_line_form():
    """The sides' written tactics: "which cards to play, when to compare, when to retreat or escape"."""
    got, errors = tactics_of("Conflict tactics:\nCompare at 20\nRetreat after 6 cards\nFace-down card: longest suit\n"
                             "Escape after 5 cards\nFace cards: play\nAces: avoid\nEnd of tactics")
    assert not errors
    assert got == Tactics(20, None, 6, "longest suit", None, 5, "play", "avoid")
    one, errors = tactics_of("Conflict tactics: " + "; ".join(got.describe()))
    assert one == got and not errors


def test_each_bad_tactics_line_is_one_error_with_its_line():
    got, errors = tactics_of("Conflict tactics:\nCompare at twenty-ish\nDance a jig\nCompare at 3\nCompare at 4\n"
                             "Face cards: perhaps\nEnd of tactics")
    assert [(e.line, e.code) for e in errors] == [(2, "E_BAD_TACTIC"), (3, "E_BAD_TACTIC"), (5, "E_BAD_TACTIC"),
                                                  (6, "E_BAD_TACTIC")]
    assert "a second 'compare at' line" in errors[2].message
    assert got == Tactics(compare_at=3)
    _, errors = tactics_of("Conflict tactics:\nCompare at 3")
    assert [(e.line, e.code) for e in errors] == [(1, "E_TACTICS_UNENDED")]


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=80))
def test_random_tactics_lines_never_raise_and_are_read_or_reported(text):
    """Property: any line is a tactic or an error, never an exception."""
    got = tactic_line(text)
    assert isinstance(got, (ErrorRecord, tuple))


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=80))
def test_random_attack_orders_never_raise(text):
    """Property: any words after the verb make an order or an error naming them."""
    action = clean_action("Win over " + text)
    m = ATTACK.pattern.fullmatch(action)
    if m is not None:
        got = ATTACK.read(m, Reading(known=Known()))
        assert isinstance(got, (Attack, ErrorRecord))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.text(max_size=40), max_size=8))
def test_random_tactics_blocks_report_every_line_not_read(lines):
    """Property: in a tactics block every line is a tactic kept or an error on its own line."""
    text = "Conflict tactics:\n" + "\n".join(x.replace("\r", " ").replace("\n", " ") for x in lines) + "\nEnd of tactics"
    got, errors = tactics_of(text)
    assert got is not None
    bad = {e.line for e in errors}
    for number, line in enumerate(text.splitlines()[1:-1], start=2):
        if line.strip() and not re.fullmatch(r"(?i)\s*(?:the\s+)?end\s+.*", line):
            assert isinstance(tactic_line(line), tuple) or number in bad


# -- the month through the CLI --------------------------------------------------------------------------

CAMPAIGN = """\
[campaigns.test]
name = "Test"
first_month = "April 1607"
seed = "{seed}"
database = "sqlite:///test.sqlite"
orders = "mail"
house_rules = ["social_conflict"]
"""


def campaign(tmp_path: Path, sheets: dict[str, str], house: bool = True, seed: str = "conflict"):
    (tmp_path / "mail").mkdir()
    for name, text in sheets.items():
        (tmp_path / "mail" / f"{name.lower()}.txt").write_text(text)
    config = tmp_path / "campaigns.toml"
    text = CAMPAIGN.format(seed=seed)
    config.write_text(text if house else text.replace('house_rules = ["social_conflict"]\n', ""))
    run = cli(config)
    run("init")
    for name, sl, crowns in (("Aramis", 6, 200), ("Athos", 8, 300), ("Porthos", 7, 250)):
        run("character", "create", name, "--given", "--player", name, "--email", f"{name.lower()}@example.org",
            "--sl", str(sl), "--crowns", str(crowns), "--allowance", "0", "--strength", "10",
            "--constitution", "10", "--expertise", "10", "--ma", "3", "--password", "secret")
    return run


def test_the_sample_sheets_play_a_conflict_through_the_cli(tmp_path):
    """The sample order sheets (tests/data/social_conflict) play a month: the areas are set, the
    conflict is played, the audit agrees, each report shows what its man saw, the gazette only the
    public outcome."""
    run = campaign(tmp_path, {"Aramis": (DATA / "attacker.txt").read_text(),
                              "Athos": (DATA / "defender.txt").read_text()})
    checked = run("orders", "check", str(tmp_path / "mail" / "aramis.txt"))
    assert "Week 2: Win over Athos with hearts (sexuality) for diamonds (money): a loan of 100 crowns" in checked
    assert "Every line was understood" in checked
    assert "2 accepted" in run("orders", "ingest")
    run("turn", "run")
    assert "agree with their ledgers" in run("audit")
    sheet = json.loads(run("sheet", "Aramis", "--json"))
    fields = {e["field"] for e in sheet["ledger"]}
    assert {"conflict.hearts.base", "conflict.spades.efficiency"} <= fields
    run("gazette", "--no-pdf")
    html = (tmp_path / "newsletters" / "test" / "1607-04.html").read_text()
    reports = tmp_path / "newsletters" / "test" / "reports" / "1607-04"
    aramis, athos = (reports / "aramis.html").read_text(), (reports / "athos.html").read_text()
    porthos = (reports / "porthos.html").read_text()
    assert "You tried to win over" in aramis and "tried to win you over" in athos
    assert "win over" not in porthos and "win you over" not in porthos and "Your Areas" in aramis
    # the gazette: the outcome of a comparison, never a card
    assert "In Society" in html
    assert not re.search(r"(?:\d+|Jack|Queen|King|Ace) of (?:hearts|diamonds|clubs|spades)", html)


def test_a_retreat_keeps_the_face_down_card_and_an_escape_the_intent(tmp_path):
    """What each saw: the attacker who retreats never sees the face-down card ("discarding the
    attacked player's secretly played card without turning it over or looking at it"); the
    defender never learns what was wanted unless it was shown; nothing is in the gazette."""
    sheets = {
        "Aramis": "Character: Aramis\nPassword: secret\nWeek 1: Win over Athos with hearts for money: a loan of "
                  "100 crowns\nWeek 2: rest\nWeek 3: rest\nWeek 4: rest\nConflict tactics: retreat after 0 cards\n",
        "Athos": "Character: Athos\nPassword: secret\nWeek 1: rest\nWeek 2: rest\nWeek 3: rest\nWeek 4: rest\n",
    }
    run = campaign(tmp_path, sheets)
    run("orders", "ingest")
    run("turn", "run")
    run("gazette", "--no-pdf")
    reports = tmp_path / "newsletters" / "test" / "reports" / "1607-04"
    aramis, athos = (reports / "aramis.html").read_text(), (reports / "athos.html").read_text()
    assert "He laid a card face down.</li>" in aramis and "You retreated" in aramis
    assert re.search(r"You laid the .+ face down", athos) and "He retreated" in athos
    if "intent was plain" not in athos:
        assert "a loan of 100 crowns" not in athos
    assert "In Society" not in (tmp_path / "newsletters" / "test" / "1607-04.html").read_text()


def test_the_gm_lists_and_settles_what_is_owed(tmp_path):
    """``engarde conflict list`` and ``settle``: what the rules cannot carry out, for the GM (the
    seed "s0" deals Aramis the win)."""
    sheets = {"Aramis": "Character: Aramis\nPassword: secret\nWeek 1: Win over Athos with hearts for power: a "
                        "favour at court\nWeek 2: rest\nWeek 3: rest\nWeek 4: rest\n"
                        "Conflict tactics: compare at 12\n"}
    run = campaign(tmp_path, sheets, seed="s0")
    run("orders", "ingest")
    run("turn", "run", "--force")
    assert "You won him over" in run("report", "Aramis")
    listed = json.loads(run("conflict", "list", "--json"))
    assert [(o["number"], o["debtor"], o["creditor"], o["want"]) for o in listed] == [
        (1, "Athos", "Aramis", "a favour: at court")]
    assert "You owe Aramis: a favour: at court (the GM rules on it, number 1)" in run("report", "Athos")
    assert "settled: spoke for him" in run("conflict", "settle", "1", "spoke for him")
    assert "Nothing is owed" in run("conflict", "list")
    assert len(json.loads(run("conflict", "list", "--all", "--json"))) == 1
    assert "obligation 1 was settled already" in run("conflict", "settle", "1", "again", code=2)
    assert "no obligation number 9" in run("conflict", "settle", "9", "x", code=2)


def test_switched_off_its_words_are_refused(tmp_path):
    """Without ``house_rules = ["social_conflict"]`` the attack is refused by name."""
    run = campaign(tmp_path, {"Aramis": (DATA / "attacker.txt").read_text()}, house=False)
    out = run("orders", "check", str(tmp_path / "mail" / "aramis.txt"), code=1)
    assert "the social_conflict house rule is not in use in this campaign" in out



def test_turn_undo_keeps_the_gms_rulings():
    """Not in the text: ``turn undo`` restores the state before the month, but an obligation the
    GM settled since keeps his note (his ruling is not the month's to undo)."""
    before = SocialConflictState([Obligation(1, "1607-04", 2, "B", "A", "favour", "a favour")]).to_dict()
    now = SocialConflictState([Obligation(1, "1607-04", 2, "B", "A", "favour", "a favour", settled="done"),
                               Obligation(2, "1607-05", 1, "C", "A", "other", "his horse")]).to_dict()
    kept = SocialConflictState.from_dict(undo(before, now))
    assert [(o.number, o.settled) for o in kept.conflict_obligations] == [(1, "done")]
    assert Registry.build(("social_conflict",)).module("social_conflict").undo is undo


def test_the_readmes_attack_and_tactics_read_whole():
    """The README's and the players' guide's samples (the attack, the tactics block, the tactics
    on one line) are read without an error, in a campaign with the house rule."""
    root = Path(__file__).parent.parent
    for doc, heading in ((root / "README.md", "#### Social conflict\n"),
                         (root / "orders" / "README.md", "## Social conflict")):
        section = doc.read_text(encoding="utf-8").split(heading, 1)[1]
        attack = re.search(r"`(Week 2: Win over Athos[^`]*)`", section).group(1)
        block = section.split("```\n", 2)[1]
        one_line = re.search(r"`(Conflict tactics: [^`]*)`", section)
        text = "\n".join(["Character: Aramis", "Password: x", "Week 1: Rest", attack, "Week 3: Rest", "Week 4: Rest",
                          block] + ([one_line.group(1)] if one_line else []))
        sheet = parse_sheet(text, "t.txt", Registry.build(("social_conflict",)))
        assert sheet.errors == [], (doc, sheet.errors)
        assert isinstance(sheet.weeks[2], Attack) and sheet.weeks[2].whom == "Athos"


# -- what mutation testing found unpinned (docs/rules-coverage.md, "Mutation testing") ---------------

def test_the_face_down_card_chosen_lowest_highest_longest_or_of_a_suit():
    """"The attacked player has to play a card secretly ... So it can be wise strategically to play
    a low card."  Choice (his tactics): the lowest, the highest, the highest of his longest suit, or
    the highest of a named suit (none of it: the lowest); equal cards go by the suits' order,
    hearts, diamonds, clubs, spades."""
    hand = [card(x) for x in ("9s", "2c", "2h", "9h", "ks", "kh")]
    assert str(engine.choose_secret(hand, "lowest")) == "2 of hearts"
    assert str(engine.choose_secret(hand, "highest")) == "King of hearts"
    assert str(engine.choose_secret(hand, "clubs")) == "2 of clubs"
    assert str(engine.choose_secret(hand, "diamonds")) == "2 of hearts"  # none of diamonds: the lowest
    tied = [card(x) for x in ("3h", "5s", "9h", "7s")]  # two hearts, two spades: hearts first
    assert str(engine.choose_secret(tied, "longest suit")) == "9 of hearts"
    longer = [card(x) for x in ("3h", "5s", "9h", "7s", "2s")]
    assert str(engine.choose_secret(longer, "longest suit")) == "7 of spades"


def test_the_open_card_of_equal_worth_and_rank_goes_by_the_suits_order():
    """"The numbers count as face value if trump and 1 if not": two fives not trump are worth the
    same; the one played is the first in the suits' order (choice)."""
    assert str(engine.choose_card([card(x) for x in ("5s", "5h", "3c", "2c")], "diamonds", Tactics())) == "5 of hearts"


def test_the_defender_plays_for_his_own_trump():
    """"The suit of this card will serve as the defender's trump later": his open cards are chosen
    by what they add to his defence, his trump's cards at face value."""
    result = engine.play(1, 1, "hearts", Tactics(compare_after=1), Tactics(secret_card="lowest"),
                         deck("2h", "3h", "4h", "5h", "3s", "9d", "8d", "4s", "2c"), most_cards=8)
    assert [str(m.card) for m in result.moves if m.side == "defender" and m.act == "play"] == ["4 of spades"]
    assert (result.trump, result.defence) == ("spades", 3 + 4)


def test_the_attacker_compares_once_his_rating_reaches_the_mark():
    """"The attacker can choose to compare": by mail his tactics say when, at a rating; reached
    exactly is reached."""
    result = engine.play(5, 1, "hearts", Tactics(compare_at=5), JOHN, deck(), most_cards=8)
    assert [m.act for m in result.moves] == ["secret", "compare"] and result.attack == 5


def test_a_retreat_and_an_escape_are_recorded_with_the_ratings():
    """"The attacker can choose to retreat ... If the attacked player chooses to escape": the record
    keeps who ended it and the ratings as they stood."""
    retreat = engine.play(5, 1, "hearts", Tactics(retreat_after=0), JOHN, deck("2h", "3h", "4h", "5h", "2c"),
                          most_cards=8)
    assert retreat.moves[-1] == engine.Move("attacker", "retreat", None, 5, 2)
    escape = engine.play(5, 1, "hearts", Tactics(compare_at=99), Tactics(escape_after=1),
                         deck("2h", "3h", "4h", "5h", "2c"), most_cards=8)
    assert escape.moves[-1] == engine.Move("defender", "escape", None, 10, 2)


def test_a_short_deck_says_it_ran_out():
    """Not in the text: a deck shorter than the table's (only a test's) runs out, and says so."""
    with pytest.raises(engine.DeckExhausted, match="^the deck ran out$"):
        engine.play(0, 1, "hearts", Tactics(compare_after=3), JOHN, [card(x) for x in ("2h", "3h", "4h", "5h",
                                                                                       "2c", "3c", "4c", "5c")],
                    most_cards=8)


def test_a_dead_man_cannot_be_attacked():
    """"a character in the same place": a dead man is in none."""
    a, b = man("A", hearts_base=9), man("B")
    b.state = DEAD
    turn = a_turn(a, b)
    attack(turn, a, Attack("B", "hearts", "clubs", Want(FAVOUR)), 1)
    assert refused(turn) == "B is not among the living of this campaign"
    [ev] = [e for e in turn.events if e.code == "social-conflict-refused"]
    assert ev.public is False and ev.week == 1 and ev.data["order"]


def test_a_lost_conflict_raises_nothing_and_its_news_says_so():
    """"If the defense rating isn't exceeded by the attack rating, than the attack didn't succeed":
    nothing is raised; (not in the text) the gazette tells a comparison, won or lost."""
    a, b = man("A", hearts_base=9, hearts_efficiency=1), man("B", diamonds_base=9)
    turn = a_turn(a, b, dice=ScriptedDice(rolls_for(deck("2s", "3s", "4s", "5s", "2c"))),
                  tactics={"A": Tactics(compare_at=0)})
    attack(turn, a, Attack("B", "hearts", "diamonds", Want(FAVOUR)), 2)
    data = conflict(turn).data
    assert data["end"] == "lost" and data["gains"] == []
    assert not any(e.field.startswith("conflict.") for e in turn.ledger)
    assert not turn.world.part("social_conflict").conflict_obligations
    [news] = [e for e in turn.events if e.code == "social-conflict-news"]
    assert news.public and news.data == {"won": False, "place": "B's lodgings"}


def test_a_won_conflict_is_recorded_whole():
    """"The attacked character is willing to do what the attacking character wants": the record
    keeps the values played with, every move, and that a comparison shows the intent; the news
    says he won."""
    turn, a, b = won(Want(FAVOUR, text="x"))
    event = conflict(turn)
    data = event.data
    assert event.public is False and event.week == 2
    assert (data["efficiency"], data["efficiency_name"], data["floor"], data["floor_name"]) == (10, "charm", 1, "wealth")
    assert data["moves"][-1] == {"side": "attacker", "act": "compare", "card": None, "attack": 10,
                                 "defence": data["defence"], "shows": None}
    assert data["secret"] == data["moves"][0]["card"] and data["intent_shown"] is True
    assert data["gains"] == [{"name": "luck", "delta": data["margin"], "now": 5 + data["margin"]},
                             {"name": "wealth", "delta": 1, "now": 6}]
    [news] = [e for e in turn.events if e.code == "social-conflict-news"]
    assert news.data == {"won": True, "place": "B's lodgings"}


def test_won_against_an_equal_base_value_raises_it_by_one():
    """"the base value is raised to that of the attacked character. If lower, it is raised by 1":
    not lower than his, equal, it is raised by 1 (choice: raised to his would raise nothing)."""
    ch = man("A", hearts_base=9, hearts_efficiency=10, diamonds_base=6, diamonds_efficiency=1)
    turn = a_turn(ch, man("B", diamonds_base=6), dice=ScriptedDice(rolls_for(deck("2h", "3h", "4h", "5h", "2c"))),
                  tactics={"A": Tactics(compare_at=0)})
    attack(turn, ch, Attack("B", "hearts", "diamonds", Want(OTHER, text="x")), 1)
    assert ch.get("conflict.diamonds.base") == 7


def test_a_man_who_wrote_no_tactics_compares_at_the_campaigns_mark():
    """Not in the text: the attacker who wrote no comparison compares once his rating reaches
    default_compare_at (15)."""
    a, b = man("A", hearts_base=9, hearts_efficiency=15), man("B")
    turn = a_turn(a, b, dice=SeededDice(3))
    attack(turn, a, Attack("B", "hearts", "clubs", Want(FAVOUR)), 1)
    assert [m["act"] for m in conflict(turn).data["moves"]] == ["secret", "compare"]


def test_a_loan_from_a_penniless_man_or_one_of_a_crown():
    """"The attacked character is willing to do what the attacking character wants": he lends what
    he has; a man with nothing lends nothing (the GM is told), a man with one crown lends it; a loan
    lent whole leaves the GM nothing to rule."""
    turn, a, b = won(Want(LOAN, amount=100), b_crowns=0)
    assert not turn.world.loans and a.crowns == 50
    assert [o.want for o in turn.world.part("social_conflict").conflict_obligations] == [
        "a loan of 100 crowns (he had only 0 crowns to lend)"]
    one, a, b = won(Want(LOAN, amount=100), b_crowns=1)
    assert [loan.amount for loan in one.world.loans] == [1] and (a.crowns, b.crowns) == (51, 0)
    whole, a, b = won(Want(LOAN, amount=100))
    assert not whole.world.part("social_conflict").conflict_obligations
    loan = whole.world.loans[0]
    assert (loan.number, loan.taken, loan.principal) == (1, "1607-04", 100)
    entries = [(e.character, e.field, e.delta, e.week, e.rule) for e in whole.ledger if not e.field.startswith("conflict")]
    assert entries == [("B", "crowns", -100, 2, "Social conflict (house rule)"),
                       ("B", "lent.1", 100, 2, "Social conflict (house rule)"),
                       ("A", "crowns", 100, 2, "Social conflict (house rule)"),
                       ("A", "debt.1", 100, 2, "Social conflict (house rule)")]
    assert all(e.reason for e in whole.ledger)
    [ob] = [e for e in whole.events if e.code == "social-conflict-obliged"]
    assert ob.public is False and ob.week == 2 and ob.data == {"kind": "loan", "lent": 100, "asked": 100, "loan": 1}


def test_a_withdrawal_from_no_courtship_or_his_own_mistress_waits_for_the_gm():
    """The rules can enforce a withdrawal only from a courtship: no such mistress, or his own
    mistress (the GM rules), is recorded for the GM; a promise is recorded whole."""
    turn, a, b = won(Want(WITHDRAW, mistress="Nobody"), target="hearts")
    [ob] = turn.world.part("social_conflict").conflict_obligations
    assert (ob.kind, ob.want, ob.month, ob.week) == ("withdraw", "that he withdraw from courting Nobody (no such courtship)",
                                                     "1607-04", 2)
    [ev] = [e for e in turn.events if e.code == "social-conflict-obliged"]
    assert ev.public is False and ev.data == {"kind": "gm", "want": ob.want, "number": ob.number}
    world = World(mistresses=[Mistress(4, "Ninon", 10, lover="B")])
    kept, *_ = won(Want(WITHDRAW, mistress="Ninon"), world=world, target="hearts")
    assert [o.want for o in kept.world.part("social_conflict").conflict_obligations] == [
        "that he withdraw from courting Ninon (he keeps Ninon: the GM rules)"]
    courted, *_ = won(Want(WITHDRAW, mistress="Ninon"), world=World(mistresses=[Mistress(4, "Ninon", 10)]),
                      target="hearts")
    assert courted.world.part("social_conflict").conflict_promises[0].to == "A"
    [ev] = [e for e in courted.events if e.code == "social-conflict-obliged"]
    assert ev.public is False and ev.week == 2 and ev.data == {"kind": "withdraw", "mistress": "Ninon", "until": "1607-05"}


def test_a_promise_binds_its_last_month_and_only_her_courtship():
    """A promise to withdraw binds "this month and the next" (promise_months): in its last month
    too; a promise ended does not stop the others; courting another mistress, or not courting
    that week, is untouched."""
    world = World(mistresses=[Mistress(4, "Ninon", 10), Mistress(5, "Marion", 10)])
    turn, a, b = won(Want(WITHDRAW, mistress="Ninon"), world=world, target="hearts")
    promises = turn.world.part("social_conflict").conflict_promises
    promises.insert(0, type(promises[0])("B", "Marion", "A", "1607-03"))  # over last month
    turn.month = GameMonth(1607, 5)
    turn.fact("B")[FACT_COURTING] = {2: (5, 0, 20), 3: (4, 0, 20)}
    keep_promises(turn, 2)
    keep_promises(turn, 1)
    keep_promises(turn, 3)
    assert turn.fact("B")[FACT_COURTING] == {2: (5, 0, 20)}
    [kept] = [e for e in turn.events if e.code == "social-conflict-promise-kept"]
    assert kept.public is False and kept.week == 3 and kept.data == {"mistress": "Ninon", "to": "A"}


def test_a_mistress_house_and_the_field_are_no_meeting_places():
    """"a character in the same place": not in a mistress's house nor on the field of honour (choice);
    he is found at the next place he went."""
    a, b = man("A", hearts_base=9), man("B")
    turn = a_turn(a, b, dice=SeededDice(2))
    turn.be_at(1, "mistress:Ninon", "B")
    turn.be_at(1, "bawdyhouse", "B")
    attack(turn, a, Attack("B", "hearts", "clubs", Want(FAVOUR)), 1)
    assert conflict(turn).data["place"] == "the bawdyhouse"


def test_an_exposed_secret_says_how_and_the_next_of_its_area_says_more():
    """"one of the attacked character's secrets in the area of his/her trump is uncovered": each new
    secret of a man's area tells the next of the table's texts; its card says how it slipped out."""
    a, b = man("A", hearts_base=9, hearts_efficiency=1), man("B")
    turn = a_turn(a, b, dice=ScriptedDice(rolls_for(deck("2h", "3h", "4h", "5h", "2s"))),
                  tactics={"A": Tactics(compare_at=99), "B": Tactics(secret_card="spades", escape_after=1)})
    secrets = turn.world.part("secrets")
    from engarde.house.secrets.hands import new_secret
    new_secret(secrets, "A", "spades", 1, "A's own", holder="B", how="x", month="1607-04")
    new_secret(secrets, "B", "hearts", 1, "B's heart", holder="A", how="x", month="1607-04")
    attack(turn, a, Attack("B", "hearts", "clubs", Want(FAVOUR)), 1)
    made = secrets.secrets[3]
    assert (made.about, made.area, made.value, made.text) == ("B", "spades", 3, "B is afraid of the dark streets at night")
    card = next(c for c in secrets.copies.values() if c.secret == 3)
    assert (card.holder, card.how, card.month) == ("A", "a social conflict in week 1: B's flat refusal gave it away",
                                                   "1607-04")
    assert conflict(turn).data["exposed"] == [{"about": "B", "holder": "A", "area": "spades", "value": 3,
                                               "text": made.text, "why": "escape", "card": None}]
    new_secret(secrets, "B", "spades", 1, "again", holder="A", how="x", month="1607-04")
    again = a_turn(a, b, dice=ScriptedDice(rolls_for(deck("2h", "3h", "4h", "5h", "2s"))), world=turn.world,
                   tactics={"A": Tactics(compare_at=99), "B": Tactics(secret_card="spades", escape_after=1)})
    attack(again, a, Attack("B", "hearts", "clubs", Want(FAVOUR)), 1)
    assert secrets.secrets[5].text == "B was thrashed by a carter and never told"  # the third: two told before


def test_areas_from_the_sheet_halve_rounding_up_and_say_how():
    """Not in the text: physique is Strength halved and wildness Expertise halved, rounded up;
    wealth 1 + crowns / crowns_per_wealth; each roll a d10 named for what it sets, each entry
    saying where it came from; a man whose beauty is 1 has his areas already."""
    ch = Character("Athos", social_level=9, crowns=0, strength=10, expertise=7)
    registry = Registry.build(("social_conflict",), tables={"social_conflict": {"crowns_per_wealth": 1}})
    turn = Turn(APRIL, {"Athos": ch}, ScriptedDice([1, 7, 4]), registry.tables, world=World(), registry=registry)
    set_areas(turn, ch)
    assert (ch.get(counter("spades", "base")), ch.get(counter("spades", "efficiency"))) == (5, 4)
    assert ch.get(counter("diamonds", "base")) == 1
    assert [(r.reason, r.sides) for r in turn.dice.log] == [
        ("social conflict: Athos's beauty", 10), ("social conflict: Athos's charm", 10),
        ("social conflict: Athos's luck", 10)]
    assert turn.ledger[0].reason == "his beauty (from his sheet)"
    assert has_areas(ch)
    set_areas(turn, ch)
    assert len(turn.ledger) == 8
    rolled = a_turn(Character("X"), dice=ScriptedDice(list(range(1, 9))), conflict_areas="rolled")
    set_areas(rolled, rolled.characters["X"])
    assert rolled.ledger[0].reason == "his beauty (rolled)" and rolled.dice.log[0].reason == "social conflict: X's beauty"


def test_a_man_away_from_paris_cannot_be_found():
    """"a character in the same place": a man away from Paris (on campaign: the modules' away
    checks) is in no place the attacker can reach that week."""
    a, b = man("A", hearts_base=9), man("B")
    turn = a_turn(a, b, dice=SeededDice(2))
    turn.registry.away = (lambda turn, ch, week: week == 1,)
    attack(turn, a, Attack("B", "hearts", "clubs", Want(FAVOUR)), 1)
    assert refused(turn) == "B was away from Paris"
    attack(turn, a, Attack("B", "hearts", "clubs", Want(FAVOUR)), 2)
    assert conflict(turn).data["place"] == "B's lodgings"
    assert turn.dice.log[0].reason == "social conflict of A with B: shuffling the deck"


def test_a_face_card_exposure_names_its_card_and_a_loan_the_gm_rules_is_a_loan():
    """"If you play a Jack, a Queen or a King ... you expose a secret": the record names the card.
    A loan not lent whole waits for the GM as a loan."""
    a, b = man("A", hearts_base=9, hearts_efficiency=10), man("B")
    turn = a_turn(a, b, dice=ScriptedDice(rolls_for(deck("kd", "3s", "4s", "5s", "2c"))),
                  tactics={"A": Tactics(compare_after=1, face_cards=PLAY)})
    attack(turn, a, Attack("B", "hearts", "clubs", Want(FAVOUR)), 1)
    assert [(e["why"], e["card"]) for e in conflict(turn).data["exposed"]] == [("face card", "King of diamonds")]
    short, *_ = won(Want(LOAN, amount=100), b_crowns=30)
    assert [o.kind for o in short.world.part("social_conflict").conflict_obligations] == ["loan"]


def test_a_promise_to_a_man_courting_no_one_keeps_itself():
    """A promise to withdraw from courting binds a man who courts no one this month: nothing to undo."""
    world = World(mistresses=[Mistress(4, "Ninon", 10)])
    turn, a, b = won(Want(WITHDRAW, mistress="Ninon"), world=world, target="hearts")
    keep_promises(turn, 3)
    assert not [e for e in turn.events if e.code == "social-conflict-promise-kept"]


def test_a_man_who_wrote_no_tactics_plays_the_campaigns_defaults():
    """Not in the text: the defender who wrote nothing lays down the campaign's default_secret_card
    and, by default, avoids face cards ("If nothing else comes to your character's mind ...
    sometimes you have to uncover a secret": he has something else)."""
    a, b = man("A", hearts_base=9, hearts_efficiency=1), man("B")
    registry = Registry.build(("social_conflict",), tables={"social_conflict": {"default_secret_card": "highest"}})
    turn = Turn(APRIL, {"A": a, "B": b}, ScriptedDice(rolls_for(deck("2h", "3h", "4h", "5h", "kc", "qc", "2d", "3d",
                                                                       "4s"))),
                registry.tables, world=World(), registry=registry)
    turn.living = ["A", "B"]
    turn.standing = {"A": Parts([ConflictStanding(Tactics(compare_after=1))])}
    attack(turn, a, Attack("B", "hearts", "clubs", Want(FAVOUR)), 1)
    moves = conflict(turn).data["moves"]
    assert moves[0]["card"] == "King of clubs"
    assert [m["card"] for m in moves if m["side"] == "defender" and m["act"] == "play"] == ["4 of spades"]


def test_no_man_wins_himself_over_nor_is_found_in_a_club_not_his():
    """"a character in the same place": a man cannot attack himself; the attacker cannot follow him
    into a club not his own, but finds him at the next place he went."""
    a, b = man("A", hearts_base=9), man("B")
    turn = a_turn(a, b, dice=SeededDice(2))
    attack(turn, a, Attack("A", "hearts", "clubs", Want(FAVOUR)), 1)
    assert refused(turn) == "a man cannot win himself over"
    turn.be_at(1, "club:Hunter's", "B")
    turn.be_at(1, "bawdyhouse", "B")
    attack(turn, a, Attack("B", "hearts", "clubs", Want(FAVOUR)), 1)
    assert conflict(turn).data["place"] == "the bawdyhouse"


def test_a_loan_won_is_lent_with_its_reasons():
    """A loan won is lent through the ledger, each entry saying why."""
    turn, a, b = won(Want(LOAN, amount=100))
    assert [e.reason for e in turn.ledger if not e.field.startswith("conflict")] == [
        "lent to A (loan 1): won over by A in a social conflict", "A owes him (loan 1, no interest)",
        "borrowed from B (loan 1), won over", "owes B (loan 1, no interest)"]


def test_a_man_found_at_a_gala_is_met_at_the_hosts_gala():
    """"a character in the same place": a gala (gala.txt) is a place like any other open to the
    attacker, and the record names it as the gazette does, the host's gala (a fix: it printed the
    whereabouts' key, "gala:Porthos")."""
    a, b = man("A", hearts_base=9), man("B")
    turn = a_turn(a, b, dice=SeededDice(2))
    turn.be_at(1, "gala:Porthos", "B")
    attack(turn, a, Attack("B", "hearts", "clubs", Want(FAVOUR)), 1)
    assert conflict(turn).data["place"] == "Porthos's gala"
