"""How a social conflict is written.

The week's attack: "Win over Athos with hearts for money: a loan of 200 crowns" (also "sway",
"persuade", "charm", "social conflict with"); the attacking area after "with" or "using", the
target area after "for" (left out, it follows from what he wants: a loan is money, withdrawing
from a courtship is hearts, a favour is power); what he wants after the colon: "a loan of N
crowns", "that he withdraw from courting Ninon" / "withdraw from courting mistress number 4",
"a favour[: ...]", or any words (the GM rules on those).

The tactics, a standing block::

    Conflict tactics:
    Compare at 20
    Retreat after 6 cards
    Face-down card: lowest
    Escape after 5 cards
    Face cards: play
    Aces: avoid
    End of tactics

or on one line, the tactics after the colon parted by semicolons ("Conflict tactics: compare at
20; face cards: play", as the confirmation echoes them).  Every line (and every part of the one
line) is read or is an error naming its line.
"""

from __future__ import annotations

import re
from dataclasses import replace

from engarde import codes
from engarde.grammar import (AMOUNT, I, Block, Built, LineReader, Reading, SheetContext, amount, bad_order,
                             did_you_mean, problem, quote, verb)
from engarde.records import ErrorRecord

from .areas import AREA_WORDS
from .codes import E_BAD_TACTIC, E_TACTICS_UNENDED
from .orders import AREA_OF_WANT, FAVOUR, LOAN, OTHER, WITHDRAW, Attack, ConflictStanding, Want
from .tactics import AVOID, LONGEST, PLAY, SECRET_CHOICES, Tactics
from ...patterns import Regex, lazy

_ATTACK = (r"(?:win\s+over|sway|persuade|charm|beguile|(?:a\s+|start\s+a\s+)?social\s+conflict\s+(?:with|against))"
           r"\s+(?P<rest>.+)")
# "... with hearts for money", "... using his charm": the areas at the end of the words before the colon
_AREAS = lazy(r"\s+(?:with|using|by)\s+(?:(?:his|my|her|the)\s+)?(?P<a>[a-z]+)"
              r"(?:\s+(?:for|against|to\s+gain|to\s+win)\s+(?:(?:his|my|her|the)\s+)?(?P<t>[a-z]+))?\s*$", I)
_LOAN = lazy(rf"(?:that\s+he\s+(?:lends?|makes?)\s+(?:me\s+|him\s+)?)?(?:an?\s+)?loan\s+of\s+(?P<n>{AMOUNT})"
             r"(?:\s+crowns?)?", I)
_WITHDRAW = lazy(r"(?:that\s+he\s+)?(?:withdraws?|gives?\s+up|stops?|abandons?)\s+(?:from\s+)?"
                 r"(?:courting|his\s+suit\s+(?:of|for|to))\s+(?P<m>.+)", I)
_FAVOUR = lazy(r"(?:an?\s+)?favou?r\b(?:\s*[:,-]\s*|\s+)?(?P<what>.*)", I)
_HINT = "write e.g. 'Win over Athos with hearts for money: a loan of 200 crowns'"


def area(word: str) -> str | ErrorRecord:
    """An area by any of its words (hearts, sexuality, money, power, force ...)."""
    found = AREA_WORDS.get(word.lower())
    if found is not None:
        return found
    near = did_you_mean(word, {w: w for w in AREA_WORDS})
    return problem(codes.E_BAD_ORDER, f"{quote(word)} is no area of a social conflict "
                                      "(hearts, diamonds, clubs, spades: sexuality, money, power, force)",
                   f"did you mean {near!r}?" if near else _HINT)


def want(text: str, r: Reading) -> Want | ErrorRecord:
    """What the attacker wants, as the order writes it after the colon."""
    text = " ".join(text.split()).strip(" .")
    if m := _LOAN.fullmatch(text):
        n = amount(m.group("n"), low=1)
        return n if isinstance(n, ErrorRecord) else Want(LOAN, amount=n)
    if m := _WITHDRAW.fullmatch(text):
        her = r.mistress(m.group("m"))
        return her if isinstance(her, ErrorRecord) else Want(WITHDRAW, mistress=her)
    if m := _FAVOUR.fullmatch(text):
        return Want(FAVOUR, text=m.group("what").strip(" .:"))
    r.note(f"what he wants, {quote(text)}, is none the rules carry out (a loan of N crowns, withdrawing from "
           "courting a mistress, a favour): if he wins, the GM rules on it")
    return Want(OTHER, text=text)


def _build(m: re.Match[str], r: Reading) -> Built:
    head, colon, wanted = m.group("rest").partition(":")
    if not colon or not wanted.strip():
        return bad_order("what does he want of him? Write it after a colon", _HINT)
    areas = _AREAS.search(head)
    if areas is None:
        return bad_order(f"{quote(head)}: with which area does he attack (with hearts, diamonds, clubs or spades)?",
                         _HINT)
    attack = area(areas.group("a"))
    if isinstance(attack, ErrorRecord):
        return attack
    wanted_read = want(wanted, r)
    if isinstance(wanted_read, ErrorRecord):
        return wanted_read
    if areas.group("t"):
        target = area(areas.group("t"))
        if isinstance(target, ErrorRecord):
            return target
    elif wanted_read.kind in AREA_OF_WANT:
        target = AREA_OF_WANT[wanted_read.kind]
        r.note(f"no target area written: {target}, as for {wanted_read.describe()}")
    else:
        return bad_order("for which area (for hearts, diamonds, clubs or spades)?", _HINT)
    whom = r.character(head[:areas.start()])
    if isinstance(whom, ErrorRecord):
        return whom
    if r.author is not None and whom == r.author:
        return bad_order("a man cannot win himself over", _HINT)
    return Attack(whom, attack, target, wanted_read)


ATTACK = verb("social conflict", _ATTACK, _build, ("win over", "sway", "persuade", "social conflict"),
              after="court")

# -- the tactics block ------------------------------------------------------------------

_OPEN = lazy(r"(?:(?:my|his|social)\s+)*conflict\s+tactics\s*:?\s*", I)
_END = lazy(r"(?:the\s+)?end\s+(?:of\s+)?(?:(?:my|his|the)\s+)?(?:conflict\s+)?tactics[\s.!]*", I)
_NUMBER = r"(?P<n>[^\s]+)"
_LINES: tuple[tuple[Regex, str], ...] = tuple((lazy(p, I), f) for p, f in (
    (rf"compare\s+(?:at|when\s+(?:my\s+|his\s+|the\s+)?attack\s+(?:rating\s+)?(?:reaches|is)(?:\s+at\s+least)?)\s+{_NUMBER}",
     "compare_at"),
    (rf"compare\s+after\s+{_NUMBER}\s+cards?", "compare_after"),
    (rf"retreat\s+after\s+{_NUMBER}\s+cards?", "retreat_after"),
    (rf"escape\s+(?:at|when\s+(?:the\s+|his\s+)?attack\s+(?:rating\s+)?(?:reaches|is)(?:\s+at\s+least)?)\s+{_NUMBER}",
     "escape_at"),
    (rf"escape\s+after\s+{_NUMBER}\s+cards?", "escape_after"),
    (r"(?:secret|face[-\s]down|first)\s+card\s*[:=-]?\s*(?:the\s+)?(?P<w>.+)", "secret_card"),
    (r"face\s+cards\s*[:=-]?\s*(?P<w>.+)", "face_cards"),
    (r"aces\s*[:=-]?\s*(?P<w>.+)", "aces"),
))
_PLAY_WORDS = {"play": PLAY, "play them": PLAY, "yes": PLAY, "use": PLAY, "use them": PLAY,
               "avoid": AVOID, "avoid them": AVOID, "no": AVOID, "keep": AVOID, "keep them": AVOID}
TACTICS_HINT = ("a tactics line is one of: 'Compare at 20', 'Compare after 4 cards', 'Retreat after 6 cards', "
                "'Face-down card: lowest' (highest, longest suit, or a suit), 'Escape at 25', 'Escape after 5 cards', "
                "'Face cards: play' (or avoid), 'Aces: avoid' (or play)")


def tactic_line(line: str) -> tuple[str, object] | ErrorRecord:
    """One line of the tactics block: (the field, its value), or the error saying why not."""
    text = line.strip().rstrip(" .;")
    for pattern, name in _LINES:
        m = pattern.fullmatch(text)
        if m is None:
            continue
        if "n" in m.groupdict():
            n = amount(m.group("n"), what="", high=200 if name.endswith("_at") else 52)
            if isinstance(n, ErrorRecord):
                return problem(E_BAD_TACTIC, n.message, TACTICS_HINT)
            return name, n
        word = " ".join(m.group("w").lower().split())
        if name == "secret_card":
            word = {"longest": LONGEST, "my longest suit": LONGEST, "the longest suit": LONGEST}.get(word, word)
            word = AREA_WORDS.get(word, word)
            if word in SECRET_CHOICES:
                return name, word
            return problem(E_BAD_TACTIC, f"face-down card {quote(word)}: not understood",
                           "write 'Face-down card: lowest', 'highest', 'longest suit' or a suit ('clubs')")
        if word in _PLAY_WORDS:
            return name, _PLAY_WORDS[word]
        label = "Face cards" if name == "face_cards" else "Aces"
        return problem(E_BAD_TACTIC, f"{quote(text)}: play them or avoid them?",
                       f"write '{label}: play' or '{label}: avoid'")
    return problem(E_BAD_TACTIC, f"{quote(text)} is not a line of conflict tactics", TACTICS_HINT)


class TacticsBlock(Block):
    """The lines of a "Conflict tactics:" block, until "End of tactics"."""

    def __init__(self, sheet: SheetContext, number: int) -> None:
        self.sheet = sheet
        self.start = number
        self.tactics = Tactics()
        self.seen: set[str] = set()

    def read(self, number: int, line: str) -> None:
        got = tactic_line(line)
        if isinstance(got, ErrorRecord):
            self.sheet.error(number, got.code, got.message, got.suggestion)
            return
        name, value = got
        if name in self.seen:
            self.sheet.error(number, E_BAD_TACTIC, f"{quote(line.strip())}: a second '{name.replace('_', ' ')}' line "
                             "in the tactics: this one is not used", "write each tactic once")
            return
        self.seen.add(name)
        self.tactics = replace(self.tactics, **{name: value})

    def keep(self) -> None:
        self.sheet.standing(ConflictStanding).tactics = self.tactics

    def line(self, number: int, line: str, raw: str) -> bool:
        if _END.fullmatch(line):
            self.keep()
            return False
        if line.strip():
            self.read(number, line)
        return True

    def unended(self) -> None:
        self.sheet.error(self.start, E_TACTICS_UNENDED,
                         "these conflict tactics have no 'End of tactics' line: they are not kept, and every "
                         "line after them was read as a tactic", "end the tactics with a line 'End of tactics'")


class TacticsLines(LineReader):
    LINES = ((lazy(_OPEN.pattern + r"(?P<first>.*)", I), "open_tactics"),)

    def open_tactics(self, number: int, m: re.Match[str]) -> TacticsBlock | None:
        """The block's first line; with tactics after the colon, the whole of them on one line."""
        block = TacticsBlock(self.sheet, number)
        first = m.group("first").strip()
        if not first:
            return block
        for part in first.split(";"):
            if part.strip():
                block.read(number, part)
        block.keep()
        return None
