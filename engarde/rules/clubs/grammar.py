"""c. Clubs in the order language: visits and their clauses (carousing, gambling, guests,
a purse), which the bawdyhouse and toadying grammars share; and "Join:"/"Resign club"."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ... import codes
from ...grammar import (
    I,
    LEADING_ARTICLE,
    SEP,
    TRAILING_CHARS,
    Built,
    LineReader,
    Reading,
    SheetContext,
    Unclaimed,
    amount,
    bad_order,
    clean_line,
    clean_value,
    did_you_mean,
    monthly_in_week,
    problem,
    quote,
    take,
    verb,
)
from ...known import name_key, name_parts
from ...records import ErrorRecord
from ...text import normalise_name
from ..bawdyhouse.grammar import BAWDYHOUSE, bawdyhouse_visit
from ..gambling.grammar import CUT_RULE, GAMBLE, GAMBLE_WORD, cut_rule, gambling_terms, note_gambling
from ..gambling.orders import Gambling
from ..mistresses.grammar import VISIT_MISTRESS
from .codes import E_UNKNOWN_CLUB
from .orders import ClubOrders, VisitClub
from .tables import Club, ClubsTables
from ...patterns import lazy

_NO_COMPANY = lazy(
    SEP + r"\b(?:no|without|not\s+for|skip(?:ping)?)\s+(?:the\s+)?(?:female\s+)?"
    r"(?:companionship|company|women|wenches|girls|ladies)\b", I)
_DRINK_ONLY = lazy(
    SEP + r"\b(?:(?:drinks?|drinking)\s+only|only\s+(?:to\s+)?drink\w*|just\s+(?:to\s+)?(?:a\s+)?drinks?)\b", I)
_NO_CAROUSE = lazy(
    SEP + r"\b(?:no|not|without|don't|do\s+not|won't|will\s+not|never)\s+(?:to\s+)?(?:carous\w*|drink\w*)\b", I)
_CAROUSE = lazy(
    SEP + r"\b(?:(?:for\s+)?(?:an?\s+)?(?:night|evening|bout)\s+of\s+(?:carous\w*|drinking|revel\w*)|carous\w*|(?:have\s+a\s+)?drinks?|drinking|booz\w*|get\s+drunk)\b", I)
_PURSE = lazy(
    SEP + r"\b(?:(?:carrying|carry|carries|taking|take|takes|bringing|bring|brings|with)\s+)?"
    r"(?:(?:a\s+)?(?:purse|budget)\s+(?:of\s+)?)?"
    # "lots of crowns", "all my crowns", "minus 5 crowns": kept whole so the error can quote them
    r"(?P<amount>(?:(?:minus|negative)\s+)?[^\s,;()]+(?:\s+(?:of|my|his|the))*)"
    # words between the number and the crowns ("40 gold crowns"): reported, never dropped
    r"(?:(?<=\d)(?P<between>(?:\s+(?!crowns?\b|cr\b)[^\s,;()\d]+){1,2}?))?\s+(?:crowns?|cr)\b\.?"
    r"|" + SEP + r"\b(?:purse|budget)\s*(?:of\s+|:\s*|=\s*)?(?P<amount2>(?:(?:minus|negative)\s+)?[^\s,;()]+)", I)

# Toadying: "If a character is taken as a guest to a club ..."
_HOST = r"(?P<host>(?:(?!\s+(?:with|and|at|in)\s)[^,;()])+)"
_GUEST_OF = lazy(SEP + r"\b(?:as\s+)?(?:the\s+|a\s+|an\s+)?guest\s+of\s+" + _HOST, I)
_GUEST_POSSESSIVE = lazy(SEP + r"\bas\s+(?P<host>[^,;()]+?)(?:'s|s')\s+guest\b", I)
_TOADY_TO = lazy(SEP + r"\btoady(?:ing|ies)?\s+(?:up\s+)?(?:to|with|for|on)\s+" + _HOST, I)
_SIDE_ACTIVITY = lazy(SEP + r"\b(?P<activity>toady\w*)\b", I)
# "bring Jacques as my guest", "taking D'Artagnan along"
_BRING = lazy(
    SEP + r"\b(?:bring(?:s|ing)?|tak(?:e|es|ing)|escort(?:s|ing)?)\s+(?P<guests>(?!\d)[^,;()]+?)"
    r"(?:\s+along)?(?=\s*(?:[,;()]|$))", I)
_WITH = lazy(r"\s+(?:together\s+with|along\s+with|accompanied\s+by|with)\s+", I)
_AS_HIS_GUESTS = lazy(SEP + r"\bas\s+(?:my|his|our)\s+guests?\b", I)
_MISTRESS_COMPANION = lazy(r"(?:(?:my|his|our|the)\s+)?(?:mistress|lady\s+love|sweetheart|paramour)", I)
OWN_CLUB = lazy(r"(?:(?:my|his|our|the)\s+)?(?:own\s+)?club(?:\s*house)?", I)
# Filler after the place: "Hunter's for a (drink)", "the bawdyhouse tonight".
_PLACE_FILLER = lazy(
    r"\s+(?:for(?:\s+(?:a|an|the|some))?|tonight|(?:this|all|for\s+the)\s+(?:week|evening|night))$", I)
_CLUB_SUFFIX = lazy(r"\s+club(?:\s*house)?$", I)

# Places that are not clubs or bawdyhouses, and the order that goes there.
_OTHER_PLACES = (
    (lazy(r"\b(?:mistress\w*|lady|madame?|mademoiselle)\b", I),
     "to see his mistress, write 'Visit my mistress'; to court a lady, 'Court NAME'"),
    (lazy(r"\b(?:regiment\w*|barracks|parade|duty)\b", I), "for a week with the regiment, write 'Regimental duty'"),
    (lazy(r"\b(?:war|front|frontier|campaign\w*)\b", I),
     "to go on campaign, write 'Volunteer for the campaign' or 'Volunteer for the Frontier'"),
    (lazy(r"\b(?:moneylender\w*|shylock\w*|usurer\w*)\b", I), "write 'Borrow 100 crowns from a moneylender'"),
    (lazy(r"\b(?:duel\w*|field\s+of\s+honou?r)\b", I), "write 'Challenge NAME for CAUSE with WEAPON'"),
)

def read_club(tables: ClubsTables, text: str) -> Club | None:
    """The club a player means: its name, an alias, "Hunter's club", "Hunters'" (the
    campaign's Clubs Table, ``r.tables.clubs``)."""
    s = _CLUB_SUFFIX.sub("", clean_line(text).rstrip(TRAILING_CHARS))
    for candidate in (s, s.replace("'", ""), re.sub(r"'s\b", "s", s)):
        club = tables.club(candidate)
        if club:
            return club
    return None


# A bawdyhouse among the places a slip of the pen may mean (no club has the name).
_BAWDYHOUSE = "bawdyhouse"


# Words of a club's name that do not name it alone: "club" names every club; "the Guards" are as
# likely a regiment (the Royal Foot Guards, the Dragoon Guards) as The Horse Guards.
_NOT_ALONE = frozenset({"club", "clubs", "clubhouse", "house", "guards", "horse"})


def _parts(spellings: dict[str, str]) -> dict[str, tuple[str, ...]]:
    """One word of a club's name that names it alone ("the Gables", "the Frog")."""
    return {word: clubs for word, clubs in name_parts(spellings).items() if word not in _NOT_ALONE}


def _club_spellings(tables: ClubsTables) -> dict[str, str]:
    """Every way a club is written, as the reader of slips compares them."""
    return {name_key(s): club for s, club in tables.spellings.items()}


def _place_spellings(tables: ClubsTables) -> dict[str, str]:
    """Every way a club (or a bawdyhouse) is written, as the reader of slips compares them."""
    found = _club_spellings(tables)
    found.update({name_key(s): _BAWDYHOUSE for s in ("bawdyhouse", "bawdy house", "brothel", "bordello")})
    return found


def unknown_club(tables: ClubsTables, place: str) -> ErrorRecord:
    key = normalise_name(place)
    # Every way a club is written, for "did you mean ...?".
    spellings = tables.spellings
    # "Hunter's for practice": a club's name followed by words not understood
    prefix = next((spellings[s] for s in sorted(spellings, key=len, reverse=True)
                   if key.startswith(s + " ")), None)
    guess = prefix or did_you_mean(key, dict(spellings))
    names = ", ".join(c.name for c in tables.clubs)
    return problem(
        E_UNKNOWN_CLUB,
        f"{quote(place)} is not a club of Paris",
        f"did you mean {guess}?" if guess else f"the clubs are {names}",
    )


@dataclass
class Clauses:
    """What a visit's words say besides the place."""

    carouse: bool = False
    no_carouse: bool = False
    companionship: bool = True
    purse: int | None = None
    purse_error: ErrorRecord | None = None  # a purse that is no number of crowns
    companions: tuple[str, ...] = ()
    host: str | None = None
    with_mistress: bool = False
    gamble: Gambling | None = None
    gamble_error: ErrorRecord | None = None
    side: tuple[str, ...] = ()
    name_error: ErrorRecord | None = None  # a host or companion who is no one of the campaign


def _amount(m: re.Match[str]) -> tuple[int | None, ErrorRecord | None]:
    """A stated purse: the crowns, or the error naming the words that are no number of crowns."""
    crowns = amount(m.group("amount") or m.group("amount2") or "", words=m.group(0).strip(" ,;"),
                    hint="state the crowns he carries, e.g. 'carrying 40 crowns': the rules say all must "
                         "state the number of crowns they bring")
    return (None, crowns) if isinstance(crowns, ErrorRecord) else (crowns, None)


def _names(c: Clauses, read: tuple[str, ...] | ErrorRecord) -> tuple[str, ...]:
    """The names read, or none (the first error kept on the clauses)."""
    if isinstance(read, ErrorRecord):
        c.name_error = c.name_error or read
        return ()
    return read


def split_visit(text: str, r: Reading) -> tuple[str, Clauses]:
    """Pull the clauses (carouse, gambling, purse, guests...) out of a visit; return the place."""
    c = Clauses()
    s = " " + text.replace("(", ", ").replace(")", ", ") + " "
    # Gambling first: its stakes ("4 bets of 50 crowns") are not a purse.
    found, s = take(GAMBLE, s)
    side: tuple[str, ...] = ()
    for m in found:
        result = gambling_terms(m.group("terms"), r)
        if isinstance(result, ErrorRecord):
            c.gamble_error = c.gamble_error or result
        elif result is not None:
            c.gamble = c.gamble or result
        else:
            side += (m.group("word").lower(),)
    if c.gamble is None:  # "play at dice ..., 3 bets of 10": the words of the bets read
        c.side += side
    if c.gamble is not None and c.gamble.cut_at is None:
        # "gamble 4 bets of 50, and cut on a 6": the cut rule in a clause of its own
        stated, cut_at = cut_rule(s)
        if isinstance(cut_at, ErrorRecord):
            c.gamble_error = c.gamble_error or cut_at
        elif stated:
            c.gamble = replace(c.gamble, cut_at=cut_at)
        if stated:
            s = CUT_RULE.sub(" ", s, count=1)
    found, s = take(_DRINK_ONLY, s)
    if found:
        c.carouse, c.companionship = True, False
    found, s = take(_NO_COMPANY, s)
    if found:
        c.companionship = False
    found, s = take(_NO_CAROUSE, s)
    c.no_carouse = bool(found)
    found, s = take(_CAROUSE, s)
    c.carouse = c.carouse or bool(found)
    found, s = take(_PURSE, s)
    for m in found:
        c.purse, c.purse_error = _amount(m)
        r.leftover(m.group("between") or "", "the purse")
    hosts: list[str] = []
    for pattern in (_TOADY_TO, _GUEST_POSSESSIVE, _GUEST_OF):
        found, s = take(pattern, s)
        for m in found:
            hosts += _names(c, r.characters(m.group("host")))
    found, s = take(_SIDE_ACTIVITY, s)
    c.side += tuple(m.group("activity").lower() for m in found)
    found, s = take(_BRING, s)
    groups = [m.group("guests") for m in found]
    found, s = take(_AS_HIS_GUESTS, s)  # "bring Aramis along to the Frog as my guest": what bringing is
    place, *rest = _WITH.split(s, maxsplit=1)
    for text in groups + rest[:1]:
        read = r.company(text, _MISTRESS_COMPANION)
        if isinstance(read, ErrorRecord):
            c.name_error = c.name_error or read
            continue
        c.companions += read[0]
        c.with_mistress = c.with_mistress or read[1]
    if hosts:
        c.host = hosts[0]
        c.companions = tuple(hosts[1:]) + c.companions
    return _PLACE_FILLER.sub("", place.strip(" ,;.")), c


def visit_words(text: str, r: Reading, *, strict: bool = True, carouse: bool = False) -> Built:
    """A visit to a club or a bawdyhouse, from the words after the verb.

    With ``strict`` False (no verb was written: "Hunter's and carouse") an
    unrecognised place returns None so the line falls to "unknown verb".
    """
    place, c = split_visit(text, r)
    c.carouse = c.carouse or carouse
    return make_visit(place, c, r, strict=strict)


def make_visit(place: str, c: Clauses, r: Reading, *, strict: bool = True) -> Built:
    place = LEADING_ARTICLE.sub("", place, count=1) if not BAWDYHOUSE.fullmatch(place) else place
    if c.host and re.fullmatch(r"(?:(?:my|his|the)\s+)?host(?:'s|s')?\s+club", place, I):
        place = ""  # "his host's club": wherever his host goes
    if BAWDYHOUSE.fullmatch(place):
        return bawdyhouse_visit(c, r)
    tables = r.tables.clubs
    club = read_club(tables, place)
    if club is None and place and strict and not OWN_CLUB.fullmatch(place):
        # a slip of the pen a GM reads without doubt: "Bothwels", "the bawdyhuose" (only after a
        # verb: a word alone, "From", is no slip of "Frog")
        fork = r.fork()
        spellings = _place_spellings(tables)
        slip = fork.near(place, spellings, key=name_key, parts=_parts(spellings))
        if isinstance(slip, ErrorRecord):
            return slip
        if slip is not None:
            r.accept(fork)
            if slip == _BAWDYHOUSE:
                return bawdyhouse_visit(c, r)
            club = tables.club(slip)
    if club is None and not OWN_CLUB.fullmatch(place):
        if not strict:
            return None
        if not place and c.host:
            pass  # "toady to Cyrano": at his host's club
        elif c.name_error is not None:
            return c.name_error  # "as the guest of Rochefrot at his host's club": the name is what is wrong
        else:
            for pattern, hint in _OTHER_PLACES:
                if pattern.search(place):
                    return problem(E_UNKNOWN_CLUB, f"{quote(place)} is not a club or a bawdyhouse", hint)
            if not place:
                return problem(E_UNKNOWN_CLUB, "no club named",
                                "write e.g. 'Visit Hunter's' or 'Visit my club'")
            return unknown_club(tables, place)
    if c.gamble_error is not None:
        return c.gamble_error
    if c.name_error is not None:
        return c.name_error
    if c.purse is not None or c.purse_error:
        r.note("the purse is ignored at a club (it matters only at a bawdyhouse)")
    if club is not None:
        note_gambling(c, r, club.name, club.house_limit, club.house_minimum)
    else:
        note_gambling(c, r)
    if c.host and not club:
        r.note(f"no club named: he goes to {c.host}'s club as his guest")
    return VisitClub(club.name if club else "", c.carouse and not c.no_carouse, c.companions,
                     guest_of=c.host, gamble=c.gamble, with_mistress=c.with_mistress)


_VISIT = (
    r"(?:visit(?:s|ing)?|go(?:es|ing)?\s+(?:down\s+|round\s+|over\s+)?to|goto|attend(?:s|ing)?|"
    r"drop(?:s|ping)?\s+in\s+(?:at|on)|call(?:s|ing)?\s+(?:in\s+)?at|head(?:s|ing)?\s+(?:to|for)|"
    r"spend(?:s|ing)?\s+(?:the\s+)?(?:week|evening|night)\s+(?:at|in)|dine(?:s)?\s+at|"
    r"(?:(?:an?|the)\s+)?(?:night|evening|week)\s+(?:out\s+)?(?:at|in))\s+(?P<rest>.+)"
)
# "Go with Porthos to Hunter's (as his guest)": with him, or his guest if it says so.
_GO_WITH = (r"(?:go(?:es|ing)?|head(?:s|ing)?)\s+(?:along\s+)?with\s+(?P<who>.+?)\s+to\s+"
            r"(?P<rest>.+?)(?P<guest>\s+as\s+(?:his|her|their)\s+guests?)?")
# "Sit at Falstaff's table at Hunter's", "Porthos' table at Hunter's": at Hunter's, with him.
_TABLE = r"(?:(?:sit(?:s|ting)?|dine(?:s)?|drink(?:s)?)\s+at\s+)?(?P<who>[^,;()]+?)'s?\s+table\s+(?:at|in)\s+(?P<rest>.+)"
_CAROUSE_AT = r"(?:carous(?:e|es|ing)|drink(?:s|ing)?)\s+(?:at|in)\s+(?P<rest>.+)"
# "Take Jacques to Bothwell's", "bring D'Artagnan to the Frog & Peach and carouse"
_BRING_TO = r"(?:bring(?:s|ing)?|tak(?:e|es|ing)|escort(?:s|ing)?)\s+(?P<guests>(?!\d).+?)\s+to\s+(?P<rest>.+)"
_GAMBLE_AT = r"(?:" + GAMBLE_WORD + r")\b.*"


def _build_visit(m: re.Match[str], r: Reading) -> Built:
    return visit_words(m.group("rest"), r)


def _build_carouse_at(m: re.Match[str], r: Reading) -> Built:
    return visit_words(m.group("rest"), r, carouse=True)


def _build_go_with(m: re.Match[str], r: Reading) -> Built:
    if m.group("guest"):
        return visit_words(f"{m.group('rest')} as the guest of {m.group('who')}", r)
    return visit_words(f"{m.group('rest')} with {m.group('who')}", r)


def _build_table(m: re.Match[str], r: Reading) -> Built:
    return visit_words(f"{m.group('rest')} with {m.group('who')}", r)


def _build_bring_to(m: re.Match[str], r: Reading) -> Built:
    return visit_words(f"{m.group('rest')} with {m.group('guests')}", r)


def _build_gamble_at(m: re.Match[str], r: Reading) -> Built:
    """ "Gamble 4 bets of 50 at Hunter's", "bet 20 crowns twice at the bawdyhouse"."""
    place, c = split_visit(m.group(0), r)
    place = re.sub(r"^(?:at|in)\s+", "", place, flags=I)
    if c.gamble is None and c.gamble_error is None:
        return bad_order(f"{quote(m.group(0))}: how many bets, of how many crowns, and where?",
                          "e.g. 'Visit Red Phillips and gamble 4 bets of 50 crowns, cut on a 6'")
    if not place:
        r.note("no place named for the gambling: at his own club")
        place = "his club"
    return make_visit(place, c, r)


def _build_place_only(m: re.Match[str], r: Reading) -> Built:
    return visit_words(m.group(0), r, strict=False)
_RESIGN = r"(?:resign(?:s|ing)?|leave|quit)(?:\s+(?:from\s+)?(?:the\s+|my\s+|his\s+)?(?P<what>.*))?"


def _build_resign_in_week(m: re.Match[str], r: Reading) -> Built:
    if not is_club_word(r.tables.clubs, m.group("what")):
        return None  # "resign my commission": not an order of the rules engarde knows
    return monthly_in_week("resigning from a club", "write 'Resign club' on a line of its own")


def is_club_word(tables: ClubsTables, what: str | None) -> bool:
    what = (what or "").strip()
    return (not what or bool(OWN_CLUB.fullmatch(what))
            or read_club(tables, LEADING_ARTICLE.sub("", what)) is not None)
_MONTHLY_JOIN = lazy(r"join(?:\s+(?:the\s+)?club)?\s*(?:[:=]|\s-\s|\s)\s*(?P<club>.+)", I)
# "Resign" alone means his club; "leave"/"quit" must say what is left.
_MONTHLY_RESIGN = lazy(
    r"(?:resign(?:s)?(?:\s+(?:from\s+)?(?:the\s+|my\s+|his\s+)?(?P<what>.*?))?"
    r"|(?:leave|quit)\s+(?:the\s+|my\s+|his\s+)?(?P<left>.+?))[.!]*", I)


def _build_visit_mistress_to(m: re.Match[str], r: Reading) -> Built:
    """"Visit my mistress and take her to Hunter's": a club visit with her ("Mistresses
    accompanying their lovers to a club count in lieu of the monthly visit")."""
    built = visit_words(m.group("place"), r)
    return replace(built, with_mistress=True) if isinstance(built, VisitClub) else built


VERBS = (
    verb("visit mistress at a club", VISIT_MISTRESS + r"[\s,;.]*(?:and\s+)?(?:take|bring|escort)\s+her\s+to\s+(?P<place>.+)",
         _build_visit_mistress_to),
    verb("gamble", _GAMBLE_AT, _build_gamble_at, ("gamble", "bet"), clause=True),
    verb("go with", _GO_WITH, _build_go_with),
    verb("at his table", _TABLE, _build_table),
    verb("visit", _VISIT, _build_visit, ("visit", "go", "attend")),
    verb("bring a guest", _BRING_TO, _build_bring_to, ("bring", "take"), clause=True),
    verb("carouse", _CAROUSE_AT, _build_carouse_at, ("carouse",), clause=True),
    verb("resign club", _RESIGN, _build_resign_in_week),
    # the last verb tried: a bare place ("Hunter's and carouse", "Bawdyhouse")
    verb("place", r".+", _build_place_only, ("bawdyhouse", "brothel"), fallback=True),
)


class ClubLines(LineReader):
    """"Resign club" and "Join: Red Phillips", orders for the month."""

    LINES = ((_MONTHLY_RESIGN, "resign"), (_MONTHLY_JOIN, "join"))

    def __init__(self, sheet: SheetContext) -> None:
        super().__init__(sheet)
        self.join_line: int | None = None

    def resign(self, number: int, m: re.Match[str]) -> None:
        if is_club_word(self.sheet.tables.clubs, m.group("what") or m.group("left")):
            self.sheet.monthly(ClubOrders).resign_club = True
        else:
            self.sheet.error(number, codes.E_UNKNOWN_VERB,
                             "resigning a commission is a week's action, not an order for the month",
                             "write it on a week line, e.g. 'Week 2: Resign my commission'")

    def join(self, number: int, m: re.Match[str]) -> Unclaimed | None:
        text = clean_value(m.group("club"))
        tables = self.sheet.tables.clubs
        club = read_club(tables, LEADING_ARTICLE.sub("", text, count=1))
        if club is None and text:  # a slip of the pen: "Join: Bothwels"
            r = self.sheet.reading()
            spellings = _club_spellings(tables)
            slip = r.near(LEADING_ARTICLE.sub("", text, count=1), spellings, key=name_key, parts=_parts(spellings))
            if isinstance(slip, ErrorRecord):
                self.sheet.take(number, r, slip)
                return None
            if slip is not None:
                self.sheet.keep(number, r)
                club = tables.club(slip)
        orders = self.sheet.monthly(ClubOrders)
        if club:
            if self.join_line is not None and orders.join_club != club.name:
                self.sheet.note(f"line {number}: a second club to join; the first (line {self.join_line}) is kept")
                return
            self.join_line = number
            orders.join_club = club.name
            return
        err = unknown_club(tables, text)
        if err.suggestion and err.suggestion.startswith("did you mean"):
            self.sheet.error(number, err.code, err.message, err.suggestion)
            return None
        return Unclaimed(err)  # "Join: the Gascon Regiment" is the regiments' to read
