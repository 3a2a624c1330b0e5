"""d. Mistresses in the order language: courting ("Court mistress number 4 (Roxanne)",
"Court Roxanne with 2 extra payments"), visiting her, and the rival suitor's standing order."""

from __future__ import annotations

import re

from ...text import in_words
from ... import codes
from ...codes import E_UNKNOWN_NAME
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
    problem,
    quote,
    standing_in_week,
    verb,
)
from ...known import name_key, words_at
from ...records import ErrorRecord
from .orders import Court, SuitorStanding, VisitMistress
from ...patterns import lazy

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
_EXTRA_PAYMENTS = lazy(
    r"(?:[,;(]\s*|\s+)(?:(?:and|with|making|paying|pay|plus|offering)\s+){0,3}"
    rf"(?:(?P<n>{N}|twice|thrice)\s+(?:extra|additional|more)?\s*(?:payments?|gifts?|presents?|times)"
    rf"|\+\s*(?P<plus>{DIGITS})|(?P<word>double|triple))\b(?P<tail>[^,;()]*)", I)
# What may follow the extra payments and say no more: "of 20 crowns each", "to her".
_PAYMENT_WORDS = lazy(
    rf"\b(?:of|at|for|to|her|each|apiece|crowns?|cr|times|her\s+social\s+level|sl)\b|{AMOUNT}", I)
_MISTRESS_NUMBER = lazy(
    rf"(?:(?:mistress|lady)\s+)?(?:number|no\.?|num\.?|#)\s*(?P<n>{AMOUNT})|(?P<bare>{AMOUNT})", I)
_NUMBER_WITHOUT_ONE = lazy(r"(?:(?:mistress|lady)\s+)?(?:number|no\.?|num\.?|#)", I)
_MISTRESS_WORDS = lazy(
    r"^(?:(?:the|a|an|fair|lovely|beautiful|my|his)\s+)*(?:mistress|lady|madame|mme\.?|mademoiselle|mlle\.?|"
    r"damsel|demoiselle)\s+", I)


# Words of praise before her name, no part of it.
_PRAISE = lazy(r"^(?:(?:the|a|fair|lovely|beautiful|sweet|young|dear|charming|divine)\s+)+", I)


def _build_visit_mistress(m: re.Match[str], r: Reading) -> Built:
    # ("... and take her to Hunter's" is a club visit: engarde.rules.clubs.grammar)
    r.leftover(m.group("rest"), "'visit my mistress'")
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
        r.leftover(_PAYMENT_WORDS.sub(" ", em.group("tail")), "the extra payments")
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
        written = name_in_brackets.group(1).strip() if name_in_brackets else ""
        if r.known.checked:
            problem_ = _check_number(r, mistress_number, written)
            if problem_ is not None:
                return problem_
        elif written:
            r.note(f"mistress number {mistress} is courted; the name {quote(written)} is not checked here")
    else:
        text = " ".join(_MISTRESS_WORDS.sub("", rest + " ").split()) or rest
        text = _PRAISE.sub("", text) or text  # "the fair Constance"
        if not text:
            return bad_order("court whom?", "write e.g. 'Court mistress number 4' or 'Court Roxanne'")
        read = r.mistress(text)
        if isinstance(read, ErrorRecord):
            return read
        mistress = read
    if extra:
        tables = r.tables.mistresses
        times = in_words(tables.extra_payment_multiplier)
        r.note(f"{extra} extra payment{'s' if extra != 1 else ''} of {times} times her "
               f"Social Level: +{extra * tables.extra_payment_bonus} to the courting roll (not with a wealthy "
               "mistress)")
    return Court(mistress, extra)
def _check_number(r: Reading, number: int, written: str) -> ErrorRecord | None:
    """Mistress number ``number`` is one of the campaign's, and the name written beside her
    number ("Court mistress number 4 (Roxanne)") is hers: never court one for the other."""
    her = r.known.mistress(number=number)
    if her is None:
        return problem(E_UNKNOWN_NAME, f"there is no mistress number {number} in this campaign",
                       r.known.mistress_at(f"number {number}").hint)
    if not written:
        return None
    named = words_at(written, {name_key(her.name): her.name})
    if named is None or named.name is None or named.rest.strip(" ,;."):
        return problem(codes.E_BAD_ORDER, f"mistress number {number} is {her.name}, not {quote(written)}",
                       f"write 'Court mistress number {number}' or 'Court {her.name}', or name the one you mean")
    if named.slip:
        r.note(f"read {quote(named.written)} as {quote(her.name)}")
    return None


# "Visit Roxanne", "call on Ninon": a visit to his mistress, by her name.
_VISIT_HER = (
    r"(?:visit(?:s|ing)?|see(?:s|ing)?|call(?:s|ing)?\s+(?:up)?on|go(?:es)?\s+to\s+see|spend(?:s|ing)?\s+(?:the\s+)?"
    r"(?:week|evening|night)\s+with|stay(?:s|ing)?\s+with)\s+(?P<her>.+)"
)


def _build_visit_her(m: re.Match[str], r: Reading) -> Built:
    """His mistress by name ("Visit Roxanne") is a visit to her; another man's mistress is
    courted, not visited.  Without the campaign's names, or a name no mistress has, the
    words are another verb's ("Visit Hunter's")."""
    if not r.known.checked:
        return None
    named = r.known.mistress_at(m.group("her"), r.author, explain=False)
    if named.name is None:
        return None if named.code == E_UNKNOWN_NAME else problem(named.code, named.problem or "", named.hint)
    kept = r.known.kept_by(r.author)
    if kept is None or kept.name != named.name:
        return problem(codes.E_BAD_ORDER, f"{named.name} is not his mistress: a visit is to the mistress he keeps",
                       f"to win her, write 'Court {named.name}'")
    r.named(named)
    return VisitMistress()


_RIVAL_SUITOR = lazy(
    r"(?:if\s+(?:a\s+|two\s+)?)?rival\s+suitors?(?:\s+(?:meet|at\s+(?:the|her)\s+door))?\s*[:,=-]?\s*(?P<what>.*)", I)


VERBS = (
    verb("visit mistress", VISIT_MISTRESS + r"(?P<rest>.*)", _build_visit_mistress, ("mistress",)),
    verb("visit mistress by name", _VISIT_HER, _build_visit_her),
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
