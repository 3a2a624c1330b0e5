"""The sheet's frame: what each line of an order sheet is, before any module reads its words.

A GM sees at a glance a sheet's headers (whose orders, his password, which month), its week
lines however they are labelled, where the orders end (an `End` line, or the player's sign-off)
and what is no order at all (a heading, a rule of dashes).  This module says which of these a
cleaned line (``engarde.grammar.clean_line``) is; the sheet loop (``engarde.parse``) acts on it
and the modules' grammars read what is left.  orders/README.md, "The order sheet", is the
player's side of it.

Every pattern here takes time linear in the line: the repeated parts of a label (the weeks of
"Weeks 1, 2 and 3") each start with their own characters, so no text can be matched two ways.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .calendar import MONTH_NAMES
from .grammar import I
from .near import slips
from .redaction import near_password
from .patterns import lazy

# -- headers ---------------------------------------------------------------------------------

# "Key: value", "Key = value", "Key - value".  Which keys are headers is decided in ``header``:
# a line such as "If challenged: accept" matches here and is not one.  The key is at most 31
# characters and has no digit ("Week 1: ..." is no header), so trying where it ends costs a
# bounded amount per line.
_KEY_VALUE = lazy(r"(?P<key>[^\W\d_](?:[^\W\d]|[' ]){0,30}?)\s*(?P<sep>[:=]|\s[-\u2013\u2014]\s)\s*(?P<value>.*)")
_HAS_SEPARATOR = lazy(r"[:=]|\s[-\u2013\u2014]\s")
_POSSESSIVE = lazy(r"'s?\b")
_OWNER = frozenset({"my", "your", "his", "the", "our", "order"})  # "Order password:", "My character:"
_CHARACTER = frozenset({"character", "char", "name", "pc", "character name", "char name", "player character",
                        "gentleman", "characters name", "player character name", "character names"})
_PLAYER = frozenset({"player", "player name", "real name", "played by"})
_MONTH = frozenset({"month", "game month", "orders for", "turn", "month of orders"})
# "pw", "pass" are a password's label only before ":" or "=", as engarde.redaction reads them
# ("pass - the salt" is no password line there, so none here either).
_SHORT_PASSWORD = frozenset({"pw", "pass", "passe"})


@dataclass(frozen=True)
class Header:
    """A header line: ``kind`` is character, password, month or player; ``written`` the key as
    the player wrote it, when it is a misspelling engarde forgives (else None)."""

    kind: str
    value: str
    written: str | None = None

    @property
    def label(self) -> str:
        return self.kind.capitalize()


def _near_character(word: str) -> bool:
    """"character" misspelt ("charcter", "charachter", "caracter"): two edits at most (a swap counts
    one) in a word of eight letters or more; a shorter word is too easily another ("charter")."""
    return 8 <= len(word) <= 12 and word[0] == "c" and slips(word, "character") <= 2


def header(line: str) -> Header | None:
    """``line`` read as a header line, or None: "Character: Porthos", "Charcter: Porthos", "Name:
    Porthos", "Password: ...", "Pasword: ...", "Month: April", "Player: Paul"."""
    if not _HAS_SEPARATOR.search(line):
        return None  # most lines of a sheet: no separator, no header (this keeps the loop fast)
    m = _KEY_VALUE.fullmatch(line)
    if m is None:
        return None
    written = " ".join(m.group("key").split())
    words = _POSSESSIVE.sub("", written.lower()).split()
    while len(words) > 1 and words[0] in _OWNER:
        words = words[1:]
    key = " ".join(words)
    value = m.group("value")
    if key in _CHARACTER:
        return Header("character", value)
    if key in _PLAYER:
        return Header("player", value)
    if key in _MONTH:
        return Header("month", value)
    if len(words) == 1 and (near_password(key) or key in _SHORT_PASSWORD and m.group("sep") in ":="):
        exact = key in ("password", "passwd", "pass", "pwd", "pw")
        return Header("password", value, None if exact else written)
    core = words[1:] if words[:1] == ["player"] else words
    core = core[:-1] if core[-1:] == ["name"] else core
    if len(core) == 1 and _near_character(core[0]):
        return Header("character", value, written)
    return None


# -- the month ---------------------------------------------------------------------------------

_MONTH_WORD = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
_YEAR = r"(?:,?\s+(?P<year>\d{3,4}))?"
# A line that is only the month the orders are for: "Orders for May", "My orders for April 1607:",
# "May orders".
_MONTH_TITLE = lazy(
    rf"(?:(?:my|his|the)\s+)?orders?\s+for\s+(?:the\s+month\s+of\s+)?(?P<month>{_MONTH_WORD}){_YEAR}[\s.:!]*"
    rf"|(?P<month2>{_MONTH_WORD})(?:,?\s+(?P<year2>\d{{3,4}}))?\s+orders?[\s.:!]*", I)


def month_number(word: str) -> int | None:
    """1 to 12 for a month's name or its first three letters or more ("Apr", "Sept."), else None."""
    word = word.lower().rstrip(".")
    if len(word) < 3:
        return None
    return next((i for i, name in enumerate(MONTH_NAMES, start=1) if name.lower().startswith(word)), None)


def month_title(line: str) -> str | None:
    """The month a title line names ("Orders for May" -> "May"), as a Month header's value; None
    if the line is no such title."""
    m = _MONTH_TITLE.fullmatch(line) if "order" in line.lower() else None
    if m is None:
        return None
    month = m.group("month") or m.group("month2")
    year = m.group("year") or m.group("year2")
    if month_number(month) is None:
        return None
    return f"{month} {year}" if year else month


def yearless_month(value: str) -> int | None:
    """The month named by ``value`` when it has no year ("April", "apr."), else None."""
    return month_number(value.strip()) if re.fullmatch(r"[^\W\d_]+\.?", value.strip()) else None


# -- week labels -----------------------------------------------------------------------------

_WEEK_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "first": 1, "second": 2, "third": 3, "fourth": 4,
               "1st": 1, "2nd": 2, "3rd": 3, "4th": 4, "i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5}
_ROMAN = r"(?:iv|v|i{1,3})"
_NUMBER_OF_WEEK = rf"(?:\d{{1,9}}(?!\d)|one|two|three|four|{_ROMAN}\b)"
# Words a number counts in an order: "4 bets of 50", "2 x 30", "3 crowns": such a number is
# the order's, never a week's label.
COUNTED = r"(?:bets?|crowns?|x|times|extra|payments?|expertise|strength|points?|percent|of)\b|%"
_NOT_COUNTED = rf"(?!\s*(?:{COUNTED}))"
# Between the weeks of one label: "1-3", "3 & 4", "1, 2 and 3", "2 to 4".
_BETWEEN = r"(?:\s*(?:[-\u2013\u2014&+/]|to\b|through\b|thru\b|and\b)\s*|\s*,\s*(?:and\s+)?)"
_SEP = r"\s*(?:[:.)=,\u2013\u2014-]+\s*|\s+|$)"
_LIST_NUMBER = r"(?:\d{1,2}[.)]\s+)?"  # "1. Week 2: ...": a numbered list of week lines
_OPEN, _CLOSE = r"[\[(]?\s*", r"\s*[\])]?"
_WEEK_LABEL = lazy(
    rf"{_LIST_NUMBER}{_OPEN}(?:weeks?|wks?)\.?\s*(?:no\.?\s*|number\s*|#\s*)?"
    rf"(?P<weeks>{_NUMBER_OF_WEEK}(?:{_BETWEEN}{_NUMBER_OF_WEEK}{_NOT_COUNTED})*){_CLOSE}{_SEP}(?P<action>.*)", I)
_W_LABEL = lazy(rf"{_LIST_NUMBER}{_OPEN}w\.?\s*(?P<weeks>\d{{1,2}})(?!\d){_CLOSE}{_SEP}(?P<action>.*)", I)
_WEEK_ORDINAL = lazy(
    rf"{_LIST_NUMBER}{_OPEN}(?:the\s+)?(?P<weeks>first|second|third|fourth|1st|2nd|3rd|4th)\s+week\b{_CLOSE}{_SEP}"
    r"(?P<action>.*)", I)
# A number alone: "1.", "2)", "ii)", "IV:", "(3)", "[1]", "#2:", "1-2:", "3 & 4:" (punctuation or
# brackets always) or, as the rulebook writes it, "1 Go to Hunter's" (digits and a space: the
# sheet loop checks that the number is not the order's own, "4 bets of 50 ...").
_BARE_NUMBER = rf"(?:\d{{1,2}}(?!\d)|{_ROMAN}\b)"
_BARE_WEEKS = rf"(?P<weeks>{_BARE_NUMBER}{_NOT_COUNTED}(?:{_BETWEEN}{_BARE_NUMBER}{_NOT_COUNTED})*)"
_WEEK_BRACKETED = lazy(rf"[\[(]\s*#?{_BARE_WEEKS}\s*[\])](?:\s*[:.\u2013\u2014-]+)?\s*(?P<action>.*)", I)
_WEEK_NUMBERED = lazy(rf"#?\s?{_BARE_WEEKS}\s*[:.)=\u2013\u2014-]+(?!\d)\s*(?P<action>.*)", I)
_WEEK_SPACED = lazy(rf"#?(?P<weeks>\d{{1,2}})(?!\d){_NOT_COUNTED}\s+(?P<action>\S.*)", I)


@dataclass(frozen=True)
class Label:
    """A week line: the weeks it labels, its action, whether the label was a number and a space
    only (the rulebook's "1 Go to Hunter's"), and whether it is a label alone ("Week 1:", "Wk 2 -",
    "[Week 3]": its order is on the next line; "Week 1: -" is a rest, the dash its order)."""

    weeks: tuple[int, ...]
    action: str
    spaced: bool = False
    alone: bool = False


# What follows a label alone: one closing bracket and one separator at most ("Week 1:", "Wk 2 -",
# "[Week 3]:"); a second dash is an order ("Week 1: -", a rest).
_ALONE = lazy(r"\s*[\])]?\s*[:.)=,\u2013\u2014-]?\s*")


_WEEK_TOKEN = lazy(r"\d+|[a-z]+|[-\u2013\u2014]")


def week_numbers(text: str) -> tuple[int, ...]:
    """'2' -> (2,); '1-3' -> (1, 2, 3); '1, 2 and 4' -> (1, 2, 4); 'two' -> (2,); 'ii-iv' -> (2, 3, 4)."""
    numbers: list[int] = []
    span = False
    for tok in _WEEK_TOKEN.findall(text.lower()):
        if tok in ("-", "\u2013", "\u2014", "to", "through", "thru"):
            span = True
            continue
        n = int(tok) if tok.isdigit() else _WEEK_WORDS.get(tok)
        if n is None:
            continue
        if span and numbers and numbers[-1] < n <= numbers[-1] + 4:
            numbers.extend(range(numbers[-1] + 1, n + 1))
        else:
            numbers.append(n)
        span = False
    return tuple(numbers)


def _in_order(weeks: tuple[int, ...]) -> bool:
    """Weeks are listed in order, each once: "3 - 1 - 1 = 1" is arithmetic, not weeks 3, 1 and 1."""
    return all(a < b for a, b in zip(weeks, weeks[1:]))


# What a week line can begin with (a digit, "w", "#", a bracket, a Roman numeral, "first", "second",
# "the ..."): any other line is no week line, and is not tried against every pattern.
_LABEL_START = frozenset("0123456789wW#([iIvVfFsStT")


def week_label(line: str) -> Label | None:
    """``line`` read as a week line, or None."""
    if not line or line[0] not in _LABEL_START and not line[0].isdigit():
        return None
    for pattern in (_WEEK_LABEL, _W_LABEL, _WEEK_ORDINAL, _WEEK_BRACKETED, _WEEK_NUMBERED, _WEEK_SPACED):
        m = pattern.fullmatch(line)
        if m:
            weeks = week_numbers(m.group("weeks"))
            if not _in_order(weeks):
                return None
            tail = line[m.end("weeks"):]
            if _ALONE.fullmatch(tail):
                return Label(weeks, "", alone=True)
            # "Week 1: -": the separator took the dash that is the order
            action = m.group("action") if m.group("action").strip() else tail.strip(" :.)=,]")
            return Label(weeks, action, pattern is _WEEK_SPACED)
    return None


def leading_number(line: str) -> tuple[int, str] | None:
    """(4, "bets of 50 at Hunter's") for a line that begins with a week's number (1 to 4) and
    words, else None."""
    m = re.match(r"#?([1-4])(?:\s+|[:.)-]\s*)(?!\d)(\S.*)", line)
    return (int(m.group(1)), m.group(2)) if m else None


def comment(line: str) -> bool:
    """"# my plan: be seen" is the player's own note; "#2: Practise rapier" is week 2."""
    return line.startswith("#") and week_label(line) is None


# -- the end of the orders ------------------------------------------------------------------------

_END = lazy(
    r"(?:the\s+)?end(?:\s+of\s+(?:my\s+|his\s+|the\s+)?orders?|\s+orders?)?[\s.!]*|orders\s+end[\s.!]*", I)
# A closing before the signature.  After it: nothing, a name ("Cheers, Tom"), or for thanks
# anything ("Thanks for running the game!").
_CLOSING = lazy(
    r"(?P<thanks>thanks|thank\s+you|many\s+thanks|thx|ta)\b(?P<after>.*)"
    r"|(?:yours|sincerely|faithfully|truly|ever|always|respectfully|cordially|affectionately)"
    r"(?:\s+(?:ever|truly|sincerely|faithfully|always|aye|yours))*(?:\s+in\s+[^\W\d_]+(?:\s+[^\W\d_]+)?)?"
    r"\b(?P<name>.*)"
    r"|(?:(?:best|kind|kindest|warm|warmest|with)\s+(?:regards|wishes)|regards|best|cheers|love|adieu|farewell"
    r"|au\s+revoir|salut|ciao|take\s+care|all\s+the\s+best|good\s+luck|(?:a|\u00e0)\s+bient[o\u00f4]t"
    r"|(?:i\s+remain\s+)?(?:(?:your|yr)\s+(?:(?:most|very|ever)\s+)?(?:(?:humble|obedient|faithful|devoted|loyal)"
    r"\s+(?:and\s+)?)*|(?:(?:most|very|ever)\s+)?(?:(?:humble|obedient|faithful|devoted|loyal)\s+(?:and\s+)?)+)servant|all\s+for\s+one(?:,?\s+and\s+one\s+for\s+all)?|vive\s+le\s+roi"
    r"|god\s+save\s+the\s+king)\b(?P<name2>.*)", I)
# A footer a mail client or a signature adds: "Sent from my iPhone", an address; a telephone
# number (eight digits or more, perhaps after "Tel:").
_FOOTER = lazy(
    r"(?:sent|envoy[e\u00e9]|enviado|inviato|gesendet)\s+(?:from|with|via|using|de(?:puis)?|da|desde|von|par|mit)"
    r"\s+\S.*|get\s+outlook\s+for\s+\S.*|von\s+meinem\s+\S.*"
    r"|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|(?:https?://|www\.)\S+", I)
_PHONE = lazy(r"(?:(?:tel|t\u00e9l|phone|mobile|mob|cell|ph|fax|gsm)\.?\s*[:.]?\s*)?\+?[\d\s().-]{8,}", I)
_DASHES = lazy(r"(?:--|\u2013|\u2014)\s*(?P<name>.*)")  # "-- Tom", "--Tom", "\u2014Tom", "--"
_PS = lazy(r"p\.?\s?(?:p\.?\s?)?s\b\.?\s*[:,-]?\s*(?P<rest>.*)", I)
_DECORATION = lazy(r"[-_=*~+.#]{3,}")  # a rule across the page
_PARTICLES = frozenset({"de", "d'", "du", "la", "le", "des", "von", "van", "der", "of", "the", "y", "da", "di"})
_HEADING_WORDS = frozenset({"week", "weeks", "weekly", "wk", "order", "orders", "action", "actions", "activity",
                            "activities", "plan", "plans", "calendar", "schedule", "monthly", "standing", "my",
                            "the", "for", "this", "month", "month's", "his", "#", "and", "other"})
_HEADING_KEYS = frozenset({"week", "weeks", "weekly", "order", "orders", "action", "actions", "activity",
                           "activities", "plan", "plans", "calendar", "schedule"})


def end(line: str) -> bool:
    """"End", "End of orders", "The end": what follows is not read at all."""
    return line[:1] in "eEtToO" and _END.fullmatch(line) is not None


_ONE_WORD = lazy(r"[^\W\d_]+(?:['-][^\W\d_]+)?")
_NAME_WORD = lazy(r"[^\W\d_][^\W\d_'-]*")
# "G.V.", "J.": capitals, each with its stop; in a name the last may have lost it ("Jane O." is cut
# to "Jane O"), but initials alone have their stops ("X L" is a duel's sequence, no one's initials)
_INITIALS = lazy(r"(?:[^\W\d_a-z]\.){1,3}")
_INITIAL = lazy(r"(?:[^\W\d_a-z]\.){1,3}|[^\W\d_a-z]")


def name_like(text: str) -> bool:
    """A name as signed: one to four words, each capitalised (and not in capitals: "NPC"), an
    initial ("J.") or a particle ("Gaston (d'A.)", "Paul Marchand", "Sir John", "Jean de la
    Tour"); no digits, no month's name, not a label ("Debts:")."""
    text = text.strip()
    if text.endswith(":"):
        return False
    if all(_INITIALS.fullmatch(word) for word in text.split()):
        return sum(c.isalpha() for c in text) >= 2  # "G.V.", "J. B.": initials signed (one alone is too little)
    text = re.sub(r"\s*\([^()]{0,40}\)$", "", text.strip(" ,.!;")).strip()
    words = text.split()
    if not 1 <= len(words) <= 4 or len(text) > 40:
        return False
    names = 0
    for word in words:
        if re.fullmatch(r"d'[^\W\d_]+", word, I):  # "d'Artagnan", "D'Artagnan": a name with its particle
            names += 1
            continue
        if word.lower() in _PARTICLES:
            continue
        if _INITIAL.fullmatch(word):  # "J.", "J.B.", "O"
            continue
        if not (_NAME_WORD.fullmatch(word) and word[0].isupper() and any(c.islower() for c in word)):
            return False
        if month_number(word) is not None and len(words) == 1:
            return False
        names += 1
    return names > 0


def closing(line: str) -> bool:
    """"Yours ever,", "Best", "Cheers, Tom", "Your obedient servant", "Thanks for running the game!"."""
    m = _CLOSING.fullmatch(line)
    if m is None:
        return False
    if m.group("thanks") is not None:
        return True
    after = (m.group("name") if m.group("name") is not None else m.group("name2")).strip(" ,.!;:-")
    # a name, or one word in lower case: "cheers, jacques" (a player who writes in lower case signs so too)
    return not after or name_like(after) or _ONE_WORD.fullmatch(after) is not None


def footer(line: str) -> bool:
    """"Sent from my iPhone", a telephone number, an e-mail address or a web address alone."""
    if _FOOTER.fullmatch(line) is not None:
        return True
    return _PHONE.fullmatch(line) is not None and sum(c.isdigit() for c in line) >= 8


def dashed_signature(raw: str) -> bool:
    """"-- Tom", "--Tom", "\u2014 Tom", or "--" alone: a signature as written (before cleaning,
    which takes "- " for a bullet).  One hyphen is a bullet ("- Rest"), never a signature."""
    m = _DASHES.fullmatch(raw.strip())
    if m is None or raw.strip() in ("\u2013", "\u2014"):
        return False
    return not m.group("name") or name_like(m.group("name"))


def postscript(line: str) -> str | None:
    """What follows "P.S." / "PS:" / "P.P.S." on a line, or None if it is no postscript."""
    m = _PS.fullmatch(line) if line[:1] in "pP" else None
    return m.group("rest") if m else None


def decoration(line: str) -> bool:
    """A rule of dashes or stars across the sheet: no words, nothing to read."""
    return _DECORATION.fullmatch(line) is not None


def heading(line: str) -> bool:
    """A heading over the orders ("Orders:", "Weekly orders", "Week | Order" of a table): no order."""
    words = re.findall(r"[\w#']+", line.lower())
    if set(words) <= {"week", "weeks", "wk"}:
        return False  # "Week" alone is a label without its number: asked about
    return (bool(words) and len(words) <= 6 and set(words) <= _HEADING_WORDS and bool(set(words) & _HEADING_KEYS)
            and re.fullmatch(r"[\w#'\s|:.,/-]+", line) is not None)


def signature_like(line: str, raw: str) -> bool:
    """A line a signature block is made of: a closing, a footer, a name, a rule, "-- Tom"."""
    return closing(line) or footer(line) or dashed_signature(raw) or decoration(line) or name_like(line)


# -- a line wrapped by the mail client ---------------------------------------------------------------

# A week's action that ends with one of these is plainly unfinished ("... with Falstaff and");
# a line that begins with one plainly goes on from the line above ("and carouse", "with sabre").
_JOINING = frozenset({"and", "or", "with", "to", "at", "of", "for", "the", "a", "an", "my", "his", "her", "as",
                      "from", "into", "in", "on", "by", "carrying", "taking", "bringing", "then", "but", "plus",
                      "cut", "cutting", "never", "against"})
# What a client carries onto the next line is the end of a sentence, not a paragraph.
_MOST_CARRIED = 8


def unfinished(action: str) -> bool:
    """"Go to Hunter's with Falstaff and": the words stop where the sentence cannot."""
    text = action.rstrip()
    if text.endswith((",", ";", "&", "+", "(", "-")):
        return True
    words = text.lower().split()
    return bool(words) and words[-1] in _JOINING


def goes_on(line: str) -> bool:
    """"and carouse", "with sabre", "2 bets at 40", "(two bets)": the line begins mid-sentence."""
    if line.startswith("("):
        return True
    words = line.lower().split()
    if words and words[0] in _JOINING:
        return True
    return re.match(rf"\d+\s*(?:{COUNTED})", line, I) is not None


def wrapped(action: str, line: str) -> str | None:
    """Whether ``line`` may be the rest of the week line above it (``action``, its order):
    "unfinished" when the words above stop where a sentence cannot, "goes on" when ``line``
    begins mid-sentence; None when it is more than a few words or a "Key: value" line, or
    nothing says the two are one sentence.  (The sheet loop then checks that they read as one
    order.)"""
    if len(line.split()) > _MOST_CARRIED or _KEY_VALUE.fullmatch(line):
        return None
    if unfinished(action):
        return "unfinished"
    return "goes on" if goes_on(line) else None
