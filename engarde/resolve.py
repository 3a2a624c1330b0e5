"""Resolve one game month: the runner of the month's schedule.

``resolve_month`` takes the characters as they stood before the month, the
month's order sheets (keyed by character name), the dice and the campaign's
rule settings, and returns a ``MonthResult``: the characters after the month,
every ledger entry (with its reason and rule), every event, the errors found,
and every die rolled with its reason.  The input characters are not touched: it
works on deep copies, so the caller keeps the "before" snapshot and
``records.replay`` of each one with its ledger entries gives the "after".

What happens, and in which order, is the campaign's registry's schedule
(``engarde.rules.MONTH`` for the core, with the house rules' steps placed in
it): the steps of the month's start, then the weekly steps for weeks 1 to 4,
then those of the month's end.  A step runs once (for the whole month, or each
week), or for each character it names: the living (in name order, as the phase
began) or those of them who keep accounts this month ("While on campaign,
characters continue to receive pay and allowances, but do not have to pay out
any money or keep track of Status Points").  Steps of one group run character by
character, as each man's orders for the month do; other steps run for everyone
before the next step begins, as the book's order of payments says.  The dead
are left out of every step of later months.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .calendar import WEEKS_PER_MONTH, GameMonth
from .codes import E_UNKNOWN_CHARACTER, E_WRONG_MONTH
from .dice import Dice, Roll
from .modules import HOME, MONTH_END, MONTH_START, WEEK
from .orders import OrderSheet, Parts
from .records import Character, ErrorRecord, Event, LedgerEntry
from .registry import Registry, ScheduledStep, core_registry
from .turn import Turn
from .world import World


@dataclass
class MonthResult:
    month: GameMonth
    characters: list[Character]  # after the month, in the order they were given
    ledger: list[LedgerEntry]
    events: list[Event]
    errors: list[ErrorRecord]
    rolls: list[Roll]  # dice.log of this month: every die rolled, with its reason
    world: World = field(default_factory=World)  # mistresses, loans, ... after the month
    # each character's standing orders after the month: those on file, with what this
    # month's sheet gave replacing them (what the campaign keeps on file for next month)
    standing: dict[str, Parts] = field(default_factory=dict)


def resolve_month(
    month: GameMonth,
    characters: list[Character],
    sheets: dict[str, OrderSheet],
    dice: Dice,
    world: World | None = None,
    standing: dict[str, Parts] | None = None,
    inputs: dict[str, Any] | None = None,
    registry: Registry | None = None,
) -> MonthResult:
    """Resolve ``month`` for ``characters`` from their ``sheets`` (keyed by name).

    ``world`` (mistresses, loans, ...) is copied, never changed; ``standing``
    holds each character's standing orders on file, as stored before the month: each
    sheet's own standing orders ("If challenged", a duel sequence) are merged into them
    here, so a caller that passes only the sheets loses none of them (the merged orders
    are ``MonthResult.standing``, for the caller to keep on file).  ``inputs``: what each module reads of the month
    besides the sheets, by module name (``RuleModule.inputs``; the duel's are the GM's
    rulings on cause, by the pair's names).  ``registry``:
    the campaign's modules and tables (default: the core rules, the book's tables).
    """
    registry = registry or core_registry()
    working = [ch.copy() for ch in characters]
    by_name: dict[str, Character] = {}
    for ch in working:
        if ch.name in by_name:
            raise ValueError(f"two characters are named {ch.name!r}")
        by_name[ch.name] = ch
    turn = Turn(month, by_name, dice, registry.tables, world=(world or World()).copy(),
                inputs=dict(inputs or {}), registry=registry)
    first_roll = len(dice.log)
    turn.sheets = _usable(turn, sheets)
    turn.standing = _standing(turn, standing or {})

    turn.living = sorted(n for n in by_name if not by_name[n].dead)  # the dead do nothing
    _run(turn, registry.phase(MONTH_START))
    for week in range(1, WEEKS_PER_MONTH + 1):
        _run(turn, registry.phase(WEEK), week)
    turn.living = [name for name in turn.living if not by_name[name].dead]  # killed this month
    turn.home = [name for name in turn.living if turn.keeps_accounts(name)]
    _run(turn, registry.phase(MONTH_END))

    return MonthResult(month, working, turn.ledger, turn.events, turn.errors, list(dice.log[first_roll:]), turn.world,
                       dict(turn.standing))


def _standing(turn: Turn, on_file: dict[str, Parts]) -> dict[str, Parts]:
    """Each character's standing orders for the month: those on file, with those his sheet
    for this month gives replacing them."""
    standing = {}
    for name in sorted(turn.characters):
        kept = on_file.get(name, Parts())
        standing[name] = kept.merged(turn.sheets[name].standing) if name in turn.sheets else kept
    return standing


def _usable(turn: Turn, sheets: dict[str, OrderSheet]) -> dict[str, OrderSheet]:
    """The sheets that count: a character's own, for this month."""
    usable: dict[str, OrderSheet] = {}
    for key in sorted(sheets):
        sheet = sheets[key]
        if key not in turn.characters:
            turn.errors.append(ErrorRecord(
                sheet.source, 0, E_UNKNOWN_CHARACTER,
                f"orders for {key!r}, who is not a character of this campaign",
                "check the character's name on the order sheet",
            ))
        elif sheet.month is not None and sheet.month != turn.month:
            turn.errors.append(ErrorRecord(
                sheet.source, 0, E_WRONG_MONTH,
                f"these orders are for {sheet.month}, not {turn.month}; {key} rests this month",
                f"send orders for {turn.month}",
            ))
        else:
            usable[key] = sheet
    return usable


def _run(turn: Turn, steps: list[ScheduledStep], week: int | None = None) -> None:
    """Run one phase's steps in order; a group's steps character by character."""
    i = 0
    while i < len(steps):
        step = steps[i].step
        if step.group is not None:
            group = [step]
            while i + len(group) < len(steps) and steps[i + len(group)].step.group == step.group:
                group.append(steps[i + len(group)].step)
            for name in _who(turn, step.each):
                for member in group:
                    member.run(turn, turn.characters[name])
            i += len(group)
            continue
        if step.each is not None:
            for name in _who(turn, step.each):
                step.run(turn, turn.characters[name])
        elif week is not None:
            step.run(turn, week)
        else:
            step.run(turn)
        i += 1


def _who(turn: Turn, each: str | None) -> list[str]:
    return list(turn.home if each == HOME else turn.living)
