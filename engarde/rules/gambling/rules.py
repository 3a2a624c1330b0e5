"""c. Gambling, at a club or at a bawdyhouse.

"The character announces the amount he is betting. This amount cannot exceed
the house limit of the club at which he is gambling ... A bawdyhouse has no
house limit. Another character, acting as croupier, rolls one die. The gambler
must roll a die and obtain a result higher than the croupier to win, or withdraw
without rolling and take a loss of half the amount bet (known as cutting losses
or a cut). Ties and rolls lower than the croupier's are won by the house, and
the money effectively disappears from play. Each time a character wins a bet,
he receives one Status Point; each time he loses a bet or cuts, he loses one
Status Point. In addition, after all betting is done for the week, a player
gambling at a club (but not at a bawdyhouse) adds up the total amount bet that
week by his character and divides it by the gambling divisor of the club he is
in, dropping fractions ... A cut counts as half the amount originally bet. ...
A character may place only nine bets in any one week."

Bawdyhouses: "Gambling is as outlined in the gambling rule, but without house
limit or house divisor. One Status Point is gained per win, and one lost per
loss or cut, but no points are gained for the total amount bet. ... Credit is
not allowed."

The order (``engarde.orders.Gambling``) gives the number of bets, the stake and
the player's cut rule: he cuts when the croupier rolls ``cut_at`` or more,
without rolling.  The house's die is the croupier's.  Winnings come from the
house and losses go to it (money enters or leaves play by this rule); each bet
is its own ledger entries, so the sheet shows every throw.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...codes import EV_CANNOT_AFFORD, EV_ORDER_REFUSED
from .codes import EV_GAMBLING
from .orders import Gambling
from ...records import Character
from ...turn import Turn

RULE_GAMBLING = "c. Gambling"
RULE_BAWDYHOUSE_GAMBLING = "d. Bawdyhouses (c. Gambling)"

WIN, LOSS, CUT = "win", "loss", "cut"


@dataclass(frozen=True)
class Bet:
    stake: int
    house: int  # the croupier's die
    roll: int | None  # the gambler's die; None when he cut
    outcome: str  # "win" | "loss" | "cut"

    @property
    def crowns(self) -> int:
        """What the bet did to his purse."""
        if self.outcome == WIN:
            return self.stake
        if self.outcome == CUT:
            return -half(self.stake)
        return -self.stake

    @property
    def counted(self) -> int:
        """What the bet counts toward the total staked ("A cut counts as half")."""
        return half(self.stake) if self.outcome == CUT else self.stake


@dataclass
class Session:
    """One week's gambling by one character."""

    where: str
    bets: list[Bet] = field(default_factory=list)
    divisor: int | None = None

    @property
    def net(self) -> int:
        return sum(b.crowns for b in self.bets)

    @property
    def staked(self) -> int:
        return sum(b.counted for b in self.bets)

    @property
    def divisor_points(self) -> int:
        return self.staked // self.divisor if self.divisor else 0

    @property
    def status(self) -> int:
        return sum(1 if b.outcome == WIN else -1 for b in self.bets) + self.divisor_points

    def count(self, outcome: str) -> int:
        return sum(b.outcome == outcome for b in self.bets)


def half(stake: int) -> int:
    """Half a stake, fractions of a crown dropped."""
    return stake // 2


def gamble(
    turn: Turn,
    ch: Character,
    order: Gambling,
    week: int,
    where: str,
    *,
    house_limit: int | None = None,
    house_minimum: int = 0,
    divisor: int | None = None,
    purse: int | None = None,
) -> Session | None:
    """Place the week's bets; return the session (None if no bet could be placed).

    ``house_limit`` None: no limit (Bothwell's, a bawdyhouse); ``divisor`` None:
    no status for the total staked (a bawdyhouse).  ``purse``: the crowns he
    brought (a bawdyhouse); None: all his crowns (a club).  No credit: a bet he
    cannot cover from what he has is not placed, nor any after it.
    """
    rule = RULE_GAMBLING if divisor else RULE_BAWDYHOUSE_GAMBLING
    stake = order.stake
    notes: list[str] = []
    if order.bets <= 0 or stake <= 0:
        turn.event(EV_ORDER_REFUSED, week, ch.name, public=False,
                   order=order.describe(), reason="no bet to place")
        return None
    if stake < house_minimum:
        # Choice: a stake below the house minimum (Bothwell's: 100) is refused rather
        # than raised, which would risk more than he wrote.
        turn.event(EV_ORDER_REFUSED, week, ch.name, public=False, order=order.describe(),
                   reason=f"the smallest stake at {where} is {house_minimum} crowns")
        return None
    if house_limit is not None and stake > house_limit:
        # Choice: "This amount cannot exceed the house limit": a larger stake is
        # placed at the limit (he risks less than he wrote, never more).
        notes.append(f"stakes cut to the house limit of {house_limit} crowns")
        stake = house_limit
    bets = order.bets
    most = turn.tables.gambling.max_bets_per_week
    if bets > most:
        notes.append(f"only {most} bets a week")
        bets = most
    session = Session(where, divisor=divisor)
    available = ch.crowns if purse is None else min(purse, ch.crowns)
    for i in range(1, bets + 1):
        if available < stake:
            # "Credit is not allowed": this bet and the rest are not placed.
            turn.event(EV_CANNOT_AFFORD, week, ch.name, public=False,
                       what=f"bet {i} of {bets} at {where}", cost=stake, had=available)
            break
        bet = _one_bet(turn, ch, order, stake, i, bets, where)
        session.bets.append(bet)
        available += bet.crowns
        text = _describe(ch, bet, i, bets, where)
        turn.post(ch, "crowns", bet.crowns, week, text, rule)
        turn.post(ch, "status_points", 1 if bet.outcome == WIN else -1, week, text, rule)
    if not session.bets:
        return None
    if session.divisor_points:
        turn.post(ch, "status_points", session.divisor_points, week,
                  f"{session.staked} crowns staked at {where} this week ÷ {divisor} (gambling divisor)", rule)
    turn.event(
        EV_GAMBLING, week, ch.name, public=abs(session.net) >= turn.tables.gambling.of_note,
        where=where, bets=len(session.bets), stake=stake, wins=session.count(WIN),
        losses=session.count(LOSS), cuts=session.count(CUT), staked=session.staked,
        net=session.net, status=session.status, notes=notes,
    )
    return session


def _one_bet(turn: Turn, ch: Character, order: Gambling, stake: int, i: int, bets: int, where: str) -> Bet:
    house = turn.dice.d6(f"gambling: the croupier's die against {ch.name}, bet {i} of {bets} at {where}")
    if order.cut_at is not None and house >= order.cut_at:
        # His cut rule: he withdraws without rolling and loses half.
        return Bet(stake, house, None, CUT)
    roll = turn.dice.d6(f"gambling: {ch.name}'s die, bet {i} of {bets} at {where} (must beat {house})")
    return Bet(stake, house, roll, WIN if roll > house else LOSS)


def _describe(ch: Character, bet: Bet, i: int, bets: int, where: str) -> str:
    head = f"bet {i} of {bets}, {bet.stake} crowns at {where}: the house rolled {bet.house}"
    if bet.outcome == CUT:
        return f"{head}, he cut and lost half"
    verdict = "won" if bet.outcome == WIN else ("lost (ties go to the house)" if bet.roll == bet.house else "lost")
    return f"{head}, he rolled {bet.roll}: {verdict}"
