"""e. Duelling: cause, challenges, written sequences, the fight, and after.

This module is the duel rules of section e of ``en-garde-rules.txt``; the
tables it reads are the campaign's ``DuelTables`` (``turn.tables.duel``: Duelling
Tables A-D, the weapons, ...; each pure function takes them as its first
parameter) and the regiments' friends and enemies.

It has three layers, each pure:

1. Written sequences (Duelling Table A; "Recording Actions"):
   ``parse_sequence`` and ``check_sequence`` (used by the order language at
   ingest), ``plan_sequence`` (the routines a written sequence stands for).
2. The fight (``fight``): two ``Duellist`` records and the dice in, a
   ``DuelRecord`` out: every turn's two actions, damage and endurance, every
   correction made to a sequence and why.  Nothing else is touched.
3. The month (``resolve_week``, ``recover``, ``trade_expertise``, ...): causes
   and challenges from the week's whereabouts and orders, Duelling Table D,
   the winner's Expertise, death, recovery; every change through the
   ``Turn``'s ledger with the rule it follows, every duel an event whose data
   holds the whole record.

How a written sequence is fought
--------------------------------
A player writes one sequence (his standing order ``duel_sequence``): the
routines he will perform, in order.  The rules have both duellists write
sequence after sequence as the fight goes on; by post he cannot, so his written
sequence is his plan for the whole duel: its routines are performed in order
and begin again from the first when it runs out.  A routine unfinished at the
end of the written sequence is finished first (a bracketed reminder such as
the rules' ``JB (X)`` may say how; otherwise the routine is completed as
Duelling Table A writes it).  The engine cuts the fight into the rules'
sequences (6 turns then 12 for the man with the advantage, 12 for the other,
overlapping) and at the start of each of a man's sequences counts the rest
routines he owes (Swordsmanship, and Endurance below half); a sequence short of
them is corrected as the campaign's ``illegal_sequence`` setting says, and the
player is told.  A character who wrote no sequence fights the default sequence
for his weapon (``DuelTables.default_sequences``), and is told so.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from math import floor
from typing import Iterable

from ..mistresses.codes import EV_CAUGHT_COURTING
from ..mistresses.rules import courted_this_month
from .codes import (
    EV_DUEL,
    EV_DUEL_ANSWER,
    EV_DUEL_CAUSE_IGNORED,
    EV_DUEL_DEATH,
    EV_DUEL_NO_CAUSE,
    EV_DUEL_RECOVERY,
    EV_DUEL_REFUSED,
    EV_CHALLENGE_UNMET,
    EV_DUEL_TRADE,
    EV_INSULT,
)
from ...calendar import MONTH_START
from ...codes import EV_ORDER_REFUSED
from ...dice import Dice
from .orders import AnswerChallenge, Challenge, DuelStanding, TradeOrders
from ...orders import Order
from ...records import DEAD, Character
from .tables import DuelTables
from ..regiments.tables import RegimentsTables
from ...text import in_words, normalise_name
from ...turn import Turn
from ...patterns import lazy

RULE_DUEL = "e. Duelling"
RULE_CAUSE = "e. Duelling: Cause for duels"
RULE_TABLE_A = "e. Duelling: Duelling Table A, Recording Actions"
RULE_DAMAGE = "e. Duelling: Inflicting Damage (Duelling Tables B and C)"
RULE_TABLE_D = "e. Duelling: Duelling Table D"
RULE_RECOVERY = "e. Duelling: Recovery"
RULE_PRACTICE = "e. Practice"

# =============================================================================
# 1. Written sequences
# =============================================================================

# Dashes of every kind (the rules use a non-breaking hyphen), commas and the
# like separate actions.
_SEPARATORS = lazy(r"[-\u2010\u2011\u2012\u2013\u2014\u2212,;/|.]+")
_TOKEN = lazy(r"\(|\)|[^\s()]+")

ATTACK_ROUTINES = ("Lunge", "Slash", "Furious Slash", "Furious Lunge", "Kick")


def normalise_weapon(weapon: str | None) -> str:
    """"Two-Handed Sword" -> "two-handed sword"; "" or None -> "rapier"."""
    if not weapon:
        return "rapier"
    text = " ".join(weapon.lower().replace("_", " ").split())
    aliases = {"two handed sword": "two-handed sword", "2-handed sword": "two-handed sword",
               "greatsword": "two-handed sword", "sword": "rapier", "saber": "sabre"}
    return aliases.get(text, text)


def parse_sequence(tables: DuelTables, text: str) -> list[str]:
    """A written sequence as the rules' tokens, in order.

    Spelling is forgiven (``x l x``, ``-X-L-X-``, ``sur``); a bracketed action
    keeps its brackets (``"(X)"``, ``"(R)"``); a word that is no action is
    returned as written, for ``check_sequence`` to report.

    >>> parse_sequence(DuelTables(), "X L X CL K X X X X S P JB (X)")
    ['X', 'L', 'X', 'CL', 'K', 'X', 'X', 'X', 'X', 'S', 'P', 'JB', '(X)']
    """
    tokens, _ = _tokenise(tables, text)
    return tokens


def _tokenise(tables: DuelTables, text: str) -> tuple[list[str], list[str]]:
    tokens: list[str] = []
    problems: list[str] = []
    depth = 0
    for raw in _TOKEN.findall(_SEPARATORS.sub(" ", text or "")):
        if raw == "(":
            if depth:
                problems.append("brackets inside brackets")
            depth += 1
        elif raw == ")":
            if not depth:
                problems.append("a closing bracket ')' without an opening one")
            else:
                depth -= 1
        else:
            word = tables.action_spellings.get(raw.upper(), raw)
            tokens.append(f"({word})" if depth else word)
    if depth:
        problems.append("an opening bracket '(' is never closed")
    return tokens, problems


def _bare(token: str) -> str:
    return token[1:-1] if token.startswith("(") and token.endswith(")") else token


@dataclass(frozen=True)
class RoutineForm:
    """One way of writing one routine of Duelling Table A.

    ``pattern`` is what the player writes; ``short``: the slash abbreviated to
    X-S (only after a routine that ended in a rest, not a mandatory rest);
    ``flexible``: the book's ``(X) X S``, abbreviated whenever it may be.
    """

    name: str
    pattern: tuple[str, ...]
    short: bool = False
    flexible: bool = False

    @property
    def actions(self) -> tuple[str, ...]:
        return tuple(_bare(t) for t in self.pattern)

    @property
    def attack(self) -> bool:
        """An attack routine (the dagger must close first; a throw is excepted)."""
        return self.name in ATTACK_ROUTINES or (self.name == "Parry" and len(self.pattern) > 1)

    def book(self, tables: DuelTables) -> str:
        """The routine as Duelling Table A spells it; the cutlass's slash as its own line spells it
        ("The slash routine for a cutlass is -X-S-X-X-X-, not -(X)-X-S-")."""
        if self.name == "Slash" and self.pattern == tuple(tables.cutlass_slash):
            return "-" + "-".join(self.pattern) + "-"
        return "-" + "-".join(tables.duelling_table_a_routines.get(self.name, self.pattern)) + "-"


def routine_forms(tables: DuelTables, weapon: str = "rapier") -> tuple[RoutineForm, ...]:
    """Every written form of every routine of Duelling Table A, for ``weapon``."""
    return _routine_forms(tuple(tables.duelling_table_a_routines.items()), tables.cutlass_slash,
                          normalise_weapon(weapon) == "cutlass")


# Cached by the table's contents (a campaign's tables are not hashable): the forms are
# read for every sequence checked and every routine a fight inserts.
@lru_cache(maxsize=None)
def _routine_forms(routines: tuple[tuple[str, tuple[str, ...]], ...], cutlass_slash: tuple[str, ...],
                   cutlass: bool) -> tuple[RoutineForm, ...]:
    forms: list[RoutineForm] = []
    for name, book in routines:
        if name == "Slash":
            if cutlass:
                # "The slash routine for a cutlass is -X-S-X-X-X-, not -(X)-X-S-."
                forms.append(RoutineForm(name, tuple(cutlass_slash)))
            else:
                forms.append(RoutineForm(name, ("X", "X", "S")))
                forms.append(RoutineForm(name, ("X", "S"), short=True))
                forms.append(RoutineForm(name, ("(X)", "X", "S"), flexible=True))
        elif name == "Parry":
            forms.append(RoutineForm(name, ("P",)))
            forms.append(RoutineForm(name, ("P", "R")))
            forms.append(RoutineForm(name, ("P", "(R)")))
        else:
            forms.append(RoutineForm(name, tuple(book)))
    return tuple(forms)


@dataclass(frozen=True)
class PlannedRoutine:
    """A routine of a written sequence: its form and the turn it begins on
    (counting from 0); ``written`` is how many of its actions were written
    before the sequence ran out (the rest are to be performed all the same)."""

    form: RoutineForm
    start: int
    written: int

    @property
    def name(self) -> str:
        return self.form.name


@dataclass(frozen=True)
class _State:
    prev_ends_rest: bool  # the previous routine ended in a rest
    prev_is_rest: bool  # the previous routine was a rest routine
    closes: int  # close routines just before (for the dagger), at most 2


_START = _State(prev_ends_rest=False, prev_is_rest=False, closes=0)


def plan_sequence(tables: DuelTables, text: str, weapon: str = "rapier",
                  opponent_weapon: str | None = None) -> tuple[list[PlannedRoutine], list[str]]:
    """The routines a written sequence stands for, and its problems.

    When the sequence can be read several ways (``X X S`` is a rest and an
    abbreviated slash, or a slash), the reading chosen is the one with the most
    rest routines that could be mandatory ones, then with the fewest routines.
    With problems (other than the dagger's closes), there are no routines.
    """
    weapon = normalise_weapon(weapon)
    problems: list[str] = []
    if weapon not in tables.weapons:
        problems.append(f"no weapon called {weapon!r} (weapons: {', '.join(tables.weapons)})")
    tokens, bracket_problems = _tokenise(tables, text)
    problems += bracket_problems
    if not tokens:
        return [], problems + ["no actions are written"]
    for i, tok in enumerate(tokens):
        if _bare(tok) not in tables.duelling_table_a_actions:
            problems.append(
                f"turn {i + 1}: {tok!r} is not an action of Duelling Table A "
                f"(actions: {' '.join(tables.duelling_table_a_actions)})"
            )
    if problems:
        return [], problems
    closes_needed = tables.dagger_closes
    if weapon == "dagger" and normalise_weapon(opponent_weapon) == "two-handed sword" and opponent_weapon:
        closes_needed = tables.dagger_closes_against_two_handed
    parser = _Parser(tables, tuple(tokens), weapon, closes_needed if weapon == "dagger" else 0)
    result = parser.best(0, _START)
    if result is None:
        return [], parser.diagnose()
    (violations, _, _, _), routines = result
    if violations:
        need = "two close routines (CL CL)" if closes_needed == 2 else "a close routine (CL)"
        against = " against a two-handed sword" if closes_needed == 2 else ""
        closes = 0
        for r in routines:
            if r.form.attack and closes < closes_needed:
                problems.append(
                    f"turn {r.start + 1}: with a dagger{against} the {r.name} must come straight "
                    f"after {need}"
                )
            closes = min(closes + 1, 2) if r.name == "Close" else 0
    return list(routines), problems


def check_sequence(tables: DuelTables, text: str, weapon: str = "rapier",
                   opponent_weapon: str | None = None) -> list[str]:
    """What is wrong with a written sequence, by Duelling Table A; [] if legal.

    Checked: every word is an action; the actions of each routine in the exact
    order of the table; no routine begun before the last one ends (an
    unfinished last routine is allowed: it is finished in the next sequence);
    the slash abbreviated to X-S only after a routine that ended in a rest; the
    cutlass's slash -X-S-X-X-X-; brackets only for the optional X of a slash
    ``(X) X S``, the optional riposte ``P (R)``, and a reminder after the last
    turn of how an unfinished routine goes on (``JB (X)``); with a dagger, a
    close routine straight before each attack (two against a two-handed sword:
    checked only when ``opponent_weapon`` is given).

    Not checked here, because they depend on the duel: the mandatory rests
    (Expertise and Endurance) and the riposte's condition (a lunge parried);
    the fight enforces those.

    >>> check_sequence(DuelTables(), "X L X CL K X X X X S P JB (X)")
    []
    >>> check_sequence(DuelTables(), "X L S")
    ['turn 3: S cannot come here: the Lunge -X-L-X- needs X here; the Furious Lunge -L-X-X-C-X-X-X- needs X here']
    """
    return plan_sequence(tables, text, weapon, opponent_weapon)[1]


class _Parser:
    """Reads tokens as routines: a best reading by dynamic programming, and
    if there is none, where and why it fails."""

    def __init__(self, tables: DuelTables, tokens: tuple[str, ...], weapon: str, closes_needed: int) -> None:
        self.tables = tables
        self.tokens = tokens
        self.forms = routine_forms(tables, weapon)
        self.closes_needed = closes_needed
        # Trailing bracketed tokens are a reminder of how the last routine goes on.
        n = len(tokens)
        while n and tokens[n - 1].startswith("(") and not (
            tokens[n - 1] == "(R)" and n >= 2 and tokens[n - 2] == "P"
        ):
            n -= 1
        self.n_main = n
        self.memo: dict[tuple[int, _State], tuple | None] = {}

    # -- matching ------------------------------------------------------------
    def _match(self, form: RoutineForm, i: int, state: _State) -> tuple[str, int] | None:
        """("full"|"partial", end) if ``form`` may be read from ``i``; else None."""
        if form.short and not state.prev_ends_rest:
            return None
        toks = self.tokens
        for k, want in enumerate(form.pattern):
            j = i + k
            if j >= len(toks):
                if len(toks) > self.n_main:
                    return None  # a reminder must finish the routine
                return ("partial", j)
            tok = toks[j]
            if j < self.n_main:
                if tok != want:
                    return None
            elif _bare(tok) != _bare(want):
                return None
        end = i + len(form.pattern)
        if end > self.n_main and end != len(toks):
            return None
        return ("full", end)

    def _next_state(self, form: RoutineForm, state: _State) -> _State:
        return _State(
            prev_ends_rest=form.actions[-1] == "X",
            prev_is_rest=form.name == "Rest",
            closes=min(state.closes + 1, 2) if form.name == "Close" else 0,
        )

    def best(self, i: int, state: _State):
        """(score, routines) for the best reading of tokens[i:], or None.

        score: (-dagger violations, -unfinished routines, rests that could be
        mandatory ones, -routines).
        """
        key = (i, state)
        if key in self.memo:
            return self.memo[key]
        toks = self.tokens
        result = None
        if i == len(toks):
            result = ((0, 0, 0, 0), ())
        elif i >= self.n_main:
            result = None  # no routine may begin in the reminder
        else:
            for form in self.forms:
                m = self._match(form, i, state)
                if m is None:
                    continue
                kind, end = m
                v = 1 if (self.closes_needed and form.attack and state.closes < self.closes_needed) else 0
                rests = 1 if form.name == "Rest" else 0
                if form.short and state.prev_is_rest:
                    rests -= 1  # that rest cannot have been a mandatory one
                routine = PlannedRoutine(form, i, min(end, self.n_main) - i)
                if kind == "partial":
                    cand = ((-v, -1, rests, -1), (routine,))
                else:
                    rest_of = self.best(end, self._next_state(form, state))
                    if rest_of is None:
                        continue
                    (v2, p2, r2, n2), tail = rest_of
                    cand = ((v2 - v, p2, r2 + rests, n2 - 1), (routine,) + tail)
                if result is None or cand[0] > result[0]:
                    result = cand
        self.memo[key] = result
        return result

    # -- diagnosis -----------------------------------------------------------
    def diagnose(self) -> list[str]:
        """Where reading fails, and what each routine in progress needed there."""
        toks = self.tokens
        seen: set[tuple[int, _State]] = set()
        frontier = [(0, _START)]
        # position -> list of (routine, wanted) explanations
        failures: dict[int, list[str]] = {}
        short_refused = False
        reach = 0
        while frontier:
            i, state = frontier.pop()
            if (i, state) in seen:
                continue
            seen.add((i, state))
            reach = max(reach, i)
            if i >= self.n_main:
                failures.setdefault(i, []).append("a reminder in brackets after the last turn may only finish "
                                                  "the routine left unfinished")
                continue
            for form in self.forms:
                if form.short and not state.prev_ends_rest:
                    if toks[i:i + 2] == ("X", "S"):
                        short_refused = True
                    continue
                m = self._match(form, i, state)
                if m is not None:
                    if m[0] == "full":
                        frontier.append((m[1], self._next_state(form, state)))
                    continue
                # how far does it go?
                k = 0
                while (k < len(form.pattern) and i + k < self.n_main
                       and toks[i + k] == form.pattern[k]):
                    k += 1
                if k and k < len(form.pattern) and i + k < len(toks):
                    if i + k < self.n_main:
                        failures.setdefault(i + k, []).append(
                            f"the {form.name} {form.book(self.tables)} needs {_bare(form.pattern[k])} here")
                    else:
                        failures.setdefault(i + k, []).append(
                            f"the reminder must finish the {form.name} {form.book(self.tables)} with "
                            f"{' '.join(_bare(t) for t in form.pattern[k:])}")
        # Never past the last token: a path to the end would have been a reading (diagnose runs only when
        # there is none), and every failure is at a token.
        worst = max(failures) if failures else reach
        worst = max(worst, reach)
        tok = toks[worst]
        reasons = list(dict.fromkeys(failures.get(worst, [])))
        # A refused X-S is never past the worst turn: its S fails the slash X X S there.
        if short_refused:
            reasons.append("the slash may be shortened to X-S only straight after a routine that "
                           "ended in a rest (write X X S)")
        starters = {f.pattern[0] for f in self.forms}
        at_boundary = any(i == worst for i, _ in seen)
        if at_boundary and tok not in starters and not tok.startswith("("):
            begins = sorted({f.name for f in self.forms if tok in f.actions})
            reasons.insert(0, f"{tok} begins no routine (it comes within: {', '.join(begins)})")
        if not reasons:
            # No failure at the worst turn: it is the furthest a reading reached, so a turn, reached
            # (at_boundary); a word there that begins a routine would have failed or gone further, and one
            # that begins none is named above.  What is left is a bracketed word among the turns.
            reasons.append("brackets mark only the optional X of a slash (X) X S, the optional "
                           "riposte P (R), or a reminder after the last turn")
        label = f"turn {worst + 1}" if worst < self.n_main else "the reminder after the last turn"
        return [f"{label}: {tok} cannot come here: " + "; ".join(reasons)]


def describe_routines(routines: Iterable[PlannedRoutine]) -> str:
    return ", ".join(f"{r.name} ({' '.join(r.form.actions)})" for r in routines)


# -- written conditions for the optional routines -------------------------------

_OPTIONAL_NAMES = {
    "riposte": "Riposte", "r": "Riposte",
    "surrender": "Optional Surrender", "sur": "Optional Surrender", "yield": "Optional Surrender",
    "optional parry": "Optional Parry", "op": "Optional Parry", "parry": "Optional Parry",
    "optional block": "Optional Block", "ob": "Optional Block", "block": "Optional Block",
}
_OPTIONAL_ACTIONS = {
    "Riposte": ("R",),
    "Optional Surrender": ("Sur",),
    "Optional Parry": ("OP1", "OP2"),
    "Optional Block": ("OB1", "OB2"),
}
_CONDITION = lazy(
    r"\s*(?P<routine>optional\s+parry|optional\s+block|riposte|surrender|yield|parry|block|sur|op|ob|r)\b"
    r"\s*(?:(?:if|when|whenever|once|on)\s+(?P<trigger>.+?))?\s*\.?\s*$",
    re.I,
)
_ENDURANCE = lazy(
    r"(?:my\s+|his\s+)?endurance\s+(?:is\s+|falls\s+|drops\s+|goes\s+)?"
    r"(?:below|under|less\s+than|<)\s*(?:(?P<half>half)|(?P<n>\d+)\s*(?P<pct>%|percent)?)",
    re.I,
)
_OPPONENT = lazy(
    r"(?:the\s+|my\s+)?opponent(?:'s)?\s+(?:last\s+action\s+(?:is|was)\s+|does\s+|did\s+|plays?\s+|makes?\s+|"
    r"performs?\s+|action\s+(?:is|was)\s+)?(?:an?\s+)?(?P<action>\(?\w+\)?)",
    re.I,
)
_ALWAYS = lazy(r"(?:always|allowed|possible|able|i\s+parry\s+a\s+lunge|he\s+lunges\s+into\s+my\s+parry)",
               re.I)


@dataclass(frozen=True)
class Condition:
    """A written condition for an optional routine (Optional Routines).

    ``routine``: "Riposte", "Optional Parry", "Optional Block" or "Optional
    Surrender"; ``kind``: "always" (the riposte, whenever allowed),
    "endurance" (his Endurance below ``value``), "endurance%" (below ``value``
    per cent of his original Endurance) or "opponent" (his opponent's action
    of the turn before was ``action``).
    """

    routine: str
    kind: str
    value: int = 0
    action: str = ""
    text: str = ""

    def triggered(self, me: "_Fighter", opponent: "_Fighter") -> bool:
        """Whether an optional parry, block or surrender is due.  (A riposte's condition, "always", is
        never asked: the fight ripostes whenever ``_Fighter.riposte_allowed``.)"""
        if self.kind == "endurance":
            return me.endurance < self.value
        if self.kind == "endurance%":
            return me.endurance * 100 < self.value * me.original
        return opponent.last_action == self.action  # "opponent"


def parse_condition(tables: DuelTables, text: str) -> tuple[Condition | None, str | None]:
    """A written condition, or None and what is wrong with it.

    Forms: ``riposte`` (whenever allowed); ``surrender if endurance below 10``
    (or ``below 25%``, ``below half``); ``optional parry if opponent X``;
    ``optional block when opponent CL`` (the opponent's action of the turn
    before, as Duelling Table A writes it).
    """
    m = _CONDITION.match(text or "")
    if not m:
        return None, (f"{text!r}: a condition names an optional routine (riposte, optional parry, "
                      f"optional block, surrender) and when: e.g. 'surrender if endurance below 10'")
    routine = _OPTIONAL_NAMES[" ".join(m["routine"].lower().split())]
    trigger = (m["trigger"] or "").strip()
    if not trigger:
        if routine == "Riposte":
            return Condition(routine, "always", text=text), None
        return None, f"{text!r}: say when: e.g. '{m['routine']} if endurance below 10' or 'if opponent CL'"
    if routine == "Riposte" and _ALWAYS.fullmatch(trigger):
        return Condition(routine, "always", text=text), None
    e = _ENDURANCE.fullmatch(trigger)
    if e:
        if e["half"]:
            return Condition(routine, "endurance%", 50, text=text), None
        if e["pct"]:
            return Condition(routine, "endurance%", int(e["n"]), text=text), None
        return Condition(routine, "endurance", int(e["n"]), text=text), None
    o = _OPPONENT.fullmatch(trigger)
    if o:
        action = tables.action_spellings.get(_bare(o["action"]).upper())
        if action is None:
            return None, f"{text!r}: {o['action']!r} is not an action of Duelling Table A"
        return Condition(routine, "opponent", action=action, text=text), None
    return None, (f"{text!r}: the condition {trigger!r} is not understood (use 'endurance below N', "
                  f"'endurance below N%', 'endurance below half' or 'opponent <action>')")


def check_conditions(tables: DuelTables, conditions: Iterable[str]) -> list[str]:
    """What is wrong with written duel conditions; [] if all are understood."""
    return [problem for text in conditions for problem in [parse_condition(tables, text)[1]] if problem]


# =============================================================================
# 2. The fight
# =============================================================================


ILLEGAL_SEQUENCE_CHOICES = ("insert_rests", "replace_routines")
_BLADE_ACTIONS = {"L", "S", "C", "R", "T", "P", "B", "OP1", "OP2", "OB1", "OB2"}
_PARRIES = {"P", "OP1", "OP2"}


@dataclass(frozen=True)
class Duellist:
    """One side of a duel, as the fight needs it (no Character, no ledger)."""

    name: str
    weapon: str = "rapier"
    strength: int = 10
    expertise: int = 10  # with that weapon
    endurance: int = 100  # now
    original_endurance: int = 100  # Constitution x Strength
    sequence: str | None = None  # as written; None: the default for his weapon
    conditions: tuple[str, ...] = ()


@dataclass
class _Routine:
    name: str
    actions: list[str]
    form: RoutineForm | None = None  # None: a rest or close the fight put in, or an optional routine
    mandatory: bool = False
    closes_before: int = 0
    performed: list[str] = field(default_factory=list)

    @property
    def attack(self) -> bool:
        return self.form.attack if self.form is not None else self.name in ATTACK_ROUTINES

    @property
    def short(self) -> bool:
        return self.form is not None and self.form.short and self.actions == ["X", "S"]


def _routine(form: RoutineForm) -> _Routine:
    actions = list(form.actions)
    if form.flexible:
        actions = ["X", "X", "S"]  # shortened when it begins, if it may be
    return _Routine(form.name, actions, form)


class _Fighter:
    def __init__(self, tables: DuelTables, d: Duellist) -> None:
        self.tables = tables
        self.name = d.name
        self.weapon = normalise_weapon(d.weapon)
        self.notes: list[str] = []
        if self.weapon not in tables.weapons:
            self.notes.append(f"there is no weapon called {d.weapon!r}: he fought with the rapier")
            self.weapon = "rapier"
        self.strength = d.strength
        self.expertise = d.expertise
        self.endurance = d.endurance
        self.original = d.original_endurance
        self.broken = False
        self.unarmed = False
        self.last_action: str | None = None
        self.queue: list[_Routine] = []
        self.current: _Routine | None = None
        self.pos = 0
        self.done: list[_Routine] = []
        self.next_window = 1
        self.window_len = tables.sequence_turns
        self.surrendered = False
        self.used_default = False
        self.sequence = d.sequence
        self.conditions: list[Condition] = []
        for text in d.conditions:
            cond, problem = parse_condition(tables, text)
            if cond is None:
                self.notes.append(f"condition not followed: {problem}")
            else:
                self.conditions.append(cond)
        self.plan = self._plan()
        self.plan_i = 0

    def _plan(self) -> list[RoutineForm]:
        text = (self.sequence or "").strip()
        default = self.tables.default_sequences[self.weapon]
        if not text:
            self.notes.append(f"he wrote no duelling sequence, so he fought the default sequence for the "
                              f"{self.weapon}: {default}")
            self.used_default = True
            self.sequence = default
            return [r.form for r in plan_sequence(self.tables, default, self.weapon)[0]]
        routines, problems = plan_sequence(self.tables, text, self.weapon)
        if not routines:
            self.notes.append("his sequence could not be fought as written (" + "; ".join(problems)
                              + f"), so he fought the default sequence for the {self.weapon}: {default}")
            self.used_default = True
            self.sequence = default
            return [r.form for r in plan_sequence(self.tables, default, self.weapon)[0]]
        return [r.form for r in routines]

    # -- weapons ---------------------------------------------------------------
    @property
    def fighting_weapon(self) -> str | None:
        """What he fights with now: his weapon, a broken one as a dagger, or nothing."""
        if self.unarmed:
            return None
        return self.tables.broken_weapon_fights_as if self.broken else self.weapon

    def closes_needed(self, opponent: "_Fighter") -> int:
        if opponent.fighting_weapon == "two-handed sword":
            return self.tables.dagger_closes_against_two_handed
        return self.tables.dagger_closes

    def closes_run(self) -> int:
        n = 0
        for r in reversed(self.done):
            if r.name != "Close":
                break
            n += 1
        return n

    # -- the routines ------------------------------------------------------------
    def _refill(self) -> None:
        form = self.plan[self.plan_i % len(self.plan)]
        self.plan_i += 1
        self.queue.append(_routine(form))

    def _peek(self, i: int) -> _Routine:
        while len(self.queue) <= i:
            self._refill()
        return self.queue[i]

    def remaining(self) -> int:
        if self.current is None:
            return 0
        return len(self.current.actions) - self.pos

    def start_window(self, t: int, opponent: "_Fighter", setting: str) -> None:
        """At the start of each of his sequences: the mandatory rests he owes."""
        n = self.window_len
        self.next_window = t + n
        self.window_len = self.tables.sequence_turns
        gap = self.tables.gap_rests(opponent.expertise - self.expertise)
        below = self.endurance < self.original * self.tables.wounded_rests_below
        wounded = self.tables.wounded_mandatory_rests if below else 0
        required = gap + wounded
        if not required:
            return
        why = []
        if gap:
            why.append(f"{gap} for Expertise {self.expertise} against {opponent.expertise}")
        if wounded:
            part = self.tables.wounded_rests_below
            why.append(f"{wounded} for Endurance {self.endurance}, below "
                       f"{'half' if part == Fraction(1, 2) else _fmt(part)} of {self.original}")
        # the routines that begin within turns t .. t+n-1
        p = t + self.remaining()
        window: list[int] = []
        i = 0
        while p < t + n:
            window.append(i)
            p += len(self._peek(i).actions)
            i += 1
        self._peek(i)
        eligible = [j for j in window if self.queue[j].name == "Rest" and not self.queue[j + 1].short]
        for j in eligible[:required]:
            self.queue[j].mandatory = True
        missing = required - len(eligible)
        if missing <= 0:
            return
        label = f"turns {t}-{t + n - 1}"
        owed = (f"{label}: he owed {required} mandatory rest routine{'s' if required > 1 else ''} "
                f"({'; '.join(why)}) and his sequence had {len(eligible)}")
        if setting == "replace_routines":
            replaced = []
            new: list[_Routine] = []
            for j, r in enumerate(self.queue):
                if missing > 0 and j in window and j not in eligible:
                    replaced.append(f"{r.name} ({' '.join(r.actions)})")
                    for _ in r.actions:
                        new.append(_Routine("Rest", ["X"], mandatory=missing > 0))
                        missing -= 1
                else:
                    new.append(r)
            self.queue = new
            self.notes.append(owed + ": the rules' rests replaced " + ", ".join(replaced))
        else:
            for _ in range(missing):
                self.queue.insert(0, _Routine("Rest", ["X"], mandatory=True))
            self.notes.append(owed + f": {missing} rest{'s were' if missing > 1 else ' was'} put in "
                              f"from turn {t + self.remaining()}, and the rest of his sequence moved on")

    def begin(self, t: int, opponent: "_Fighter") -> None:
        """Take up the next routine (``fight`` has put the one before, if finished, in ``done``)."""
        if self.current is not None:
            return
        r = self._peek(0)
        self.queue.pop(0)
        prev = self.done[-1] if self.done else None
        may_shorten = prev is not None and prev.performed[-1:] == ["X"] and not prev.mandatory
        if r.form is not None and r.form.flexible and may_shorten:
            r.actions = ["X", "S"]
        elif r.form is not None and r.form.short and not may_shorten:
            r.actions = ["X", "X", "S"]
            why = "after a mandatory rest" if prev is not None and prev.mandatory else \
                "except straight after a routine that ended in a rest"
            self.notes.append(f"turn {t}: a slash may not be shortened to X-S {why}: he slashed X-X-S")
        if self.fighting_weapon == "dagger" and r.attack and self.closes_run() < self.closes_needed(opponent):
            need = self.closes_needed(opponent) - self.closes_run()
            attack_name = r.name
            self.queue.insert(0, r)
            for _ in range(need - 1):
                self.queue.insert(0, _Routine("Close", ["CL"]))
            r = _Routine("Close", ["CL"])
            against = " against a two-handed sword" if self.closes_needed(opponent) == 2 else ""
            what = "his broken blade (fought as a dagger)" if self.broken else "a dagger"
            self.notes.append(f"turn {t}: with {what}{against} he must close before each attack: "
                              f"{need} close routine{'s' if need > 1 else ''} put in before his {attack_name}")
        r.closes_before = self.closes_run()
        self.current = r
        self.pos = 0

    def riposte_allowed(self, opponent: "_Fighter", parry: _Routine | None) -> bool:
        """"The riposte may only be used if the riposting player parried his
        opponent's lunge in the previous turn. A riposte is not allowed after
        an optional parry."  A dagger must have closed before the parry."""
        if self.unarmed or self.last_action != "P" or opponent.last_action != "L":
            return False
        if self.fighting_weapon == "dagger" and parry is not None:
            return parry.closes_before >= self.closes_needed(opponent)
        return True

    def substitute(self, name: str, t: int, why: str) -> None:
        """Optional Routines: the rest of the written routine is cancelled; a
        shorter optional routine is made up with rests, a longer one moves the
        routines after it on."""
        actions = list(_OPTIONAL_ACTIONS[name])
        fill = max(0, self.remaining() - len(actions))
        self.current = _Routine(name, actions + ["X"] * fill)
        self.pos = 0
        self.notes.append(f"turn {t}: {why}: {name} ({' '.join(actions)})"
                          + (f", made up with {fill} rest{'s' if fill > 1 else ''}" if fill else ""))

    def choose(self, t: int, opponent: "_Fighter") -> tuple[str, str]:
        """His action this turn (after any optional routine), and its routine."""
        cur = self.current
        assert cur is not None
        for cond in self.conditions:
            if cond.routine == "Optional Surrender" and cond.triggered(self, opponent):
                # "The surrender routine may be performed at any time."
                self.substitute("Optional Surrender", t, f"by his condition '{cond.text}'")
                break
        else:
            performed = cur.actions[: self.pos]
            # (an optional routine begins with its own action, never a rest: none is free in its course)
            free = not cur.mandatory and all(a == "X" for a in performed)
            for cond in self.conditions if free else ():
                if cond.routine == "Riposte":
                    parry = self.done[-1] if self.done else None
                    if self.pos == 0 and self.riposte_allowed(opponent, parry):
                        self.substitute("Riposte", t, "he parried a lunge, and ripostes by his condition")
                        break
                elif not self.unarmed and cond.triggered(self, opponent):
                    self.substitute(cond.routine, t, f"by his condition '{cond.text}'")
                    break
        cur = self.current
        action = cur.actions[self.pos]
        self.pos += 1
        if action == "R" and cur.name == "Parry" and not self.riposte_allowed(opponent, cur):
            action = "X"
            self.notes.append(f"turn {t}: no riposte (only straight after parrying a lunge): he recovers (X)")
        if action == "T" and self.unarmed:
            action = "X"
            self.notes.append(f"turn {t}: nothing left to throw: he rests (X)")
        cur.performed.append(action)
        if action == "Sur":
            self.surrendered = True
        return action, cur.name


def damage(tables: DuelTables, attack: str, defence: str, strength: int, weapon: str = "rapier") -> int:
    """Inflicting Damage: "cross-index the attacker's action with the defender's
    on Duelling Table B. Multiply the result by the attacker's Strength", then
    by Duelling Table C for his weapon and attack (fractions of a point dropped).

    >>> damage(DuelTables(), "L", "X", 10, "sabre")  # Porthos lunges with a sabre while Cyrano rests
    10
    """
    return _damage_parts(tables, attack, defence if defence in tables.duelling_table_b["L"] else "X", strength,
                         normalise_weapon(weapon))[2]


def _damage_parts(tables: DuelTables, attack: str, column: str, strength: int,
                  weapon: str | None) -> tuple[int | None, Fraction, int]:
    """(Table B, Table C, damage); Table B None is its "-" (no damage).  A
    disarmed man (weapon None) kicks at Table C's 1."""
    b = tables.duelling_table_b[attack][column]
    multiplier = tables.duelling_table_c[weapon][attack] if weapon else Fraction(1)
    if b is None or multiplier is None:
        return b, multiplier, 0
    return b, multiplier, floor(b * strength * multiplier)


def _column(action: str, defender: _Fighter) -> str:
    """The defender's column of Duelling Table B.  A riposte or a surrender is
    met as a rest (the table has no column for them); a disarmed man's blade
    actions are rests."""
    if defender.unarmed and action not in ("K", "JB", "CL"):
        return "X"
    return action if action in defender.tables.duelling_table_b["L"] else "X"


@dataclass
class _Strike:
    damage: int = 0  # a throw that kills outright deals his whole Endurance
    table_b: int | None = None
    threw: bool = False
    note: str = ""
    remark: bool = False  # worth a line in the record even without damage
    told: str = ""  # the note as the man struck saw it (without the attacker's Strength), if not ``note``


def _strike(att: _Fighter, action: str, dfn: _Fighter, d_action: str, dice: Dice, t: int) -> _Strike:
    tables = att.tables
    if action not in tables.attacks:
        return _Strike()
    if att.unarmed and action != "K":
        return _Strike(note=f"{att.name} is disarmed: his {tables.duelling_table_a_actions[action].lower()} "
                            "does nothing", remark=True)
    col = _column(d_action, dfn)
    if action == "T":
        thrown = tables.broken_weapon_throws_as if att.broken else att.weapon
        if tables.duelling_table_c[thrown]["T"] is None:
            roll = dice.roll(2, f"duel {att.name} v {dfn.name}, turn {t}: {att.name} throws his {thrown}: "
                                f"a 2 on two dice kills outright")
            if roll == tables.throw_kills_on_two_dice:
                return _Strike(dfn.endurance, None, True,
                               f"{att.name} throws his {thrown} ({roll}): {dfn.name} is killed outright")
            return _Strike(0, None, True, f"{att.name} throws his {thrown} ({roll}) and misses")
        hits_on = tables.dagger_throw_hits_on if thrown == "dagger" else tables.throw_hits_on
        roll = dice.d6(f"duel {att.name} v {dfn.name}, turn {t}: {att.name} throws his "
                       f"{'broken weapon' if att.broken else thrown}: hits on 1-{hits_on}")
        if roll > hits_on:
            return _Strike(0, None, True, f"{att.name} throws ({roll}) and misses")
        b, multiplier, dealt = _damage_parts(tables, "T", col, att.strength, thrown)
        return _Strike(dealt, b, True, f"{att.name} throws ({roll}) and hits: {b} x {att.strength} x "
                                               f"{_fmt(multiplier)} = {dealt}",
                       told=f"{att.name} throws ({roll}) and hits: {dealt}")
    # Table B's "-" (its riposte row) is never met here: a riposte is allowed only the turn after the
    # opponent's lunge, and every routine with a lunge goes on with a rest (a surrender, the only
    # routine that may cut in, is met as a rest).
    b, multiplier, dealt = _damage_parts(tables, action, col, att.strength, att.fighting_weapon)
    return _Strike(dealt, b, False,
                   f"{att.name}: {action} v {col} = {b} x {att.strength} x {_fmt(multiplier)} = {dealt}",
                   told=f"{att.name}: {action} v {col} = {dealt}")


def _fmt(m: Fraction) -> str:
    # Never Table C's "*" (none): that is the cutlass's and the two-handed sword's throw only, which a
    # campaign cannot change, and such a throw is rolled on two dice before a multiplier is read.
    return str(m.numerator) if m.denominator == 1 else f"{m.numerator}/{m.denominator}"




def share(m: Fraction) -> str:
    """A part of a whole as the rules say it: "half" (his Endurance), else "1/3 of"."""
    return "half" if m == Fraction(1, 2) else f"{_fmt(m)} of"


def _breakage(att: _Fighter, action: str, strike: _Strike, dfn: _Fighter, d_action: str,
              dice: Dice, t: int) -> str:
    """Weapons Breakage: an attack wholly stopped (0 on Table B) may break the
    defender's blade: the attacker's weapon number less the defender's, one
    less if he parried, or less on one die.  Not after a jump back."""
    tables = att.tables
    # (A throw is never stopped: Table B's throw row has no 0; a disarmed man's column is a rest's,
    # a kick's, a close's or a jump back's, and only the jump back stops an attack.)
    if action not in tables.attacks or strike.table_b != 0 or att.unarmed or d_action == "JB":
        return ""
    weapons = tables.weapons
    chance = (weapons[att.fighting_weapon] - weapons[dfn.fighting_weapon]
              - (tables.breakage_parry_less if d_action in _PARRIES else 0))
    if chance < 1:
        return ""
    roll = dice.d6(f"duel {att.name} v {dfn.name}, turn {t}: does {dfn.name}'s "
                   f"{'broken blade' if dfn.broken else dfn.weapon} break? ({chance} or less)")
    if roll > chance:
        return f"{dfn.name}'s blade holds ({roll}; broke on {chance} or less)"
    if dfn.broken or dfn.weapon == "dagger":  # a stump breaks, or a dagger: nothing left
        dfn.unarmed = True
        return f"{dfn.name}'s {'broken blade' if dfn.broken else 'dagger'} breaks ({roll}): he is disarmed"
    dfn.broken = True
    return f"{dfn.name}'s {dfn.weapon} breaks ({roll}): he fights on with the stump as a dagger"


@dataclass
class DuelRecord:
    """A whole duel, turn by turn; ``to_dict`` is JSON-safe (an event's data).

    Lists of two are [challenger, defender].  Each turn: its number, both
    actions, both routines, the damage each took, the Endurance each has after
    it, what happened besides (throws, breakage, corrections: ``notes``, the GM's),
    and of that what each man saw (``seen``, a list for each: his private report's).
    """

    names: list[str]
    weapons: list[str]
    strength: list[int]
    expertise: list[int]
    endurance_start: list[int]
    endurance_original: list[int]
    advantage: str | None
    sequences: list[str]
    default_sequence: list[bool]
    conditions: list[list[str]]
    mandatory_rests: list[int]
    turns: list[dict] = field(default_factory=list)
    notes: list[list[str]] = field(default_factory=lambda: [[], []])
    winner: str | None = None
    loser: str | None = None
    killed: list[str] = field(default_factory=list)
    surrendered: list[str] = field(default_factory=list)
    end: str = ""  # "killed", "surrender", "parted" (the turn limit)
    endurance_end: list[int] = field(default_factory=list)
    broken: list[bool] = field(default_factory=lambda: [False, False])
    disarmed: list[bool] = field(default_factory=lambda: [False, False])

    @property
    def loss(self) -> list[int]:
        return [a - b for a, b in zip(self.endurance_start, self.endurance_end)]

    def to_dict(self) -> dict:
        data = {k: v for k, v in self.__dict__.items()}
        data["loss"] = self.loss
        data["blows"] = self.blows
        data["decisive"] = self.decisive
        return data

    @property
    def blows(self) -> list[int]:
        """How many blows each man landed (turns in which his opponent took damage): the
        gazette's count of the fight."""
        return [sum(1 for t in self.turns if t["damage"][1 - i] > 0) for i in (0, 1)]

    @property
    def decisive(self) -> dict | None:
        """The exchange the gazette tells (the public part of the record; the whole fight stays
        in the two men's reports): the turn that killed, the last blow the man who yielded took
        (else the turn he yielded), or, when the seconds parted them, the heaviest blow; None
        when no blow was struck and nobody died or yielded.  ``actions`` are Duelling Table A's
        codes and ``damage`` what each took, [challenger, defender], as in ``turns``."""
        if not self.turns:
            return None
        chosen = None
        if self.end == "killed":
            chosen = self.turns[-1]
        elif self.end == "surrender":
            hurt = [self.side(n) for n in self.surrendered]
            chosen = next((t for t in reversed(self.turns) if any(t["damage"][i] for i in hurt)), self.turns[-1])
        else:
            struck = [t for t in self.turns if any(t["damage"])]
            chosen = max(struck, key=lambda t: max(t["damage"])) if struck else None
        if chosen is None:
            return None
        return {"turn": chosen["turn"], "actions": list(chosen["actions"]), "damage": list(chosen["damage"])}

    def side(self, name: str) -> int:
        return self.names.index(name)


def fight(tables: DuelTables, a: Duellist, b: Duellist, dice: Dice, turn_limit: int | None = None) -> DuelRecord:
    """Fight a duel between ``a`` (the challenger) and ``b``; pure: dice in, record out.

    Each turn both act at once: the damage each takes is Duelling Table B (his
    opponent's attack against his action) x the attacker's Strength x Duelling
    Table C (the attacker's weapon and attack), fractions dropped.  The duel
    ends when a man's Endurance reaches zero or below (he is dead), after the
    turn in which a man surrenders, or, not in the rules, after ``turn_limit``
    turns (the seconds part them; no winner; None: the tables' ``duel_turn_limit``).
    A sequence short of its mandatory rests is corrected as the tables'
    ``illegal_sequence`` setting says.
    """
    illegal_sequence = tables.illegal_sequence
    if illegal_sequence not in ILLEGAL_SEQUENCE_CHOICES:
        raise ValueError(f"illegal_sequence must be one of {ILLEGAL_SEQUENCE_CHOICES}")
    if turn_limit is None:
        turn_limit = tables.duel_turn_limit
    fa, fb = _Fighter(tables, a), _Fighter(tables, b)
    fighters = (fa, fb)
    advantage = None
    if fa.expertise != fb.expertise:
        # "the player with the advantage writes his actions for a short
        # sequence of 6 turns, while his opponent writes a full sequence of 12"
        top = fa if fa.expertise > fb.expertise else fb
        top.window_len = tables.short_sequence_turns
        advantage = top.name
    record = DuelRecord(
        names=[fa.name, fb.name],
        weapons=[fa.weapon, fb.weapon],
        strength=[fa.strength, fb.strength],
        expertise=[fa.expertise, fb.expertise],
        endurance_start=[fa.endurance, fb.endurance],
        endurance_original=[fa.original, fb.original],
        advantage=advantage,
        sequences=[fa.sequence, fb.sequence],  # each his own or his weapon's default (``_plan``)
        default_sequence=[fa.used_default, fb.used_default],
        conditions=[list(a.conditions), list(b.conditions)],
        mandatory_rests=[tables.gap_rests(fb.expertise - fa.expertise),
                         tables.gap_rests(fa.expertise - fb.expertise)],
    )
    t = 0
    while True:
        t += 1
        notes_before = [len(fa.notes), len(fb.notes)]
        for f, o in ((fa, fb), (fb, fa)):
            if f.current is not None and f.pos >= len(f.current.actions):
                f.done.append(f.current)
                f.current = None
            if t == f.next_window:
                f.start_window(t, o, illegal_sequence)
            f.begin(t, o)
        act_a, routine_a = fa.choose(t, fb)
        act_b, routine_b = fb.choose(t, fa)
        hit_on_b = _strike(fa, act_a, fb, act_b, dice, t)
        hit_on_a = _strike(fb, act_b, fa, act_a, dice, t)
        # ``notes``: the whole turn, for the GM; ``seen``: what each man saw of it (his own
        # corrections and conditions, the blows both ways, but not his opponent's Strength, plan
        # or reasons), for his private report.
        notes: list[str] = []
        seen: list[list[str]] = [[], []]
        for s, side in ((hit_on_b, 0), (hit_on_a, 1)):
            if s.note and (s.damage or s.threw or s.remark):
                notes.append(s.note)
                seen[side].append(s.note)
                seen[1 - side].append(s.told or s.note)
        for s, f in ((hit_on_b, fa), (hit_on_a, fb)):
            if s.threw:
                f.unarmed = True  # "In either case the thrower is now unarmed."
        for text in (_breakage(fa, act_a, hit_on_b, fb, act_b, dice, t),
                     _breakage(fb, act_b, hit_on_a, fa, act_a, dice, t)):
            if text:
                notes.append(text)
                seen[0].append(text)
                seen[1].append(text)
        fa.endurance -= hit_on_a.damage
        fb.endurance -= hit_on_b.damage
        fa.last_action, fb.last_action = act_a, act_b
        for side, (f, before) in enumerate(zip(fighters, notes_before)):
            notes += [f"{f.name}: {n}" for n in f.notes[before:]]
            seen[side] += [f"{f.name}: {n}" for n in f.notes[before:]]
        record.turns.append({
            "turn": t,
            "actions": [act_a, act_b],
            "routines": [routine_a, routine_b],
            "damage": [hit_on_a.damage, hit_on_b.damage],
            "endurance": [fa.endurance, fb.endurance],
            "notes": notes,
            "seen": seen,
        })
        dead = [f for f in fighters if f.endurance <= 0]
        if dead:
            record.end = "killed"
            record.killed = [f.name for f in dead]
            if len(dead) == 1:
                # A dead man cannot win, even against one who surrendered that turn.
                record.loser = dead[0].name
                record.winner = (fb if dead[0] is fa else fa).name
            break
        yielded = [f for f in fighters if f.surrendered]
        if yielded:
            record.end = "surrender"
            record.surrendered = [f.name for f in yielded]
            if len(yielded) == 1:
                record.loser = yielded[0].name
                record.winner = (fb if yielded[0] is fa else fa).name
            break
        if t >= turn_limit:
            record.end = "parted"
            break
    record.endurance_end = [fa.endurance, fb.endurance]
    record.notes = [list(fa.notes), list(fb.notes)]
    record.broken = [fa.broken, fb.broken]
    record.disarmed = [fa.unarmed, fb.unarmed]
    return record


# =============================================================================
# 3. The month: cause, challenges, Duelling Table D, recovery, the trade
# =============================================================================


AWAY = ("on campaign",)  # states in which he is not in Paris to fight
# Where a week given to an affair of honour (a challenge, an answer) is spent: the whereabouts'
# key, and the place its duels are said to be fought.
FIELD = "the field of honour"
# Ledger counters (engarde.records): duel wounds still to recover, and what
# may be recovered the first week after a duel.
WOUNDS = "wounds.duel"
FIRST_WEEK = "recovery.first week"

# Turn.facts keys
_CHALLENGES = "duel.challenges"  # [(week, Challenge)]
_ANSWERS = "duel.answers"  # {challenger's name lower-cased or "": AnswerChallenge}
_CAUSES = "duel.causes"  # [(against, cause)] noted by other rules (note_cause)
_FOUGHT = "duel.weeks"  # weeks in which he fought
_INSULTED = "duel.insulted"  # the men he has insulted this month (an insult is given once)
# Turn.memo keys
_CAUGHT = "duel.caught"  # (events read, {lover: [EV_CAUGHT_COURTING events]})
_RELATIONS = "duel.relations"  # {(regiment, regiment): "friendly" | "enemy" | "neutral"}


def is_dead(ch: Character) -> bool:
    return ch.state == DEAD


def can_fight(ch: Character) -> bool:
    """Alive and in Paris."""
    return ch.state != DEAD and ch.state not in AWAY


def wounded(tables: DuelTables, ch: Character) -> bool:
    """"A player with less than 50% of his Endurance may decline a duel"."""
    return ch.endurance < ch.max_endurance * tables.may_decline_below


def _relation(turn: Turn, a: str | None, b: str | None) -> str:
    """``regiment_relation`` by the campaign's tables, each pair of regiments worked out once a month."""
    if not a or not b:
        return "neutral"
    known = turn.memo.setdefault(_RELATIONS, {})
    if (a, b) not in known:
        known[(a, b)] = regiment_relation(turn.tables.regiments, a, b)
    return known[(a, b)]


def regiment_relation(regiments: RegimentsTables, a: str | None, b: str | None) -> str:
    """"friendly", "enemy" or "neutral", by Regimental Table D (friends and enemies).

    Choices: two men of the same regiment are friendly; a man of no regiment is
    neutral to everyone.  (Regiments come from the g. Regiments rules; until a
    character joins one, every duel is with a "neutral".)
    """
    if not a or not b:
        return "neutral"
    na, nb = _regiment_key(a), _regiment_key(b)
    if na == nb:
        return "friendly"
    for x, y in ((na, nb), (nb, na)):
        for name, relations in regiments.regimental_table_d.items():
            if _regiment_key(name) != x:
                continue
            friend, enemy = relations.friend, relations.enemy
            if friend and _regiment_key(friend) == y:
                return "friendly"
            if enemy and _regiment_key(enemy) == y:
                return "enemy"
    return "neutral"


def _regiment_key(name: str) -> str:
    return normalise_name(name).replace("'", "").removesuffix(" regiment")


def is_noble(ch: Character) -> bool:
    """Born a nobleman, or titled since."""
    return ch.social_class == "nobleman" or bool(ch.title)


@dataclass(frozen=True)
class Cause:
    text: str
    holders: tuple[str, ...]  # whose honour it touches (who loses by not fighting)


def note_cause(turn: Turn, holder: str, against: str, cause: str) -> None:
    """For other rules: ``holder`` has cause for a duel with ``against`` this
    month (an indiscretion with his mistress, an insult to his regimental
    friend, ...).  It becomes a cause when they meet, and supports a challenge."""
    turn.fact(holder).setdefault(_CAUSES, []).append((against, cause))


def causes(turn: Turn, a: Character, b: Character, met: bool = True) -> list[Cause]:
    """The causes for a duel between ``a`` and ``b`` by Cause for duels.

    ``met``: they are in the same place (a noble's affront needs a meeting).
    """
    out: list[Cause] = []
    relation = _relation(turn, a.regiment, b.regiment)
    if relation == "enemy":
        out.append(Cause(f"the {a.regiment} and the {b.regiment} are unfriendly regiments", (a.name, b.name)))
    if met:
        for noble, other in ((a, b), (b, a)):
            if is_noble(noble) and not is_noble(other) and \
                    other.social_level - noble.social_level >= turn.tables.duel.noble_affront_levels:
                out.append(Cause(f"{noble.name}, a noble, met {other.name}, a non-noble "
                                 f"{other.social_level - noble.social_level} Social Levels above him",
                                 (noble.name,)))
    # "Two characters courting the same mistress": both went courting her this month.  Her
    # lover is not courting her: courting another's mistress is cause only "if discovered"
    # (caught: EV_CAUGHT_COURTING below, or the pending duel at her door).
    if courted_this_month(turn, a.name) & courted_this_month(turn, b.name):
        out.append(Cause("they court the same mistress", (a.name, b.name)))
    for holder, other in ((a, b), (b, a)):
        for against, text in turn.fact(holder.name).get(_CAUSES, []):
            if against == other.name:
                out.append(Cause(text, (holder.name,)))
        for ev in _caught(turn).get(holder.name, ()):
            if other.name in ev.characters:
                out.append(Cause(f"{other.name} was caught courting {holder.name}'s mistress",
                                 (holder.name,)))
    return out


def _caught(turn: Turn) -> dict[str, list]:
    """The month's EV_CAUGHT_COURTING events so far, by the lover, in the order they came: read
    once, the events added since the last call read on top (the month's events only grow)."""
    seen, index = turn.memo.get(_CAUGHT, (0, {}))
    for ev in turn.events[seen:]:
        if ev.code == EV_CAUGHT_COURTING:
            index.setdefault(ev.data.get("lover"), []).append(ev)
    turn.memo[_CAUGHT] = (len(turn.events), index)
    return index


def _possible_causes(turn: Turn, names: list[str], rulings: dict[frozenset, bool]) -> list[tuple[str, str]]:
    """The pairs of ``names`` (men in one place) who may have cause for a duel, as
    ``combinations(names, 2)`` would give them and in its order: every pair for which
    ``causes`` can find one (the same regiment of an enemy's, a noble and a non-noble, the
    same mistress courted, a cause noted, a suitor caught) or the GM ruled there is cause.
    The others meet without consequence, and are not looked at one by one."""
    here = {n: i for i, n in enumerate(names)}
    people = {n: turn.characters[n] for n in names if n in turn.characters}
    pairs: set[tuple[int, int]] = set()

    def add(a: str, b: str) -> None:
        if a != b and a in here and b in here:
            i, j = here[a], here[b]
            pairs.add((i, j) if i < j else (j, i))

    by_regiment: dict[str, list[str]] = {}
    for n, ch in people.items():
        if ch.regiment:
            by_regiment.setdefault(ch.regiment, []).append(n)
    for r1, r2 in combinations(by_regiment, 2):
        if _relation(turn, r1, r2) == "enemy":
            for a in by_regiment[r1]:
                for b in by_regiment[r2]:
                    add(a, b)
    nobles = [n for n, ch in people.items() if is_noble(ch)]
    if nobles:
        for a in nobles:
            for b, ch in people.items():
                if not is_noble(ch):
                    add(a, b)
    suitors: dict[int, list[str]] = {}
    for n in people:
        for number in courted_this_month(turn, n):
            suitors.setdefault(number, []).append(n)
    for group in suitors.values():
        for a, b in combinations(group, 2):
            add(a, b)
    caught = _caught(turn)
    for n in people:
        for against, _ in turn.fact(n).get(_CAUSES, []):
            add(n, against)
        for ev in caught.get(n, ()):
            for other in ev.characters:
                add(n, other)
    for pair, ruled in rulings.items():
        if ruled and len(pair) == 2:
            add(*pair)
    return [(names[i], names[j]) for i, j in sorted(pairs)]


def cause_by_vote(votes: Iterable[bool]) -> bool:
    """The players' vote on cause (True: a vote that there is cause): "a unanimous vote of all
    players not involved being required to decide that there is no cause".  There is no cause
    only when every vote says so; one vote for cause keeps it.  At least one vote: the CLI's
    ``read_votes`` refuses none."""
    return any(votes)


# -- orders ------------------------------------------------------------------------


def challenge(turn: Turn, ch: Character, order: Challenge, week: int) -> None:
    """A week's challenge: fought (or refused) after the week's actions."""
    opponent = _find(turn, order.opponent)
    why = None
    if opponent is None:
        why = f"there is no gentleman called {order.opponent!r}"
    elif opponent.name == ch.name:
        why = "a man cannot challenge himself"
    elif not can_fight(opponent):
        why = f"{opponent.name} is {opponent.state}"  # dead, or away (AWAY)
    if why:
        turn.event(EV_ORDER_REFUSED, week, ch.name, public=False, order=order.describe(), reason=why)
        return
    turn.be_at(week, FIELD, ch.name)
    turn.fact(ch.name).setdefault(_CHALLENGES, []).append((week, order, opponent.name))


def note_answers(turn: Turn, name: str, orders: Iterable[Order]) -> None:
    """Month start: his answers to challenges, from any week of his sheet
    (a challenge may come in an earlier week than the one he wrote it for)."""
    for order in orders:
        if isinstance(order, AnswerChallenge):
            turn.fact(name).setdefault(_ANSWERS, {})[order.challenger.strip().lower()] = order


def answer(turn: Turn, ch: Character, order: AnswerChallenge, week: int) -> None:
    """A week given to answering a challenge: the answer stands all month (``note_answers`` noted it
    at the month's start, from any week of his sheet); he waits on the field."""
    turn.be_at(week, FIELD, ch.name)
    turn.event(EV_DUEL_ANSWER, week, ch.name, public=False, answer=order.describe())


def _find(turn: Turn, name: str) -> Character | None:
    if name in turn.characters:
        return turn.characters[name]
    key = " ".join(name.lower().split())
    return next((c for n, c in turn.characters.items() if n.lower() == key), None)


def give_insults(turn: Turn, week: int) -> None:
    """The month's insults ("Insult Athos"), each given the first week the two are in the same
    place (as a duel needs: "When two characters are in the same place"), before the week's
    duels; insulters in name order."""
    for name in sorted(turn.characters):
        sheet = turn.sheet(name)
        ch = turn.characters[name]
        if sheet is None or not can_fight(ch):
            continue
        given = turn.fact(name).setdefault(_INSULTED, [])
        for target in sheet.monthly.of(TradeOrders).insult:
            other = _find(turn, target)
            if other is None or other.name == name or other.name in given or not can_fight(other):
                continue
            place = next((p for p in turn.together(week, name, other.name) if not p.startswith("mistress:")), None)
            if place is not None:
                insult(turn, ch, other, place, week)
                given.append(other.name)


def insult(turn: Turn, ch: Character, other: Character, place: str, week: int) -> list[str]:
    """``ch`` insults ``other`` at ``place``.  Cause for a duel with ``ch``: "Insulting a
    regimental friend of a character" gives it to every man of a regiment friendly to
    ``other``'s (Regimental Table D; his own regiment counts), and the insulted man has it
    himself.  Returns the regimental friends who have cause."""
    note_cause(turn, other.name, ch.name, f"{ch.name} insulted him")
    friends = []
    for name in sorted(turn.characters):
        friend = turn.characters[name]
        if name in (ch.name, other.name) or is_dead(friend):
            continue
        if _relation(turn, friend.regiment, other.regiment) == "friendly":
            note_cause(turn, name, ch.name, f"{ch.name} insulted {other.name}, a regimental friend ({other.regiment})")
            friends.append(name)
    turn.event(EV_INSULT, week, (ch.name, other.name, *friends), public=True, place=place, friends=friends)
    return friends


# -- the week's duels ------------------------------------------------------------------


def resolve_week(turn: Turn, week: int, rulings: dict[frozenset, bool] | None = None) -> None:
    """After the week's actions: every duel of the week, in a fixed order.

    1. the duels other rules require (``turn.pending_duels`` of this week:
       rival suitors, a lover finding a suitor at the door), in their order;
    2. challenges from this week's orders, challengers in name order;
    3. meetings with cause: two men in the same place this week (a club, the
       bawdyhouse, ...; a mistress's door is the mistresses rules' business),
       places and pairs in the order they came.
    A pair settles at most one affair a week.  ``rulings``: the GM's rulings
    on cause, by the pair's names (True: there is cause; False: there is none).
    """
    rulings = rulings or {}
    done: set[frozenset] = set()
    for pd in [p for p in turn.pending_duels if p.week == week]:
        _affair(turn, week, pd.challenger, pd.defender, pd.cause, pd.place, pd.weapon, "required", rulings, done)
    for name in sorted(turn.characters):
        for w, order, opponent in turn.fact(name).get(_CHALLENGES, []):
            # a pair that has fought this week met: its challenge is settled, not unmet
            if w == week and frozenset((name, opponent)) not in done and _met(turn, week, name, opponent, order):
                _affair(turn, week, name, opponent, order.cause, FIELD, order.weapon, "challenge", rulings, done)
    for place, names in list(turn.whereabouts.get(week, {}).items()):
        if place.startswith("mistress:") or place == FIELD:
            continue  # a lady's door is the mistresses rules'; the field's affairs are the challenges
        for a, b in _possible_causes(turn, list(names), rulings):
            if frozenset((a, b)) not in done and a in turn.characters and b in turn.characters:
                _meeting(turn, week, place, a, b, rulings, done)


def _met(turn: Turn, week: int, challenger: str, defender: str, order: Challenge) -> bool:
    """Is a week's challenge delivered?  "When two characters are in the same place (that is,
    performing the same activity), a duel may take place": with the campaign's ``challenges``
    "same_place" (the book), only if the challenged man is on the field that week too (he gave
    the week to answering a challenge, or to challenging the challenger: "The negotiation period
    is necessary to allow players to arrange for duels"); otherwise the challenge goes unmet and
    both are told.  With "anywhere", wherever he is."""
    if turn.tables.duel.challenges == "anywhere" or turn.is_at(week, FIELD, defender):
        return True
    if defender in turn.characters and can_fight(turn.characters[defender]):
        turn.event(EV_CHALLENGE_UNMET, week, (challenger, defender), public=False, challenge=order.describe())
    return False


def _ruling(rulings: dict[frozenset, bool], a: str, b: str) -> bool | None:
    return rulings.get(frozenset((a, b)))


def _will_fight(turn: Turn, ch: Character, challenger: str | None = None) -> tuple[bool, str, str | None]:
    """(fights?, why, weapon): his answer, else his standing order, else the
    rules' default: a gentleman fights, unless under half his Endurance."""
    answers = turn.fact(ch.name).get(_ANSWERS, {})
    ans = answers.get((challenger or "").lower()) or answers.get("")
    if challenger is not None and ans is not None:
        return ans.accept, "his answer to the challenge", ans.weapon
    standing = turn.standing_orders(ch.name).of(DuelStanding)
    if standing.if_challenged == "accept":
        return True, "his standing orders", None
    if standing.if_challenged == "refuse":
        return False, "his standing orders", None
    if wounded(turn.tables.duel, ch):
        part = share(turn.tables.duel.may_decline_below)
        return False, f"he is under {part} his Endurance and declines, as is his right", None
    return True, "a gentleman's honour", None


def _weapon(turn: Turn, ch: Character, given: str | None) -> str:
    weapon = normalise_weapon(given or turn.standing_orders(ch.name).of(DuelStanding).duel_weapon)
    return weapon if weapon in turn.tables.duel.weapons else "rapier"


def _affair(turn: Turn, week: int, challenger: str, defender: str, cause: str, place: str,
            weapon: str | None, kind: str, rulings: dict[frozenset, bool], done: set[frozenset]) -> None:
    """One challenge ("challenge" from orders, "required" by other rules, or
    "meeting" from a meeting with cause): cause, the answer, the fight."""
    pair = frozenset((challenger, defender))
    if pair in done or challenger not in turn.characters or defender not in turn.characters:
        return
    a, b = turn.characters[challenger], turn.characters[defender]
    if not (can_fight(a) and can_fight(b)):
        return
    tables = turn.tables.duel
    done.add(pair)
    ruling = _ruling(rulings, challenger, defender)
    found = causes(turn, a, b, met=kind != "challenge" or bool(_places(turn, week, a.name, b.name)))
    if ruling is not None:
        sufficient, judged = ruling, "the GM ruled " + ("that there is cause" if ruling else "that there is no cause")
    elif kind != "challenge":
        sufficient, judged = True, "cause by the rules"
    elif found:
        sufficient, judged = True, "cause by the rules: " + "; ".join(c.text for c in found)
    elif cause.strip():
        # "a unanimous vote of all players not involved being required to
        # decide that there is no cause": a stated cause stands until the GM rules.
        sufficient, judged = True, "the cause he gave stands unless the GM rules otherwise"
    else:
        sufficient, judged = False, "he gave no cause and the rules find none"
    cause = cause.strip() or "; ".join(c.text for c in found) or "none given"
    if not sufficient:
        if kind == "challenge":
            turn.post(a, "status_points", tables.duelling_table_d["challenge_without_cause"], week,
                      f"challenged {b.name} with insufficient cause ({judged})", RULE_TABLE_D)
        turn.event(EV_DUEL_NO_CAUSE, week, (a.name, b.name), public=True, cause=cause, judged=judged,
                   kind=kind, status=tables.duelling_table_d["challenge_without_cause"] if kind == "challenge" else 0)
        if kind != "challenge":
            return  # the GM ruled there is no cause: no affair at all
    accepts, why, answer_weapon = _will_fight(turn, b, a.name)
    if kind == "required" and not accepts and not wounded(tables, b):
        accepts, why = True, "the rules require it"
    if not accepts:
        lawful = wounded(tables, b)
        lost = gained = 0
        if sufficient and not lawful:
            divisor = tables.refusal_sl_divisor
            lost = b.social_level // divisor
            turn.post(b, "status_points", -lost, week,
                      f"refused {a.name}'s challenge, which has cause ({cause}): "
                      f"{share(Fraction(1, divisor))} his Social Level", RULE_TABLE_D)
            gained = tables.duelling_table_d["opponent_refused"]
            turn.post(a, "status_points", gained, week,
                      f"{b.name} refused his challenge, which has cause", RULE_TABLE_D)
        turn.event(EV_DUEL_REFUSED, week, (a.name, b.name), public=True, challenger=a.name, refused_by=b.name,
                   cause=cause, why=why, wounded=lawful, lost=lost, gained=gained, place=place)
        return
    weapons = (_weapon(turn, a, weapon), _weapon(turn, b, answer_weapon))
    _duel(turn, week, a, b, weapons, cause, place, kind)


def _places(turn: Turn, week: int, a: str, b: str) -> set[str]:
    return set(turn.together(week, a, b))


def _meeting(turn: Turn, week: int, place: str, a_name: str, b_name: str,
             rulings: dict[frozenset, bool], done: set[frozenset]) -> None:
    """Two men in the same place: if there is cause, a challenge, or the loss of
    "Status Points equal in number to half his current Social Level" for each
    man with cause who does not fight (a wounded man excepted)."""
    a, b = turn.characters[a_name], turn.characters[b_name]
    if not (can_fight(a) and can_fight(b)):
        return
    ruling = _ruling(rulings, a_name, b_name)
    if ruling is False:
        return
    found = causes(turn, a, b, met=True)
    if ruling and not found:
        found = [Cause("the GM ruled that there is cause", (a_name, b_name))]
    if not found:
        return
    holders = [n for n in (a_name, b_name) if any(n in c.holders for c in found)]
    text = "; ".join(c.text for c in found)
    for h in holders:
        other = b_name if h == a_name else a_name
        if _will_fight(turn, turn.characters[h], other)[0]:
            _affair(turn, week, h, other, text, place, None, "meeting", rulings, done)
            return
    done.add(frozenset((a_name, b_name)))
    tables = turn.tables.duel
    divisor = tables.cause_ignored_sl_divisor
    for h in holders:
        ch = turn.characters[h]
        lost = 0 if wounded(tables, ch) else ch.social_level // divisor
        if lost:
            turn.post(ch, "status_points", -lost, week,
                      f"had cause ({text}) and opportunity ({place}) to fight {b_name if h == a_name else a_name} "
                      f"and did not: {share(Fraction(1, divisor))} his Social Level", RULE_CAUSE)
        turn.event(EV_DUEL_CAUSE_IGNORED, week, (h, b_name if h == a_name else a_name), public=True,
                   cause=text, place=place, lost=lost, wounded=wounded(tables, ch))


def _duel(turn: Turn, week: int, a: Character, b: Character, weapons: tuple[str, str], cause: str,
          place: str, kind: str) -> DuelRecord:
    tables = turn.tables.duel
    sides = (a, b)
    wounded_at_start = [wounded(tables, a), wounded(tables, b)]
    duellists = [
        Duellist(ch.name, w, ch.strength, ch.expertise_with(w), ch.endurance, ch.max_endurance,
                 turn.standing_orders(ch.name).of(DuelStanding).duel_sequence,
                 tuple(turn.standing_orders(ch.name).of(DuelStanding).duel_conditions))
        for ch, w in zip(sides, weapons)
    ]
    record = fight(tables, duellists[0], duellists[1], turn.dice)
    changes: list[dict] = []

    def post(ch: Character, fieldname: str, delta: int, reason: str, rule: str) -> None:
        if delta:
            turn.post(ch, fieldname, delta, week, reason, rule)
            changes.append({"name": ch.name, "field": fieldname, "delta": delta, "reason": reason})

    for i, ch in enumerate(sides):
        other = sides[1 - i]
        loss = record.loss[i]
        post(ch, "endurance", -loss, f"wounds in his duel with {other.name} ({len(record.turns)} turns)",
             RULE_DAMAGE)
        turn.fact(ch.name).setdefault(_FOUGHT, []).append(week)
        if ch.name in record.killed:
            turn.assign(ch, "state", DEAD, week, f"killed in a duel with {other.name}: "
                        "\"If a player's Endurance reaches zero or below, he is dead.\"", RULE_DAMAGE)
            changes.append({"name": ch.name, "field": "state", "delta": 0, "reason": "killed"})
            continue
        if wounded_at_start[i]:
            post(ch, "status_points", tables.wounded_accepts_status,
                 f"fought {other.name} while under {share(tables.may_decline_below)} his Endurance", RULE_RECOVERY)
        if loss > 0:
            divisor = tables.first_week_recovery_divisor
            post(ch, WOUNDS, loss, f"wounds to recover from his duel with {other.name}", RULE_RECOVERY)
            post(ch, FIRST_WEEK, loss // divisor,
                 f"{share(Fraction(1, divisor))} the {loss} Endurance lost to {other.name} may be recovered "
                 "the first week after", RULE_RECOVERY)
    if record.winner is not None:
        w = turn.characters[record.winner]
        loser = turn.characters[record.loser]
        wi = record.side(w.name)
        relation = _relation(turn, w.regiment, loser.regiment)
        post(w, "status_points", tables.duelling_table_d[f"win_{relation}"],
             f"won his duel with {loser.name}, of a{'n' if relation == 'enemy' else ''} {relation} regiment"
             if loser.regiment else f"won his duel with {loser.name} (no regiment: neutral)", RULE_TABLE_D)
        post(w, f"expertise.{record.weapons[wi]}", tables.winner_expertise,
             f"won his duel with {loser.name}: \"The winner of a duel increases his Expertise by one.\"",
             RULE_TABLE_D)
        if loser.name in record.killed:
            post(w, "status_points", tables.duelling_table_d["kill"], f"killed {loser.name} in a duel", RULE_TABLE_D)
        elif relation == "enemy":
            post(loser, "status_points", tables.duelling_table_d["lose_enemy"],
                 f"lost his duel with {w.name}, of an enemy regiment", RULE_TABLE_D)
    data = record.to_dict()
    data.update(cause=cause, place=place, kind=kind, changes=changes)
    turn.event(EV_DUEL, week, (a.name, b.name), public=True, **data)
    for name in record.killed:
        other = b.name if name == a.name else a.name
        turn.event(EV_DUEL_DEATH, week, (name, other), public=True, killed_by=other if other not in
                   record.killed else None, place=place)
    return record


# -- recovery and the trade -------------------------------------------------------------


def recover(turn: Turn, week: int) -> None:
    """Recovery, at the end of each week (after its duels): "One half of the
    Endurance points lost in a duel may be recovered the first week after the
    duel. Each week thereafter, Endurance points equal to the character's
    Constitution may be recovered."  Not in the week of the duel itself."""
    tables = turn.tables.duel
    for name in sorted(turn.characters):
        ch = turn.characters[name]
        owed = ch.get(WOUNDS)
        if is_dead(ch) or owed <= 0 or week in turn.fact(name).get(_FOUGHT, []):
            continue
        first = ch.get(FIRST_WEEK)
        if first:
            gain = min(first, owed)
            part = share(Fraction(1, tables.first_week_recovery_divisor))
            reason = f"the first week after his duel: {part} the Endurance he lost"
            turn.post(ch, FIRST_WEEK, -first, week, reason, RULE_RECOVERY)
        else:
            per = tables.recovery_per_constitution
            gain = min(per * ch.constitution, owed)
            times = "" if per == 1 else f"{per} x "
            reason = f"a week's recovery: Endurance equal to {times}his Constitution ({ch.constitution})"
        turn.post(ch, "endurance", gain, week, reason, RULE_RECOVERY)
        turn.post(ch, WOUNDS, -gain, week, reason, RULE_RECOVERY)
        turn.event(EV_DUEL_RECOVERY, week, name, public=False, gained=gain, endurance=ch.endurance,
                   original=ch.max_endurance, first_week=bool(first))


def trade_expertise(turn: Turn, ch: Character, times: int, week: int, weapon: str = "") -> int:
    """"At any time, a character may subtract five from his Expertise to add
    one to his Strength ... all the above are irreversible."  Endurance, being
    Constitution x Strength, rises by his Constitution with each point.

    "His Expertise" is by weapon ("If a character becomes proficient with one weapon, then
    switches to another, he returns to his original Expertise for that weapon"), so the trade
    lowers his Expertise with one weapon: ``weapon``, else his duel weapon on file, else the
    rapier (the campaign setting ``expertise_trade = "every"``: his original Expertise, and
    so every weapon's).  Returns the number of trades made (not below zero Expertise)."""
    price = turn.tables.duel.expertise_per_strength
    every = turn.tables.duel.expertise_trade == "every"
    weapon = _weapon(turn, ch, weapon or None)
    made = 0
    for _ in range(max(0, times)):
        held = ch.expertise if every else ch.expertise_with(weapon)
        if held < price:
            with_weapon = "" if every else f" with the {weapon}"
            turn.event(EV_ORDER_REFUSED, week, ch.name, public=False,
                       order=f"trade {in_words(price)} Expertise{with_weapon} for one Strength",
                       reason=f"his Expertise{with_weapon} is {held}, less than {price}")
            break
        if every:
            reason = f"traded {price} Expertise for 1 Strength (irreversible)"
            turn.post(ch, "expertise", -price, week, reason, RULE_PRACTICE)
        else:
            reason = f"traded {price} Expertise with the {weapon} for 1 Strength (irreversible)"
            turn.post(ch, f"expertise.{weapon}", -price, week, reason, RULE_PRACTICE)
        turn.post(ch, "strength", 1, week, reason, RULE_PRACTICE)
        turn.post(ch, "endurance", ch.constitution, week,
                  f"one more Strength: Endurance is Constitution x Strength (+{ch.constitution})", RULE_PRACTICE)
        made += 1
    if made:
        turn.event(EV_DUEL_TRADE, week, ch.name, public=False, times=made,
                   expertise=ch.expertise if every else ch.expertise_with(weapon),
                   weapon=None if every else weapon, strength=ch.strength, endurance=ch.endurance)
    return made


# -- its steps in the month (their order: engarde.rules.MONTH) -------------------------------


def trade_step(turn: Turn, ch: Character) -> None:
    sheet = turn.sheet(ch.name)
    trade = sheet.monthly.of(TradeOrders) if sheet else TradeOrders()
    if trade.trade_expertise_for_strength:
        trade_expertise(turn, ch, trade.trade_expertise_for_strength, MONTH_START, trade.trade_weapon)


def answers_step(turn: Turn, ch: Character) -> None:
    sheet = turn.sheet(ch.name)
    if sheet is not None:
        note_answers(turn, ch.name, sheet.weeks.values())


def week_duels(turn: Turn, week: int) -> None:
    give_insults(turn, week)
    resolve_week(turn, week, turn.inputs.get("duel") or {})
