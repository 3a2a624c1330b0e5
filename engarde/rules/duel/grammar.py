"""e. Duelling in the order language: challenges and their answers, and the standing
orders a duel is fought from ("If challenged: accept with sabre", "Duel sequence: X L X
CL K X X X X S P JB", "Duel conditions: riposte"), checked by the duel rules as the
sheet is read; and the trade of Expertise for Strength, a monthly order.
"""

from __future__ import annotations

import re
from fractions import Fraction

from ... import codes
from ...grammar import (
    AMOUNT,
    MAX_AMOUNT,
    I,
    N,
    Built,
    LineReader,
    Reading,
    SheetContext,
    amount,
    bad_order,
    did_you_mean,
    monthly_in_week,
    near_word,
    problem,
    quote,
    standing_in_week,
    verb,
)
from ...known import either, name_key
from ...records import ErrorRecord
from ...text import in_words
from . import rules
from .codes import E_BAD_CONDITION, E_BAD_SEQUENCE
from .orders import AnswerChallenge, Challenge, DuelStanding, TradeOrders
from .tables import DuelTables
from ...patterns import lazy

# The weapons of Duelling Table C as the order language spells them, and the patterns
# that find them, are the campaign's tables' (``DuelTables.weapon_spellings``,
# ``weapon_at_start``, ``weapon_clause``): read through the Reading or the sheet.
ARTICLES = lazy(r"^(?:(?:with|using|at|on|in|the|a|an|my|his|some)\s+)*", I)
DEFAULT_WEAPON = "rapier"


# -- duels -----------------------------------------------------------------------------

_CHALLENGE = (
    r"(?:challeng(?:e|es|ing)|call(?:s|ing)?\s+out|demand(?:s|ing)?\s+satisfaction\s+(?:from|of)|"
    r"(?:fight|fights|fighting)(?:\s+a\s+duel)?(?:\s+with)?|duel(?:s|ling)?(?:\s+with)?|"
    r"issue(?:s)?\s+a\s+challenge\s+to|cross(?:es)?\s+swords\s+with)(?:\s+(?P<rest>.+))?"
)
_CAUSE_CLAUSE = lazy(
    r"(?:[,;(]\s*|\s+)(?:cause\s*[:=-]?|for|over|because(?:\s+of)?|about|on\s+account\s+of|as\s+cause)\s+"
    r"(?P<cause>[^,;()]+)", I)


# A clause that names a weapon by a word engarde may not know as written ("with sabr"): read
# against the weapons' spellings for a slip of the pen.
_WEAPON_LIKE = lazy(
    r"(?:[,;(]\s*(?:(?:with|using)\s+)?|\s+(?:with|using|choosing)\s+)(?:the\s+|a\s+|an\s+|my\s+)?"
    r"(?P<weapon>[a-z][a-z'-]*(?:\s+swords?)?)\s*\)?(?=[\s,;.]*$)", I)


def weapon_in(tables: DuelTables, text: str, r: Reading | None = None) -> tuple[str | None, str]:
    """The weapon a clause names ("with sabres", "(rapier)"), and the text without it; with a
    ``Reading``, a slip of the pen in the last clause is read too ("with the sabr"), and said."""
    found = None
    for wm in tables.weapon_clause.finditer(text):
        found = wm
    if found is not None:
        return tables.weapon_spellings[found.group("weapon").lower()], text[:found.start()] + " " + text[found.end():]
    slip = _WEAPON_LIKE.search(text) if r is not None else None
    if slip is not None and r is not None:
        value, note, _error = near_word(slip.group("weapon"), _weapon_keys(tables), name_key)
        if value is not None and note is not None:
            r.note(note)
            return value, text[:slip.start()] + " " + text[slip.end():]
    return None, text


# "with axes" at the end of a challenge or an answer: a weapon, if it is no one's name.
_WITH_WORD = lazy(r"\s(?:with|using|choosing)\s+(?:(?:the|a|an|my|his|some)\s+)?(?P<weapon>[a-z][a-z'-]*(?:\s+swords?)?)\s*$", I)


def no_weapon(tables: DuelTables, text: str, r: Reading) -> ErrorRecord | None:
    """The error for "with axes" (a weapon the rules do not have) at the end of ``text``."""
    wm = _WITH_WORD.search(text.rstrip(" ,;.)"))
    if wm is None or (r.known.checked and r.known.character_at(wm.group("weapon")).name is not None):
        return None
    return problem(codes.E_UNKNOWN_WEAPON,
                   f"{quote(wm.group('weapon'))} is not a weapon of the rules (weapons: {', '.join(tables.weapons)})",
                   "name one of them, e.g. 'with the sabre'")


def _weapon_keys(tables: DuelTables) -> dict[str, str]:
    return {name_key(s): w for s, w in tables.weapon_spellings.items()}


def _build_challenge(m: re.Match[str], r: Reading) -> Built:
    """e. Duelling: a challenge names whom, the cause and the weapon."""
    rest = " " + (m.group("rest") or "").strip(" ,;.") + " "
    weapon, rest = weapon_in(r.tables.duel, rest, r)
    if weapon is None and (unknown := no_weapon(r.tables.duel, rest, r)) is not None:
        return unknown
    cause = ""
    if cm := _CAUSE_CLAUSE.search(rest):
        cause = cm.group("cause").strip(" ,;.")
        rest = rest[:cm.start()] + " " + rest[cm.end():]
    rest = re.sub(r"\bto\s+(?:a\s+)?duel\b|\bat\s+dawn\b|\bin\s+the\s+morning\b", " ", rest, flags=I)
    opponent = " ".join(rest.replace("(", " ").replace(")", " ").split()).strip(" ,;.")
    if not opponent:
        return bad_order("challenge whom?", "write e.g. 'Challenge Athos for insulting my regiment with the sabre'")
    opponent = r.character(opponent)
    if isinstance(opponent, ErrorRecord):
        return opponent
    if not cause:
        cost = -r.tables.duel.duelling_table_d["challenge_without_cause"]
        r.note("no cause given: the other players will judge whether there was cause "
               f"(a challenge with insufficient cause costs {cost} status points)")
    if weapon is None:
        r.note(f"no weapon named: the {DEFAULT_WEAPON}")
        weapon = DEFAULT_WEAPON
    return Challenge(opponent, cause, weapon)


_ANSWER = (
    r"(?P<verb>accept(?:s|ing)?|refus(?:e|es|ing)|declin(?:e|es|ing)|reject(?:s|ing)?|answer(?:s|ing)?)\s+"
    r"(?P<rest>.*\bchalleng\w*.*)"
)


def _build_answer(m: re.Match[str], r: Reading) -> Built:
    accept = m.group("verb").lower().startswith(("accept", "answer"))
    rest = " " + m.group("rest") + " "
    weapon, rest = weapon_in(r.tables.duel, rest, r)
    if weapon is None and accept and (unknown := no_weapon(r.tables.duel, rest, r)) is not None:
        return unknown
    rest = re.sub(r"\b(?:the|a|an|any|all|every)\s+challeng\w*|\bchalleng\w*", " ", rest, flags=I)
    rest = re.sub(r"^\s*(?:of|from|by)\s+|\s+(?:of|from|by)\s+", " ", rest, flags=I)
    who = " ".join(rest.split()).strip(" ,;.")
    who = re.sub(r"(?:'s|s')$", "", who).strip()
    if re.fullmatch(r"(?:all|any|every|anyone|everyone)?", who, I):
        who = ""
    if who:
        who = r.character(who)
        if isinstance(who, ErrorRecord):
            return who
    if not accept and weapon:
        r.note("a weapon is not needed to refuse a challenge")
        weapon = None
    if not accept:
        r.note("refusing a challenge that has cause costs status points equal to "
               f"{rules.share(Fraction(1, r.tables.duel.refusal_sl_divisor))} his Social Level")
    return AnswerChallenge(who, accept, weapon)


# "Take up Falstaff's offer - dagger": his challenge, accepted with the weapon named.
_TAKE_UP = r"(?:take|takes|taking)\s+up\s+(?P<rest>.+?)(?:'s|s')\s+offer\b(?P<tail>.*)"


def _build_take_up(m: re.Match[str], r: Reading) -> Built:
    """An offer taken up with a weapon is a challenge accepted; one of crowns is a loan (not
    the duel's to read); one of neither is asked about."""
    tail = re.sub(r"^\s*[-\u2013\u2014:]\s*", ", ", m.group("tail"))  # "offer - dagger": the weapon's clause
    weapon, tail = weapon_in(r.tables.duel, f" {tail} ", r)
    if weapon is None:
        if re.search(r"\d|\bcrowns?\b|\bloan\b", tail, I):
            return None
        return bad_order(f"{quote(m.group(0))}: an offer of what?",
                         "to accept a challenge, name the weapon: 'Accept Falstaff's challenge with the dagger'")
    who = r.character(m.group("rest"))
    if isinstance(who, ErrorRecord):
        return who
    r.leftover(re.sub(r"^\s*(?:of\s+(?:a\s+)?(?:duel|challenge))?", "", tail), f"{who}'s offer")
    return AnswerChallenge(who, True, weapon)


# -- standing orders, kept from month to month (DuelStanding) ------------------------
_INSULT = lazy(r"(?:insult|affront|offend)s?\s+(?P<who>.*?)[\s.!]*", I)
_IF_CHALLENGED = lazy(r"if\s+(?:i\s+am\s+|i'm\s+|he\s+is\s+)?challenged\s*[:,=-]?\s*(?P<rest>.*)", I)
_SEQUENCE_IN = lazy(r"(?:^|[,;]\s*|\s+)(?:(?:and|with)\s+)?(?:the\s+)?(?:duel\s+)?sequence\s*[:=-]?\s*(?P<seq>.*)$", I)
_DUEL_SEQUENCE = lazy(
    r"(?:(?:my|his|standing|the)\s+)?(?:duel(?:ling)?\s+|fencing\s+)?sequence\s*(?:[:=-]\s*|\s+)(?P<seq>.+)", I)
_DUEL_WEAPON = lazy(r"(?:(?:my|his)\s+)?duel(?:ling)?\s+weapon\s*(?:[:=-]\s*|\s+)(?P<weapon>.+)", I)
_DUEL_CONDITIONS = lazy(r"(?:duel(?:ling)?\s+)?conditions?\s*[:=-]\s*(?P<cond>.+)", I)
# e. Practice: "a character may subtract five from his Expertise to add one to his Strength".
_TRADE = lazy(
    rf"(?:trade|convert|exchange|swap)\s+(?:(?P<e>{AMOUNT})\s+)?(?:points?\s+(?:of\s+)?)?(?:(?P<w>[a-z][\w-]*(?:\s+sword)?)\s+)?"
    rf"expertise\s+(?:points?\s+)?(?:(?:with|in|at)\s+(?:the\s+|my\s+|his\s+)?(?P<w2>[a-z][\w-]*(?:\s+sword)?)\s+)?"
    rf"(?:for|into|to)\s+(?:(?P<s>{AMOUNT})\s+)?(?:points?\s+(?:of\s+)?)?strength"
    rf"(?:\s*[,x]?\s*(?P<times>{N}|once|twice|thrice)(?:\s+times)?)?[.!]*", I)

# Duelling Table A's actions as the rules write them.
_SEQUENCE_ACTIONS = {a.upper(): a for a in (
    "X", "L", "S", "C", "K", "JB", "CL", "R", "T", "P", "B", "Sur", "OP1", "OP2", "OB1", "OB2")}


_SEQUENCE_SEPARATORS = lazy(r"[,;/|\u2013\u2014-]+")
_SEQUENCE_TOKEN = lazy(r"\(|\)|[^\s()]+")


def normalise_sequence(text: str) -> str:
    """A duel sequence as the rules write it: "x-l-x, cl k" becomes "X L X CL K".

    Brackets stay where the player put them: "jb (x t)" becomes "JB (X T)", a
    reminder of how an unfinished routine goes on.  Whether the sequence is
    legal is for ``check_duel_sequence`` (the duel rules), which reads the
    player's own text.
    """
    out: list[str] = []
    opening = ""
    for raw in _SEQUENCE_TOKEN.findall(_SEQUENCE_SEPARATORS.sub(" ", text.strip().strip("."))):
        if raw == "(":
            opening += "("
        elif raw == ")":
            if out and not opening:
                out[-1] += ")"
            else:
                out.append(opening + ")")
                opening = ""
        else:
            out.append(opening + _SEQUENCE_ACTIONS.get(raw.upper(), raw))
            opening = ""
    if opening:
        out.append(opening)
    return " ".join(out)


def check_duel_sequence(tables: DuelTables, text: str, weapon: str = DEFAULT_WEAPON) -> list[str]:
    """Problems Duelling Table A finds in a sequence ([] when legal), as the duel rules say them."""
    try:
        return [str(p) for p in rules.check_sequence(tables, text, weapon)]
    except Exception as exc:  # noqa: BLE001 - a sheet must never crash the intake
        return [f"the sequence could not be checked ({type(exc).__name__}: {exc})"]


def check_duel_conditions(tables: DuelTables, text: str) -> list[str]:
    """Problems the duel rules find in one written duel condition ([] when understood)."""
    try:
        return [str(p) for p in rules.check_conditions(tables, [text])]
    except Exception as exc:  # noqa: BLE001 - a sheet must never crash the intake
        return [f"the condition could not be checked ({type(exc).__name__}: {exc})"]


def _duel_order_in_week(m: re.Match[str], r: Reading) -> Built:
    """A standing order, or the month's insult, written on a week's line: said where it belongs."""
    if m.group("insult"):
        return monthly_in_week("an insult", "write 'Insult Athos' on a line of its own: it is given the first "
                               "week you and he are in the same place")
    return standing_in_week(m, r)


VERBS = (
    verb("answer challenge", _ANSWER, _build_answer, ("accept", "refuse", "decline")),
    verb("take up an offer", _TAKE_UP, _build_take_up),
    verb("challenge", _CHALLENGE, _build_challenge, ("challenge", "duel", "fight")),
    # standing and monthly orders of the duel written on a week's line
    verb("duel order in a week",
         r"(?:if\s+(?:i\s+am\s+|he\s+is\s+)?challenged|duel\s+sequence|trade\s+\w+\s+expertise|"
         r"(?P<insult>(?:insult|affront|offend)s?(?=\s+\S)))\b.*",
         _duel_order_in_week),
)


class DuelLines(LineReader):
    """The duel's standing orders, and the trade; the sequence and conditions are checked
    by the duel rules once the whole sheet is read (the weapon may come after them)."""

    LINES = (
        (_IF_CHALLENGED, "if_challenged"),
        (_DUEL_SEQUENCE, "sequence"),
        (_DUEL_WEAPON, "weapon_line"),
        (_DUEL_CONDITIONS, "conditions"),
        (_TRADE, "trade"),
        (_INSULT, "insult"),
    )

    def __init__(self, sheet: SheetContext) -> None:
        super().__init__(sheet)
        self.sequence_line: int | None = None
        self.sequence_text = ""  # the sequence as the player wrote it, for the duel rules to check
        self.condition_lines: list[tuple[int, str]] = []  # each written duel condition and its line

    @property
    def standing(self) -> DuelStanding:
        return self.sheet.standing(DuelStanding)

    @property
    def tables(self) -> DuelTables:
        return self.sheet.tables.duel

    def if_challenged(self, number: int, m: re.Match[str]) -> None:
        standing = self.standing
        rest = " " + m.group("rest") + " "
        if sm := _SEQUENCE_IN.search(rest):
            self.read_sequence(number, sm.group("seq"))
            rest = rest[:sm.start()]
        r = self.sheet.reading()
        weapon, rest = weapon_in(self.tables, rest, r)
        self.sheet.keep(number, r)
        if weapon:
            standing.duel_weapon = weapon
        answer = " ".join(rest.split()).strip(" ,;.").lower()
        if re.fullmatch(r"(?:i\s+|he\s+)?(?:will\s+)?(?:accept|fight|yes|always\s+accept|accept\s+it)\w*", answer):
            standing.if_challenged = "accept"
        elif re.fullmatch(r"(?:i\s+|he\s+)?(?:will\s+)?(?:refuse|decline|no|never)\w*", answer):
            standing.if_challenged = "refuse"
        elif answer or weapon is None:
            self.sheet.error(number, codes.E_BAD_ORDER,
                             f"if challenged: {quote(answer or rest.strip())} is neither accept nor refuse",
                             "write e.g. 'If challenged: accept with sabre' or 'If challenged: refuse'")

    def sequence(self, number: int, m: re.Match[str]) -> None:
        self.read_sequence(number, m.group("seq"))

    def read_sequence(self, number: int, text: str) -> None:
        sequence = normalise_sequence(text)
        if not sequence:
            self.sheet.error(number, E_BAD_SEQUENCE, "a duel sequence, but no actions",
                             "write it as the rules do, e.g. 'Duel sequence: X L X CL K X X X X S P JB'")
            return
        self.sequence_line = number
        self.sequence_text = text
        self.standing.duel_sequence = sequence

    def weapon_line(self, number: int, m: re.Match[str]) -> None:
        text = m.group("weapon")
        tables = self.tables
        found = tables.weapon_at_start.match(ARTICLES.sub("", text.strip(" .,;()"), count=1))
        if found and not found.group("tail").strip(" .,;()"):
            self.standing.duel_weapon = tables.weapon_spellings[found.group("weapon").lower()]
            return
        r = self.sheet.reading()
        slip = r.near(ARTICLES.sub("", text.strip(" .,;()"), count=1), _weapon_keys(tables), name_key)
        if self.sheet.take(number, r, slip) is not None:
            self.standing.duel_weapon = slip
            return
        if isinstance(slip, ErrorRecord):
            return
        guess = did_you_mean(text.strip(" .,;()"), tables.weapon_spellings)
        self.sheet.error(number, codes.E_UNKNOWN_WEAPON, f"{quote(text)} is not a weapon of Duelling Table C",
                         f"did you mean the {guess}?" if guess else f"the weapons: {', '.join(tables.weapons)}")

    def conditions(self, number: int, m: re.Match[str]) -> None:
        standing = self.standing
        standing.duel_conditions = (*standing.duel_conditions, m.group("cond").strip())
        self.condition_lines.append((number, m.group("cond").strip()))

    def insult(self, number: int, m: re.Match[str]) -> None:
        """e. Duelling, "Insulting a regimental friend of a character": "Insult Athos", for the
        month, given where the two first meet."""
        hint = "write e.g. 'Insult Athos': given the first week you and he are in the same place"
        who = re.sub(r"^(?:the\s+)?(?:honou?r\s+of\s+)", "", m.group("who").strip(" ,;.\"'"), flags=I)
        if not who:
            self.sheet.error(number, codes.E_BAD_ORDER, "insult whom?", hint)
            return
        r = self.sheet.reading()
        name = self.sheet.take(number, r, r.character(who))
        if name is None:
            return
        orders = self.sheet.monthly(TradeOrders)
        if name == self.sheet.sheet.character:
            self.sheet.error(number, codes.E_BAD_ORDER, "a man cannot insult himself", hint)
        elif name not in orders.insult:
            orders.insult = (*orders.insult, name)

    def trade(self, number: int, m: re.Match[str]) -> None:
        price = self.tables.expertise_per_strength  # "subtract five from his Expertise to add one to his Strength"
        words = in_words(price)
        hint = f"write 'Trade {price} expertise for 1 strength' ({words} Expertise for each point of Strength)"
        read = [amount(m.group(g), what, low=low, hint=hint) if m.group(g) else default
                for g, what, low, default in (("e", "Expertise", 0, None), ("s", "Strength", 0, None),
                                              ("times", "times", 1, 1))]
        if bad := next((x for x in read if isinstance(x, ErrorRecord)), None):
            self.sheet.error(number, bad.code, bad.message, bad.suggestion)
            return
        expertise, strength, times = read
        trades = (strength if strength is not None else (expertise // price if expertise is not None else 1)) * times
        if trades > MAX_AMOUNT:
            self.sheet.error(number, codes.E_BAD_AMOUNT, f"{quote(m.group(0))}: {trades:,} trades, more than "
                             f"{MAX_AMOUNT:,}, the most engarde reads", hint)
            return
        if expertise is not None and strength is not None and expertise != price * strength:
            self.sheet.error(number, codes.E_BAD_ORDER,
                             f"{expertise} Expertise for {strength} Strength: the rules trade {words} Expertise "
                             "for one Strength", hint)
            return
        if expertise is not None and expertise % price:
            self.sheet.error(number, codes.E_BAD_ORDER, f"{expertise} Expertise is not a multiple of {words}", hint)
            return
        points = strength if strength is not None else (expertise // price if expertise is not None else 1)
        if points < 1:
            self.sheet.error(number, codes.E_BAD_ORDER, "no Strength to trade for", hint)
            return
        trade = self.sheet.monthly(TradeOrders)
        if written := m.group("w") or m.group("w2"):
            # "his Expertise" is by weapon: the trade lowers the one he names (rules.trade_expertise)
            weapon = self.tables.weapon_spellings.get(" ".join(written.lower().split()))
            if weapon is None:
                known = either(sorted(self.tables.weapons))
                self.sheet.error(number, codes.E_BAD_ORDER, f"{quote(written)} is not a weapon of Duelling Table C",
                                 f"name {known}, e.g. 'Trade 5 sabre expertise for 1 strength'")
                return
            if trade.trade_weapon and trade.trade_weapon != weapon:
                self.sheet.error(number, codes.E_BAD_ORDER, f"a second weapon to trade Expertise from "
                                 f"({weapon}; the first was the {trade.trade_weapon})",
                                 "trade with one weapon a month")
                return
            trade.trade_weapon = weapon
        trade.trade_expertise_for_strength += points * times
        self.sheet.note(f"line {number}: {price * points * times} Expertise for {points * times} Strength; "
                        "the trade is irreversible")

    def finish(self) -> None:
        """Each written condition read by the duel rules now, so that the player hears of one
        they cannot read before the deadline, not after his duel (such a condition is not
        kept); then the sequence checked against Duelling Table A for his weapon."""
        if self.condition_lines:
            kept = []
            for number, text in self.condition_lines:
                problems = check_duel_conditions(self.tables, text)
                if problems:
                    self.sheet.error(number, E_BAD_CONDITION,
                                     f"the duel condition is not understood ({'; '.join(problems)}): it is not kept",
                                     "write e.g. 'Duel conditions: surrender if endurance below 25%', "
                                     "'riposte' or 'optional parry if opponent CL'")
                else:
                    kept.append(text)
            self.standing.duel_conditions = tuple(kept)
        if self.sequence_line is None:
            return
        standing = self.standing
        weapon = standing.duel_weapon or DEFAULT_WEAPON
        problems = check_duel_sequence(self.tables, self.sequence_text, weapon)
        if problems:
            standing.duel_sequence = None
            self.sheet.error(self.sequence_line, E_BAD_SEQUENCE,
                             f"the duel sequence is not legal by Duelling Table A ({'; '.join(problems)}): "
                             "it is not kept",
                             "each action must belong to a routine, in the order the table gives, e.g. "
                             "'X L X CL K X X X X S P JB'")
        elif not standing.duel_weapon:
            self.sheet.note(f"line {self.sequence_line}: the duel sequence was checked for the {weapon}")

