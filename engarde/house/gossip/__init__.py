"""Gossip and raids: a house rule (``house_rules = ["gossip"]``) after gossip-and-raids.en.txt,
the Molly House rules of gossip, exposure and raids, read for an En Garde! campaign by mail.

The cards are the shared secrets (``engarde.house.secrets``): a man's hand is the secrets he
holds, the gossip and safe piles are its GOSSIP and SAFE holders.  Everything happens at the
month's end (the text's "end of the week" and "end of your turn" are a month of a mail game),
after the battle and titles and before social levels are settled, so that the status points it
costs count this month (``rules.py`` says the steps in order).

How the text's nouns read here, and the choices where it is silent (each one a table or a
setting of the campaign: ``engarde tables gossip``):

* A **threat** is a secret that could put its man in the dock: one of an area the law punishes
  (``threat_areas``: the heart's affairs, power (intrigue) and force (duels against the edicts);
  money is the moneylenders' business) whose card is worth ``threat_value`` (3) or more.  Every
  other secret is idle tattle: the text's "desires or mollies".
* A secret **belongs** to a house: the bawdyhouse for the heart's affairs
  (``hearts_at_bawdyhouse``, a setting), else the club of the man it is about (as he is at the
  month's end), or the bawdyhouse for a man of no club.  The core has one bawdyhouse (the red
  light district), so the houses are the six clubs and the bawdyhouse.
* **Spreading**: a man's order "Spread secret 12" (a line for the month, by the number his report
  gives the secret; no week's action: a man talks wherever he goes) puts that card publicly into
  the gossip pile.  That is the only public way into gossip a mail game has (the text's market
  discards, Shop action and festivities have no En Garde! counterpart; the gala's own rules
  may call ``rules.spread``).
* **Exposure**: a threat put publicly into gossip exposes the man it is about.  His "reputation
  matching the threat" is the cards he holds of its area about himself or about a man of the
  threat's house; each goes into the gossip pile and is a cube (the ledger's counter
  ``gossip.exposed.AREA``) costing ``exposure_status`` status points.  A threat printed in the
  column exposes him too (its "end-of-week revelation"): those cards go to next month's pile.
* **The hand limit** (``hand_limit``, six) is checked at the month's end, after spreading.  He
  keeps the secrets his "Keep secrets 3, 5" line names, in that order, then the most valuable
  (the oldest first among equals); the rest go face down to the gossip pile, exposing no one.
* A **discovered informer** is a man whose threat spread against another was printed (the column
  names who spread it): for ``informer_months`` month-ends his excess goes to the safe pile
  (the counter ``gossip.informer`` counts them down).
* **The column**: the pile is shuffled with the turn's dice, the first third (rounded down,
  ``hushed_divisor``) is hushed up to the safe pile, the rest printed in the gazette's gossip
  column.  A printed secret is told to all: every copy of it, in any hand or pile, is discarded
  (``hands.reveal``); a second card of the same secret is printed once.
* **Evidence**: each printed threat gives as many pieces as there are printed non-threats of its
  house; they stay on the house, month after month, until it is raided.
* **Raids**: every house (a raid closes no club: all are "open") with ``raid_at`` (7) or more
  pieces is raided and its evidence is taken away.  Its patrons are the living members of the
  club and every man who was there in any week of the month (for the bawdyhouse, its visitors);
  "the most reputation there" is the highest social level among them (``reputation``, a setting:
  or this month's status points).  Those with the most receive major indictments, those at the
  next value minor ones, ties alike.  Indictments are public in the gazette (the board game's
  "face down" has no meaning by mail) and kept in the ledger (``gossip.indictments.KIND``); their
  consequences are the campaign's: a fine in crowns (as much of it as he has: no debt), status
  points, and flight to the Frontier Regiment as a Private (``flight_to_frontier``: never, for a
  major indictment (the default), or for all), through the regiments module's own ``leave`` and
  the ledger, as the core's disgrace does; he leaves it as any man leaves a regiment.

On ``engarde sheet`` (``sheet.py``) the GM sees what the rule has left on a man: his cubes by area,
his indictments, his months left as a discovered informer, and his hand against the limit.
``engarde turn undo`` puts the evidence back as it was before the month: only the month changes it.

Not built: the text's market discards, the Shop action and the Quiet Gathering (Molly House's
market and festivities, which En Garde! does not have; see docs/rules-coverage.md).
"""

from __future__ import annotations

from engarde.modules import MONTH_END, RuleModule, Section, Step, events_of, listing

from . import codes, rules
from .grammar import SPREAD_IN_A_WEEK, GossipLines
from .orders import GossipOrders
from .sheet import character_view
from .state import GossipState
from .tables import GossipTables

MODULE = RuleModule(
    name="gossip",
    title="Gossip and raids (house rule)",
    house=True,
    requires=("secrets", "clubs", "bawdyhouse", "regiments"),
    parts=(GossipOrders,),
    verbs=(SPREAD_IN_A_WEEK,),
    lines=(GossipLines,),
    steps=(
        Step("spread", MONTH_END, rules.spread_step, after="titles.consider"),
        Step("hand_limit", MONTH_END, rules.hand_limit_step, after="gossip.spread"),
        Step("print_gossip", MONTH_END, rules.print_gossip, after="gossip.hand_limit"),
        Step("raids", MONTH_END, rules.raids, after="gossip.print_gossip"),
    ),
    tables=GossipTables,
    state=GossipState,
    codes=codes,
    events=events_of(codes, {"gossip": (codes.EV_COLUMN, codes.EV_PRINTED, codes.EV_EVIDENCE, codes.EV_INFORMER,
                                        codes.EV_RAID, codes.EV_INDICTED)}),
    sections=(Section("gossip", "gossip/section.html.j2", listing("gossip", "gossip"), after="notices"),),
    templates=__name__,
    character_view=character_view,
)
