"""The grammar kit: what every module's grammar is written with.

A module reads its weekly orders with ``Verb``s (a pattern over the cleaned
week's action and a builder that makes the order, an error, or declines) and
its monthly and standing lines with a ``LineReader`` (patterns over whole
lines, and ``Block``s for what runs over several lines, such as a letter).  The
sheet loop (``engarde.parse``) calls them in the registry's order; this module
holds what they share: cleaning a line, quoting the player back to himself,
errors not yet placed in a file, "did you mean", numbers as players write them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable, ClassVar, Mapping, TypeVar

from . import codes
from .known import Known, Named, either, name_key, words_at
from .near import nearest, suggestions
from .orders import Order, OrderSheet, P
from .records import ErrorRecord
from .tables import DEFAULT_HIGH, Tables
from .patterns import Regex, lazy

I = re.IGNORECASE
_T = TypeVar("_T")

# -- text clean-up ----------------------------------------------------------------

# Mail clients "smarten" quotes and insert odd spaces; the grammar only wants
# straight apostrophes and plain spaces.
_TRANSLATE = str.maketrans({
    "\u2018": "'", "\u2019": "'", "\u02bc": "'", "\u00b4": "'", "\u2032": "'", "`": "'",
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u2033": '"', "\u3003": '"',
    "\u00a0": " ", "\u2007": " ", "\u202f": " ", "\t": " ",
    "\u200b": None, "\u200e": None, "\u200f": None, "\ufeff": None,
})
# A list bullet at the start of a line ("- Week 1: ...", "* Join: ...").  It
# needs a space after it so that a lone "-" (rest) is not taken for a bullet.
_BULLET = lazy(r"[-*+\u2022\u00b7\u2023\u25e6\u25aa\u2013\u2014]+\s+")
TRAILING_CHARS = " .!;,:"  # after clean_line the only space left is " "

# -- filler ----------------------------------------------------------------------------
# The words that say nothing of an order, the one list of them (orders/README.md lists them
# for the player): said before it ("I shall", "please have me") they are dropped by
# ``clean_action``; after its words ("Court Ninon once more") ``Reading.leftover`` sets them
# aside.  Any other word a builder does not use is reported, never dropped (``Verb.read``).
FILLER = (
    "please", "kindly", "i shall", "i will", "i'll", "i want to", "i wish to", "i'd like to",
    "i would like to", "i intend to", "i mean to", "i plan to", "he shall", "he will", "he'll", "he is to",
    "shall", "will", "have me", "have him", "let me", "let him", "then", "and then",
    "once more", "again", "as usual", "as before", "as ever", "this week", "this time", "if possible",
    "if you please", "thank you", "thanks", "as well", "too", "the", "a", "an",
)
# Before an order only the phrases that cannot begin one ("the", "a" may: "a night at ...").
_LEADING = tuple(f for f in FILLER if f not in ("the", "a", "an", "too", "again", "as well", "thanks",
                                                "thank you"))
_POLITE = lazy(
    r"(?:" + "|".join(re.escape(f).replace(r"\ ", r"\s+") for f in sorted(_LEADING, key=len, reverse=True))
    + r")\s+", I)
# A filler phrase by its first word, to read a remainder word by word (linear: no regex).
_FILLER_BY_FIRST: dict[str, list[tuple[str, ...]]] = {}
for _phrase in sorted(FILLER, key=len, reverse=True):
    _FILLER_BY_FIRST.setdefault(_phrase.split()[0], []).append(tuple(_phrase.split()))
_WORD = lazy(r"[\w']+")


def not_filler(words: str) -> str:
    """The words of ``words`` that are no filler, as written from the first to the last of
    them (empty: every word is filler)."""
    found = list(_WORD.finditer(words))
    kept: list[int] = []
    i = 0
    while i < len(found):
        lower = [w.group(0).lower() for w in found[i:i + 4]]
        phrase = next((p for p in _FILLER_BY_FIRST.get(lower[0], ()) if tuple(lower[:len(p)]) == p), None)
        if phrase is None:
            kept.append(i)
            i += 1
        else:
            i += len(phrase)
    return words[found[kept[0]].start():found[kept[-1]].end()] if kept else ""


def split_lines(text: str) -> list[str]:
    """The lines of ``text`` as an editor numbers them (any newline convention)."""
    return re.split(r"\r\n|\r|\n", text)


def clean_line(raw: str) -> str:
    """One line, with smart quotes, markdown emphasis, bullets and extra spaces removed."""
    s = raw.translate(_TRANSLATE).replace("**", "").replace("__", "")
    s = " ".join(s.split())
    while m := _BULLET.match(s):
        s = s[m.end():]
    return s


def clean_action(text: str) -> str:
    """A week's action without closing punctuation or "I shall ... please"."""
    # str methods, not regexes: a run of ", , , ," must not cost quadratic time
    s = clean_line(text).rstrip(TRAILING_CHARS)
    if s.lower().endswith(" please") or s.lower().endswith(",please"):
        s = s[: -len("please")].rstrip(TRAILING_CHARS)
    while m := _POLITE.match(s):
        s = s[m.end():]
    return s


def clean_value(value: str) -> str:
    return value.rstrip(TRAILING_CHARS).strip(" \"'<>[]")


LEADING_ARTICLE = lazy(r"^(?:(?:the|a|an|to)\s+)+", I)


def quote(text: str, limit: int = 60) -> str:
    """A player's words quoted back to him, shortened if long."""
    text = text if len(text) <= limit else text[: limit - 3].rstrip() + "..."
    return f"'{text}'"


def problem(code: str, message: str, suggestion: str | None = None) -> ErrorRecord:
    """An error not yet placed in a file; ``parse_sheet`` fills in source and line."""
    return ErrorRecord(source="", line=0, code=code, message=message, suggestion=suggestion)


def bad_order(message: str, suggestion: str | None = None) -> ErrorRecord:
    return problem(codes.E_BAD_ORDER, message, suggestion)


def did_you_mean(word: str, choices: Mapping[str, str], cutoff: float = 0.6) -> str | None:
    """The canonical choice whose spelling is closest to ``word``, if any is close (only
    offered: what is read from a slip of the pen is ``near_word``'s)."""
    close = suggestions(word.lower(), choices.keys(), cutoff=cutoff, limit=1)
    return choices[close[0]] if close else None


def near_word(written: str, spellings: Mapping[str, str], key: Callable[[str], str] = str.lower,
              parts: Mapping[str, tuple[str, ...]] | None = None) -> tuple[str | None, str | None, ErrorRecord | None]:
    """``written`` read against ``spellings`` (each spelling, as ``key`` makes it -> the thing):
    (the thing, the note saying how a slip was read or None, None); (None, None, the error)
    when a slip reaches two things; (None, None, None) when it reaches none (the caller says
    what is unknown).  With ``parts`` (``engarde.known.name_parts``), one word of a longer name
    written exactly is read as it ("the Gables": The Blue Gables), before any slip."""
    written_key = key(written)
    if parts and written_key not in spellings and written_key in parts:
        held = parts[written_key]
        if len(held) > 1:
            return None, None, problem(codes.E_TWO_READINGS, f"{quote(written)}: {either(held)}?",
                                       f"write the whole name: {either(held)}")
        return held[0], f"read {quote(written)} as {quote(held[0])}", None
    near = nearest(written_key, spellings)
    if near.rivals:
        return None, None, problem(codes.E_TWO_READINGS, f"{quote(written)}: {either(near.rivals)}?",
                                   f"write {either(near.rivals)} as the rules spell it")
    if near.value is None:
        return None, None, None
    return near.value, (f"read {quote(written)} as {quote(near.value)}" if near.slip else None), None


# An order for the month written on a week's line: where it belongs.
MONTHLY_HINT = "it is an order for the whole month, not a week's action"

# -- numbers and names as players write them ------------------------------------------

NUMBER_WORD_VALUES = {
    "a": 1, "an": 1, "one": 1, "single": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "twenty": 20,
    "once": 1, "twice": 2, "thrice": 3, "double": 1, "triple": 2,
}

# The most engarde reads as any amount or count written in an order: a million.  It is the
# ceiling of every number a campaign's tables may hold (engarde.tables.DEFAULT_HIGH), far above
# any sum the rules make (a character's funds are hundreds of crowns, the richest allowance a
# few thousand a month), and low enough that no sum or product of amounts grows past what a
# sheet prints, a ledger adds up or a database integer holds.  A rule with a smaller natural
# bound (nine bets a week, four weeks, nine classes of favour) says so itself.
MAX_AMOUNT = DEFAULT_HIGH

# An amount as written, caught whole so that what is wrong with it can be said: its digits are
# one run, never split (an atomic group: "99999999999 crowns" is one number, too large, never
# "9999999" after "9999"), with what makes it no amount kept in the match: a sign ("-50",
# "minus 5"), decimals or thousands ("50.5", "1,000"), an exponent ("1e9").
DIGITS = r"(?<![\d.,'_])(?>\d+(?:[.,'_]\d+)*(?:e[+-]?\d+)?)"
SIGN = r"(?:(?:minus|negative)\s+|[-\u2212](?=\d))"
_SIGNED = rf"(?:{SIGN}|\+(?=\d))?"  # "+2" is two
AMOUNT = rf"(?:{_SIGNED}{DIGITS})"
# A count: an amount, or a number word ("four bets", "two extra payments").
_WORDS = r"a|an|one|single|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty"
N = rf"(?:{_SIGNED}(?:{DIGITS}|(?:{_WORDS})\b))"
_THOUSANDS = lazy(r"\d{1,3}(?:,\d{3})+")


def number(word: str) -> int:
    """A number word or plain digits as an int (``amount`` says what is wrong with other text)."""
    word = word.lower()
    return int(word) if word.isdigit() else NUMBER_WORD_VALUES[word]


def amount(written: str, what: str = "crowns", low: int = 0, high: int = MAX_AMOUNT,
           hint: str | None = None, words: str | None = None) -> int | ErrorRecord:
    """The number ``written`` (matched by ``AMOUNT`` or ``N``: "50", "1,000", "four"), or an
    E_BAD_AMOUNT error naming the words (``words``, else what was written and ``what``): a
    negative amount, one that is no whole number in figures ("50.5", "1e9", "1.000"), more
    than ``high`` (``MAX_AMOUNT`` unless the rule says less) or less than ``low``.  Never
    another number than the one written."""
    text = " ".join(written.split())
    shown = quote(words if words is not None else
                  f"{text} {what}" if what and not text.lower().endswith(what) else text)
    body = re.sub(rf"^{SIGN}", "", text, flags=I)
    negative = body != text
    body = re.sub(r"^\+(?=\d)", "", body)
    of_what = f" of {what}" if what else ""
    hint = hint or f"write a number{of_what} from {low:,} to {high:,}"
    lower = body.lower()
    if lower in NUMBER_WORD_VALUES:
        value: int | None = NUMBER_WORD_VALUES[lower]
    # isdecimal, not isdigit: "¹" is a digit to Python but no number int() reads
    elif body.isdecimal() or _THOUSANDS.fullmatch(body):
        digits = body.replace(",", "")
        # a run of digits longer than the ceiling's is too large, without making it an int
        value = int(digits) if len(digits.lstrip("0")) <= len(str(high)) else None
        if value is None or value > high:
            most = ", the most engarde reads" if high == MAX_AMOUNT else ""
            return problem(codes.E_BAD_AMOUNT, f"{shown}: more than {high:,}{most}", hint)
    else:
        return problem(codes.E_BAD_AMOUNT, f"{shown} is not a whole number{of_what} written in figures", hint)
    if negative:
        return problem(codes.E_BAD_AMOUNT, f"{shown}: a number{of_what} cannot be negative", hint)
    if value < low:
        return problem(codes.E_BAD_AMOUNT, f"{shown}: at least {low:,}", hint)
    return value


# What joins a clause to the place.  The conjunctions are bounded: an
# unbounded run would make a line of "and and and ..." take quadratic time.
SEP = r"(?:[,;]\s*|\s+)(?:(?:and|but|then)\s+){0,2}"
_NAME_SPLIT = lazy(r"\s*,\s*|\s+and\s+|\s*&\s*", I)
# What joins one name of a list to the next ("Athos, Porthos and Aramis", "Athos & Porthos").
NAME_JOIN = lazy(r"\s*(?:,\s*(?:and\s+)?|\s+and\s+|\s*&\s*)", I)
# What may follow a list of companions without being a name: "Aramis along", "... as my guests".
NAME_TAIL = lazy(r"\s+(?:as\s+(?:his|my|a|the|our)\s+guests?|along)$", I)


def take(pattern: Regex, text: str) -> tuple[list[re.Match[str]], str]:
    """All matches of ``pattern`` in ``text``, and the text without them."""
    found = list(pattern.finditer(text))
    return found, pattern.sub(" ", text)


def names_in(text: str) -> tuple[str, ...]:
    """"Athos, Porthos and Aramis" -> the three names."""
    names = []
    for part in _NAME_SPLIT.split(NAME_TAIL.sub("", text.strip(" ,;"))):
        name = " ".join(part.strip(" ,;.\"'").split())
        if name:
            names.append(name)
    return tuple(names)


# -- weekly verbs ---------------------------------------------------------------------


def unchecked_note(names: list[str], known: Known) -> str:
    """The confirmation's line for the names read with nothing to check them against."""
    distinct: dict[str, str] = {}
    for name in names:  # each name once, as first written
        distinct.setdefault(name_key(name), name)
    return f"names not checked: {', '.join(distinct.values())} ({known.why})"


@dataclass
class Reading:
    """What a verb's builder works with while it reads one week's action: the campaign's
    tables (``r.tables.gambling.max_bets_per_week``), what a sheet may name (``r.known``, and
    ``r.author``, whose sheet it is), and the notes it leaves for the player ("no weapon given:
    the rapier").  Every character or mistress a builder reads goes through ``character``,
    ``characters`` or ``mistress``: one reader of names for every module."""

    tables: Tables = field(default_factory=Tables)
    notes: list[str] = field(default_factory=list)
    known: Known = field(default_factory=Known)
    author: str | None = None
    # names taken as written, with no campaign to check them against (said once, on the sheet)
    unchecked: list[str] = field(default_factory=list)
    # words a builder did not use and that are no filler: (the words, what they came after)
    unread: list[tuple[str, str]] = field(default_factory=list)

    def note(self, text: str) -> None:
        self.notes.append(text)

    def fork(self) -> "Reading":
        """A reading of the same week whose notes count only if its verb accepts the words."""
        return Reading(self.tables, known=self.known, author=self.author)

    def accept(self, fork: "Reading") -> None:
        """The verb that read ``fork`` accepted the words: what it noted counts."""
        self.notes.extend(fork.notes)
        self.unchecked.extend(fork.unchecked)
        self.unread.extend(fork.unread)

    def named(self, named: Named, whole: bool = True) -> str | ErrorRecord:
        """What the reader of names read: the name (a slip said in a note, the words after it
        given to ``leftover`` if ``whole``), or the error saying why no name was read."""
        if named.name is None:
            return problem(named.code, named.problem or f"{quote(named.written)} is not a name engarde knows",
                           named.hint)
        if not named.checked:
            self.unchecked.append(named.name)
        if named.slip:
            self.note(f"read {quote(named.written)} as {quote(named.name)}")
        if whole:
            self.leftover(named.rest, named.name)
        return named.name

    def character(self, text: str) -> str | ErrorRecord:
        """The character ``text`` names: the longest name of the campaign it begins with."""
        return self.named(self.known.character_at(text))

    def characters(self, text: str) -> tuple[str, ...] | ErrorRecord:
        """The characters of a list ("Athos, Porthos and Aramis", "Aramis along")."""
        read = self.company(text)
        return read if isinstance(read, ErrorRecord) else read[0]

    def characters_at(self, text: str) -> tuple[tuple[str, ...], str] | ErrorRecord:
        """The characters of the list the words begin with, and the words after it ("Porthos
        and Aramis at Bothwell's": "at Bothwell's"), for the caller to read.  Only with the
        campaign's names (``known.checked``): without them no one can tell where a name ends."""
        read = self._list(text.strip(" ,;"), None)
        return read if isinstance(read, ErrorRecord) else (read[0], read[2])

    def company(self, text: str, her: Regex | None = None) -> tuple[tuple[str, ...], bool] | ErrorRecord:
        """The characters of a list, and whether his own mistress is among them (written as
        ``her`` matches, "my mistress", or by her name: "with Porthos and Roxanne")."""
        text = NAME_TAIL.sub("", text.strip(" ,;"))
        if not self.known.checked:
            parts = names_in(text)
            names = tuple(n for n in parts if her is None or not her.fullmatch(n))
            self.unchecked.extend(names)
            return names, len(names) < len(parts)
        read = self._list(text, her)
        if isinstance(read, ErrorRecord):
            return read
        names, with_her, rest, last = read
        self.leftover(rest, last)
        return names, with_her

    def _list(self, text: str, her: Regex | None) -> tuple[tuple[str, ...], bool, str, str] | ErrorRecord:
        """(the characters, his mistress among them?, the words after the list, the last name)."""
        kept = self.known.kept_by(self.author) if her is not None else None
        names: list[str] = []
        with_her = False
        rest = text
        while True:
            mine = words_at(rest, {name_key(kept.name): kept.name}) if kept is not None else None
            if her is not None and (m := her.match(rest)) is not None and not rest[m.end():m.end() + 1].isalnum():
                with_her, rest, last = True, rest[m.end():], "his mistress"
            elif mine is not None and mine.name is not None:
                if mine.slip:
                    self.note(f"read {quote(mine.written)} as {quote(mine.name)}")
                with_her, rest, last = True, mine.rest, mine.name
            else:
                named = self.known.character_at(rest)
                name = self.named(named, whole=False)
                if isinstance(name, ErrorRecord):
                    return name
                names.append(name)
                rest, last = named.rest, name
            join = NAME_JOIN.match(rest)
            if join is None or not rest[join.end():].strip():
                return tuple(names), with_her, rest, last
            rest = rest[join.end():]

    def mistress(self, text: str) -> str | ErrorRecord:
        """The mistress ``text`` names: by name, by number, or "my mistress"."""
        return self.named(self.known.mistress_at(text, self.author))

    def leftover(self, words: str, after: str) -> None:
        """Words a builder did not use ("Court Ninon once more": "once more" after Ninon): the
        filler among them is set aside; any other word makes the order an error quoting it
        (``Verb.read``), never an order read without it."""
        words = " ".join(not_filler(words).split())  # quoted as one line, a word taken out between
        if words:
            self.unread.append((words, after))

    def unread_error(self) -> ErrorRecord:
        """The error for the words no reader used (``leftover``)."""
        words, after = self.unread[0]
        return problem(codes.E_WORDS_NOT_READ, f"{quote(words)} after {after} is not understood",
                       "write the order without them, one action a week, as orders/README.md shows it")

    def near(self, written: str, spellings: Mapping[str, str], key: Callable[[str], str] = str.lower,
             parts: Mapping[str, tuple[str, ...]] | None = None) -> str | ErrorRecord | None:
        """A word read against the things it may name (``near_word``), the slip noted."""
        value, note, error = near_word(written, spellings, key, parts)
        if note:
            self.note(note)
        return error if error is not None else value


@dataclass(frozen=True)
class Ditto:
    """'ditto' / 'same as week 2': resolved by the sheet, which knows earlier weeks."""

    week: int | None = None  # None: the nearest earlier week with an order


# What a verb's builder returns: an order, an error, a ditto for the sheet to
# resolve, or None for "not mine after all, try the next verb".
Built = Order | ErrorRecord | Ditto | None
Builder = Callable[[re.Match[str], Reading], Built]


@dataclass(frozen=True)
class Verb:
    """One kind of weekly order: how it is written and what it becomes.

    ``pattern`` must match the whole cleaned action (case-insensitive).  The
    builder may leave notes for the player on its ``Reading``.  ``spellings`` are
    offered as "did you mean ...?" for unknown verbs.  Verbs are tried in the
    registry's order (``engarde.rules.VERBS`` for the core's); a house module's
    verb says where it goes with ``before`` or ``after`` a named verb.
    """

    name: str
    pattern: Regex
    build: Builder
    spellings: tuple[str, ...] = ()
    before: str | None = None
    after: str | None = None
    # A fallback verb is tried last, after the verbs of modules the campaign does not use
    # (a bare place, "Hunter's and carouse", must not shadow a house rule's order).
    fallback: bool = False
    # Its words are also a clause of another order ("Visit Hunter's and gamble 4 bets of 50"),
    # so they never start a second action in a week (``second_action``).
    clause: bool = False

    def read(self, m: re.Match[str], r: Reading) -> Built:
        """What the builder makes of the words ``m`` matched: an order only if every word was
        used or filler; else the error quoting the words left over (every module's verbs alike)."""
        built = self.build(m, r)
        if isinstance(built, (Order, Ditto)) and r.unread:
            r.notes.clear()  # they describe an order that is not taken
            return r.unread_error()
        return built


def verb(name: str, pattern: str, build: Builder, spellings: tuple[str, ...] = (), *,
         before: str | None = None, after: str | None = None, fallback: bool = False,
         clause: bool = False) -> Verb:
    return Verb(name, lazy(pattern, I), build, spellings, before, after, fallback, clause)


# Where one week's action may end and another begin: ", then ...", "; ...", ". ...", " and ...".
_ACTION_JOIN = lazy(r"\s*[,;.]\s*(?:(?:and|then|but)\s+){0,2}|\s+(?:and|then|but)\s+(?:then\s+)?", I)
# Joins tried on one line: a line of a hundred commas costs no more than one of six.
_MOST_JOINS = 6


def second_action(action: str, r: Reading, read: Callable[[str, Reading, bool], Built]) -> ErrorRecord | None:
    """Two actions written for one week ("Visit the Frog, then practise the sabre"): the error
    naming both, when the words after a join make an order of another kind than the words
    before it (``read(text, reading, second)``: the order the words make, or None).  A week
    holds one action; engarde never picks one of two."""
    for n, join in enumerate(_ACTION_JOIN.finditer(action)):
        if n >= _MOST_JOINS:
            break
        head, tail = action[:join.start()].strip(), action[join.end():].strip()
        if not head or not tail:
            continue
        second = read(tail, r.fork(), True)
        if not isinstance(second, Order):
            continue
        first = read(head, r.fork(), False)
        if isinstance(first, Order) and type(first) is not type(second):
            return problem(codes.E_TWO_ACTIONS, f"two actions in one week: {quote(head)} and {quote(tail)}",
                           "a week holds one action: write one of them, and the other on another week")
    return None


# -- monthly and standing lines, and blocks ----------------------------------------------


class SheetContext:
    """What a module's ``LineReader`` sees of the sheet being read."""

    def __init__(self, sheet: OrderSheet, tables: Tables | None = None, known: Known | None = None) -> None:
        self.sheet = sheet
        self.tables = tables if tables is not None else Tables()
        # what the sheet may name (``Known()``: nothing, names are taken as written)
        self.known = known if known is not None else Known()
        # the names of the campaign's characters, the dead too, when the reader knows them
        self.characters = self.known.everyone
        # names taken as written, with no campaign to check them against
        self.unchecked: list[str] = []

    def error(self, line: int, code: str, message: str, suggestion: str | None = None) -> None:
        self.sheet.errors.append(ErrorRecord(self.sheet.source, line, code, message, suggestion))

    def note(self, text: str) -> None:
        self.sheet.notes.append(text)

    def reading(self) -> Reading:
        """A ``Reading`` of one line, to read its names with the verbs' reader."""
        return Reading(self.tables, known=self.known, author=self.sheet.character)

    def keep(self, number: int, r: Reading) -> None:
        """What ``r`` noted on line ``number`` (a slip read, words not read), and the names it
        could not check, kept on the sheet."""
        self.sheet.notes.extend(f"line {number}: {note}" for note in r.notes)
        self.unchecked.extend(r.unchecked)

    def take(self, number: int, r: Reading, read: _T | ErrorRecord) -> _T | None:
        """What ``r`` read on line ``number``: its notes and unchecked names kept; an error
        recorded on the line (then None), as are words it read that no reader used."""
        self.keep(number, r)
        if not isinstance(read, ErrorRecord) and r.unread:
            read = r.unread_error()
        if isinstance(read, ErrorRecord):
            self.error(number, read.code, read.message, read.suggestion)
            return None
        return read

    def monthly(self, cls: type[P]) -> P:
        """The module's orders for the month on this sheet, to fill in."""
        return self.sheet.monthly.edit(cls)

    def standing(self, cls: type[P]) -> P:
        """The module's standing orders given on this sheet, to fill in."""
        return self.sheet.standing.edit(cls)


class Block:
    """Lines read as one whole after the line that opened them (a letter to the gazette,
    a written plan), raw as the player wrote them, until the block says it is done."""

    def line(self, number: int, line: str, raw: str) -> bool:
        """Read one line (``line`` cleaned, ``raw`` as written); False: the block ended with it."""
        raise NotImplementedError

    def unended(self) -> None:
        """The sheet ended inside the block."""


@dataclass(frozen=True)
class Unclaimed:
    """What a reader answers for a line its pattern matched but that it cannot read: the
    line goes on to the next module's reader, and if none takes it, ``error`` (if any)
    is reported on it ("Join: the Gascon Regiment" is no club, but the regiments know it)."""

    error: ErrorRecord | None = None


class LineReader:
    """One module's monthly and standing lines on one sheet (one instance per sheet).

    ``LINES``: (pattern, method name), tried in order against each line that is
    neither a header nor a week; the method takes ``(number, match)`` and may
    return a ``Block`` that reads the lines after it, or ``Unclaimed`` to pass the
    line on.  ``finish`` runs once the
    whole sheet has been read (checks that need all of it, such as a duel
    sequence against the weapon named on another line).
    """

    LINES: ClassVar[tuple[tuple[Regex, str], ...]] = ()

    def __init__(self, sheet: SheetContext) -> None:
        self.sheet = sheet

    def read(self, number: int, line: str) -> tuple[bool, Block | Unclaimed | None]:
        """(True, what the method returned) when one of its patterns matches; (False, None) otherwise."""
        for pattern, method in self.LINES:
            m = pattern.fullmatch(line)
            if m is not None:
                return True, getattr(self, method)(number, m)
        return False, None

    def finish(self) -> None:
        pass


def monthly_in_week(what: str, hint: str, aside: str = "") -> ErrorRecord:
    """An order for the month written on a week's line."""
    return problem(codes.E_UNKNOWN_VERB, f"{what}: {MONTHLY_HINT}" + (f" ({aside})" if aside else ""), hint)


def standing_in_week(m: re.Match[str], r: Reading) -> Built:
    """A standing order written on a week's line (a builder several modules' verbs share)."""
    return problem(codes.E_UNKNOWN_VERB, f"{quote(m.group(0))}: a standing order, not a week's action",
                   "write it on a line of its own, e.g. 'If challenged: accept with sabre'")


__all__ = [
    "AMOUNT", "Block", "Built", "Builder", "DIGITS", "Ditto", "I", "LEADING_ARTICLE", "LineReader", "MAX_AMOUNT",
    "MONTHLY_HINT", "N", "NAME_JOIN", "NAME_TAIL", "SIGN", "Unclaimed", "NUMBER_WORD_VALUES", "Reading", "amount", "SEP", "SheetContext", "TRAILING_CHARS", "Verb", "bad_order", "clean_action",
    "clean_line", "clean_value", "did_you_mean", "FILLER", "not_filler", "second_action", "either", "Known", "monthly_in_week", "Named", "near_word",
    "unchecked_note", "names_in", "number", "problem", "quote",
    "split_lines", "standing_in_week", "take", "verb",
]
