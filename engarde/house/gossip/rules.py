"""Gossip and raids (gossip-and-raids.en.txt), read for En Garde!: pure rules, their dice from the
turn, every change to a man in the ledger.  The package's docstring says each choice made where
the text is silent; the steps below run at the month's end, in this order (``__init__``):

1. ``spread``: each man's "Spread secret N" puts the card publicly into the gossip pile; a
   threat so spread exposes the man it is about.
2. ``hand_limit``: a hand over the limit sends the excess face down to the gossip pile (the safe
   pile for a discovered informer), exposing no one.
3. ``print_gossip``: the pile is shuffled, a third hushed up (to the safe pile), the rest printed;
   printed threats put evidence on their houses, expose the men they are about and discover
   those who spread them.
4. ``raids``: every house with enough evidence is raided, its patrons indicted.
"""

from __future__ import annotations

from dataclasses import dataclass

from engarde.calendar import MONTH_END
from engarde.dice import Dice
from engarde.house.secrets.hands import by_holder, give, hand, reveal
from engarde.house.secrets.state import GOSSIP, SAFE, Copy, Secret, SecretsState
from engarde.records import Character
from engarde.rules.bawdyhouse.rules import PLACE as BAWDYHOUSE
from engarde.rules.clubs.rules import club_of, club_place
from engarde.rules.regiments.rules import leave
from engarde.rules.regiments.tables import FRONTIER_REGIMENT
from engarde.turn import Turn

from .codes import (EV_COLUMN, EV_EVIDENCE, EV_EXPOSED, EV_INDICTED, EV_INFORMER, EV_NOT_HELD, EV_OVER_LIMIT,
                    EV_PRINTED, EV_RAID, EV_SPREAD)
from .orders import GossipOrders
from .tables import GossipTables

RULE = "Gossip and raids (house rule)"
# How a card came onto a pile (``Copy.how``): only a card spread publicly discovers its informer.
SPREAD_HOW = "spread in public"
OVER_LIMIT_HOW = "over the hand limit"
EXPOSED_HOW = "exposed"
HUSHED_HOW = "hushed up"
# His ledger's counters: months left as a discovered informer; his cubes (one per card his
# exposures put into gossip) by area; his indictments by kind.
INFORMER = "gossip.informer"
MAJOR, MINOR = "major", "minor"
# What exposed him (``expose``'s trigger): a threat spread in public, or one printed in the column.
SPREAD, PRINTED = "spread", "printed"
TRIGGERS = {SPREAD: "a threat about him spread in public", PRINTED: "a threat about him printed"}


def exposed_counter(area: str) -> str:
    return f"gossip.exposed.{area}"


def indictment_counter(kind: str) -> str:
    return f"gossip.indictments.{kind}"


# -- what a secret is in this rule ----------------------------------------------------------


def is_threat(tables: GossipTables, card: Copy, secret: Secret) -> bool:
    """A threat: a card of an area the law punishes (``threat_areas``), worth ``threat_value`` or more."""
    return bool(tables.threat_areas.get(secret.area)) and card.value >= tables.threat_value


def house_of(turn: Turn, secret: Secret) -> str | None:
    """The house a secret belongs to: the bawdyhouse for the heart's affairs (``hearts_at_bawdyhouse``),
    else the club of the man it is about, or the bawdyhouse for a man of no club; None for a secret
    about no man of the campaign."""
    ch = turn.characters.get(secret.about)
    if ch is None:
        return None
    if secret.area == "hearts" and turn.tables.gossip.hearts_at_bawdyhouse:
        return BAWDYHOUSE
    club = club_of(turn, ch)
    return club_place(club) if club is not None else BAWDYHOUSE


def house_name(house: str) -> str:
    """How the gazette names a house: "Hunter's", "the bawdyhouse"."""
    return house.split(":", 1)[1] if house.startswith("club:") else "the bawdyhouse"


def is_informer(ch: Character) -> bool:
    return ch.get(INFORMER) > 0


# -- exposure -------------------------------------------------------------------------------


def expose(turn: Turn, name: str, threat: Secret, house: str | None, trigger: str = SPREAD) -> list[int]:
    """"When exposed, the player must add to the gossip pile every card in their own reputation
    that matches the triggering threat, and take one matching cube for each such card."  His
    reputation matching it: the cards he holds of the threat's area about himself or about a man
    of the threat's house.  Each is a cube (``gossip.exposed.AREA``) and costs ``exposure_status``.
    Returns the copies' numbers."""
    ch = turn.characters.get(name)
    if ch is None or ch.dead:
        return []
    state: SecretsState = turn.world.part("secrets")
    tables = turn.tables.gossip
    month = turn.month.key
    # A man away on campaign keeps no track of status points (b. Time Sequence): his cubes only.
    counts = name in turn.home
    moved: list[int] = []
    for card in hand(state, name):
        secret = state.secrets[card.secret]
        if secret.area != threat.area or card.secret == threat.id:
            continue
        if secret.about != name and (house is None or house_of(turn, secret) != house):
            continue
        give(state, card, GOSSIP, how=EXPOSED_HOW, month=month)
        moved.append(card.id)
        why = f"exposed ({TRIGGERS[trigger]}): his secret No. {card.id} into the gossip"
        turn.post(ch, exposed_counter(threat.area), 1, MONTH_END, why, RULE)
        if counts:
            turn.post(ch, "status_points", -tables.exposure_status, MONTH_END, why, RULE)
    turn.event(EV_EXPOSED, MONTH_END, name, public=False, secret=threat.id, area=threat.area, trigger=trigger,
               copies=moved, status=tables.exposure_status * len(moved) if counts else 0)
    return moved


# -- 1. spreading -----------------------------------------------------------------------------


def spread(turn: Turn, ch: Character, copy_id: int) -> Copy | None:
    """A card he holds goes publicly into the gossip pile ("A player is exposed whenever a threat
    is added publicly to the gossip pile"): a threat so spread exposes the man it is about."""
    state: SecretsState = turn.world.part("secrets")
    card = state.copies.get(copy_id)
    if card is None or card.holder != ch.name:
        turn.event(EV_NOT_HELD, MONTH_END, ch.name, public=False, copy=copy_id)
        return None
    secret = state.secrets[card.secret]
    moved = give(state, card, GOSSIP, how=SPREAD_HOW, month=turn.month.key)
    threat = is_threat(turn.tables.gossip, moved, secret)
    turn.event(EV_SPREAD, MONTH_END, ch.name, public=False, copy=copy_id, about=secret.about, area=secret.area,
               text=secret.text, threat=threat)
    if threat:
        expose(turn, secret.about, secret, house_of(turn, secret), SPREAD)
    return moved


def spread_step(turn: Turn) -> None:
    for name in turn.living:
        sheet = turn.sheet(name)
        for copy_id in sheet.monthly.of(GossipOrders).spread if sheet else ():
            spread(turn, turn.characters[name], copy_id)


# -- 2. the hand limit --------------------------------------------------------------------------


def over_limit(cards: list[Copy], limit: int, keep: tuple[int, ...]) -> list[Copy]:
    """The cards over the limit: he keeps those he named ("Keep secrets ..."), in his order, then
    the most valuable, the oldest first among equals (choice); the rest go."""
    named = {n: i for i, n in enumerate(keep)}
    ranked = sorted(cards, key=lambda c: (0, named[c.id], 0, 0) if c.id in named else (1, 0, -c.value, c.id))
    return sorted(ranked[limit:], key=lambda c: c.id)


def hand_limit(turn: Turn, ch: Character, held: list[Copy] | None = None) -> list[Copy]:
    """"every card over the limit at the end of your turn is added face down to the gossip pile.
    Threats added to gossip this way do not expose players, unless you are a discovered informer:
    then your excess cards go to the safe pile instead."  A discovered informer's months then
    count down by one."""
    state: SecretsState = turn.world.part("secrets")
    sheet = turn.sheet(ch.name)
    keep = sheet.monthly.of(GossipOrders).keep if sheet else ()
    excess = over_limit(hand(state, ch.name) if held is None else held, turn.tables.gossip.hand_limit, keep)
    informer = is_informer(ch)
    pile = SAFE if informer else GOSSIP
    for card in excess:
        give(state, card, pile, how=OVER_LIMIT_HOW, month=turn.month.key)
    if excess:
        turn.event(EV_OVER_LIMIT, MONTH_END, ch.name, public=False, copies=[c.id for c in excess],
                   pile="safe" if informer else "gossip", limit=turn.tables.gossip.hand_limit)
    if informer:
        turn.post(ch, INFORMER, -1, MONTH_END, "a month nearer his informing being forgotten", RULE)
    return excess


def hand_limit_step(turn: Turn) -> None:
    # every man's hand from one walk of the copies (a walk for each man was quadratic)
    held = by_holder(turn.world.part("secrets"))
    for name in turn.living:
        hand_limit(turn, turn.characters[name], held.get(name, []))


# -- 3. the gossip column -----------------------------------------------------------------------


def shuffle(dice: Dice, cards: list[Copy]) -> list[Copy]:
    """The pile shuffled with the turn's dice (Fisher-Yates: the card for each place from the last
    down is drawn among those not yet placed, each draw logged)."""
    cards = list(cards)
    for i in range(len(cards) - 1, 0, -1):
        j = dice.roll(1, f"gossip: the pile shuffled, card for place {i + 1} of {len(cards)}", sides=i + 1) - 1
        cards[i], cards[j] = cards[j], cards[i]
    return cards


@dataclass(frozen=True)
class Printed:
    """One secret of the gossip column, as the gazette prints it."""

    copy: int
    secret: int
    about: str
    area: str
    value: int
    text: str
    threat: bool
    house: str | None
    spread_by: str | None  # the informer, when the card was spread in public


def print_gossip(turn: Turn) -> tuple[list[Copy], list[Printed]]:
    """"At the end of the week, shuffle the gossip pile, move one third of its cards (rounded down)
    to the safe pile and reveal the rest; each revealed threat produces as many pieces of evidence
    as there are matching desires or mollies revealed, and the evidence is placed on the matching
    houses."  A month is the week: the pile is printed once, at the month's end.  A printed secret
    is told to all (every copy of it discarded); the non-threats of the same house are what match
    a threat.  A printed threat then exposes the man it is about (his cards go to next month's
    pile) and discovers the man who spread it about another as an informer."""
    state: SecretsState = turn.world.part("secrets")
    tables: GossipTables = turn.tables.gossip
    month = turn.month.key
    pile = shuffle(turn.dice, hand(state, GOSSIP))
    hushed = pile[:len(pile) // tables.hushed_divisor]
    for card in hushed:
        give(state, card, SAFE, how=HUSHED_HOW, month=month)
    printed: list[Printed] = []
    for card in pile[len(hushed):]:
        if card.id not in state.copies:  # a second card of a secret printed already
            continue
        secret = state.secrets[card.secret]
        spread_by = card.given_by if card.how == SPREAD_HOW else None
        printed.append(Printed(card.id, secret.id, secret.about, secret.area, card.value, secret.text,
                               is_threat(tables, card, secret), house_of(turn, secret), spread_by))
        reveal(state, secret.id, month)
    if pile:
        turn.event(EV_COLUMN, MONTH_END, (), public=True, pile=len(pile), hushed=len(hushed), printed=len(printed))
    evidence = _evidence(printed)
    for item in printed:
        pieces = evidence.get(item.copy, 0)
        names = (item.about,) + ((item.spread_by,) if item.spread_by and item.spread_by != item.about else ())
        turn.event(EV_PRINTED, MONTH_END, names, public=True, secret=item.secret, copy=item.copy, area=item.area,
                   value=item.value, text=item.text, threat=item.threat,
                   house=house_name(item.house) if item.house else None, spread_by=item.spread_by, evidence=pieces)
    gossip = turn.world.part("gossip")
    for item in printed:
        pieces = evidence.get(item.copy, 0)
        if pieces and item.house:
            gossip.house_evidence[item.house] = gossip.house_evidence.get(item.house, 0) + pieces
            turn.event(EV_EVIDENCE, MONTH_END, (), public=True, house=house_name(item.house), pieces=pieces,
                       secret=item.secret, total=gossip.house_evidence[item.house])
    for item in printed:
        if item.threat:
            expose(turn, item.about, state.secrets[item.secret], item.house, PRINTED)
            _discover(turn, item)
    return hushed, printed


def _evidence(printed: list[Printed]) -> dict[int, int]:
    """Each printed threat's pieces of evidence: the printed non-threats of its house."""
    tattle: dict[str, int] = {}
    for item in printed:
        if not item.threat and item.house:
            tattle[item.house] = tattle.get(item.house, 0) + 1
    return {item.copy: tattle.get(item.house, 0) for item in printed if item.threat and item.house}


def _discover(turn: Turn, item: Printed) -> None:
    """A man whose threat against another is printed is known for an informer (``informer_months``)."""
    ch = turn.characters.get(item.spread_by or "")
    if ch is None or ch.dead or item.spread_by == item.about:
        return
    months = turn.tables.gossip.informer_months
    turn.post(ch, INFORMER, months - ch.get(INFORMER), MONTH_END,
              f"known for an informer: he spread the threat against {item.about}", RULE)
    turn.event(EV_INFORMER, MONTH_END, ch.name, public=True, about=item.about, months=months)


# -- 4. raids ---------------------------------------------------------------------------------------


def patrons(turn: Turn, house: str) -> list[str]:
    """A house's patrons this month: the living who were there in any week, and a club's members
    in Paris (not away on campaign: ``turn.home``)."""
    names = {n for week in turn.whereabouts for n in turn.present(week, house)}
    for name in turn.home:
        club = club_of(turn, turn.characters[name])
        if club is not None and club_place(club) == house:
            names.add(name)
    return sorted(n for n in names if n in turn.characters and not turn.characters[n].dead)


def ranked(turn: Turn, names: list[str]) -> tuple[list[str], list[str]]:
    """"the player or players with the most reputation in it receive major indictments, those in
    second place minor indictments (on a tie, all tied players receive the same kind)"."""
    field = turn.tables.gossip.reputation
    values = sorted({turn.characters[n].get(field) for n in names}, reverse=True)
    first = [n for n in names if values and turn.characters[n].get(field) == values[0]]
    second = [n for n in names if len(values) > 1 and turn.characters[n].get(field) == values[1]]
    return first, second


def raids(turn: Turn) -> None:
    """"Every open house with seven or more pieces of evidence is raided."  Every house is open (a
    club or the bawdyhouse is not closed by a raid: choice); the raid takes its evidence away."""
    gossip = turn.world.part("gossip")
    for house, pieces in sorted(gossip.house_evidence.items()):
        if pieces < turn.tables.gossip.raid_at:
            continue
        major, minor = ranked(turn, patrons(turn, house))
        del gossip.house_evidence[house]
        turn.event(EV_RAID, MONTH_END, tuple(major + minor), public=True, house=house_name(house), evidence=pieces,
                   major=major, minor=minor)
        for name in major:
            indict(turn, turn.characters[name], MAJOR, house)
        for name in minor:
            indict(turn, turn.characters[name], MINOR, house)


def indict(turn: Turn, ch: Character, kind: str, house: str) -> None:
    """An indictment's consequences, as the campaign sets them: a fine (as much of it as he has),
    status points, and (``flight_to_frontier``) flight to the Frontier Regiment as a Private."""
    tables: GossipTables = turn.tables.gossip
    fine, status = (tables.major_fine, tables.major_status) if kind == MAJOR else (tables.minor_fine, tables.minor_status)
    why = f"{kind} indictment in the raid on {house_name(house)}"
    turn.post(ch, indictment_counter(kind), 1, MONTH_END, why, RULE)
    paid = min(fine, max(ch.crowns, 0))
    turn.post(ch, "crowns", -paid, MONTH_END, f"fined for his {why}", RULE)
    turn.post(ch, "status_points", -status, MONTH_END, why, RULE)
    flees = tables.flight_to_frontier == "all" or (tables.flight_to_frontier == MAJOR and kind == MAJOR)
    flees = flees and ch.regiment != FRONTIER_REGIMENT
    if flees:
        if ch.regiment:
            leave(turn, ch, MONTH_END, f"he flees his {why}", RULE)
        turn.assign(ch, "regiment", FRONTIER_REGIMENT, MONTH_END, f"he flees his {why} to the Frontier", RULE)
        turn.assign(ch, "rank", "Private", MONTH_END, "a Private of the Frontier Regiment", RULE)
    turn.event(EV_INDICTED, MONTH_END, ch.name, public=True, kind=kind, house=house_name(house), fine=fine,
               paid=paid, status=status, frontier=flees)
