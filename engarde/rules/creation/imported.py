"""A character brought in from a running campaign: what the GM's own records give of him
besides his abilities (``engarde character create NAME --given ...``).

His status points this month, his regiment and rank, the horses he keeps, his club, his
mistress and his debts are set through the ledger of the month he is imported in, each entry's
reason beginning "imported:" and its rule ``RULE_IMPORTED`` (``turn undo`` keeps such entries:
they belong to no month's play), and the world's records (the mistress's lover, the loans)
agree with his sheet.  Each value is checked against the rules first, and one that contradicts
them is refused with the reason, before anything is written (``ImportRefused``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...calendar import MONTH_START, GameMonth
from ...records import Character
from ...turn import Turn
from ..clubs import rules as clubs
from ..clubs.codes import EV_CLUB_REFUSED
from ..loans import rules as loans
from ..loans.state import Loan
from ..loans.tables import MONEYLENDER
from ..regiments import rules as regiments
from ..regiments.names import REGIMENT_RANKS
from .rules import RULE_IMPORTED, CreationError

IMPORTED = "imported"


@dataclass(frozen=True)
class Debt:
    """What he owes one lender now: ``lender`` a character's name or "moneylender"; ``taken``
    the month the loan was taken ("1607-02"; default: the month he is imported in)."""

    lender: str
    amount: int
    taken: str | None = None


@dataclass(frozen=True)
class Imported:
    """The GM's records of a running campaign's character, each None (or empty) when not given."""

    status_points: int | None = None
    regiment: str | None = None
    rank: str | None = None
    horses: int | None = None
    club: str | None = None
    mistress: str | None = None
    debts: tuple[Debt, ...] = field(default_factory=tuple)

    def given(self) -> bool:
        return any(v not in (None, ()) for v in (self.status_points, self.regiment, self.rank, self.horses,
                                                   self.club, self.mistress, self.debts))


class ImportRefused(CreationError):
    """A value of a running campaign that contradicts the rules."""


def _post(turn: Turn, ch: Character, fieldname: str, delta: int, reason: str) -> None:
    turn.post(ch, fieldname, delta, MONTH_START, f"{IMPORTED}: {reason}", RULE_IMPORTED)


def _assign(turn: Turn, ch: Character, fieldname: str, value: str, reason: str) -> None:
    turn.assign(ch, fieldname, value, MONTH_START, f"{IMPORTED}: {reason}", RULE_IMPORTED)


def import_values(turn: Turn, ch: Character, given: Imported) -> None:
    """Set ``given`` on ``ch`` (one of ``turn.characters``) through ``turn``'s ledger, in the
    rules' order of dependence: status points, regiment and rank and horses (a club such as the
    Horse Guards asks for an officer of a brigade), club, mistress, debts.  Raises
    ``ImportRefused`` naming the value and the rule it breaks."""
    if given.status_points is not None:
        _post(turn, ch, "status_points", given.status_points, "status points this month")
    _regiment(turn, ch, given)
    if given.club:
        _club(turn, ch, given.club)
    if given.mistress:
        _mistress(turn, ch, given.mistress)
    for debt in given.debts:
        _debt(turn, ch, debt)


def _regiment(turn: Turn, ch: Character, given: Imported) -> None:
    if given.regiment is None and given.rank is None:
        if given.horses:
            _post(turn, ch, regiments.HORSES, given.horses, "horses he keeps")
        return
    if given.regiment is None or given.rank is None:
        raise ImportRefused("--regiment and --rank go together: a man of a regiment holds a rank in it")
    tables = turn.tables.regiments
    reg_info = tables.regiment(given.regiment)
    if reg_info is None:
        raise ImportRefused(f"--regiment: no regiment called {given.regiment!r} on Regimental Table A")
    rank = regiments.normalise_rank(given.rank)
    if rank not in REGIMENT_RANKS:
        raise ImportRefused(f"--rank: the {reg_info.name} has no rank {given.rank!r} (its ranks: "
                          f"{', '.join(REGIMENT_RANKS)})")
    terms = tables.rank_terms(reg_info, rank)
    if terms is not None and terms.min_social_level is not None and ch.social_level < terms.min_social_level:
        raise ImportRefused(f"--rank: a {rank} of the {reg_info.name} needs Social Level {terms.min_social_level} "
                          f"(Regimental Table B); he is {ch.social_level}")
    reg = turn.world.regiment(reg_info.name)
    if reg is not None and rank in regiments.OFFICER_RANKS and all(
            reg.officers[i].player for i in regiments.posts_of_rank(reg, rank)):
        raise ImportRefused(f"--rank: every {rank}'s post of the {reg_info.name} is held by a player's character")
    # "Members of Cavalry Regiments and Captains of any Regiment must buy one horse ... Majors
    # and above in any Regiment must buy three horses": he keeps at least those.
    needed = regiments.horses_required(tables, reg_info, rank)
    horses = needed if given.horses is None else given.horses
    if horses < needed:
        raise ImportRefused(f"--horses: a {rank} of the {reg_info.name} must keep {needed} horse"
                          f"{'s' if needed > 1 else ''} (g. Regiments); {horses} given")
    _assign(turn, ch, "regiment", reg_info.name, f"of the {reg_info.name}")
    # his post on the roster is made at the next month's start (regiments.organise_for_members)
    _assign(turn, ch, "rank", rank, f"{rank} of the {reg_info.name}")
    if horses:
        _post(turn, ch, regiments.HORSES, horses, "horses he keeps")


def _club(turn: Turn, ch: Character, name: str) -> None:
    """The club's requirements, as ``clubs.join`` checks them on applying; the membership itself
    is the import's entry (he is a member already: no bar, no dues owed for joining)."""
    club = turn.tables.clubs.club(name)
    if club is None:
        raise ImportRefused(f"--club: no club called {name!r} on the Clubs Table")
    trial = Turn(turn.month, {ch.name: ch.copy()}, turn.dice, turn.tables, world=turn.world.copy())
    if not clubs.join(trial, trial.characters[ch.name], club.name):
        (refused,) = [e for e in trial.events if e.code == EV_CLUB_REFUSED]
        raise ImportRefused(f"--club: {club.name} {refused.data['reason']} (c. Clubs)")
    _assign(turn, ch, "club", club.name, f"a member of {club.name} ({club.requirement})")


def _mistress(turn: Turn, ch: Character, text: str) -> None:
    m = turn.world.mistress(text)
    if m is None:
        raise ImportRefused(f"--mistress: no mistress {text!r} (engarde mistress list; add her with engarde "
                          "mistress add)")
    if m.lover is not None and m.lover != ch.name:
        raise ImportRefused(f"--mistress: {m.name} is the mistress of {m.lover}")
    m.lover = ch.name
    m.since = turn.month.key
    _assign(turn, ch, "mistress", m.name, f"his mistress {m.name} (number {m.number})")


def _debt(turn: Turn, ch: Character, debt: Debt) -> None:
    tables = turn.tables.loans
    if debt.amount <= 0:
        raise ImportRefused(f"--debt: {debt.lender}: a debt is of at least one crown")
    lender = loans.lender_name(turn, debt.lender)
    if lender is None:
        raise ImportRefused(f"--debt: no character or moneylender called {debt.lender!r}")
    if lender == ch.name:
        raise ImportRefused("--debt: he cannot owe himself")
    try:
        taken = GameMonth.parse(debt.taken) if debt.taken else turn.month
    except ValueError:
        raise ImportRefused(f"--debt: {debt.taken!r} is not a month (write e.g. 1607-02)") from None
    if taken > turn.month:
        raise ImportRefused(f"--debt: a loan taken in {taken} is not taken yet in {turn.month}")
    if lender == MONEYLENDER:
        due = loans.months_after(taken, tables.moneylender_term_months)
        if due < turn.month:
            raise ImportRefused(f"--debt: a moneylender's loan of {taken} fell due at the end of {due}: unpaid, he "
                              "is disgraced (the GM's records must say so), not a borrower in good standing")
        # "the maximum amount that any character can borrow is 100 times his Social Level": the sum
        # lent, which is what is owed less the interest
        principal = debt.amount * 100 // (100 + tables.moneylender_interest_percent)
        room = loans.moneylender_room(turn, ch)
        if principal > room:
            raise ImportRefused(f"--debt: moneylenders lend him no more than {room} crowns at Social Level "
                              f"{ch.social_level} ({tables.moneylender_limit_per_sl} x SL); {principal} lent")
        loan = Loan(turn.world.next_loan_number(), ch.name, MONEYLENDER, debt.amount, taken.key, due=due.key,
                    interest_percent=tables.moneylender_interest_percent, principal=principal)
        turn.world.loans.append(loan)
        _post(turn, ch, loans.debt_field(loan), debt.amount,
              f"owes a moneylender {debt.amount} crowns (loan {loan.number}) by the end of {due}")
        return
    giver = turn.characters[lender]
    loan = Loan(turn.world.next_loan_number(), ch.name, lender, debt.amount, taken.key, principal=debt.amount)
    turn.world.loans.append(loan)
    _post(turn, giver, loans.lent_field(loan), debt.amount, f"{ch.name} owes him (loan {loan.number}, no interest)")
    _post(turn, ch, loans.debt_field(loan), debt.amount, f"owes {lender} (loan {loan.number}, no interest)")
