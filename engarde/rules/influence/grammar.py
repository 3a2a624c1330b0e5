"""f. Influence in the order language: "Use a class 7 favour on the Minister of War for Athos"."""

from __future__ import annotations

import re

from ... import codes
from ...grammar import DIGITS, I, SIGN, Built, LineReader, Reading, amount, bad_order, quote, verb
from ...records import ErrorRecord
from .orders import InfluenceOrders, UseInfluence
from ...patterns import lazy

# f. Influence: "Favours are used to modify the die rolls that represent the
# decisions of non-player characters"; "The die roll modification may be either
# additive or subtractive, depending on the player's wishes".
_INFLUENCE = (
    r"(?:use(?:s|ing)?\s+(?:(?:my|his|some|all)\s+)?influence|use(?:s|ing)?\s+(?:an?\s+|my\s+|his\s+|one\s+)?"
    r"(?=(?:class|level|grade)\s*(?:[-\u2212]|minus\s)?\d|favou?r|[\w']+(?:'s)?\s+favou?r)"
    r"|call(?:s|ing)?\s+in\s+(?:an?\s+|my\s+)?(?=favou?r)"
    r"|spend(?:s|ing)?\s+(?:an?\s+|my\s+)?(?=(?:class|level|grade)\s*(?:[-\u2212]|minus\s)?\d|favou?r)"
    r"|influenc(?:e|es|ing)(?=\s))"
    r"(?P<rest>.*)"
)
_FAVOUR = lazy(
    rf"(?:(?:an?|my|his|the|one)\s+)?(?:(?:class|level|grade)\s*(?P<cls>{SIGN}?{DIGITS})\s+favou?rs?"
    rf"|favou?rs?\s+(?:of\s+)?(?:class|level|grade)\s*(?P<cls2>{SIGN}?{DIGITS})"
    r"|(?P<src>[\w]+)(?:'s|s')\s+favou?rs?"
    r"|favou?rs?\s+(?:from|of)\s+(?:my\s+|his\s+|the\s+)?(?P<src2>[^,;()]+?)"
    r"(?=\s+(?:on|with|upon|over|for|against|to|in|at)\b|[,;()]|\s*$)|favou?rs?)", I)
_INFLUENCE_CLAUSE = lazy(
    r"\b(?P<key>in\s+favou?r\s+of|on\s+behalf\s+of|to\s+(?:help|aid|support|back)|supporting|for"
    r"|against|to\s+(?:block|stop|hinder|prevent|oppose|thwart)|opposing"
    r"|on|with|upon|over|at)\s+", I)


_AGAINST = ("against", "to block", "to stop", "to hinder", "to prevent", "to oppose", "to thwart", "opposing")
_FOR = ("for", "in favour", "in favor", "on behalf", "to help", "to aid", "to support", "to back", "supporting")


def _build_influence(m: re.Match[str], r: Reading) -> Built:
    rest = " " + m.group("rest").strip(" ,;.") + " "
    favour = ""
    if fm := _FAVOUR.search(rest):
        if klass := fm.group("cls") or fm.group("cls2"):
            # f. Influence: "There are nine classes of favours"
            read = amount(klass, "", low=1, high=9, words=f"class {klass}",
                          hint="favours are of class 1 to 9, e.g. 'Use a class 7 favour on the Minister of War'")
            if not isinstance(read, int):
                return read
            favour = f"class {read}"
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
        if key.startswith(_AGAINST):
            for_whom, against = value, True
        elif key.startswith(_FOR) and not against:
            for_whom = value
        elif not key.startswith(_FOR) and not decision:
            decision = value
        else:  # a second decision, or a man helped as well as one hindered: not read, reported
            r.leftover(f"{km.group(0)}{value}", quote(decision or for_whom))
    decision = re.sub(r"^(?:the\s+)?decision\s+of\s+", "", decision, flags=I)
    decision = re.sub(r"(?:'s|s')?\s+decision$", "", decision, flags=I).strip(" ,;.")
    decision = re.sub(r"^the\s+", "", decision, flags=I)
    if re.fullmatch(r"(?:me|myself|himself|him)", for_whom, I):
        for_whom = ""
    if for_whom:  # whom it helps or hinders: a character of the campaign
        read = r.character(for_whom)
        if isinstance(read, ErrorRecord):
            return read
        for_whom = read
    if not decision:
        return bad_order("use influence on whose decision?",
                          "write e.g. 'Use a class 7 favour on the Minister of War for Athos'")
    if against and not for_whom:
        return bad_order("use influence against whom?", "write e.g. 'against Athos'")
    if not favour:
        r.note("no favour named (e.g. 'a class 7 favour'): the GM will ask which")
    return UseInfluence(favour, decision, for_whom, against)


def _build_influence_in_week(m: re.Match[str], r: Reading) -> Built:
    built = _build_influence(m, r)
    if isinstance(built, UseInfluence) and r.tables.influence.influence_takes != "week":
        # f. Influence gives using a favour no time cost: on a week line it still counts, but the week
        # holds nothing else
        r.note("using influence takes no time: written on a line of its own it leaves this week free")
    return built


VERBS = (verb("use influence", _INFLUENCE, _build_influence_in_week, ("influence", "favour")),)

_INFLUENCE_LINE = lazy(_INFLUENCE, I)


class InfluenceLines(LineReader):
    """"Use a class 7 favour on the Minister of War for Athos" on a line of its own: an order for
    the month, alongside the weeks' actions (the book gives using influence no time cost)."""

    LINES = ((_INFLUENCE_LINE, "use"),)

    def use(self, number: int, m: re.Match[str]) -> None:
        if self.sheet.tables.influence.influence_takes == "week":
            self.sheet.error(number, codes.E_BAD_ORDER,
                             "in this campaign using influence is the week's action of the one who uses it",
                             "write it on a week line, e.g. 'Week 2: Use a class 7 favour on the Minister of "
                             "War for Athos'")
            return
        r = self.sheet.reading()
        read = self.sheet.take(number, r, _build_influence(m, r))
        if isinstance(read, UseInfluence):
            orders = self.sheet.monthly(InfluenceOrders)
            orders.pledges = (*orders.pledges, read)
