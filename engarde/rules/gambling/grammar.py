"""c. Gambling in the order language: the gambling clause of a visit ("gamble 4 bets of 50,
cut on a 6"), read by the club and bawdyhouse grammars."""

from __future__ import annotations

import re
from typing import Any

from ... import codes
from ...grammar import AMOUNT, N, SEP, I, Reading, amount, problem, quote
from ...records import ErrorRecord
from ...text import possessive
from .codes import E_TOO_MANY_BETS
from .orders import Gambling
from ...patterns import lazy

# c. Gambling: "The character announces the amount he is betting"; "A
# character may place only nine bets in any one week"; "withdraw without
# rolling and take a loss of half the amount bet (known as cutting losses)".
# The clause runs from the word to the next clause of the visit.
GAMBLE_WORD = (r"gambl(?:e|es|ed|ing)|bet(?:s|ting)?|wager(?:s|ing)?|dic(?:e|ing)|"
                r"play(?:s|ing)?\s+(?:at\s+)?(?:cards|dice|hazard|faro|basset)")
_CLAUSE_STOP = (r"\s+(?:(?:and|but|then)\s+)?(?:with|as|carous\w*|drink\w*|toady\w*|carrying|carry|"
                r"taking|bringing|bring|no|without|purse|budget|(?:at|in)\s+(?!\d|an?\s+\d|an?\s+stake))\b")
# The clause's word, or none before its bets ("(2 bets at 40)"), or a stake ("at a stake of 20").
_CLAUSE_WORD = (r"(?:(?:at\s+)?(?:an?\s+)?stakes?\s+of|" + GAMBLE_WORD + r")\b|(?=" + N +
                r"\s+(?:bets?|wagers?|throws?)\b)")
GAMBLE = lazy(
    SEP + r"\b(?P<word>" + _CLAUSE_WORD + r")(?P<terms>(?:(?!" + _CLAUSE_STOP + r")[^;])*)", I)
# Every number is the grammar kit's AMOUNT or N, read by ``amount``: caught whole, so that
# "bet 1e9" or "4 bets of -50" is refused by name, never read as a bet of 9 or of 50.
_BETS_OF = lazy(
    rf"(?P<n>{N})\s+(?:bets?|wagers?|throws?|stakes?)\b\s*(?:(?:of|at|for|@)\s+)?(?:(?:an?\s+)?stakes?\s+of\s+)?(?P<s>{AMOUNT})?", I)
_STAKE_AFTER = lazy(rf"(?P<s>{AMOUNT})\s*(?:crowns?|cr)\b", I)
_BETS_TIMES = lazy(
    rf"(?P<a>{AMOUNT})\s*(?P<ac>crowns?|cr)?\.?\s*(?:x|\u00d7|\*)\s*(?P<b>{AMOUNT})\s*(?P<bc>crowns?|cr)?", I)
_STAKE_ONLY = lazy(
    rf"(?:(?:of|at|for)\s+)?(?P<s>{AMOUNT})\s*(?:crowns?|cr)?\b\.?(?:\s+(?:a|per|each)\s+(?:bet|throw|time))?"
    rf"(?:\s*,?\s*(?P<n>{N}|once|twice|thrice)(?:\s+times)?)?", I)
# Words about bets that say no more than the bets and stake read ("50 crowns each", "on dice").
_STAKE_WORDS = lazy(
    r"\b(?:crowns?|cr|each|apiece|a\s+(?:bet|throw|time)|per\s+(?:bet|throw)|a\s+piece|of|at|for|and|"
    r"(?:on|at)\s+(?:the\s+)?(?:dice|cards|tables?|hazard|faro|basset)|bets?|wagers?|throws?|stakes?)\b", I)
CUT_RULE = lazy(
    r"(?:^|[,;(]\s*|\s+)(?:(?:and|but|then)\s+){0,2}"
    r"(?:(?P<never>never|no|not|don't|do\s+not|won't|without)\s+(?:to\s+)?cut(?:s|ting)?\b(?:\s+(?:my\s+|his\s+)?losses)?"
    r"|cut(?:s|ting)?\b(?:\s+(?:my\s+|his\s+)?losses)?\s*(?:(?:on|at|when|if|whenever|from|against)\s+)?"
    r"(?:(?:the\s+)?(?:house|croupier|bank|dealer)(?:'s)?\s+(?:(?:rolls?|throws?|shows?|gets?)\s+)?)?"
    rf"(?:(?:is|of)\s+)?(?:an?\s+)?(?P<cmp>(?:above|over|more\s+than|higher\s+than)\s+)?(?P<cut>{AMOUNT})"
    r"(?P<plus>\s*\+|\s+or\s+(?:more|higher|above|over|better|up))?)", I)


def cut_rule(text: str) -> tuple[bool, int | None | ErrorRecord]:
    """(stated, cut_at) from "cut on a 6", "cutting when the croupier rolls 5 or more", "never cut";
    cut_at is the error naming the words when the number is no face of a die ("cut on a 7")."""
    m = CUT_RULE.search(text)
    if m is None:
        return False, None
    if m.group("never"):
        return True, None
    words = re.sub(r"^(?:[\s,;(]|(?:and|but|then)\b)+", "", m.group(0), flags=I)
    cut = amount(m.group("cut"), "", low=1, high=6, words=words,
                 hint="a die shows 1 to 6: write e.g. 'cut on a 6', or 'never cut'")
    if isinstance(cut, ErrorRecord):
        return True, cut
    if m.group("cmp"):  # "cut if the house rolls above 4": on 5 or more
        cut += 1
    return True, cut if cut <= 6 else None


def gambling_terms(terms: str, r: Reading) -> Gambling | ErrorRecord | None:
    """The bets and stake of a gambling clause; None when it states none."""
    stated, cut_at = cut_rule(terms)
    if isinstance(cut_at, ErrorRecord):
        return cut_at
    body = CUT_RULE.sub(" ", terms) if stated else terms
    body = body.strip(" ,;:()")
    bets_written: str | None = None
    stake_written: str | None = None
    unused = body  # the words no pattern of the clause read
    if m := _BETS_OF.search(body):
        bets_written, stake_written = m.group("n"), m.group("s")
        unused = body[:m.start()] + " " + body[m.end():]
        if stake_written is None and (s := _STAKE_AFTER.search(body[m.end():])):
            stake_written = s.group("s")  # "4 bets, 50 crowns each"
            unused = body[:m.start()] + " " + body[m.end():][:s.start()] + " " + body[m.end():][s.end():]
    elif m := _BETS_TIMES.search(body):
        # "4 x 50" (bets x stake) unless the crowns are written on the left
        a, b = m.group("a"), m.group("b")
        bets_written, stake_written = (b, a) if m.group("ac") and not m.group("bc") else (a, b)
        unused = body[:m.start()] + " " + body[m.end():]
    elif m := _STAKE_ONLY.search(body):
        stake_written, bets_written = m.group("s"), m.group("n") or "1"
        unused = body[:m.start()] + " " + body[m.end():]
    if bets_written is None and stake_written is None:
        return None
    r.leftover(_STAKE_WORDS.sub(" ", unused), "the bets")
    if stake_written is None:
        return problem(codes.E_BAD_AMOUNT, "the bets name no stake",
                        "say how much each bet is, e.g. 'gamble 4 bets of 50 crowns, cut on a 6'")
    hint = "e.g. 'gamble 4 bets of 50 crowns, cut on a 6'"
    stake = amount(stake_written, "crowns", low=1, hint=hint)
    if isinstance(stake, ErrorRecord):
        return stake
    bets = amount(bets_written, "bets", low=1, hint=hint)
    if isinstance(bets, ErrorRecord):
        return bets
    most = r.tables.gambling.max_bets_per_week
    if bets > most:
        return problem(E_TOO_MANY_BETS, f"{bets} bets: a character may place only {most} bets in any one week",
                       f"place {most} bets or fewer")
    return Gambling(bets, stake, cut_at)


def note_gambling(c: Any, r: Reading, club: str | None = None, house_limit: int | None = None,
                  house_minimum: int = 0) -> None:
    """Notes on a visit's gambling (``c``: its clauses, with ``side`` and ``gamble``): bets
    without stakes, no cut rule, a stake outside the house's limit and minimum."""
    for activity in c.side:
        if activity.startswith("toady"):
            r.note("toadying follows from whom he goes with: "
                         "write 'as the guest of NAME' or 'toady to NAME' to go as someone's guest")
        else:
            r.note(f"{quote(activity)} without bets: no gambling "
                         "(write e.g. 'gamble 4 bets of 50 crowns, cut on a 6')")
    g = c.gamble
    if g is None:
        return
    if g.cut_at is None:
        r.note("no cut rule given: he never cuts his losses (write e.g. 'cut on a 6')")
    if club is not None and house_limit is not None and g.stake > house_limit:
        r.note(f"a bet of {g.stake} crowns is above {possessive(club)} house limit of {house_limit}")
    if club is not None and g.stake < house_minimum:
        r.note(f"a bet of {g.stake} crowns is below {possessive(club)} minimum of {house_minimum}")
