"""Social conflict: a duel of persuasion played with cards (social-conflict-cards.txt), as an
optional house rule (``house_rules = ["social_conflict"]``); secrets are the shared module's.

How it is played by mail:

* Each man has four areas (hearts, diamonds, clubs, spades: sexuality, money, power, force),
  each with a base value, an efficiency and a reward, kept as ledger counters; they are set
  the first month he is in the campaign with the module (``areas.py`` says how, and the
  setting ``conflict_areas`` chooses from his sheet or rolled).
* The attack is the attacker's week: "Win over Athos with hearts for money: a loan of 200
  crowns" (``grammar.py``).  It is carried out after the week's other actions, where the target
  spent the week and the attacker may follow him (``rules.meeting_place``); the distance table
  is checked then, with his values of that week, and a refusal says why in his report.
* Both sides play from their standing "Conflict tactics:" block (when to compare, retreat,
  escape, which card to lay face down, whether to play face cards and aces), with the
  campaign's defaults for what a man did not write (``tables.py``).  The deck is shuffled with
  the turn's dice; the play is a pure function (``engine.py``).
* A win raises the attacker's values as the text says, through the ledger; the man won over
  does what was asked where the rules can make him (a loan between gentlemen, as the loans rules
  keep one; a promise to withdraw from courting a mistress, kept by the weeks that follow), and
  anything else waits for the GM (``engarde conflict list``, ``settle``).
* Jacks, Queens and Kings tell a secret of their player in the suit's area, a lost comparison
  one of the attacker's in the attacking area, an escape one of the defender's in his trump's:
  each a new secret about him, its card held by his opponent (engarde.house.secrets).  An ace
  shows the attacker's intent (what he wants) or the defender's face-down card.
* The card play is private to the two (each report shows what its man saw); a conflict that
  ends in a comparison is told in the gazette (setting ``conflict_public``).

Choices where the text is silent (docs/rules-coverage.md lists them with their tests):
the deal (the attacker's four cards first, then the defender's); the face-down card tells no
secret and is worth its face value (10 for a face card or an ace) or the floor; a tie at the
comparison is a failure ("If the defense rating isn't exceeded"); the defender sees the attack
rating (the declaration is open), the attacker the defence only when the card is turned; an
attack on the same area needs ``same_area_distance`` (0); the attacker compares at the latest
after ``most_cards`` cards; a win's gains are for good; the values of exposed secrets and what
they say are tables (``secret_values``, ``secret_texts``).
"""

from __future__ import annotations

from engarde.modules import MONTH_END, MONTH_START, WEEK, Action, Commands, RuleModule, Section, Step, events_of, listing

from . import codes, rules
from .grammar import ATTACK, TacticsLines
from .orders import Attack, ConflictStanding
from .state import SocialConflictState, undo
from .tables import SocialConflictTables


def _waits(turn, ch, order) -> bool:
    """The attack comes after the week's other actions: the target must have gone where he went."""
    return True


MODULE = RuleModule(
    name="social_conflict",
    title="Social conflict (cards)",
    house=True,
    requires=("secrets",),
    orders=(Attack,),
    parts=(ConflictStanding,),
    verbs=(ATTACK,),
    lines=(TacticsLines,),
    actions={Attack: Action(rules.attack, waits=_waits)},
    steps=(
        Step("areas", MONTH_START, rules.areas_step, after="regiments.plan_duty"),
        Step("keep_promises", WEEK, rules.keep_promises, before="mistresses.after_week"),
        Step("drop_promises", MONTH_END, rules.drop_promises, after="mistresses.month_end"),
    ),
    tables=SocialConflictTables,
    state=SocialConflictState,
    undo=undo,
    codes=codes,
    events=events_of(codes, {"conflicts": (codes.EV_CONFLICT_NEWS,)}),
    sections=(
        Section("conflicts", "social_conflict/section.html.j2", listing("conflicts", "conflicts"), after="society"),
        Section("conflict_areas", "social_conflict/areas.html.j2", report=True),
    ),
    templates=__name__,
    commands=Commands(f"{__name__}.commands:COMMANDS", ("conflict",)),
)
