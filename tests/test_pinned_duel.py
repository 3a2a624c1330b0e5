"""Duelling, line by line in a month (mutation testing: docs/rules-coverage.md, "Mutation testing"):
Duelling Table D, wounds and recovery, cause, refusals, insults and the trade of Expertise for Strength."""

from __future__ import annotations

from engarde.codes import EV_ORDER_REFUSED
from engarde.dice import ScriptedDice, SeededDice
from engarde.rules.clubs.orders import VisitClub
from engarde.rules.duel.codes import EV_DUEL_TRADE
from engarde.rules.duel.orders import AnswerChallenge, Challenge, TradeOrders
from engarde.rules.duel import rules as duel
from engarde.rules.duel.rules import RULE_PRACTICE, fight
from engarde.rules.regiments.tables import RegimentsTables
from engarde.turn import PendingDuel
from helpers import rules_registry
from test_duel_fight import BOOK, D
from test_duel_month import LUNGER, YIELDS, gent, orders, run, sheets, turn_of

DUEL_KEYS = ("weapons", "expertise", "winner", "loser", "killed", "loss", "cause", "place", "kind", "changes")


def duel_lines(result) -> tuple[list, list]:
    """The month's ledger lines of the duelling rules and its duelling events (a duel's turns left out)."""
    ledger = [
        (e.character, e.field, e.delta if e.value is None else e.value, e.week, e.reason)
        for e in result.ledger
        if e.rule.startswith("e. Duelling")
    ]
    events = [
        (
            e.code,
            e.week,
            e.characters,
            e.public,
            {k: v for k, v in e.data.items() if e.code != "duel" or k in DUEL_KEYS},
        )
        for e in result.events
        if e.code.startswith("duel")
    ]
    return ledger, events


def test_the_duels_of_a_month_line_by_line():
    """Duelling Table D: "Fights a member of a friendly Regiment and wins, he loses 1 Status Point; Fights a
    member of a neutral Regiment and wins, he gains 2 Status Points; Fights a member of an enemy Regiment and
    wins, he gains 5 Status Points; Fights a member of an enemy Regiment and loses, he loses 2 Status Points;
    Challenges with insufficient cause, he loses 2 Status Points; ... Kills his opponent, he gains 2 Status
    Points.  The winner of a duel increases his Expertise by one."  Recovery: "One half of the Endurance points
    lost in a duel may be recovered the first week after the duel.  Each week thereafter, Endurance points equal
    to the character's Constitution may be recovered. ... If, however, a character in such a condition [less
    than 50% of his Endurance] accepts a duel, he will gain 3 Status Points immediately".

    Week 1: Porthos (Cardinal's Guard) beats Falstaff (King's Musketeers, an enemy regiment, at 35 of 80
    Endurance: +3 for accepting), who loses 20 (10 back in week 2, his Constitution 10 in week 3); Gaston,
    sabre in hand (his Expertise with it 14), beats Nym, who slashes him once for 1 (Strength 1: no first-week
    half of 1, his Constitution the week after).  Week 2: Aramis challenges Bardolph with no cause (-2) and
    kills him (+2 neutral, +2 the kill).  Week 3: Athos (King's Musketeers) beats Pistol (Royal Foot Guards, a
    friend: -1); both recover half in week 4."""
    men = [
        gent("Porthos", exp=12, regiment="Cardinal's Guard"),
        gent("Falstaff", strength=8, endurance=35, regiment="King's Musketeers"),
        gent("Aramis", exp=12),
        gent("Bardolph", strength=8, endurance=20),
        gent("Athos", exp=12, regiment="King's Musketeers"),
        gent("Pistol", strength=8, regiment="Royal Foot Guards"),
        gent("Gaston", exp=12, counters={"expertise.sabre": 2}),
        gent("Nym", strength=1, con=100, exp=12),
    ]
    standing_ = {
        "Porthos": orders(duel_sequence=LUNGER),
        "Falstaff": orders(if_challenged="accept", duel_sequence=LUNGER, duel_conditions=YIELDS),
        "Aramis": orders(duel_sequence=LUNGER),
        "Bardolph": orders(if_challenged="accept", duel_sequence=LUNGER),
        "Athos": orders(duel_sequence=LUNGER),
        "Pistol": orders(duel_sequence=LUNGER, duel_conditions=YIELDS),
        "Gaston": orders(duel_sequence="X X S"),
        "Nym": orders(
            if_challenged="accept", duel_sequence="X X S", duel_conditions=("surrender if endurance below 90",)
        ),
    }
    result = run(
        men,
        sheets(
            Porthos={1: Challenge("Falstaff", "he trod on my cloak", "rapier")},
            Gaston={1: Challenge("Nym", "a slight", "sabre")},
            Aramis={2: Challenge("Bardolph", "", "rapier")},
            Athos={3: Challenge("Pistol", "a slight", "rapier")},
        ),
        standing_,
    )
    ledger, events = duel_lines(result)
    assert ledger == [
        ("Gaston", "endurance", -1, 1, "wounds in his duel with Nym (4 turns)"),
        ("Gaston", "wounds.duel", 1, 1, "wounds to recover from his duel with Nym"),
        ("Nym", "endurance", -20, 1, "wounds in his duel with Gaston (4 turns)"),
        ("Nym", "wounds.duel", 20, 1, "wounds to recover from his duel with Gaston"),
        (
            "Nym",
            "recovery.first week",
            10,
            1,
            "half the 20 Endurance lost to Gaston may be recovered the first week after",
        ),
        ("Gaston", "status_points", 2, 1, "won his duel with Nym (no regiment: neutral)"),
        (
            "Gaston",
            "expertise.sabre",
            1,
            1,
            'won his duel with Nym: "The winner of a duel increases his Expertise by one."',
        ),
        ("Falstaff", "endurance", -20, 1, "wounds in his duel with Porthos (3 turns)"),
        ("Falstaff", "status_points", 3, 1, "fought Porthos while under half his Endurance"),
        ("Falstaff", "wounds.duel", 20, 1, "wounds to recover from his duel with Porthos"),
        (
            "Falstaff",
            "recovery.first week",
            10,
            1,
            "half the 20 Endurance lost to Porthos may be recovered the first week after",
        ),
        ("Porthos", "status_points", 5, 1, "won his duel with Falstaff, of an enemy regiment"),
        (
            "Porthos",
            "expertise.rapier",
            1,
            1,
            'won his duel with Falstaff: "The winner of a duel increases his Expertise by one."',
        ),
        ("Falstaff", "status_points", -2, 1, "lost his duel with Porthos, of an enemy regiment"),
        (
            "Aramis",
            "status_points",
            -2,
            2,
            "challenged Bardolph with insufficient cause (he gave no cause and the rules find none)",
        ),
        ("Bardolph", "endurance", -20, 2, "wounds in his duel with Aramis (2 turns)"),
        (
            "Bardolph",
            "state",
            "dead",
            2,
            'killed in a duel with Aramis: "If a player\'s Endurance reaches zero or below, he is dead."',
        ),
        ("Aramis", "status_points", 2, 2, "won his duel with Bardolph (no regiment: neutral)"),
        (
            "Aramis",
            "expertise.rapier",
            1,
            2,
            'won his duel with Bardolph: "The winner of a duel increases his Expertise by one."',
        ),
        ("Aramis", "status_points", 2, 2, "killed Bardolph in a duel"),
        ("Falstaff", "recovery.first week", -10, 2, "the first week after his duel: half the Endurance he lost"),
        ("Falstaff", "endurance", 10, 2, "the first week after his duel: half the Endurance he lost"),
        ("Falstaff", "wounds.duel", -10, 2, "the first week after his duel: half the Endurance he lost"),
        ("Gaston", "endurance", 1, 2, "a week's recovery: Endurance equal to his Constitution (10)"),
        ("Gaston", "wounds.duel", -1, 2, "a week's recovery: Endurance equal to his Constitution (10)"),
        ("Nym", "recovery.first week", -10, 2, "the first week after his duel: half the Endurance he lost"),
        ("Nym", "endurance", 10, 2, "the first week after his duel: half the Endurance he lost"),
        ("Nym", "wounds.duel", -10, 2, "the first week after his duel: half the Endurance he lost"),
        ("Athos", "endurance", -48, 3, "wounds in his duel with Pistol (9 turns)"),
        ("Athos", "wounds.duel", 48, 3, "wounds to recover from his duel with Pistol"),
        (
            "Athos",
            "recovery.first week",
            24,
            3,
            "half the 48 Endurance lost to Pistol may be recovered the first week after",
        ),
        ("Pistol", "endurance", -60, 3, "wounds in his duel with Athos (9 turns)"),
        ("Pistol", "wounds.duel", 60, 3, "wounds to recover from his duel with Athos"),
        (
            "Pistol",
            "recovery.first week",
            30,
            3,
            "half the 60 Endurance lost to Athos may be recovered the first week after",
        ),
        ("Athos", "status_points", -1, 3, "won his duel with Pistol, of a friendly regiment"),
        (
            "Athos",
            "expertise.rapier",
            1,
            3,
            'won his duel with Pistol: "The winner of a duel increases his Expertise by one."',
        ),
        ("Falstaff", "endurance", 10, 3, "a week's recovery: Endurance equal to his Constitution (10)"),
        ("Falstaff", "wounds.duel", -10, 3, "a week's recovery: Endurance equal to his Constitution (10)"),
        ("Nym", "endurance", 10, 3, "a week's recovery: Endurance equal to his Constitution (100)"),
        ("Nym", "wounds.duel", -10, 3, "a week's recovery: Endurance equal to his Constitution (100)"),
        ("Athos", "recovery.first week", -24, 4, "the first week after his duel: half the Endurance he lost"),
        ("Athos", "endurance", 24, 4, "the first week after his duel: half the Endurance he lost"),
        ("Athos", "wounds.duel", -24, 4, "the first week after his duel: half the Endurance he lost"),
        ("Pistol", "recovery.first week", -30, 4, "the first week after his duel: half the Endurance he lost"),
        ("Pistol", "endurance", 30, 4, "the first week after his duel: half the Endurance he lost"),
        ("Pistol", "wounds.duel", -30, 4, "the first week after his duel: half the Endurance he lost"),
    ]
    assert events == [
        (
            "duel",
            1,
            ("Gaston", "Nym"),
            True,
            {
                "weapons": ["sabre", "rapier"],
                "expertise": [14, 12],
                "winner": "Gaston",
                "loser": "Nym",
                "killed": [],
                "loss": [1, 20],
                "cause": "a slight",
                "place": "the field of honour",
                "kind": "challenge",
                "changes": [
                    {
                        "name": "Gaston",
                        "field": "endurance",
                        "delta": -1,
                        "reason": "wounds in his duel with Nym (4 turns)",
                    },
                    {
                        "name": "Gaston",
                        "field": "wounds.duel",
                        "delta": 1,
                        "reason": "wounds to recover from his duel with Nym",
                    },
                    {
                        "name": "Nym",
                        "field": "endurance",
                        "delta": -20,
                        "reason": "wounds in his duel with Gaston (4 turns)",
                    },
                    {
                        "name": "Nym",
                        "field": "wounds.duel",
                        "delta": 20,
                        "reason": "wounds to recover from his duel with Gaston",
                    },
                    {
                        "name": "Nym",
                        "field": "recovery.first week",
                        "delta": 10,
                        "reason": "half the 20 Endurance lost to Gaston may be recovered the first week after",
                    },
                    {
                        "name": "Gaston",
                        "field": "status_points",
                        "delta": 2,
                        "reason": "won his duel with Nym (no regiment: neutral)",
                    },
                    {
                        "name": "Gaston",
                        "field": "expertise.sabre",
                        "delta": 1,
                        "reason": 'won his duel with Nym: "The winner of a duel increases his Expertise by one."',
                    },
                ],
            },
        ),
        (
            "duel",
            1,
            ("Porthos", "Falstaff"),
            True,
            {
                "weapons": ["rapier", "rapier"],
                "expertise": [12, 10],
                "winner": "Porthos",
                "loser": "Falstaff",
                "killed": [],
                "loss": [0, 20],
                "cause": "he trod on my cloak",
                "place": "the field of honour",
                "kind": "challenge",
                "changes": [
                    {
                        "name": "Falstaff",
                        "field": "endurance",
                        "delta": -20,
                        "reason": "wounds in his duel with Porthos (3 turns)",
                    },
                    {
                        "name": "Falstaff",
                        "field": "status_points",
                        "delta": 3,
                        "reason": "fought Porthos while under half his Endurance",
                    },
                    {
                        "name": "Falstaff",
                        "field": "wounds.duel",
                        "delta": 20,
                        "reason": "wounds to recover from his duel with Porthos",
                    },
                    {
                        "name": "Falstaff",
                        "field": "recovery.first week",
                        "delta": 10,
                        "reason": "half the 20 Endurance lost to Porthos may be recovered the first week after",
                    },
                    {
                        "name": "Porthos",
                        "field": "status_points",
                        "delta": 5,
                        "reason": "won his duel with Falstaff, of an enemy regiment",
                    },
                    {
                        "name": "Porthos",
                        "field": "expertise.rapier",
                        "delta": 1,
                        "reason": 'won his duel with Falstaff: "The winner of a duel increases his Expertise by one."',
                    },
                    {
                        "name": "Falstaff",
                        "field": "status_points",
                        "delta": -2,
                        "reason": "lost his duel with Porthos, of an enemy regiment",
                    },
                ],
            },
        ),
        (
            "duel-no-cause",
            2,
            ("Aramis", "Bardolph"),
            True,
            {
                "cause": "none given",
                "judged": "he gave no cause and the rules find none",
                "kind": "challenge",
                "status": -2,
            },
        ),
        (
            "duel",
            2,
            ("Aramis", "Bardolph"),
            True,
            {
                "weapons": ["rapier", "rapier"],
                "expertise": [12, 10],
                "winner": "Aramis",
                "loser": "Bardolph",
                "killed": ["Bardolph"],
                "loss": [0, 20],
                "cause": "none given",
                "place": "the field of honour",
                "kind": "challenge",
                "changes": [
                    {
                        "name": "Bardolph",
                        "field": "endurance",
                        "delta": -20,
                        "reason": "wounds in his duel with Aramis (2 turns)",
                    },
                    {"name": "Bardolph", "field": "state", "delta": 0, "reason": "killed"},
                    {
                        "name": "Aramis",
                        "field": "status_points",
                        "delta": 2,
                        "reason": "won his duel with Bardolph (no regiment: neutral)",
                    },
                    {
                        "name": "Aramis",
                        "field": "expertise.rapier",
                        "delta": 1,
                        "reason": 'won his duel with Bardolph: "The winner of a duel increases his Expertise by one."',
                    },
                    {"name": "Aramis", "field": "status_points", "delta": 2, "reason": "killed Bardolph in a duel"},
                ],
            },
        ),
        ("duel-death", 2, ("Bardolph", "Aramis"), True, {"killed_by": "Aramis", "place": "the field of honour"}),
        ("duel-recovery", 2, ("Falstaff",), False, {"gained": 10, "endurance": 25, "original": 80, "first_week": True}),
        ("duel-recovery", 2, ("Gaston",), False, {"gained": 1, "endurance": 100, "original": 100, "first_week": False}),
        ("duel-recovery", 2, ("Nym",), False, {"gained": 10, "endurance": 90, "original": 100, "first_week": True}),
        (
            "duel",
            3,
            ("Athos", "Pistol"),
            True,
            {
                "weapons": ["rapier", "rapier"],
                "expertise": [12, 10],
                "winner": "Athos",
                "loser": "Pistol",
                "killed": [],
                "loss": [48, 60],
                "cause": "a slight",
                "place": "the field of honour",
                "kind": "challenge",
                "changes": [
                    {
                        "name": "Athos",
                        "field": "endurance",
                        "delta": -48,
                        "reason": "wounds in his duel with Pistol (9 turns)",
                    },
                    {
                        "name": "Athos",
                        "field": "wounds.duel",
                        "delta": 48,
                        "reason": "wounds to recover from his duel with Pistol",
                    },
                    {
                        "name": "Athos",
                        "field": "recovery.first week",
                        "delta": 24,
                        "reason": "half the 48 Endurance lost to Pistol may be recovered the first week after",
                    },
                    {
                        "name": "Pistol",
                        "field": "endurance",
                        "delta": -60,
                        "reason": "wounds in his duel with Athos (9 turns)",
                    },
                    {
                        "name": "Pistol",
                        "field": "wounds.duel",
                        "delta": 60,
                        "reason": "wounds to recover from his duel with Athos",
                    },
                    {
                        "name": "Pistol",
                        "field": "recovery.first week",
                        "delta": 30,
                        "reason": "half the 60 Endurance lost to Athos may be recovered the first week after",
                    },
                    {
                        "name": "Athos",
                        "field": "status_points",
                        "delta": -1,
                        "reason": "won his duel with Pistol, of a friendly regiment",
                    },
                    {
                        "name": "Athos",
                        "field": "expertise.rapier",
                        "delta": 1,
                        "reason": 'won his duel with Pistol: "The winner of a duel increases his Expertise by one."',
                    },
                ],
            },
        ),
        (
            "duel-recovery",
            3,
            ("Falstaff",),
            False,
            {"gained": 10, "endurance": 35, "original": 80, "first_week": False},
        ),
        ("duel-recovery", 3, ("Nym",), False, {"gained": 10, "endurance": 100, "original": 100, "first_week": False}),
        ("duel-recovery", 4, ("Athos",), False, {"gained": 24, "endurance": 76, "original": 100, "first_week": True}),
        ("duel-recovery", 4, ("Pistol",), False, {"gained": 30, "endurance": 50, "original": 80, "first_week": True}),
    ]


def test_refusals_and_meetings_line_by_line():
    """Duelling Table D: "Refuses a challenge that has cause, he loses Status Points equal to half his Social
    Level; Challenges with insufficient cause, he loses 2 Status Points; Meets an opponent who refuses a
    challenge (with cause), he gains 2 Status Points."  "any character who has cause and an opportunity to
    fight and does not will lose Status Points equal in number to half his current Social Level."  "A player
    with less than 50% of his Endurance may decline a duel, regardless of cause, without loss of status."
    Cause: "Two characters of two unfriendly Regiments meeting", "If a noble meets a non-noble who is four or
    more Social Levels above him"; "Judgement of whether or not there was cause is up to all the players"
    (the GM's ruling).

    Week 1: Falstaff refuses Porthos's challenge with cause (SL 9: -4, Porthos +2); Bardolph refuses
    Aramis's, which has none (Aramis -2 only); Guillaume, a noble, challenges Jacques (5 levels above him)
    with no cause while Jacques is at his club: they did not meet, so no cause (-2).  Week 2: Wounded (30 of
    100) declines Athos lawfully; the GM rules Rochefort's stated cause none (-2).  Week 3 at Hunter's: Jussac
    (Cardinal's Guard, SL 10) and Dartagnan (King's Musketeers, SL 7), enemies, will not fight (-5, -3);
    Planchet and Mousqueton, ruled to have cause, neither (-3, -2).  Week 4: Grimaud and Bazin, enemies, are
    ruled to have no cause and nothing happens; at Hunter's wounded Cussac loses nothing and Treville 4;
    Gilles, a noble, challenges Jean, who answers on the field (they meet): the affront and their unfriendly
    regiments are cause, Jean refuses (-4, Gilles +2)."""
    R = orders(if_challenged="refuse")
    men = [
        gent("Porthos"),
        gent("Falstaff"),
        gent("Aramis"),
        gent("Bardolph"),
        gent("Athos"),
        gent("Wounded", endurance=30),
        gent("Rochefort"),
        gent("Pistol"),
        gent("Jussac", sl=10, regiment="Cardinal's Guard", club="Hunter's"),
        gent("Dartagnan", sl=7, regiment="King's Musketeers", club="Hunter's"),
        gent("Planchet", sl=6, club="Hunter's"),
        gent("Mousqueton", sl=5, club="Hunter's"),
        gent("Grimaud", sl=4, club="Red Phillips", regiment="Cardinal's Guard"),
        gent("Bazin", sl=4, club="Red Phillips", regiment="King's Musketeers"),
        gent("Cussac", sl=6, endurance=30, club="Hunter's", regiment="Cardinal's Guard"),
        gent("Treville", sl=8, club="Hunter's", regiment="King's Musketeers"),
        gent("Guillaume", sl=4, social_class="nobleman", club="Hunter's"),
        gent("Jacques", sl=9, social_class="commoner", club="Hunter's"),
        gent("Gilles", sl=3, social_class="nobleman", regiment="Cardinal's Guard"),
        gent("Jean", sl=8, social_class="commoner", regiment="King's Musketeers"),
    ]
    st = {
        "Falstaff": R,
        "Bardolph": R,
        "Pistol": R,
        "Jussac": R,
        "Dartagnan": R,
        "Planchet": R,
        "Mousqueton": R,
        "Cussac": R,
        "Treville": R,
        "Jacques": R,
        "Grimaud": orders(duel_sequence=LUNGER),
        "Bazin": orders(duel_sequence=LUNGER),
    }
    result = run(
        men,
        sheets(
            Porthos={1: Challenge("Falstaff", "he trod on my cloak", "rapier")},
            Aramis={1: Challenge("Bardolph", "", "rapier")},
            Athos={2: Challenge("Wounded", "a slight", "rapier")},
            Rochefort={2: Challenge("Pistol", "he looked at me", "rapier")},
            Jussac={3: VisitClub("Hunter's")},
            Dartagnan={3: VisitClub("Hunter's")},
            Planchet={3: VisitClub("Hunter's")},
            Mousqueton={3: VisitClub("Hunter's")},
            Grimaud={4: VisitClub("Red Phillips")},
            Bazin={4: VisitClub("Red Phillips")},
            Cussac={4: VisitClub("Hunter's")},
            Treville={4: VisitClub("Hunter's")},
            Guillaume={1: Challenge("Jacques", "", "rapier")},
            Jacques={1: VisitClub("Hunter's")},
            Gilles={4: Challenge("Jean", "", "rapier")},
            Jean={4: AnswerChallenge("Gilles", accept=False)},
        ),
        st,
        rulings={
            frozenset(("Rochefort", "Pistol")): False,
            frozenset(("Planchet", "Mousqueton")): True,
            frozenset(("Grimaud", "Bazin")): False,
        },
    )
    ledger, events = duel_lines(result)
    assert ledger == [
        (
            "Aramis",
            "status_points",
            -2,
            1,
            "challenged Bardolph with insufficient cause (he gave no cause and the rules find none)",
        ),
        (
            "Guillaume",
            "status_points",
            -2,
            1,
            "challenged Jacques with insufficient cause (he gave no cause and the rules find none)",
        ),
        (
            "Falstaff",
            "status_points",
            -4,
            1,
            "refused Porthos's challenge, which has cause (he trod on my cloak): half his Social Level",
        ),
        ("Porthos", "status_points", 2, 1, "Falstaff refused his challenge, which has cause"),
        (
            "Rochefort",
            "status_points",
            -2,
            2,
            "challenged Pistol with insufficient cause (the GM ruled that there is no cause)",
        ),
        (
            "Dartagnan",
            "status_points",
            -3,
            3,
            "had cause (the King's Musketeers and the Cardinal's Guard are unfriendly regiments) and opportunity (club:Hunter's) to fight Jussac and did not: half his Social Level",
        ),
        (
            "Jussac",
            "status_points",
            -5,
            3,
            "had cause (the King's Musketeers and the Cardinal's Guard are unfriendly regiments) and opportunity (club:Hunter's) to fight Dartagnan and did not: half his Social Level",
        ),
        (
            "Mousqueton",
            "status_points",
            -2,
            3,
            "had cause (the GM ruled that there is cause) and opportunity (club:Hunter's) to fight Planchet and did not: half his Social Level",
        ),
        (
            "Planchet",
            "status_points",
            -3,
            3,
            "had cause (the GM ruled that there is cause) and opportunity (club:Hunter's) to fight Mousqueton and did not: half his Social Level",
        ),
        (
            "Jean",
            "status_points",
            -4,
            4,
            "refused Gilles's challenge, which has cause (the Cardinal's Guard and the King's Musketeers are unfriendly "
            "regiments; Gilles, a noble, met Jean, a non-noble 5 Social Levels above him): half his Social Level",
        ),
        ("Gilles", "status_points", 2, 4, "Jean refused his challenge, which has cause"),
        (
            "Treville",
            "status_points",
            -4,
            4,
            "had cause (the Cardinal's Guard and the King's Musketeers are unfriendly regiments) and opportunity (club:Hunter's) to fight Cussac and did not: half his Social Level",
        ),
    ]
    assert events == [
        (
            "duel-no-cause",
            1,
            ("Aramis", "Bardolph"),
            True,
            {
                "cause": "none given",
                "judged": "he gave no cause and the rules find none",
                "kind": "challenge",
                "status": -2,
            },
        ),
        (
            "duel-refused",
            1,
            ("Aramis", "Bardolph"),
            True,
            {
                "challenger": "Aramis",
                "refused_by": "Bardolph",
                "cause": "none given",
                "why": "his standing orders",
                "wounded": False,
                "lost": 0,
                "gained": 0,
                "place": "the field of honour",
            },
        ),
        (
            "duel-no-cause",
            1,
            ("Guillaume", "Jacques"),
            True,
            {
                "cause": "none given",
                "judged": "he gave no cause and the rules find none",
                "kind": "challenge",
                "status": -2,
            },
        ),
        (
            "duel-refused",
            1,
            ("Guillaume", "Jacques"),
            True,
            {
                "challenger": "Guillaume",
                "refused_by": "Jacques",
                "cause": "none given",
                "why": "his standing orders",
                "wounded": False,
                "lost": 0,
                "gained": 0,
                "place": "the field of honour",
            },
        ),
        (
            "duel-refused",
            1,
            ("Porthos", "Falstaff"),
            True,
            {
                "challenger": "Porthos",
                "refused_by": "Falstaff",
                "cause": "he trod on my cloak",
                "why": "his standing orders",
                "wounded": False,
                "lost": 4,
                "gained": 2,
                "place": "the field of honour",
            },
        ),
        (
            "duel-refused",
            2,
            ("Athos", "Wounded"),
            True,
            {
                "challenger": "Athos",
                "refused_by": "Wounded",
                "cause": "a slight",
                "why": "he is under half his Endurance and declines, as is his right",
                "wounded": True,
                "lost": 0,
                "gained": 0,
                "place": "the field of honour",
            },
        ),
        (
            "duel-no-cause",
            2,
            ("Rochefort", "Pistol"),
            True,
            {
                "cause": "he looked at me",
                "judged": "the GM ruled that there is no cause",
                "kind": "challenge",
                "status": -2,
            },
        ),
        (
            "duel-refused",
            2,
            ("Rochefort", "Pistol"),
            True,
            {
                "challenger": "Rochefort",
                "refused_by": "Pistol",
                "cause": "he looked at me",
                "why": "his standing orders",
                "wounded": False,
                "lost": 0,
                "gained": 0,
                "place": "the field of honour",
            },
        ),
        (
            "duel-cause-ignored",
            3,
            ("Dartagnan", "Jussac"),
            True,
            {
                "cause": "the King's Musketeers and the Cardinal's Guard are unfriendly regiments",
                "place": "club:Hunter's",
                "lost": 3,
                "wounded": False,
            },
        ),
        (
            "duel-cause-ignored",
            3,
            ("Jussac", "Dartagnan"),
            True,
            {
                "cause": "the King's Musketeers and the Cardinal's Guard are unfriendly regiments",
                "place": "club:Hunter's",
                "lost": 5,
                "wounded": False,
            },
        ),
        (
            "duel-cause-ignored",
            3,
            ("Mousqueton", "Planchet"),
            True,
            {"cause": "the GM ruled that there is cause", "place": "club:Hunter's", "lost": 2, "wounded": False},
        ),
        (
            "duel-cause-ignored",
            3,
            ("Planchet", "Mousqueton"),
            True,
            {"cause": "the GM ruled that there is cause", "place": "club:Hunter's", "lost": 3, "wounded": False},
        ),
        ("duel-answer", 4, ("Jean",), False, {"answer": "Refuse the challenge of Gilles"}),
        (
            "duel-refused",
            4,
            ("Gilles", "Jean"),
            True,
            {
                "challenger": "Gilles",
                "refused_by": "Jean",
                "cause": "the Cardinal's Guard and the King's Musketeers are unfriendly regiments; "
                "Gilles, a noble, met Jean, a non-noble 5 Social Levels above him",
                "why": "his answer to the challenge",
                "wounded": False,
                "lost": 4,
                "gained": 2,
                "place": "the field of honour",
            },
        ),
        (
            "duel-cause-ignored",
            4,
            ("Cussac", "Treville"),
            True,
            {
                "cause": "the Cardinal's Guard and the King's Musketeers are unfriendly regiments",
                "place": "club:Hunter's",
                "lost": 0,
                "wounded": True,
            },
        ),
        (
            "duel-cause-ignored",
            4,
            ("Treville", "Cussac"),
            True,
            {
                "cause": "the Cardinal's Guard and the King's Musketeers are unfriendly regiments",
                "place": "club:Hunter's",
                "lost": 4,
                "wounded": False,
            },
        ),
    ]


def trade_lines(result) -> tuple[list, list]:
    ledger = [(e.character, e.field, e.delta, e.week, e.reason) for e in result.ledger if e.rule == RULE_PRACTICE]
    events = [
        (e.code, e.week, e.characters, e.public, e.data)
        for e in result.events
        if e.code in (EV_DUEL_TRADE, EV_ORDER_REFUSED)
    ]
    return ledger, events


def test_the_trade_of_expertise_for_strength_line_by_line():
    """Practice: "At any time, a character may subtract five from his Expertise to add one to his Strength
    characteristic. No other trades may be made, and all the above are irreversible."  "Endurance is determined
    by multiplying Constitution by Strength": each trade adds his Constitution.  "he returns to his original
    Expertise for that weapon": the trade is paid with one weapon's Expertise (the one named, else his duel
    weapon, else the rapier), or, by the campaign setting ``expertise_trade = "every"``, with his original
    Expertise.

    Porthos, Expertise 15 with the sabre, trades four times with it: three trades to exactly 0, the fourth
    refused; Athos (7, no weapon named or on file) pays with the rapier; Aramis with his duel weapon on file,
    the foil.  With "every", Porthos (12, his sabre on file) trades twice and is refused the third (2 left)."""
    men = [
        gent("Porthos", exp=12, con=14, counters={"expertise.sabre": 3}),
        gent("Athos", exp=7, con=9),
        gent("Aramis", exp=11, con=12),
    ]
    sh = sheets(Porthos={}, Athos={}, Aramis={})
    sh["Porthos"].monthly.edit(TradeOrders).trade_expertise_for_strength = 4
    sh["Porthos"].monthly.edit(TradeOrders).trade_weapon = "sabre"
    sh["Athos"].monthly.edit(TradeOrders).trade_expertise_for_strength = 1
    sh["Aramis"].monthly.edit(TradeOrders).trade_expertise_for_strength = 1
    ledger, events = trade_lines(run(men, sh, {"Aramis": orders(duel_weapon="foil")}))
    assert ledger == [
        ("Aramis", "expertise.foil", -5, 0, "traded 5 Expertise with the foil for 1 Strength (irreversible)"),
        ("Aramis", "strength", 1, 0, "traded 5 Expertise with the foil for 1 Strength (irreversible)"),
        ("Aramis", "endurance", 12, 0, "one more Strength: Endurance is Constitution x Strength (+12)"),
        ("Athos", "expertise.rapier", -5, 0, "traded 5 Expertise with the rapier for 1 Strength (irreversible)"),
        ("Athos", "strength", 1, 0, "traded 5 Expertise with the rapier for 1 Strength (irreversible)"),
        ("Athos", "endurance", 9, 0, "one more Strength: Endurance is Constitution x Strength (+9)"),
        ("Porthos", "expertise.sabre", -5, 0, "traded 5 Expertise with the sabre for 1 Strength (irreversible)"),
        ("Porthos", "strength", 1, 0, "traded 5 Expertise with the sabre for 1 Strength (irreversible)"),
        ("Porthos", "endurance", 14, 0, "one more Strength: Endurance is Constitution x Strength (+14)"),
        ("Porthos", "expertise.sabre", -5, 0, "traded 5 Expertise with the sabre for 1 Strength (irreversible)"),
        ("Porthos", "strength", 1, 0, "traded 5 Expertise with the sabre for 1 Strength (irreversible)"),
        ("Porthos", "endurance", 14, 0, "one more Strength: Endurance is Constitution x Strength (+14)"),
        ("Porthos", "expertise.sabre", -5, 0, "traded 5 Expertise with the sabre for 1 Strength (irreversible)"),
        ("Porthos", "strength", 1, 0, "traded 5 Expertise with the sabre for 1 Strength (irreversible)"),
        ("Porthos", "endurance", 14, 0, "one more Strength: Endurance is Constitution x Strength (+14)"),
    ]
    assert events == [
        (
            "duel-expertise-traded",
            0,
            ("Aramis",),
            False,
            {"times": 1, "expertise": 6, "weapon": "foil", "strength": 11, "endurance": 132},
        ),
        (
            "duel-expertise-traded",
            0,
            ("Athos",),
            False,
            {"times": 1, "expertise": 2, "weapon": "rapier", "strength": 11, "endurance": 99},
        ),
        (
            "order-refused",
            0,
            ("Porthos",),
            False,
            {
                "order": "trade five Expertise with the sabre for one Strength",
                "reason": "his Expertise with the sabre is 0, less than 5",
            },
        ),
        (
            "duel-expertise-traded",
            0,
            ("Porthos",),
            False,
            {"times": 3, "expertise": 0, "weapon": "sabre", "strength": 13, "endurance": 182},
        ),
    ]
    sh = sheets(Porthos={})
    sh["Porthos"].monthly.edit(TradeOrders).trade_expertise_for_strength = 3
    ledger, events = trade_lines(
        run(
            [gent("Porthos", exp=12, con=14, counters={"expertise.sabre": 3})],
            sh,
            {"Porthos": orders(duel_weapon="sabre")},  # "every": not his sabre's 15
            registry=rules_registry(expertise_trade="every"),
        )
    )
    assert ledger == [
        ("Porthos", "expertise", -5, 0, "traded 5 Expertise for 1 Strength (irreversible)"),
        ("Porthos", "strength", 1, 0, "traded 5 Expertise for 1 Strength (irreversible)"),
        ("Porthos", "endurance", 14, 0, "one more Strength: Endurance is Constitution x Strength (+14)"),
        ("Porthos", "expertise", -5, 0, "traded 5 Expertise for 1 Strength (irreversible)"),
        ("Porthos", "strength", 1, 0, "traded 5 Expertise for 1 Strength (irreversible)"),
        ("Porthos", "endurance", 14, 0, "one more Strength: Endurance is Constitution x Strength (+14)"),
    ]
    assert events == [
        (
            "order-refused",
            0,
            ("Porthos",),
            False,
            {"order": "trade five Expertise for one Strength", "reason": "his Expertise is 2, less than 5"},
        ),
        (
            "duel-expertise-traded",
            0,
            ("Porthos",),
            False,
            {"times": 2, "expertise": 2, "weapon": None, "strength": 12, "endurance": 168},
        ),
    ]


def test_challenges_answers_and_insults_line_by_line():
    """ "When two characters are in the same place (that is, performing the same activity), a duel may take
    place": a challenge is delivered to a living gentleman in Paris (a name in any case and spacing), and met
    only if he gives the week to the affair (by the book, ``challenges = "same_place"``).  His answer, from any
    week of his sheet, names the challenger in any case and his weapon.  Cause: "Insulting a regimental friend
    of a character": the insult is given once, the first week the two are in the same place, never to himself,
    to a stranger or to the dead.

    Week 1: Porthos challenges the dead Falstaff, Aramis Athos, on campaign: refused.  Rochefort's insults
    (Jussac twice, himself, Nobody, the dead Falstaff) find Jussac at Hunter's only in week 2, who will not
    fight (-4).  Week 2: Porthos's challenge of Aramis, who stays at home, is unmet.  Week 3: Dartagnan
    answers "ROCHEFORT " and accepts, with the sabre; Rochefort gave no cause (-2) and is killed (Dartagnan:
    +2 neutral, +2 the kill, his Expertise with the sabre +1)."""
    men = [
        gent("Porthos"),
        gent("Falstaff", state="dead"),
        gent("Aramis"),
        gent("Athos", state="on campaign"),
        gent("Rochefort", club="Hunter's"),
        gent("Jussac", club="Hunter's", exp=14),
        gent("Bazin", club="Hunter's"),
        gent("Dartagnan", exp=14),
    ]
    sh = sheets(
        Porthos={1: Challenge("  falstaff ", "x", "rapier"), 2: Challenge("Aramis", "x", "rapier")},
        Aramis={1: Challenge("ATHOS", "x", "rapier")},
        Rochefort={1: VisitClub("Hunter's"), 2: VisitClub("Hunter's"), 3: Challenge("Dartagnan", "", "")},
        Jussac={2: VisitClub("Hunter's")},
        Bazin={1: VisitClub("Hunter's")},
        Dartagnan={3: AnswerChallenge("ROCHEFORT ", accept=True, weapon="sabre")},
    )
    sh["Rochefort"].monthly.edit(TradeOrders).insult = ("jussac", "Rochefort", "Nobody", "Falstaff", "Jussac")
    st = {
        "Rochefort": orders(if_challenged="refuse", duel_sequence=LUNGER),
        "Jussac": orders(if_challenged="refuse"),
        "Dartagnan": orders(duel_sequence="X X S"),
    }
    result = run(men, sh, st, registry=rules_registry())
    ledger = [
        (e.character, e.field, e.delta if e.value is None else e.value, e.week, e.reason)
        for e in result.ledger
        if e.rule.startswith("e. Duelling")
    ]
    events = []
    for e in result.events:
        if e.code.startswith(("duel", "insult", "challenge")) or e.code == EV_ORDER_REFUSED:
            data = (
                {k: e.data[k] for k in ("winner", "cause", "place", "kind", "weapons")} if e.code == "duel" else e.data
            )
            events.append((e.code, e.week, e.characters, e.public, data))
    assert ledger == [
        (
            "Jussac",
            "status_points",
            -4,
            2,
            "had cause (Rochefort insulted him) and opportunity (club:Hunter's) to fight Rochefort and did not: half his Social Level",
        ),
        (
            "Rochefort",
            "status_points",
            -2,
            3,
            "challenged Dartagnan with insufficient cause (he gave no cause and the rules find none)",
        ),
        ("Rochefort", "endurance", -100, 3, "wounds in his duel with Dartagnan (15 turns)"),
        (
            "Rochefort",
            "state",
            "dead",
            3,
            'killed in a duel with Dartagnan: "If a player\'s Endurance reaches zero or below, he is dead."',
        ),
        ("Dartagnan", "endurance", -40, 3, "wounds in his duel with Rochefort (15 turns)"),
        ("Dartagnan", "wounds.duel", 40, 3, "wounds to recover from his duel with Rochefort"),
        (
            "Dartagnan",
            "recovery.first week",
            20,
            3,
            "half the 40 Endurance lost to Rochefort may be recovered the first week after",
        ),
        ("Dartagnan", "status_points", 2, 3, "won his duel with Rochefort (no regiment: neutral)"),
        (
            "Dartagnan",
            "expertise.sabre",
            1,
            3,
            'won his duel with Rochefort: "The winner of a duel increases his Expertise by one."',
        ),
        ("Dartagnan", "status_points", 2, 3, "killed Rochefort in a duel"),
        ("Dartagnan", "recovery.first week", -20, 4, "the first week after his duel: half the Endurance he lost"),
        ("Dartagnan", "endurance", 20, 4, "the first week after his duel: half the Endurance he lost"),
        ("Dartagnan", "wounds.duel", -20, 4, "the first week after his duel: half the Endurance he lost"),
    ]
    assert events == [
        (
            "order-refused",
            1,
            ("Aramis",),
            False,
            {"order": "Challenge ATHOS for x with the rapier", "reason": "Athos is on campaign"},
        ),
        (
            "order-refused",
            1,
            ("Porthos",),
            False,
            {"order": "Challenge   falstaff  for x with the rapier", "reason": "Falstaff is dead"},
        ),
        ("insult", 2, ("Rochefort", "Jussac"), True, {"place": "club:Hunter's", "friends": []}),
        ("challenge-unmet", 2, ("Porthos", "Aramis"), False, {"challenge": "Challenge Aramis for x with the rapier"}),
        (
            "duel-cause-ignored",
            2,
            ("Jussac", "Rochefort"),
            True,
            {"cause": "Rochefort insulted him", "place": "club:Hunter's", "lost": 4, "wounded": False},
        ),
        ("duel-answer", 3, ("Dartagnan",), False, {"answer": "Accept the challenge of ROCHEFORT  with the sabre"}),
        (
            "duel-no-cause",
            3,
            ("Rochefort", "Dartagnan"),
            True,
            {
                "cause": "none given",
                "judged": "he gave no cause and the rules find none",
                "kind": "challenge",
                "status": -2,
            },
        ),
        (
            "duel",
            3,
            ("Rochefort", "Dartagnan"),
            True,
            {
                "winner": "Dartagnan",
                "cause": "none given",
                "place": "the field of honour",
                "kind": "challenge",
                "weapons": ["rapier", "sabre"],
            },
        ),
        ("duel-death", 3, ("Rochefort", "Dartagnan"), True, {"killed_by": "Dartagnan", "place": "the field of honour"}),
        (
            "duel-recovery",
            4,
            ("Dartagnan",),
            False,
            {"gained": 20, "endurance": 80, "original": 100, "first_week": True},
        ),
    ]


FIGHTS = [
    (
        (D("A", "JB X T X L X CL K X X X", "sabre"), D("B", "X L X X L X", endurance=100)),
        [2],
        10,
        [
            (["JB", "X"], [0, 0], []),
            (["X", "L"], [20, 0], ["B: L v X = 2 x 10 x 1 = 20"]),
            (["T", "X"], [0, 20], ["A throws (2) and hits: 4 x 10 x 1/2 = 20"]),
            (["X", "X"], [0, 0], []),
            (["L", "L"], [20, 0], ["A is disarmed: his lunge does nothing", "B: L v X = 2 x 10 x 1 = 20"]),
            (["X", "X"], [0, 0], []),
            (["CL", "X"], [0, 0], []),
            (["K", "L"], [20, 20], ["A: K v L = 2 x 10 x 1 = 20", "B: L v K = 2 x 10 x 1 = 20"]),
            (["X", "X"], [0, 0], []),
            (["X", "X"], [0, 0], []),
        ],
        ["duel A v B, turn 3: A throws his sabre: hits on 1-2"],
        (None, [], "parted", [False, False], [True, False], [60, 40]),
    ),
    (
        (D("A", "JB X T", "cutlass"), D("B", "X L X", endurance=100)),
        [1, 1],
        6,
        [
            (["JB", "X"], [0, 0], []),
            (["X", "L"], [20, 0], ["B: L v X = 2 x 10 x 1 = 20"]),
            (["T", "X"], [0, 100], ["A throws his cutlass (2): B is killed outright"]),
        ],
        ["duel A v B, turn 3: A throws his cutlass: a 2 on two dice kills outright"],
        ("A", ["B"], "killed", [False, False], [True, False], [20, 100]),
    ),
    (
        (D("A", "JB X T X X S X X X", "cutlass"), D("B", "X X S", endurance=100)),
        [3, 4],
        6,
        [
            (["JB", "X"], [0, 0], []),
            (["X", "X"], [0, 0], []),
            (["T", "S"], [10, 0], ["A throws his cutlass (7) and misses", "B: S v T = 1 x 10 x 1 = 10"]),
            (["X", "X"], [0, 0], []),
            (["X", "X"], [0, 0], []),
            (["S", "S"], [10, 0], ["A is disarmed: his slash does nothing", "B: S v X = 1 x 10 x 1 = 10"]),
        ],
        ["duel A v B, turn 3: A throws his cutlass: a 2 on two dice kills outright"],
        (None, [], "parted", [False, False], [True, False], [20, 0]),
    ),
    (
        (D("A", "JB X T", "dagger"), D("B", "X X X", endurance=100)),
        [3],
        4,
        [
            (["JB", "X"], [0, 0], []),
            (["X", "X"], [0, 0], []),
            (["T", "X"], [0, 80], ["A throws (3) and hits: 4 x 10 x 2 = 80"]),
            (["JB", "X"], [0, 0], []),
        ],
        ["duel A v B, turn 3: A throws his dagger: hits on 1-3"],
        (None, [], "parted", [False, False], [True, False], [0, 80]),
    ),
    (
        (D("A", "X S X X X JB X T", "cutlass"), D("B", "X B X JB X T", endurance=100)),
        [2, 1, 3, 4],
        9,
        [
            (["X", "X"], [0, 0], []),
            (["S", "B"], [0, 0], ["B's rapier breaks (2): he fights on with the stump as a dagger"]),
            (["X", "X"], [0, 0], []),
            (["X", "JB"], [0, 0], []),
            (["X", "X"], [0, 0], []),
            (["JB", "T"], [20, 0], ["B throws (1) and hits: 4 x 10 x 1/2 = 20"]),
            (["X", "X"], [0, 0], []),
            (["T", "B"], [0, 0], ["A throws his cutlass (7) and misses"]),
            (["X", "X"], [0, 0], []),
        ],
        [
            "duel A v B, turn 2: does B's rapier break? (2 or less)",
            "duel B v A, turn 6: B throws his broken weapon: hits on 1-2",
            "duel A v B, turn 8: A throws his cutlass: a 2 on two dice kills outright",
        ],
        (None, [], "parted", [False, True], [True, True], [20, 0]),
    ),
]


def test_throws_breakage_and_the_disarmed_turn_by_turn():
    """Table B's note: "When a weapon is thrown, roll a die. On a 1 or 2, the throw is successful and the
    opponent takes damage. Any other result and the thrower has missed while the opponent is unharmed. In
    either case the thrower is now unarmed. When daggers are thrown, they hit on a roll of 1, 2 or 3.
    Two-handed swords and cutlasses may be thrown ... Roll two dice: on a roll of 2 the opponent has been hit
    and is immediately killed."  Breakage: "Subtract the defender's weapon number from the attacker's ... If
    the defender rolls this number or less on one die, the weapon is broken. ... A broken weapon is treated as
    a dagger in all respects except for throwing. If thrown, it is treated as a sabre."  Turn by turn, with
    the dice each roll was asked for: a sabre thrown (4 x 10 x 1/2) and its thrower, disarmed, lunging for
    nothing but kicking; a cutlass thrown for a 2 (killed outright) and for a 7 (missed); a dagger thrown for
    a 3 (4 x 10 x 2); a rapier broken on a cutlass's slash (3 - 1 = 2, rolled 2) and thrown as a sabre."""
    for (a, b), dice, limit, turns, reasons, outcome in FIGHTS:
        rolled = ScriptedDice(dice)
        record = fight(BOOK, a, b, rolled, turn_limit=limit)
        assert [(t["actions"], t["damage"], t["notes"]) for t in record.turns] == turns
        assert [r.reason for r in rolled.log] == reasons
        assert (record.winner, record.killed, record.end, record.broken, record.disarmed, record.loss) == outcome


def test_both_killed_a_blade_broken_and_wounds_carried_into_the_month():
    """ "Damage is sustained by both players simultaneously ... If a player's Endurance reaches zero or below, he
    is dead": Porthos and Falstaff (20 each) kill each other in turn 2, no winner, neither killed by a
    survivor.  Weapons Breakage in a month: Jussac's cutlass slash stopped by Bazin's block breaks his rapier on
    a 2 (the die asked for), and Bazin wins with the stump.  Recovery, with the campaign's
    ``recovery_per_constitution = 2``: "Each week thereafter, Endurance points equal to the character's
    Constitution may be recovered": Aramis, 25 to recover from last month, gets 20 in week 1 and 5 in week 2;
    Jussac half his 20 in week 2, the rest in week 3."""
    men = [
        gent("Porthos", endurance=20),
        gent("Falstaff", endurance=20),
        gent("Aramis", counters={"wounds.duel": 25}, endurance=75),
        gent("Jussac"),
        gent("Bazin", endurance=100),
    ]
    standing_ = {
        "Porthos": orders(duel_sequence=LUNGER),
        "Falstaff": orders(if_challenged="accept", duel_sequence=LUNGER),
        "Jussac": orders(
            duel_sequence="X S X X X", duel_weapon="cutlass", duel_conditions=("surrender if endurance below 95",)
        ),
        "Bazin": orders(if_challenged="accept", duel_sequence="X B X L X"),
    }
    result = run(
        men,
        sheets(Porthos={1: Challenge("Falstaff", "x", "rapier")}, Jussac={1: Challenge("Bazin", "x", "cutlass")}),
        standing_,
        dice=ScriptedDice([2]),
        registry=rules_registry({"duel": {"recovery_per_constitution": 2}}, challenges="anywhere"),
    )
    ledger = [
        (e.character, e.field, e.delta if e.value is None else e.value, e.week, e.reason)
        for e in result.ledger
        if e.rule.startswith("e. Duelling")
    ]
    events = [
        (
            e.code,
            e.week,
            e.characters,
            e.public,
            {k: v for k, v in e.data.items() if k not in ("turns", "notes", "sequences", "conditions")},
        )
        for e in result.events
        if e.code.startswith("duel")
    ]
    assert ledger == [
        ("Jussac", "endurance", -20, 1, "wounds in his duel with Bazin (6 turns)"),
        ("Jussac", "wounds.duel", 20, 1, "wounds to recover from his duel with Bazin"),
        (
            "Jussac",
            "recovery.first week",
            10,
            1,
            "half the 20 Endurance lost to Bazin may be recovered the first week after",
        ),
        ("Bazin", "status_points", 2, 1, "won his duel with Jussac (no regiment: neutral)"),
        (
            "Bazin",
            "expertise.rapier",
            1,
            1,
            'won his duel with Jussac: "The winner of a duel increases his Expertise by one."',
        ),
        ("Porthos", "endurance", -20, 1, "wounds in his duel with Falstaff (3 turns)"),
        (
            "Porthos",
            "state",
            "dead",
            1,
            'killed in a duel with Falstaff: "If a player\'s Endurance reaches zero or below, he is dead."',
        ),
        ("Falstaff", "endurance", -20, 1, "wounds in his duel with Porthos (3 turns)"),
        (
            "Falstaff",
            "state",
            "dead",
            1,
            'killed in a duel with Porthos: "If a player\'s Endurance reaches zero or below, he is dead."',
        ),
        ("Aramis", "endurance", 20, 1, "a week's recovery: Endurance equal to 2 x his Constitution (10)"),
        ("Aramis", "wounds.duel", -20, 1, "a week's recovery: Endurance equal to 2 x his Constitution (10)"),
        ("Aramis", "endurance", 5, 2, "a week's recovery: Endurance equal to 2 x his Constitution (10)"),
        ("Aramis", "wounds.duel", -5, 2, "a week's recovery: Endurance equal to 2 x his Constitution (10)"),
        ("Jussac", "recovery.first week", -10, 2, "the first week after his duel: half the Endurance he lost"),
        ("Jussac", "endurance", 10, 2, "the first week after his duel: half the Endurance he lost"),
        ("Jussac", "wounds.duel", -10, 2, "the first week after his duel: half the Endurance he lost"),
        ("Jussac", "endurance", 10, 3, "a week's recovery: Endurance equal to 2 x his Constitution (10)"),
        ("Jussac", "wounds.duel", -10, 3, "a week's recovery: Endurance equal to 2 x his Constitution (10)"),
    ]
    assert events == [
        (
            "duel",
            1,
            ("Jussac", "Bazin"),
            True,
            {
                "names": ["Jussac", "Bazin"],
                "weapons": ["cutlass", "rapier"],
                "strength": [10, 10],
                "expertise": [10, 10],
                "endurance_start": [100, 100],
                "endurance_original": [100, 100],
                "advantage": None,
                "default_sequence": [False, False],
                "mandatory_rests": [0, 0],
                "winner": "Bazin",
                "loser": "Jussac",
                "killed": [],
                "surrendered": ["Jussac"],
                "end": "surrender",
                "endurance_end": [80, 100],
                "broken": [False, True],
                "disarmed": [False, False],
                "loss": [20, 0],
                "blows": [0, 1],  # the last blow the man who yielded took: Bazin's lunge
                "decisive": {"turn": 5, "actions": ["X", "L"], "damage": [20, 0]},
                "cause": "x",
                "place": "the field of honour",
                "kind": "challenge",
                "changes": [
                    {
                        "name": "Jussac",
                        "field": "endurance",
                        "delta": -20,
                        "reason": "wounds in his duel with Bazin (6 turns)",
                    },
                    {
                        "name": "Jussac",
                        "field": "wounds.duel",
                        "delta": 20,
                        "reason": "wounds to recover from his duel with Bazin",
                    },
                    {
                        "name": "Jussac",
                        "field": "recovery.first week",
                        "delta": 10,
                        "reason": "half the 20 Endurance lost to Bazin may be recovered the first week after",
                    },
                    {
                        "name": "Bazin",
                        "field": "status_points",
                        "delta": 2,
                        "reason": "won his duel with Jussac (no regiment: neutral)",
                    },
                    {
                        "name": "Bazin",
                        "field": "expertise.rapier",
                        "delta": 1,
                        "reason": 'won his duel with Jussac: "The winner of a duel increases his Expertise by one."',
                    },
                ],
            },
        ),
        (
            "duel",
            1,
            ("Porthos", "Falstaff"),
            True,
            {
                "names": ["Porthos", "Falstaff"],
                "weapons": ["rapier", "rapier"],
                "strength": [10, 10],
                "expertise": [10, 10],
                "endurance_start": [20, 20],
                "endurance_original": [100, 100],
                "advantage": None,
                "default_sequence": [False, False],
                "mandatory_rests": [0, 0],
                "winner": None,
                "loser": None,
                "killed": ["Porthos", "Falstaff"],
                "surrendered": [],
                "end": "killed",
                "endurance_end": [0, 0],
                "broken": [False, False],
                "disarmed": [False, False],
                "loss": [20, 20],
                "blows": [1, 1],  # each landed one blow; both died of it (the gazette's telling exchange)
                "decisive": {"turn": 3, "actions": ["L", "L"], "damage": [20, 20]},
                "cause": "x",
                "place": "the field of honour",
                "kind": "challenge",
                "changes": [
                    {
                        "name": "Porthos",
                        "field": "endurance",
                        "delta": -20,
                        "reason": "wounds in his duel with Falstaff (3 turns)",
                    },
                    {"name": "Porthos", "field": "state", "delta": 0, "reason": "killed"},
                    {
                        "name": "Falstaff",
                        "field": "endurance",
                        "delta": -20,
                        "reason": "wounds in his duel with Porthos (3 turns)",
                    },
                    {"name": "Falstaff", "field": "state", "delta": 0, "reason": "killed"},
                ],
            },
        ),
        ("duel-death", 1, ("Porthos", "Falstaff"), True, {"killed_by": None, "place": "the field of honour"}),
        ("duel-death", 1, ("Falstaff", "Porthos"), True, {"killed_by": None, "place": "the field of honour"}),
        ("duel-recovery", 1, ("Aramis",), False, {"gained": 20, "endurance": 95, "original": 100, "first_week": False}),
        ("duel-recovery", 2, ("Aramis",), False, {"gained": 5, "endurance": 100, "original": 100, "first_week": False}),
        ("duel-recovery", 2, ("Jussac",), False, {"gained": 10, "endurance": 90, "original": 100, "first_week": True}),
        (
            "duel-recovery",
            3,
            ("Jussac",),
            False,
            {"gained": 10, "endurance": 100, "original": 100, "first_week": False},
        ),
    ]
    assert [r.reason for r in result.rolls] == ["duel Jussac v Bazin, turn 2: does Bazin's rapier break? (2 or less)"]


def test_duels_the_rules_require_line_by_line():
    """Duels other rules require (rival suitors who would not withdraw): "Unless permitted to by the rules, any
    character who has cause and an opportunity to fight and does not will lose Status Points" -- he fights
    though his standing orders refuse, unless "A player with less than 50% of his Endurance may decline a
    duel, regardless of cause"; the GM's ruling that there is no cause ends the affair (no Status Points: only
    a challenger pays for insufficient cause).  A pair settles one affair a week: A's challenge of B, on the
    field the same week, is not fought again; a duel with a man not of the campaign, or of another week, not
    at all."""
    refuse = orders(if_challenged="refuse", duel_sequence=LUNGER, duel_conditions=YIELDS)
    men = [
        gent("A", exp=12),
        gent("B", strength=8),
        gent("C"),
        gent("D", endurance=30),
        gent("E"),
        gent("F"),
        gent("G"),
    ]
    turn = turn_of(
        *men,
        standing_={
            "A": orders(duel_sequence=LUNGER),
            "B": refuse,
            "C": orders(duel_sequence=LUNGER),
            "D": refuse,
            "E": orders(duel_sequence=LUNGER),
            "F": orders(duel_sequence=LUNGER),
            "G": orders(duel_sequence=LUNGER),
        },
    )
    turn.dice = SeededDice("required")
    duel.challenge(turn, turn.characters["A"], Challenge("B", "he trod on my cloak", "rapier"), 1)
    turn.be_at(1, duel.FIELD, "B")
    turn.pending_duels.extend(
        [
            PendingDuel(1, "A", "B", "rival suitors", "mistress:1"),
            PendingDuel(1, "C", "D", "rival suitors", "mistress:2"),
            PendingDuel(1, "E", "F", "rival suitors", "mistress:3"),
            PendingDuel(1, "G", "Nobody", "rival suitors", "mistress:4"),
            PendingDuel(2, "A", "C", "rival suitors", "mistress:1"),
        ]
    )
    duel.resolve_week(turn, 1, {frozenset(("E", "F")): False})
    ledger = [
        (e.character, e.field, e.delta if e.value is None else e.value, e.week, e.reason)
        for e in turn.ledger
        if e.rule.startswith("e. Duelling")
    ]
    events = [
        (
            e.code,
            e.week,
            e.characters,
            e.public,
            {k: v for k, v in e.data.items() if e.code != "duel" or k in ("winner", "cause", "place", "kind")},
        )
        for e in turn.events
    ]
    assert ledger == [
        ("A", "endurance", -48, 1, "wounds in his duel with B (9 turns)"),
        ("A", "wounds.duel", 48, 1, "wounds to recover from his duel with B"),
        ("A", "recovery.first week", 24, 1, "half the 48 Endurance lost to B may be recovered the first week after"),
        ("B", "endurance", -60, 1, "wounds in his duel with A (9 turns)"),
        ("B", "wounds.duel", 60, 1, "wounds to recover from his duel with A"),
        ("B", "recovery.first week", 30, 1, "half the 60 Endurance lost to A may be recovered the first week after"),
        ("A", "status_points", 2, 1, "won his duel with B (no regiment: neutral)"),
        ("A", "expertise.rapier", 1, 1, 'won his duel with B: "The winner of a duel increases his Expertise by one."'),
    ]
    assert events == [
        (
            "duel",
            1,
            ("A", "B"),
            True,
            {"winner": "A", "cause": "rival suitors", "place": "mistress:1", "kind": "required"},
        ),
        (
            "duel-refused",
            1,
            ("C", "D"),
            True,
            {
                "challenger": "C",
                "refused_by": "D",
                "cause": "rival suitors",
                "why": "his standing orders",
                "wounded": True,
                "lost": 0,
                "gained": 0,
                "place": "mistress:2",
            },
        ),
        (
            "duel-no-cause",
            1,
            ("E", "F"),
            True,
            {
                "cause": "rival suitors",
                "judged": "the GM ruled that there is no cause",
                "kind": "required",
                "status": 0,
            },
        ),
    ]


def test_a_challenge_between_men_who_fought_a_required_duel_that_week_is_not_unmet():
    """ "When two characters are in the same place (that is, performing the same activity), a duel may take
    place": with ``challenges = "same_place"`` a challenge goes unmet when the challenged man is not on the field.
    But A and B met that week at a lady's door and fought the duel the rules require (rival suitors); a pair
    settles one affair a week, so A's challenge of B, who stayed off the field, was settled by it: no
    "challenge unmet" is told to either.  C's challenge of D, off the field, is unmet as before."""
    men = [gent("A", exp=12), gent("B", strength=8), gent("C"), gent("D")]
    standing_ = {n: orders(duel_sequence=LUNGER, duel_conditions=YIELDS) for n in "ABCD"}
    turn = turn_of(*men, standing_=standing_)
    turn.dice = SeededDice("required")
    duel.challenge(turn, turn.characters["A"], Challenge("B", "he trod on my cloak", "rapier"), 1)
    duel.challenge(turn, turn.characters["C"], Challenge("D", "he trod on my cloak", "rapier"), 1)
    turn.pending_duels.append(PendingDuel(1, "A", "B", "rival suitors", "mistress:1"))
    assert turn.tables.duel.challenges == "same_place"
    duel.resolve_week(turn, 1)
    events = [(e.code, e.week, e.characters, e.data.get("kind")) for e in turn.events]
    assert events == [
        ("duel", 1, ("A", "B"), "required"),
        ("challenge-unmet", 1, ("C", "D"), None),
    ]


def test_cause_and_meetings_in_one_week_line_by_line():
    """Cause for duels: "When two characters are in the same place (that is, performing the same activity), a
    duel may take place ... Unless permitted to by the rules, any character who has cause and an opportunity to
    fight and does not will lose Status Points equal in number to half his current Social Level."  In one week:
    A kills B in the duel the rules require, with the foil it names; B, dead, is then neither fought by C, who
    challenged him, nor met by D of an enemy regiment at Hunter's.  E and F, of enemy regiments, E insulted
    too, meet at Bothwell's and will not fight: each loses half his SL, the two causes said, once though they
    meet again at the bawdyhouse.  At the Frog & Peach U has cause against G and H against U: U challenges G
    first (the pairs in the order the men came), then H challenges U, who (wounded) refuses lawfully.  I, who
    would refuse a challenge, has answered J's in advance: he challenges J.  K answered any challenge (naming
    no challenger) with the sabre: he fights L's.  M and N, of enemy regiments, meet at a lady's door (the
    mistresses rules' business: nothing here).  P and Q, who fought P's challenge, meet at the Red Phoenix:
    nothing more."""
    km, cg = "King's Musketeers", "Cardinal's Guard"
    yields = orders(duel_sequence=LUNGER, duel_conditions=YIELDS)
    refuses = orders(if_challenged="refuse", duel_sequence=LUNGER, duel_conditions=YIELDS)
    men = [gent("A", exp=12), gent("B", strength=8, regiment=km), gent("C"), gent("D", regiment=cg),
           gent("E", regiment=km), gent("F", regiment=cg), gent("G"), gent("H"), gent("U"), gent("I"), gent("J"),
           gent("K"), gent("L"), gent("M", regiment=km), gent("N", regiment=cg), gent("P"), gent("Q")]
    standing_ = {m.name: refuses if m.name in "DEFIKP" else yields for m in men}
    standing_.update(A=orders(duel_sequence=LUNGER), B=orders(if_challenged="refuse", duel_sequence=LUNGER))
    turn = turn_of(*men, standing_=standing_)
    turn.dice = SeededDice("causes")
    for place, names in [("mistress:1", "MN"), (duel.FIELD, "BKQ"), ("club:Hunter's", "DB"),
                         ("club:Bothwell's", "EF"), ("bawdyhouse", "EF"), ("club:Frog & Peach", "GHU"),
                         ("club:Blue Gables", "IJ"), ("club:Red Phoenix", "PQ")]:
        for name in names:
            turn.be_at(1, place, name)
    turn.pending_duels.append(PendingDuel(1, "A", "B", "rival suitors", "mistress:2", "foil"))
    for challenger, opponent, cause in (("C", "B", "he owes me"), ("L", "K", "he owes me"),
                                        ("P", "Q", "he slapped me")):
        duel.challenge(turn, turn.characters[challenger], Challenge(opponent, cause, "rapier"), 1)
    for holder, against, cause in (("E", "F", "F spilled wine on him"), ("H", "U", "U mocked his hat"),
                                   ("U", "G", "G trod on his cloak"), ("I", "J", "J cheated at cards"),
                                   ("P", "Q", "Q slapped him")):
        duel.note_cause(turn, holder, against, cause)
    duel.note_answers(turn, "I", [AnswerChallenge("J", True)])
    duel.note_answers(turn, "K", [AnswerChallenge("", True, "sabre")])
    duel.resolve_week(turn, 1)
    keys = ("weapons", "winner", "cause", "place", "kind", "lost")
    events = [(e.code, e.characters, {k: v for k, v in e.data.items() if k in keys}) for e in turn.events]
    both = "the King's Musketeers and the Cardinal's Guard are unfriendly regiments; F spilled wine on him"
    field = "the field of honour"
    assert events == [
        ("duel", ("A", "B"), {"weapons": ["foil", "rapier"], "winner": "A", "cause": "rival suitors",
                              "place": "mistress:2", "kind": "required"}),
        ("duel-death", ("B", "A"), {"place": "mistress:2"}),
        ("duel", ("L", "K"), {"weapons": ["rapier", "sabre"], "winner": "L", "cause": "he owes me", "place": field,
                              "kind": "challenge"}),
        ("duel", ("P", "Q"), {"weapons": ["rapier", "rapier"], "winner": None, "cause": "he slapped me",
                              "place": field, "kind": "challenge"}),
        ("duel-cause-ignored", ("E", "F"), {"cause": both, "place": "club:Bothwell's", "lost": 4}),
        ("duel-cause-ignored", ("F", "E"), {"cause": both, "place": "club:Bothwell's", "lost": 4}),
        ("duel", ("U", "G"), {"weapons": ["rapier", "rapier"], "winner": None, "cause": "G trod on his cloak",
                              "place": "club:Frog & Peach", "kind": "meeting"}),
        ("duel-refused", ("H", "U"), {"cause": "U mocked his hat", "lost": 0, "place": "club:Frog & Peach"}),
        ("duel", ("I", "J"), {"weapons": ["rapier", "rapier"], "winner": None, "cause": "J cheated at cards",
                              "place": "club:Blue Gables", "kind": "meeting"}),
    ]


def test_insults_regiments_and_a_dead_man_challenged_line_by_line():
    """Cause for duels: "Two characters of two unfriendly Regiments meeting (Regimental friends and enemies are
    listed in Regimental Table D)"; "Insulting a regimental friend of a character."  Regiments named as the
    sheets and tables may write them (an apostrophe or none, "the", "Regiment" after, any case) are the same
    regiment.  Aaron insults Moreau of the King's Musketeers: Bernard (King's Musketeers) and Zed (Royal Foot
    Guards, the Musketeers' friends) have cause against him, Moreau himself too.  Yves, killed in the duel the
    rules require, is challenged by Zola that week off the field: a dead man is told nothing, nor is Zola."""
    regiments = RegimentsTables()
    assert [duel.regiment_relation(regiments, a, b) for a, b in (
        ("Kings Musketeers Regiment", "Cardinal's Guard"), ("the KING'S MUSKETEERS", "Kings Musketeers"),
        ("King's Musketeers", "Royal Foot Guards Regiment"), ("King's Musketeers", None))] == [
        "enemy", "friendly", "friendly", "neutral"]
    km = "King's Musketeers"
    men = [gent("Aaron"), gent("Bernard", regiment=km), gent("Moreau", regiment=km),
           gent("Zed", regiment="Royal Foot Guards"), gent("Xavier", exp=12), gent("Yves", strength=8),
           gent("Zola")]
    turn = turn_of(*men, standing_={m.name: orders(duel_sequence=LUNGER) for m in men})
    turn.dice = SeededDice("insults")
    assert duel.insult(turn, turn.characters["Aaron"], turn.characters["Moreau"], "club:Hunter's", 1) == [
        "Bernard", "Zed"]
    assert {n: turn.fact(n).get("duel.causes") for n in ("Bernard", "Moreau", "Zed")} == {
        "Bernard": [("Aaron", "Aaron insulted Moreau, a regimental friend (King's Musketeers)")],
        "Moreau": [("Aaron", "Aaron insulted him")],
        "Zed": [("Aaron", "Aaron insulted Moreau, a regimental friend (King's Musketeers)")],
    }
    turn.pending_duels.append(PendingDuel(1, "Xavier", "Yves", "rival suitors", "mistress:1"))
    duel.challenge(turn, turn.characters["Zola"], Challenge("Yves", "he owes me", "rapier"), 1)
    duel.resolve_week(turn, 1)
    assert [(e.code, e.characters) for e in turn.events] == [
        ("insult", ("Aaron", "Moreau", "Bernard", "Zed")), ("duel", ("Xavier", "Yves")),
        ("duel-death", ("Yves", "Xavier"))]


def test_insults_given_a_knights_affront_and_one_required_duel_a_pair_line_by_line():
    """Cause for duels: "Insulting a regimental friend of a character" (an insult is given the first week the two
    are in the same place); "If a noble meets a non-noble who is four or more Social Levels above him" (a man
    titled since, a Knight, is a noble).  Week 1: Bernard and Xavier both insult Zola at Hunter's (each his
    own insult, Bernard's after one of "Nobody"; Aaron, before them in the list, has no sheet); Moreau's insult
    of Yves, whom he meets only at a lady's door, is not given.  Week 2: two duels the rules require of Bernard
    and Xavier: one affair."""
    men = [gent("Aaron"), gent("Bernard"), gent("Moreau"), gent("Xavier"), gent("Yves"), gent("Zola")]
    yields = orders(duel_sequence=LUNGER, duel_conditions=YIELDS)
    turn = turn_of(*men, standing_={m.name: yields for m in men})
    turn.dice = SeededDice("insults given")
    turn.sheets = sheets(Bernard={}, Moreau={}, Xavier={}, Yves={}, Zola={})
    for name, targets in (("Bernard", ("Nobody", "Zola")), ("Xavier", ("Zola",)), ("Moreau", ("Yves",))):
        turn.sheets[name].monthly.edit(TradeOrders).insult = targets
    for place, names in (("club:Hunter's", ("Bernard", "Xavier", "Zola")), ("mistress:2", ("Moreau", "Yves"))):
        for name in names:
            turn.be_at(1, place, name)
    duel.give_insults(turn, 1)
    duel.give_insults(turn, 3)  # no one anywhere that week: nothing
    turn.pending_duels.extend([PendingDuel(2, "Bernard", "Xavier", "rival suitors", "mistress:1")] * 2)
    duel.resolve_week(turn, 2)
    assert [(e.code, e.characters) for e in turn.events] == [
        ("insult", ("Bernard", "Zola")), ("insult", ("Xavier", "Zola")), ("duel", ("Bernard", "Xavier"))]

    knight, merchant = gent("Sir Guy", sl=5, title="Knight"), gent("Guillot", sl=9)
    turn = turn_of(knight, merchant)
    assert [c.text for c in duel.causes(turn, knight, merchant)] == [
        "Sir Guy, a noble, met Guillot, a non-noble 4 Social Levels above him"]


def test_a_man_at_exactly_half_his_endurance_fights_a_challenge():
    """ "A player with less than 50% of his Endurance may decline a duel, regardless of cause": Bazin, at 40 of
    80, is not under half, and with no standing order fights Jussac's challenge as a gentleman."""
    men = [gent("Jussac"), gent("Bazin", strength=8, endurance=40)]
    yields = orders(duel_sequence=LUNGER, duel_conditions=YIELDS)
    turn = turn_of(*men, standing_={"Jussac": yields, "Bazin": yields})
    turn.dice = SeededDice("half")
    duel.challenge(turn, turn.characters["Jussac"], Challenge("Bazin", "he owes me", "rapier"), 1)
    turn.be_at(1, duel.FIELD, "Bazin")
    duel.resolve_week(turn, 1)
    assert [(e.code, e.characters) for e in turn.events][:1] == [("duel", ("Jussac", "Bazin"))]
