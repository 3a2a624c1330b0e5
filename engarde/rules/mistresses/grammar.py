"""d. Mistresses in the order language: courting ("Court mistress number 4 (Roxanne)",
"Court Roxanne with 2 extra payments"), visiting her, and the rival suitor's standing order."""

from __future__ import annotations

import re

from ...text import in_words
from ... import codes
from ...grammar import (
    AMOUNT,
    DIGITS,
    I,
    N,
    NUMBER_WORD_VALUES,
    Built,
    LineReader,
    Reading,
    amount,
    bad_order,
    quote,
    standing_in_week,
    verb,
)
from .orders import Court, SuitorStanding, VisitMistress

# "Visit my mistress": the words up to her (the club grammar reads "... and take her to Hunter's").
VISIT_MISTRESS = (
    r"(?:visit(?:s|ing)?|see(?:s|ing)?|call(?:s|ing)?\s+on|go(?:es)?\s+to|spend(?:s|ing)?\s+(?:the\s+)?"
    r"(?:week|evening|night)\s+with|stay(?:s|ing)?\s+with)\s+(?:(?:my|his|our|the)\s+)?"
    r"(?:mistress|lady\s+love|sweetheart|paramour|lover)"
)
_COURT = (
    r"(?:court(?:s|ing)?|woo(?:s|ing)?|pay(?:s|ing)?\s+court\s+to|pursu(?:e|es|ing)|romanc(?:e|es|ing))"
    r"(?:\s+(?P<rest>.+))?"
)
_EXTRA_PAYMENTS = re.compile(
    r"(?:[,;(]\s*|\s+)(?:(?:and|with|making|paying|pay|plus|offering)\s+){0,3}"
    rf"(?:(?P<n>{N}|twice|thrice)\s+(?:extra|additional|more)?\s*(?:payments?|gifts?|presents?|times)"
    rf"|\+\s*(?P<plus>{DIGITS})|(?P<word>double|triple))\b[^,;()]*", I)
_MISTRESS_NUMBER = re.compile(
    rf"(?:(?:mistress|lady)\s+)?(?:number|no\.?|num\.?|#)\s*(?P<n>{AMOUNT})|(?P<bare>{AMOUNT})", I)
_NUMBER_WITHOUT_ONE = re.compile(r"(?:(?:mistress|lady)\s+)?(?:number|no\.?|num\.?|#)", I)
_MISTRESS_WORDS = re.compile(
    r"^(?:(?:the|a|an|fair|lovely|beautiful|my|his)\s+)*(?:mistress|lady|madame|mme\.?|mademoiselle|mlle\.?|"
    r"damsel|demoiselle)\s+", I)


def _build_visit_mistress(m: re.Match[str], r: Reading) -> Built:
    rest = m.group("rest").strip(" ,;.")
    if rest:  # ("... and take her to Hunter's" is a club visit: engarde.rules.clubs.grammar)
        r.note(f"{quote(rest)} after 'visit my mistress' is ignored")
    return VisitMistress()


def _build_court(m: re.Match[str], r: Reading) -> Built:
    """d. Mistresses: "In order to win a mistress, a character must go courting"."""
    rest = (m.group("rest") or "").strip(" ,;.")
    if not rest:
        return bad_order("court whom?", "write e.g. 'Court mistress number 4' or 'Court Roxanne'")
    extra = 0
    found = list(_EXTRA_PAYMENTS.finditer(" " + rest))
    for em in found:
        if em.group("word"):
            extra = NUMBER_WORD_VALUES[em.group("word").lower()]
        else:
            read = amount(em.group("plus") or em.group("n"), "extra payments",
                          hint="write e.g. 'Court Roxanne with 2 extra payments'")
            if not isinstance(read, int):
                return read
            extra = read
    rest = _EXTRA_PAYMENTS.sub(" ", " " + rest)
    rest = re.sub(r"\(\s*\)", " ", rest).strip(" ,;.")
    name_in_brackets = re.search(r"\(([^)]*)\)", rest)
    rest = re.sub(r"\([^)]*\)|[()]", " ", rest).strip(" ,;.")
    unlabelled = _MISTRESS_WORDS.sub("", rest + " ").strip() or rest
    numbered = _MISTRESS_NUMBER.fullmatch(unlabelled)
    if _NUMBER_WITHOUT_ONE.fullmatch(unlabelled):
        return bad_order("court mistress number what?", "write e.g. 'Court mistress number 4' or 'Court Roxanne +2'")
    if numbered:
        mistress_number = amount(numbered.group("n") or numbered.group("bare"), "", low=1,
                                 words=f"mistress number {numbered.group('n') or numbered.group('bare')}",
                                 hint="write e.g. 'Court mistress number 4' ('engarde mistress list' numbers them)")
        if not isinstance(mistress_number, int):
            return mistress_number
        mistress = str(mistress_number)
        if name_in_brackets and name_in_brackets.group(1).strip():
            r.note(f"mistress number {mistress} is courted; the name "
                         f"{quote(name_in_brackets.group(1).strip())} is not checked here")
    else:
        mistress = " ".join(_MISTRESS_WORDS.sub("", rest + " ").split()) or rest
        if not mistress:
            return bad_order("court whom?", "write e.g. 'Court mistress number 4' or 'Court Roxanne'")
    if extra:
        tables = r.tables.mistresses
        times = in_words(tables.extra_payment_multiplier)
        r.note(f"{extra} extra payment{'s' if extra != 1 else ''} of {times} times her "
               f"Social Level: +{extra * tables.extra_payment_bonus} to the courting roll (not with a wealthy "
               "mistress)")
    return Court(mistress, extra)
_RIVAL_SUITOR = re.compile(
    r"(?:if\s+(?:a\s+|two\s+)?)?rival\s+suitors?(?:\s+(?:meet|at\s+(?:the|her)\s+door))?\s*[:,=-]?\s*(?P<what>.*)", I)


VERBS = (
    verb("visit mistress", VISIT_MISTRESS + r"(?P<rest>.*)", _build_visit_mistress, ("mistress",)),
    verb("court", _COURT, _build_court, ("court", "woo")),
    verb("rival suitor in a week", r"rival\s+suitors?\b.*", standing_in_week),
)


class SuitorLines(LineReader):
    """"Rival suitor: withdraw|fight", standing until changed."""

    LINES = ((_RIVAL_SUITOR, "rival_suitor"),)

    def rival_suitor(self, number: int, m: re.Match[str]) -> None:
        what = m.group("what").lower().strip(" .!")
        standing = self.sheet.standing(SuitorStanding)
        if re.fullmatch(r"(?:i\s+|he\s+)?(?:will\s+)?(?:withdraw|yield|give\s+way|step\s+aside|retire|bow\s+out)\w*", what):
            standing.rival_suitor = "withdraw"
        elif re.fullmatch(r"(?:i\s+|he\s+)?(?:will\s+)?(?:fight|duel|stand(?:\s+firm)?|stay|hold(?:\s+firm)?)\w*", what):
            standing.rival_suitor = "fight"
        else:
            self.sheet.error(number, codes.E_BAD_ORDER, f"rival suitor: {quote(what)} is neither withdraw nor fight",
                             "write 'Rival suitor: withdraw' or 'Rival suitor: fight'")
