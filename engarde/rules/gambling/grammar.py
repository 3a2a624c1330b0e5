"""c. Gambling in the order language: the gambling clause of a visit ("gamble 4 bets of 50,
cut on a 6"), read by the club and bawdyhouse grammars."""

from __future__ import annotations

import re
from typing import Any

from ... import codes
from ...grammar import N, SEP, I, Reading, number, problem, quote
from ...records import ErrorRecord
from .codes import E_TOO_MANY_BETS
from .orders import Gambling

# c. Gambling: "The character announces the amount he is betting"; "A
# character may place only nine bets in any one week"; "withdraw without
# rolling and take a loss of half the amount bet (known as cutting losses)".
# The clause runs from the word to the next clause of the visit.
GAMBLE_WORD = (r"gambl(?:e|es|ed|ing)|bet(?:s|ting)?|wager(?:s|ing)?|dic(?:e|ing)|"
                r"play(?:s|ing)?\s+(?:at\s+)?(?:cards|dice|hazard|faro|basset)")
_CLAUSE_STOP = (r"\s+(?:(?:and|but|then)\s+)?(?:with|as|carous\w*|drink\w*|toady\w*|carrying|carry|"
                r"taking|bringing|bring|no|without|purse|budget|(?:at|in)\s+(?!\d|an?\s+\d))\b")
GAMBLE = re.compile(
    SEP + r"\b(?P<word>" + GAMBLE_WORD + r")\b(?P<terms>(?:(?!" + _CLAUSE_STOP + r")[^;])*)", I)
_BETS_OF = re.compile(
    rf"(?P<n>{N})\s+(?:bets?|wagers?|throws?|stakes?)\b\s*(?:(?:of|at|for|@)\s+)?(?P<s>\d{{1,7}})?", I)
_BETS_TIMES = re.compile(
    r"(?P<a>\d{1,7})\s*(?P<ac>crowns?|cr)?\.?\s*(?:x|\u00d7|\*)\s*(?P<b>\d{1,7})\s*(?P<bc>crowns?|cr)?", I)
_STAKE_ONLY = re.compile(
    rf"(?:(?:of|at|for)\s+)?(?P<s>\d{{1,7}})\s*(?:crowns?|cr)?\b\.?(?:\s+(?:a|per|each)\s+(?:bet|throw|time))?"
    rf"(?:\s*,?\s*(?P<n>{N}|once|twice|thrice)(?:\s+times)?)?", I)
CUT_RULE = re.compile(
    r"(?:^|[,;(]\s*|\s+)(?:(?:and|but|then)\s+){0,2}"
    r"(?:(?P<never>never|no|not|don't|do\s+not|won't|without)\s+(?:to\s+)?cut(?:s|ting)?\b(?:\s+(?:my\s+|his\s+)?losses)?"
    r"|cut(?:s|ting)?\b(?:\s+(?:my\s+|his\s+)?losses)?\s*(?:(?:on|at|when|if|whenever|from|against)\s+)?"
    r"(?:(?:the\s+)?(?:house|croupier|bank|dealer)(?:'s)?\s+(?:(?:rolls?|throws?|shows?|gets?)\s+)?)?"
    r"(?:(?:is|of)\s+)?(?:an?\s+)?(?P<cmp>(?:above|over|more\s+than|higher\s+than)\s+)?(?P<cut>[1-6])\b"
    r"(?P<plus>\s*\+|\s+or\s+(?:more|higher|above|over|better|up))?)", I)


def cut_rule(text: str) -> tuple[bool, int | None]:
    """(stated, cut_at) from "cut on a 6", "cutting when the croupier rolls 5 or more", "never cut"."""
    m = CUT_RULE.search(text)
    if m is None:
        return False, None
    if m.group("never"):
        return True, None
    cut = int(m.group("cut"))
    if m.group("cmp"):  # "cut if the house rolls above 4": on 5 or more
        cut += 1
    return True, cut if cut <= 6 else None


def gambling_terms(terms: str, r: Reading) -> Gambling | ErrorRecord | None:
    """The bets and stake of a gambling clause; None when it states none."""
    stated, cut_at = cut_rule(terms)
    body = CUT_RULE.sub(" ", terms) if stated else terms
    body = body.strip(" ,;:()")
    bets: int | None = None
    stake: int | None = None
    if m := _BETS_OF.search(body):
        bets, stake = number(m.group("n")), int(m.group("s")) if m.group("s") else None
        if stake is None and (s := re.search(r"\b(\d{1,7})\s*(?:crowns?|cr)\b", body[m.end():], I)):
            stake = int(s.group(1))  # "4 bets, 50 crowns each"
    elif m := _BETS_TIMES.search(body):
        a, b = int(m.group("a")), int(m.group("b"))
        # "4 x 50" (bets x stake) unless the crowns are written on the left
        bets, stake = (b, a) if m.group("ac") and not m.group("bc") else (a, b)
    elif m := _STAKE_ONLY.search(body):
        stake, bets = int(m.group("s")), number(m.group("n")) if m.group("n") else 1
    if bets is None and stake is None:
        return None
    if stake is None or stake <= 0:
        return problem(codes.E_BAD_AMOUNT, "the bets name no stake",
                        "say how much each bet is, e.g. 'gamble 4 bets of 50 crowns, cut on a 6'")
    most = r.tables.gambling.max_bets_per_week
    if bets > most:
        return problem(E_TOO_MANY_BETS, f"{bets} bets: a character may place only {most} bets in any one week",
                       f"place {most} bets or fewer")
    if bets < 1:
        return problem(codes.E_BAD_AMOUNT, "no bets placed", "e.g. 'gamble 4 bets of 50 crowns'")
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
        r.note(f"a bet of {g.stake} crowns is above {club}'s house limit of {house_limit}")
    if club is not None and g.stake < house_minimum:
        r.note(f"a bet of {g.stake} crowns is below {club}'s minimum of {house_minimum}")
