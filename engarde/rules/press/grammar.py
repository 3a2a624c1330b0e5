"""Letters to the gazette: "Letter to the gazette (signed|anonymous|as "The Red Fox"):", the
letter as written, then "End of letter"; "Withdraw letters" takes back those sent on earlier
sheets of the month."""

from __future__ import annotations

import re

from ... import codes
from ...grammar import I, Block, LineReader, SheetContext, quote
from .codes import E_LETTER_UNENDED, E_PEN_NAME
from .orders import Letter, Letters
from .pennames import pen_name_problem
from ...patterns import lazy

_LETTER = lazy(
    r"(?:(?:a\s+)?letter(?:\s+to\s+(?:the\s+)?(?:gazette|editors?|press|newspaper|paper|printers?))?|press)"
    r"\s*(?P<how>[^:]*?)\s*:\s*(?P<first>.*)", I)
_LETTER_HOW_ALIAS = lazy(
    r"(?:signed\s+)?(?:as|under\s+the\s+name(?:\s+of)?|by|signed)\s+[\"']?(?P<alias>[^\"]+?)[\"']?", I)
_WITHDRAW = lazy(
    r"(?:withdraw|cancel|retract|take\s+back)\s+(?:all\s+)?(?:my\s+|the\s+|his\s+)?(?:earlier\s+|previous\s+)?"
    r"letters?(?:\s+to\s+the\s+(?:gazette|editors?|press|newspaper))?(?:\s+sent\s+(?:before|earlier))?[\s.!]*", I)
_END_LETTER = lazy(r"(?:the\s+)?end\s+(?:of\s+)?(?:the\s+|my\s+|his\s+)?letter[\s.!]*|letter\s+ends?[\s.!]*", I)


class LetterBlock(Block):
    """A letter to the gazette being read, until its "End of letter": printed as written,
    blank lines and all."""

    def __init__(self, sheet: SheetContext, line: int, signature: str, alias: str | None, ok: bool,
                 first: str, reader: "LetterLines") -> None:
        self.sheet = sheet
        self.reader = reader
        self.start = line
        self.signature = signature
        self.alias = alias
        self.ok = ok
        self.lines = [first] if first.strip() else []

    def line(self, number: int, line: str, raw: str) -> bool:
        if not _END_LETTER.fullmatch(line):
            self.lines.append(raw.replace("\t", "    "))
            return True
        lines = [x.rstrip() for x in self.lines]
        while lines and not lines[0].strip():
            lines.pop(0)
        while lines and not lines[-1].strip():
            lines.pop()
        if not lines:
            self.sheet.error(self.start, codes.E_BAD_ORDER, "the letter to the gazette is empty", None)
        elif self.ok:
            letter = Letter("\n".join(lines), self.signature, self.alias)
            letters = self.sheet.monthly(Letters)
            letters.letters = (*letters.letters, letter)
            self.reader.written.append((self.start, letter))
        return False

    def unended(self) -> None:
        self.sheet.error(self.start, E_LETTER_UNENDED,
                         "this letter to the gazette has no 'End of letter' line: it is not printed, "
                         "and every line after it was taken as part of it",
                         "end the letter with a line 'End of letter'")


class LetterLines(LineReader):
    LINES = ((_WITHDRAW, "withdraw"), (_LETTER, "open_letter"))

    def __init__(self, sheet: SheetContext) -> None:
        super().__init__(sheet)
        self.written: list[tuple[int, Letter]] = []  # each letter read, with its first line

    def finish(self) -> None:
        """A letter signed with a character's name (not the author's) is not printed
        (engarde.rules.press.pennames): checked once the whole sheet is read, which names its author."""
        if not self.sheet.characters:
            return
        for line, letter in self.written:
            if letter.alias is None:
                continue
            why = pen_name_problem(letter.alias, self.sheet.sheet.character, self.sheet.characters)
            if why is None:
                continue
            letters = self.sheet.monthly(Letters)
            letters.letters = tuple(x for x in letters.letters if x is not letter)
            self.sheet.error(line, E_PEN_NAME, f"{why}: the letter is not printed",
                             "sign it with a name no one plays, or (signed), or (anonymous)")

    def withdraw(self, number: int, m: re.Match[str]) -> None:
        """The letters sent on earlier sheets this month are taken back (engarde.month_orders)."""
        self.sheet.monthly(Letters).withdraw = True

    def open_letter(self, number: int, m: re.Match[str]) -> LetterBlock:
        how, first = m.group("how"), m.group("first")
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
            self.sheet.error(number, codes.E_BAD_ORDER,
                             f"letter signed {quote(how)}: not understood; it is not printed",
                             "write 'Letter to the gazette (signed):', '(anonymous):' or '(as \"The Red Fox\"):'")
        return LetterBlock(self.sheet, number, signature, alias, ok, first, self)
