"""g. Regiments in the order language: applying (with the regiments to try next), buying a
rank, regimental duty, resigning a commission; regiments named as the players name them
(``names``)."""

from __future__ import annotations

import re

from ... import codes
from ...grammar import (
    I,
    LEADING_ARTICLE,
    Built,
    LineReader,
    Reading,
    Unclaimed,
    bad_order,
    clean_value,
    either,
    monthly_in_week,
    problem,
    quote,
    standing_in_week,
    verb,
)
from ...records import ErrorRecord
from ..clubs.grammar import read_club
from .codes import E_BAD_FALLBACK, E_BAD_RANK, E_UNKNOWN_REGIMENT
from .names import RANKS, find_rank, rank_order, regiment_named, regiment_near, regiments_like, standing
from .orders import EXCUSE_ALL, EXCUSE_NONE, ApplyRegiment, BuyRank, DutyExcusal, RegimentalDuty, ResignCommission
from .tables import RegimentsTables
from ...patterns import lazy

_ELSE = lazy(
    r"\s*[,;]?\s*\b(?:or\s+else|else|otherwise|failing\s+that|if\s+(?:refused|rejected|not(?:\s+accepted)?)"
    r"|then|or)\b\s*,?\s*(?:(?:apply|try)\s+(?:to\s+|for\s+)?(?:join\s+)?)?"
    r"|\s*[,;]\s*(?:(?:apply|try)\s+(?:to\s+)?)?", I)
_AS_RANK = lazy(r"\s+(?:as|with\s+the\s+rank\s+of|at\s+the\s+rank\s+of|buying(?:\s+the\s+rank\s+of)?)\s+"
                r"(?:an?\s+|the\s+)?(?P<rank>[a-z][\w.\- ]*?)(?=\s*(?:[,;]|$|\s+(?:else|or|otherwise|failing|if)\b))", I)
_APPLY = (
    r"(?:join(?:s|ing)?|enlist(?:s|ing)?(?:\s+(?:in|with))?|apply(?:ing)?\s+to(?:\s+join)?|appl(?:y|ies)\s+for|"
    r"seek(?:s|ing)?\s+(?:a\s+place|admission|entry)\s+in(?:to)?|sign\s+up\s+(?:with|for))\s+(?P<rest>.+)"
)


def unknown_regiment(tables: RegimentsTables, text: str) -> ErrorRecord:
    """The error for a regiment ``text`` that the campaign's tables do not know, with the
    regiments it may mean."""
    like = regiments_like(tables, text)
    if len(like) == 1:
        hint = f"did you mean the {like[0]}?"
    elif like:
        hint = "which one: " + ", ".join(like[:-1]) + " or " + like[-1] + "?"
    else:
        hint = "the regiments are those of Regimental Table A, e.g. the Royal Foot Guards, the Gascon Regiment"
    return problem(E_UNKNOWN_REGIMENT, f"{quote(text)} is not a regiment engarde knows", hint)


def read_regiment(tables: RegimentsTables, text: str, r: Reading) -> str | ErrorRecord:
    """The regiment ``text`` names: as written, or by a slip of the pen (said in a note); else
    the error naming the regiments it may mean."""
    regiment = regiment_named(tables, text)
    if regiment is not None:
        return regiment
    near = regiment_near(tables, text)
    text = LEADING_ARTICLE.sub("", text.strip(), count=1)  # as quoted back
    if near.rivals:
        return problem(codes.E_TWO_READINGS, f"{quote(text)}: the {either(near.rivals)}?",
                       "write the regiment's name as Regimental Table A gives it")
    if near.value is not None:
        r.note(f"read {quote(text)} as {quote(near.value)}")
        return near.value
    return unknown_regiment(tables, text)


def _regiment_list(tables: RegimentsTables, text: str, r: Reading) -> list[str] | ErrorRecord:
    found: list[str] = []
    for part in _ELSE.split(text):
        part = (part or "").strip(" ,;.")
        part = re.sub(r"^(?:the\s+)?(?:regiment\s+(?:of\s+)?)?", "", part, flags=I) if part.lower() != "the" else ""
        if not part:
            continue
        regiment = read_regiment(tables, part, r)
        if isinstance(regiment, ErrorRecord):
            return regiment
        found.append(regiment)
    return found


def _build_apply(m: re.Match[str], r: Reading) -> Built:
    """g. Regiments: "Join Royal Foot Guards as Captain", with regiments to try next."""
    tables = r.tables.regiments
    rest = m.group("rest").strip(" ,;.")
    bare = re.sub(r"^(?:(?:the\s+)?club\s*:?\s*)", "", rest, flags=I)
    club = read_club(r.tables.clubs, LEADING_ARTICLE.sub("", bare, count=1))
    if club is not None:  # "Join Red Phillips" on a week line
        return monthly_in_week("joining a club", f"write 'Join: {club.name}' on a line of its own")
    if re.match(r"(?:the\s+)?(?:post|appointment|position|office)\b", rest, I):
        return None  # "apply for the post of ...": an appointment
    rank: str | None = None
    highest = tables.highest_entry_rank
    if rm := _AS_RANK.search(rest):
        rank = find_rank(rm.group("rank"))
        if rank is None:
            return problem(E_BAD_RANK, f"{quote(rm.group('rank'))} is not a rank of Regimental Table B",
                            "the ranks: " + ", ".join(RANKS[:rank_order(highest) + 1])
                            + " (higher ranks cannot be bought on entry)")
        rest = (rest[:rm.start()] + rest[rm.end():]).strip(" ,;.")
    regiments = _regiment_list(tables, rest, r)
    if isinstance(regiments, ErrorRecord):
        return regiments
    if not regiments:
        return bad_order("apply to which regiment?", "write e.g. 'Join the Royal Foot Guards as Captain'")
    first, *fallbacks = regiments
    previous = first
    for regiment in fallbacks:
        if standing(tables, regiment) <= standing(tables, previous):
            return problem(
                E_BAD_FALLBACK,
                f"the {regiment} is not of lower standing than the {previous}: a player refused by a regiment "
                "may only apply to Regiments of a lower social standing the same week",
                "list the regiments to try in the order of Regimental Table A, highest first")
        previous = regiment
    if rank == "Private":
        rank = None
    if rank is not None and rank_order(rank) > rank_order(highest):
        above = RANKS[rank_order(highest) + 1]
        return problem(E_BAD_RANK,
                        f"the rank of {rank} cannot be bought on joining: For the ranks of {above} "
                        "and above, commissions may not be bought initially",
                        f"buy a rank up to and including {highest}")
    return ApplyRegiment(first, rank, tuple(fallbacks))


_BUY_RANK = (
    r"(?:buy(?:s|ing)?|purchas(?:e|es|ing))\s+(?:(?:myself|himself)\s+)?(?P<rest>.+)"
)


def _build_buy_rank(m: re.Match[str], r: Reading) -> Built:
    """g. Regiments: "The character has the option to buy an officer's commission"."""
    rest = m.group("rest").strip(" ,;.")
    if re.fullmatch(r"(?:an?\s+|the\s+)?horses?|.*\bhorses?\b.*", rest, I):
        return bad_order("horses are bought with a rank that needs them, not as a week's action",
                          "write the rank to buy, e.g. 'Buy the rank of Captain'")
    text = re.sub(r"\s+(?:in|with|for)\s+(?:the\s+|my\s+|his\s+)?(?:regiment|.+)$", "", rest, flags=I)
    rank = find_rank(text) or find_rank(rest)
    if rank is None:
        bare = re.fullmatch(r"(?:an?\s+|the\s+|my\s+|his\s+)?(?:officer'?s?\s+)?(?:commission|promotion|rank|next\s+rank)",
                            rest, I)
        if bare:
            return problem(E_BAD_RANK, "which rank?", "write e.g. 'Buy the rank of Captain'")
        return problem(E_BAD_RANK, f"{quote(rest)} is not a rank of Regimental Table B",
                        "write e.g. 'Buy the rank of Captain'")
    if rank == "Private":
        return problem(E_BAD_RANK, "the rank of Private is not bought", "write 'Buy the rank of Subaltern'")
    return BuyRank(rank)


_DUTY = (
    r"(?:(?:do|does|perform(?:s)?|attend(?:s)?|report(?:s)?\s+for|go(?:es)?\s+on|on|serve(?:s)?)\s+)?"
    r"(?:(?:my|his|the)\s+)?(?:regimental\s+)?duty(?:\s+(?:with|at)\s+(?:my|his|the)\s+regiment)?"
    r"|regimental\s+duty|(?:serve|serves|drill|drills|parade|parades)\s+with\s+(?:my|his|the)\s+regiment"
    r"|mount(?:s)?\s+(?:the\s+)?guard|(?:visit|go\s+to|attend)\s+(?:the|my|his)\s+(?:regiment|barracks)"
)


def _build_duty(m: re.Match[str], r: Reading) -> Built:
    return RegimentalDuty()


# g. Regiments: leaving the army is a week's action, as joining it is.
_RESIGN_COMMISSION = (
    r"(?:resign(?:s|ing)?|sell(?:s|ing)?\s+(?:out(?:\s+of)?|up)?|leave(?:s)?|quit(?:s)?)\s+"
    r"(?:from\s+)?(?:the\s+|my\s+|his\s+)?(?:commission|rank|regiment|army)\b.*"
)


def _build_resign_commission(m: re.Match[str], r: Reading) -> Built:
    return ResignCommission()


# g. Regiments: a player Battalion Commander's permission, a standing order: "Excuse from
# duty: Jacques, Rodney", "Excuse my men from duty" (all), "Excuse from duty: none".
_EXCUSE = lazy(
    r"excuse(?:s)?\s+(?:(?P<all>(?:all\s+)?(?:my|his|the)\s+men|everyone|all)\s+)?from\s+(?:regimental\s+)?duty"
    r"\s*(?:[:=]\s*|-\s+|\s+)?(?P<who>.*)"
    r"|excuse(?:s)?\s+(?P<who2>.+?)\s+from\s+(?:regimental\s+)?duty[.!]*", I)
_EXCUSE_WORDS = r"excuse(?:s)?\b.*\bduty\b.*"

VERBS = (
    verb("excuse from duty in a week", _EXCUSE_WORDS, standing_in_week),
    verb("regimental duty", _DUTY, _build_duty, ("duty", "regimental")),
    verb("resign commission", _RESIGN_COMMISSION, _build_resign_commission, ("resign", "commission")),
    verb("apply to a regiment", _APPLY, _build_apply, ("join", "apply", "enlist")),
    verb("buy rank", _BUY_RANK, _build_buy_rank, ("buy", "purchase")),
)

_JOIN_LINE = lazy(r"join(?:\s+(?:the\s+)?club)?\s*(?:[:=]|\s-\s|\s)\s*(?P<what>.+)", I)


class RegimentLines(LineReader):
    """"Join: the Gascon Regiment" on a line of its own (no club: the club grammar passes it on)."""

    LINES = ((_JOIN_LINE, "join"), (_EXCUSE, "excuse"))

    def excuse(self, number: int, m: re.Match[str]) -> None:
        """"Privates and Subalterns may be excused from duty by the permission of their
        Battalion Commanders": his permission, standing until changed."""
        who = (m.group("who") if m.group("who2") is None else m.group("who2")).strip(" .!")
        if m.group("all") or re.fullmatch(r"all|everyone|everybody|(?:all\s+)?(?:my|his|the)\s+men", who, I):
            names: tuple[str, ...] = (EXCUSE_ALL,)
        elif re.fullmatch(r"none|no\s*one|nobody", who, I):
            names = (EXCUSE_NONE,)
        elif not who:
            self.sheet.error(number, codes.E_BAD_ORDER, "excuse whom from duty?",
                             "write e.g. 'Excuse from duty: Jacques', 'Excuse from duty: all' or "
                             "'Excuse from duty: none'")
            return
        else:
            r = self.sheet.reading()
            read = self.sheet.take(number, r, r.characters(who))
            if read is None:
                return
            names = read
        self.sheet.standing(DutyExcusal).excuse_from_duty = names

    def join(self, number: int, m: re.Match[str]) -> Unclaimed | None:
        text = clean_value(m.group("what"))
        written = re.sub(r"\s+as\s+.*$", "", text, flags=I)
        regiment = regiment_named(self.sheet.tables.regiments, written)
        if regiment is None:  # or a slip of the pen: "Join: the Gascon Regimnet"
            regiment = regiment_near(self.sheet.tables.regiments, written).value
        if regiment is None:
            return Unclaimed()
        self.sheet.error(number, codes.E_UNKNOWN_VERB,
                         f"applying to the {regiment} takes a week: it is a week's action, not an order for the month",
                         f"write e.g. 'Week 1: Join the {regiment}'")
        return None
