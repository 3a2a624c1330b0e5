"""d. Loans in the order language: borrowing and repaying (a week's action), calling loans
in and offering to lend (orders for the month)."""

from __future__ import annotations

import re

from ...text import in_words
from ... import codes
from ...grammar import (
    AMOUNT,
    I,
    Built,
    LineReader,
    Reading,
    amount,
    monthly_in_week,
    problem,
    quote,
    standing_in_week,
    verb,
)
from ...text import normalise_name
from ...records import ErrorRecord
from .orders import Borrow, Lend, LoanOrders, Repay
from .tables import MONEYLENDER
from ...patterns import lazy

_LENDER_WORDS = lazy(
    r"(?:(?:a|an|the|local|some|my)\s+)?(?:money[\s-]?lenders?|shylocks?|usurers?|lenders?|bankers?|moneylending)", I)
_BORROW = (
    r"(?:borrow(?:s|ing)?|(?:take|takes|taking|get|gets|raise|raises|obtain|obtains)\s+(?:out\s+)?an?\s+loan(?:\s+of)?)"
    r"(?:\s+(?P<rest>.+))?"
)
_REPAY = (
    r"(?:repay(?:s|ing)?|pay(?:s|ing)?\s+(?:back|off)|settle(?:s)?)(?:\s+(?P<rest>.+))?"
)
_AMOUNT = lazy(rf"(?P<amount>{AMOUNT})\s*(?:crowns?|cr)?\b\.?", I)
_DEBT_WORDS = lazy(
    r"\b(?:in\s+full|all(?:\s+(?:i|he)\s+owes?)?|everything|(?:my|his|the)\s+(?:debts?|loans?)|what\s+(?:i|he)\s+owes?|"
    r"(?:my|his)\s+debt\s+to|the\s+loan\s+from|owed)\b", I)


def _lender(text: str, r: Reading) -> str | ErrorRecord:
    """The moneylender, or the character named (the campaign's reader of names)."""
    text = text.strip(" ,;.")
    if not text or _LENDER_WORDS.fullmatch(text):
        return MONEYLENDER
    return r.character(" ".join(re.sub(r"^(?:to|from)\s+", "", text, flags=I).split()))


# What may stand before the crowns borrowed ("a loan of", "the sum of") and after them ("from").
_BEFORE_AMOUNT = lazy(r"^(?:(?:a\s+)?loan\s+of|(?:the\s+)?sum\s+of|some|up\s+to)\s*$", I)
_FROM = lazy(r"^\s*(?:from|off|of)\s+(?P<who>.+)$", I)


def _build_borrow(m: re.Match[str], r: Reading) -> Built:
    """d. Loans: "Characters may borrow money from other players, or from local moneylenders"."""
    return _borrow((m.group("rest") or "").strip(" ,;."), r)


def _borrow(rest: str, r: Reading, lender_named: str | None = None) -> Built:
    """The crowns and the lender of "100 crowns from Porthos" (or "from Porthos 100 crowns");
    every other word is reported (``Reading.leftover``)."""
    am = _AMOUNT.search(rest)
    if am is None:
        return problem(codes.E_BAD_AMOUNT, "borrow how many crowns?",
                        "write e.g. 'Borrow 100 crowns from a moneylender' or 'Borrow 50 crowns from Porthos'")
    crowns = amount(am.group("amount"), low=1, hint="a loan is of at least one crown, e.g. 'Borrow 100 crowns "
                                                   "from a moneylender'")
    if isinstance(crowns, ErrorRecord):
        return crowns
    before, tail = rest[:am.start()].strip(" ,;"), rest[am.end():]
    fm = _FROM.match(tail)
    if fm is None and (bm := re.search(r"\bfrom\s+(?P<who>[^\d]+?)\s*$", before, I)):
        fm, before = bm, before[:bm.start()]  # "borrow from Porthos 50 crowns"
    elif fm is not None:
        tail = ""
    if not _BEFORE_AMOUNT.match(before):
        r.leftover(before, "'borrow'")
    r.leftover(tail, f"{crowns} crowns")
    if lender_named is not None:
        if fm is not None:
            r.leftover(fm.group(0), f"{crowns} crowns")
        return Borrow(crowns, lender_named)
    if fm is None:
        terms = r.tables.loans
        r.note(f"no lender named: from a moneylender ({terms.moneylender_interest_percent}% interest, "
               f"due in {in_words(terms.moneylender_term_months)} months)")
        return Borrow(crowns, MONEYLENDER)
    lender = _lender(fm.group("who"), r)
    return lender if isinstance(lender, ErrorRecord) else Borrow(crowns, lender)


def _build_repay(m: re.Match[str], r: Reading) -> Built:
    rest = " " + (m.group("rest") or "").strip(" ,;.") + " "
    am = _AMOUNT.search(rest)
    crowns = amount(am.group("amount"), low=1, hint="write e.g. 'Repay 50 crowns to Porthos' or 'repay the "
                                                    "moneylender'") if am else None
    if isinstance(crowns, ErrorRecord):
        return crowns
    if am:
        rest = rest[:am.start()] + " " + rest[am.end():]
    rest = _DEBT_WORDS.sub(" ", rest)
    rest = re.sub(r"\b(?:to|of|from|owed\s+to)\b", " ", rest, flags=I)
    who = " ".join(rest.split()).strip(" ,;.")
    if not who:
        r.note("no lender named: the moneylender")
        return Repay(crowns, MONEYLENDER)
    lender = _lender(who, r)
    return lender if isinstance(lender, ErrorRecord) else Repay(crowns, lender)


# "Take up Athos's offer of 200 crowns": a loan from Athos (never from a moneylender).
_TAKE_UP_LOAN = (r"(?:take|takes|taking|accept|accepts|accepting)\s+(?:up\s+)?(?P<who>.+?)'s?\s+"
                 r"(?:offer(?:\s+of\s+a\s+loan)?|loan)(?P<rest>\s+(?:of|for)\s+.*\d.*|\s+.*\bcrowns?\b.*)")


def _build_take_up_loan(m: re.Match[str], r: Reading) -> Built:
    lender = _lender(m.group("who"), r)
    if isinstance(lender, ErrorRecord):
        return lender
    rest = re.sub(r"^\s*(?:of|for)\s+", "", m.group("rest"), flags=I)
    return _borrow(rest.strip(" ,;."), r, lender)


_LEND_IN_WEEK = r"(?:lend\w*|loan\w*|offer\w*\s+(?:to\s+lend|a\s+loan))\b.*"


def _build_lend_in_week(m: re.Match[str], r: Reading) -> Built:
    return monthly_in_week("lending", "write it on a line of its own, e.g. 'Lend 100 crowns to D'Artagnan'; "
                           "the borrower writes 'Borrow 100 crowns from NAME' on a week",
                           aside="it costs the lender no week")
# d. Loans: "At any time after three months from the date of the loan, however,
# the lender may demand payment from the borrower" (LoanOrders.call_loans).
_CALL_LOANS = lazy(
    r"(?:call(?:s|ing)?\s+in|recall(?:s|ing)?)\s+(?P<all>all\s+)?(?:(?:my|his|the|our)\s+)?(?:loans?|debts?)"
    r"(?:\s*[:=-]\s*|\s+(?:to|from|of|owed\s+by|made\s+to|lent\s+to)\s+|\s*$)(?P<who>.*)"
    r"|demand(?:s|ing)?\s+(?:re)?payment\s+(?:of\s+(?:my|his|the)\s+loans?\s+)?from\s+(?P<who2>.+)", I)
# d. Loans: "Characters may borrow money from other players": the lender's consent, a monthly
# order (LoanOrders.lend) that costs him no week: "Lend 100 crowns to D'Artagnan".
_LEND = lazy(
    # a "-" before digits is their sign, not a separator: "Lend -50 crowns" is refused, never read as 50
    r"(?:lend(?:s|ing)?|loan(?:s|ing)?|offer(?:s|ing)?\s+(?:to\s+lend|a\s+loan\s+of))\s*(?:[:=]|-(?!\d))?\s*"
    r"(?:up\s+to\s+)?"
    rf"(?:(?P<amount>{AMOUNT})\s*(?:crowns?|cr)?\.?\s+(?:to\s+)?(?P<who>(?!\d)[^,;()]+?)"
    rf"|(?P<who2>(?!\d|up\s|minus\s|negative\s|[-\u2212]\d)[^,;()]+?)\s+(?:up\s+to\s+)?(?P<amount2>{AMOUNT})"
    r"\s*(?:crowns?|cr)?\.?)"
    r"(?:\s*,?\s*(?:this\s+month|if\s+(?:he\s+)?asks|if\s+asked))?[.!]*", I)
_LEND_WORDS = lazy(r"(?:lend\w*|loan\w*|offer\w*\s+(?:to\s+lend|a\s+loan))\b.*", I)


VERBS = (
    verb("borrow", _BORROW, _build_borrow, ("borrow",)),
    verb("repay", _REPAY, _build_repay, ("repay",)),
    verb("take up a loan", _TAKE_UP_LOAN, _build_take_up_loan),
    verb("call in loans in a week", r"call\s+in\s+(?:all\s+)?(?:(?:my|his|the)\s+)?(?:loans?|debts?)\b.*",
         standing_in_week),
    verb("lend", _LEND_IN_WEEK, _build_lend_in_week, ("lend",)),
)


class LoanLines(LineReader):
    """"Call in loans: Porthos" and "Lend 100 crowns to D'Artagnan", orders for the month."""

    LINES = ((_CALL_LOANS, "call"), (_LEND, "lend"), (_LEND_WORDS, "lend_unread"))

    def call(self, number: int, m: re.Match[str]) -> None:
        orders = self.sheet.monthly(LoanOrders)
        who = (m.group("who") if m.group("who2") is None else m.group("who2")).strip(" .!")
        names: tuple[str, ...] = ()
        if not (m.group("all") or re.fullmatch(r"(?:all|everyone|everybody|every\s+borrower)?", who, I)):
            r = self.sheet.reading()
            read = self.sheet.take(number, r, r.characters(who))
            if read is None:
                return
            names = read
        orders.call_loans = tuple(dict.fromkeys((*orders.call_loans, *(names or ("all",)))))

    def lend(self, number: int, m: re.Match[str]) -> None:
        """d. Loans: the lender's consent, for the month: "Lend 100 crowns to D'Artagnan"."""
        crowns = amount(m.group("amount") or m.group("amount2"), low=1,
                        hint="a loan is of at least one crown, e.g. 'Lend 100 crowns to D'Artagnan'")
        who = " ".join((m.group("who") or m.group("who2") or "").strip(" ,;.\"'").split())
        who = re.sub(r"^(?:to\s+)", "", who, flags=I)
        if re.fullmatch(r"crowns?|cr", who, I):  # "Lend 20 crowns": the crowns are no one
            who = ""
        if isinstance(crowns, ErrorRecord):
            self.sheet.error(number, crowns.code, crowns.message, crowns.suggestion)
            return
        if not who:
            self.sheet.error(number, codes.E_BAD_ORDER, "lend to whom?", "write e.g. 'Lend 100 crowns to D'Artagnan'")
            return
        r = self.sheet.reading()
        who = self.sheet.take(number, r, r.character(who))
        if who is None:
            return
        orders = self.sheet.monthly(LoanOrders)
        earlier = [x for x in orders.lend if normalise_name(x.borrower) == normalise_name(who)]
        if earlier:
            self.sheet.note(f"line {number}: a second offer to lend to {who}; it replaces the first "
                            f"({earlier[0].amount} crowns)")
        orders.lend = tuple(x for x in orders.lend if x not in earlier) + (Lend(crowns, who),)

    def lend_unread(self, number: int, m: re.Match[str]) -> None:
        self.sheet.error(number, codes.E_BAD_ORDER, f"{quote(m.group(0))}: lend how many crowns, to whom?",
                         "write e.g. 'Lend 100 crowns to D'Artagnan' (he borrows them with a week's "
                         "'Borrow 100 crowns from NAME')")
