"""The Gala house rule (engarde.house.gala): each rule of gala.txt as its own test, the text
quoted in its docstring.  The evenings are played with scripted dice (every roll named in the
test, in the order the rules ask for them: a d20 below a stat succeeds when it is less)."""

from __future__ import annotations

import dataclasses

from hypothesis import HealthCheck, given, settings, strategies as st

from engarde.dice import ScriptedDice, SeededDice
from engarde.house.gala.engine import Guest, Item, Room, play, seating
from engarde.house.gala.orders import (AGAINST, ANYONE, ASK, ATTACK, BREAK, DANCE, EXPLORE, PROPOSE, RUMOUR, SEEK,
                                       SELL, WITH, GalaPlan, Move)
from engarde.house.gala.tables import GalaTables
from engarde.house.secrets.hands import copy_to, hand, new_secret
from engarde.house.secrets.state import SecretsState

MONTH = "1607-05"
HOST = "the Duchesse"


def guest(name: str, charm: int = 10, wit: int = 10, acc: int = 10, dancing: bool = False,
          moves: tuple[Move, ...] = (), **answers) -> Guest:
    return Guest(name, charm, wit, acc, dancing, GalaPlan(moves=moves, **answers))


def evening(guests: list[Guest], rolls: list[int], rooms=(), engaged=None, secrets=None, tables=None,
            questioned=None, host=HOST):
    dice = ScriptedDice(rolls)
    engaged = {} if engaged is None else engaged
    result = play(guests, host, list(rooms), engaged, secrets if secrets is not None else SecretsState(), dice,
                  tables or GalaTables(), MONTH, questioned or {})
    assert dice.remaining == 0, "every scripted roll is used"
    return result


def rep(ev, name: str) -> list[tuple[int, str]]:
    return [(r.delta, r.reason) for r in ev.reputation if r.name == name]


def texts(ev, name: str | None = None) -> list[str]:
    return [x.text for x in (ev.lines if name is None else ev.account(name))]


# -- the evening's shape -----------------------------------------------------------------


def test_nine_rounds_and_a_dance_every_third():
    """gala.txt: "The gala takes place over nine rounds. Every third round — the third, the sixth,
    and the ninth — a dance will occur.\""""
    a = guest("Athos", moves=(Move(1, action=ASK, target="Aramis"), Move(4, action=ASK, target="Aramis"),
                              Move(8, action=ASK, target="Aramis")))
    b = guest("Aramis")
    ev = evening([a, b], [1, 1, 1, 1, 1, 1])  # three dances, two rolls each: all succeed
    assert [d[0] for d in ev.dances] == [3, 6, 9]
    assert {x.round for x in ev.lines} == {1, 3, 4, 6, 8, 9}


def test_turns_go_clockwise_from_the_hosts_left():
    """gala.txt: "Round turns are played in clockwise order, beginning to the left of the Host."
    The seats are by precedence (the module's choice), the host, when a guest, sitting last."""
    levels = {"Athos": 9, "Porthos": 5, "Aramis": 7, "Milady": 9}
    order = seating(list(levels), lambda n: (-levels[n], n), "Athos", "precedence", ScriptedDice([]))
    assert order == ["Milady", "Aramis", "Porthos", "Athos"]
    drawn = seating(["A", "B", "C"], lambda n: (n,), HOST, "drawn", ScriptedDice([3, 1]))
    assert drawn == ["C", "A", "B"]
    # the first seated acts first: Porthos attacks Aramis before Aramis can attack him
    p = guest("Porthos", retort="never", moves=(Move(1, action=ATTACK, target="Aramis", stat="wit"),))
    r = guest("Aramis", retort="never", moves=(Move(1, action=ATTACK, target="Porthos", stat="wit"),))
    ev = evening([p, r], [20, 20])
    assert texts(ev)[:2] == ["Porthos attacks Aramis's wit, and it tells.", "Aramis loses 1 wit (9 left)."]


# -- conversation ---------------------------------------------------------------------------


def test_drawn_into_a_conversation_the_engagement_is_spent_but_the_action_is_his():
    """gala.txt: "A character who was drawn into another's conversation earlier in the round has
    spent their engagement there already, but still takes an action of their own when their turn
    comes around.\""""
    a = guest("Athos", moves=(Move(1, SEEK, "Porthos"),))
    p = guest("Porthos", moves=(Move(1, SEEK, "Aramis", EXPLORE, room="library"),))
    ev = evening([a, p, guest("Aramis")], [], rooms=[Room("library")])
    assert "Porthos has been drawn into Athos's company already and cannot seek out Aramis." in texts(ev, "Porthos")
    assert "Porthos is engaged in company and cannot wander off to the library." in texts(ev, "Porthos")


def test_tearing_someone_away_may_be_called_faux_pas():
    """gala.txt: "If a character wishes to speak with someone who is already engaged in
    conversation, they may interrupt or tear them away from the initial conversation. Doing so is
    rarely well received, and any player who witnesses it may call Faux Pas upon them for it.\""""
    a = guest("Athos", moves=(Move(1, SEEK, "Porthos"),), calls=("interrupting",))
    p = guest("Porthos")
    r = guest("Aramis", moves=(Move(1, SEEK, "Porthos"),))
    ev = evening([a, p, r], [15])  # Aramis's Charm roll to carry it off: 15, not below 10
    assert "Aramis tears Porthos away from Athos's conversation." in texts(ev)
    # Athos calls; Athos for, Aramis against, Porthos (as he calls: he calls nothing) against
    assert ev.faux_pas == [(1, "Athos", "Aramis", "tearing Porthos away from Athos", "no faux pas")]
    assert rep(ev, "Athos") == [(-1, "a faux pas called on Aramis that the room rejected")]


# -- dancing --------------------------------------------------------------------------------


def test_asking_to_dance_only_in_the_two_rounds_before_a_dance():
    """gala.txt: "During the two rounds before a dance, a character may ask another character to
    dance. If they are accepted, both characters are engaged to dance during the next dancing round.\""""
    a = guest("Athos", moves=(Move(3, action=ASK, target="Aramis"), Move(5, action=ASK, target="Aramis")))
    ev = evening([a, guest("Aramis")], [1, 1])
    assert "Athos asks Aramis to dance, but no dance is to follow in the next two rounds." in texts(ev, "Athos")
    assert ev.dances == [(6, "Athos", "Aramis", "well")]


def test_a_refusal_costs_a_point_unless_charm_carries_it_off():
    """gala.txt: "If they are rejected, the asking character loses a reputation point, though they
    may roll below their own Charm to have the refusal pass unremarked and lose nothing by it.\""""
    a = guest("Athos", charm=8, moves=(Move(1, action=ASK, target="Milady"), Move(4, action=ASK, target="Milady")))
    m = guest("Milady", dances_from=())
    ev = evening([a, m], [12, 7])  # round 1: 12 is not below 8, he loses; round 4: 7 is
    assert rep(ev, "Athos") == [(-1, "refused a dance by Milady")]
    assert "Athos carries it off with charm, and loses nothing by it." in texts(ev)


def test_the_dancers_roll_below_accomplishment_and_the_dancing_skill_gives_advantage():
    """gala.txt: "At the end of their collective turn, both dancers must make a roll below their
    own Accomplishment score. If a dancer is accomplished in the dancing skill, they may roll with
    advantage. If both players succeed, each gains two reputation points. If both fail, each player
    loses one reputation point. If one succeeds and the other does not, the dance passes without
    remark, and neither gains nor loses.\""""
    moves = (Move(1, action=ASK, target="Aramis"), Move(4, action=ASK, target="Aramis"),
             Move(7, action=ASK, target="Aramis"))
    a = guest("Athos", acc=10, dancing=True, moves=moves)
    b = guest("Aramis", acc=10)
    # dance 3: Athos 15 then 4 (the better, 4, is below 10), Aramis 9: both well
    # dance 6: Athos 15, 12, Aramis 3: one fails; dance 9: Athos 10, 11, Aramis 10: both fail
    ev = evening([a, b], [15, 4, 9, 15, 12, 3, 10, 11, 10])
    assert [d[3] for d in ev.dances] == ["well", "unremarked", "badly"]
    assert rep(ev, "Athos") == [(2, "danced well with Aramis"), (-1, "danced badly with Aramis")]
    assert rep(ev, "Aramis") == [(2, "danced well with Athos"), (-1, "danced badly with Athos")]


def test_during_the_dance_the_partners_are_in_conversation():
    """gala.txt: "During the dancing round, both partners are engaged in conversation with each
    other." (So one may sell the other a secret, and no one may seek a dancer out.)"""
    secrets = SecretsState()
    new_secret(secrets, "Rochefort", "clubs", 3, "Rochefort serves the Cardinal", holder="Athos", how="x", month=MONTH)
    a = guest("Athos", moves=(Move(1, action=ASK, target="Aramis"),
                              Move(3, DANCE, action=SELL, target="Aramis", about="Rochefort")))
    p = guest("Porthos", moves=(Move(3, SEEK, "Aramis"),))
    ev = evening([a, guest("Aramis"), p], [1, 1], secrets=secrets)
    assert "Athos sells Aramis a secret of Rochefort's: Rochefort serves the Cardinal (the copy worth 2)." in texts(ev)
    assert "Porthos would speak with Aramis, who is dancing, and stays alone." in texts(ev)


# -- proposals and engagements ---------------------------------------------------------------


def test_a_proposal_only_to_one_partnered_in_a_dance():
    """gala.txt: "A character may ask for the hand of another, provided the two have partnered a
    dance at some point in the evening. An offer to a guest one has never stood up with is no offer
    at all, and the room would think very little of it.\""""
    a = guest("Athos", moves=(Move(1, action=PROPOSE, target="Milady"), Move(2, action=ASK, target="Milady"),
                              Move(4, action=PROPOSE, target="Milady")))
    m = guest("Milady", proposals_from=("Athos",))
    ev = evening([a, m], [1, 1])
    assert texts(ev)[0].endswith("no offer at all, and the room thinks very little of it.")
    assert ev.engaged == [("Athos", "Milady")]


def test_an_accepted_proposal_engages_them_and_gains_each_three():
    """gala.txt: "If the proposal is accepted, each partner gains three reputation points and the
    two are engaged to be married. If it is refused, the asking character loses two reputation
    points, though they may roll below their own Charm to have the refusal pass unremarked.\""""
    engaged: dict[str, str] = {}
    a = guest("Athos", moves=(Move(1, action=ASK, target="Milady"), Move(3, DANCE, action=PROPOSE, target="Milady")))
    m = guest("Milady", proposals_from=(ANYONE,))
    ev = evening([a, m], [1, 1], engaged=engaged)
    assert engaged == {"Athos": "Milady", "Milady": "Athos"}
    # engaged before the dance ends, each feels the other's gain too
    assert rep(ev, "Athos") == [(3, "engaged to Milady"), (2, "danced well with Milady"),
                                (2, "shared with Milady, betrothed: danced well with Athos")]
    assert rep(ev, "Milady")[0] == (3, "engaged to Athos")
    p = guest("Porthos", moves=(Move(1, action=ASK, target="Aramis"), Move(4, action=PROPOSE, target="Aramis")))
    ev = evening([p, guest("Aramis")], [1, 1, 15])
    assert rep(ev, "Porthos")[-1] == (-2, "refused by Aramis")


def test_one_engagement_at_a_time():
    """gala.txt: "A character may be engaged to only one other at a time, and a character already
    engaged may not accept a second offer while the first stands.\""""
    engaged = {"Milady": "Rochefort", "Rochefort": "Milady"}
    a = guest("Athos", moves=(Move(1, action=ASK, target="Milady"), Move(4, action=PROPOSE, target="Milady")))
    m = guest("Milady", proposals_from=(ANYONE,), moves=(Move(5, action=PROPOSE, target="Athos"),))
    ev = evening([a, m], [1, 1, 19], engaged=engaged)
    assert "Athos asks for Milady's hand, and is refused, being engaged to Rochefort." in texts(ev)
    assert "Milady, engaged to Rochefort, cannot offer for Athos." in texts(ev, "Milady")
    assert engaged == {"Milady": "Rochefort", "Rochefort": "Milady"}


def test_the_engaged_share_gains_and_losses_once_but_not_attacks():
    """gala.txt: "When one partner gains or loses reputation, the other gains or loses the same. ...
    This sharing resolves once and does not run back and forth between them. ... An attack is the
    one exception. It falls upon the stat of the guest attacked and nowhere else, and their partner
    feels nothing of it.\""""
    engaged = {"Athos": "Milady", "Milady": "Athos"}
    a = guest("Athos", moves=(Move(1, action=ASK, target="Aramis"),))
    m = guest("Milady", retort="never")
    r = guest("Aramis", moves=(Move(4, action=ATTACK, target="Milady", stat="charm"),))
    ev = evening([a, m, r], [1, 1, 20], engaged=engaged)
    assert rep(ev, "Athos") == [(2, "danced well with Aramis")]
    assert rep(ev, "Milady") == [(2, "shared with Athos, betrothed: danced well with Aramis")]
    assert ev.stats["Milady"]["charm"] == 9 and ev.stats["Athos"]["charm"] == 10


def test_breaking_it_off_costs_five_and_three_not_shared():
    """gala.txt: "Either partner may break the engagement on their turn. The tie between them ends
    at once, and only then are the costs reckoned: the one who breaks it loses five reputation
    points, and the one who is jilted loses three ... Neither loss is shared, the engagement being over.\""""
    engaged = {"Athos": "Milady", "Milady": "Athos"}
    ev = evening([guest("Athos", moves=(Move(2, action=BREAK),)), guest("Milady")], [], engaged=engaged)
    assert engaged == {} and ev.broken == [("Athos", "Milady")]
    assert rep(ev, "Athos") == [(-5, "broke off the engagement to Milady")]
    assert rep(ev, "Milady") == [(-3, "jilted by Athos")]


# -- exploration ---------------------------------------------------------------------------


def test_exploring_rolls_below_wit_and_the_slip_goes_to_the_finder_alone():
    """gala.txt: "A character who explores names the room they wander into and rolls below their
    own Wit. ... Whatever they find, the Host writes upon a slip of paper and hands to them
    discreetly. The Host does the same when nothing has been found at all\""""
    secrets = SecretsState()
    rooms = [Room("library", [Item("letter", 4, "Rochefort", "hearts", "Rochefort loves the Queen's maid")]),
             Room("terrace", [Item("purse", 30)])]
    a = guest("Athos", wit=12, moves=(Move(1, action=EXPLORE, room="library"), Move(2, action=EXPLORE, room="terrace")))
    ev = evening([a, guest("Porthos")], [11, 12], rooms=rooms, secrets=secrets)
    slip = "The host's slip of paper: in the library, a letter: Rochefort loves the Queen's maid"
    assert any(t.startswith(slip) for t in texts(ev, "Athos"))
    assert not any("slip of paper" in t for t in texts(ev, "Porthos"))
    assert "The host's slip of paper: nothing found in the terrace." in texts(ev, "Athos")
    assert [secrets.secrets[c.secret].text for c in hand(secrets, "Athos")] == ["Rochefort loves the Queen's maid"]
    assert rooms[1].items == [Item("purse", 30)] and ev.crowns == []


def test_what_is_placed_stays_until_somebody_finds_it():
    """gala.txt: "these things are placed deliberately, and they stay where they are put until
    somebody comes across them.\""""
    rooms = [Room("card room", [Item("purse", 30)])]
    p = guest("Porthos", wit=5, moves=(Move(1, action=EXPLORE, room="card room"),))
    a = guest("Athos", wit=15, moves=(Move(1, action=EXPLORE, room="Card Room"), Move(2, action=EXPLORE, room="card room")))
    ev = evening([p, a], [9, 3, 3], rooms=rooms)
    assert ev.crowns == [("Athos", 30, "a purse found in the card room at the gala")]
    assert "The host's slip of paper: nothing found in the card room." in texts(ev, "Athos")


def test_only_one_not_otherwise_engaged_explores():
    """gala.txt: "If not otherwise engaged, a player may explore the gala at their leisure.\""""
    a = guest("Athos", moves=(Move(1, SEEK, "Porthos", EXPLORE, room="library"),))
    ev = evening([a, guest("Porthos")], [], rooms=[Room("library", [Item("purse", 5)])])
    assert "Athos is engaged in company and cannot wander off to the library." in texts(ev, "Athos")


# -- combat ----------------------------------------------------------------------------------


def test_an_attack_rolls_above_or_equal_to_the_stat_and_costs_a_point():
    """gala.txt: "The attacking player rolls above or equal to the attacked player's stat. If the
    roll succeeds, the attacked player loses a point in that stat. ... A failed attack costs the
    attacker nothing but their action.\""""
    a = guest("Athos", moves=(Move(1, action=ATTACK, target="Porthos", stat="wit"),
                              Move(2, action=ATTACK, target="Porthos", stat="wit")))
    ev = evening([a, guest("Porthos", wit=12, retort="never")], [12, 10])
    assert ev.stats["Porthos"]["wit"] == 11 and ev.stats["Athos"] == {"charm": 10, "wit": 10, "accomplishment": 10}
    assert "Athos attacks Porthos's wit, and misses the mark." in texts(ev)


def test_no_one_is_attacked_twice_in_a_round():
    """gala.txt: "No character may be attacked more than once in a single round. A guest already
    cut down this round is, for the moment, beneath further notice.\""""
    a = guest("Athos", moves=(Move(1, action=ATTACK, target="Porthos", stat="charm"),))
    r = guest("Aramis", moves=(Move(1, action=ATTACK, target="Porthos", stat="wit"),))
    ev = evening([a, r, guest("Porthos", retort="never")], [19])
    assert "Aramis turns on Porthos, already cut down this round and beneath further notice." in texts(ev)
    assert ev.stats["Porthos"] == {"charm": 9, "wit": 10, "accomplishment": 10}


def test_a_retort_turns_the_loss_or_doubles_it():
    """gala.txt: "If an attacked player wishes, they may attempt to retort by rolling below their
    own Wit. If the roll succeeds, the initial attacker loses two points in the stat they attacked,
    and the attacked player loses none. If the roll fails, the attacked player loses an additional
    point in that stat.\""""
    a = guest("Athos", retort="never", moves=(Move(1, action=ATTACK, target="Porthos", stat="charm"),
                                              Move(2, action=ATTACK, target="Porthos", stat="charm")))
    p = guest("Porthos", wit=10)
    ev = evening([a, p], [20, 3, 20, 14])  # round 1: hit, retort 3 < 10; round 2: hit, retort 14 fails
    assert ev.stats["Athos"]["charm"] == 8 and ev.stats["Porthos"]["charm"] == 8
    assert ["Porthos retorts, and the laugh is on Athos.", "Athos loses 2 charm (8 left)."] == texts(ev)[1:3]


def test_retorts_chain_until_one_falters_and_count_as_no_attack():
    """gala.txt: "Successful retort attacks may be retorted. Each answer is a fresh roll below the
    retorting character's own Wit, and the exchange ends the moment one of them falters. A retort is
    not an attack, and does not count against the round's reckoning of who has been attacked.\""""
    a = guest("Athos", wit=12, moves=(Move(1, action=ATTACK, target="Porthos", stat="wit"),))
    p = guest("Porthos", wit=12, moves=(Move(1, action=ATTACK, target="Athos", stat="wit"),))
    # Athos hits; Porthos retorts (5); Athos retorts back (6); Porthos falters (18): he loses 2+1
    # then Porthos may still attack Athos this round: 20 hits; Athos retorts (2), Porthos falters (13)
    ev = evening([a, p], [20, 5, 6, 18, 20, 2, 13])
    assert ev.stats["Porthos"]["wit"] == 12 - 3 - 3 and ev.stats["Athos"]["wit"] == 12


# -- faux pas --------------------------------------------------------------------------------


def test_faux_pas_by_majority_the_accused_loses_or_the_accuser():
    """gala.txt: "If the majority declares Faux Pas, the accused loses a reputation point. If the
    majority votes against, the accuser loses a reputation point.\""""
    a = guest("Athos", moves=(Move(1, action=ATTACK, target="Porthos", stat="wit"),))
    p = guest("Porthos", calls=("attacking",), retort="never")
    r = guest("Aramis", vote=WITH)
    ev = evening([a, p, r], [1, 15])  # a miss; Athos's Charm roll 15 fails
    assert ev.faux_pas == [(1, "Porthos", "Athos", "attacking Porthos", "faux pas")]
    assert rep(ev, "Athos") == [(-1, "a faux pas called by Porthos (attacking Porthos)")]
    r = guest("Aramis", vote=AGAINST)
    m = guest("Milady", vote=AGAINST)
    ev = evening([a, p, r, m], [1, 15])
    assert rep(ev, "Porthos") == [(-1, "a faux pas called on Athos that the room rejected")]


def test_a_tie_the_host_breaks_and_charm_carries_it_off():
    """gala.txt: "In the case of a tie, the Host acts as a tie breaker. ... Whichever player the
    room has judged against — accused or accuser alike — may roll below their own Charm to carry the
    moment off regardless. On a success the verdict passes without cost to them\""""
    a = guest("Athos", moves=(Move(1, action=ATTACK, target="Porthos", stat="wit"),))
    p = guest("Porthos", calls=("attacking",), retort="never")
    ev = evening([a, p], [1, 15])  # one for, one against: the host (no guest) breaks it against
    assert ev.faux_pas[0][4] == "no faux pas" and rep(ev, "Porthos")
    ev = evening([a, p], [1, 4], tables=dataclasses.replace(GalaTables(), host_breaks_ties="for the call"))
    assert ev.faux_pas[0][4] == "faux pas" and rep(ev, "Athos") == []
    # a host who is a guest breaks it by his own vote
    h = guest("Treville", vote=WITH)
    ev = evening([a, p, h, guest("Milady")], [1, 15], host="Treville")
    assert ev.faux_pas[0][4] == "faux pas"


# -- secrets -----------------------------------------------------------------------------------


def seller_with_secret(value: int = 5) -> SecretsState:
    secrets = SecretsState()
    new_secret(secrets, "Rochefort", "spades", value, "Rochefort killed a man at Meung", holder="Athos",
               how="x", month=MONTH)
    return secrets


def test_selling_a_secret_a_copy_worth_one_less_gains_the_card_s_value():
    """gala.txt: "The selling player must be engaged in conversation with the players they wish to
    sell their secret to. ... The point value of the copy must be one less than the value of the card
    it was copied from. Upon giving this copy to another player, the seller may gain reputation
    points equal to the value of the card in their own hand.\""""
    secrets = seller_with_secret()
    a = guest("Athos", moves=(Move(1, action=SELL, target="Porthos", about="Rochefort"),
                              Move(2, SEEK, "Porthos", SELL, target="Porthos", about="Rochefort")))
    ev = evening([a, guest("Porthos")], [], secrets=secrets)
    assert "Athos would sell a secret to Porthos, but is not in that company." in texts(ev, "Athos")
    assert [c.value for c in hand(secrets, "Porthos")] == [4]
    assert rep(ev, "Athos") == [(5, "sold a secret to Porthos")]
    assert "Athos sells Porthos a secret of Rochefort's" not in " ".join(texts(ev, "Aramis"))


def test_never_twice_to_the_same_buyer_and_a_buyer_may_sell_on():
    """gala.txt: "A secret may be sold as often as its holder likes, but never twice to the same
    buyer. ... A player who has been sold a secret may sell it in turn, copying from the card in
    their own hand rather than from the original.\""""
    secrets = seller_with_secret()
    a = guest("Athos", moves=(Move(1, SEEK, "Porthos", SELL, target="Porthos", about="Rochefort"),
                              Move(2, SEEK, "Porthos", SELL, target="Porthos", about="Rochefort")))
    p = guest("Porthos", moves=(Move(3, SEEK, "Aramis", SELL, target="Aramis", about="Rochefort"),))
    ev = evening([a, p, guest("Aramis")], [], secrets=secrets)
    assert "Athos cannot sell that secret to Porthos: Porthos already holds a copy of that secret." in texts(ev, "Athos")
    assert [c.value for c in hand(secrets, "Aramis")] == [3] and rep(ev, "Porthos") == [(4, "sold a secret to Aramis")]


def test_a_rumour_called_and_declared_false_costs_its_writer():
    """gala.txt: "a player may write down a secret that they do not have in their hand, setting upon
    it whatever value they please. Upon receiving a secret card, a player may accuse it of being a
    rumor. The character the secret concerns declares whether it is true. ... If the secret is
    declared false, the player who sold it loses reputation equal to the value they wrote upon it.\""""
    secrets = SecretsState()
    a = guest("Athos", charm=5, moves=(Move(1, SEEK, "Porthos", RUMOUR, target="Porthos", about="Rochefort",
                                            area="hearts", value=4, text="Rochefort wears a wig"),))
    p = guest("Porthos", accuse="always")
    ev = evening([a, p], [9], secrets=secrets, questioned={"Rochefort": "deny"})
    assert rep(ev, "Athos") == [(4, "sold a secret to Porthos"), (-4, "caught out in a rumour sold to Porthos")]
    assert secrets.secrets[1].true is False and secrets.secrets[1].author == "Athos"


def test_a_true_secret_impugned_costs_the_accuser_the_card_s_value():
    """gala.txt: "If the secret is declared true, the accuser has impugned an honest telling and
    loses reputation equal to the value on the card. ... Whichever player the matter has gone
    against ... may roll below their own Charm. On a success they lose nothing\""""
    secrets = seller_with_secret()
    a = guest("Athos", moves=(Move(1, SEEK, "Porthos", SELL, target="Porthos", about="Rochefort"),))
    ev = evening([a, guest("Porthos", accuse="3")], [12], secrets=secrets)
    assert rep(ev, "Porthos") == [(-4, "impugned a true telling from Athos")]
    secrets = seller_with_secret()
    ev = evening([a, guest("Porthos", accuse="always")], [2], secrets=secrets)
    assert rep(ev, "Porthos") == []


def test_a_seller_who_did_not_write_the_rumour_pays_nothing():
    """gala.txt: "A seller who did not write the card, having been sold it themselves, loses nothing.
    ... The accusation goes no further and no one pays.\""""
    secrets = SecretsState()
    written = new_secret(secrets, "Rochefort", "hearts", 5, "Rochefort wears a wig", holder="Milady", how="x",
                         month=MONTH, true=False, author="Milady")
    copy_to(secrets, written, "Athos", how="bought", month=MONTH)
    a = guest("Athos", moves=(Move(1, SEEK, "Porthos", SELL, target="Porthos", about="Rochefort"),))
    ev = evening([a, guest("Porthos", accuse="always")], [], secrets=secrets, questioned={"Rochefort": "deny"})
    assert "Athos did not write that card: no one pays." in texts(ev)
    assert rep(ev, "Athos") == [(4, "sold a secret to Porthos")] and rep(ev, "Porthos") == []


# -- outbursts ----------------------------------------------------------------------------------


def test_an_outburst_at_zero_reveals_value_plus_copies_and_discards_them():
    """gala.txt: "If any one of a player's stats is reduced to 0, that player may perform an outburst.
    They may choose to reveal any number of secrets that they hold in their hand to the entire party.
    When a player's secret is revealed publicly, they must remove the amount of reputation points
    listed on the original copy, plus the number of copies in circulation ... All copies of the
    secret must be discarded from all player hands.\""""
    secrets = seller_with_secret(3)
    original = hand(secrets, "Athos")[0]
    copy_to(secrets, original, "Milady", how="x", month=MONTH)
    p = guest("Porthos", moves=(Move(1, action=ATTACK, target="Athos", stat="charm"),))
    a = guest("Athos", charm=1, retort="never", outburst=("all",))
    ev = evening([p, a, guest("Milady")], [20], secrets=secrets)
    assert ev.scandals == [("Athos", "Rochefort killed a man at Meung", 4)]
    assert rep(ev, "Rochefort") == [(-4, "a secret told in Athos's outburst")]
    assert hand(secrets, "Athos") == [] and hand(secrets, "Milady") == [] and secrets.secrets[1].revealed == MONTH


def test_an_outburst_may_set_off_another():
    """gala.txt: "If another player's stat reaches zero due to an exposed secret, that player may
    perform an outburst once the initial outburst concludes." (With ``exposure_from = "stats"``:
    the secret is paid out of its subject's stats, highest first.)"""
    secrets = SecretsState()
    new_secret(secrets, "Porthos", "diamonds", 2, "Porthos's belt is gilt brass", holder="Athos", how="x", month=MONTH)
    new_secret(secrets, "Aramis", "hearts", 3, "Aramis writes to a duchess", holder="Porthos", how="x", month=MONTH)
    r = guest("Aramis", moves=(Move(1, action=ATTACK, target="Athos", stat="wit"),))
    a = guest("Athos", wit=1, retort="never", outburst=("Porthos",))
    p = guest("Porthos", charm=1, wit=1, acc=1, outburst=("all",))
    tables = dataclasses.replace(GalaTables(), exposure_from="stats")
    ev = evening([r, a, p], [20], secrets=secrets, tables=tables)
    assert [s[0] for s in ev.scandals] == ["Athos", "Porthos"]
    # Porthos pays 2 (charm, then wit: each his highest in turn), Aramis 3 (one off each)
    assert ev.stats["Porthos"] == {"charm": 0, "wit": 0, "accomplishment": 1}
    assert ev.stats["Aramis"] == {"charm": 9, "wit": 9, "accomplishment": 9}
    assert "Porthos pays 2 out of the stats (a secret told in Athos's outburst): charm 0, wit 0, accomplishment 1." in texts(ev)


# -- a man without a plan ------------------------------------------------------------------------


def test_without_a_plan_he_keeps_to_himself_and_accepts_any_dance():
    """The module's choice: a man who attends without a plan keeps to himself and speaks, accepts
    every dance and no proposal."""
    a = guest("Athos", moves=(Move(2, action=ASK, target="Porthos"), Move(3, DANCE, action=PROPOSE, target="Porthos")))
    ev = evening([a, guest("Porthos")], [20, 1, 1])  # his Charm roll on the refusal, then the dance
    assert ev.dances[0][:3] == (3, "Athos", "Porthos") and ev.engaged == []
    assert rep(ev, "Athos") == [(-2, "refused by Porthos"), (2, "danced well with Porthos")]


# -- the cases the mutation run found unpinned ---------------------------------------------------


def test_what_a_guest_cannot_do_is_told_him_alone():
    """gala.txt: "Whatever they find, the Host writes upon a slip of paper and hands to them
    discreetly" (the module's choice: an order that cannot be carried out is the host's quiet word
    to its writer, never the room's: the action at oneself or a stranger lost, a dance promised,
    no engagement to break off, no secret to sell, a room the house has not)."""
    a = guest("Athos", moves=(Move(1, SEEK, "Athos", ATTACK, target="Athos", stat="wit"),
                              Move(2, SEEK, "Rochefort", ASK, target="Athos"),
                              Move(3, DANCE, action=PROPOSE, target="Athos"),
                              Move(4, action=SELL, target="Athos", about="Rochefort"),
                              Move(5, action=BREAK), Move(6, action=EXPLORE, room="cellar"),
                              Move(7, SEEK, "Porthos", SELL, target="Porthos", about="Rochefort")))
    p = guest("Porthos", moves=(Move(7, action=ASK, target="Aramis"), Move(8, action=ASK, target="Aramis"),
                                Move(9, SEEK, "Aramis")))
    ev = evening([a, p, guest("Aramis")], [15, 1, 1])  # his Wit roll in the cellar; the dance of round 9
    mine = [
        "Athos looks for Athos, who is not among the guests, and stays alone.",
        "Athos would attack Athos, who is not among the guests: the action is lost.",
        "Athos looks for Rochefort, who is not among the guests, and stays alone.",
        "Athos would ask to dance Athos, who is not among the guests: the action is lost.",
        "Athos has no partner for a dance this round and stays alone.",
        "Athos would propose to Athos, who is not among the guests: the action is lost.",
        "Athos would sell a secret to Athos, who is not among the guests: the action is lost.",
        "Athos has no engagement to break off.",
        "The house has no cellar: Athos finds nothing.",
        "Athos holds no secret about Rochefort to sell."]
    assert [x for x in texts(ev, "Athos") if x in mine] == mine
    porthos = ["Porthos is promised to Aramis for the next dance already.", "Porthos is promised to Aramis for this dance."]
    assert [x for x in texts(ev, "Porthos") if x in porthos] == porthos
    assert not set(mine + porthos) & set(texts(ev, "Aramis"))
    assert ev.found == [("Athos", "cellar", "")] and ev.host == HOST


def test_tearing_away_leaves_the_one_torn_from_alone_in_that_company():
    """gala.txt: "If a character wishes to speak with someone who is already engaged in
    conversation, they may interrupt or tear them away from the initial conversation." (The two
    now talk; the one left behind is in no company to sell in, and may not seek another.)"""
    secrets = SecretsState()
    for holder, about in (("Aramis", "Rochefort"), ("Athos", "Jussac"), ("Porthos", "Milady")):
        new_secret(secrets, about, "hearts", 3, f"{about} is in debt", holder=holder, how="x", month=MONTH)
    # Porthos seeks Athos; Aramis tears Porthos away and sells him a secret; Athos, left, cannot
    p = guest("Porthos", moves=(Move(1, SEEK, "Athos"),))
    r = guest("Aramis", moves=(Move(1, SEEK, "Porthos", SELL, target="Porthos", about="Rochefort"),))
    a = guest("Athos", moves=(Move(1, SEEK, "Milady", SELL, target="Porthos", about="Jussac"),))
    m = guest("Milady", moves=(Move(1, SEEK, "Athos"),))
    ev = evening([p, r, a, m], [], secrets=secrets)
    assert texts(ev)[:3] == ["Porthos seeks out Athos's conversation.", "Aramis tears Porthos away from Athos's conversation.",
                             "Aramis sells Porthos a secret of Rochefort's: Rochefort is in debt (the copy worth 2)."]
    assert "Athos has been drawn into a conversation's company already and cannot seek out Milady." in texts(ev, "Athos")
    assert "Athos would sell a secret to Porthos, but is not in that company." in texts(ev, "Athos")
    assert "Milady tears Athos away from a conversation." in texts(ev)
    # the one torn away sells to the one who tore him off
    a = guest("Athos", moves=(Move(1, SEEK, "Porthos"),))
    r = guest("Aramis", moves=(Move(1, SEEK, "Porthos"),), calls=("interrupting",))
    p = guest("Porthos", moves=(Move(1, action=SELL, target="Aramis", about="Milady"),))
    m = guest("Milady", moves=(Move(1, SEEK, "Athos"),))
    ev = evening([a, r, p, m], [1], secrets=secrets)  # Aramis's call rejected, his Charm roll carries it off
    assert "Porthos sells Aramis a secret of Milady's: Milady is in debt (the copy worth 2)." in texts(ev)
    assert ev.faux_pas[-1][1:4] == ("Aramis", "Milady", "tearing Athos away from a conversation")


def test_a_retort_when_his_wit_is_the_number_he_wrote_or_more():
    """gala.txt: "If an attacked player wishes, they may attempt to retort by rolling below their
    own Wit." (His plan: "Retort: when my Wit is 10 or more".)"""
    moves = (Move(1, action=ATTACK, target="Porthos", stat="charm"), Move(2, action=ATTACK, target="Porthos", stat="charm"))
    a = guest("Athos", retort="never", moves=moves)
    ev = evening([a, guest("Porthos", wit=10, retort="10")], [20, 3, 20, 15])
    assert ev.stats["Athos"]["charm"] == 8 and ev.stats["Porthos"]["charm"] == 8
    ev = evening([a, guest("Porthos", wit=9, retort="10")], [20, 20])
    assert ev.stats["Athos"]["charm"] == 10 and ev.stats["Porthos"]["charm"] == 8


def test_the_evening_is_the_rounds_the_tables_give_and_no_dance_after_the_last():
    """gala.txt: "The gala takes place over nine rounds. ... During the two rounds before a dance,
    a character may ask another character to dance." (With eight rounds, no dance follows the
    seventh.)"""
    a = guest("Athos", moves=(Move(7, action=ASK, target="Porthos"), Move(10, action=BREAK)))
    ev = evening([a, guest("Porthos")], [], tables=dataclasses.replace(GalaTables(), rounds=8))
    assert "Athos asks Porthos to dance, but no dance is to follow in the next two rounds." in texts(ev, "Athos")
    ev = evening([guest("Athos", moves=(Move(10, action=BREAK),)), guest("Porthos")], [])
    assert max(x.round for x in ev.lines) == 9


def test_both_dancing_badly_is_said_and_a_proposal_in_a_dance_round_without_partners():
    """gala.txt: "If both fail, each player loses one reputation point." "A character may ask for
    the hand of another, provided the two have partnered a dance at some point in the evening." (A
    dance round where he has no partner: the dance of round 3 still counts.)"""
    a = guest("Athos", moves=(Move(1, action=ASK, target="Milady"), Move(6, action=PROPOSE, target="Milady")))
    m = guest("Milady", proposals_from=(ANYONE,))
    p = guest("Porthos", moves=(Move(6, action=PROPOSE, target="Milady"),))
    ev = evening([a, m, p], [19, 19])
    assert "Athos and Milady stumble through the dance: each loses 1 reputation." in texts(ev)
    assert ev.engaged == [("Athos", "Milady")]
    assert any(x.startswith("Porthos offers for the hand of Milady, never a partner") for x in texts(ev))
    a = guest("Athos", moves=(Move(1, action=ASK, target="Milady"),))
    m = guest("Milady", moves=(Move(4, action=PROPOSE, target="Athos"),))
    ev = evening([a, m], [1, 1], engaged={"Milady": "Rochefort", "Rochefort": "Milady"})
    said = "Milady, engaged to Rochefort, cannot offer for Athos."
    assert said in texts(ev, "Milady") and said not in texts(ev, "Athos")
    p = guest("Porthos", moves=(Move(1, action=ASK, target="Aramis"), Move(4, action=PROPOSE, target="Aramis")))
    ev = evening([p, guest("Aramis")], [1, 1, 15])
    assert "Porthos asks for Aramis's hand, and is refused." in texts(ev)


def test_each_kind_of_faux_pas_is_called_by_one_who_calls_that_kind():
    """gala.txt: "If a player takes an action that is not deemed socially permissible by another
    player, that other player may call Faux Pas, briefly describing the action they considered
    unacceptable. ... If the majority declares Faux Pas, the accused loses a reputation point."
    (Proposing, breaking off, selling and a successful attack each a kind; a guest votes with a
    call of a kind he calls himself.)"""
    secrets = seller_with_secret()
    kinds = ("proposing", "breaking off", "selling", "attacking")
    a = guest("Athos", retort="never", moves=(Move(1, action=PROPOSE, target="Milady"), Move(2, action=ASK, target="Milady"),
                                              Move(3, DANCE, action=PROPOSE, target="Milady"), Move(4, action=BREAK),
                                              Move(5, SEEK, "Porthos", SELL, target="Porthos", about="Rochefort"),
                                              Move(7, action=ATTACK, target="Porthos", stat="wit")))
    m = guest("Milady", proposals_from=(ANYONE,), calls=kinds)
    p = guest("Porthos", calls=kinds, retort="never")
    # the dance (1, 1), then a Charm roll of 20 for each verdict
    ev = evening([a, m, p], [1, 1, 20, 20, 20, 20, 20, 20], secrets=secrets)
    assert [(f[0], f[1], f[3], f[4]) for f in ev.faux_pas] == [
        (1, "Milady", "proposing to Milady, a stranger", "faux pas"), (3, "Milady", "proposing to Milady", "faux pas"),
        (4, "Milady", "breaking off the engagement to Milady", "faux pas"),
        (5, "Milady", "selling a secret to Porthos", "faux pas"), (7, "Milady", "attacking Porthos", "faux pas")]
    assert "Milady calls faux pas on Athos for proposing to Milady: 2 hands for, 1 against: the room agrees." in texts(ev)


def test_the_rumour_a_buyer_calls_when_the_copy_is_worth_his_number():
    """gala.txt: "Upon receiving a secret card, a player may accuse it of being a rumor. The
    character the secret concerns declares whether it is true." (His plan: "Call rumours: worth 4
    or more"; a copy worth 4 is called.)"""
    secrets = seller_with_secret()
    a = guest("Athos", moves=(Move(1, SEEK, "Porthos", SELL, target="Porthos", about="Rochefort"),))
    ev = evening([a, guest("Porthos", accuse="4")], [12], secrets=secrets)
    assert "Porthos calls the secret Athos sold him a rumour; Rochefort declares it true." in texts(ev)


def test_he_sells_his_most_valuable_card_about_the_man_of_the_area_he_names():
    """gala.txt: "In the case that a character's reputation is running low, that character may
    choose to sell any of the secrets in their hand ... the seller may gain reputation points equal
    to the value of the card in their own hand." (The module: "sell my secret about X" is his most
    valuable card about X, of the area he names if he names one; of two alike, the older.)"""
    secrets = SecretsState()
    for about, area, value, text in (("Rochefort", "hearts", 2, "a"), ("Milady", "spades", 9, "b"),
                                     ("Rochefort", "spades", 5, "c"), ("Rochefort", "clubs", 5, "d")):
        new_secret(secrets, about, area, value, text, holder="Athos", how="x", month=MONTH)
    a = guest("Athos", moves=(Move(1, SEEK, "Porthos", SELL, target="Porthos", about="Rochefort"),
                              Move(2, SEEK, "Aramis", SELL, target="Aramis", about="Rochefort", area="hearts"),
                              Move(3, SEEK, "Aramis", SELL, target="Aramis", about="Jussac")))
    ev = evening([a, guest("Porthos"), guest("Aramis")], [], secrets=secrets)
    assert [secrets.secrets[c.secret].text for c in hand(secrets, "Porthos")] == ["c"]
    assert [secrets.secrets[c.secret].text for c in hand(secrets, "Aramis")] == ["a"]
    assert rep(ev, "Athos") == [(5, "sold a secret to Porthos"), (2, "sold a secret to Aramis")]
    assert hand(secrets, "Porthos")[0].how == "bought at the gala" and hand(secrets, "Porthos")[0].month == MONTH


def test_a_rumour_written_and_a_letter_found_are_cards_of_the_evening():
    """gala.txt: "If a player wishes, they may write down a secret that they do not have in their
    hand, setting upon it whatever value they please." "A letter left in a writing desk ... two
    guests who did not expect to be overheard" (each a card in the finder's hand, said where and
    when it came to him)."""
    secrets = SecretsState()
    a = guest("Athos", moves=(Move(1, SEEK, "Porthos", RUMOUR, target="Porthos", about="Rochefort", area="hearts",
                                   value=9, text="Rochefort wears a wig"), Move(2, action=EXPLORE, room="library")))
    rooms = [Room("library", [Item("overheard", 2, "Milady", "spades", "Milady is a spy")])]
    evening([a, guest("Porthos")], [1], rooms=rooms, secrets=secrets)
    written, found = hand(secrets, "Athos")
    assert (secrets.secrets[written.secret].text, written.value, written.how, written.month) == (
        "Rochefort wears a wig", 5, "written at the gala", MONTH)
    assert (secrets.secrets[found.secret].text, found.how, found.month) == (
        "Milady is a spy", "found in the library at the gala", MONTH)


def test_no_outburst_but_at_zero_and_none_from_a_man_who_wrote_none():
    """gala.txt: "If any one of a player's stats is reduced to 0, that player may perform an
    outburst. They may choose to reveal any number of secrets that they hold in their hand"
    (the module: a man who wrote no outburst tells nothing)."""
    secrets = seller_with_secret()
    p = guest("Porthos", moves=(Move(1, action=ATTACK, target="Athos", stat="charm"),
                                Move(2, action=ATTACK, target="Aramis", stat="charm")))
    a = guest("Athos", charm=1, retort="never")
    ev = evening([p, a, guest("Aramis", retort="never")], [20, 20], secrets=secrets)
    assert [x for x in texts(ev) if "brought to nothing" in x] == ["Athos, brought to nothing, says nothing after all."]
    assert len(hand(secrets, "Athos")) == 1


def test_every_roll_of_the_evening_is_logged_with_its_reason():
    """gala.txt: "Whichever player the room has judged against — accused or accuser alike — may
    roll below their own Charm to carry the moment off regardless" (and a refused suitor, and
    whoever a rumour goes against): each such roll, and the lot the seats are drawn by, goes into
    the month's dice log with what it was for (``engarde.resolve``: "every die rolled, with its
    reason")."""
    def reasons(guests, rolls, **kw):
        dice = ScriptedDice(rolls)
        play(guests, HOST, [], {}, kw.get("secrets") or SecretsState(), dice, GalaTables(), MONTH,
             kw.get("questioned") or {})
        return [(r.sides, r.reason) for r in dice.log]

    p = guest("Porthos", moves=(Move(1, action=ASK, target="Aramis"), Move(4, action=PROPOSE, target="Aramis")))
    assert reasons([p, guest("Aramis")], [1, 1, 15])[-1] == (20, "gala: Porthos rolls below charm (a refused proposal)")
    a = guest("Athos", moves=(Move(1, SEEK, "Porthos", SELL, target="Porthos", about="Rochefort"),))
    assert reasons([a, guest("Porthos", accuse="always")], [12], secrets=seller_with_secret()) == [
        (20, "gala: Porthos rolls below charm (an accusation gone wrong)")]
    w = guest("Athos", moves=(Move(1, SEEK, "Porthos", RUMOUR, target="Porthos", about="Rochefort", area="hearts",
                                   value=4, text="Rochefort wears a wig"),))
    assert reasons([w, guest("Porthos", accuse="always")], [19], questioned={"Rochefort": "deny"}) == [
        (20, "gala: Athos rolls below charm (a rumour exposed)")]
    t = guest("Athos", moves=(Move(1, action=ATTACK, target="Porthos", stat="wit"),))
    c = guest("Porthos", calls=("attacking",), retort="never")
    assert reasons([t, c, guest("Aramis", vote=WITH)], [1, 15])[-1] == (20, "gala: Athos rolls below charm (a faux pas)")
    dice = ScriptedDice([3, 1])
    seating(["A", "B", "C"], lambda n: (n,), HOST, "drawn", dice)
    assert [(r.sides, r.reason) for r in dice.log] == [(3, "gala: drawing the seats"), (2, "gala: drawing the seats")]


# -- privacy: a failed order is its giver's alone ------------------------------------------------

# What the engine says when an order cannot be carried out (engage, ask, explore, sell): each such
# line is told to the man who gave the order, never to the room.
FAILURES = ("is promised to", "has been drawn into", "has no partner for a dance", "who is not among the guests",
            "but no dance is to follow", "for the next dance already", "cannot wander off", "The house has no",
            "is not in that company", "holds no secret about", "The host's slip of paper")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(1, 9), st.sampled_from((SEEK, DANCE, "alone")),
                          st.sampled_from(("Athos", "Porthos", "Aramis", "Rochefort")),
                          st.sampled_from((ASK, EXPLORE, SELL, "speak")),
                          st.sampled_from(("Athos", "Porthos", "Aramis", "Rochefort")),
                          st.sampled_from(("library", "cellar"))), max_size=12),
       st.integers(0, 10_000))
def test_a_failed_order_is_told_to_its_giver_alone(moves, seed):
    """Privacy ("a report shows only what its character saw"): whatever the plans, a line saying
    an order could not be carried out, or what a man found exploring ("the Host writes upon a slip
    of paper and hands to them discreetly"), is seen by that man alone."""
    names = ("Athos", "Porthos", "Aramis")
    plans: dict[str, list[Move]] = {n: [] for n in names}
    for i, (rnd, engage, whom, action, target, room) in enumerate(moves):
        name = names[i % len(names)]
        if any(m.round == rnd for m in plans[name]):
            continue
        plans[name].append(Move(rnd, engage if engage != "alone" else Move.engage, whom if engage == SEEK else "",
                                action if action != "speak" else Move.action, target, room=room, about="Porthos"))
    secrets = SecretsState()
    new_secret(secrets, "Porthos", "hearts", 3, "Porthos sighs", holder="Athos", how="x", month=MONTH)
    guests = [guest(n, moves=tuple(sorted(plans[n], key=lambda m: m.round))) for n in names]
    ev = play(guests, HOST, [Room("library", [Item("purse", value=5)])], {}, secrets, SeededDice(seed),
              GalaTables(), MONTH)
    for line in ev.lines:
        if any(f in line.text for f in FAILURES):
            assert line.seen is not None and len(line.seen) == 1, line
            giver = next((n for n in names if line.text.startswith(n)), None)
            assert giver is None or line.seen == (giver,), line
