"""The gala's orders: attending (the week's action) and the written gala plan (the month's).

A plan is one ``Move`` for each round the player writes (the rounds he leaves out he keeps to
himself and speaks), and his standing answers to what others may do: whom he accepts as a
partner or a husband- or wife-to-be, when he retorts, which of the others' actions he calls a
faux pas and how he votes on others' calls, which secrets he sold to him he calls rumours, what
he declares of a secret about himself, and what he tells in an outburst.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engarde.orders import MONTHLY, Order, Part

# A round's engagement: the company he keeps.
SEEK, DANCE, ALONE = "seek", "dance", "alone"
# A round's action.
ATTACK, ASK, PROPOSE, SELL, RUMOUR, EXPLORE, SPEAK, BREAK = (
    "attack", "ask", "propose", "sell", "rumour", "explore", "speak", "break")
STATS = ("charm", "wit", "accomplishment")
# The actions a guest may call a faux pas, as a plan names them (a small closed list: by mail
# nobody sees the room, so he says beforehand which kinds of conduct he will not let pass).
FAUX_PAS = {
    "interrupting": "tearing a guest away from another's conversation",
    "attacking": "an attack on a guest",
    "selling": "selling a secret",
    "proposing": "a proposal of marriage",
    "breaking off": "breaking off an engagement",
    "outbursts": "an outburst",
}
# How he votes on another's call.
WITH, AGAINST, AS_I_CALL = "with the accuser", "against the accuser", "as I call"
ANYONE = "anyone"


@dataclass(frozen=True)
class Attend(Order):
    """The week spent at a gala (``host``: whose, when two are given that week)."""

    kind: ClassVar[str] = "attend-gala"
    host: str = ""

    def describe(self) -> str:
        return f"Attend {self.host}'s gala" if self.host else "Attend the gala"


@dataclass(frozen=True)
class BreakOff(Order):
    """The week spent breaking off his engagement, away from any gala (gala.txt, Breaking It Off)."""

    kind: ClassVar[str] = "break-off-engagement"

    def describe(self) -> str:
        return "Break off my engagement"


@dataclass(frozen=True)
class Move:
    """One round of a plan: the engagement (``engage`` with ``whom``) and the action."""

    round: int
    engage: str = ALONE
    whom: str = ""
    action: str = SPEAK
    target: str = ""     # whom he attacks, asks, proposes to; the buyer of a secret
    stat: str = ""       # the stat attacked
    room: str = ""       # the room explored
    about: str = ""      # whom the secret sold (or the rumour) is about
    area: str = ""       # its area, when he names one (a rumour's, always)
    value: int = 0       # a rumour's written value
    text: str = ""       # a rumour's words

    def describe(self) -> str:
        engage = {SEEK: f"seek {self.whom}", DANCE: "join the dance", ALONE: "keep to myself"}[self.engage]
        action = {
            ATTACK: f"attack {self.target}'s {self.stat}",
            ASK: f"ask {self.target} to dance",
            PROPOSE: f"propose to {self.target}",
            SELL: f"sell my secret about {self.about}{' (' + self.area + ')' if self.area else ''} to {self.target}",
            RUMOUR: f"sell a rumour about {self.about} ({self.area}, {self.value}) to {self.target}: {self.text}",
            EXPLORE: f"explore the {self.room}",
            SPEAK: "speak",
            BREAK: "break off my engagement",
        }[self.action]
        return f"round {self.round}: {engage}; {action}"


@dataclass
class GalaPlan(Part):
    """A guest's written gala plan for the month (it serves every gala he attends in it).

    Every answer left unwritten is None: the documented default then holds (engine.DEFAULTS).
    ``dances_from``/``proposals_from``: names, or ("anyone",), or () for no one.
    ``retort``: "always", "never", or the Wit he must have ("10").  ``accuse``: "always",
    "never", or the least value of a secret he calls a rumour ("3").  ``questioned``: "own"
    or "deny" (what he declares of a secret about him called a rumour).  ``outburst``:
    ("all",), (), or the men whose secrets he tells.
    """

    module: ClassVar[str] = "gala"
    when: ClassVar[str] = MONTHLY
    moves: tuple[Move, ...] = ()
    dances_from: tuple[str, ...] | None = None
    proposals_from: tuple[str, ...] | None = None
    retort: str | None = None
    calls: tuple[str, ...] | None = None
    vote: str | None = None
    accuse: str | None = None
    questioned: str | None = None
    outburst: tuple[str, ...] | None = None

    def move(self, number: int) -> Move:
        """His move in round ``number`` (the last one written for it), or keeping to himself."""
        found = [m for m in self.moves if m.round == number]
        return found[-1] if found else Move(number)

    def describe(self) -> list[str]:
        lines = [f"gala plan, {m.describe()}" for m in sorted(self.moves, key=lambda m: m.round)]

        def names(value: tuple[str, ...] | None) -> str:
            return "no one" if not value else ", ".join(value)
        if self.dances_from is not None:
            lines.append(f"gala plan: accept dances from {names(self.dances_from)}")
        if self.proposals_from is not None:
            lines.append(f"gala plan: accept proposals from {names(self.proposals_from)}")
        if self.retort is not None:
            lines.append("gala plan: retort " + (self.retort if not self.retort.isdigit()
                                                  else f"when my Wit is {self.retort} or more"))
        if self.calls is not None:
            lines.append(f"gala plan: call faux pas on {', '.join(self.calls) or 'nothing'}")
        if self.vote is not None:
            lines.append(f"gala plan: vote {self.vote}")
        if self.accuse is not None:
            lines.append("gala plan: call rumours " + (self.accuse if not self.accuse.isdigit()
                                                       else f"when worth {self.accuse} or more"))
        if self.questioned is not None:
            lines.append(f"gala plan: a secret about me called a rumour: {self.questioned} it")
        if self.outburst is not None:
            lines.append("gala plan: in an outburst tell " + (
                "nothing" if not self.outburst else "everything" if self.outburst == ("all",)
                else "the secrets about " + ", ".join(self.outburst)))
        return lines
