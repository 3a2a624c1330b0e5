"""e. Duelling in the month: cause, challenges, Duelling Table D, death, recovery, the Expertise trade."""

from __future__ import annotations

import json

import pytest

from engarde.calendar import MONTH_START, GameMonth
from engarde.rules.mistresses.codes import EV_CAUGHT_COURTING, EV_COURTING_FAILED
from engarde.rules.mistresses.orders import Court
from engarde.rules.mistresses.rules import FACT_COURTING
from engarde.rules.mistresses.state import Mistress
from engarde.world import World
from engarde.rules.clubs.codes import EV_CLUB_VISIT
from engarde.rules.duel.codes import (
    EV_CHALLENGE_UNMET,
    EV_INSULT,
    EV_DUEL,
    EV_DUEL_CAUSE_IGNORED,
    EV_DUEL_DEATH,
    EV_DUEL_NO_CAUSE,
    EV_DUEL_RECOVERY,
    EV_DUEL_REFUSED,
    EV_DUEL_TRADE,
)
from engarde.codes import EV_ORDER_REFUSED
from engarde.rules.practice.codes import EV_PRACTICE
from engarde.rules.status.codes import EV_SUPPORT_PAID
from engarde.dice import ScriptedDice, SeededDice
from engarde.rules.duel.orders import AnswerChallenge, Challenge
from engarde.orders import OrderSheet, Parts
from engarde.rules.duel.orders import DuelStanding, TradeOrders
from engarde.rules.bawdyhouse.orders import VisitBawdyhouse
from engarde.rules.practice.orders import Practise
from engarde.rules.clubs.orders import VisitClub
from engarde.records import Character, Event, replay
from engarde.resolve import resolve_month
from helpers import rules_registry
from engarde.registry import RegistryError
from engarde.gazette import GazetteData, render_html, render_report
from test_gazette import campaign
from engarde.rules.duel import rules as duel
from engarde.rules.duel.rules import RULE_CAUSE, RULE_RECOVERY, RULE_TABLE_D, causes, regiment_relation
from engarde.rules.regiments.tables import RegimentsTables
from engarde.turn import PendingDuel, Turn

APRIL = GameMonth(1607, 4)
LUNGER = "X L X"
YIELDS = ("surrender if endurance below 30",)


def gent(name: str, sl: int = 9, strength: int = 10, con: int = 10, exp: int = 10, endurance: int | None = None,
         **kw) -> Character:
    return Character(name, social_level=sl, crowns=500, strength=strength, constitution=con, expertise=exp,
                     endurance=strength * con if endurance is None else endurance, **kw)


def porthos_and_falstaff(**falstaff) -> list[Character]:
    """Porthos: Strength 10, Endurance 100, Expertise 12.  Falstaff: Strength 8, Endurance 80, Expertise 10."""
    return [gent("Porthos", exp=12), gent("Falstaff", strength=8, **falstaff)]


def sheets(**weeks) -> dict[str, OrderSheet]:
    return {name: OrderSheet(f"{name}.eml", name, month=APRIL, weeks=w) for name, w in weeks.items()}


def orders(**given) -> Parts:
    """Standing orders of the duel on file."""
    return Parts([DuelStanding(**given)])


def standing(falstaff: Parts | None = None) -> dict[str, Parts]:
    return {"Porthos": orders(duel_sequence=LUNGER),
            "Falstaff": falstaff or orders(duel_sequence=LUNGER, duel_conditions=YIELDS)}


# The tests of the fight, Duelling Table D and cause challenge wherever the challenged man is (the
# campaign setting ``challenges = "anywhere"``); where a challenge is fought, by the book, is tested
# below (``test_a_challenge_is_fought_where_both_are``).
ANYWHERE = rules_registry(challenges="anywhere")


def run(characters, sheets_, standing_=None, rulings=None, dice=None, registry=ANYWHERE):
    return resolve_month(APRIL, characters, sheets_, dice or SeededDice("duel"),
                         standing=standing() if standing_ is None else standing_, inputs={"duel": rulings or {}},
                         registry=registry)


def ledger(result, name: str, rule: str | None = None, fieldname: str | None = None) -> list[tuple[str, int]]:
    return [(e.field, e.delta) for e in result.ledger if e.character == name
            and (rule is None or e.rule == rule) and (fieldname is None or e.field == fieldname)]


def events(result, code: str) -> list[Event]:
    return [e for e in result.events if e.code == code]


def after(result, name: str) -> Character:
    return next(c for c in result.characters if c.name == name)


CHALLENGE = Challenge("Falstaff", "he trod on my cloak", "rapier")


def test_a_challenge_accepted_is_fought_and_recorded_turn_by_turn():
    """A challenge from orders (whom, cause, weapon); Falstaff's standing orders fight.  Both lunge at
    turns 2, 5, 8 (Porthos 2 x 10 = 20, Falstaff 2 x 8 = 16); at 20 Falstaff surrenders in turn 9 by his
    written condition.  "The winner of a duel increases his Expertise by one"; Duelling Table D: a win over
    a man of no regiment (neutral) +2."""
    result = run(porthos_and_falstaff(), sheets(Porthos={1: CHALLENGE}))
    (ev,) = events(result, EV_DUEL)
    assert ev.public and ev.week == 1 and ev.characters == ("Porthos", "Falstaff")
    assert (ev.data["winner"], ev.data["end"], len(ev.data["turns"])) == ("Porthos", "surrender", 9)
    assert ev.data["turns"][1] == {"turn": 2, "actions": ["L", "L"], "routines": ["Lunge", "Lunge"],
                                   "damage": [16, 20], "endurance": [84, 60],
                                   "notes": ["Porthos: L v L = 2 x 10 x 1 = 20", "Falstaff: L v L = 2 x 8 x 1 = 16"],
                                   # what each saw: his own Strength in his blow, not the other's
                                   "seen": [["Porthos: L v L = 2 x 10 x 1 = 20", "Falstaff: L v L = 16"],
                                            ["Porthos: L v L = 20", "Falstaff: L v L = 2 x 8 x 1 = 16"]]}
    assert ev.data["cause"] == "he trod on my cloak" and ev.data["kind"] == "challenge"
    json.dumps(ev.data)
    assert ledger(result, "Porthos", RULE_TABLE_D) == [("status_points", 2), ("expertise.rapier", 1)]
    assert ("endurance", -48) in ledger(result, "Porthos") and ("endurance", -60) in ledger(result, "Falstaff")
    assert after(result, "Porthos").expertise_with("rapier") == 13


def test_recovery_half_the_first_week_then_constitution():
    """Recovery: "One half of the Endurance points lost in a duel may be recovered the first week after the
    duel. Each week thereafter, Endurance points equal to the character's Constitution may be recovered."
    Porthos lost 48 in week 1: +24 in week 2, +10 (Constitution) in weeks 3 and 4; Falstaff lost 60: +30, +10, +10."""
    result = run(porthos_and_falstaff(), sheets(Porthos={1: CHALLENGE}))
    assert ledger(result, "Porthos", RULE_RECOVERY, "endurance") == [("endurance", 24), ("endurance", 10),
                                                                     ("endurance", 10)]
    assert [e.week for e in events(result, EV_DUEL_RECOVERY) if e.characters == ("Porthos",)] == [2, 3, 4]
    assert after(result, "Porthos").endurance == 100 - 48 + 44
    assert after(result, "Falstaff").endurance == 80 - 60 + 50
    assert after(result, "Falstaff").counters[duel.WOUNDS] == 10  # still to recover next month


def test_refusing_a_challenge_with_cause():
    """Duelling Table D: "Refuses a challenge that has cause, he loses Status Points equal to half his Social
    Level"; "Meets an opponent who refuses a challenge (with cause), he gains 2 Status Points"."""
    result = run(porthos_and_falstaff(), sheets(Porthos={1: CHALLENGE}),
                 standing(orders(if_challenged="refuse")))
    assert not events(result, EV_DUEL)
    (ev,) = events(result, EV_DUEL_REFUSED)
    assert ev.public and (ev.data["lost"], ev.data["gained"], ev.data["wounded"]) == (4, 2, False)
    assert ledger(result, "Falstaff", RULE_TABLE_D) == [("status_points", -4)]
    assert ledger(result, "Porthos", RULE_TABLE_D) == [("status_points", 2)]


def test_an_answer_in_any_week_of_his_orders_stands():
    """AnswerChallenge orders are read at month start: a refusal written for week 3 answers a week-1 challenge."""
    result = run(porthos_and_falstaff(), sheets(Porthos={1: CHALLENGE},
                                                Falstaff={3: AnswerChallenge("Porthos", accept=False)}))
    assert events(result, EV_DUEL_REFUSED)[0].data["why"] == "his answer to the challenge"


def test_challenging_with_insufficient_cause():
    """Duelling Table D: "Challenges with insufficient cause, he loses 2 Status Points." No cause given and
    none by the rules; the duel is still fought if accepted."""
    result = run(porthos_and_falstaff(), sheets(Porthos={1: Challenge("Falstaff", "", "rapier")}))
    (no_cause,) = events(result, EV_DUEL_NO_CAUSE)
    assert no_cause.data["status"] == -2
    assert ledger(result, "Porthos", RULE_TABLE_D)[0] == ("status_points", -2)
    assert events(result, EV_DUEL)


def test_refusing_a_challenge_without_cause_costs_nothing():
    """Only a challenge "that has cause" costs its refuser; nor does the challenger gain."""
    result = run(porthos_and_falstaff(), sheets(Porthos={1: Challenge("Falstaff", "", "rapier")}),
                 standing(orders(if_challenged="refuse")))
    assert ledger(result, "Falstaff", RULE_TABLE_D) == []
    assert ledger(result, "Porthos", RULE_TABLE_D) == [("status_points", -2)]


def test_the_gm_rules_on_cause():
    """"Judgement of whether or not there was cause is up to all the players ... a unanimous vote of all players
    not involved being required to decide that there is no cause." The GM records the vote as a ruling: no
    cause makes a stated cause insufficient; cause makes a challenge without stated cause sufficient."""
    pair = frozenset(("Porthos", "Falstaff"))
    no = run(porthos_and_falstaff(), sheets(Porthos={1: CHALLENGE}), rulings={pair: False})
    assert events(no, EV_DUEL_NO_CAUSE)[0].data["judged"] == "the GM ruled that there is no cause"
    assert ledger(no, "Porthos", RULE_TABLE_D)[0] == ("status_points", -2)
    yes = run(porthos_and_falstaff(), sheets(Porthos={1: Challenge("Falstaff", "", "rapier")}),
              rulings={pair: True})
    assert not events(yes, EV_DUEL_NO_CAUSE) and events(yes, EV_DUEL)


def test_a_wounded_man_may_decline_without_loss():
    """"A player with less than 50% of his Endurance may decline a duel, regardless of cause, without loss of
    status" (by default he does)."""
    result = run(porthos_and_falstaff(endurance=30), sheets(Porthos={1: CHALLENGE}))
    (ev,) = events(result, EV_DUEL_REFUSED)
    assert ev.data["wounded"] and (ev.data["lost"], ev.data["gained"]) == (0, 0)
    assert ledger(result, "Falstaff", RULE_TABLE_D) == [] and ledger(result, "Porthos", RULE_TABLE_D) == []


def test_a_wounded_man_who_accepts_gains_three():
    """"If, however, a character in such a condition accepts a duel, he will gain 3 Status Points immediately,
    regardless of the outcome of the duel." (And, below half, he owes a rest in every sequence.)"""
    result = run(porthos_and_falstaff(endurance=35), sheets(Porthos={1: CHALLENGE}),
                 standing(orders(if_challenged="accept", duel_sequence=LUNGER, duel_conditions=YIELDS)))
    assert ("status_points", 3) in ledger(result, "Falstaff", RULE_RECOVERY)
    (ev,) = events(result, EV_DUEL)
    assert "below half of 80" in ev.data["notes"][1][0]


def test_killed_in_a_duel_he_is_dead_and_does_nothing_more():
    """"If a player's Endurance reaches zero or below, he is dead." Duelling Table D: "Kills his opponent, he
    gains 2 Status Points." The dead man's later weeks and month end do not happen."""
    result = run(porthos_and_falstaff(endurance=20), sheets(Porthos={1: CHALLENGE},
                                                             Falstaff={2: Practise("rapier")}),
                 standing(orders(if_challenged="accept", duel_sequence=LUNGER)))
    f = after(result, "Falstaff")
    assert f.state == duel.DEAD and f.endurance == 0
    assert [(e.field, e.value) for e in result.ledger if e.character == "Falstaff" and e.field == "state"] == [
        ("state", "dead")]
    assert events(result, EV_DUEL_DEATH)[0].data["killed_by"] == "Porthos"
    assert ledger(result, "Porthos", RULE_TABLE_D) == [("status_points", 2), ("expertise.rapier", 1),
                                                       ("status_points", 2)]
    assert not [e for e in events(result, EV_PRACTICE) if "Falstaff" in e.characters]
    assert not [e for e in events(result, EV_SUPPORT_PAID) if "Falstaff" in e.characters]
    # next month he is left out of everything
    later = resolve_month(GameMonth(1607, 5), result.characters, {}, SeededDice("next"))
    assert not [e for e in later.ledger if e.character == "Falstaff"]


def test_a_challenge_to_nobody_or_himself_is_refused():
    """A challenge names a living gentleman of the campaign other than himself."""
    result = run(porthos_and_falstaff(), sheets(Porthos={1: Challenge("Nobody"), 2: Challenge("Porthos")}))
    assert [e.data["reason"] for e in events(result, EV_ORDER_REFUSED) if e.characters == ("Porthos",)] == [
        "there is no gentleman called 'Nobody'", "a man cannot challenge himself"]


def club_men(noble_sl: int, other_sl: int) -> list[Character]:
    return [gent("Guillaume", sl=noble_sl, social_class="nobleman", club="Red Phillips"),
            gent("Jacques", sl=other_sl, social_class="commoner", club="Red Phillips")]


def club_week() -> dict[str, OrderSheet]:
    return sheets(Guillaume={1: VisitClub("Red Phillips")}, Jacques={1: VisitClub("Red Phillips")})


def test_a_noble_meeting_a_non_noble_four_levels_above_him():
    """Cause: "If a noble meets a non-noble who is four or more Social Levels above him." Same place (the
    same club), same week: the noble challenges, the other accepts, they fight there."""
    result = run(club_men(5, 9), club_week(), {})
    assert len(events(result, EV_CLUB_VISIT)) == 2
    (ev,) = events(result, EV_DUEL)
    assert ev.data["place"] == "club:Red Phillips" and ev.data["kind"] == "meeting"
    assert ev.characters == ("Guillaume", "Jacques")
    assert "a non-noble 4 Social Levels above him" in ev.data["cause"]
    assert not events(run(club_men(5, 8), club_week(), {}), EV_DUEL)  # three levels: no cause


def test_cause_and_opportunity_without_a_fight_costs_half_his_social_level():
    """"any character who has cause and an opportunity to fight and does not will lose Status Points equal in
    number to half his current Social Level." Only the noble has cause; both will not fight."""
    refuse = orders(if_challenged="refuse")
    result = run(club_men(5, 9), club_week(), {"Guillaume": refuse, "Jacques": refuse})
    (ev,) = events(result, EV_DUEL_CAUSE_IGNORED)
    assert ev.characters == ("Guillaume", "Jacques") and ev.data["lost"] == 2
    assert ledger(result, "Guillaume", RULE_CAUSE) == [("status_points", -2)]
    assert ledger(result, "Jacques", RULE_CAUSE) == []


def test_replaying_the_ledger_reproduces_every_sheet_after_duels():
    """The audit: replay(before, ledger) == after for every character, with duels, death and recovery."""
    for chars, sh, st in (
        (porthos_and_falstaff(), sheets(Porthos={1: CHALLENGE}), standing()),
        (porthos_and_falstaff(endurance=20), sheets(Porthos={1: CHALLENGE}),
         standing(orders(if_challenged="accept", duel_sequence=LUNGER))),
        (club_men(5, 9), club_week(), {}),
    ):
        result = run(chars, sh, st)
        assert events(result, EV_DUEL)
        for before, now in zip(chars, result.characters):
            entries = [e for e in result.ledger if e.character == before.name]
            assert replay(before.to_dict(), entries).ledger_values() == now.ledger_values()


def test_same_seed_same_month():
    """A seeded month replays exactly: the same duels, blow by blow, the same ledger."""
    def once():
        chars = [gent("Porthos", exp=12), gent("Falstaff", strength=8, exp=10)]
        return run(chars, sheets(Porthos={1: CHALLENGE}), {}, dice=SeededDice("same"))
    a, b = once(), once()
    assert [e.describe() for e in a.ledger] == [e.describe() for e in b.ledger]
    assert [(e.code, e.data) for e in a.events] == [(e.code, e.data) for e in b.events]
    assert events(a, EV_DUEL)[0].data["default_sequence"] == [True, True]


def test_the_expertise_trade_for_strength():
    """Practice: "At any time, a character may subtract five from his Expertise to add one to his Strength
    characteristic. No other trades may be made, and all the above are irreversible." Endurance (Constitution
    x Strength) rises by his Constitution."""
    ch = gent("Porthos", exp=12, con=14)
    sh = sheets(Porthos={})
    sh["Porthos"].monthly.edit(TradeOrders).trade_expertise_for_strength = 3
    result = run([ch], sh, {})
    p = after(result, "Porthos")
    assert (p.expertise_with("rapier"), p.strength, p.endurance) == (2, 12, 140 + 28)
    trade = [e for e in result.ledger if e.rule == duel.RULE_PRACTICE]
    assert {e.week for e in trade} == {MONTH_START}
    assert events(result, EV_DUEL_TRADE)[0].data["times"] == 2
    assert "less than 5" in [e for e in events(result, EV_ORDER_REFUSED)][0].data["reason"]


# -- the month layer without the resolver: a Turn, the week's duels ----------------------


def turn_of(*characters: Character, standing_=None) -> Turn:
    return Turn(APRIL, {c.name: c for c in characters}, ScriptedDice([]), standing=standing_ or {})


def winner_and_loser(winner_regiment, loser_regiment) -> Turn:
    w = gent("Winner", exp=12, regiment=winner_regiment)
    l_ = gent("Loser", strength=8, regiment=loser_regiment)
    turn = turn_of(w, l_, standing_={"Winner": orders(duel_sequence=LUNGER),
                                     "Loser": orders(duel_sequence=LUNGER, duel_conditions=YIELDS)})
    turn.pending_duels.append(PendingDuel(1, "Winner", "Loser", "rival suitors", "mistress:1"))
    duel.resolve_week(turn, 1)
    return turn


def table_d(turn: Turn, name: str) -> list[int]:
    return [e.delta for e in turn.ledger if e.character == name and e.rule == RULE_TABLE_D
            and e.field == "status_points"]


def test_table_d_friendly_regiment_win():
    """Duelling Table D: "Fights a member of a friendly Regiment and wins, he loses 1 Status Point"."""
    assert table_d(winner_and_loser("King's Musketeers", "Royal Foot Guards"), "Winner") == [-1]


def test_table_d_neutral_regiment_win():
    """Duelling Table D: "Fights a member of a neutral Regiment and wins, he gains 2 Status Points"."""
    assert table_d(winner_and_loser("King's Musketeers", "Dragoon Guards"), "Winner") == [2]


def test_table_d_enemy_regiment_win_and_loss():
    """Duelling Table D: "Fights a member of an enemy Regiment and wins, he gains 5 Status Points"; "Fights a
    member of an enemy Regiment and loses, he loses 2 Status Points"."""
    turn = winner_and_loser("Cardinal's Guard", "King's Musketeers")
    assert table_d(turn, "Winner") == [5] and table_d(turn, "Loser") == [-2]


def test_regimental_friends_and_enemies():
    """Regimental Table D (en-garde-tables.md): symmetric; a regiment listed as neither is neutral; choices:
    the same regiment is friendly, no regiment is neutral."""
    book = RegimentsTables()
    assert regiment_relation(book, "Royal Foot Guards", "King's Musketeers") == "friendly"
    assert regiment_relation(book, "King's Musketeers", "Royal Foot Guards") == "friendly"
    assert regiment_relation(book, "Cardinal's Guard", "King's Musketeers") == "enemy"
    assert regiment_relation(book, "The Gascon Regiment", "Princess Louisa's Light Dragoons") == "enemy"
    assert regiment_relation(book, "Royal Marines", "Royal Marines") == "friendly"
    assert regiment_relation(book, "Royal Marines", "Dragoon Guards") == "neutral"
    assert regiment_relation(book, None, "Royal Marines") == "neutral"


def test_unfriendly_regiments_meeting_is_cause():
    """Cause: "Two characters of two unfriendly Regiments meeting"; both have cause."""
    a = gent("A", regiment="Cardinal's Guard")
    b = gent("B", regiment="King's Musketeers")
    (cause,) = causes(turn_of(a, b), a, b)
    assert cause.holders == ("A", "B") and "unfriendly regiments" in cause.text
    turn = turn_of(a, b)
    turn.be_at(2, "club:Hunter's", "A")
    turn.be_at(2, "club:Hunter's", "B")
    turn.dice = SeededDice("meet")
    duel.resolve_week(turn, 2)
    assert [e.data["place"] for e in turn.events if e.code == EV_DUEL] == ["club:Hunter's"]


def test_courting_the_same_mistress_is_cause():
    """Cause: "Two characters courting the same mistress." (At her door in the same week, the mistresses rules
    settle it; met elsewhere, it is cause.)  A and B court mistress 3 in weeks 1 and 2 and meet at the
    bawdyhouse in week 3."""
    a, b = gent("A"), gent("B")
    turn = turn_of(a, b)
    turn.fact("A")[FACT_COURTING] = {1: (3, 0, 24)}
    turn.fact("B")[FACT_COURTING] = {2: (3, 0, 24)}
    assert [c.text for c in causes(turn, a, b)] == ["they court the same mistress"]
    turn.be_at(3, "bawdyhouse", "A")
    turn.be_at(3, "bawdyhouse", "B")
    turn.dice = SeededDice("court")
    duel.resolve_week(turn, 3)
    assert [e.data["place"] for e in turn.events if e.code == EV_DUEL] == ["bawdyhouse"]


def roxannes_month(seed: str):
    """Athos keeps Roxanne (SL 8); Porthos (SL 2, who needs a 6 and has -1 for her being another's: he
    cannot win her) courts her in week 1 while Athos is elsewhere; in week 2 both visit Red Phillips."""
    chars = [gent("Athos", sl=10, club="Red Phillips", mistress="Roxanne"), gent("Porthos", sl=2, club="Red Phillips")]
    world = World(mistresses=[Mistress(4, "Roxanne", 8, lover="Athos", since="1607-01")])
    return resolve_month(APRIL, chars, sheets(Porthos={1: Court("Roxanne"), 2: VisitClub()}, Athos={2: VisitClub()}),
                         SeededDice(seed), world=world, standing={})


def test_courting_anothers_mistress_unnoticed_is_no_cause():
    """"Courting another player's mistress is obviously cause for a duel if discovered. A character is caught
    if he attempts to court another player's mistress while the other player is with her, or if he courts,
    fails to win her and commits an indiscretion".  Porthos fails with Athos's mistress and is discreet (no 6
    on the indiscretion die): when the two meet at Red Phillips there is no cause, so no duel and no loss for
    not fighting; her lover is not "courting" her.  Caught by an indiscretion (another month's dice), there
    is cause, and they fight at Red Phillips."""
    unnoticed = roxannes_month("s1")
    assert events(unnoticed, EV_COURTING_FAILED) and not events(unnoticed, EV_CAUGHT_COURTING)
    assert not events(unnoticed, EV_DUEL) and not events(unnoticed, EV_DUEL_CAUSE_IGNORED)
    caught = roxannes_month("s0")
    assert events(caught, EV_CAUGHT_COURTING)
    (fought,) = events(caught, EV_DUEL)
    assert (fought.week, fought.data["place"], fought.data["cause"]) == (
        2, "club:Red Phillips", "Porthos was caught courting Athos's mistress")


def test_an_indiscretion_with_his_mistress_is_cause():
    """Cause: "Committing an indiscretion with another player's mistress" (caught courting her, by the
    mistresses rules, or noted by any rule with note_cause): her lover has cause."""
    a, b = gent("Lover"), gent("Rake")
    turn = turn_of(a, b)
    turn.events.append(Event(APRIL, 1, EV_CAUGHT_COURTING, ("Rake", "Lover"), True, {"lover": "Lover"}))
    (cause,) = causes(turn, a, b)
    assert cause.holders == ("Lover",) and "caught courting" in cause.text
    c, d = gent("C"), gent("D")
    turn = turn_of(c, d)
    duel.note_cause(turn, "C", "D", "he insulted my regimental friend")
    assert [(x.text, x.holders) for x in causes(turn, c, d)] == [("he insulted my regimental friend", ("C",))]


def test_a_duel_other_rules_require_is_fought():
    """The seam: ``turn.pending_duels`` (rival suitors who would not withdraw) are fought after the week."""
    turn = winner_and_loser(None, None)
    (ev,) = [e for e in turn.events if e.code == EV_DUEL]
    assert (ev.data["kind"], ev.data["cause"], ev.data["place"]) == ("required", "rival suitors", "mistress:1")


def test_the_sheets_standing_orders_count_with_no_standing_orders_passed():
    """The month takes the stored sheets as they are: "If challenged: refuse" and a duel sequence
    written on this month's sheets are merged into the (here empty) standing orders on file by
    resolve_month itself, so a caller that passes only the sheets drops none of them.  Duelling
    Table D: "Refuses a challenge that has cause, he loses Status Points equal to half his Social
    Level"."""
    month = sheets(Porthos={1: CHALLENGE}, Falstaff={})
    month["Porthos"].standing = orders(duel_sequence=LUNGER)
    month["Falstaff"].standing = orders(if_challenged="refuse", duel_sequence=LUNGER)
    result = resolve_month(APRIL, porthos_and_falstaff(), month, SeededDice("duel"), inputs={"duel": {}},
                           registry=ANYWHERE)
    assert not events(result, EV_DUEL)
    (ev,) = events(result, EV_DUEL_REFUSED)
    assert ev.data["lost"] == 4
    assert ledger(result, "Falstaff", RULE_TABLE_D) == [("status_points", -4)]
    # what the campaign keeps on file for next month: the orders on file with the sheet's merged in
    assert result.standing["Falstaff"].of(DuelStanding).if_challenged == "refuse"
    on_file = {"Falstaff": orders(if_challenged="accept", duel_weapon="sabre")}
    kept = resolve_month(APRIL, porthos_and_falstaff(), month, SeededDice("duel"), standing=on_file,
                         inputs={"duel": {}}, registry=ANYWHERE).standing["Falstaff"].of(DuelStanding)
    assert (kept.if_challenged, kept.duel_weapon, kept.duel_sequence) == ("refuse", "sabre", LUNGER)


def test_the_trade_lowers_the_expertise_with_one_weapon():
    """Practice: "a character may subtract five from his Expertise to add one to his Strength", and his
    Expertise is by weapon: "If a character becomes proficient with one weapon, then switches to another,
    he returns to his original Expertise for that weapon. He retains, however, whatever Expertise he may
    have gained with his former weapon."  So the trade lowers the Expertise with the weapon he names
    (else his duel weapon on file), not every weapon's.  Porthos: Expertise 10, 13 with the sabre (three
    gained); he trades 10 sabre Expertise for 2 Strength in April and duels with the rapier in May at 10."""
    ch = gent("Porthos", exp=10, con=12, counters={"expertise.sabre": 3})
    sh = sheets(Porthos={})
    sh["Porthos"].monthly.edit(TradeOrders).trade_expertise_for_strength = 2
    result = run([ch], sh, {"Porthos": orders(duel_weapon="sabre")})
    p = after(result, "Porthos")
    assert (p.expertise_with("sabre"), p.expertise_with("rapier"), p.strength) == (3, 10, 12)
    assert replay(ch.to_dict(), [e for e in result.ledger if e.character == "Porthos"]).ledger_values() == p.ledger_values()
    (ev,) = events(result, EV_DUEL_TRADE)
    assert (ev.data["weapon"], ev.data["expertise"]) == ("sabre", 3)
    # named on the sheet: that weapon, whatever the duel weapon on file; not below what he holds with it
    sh["Porthos"].monthly.edit(TradeOrders).trade_weapon = "rapier"
    sh["Porthos"].monthly.edit(TradeOrders).trade_expertise_for_strength = 3
    named = after(run([ch], sh, {"Porthos": orders(duel_weapon="sabre")}), "Porthos")
    assert (named.expertise_with("rapier"), named.expertise_with("sabre"), named.strength) == (0, 13, 12)
    # May: a duel with the rapier is fought at his rapier Expertise, untouched by the April trade
    may = resolve_month(APRIL.next(), [p, gent("Falstaff", exp=10)],
                        {"Porthos": OrderSheet("p.eml", "Porthos", month=APRIL.next(),
                                               weeks={1: Challenge("Falstaff", "he trod on my cloak", "rapier")})},
                        SeededDice("may"), standing=standing(), inputs={"duel": {}}, registry=ANYWHERE)
    (duel_ev,) = events(may, EV_DUEL)
    assert duel_ev.data["weapons"] == ["rapier", "rapier"] and duel_ev.data["expertise"] == [10, 10]


def test_the_old_reading_every_weapon_is_a_campaign_setting():
    """`expertise_trade = "every"` in [campaigns.ID.rules]: the trade lowers his original Expertise, and so
    every weapon's (a GM who reads "his Expertise" as the one characteristic)."""
    ch = gent("Porthos", exp=10, con=12, counters={"expertise.sabre": 3})
    sh = sheets(Porthos={})
    sh["Porthos"].monthly.edit(TradeOrders).trade_expertise_for_strength = 1
    result = resolve_month(APRIL, [ch], sh, SeededDice("duel"), inputs={"duel": {}},
                           registry=rules_registry(expertise_trade="every"))
    p = after(result, "Porthos")
    assert (p.expertise_with("sabre"), p.expertise_with("rapier"), p.strength) == (8, 5, 11)
    assert events(result, EV_DUEL_TRADE)[0].data["weapon"] is None


# -- insults -----------------------------------------------------------------------------------


def insult_month(**standing_):
    """Rochefort (no regiment) writes "Insult Porthos" for April.  Week 1: Rochefort and Porthos (King's
    Musketeers) at Hunter's.  Week 2: Rochefort, Athos (Royal Foot Guards, the Musketeers' friend by
    Regimental Table D) and Aramis (Dragoon Guards, neutral to them) at the bawdyhouse."""
    chars = [gent("Rochefort", club="Hunter's"), gent("Porthos", club="Hunter's", regiment="King's Musketeers",
                                                      rank="Subaltern"),
             gent("Athos", regiment="Royal Foot Guards", rank="Subaltern"),
             gent("Aramis", regiment="Dragoon Guards", rank="Subaltern")]
    orders_ = {"Rochefort": {1: VisitClub("Hunter's"), 2: VisitBawdyhouse(purse=50)},
               "Porthos": {1: VisitClub("Hunter's")}, "Athos": {2: VisitBawdyhouse(purse=50)},
               "Aramis": {2: VisitBawdyhouse(purse=50)}}
    sheets_ = sheets(**orders_)
    sheets_["Rochefort"].monthly.edit(TradeOrders).insult = ("Porthos",)
    # Rochefort, wounded in week 1, would decline by his right: his standing orders accept
    return run(chars, sheets_, {name: orders(duel_sequence=LUNGER, duel_conditions=YIELDS,
                                             **(standing_ or {"if_challenged": "accept"} if name == "Rochefort" else
                                                standing_))
                                for name in orders_})


def test_insulting_a_regimental_friend_is_cause():
    """Cause: "Insulting a regimental friend of a character."  Rochefort's "Insult Porthos" is given in week 1
    at Hunter's, where both are (a duel needs them "in the same place"): Porthos, insulted, has cause and
    fights him there.  Athos, of a regiment friendly to Porthos's (Regimental Table D), has cause too: he
    fights Rochefort when they meet at the bawdyhouse in week 2.  Aramis, of a neutral regiment, has none."""
    result = insult_month()
    (insult,) = events(result, EV_INSULT)
    assert (insult.week, insult.public, insult.characters) == (1, True, ("Rochefort", "Porthos", "Athos"))
    assert insult.data == {"place": "club:Hunter's", "friends": ["Athos"]}
    fights = [(e.week, e.characters, e.data["place"], e.data["cause"], e.data["kind"]) for e in events(result, EV_DUEL)]
    assert fights == [
        (1, ("Porthos", "Rochefort"), "club:Hunter's", "Rochefort insulted him", "meeting"),
        (2, ("Athos", "Rochefort"), "bawdyhouse", "Rochefort insulted Porthos, a regimental friend "
         "(King's Musketeers)", "meeting")]


def test_an_insult_unanswered_costs_the_insulted_half_his_social_level():
    """"any character who has cause and an opportunity to fight and does not will lose Status Points equal in
    number to half his current Social Level": every man of the insult refuses to fight; Porthos (SL 9) loses 4
    at Hunter's, Athos 4 at the bawdyhouse; Rochefort, who has no cause, nothing."""
    result = insult_month(if_challenged="refuse")
    assert not events(result, EV_DUEL)
    assert ledger(result, "Porthos", RULE_CAUSE) == [("status_points", -4)]
    assert ledger(result, "Athos", RULE_CAUSE) == [("status_points", -4)]
    assert ledger(result, "Rochefort", RULE_CAUSE) == [] and ledger(result, "Aramis", RULE_CAUSE) == []


def test_an_insult_is_printed_in_the_gazette_and_told_to_each_man():
    """The insult is public: the gazette's Affairs of Honour print it; the insulter, the insulted and the
    regimental friend each read in his report what it means for him."""
    result = insult_month()
    data = GazetteData(campaign(), APRIL, result.characters, result.events)
    gazette = render_html(data)
    at = gazette.index('class="event insult"')
    insult = gazette[at:gazette.index("</p>", at)]  # in one of its phrasings
    assert all(w in insult for w in ('<span class="name">Rochefort</span>', '<span class="name">Porthos</span>',
                                     "Hunter&#39;s", "regiment"))
    said = {name: render_report(data, name, result.ledger) for name in ("Rochefort", "Porthos", "Athos", "Aramis")}
    assert "You insulted Porthos at Hunter&#39;s: he and his regimental friends (Athos) have cause" in said["Rochefort"]
    assert "Rochefort insulted you at Hunter&#39;s: you and your regimental friends (Athos)" in said["Porthos"]
    assert "Rochefort insulted Porthos, your regimental friend, at Hunter&#39;s: you have cause" in said["Athos"]
    assert "your regimental friend" not in said["Aramis"]


# -- where a challenge is fought -----------------------------------------------------------------


def test_a_challenge_is_fought_where_both_are():
    """"When two characters are in the same place (that is, performing the same activity), a duel may take
    place"; "The negotiation period is necessary to allow players to arrange for duels".  By the book (the
    default, ``challenges = "same_place"``) a week's challenge is fought only if the challenged man gave that
    week to the affair too.  Week 1: Porthos challenges, Falstaff is at Hunter's: no duel, no status lost,
    both told.  Week 2: Falstaff's week is "Accept Porthos's challenge": they fight on the field of honour.
    With ``challenges = "anywhere"`` the week-1 challenge is fought wherever Falstaff is."""
    weeks = sheets(Porthos={1: CHALLENGE, 2: CHALLENGE},
                   Falstaff={1: VisitClub("Hunter's"), 2: AnswerChallenge("Porthos")})
    chars = porthos_and_falstaff(club="Hunter's")
    book = run(chars, weeks, registry=rules_registry())
    (unmet,) = events(book, EV_CHALLENGE_UNMET)
    assert (unmet.week, unmet.characters, unmet.public) == (1, ("Porthos", "Falstaff"), False)
    assert [(e.week, e.data["place"]) for e in events(book, EV_DUEL)] == [(2, "the field of honour")]
    assert not [e for e in book.ledger if e.week == 1 and e.rule in (RULE_TABLE_D, RULE_CAUSE)]
    data = GazetteData(campaign(), APRIL, book.characters, book.events)
    assert "You waited on the field of honour for Falstaff" in render_report(data, "Porthos", book.ledger)
    assert "Porthos waited on the field of honour for you" in render_report(data, "Falstaff", book.ledger)
    assert "waited on the field" not in render_html(data)
    anywhere = run(chars, weeks, registry=rules_registry(challenges="anywhere"))
    assert not events(anywhere, EV_CHALLENGE_UNMET)
    assert [e.week for e in events(anywhere, EV_DUEL)][0] == 1


def test_the_challenges_setting_is_checked():
    """A campaign's ``[rules] challenges`` is "same_place" (the book) or "anywhere"; anything else is refused."""
    assert rules_registry().tables.duel.challenges == "same_place"
    with pytest.raises(RegistryError) as refused:
        rules_registry(challenges="everywhere")
    assert "challenges" in str(refused.value)
