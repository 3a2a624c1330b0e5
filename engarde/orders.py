"""Typed orders: what a parsed order sheet holds.

One weekly action per week (``Order`` subclasses) plus the month's own orders.
The parser (``engarde.parse``) builds these; the resolver reads them.  A new
verb is a new record here, a grammar entry in ``parse`` and a rules function.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar

from .calendar import GameMonth
from .records import ErrorRecord


@dataclass(frozen=True)
class Order:
    """A weekly action.  ``kind`` is its stable name in JSON and templates."""

    kind: ClassVar[str] = "order"

    def describe(self) -> str:  # pragma: no cover - every subclass overrides
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, **asdict(self)}


@dataclass(frozen=True)
class Rest(Order):
    """Rest, or do nothing in particular (also what an unreadable week becomes)."""

    kind: ClassVar[str] = "rest"
    reason: str = ""

    def describe(self) -> str:
        return "Rest" + (f" ({self.reason})" if self.reason else "")


@dataclass(frozen=True)
class Practise(Order):
    kind: ClassVar[str] = "practise"
    weapon: str = "rapier"

    def describe(self) -> str:
        return f"Practise with the {self.weapon}"


@dataclass(frozen=True)
class Gambling:
    """c. Gambling: ``bets`` bets (at most nine a week) of ``stake`` crowns.

    ``cut_at``: the player's cut rule: he cuts (withdraws, losing half) when
    the croupier rolls this or higher; None: he never cuts.
    """

    bets: int = 1
    stake: int = 0
    cut_at: int | None = None

    def describe(self) -> str:
        text = f"gamble {self.bets} bet{'s' if self.bets != 1 else ''} of {self.stake} crowns"
        if self.cut_at is not None:
            text += f", cutting when the croupier rolls {self.cut_at}" + ("" if self.cut_at >= 6 else " or more")
        return text


@dataclass(frozen=True)
class VisitClub(Order):
    kind: ClassVar[str] = "visit-club"
    club: str = ""  # "": his own club
    carouse: bool = False
    # "Go to Hunter's with Falstaff": who he goes with.  Whether they are his
    # guests or his hosts follows from membership and Social Level (toadying).
    companions: tuple[str, ...] = ()
    guest_of: str | None = None  # "as the guest of Cyrano" / "toady to Cyrano"
    gamble: Gambling | None = None
    # "Mistresses accompanying their lovers to a club count in lieu of the
    # monthly visit": "Go to Hunter's with my mistress".
    with_mistress: bool = False

    def describe(self) -> str:
        if self.club:
            text = f"Visit {self.club}"
        else:  # club "": his own club, or his host's when he goes as a guest
            text = "Visit his host's club" if self.guest_of else "Visit his own club"
        if self.guest_of:
            text += f" as the guest of {self.guest_of}"
        company = list(self.companions) + (["his mistress"] if self.with_mistress else [])
        if company:
            text += " with " + ", ".join(company)
        extras = (["carouse"] if self.carouse else []) + ([self.gamble.describe()] if self.gamble else [])
        if extras:
            text += " and " + " and ".join(extras)
        return text


@dataclass(frozen=True)
class VisitBawdyhouse(Order):
    kind: ClassVar[str] = "visit-bawdyhouse"
    carouse: bool = True  # liquid refreshment is mandatory at a bawdyhouse
    companionship: bool = True
    purse: int | None = None  # crowns carried; None: the campaign's default
    gamble: Gambling | None = None

    def describe(self) -> str:
        text = "Visit a bawdyhouse"
        parts = []
        if self.carouse:
            parts.append("carouse")
        if not self.companionship:
            parts.append("no companionship")
        if self.gamble:
            parts.append(self.gamble.describe())
        if self.purse is not None:
            parts.append(f"carrying {self.purse} crowns")
        return text + (" (" + ", ".join(parts) + ")" if parts else "")


@dataclass(frozen=True)
class Court(Order):
    """d. Mistresses: court a mistress, by name or by number."""

    kind: ClassVar[str] = "court"
    mistress: str = ""
    extra_payments: int = 0  # each adds one to the die roll (not for a wealthy mistress)

    def describe(self) -> str:
        text = f"Court mistress number {self.mistress}" if self.mistress.isdigit() else f"Court {self.mistress}"
        if self.extra_payments:
            text += f" with {self.extra_payments} extra payment{'s' if self.extra_payments != 1 else ''}"
        return text


@dataclass(frozen=True)
class VisitMistress(Order):
    kind: ClassVar[str] = "visit-mistress"

    def describe(self) -> str:
        return "Visit his mistress"


@dataclass(frozen=True)
class ApplyRegiment(Order):
    """g. Regiments: apply to a regiment, optionally buying a rank; the
    regiments to try next the same week if refused."""

    kind: ClassVar[str] = "apply-regiment"
    regiment: str = ""
    rank: str | None = None
    fallbacks: tuple[str, ...] = ()

    def describe(self) -> str:
        text = f"Apply to the {self.regiment}"
        if self.rank:
            text += f" as {self.rank}"
        if self.fallbacks:
            text += ", else " + ", else ".join(self.fallbacks)
        return text


@dataclass(frozen=True)
class BuyRank(Order):
    kind: ClassVar[str] = "buy-rank"
    rank: str = ""

    def describe(self) -> str:
        return f"Buy the rank of {self.rank}"


@dataclass(frozen=True)
class RegimentalDuty(Order):
    kind: ClassVar[str] = "duty"

    def describe(self) -> str:
        return "Regimental duty"


@dataclass(frozen=True)
class Volunteer(Order):
    kind: ClassVar[str] = "volunteer"
    frontier: bool = False  # True: with a Frontier regiment; else the season's campaign
    rnhb: bool = False  # on the Frontier with the Royal North Highland Borderers
    # "battalion", "squadron", "regiment", "brigade": his command goes too; or a regiment's
    # name (Regimental Table A): "any one Regiment" of the brigade he commands
    unit: str | None = None

    def describe(self) -> str:
        text = "Volunteer"
        if self.unit in ("battalion", "squadron", "regiment", "brigade"):
            text += f" his {self.unit}"
        elif self.unit:
            text += f" the {self.unit}"
        if self.rnhb:
            return text + " for the Frontier with the RNHB"
        return text + (" for the Frontier" if self.frontier else " for the campaign")


@dataclass(frozen=True)
class SeekAppointment(Order):
    kind: ClassVar[str] = "seek-appointment"
    post: str = ""

    def describe(self) -> str:
        return f"Seek the appointment of {self.post}"


@dataclass(frozen=True)
class UseInfluence(Order):
    """f. Influence: spend a favour on someone's decision, for or against."""

    kind: ClassVar[str] = "use-influence"
    favour: str = ""  # the favour's class or source as the player names it
    decision: str = ""  # whose decision (an NPC's post, or a roll to push)
    for_whom: str = ""  # whom it helps or hinders
    against: bool = False

    def describe(self) -> str:
        way = "against" if self.against else "for"
        text = f"Use influence {way} {self.for_whom or 'himself'}"
        if self.decision:
            text += f" on {self.decision}"
        if self.favour:  # "class 7" or "from mistress": as the player named it
            text += f" with a {self.favour} favour" if self.favour.startswith("class ") else f" with the favour {self.favour}"
        return text


@dataclass(frozen=True)
class Borrow(Order):
    """d. Loans: from another character (no interest) or a moneylender."""

    kind: ClassVar[str] = "borrow"
    amount: int = 0
    lender: str = "moneylender"

    def describe(self) -> str:
        return f"Borrow {self.amount} crowns from {self.lender}"


@dataclass(frozen=True)
class Repay(Order):
    kind: ClassVar[str] = "repay"
    amount: int | None = None  # None: all he owes
    lender: str = "moneylender"

    def describe(self) -> str:
        what = f"{self.amount} crowns" if self.amount is not None else "everything owed"
        return f"Repay {what} to {self.lender}"


@dataclass(frozen=True)
class Challenge(Order):
    """e. Duelling: challenge someone, giving the cause and the weapon."""

    kind: ClassVar[str] = "challenge"
    opponent: str = ""
    cause: str = ""
    weapon: str = "rapier"

    def describe(self) -> str:
        text = f"Challenge {self.opponent}"
        if self.cause:
            text += f" for {self.cause}"
        return text + f" with the {self.weapon}"


@dataclass(frozen=True)
class AnswerChallenge(Order):
    kind: ClassVar[str] = "answer-challenge"
    challenger: str = ""
    accept: bool = True
    weapon: str | None = None

    def describe(self) -> str:
        verb = "Accept" if self.accept else "Refuse"
        text = f"{verb} the challenge of {self.challenger}" if self.challenger else f"{verb} any challenge"
        if self.accept and self.weapon:
            text += f" with the {self.weapon}"
        return text


@dataclass(frozen=True)
class Petition(Order):
    """h. Campaign: petition for a regiment's substitution."""

    kind: ClassVar[str] = "petition"
    regiment: str = ""
    replacing: str = ""

    def describe(self) -> str:
        return f"Petition for the {self.regiment} to replace the {self.replacing}"


@dataclass(frozen=True)
class ResignCommission(Order):
    """g. Regiments: resign his commission (the week's action); he leaves his regiment."""

    kind: ClassVar[str] = "resign-commission"

    def describe(self) -> str:
        return "Resign my commission"


ORDER_KINDS: dict[str, type[Order]] = {
    cls.kind: cls
    for cls in (
        Rest, Practise, VisitClub, VisitBawdyhouse, Court, VisitMistress, ApplyRegiment, BuyRank,
        RegimentalDuty, Volunteer, SeekAppointment, UseInfluence, Borrow, Repay, Challenge,
        AnswerChallenge, Petition, ResignCommission,
    )
}


def order_from_dict(data: dict[str, Any]) -> Order:
    """The inverse of ``Order.to_dict`` (JSON turns tuples into lists)."""
    data = dict(data)
    cls = ORDER_KINDS[data.pop("kind")]
    for key in ("companions", "fallbacks"):
        if key in data:
            data[key] = tuple(data[key])
    if data.get("gamble") is not None:
        data["gamble"] = Gambling(**data["gamble"])
    return cls(**data)


@dataclass
class MonthlyOrders:
    """Orders for the month as a whole, not for one week."""

    conspicuous_consumption: bool = False
    join_club: str | None = None
    resign_club: bool = False
    new_password: str | None = None  # takes effect once the sheet is accepted
    # e. Practice: "subtract five from his Expertise to add one to his Strength", N times
    trade_expertise_for_strength: int = 0
    # d. Loans: "after three months ... the lender may demand payment": the borrowers
    # (names, or "all") whose loans from him he calls in this month (engarde.rules.loans)
    call_loans: tuple[str, ...] = ()
    # d. Loans: "Characters may borrow money from other players": his consent, the crowns he
    # offers each borrower this month (taken by the borrower's Borrow order; not a week's action)
    lend: tuple["Lend", ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "MonthlyOrders":
        """The inverse of ``to_dict`` (JSON turns tuples into lists; older sheets lack new fields)."""
        data = dict(data)
        data["call_loans"] = tuple(data.get("call_loans", ()))
        data["lend"] = tuple(x if isinstance(x, Lend) else Lend(**x) for x in data.get("lend", ()))
        return cls(**data)


@dataclass(frozen=True)
class Lend:
    """d. Loans: a monthly order, "Lend 100 crowns to D'Artagnan": up to ``amount`` crowns
    for ``borrower`` this month, if he borrows them (engarde.rules.loans.offer)."""

    amount: int
    borrower: str

    def describe(self) -> str:
        return f"Lend {self.amount} crowns to {self.borrower}"


@dataclass
class StandingOrders:
    """Orders that stand until the player changes them (kept between months).

    ``None`` means "not given": the rules' default applies.
    """

    if_challenged: str | None = None  # "accept" | "refuse"
    duel_weapon: str | None = None
    duel_sequence: str | None = None  # as the rules write it: "X L X CL K X X X X S P JB"
    duel_conditions: tuple[str, ...] = ()  # written conditions for optional routines / surrender
    campaign_modifier: int | None = None  # h./i. poltroonery (<0) or reckless bravery (>0)
    rival_suitor: str | None = None  # "withdraw" | "fight"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "StandingOrders":
        data = dict(data)
        data["duel_conditions"] = tuple(data.get("duel_conditions", ()))
        return cls(**data)

    def describe(self) -> list[str]:
        """Each order on file, as the sheet language writes it (for confirmations)."""
        lines = []
        if self.if_challenged:
            lines.append(f"If challenged: {self.if_challenged}"
                         + (f" with the {self.duel_weapon}" if self.duel_weapon else ""))
        elif self.duel_weapon:
            lines.append(f"Duel weapon: {self.duel_weapon}")
        if self.duel_sequence:
            lines.append(f"Duel sequence: {self.duel_sequence}")
        lines += [f"Duel conditions: {c}" for c in self.duel_conditions]
        if self.campaign_modifier is not None:
            m = self.campaign_modifier
            lines.append("Campaign: none" if m == 0 else
                         f"Campaign: reckless bravery +{m}" if m > 0 else f"Campaign: poltroonery {m}")
        if self.rival_suitor:
            lines.append(f"Rival suitor: {self.rival_suitor}")
        return lines

    def merged(self, newer: "StandingOrders") -> "StandingOrders":
        """These orders with every order ``newer`` gives replacing the old one."""
        values = self.to_dict()
        for key, value in newer.to_dict().items():
            if value not in (None, (), []):
                values[key] = value
        return StandingOrders.from_dict(values)


@dataclass(frozen=True)
class Letter:
    """A letter to the gazette's press section."""

    text: str
    signature: str = "signed"  # "signed" | "anonymous" | "alias"
    alias: str | None = None

    def byline(self, author: str) -> str:
        if self.signature == "anonymous":
            return "A Gentleman of Paris"
        if self.signature == "alias" and self.alias:
            return self.alias
        return author


@dataclass
class OrderSheet:
    """One player's orders for one month, with what could not be understood.

    ``lines`` maps each week to the source line it came from, so the
    confirmation can quote the player back to himself.
    """

    source: str
    character: str | None = None
    password: str | None = None
    month: GameMonth | None = None
    weeks: dict[int, Order] = field(default_factory=dict)
    lines: dict[int, int] = field(default_factory=dict)
    monthly: MonthlyOrders = field(default_factory=MonthlyOrders)
    standing: StandingOrders = field(default_factory=StandingOrders)
    letters: list[Letter] = field(default_factory=list)
    errors: list[ErrorRecord] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def action(self, week: int) -> Order:
        return self.weeks.get(week, Rest())

    @property
    def ok(self) -> bool:
        return not self.errors

    def to_dict(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "character": self.character,
            "month": self.month.key if self.month else None,
            "weeks": {str(w): o.to_dict() for w, o in sorted(self.weeks.items())},
            "lines": {str(w): n for w, n in sorted(self.lines.items())},
            "monthly": self.monthly.to_dict(),
            "standing": self.standing.to_dict(),
            "letters": [asdict(x) for x in self.letters],
            "errors": [e.to_dict() for e in self.errors],
            "notes": list(self.notes),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "OrderSheet":
        sheet = cls(source=data["source"], character=data.get("character"))
        if data.get("month"):
            sheet.month = GameMonth.parse(data["month"])
        sheet.weeks = {int(w): order_from_dict(o) for w, o in data.get("weeks", {}).items()}
        sheet.lines = {int(w): int(n) for w, n in data.get("lines", {}).items()}
        sheet.monthly = MonthlyOrders.from_dict(data.get("monthly", {}))
        sheet.standing = StandingOrders.from_dict(data.get("standing", {}))
        sheet.letters = [Letter(**x) for x in data.get("letters", [])]
        sheet.errors = [ErrorRecord(**e) for e in data.get("errors", [])]
        sheet.notes = list(data.get("notes", []))
        return sheet
