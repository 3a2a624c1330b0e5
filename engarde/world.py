"""What a campaign holds besides its characters: mistresses, loans, ...

Plain records like those of ``engarde.records``; the resolver takes a
``World`` and returns the next one.  A character's own side of each (his
mistress, his debts) is on his sheet and moves by ledger; the world keeps the
other side (who she is, whom he owes and when it falls due).
"""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, field, fields
from typing import Any


@dataclass
class Mistress:
    """d. Mistresses: Social Level on 3d6; Beauty, Influence, Wealth each on a 1-2."""

    number: int
    name: str
    social_level: int
    beautiful: bool = False
    influential: bool = False
    wealthy: bool = False
    lover: str | None = None  # the character who keeps her
    since: str | None = None  # the game month the affair began, "1607-04" (favours are yearly)

    def attributes(self) -> list[str]:
        return [a for a in ("beautiful", "influential", "wealthy") if getattr(self, a)]


@dataclass
class Loan:
    """d. Loans: between characters (no interest) or from a moneylender."""

    number: int
    borrower: str
    lender: str  # a character's name, or "moneylender"
    amount: int  # what is owed now
    taken: str  # the game month, "1607-04"
    due: str | None = None  # a moneylender's loan: six months on
    interest_percent: int = 0
    principal: int = 0  # what was lent (a moneylender's limit counts this)
    called: str | None = None  # the month a lender called it in (a loan between characters)
    defaulted: str | None = None  # the month it went unpaid when due: he is disgraced until paid

    @property
    def from_moneylender(self) -> bool:
        from .rules.loans.tables import MONEYLENDER

        return self.lender == MONEYLENDER


@dataclass
class Officer:
    """g. Regimental Organisation: one of the ten posts above Subaltern.

    ``name`` None: the post is vacant.  ``player``: the holder is a character of
    the campaign (his sheet's ``rank`` says the same).  ``ma``: his Military
    Ability once rolled (the Colonel's when the regiment is organised, an
    acting commander's when he takes command).  ``detached``: serving elsewhere
    (Brigade Major, brevet general officer): he holds the post but commands
    nothing in the regiment.
    """

    name: str | None = None
    player: bool = False
    ma: int | None = None
    detached: str | None = None


@dataclass
class Regiment:
    """A regiment's organisation: ``officers`` follow ``tables.REGIMENT_ESTABLISHMENT``
    (Colonel, Lieutenant-Colonel, two Majors, six Captains), each rank in order of
    seniority, vacancies at the bottom of their rank.  ``pending``: applications
    waiting for a player colonel's decision."""

    name: str
    officers: list[Officer] = field(default_factory=list)
    organised: str = ""  # the game month it was organised
    pending: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class BrigadeRecord:
    """A brigade's Brigade Major (the yearly roll) and commander, if known."""

    name: str
    brigade_major: str | None = None  # the officer's name
    brigade_major_regiment: str | None = None
    rolled: str | None = None  # the game month of the last Brigade Major roll
    commander: str | None = None  # a character serving as Brigade commander


@dataclass
class Front:
    """h./i. The campaign of one season (engarde.rules.military).

    ``start``/``end``: the game months it runs ("1607-06" .. "1607-08").
    ``regular``: the summer campaign of the regular army, with its Force
    Commitment and Deployment rolls and Force Organisation code.  ``units``:
    the brigades and regiments sent; ``missions``: unit -> mission;
    ``regiments``: regiment -> the unit whose place and mission it takes (the
    brigade it serves in); ``campaigners``: character -> where he serves
    ({"regiment", "since", "volunteer"}); ``ma``: the Military Abilities rolled
    for commanders and adjutants, by post; ``results``: the battle results and
    ``outcomes`` the personal outcomes, once the campaign is fought.
    """

    start: str
    end: str
    regular: bool = False
    commitment_roll: int | None = None
    deployment_roll: int | None = None
    organisation: int | None = None
    units: list[str] = field(default_factory=list)
    missions: dict[str, str] = field(default_factory=dict)
    regiments: dict[str, str] = field(default_factory=dict)
    substitutions: list[dict[str, Any]] = field(default_factory=list)
    campaigners: dict[str, dict[str, Any]] = field(default_factory=dict)
    ma: dict[str, int] = field(default_factory=dict)
    results: list[dict[str, Any]] = field(default_factory=list)
    outcomes: list[dict[str, Any]] = field(default_factory=list)
    fought: bool = False


def _known(cls: type, data: dict[str, Any]) -> dict[str, Any]:
    names = {f.name for f in fields(cls)}
    return {k: v for k, v in data.items() if k in names}


@dataclass
class World:
    mistresses: list[Mistress] = field(default_factory=list)
    loans: list[Loan] = field(default_factory=list)
    # The last loan number given: numbers are never reused, so a sheet's "debt.<n>"
    # counters name one loan for ever.
    last_loan_number: int = 0
    # g. Regiments: organised when first needed (engarde.rules.regiments)
    regiments: list[Regiment] = field(default_factory=list)
    brigades: list[BrigadeRecord] = field(default_factory=list)
    npc_serial: int = 0  # names of non-player officers are numbered, never reused
    # h. Campaign: this season's campaign (or the last one fought), and the
    # substitution petitions waiting for the next summer (engarde.rules.military)
    front: Front | None = None
    petitions: list[dict[str, Any]] = field(default_factory=list)
    # Appointments: applications waiting for the player who appoints to the post
    # (engarde.rules.appointments, engarde.rules.decisions)
    appointments_pending: list[dict[str, Any]] = field(default_factory=list)

    def copy(self) -> "World":
        return copy.deepcopy(self)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> "World":
        data = data or {}
        return cls(
            mistresses=[Mistress(**_known(Mistress, m)) for m in data.get("mistresses", [])],
            loans=[Loan(**_known(Loan, x)) for x in data.get("loans", [])],
            last_loan_number=int(data.get("last_loan_number", 0)),
            regiments=[
                Regiment(**dict(_known(Regiment, r), officers=[Officer(**_known(Officer, o)) for o in r.get("officers", [])]))
                for r in data.get("regiments", [])
            ],
            brigades=[BrigadeRecord(**_known(BrigadeRecord, b)) for b in data.get("brigades", [])],
            npc_serial=int(data.get("npc_serial", 0)),
            front=Front(**_known(Front, data["front"])) if data.get("front") else None,
            petitions=[dict(p) for p in data.get("petitions", [])],
            appointments_pending=[dict(p) for p in data.get("appointments_pending", [])],
        )

    def regiment(self, name: str) -> Regiment | None:
        """The organised regiment called ``name`` (exactly as Regimental Table A names it)."""
        return next((r for r in self.regiments if r.name == name), None)

    def brigade(self, name: str) -> BrigadeRecord | None:
        return next((b for b in self.brigades if b.name == name), None)

    def mistress(self, key: str) -> Mistress | None:
        """Find a mistress by number ("4", "number 4") or name (case-insensitive)."""
        text = key.strip().lower().removeprefix("number").removeprefix("no.").strip(" #")
        for m in self.mistresses:
            if text == str(m.number) or text == m.name.lower():
                return m
        return None

    def kept_by(self, name: str) -> Mistress | None:
        """The mistress ``name`` keeps, if any."""
        for m in self.mistresses:
            if m.lover == name:
                return m
        return None

    def next_mistress_number(self) -> int:
        return max((m.number for m in self.mistresses), default=0) + 1

    def next_loan_number(self) -> int:
        """A new loan's number (and remember it as given)."""
        self.last_loan_number = max([self.last_loan_number, *(x.number for x in self.loans)]) + 1
        return self.last_loan_number

    def loans_of(self, borrower: str) -> list[Loan]:
        """His loans, oldest first."""
        return sorted((x for x in self.loans if x.borrower == borrower), key=lambda x: x.number)

    def loan(self, number: int) -> Loan | None:
        for x in self.loans:
            if x.number == number:
                return x
        return None
