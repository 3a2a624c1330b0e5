"""Order sheets: a player's text becomes typed orders plus error records.

``parse_sheet`` never raises.  Whatever a player writes ends up as orders,
human notes, or ``ErrorRecord``s that carry the line number in the file he
sent, so one careless line costs him one week, never his whole month.

A sheet (see ``orders/README.md``)::

    Character: Porthos
    Password: secret
    Month: April 1607
    Week 1: Go to Hunter's with Falstaff and carouse
    2: Practice with rapier
    Wk 3 - ditto
    Conspicuous consumption
    Join: Red Phillips
    End of orders

This module is the sheet loop: it reads the sheet's frame (which lines are
headers, week lines, "New password:", the end; ``engarde.frame`` says what each
line is) and hands what a week's action or a monthly or standing line says to
the modules of the campaign, in the registry's order: their ``Verb``s for
weeks, their ``LineReader``s for the other lines (``engarde.grammar`` is their
kit).  A week written in the words of a module the campaign does not use is an
error that says so.

How the frame is read, as a GM reads it (orders/README.md, "The order sheet"):

* The sheet starts at its first header line (else its first week line); a title
  above it naming the month ("Orders for May") is its month.
* A week line's label has any common form (``engarde.frame.week_label``).  A
  number and a space only ("1 Go to Hunter's", the rulebook's form) is a label
  unless the number is the order's own ("4 bets of 50 at Hunter's"): then the
  line is a question for the player.  A label with nothing after it takes its
  order from the next line that is not blank, unless that line is something else
  (a header, a label, a known line, a sign-off).
* A line wrapped by the mail client: a line that is not understood on its own
  continues the week line right above it (no blank line between) when the
  sentence plainly goes on (``engarde.frame.wrapped``): the week line stops
  where a sentence cannot ("... with Falstaff and"), or the line begins
  mid-sentence ("and carouse", "with sabre", "2 bets at 40") and only adds to
  the order above (the same order, nothing it said changed); the line is a few
  words, not a "Key: value" line; and the two read as one order.  Anything
  else stays a line of its own, reported if it is not understood: a line that
  reads as an order by itself is never joined (it is a week without its label).
  The player is told which lines were read as one.
* The orders end at an ``End`` line (nothing after it is read) or at the
  player's sign-off (``engarde.frame``: a closing, "-- Tom", a footer, the
  player's or the character's name alone, a name alone at the end of the text).
  After a sign-off, a line that is an order (a week line, a header, a monthly
  or standing line, a "P.S." with one) is still read, and the player told; the
  rest is his signature and chatter, passed over with a note.
"""

from __future__ import annotations

import dataclasses
import re
import weakref
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Callable, Sequence

from . import codes, frame
from .calendar import WEEKS_PER_MONTH, GameMonth
from .grammar import (
    I,
    Block,
    Built,
    Ditto,
    LineReader,
    Reading,
    SheetContext,
    Unclaimed,
    Verb,
    clean_action,
    second_action,
    clean_line,
    clean_value,
    did_you_mean,
    either,
    problem,
    quote,
    split_lines,
    unchecked_note,
)
from .known import Known
from .near import nearest, slips
from .orders import Order, OrderSheet, Rest
from .records import ErrorRecord
from .redaction import redact_text, secret_spans
from .registry import Registry, core_registry
from .tables import Tables
from .text import normalise_name
from .patterns import lazy

_NEW_PASSWORD = lazy(
    r"(?:new\s+password|change\s+(?:my\s+|his\s+|the\s+)?password(?:\s+to)?|password\s+change)\s*(?:[:=-]\s*|\s+)?(?P<pw>.*)", I)


# -- a week's action ----------------------------------------------------------------------


def _known_spellings(verbs: tuple[Verb, ...]) -> dict[str, str]:
    return {s: s for v in verbs for s in v.spellings}


def _unknown_verb(action: str, verbs: tuple[Verb, ...]) -> ErrorRecord:
    first = re.match(r"[\w']+", action)
    guess = did_you_mean(first.group(0), _known_spellings(verbs), cutoff=0.7) if first else None
    return problem(
        codes.E_UNKNOWN_VERB,
        f"{quote(action)} is not an order engarde understands",
        f"did you mean '{guess}'?" if guess else
        "orders: practise WEAPON, visit CLUB [and carouse], visit bawdyhouse, court MISTRESS, visit my mistress, "
        "join REGIMENT, regimental duty, challenge NAME, borrow N crowns, rest, ditto (see orders/README.md)",
    )


def _interpret(text: str, r: Reading, registry: Registry) -> Order | ErrorRecord | Ditto:
    """One week's action; a ``Ditto`` is left for the sheet to resolve.

    The campaign's verbs in their order; then the verbs of modules it does not use,
    so that their orders are refused by name; then the fallback verbs (a bare place).
    """
    action = clean_action(text)
    if not action:
        r.note("nothing written: he rests")
        return Rest()
    two = second_action(action, r, lambda text, mine, second: _first_verb(
        tuple(v for v in registry.verbs if not v.clause) if second else registry.verbs + registry.fallback_verbs,
        text, mine))
    if two is not None:
        return two
    built = _first_verb(registry.verbs, action, r)
    if built is not None:
        return built
    for module, verb in registry.inactive_verbs:
        if verb.pattern.fullmatch(action):
            return problem(codes.E_MODULE_OFF, f"{quote(action)}: the {module} house rule is not in use in this campaign",
                           "ask the GM which house rules the campaign plays")
    built = _first_verb(registry.fallback_verbs, action, r)
    if built is not None:
        return built
    return _slip_of_verb(action, r, registry) or _unknown_verb(action, registry.verbs + registry.fallback_verbs)


def _slip_of_verb(action: str, r: Reading, registry: Registry) -> Built:
    """The action read with its first word taken for the verb a slip of the pen makes of it
    ("practse rapier": practise), if that reads; said in a note.  A slip that could be two
    verbs is an error naming both; one that makes no order is left to "not understood"."""
    first = re.match(r"[\w']+", action)
    if first is None:
        return None
    verbs = registry.verbs + registry.fallback_verbs
    spellings: dict[str, str] = {}
    for v in verbs:  # a slip is ambiguous between two verbs, never between two spellings of one
        for spelling in v.spellings:
            spellings.setdefault(spelling, v.name)
    written = first.group(0)
    # A verb of four letters or fewer is read only as written: one slip of it is as likely
    # another word ("dues" is no "duel", "name" no "same", "best" no "rest").
    near = nearest(written.lower(), {s: v for s, v in spellings.items() if len(s) >= 5 or s == written.lower()})
    if near.rivals:
        # each verb by its spelling nearest to the slip
        named = [min((s for s in spellings if spellings[s] == v), key=lambda s: slips(written.lower(), s))
                 for v in near.rivals]
        return problem(codes.E_TWO_READINGS, f"{quote(written)}: {either(named)}?", "write the order's verb in full")
    if not near.slip or near.spelling is None:
        return None
    mine = r.fork()
    rest = action[first.end():]
    built = _first_verb(verbs, near.spelling + rest, mine)
    if built is None or isinstance(built, ErrorRecord) and built.code == codes.E_UNKNOWN_VERB:
        return None
    if not rest.strip(" ,;.") and isinstance(built, ErrorRecord):
        return None  # a word alone has nothing to bear the reading out ("Count" is no "court whom?")
    r.note(f"read {quote(written)} as {quote(near.spelling)}")
    r.accept(mine)
    return built


def _first_verb(verbs: tuple[Verb, ...], action: str, r: Reading) -> Built:
    """What the first verb that matches and accepts ``action`` builds, or None."""
    for verb in verbs:
        m = verb.pattern.fullmatch(action)
        if m is None:
            continue
        # Notes count only from the verb that accepts: one that declines must
        # not leave its notes behind for the next.
        mine = r.fork()
        built = verb.read(m, mine)
        if built is not None:
            r.accept(mine)
            return built
    return None


def parse_action(text: str, notes: list[str] | None = None, registry: Registry | None = None) -> Order | ErrorRecord:
    """One week's action as an ``Order``, or an ``ErrorRecord`` (source "" line 0).

    Alone there is no earlier week, so a ditto is an ``E_DITTO_FIRST`` error.
    Human notes ("carousing is mandatory ...") go to ``notes`` if given.
    """
    registry = registry or core_registry()
    r = Reading(registry.tables)
    result = _interpret(text, r, registry)
    if notes is not None:
        notes.extend(r.notes)
    if isinstance(result, Ditto):
        return problem(codes.E_DITTO_FIRST, "'ditto' repeats an earlier week, and there is none")
    return result


# -- the sheet ---------------------------------------------------------------------------


def _extends(before: Order, after: Order) -> bool:
    """``after`` is ``before`` with more said: the same order, each part ``before`` gave kept
    ("Visit Hunter's" -> "Visit Hunter's and carouse"; not "Court mistress number 4" -> "Court
    mistress number 4 of them")."""
    if type(before) is not type(after):
        return False
    for f in dataclasses.fields(before):
        given = getattr(before, f.name)
        unset = f.default if f.default is not dataclasses.MISSING else (
            f.default_factory() if f.default_factory is not dataclasses.MISSING else object())
        if given != unset and given != getattr(after, f.name):
            return False
    return True

_MOST_IN_FLOURISH = 6  # words of an exclamation above a signature ("Sack, sweet sack!")

# The words of the names in a campaign's tables (clubs, regiments, posts, ranks, weapons): a
# line of them alone is no one's signature.  Made once per campaign's tables.
_RULES_WORDS: "weakref.WeakKeyDictionary[Tables, frozenset[str]]" = weakref.WeakKeyDictionary()


def _rules_words(tables: Tables) -> frozenset[str]:
    words = _RULES_WORDS.get(tables)
    if words is None:
        texts = [v.value for v in tables.flatten() if isinstance(v.value, str)]
        texts += [key for v in tables.flatten() for key in re.findall(r'"([^"]+)"', v.path)]
        words = frozenset(w for text in texts for w in re.findall(r"[^\W\d_][\w']+", text.lower()))
        _RULES_WORDS[tables] = words
    return words



def _sheet_start(lines: list[str]) -> int | None:
    """Index of the sheet's first line: the first header line, else the first week line.

    Headers win so that chatter before them ("2 weeks ago I...") is never
    taken for a bare-number week line.
    """
    for accept in (frame.header, frame.week_label):
        found = next((i for i, line in enumerate(lines) if line and accept(line)), None)
        if found is not None:
            return found
    return None


@dataclass
class _Written:
    """A week as written, before dittos are resolved."""

    line: int
    result: Order | ErrorRecord | Ditto
    notes: list[str]
    # which line of the text it is: the file's lines of a base64 mail are all one (its first),
    # yet each line of the text is its own order and its own error
    key: int = 0


@dataclass
class _WeekLine:
    """The week line just read, which the next line may continue (a line wrapped by the mail client)."""

    line: int
    key: int  # its index in the text
    weeks: list[int]  # the weeks it gave an order (not those it repeated or had no room for)
    action: str


@dataclass(frozen=True)
class Signers:
    """The names a sheet may be signed with, each read once: the campaign's players (one set made
    for a whole batch of mail: asking every sheet to normalise every player's name made the
    ingest quadratic) and a sheet's own (his mail's sender name).  A name alone on a line signs
    when it is one of them, or one word of one ("jacques" signs for Jacques Bonhomme)."""

    names: tuple[str, ...] = ()

    @cached_property
    def _keys(self) -> frozenset[str]:
        return frozenset(normalise_name(n).casefold() for n in self.names if n)

    @cached_property
    def _words(self) -> frozenset[str]:
        return frozenset(w for k in self._keys for w in k.split())

    def signs(self, name: str) -> bool:
        """Whether ``name`` (normalised and casefolded) is one of the names or a word of one."""
        return name in self._keys or name in self._words


class _SheetReader:
    """Reads one sheet line by line; ``finish`` resolves dittos and sorts errors."""

    def __init__(self, source: str, registry: Registry, known: Known | None, lines: list[str], raws: list[str],
                 numbers: Callable[[int], int], current: GameMonth | None, signers: tuple[str, ...],
                 players: Signers) -> None:
        self.sheet = OrderSheet(source=source)
        self.registry = registry
        self.context = SheetContext(self.sheet, registry.tables, known)
        self.readers: list[LineReader] = [cls(self.context) for m in registry.modules for cls in m.lines]
        self.written: dict[int, _Written] = {}
        self.header_lines: dict[str, int] = {}
        self.block: Block | None = None
        self.lines, self.raws, self.number_of = lines, raws, numbers
        self.current = current
        self.signers = tuple(s for s in signers if s)
        self.players = players
        self.pending: tuple[int, int, tuple[int, ...]] | None = None  # a label alone: its line, index, weeks
        self.index = 0  # the index in the text of the line being read
        self.above: _WeekLine | None = None  # the week line right above the line being read
        self.signed: tuple[int, str] | None = None  # the sign-off: its line and words
        self.ordered = False  # a week or a line for the month has been read: the orders may end
        self.passed_over = 0  # lines after the sign-off that are not orders

    def error(self, line: int, code: str, message: str, suggestion: str | None = None) -> None:
        self.sheet.errors.append(ErrorRecord(self.sheet.source, line, code, message, suggestion))

    def interpret(self, text: str, notes: list[str], names: bool = True) -> Order | ErrorRecord | Ditto:
        """One week's action; ``names``: the names it reads count among the sheet's (not for a
        line read only to suggest how to write it)."""
        r = self.context.reading()
        result = _interpret(text, r, self.registry)
        notes.extend(r.notes)
        if names:
            self.context.unchecked.extend(r.unchecked)
        return result

    def reads_alone(self, text: str) -> bool:
        """Whether ``text`` alone is a week's order (an order or a ditto, not an error)."""
        return isinstance(self.interpret(text, [], names=False), (Order, Ditto))

    # -- one line

    def blank(self) -> None:
        self.above = None  # a blank line ends a paragraph: nothing below it continues a week line

    def read(self, index: int, line: str) -> bool:
        """Read one cleaned, non-blank line; False means the sheet ends here."""
        number = self.number_of(index)
        self.index = index
        above, self.above = self.above, None
        if frame.end(line):
            self.flush_pending()
            return False
        ps = frame.postscript(line)
        if ps is not None:  # a P.S. comes after the letter: what it says is read as after a sign-off
            if self.signed is None and self.ordered:
                self.signed = (number, line)
            if not ps:
                return True
            line = ps
        if (h := frame.header(line)) is not None:
            self.flush_pending()
            self.after_sign_off(number)
            return self.read_header(number, h)
        if (title := frame.month_title(line)) is not None:  # "Orders for May"
            self.flush_pending()
            return self.read_header(number, frame.Header("month", title))
        if secret_spans(line) and not _NEW_PASSWORD.fullmatch(line):
            self.flush_pending()
            self.stray_password(number, line)
            return True
        label = frame.week_label(line)
        if label is not None and label.spaced and self.reads_alone(line):
            label = None  # "2 x 30 at Hunter's": the number is the order's
        if label is not None:
            self.flush_pending()
            self.after_sign_off(number)
            if label.alone:
                self.pending = (number, index, label.weeks)
                return True
            self.read_week(number, line, label.weeks, label.action)
            return True
        if self.pending is not None:
            if self.known(line) or frame.decoration(line) or frame.heading(line) or self.sign_off(index, line):
                self.flush_pending()
            else:
                self.take_pending(number, line)
                return True
        if self.read_line(number, line):
            self.ordered = True
            self.after_sign_off(number)
            return True
        self.not_a_known_line(index, number, line, above)
        return True

    def not_a_known_line(self, index: int, number: int, line: str, above: _WeekLine | None) -> None:
        """A line that is no header, week or known line: a sign-off, the rest of the week line
        above it, a heading, or not understood."""
        raw = self.raws[index]
        if frame.decoration(line) or frame.heading(line):
            return
        if self.signed is not None:
            # after the sign-off only orders are read: an order without its week, or what tries to
            # be one (its verb is known, or nearly), is reported
            if self.order_like(line):
                self.not_understood(number, line)
            elif not frame.signature_like(line, raw):
                self.passed_over += 1
            return
        if self.ordered and (frame.closing(line) or frame.footer(line) or frame.dashed_signature(raw)):
            self.signed = (number, line)
            return
        if above is not None and self.continues(above, number, line):
            return
        if (kind := self.signature_name(index, line)) is not None:
            self.signed = (number, line)
            if kind == "end":  # a name engarde does not know: the player is told how it was read
                self.sheet.notes.append(f"line {number}: {quote(line)}, a name alone at the end of your orders, is "
                                        "taken for your signature")
            return
        if self.flourish(index, line):
            self.signed = (number, line)
            self.sheet.notes.append(f"line {number}: {quote(line)}, right above your signature, is taken for your "
                                    "sign-off")
            return
        self.not_understood(number, line)

    def flourish(self, index: int, line: str) -> bool:
        """"Sack, sweet sack!", "For the King!" right above the signature: a few words ending in
        "!" after a blank line, that read as no order (nor a verb misspelt), the next line the
        player's signature."""
        if (not line.endswith("!") or len(line.split()) > _MOST_IN_FLOURISH or index == 0 or self.lines[index - 1]
                or index + 1 == len(self.lines) or self.reads_alone(line) or self.near_a_verb(line)):
            return False  # it stands apart, below the orders, as the signature it goes with
        after = self.lines[index + 1]
        return (frame.closing(after) or frame.dashed_signature(self.raws[index + 1])
                or self.signature_name(index + 1, after, apart=True) is not None)

    def known(self, line: str) -> bool:
        """Whether ``line`` is one a module reads (or "New password:"), without reading it."""
        return bool(_NEW_PASSWORD.fullmatch(line)) or any(
            pattern.fullmatch(line) for reader in self.readers for pattern, _ in reader.LINES)

    # -- headers

    def read_header(self, number: int, h: frame.Header) -> bool:
        if h.written is not None:
            self.sheet.notes.append(f"line {number}: read '{h.written}:' as '{h.label}:'")
        if h.kind == "password":
            # a password is taken as written: its punctuation may be part of it
            password = h.value.strip() or None
            return self.first_header("password", number, lambda: setattr(self.sheet, "password", password))
        value = clean_value(h.value)
        if h.kind == "month":
            return self.first_header("month", number, lambda: self.read_month(number, value))
        if h.kind == "player":
            self.sheet.notes.append(f"line {number}: the player's name is not needed (the GM knows you by your "
                                    "address and password)")
            return True
        if not value:
            self.error(number, codes.E_NO_CHARACTER, "the Character line names no one",
                       "write 'Character: ' and your character's name")
            return True
        name = " ".join(value.split())
        if self.sheet.character is None:
            self.sheet.character = name
            return True
        if normalise_name(name) != normalise_name(self.sheet.character):
            # A second character: one message carries one sheet, so stop here
            # rather than pour his orders into the first character's weeks.
            self.error(number, codes.E_SECOND_CHARACTER,
                       f"a second character ({name}) in one sheet: only {self.sheet.character}'s orders are read",
                       f"send {name}'s orders in a message of their own")
            return False
        return True

    def first_header(self, key: str, number: int, apply: Callable[[], None]) -> bool:
        if key in self.header_lines:
            self.sheet.notes.append(f"line {number}: {key} given again; the first (line {self.header_lines[key]}) is kept")
            return True
        self.header_lines[key] = number
        apply()
        return True

    def read_month(self, number: int, value: str) -> None:
        month = frame.yearless_month(value)
        if month is not None:
            self.read_yearless_month(number, value, month)
            return
        try:
            self.sheet.month = GameMonth.parse(value)
        except ValueError:
            self.error(number, codes.E_BAD_MONTH, f"{quote(value)} is not a month engarde can read",
                       "write e.g. 'Month: April 1607' or 'Month: 1607-04'")

    def read_yearless_month(self, number: int, value: str, month: int) -> None:
        """"Month: April": the campaign's month to resolve if it is April, else the next April."""
        current = self.current
        if current is None:
            self.sheet.notes.append(f"line {number}: {quote(value)} has no year: the month to resolve is taken "
                                    "when the GM reads the sheet")
            return
        found = current
        while found.month != month:
            found = found.next()
        self.sheet.month = found
        which = "the month to resolve" if found == current else f"the next {found.name} after {current}, the month to resolve"
        self.sheet.notes.append(f"line {number}: {quote(value)} has no year: read as {found} ({which})")

    # -- weeks

    def read_week(self, number: int, line: str, weeks: Sequence[int], action: str) -> None:
        if not weeks:  # "Week three hundred": a label but no number we know
            self.not_understood(number, line)
            return
        notes: list[str] = []
        result: Order | ErrorRecord | Ditto | None = None
        given: list[int] = []
        outside = [w for w in weeks if not 1 <= w <= WEEKS_PER_MONTH]
        if outside:
            which = " or ".join(map(str, outside)) if len(outside) < 3 else f"{outside[0]} to {outside[-1]}"
            self.error(number, codes.E_BAD_WEEK, f"there is no week {which}: a month has weeks 1 to {WEEKS_PER_MONTH}",
                       "number the weeks 1, 2, 3 and 4")
        for week in weeks:
            if week in outside:
                continue
            if week in self.written:
                first = self.written[week].line
                self.error(number, codes.E_DUPLICATE_WEEK,
                           f"week {week} is written twice; the order on line {first} is kept and this one ignored",
                           "give each week one order")
                continue
            if result is None:  # a line for weeks 1-3 is read once, shared by them
                result = self.interpret(action, notes)
            self.written[week] = _Written(number, result, list(notes), self.index)
            self.ordered = True
            given.append(week)
        self.above = _WeekLine(number, self.index, given, action)

    def take_pending(self, number: int, line: str) -> None:
        """The order of a label written alone ("Week 1:"), on this line."""
        assert self.pending is not None
        _, _, weeks = self.pending
        self.pending = None
        self.after_sign_off(number)
        self.read_week(number, line, weeks, line)

    def flush_pending(self) -> None:
        """A label alone with no order after it: the week is written, with nothing in it (a rest)."""
        if self.pending is not None:
            label_line, index, weeks = self.pending
            self.pending, here = None, self.index
            self.index = index
            self.read_week(label_line, "", weeks, "")
            self.index = here

    def continues(self, above: _WeekLine, number: int, line: str) -> bool:
        """Read ``line`` as the rest of the week line above it, if it is (see the module's notes)."""
        how = frame.wrapped(above.action, line) if above.weeks else None
        if how is None or self.reads_alone(line):
            return False  # an order by itself is a week without its label, not the rest of another
        before = self.written[above.weeks[0]].result
        joined = f"{above.action} {line}"
        r = self.context.reading()
        result = _interpret(joined, r, self.registry)
        notes = r.notes
        if not isinstance(result, Order) or result == before:
            return False  # not one order together, or the words add nothing to it: each line stands alone
        if any(not name[:1].isupper() for name in r.unchecked):
            return False  # a name no campaign can check, in lower case ("toady to" / "sheet"): asked, not guessed
        if how == "goes on" and isinstance(before, Order) and not _extends(before, result):
            return False  # "Court mistress number 4" / "of them.": the words would change the order, not add to it
        self.interpret(joined, [])  # its names count among the sheet's now (unchecked ones are said)
        for week in above.weeks:
            self.written[week] = _Written(above.line, result, list(notes), above.key)
        self.sheet.notes.append(f"line {number} continues line {above.line}: read as one, {quote(joined, 80)}")
        self.above = replace(above, action=joined)
        return True

    # -- monthly and standing lines

    def read_line(self, number: int, line: str) -> bool:
        """A monthly or standing line: the sheet's own "New password:", else the modules' readers
        in the registry's order.  A reader may pass a line on (``Unclaimed``); if none takes it,
        the first such reader's error stands."""
        if m := _NEW_PASSWORD.fullmatch(line):
            password = m.group("pw").strip()
            if password:
                self.sheet.new_password = password
            else:
                self.error(number, codes.E_BAD_ORDER, "a new password, but none given", "write 'New password: ...'")
            return True
        unclaimed: Unclaimed | None = None
        for reader in self.readers:
            matched, result = reader.read(number, line)
            if not matched:
                continue
            if isinstance(result, Unclaimed):
                unclaimed = unclaimed or result
                continue
            if isinstance(result, Block):
                self.block = result
            return True
        if unclaimed is None:
            return False
        if unclaimed.error is not None:
            self.error(number, unclaimed.error.code, unclaimed.error.message, unclaimed.error.suggestion)
            return True
        return False

    # -- the end of the orders

    def sign_off(self, index: int, line: str) -> bool:
        """Whether ``line`` is the player's sign-off (see ``engarde.frame``)."""
        return (frame.closing(line) or frame.footer(line) or frame.dashed_signature(self.raws[index])
                or self.signature_name(index, line) is not None)

    def signature_name(self, index: int, line: str, apart: bool = False) -> str | None:
        """A name alone on its line, once an order has been read: "known" for the character's or a
        player's (the sender's, the campaign's players') anywhere; "end" for any other name at the
        end of the text (after a blank line, with nothing after it but a closing, a footer or a
        P.S.); else None.  Never words that read as an order, are near an order's verb
        ("Practse"), are capitals ("NPC") or name a thing of the rules ("Gascon Regiment")."""
        words = line.strip(" ,.!;:").split()
        if not self.ordered or not words or len(words) > 4 or self.reads_alone(line):
            return None  # before any order, a line is asked about
        name = normalise_name(" ".join(words)).casefold()
        if Signers((self.sheet.character or "", *self.signers)).signs(name) or self.players.signs(name):
            return "known"  # in any case: "jacques" signs Jacques's orders
        if not frame.name_like(line):
            return None
        if (self.near_a_verb(line) or any(len(w) > 1 and w.isalpha() and w.isupper() for w in line.split())
                or any(w.lower() in _rules_words(self.registry.tables) for w in words if len(w) > 2)):
            return None
        if not apart and (index == 0 or self.lines[index - 1]):
            return None  # a signature stands apart, below the orders: a name right under a line is asked about
        following = next((i for i in range(index + 1, len(self.lines)) if self.lines[i]), None)
        if following is None:
            return "end"
        after, raw = self.lines[following], self.raws[following]
        if (frame.closing(after) or frame.footer(after) or frame.dashed_signature(raw) or frame.decoration(after)
                or frame.postscript(after) is not None or frame.end(after)):
            return "end"  # "Tom" / "Sent from my iPhone": not another name, which could be anything
        return None

    def order_like(self, line: str) -> bool:
        """Whether ``line`` is an order or tries to be one: it reads, or its verb is known or
        nearly ("Visit Maxim's", "Practse rapier")."""
        result = self.interpret(line, [], names=False)
        return (isinstance(result, (Order, Ditto)) or result.code != codes.E_UNKNOWN_VERB
                or self.near_a_verb(line))

    def near_a_verb(self, line: str) -> bool:
        """"Practse", "Rets": an order's verb misspelt, not a name."""
        first = re.sub(r"[^\w']", "", line.split()[0].lower())
        # by the rule a slip of a verb is read by (engarde.near; "Betty" is no "bet", a short verb is read only as written)
        spellings = _known_spellings(self.registry.verbs)
        if first in spellings:
            return True  # "Duel", "Join": a verb itself
        near = nearest(first, {v: v for v in spellings if len(v) >= 5})
        # of a short verb, only two letters swapped ("Rets"): "Carl" is a name, not "call"
        return (near.value is not None or bool(near.rivals)
                or any(len(v) == len(first) and sorted(v) == sorted(first) and slips(v, first) == 1 for v in spellings))

    def after_sign_off(self, number: int) -> None:
        """An order read after the sign-off: a P.S., and the player is told."""
        if self.signed is not None and self.signed[0] != number:
            self.sheet.notes.append(f"line {number}: read after your sign-off (line {self.signed[0]}), as a P.S.")

    # -- mistakes

    def stray_password(self, number: int, line: str) -> None:
        """A password written where none is read ("Password is ...", "Week 1: New password ..."):
        reported without it, and not read."""
        self.error(number, codes.E_BAD_ORDER,
                   f"a password where engarde reads none: {quote(redact_text(line))} is not read",
                   "write 'Password: ...' (your order password) or 'New password: ...' on a line of its own")

    def not_understood(self, number: int, line: str) -> None:
        as_action = self.interpret(line, [], names=False)
        if not isinstance(as_action, (Order, Ditto)) and frame.leading_number(line) is None:
            # no line of the campaign's modules reads it, and it is no week's action missing its
            # week: a line of a house rule the campaign does not use is refused by name
            module = next((m for m, pattern in self.registry.inactive_lines if pattern.fullmatch(line)), None)
            if module is not None:
                self.error(number, codes.E_MODULE_OFF,
                           f"{quote(line)}: the {module} house rule is not in use in this campaign",
                           "ask the GM which house rules the campaign plays")
                return
        counted = frame.leading_number(line)
        if counted is not None:
            n, rest = counted
            hint = f"is {n} the week? write 'Week {n}: {rest}'; if {n} is part of the order, give its week first"
        elif isinstance(as_action, (Order, Ditto)):
            hint = f"put the week number first, e.g. 'Week 1: {line}'"
        else:
            hint = "write each week's order as 'Week N: order', monthly orders on lines of their own"
        self.error(number, codes.E_UNKNOWN_VERB, f"line not understood: {quote(line)}", hint)

    def finish(self) -> OrderSheet:
        self.flush_pending()
        if self.block is not None:
            self.block.unended()
            self.block = None
        for reader in self.readers:
            reader.finish()
        sheet = self.sheet
        if self.signed is not None and self.passed_over:
            line, words = self.signed
            sheet.notes.append(f"line {line} ({quote(words)}) is taken for your sign-off: {self.passed_over} "
                               f"line{'s' if self.passed_over > 1 else ''} after it, not orders, "
                               f"{'were' if self.passed_over > 1 else 'was'} not read")
        # week -> the week whose line failed (itself, or the week a ditto repeats)
        failed: dict[int, int] = {}
        errors: dict[int, ErrorRecord] = {}  # a line's key -> its error: a line is reported once
        for week in sorted(self.written):
            written = self.written[week]
            sheet.lines[week] = written.line
            result = written.result
            if isinstance(result, Ditto):
                result = self.resolve_ditto(week, result, failed)
            if isinstance(result, ErrorRecord):
                errors.setdefault(written.key, replace(result, source=sheet.source, line=written.line))
                failed[week] = week
                sheet.weeks[week] = Rest(reason=result.message)
            else:
                sheet.weeks[week] = result
            sheet.notes.extend(f"week {week}: {note}" for note in written.notes)
        sheet.errors.extend(self.with_weeks(key, err, failed) for key, err in errors.items())
        sheet.errors.sort(key=lambda e: e.line)
        if self.context.unchecked:
            sheet.notes.append(unchecked_note(self.context.unchecked, self.context.known))
        return sheet

    def resolve_ditto(self, week: int, ditto: Ditto, failed: dict[int, int]) -> Order | ErrorRecord:
        earlier = [w for w in self.sheet.weeks if w < week]
        target = ditto.week if ditto.week is not None else max(earlier, default=None)
        if target is None:
            return problem(codes.E_DITTO_FIRST,
                           f"'ditto' in week {week} has no earlier week to repeat",
                           "write the order itself")
        if target >= week or target not in self.sheet.weeks:
            return problem(codes.E_DITTO_FIRST,
                           f"week {week} repeats week {target}, which has no order before it",
                           "write the order itself, or repeat an earlier week")
        if target in failed:
            # The player made one mistake, on week ``target``'s line.  It is
            # reported once, there (fixing that line fixes these weeks too),
            # not once per ditto; this week rests and its note says why.
            failed[week] = failed[target]
            self.written[week].notes.append(f"repeats week {target}, which could not be done: he rests")
            return Rest(reason=f"ditto of week {target}, which could not be done")
        return self.sheet.weeks[target]

    def with_weeks(self, key: int, err: ErrorRecord, failed: dict[int, int]) -> ErrorRecord:
        """The error's message, ending with the weeks that rest because of it (its line's, ``key``)."""
        weeks = [w for w in sorted(failed) if self.written[failed[w]].key == key]
        if len(weeks) == 1:
            tail = f"week {weeks[0]} will be a rest"
        else:
            tail = "weeks " + ", ".join(map(str, weeks[:-1])) + f" and {weeks[-1]} will be rests"
        return replace(err, message=f"{err.message}; {tail}")


def parse_sheet(text: str, source: str, registry: Registry | None = None, known: Known | None = None, *,
                lines: Sequence[int] | None = None, current: GameMonth | None = None,
                signers: Sequence[str] = (), players: Signers = Signers()) -> OrderSheet:
    """A player's order text as an ``OrderSheet``, read with the campaign's modules
    (default: the core rules).  Never raises.

    ``known``: what the sheet may name (the campaign's characters, the dead too, and its
    mistresses; ``engarde.ops.names`` builds it from the database).  Every name is read
    against it; without it names are taken as written, and the sheet's notes say which could
    not be checked.
    ``lines``: the line of the file the player sent where each line of ``text`` begins
    (``engarde.intake.Message.lines``, for mail); without it, lines are counted in ``text``.
    ``current``: the campaign's month to resolve, which a month written without its year is
    read against.  ``signers``: the names the player signs with (his mail's sender name);
    ``players``: the campaign's players' names, which sign any sheet (made once for a batch).

    Text before the first header (or week) line and after ``End of orders`` or the
    player's sign-off is ignored (see the module's notes), so a player may write a
    greeting or reply below a report.
    """
    raws = split_lines(text)
    cleaned = [clean_line(raw) for raw in raws]
    file_lines = list(lines) if lines else []

    def number_of(index: int) -> int:
        if index < len(file_lines):
            return file_lines[index]
        return (file_lines[-1] if file_lines else 0) + index + 1 - len(file_lines)

    reader = _SheetReader(source, registry or core_registry(), known, cleaned, raws, number_of, current,
                          tuple(signers), players)
    start = _sheet_start(cleaned)
    if start is not None:
        for index in range(start, len(cleaned)):
            line = cleaned[index]
            if reader.block is not None:
                if not reader.block.line(number_of(index), line, raws[index]):
                    reader.block = None
                continue  # a block is read as written: blank lines and all
            if not line:
                reader.blank()
                continue
            if frame.comment(line):
                continue  # "# comments" are the player's own
            if not reader.read(index, line):
                break
        title = next((i for i in range(start) if frame.month_title(cleaned[i])), None)
        if title is not None and "month" not in reader.header_lines:  # "Orders for May" above the sheet
            reader.read_header(number_of(title), frame.Header("month", frame.month_title(cleaned[title]) or ""))
    sheet = reader.finish()
    if sheet.character is None and not any(e.code == codes.E_NO_CHARACTER for e in sheet.errors):
        has_text = any(cleaned)
        sheet.errors.insert(0, ErrorRecord(
            source, number_of(0) if has_text else 0, codes.E_NO_CHARACTER,
            "no 'Character:' line: engarde cannot tell whose orders these are",
            "begin the orders with 'Character: ' and your character's name",
        ))
    return sheet
