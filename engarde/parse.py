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

Weekly actions are understood by a registry of ``Verb``s tried in order; a
later issue adds a verb by appending to ``VERBS`` (or passing ``verbs=``),
without touching the sheet loop.  Verbs the rules have but engarde does not
resolve yet are answered by ``NOT_YET`` so the player is told plainly.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, replace
from typing import Callable, Sequence

from . import codes
from .rules.clubs.codes import E_UNKNOWN_CLUB
from .rules.duel.codes import E_BAD_CONDITION, E_BAD_SEQUENCE
from .rules.gambling.codes import E_TOO_MANY_BETS
from .rules.press.codes import E_LETTER_UNENDED
from .rules.regiments.codes import E_BAD_FALLBACK, E_BAD_RANK, E_UNKNOWN_REGIMENT
from .calendar import WEEKS_PER_MONTH, GameMonth
from .names import (
    HIGHEST_RANK_ON_ENTRY,
    RANKS,
    find_rank,
    find_regiment,
    is_cavalry,
    rank_order,
    regiments_like,
    standing,
)
from .rules.duel.orders import AnswerChallenge, Challenge
from .rules.regiments.orders import ApplyRegiment, BuyRank, RegimentalDuty, ResignCommission
from .rules.loans.orders import Borrow, Repay
from .rules.mistresses.orders import Court, VisitMistress
from .rules.gambling.orders import Gambling
from .orders import Lend, Letter, Order, OrderSheet, Rest
from .rules.military.orders import Petition, Volunteer
from .rules.practice.orders import Practise
from .rules.appointments.orders import SeekAppointment
from .rules.influence.orders import UseInfluence
from .rules.bawdyhouse.orders import VisitBawdyhouse
from .rules.clubs.orders import VisitClub
from .records import ErrorRecord
from .rules.clubs.tables import CLUBS, Club, club_by_name
from .rules.duel.tables import WEAPONS
from .text import normalise_name

# c. Gambling: "A character may place only nine bets in any one week."
MAX_BETS = 9
# d. Loans: the lender named on a loan from "local moneylenders or Shylocks".
MONEYLENDER = "moneylender"

I = re.IGNORECASE

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
_BULLET = re.compile(r"[-*+\u2022\u00b7\u2023\u25e6\u25aa\u2013\u2014]+\s+")
_TRAILING_CHARS = " .!;,:"  # after clean_line the only space left is " "
_POLITE = re.compile(
    r"(?:i\s+will|i\s+shall|i'll|i\s+want\s+to|i'd\s+like\s+to|he\s+will|he\s+shall|he'll|"
    r"will|shall|please|then|and\s+then)\s+", I)


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
    s = clean_line(text).rstrip(_TRAILING_CHARS)
    if s.lower().endswith(" please") or s.lower().endswith(",please"):
        s = s[: -len("please")].rstrip(_TRAILING_CHARS)
    while m := _POLITE.match(s):
        s = s[m.end():]
    return s


def _quote(text: str, limit: int = 60) -> str:
    """A player's words quoted back to him, shortened if long."""
    text = text if len(text) <= limit else text[: limit - 3].rstrip() + "..."
    return f"'{text}'"


def _problem(code: str, message: str, suggestion: str | None = None) -> ErrorRecord:
    """An error not yet placed in a file; ``parse_sheet`` fills in source and line."""
    return ErrorRecord(source="", line=0, code=code, message=message, suggestion=suggestion)


def _did_you_mean(word: str, choices: dict[str, str], cutoff: float = 0.6) -> str | None:
    """The canonical choice whose spelling is closest to ``word``, if any is close."""
    close = difflib.get_close_matches(word.lower(), list(choices), n=1, cutoff=cutoff)
    return choices[close[0]] if close else None


# -- the verb registry --------------------------------------------------------------


@dataclass(frozen=True)
class Ditto:
    """'ditto' / 'same as week 2': resolved by the sheet, which knows earlier weeks."""

    week: int | None = None  # None: the nearest earlier week with an order


# What a verb's builder returns: an order, an error, a ditto for the sheet to
# resolve, or None for "not mine after all, try the next verb".
Built = Order | ErrorRecord | Ditto | None
Builder = Callable[[re.Match[str], list[str]], Built]


@dataclass(frozen=True)
class Verb:
    """One kind of weekly order: how it is written and what it becomes.

    ``pattern`` must match the whole cleaned action (case-insensitive).  The
    builder may append human notes ("no weapon given: rapier") to its list.
    ``spellings`` are offered as "did you mean ...?" for unknown verbs.
    """

    name: str
    pattern: re.Pattern[str]
    build: Builder
    spellings: tuple[str, ...] = ()


def _verb(name: str, pattern: str, build: Builder, spellings: tuple[str, ...] = ()) -> Verb:
    return Verb(name, re.compile(pattern, I), build, spellings)


# -- ditto ----------------------------------------------------------------------

_DITTO = (
    r"(?:ditto|do|dto|\"|''|same|the\s+same|same\s+again|again|repeat|as\s+above|same\s+as\s+above|"
    r"as\s+before|same\s+as\s+before|(?:same\s+as|as)\s+(?:the\s+)?(?:last|previous|prior)\s+week|"
    r"(?:same\s+as|as|ditto|repeat)\s+(?:week|wk)\s*(?P<week>\d{1,3}))"
)


def _build_ditto(m: re.Match[str], notes: list[str]) -> Ditto:
    return Ditto(int(m.group("week")) if m.group("week") else None)


# -- rest -----------------------------------------------------------------------

_REST = (
    r"(?:(?:rest|rests|resting|relax\w*|recover\w*|recuperat\w*|nothing|do\s+nothing|none|idle|sleep\w*|"
    r"stay(?:s|ing)?\s+(?:at\s+)?home|stay\s+in)\b.*|[-\u2013\u2014]+|n/a)"
)


def _build_rest(m: re.Match[str], notes: list[str]) -> Rest:
    return Rest()


# -- practise -------------------------------------------------------------------

# Each weapon of Duelling Table C with its plain variants (plural, US spelling,
# the ways people write "two-handed").  Nothing looser: "sword" is ambiguous.
_WEAPON_SPELLINGS: dict[str, str] = {}
for _w in WEAPONS:
    _WEAPON_SPELLINGS[_w] = _w
    _WEAPON_SPELLINGS[_w + ("es" if _w.endswith("s") else "s")] = _w
_WEAPON_SPELLINGS.update({
    "saber": "sabre", "sabers": "sabre",
    "two-handed swords": "two-handed sword", "two handed sword": "two-handed sword",
    "two handed swords": "two-handed sword", "2-handed sword": "two-handed sword",
    "2 handed sword": "two-handed sword", "2-handed swords": "two-handed sword",
    "twohanded sword": "two-handed sword", "two-handed": "two-handed sword",
    "two handed": "two-handed sword", "2-handed": "two-handed sword",
    "two-hander": "two-handed sword", "two hander": "two-handed sword",
    "2-hander": "two-handed sword",
})
_WEAPON_AT_START = re.compile(
    r"(?P<weapon>" + "|".join(re.escape(s) for s in sorted(_WEAPON_SPELLINGS, key=len, reverse=True))
    + r")\b(?P<tail>.*)", I)
_ARTICLES = re.compile(r"^(?:(?:with|using|at|on|in|the|a|an|my|his|some)\s+)*", I)
DEFAULT_WEAPON = "rapier"

_PRACTISE = (
    r"(?:(?:practi[cs]e[sd]?|practi[cs]ing|train(?:s|ed|ing)?|fenc(?:e|es|ing)|drill(?:s|ing)?)"
    r"(?:\s+(?P<what>.*))?|(?P<noun>.+?)\s+(?:practi[cs]e|training|drill))"
)


def _build_practise(m: re.Match[str], notes: list[str]) -> Built:
    noun_form = m.group("noun") is not None  # "sabre practice"
    what = m.group("noun") if noun_form else m.group("what")
    what = _ARTICLES.sub("", (what or "").strip(), count=1).strip()
    if not what:
        # Practice: "Characters may practice with any weapon, but must note ...
        # which weapon is used"; the rapier is the gentleman's common weapon.
        notes.append(f"no weapon named for practice: the {DEFAULT_WEAPON}")
        return Practise(DEFAULT_WEAPON)
    found = _WEAPON_AT_START.match(what)
    if found:
        tail = found.group("tail").strip(" ,")
        if tail:
            notes.append(f"{_quote(tail)} after the weapon is ignored")
        return Practise(_WEAPON_SPELLINGS[found.group("weapon").lower()])
    if noun_form:
        return None  # "Go to Hunter's for practice" is not about a weapon: try other verbs
    guess = _did_you_mean(what, _WEAPON_SPELLINGS)
    return _problem(
        codes.E_UNKNOWN_WEAPON,
        f"{_quote(what)} is not a weapon one can practise (weapons: {', '.join(WEAPONS)})",
        f"did you mean the {guess}?" if guess else None,
    )


# -- numbers as players write them ---------------------------------------------------

_NUMBER_WORD_VALUES = {
    "a": 1, "an": 1, "one": 1, "single": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "twenty": 20,
    "once": 1, "twice": 2, "thrice": 3, "double": 1, "triple": 2,
}
_N = r"(?:\d{1,4}|a|an|one|single|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty)"


def _number(word: str) -> int:
    word = word.lower()
    return int(word) if word.isdigit() else _NUMBER_WORD_VALUES[word]


# -- visits: clubs and bawdyhouses ------------------------------------------------

# What joins a clause to the place.  The conjunctions are bounded: an
# unbounded run would make a line of "and and and ..." take quadratic time.
_SEP = r"(?:[,;]\s*|\s+)(?:(?:and|but|then)\s+){0,2}"
_NO_COMPANY = re.compile(
    _SEP + r"\b(?:no|without|not\s+for|skip(?:ping)?)\s+(?:the\s+)?(?:female\s+)?"
    r"(?:companionship|company|women|wenches|girls|ladies)\b", I)
_DRINK_ONLY = re.compile(
    _SEP + r"\b(?:(?:drinks?|drinking)\s+only|only\s+(?:to\s+)?drink\w*|just\s+(?:to\s+)?(?:a\s+)?drinks?)\b", I)
_NO_CAROUSE = re.compile(
    _SEP + r"\b(?:no|not|without|don't|do\s+not|won't|will\s+not|never)\s+(?:to\s+)?(?:carous\w*|drink\w*)\b", I)
_CAROUSE = re.compile(
    _SEP + r"\b(?:carous\w*|(?:have\s+a\s+)?drinks?|drinking|booz\w*|get\s+drunk)\b", I)
_PURSE = re.compile(
    _SEP + r"\b(?:(?:carrying|carry|carries|taking|take|takes|bringing|bring|brings|with)\s+)?"
    r"(?:(?:a\s+)?(?:purse|budget)\s+(?:of\s+)?)?"
    # "lots of crowns", "all my crowns": kept whole so the error can quote them
    r"(?P<amount>[^\s,;()]+(?:\s+(?:of|my|his|the))*)\s+(?:crowns?|cr)\b\.?"
    r"|" + _SEP + r"\b(?:purse|budget)\s*(?:of\s+|:\s*|=\s*)?(?P<amount2>[^\s,;()]+)", I)

# c. Gambling: "The character announces the amount he is betting"; "A
# character may place only nine bets in any one week"; "withdraw without
# rolling and take a loss of half the amount bet (known as cutting losses)".
# The clause runs from the word to the next clause of the visit.
_GAMBLE_WORD = (r"gambl(?:e|es|ed|ing)|bet(?:s|ting)?|wager(?:s|ing)?|dic(?:e|ing)|"
                r"play(?:s|ing)?\s+(?:at\s+)?(?:cards|dice|hazard|faro|basset)")
_CLAUSE_STOP = (r"\s+(?:(?:and|but|then)\s+)?(?:with|as|carous\w*|drink\w*|toady\w*|carrying|carry|"
                r"taking|bringing|bring|no|without|purse|budget|(?:at|in)\s+(?!\d|an?\s+\d))\b")
_GAMBLE = re.compile(
    _SEP + r"\b(?P<word>" + _GAMBLE_WORD + r")\b(?P<terms>(?:(?!" + _CLAUSE_STOP + r")[^;])*)", I)
_BETS_OF = re.compile(
    rf"(?P<n>{_N})\s+(?:bets?|wagers?|throws?|stakes?)\b\s*(?:(?:of|at|for|@)\s+)?(?P<s>\d{{1,7}})?", I)
_BETS_TIMES = re.compile(
    r"(?P<a>\d{1,7})\s*(?P<ac>crowns?|cr)?\.?\s*(?:x|\u00d7|\*)\s*(?P<b>\d{1,7})\s*(?P<bc>crowns?|cr)?", I)
_STAKE_ONLY = re.compile(
    rf"(?:(?:of|at|for)\s+)?(?P<s>\d{{1,7}})\s*(?:crowns?|cr)?\b\.?(?:\s+(?:a|per|each)\s+(?:bet|throw|time))?"
    rf"(?:\s*,?\s*(?P<n>{_N}|once|twice|thrice)(?:\s+times)?)?", I)
_CUT_RULE = re.compile(
    r"(?:^|[,;(]\s*|\s+)(?:(?:and|but|then)\s+){0,2}"
    r"(?:(?P<never>never|no|not|don't|do\s+not|won't|without)\s+(?:to\s+)?cut(?:s|ting)?\b(?:\s+(?:my\s+|his\s+)?losses)?"
    r"|cut(?:s|ting)?\b(?:\s+(?:my\s+|his\s+)?losses)?\s*(?:(?:on|at|when|if|whenever|from|against)\s+)?"
    r"(?:(?:the\s+)?(?:house|croupier|bank|dealer)(?:'s)?\s+(?:(?:rolls?|throws?|shows?|gets?)\s+)?)?"
    r"(?:(?:is|of)\s+)?(?:an?\s+)?(?P<cmp>(?:above|over|more\s+than|higher\s+than)\s+)?(?P<cut>[1-6])\b"
    r"(?P<plus>\s*\+|\s+or\s+(?:more|higher|above|over|better|up))?)", I)

# Toadying: "If a character is taken as a guest to a club ..."
_HOST = r"(?P<host>(?:(?!\s+(?:with|and|at|in)\s)[^,;()])+)"
_GUEST_OF = re.compile(_SEP + r"\b(?:as\s+)?(?:the\s+|a\s+|an\s+)?guest\s+of\s+" + _HOST, I)
_GUEST_POSSESSIVE = re.compile(_SEP + r"\bas\s+(?P<host>[^,;()]+?)(?:'s|s')\s+guest\b", I)
_TOADY_TO = re.compile(_SEP + r"\btoady(?:ing|ies)?\s+(?:up\s+)?(?:to|with|for|on)\s+" + _HOST, I)
_SIDE_ACTIVITY = re.compile(_SEP + r"\b(?P<activity>toady\w*)\b", I)
# "bring Jacques as my guest", "taking D'Artagnan along"
_BRING = re.compile(
    _SEP + r"\b(?:bring(?:s|ing)?|tak(?:e|es|ing)|escort(?:s|ing)?)\s+(?P<guests>(?!\d)[^,;()]+?)"
    r"(?:\s+along)?(?=\s*(?:[,;()]|$))", I)
_WITH = re.compile(r"\s+(?:together\s+with|along\s+with|accompanied\s+by|with)\s+", I)
_NAME_SPLIT = re.compile(r"\s*,\s*|\s+and\s+|\s*&\s*", I)
_NAME_TAIL = re.compile(r"\s+(?:as\s+(?:his|my|a|the|our)\s+guests?|along)$", I)
_MISTRESS_COMPANION = re.compile(r"(?:(?:my|his|our|the)\s+)?(?:mistress|lady\s+love|sweetheart|paramour)", I)

_BAWDYHOUSE = re.compile(
    r"(?:(?:a|an|the|local|nearest|some|my|his)\s+)?(?:bawdy[\s-]?houses?|brothels?|bordellos?|"
    r"whorehouses?|stews|red[\s-]light(?:\s+district)?|house\s+of\s+ill\s+repute)", I)
_OWN_CLUB = re.compile(r"(?:(?:my|his|our|the)\s+)?(?:own\s+)?club(?:\s*house)?", I)
# Filler after the place: "Hunter's for a (drink)", "the bawdyhouse tonight".
_PLACE_FILLER = re.compile(
    r"\s+(?:for(?:\s+(?:a|an|the|some))?|tonight|(?:this|all|for\s+the)\s+(?:week|evening|night))$", I)
_LEADING_ARTICLE = re.compile(r"^(?:(?:the|a|an|to)\s+)+", I)
_CLUB_SUFFIX = re.compile(r"\s+club(?:\s*house)?$", I)

# Places that are not clubs or bawdyhouses, and the order that goes there.
_OTHER_PLACES = (
    (re.compile(r"\b(?:mistress\w*|lady|madame?|mademoiselle)\b", I),
     "to see his mistress, write 'Visit my mistress'; to court a lady, 'Court NAME'"),
    (re.compile(r"\b(?:regiment\w*|barracks|parade|duty)\b", I), "for a week with the regiment, write 'Regimental duty'"),
    (re.compile(r"\b(?:war|front|frontier|campaign\w*)\b", I),
     "to go on campaign, write 'Volunteer for the campaign' or 'Volunteer for the Frontier'"),
    (re.compile(r"\b(?:moneylender\w*|shylock\w*|usurer\w*)\b", I), "write 'Borrow 100 crowns from a moneylender'"),
    (re.compile(r"\b(?:duel\w*|field\s+of\s+honou?r)\b", I), "write 'Challenge NAME for CAUSE with WEAPON'"),
)

# Every way a club is written, for "did you mean ...?".
_CLUB_SPELLINGS: dict[str, str] = {}
for _c in CLUBS:
    for _s in (_c.name, *_c.aliases):
        _CLUB_SPELLINGS[normalise_name(_s)] = _c.name
        _CLUB_SPELLINGS[normalise_name(_s).replace("'", "")] = _c.name


def find_club(text: str) -> Club | None:
    """The club a player means: its name, an alias, "Hunter's club", "Hunters'"."""
    s = _CLUB_SUFFIX.sub("", clean_line(text).rstrip(_TRAILING_CHARS))
    for candidate in (s, s.replace("'", ""), re.sub(r"'s\b", "s", s)):
        club = club_by_name(candidate)
        if club:
            return club
    return None


def _unknown_club(place: str) -> ErrorRecord:
    key = normalise_name(place)
    # "Hunter's for practice": a club's name followed by words not understood
    prefix = next((_CLUB_SPELLINGS[s] for s in sorted(_CLUB_SPELLINGS, key=len, reverse=True)
                   if key.startswith(s + " ")), None)
    guess = prefix or _did_you_mean(key, _CLUB_SPELLINGS)
    names = ", ".join(c.name for c in CLUBS)
    return _problem(
        E_UNKNOWN_CLUB,
        f"{_quote(place)} is not a club of Paris",
        f"did you mean {guess}?" if guess else f"the clubs are {names}",
    )


# What to write instead, for the NOT_YET entries below.
_NOT_YET_HINTS: dict[str, str] = {}


def _not_yet(name: str) -> ErrorRecord:
    return _problem(codes.E_NOT_YET, f"'{name}' is an En Garde! order engarde does not resolve yet",
                    _NOT_YET_HINTS.get(name))


def _bad_order(message: str, suggestion: str | None = None) -> ErrorRecord:
    return _problem(codes.E_BAD_ORDER, message, suggestion)


@dataclass
class _Clauses:
    """What a visit's words say besides the place."""

    carouse: bool = False
    no_carouse: bool = False
    companionship: bool = True
    purse: int | None = None
    bad_purse: str | None = None
    companions: tuple[str, ...] = ()
    host: str | None = None
    with_mistress: bool = False
    gamble: Gambling | None = None
    gamble_error: ErrorRecord | None = None
    side: tuple[str, ...] = ()


def _take(pattern: re.Pattern[str], text: str) -> tuple[list[re.Match[str]], str]:
    """All matches of ``pattern`` in ``text``, and the text without them."""
    found = list(pattern.finditer(text))
    return found, pattern.sub(" ", text)


def _amount(m: re.Match[str]) -> tuple[int | None, str | None]:
    """A stated purse: the crowns, or the words that were not a number."""
    raw = m.group("amount") or m.group("amount2") or ""
    if re.fullmatch(r"\d{1,7}", raw):
        return int(raw), None
    return None, m.group(0).strip(" ,;")


def _names(text: str) -> tuple[str, ...]:
    names = []
    for part in _NAME_SPLIT.split(_NAME_TAIL.sub("", text.strip(" ,;"))):
        name = " ".join(part.strip(" ,;.\"'").split())
        if name:
            names.append(name)
    return tuple(names)


def _cut_rule(text: str) -> tuple[bool, int | None]:
    """(stated, cut_at) from "cut on a 6", "cutting when the croupier rolls 5 or more", "never cut"."""
    m = _CUT_RULE.search(text)
    if m is None:
        return False, None
    if m.group("never"):
        return True, None
    cut = int(m.group("cut"))
    if m.group("cmp"):  # "cut if the house rolls above 4": on 5 or more
        cut += 1
    return True, cut if cut <= 6 else None


def _gambling(terms: str) -> Gambling | ErrorRecord | None:
    """The bets and stake of a gambling clause; None when it states none."""
    stated, cut_at = _cut_rule(terms)
    body = _CUT_RULE.sub(" ", terms) if stated else terms
    body = body.strip(" ,;:()")
    bets: int | None = None
    stake: int | None = None
    if m := _BETS_OF.search(body):
        bets, stake = _number(m.group("n")), int(m.group("s")) if m.group("s") else None
        if stake is None and (s := re.search(r"\b(\d{1,7})\s*(?:crowns?|cr)\b", body[m.end():], I)):
            stake = int(s.group(1))  # "4 bets, 50 crowns each"
    elif m := _BETS_TIMES.search(body):
        a, b = int(m.group("a")), int(m.group("b"))
        # "4 x 50" (bets x stake) unless the crowns are written on the left
        bets, stake = (b, a) if m.group("ac") and not m.group("bc") else (a, b)
    elif m := _STAKE_ONLY.search(body):
        stake, bets = int(m.group("s")), _number(m.group("n")) if m.group("n") else 1
    if bets is None and stake is None:
        return None
    if stake is None or stake <= 0:
        return _problem(codes.E_BAD_AMOUNT, "the bets name no stake",
                        "say how much each bet is, e.g. 'gamble 4 bets of 50 crowns, cut on a 6'")
    if bets > MAX_BETS:
        return _problem(E_TOO_MANY_BETS,
                        f"{bets} bets: A character may place only nine bets in any one week",
                        "place nine bets or fewer")
    if bets < 1:
        return _problem(codes.E_BAD_AMOUNT, "no bets placed", "e.g. 'gamble 4 bets of 50 crowns'")
    return Gambling(bets, stake, cut_at)


def _split_visit(text: str) -> tuple[str, _Clauses]:
    """Pull the clauses (carouse, gambling, purse, guests...) out of a visit; return the place."""
    c = _Clauses()
    s = " " + text.replace("(", ", ").replace(")", ", ") + " "
    # Gambling first: its stakes ("4 bets of 50 crowns") are not a purse.
    found, s = _take(_GAMBLE, s)
    for m in found:
        result = _gambling(m.group("terms"))
        if isinstance(result, ErrorRecord):
            c.gamble_error = c.gamble_error or result
        elif result is not None:
            c.gamble = c.gamble or result
        else:
            c.side += (m.group("word").lower(),)
    if c.gamble is not None and c.gamble.cut_at is None:
        # "gamble 4 bets of 50, and cut on a 6": the cut rule in a clause of its own
        stated, cut_at = _cut_rule(s)
        if stated:
            c.gamble = replace(c.gamble, cut_at=cut_at)
            s = _CUT_RULE.sub(" ", s, count=1)
    found, s = _take(_DRINK_ONLY, s)
    if found:
        c.carouse, c.companionship = True, False
    found, s = _take(_NO_COMPANY, s)
    if found:
        c.companionship = False
    found, s = _take(_NO_CAROUSE, s)
    c.no_carouse = bool(found)
    found, s = _take(_CAROUSE, s)
    c.carouse = c.carouse or bool(found)
    found, s = _take(_PURSE, s)
    for m in found:
        c.purse, c.bad_purse = _amount(m)
    hosts: list[str] = []
    for pattern in (_TOADY_TO, _GUEST_POSSESSIVE, _GUEST_OF):
        found, s = _take(pattern, s)
        hosts += [n for m in found for n in _names(m.group("host"))]
    found, s = _take(_SIDE_ACTIVITY, s)
    c.side += tuple(m.group("activity").lower() for m in found)
    found, s = _take(_BRING, s)
    brought = tuple(n for m in found for n in _names(m.group("guests")))
    place, *rest = _WITH.split(s, maxsplit=1)
    company = brought + (_names(rest[0]) if rest else ())
    c.with_mistress = any(_MISTRESS_COMPANION.fullmatch(n) for n in company)
    c.companions = tuple(n for n in company if not _MISTRESS_COMPANION.fullmatch(n))
    if hosts:
        c.host = hosts[0]
        c.companions = tuple(hosts[1:]) + c.companions
    return _PLACE_FILLER.sub("", place.strip(" ,;.")), c


def _visit(text: str, notes: list[str], *, strict: bool = True, carouse: bool = False) -> Built:
    """A visit to a club or a bawdyhouse, from the words after the verb.

    With ``strict`` False (no verb was written: "Hunter's and carouse") an
    unrecognised place returns None so the line falls to "unknown verb".
    """
    place, c = _split_visit(text)
    c.carouse = c.carouse or carouse
    return _make_visit(place, c, notes, strict=strict)


def _make_visit(place: str, c: _Clauses, notes: list[str], *, strict: bool = True) -> Built:
    place = _LEADING_ARTICLE.sub("", place, count=1) if not _BAWDYHOUSE.fullmatch(place) else place
    if c.host and re.fullmatch(r"(?:(?:my|his|the)\s+)?host(?:'s|s')?\s+club", place, I):
        place = ""  # "his host's club": wherever his host goes
    if _BAWDYHOUSE.fullmatch(place):
        return _bawdyhouse(c, notes)
    club = find_club(place)
    if club is None and not _OWN_CLUB.fullmatch(place):
        if not strict:
            return None
        if not place and c.host:
            pass  # "toady to Cyrano": at his host's club
        else:
            for pattern, hint in _OTHER_PLACES:
                if pattern.search(place):
                    return _problem(E_UNKNOWN_CLUB, f"{_quote(place)} is not a club or a bawdyhouse", hint)
            if not place:
                return _problem(E_UNKNOWN_CLUB, "no club named",
                                "write e.g. 'Visit Hunter's' or 'Visit my club'")
            return _unknown_club(place)
    if c.gamble_error is not None:
        return c.gamble_error
    if c.purse is not None or c.bad_purse:
        notes.append("the purse is ignored at a club (it matters only at a bawdyhouse)")
    _note_gambling(c, notes, club)
    if c.host and not club:
        notes.append(f"no club named: he goes to {c.host}'s club as his guest")
    return VisitClub(club.name if club else "", c.carouse and not c.no_carouse, c.companions,
                     guest_of=c.host, gamble=c.gamble, with_mistress=c.with_mistress)


def _bawdyhouse(c: _Clauses, notes: list[str]) -> VisitBawdyhouse | ErrorRecord:
    if c.bad_purse:
        return _problem(
            codes.E_BAD_AMOUNT,
            f"{_quote(c.bad_purse)} is not a number of crowns",
            "state the crowns he carries, e.g. 'carrying 40 crowns': "
            "the rules say all must state the number of crowns they bring",
        )
    if c.gamble_error is not None:
        return c.gamble_error
    if not c.carouse or c.no_carouse:
        # Bawdyhouses: "Liquid refreshment is mandatory".
        notes.append("carousing is mandatory at a bawdyhouse (liquid refreshment is mandatory): he carouses")
    if c.companions or c.host or c.with_mistress:
        who = list(c.companions) + ([c.host] if c.host else []) + (["his mistress"] if c.with_mistress else [])
        notes.append(f"companions ({', '.join(who)}) do not change a bawdyhouse visit")
    _note_gambling(c, notes, None)
    return VisitBawdyhouse(carouse=True, companionship=c.companionship, purse=c.purse, gamble=c.gamble)


def _note_gambling(c: _Clauses, notes: list[str], club: Club | None) -> None:
    for activity in c.side:
        if activity.startswith("toady"):
            notes.append("toadying follows from whom he goes with: "
                         "write 'as the guest of NAME' or 'toady to NAME' to go as someone's guest")
        else:
            notes.append(f"{_quote(activity)} without bets: no gambling "
                         "(write e.g. 'gamble 4 bets of 50 crowns, cut on a 6')")
    g = c.gamble
    if g is None:
        return
    if g.cut_at is None:
        notes.append("no cut rule given: he never cuts his losses (write e.g. 'cut on a 6')")
    if club is not None and club.house_limit is not None and g.stake > club.house_limit:
        notes.append(f"a bet of {g.stake} crowns is above {club.name}'s house limit of {club.house_limit}")
    if club is not None and g.stake < club.house_minimum:
        notes.append(f"a bet of {g.stake} crowns is below {club.name}'s minimum of {club.house_minimum}")


_VISIT = (
    r"(?:visit(?:s|ing)?|go(?:es|ing)?\s+(?:down\s+|round\s+|over\s+)?to|goto|attend(?:s|ing)?|"
    r"drop(?:s|ping)?\s+in\s+(?:at|on)|call(?:s|ing)?\s+(?:in\s+)?at|head(?:s|ing)?\s+(?:to|for)|"
    r"spend(?:s|ing)?\s+(?:the\s+)?(?:week|evening|night)\s+(?:at|in)|dine(?:s)?\s+at)\s+(?P<rest>.+)"
)
_CAROUSE_AT = r"(?:carous(?:e|es|ing)|drink(?:s|ing)?)\s+(?:at|in)\s+(?P<rest>.+)"
# "Take Jacques to Bothwell's", "bring D'Artagnan to the Frog & Peach and carouse"
_BRING_TO = r"(?:bring(?:s|ing)?|tak(?:e|es|ing)|escort(?:s|ing)?)\s+(?P<guests>(?!\d).+?)\s+to\s+(?P<rest>.+)"
_GAMBLE_AT = r"(?:" + _GAMBLE_WORD + r")\b.*"


def _build_visit(m: re.Match[str], notes: list[str]) -> Built:
    return _visit(m.group("rest"), notes)


def _build_carouse_at(m: re.Match[str], notes: list[str]) -> Built:
    return _visit(m.group("rest"), notes, carouse=True)


def _build_bring_to(m: re.Match[str], notes: list[str]) -> Built:
    return _visit(f"{m.group('rest')} with {m.group('guests')}", notes)


def _build_gamble_at(m: re.Match[str], notes: list[str]) -> Built:
    """ "Gamble 4 bets of 50 at Hunter's", "bet 20 crowns twice at the bawdyhouse"."""
    place, c = _split_visit(m.group(0))
    place = re.sub(r"^(?:at|in)\s+", "", place, flags=I)
    if c.gamble is None and c.gamble_error is None:
        return _bad_order(f"{_quote(m.group(0))}: how many bets, of how many crowns, and where?",
                          "e.g. 'Visit Red Phillips and gamble 4 bets of 50 crowns, cut on a 6'")
    if not place:
        notes.append("no place named for the gambling: at his own club")
        place = "his club"
    return _make_visit(place, c, notes)


def _build_place_only(m: re.Match[str], notes: list[str]) -> Built:
    return _visit(m.group(0), notes, strict=False)


# -- toadying ---------------------------------------------------------------------------

_TOADY = r"toady(?:ing|ies)?\s+(?:up\s+)?(?:to|with|for|on)\s+(?P<rest>.+)"


def _build_toady(m: re.Match[str], notes: list[str]) -> Built:
    """ "Toady to Cyrano at Bothwell's and carouse": he goes as Cyrano's guest."""
    words, c = _split_visit(m.group("rest"))
    host, *where = re.split(r"\s+(?:at|in)\s+", words, maxsplit=1)
    place = where[0] if where else ""
    host = host.strip(" ,;.")
    if not host:
        return _bad_order("toady to whom?", "write e.g. 'Toady to Cyrano at Bothwell's'")
    names = _names(host)
    c.host = names[0]
    c.companions = tuple(names[1:]) + c.companions
    return _make_visit(place.strip(" ,;."), c, notes)


# -- mistresses --------------------------------------------------------------------------

_VISIT_MISTRESS = (
    r"(?:visit(?:s|ing)?|see(?:s|ing)?|call(?:s|ing)?\s+on|go(?:es)?\s+to|spend(?:s|ing)?\s+(?:the\s+)?"
    r"(?:week|evening|night)\s+with|stay(?:s|ing)?\s+with)\s+(?:(?:my|his|our|the)\s+)?"
    r"(?:mistress|lady\s+love|sweetheart|paramour|lover)(?P<rest>.*)"
)
_COURT = (
    r"(?:court(?:s|ing)?|woo(?:s|ing)?|pay(?:s|ing)?\s+court\s+to|pursu(?:e|es|ing)|romanc(?:e|es|ing))"
    r"(?:\s+(?P<rest>.+))?"
)
_EXTRA_PAYMENTS = re.compile(
    r"(?:[,;(]\s*|\s+)(?:(?:and|with|making|paying|pay|plus|offering)\s+){0,3}"
    rf"(?:(?P<n>{_N}|twice|thrice)\s+(?:extra|additional|more)?\s*(?:payments?|gifts?|presents?|times)"
    r"|\+\s*(?P<plus>\d{1,2})|(?P<word>double|triple))\b[^,;()]*", I)
_MISTRESS_NUMBER = re.compile(r"(?:(?:mistress|lady)\s+)?(?:number|no\.?|num\.?|#)\s*(?P<n>\d{1,3})|(?P<bare>\d{1,3})", I)
_MISTRESS_WORDS = re.compile(
    r"^(?:(?:the|a|an|fair|lovely|beautiful|my|his)\s+)*(?:mistress|lady|madame|mme\.?|mademoiselle|mlle\.?|"
    r"damsel|demoiselle)\s+", I)


def _build_visit_mistress(m: re.Match[str], notes: list[str]) -> Built:
    rest = m.group("rest").strip(" ,;.")
    if rest:
        # "visit my mistress and take her to Hunter's": a club visit with her
        to = re.match(r"(?:and\s+)?(?:take|bring|escort)\s+her\s+to\s+(?P<place>.+)", rest, I)
        if to:
            built = _visit(to.group("place"), notes)
            return replace(built, with_mistress=True) if isinstance(built, VisitClub) else built
        notes.append(f"{_quote(rest)} after 'visit my mistress' is ignored")
    return VisitMistress()


def _build_court(m: re.Match[str], notes: list[str]) -> Built:
    """d. Mistresses: "In order to win a mistress, a character must go courting"."""
    rest = (m.group("rest") or "").strip(" ,;.")
    if not rest:
        return _bad_order("court whom?", "write e.g. 'Court mistress number 4' or 'Court Roxanne'")
    extra = 0
    found = list(_EXTRA_PAYMENTS.finditer(" " + rest))
    for em in found:
        if em.group("plus"):
            extra = int(em.group("plus"))
        elif em.group("word"):
            extra = _NUMBER_WORD_VALUES[em.group("word").lower()]
        else:
            extra = _NUMBER_WORD_VALUES.get(em.group("n").lower()) or _number(em.group("n"))
    rest = _EXTRA_PAYMENTS.sub(" ", " " + rest)
    rest = re.sub(r"\(\s*\)", " ", rest).strip(" ,;.")
    name_in_brackets = re.search(r"\(([^)]*)\)", rest)
    rest = re.sub(r"\([^)]*\)|[()]", " ", rest).strip(" ,;.")
    number = _MISTRESS_NUMBER.fullmatch(_MISTRESS_WORDS.sub("", rest + " ").strip() or rest)
    if number:
        mistress = number.group("n") or number.group("bare")
        if name_in_brackets and name_in_brackets.group(1).strip():
            notes.append(f"mistress number {mistress} is courted; the name "
                         f"{_quote(name_in_brackets.group(1).strip())} is not checked here")
    else:
        mistress = " ".join(_MISTRESS_WORDS.sub("", rest + " ").split()) or rest
        if not mistress:
            return _bad_order("court whom?", "write e.g. 'Court mistress number 4' or 'Court Roxanne'")
    if extra:
        notes.append(f"{extra} extra payment{'s' if extra != 1 else ''} of three times her Social Level: "
                     f"+{extra} to the courting roll (not with a wealthy mistress)")
    return Court(mistress, extra)


# -- regiments ---------------------------------------------------------------------------

_ELSE = re.compile(
    r"\s*[,;]?\s*\b(?:or\s+else|else|otherwise|failing\s+that|if\s+(?:refused|rejected|not(?:\s+accepted)?)"
    r"|then|or)\b\s*,?\s*(?:(?:apply|try)\s+(?:to\s+|for\s+)?(?:join\s+)?)?"
    r"|\s*[,;]\s*(?:(?:apply|try)\s+(?:to\s+)?)?", I)
_AS_RANK = re.compile(r"\s+(?:as|with\s+the\s+rank\s+of|at\s+the\s+rank\s+of|buying(?:\s+the\s+rank\s+of)?)\s+"
                      r"(?:an?\s+|the\s+)?(?P<rank>[a-z][\w.\- ]*?)(?=\s*(?:[,;]|$|\s+(?:else|or|otherwise|failing|if)\b))", I)
_APPLY = (
    r"(?:join(?:s|ing)?|enlist(?:s|ing)?(?:\s+(?:in|with))?|apply(?:ing)?\s+to(?:\s+join)?|appl(?:y|ies)\s+for|"
    r"seek(?:s|ing)?\s+(?:a\s+place|admission|entry)\s+in(?:to)?|sign\s+up\s+(?:with|for))\s+(?P<rest>.+)"
)


def _regiment_error(text: str) -> ErrorRecord:
    like = regiments_like(text)
    if len(like) == 1:
        hint = f"did you mean the {like[0]}?"
    elif like:
        hint = "which one: " + ", ".join(like[:-1]) + " or " + like[-1] + "?"
    else:
        hint = "the regiments are those of Regimental Table A, e.g. the Royal Foot Guards, the Gascon Regiment"
    return _problem(E_UNKNOWN_REGIMENT, f"{_quote(text)} is not a regiment engarde knows", hint)


def _regiment_list(text: str) -> list[str] | ErrorRecord:
    found: list[str] = []
    for part in _ELSE.split(text):
        part = (part or "").strip(" ,;.")
        part = re.sub(r"^(?:the\s+)?(?:regiment\s+(?:of\s+)?)?", "", part, flags=I) if part.lower() != "the" else ""
        if not part:
            continue
        regiment = find_regiment(part)
        if regiment is None:
            return _regiment_error(part)
        found.append(regiment)
    return found


def _build_apply(m: re.Match[str], notes: list[str]) -> Built:
    """g. Regiments: "Join Royal Foot Guards as Captain", with regiments to try next."""
    rest = m.group("rest").strip(" ,;.")
    bare = re.sub(r"^(?:(?:the\s+)?club\s*:?\s*)", "", rest, flags=I)
    club = find_club(_LEADING_ARTICLE.sub("", bare, count=1))
    if club is not None:  # "Join Red Phillips" on a week line
        return _problem(codes.E_UNKNOWN_VERB, f"joining a club: {_MONTHLY_HINT}",
                        f"write 'Join: {club.name}' on a line of its own")
    if re.match(r"(?:the\s+)?(?:post|appointment|position|office)\b", rest, I):
        return None  # "apply for the post of ...": an appointment
    rank: str | None = None
    if rm := _AS_RANK.search(rest):
        rank = find_rank(rm.group("rank"))
        if rank is None:
            return _problem(E_BAD_RANK, f"{_quote(rm.group('rank'))} is not a rank of Regimental Table B",
                            "the ranks: " + ", ".join(RANKS[:4]) + " (higher ranks cannot be bought on entry)")
        rest = (rest[:rm.start()] + rest[rm.end():]).strip(" ,;.")
    regiments = _regiment_list(rest)
    if isinstance(regiments, ErrorRecord):
        return regiments
    if not regiments:
        return _bad_order("apply to which regiment?", "write e.g. 'Join the Royal Foot Guards as Captain'")
    first, *fallbacks = regiments
    previous = first
    for regiment in fallbacks:
        if standing(regiment) <= standing(previous):
            return _problem(
                E_BAD_FALLBACK,
                f"the {regiment} is not of lower standing than the {previous}: a player refused by a regiment "
                "may only apply to Regiments of a lower social standing the same week",
                "list the regiments to try in the order of Regimental Table A, highest first")
        previous = regiment
    if rank == "Private":
        rank = None
    if rank is not None and rank_order(rank) > rank_order(HIGHEST_RANK_ON_ENTRY):
        return _problem(E_BAD_RANK,
                        f"the rank of {rank} cannot be bought on joining: For the ranks of Lieutenant-Colonel "
                        "and above, commissions may not be bought initially",
                        "buy a rank up to and including Major")
    return ApplyRegiment(first, rank, tuple(fallbacks))


_BUY_RANK = (
    r"(?:buy(?:s|ing)?|purchas(?:e|es|ing))\s+(?:(?:myself|himself)\s+)?(?P<rest>.+)"
)


def _build_buy_rank(m: re.Match[str], notes: list[str]) -> Built:
    """g. Regiments: "The character has the option to buy an officer's commission"."""
    rest = m.group("rest").strip(" ,;.")
    if re.fullmatch(r"(?:an?\s+|the\s+)?horses?|.*\bhorses?\b.*", rest, I):
        return _bad_order("horses are bought with a rank that needs them, not as a week's action",
                          "write the rank to buy, e.g. 'Buy the rank of Captain'")
    text = re.sub(r"\s+(?:in|with|for)\s+(?:the\s+|my\s+|his\s+)?(?:regiment|.+)$", "", rest, flags=I)
    rank = find_rank(text) or find_rank(rest)
    if rank is None:
        bare = re.fullmatch(r"(?:an?\s+|the\s+|my\s+|his\s+)?(?:officer'?s?\s+)?(?:commission|promotion|rank|next\s+rank)",
                            rest, I)
        if bare:
            return _problem(E_BAD_RANK, "which rank?", "write e.g. 'Buy the rank of Captain'")
        return _problem(E_BAD_RANK, f"{_quote(rest)} is not a rank of Regimental Table B",
                        "write e.g. 'Buy the rank of Captain'")
    if rank == "Private":
        return _problem(E_BAD_RANK, "the rank of Private is not bought", "write 'Buy the rank of Subaltern'")
    return BuyRank(rank)


_DUTY = (
    r"(?:(?:do|does|perform(?:s)?|attend(?:s)?|report(?:s)?\s+for|go(?:es)?\s+on|on|serve(?:s)?)\s+)?"
    r"(?:(?:my|his|the)\s+)?(?:regimental\s+)?duty(?:\s+(?:with|at)\s+(?:my|his|the)\s+regiment)?"
    r"|regimental\s+duty|(?:serve|serves|drill|drills|parade|parades)\s+with\s+(?:my|his|the)\s+regiment"
    r"|mount(?:s)?\s+(?:the\s+)?guard|(?:visit|go\s+to|attend)\s+(?:the|my|his)\s+(?:regiment|barracks)"
)


def _build_duty(m: re.Match[str], notes: list[str]) -> Built:
    return RegimentalDuty()


# g. Regiments: leaving the army is a week's action, as joining it is.
_RESIGN_COMMISSION = (
    r"(?:resign(?:s|ing)?|sell(?:s|ing)?\s+(?:out(?:\s+of)?|up)?|leave(?:s)?|quit(?:s)?)\s+"
    r"(?:from\s+)?(?:the\s+|my\s+|his\s+)?(?:commission|rank|regiment|army)\b.*"
)


def _build_resign_commission(m: re.Match[str], notes: list[str]) -> Built:
    return ResignCommission()


_VOLUNTEER = (
    r"(?:volunteer(?:s|ing)?|(?:go(?:es)?|serve(?:s)?|campaign(?:s)?)\s+(?:on|with|at|to)\s+(?:the\s+)?"
    r"(?=campaign|frontier|front\b|war\b|rnhb|royal\s+north)|go(?:es)?\s+to\s+(?:the\s+)?(?=war\b|front\b))"
    r"(?P<rest>.*)"
)


def _build_volunteer(m: re.Match[str], notes: list[str]) -> Built:
    """h. Volunteers: the season's campaign, or the Frontier (or the RNHB)."""
    rest = m.group("rest").lower()
    rnhb = bool(re.search(r"rnhb|north\s+highland|highland\s+border", rest))
    frontier = rnhb or bool(re.search(r"frontier|\bfront\b", rest))
    named = _volunteered_regiment(rest)
    if named is not None:
        # "Players who command Brigades may volunteer their entire Brigade or any one
        # Regiment thereof": "Volunteer the 69th Arquebusiers" names the regiment.
        return Volunteer(frontier=frontier, rnhb=rnhb, unit=named)
    unit = re.search(r"\b(?:my|his|the)\s+(battalion|squadron|regiment|brigade)\b", rest)
    if unit and unit.group(1) == "regiment" and re.search(r"frontier\s+regiment", rest):
        unit = None
    return Volunteer(frontier=frontier, rnhb=rnhb, unit=unit.group(1) if unit else None)


def _volunteered_regiment(rest: str) -> str | None:
    """The regiment (Regimental Table A's name) a Volunteer order names, if any: its
    name or a common spelling anywhere in the order, the longest first; the Frontier
    and the RNHB are where he goes, not a regiment he sends."""
    from .rules.regiments.tables import REGIMENTS

    text = rest.replace("\u2019", "'").replace("\u2018", "'")
    spellings = sorted(((spelling, reg.name) for reg in REGIMENTS
                        if not reg.name.startswith(("Frontier", "Royal North Highland"))
                        for spelling in {reg.name.lower(), *reg.aliases}),
                       key=lambda s: -len(s[0]))
    for spelling, name in spellings:
        pattern = re.escape(spelling).replace("'", "'?")
        if re.search(rf"(?<![\w']){pattern}(?![\w'])", text):
            return name
    return None


_APPOINTMENT = (
    r"(?:seek(?:s|ing)?|apply(?:ing)?\s+for|appl(?:y|ies)\s+to\s+be|request(?:s|ing)?|ask(?:s|ing)?\s+for|"
    r"solicit(?:s|ing)?|petition(?:s|ing)?\s+for|try\s+for|stand\s+for)\s+(?:an?\s+|the\s+)?"
    r"(?:(?:appointment|post|position|office|place)(?:\s+(?:as|of|for|to))?\s+)?(?P<post>.*)"
)


def _build_appointment(m: re.Match[str], notes: list[str]) -> Built:
    whole = m.group(0).lower()
    if not re.search(r"\b(?:appointment|post|position|office|place|to\s+be)\b", whole):
        return None  # "petition for the Cardinal's Guard to replace ...", "apply for ..."
    post = re.sub(r"^(?:an?\s+|the\s+)", "", m.group("post").strip(" ,;."), flags=I)
    if not post:
        return _bad_order("which appointment?", "write e.g. 'Seek appointment as Brigade Major'")
    _note_unknown_post(post, notes)
    return SeekAppointment(post)


def _note_unknown_post(post: str, notes: list[str]) -> None:
    """A note (not an error: the GM's appointments table may differ) when no post has this name."""
    from .rules.appointments.tables import APPOINTMENTS, post_by_name

    if post_by_name(post) is not None:
        return
    names = [p.name for p in APPOINTMENTS]
    guess = difflib.get_close_matches(post.lower(), [n.lower() for n in names], n=1, cutoff=0.6)
    hint = next((n for n in names if guess and n.lower() == guess[0]), None)
    notes.append(f"engarde knows no post called {_quote(post)}" + (f": did you mean {hint}?" if hint else ""))


# f. Influence: "Favours are used to modify the die rolls that represent the
# decisions of non-player characters"; "The die roll modification may be either
# additive or subtractive, depending on the player's wishes".
_INFLUENCE = (
    r"(?:use(?:s|ing)?\s+(?:(?:my|his|some|all)\s+)?influence|use(?:s|ing)?\s+(?:an?\s+|my\s+|his\s+|one\s+)?"
    r"(?=(?:class|level|grade)\s*\d|favou?r|[\w']+(?:'s)?\s+favou?r)|call(?:s|ing)?\s+in\s+(?:an?\s+|my\s+)?(?=favou?r)"
    r"|spend(?:s|ing)?\s+(?:an?\s+|my\s+)?(?=(?:class|level|grade)\s*\d|favou?r)|influenc(?:e|es|ing)(?=\s))"
    r"(?P<rest>.*)"
)
_FAVOUR = re.compile(
    r"(?:(?:an?|my|his|the|one)\s+)?(?:(?:class|level|grade)\s*(?P<cls>[1-9])\s+favou?rs?"
    r"|favou?rs?\s+(?:of\s+)?(?:class|level|grade)\s*(?P<cls2>[1-9])"
    r"|(?P<src>[\w]+)(?:'s|s')\s+favou?rs?"
    r"|favou?rs?\s+(?:from|of)\s+(?:my\s+|his\s+|the\s+)?(?P<src2>[^,;()]+?)"
    r"(?=\s+(?:on|with|upon|over|for|against|to|in|at)\b|[,;()]|\s*$)|favou?rs?)", I)
_INFLUENCE_CLAUSE = re.compile(
    r"\b(?P<key>in\s+favou?r\s+of|on\s+behalf\s+of|to\s+(?:help|aid|support|back)|supporting|for"
    r"|against|to\s+(?:block|stop|hinder|prevent|oppose|thwart)|opposing"
    r"|on|with|upon|over|at)\s+", I)


def _build_influence(m: re.Match[str], notes: list[str]) -> Built:
    rest = " " + m.group("rest").strip(" ,;.") + " "
    favour = ""
    if fm := _FAVOUR.search(rest):
        klass = re.search(r"\b(?:class|level|grade)\s*([1-9])\b", fm.group(0), I)
        if klass:
            favour = f"class {klass.group(1)}"
        elif fm.group("src") or fm.group("src2"):
            source = (fm.group("src") or fm.group("src2")).strip()
            source = re.sub(r"^(?:(?:an?|my|his|the|one|use|using|with)\s+)+", "", source, flags=I)
            favour = f"from {source}" if source else ""
        rest = rest[:fm.start()] + " " + rest[fm.end():]
    decision = for_whom = ""
    against = False
    keys = list(_INFLUENCE_CLAUSE.finditer(rest))
    lead = rest[: keys[0].start()] if keys else rest
    if lead.strip(" ,;."):  # "Influence the Minister of War for Athos"
        decision = lead.strip(" ,;.")
    for i, km in enumerate(keys):
        end = keys[i + 1].start() if i + 1 < len(keys) else len(rest)
        value = rest[km.end():end].strip(" ,;.()")
        key = km.group("key").lower()
        if not value:
            continue
        if key.startswith(("against", "to block", "to stop", "to hinder", "to prevent", "to oppose",
                           "to thwart", "opposing")):
            for_whom, against = value, True
        elif key.startswith(("for", "in favour", "in favor", "on behalf", "to help", "to aid", "to support",
                             "to back", "supporting")):
            if not against:
                for_whom = value
        elif not decision:
            decision = value
    decision = re.sub(r"^(?:the\s+)?decision\s+of\s+", "", decision, flags=I)
    decision = re.sub(r"(?:'s|s')?\s+decision$", "", decision, flags=I).strip(" ,;.")
    decision = re.sub(r"^the\s+", "", decision, flags=I)
    if re.fullmatch(r"(?:me|myself|himself|him)", for_whom, I):
        for_whom = ""
    if not decision:
        return _bad_order("use influence on whose decision?",
                          "write e.g. 'Use a class 7 favour on the Minister of War for Athos'")
    if against and not for_whom:
        return _bad_order("use influence against whom?", "write e.g. 'against Athos'")
    if not favour:
        notes.append("no favour named (e.g. 'a class 7 favour'): the GM will ask which")
    return UseInfluence(favour, decision, for_whom, against)


# -- loans -----------------------------------------------------------------------------

_LENDER_WORDS = re.compile(
    r"(?:(?:a|an|the|local|some|my)\s+)?(?:money[\s-]?lenders?|shylocks?|usurers?|lenders?|bankers?|moneylending)", I)
_BORROW = (
    r"(?:borrow(?:s|ing)?|(?:take|takes|taking|get|gets|raise|raises|obtain|obtains)\s+(?:out\s+)?an?\s+loan(?:\s+of)?)"
    r"(?:\s+(?P<rest>.+))?"
)
_REPAY = (
    r"(?:repay(?:s|ing)?|pay(?:s|ing)?\s+(?:back|off)|settle(?:s)?)(?:\s+(?P<rest>.+))?"
)
_AMOUNT = re.compile(r"(?P<amount>\d{1,7})\s*(?:crowns?|cr)?\b\.?", I)
_DEBT_WORDS = re.compile(
    r"\b(?:in\s+full|all(?:\s+(?:i|he)\s+owes?)?|everything|(?:my|his|the)\s+(?:debts?|loans?)|what\s+(?:i|he)\s+owes?|"
    r"(?:my|his)\s+debt\s+to|the\s+loan\s+from|owed)\b", I)


def _lender(text: str) -> str:
    text = text.strip(" ,;.")
    if not text or _LENDER_WORDS.fullmatch(text):
        return MONEYLENDER
    return " ".join(re.sub(r"^(?:to|from)\s+", "", text, flags=I).split())


def _build_borrow(m: re.Match[str], notes: list[str]) -> Built:
    """d. Loans: "Characters may borrow money from other players, or from local moneylenders"."""
    rest = (m.group("rest") or "").strip(" ,;.")
    am = _AMOUNT.search(rest)
    if am is None:
        return _problem(codes.E_BAD_AMOUNT, "borrow how many crowns?",
                        "write e.g. 'Borrow 100 crowns from a moneylender' or 'Borrow 50 crowns from Porthos'")
    amount = int(am.group("amount"))
    if amount <= 0:
        return _problem(codes.E_BAD_AMOUNT, "a loan must be of at least one crown")
    tail = rest[am.end():]
    fm = re.search(r"\bfrom\s+(?P<who>.+)$", tail, I) or re.search(r"\bfrom\s+(?P<who>[^\d]+?)\s*$", rest[:am.start()], I)
    if fm is None:
        notes.append("no lender named: from a moneylender (10% interest, due in six months)")
        return Borrow(amount, MONEYLENDER)
    return Borrow(amount, _lender(fm.group("who")))


def _build_repay(m: re.Match[str], notes: list[str]) -> Built:
    rest = " " + (m.group("rest") or "").strip(" ,;.") + " "
    am = _AMOUNT.search(rest)
    amount = int(am.group("amount")) if am else None
    if am:
        rest = rest[:am.start()] + " " + rest[am.end():]
    rest = _DEBT_WORDS.sub(" ", rest)
    rest = re.sub(r"\b(?:to|of|from|owed\s+to)\b", " ", rest, flags=I)
    who = " ".join(rest.split()).strip(" ,;.")
    if not who:
        notes.append("no lender named: the moneylender")
        return Repay(amount, MONEYLENDER)
    return Repay(amount, _lender(who))


# -- duels -----------------------------------------------------------------------------

_CHALLENGE = (
    r"(?:challeng(?:e|es|ing)|call(?:s|ing)?\s+out|demand(?:s|ing)?\s+satisfaction\s+(?:from|of)|"
    r"(?:fight|fights|fighting)(?:\s+a\s+duel)?(?:\s+with)?|duel(?:s|ling)?(?:\s+with)?|"
    r"issue(?:s)?\s+a\s+challenge\s+to|cross(?:es)?\s+swords\s+with)(?:\s+(?P<rest>.+))?"
)
_WEAPON_WORDS = "|".join(re.escape(s) for s in sorted(_WEAPON_SPELLINGS, key=len, reverse=True))
_WEAPON_CLAUSE = re.compile(
    r"(?:[,;(]\s*(?:(?:with|using|weapons?\s*:?)\s+)?(?:the\s+|a\s+|an\s+|my\s+)?"
    r"|\s+(?:with|using|at|by|weapons?\s*:|choosing)\s+(?:the\s+|a\s+|an\s+|my\s+)?)"
    rf"(?P<weapon>{_WEAPON_WORDS})\b\s*\)?", I)
_CAUSE_CLAUSE = re.compile(
    r"(?:[,;(]\s*|\s+)(?:cause\s*[:=-]?|for|over|because(?:\s+of)?|about|on\s+account\s+of|as\s+cause)\s+"
    r"(?P<cause>[^,;()]+)", I)


def _weapon_in(text: str) -> tuple[str | None, str]:
    """The weapon a clause names ("with sabres", "(rapier)"), and the text without it."""
    found = None
    for wm in _WEAPON_CLAUSE.finditer(text):
        found = wm
    if found is None:
        return None, text
    return _WEAPON_SPELLINGS[found.group("weapon").lower()], text[:found.start()] + " " + text[found.end():]


def _build_challenge(m: re.Match[str], notes: list[str]) -> Built:
    """e. Duelling: a challenge names whom, the cause and the weapon."""
    rest = " " + (m.group("rest") or "").strip(" ,;.") + " "
    weapon, rest = _weapon_in(rest)
    cause = ""
    if cm := _CAUSE_CLAUSE.search(rest):
        cause = cm.group("cause").strip(" ,;.")
        rest = rest[:cm.start()] + " " + rest[cm.end():]
    rest = re.sub(r"\bto\s+(?:a\s+)?duel\b|\bat\s+dawn\b|\bin\s+the\s+morning\b", " ", rest, flags=I)
    opponent = " ".join(rest.replace("(", " ").replace(")", " ").split()).strip(" ,;.")
    if not opponent:
        return _bad_order("challenge whom?", "write e.g. 'Challenge Athos for insulting my regiment with the sabre'")
    if not cause:
        notes.append("no cause given: the other players will judge whether there was cause "
                     "(a challenge with insufficient cause costs 2 status points)")
    if weapon is None:
        notes.append(f"no weapon named: the {DEFAULT_WEAPON}")
        weapon = DEFAULT_WEAPON
    return Challenge(opponent, cause, weapon)


_ANSWER = (
    r"(?P<verb>accept(?:s|ing)?|refus(?:e|es|ing)|declin(?:e|es|ing)|reject(?:s|ing)?|answer(?:s|ing)?)\s+"
    r"(?P<rest>.*\bchalleng\w*.*)"
)


def _build_answer(m: re.Match[str], notes: list[str]) -> Built:
    accept = m.group("verb").lower().startswith(("accept", "answer"))
    rest = " " + m.group("rest") + " "
    weapon, rest = _weapon_in(rest)
    rest = re.sub(r"\b(?:the|a|an|any|all|every)\s+challeng\w*|\bchalleng\w*", " ", rest, flags=I)
    rest = re.sub(r"^\s*(?:of|from|by)\s+|\s+(?:of|from|by)\s+", " ", rest, flags=I)
    who = " ".join(rest.split()).strip(" ,;.")
    who = re.sub(r"(?:'s|s')$", "", who).strip()
    if re.fullmatch(r"(?:all|any|every|anyone|everyone)?", who, I):
        who = ""
    if not accept and weapon:
        notes.append("a weapon is not needed to refuse a challenge")
        weapon = None
    if not accept:
        notes.append("refusing a challenge that has cause costs status points equal to half his Social Level")
    return AnswerChallenge(who, accept, weapon)


# -- campaigns -------------------------------------------------------------------------

_PETITION = (
    r"petition(?:s|ing)?\s*:?\s*(?:(?:for|to\s+have|to\s+substitute|that|for\s+the\s+substitution\s+of)\s+)?"
    r"(?P<a>.+?)\s+(?P<how>(?:to\s+)?(?:replac(?:e|es|ing)|substitut(?:e|es|ed|ing)\s+for|in\s+place\s+of|"
    r"instead\s+of|take\s+the\s+place\s+of)|for)\s+(?P<b>.+)"
)


def _build_petition(m: re.Match[str], notes: list[str]) -> Built:
    """h. Substitutions: "a player may petition to have a Regiment which is not going on campaign
    during the regular campaign season substituted for one which is"."""
    a = re.sub(r"\s+(?:be|to\s+be)$", "", m.group("a").strip(" ,;."), flags=I)
    b = m.group("b").strip(" ,;.")
    regiment, replacing = find_regiment(a), find_regiment(b)
    if regiment is None:
        return _regiment_error(a)
    if replacing is None:
        return _regiment_error(b)
    if regiment == replacing:
        return _bad_order("a regiment cannot replace itself", "name two regiments")
    if is_cavalry(regiment) != is_cavalry(replacing):
        return _bad_order(
            f"the {regiment} cannot replace the {replacing}: The substituted Regiment must be of the same type "
            "(i.e. infantry or Cavalry) as the unit it is substituted for",
            "choose a regiment of the same type")
    return Petition(regiment, replacing)


# -- monthly orders written on a week line ----------------------------------------

_MONTHLY_HINT = "it is an order for the whole month, not a week's action"


def _build_conspicuous_in_week(m: re.Match[str], notes: list[str]) -> Built:
    return _problem(codes.E_UNKNOWN_VERB, f"conspicuous consumption: {_MONTHLY_HINT}",
                    "write 'Conspicuous consumption' on a line of its own")


def _build_resign_in_week(m: re.Match[str], notes: list[str]) -> Built:
    if not _is_club_word(m.group("what")):
        return None  # "resign my commission": not an order of the rules engarde knows
    return _problem(codes.E_UNKNOWN_VERB, f"resigning from a club: {_MONTHLY_HINT}",
                    "write 'Resign club' on a line of its own")


def _build_standing_in_week(m: re.Match[str], notes: list[str]) -> Built:
    return _problem(codes.E_UNKNOWN_VERB, f"{_quote(m.group(0))}: a standing order, not a week's action",
                    "write it on a line of its own, e.g. 'If challenged: accept with sabre'")


def _build_lend_in_week(m: re.Match[str], notes: list[str]) -> Built:
    return _problem(codes.E_UNKNOWN_VERB, f"lending: {_MONTHLY_HINT} (it costs the lender no week)",
                    "write it on a line of its own, e.g. 'Lend 100 crowns to D'Artagnan'; "
                    "the borrower writes 'Borrow 100 crowns from NAME' on a week")


def _is_club_word(what: str | None) -> bool:
    what = (what or "").strip()
    return not what or bool(_OWN_CLUB.fullmatch(what)) or find_club(_LEADING_ARTICLE.sub("", what)) is not None


_LEND_IN_WEEK = r"(?:lend\w*|loan\w*|offer\w*\s+(?:to\s+lend|a\s+loan))\b.*"
_RESIGN = r"(?:resign(?:s|ing)?|leave|quit)(?:\s+(?:from\s+)?(?:the\s+|my\s+|his\s+)?(?P<what>.*))?"
_CONSPICUOUS = r"(?:(?:support|upkeep)\s*[:=-]?\s*)?conspicuous(?:\s+consumption)?.*"
_STANDING_IN_WEEK = (r"(?:if\s+(?:i\s+am\s+|he\s+is\s+)?challenged|duel\s+sequence|rival\s+suitors?|"
                     r"new\s+password|trade\s+\w+\s+expertise|poltroon\w*|reckless\s+bravery|"
                     r"call\s+in\s+(?:all\s+)?(?:(?:my|his|the)\s+)?(?:loans?|debts?))\b.*")


# -- orders of the full rules that engarde does not know -------------------------------

# Tried after VERBS, so a verb added to VERBS takes over from its entry here.
# Every weekly action of the rules has a verb above; these are words players
# use for things the rules do not name as orders.
# Empty today: every weekly action of the rules has its verb.  An entry is
# (name, pattern), e.g. ("insult", re.compile(r"insult\w*\b.*", I)).
NOT_YET: list[tuple[str, re.Pattern[str]]] = []

# -- the registry, in the order verbs are tried --------------------------------------

VERBS: list[Verb] = [
    _verb("ditto", _DITTO, _build_ditto, ("ditto", "same")),
    _verb("rest", _REST, _build_rest, ("rest", "nothing", "relax", "recover")),
    _verb("regimental duty", _DUTY, _build_duty, ("duty", "regimental")),
    _verb("resign commission", _RESIGN_COMMISSION, _build_resign_commission, ("resign", "commission")),
    _verb("practise", _PRACTISE, _build_practise, ("practise", "practice", "train", "fence")),
    _verb("visit mistress", _VISIT_MISTRESS, _build_visit_mistress, ("mistress",)),
    _verb("court", _COURT, _build_court, ("court", "woo")),
    _verb("toady", _TOADY, _build_toady, ("toady",)),
    _verb("volunteer", _VOLUNTEER, _build_volunteer, ("volunteer",)),
    _verb("petition", _PETITION, _build_petition, ("petition",)),
    _verb("seek appointment", _APPOINTMENT, _build_appointment, ("seek", "appointment")),
    _verb("apply to a regiment", _APPLY, _build_apply, ("join", "apply", "enlist")),
    _verb("buy rank", _BUY_RANK, _build_buy_rank, ("buy", "purchase")),
    _verb("use influence", _INFLUENCE, _build_influence, ("influence", "favour")),
    _verb("borrow", _BORROW, _build_borrow, ("borrow",)),
    _verb("repay", _REPAY, _build_repay, ("repay",)),
    _verb("answer challenge", _ANSWER, _build_answer, ("accept", "refuse", "decline")),
    _verb("challenge", _CHALLENGE, _build_challenge, ("challenge", "duel", "fight")),
    _verb("gamble", _GAMBLE_AT, _build_gamble_at, ("gamble", "bet")),
    _verb("visit", _VISIT, _build_visit, ("visit", "go", "attend")),
    _verb("bring a guest", _BRING_TO, _build_bring_to, ("bring", "take")),
    _verb("carouse", _CAROUSE_AT, _build_carouse_at, ("carouse",)),
    # monthly and standing orders mistakenly written on a week line: say where they belong
    _verb("conspicuous consumption", _CONSPICUOUS, _build_conspicuous_in_week),
    _verb("resign club", _RESIGN, _build_resign_in_week),
    _verb("standing order", _STANDING_IN_WEEK, _build_standing_in_week),
    _verb("lend", _LEND_IN_WEEK, _build_lend_in_week, ("lend",)),
]
# Tried after NOT_YET: a bare place ("Hunter's and carouse", "Bawdyhouse").
FALLBACK_VERBS: list[Verb] = [
    _verb("place", r".+", _build_place_only, ("bawdyhouse", "brothel")),
]


def _known_spellings(verbs: Sequence[Verb]) -> dict[str, str]:
    return {s: s for v in verbs for s in v.spellings}


def _unknown_verb(action: str, verbs: Sequence[Verb]) -> ErrorRecord:
    first = re.match(r"[\w']+", action)
    guess = _did_you_mean(first.group(0), _known_spellings(verbs), cutoff=0.7) if first else None
    return _problem(
        codes.E_UNKNOWN_VERB,
        f"{_quote(action)} is not an order engarde understands",
        f"did you mean '{guess}'?" if guess else
        "orders: practise WEAPON, visit CLUB [and carouse], visit bawdyhouse, court MISTRESS, visit my mistress, "
        "join REGIMENT, regimental duty, challenge NAME, borrow N crowns, rest, ditto (see orders/README.md)",
    )


def _interpret(text: str, notes: list[str], verbs: Sequence[Verb] | None = None) -> Order | ErrorRecord | Ditto:
    """One week's action; a ``Ditto`` is left for the sheet to resolve."""
    verbs = VERBS if verbs is None else verbs
    action = clean_action(text)
    if not action:
        notes.append("nothing written: he rests")
        return Rest()
    built = _first_verb(verbs, action, notes)
    if built is not None:
        return built
    for name, pattern in NOT_YET:
        if pattern.fullmatch(action):
            return _not_yet(name)
    built = _first_verb(FALLBACK_VERBS, action, notes)
    return built if built is not None else _unknown_verb(action, [*verbs, *FALLBACK_VERBS])


def _first_verb(verbs: Sequence[Verb], action: str, notes: list[str]) -> Built:
    """What the first verb that matches and accepts ``action`` builds, or None."""
    for verb in verbs:
        m = verb.pattern.fullmatch(action)
        if m is None:
            continue
        # Notes count only from the verb that accepts: one that declines must
        # not leave its notes behind for the next.
        mine: list[str] = []
        built = verb.build(m, mine)
        if built is not None:
            notes.extend(mine)
            return built
    return None


def parse_action(text: str, notes: list[str] | None = None, verbs: Sequence[Verb] | None = None) -> Order | ErrorRecord:
    """One week's action as an ``Order``, or an ``ErrorRecord`` (source "" line 0).

    Alone there is no earlier week, so a ditto is an ``E_DITTO_FIRST`` error.
    Human notes ("carousing is mandatory ...") go to ``notes`` if given.
    """
    result = _interpret(text, notes if notes is not None else [], verbs)
    if isinstance(result, Ditto):
        return _problem(codes.E_DITTO_FIRST, "'ditto' repeats an earlier week, and there is none")
    return result


# -- sheet lines: headers, week lines, monthly orders ----------------------------------

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
    r"(?P<weeks>(?:\d{1,4}|one|two|three|four)(?:\s*(?:-|\u2013|to|through|and|&|,)\s*(?:\d{1,4}|one|two|three|four))*)"
    r"\b" + _WEEK_SEP + r"(?P<action>.*)", I)
_WEEK_ORDINAL = re.compile(
    r"(?P<weeks>first|second|third|fourth|1st|2nd|3rd|4th)\s+week\b" + _WEEK_SEP + r"(?P<action>.*)", I)
_WEEK_BARE = re.compile(r"(?P<weeks>\d{1,2})\s*(?:[:.)=\u2013\u2014-]+\s*|\s+)(?P<action>.*)", I)
_MONTHLY_CONSPICUOUS = re.compile(
    r"(?:(?:support|upkeep)\s*[:=-]?\s*)?(?P<no>no\s+)?conspicuous(?:\s+consumption)?"
    r"(?:\s*[:=-]?\s*(?P<yn>yes|no|y|n|true|false|on|off))?[.!]*", I)
_MONTHLY_PLAIN_SUPPORT = re.compile(r"(?:support|upkeep)\s*[:=-]?\s*(?:normal|ordinary|basic|standard|plain)[.!]*", I)
_MONTHLY_JOIN = re.compile(r"join(?:\s+(?:the\s+)?club)?\s*(?:[:=]|\s-\s|\s)\s*(?P<club>.+)", I)
# "Resign" alone means his club; "leave"/"quit" must say what is left.
_MONTHLY_RESIGN = re.compile(
    r"(?:resign(?:s)?(?:\s+(?:from\s+)?(?:the\s+|my\s+|his\s+)?(?P<what>.*?))?"
    r"|(?:leave|quit)\s+(?:the\s+|my\s+|his\s+)?(?P<left>.+?))[.!]*", I)

# -- standing orders, kept from month to month (orders.StandingOrders) -----------------
_IF_CHALLENGED = re.compile(r"if\s+(?:i\s+am\s+|i'm\s+|he\s+is\s+)?challenged\s*[:,=-]?\s*(?P<rest>.*)", I)
_SEQUENCE_IN = re.compile(r"(?:^|[,;]\s*|\s+)(?:(?:and|with)\s+)?(?:the\s+)?(?:duel\s+)?sequence\s*[:=-]?\s*(?P<seq>.*)$", I)
_DUEL_SEQUENCE = re.compile(
    r"(?:(?:my|his|standing|the)\s+)?(?:duel(?:ling)?\s+|fencing\s+)?sequence\s*(?:[:=-]\s*|\s+)(?P<seq>.+)", I)
_DUEL_WEAPON = re.compile(r"(?:(?:my|his)\s+)?duel(?:ling)?\s+weapon\s*(?:[:=-]\s*|\s+)(?P<weapon>.+)", I)
_DUEL_CONDITIONS = re.compile(r"(?:duel(?:ling)?\s+)?conditions?\s*[:=-]\s*(?P<cond>.+)", I)
# h./i. "The player choosing to take the poltroonery option may add any number he
# feels necessary to the die roll needed for death"; reckless bravery subtracts.
# Written "Campaign: reckless bravery +2" or "Campaign: poltroonery 1": the word
# gives the direction (StandingOrders.campaign_modifier: bravery > 0, poltroonery < 0).
_CAMPAIGN = re.compile(
    r"(?:campaign(?:\s+(?:modifier|conduct|orders?))?\s*[:=-]\s*(?P<body>.*)"
    r"|(?P<word>(?:poltroon\w*|cowardice|reckless(?:\s+bravery)?|bravery|heroism)\b.*))", I)
_RIVAL_SUITOR = re.compile(
    r"(?:if\s+(?:a\s+|two\s+)?)?rival\s+suitors?(?:\s+(?:meet|at\s+(?:the|her)\s+door))?\s*[:,=-]?\s*(?P<what>.*)", I)
# e. Practice: "a character may subtract five from his Expertise to add one to his Strength".
_TRADE = re.compile(
    r"(?:trade|convert|exchange|swap)\s+(?:(?P<e>\d{1,3})\s+)?(?:points?\s+(?:of\s+)?)?expertise\s+(?:points?\s+)?"
    r"(?:for|into|to)\s+(?:(?P<s>\d{1,2})\s+)?(?:points?\s+(?:of\s+)?)?strength"
    r"(?:\s*[,x]?\s*(?P<times>\d{1,2}|once|twice|thrice)(?:\s+times)?)?[.!]*", I)
# d. Loans: "At any time after three months from the date of the loan, however,
# the lender may demand payment from the borrower" (MonthlyOrders.call_loans).
_CALL_LOANS = re.compile(
    r"(?:call(?:s|ing)?\s+in|recall(?:s|ing)?)\s+(?P<all>all\s+)?(?:(?:my|his|the|our)\s+)?(?:loans?|debts?)"
    r"(?:\s*[:=-]\s*|\s+(?:to|from|of|owed\s+by|made\s+to|lent\s+to)\s+|\s*$)(?P<who>.*)"
    r"|demand(?:s|ing)?\s+(?:re)?payment\s+(?:of\s+(?:my|his|the)\s+loans?\s+)?from\s+(?P<who2>.+)", I)
# d. Loans: "Characters may borrow money from other players": the lender's consent, a monthly
# order (MonthlyOrders.lend) that costs him no week: "Lend 100 crowns to D'Artagnan".
_LEND = re.compile(
    r"(?:lend(?:s|ing)?|loan(?:s|ing)?|offer(?:s|ing)?\s+(?:to\s+lend|a\s+loan\s+of))\s*[:=-]?\s*(?:up\s+to\s+)?"
    r"(?:(?P<amount>\d{1,7})\s*(?:crowns?|cr)?\.?\s+(?:to\s+)?(?P<who>(?!\d)[^,;()]+?)"
    r"|(?P<who2>(?!\d|up\s)[^,;()]+?)\s+(?:up\s+to\s+)?(?P<amount2>\d{1,7})\s*(?:crowns?|cr)?\.?)"
    r"(?:\s*,?\s*(?:this\s+month|if\s+(?:he\s+)?asks|if\s+asked))?[.!]*", I)
_LEND_WORDS = re.compile(r"(?:lend\w*|loan\w*|offer\w*\s+(?:to\s+lend|a\s+loan))\b.*", I)
_NEW_PASSWORD = re.compile(
    r"(?:new\s+password|change\s+(?:my\s+|his\s+|the\s+)?password(?:\s+to)?|password\s+change)\s*(?:[:=-]\s*|\s+)?(?P<pw>.*)", I)
# Press: "Letter to the gazette (signed|anonymous|as "The Red Fox"):" ... "End of letter"
_LETTER = re.compile(
    r"(?:(?:a\s+)?letter(?:\s+to\s+(?:the\s+)?(?:gazette|editors?|press|newspaper|paper|printers?))?|press)"
    r"\s*(?P<how>[^:]*?)\s*:\s*(?P<first>.*)", I)
_LETTER_HOW_ALIAS = re.compile(
    r"(?:signed\s+)?(?:as|under\s+the\s+name(?:\s+of)?|by|signed)\s+[\"']?(?P<alias>[^\"]+?)[\"']?", I)
_END_LETTER = re.compile(r"(?:the\s+)?end\s+(?:of\s+)?(?:the\s+|my\s+|his\s+)?letter[\s.!]*|letter\s+ends?[\s.!]*", I)

# Duelling Table A's actions as the rules write them.
_SEQUENCE_ACTIONS = {a.upper(): a for a in (
    "X", "L", "S", "C", "K", "JB", "CL", "R", "T", "P", "B", "Sur", "OP1", "OP2", "OB1", "OB2")}


_SEQUENCE_SEPARATORS = re.compile(r"[,;/|\u2013\u2014-]+")
_SEQUENCE_TOKEN = re.compile(r"\(|\)|[^\s()]+")


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


def check_duel_sequence(text: str, weapon: str = DEFAULT_WEAPON) -> list[str] | None:
    """Problems Duelling Table A finds in a sequence ([] when legal); None when it cannot be checked.

    The duel rules own the check (``engarde.rules.duel.check_sequence``); it is
    imported when needed so the order language works with or without them.
    """
    try:
        from .rules.duel.rules import check_sequence
    except ImportError:
        return None
    try:
        return [str(p) for p in check_sequence(text, weapon)]
    except Exception as exc:  # noqa: BLE001 - a sheet must never crash the intake
        return [f"the sequence could not be checked ({type(exc).__name__}: {exc})"]


def check_duel_conditions(text: str) -> list[str] | None:
    """Problems the duel rules find in one written duel condition ([] when understood); None
    when it cannot be checked (``engarde.rules.duel.check_conditions``)."""
    try:
        from .rules.duel.rules import check_conditions
    except ImportError:
        return None
    try:
        return [str(p) for p in check_conditions([text])]
    except Exception as exc:  # noqa: BLE001 - a sheet must never crash the intake
        return [f"the condition could not be checked ({type(exc).__name__}: {exc})"]


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


def _clean_value(value: str) -> str:
    return value.rstrip(_TRAILING_CHARS).strip(" \"'<>[]")


# -- the sheet ---------------------------------------------------------------------------


@dataclass
class _OpenLetter:
    """A letter to the gazette being read, until its "End of letter"."""

    line: int
    signature: str
    alias: str | None
    ok: bool
    lines: list[str]


@dataclass
class _Written:
    """A week as written, before dittos are resolved."""

    line: int
    result: Order | ErrorRecord | Ditto
    notes: list[str]


class _SheetReader:
    """Reads one sheet line by line; ``finish`` resolves dittos and sorts errors."""

    def __init__(self, source: str, verbs: Sequence[Verb] | None) -> None:
        self.sheet = OrderSheet(source=source)
        self.verbs = verbs
        self.written: dict[int, _Written] = {}
        self.header_lines: dict[str, int] = {}
        self.join_line: int | None = None
        self.sequence_line: int | None = None
        self.sequence_text = ""  # the sequence as the player wrote it, for the duel rules to check
        self.condition_lines: list[tuple[int, str]] = []  # each written duel condition and its line
        self.letter: _OpenLetter | None = None

    def error(self, line: int, code: str, message: str, suggestion: str | None = None) -> None:
        self.sheet.errors.append(ErrorRecord(self.sheet.source, line, code, message, suggestion))

    # Each ``read_*`` returns True when it has dealt with the line.
    def read(self, number: int, line: str) -> bool:
        """Read one cleaned, non-blank line; False means the sheet ends here."""
        if _END.fullmatch(line):
            return False
        if (m := _HEADER.fullmatch(line)) is not None:
            return self.read_header(number, m.group("key").lower(), m.group("value"))
        if (week := week_line(line)) is not None:
            self.read_week(number, line, *week)
        elif not self.read_monthly(number, line):
            self.not_understood(number, line)
        return True

    def read_header(self, number: int, key: str, raw: str) -> bool:
        if key.startswith("pass") or key.startswith("pw"):
            # a password is taken as written: its punctuation may be part of it
            password = raw.strip() or None
            return self.first_header("password", number, lambda: setattr(self.sheet, "password", password))
        value = _clean_value(raw)
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
            self.error(number, codes.E_BAD_MONTH, f"{_quote(value)} is not a month engarde can read",
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
                result = _interpret(action, notes, self.verbs)
            self.written[week] = _Written(number, result, list(notes))

    def read_monthly(self, number: int, line: str) -> bool:
        if self.read_standing(number, line):
            return True
        monthly = self.sheet.monthly
        if m := _MONTHLY_CONSPICUOUS.fullmatch(line):
            no = m.group("no") or (m.group("yn") or "").lower() in ("no", "n", "false", "off")
            monthly.conspicuous_consumption = not no
            return True
        if _MONTHLY_PLAIN_SUPPORT.fullmatch(line):
            monthly.conspicuous_consumption = False
            return True
        if m := _MONTHLY_RESIGN.fullmatch(line):
            if _is_club_word(m.group("what") or m.group("left")):
                monthly.resign_club = True
            else:
                self.error(number, codes.E_UNKNOWN_VERB,
                           "resigning a commission is a week's action, not an order for the month",
                           "write it on a week line, e.g. 'Week 2: Resign my commission'")
            return True
        if m := _MONTHLY_JOIN.fullmatch(line):
            self.read_join(number, _clean_value(m.group("club")))
            return True
        return False

    def read_join(self, number: int, text: str) -> None:
        club = find_club(_LEADING_ARTICLE.sub("", text, count=1))
        if club:
            if self.join_line is not None and self.sheet.monthly.join_club != club.name:
                self.sheet.notes.append(f"line {number}: a second club to join; the first (line {self.join_line}) is kept")
                return
            self.join_line = number
            self.sheet.monthly.join_club = club.name
            return
        err = _unknown_club(text)
        if err.suggestion and err.suggestion.startswith("did you mean"):
            self.error(number, err.code, err.message, err.suggestion)
        elif (regiment := find_regiment(re.sub(r"\s+as\s+.*$", "", text, flags=I))) is not None:
            self.error(number, codes.E_UNKNOWN_VERB,
                       f"applying to the {regiment} takes a week: it is a week's action, not an order for the month",
                       f"write e.g. 'Week 1: Join the {regiment}'")
        else:
            self.error(number, err.code, err.message, err.suggestion)

    # -- standing orders, monthly orders of the later rules, letters ------------------------

    def read_standing(self, number: int, line: str) -> bool:
        standing, monthly = self.sheet.standing, self.sheet.monthly
        if m := _IF_CHALLENGED.fullmatch(line):
            self.read_if_challenged(number, m.group("rest"))
        elif m := _DUEL_SEQUENCE.fullmatch(line):
            self.read_sequence(number, m.group("seq"))
        elif m := _DUEL_WEAPON.fullmatch(line):
            weapon = self.weapon(number, m.group("weapon"))
            if weapon:
                standing.duel_weapon = weapon
        elif m := _DUEL_CONDITIONS.fullmatch(line):
            standing.duel_conditions = (*standing.duel_conditions, m.group("cond").strip())
            self.condition_lines.append((number, m.group("cond").strip()))
        elif m := _CAMPAIGN.fullmatch(line):
            self.read_campaign(number, m.group("body") if m.group("body") is not None else m.group("word"))
        elif m := _RIVAL_SUITOR.fullmatch(line):
            what = m.group("what").lower().strip(" .!")
            if re.fullmatch(r"(?:i\s+|he\s+)?(?:will\s+)?(?:withdraw|yield|give\s+way|step\s+aside|retire|bow\s+out)\w*", what):
                standing.rival_suitor = "withdraw"
            elif re.fullmatch(r"(?:i\s+|he\s+)?(?:will\s+)?(?:fight|duel|stand(?:\s+firm)?|stay|hold(?:\s+firm)?)\w*", what):
                standing.rival_suitor = "fight"
            else:
                self.error(number, codes.E_BAD_ORDER, f"rival suitor: {_quote(what)} is neither withdraw nor fight",
                           "write 'Rival suitor: withdraw' or 'Rival suitor: fight'")
        elif m := _TRADE.fullmatch(line):
            self.read_trade(number, m)
        elif m := _CALL_LOANS.fullmatch(line):
            who = (m.group("who") if m.group("who2") is None else m.group("who2")).strip(" .!")
            names = () if m.group("all") or re.fullmatch(r"(?:all|everyone|everybody|every\s+borrower)?", who, I) \
                else _names(who)
            monthly.call_loans = tuple(dict.fromkeys((*monthly.call_loans, *(names or ("all",)))))
        elif m := _LEND.fullmatch(line):
            self.read_lend(number, m)
        elif _LEND_WORDS.fullmatch(line):
            self.error(number, codes.E_BAD_ORDER, f"{_quote(line)}: lend how many crowns, to whom?",
                       "write e.g. 'Lend 100 crowns to D'Artagnan' (he borrows them with a week's "
                       "'Borrow 100 crowns from NAME')")
        elif m := _NEW_PASSWORD.fullmatch(line):
            password = m.group("pw").strip()
            if password:
                monthly.new_password = password
            else:
                self.error(number, codes.E_BAD_ORDER, "a new password, but none given", "write 'New password: ...'")
        elif m := _LETTER.fullmatch(line):
            self.open_letter(number, m.group("how"), m.group("first"))
        else:
            return False
        return True

    def weapon(self, number: int, text: str) -> str | None:
        found = _WEAPON_AT_START.match(_ARTICLES.sub("", text.strip(" .,;()"), count=1))
        if found and not found.group("tail").strip(" .,;()"):
            return _WEAPON_SPELLINGS[found.group("weapon").lower()]
        guess = _did_you_mean(text.strip(" .,;()"), _WEAPON_SPELLINGS)
        self.error(number, codes.E_UNKNOWN_WEAPON, f"{_quote(text)} is not a weapon of Duelling Table C",
                   f"did you mean the {guess}?" if guess else f"the weapons: {', '.join(WEAPONS)}")
        return None

    def read_if_challenged(self, number: int, rest: str) -> None:
        standing = self.sheet.standing
        rest = " " + rest + " "
        if sm := _SEQUENCE_IN.search(rest):
            self.read_sequence(number, sm.group("seq"))
            rest = rest[:sm.start()]
        weapon, rest = _weapon_in(rest)
        if weapon:
            standing.duel_weapon = weapon
        answer = " ".join(rest.split()).strip(" ,;.").lower()
        if re.fullmatch(r"(?:i\s+|he\s+)?(?:will\s+)?(?:accept|fight|yes|always\s+accept|accept\s+it)\w*", answer):
            standing.if_challenged = "accept"
        elif re.fullmatch(r"(?:i\s+|he\s+)?(?:will\s+)?(?:refuse|decline|no|never)\w*", answer):
            standing.if_challenged = "refuse"
        elif answer or weapon is None:
            self.error(number, codes.E_BAD_ORDER, f"if challenged: {_quote(answer or rest.strip())} is neither accept nor refuse",
                       "write e.g. 'If challenged: accept with sabre' or 'If challenged: refuse'")

    def read_sequence(self, number: int, text: str) -> None:
        sequence = normalise_sequence(text)
        if not sequence:
            self.error(number, E_BAD_SEQUENCE, "a duel sequence, but no actions",
                       "write it as the rules do, e.g. 'Duel sequence: X L X CL K X X X X S P JB'")
            return
        self.sequence_line = number
        self.sequence_text = text
        self.sheet.standing.duel_sequence = sequence

    def read_lend(self, number: int, m: re.Match[str]) -> None:
        """d. Loans: the lender's consent, for the month: "Lend 100 crowns to D'Artagnan"."""
        amount = int(m.group("amount") or m.group("amount2"))
        who = " ".join((m.group("who") or m.group("who2") or "").strip(" ,;.\"'").split())
        who = re.sub(r"^(?:to\s+)", "", who, flags=I)
        if amount <= 0:
            self.error(number, codes.E_BAD_AMOUNT, "a loan must be of at least one crown",
                       "write e.g. 'Lend 100 crowns to D'Artagnan'")
            return
        if not who:
            self.error(number, codes.E_BAD_ORDER, "lend to whom?", "write e.g. 'Lend 100 crowns to D'Artagnan'")
            return
        monthly = self.sheet.monthly
        earlier = [x for x in monthly.lend if normalise_name(x.borrower) == normalise_name(who)]
        if earlier:
            self.sheet.notes.append(f"line {number}: a second offer to lend to {who}; it replaces the first "
                                    f"({earlier[0].amount} crowns)")
        monthly.lend = tuple(x for x in monthly.lend if x not in earlier) + (Lend(amount, who),)

    def read_campaign(self, number: int, body: str) -> None:
        text = body.lower().strip(" .!")
        number_m = re.search(r"(?P<sign>[+-])?\s*(?P<n>\d{1,2})\b", text)
        coward = re.search(r"poltroon|coward", text)
        brave = re.search(r"reckless|brave|hero", text)
        hint = "write e.g. 'Campaign: reckless bravery +2' or 'Campaign: poltroonery 1' (or 'Campaign: none')"
        if re.fullmatch(r"(?:none|normal|no\s+modifier|nothing|0|\+?0)", text):
            self.sheet.standing.campaign_modifier = 0
            return
        if coward and brave or not (coward or brave or number_m):
            self.error(number, codes.E_BAD_ORDER, f"campaign: {_quote(body)} is not understood", hint)
            return
        if number_m is None:
            self.error(number, codes.E_BAD_ORDER, f"campaign: {_quote(body)} says not by how much", hint)
            return
        size, sign = int(number_m.group("n")), number_m.group("sign")
        if coward:
            if sign == "+":
                self.error(number, codes.E_BAD_ORDER, "poltroonery counts down, not up: +N is reckless bravery", hint)
                return
            value = -size
        elif brave:
            if sign == "-":
                self.error(number, codes.E_BAD_ORDER, "reckless bravery counts up, not down: -N is poltroonery", hint)
                return
            value = size
        else:
            value = -size if sign == "-" else size
        self.sheet.standing.campaign_modifier = value

    def read_trade(self, number: int, m: re.Match[str]) -> None:
        expertise = int(m.group("e")) if m.group("e") else None
        strength = int(m.group("s")) if m.group("s") else None
        times = _number(m.group("times")) if m.group("times") and m.group("times").isdigit() else (
            _NUMBER_WORD_VALUES.get((m.group("times") or "").lower(), 1) if m.group("times") else 1)
        hint = "write 'Trade 5 expertise for 1 strength' (five Expertise for each point of Strength)"
        if expertise is not None and strength is not None and expertise != 5 * strength:
            self.error(number, codes.E_BAD_ORDER,
                       f"{expertise} Expertise for {strength} Strength: the rules trade five Expertise for one Strength", hint)
            return
        if expertise is not None and expertise % 5:
            self.error(number, codes.E_BAD_ORDER, f"{expertise} Expertise is not a multiple of five", hint)
            return
        points = strength if strength is not None else (expertise // 5 if expertise is not None else 1)
        if points < 1:
            self.error(number, codes.E_BAD_ORDER, "no Strength to trade for", hint)
            return
        self.sheet.monthly.trade_expertise_for_strength += points * times
        self.sheet.notes.append(f"line {number}: {5 * points * times} Expertise for {points * times} Strength; "
                                "the trade is irreversible")

    def open_letter(self, number: int, how: str, first: str) -> None:
        how = how.strip(" ,;()").strip()
        signature, alias, ok = "signed", None, True
        if not how or re.fullmatch(r"signed|with\s+(?:my|his)\s+name|openly", how, I):
            pass
        elif re.fullmatch(r"anonymous(?:ly)?|unsigned|anon\.?|without\s+(?:a\s+)?(?:name|signature)", how, I):
            signature = "anonymous"
        elif (am := _LETTER_HOW_ALIAS.fullmatch(how)) and am.group("alias").strip(" \"'\u201c\u201d"):
            signature, alias = "alias", am.group("alias").strip(" \"'\u201c\u201d")
        else:
            ok = False
            self.error(number, codes.E_BAD_ORDER, f"letter signed {_quote(how)}: not understood; it is not printed",
                       "write 'Letter to the gazette (signed):', '(anonymous):' or '(as \"The Red Fox\"):'")
        self.letter = _OpenLetter(number, signature, alias, ok, [first] if first.strip() else [])

    def letter_line(self, number: int, line: str, raw: str) -> None:
        letter = self.letter
        assert letter is not None
        if _END_LETTER.fullmatch(line):
            self.letter = None
            lines = [x.rstrip() for x in letter.lines]
            while lines and not lines[0].strip():
                lines.pop(0)
            while lines and not lines[-1].strip():
                lines.pop()
            if not lines:
                self.error(letter.line, codes.E_BAD_ORDER, "the letter to the gazette is empty", None)
            elif letter.ok:
                self.sheet.letters.append(Letter("\n".join(lines), letter.signature, letter.alias))
            return
        letter.lines.append(raw.replace("\t", "    "))

    def not_understood(self, number: int, line: str) -> None:
        as_action = _interpret(line, [], self.verbs)
        if isinstance(as_action, (Order, Ditto)):
            hint = f"put the week number first, e.g. 'Week 1: {line}'"
        else:
            hint = "write each week's order as 'Week N: order', monthly orders on lines of their own"
        self.error(number, codes.E_UNKNOWN_VERB, f"line not understood: {_quote(line)}", hint)

    def finish_standing(self) -> None:
        """An unfinished letter, and the duel sequence checked against Duelling Table A."""
        if self.letter is not None:
            self.error(self.letter.line, E_LETTER_UNENDED,
                       "this letter to the gazette has no 'End of letter' line: it is not printed, "
                       "and every line after it was taken as part of it",
                       "end the letter with a line 'End of letter'")
            self.letter = None
        standing = self.sheet.standing
        self.finish_conditions()
        if standing.duel_sequence is None or self.sequence_line is None:
            return
        weapon = standing.duel_weapon or DEFAULT_WEAPON
        problems = check_duel_sequence(self.sequence_text, weapon)
        if problems is None:
            self.sheet.notes.append(f"line {self.sequence_line}: the duel sequence is kept, but engarde cannot "
                                    "check it against Duelling Table A yet")
        elif problems:
            standing.duel_sequence = None
            self.error(self.sequence_line, E_BAD_SEQUENCE,
                       f"the duel sequence is not legal by Duelling Table A ({'; '.join(problems)}): it is not kept",
                       "each action must belong to a routine, in the order the table gives, e.g. "
                       "'X L X CL K X X X X S P JB'")
        elif not self.sheet.standing.duel_weapon:
            self.sheet.notes.append(f"line {self.sequence_line}: the duel sequence was checked for the {weapon}")

    def finish_conditions(self) -> None:
        """Each written duel condition read by the duel rules now, so that the player hears of one
        they cannot read before the deadline, not after his duel; such a condition is not kept."""
        kept = []
        for number, text in self.condition_lines:
            problems = check_duel_conditions(text)
            if problems:
                self.error(number, E_BAD_CONDITION,
                           f"the duel condition is not understood ({'; '.join(problems)}): it is not kept",
                           "write e.g. 'Duel conditions: surrender if endurance below 25%', "
                           "'riposte' or 'optional parry if opponent CL'")
            else:
                kept.append(text)
        if self.condition_lines:
            self.sheet.standing.duel_conditions = tuple(kept)

    def finish(self) -> OrderSheet:
        self.finish_standing()
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
        return sheet

    def resolve_ditto(self, week: int, ditto: Ditto, failed: dict[int, int]) -> Order | ErrorRecord:
        earlier = [w for w in self.sheet.weeks if w < week]
        target = ditto.week if ditto.week is not None else max(earlier, default=None)
        if target is None:
            return _problem(codes.E_DITTO_FIRST,
                            f"'ditto' in week {week} has no earlier week to repeat",
                            "write the order itself")
        if target >= week or target not in self.sheet.weeks:
            return _problem(codes.E_DITTO_FIRST,
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


def parse_sheet(text: str, source: str, verbs: Sequence[Verb] | None = None) -> OrderSheet:
    """A player's order text as an ``OrderSheet``.  Never raises.

    Text before the first header (or week) line and after ``End of orders`` is
    ignored, so a player may write a greeting or reply below a report.
    """
    raws = split_lines(text)
    lines = [clean_line(raw) for raw in raws]
    reader = _SheetReader(source, verbs)
    start = _sheet_start(lines)
    if start is not None:
        for number, line in enumerate(lines[start:], start=start + 1):
            if reader.letter is not None:
                reader.letter_line(number, line, raws[number - 1])
                continue  # a letter is printed as written: blank lines and all
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
