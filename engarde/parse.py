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
from .calendar import WEEKS_PER_MONTH, GameMonth
from .orders import OrderSheet, Order, Practise, Rest, VisitBawdyhouse, VisitClub
from .records import ErrorRecord
from .tables import CLUBS, WEAPONS, Club, club_by_name, normalise_name

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
_SIDE_ACTIVITY = re.compile(
    _SEP + r"\b(?P<activity>gambl\w*|bet|bets|betting|wager\w*|dic(?:e|ing)|play(?:ing)?\s+cards|toady\w*)\b"
    r"(?:(?!\s+(?:with|and)\s)[^,;])*", I)
_GUEST_OF = re.compile(_SEP + r"\bas\s+(?:the\s+|a\s+)?guest\s+of\s+(?P<host>[^,;]+)", I)
_WITH = re.compile(r"\s+(?:together\s+with|along\s+with|accompanied\s+by|with)\s+", I)
_NAME_SPLIT = re.compile(r"\s*,\s*|\s+and\s+|\s*&\s*", I)
_NAME_TAIL = re.compile(r"\s+as\s+(?:his|my|a|the|our)\s+guests?$", I)

_BAWDYHOUSE = re.compile(
    r"(?:(?:a|an|the|local|nearest|some|my|his)\s+)?(?:bawdy[\s-]?houses?|brothels?|bordellos?|"
    r"whorehouses?|stews|red[\s-]light(?:\s+district)?|house\s+of\s+ill\s+repute)", I)
_OWN_CLUB = re.compile(r"(?:(?:my|his|our|the)\s+)?(?:own\s+)?club(?:\s*house)?", I)
# Filler after the place: "Hunter's for a (drink)", "the bawdyhouse tonight".
_PLACE_FILLER = re.compile(
    r"\s+(?:for(?:\s+(?:a|an|the|some))?|tonight|(?:this|all|for\s+the)\s+(?:week|evening|night))$", I)
_LEADING_ARTICLE = re.compile(r"^(?:(?:the|a|an|to)\s+)+", I)
_CLUB_SUFFIX = re.compile(r"\s+club(?:\s*house)?$", I)

# Places in the full rules that this first cut does not resolve.
_NOT_YET_PLACES = (
    (re.compile(r"\b(?:mistress\w*|lady|madame?|mademoiselle)\b", I), "visit mistress"),
    (re.compile(r"\b(?:regiment\w*|barracks|parade|duty)\b", I), "regimental duty"),
    (re.compile(r"\b(?:court|palace|louvre|king|cardinal)\b", I), "attend court"),
    (re.compile(r"\b(?:war|front|campaign\w*)\b", I), "volunteer"),
    (re.compile(r"\b(?:moneylender\w*|shylock\w*|usurer\w*)\b", I), "borrow"),
    (re.compile(r"\b(?:duel\w*|field\s+of\s+honou?r)\b", I), "duel"),
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
        codes.E_UNKNOWN_CLUB,
        f"{_quote(place)} is not a club of Paris",
        f"did you mean {guess}?" if guess else f"the clubs are {names}",
    )


def _not_yet(name: str) -> ErrorRecord:
    return _problem(codes.E_NOT_YET, f"'{name}' is an En Garde! order engarde does not resolve yet")


@dataclass
class _Clauses:
    """What a visit's words say besides the place."""

    carouse: bool = False
    no_carouse: bool = False
    companionship: bool = True
    purse: int | None = None
    bad_purse: str | None = None
    companions: tuple[str, ...] = ()
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


def _split_visit(text: str) -> tuple[str, _Clauses]:
    """Pull the clauses (carouse, purse, companions...) out of a visit; return the place."""
    c = _Clauses()
    s = " " + text.replace("(", ", ").replace(")", ", ") + " "
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
    found, s = _take(_SIDE_ACTIVITY, s)
    c.side = tuple(m.group("activity").lower() for m in found)
    found, s = _take(_GUEST_OF, s)
    hosts = tuple(n for m in found for n in _names(m.group("host")))
    place, *rest = _WITH.split(s, maxsplit=1)
    c.companions = hosts + (_names(rest[0]) if rest else ())
    return _PLACE_FILLER.sub("", place.strip(" ,;.")), c


def _visit(text: str, notes: list[str], *, strict: bool = True, carouse: bool = False) -> Built:
    """A visit to a club or a bawdyhouse, from the words after the verb.

    With ``strict`` False (no verb was written: "Hunter's and carouse") an
    unrecognised place returns None so the line falls to "unknown verb".
    """
    place, c = _split_visit(text)
    c.carouse = c.carouse or carouse
    place = _LEADING_ARTICLE.sub("", place, count=1) if not _BAWDYHOUSE.fullmatch(place) else place
    if _BAWDYHOUSE.fullmatch(place):
        return _bawdyhouse(c, notes)
    club = find_club(place)
    if club is None and not _OWN_CLUB.fullmatch(place):
        if not strict:
            return None
        for pattern, name in _NOT_YET_PLACES:
            if pattern.search(place):
                return _not_yet(name)
        if not place:
            return _problem(codes.E_UNKNOWN_CLUB, "no club named",
                            "write e.g. 'Visit Hunter's' or 'Visit my club'")
        return _unknown_club(place)
    if c.purse is not None or c.bad_purse:
        notes.append("the purse is ignored at a club (gambling is not resolved yet)")
    _note_side_activities(c, notes)
    # club "" means "his own club": the resolver knows which that is.
    return VisitClub(club.name if club else "", c.carouse and not c.no_carouse, c.companions)


def _bawdyhouse(c: _Clauses, notes: list[str]) -> VisitBawdyhouse | ErrorRecord:
    if c.bad_purse:
        return _problem(
            codes.E_BAD_AMOUNT,
            f"{_quote(c.bad_purse)} is not a number of crowns",
            "state the crowns he carries, e.g. 'carrying 40 crowns': "
            "the rules say all must state the number of crowns they bring",
        )
    if not c.carouse or c.no_carouse:
        # Bawdyhouses: "Liquid refreshment is mandatory".
        notes.append("carousing is mandatory at a bawdyhouse (liquid refreshment is mandatory): he carouses")
    if c.companions:
        notes.append(f"companions ({', '.join(c.companions)}) do not change a bawdyhouse visit")
    _note_side_activities(c, notes)
    return VisitBawdyhouse(carouse=True, companionship=c.companionship, purse=c.purse)


def _note_side_activities(c: _Clauses, notes: list[str]) -> None:
    for activity in c.side:
        notes.append(f"{_quote(activity)} is not resolved yet: the visit goes ahead without it")


_VISIT = (
    r"(?:visit(?:s|ing)?|go(?:es|ing)?\s+(?:down\s+|round\s+|over\s+)?to|goto|attend(?:s|ing)?|"
    r"drop(?:s|ping)?\s+in\s+(?:at|on)|call(?:s|ing)?\s+(?:in\s+)?at|head(?:s|ing)?\s+(?:to|for)|"
    r"spend(?:s|ing)?\s+(?:the\s+)?(?:week|evening|night)\s+(?:at|in)|dine(?:s)?\s+at)\s+(?P<rest>.+)"
)
_CAROUSE_AT = r"(?:carous(?:e|es|ing)|drink(?:s|ing)?)\s+(?:at|in)\s+(?P<rest>.+)"


def _build_visit(m: re.Match[str], notes: list[str]) -> Built:
    return _visit(m.group("rest"), notes)


def _build_carouse_at(m: re.Match[str], notes: list[str]) -> Built:
    return _visit(m.group("rest"), notes, carouse=True)


def _build_place_only(m: re.Match[str], notes: list[str]) -> Built:
    return _visit(m.group(0), notes, strict=False)


# -- monthly orders written on a week line ----------------------------------------

_MONTHLY_HINT = "it is an order for the whole month, not a week's action"


def _build_join_in_week(m: re.Match[str], notes: list[str]) -> Built:
    club = find_club(m.group("club"))
    if club is None:
        return None  # "Join Royal Foot Guards": a regiment, not yet resolved
    return _problem(codes.E_UNKNOWN_VERB, f"joining a club: {_MONTHLY_HINT}",
                    f"write 'Join: {club.name}' on a line of its own")


def _build_conspicuous_in_week(m: re.Match[str], notes: list[str]) -> Built:
    return _problem(codes.E_UNKNOWN_VERB, f"conspicuous consumption: {_MONTHLY_HINT}",
                    "write 'Conspicuous consumption' on a line of its own")


def _build_resign_in_week(m: re.Match[str], notes: list[str]) -> Built:
    if not _is_club_word(m.group("what")):
        return None  # "resign my commission": regiments are not resolved yet
    return _problem(codes.E_UNKNOWN_VERB, f"resigning from a club: {_MONTHLY_HINT}",
                    "write 'Resign club' on a line of its own")


def _is_club_word(what: str | None) -> bool:
    what = (what or "").strip()
    return not what or bool(_OWN_CLUB.fullmatch(what)) or find_club(_LEADING_ARTICLE.sub("", what)) is not None


_JOIN = r"(?:join(?:s|ing)?|apply(?:ing)?\s+to(?:\s+join)?)\s+(?:(?:the\s+)?club\s*:?\s*)?(?P<club>.+)"
_RESIGN = r"(?:resign(?:s|ing)?|leave|quit)(?:\s+(?:from\s+)?(?:the\s+|my\s+|his\s+)?(?P<what>.*))?"
_CONSPICUOUS = r"(?:(?:support|upkeep)\s*[:=-]?\s*)?conspicuous(?:\s+consumption)?.*"


# -- verbs of the full rules that this first cut does not resolve ------------------

# Tried after VERBS, so a verb a later issue implements (a ``Verb`` named
# "court" in VERBS) takes over from its entry here.

NOT_YET: list[tuple[str, re.Pattern[str]]] = [
    (name, re.compile(rf"(?:{words})\b.*", I))
    for name, words in (
        ("court", r"court\w*|woo\w*"),
        ("visit mistress", r"mistress\w*|(?:see|visit)\s+(?:my\s+|his\s+)?mistress\w*"),
        ("join (a regiment)", r"join\w*|enlist\w*"),
        ("regimental duty", r"regiment\w*|duty|(?:go\s+)?on\s+duty|serve\w*|parade|muster\w*"),
        ("challenge", r"challeng\w*"),
        ("duel", r"duel\w*|fight\w*"),
        ("borrow", r"borrow\w*"),
        ("repay", r"repay\w*|pay\s+(?:back|off)"),
        ("loan", r"loan\w*|lend\w*"),
        ("gamble", r"gambl\w*|bet|bets|betting|wager\w*|dice|dicing"),
        ("toady", r"toady\w*"),
        ("volunteer", r"volunteer\w*|(?:go\s+)?on\s+campaign"),
        ("appointment", r"appointment\w*|seek\s+(?:an\s+)?appointment\w*"),
        ("influence", r"influence\w*|use\s+influence|call\s+in\s+(?:a\s+)?favou?rs?"),
        ("buy rank", r"buy\w*|purchas\w*"),
        ("apply", r"appl(?:y|ies|ying)"),
        ("resign (a commission)", r"resign\w*"),
    )
]

# -- the registry, in the order verbs are tried --------------------------------------

VERBS: list[Verb] = [
    _verb("ditto", _DITTO, _build_ditto, ("ditto", "same")),
    _verb("rest", _REST, _build_rest, ("rest", "nothing", "relax", "recover")),
    _verb("practise", _PRACTISE, _build_practise, ("practise", "practice", "train", "fence")),
    _verb("visit", _VISIT, _build_visit, ("visit", "go", "attend")),
    _verb("carouse", _CAROUSE_AT, _build_carouse_at, ("carouse",)),
    # monthly orders mistakenly written on a week line: say where they belong
    _verb("join club", _JOIN, _build_join_in_week),
    _verb("conspicuous consumption", _CONSPICUOUS, _build_conspicuous_in_week),
    _verb("resign club", _RESIGN, _build_resign_in_week),
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
        "orders: practise WEAPON, visit CLUB [and carouse], visit bawdyhouse [and carouse], rest, ditto",
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
                self.error(number, codes.E_NOT_YET, f"{_not_yet('resign (a commission)').message}; the month's other orders stand")
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
        else:  # not near any club's name: "Join the Royal Foot Guards", a regiment
            self.error(number, codes.E_NOT_YET, f"{_not_yet('join (a regiment)').message}; the month's other orders stand")

    def not_understood(self, number: int, line: str) -> None:
        as_action = _interpret(line, [], self.verbs)
        if isinstance(as_action, (Order, Ditto)):
            hint = f"put the week number first, e.g. 'Week 1: {line}'"
        else:
            hint = "write each week's order as 'Week N: order', monthly orders on lines of their own"
        self.error(number, codes.E_UNKNOWN_VERB, f"line not understood: {_quote(line)}", hint)

    def finish(self) -> OrderSheet:
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
    lines = [clean_line(raw) for raw in split_lines(text)]
    reader = _SheetReader(source, verbs)
    start = _sheet_start(lines)
    if start is not None:
        for number, line in enumerate(lines[start:], start=start + 1):
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
