"""The corpus score: engarde's reading of real players' sheets against a GM's.

``tests/corpus/`` holds order sheets written as play-by-mail players write them, each with
``NAME.expect.json`` beside it: how a human GM reads the sheet (tests/corpus/README.md).  The
score sets up the corpus campaign (``campaign.toml``, ``roster.toml``) in a temporary folder
through engarde's own operations, reads every sheet as ``engarde orders check --json FILE``
reads it in that campaign, and counts:

- **understood**: the sheets read exactly as the GM reads them (the character, the weeks,
  the orders for the month, the standing orders, the letters), with errors on exactly the
  lines the GM would query;
- **flagged**: of the errors the GM would report, those engarde reports at the right FILE:LINE
  (with the expected code, where one is given);
- **silent misreadings**: an order (a week, an order for the month or a standing order, the
  letters, the character) read otherwise than the GM reads it with no error to tell the player:
  the worst bug, whose target is zero.

Used by tests/test_corpus.py (which ratchets the figures in tests/corpus/score.json) and by
scripts/corpus_score.py (which prints them).
"""

from __future__ import annotations

import json
import re
import tempfile
import tomllib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from engarde import ops
from engarde.cli import main
from engarde.orders import MONTHLY, STANDING, Rest
from engarde.registry import Registry, for_campaign, load_campaign
from engarde.rules.creation.rules import given_character
from engarde.rules.mistresses.commands import add_mistress

CORPUS = Path(__file__).parent / "corpus"
CAMPAIGN_ID = "corpus"
SCORE_FILE = CORPUS / "score.json"
SHEET_SUFFIXES = (".txt", ".eml")
# What roster.toml says of a man that engarde's operations do not take (no operation places a
# man in a regiment outside a month of play; the password is given apart).
_NOT_GIVEN = ("name", "password", "regiment", "rank")


# -- the corpus as written ---------------------------------------------------------------------


@dataclass(frozen=True)
class ExpectedError:
    """An error the GM would report: on ``line`` of the file, with ``code`` if only one is fair.

    ``line`` None: an error about the sheet as a whole, which no line holds (no Character line,
    a week not written at all): engarde may report it on any line no other expected error is on,
    and it is known by its ``code`` or, for a missing ``week``, by a message that names the week."""

    line: int | None
    code: str | None = None
    week: int | None = None

    def matches(self, reported: "ReportedError") -> bool:
        if self.code is not None and reported.code != self.code:
            return False
        return self.week is None or re.search(rf"\bweek {self.week}\b", reported.message, re.I) is not None


@dataclass
class Where:
    """The line of the file the GM read each order from (``lines`` in NAME.expect.json): what
    tells a misreading the player was told of (an error on its line) from a silent one.  None:
    not known (a base64 mail has no such line)."""

    weeks: dict[int, int | None] = field(default_factory=dict)
    monthly: list[int | None] = field(default_factory=list)
    standing: list[int | None] = field(default_factory=list)
    letters: list[int | None] = field(default_factory=list)


@dataclass
class Expected:
    """A sheet as the GM reads it (NAME.expect.json)."""

    character: str | None
    weeks: dict[int, str]
    monthly: list[str]
    standing: list[str]
    letters: int
    errors: list[ExpectedError]
    why: str
    where: Where = field(default_factory=Where)

    @classmethod
    def load(cls, path: Path) -> "Expected":
        data = json.loads(path.read_text(encoding="utf-8"))
        lines = data.get("lines") or {}
        return cls(
            character=data["character"],
            weeks={int(w): text for w, text in data["weeks"].items()},
            monthly=list(data.get("monthly", [])),
            standing=list(data.get("standing", [])),
            letters=int(data.get("letters", 0)),
            errors=[ExpectedError(e["line"], e.get("code"), e.get("week")) for e in data.get("errors", [])],
            why=data["why"],
            where=Where({int(w): n for w, n in (lines.get("weeks") or {}).items()}, list(lines.get("monthly") or []),
                        list(lines.get("standing") or []), list(lines.get("letters") or [])),
        )


def sheets(folder: Path = CORPUS) -> list[Path]:
    """The corpus's sheets, in name order."""
    return sorted(p for p in folder.iterdir() if p.suffix in SHEET_SUFFIXES)


def expectation_of(sheet: Path) -> Path:
    return sheet.with_name(sheet.stem + ".expect.json")


def roster(folder: Path = CORPUS) -> dict[str, Any]:
    return tomllib.loads((folder / "roster.toml").read_text(encoding="utf-8"))


# -- the corpus campaign, set up by engarde's own operations -----------------------------------------


def set_up(folder: Path, corpus: Path = CORPUS) -> Path:
    """The corpus campaign in ``folder``: its campaigns.toml, its database, its characters (each
    with his order password and his player's address) and its mistresses (by number and name).
    Returns the campaigns.toml."""
    config = folder / "campaigns.toml"
    config.write_text((corpus / "campaign.toml").read_text(encoding="utf-8"), encoding="utf-8")
    camp = load_campaign(config, CAMPAIGN_ID)
    ops.init(camp)
    tables = for_campaign(camp).tables
    people = roster(corpus)
    for man in people["character"]:
        values = {k: v for k, v in man.items() if k not in _NOT_GIVEN}
        ops.add_character(camp, given_character(tables, man["name"], **values), password=man["password"])
    for lady in sorted(people["mistress"], key=lambda m: m["number"]):
        made = add_mistress(camp, lady["name"], lady["social_level"], beautiful=lady.get("beautiful", False),
                            influential=lady.get("influential", False), wealthy=lady.get("wealthy", False))
        if made.number != lady["number"]:
            raise ValueError(f"roster.toml: {lady['name']} was added as mistress {made.number}, "
                             f"not {lady['number']}: list the mistresses from number 1, none missing")
    return config


# -- engarde's reading -----------------------------------------------------------------------------


@dataclass(frozen=True)
class ReportedError:
    source: str
    line: int
    code: str
    message: str


@dataclass
class Reading:
    """A sheet as engarde read it, in the terms of an expectation.  A week engarde could not do
    (a rest with a reason: an error, or the ditto of a week with one) is left out of ``weeks``,
    as the GM leaves out a week he queries; ``week_lines`` is the line engarde read each week
    from (in its own numbering, as its errors are)."""

    character: str | None
    weeks: dict[int, str]
    week_lines: dict[int, int]
    monthly: list[str]
    standing: list[str]
    letters: int
    errors: list[ReportedError]
    crash: str | None = None  # a traceback or an unreadable answer: never acceptable


def reading_from(data: dict[str, Any], registry: Registry) -> Reading:
    """``engarde orders check --json``'s answer as a Reading."""
    sheet = registry.sheet_from(data)
    weeks = {w: order.describe() for w, order in sorted(sheet.weeks.items())
             if not (isinstance(order, Rest) and order.reason)}
    letters = len((data.get("monthly") or {}).get("press", {}).get("letters", []))
    return Reading(
        character=sheet.character,
        weeks=weeks,
        week_lines=dict(sheet.lines),
        monthly=registry.describe(sheet.monthly, MONTHLY),
        standing=registry.describe(sheet.standing, STANDING),
        letters=letters,
        errors=[ReportedError(e.get("source", ""), int(e.get("line", 0)), e.get("code", ""), e.get("message", ""))
                for e in data.get("errors", [])],
    )


def read(config: Path, sheet: Path, runner: CliRunner | None = None) -> Reading:
    """``sheet`` read as ``engarde --config CONFIG orders check --json SHEET`` reads it."""
    runner = runner or CliRunner()
    result = runner.invoke(main, ["--config", str(config), "--campaign", CAMPAIGN_ID,
                                  "orders", "check", "--json", str(sheet)])
    empty = Reading(None, {}, {}, [], [], 0, [])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        empty.crash = f"{type(result.exception).__name__}: {result.exception}"
        return empty
    try:
        data = json.loads(result.stdout)
    except ValueError:
        empty.crash = f"exit {result.exit_code}, not JSON: {result.output[:300]!r}"
        return empty
    try:
        return reading_from(data, for_campaign(load_campaign(config, CAMPAIGN_ID)))
    except (KeyError, TypeError, ValueError) as exc:  # an answer of another shape: said, not raised
        empty.crash = f"the --json answer could not be read ({type(exc).__name__}: {exc})"
        return empty


# -- the comparison ----------------------------------------------------------------------------------


class Canon:
    """Two readings the campaign makes the same are compared as one: case and spacing (names are
    matched without regard to case), a mistress by number or by name ("Court mistress number 2"
    is "Court Ninon"), and "his own club" as the club he belongs to."""

    def __init__(self, people: dict[str, Any]) -> None:
        self.mistresses = {int(m["number"]): m["name"] for m in people.get("mistress", [])}
        self.clubs = {c["name"]: c.get("club") for c in people.get("character", [])}

    def __call__(self, text: str | None, character: str | None = None) -> str | None:
        if text is None:
            return None
        s = " ".join(text.replace("\u2019", "'").replace("\u2018", "'").split()).casefold()
        m = re.match(r"court mistress number (\d+)\b", s)
        if m and int(m.group(1)) in self.mistresses:
            s = f"court {self.mistresses[int(m.group(1))].casefold()}" + s[m.end():]
        club = self.clubs.get(character or "")
        if club and s.startswith("visit his own club"):
            s = f"visit {club.casefold()}" + s[len("visit his own club"):]
        return s


@dataclass
class SheetScore:
    """One sheet: whether it was understood, its errors flagged, what was read in silence."""

    name: str
    expected: Expected
    reading: Reading
    understood: bool
    flagged: int
    differences: list[str] = field(default_factory=list)  # each thing read otherwise, said
    silent: list[str] = field(default_factory=list)  # those of them with no error to tell the player

    @property
    def bad(self) -> bool:
        return bool(self.expected.errors)


def _errors_flagged(expected: list[ExpectedError], reported: list[ReportedError],
                    source: str) -> tuple[int, bool, list[str]]:
    """(expected errors flagged at the right FILE:LINE, whether the error lines are exactly those
    expected, what differs)."""
    by_line: dict[int, list[ReportedError]] = {}
    for e in reported:
        if e.source == source:
            by_line.setdefault(e.line, []).append(e)

    def codes(line: int) -> str:
        return ", ".join(sorted({e.code for e in by_line[line]}))

    placed = {e.line for e in expected if e.line is not None}
    flagged, notes = 0, []
    for e in expected:
        if e.line is None:
            continue
        if e.line in by_line and any(e.matches(r) for r in by_line[e.line]):
            flagged += 1
        elif e.line in by_line:
            notes.append(f"line {e.line}: expected error {e.code}, reported {codes(e.line)}")
        else:
            notes.append(f"line {e.line}: expected error{' ' + e.code if e.code else ''}, none reported")
    spare = sorted(line for line in by_line if line not in placed)
    for e in expected:
        if e.line is not None:
            continue
        what = e.code or (f"about week {e.week}" if e.week is not None else "")
        found = next((line for line in spare if any(e.matches(r) for r in by_line[line])), None)
        if found is None:
            notes.append(f"the sheet: expected error {what}, none reported".replace("error ,", "error,"))
            continue
        spare.remove(found)
        flagged += 1
    for line in spare:
        notes.append(f"line {line}: error not expected ({codes(line)})")
    foreign = [e for e in reported if e.source != source]
    notes += [f"error for another file {e.source!r} line {e.line}" for e in foreign]
    return flagged, not notes, notes


def score_sheet(name: str, source: str, expected: Expected, reading: Reading, canon: Canon) -> SheetScore:
    """Compare engarde's reading of one sheet with the GM's.

    A thing read otherwise than the GM reads it is silent unless engarde reported an error on
    its line: for a week, the line engarde read it from or the line the GM read it from; for an
    order for the month, a standing order or a letter the GM reads and engarde does not, its
    line; for one engarde reads and the GM does not, any line the GM queries or reads such
    orders from (not a week's); for the character, any line.  Where the expectation gives no
    line, any error engarde reported off its week lines counts.
    """
    if reading.crash is not None:
        return SheetScore(name, expected, reading, False, 0, [f"engarde failed: {reading.crash}"], [])
    flagged, errors_ok, notes = _errors_flagged(expected.errors, reading.errors, source)
    error_lines = {e.line for e in reading.errors}
    week_lines = set(reading.week_lines.values())
    where = expected.where
    # An error on a line engarde read no week from: about the headers, an order for the month,
    # a line it could not place.
    told_elsewhere = any(line not in week_lines for line in error_lines)
    order_lines = ({e.line for e in expected.errors} | set(where.monthly) | set(where.standing)
                   | set(where.letters)) - {None} - week_lines

    def told_at(*lines: int | None) -> bool:
        known = {line for line in lines if line is not None}
        return bool(known & error_lines) if known else told_elsewhere

    who = expected.character
    differences, silent = [], []

    def differ(what: str, told: bool) -> None:
        differences.append(what)
        if not told:
            silent.append(what)

    if canon(expected.character) != canon(reading.character):
        differ(f"character: expected {expected.character!r}, read {reading.character!r}", bool(reading.errors))
    for week in sorted(set(expected.weeks) | set(reading.weeks)):
        want, got = expected.weeks.get(week), reading.weeks.get(week)
        if canon(want, who) == canon(got, who):
            continue
        told = told_at(reading.week_lines.get(week), where.weeks.get(week) if want is not None else None)
        differ(f"week {week}: expected {want or 'a query (no order)'!r}, read {got or 'no order'!r}", told)
    for kind, want, got, at in (("for the month", expected.monthly, reading.monthly, where.monthly),
                                ("standing", expected.standing, reading.standing, where.standing)):
        wanted, read_ = Counter(canon(x, who) for x in want), Counter(canon(x, who) for x in got)
        line_of = {}
        for x, line in zip(want, at):
            line_of.setdefault(canon(x, who), line)
        missing, extra = sorted((wanted - read_).elements()), sorted((read_ - wanted).elements())
        told_extra = bool(order_lines & error_lines) if order_lines else told_elsewhere
        # one order read otherwise is one misreading, not a missing one and an extra one
        for x, y in zip(missing, extra):
            differ(f"{kind}: expected {x!r}, read {y!r}", told_at(line_of.get(x)) or told_extra)
        for x in missing[len(extra):]:
            differ(f"{kind}: expected {x!r}, not read", told_at(line_of.get(x)))
        for y in extra[len(missing):]:
            differ(f"{kind}: read {y!r}, not expected", told_extra)
    if expected.letters != reading.letters:
        lines = order_lines if expected.letters < reading.letters else set(where.letters) - {None}
        differ(f"letters: expected {expected.letters}, read {reading.letters}",
               bool(lines & error_lines) if lines else told_elsewhere)
    understood = errors_ok and not differences
    return SheetScore(name, expected, reading, understood, flagged, differences + notes, silent)


@dataclass
class Score:
    sheets: list[SheetScore]

    @property
    def understood(self) -> int:
        return sum(s.understood for s in self.sheets)

    @property
    def expected_errors(self) -> int:
        return sum(len(s.expected.errors) for s in self.sheets)

    @property
    def flagged(self) -> int:
        return sum(s.flagged for s in self.sheets)

    @property
    def bad_sheets(self) -> int:
        return sum(s.bad for s in self.sheets)

    @property
    def bad_sheets_flagged(self) -> int:
        """Bad sheets whose every expected error engarde reports at the right line."""
        return sum(s.bad and s.flagged == len(s.expected.errors) for s in self.sheets)

    @property
    def silent(self) -> int:
        return sum(len(s.silent) for s in self.sheets)

    @property
    def crashed(self) -> list[SheetScore]:
        return [s for s in self.sheets if s.reading.crash is not None]

    def summary(self) -> str:
        n = len(self.sheets)
        mail = sum(s.name.endswith(".eml") for s in self.sheets)

        def share(a: int, b: int) -> str:
            return f"{a}/{b} ({100 * a / b:.0f}%)" if b else f"{a}/0"

        lines = [
            f"corpus: {n} sheets ({mail} mail, {n - mail} text), {self.bad_sheets} of them bad (a GM queries them)",
            f"understood:         {share(self.understood, n)}",
            f"flagged:            {share(self.flagged, self.expected_errors)} expected errors at the right FILE:LINE"
            f" ({share(self.bad_sheets_flagged, self.bad_sheets)} bad sheets with every error flagged)",
            f"silent misreadings: {self.silent}",
        ]
        if self.crashed:
            lines.append(f"CRASHED:            {len(self.crashed)} sheets ({', '.join(s.name for s in self.crashed)})")
        return "\n".join(lines)

    def detail(self) -> str:
        """Each sheet not understood: what was expected and what was read."""
        out = []
        for s in self.sheets:
            if s.understood:
                continue
            out.append(f"{s.name}: {s.expected.why}")
            out += [f"  {'SILENT ' if d in s.silent else ''}{d}" for d in s.differences]
            for e in s.reading.errors:
                out.append(f"  engarde: line {e.line} [{e.code}] {e.message}")
        return "\n".join(out)


def score(corpus: Path = CORPUS) -> Score:
    """Set up the corpus campaign in a temporary folder and score every sheet of ``corpus``."""
    canon = Canon(roster(corpus))
    runner = CliRunner()
    results = []
    with tempfile.TemporaryDirectory(prefix="engarde-corpus-") as tmp:
        config = set_up(Path(tmp), corpus)
        for sheet in sheets(corpus):
            expected = Expected.load(expectation_of(sheet))
            reading = read(config, sheet, runner)
            results.append(score_sheet(sheet.name, str(sheet), expected, reading, canon))
    return Score(results)


def recorded() -> dict[str, int]:
    """The figures tests/test_corpus.py holds engarde to (tests/corpus/score.json)."""
    return json.loads(SCORE_FILE.read_text(encoding="utf-8"))


def record(result: Score) -> None:
    SCORE_FILE.write_text(json.dumps({"understood": result.understood, "silent_misreadings": result.silent},
                                     indent=2) + "\n", encoding="utf-8")
