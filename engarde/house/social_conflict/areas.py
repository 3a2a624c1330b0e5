"""Each man's four areas, as ledger counters: a base value, an efficiency and a reward in each.

The text names them as the cards' suits go: hearts (sexuality) beauty, charm and joy; diamonds
(money) wealth and luck; spades (force) physique and wildness; power is the base of clubs.  The
ones it leaves unnamed are named here: diamonds' reward comfort, clubs' efficiency sway and
reward glory, spades' reward vigour.  They are the ledger's named counters
(``conflict.hearts.base``, ``conflict.hearts.efficiency``, ``conflict.hearts.reward``), so
``engarde audit`` recomputes them.

The first month a man is in a campaign with the module (a month-start step), his base values
and efficiencies are set: by the setting ``conflict_areas``, from his En Garde! sheet where it
says something ("sheet") or all rolled on a d10 ("rolled").  From the sheet: wealth is 1 + his
crowns / ``crowns_per_wealth``, power and sway his Social Level halved, physique his Strength and
wildness his Expertise halved (rounded up); beauty, charm and luck are not on an En Garde! sheet
and are rolled on a d10.  Each is at least 1 and at most ``highest_start``.  Rewards start at 0.
"""

from __future__ import annotations

from engarde.calendar import MONTH_START
from engarde.records import Character
from engarde.turn import Turn

from .cards import SUITS

RULE = "Social conflict (house rule)"
BASE, EFFICIENCY, REWARD = "base", "efficiency", "reward"
KINDS = (BASE, EFFICIENCY, REWARD)
NAMES = {
    "hearts": ("beauty", "charm", "joy"),
    "diamonds": ("wealth", "luck", "comfort"),
    "clubs": ("power", "sway", "glory"),
    "spades": ("physique", "wildness", "vigour"),
}
# The words an order may name an area by.
AREA_WORDS = {
    "hearts": "hearts", "heart": "hearts", "sexuality": "hearts", "charm": "hearts", "beauty": "hearts",
    "love": "hearts", "diamonds": "diamonds", "diamond": "diamonds", "money": "diamonds", "wealth": "diamonds",
    "gold": "diamonds", "clubs": "clubs", "club": "clubs", "power": "clubs", "rank": "clubs", "spades": "spades",
    "spade": "spades", "force": "spades", "strength": "spades", "physique": "spades",
}
MEANING = {"hearts": "sexuality", "diamonds": "money", "clubs": "power", "spades": "force"}


def counter(area: str, kind: str) -> str:
    """The ledger's name for one of his values: ``conflict.hearts.base``."""
    return f"conflict.{area}.{kind}"


def get(ch: Character, area: str, kind: str) -> int:
    return ch.get(counter(area, kind))


def name_of(area: str, kind: str) -> str:
    """What the text calls it: beauty, charm, joy ..."""
    return NAMES[area][KINDS.index(kind)]


def has_areas(ch: Character) -> bool:
    """Set already (a base value is never below 1, so a set one is on his sheet)."""
    return get(ch, "hearts", BASE) > 0


def starting(turn: Turn, ch: Character) -> dict[tuple[str, str], int]:
    """His starting base values and efficiencies (the module's docstring says how)."""
    tables = turn.tables.social_conflict
    top = tables.highest_start

    def d10(what: str) -> int:
        return turn.dice.roll(1, f"social conflict: {ch.name}'s {what}", sides=10)

    def clamp(n: int) -> int:
        return max(1, min(top, n))

    if tables.conflict_areas == "rolled":
        return {(area, kind): clamp(d10(name_of(area, kind))) for area in SUITS for kind in (BASE, EFFICIENCY)}
    power = clamp((ch.social_level + 1) // 2)
    return {
        ("hearts", BASE): clamp(d10("beauty")), ("hearts", EFFICIENCY): clamp(d10("charm")),
        ("diamonds", BASE): clamp(1 + max(ch.crowns, 0) // tables.crowns_per_wealth),
        ("diamonds", EFFICIENCY): clamp(d10("luck")),
        ("clubs", BASE): power, ("clubs", EFFICIENCY): power,
        ("spades", BASE): clamp((ch.strength + 1) // 2), ("spades", EFFICIENCY): clamp((ch.expertise + 1) // 2),
    }


def set_areas(turn: Turn, ch: Character) -> None:
    """Month start: a man who has no areas yet is given them, through the ledger."""
    if ch.dead or has_areas(ch):
        return
    how = "from his sheet" if turn.tables.social_conflict.conflict_areas == "sheet" else "rolled"
    for (area, kind), n in starting(turn, ch).items():
        turn.post(ch, counter(area, kind), n, MONTH_START, f"his {name_of(area, kind)} ({how})", RULE)
