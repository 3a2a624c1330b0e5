"""Gossip and raids (engarde.house.gossip): each rule of gossip-and-raids.en.txt as its own test,
the text quoted in its docstring, and a month of gossip a reader can check by hand (the same
walk-through is printed in docs/gossip.md)."""

from __future__ import annotations

from engarde.calendar import GameMonth
from engarde.dice import SeededDice
from engarde.house.gossip import codes
from engarde.house.gossip.orders import GossipOrders
from engarde.calendar import MONTH_END
from engarde.house.gossip.rules import (INFORMER, OVER_LIMIT_HOW, RULE, exposed_counter, hand_limit, house_of, indict, indictment_counter,
                                        is_threat, patrons, print_gossip, raids, ranked, spread, spread_step)
from engarde.house.secrets.hands import copy_to, give, hand, new_secret
from engarde.house.secrets.state import GOSSIP, SAFE
from engarde.orders import OrderSheet
from engarde.records import DEAD, Character
from engarde.registry import Registry
from engarde.turn import Turn
from engarde.world import World

MONTH = GameMonth.parse("April 1635")
HUNTERS, GABLES, BAWDY = "club:Hunter's", "club:The Blue Gables", "bawdyhouse"


def man(name: str, sl: int = 8, club: str | None = None, crowns: int = 100, **kw) -> Character:
    return Character(name, social_level=sl, club=club, crowns=crowns, **kw)


def a_turn(*men: Character, seed: str = "gossip", tables: dict | None = None, **settings) -> Turn:
    registry = Registry.build(("gossip",), tables=tables, settings=settings)
    characters = {c.name: c for c in men}
    turn = Turn(MONTH, characters, SeededDice(seed), registry.tables, world=World(), registry=registry)
    turn.living = sorted(characters)
    turn.home = list(turn.living)
    return turn


def secret(turn: Turn, about: str, area: str, value: int, holder: str, text: str = "") -> int:
    """A secret put into play; the number of its card."""
    card = new_secret(turn.world.part("secrets"), about, area, value, text or f"{about}'s {area} {value}",
                      holder=holder, how="found", month=MONTH.key)
    return card.id


def orders(turn: Turn, name: str, spread: tuple[int, ...] = (), keep: tuple[int, ...] = ()) -> None:
    sheet = OrderSheet(source=f"{name}.txt", character=name)
    sheet.monthly.edit(GossipOrders).spread = spread
    sheet.monthly.edit(GossipOrders).keep = keep
    turn.sheets[name] = sheet


def ids(turn: Turn, holder: str) -> list[int]:
    return [c.id for c in hand(turn.world.part("secrets"), holder)]


def events(turn: Turn, code: str) -> list:
    return [e for e in turn.events if e.code == code]


# -- what the text's nouns are here ------------------------------------------------------------


def test_a_threat_is_a_secret_of_an_actionable_area_worth_enough():
    """Choice (the text's "threats" against its "desires or mollies"): a secret of an area the
    law punishes (hearts, clubs, spades by default) worth threat_value (3) or more."""
    turn = a_turn(man("Porthos"))
    state = turn.world.part("secrets")
    for area, value, threat in (("hearts", 3, True), ("hearts", 2, False), ("diamonds", 9, False),
                                ("clubs", 4, True), ("spades", 3, True)):
        card = state.copies[secret(turn, "Porthos", area, value, "Aramis")]
        assert is_threat(turn.tables.gossip, card, state.secrets[card.secret]) is threat, (area, value)
    lenient = a_turn(man("Porthos"), tables={"gossip": {"threat_value": 0, "threat_areas": {"diamonds": True}}})
    state = lenient.world.part("secrets")
    card = state.copies[secret(lenient, "Porthos", "diamonds", 1, "Aramis")]
    assert is_threat(lenient.tables.gossip, card, state.secrets[card.secret])


def test_a_secret_belongs_to_the_club_of_its_man_or_the_bawdyhouse():
    """"the evidence is placed on the matching houses" (p.12): choice, a secret belongs to the club
    of the man it is about, the heart's affairs and a man of no club to the bawdyhouse."""
    turn = a_turn(man("Athos", club="Hunter's"), man("d'Artagnan"))
    state = turn.world.part("secrets")

    def belongs(about, area):
        return house_of(turn, state.secrets[state.copies[secret(turn, about, area, 3, GOSSIP)].secret])
    assert belongs("Athos", "clubs") == HUNTERS and belongs("Athos", "hearts") == BAWDY
    assert belongs("d'Artagnan", "spades") == BAWDY and belongs("Nobody", "spades") is None
    clubs_only = a_turn(man("Athos", club="Hunter's"), hearts_at_bawdyhouse=False)
    state = clubs_only.world.part("secrets")
    card = state.copies[secret(clubs_only, "Athos", "hearts", 3, GOSSIP)]
    assert house_of(clubs_only, state.secrets[card.secret]) == HUNTERS


# -- the hand limit ---------------------------------------------------------------------------------


def test_every_card_over_the_hand_limit_goes_face_down_to_gossip():
    """"Hand limit is six cards; every card over the limit at the end of your turn is added face
    down to the gossip pile (p.6)."  Choice: he keeps the most valuable, the oldest first among
    equals."""
    turn = a_turn(man("Aramis"), man("Porthos"))
    cards = [secret(turn, "Porthos", "diamonds", v, "Aramis") for v in (5, 1, 4, 1, 6, 2, 3, 2)]
    gone = hand_limit(turn, turn.characters["Aramis"])
    assert [c.id for c in gone] == [cards[1], cards[3]]  # the two worth 1
    assert ids(turn, GOSSIP) == [cards[1], cards[3]] and len(ids(turn, "Aramis")) == 6
    [ev] = events(turn, codes.EV_OVER_LIMIT)
    assert not ev.public and ev.data["pile"] == "gossip" and ev.data["copies"] == [cards[1], cards[3]]
    assert hand_limit(turn, turn.characters["Aramis"]) == []  # six: none over


def test_keep_secrets_says_which_he_keeps_over_the_limit():
    """By mail he cannot choose at the table: "Keep secrets 2, 4" names the ones kept first."""
    turn = a_turn(man("Aramis"), man("Porthos"))
    cards = [secret(turn, "Porthos", "diamonds", v, "Aramis") for v in (5, 1, 4, 1, 6, 2, 3, 2)]
    orders(turn, "Aramis", keep=(cards[1], cards[3]))
    gone = hand_limit(turn, turn.characters["Aramis"])
    assert [c.id for c in gone] == [cards[5], cards[7]]  # the two worth 2, his named ones kept


def test_threats_over_the_limit_expose_no_one():
    """"Threats added to gossip this way do not expose players (p.8)"."""
    turn = a_turn(man("Aramis"), man("Porthos", club="Hunter's"))
    for _ in range(6):
        secret(turn, "Athos", "diamonds", 5, "Aramis")
    threat = secret(turn, "Porthos", "clubs", 4, "Aramis")
    own = secret(turn, "Porthos", "clubs", 3, "Porthos")
    assert [c.id for c in hand_limit(turn, turn.characters["Aramis"])] == [threat]
    assert ids(turn, "Porthos") == [own] and not events(turn, codes.EV_EXPOSED)
    assert turn.characters["Porthos"].get(exposed_counter("clubs")) == 0


def test_a_discovered_informers_excess_goes_to_the_safe_pile():
    """"unless you are a discovered informer: then your excess cards go to the safe pile instead
    (p.14)."  His months as an informer count down at each month's end."""
    aramis = man("Aramis", counters={INFORMER: 2})
    turn = a_turn(aramis)
    cards = [secret(turn, "Porthos", "diamonds", v, "Aramis") for v in (5, 5, 5, 5, 5, 5, 1)]
    assert [c.id for c in hand_limit(turn, aramis)] == [cards[-1]]
    assert ids(turn, SAFE) == [cards[-1]] and ids(turn, GOSSIP) == []
    assert events(turn, codes.EV_OVER_LIMIT)[0].data["pile"] == "safe"
    assert aramis.get(INFORMER) == 1
    assert [e.reason for e in turn.ledger] == ["a month nearer his informing being forgotten"]


# -- spreading and exposure ---------------------------------------------------------------------------


def exposure_table() -> tuple[Turn, dict[str, int]]:
    turn = a_turn(man("Aramis"), man("Porthos", sl=10, club="Hunter's"), man("Athos", club="Hunter's"),
                  man("d'Artagnan", club="The Blue Gables"))
    cards = {
        "threat": secret(turn, "Porthos", "clubs", 4, "Aramis", "Porthos intrigues with the Queen Mother"),
        "own clubs": secret(turn, "Porthos", "clubs", 2, "Porthos"),
        "a fellow's clubs": secret(turn, "Athos", "clubs", 5, "Porthos"),
        "another house's clubs": secret(turn, "d'Artagnan", "clubs", 3, "Porthos"),
        "own diamonds": secret(turn, "Porthos", "diamonds", 3, "Porthos"),
    }
    return turn, cards


def test_a_threat_spread_in_public_exposes_the_man_it_is_about():
    """"A player is exposed whenever a threat is added publicly to the gossip pile ... When exposed,
    the player must add to the gossip pile every card in their own reputation that matches the
    triggering threat, and take one matching cube for each such card (p.6)."  His reputation
    matching it: the cards of its area about himself or a man of its house; a cube is the
    counter gossip.exposed.AREA and costs a status point."""
    turn, cards = exposure_table()
    orders(turn, "Aramis", spread=(cards["threat"],))
    spread_step(turn)
    porthos = turn.characters["Porthos"]
    assert ids(turn, GOSSIP) == [cards["threat"], cards["own clubs"], cards["a fellow's clubs"]]
    assert ids(turn, "Porthos") == [cards["another house's clubs"], cards["own diamonds"]]
    assert porthos.get(exposed_counter("clubs")) == 2 and porthos.status_points == -2
    [spread_ev] = events(turn, codes.EV_SPREAD)
    [exposed] = events(turn, codes.EV_EXPOSED)
    assert spread_ev.characters == ("Aramis",) and not spread_ev.public and spread_ev.data["threat"]
    assert exposed.characters == ("Porthos",) and not exposed.public
    assert exposed.data["copies"] == [cards["own clubs"], cards["a fellow's clubs"]] and exposed.data["status"] == 2
    assert turn.world.part("secrets").copies[cards["threat"]].given_by == "Aramis"


def test_tattle_spread_in_public_exposes_no_one():
    """Only a threat exposes ("whenever a threat is added publicly"): idle tattle does not."""
    turn, cards = exposure_table()
    tattle = secret(turn, "Porthos", "clubs", 2, "Aramis")
    spread(turn, turn.characters["Aramis"], tattle)
    assert ids(turn, GOSSIP) == [tattle] and not events(turn, codes.EV_EXPOSED)


def test_a_secret_he_no_longer_holds_is_not_spread():
    """A mail game's gap: the order names a card he gave away or lost since he wrote it."""
    turn, cards = exposure_table()
    assert spread(turn, turn.characters["Aramis"], cards["own clubs"]) is None
    assert spread(turn, turn.characters["Aramis"], 999) is None
    assert ids(turn, GOSSIP) == [] and [e.data["copy"] for e in events(turn, codes.EV_NOT_HELD)] == [
        cards["own clubs"], 999]


# -- the gossip column ------------------------------------------------------------------------------


def test_the_pile_is_shuffled_a_third_hushed_up_and_the_rest_printed():
    """"At the end of the week, shuffle the gossip pile, move one third of its cards (rounded down)
    to the safe pile and reveal the rest (p.12)."  Revealed: printed in the gazette, told to all,
    every copy of it discarded."""
    turn = a_turn(man("Porthos"))
    pile = [secret(turn, "Porthos", "diamonds", 1, GOSSIP, f"tale {n}") for n in range(8)]
    state = turn.world.part("secrets")
    held = new_secret(state, "Porthos", "diamonds", 5, "held", holder=GOSSIP, how="x", month=MONTH.key)
    told = copy_to(state, held, "Aramis", how="told", month=MONTH.key)
    hushed, printed = print_gossip(turn)
    assert len(hushed) == 3 and len(printed) == 6  # nine cards: a third is three
    assert sorted(ids(turn, SAFE)) == sorted(c.id for c in hushed) and ids(turn, GOSSIP) == []
    assert sorted([c.id for c in hushed] + [p.copy for p in printed]) == sorted(pile + [held.id])
    assert all(state.secrets[p.secret].revealed == MONTH.key for p in printed)
    assert not any(state.secrets[c.secret].revealed for c in hushed)
    # Aramis's copy of a secret told to all is gone with it; of one hushed up, he keeps it
    assert ids(turn, "Aramis") == ([] if held.id in [p.copy for p in printed] else [told.id])
    [column] = events(turn, codes.EV_COLUMN)
    assert column.public and column.data == {"pile": 9, "hushed": 3, "printed": 6}
    assert [e.data["copy"] for e in events(turn, codes.EV_PRINTED)] == [p.copy for p in printed]
    assert all(e.public for e in events(turn, codes.EV_PRINTED))
    rolls = [r for r in turn.dice.log if r.reason.startswith("gossip: the pile shuffled")]
    assert len(rolls) == 8  # one draw for each place but the first


def test_a_second_card_of_one_secret_is_printed_once():
    """Two copies of one secret in the pile are one tale: printed once, the other discarded with it."""
    turn = a_turn(man("Porthos"))
    state = turn.world.part("secrets")
    original = new_secret(state, "Porthos", "diamonds", 5, "one tale", holder="Aramis", how="x", month=MONTH.key)
    second = copy_to(state, original, "Athos", how="x", month=MONTH.key)
    give(state, original, GOSSIP, how="x", month=MONTH.key)
    give(state, second, GOSSIP, how="x", month=MONTH.key)
    hushed, printed = print_gossip(turn)
    assert hushed == [] and len(printed) == 1 and state.copies == {}


def test_a_printed_threat_puts_evidence_on_its_house_for_each_matching_tattle():
    """"each revealed threat produces as many pieces of evidence as there are matching desires or
    mollies revealed, and the evidence is placed on the matching houses (p.12)."  Matching: the
    printed non-threats of the same house; the evidence stays from month to month."""
    turn = a_turn(man("Porthos", club="Hunter's"), man("Athos", club="Hunter's"),
                  man("d'Artagnan", club="The Blue Gables"), tables={"gossip": {"hushed_divisor": 100}})
    turn.world.part("gossip").house_evidence[HUNTERS] = 1
    threats = [secret(turn, "Porthos", "clubs", 4, GOSSIP), secret(turn, "Athos", "spades", 3, GOSSIP)]
    secret(turn, "Athos", "diamonds", 5, GOSSIP)  # tattle of Hunter's
    secret(turn, "Porthos", "clubs", 2, GOSSIP)  # tattle of Hunter's (worth too little for a threat)
    secret(turn, "d'Artagnan", "diamonds", 2, GOSSIP)  # tattle of the Blue Gables
    hushed, printed = print_gossip(turn)
    assert hushed == [] and len(printed) == 5
    assert threats == [1, 2]  # the cards of secrets 1 and 2
    assert {e.data["secret"]: e.data["pieces"] for e in events(turn, codes.EV_EVIDENCE)} == {1: 2, 2: 2}
    assert turn.world.part("gossip").house_evidence == {HUNTERS: 1 + 2 + 2}
    assert [e.data["total"] for e in events(turn, codes.EV_EVIDENCE)] == [3, 5]


def test_a_printed_threat_exposes_its_man_and_discovers_its_informer():
    """"A player is exposed whenever a threat is added publicly to the gossip pile, through ...
    end-of-week revelations (pp.8, 11, 12)": his matching cards go to next month's pile.  And
    (choice) the man who spread a printed threat about another is a discovered informer for
    informer_months: the column names him."""
    turn, cards = exposure_table()
    state = turn.world.part("secrets")
    spread(turn, turn.characters["Aramis"], cards["threat"])
    for n in list(ids(turn, GOSSIP))[1:]:  # keep only the threat on the pile
        give(state, state.copies[n], "Porthos", how="back", month=MONTH.key)
    hushed, printed = print_gossip(turn)
    assert [p.copy for p in printed] == [cards["threat"]] and printed[0].spread_by == "Aramis"
    assert ids(turn, GOSSIP) == [cards["own clubs"], cards["a fellow's clubs"]]  # for next month
    assert turn.characters["Aramis"].get(INFORMER) == 6
    [informer] = events(turn, codes.EV_INFORMER)
    assert informer.public and informer.characters == ("Aramis",) and informer.data["about"] == "Porthos"
    printed_ev = events(turn, codes.EV_PRINTED)[0]
    assert printed_ev.characters == ("Porthos", "Aramis") and printed_ev.data["spread_by"] == "Aramis"


# -- raids ---------------------------------------------------------------------------------------------


def raid_table(**settings) -> Turn:
    turn = a_turn(man("Athos", sl=12, club="Hunter's", crowns=500), man("Porthos", sl=12, club="Hunter's", crowns=40),
                  man("Aramis", sl=10, club="Hunter's"), man("Rochefort", sl=9, club="Hunter's"),
                  man("d'Artagnan", sl=10), man("Planchet", sl=3), **settings)
    turn.be_at(2, HUNTERS, "d'Artagnan")  # a guest this month: a patron
    turn.be_at(3, BAWDY, "Planchet")
    turn.world.part("gossip").house_evidence.update({HUNTERS: 7, BAWDY: 6})
    return turn


def test_a_house_with_seven_pieces_of_evidence_is_raided_and_its_first_patrons_indicted():
    """"Every open house with seven or more pieces of evidence is raided: the player or players with
    the most reputation in it receive major indictments, those in second place minor indictments
    (on a tie, all tied players receive the same kind) (p.12)."  Patrons: the club's members and
    the month's visitors; reputation: social level (a setting)."""
    turn = raid_table()
    assert patrons(turn, HUNTERS) == ["Aramis", "Athos", "Porthos", "Rochefort", "d'Artagnan"]
    assert ranked(turn, patrons(turn, HUNTERS)) == (["Athos", "Porthos"], ["Aramis", "d'Artagnan"])
    raids(turn)
    [raid] = events(turn, codes.EV_RAID)
    assert raid.public and raid.data["house"] == "Hunter's" and raid.data["evidence"] == 7
    assert (raid.data["major"], raid.data["minor"]) == (["Athos", "Porthos"], ["Aramis", "d'Artagnan"])
    assert {e.characters[0]: e.data["kind"] for e in events(turn, codes.EV_INDICTED)} == {
        "Athos": "major", "Porthos": "major", "Aramis": "minor", "d'Artagnan": "minor"}
    assert turn.characters["Rochefort"].get(indictment_counter("minor")) == 0
    assert turn.world.part("gossip").house_evidence == {BAWDY: 6}  # six: not raided; Hunter's cleared


def test_the_most_reputation_may_be_this_months_status_points():
    """Setting reputation = "status_points": the month's status points rank the patrons."""
    turn = raid_table(reputation="status_points")
    turn.characters["Rochefort"].status_points = 5
    turn.characters["Aramis"].status_points = 2
    assert ranked(turn, patrons(turn, HUNTERS)) == (["Rochefort"], ["Aramis"])


def test_an_indictment_costs_what_the_campaign_sets():
    """"indictments are placed face down under the player boards (p.12)": by mail, consequences the
    campaign sets: a fine (as much of it as he has), status points, and for a major indictment
    flight to the Frontier Regiment as a Private (flight_to_frontier)."""
    turn = raid_table()
    porthos, aramis = turn.characters["Porthos"], turn.characters["Aramis"]
    porthos.regiment, porthos.rank = "Gascon Regiment", "Captain"
    indict(turn, porthos, "major", HUNTERS)
    indict(turn, aramis, "minor", HUNTERS)
    assert (porthos.crowns, porthos.status_points, porthos.get(indictment_counter("major"))) == (0, -10, 1)
    assert (porthos.regiment, porthos.rank) == ("Frontier Regiment", "Private")
    assert (aramis.crowns, aramis.status_points, aramis.regiment) == (75, -3, None)
    major = events(turn, codes.EV_INDICTED)[0]
    assert major.data == {"kind": "major", "house": "Hunter's", "fine": 100, "paid": 40, "status": 10,
                          "frontier": True}
    never = raid_table(flight_to_frontier="never")
    indict(never, never.characters["Athos"], "major", HUNTERS)
    assert never.characters["Athos"].regiment is None and never.characters["Athos"].crowns == 400


# -- a month of gossip, by hand ---------------------------------------------------------------------


def walkthrough() -> Turn:
    """The month of docs/gossip.md: four men, seven cards, a fixed seed."""
    turn = a_turn(man("Athos", sl=12, club="Hunter's"), man("Porthos", sl=11, club="Hunter's"),
                  man("Aramis", sl=9, club="Hunter's"), man("d'Artagnan", sl=6), seed="walkthrough")
    turn.world.part("gossip").house_evidence[HUNTERS] = 5  # from earlier months
    turn.be_at(1, BAWDY, "d'Artagnan")
    s = lambda *a: secret(turn, *a)  # noqa: E731
    s("Athos", "diamonds", 2, GOSSIP, "Athos has pawned his plate")  # 1
    s("Aramis", "clubs", 1, GOSSIP, "Aramis hopes for a bishopric")  # 2
    s("d'Artagnan", "hearts", 5, GOSSIP, "d'Artagnan climbs to a married lady's window")  # 3
    s("Porthos", "clubs", 4, "Aramis", "Porthos intrigues with the Queen Mother's party")  # 4
    s("Porthos", "clubs", 2, "Porthos", "Porthos is promised a post by Richelieu")  # 5
    for n in range(6):  # 6 to 11: Athos holds seven cards
        s("d'Artagnan", "diamonds", 1 + n % 3, "Athos", f"d'Artagnan owes {10 * (n + 1)} crowns")
    s("d'Artagnan", "diamonds", 6, "Athos", "d'Artagnan's father was a smuggler")  # 12
    orders(turn, "Aramis", spread=(4,))
    return turn


def test_a_month_of_gossip_checked_by_hand():
    """The month of docs/gossip.md, step by step:

    1. Aramis spreads No. 4, a threat (clubs, 4) about Porthos: Porthos is exposed and his No. 5
       (clubs, about himself) goes into the pile: 1 status point, one clubs cube.
    2. Athos holds seven cards: one goes face down to the pile, the least valuable, the newest of
       those worth 1: No. 9.  The pile: Nos. 1, 2, 3, 4, 5, 9 (six cards, in that order).
    3. The shuffle (seed "walkthrough"): for the places 6, 5, 4, 3, 2 the dice draw 5, 2, 4, 1, 1
       (a d6, d5, d4, d3, d2), each card swapped with the one at the drawn place:
       1 2 3 4 5 9 -> 1 2 3 4 9 5 -> 1 9 3 4 2 5 -> (same) -> 3 9 1 4 2 5 -> 9 3 1 4 2 5.
       A third of six is two: Nos. 9 and 3 are hushed up (No. 3, d'Artagnan's threat, with
       them); Nos. 1, 4, 2, 5 are printed.
    4. No. 4 is the only threat printed; the tattle printed of its house, Hunter's, is No. 1
       (Athos, diamonds), No. 2 (Aramis, clubs worth 1) and No. 5 (Porthos, clubs worth 2): three
       pieces on Hunter's, 5 + 3 = 8.  Porthos is exposed again (he holds no clubs card now: no
       cost); Aramis, who spread it, is a discovered informer for six months.
    5. Hunter's, eight pieces, is raided: its patrons Athos (SL 12), Porthos (11), Aramis (9)
       (d'Artagnan went to the bawdyhouse); Athos a major indictment (his 100 crowns, 10 status
       points, flight to the Frontier Regiment), Porthos a minor one (25 crowns, 3 status
       points); Aramis none.  Hunter's evidence is taken away.
    """
    turn = walkthrough()
    for step in [s for s in turn.registry.phase("month end") if s.module == "gossip"]:
        step.step.run(turn)
    state = turn.world.part("secrets")
    shuffle = [r.values[0] for r in turn.dice.log if r.reason.startswith("gossip:")]
    assert shuffle == [5, 2, 4, 1, 1]
    porthos, athos, aramis = (turn.characters[n] for n in ("Porthos", "Athos", "Aramis"))
    # 1. spread and exposure
    assert events(turn, codes.EV_EXPOSED)[0].data["copies"] == [5]
    assert porthos.get(exposed_counter("clubs")) == 1
    # 2. the hand limit
    assert events(turn, codes.EV_OVER_LIMIT)[0].data["copies"] == [9] and ids(turn, "Athos") == [6, 7, 8, 10, 11, 12]
    # 3. hushed and printed
    assert ids(turn, SAFE) == [3, 9] and ids(turn, GOSSIP) == []
    assert events(turn, codes.EV_COLUMN)[0].data == {"pile": 6, "hushed": 2, "printed": 4}
    assert [e.data["copy"] for e in events(turn, codes.EV_PRINTED)] == [1, 4, 2, 5]
    assert [e.data["threat"] for e in events(turn, codes.EV_PRINTED)] == [False, True, False, False]
    assert {n for n, s in state.secrets.items() if s.revealed} == {1, 2, 4, 5}
    # 4. evidence, exposure, the informer
    assert [(e.data["house"], e.data["pieces"], e.data["total"]) for e in events(turn, codes.EV_EVIDENCE)] == [
        ("Hunter's", 3, 8)]
    assert [e.data["copies"] for e in events(turn, codes.EV_EXPOSED)] == [[5], []]
    assert aramis.get(INFORMER) == 6
    # 5. the raid
    [raid] = events(turn, codes.EV_RAID)
    assert (raid.data["house"], raid.data["evidence"]) == ("Hunter's", 8)
    assert (raid.data["major"], raid.data["minor"]) == (["Athos"], ["Porthos"])
    assert (athos.crowns, athos.status_points, athos.regiment, athos.rank) == (0, -10, "Frontier Regiment", "Private")
    assert (porthos.crowns, porthos.status_points) == (75, -1 - 3)
    assert aramis.crowns == 100 and aramis.get(indictment_counter("minor")) == 0
    assert turn.world.part("gossip").house_evidence == {}


def test_a_man_away_on_campaign_is_no_patron_and_his_exposure_costs_no_status():
    """b. Time Sequence: a man on campaign does "not have to pay out any money or keep track of
    Status Points": a member away is no patron of his club, and his exposure is cubes only."""
    turn = raid_table()
    turn.home = [n for n in turn.home if n != "Athos"]  # away with the army
    assert "Athos" not in patrons(turn, HUNTERS)
    cards = [secret(turn, "Athos", "clubs", 2, "Athos"), secret(turn, "Athos", "clubs", 4, "Aramis")]
    spread(turn, turn.characters["Aramis"], cards[1])
    athos = turn.characters["Athos"]
    assert ids(turn, GOSSIP) == cards and athos.get(exposed_counter("clubs")) == 1 and athos.status_points == 0


def test_its_places_in_the_month_and_the_gazette():
    """At the month's end after the battle and titles, before the social levels are settled (the
    status points it costs count this month); its column after the notices; off, nothing."""
    on = Registry.build(("gossip",))
    steps = [s.qualified for s in on.steps]
    at = steps.index("titles.consider")
    assert steps[at + 1:at + 6] == ["gossip.spread", "gossip.hand_limit", "gossip.print_gossip", "gossip.raids",
                                    "status.settle_social_level"]
    sections = [s.name for s in on.sections]
    assert sections[sections.index("notices") + 1] == "gossip"
    assert on.active("secrets")
    off = Registry.build(())
    assert [s.qualified for s in off.steps] == [s for s in steps if not s.startswith("gossip.")]


# -- what mutation testing found unpinned (docs/rules-coverage.md, "Mutation testing") ---------------


def test_a_discovered_informer_is_still_one_with_a_single_month_left():
    """"unless you are a discovered informer: then your excess cards go to the safe pile instead
    (p.14)."  His last month as an informer still counts."""
    aramis = man("Aramis", counters={INFORMER: 1})
    turn = a_turn(aramis)
    cards = [secret(turn, "Porthos", "diamonds", v, "Aramis") for v in (5, 5, 5, 5, 5, 5, 1)]
    assert [c.id for c in hand_limit(turn, aramis)] == [cards[-1]] and ids(turn, SAFE) == [cards[-1]]
    assert aramis.get(INFORMER) == 0
    [entry] = turn.ledger
    assert (entry.week, entry.rule) == (MONTH_END, RULE)
    [ev] = events(turn, codes.EV_OVER_LIMIT)
    assert ev.week == MONTH_END and not ev.public and ev.data["limit"] == 6
    assert all((c.how, c.month) == (OVER_LIMIT_HOW, MONTH.key) for c in hand(turn.world.part("secrets"), SAFE))


def test_an_informer_discovered_again_is_one_for_informer_months_from_now():
    """Choice: the man who spread a printed threat about another is a discovered informer for
    informer_months (6); discovered again, his months start again from six (not added on)."""
    turn, cards = exposure_table()
    turn.characters["Aramis"].counters[INFORMER] = 2
    state = turn.world.part("secrets")
    spread(turn, turn.characters["Aramis"], cards["threat"])
    for n in list(ids(turn, GOSSIP))[1:]:
        give(state, state.copies[n], "Porthos", how="back", month=MONTH.key)
    print_gossip(turn)
    assert turn.characters["Aramis"].get(INFORMER) == 6
    [informer] = events(turn, codes.EV_INFORMER)
    assert informer.week == MONTH_END and informer.data == {"about": "Porthos", "months": 6}
    [entry] = [e for e in turn.ledger if e.field == INFORMER]
    assert (entry.week, entry.rule, entry.reason) == (
        MONTH_END, RULE, "known for an informer: he spread the threat against Porthos")


def test_a_man_who_spreads_a_threat_about_himself_is_no_informer():
    """The informer is discovered when "his threat against another" is printed: a threat a man
    spread about himself exposes him, but informs on no one."""
    turn, cards = exposure_table()
    own = secret(turn, "Aramis", "clubs", 4, "Aramis")
    spread(turn, turn.characters["Aramis"], own)
    assert ids(turn, GOSSIP) == [own]
    print_gossip(turn)
    assert turn.characters["Aramis"].get(INFORMER) == 0 and not events(turn, codes.EV_INFORMER)
    assert events(turn, codes.EV_PRINTED)[0].characters == ("Aramis",)


def test_exposure_takes_every_matching_card_whatever_he_holds_before_them():
    """"the player must add to the gossip pile every card in their own reputation that matches the
    triggering threat (p.6)": cards of another area or house held first do not stop it."""
    turn = a_turn(man("Aramis"), man("Porthos", club="Hunter's"), man("Athos", club="Hunter's"),
                  man("d'Artagnan", club="The Blue Gables"))
    first = [secret(turn, "Porthos", "hearts", 3, "Porthos"), secret(turn, "d'Artagnan", "clubs", 3, "Porthos")]
    mine = [secret(turn, "Porthos", "clubs", 2, "Porthos"), secret(turn, "Athos", "clubs", 1, "Porthos")]
    threat = secret(turn, "Porthos", "clubs", 4, "Aramis")
    spread(turn, turn.characters["Aramis"], threat)
    assert ids(turn, GOSSIP) == mine + [threat] and ids(turn, "Porthos") == first
    state = turn.world.part("secrets")
    assert [(state.copies[n].how, state.copies[n].month) for n in ids(turn, GOSSIP)] == [
        ("exposed", MONTH.key), ("exposed", MONTH.key), ("spread in public", MONTH.key)]
    [ev] = events(turn, codes.EV_SPREAD)
    assert ev.data == {"copy": threat, "about": "Porthos", "area": "clubs", "text": "Porthos's clubs 4", "threat": True}
    [exposed] = events(turn, codes.EV_EXPOSED)
    assert exposed.data == {"secret": state.copies[threat].secret, "area": "clubs", "trigger": "spread",
                            "copies": mine, "status": 2}


def test_a_dead_man_is_not_exposed():
    """Exposure is a player's ("When exposed, the player must add ..."): a dead man's cards stay."""
    turn, cards = exposure_table()
    turn.characters["Porthos"].state = DEAD
    spread(turn, turn.characters["Aramis"], cards["threat"])
    assert ids(turn, GOSSIP) == [cards["threat"]] and not events(turn, codes.EV_EXPOSED)


def test_an_exposure_away_on_campaign_is_recorded_as_costing_no_status():
    """b. Time Sequence: "not ... keep track of Status Points": his exposure's event says 0."""
    turn = raid_table()
    turn.home = [n for n in turn.home if n != "Athos"]
    cards = [secret(turn, "Athos", "clubs", 2, "Athos"), secret(turn, "Athos", "clubs", 4, "Aramis")]
    spread(turn, turn.characters["Aramis"], cards[1])
    [exposed] = events(turn, codes.EV_EXPOSED)
    assert exposed.data["copies"] == [cards[0]] and exposed.data["status"] == 0
    nothing = raid_table()
    nothing.home = [n for n in nothing.home if n != "Athos"]
    spread(nothing, nothing.characters["Aramis"], secret(nothing, "Athos", "clubs", 4, "Aramis"))
    assert events(nothing, codes.EV_EXPOSED)[0].data["status"] == 0


def test_a_card_not_held_is_told_only_to_him():
    """A mail game's gap: the order names a card he does not hold; only his report says so."""
    turn, cards = exposure_table()
    spread(turn, turn.characters["Aramis"], 999)
    [ev] = events(turn, codes.EV_NOT_HELD)
    assert ev.public is False


def test_a_printed_threat_with_no_tattle_of_its_house_is_no_evidence():
    """"each revealed threat produces as many pieces of evidence as there are matching desires or
    mollies revealed (p.12)": none revealed, none produced; the tattle's own column entry carries no
    evidence either."""
    turn = a_turn(man("Porthos", club="Hunter's"), man("d'Artagnan", club="The Blue Gables"),
                  tables={"gossip": {"hushed_divisor": 100}})
    threat = secret(turn, "Porthos", "clubs", 4, GOSSIP, "Porthos plots")
    tattle = secret(turn, "d'Artagnan", "diamonds", 2, GOSSIP, "d'Artagnan is poor")
    hushed, printed = print_gossip(turn)
    assert hushed == [] and not events(turn, codes.EV_EVIDENCE)
    assert turn.world.part("gossip").house_evidence == {}
    by_copy = {e.data["copy"]: e for e in events(turn, codes.EV_PRINTED)}
    state = turn.world.part("secrets")
    assert by_copy[threat].data == {"secret": 1, "copy": threat, "area": "clubs", "value": 4, "text": "Porthos plots",
                                    "threat": True, "house": "Hunter's", "spread_by": None, "evidence": 0}
    assert by_copy[tattle].data == {"secret": 2, "copy": tattle, "area": "diamonds", "value": 2,
                                    "text": "d'Artagnan is poor", "threat": False, "house": "The Blue Gables",
                                    "spread_by": None, "evidence": 0}
    assert [(p.area, p.value) for p in printed] == [(state.secrets[p.secret].area, p.value) for p in printed]
    assert sorted((p.area, p.value) for p in printed) == [("clubs", 4), ("diamonds", 2)]
    assert events(turn, codes.EV_EXPOSED)[0].data["trigger"] == "printed"


def test_a_secret_about_no_man_of_the_campaign_is_printed_with_no_house():
    """Choice: a tale about no man of the campaign belongs to no house; the column prints it so."""
    turn = a_turn(man("Porthos"))
    secret(turn, "Nobody", "diamonds", 2, GOSSIP, "a stranger's debts")
    print_gossip(turn)
    assert events(turn, codes.EV_PRINTED)[0].data["house"] is None


def test_a_second_card_of_one_secret_does_not_stop_the_column():
    """Two copies of one secret are one tale: the second is skipped, the cards after it printed."""
    turn = a_turn(man("Porthos"), tables={"gossip": {"hushed_divisor": 100}})
    state = turn.world.part("secrets")
    original = new_secret(state, "Porthos", "diamonds", 5, "one tale", holder="Aramis", how="x", month=MONTH.key)
    second = copy_to(state, original, "Athos", how="x", month=MONTH.key)
    give(state, original, GOSSIP, how="x", month=MONTH.key)
    give(state, second, GOSSIP, how="x", month=MONTH.key)
    for n in range(4):
        secret(turn, "Porthos", "diamonds", 1, GOSSIP, f"tale {n}")
    hushed, printed = print_gossip(turn)
    assert len(printed) == 5 and state.copies == {}


def test_hushed_cards_are_recorded_as_hushed_this_month():
    """"move one third of its cards (rounded down) to the safe pile (p.12)": each card says how."""
    turn = a_turn(man("Porthos"))
    for n in range(3):
        secret(turn, "Porthos", "diamonds", 1, GOSSIP, f"tale {n}")
    hushed, printed = print_gossip(turn)
    assert [(c.how, c.month) for c in hand(turn.world.part("secrets"), SAFE)] == [("hushed up", MONTH.key)]
    assert [r.reason for r in turn.dice.log] == ["gossip: the pile shuffled, card for place 3 of 3",
                                                 "gossip: the pile shuffled, card for place 2 of 3"]


def test_on_a_tie_for_the_most_reputation_all_are_major_and_none_minor():
    """"(on a tie, all tied players receive the same kind) (p.12)": all tied first, no second."""
    turn = a_turn(man("Athos", sl=12, club="Hunter's"), man("Porthos", sl=12, club="Hunter's"))
    assert ranked(turn, patrons(turn, HUNTERS)) == (["Athos", "Porthos"], [])


def test_a_dead_man_is_no_patron():
    """"the player or players with the most reputation in it (p.12)": a man who died this month,
    though he was there, is no patron of the house raided."""
    turn = raid_table()
    turn.characters["d'Artagnan"].state = DEAD
    assert "d'Artagnan" not in patrons(turn, HUNTERS)


def test_an_indictment_fines_a_penniless_man_nothing_and_is_recorded():
    """Choice: the fine is "as much of it as he has": a man with nothing pays nothing.  Fleeing,
    he leaves his regiment for the Frontier's ranks, each change with its reason."""
    turn = raid_table()
    porthos = turn.characters["Porthos"]
    porthos.crowns, porthos.regiment, porthos.rank = 0, "Gascon Regiment", "Captain"
    indict(turn, porthos, "major", HUNTERS)
    assert porthos.crowns == 0 and events(turn, codes.EV_INDICTED)[0].data["paid"] == 0
    why = "major indictment in the raid on Hunter's"
    assert [(e.field, e.week, e.reason, e.rule) for e in turn.ledger] == [
        (indictment_counter("major"), MONTH_END, why, RULE),
        ("status_points", MONTH_END, why, RULE),
        ("rank", MONTH_END, f"he flees his {why}", RULE),
        ("regiment", MONTH_END, f"he flees his {why}", RULE),
        ("regiment", MONTH_END, f"he flees his {why} to the Frontier", RULE),
        ("rank", MONTH_END, "a Private of the Frontier Regiment", RULE)]


def test_the_column_prints_a_threats_evidence_beside_it():
    """"each revealed threat produces as many pieces of evidence as there are matching desires or
    mollies revealed (p.12)": the gazette prints the pieces with the threat."""
    turn = a_turn(man("Porthos", club="Hunter's"), man("Athos", club="Hunter's"),
                  tables={"gossip": {"hushed_divisor": 100}})
    threat = secret(turn, "Porthos", "clubs", 4, GOSSIP)
    secret(turn, "Athos", "diamonds", 5, GOSSIP)
    print_gossip(turn)
    assert {e.data["copy"]: e.data["evidence"] for e in events(turn, codes.EV_PRINTED)} == {threat: 1, threat + 1: 0}
