"""Order sheets: a player's text becomes typed orders plus error records.

``parse_sheet`` never raises.  Whatever a player writes ends up as orders,
human notes, or ``ErrorRecord``s that carry the line number in the text he
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

This module reads the sheet's frame: its headers (character, password, month),
its week lines, "New password:", "End of orders", and dittos.  What a week's
action or a monthly or standing line says is read by the modules of the
campaign, in the registry's order: their ``Verb``s for weeks, their
``LineReader``s for the other lines (``engarde.grammar`` is their kit).  A week
written in the words of a module the campaign does not use is an error that
says so.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Callable

from . import codes
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
from .text import normalise_name

# -- the sheet's frame ----------------------------------------------------------------

_HEADER = re.compile(
    r"(?P<key>character\s+name|character|char|name|password|passwd|pass|pwd|pw|month|game\s+month)"
    r"\s*(?:[:=]|\s-\s)\s*(?P<value>.*)", I)
_END = re.compile(
    r"(?:the\s+)?end(?:\s+of\s+(?:my\s+|his\s+|the\s+)?orders?|\s+orders?)?[\s.!]*|orders\s+end[\s.!]*", I)
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "first": 1, "second": 2, "third": 3,
                 "fourth": 4, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4}
_WEEK_SEP = r"\s*(?:[:.)=,\u2013\u2014-]+\s*|\s+|$)"
_WEEK_LABEL = re.compile(
    r"(?:weeks?|wks?|w)\.?\s*(?:no\.?\s*|number\s*|#\s*)?"
    # a week's digits are read whole (never "1-9999" of "1-99999999"), so a wrong one is named
    r"(?P<weeks>(?:\d{1,9}(?!\d)|one|two|three|four)"
    r"(?:\s*(?:-|\u2013|to|through|and|&|,)\s*(?:\d{1,9}(?!\d)|one|two|three|four))*)"
    r"\b" + _WEEK_SEP + r"(?P<action>.*)", I)
_WEEK_ORDINAL = re.compile(
    r"(?P<weeks>first|second|third|fourth|1st|2nd|3rd|4th)\s+week\b" + _WEEK_SEP + r"(?P<action>.*)", I)
_WEEK_BARE = re.compile(r"(?P<weeks>\d{1,2})\s*(?:[:.)=\u2013\u2014-]+\s*|\s+)(?P<action>.*)", I)
_NEW_PASSWORD = re.compile(
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


# -- week lines -------------------------------------------------------------------------


def _week_numbers(text: str) -> list[int]:
    """'2' -> [2]; '1-3' -> [1, 2, 3]; '1, 2 and 4' -> [1, 2, 4]; 'two' -> [2]."""
    tokens = re.findall(r"\d+|[a-z]+|-|\u2013", text.lower())
    numbers: list[int] = []
    span = False
    for tok in tokens:
        if tok in ("-", "\u2013", "to", "through"):
            span = True
            continue
        if tok in ("and",):
            continue
        n = int(tok) if tok.isdigit() else _NUMBER_WORDS.get(tok)
        if n is None:
            continue
        if span and numbers and numbers[-1] < n <= numbers[-1] + WEEKS_PER_MONTH:
            numbers.extend(range(numbers[-1] + 1, n + 1))
        else:
            numbers.append(n)
        span = False
    return numbers


def week_line(line: str) -> tuple[list[int], str] | None:
    """A cleaned line read as a week line: (weeks, action), or None."""
    for pattern in (_WEEK_LABEL, _WEEK_ORDINAL, _WEEK_BARE):
        m = pattern.fullmatch(line)
        if m:
            return _week_numbers(m.group("weeks")), m.group("action")
    return None


def _sheet_start(lines: list[str]) -> int | None:
    """Index of the sheet's first line: the first header line, else the first week line.

    Headers win so that chatter before them ("2 weeks ago I...") is never
    taken for a bare-number week line.
    """
    for accept in (lambda s: _HEADER.fullmatch(s), week_line):
        found = next((i for i, line in enumerate(lines) if line and accept(line)), None)
        if found is not None:
            return found
    return None


# -- the sheet ---------------------------------------------------------------------------


@dataclass
class _Written:
    """A week as written, before dittos are resolved."""

    line: int
    result: Order | ErrorRecord | Ditto
    notes: list[str]


class _SheetReader:
    """Reads one sheet line by line; ``finish`` resolves dittos and sorts errors."""

    def __init__(self, source: str, registry: Registry, known: Known | None = None) -> None:
        self.sheet = OrderSheet(source=source)
        self.registry = registry
        self.context = SheetContext(self.sheet, registry.tables, known)
        self.readers: list[LineReader] = [cls(self.context) for m in registry.modules for cls in m.lines]
        self.written: dict[int, _Written] = {}
        self.header_lines: dict[str, int] = {}
        self.block: Block | None = None

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

    # Each ``read_*`` returns True when it has dealt with the line.
    def read(self, number: int, line: str) -> bool:
        """Read one cleaned, non-blank line; False means the sheet ends here."""
        if _END.fullmatch(line):
            return False
        if (m := _HEADER.fullmatch(line)) is not None:
            return self.read_header(number, m.group("key").lower(), m.group("value"))
        if secret_spans(line) and not _NEW_PASSWORD.fullmatch(line):
            self.stray_password(number, line)
            return True
        if (week := week_line(line)) is not None:
            self.read_week(number, line, *week)
        elif not self.read_line(number, line):
            self.not_understood(number, line)
        return True

    def read_header(self, number: int, key: str, raw: str) -> bool:
        if key.startswith("pass") or key.startswith("pw"):
            # a password is taken as written: its punctuation may be part of it
            password = raw.strip() or None
            return self.first_header("password", number, lambda: setattr(self.sheet, "password", password))
        value = clean_value(raw)
        if key.endswith("month"):
            return self.first_header("month", number, lambda: self.read_month(number, value))
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
        try:
            self.sheet.month = GameMonth.parse(value)
        except ValueError:
            self.error(number, codes.E_BAD_MONTH, f"{quote(value)} is not a month engarde can read",
                       "write e.g. 'Month: April 1607' or 'Month: 1607-04'")

    def read_week(self, number: int, line: str, weeks: list[int], action: str) -> None:
        if not weeks:  # "Week three hundred": a label but no number we know
            self.not_understood(number, line)
            return
        notes: list[str] = []
        result: Order | ErrorRecord | Ditto | None = None
        for week in weeks:
            if not 1 <= week <= WEEKS_PER_MONTH:
                self.error(number, codes.E_BAD_WEEK, f"there is no week {week}: a month has weeks 1 to {WEEKS_PER_MONTH}",
                           "number the weeks 1, 2, 3 and 4")
                continue
            if week in self.written:
                first = self.written[week].line
                self.error(number, codes.E_DUPLICATE_WEEK,
                           f"week {week} is written twice; the order on line {first} is kept and this one ignored",
                           "give each week one order")
                continue
            if result is None:  # a line for weeks 1-3 is read once, shared by them
                result = self.interpret(action, notes)
            self.written[week] = _Written(number, result, list(notes))

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

    def stray_password(self, number: int, line: str) -> None:
        """A password written where none is read ("Pasword: ...", "Week 1: New password ..."):
        reported without it, and not read."""
        self.error(number, codes.E_BAD_ORDER,
                   f"a password where engarde reads none: {quote(redact_text(line))} is not read",
                   "write 'Password: ...' (your order password) or 'New password: ...' on a line of its own")

    def not_understood(self, number: int, line: str) -> None:
        as_action = self.interpret(line, [], names=False)
        if isinstance(as_action, (Order, Ditto)):
            hint = f"put the week number first, e.g. 'Week 1: {line}'"
        else:
            hint = "write each week's order as 'Week N: order', monthly orders on lines of their own"
        self.error(number, codes.E_UNKNOWN_VERB, f"line not understood: {quote(line)}", hint)

    def finish(self) -> OrderSheet:
        if self.block is not None:
            self.block.unended()
            self.block = None
        for reader in self.readers:
            reader.finish()
        sheet = self.sheet
        # week -> the week whose line failed (itself, or the week a ditto repeats)
        failed: dict[int, int] = {}
        errors: dict[int, ErrorRecord] = {}  # line -> its error: a line is reported once
        for week in sorted(self.written):
            written = self.written[week]
            sheet.lines[week] = written.line
            result = written.result
            if isinstance(result, Ditto):
                result = self.resolve_ditto(week, result, failed)
            if isinstance(result, ErrorRecord):
                errors.setdefault(written.line, replace(result, source=sheet.source, line=written.line))
                failed[week] = week
                sheet.weeks[week] = Rest(reason=result.message)
            else:
                sheet.weeks[week] = result
            sheet.notes.extend(f"week {week}: {note}" for note in written.notes)
        sheet.errors.extend(self.with_weeks(err, failed) for err in errors.values())
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

    def with_weeks(self, err: ErrorRecord, failed: dict[int, int]) -> ErrorRecord:
        """The error's message, ending with the weeks that rest because of it."""
        weeks = [w for w in sorted(failed) if self.written[failed[w]].line == err.line]
        if len(weeks) == 1:
            tail = f"week {weeks[0]} will be a rest"
        else:
            tail = "weeks " + ", ".join(map(str, weeks[:-1])) + f" and {weeks[-1]} will be rests"
        return replace(err, message=f"{err.message}; {tail}")


def parse_sheet(text: str, source: str, registry: Registry | None = None, known: Known | None = None) -> OrderSheet:
    """A player's order text as an ``OrderSheet``, read with the campaign's modules
    (default: the core rules).  Never raises.

    ``known``: what the sheet may name (the campaign's characters, the dead too, and its
    mistresses; ``engarde.ops.names`` builds it from the database).  Every name is read
    against it; without it names are taken as written, and the sheet's notes say which could
    not be checked.

    Text before the first header (or week) line and after ``End of orders`` is
    ignored, so a player may write a greeting or reply below a report.
    """
    raws = split_lines(text)
    lines = [clean_line(raw) for raw in raws]
    reader = _SheetReader(source, registry or core_registry(), known)
    start = _sheet_start(lines)
    if start is not None:
        for number, line in enumerate(lines[start:], start=start + 1):
            if reader.block is not None:
                if not reader.block.line(number, line, raws[number - 1]):
                    reader.block = None
                continue  # a block is read as written: blank lines and all
            if not line or line.startswith("#"):
                continue  # blank lines and "# comments" are the player's own
            if not reader.read(number, line):
                break
    sheet = reader.finish()
    if sheet.character is None and not any(e.code == codes.E_NO_CHARACTER for e in sheet.errors):
        has_text = any(lines)
        sheet.errors.insert(0, ErrorRecord(
            source, 1 if has_text else 0, codes.E_NO_CHARACTER,
            "no 'Character:' line: engarde cannot tell whose orders these are",
            "begin the orders with 'Character: ' and your character's name",
        ))
    return sheet
