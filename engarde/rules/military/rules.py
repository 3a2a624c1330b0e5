"""h. Campaign and Volunteers, i. Campaign Outcome: the army in the field.

Pure functions first (each takes the campaign's ``MilitaryTables`` first, never
the book's from an import; dice come in and every roll is logged with its reason):

- ``force_commitment``, ``force_deployment``, ``force_organisation``: the
  summer's three tables, by one die, one die and the two digits;
- ``command_chain`` / ``resolve_chain``: the battle results from the top
  command down (MAs, adjutants two or more better adding one, the RNHB's
  division +1, results of 1-2 / 5-6 moving every subordinate's MA by one,
  cumulative, kept within 1..10);
- ``outcome_modifiers``, ``outcome_needed``, ``roll_personal_outcome``: the
  Personal Outcome Table with its modifiers, poltroonery and reckless bravery,
  death, mention in despatches, promotion and plunder;
- ``promote`` and ``review_brevet``: promotion into vacancies (else a
  mention), brevet ranks of both kinds with their one-year clocks.

Then the month's steps that ``engarde.resolve`` calls (``season_start``,
``volunteer``, ``petition``, ``month_end``, ...), which change characters only
through ``Turn.post`` / ``Turn.assign`` and report every happening as an event
with a code from ``engarde.codes``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from ...calendar import MONTH_END, MONTH_START, GameMonth
from ...dice import Dice
from ...records import DEAD, Character
from ...text import in_words, normalise_name
from ...turn import Turn
from .. import decisions
from ..influence import rules as influence
from ..regiments import brevet, dismissal
from ..regiments import rules as regiments
from ..regiments.brevet import C_BREVET_MONTHS, C_BREVET_RANK, C_BREVET_SL
from ..regiments.state import Officer
from ..regiments.tables import (
    FRONTIER,
    GENERAL_RANKS,
    REGIMENT_ESTABLISHMENT,
    RNHB,
    RegimentsTables,
)
from ..titles import rules as titles
from .codes import (
    EV_BATTLE_RESULT,
    EV_BREVET_CONFIRMED,
    EV_BREVET_EXTENDED,
    EV_BREVET_REVERTED,
    EV_CAMPAIGN_DETERMINED,
    EV_DESPATCH_STATUS,
    EV_DESPATCHES,
    EV_KILLED_IN_ACTION,
    EV_MA_RAISED,
    EV_MARCHED,
    EV_NPC_MA_RAISED,
    EV_NPC_OFFICER_KILLED,
    EV_NPC_OFFICER_PROMOTED,
    EV_NPC_SUBALTERN_PROMOTED,
    EV_ON_CAMPAIGN,
    EV_PERSONAL_OUTCOME,
    EV_PLUNDER,
    EV_POLTROON_PENALTY,
    EV_POLTROONERY,
    EV_PROMOTED_IN_FIELD,
    EV_RETURNED_FROM_CAMPAIGN,
    EV_SUBSTITUTION_AWAITS_FIELD_MARSHAL,
    EV_SUBSTITUTION_GRANTED,
    EV_SUBSTITUTION_PETITIONED,
    EV_SUBSTITUTION_REFUSED,
    EV_VOLUNTEER_REFUSED,
    EV_VOLUNTEERED,
)
from .orders import ORDINALS, CampaignStanding
from .state import Front
from .tables import Army, Division, MilitaryTables, TableModifier

RULE_CAMPAIGN = "h. Campaign"
RULE_DETERMINATION = "h. Campaign Determination"
RULE_SUBSTITUTION = "h. Substitutions"
RULE_VOLUNTEERS = "h. Volunteers"
RULE_RNHB = "h. The Royal North Highland Border Regiment"
RULE_OUTCOME = "i. Campaign Outcome"
RULE_PERSONAL = "i. Personal Outcome Table"
RULE_POLTROONERY = "i. Poltroonery"
RULE_BRAVERY = "i. Reckless Bravery"
RULE_DESPATCHES = "i. Mention in Despatches"
RULE_PROMOTION = "i. Promotion"
RULE_BREVET = "i. Brevet Rank"
RULE_NPC = "i. Non-Player Characters"



# == h. Campaign Determination ===================================================


def force_commitment(tables: MilitaryTables, dice: Dice) -> tuple[int, tuple[str, ...]]:
    """Force Commitment Table: one die; the brigades (and the Frontier
    Regiments and RNHB, who always go) sent on the summer campaign."""
    roll = dice.d6("Force Commitment Table")
    return roll, tables.force_commitment(roll)


def force_deployment(tables: MilitaryTables, dice: Dice,
                     reason: str = "Force Deployment Table") -> tuple[int, dict[str, str]]:
    """Force Deployment Table: one die; each unit's mission."""
    roll = dice.d6(reason)
    return roll, tables.force_deployment(roll)


def force_organisation(tables: MilitaryTables, commitment_roll: int,
                       deployment_roll: int) -> tuple[int, tuple[Army, ...]]:
    """Force Organisation Table: "Create a two digit number using the die roll
    for Force Commitment as the first digit and the die roll for Force
    Deployment as the second." """
    code = commitment_roll * 10 + deployment_roll
    return code, tables.force_organisation(code)


def units_of(armies: tuple[Army, ...]) -> list[str]:
    """Every brigade (and Frontier / RNHB unit) of an organisation, in order."""
    out: list[str] = []
    for army in armies:
        for unit in army.units:
            out.extend(unit.units if isinstance(unit, Division) else (unit,))
    return out


def place_of(armies: tuple[Army, ...], unit: str) -> tuple[str, str | None] | None:
    """(army, division or None) under which ``unit`` serves, or None."""
    for army in armies:
        for item in army.units:
            if isinstance(item, Division):
                if unit in item.units:
                    return army.name, item.name
            elif item == unit:
                return army.name, None
    return None


def division_has_rnhb(armies: tuple[Army, ...], army: str, division: str | None) -> bool:
    for a in armies:
        for item in a.units:
            if a.name == army and isinstance(item, Division) and item.name == division:
                return RNHB in item.units
    return False


def canonical_regiment(tables: MilitaryTables, name: str | None) -> str | None:
    """The campaign tables' name for a regiment ("RNHB", "the Gascon
    Regiment", "Frontier Regiments" ...), or None if unknown."""
    if not name:
        return None
    key = normalise_name(name)
    if key in ("rnhb", "rnhb regiment", normalise_name(RNHB), "royal north highland borderers"):
        return RNHB
    if key.startswith("frontier"):
        return FRONTIER
    return tables.regiment_named(key)


def brigade_of(regiments: RegimentsTables, tables: MilitaryTables, regiment: str | None) -> str | None:
    """The brigade of a regiment (Regimental Table C, the campaign's ``regiments``);
    the Frontier and RNHB are their own units."""
    reg = canonical_regiment(tables, regiment)
    if reg in (FRONTIER, RNHB):
        return reg
    return next((b.name for b in regiments.regimental_table_c if reg in b.regiments), None)


# == i. Campaign Outcome: battle results ===========================================


def roll_ma(dice: Dice, who: str, bonus: int = 0) -> int:
    """g. Military Ability: one die (the RNHB's commander adds three)."""
    return dice.d6(f"military ability of {who}") + bonus


@dataclass(frozen=True)
class Command:
    """One commander in a chain: his level (army, division, brigade, regiment,
    battalion), the command's name, his MA and his Adjutant's (or Brigade
    Major's), and whether his division holds the RNHB."""

    level: str
    name: str
    ma: int
    adjutant_ma: int | None = None
    rnhb: bool = False
    # a non-player commander: the roster's officer (his MA kept on the regiment's roster), or
    # the key of ``Front.ma`` where his MA was rolled for the campaign; neither: a player's
    officer: str | None = None
    ma_post: str | None = None


def effective_ma(tables: MilitaryTables, command: Command) -> int:
    """His MA with the adjutant's and the RNHB's +1, before any superior's result.

    "If an Adjutant's (or a Brigade Major's) Military Ability is two or more
    greater than that of the Commander ..., that Commander is treated as if
    his MA were one greater"; "the Division containing the RNHB rolls ...
    as if the Commander had a military ability one higher".
    """
    ma = command.ma
    if command.adjutant_ma is not None and command.adjutant_ma - command.ma >= tables.adjutant_margin:
        ma += tables.adjutant_bonus
    if command.rnhb:
        ma += tables.rnhb_division_bonus
    return ma


@dataclass(frozen=True)
class BattleResult:
    command: Command
    shift: int  # the sum of his superiors' +1 / -1
    modified_ma: int  # effective MA + shift, kept within 1..10
    roll: int
    result: int
    passes_on: int  # what this result does to every subordinate's MA: +1, 0 or -1


def resolve_chain(tables: MilitaryTables, dice: Dice, chain: list[Command],
                  known: dict[str, BattleResult] | None = None) -> list[BattleResult]:
    """The battle results of a chain of command, from the top down.

    ``known`` holds the results already rolled this campaign by command name:
    a command shared by several characters' chains rolls once.  New results
    are added to it.
    """
    known = {} if known is None else known
    out: list[BattleResult] = []
    shift = 0
    for command in chain:
        res = known.get(command.name)
        if res is None:
            modified = tables.clamp_ma(effective_ma(tables, command) + shift)
            roll = dice.d6(f"battle result: {command.name} (MA {modified})")
            result = tables.battle_result(modified, roll)
            res = BattleResult(command, shift, modified, roll, result, tables.battle_result_shift[result])
            known[command.name] = res
        out.append(res)
        shift += res.passes_on
    return out


# == i. Personal Outcome Table ======================================================


@dataclass(frozen=True)
class Modifier:
    """One line of the Personal Outcome Table Modifiers, with why it applies."""

    label: str
    death: int = 0
    mention: int = 0
    promotion: int = 0
    crowns: int = 0


def _mod(label: str, row: TableModifier) -> Modifier:
    return Modifier(label, row.death, row.mention, row.promotion, row.crowns)


def outcome_modifiers(
    tables: MilitaryTables,
    *,
    command: str | None = None,
    regiment: str | None = None,
    rank: str | None = None,
    own_result: int | None = None,
    superior_result: int | None = None,
    battalion: bool = False,
) -> list[Modifier]:
    """The Personal Outcome Table modifiers that apply to one character.

    ``command``: "army", "division" or "brigade" for a player serving with a
    higher command (who uses that command's modifiers instead of his
    regiment's); ``regiment`` otherwise.  Every player uses his rank's.
    ``own_result`` / ``superior_result``: a commander's battle result and his
    immediate superior's ("better": -1 mention and promotion, a
    Battalion/Squadron Commander +1 death too; "2 or more worse": +1 mention and
    promotion, a Battalion/Squadron Commander -1 death too).
    """
    mods: list[Modifier] = []
    if (row := tables.command_modifier(command)) is not None:
        mods.append(_mod(f"{command} commander", row))
    else:
        reg = canonical_regiment(tables, regiment)
        if reg is not None:
            mods.append(_mod(reg, tables.regiment_modifier(reg)))
    if (row := tables.rank_modifier(rank)) is not None:
        mods.append(_mod(rank, row))
    if own_result is not None and superior_result is not None:
        if own_result < superior_result:
            death = tables.better_battalion_death if battalion else 0
            b = tables.better_than_superior
            mods.append(Modifier("better than his immediate superior", b.death + death, b.mention, b.promotion,
                                 b.crowns))
        elif own_result - superior_result >= tables.worse_margin:
            death = tables.worse_battalion_death if battalion else 0
            w = tables.worse_than_superior
            mods.append(Modifier(f"{in_words(tables.worse_margin)} or more worse than his immediate superior",
                                 w.death + death, w.mention, w.promotion, w.crowns))
    return mods


def better_than_superior(own_result: int, superior_result: int) -> bool:
    """"his military ability is increased permanently by one" (a lower result is better)."""
    return own_result < superior_result


def npc_modifiers(tables: MilitaryTables, regiment: str | None) -> list[Modifier]:
    """i. Non-Player Characters: "do not give them the benefit of rank or
    Regiment" for death, but "In those Regiments where there is an
    unfavourable modification for death, give it"; "Do give them the benefit
    of their regimental modifiers when rolling for promotion"."""
    reg = canonical_regiment(tables, regiment)
    if reg is None:
        return []
    row = tables.regiment_modifier(reg)
    return [Modifier(reg, death=min(row.death, 0), promotion=row.promotion)]


@dataclass(frozen=True)
class Needed:
    """The two-dice rolls a character needs, after every modifier."""

    mission: str
    result: int
    death: int
    mention: int
    promotion: int
    crowns: int | None
    plunder_dice: int
    plunder_multiplier: int


def outcome_needed(tables: MilitaryTables, mission: str, result: int, modifiers: list[Modifier]) -> Needed:
    """The Personal Outcome Table line for (mission, result), moved by the
    modifiers: "Table Modifiers are the changes in the numbers on the Personal
    Outcome table"."""
    line = tables.outcome_line(mission, result)
    return Needed(
        mission,
        result,
        line.death + sum(m.death for m in modifiers),
        line.mention + sum(m.mention for m in modifiers),
        line.promotion + sum(m.promotion for m in modifiers),
        None if line.crowns is None else line.crowns + sum(m.crowns for m in modifiers),
        line.plunder_dice,
        line.plunder_multiplier,
    )


UNNOTICED, SEEN, DISMISSED = "unnoticed", "seen", "dismissed"


@dataclass
class PersonalOutcome:
    """What the dice gave one character on the Personal Outcome Table.

    ``campaign_modifier``: his standing order: < 0 poltroonery (added to the
    death roll needed), > 0 reckless bravery (taken from the death roll needed,
    and from every other roll needed if ``bravery_rewards``, his choice).
    """

    needed: Needed
    campaign_modifier: int = 0
    bravery_rewards: bool = True
    death_roll: int = 0
    died: bool = False
    poltroonery: str | None = None  # UNNOTICED, SEEN or DISMISSED
    poltroon_roll: int | None = None
    mention_roll: int | None = None
    mentioned: bool = False
    promotion_roll: int | None = None
    promoted: bool = False
    plunder_roll: int | None = None
    plunder: int = 0

    def need(self, what: str) -> int | None:
        """The number needed for ``what`` after poltroonery or bravery."""
        base = getattr(self.needed, what)
        if base is None:
            return None
        m = self.campaign_modifier
        if what == "death":
            return base - m  # poltroonery (m < 0) raises it, bravery (m > 0) lowers it
        if m > 0 and self.bravery_rewards:
            return base - m  # "he may use the same modifier for his rolls for mention ..."
        return base


def roll_personal_outcome(tables: MilitaryTables, dice: Dice, who: str, needed: Needed,
                          campaign_modifier: int = 0, bravery_rewards: bool = True) -> PersonalOutcome:
    """Roll two dice for death, then (if he lives) mention in despatches,
    promotion and crowns in plunder, in the order of the table's columns.

    Poltroonery (``campaign_modifier`` < 0): after he lives, one die: 1-2 his
    cowardice is not noticed ("he may roll normally for mention in despatches
    and promotion, but not plunder"); 3-5 he is seen; 6 he is dismissed.  Seen
    or dismissed, he rolls for nothing more.
    """
    out = PersonalOutcome(needed, campaign_modifier, bravery_rewards)
    out.death_roll = dice.roll(2, f"{who}: death (needs {out.need('death')}+)")
    if out.death_roll >= out.need("death"):
        out.died = True
        return out
    plunder_allowed = True
    if campaign_modifier < 0:
        out.poltroon_roll = dice.d6(f"{who}: is his poltroonery noticed?")
        if out.poltroon_roll < tables.poltroon_seen_on:
            out.poltroonery = UNNOTICED
            plunder_allowed = False
        else:
            out.poltroonery = DISMISSED if out.poltroon_roll >= tables.poltroon_dismissed_on else SEEN
            return out
    out.mention_roll = dice.roll(2, f"{who}: mention in despatches (needs {out.need('mention')}+)")
    out.mentioned = out.mention_roll >= out.need("mention")
    out.promotion_roll = dice.roll(2, f"{who}: promotion (needs {out.need('promotion')}+)")
    out.promoted = out.promotion_roll >= out.need("promotion")
    crowns = out.need("crowns")
    if plunder_allowed and crowns is not None:
        out.plunder_roll = dice.roll(2, f"{who}: crowns in plunder (needs {crowns}+)")
        if out.plunder_roll >= crowns:
            n, mult = needed.plunder_dice, needed.plunder_multiplier
            out.plunder = dice.roll(n, f"{who}: plunder ({n} x {mult} crowns)") * mult
    return out


def roll_despatch_points(dice: Dice, who: str) -> int:
    """"Each time a character is mentioned in despatches, he rolls one die. The
    result is the number of Status Points per month he receives for the next
    three months." """
    return dice.d6(f"{who}: status points a month for the mention in despatches")


# == i. Promotion and Brevet Rank ===================================================

PROMOTED = "promoted"
BREVET_SL = "brevet-social-level"
BREVET_GENERAL = "brevet-general"
BREVET_CONFIRMED = "brevet-confirmed"
MENTION_INSTEAD = "mention-instead"
NO_PROMOTION = "no-promotion"


@dataclass(frozen=True)
class Promotion:
    """What a promotion on campaign makes of him.

    ``rank``: his permanent rank after; ``brevet``: his brevet rank after (None:
    none); ``brevet_for_sl``: a brevet of the first kind (Social Level).
    """

    kind: str
    rank: str | None
    brevet: str | None = None
    brevet_for_sl: bool = False
    new_rank: str | None = None  # the rank he rose to (permanent or brevet)


def promote(
    tables: MilitaryTables,
    rank: str | None,
    brevet: str | None,
    brevet_for_sl: bool,
    social_level: int,
    min_social_level: Callable[[str], int | None],
    has_vacancy: Callable[[str], bool],
) -> Promotion:
    """A promotion won on campaign.

    - A brevet for Social Level: "Should such a player receive a promotion on
      campaign, he instead converts his present brevet rank to his permanent
      rank".
    - A brevet general officer: "his brevet rank becomes his new permanent rank
      and he assumes the brevet rank of the next higher general officer rank"
      (never a permanent Field Marshal).
    - Into general officer rank: brevet, keeping his permanent rank.
    - Otherwise only into an opening of the next rank ("If ... there is no
      vacancy in the Regiment for the new rank, he is instead mentioned in
      despatches"), and as brevet if his Social Level is below the rank's
      minimum.
    """
    if brevet is not None and brevet_for_sl:
        return Promotion(BREVET_CONFIRMED, brevet, None, False, brevet)
    if brevet is not None and brevet in GENERAL_RANKS:
        higher = tables.next_rank(brevet)
        if brevet == "Field Marshal" or higher is None:
            return Promotion(MENTION_INSTEAD, rank, brevet, False)
        return Promotion(BREVET_GENERAL, brevet, higher, False, higher)
    target = tables.next_rank(rank)
    if target is None:
        return Promotion(MENTION_INSTEAD, rank, brevet, brevet_for_sl)
    if target in GENERAL_RANKS:
        return Promotion(BREVET_GENERAL, rank, target, False, target)
    if not has_vacancy(target):
        return Promotion(MENTION_INSTEAD, rank, brevet, brevet_for_sl)
    minimum = min_social_level(target)
    if minimum is not None and social_level < minimum:
        return Promotion(BREVET_SL, rank, target, True, target)
    return Promotion(PROMOTED, target, None, False, target)


KEEP, CONFIRM, REVERT, EXTEND = "keep", "confirm", "revert", "extend"


def review_brevet(
    brevet: str,
    for_sl: bool,
    months_left: int,
    social_level: int,
    min_social_level: int | None,
    holds_appointment_for_rank: bool,
) -> str:
    """What becomes of a brevet rank at a month end (``months_left`` after this one).

    First kind: "Immediately upon [raising his Social Level to the required
    minimum], his brevet rank becomes his permanent rank. If, at the end of
    that year, he has not done so, he reverts to his former permanent rank."
    Second kind: "If, at the end of the year, the player receives an
    appointment that requires the rank for the next year, his brevet rank
    commission is extended for that additional year."
    """
    if for_sl:
        if min_social_level is not None and social_level >= min_social_level:
            return CONFIRM
        return REVERT if months_left <= 0 else KEEP
    if months_left > 0:
        return KEEP
    return EXTEND if holds_appointment_for_rank else REVERT


def rnhb_accepts(tables: MilitaryTables, rank: str | None, endurance: int, expertise: int,
                 military_ability: int, merit_promotions: int, despatches: int) -> str | None:
    """h. The RNHB's entry requirements: None if accepted, else why not.

    "Privates may campaign with the RNHB only if they have an Endurance of 110
    or more and an Expertise of 9.  Officers ... in addition, have received one
    merit promotion (non-purchased) or have been mentioned in despatches.
    Officers with a military ability of 1 are not accepted."
    """
    if endurance < tables.rnhb_min_endurance:
        return f"an Endurance of {tables.rnhb_min_endurance} is needed"
    if expertise < tables.rnhb_min_expertise:
        return f"an Expertise of {tables.rnhb_min_expertise} is needed"
    if rank not in (None, "Private"):
        if military_ability < tables.rnhb_min_officer_ma:
            refused = tables.rnhb_min_officer_ma - 1
            return (f"officers with a military ability of {refused} are not accepted" if refused <= tables.ma_min
                    else f"officers with a military ability of {refused} or less are not accepted")
        if merit_promotions < tables.rnhb_min_merit_promotions and despatches < tables.rnhb_min_despatches:
            return "an officer needs a merit promotion or a mention in despatches"
    return None


# == The month's steps (called by engarde.resolve) ==================================


STATE_ON_CAMPAIGN = "on campaign"
STATE_DEAD = DEAD
# Counters on a sheet (moved by the ledger like every other value)
C_DESPATCHES = "campaign.despatches"  # mentions in despatches, ever
C_MERIT = "campaign.merit_promotions"  # promotions won on campaign (not purchased)
C_POLTROON = "campaign.poltroon_penalty"  # status points lost each month until mentioned
C_DISMISSED = dismissal.C_DISMISSED  # 1: dismissed for cowardice, until mentioned on the Frontier

COMMANDING_RANKS = ("Major", "Lieutenant-Colonel")  # Battalion/Squadron Commanders


def season_bounds(month: GameMonth) -> tuple[GameMonth, GameMonth]:
    """The first and last month of ``month``'s campaign season."""
    first = month
    while first.previous().season == month.season:
        first = first.previous()
    return first, first.next().next()


def current_front(turn: Turn) -> Front | None:
    front = turn.world.front
    if front is not None and front.start <= turn.month.key <= front.end:
        return front
    return None


def on_campaign(turn: Turn, name: str) -> bool:
    """Is he on campaign now (enrolled in this season's campaign and alive)?"""
    front = current_front(turn)
    if front is None or name not in front.campaigners:
        return False
    ch = turn.characters.get(name)
    return ch is not None and ch.state != STATE_DEAD and not front.campaigners[name].get("returned")


def brevet_of(tables: MilitaryTables, ch: Character) -> str | None:
    """His brevet rank, or None (``engarde.rules.regiments.brevet``)."""
    return brevet.brevet_of(tables.promotion_ladder, ch)


def effective_rank_of(tables: MilitaryTables, ch: Character) -> str | None:
    """"Players holding a brevet rank receive all pay, status and privileges
    associated with that rank": his brevet rank if he has one, else his rank."""
    return brevet.effective_rank_of(tables.promotion_ladder, ch)


def _min_sl(tables: RegimentsTables, regiment: str | None) -> Callable[[str], int | None]:
    """The minimum Social Level of each rank in ``regiment`` (Regimental Table B)."""
    info = regiments.regiment_info(tables, regiment)

    def minimum(rank: str) -> int | None:
        if rank in tables.general_officers:
            return tables.general_officers[rank].min_social_level
        if info is None:
            return None
        terms = tables.rank_terms(info, rank)
        return terms.min_social_level if terms else None

    return minimum


def _ensure_front(turn: Turn) -> Front:
    front = current_front(turn)
    if front is None:
        start, end = season_bounds(turn.month)
        front = Front(start.key, end.key, regular=turn.month.is_campaign_season)
        always = turn.tables.military.always_on_campaign
        front.units = list(always)
        front.regiments = {u: u for u in always}
        turn.world.front = front
    return front


def _ensure_missions(turn: Turn, front: Front) -> None:
    """A non-regular season: "roll one die and consult the Force Deployment
    Chart. The mission shown for a Frontier Regiment is that assigned to all
    units on campaign." """
    if front.deployment_roll is None:
        roll, missions = force_deployment(turn.tables.military, turn.dice,
                                          "Force Deployment Table (the season's mission)")
        front.deployment_roll = roll
        front.missions = {u: missions[FRONTIER] for u in front.units}


def mission_of(front: Front, unit: str) -> str:
    return front.missions.get(unit) or front.missions[FRONTIER]


def begin_month(turn: Turn) -> None:
    """Month start: the season's campaign, and who marches with it.

    Each summer the Force Commitment, Deployment and Organisation are rolled
    (only once some character of the campaign serves in the army or has
    petitioned: a campaign without soldiers rolls no dice).  Every season the
    Frontier Regiments and the RNHB are on campaign; members of every unit on
    campaign march at the start of the month.
    """
    tables = turn.tables.military
    front = _ensure_front(turn)
    living = [turn.characters[n] for n in sorted(turn.characters) if turn.characters[n].state != STATE_DEAD]
    soldiers = [ch for ch in living if canonical_regiment(tables, ch.regiment)]
    if front.regular and front.commitment_roll is None and (soldiers or turn.world.petitions):
        _determine_summer(turn, front)
    for ch in soldiers:
        reg = canonical_regiment(tables, ch.regiment)
        # One home again within the season (released from the Frontier Regiment) marches again
        # once he is of a unit on campaign (disgraced again: "he must join a Frontier Regiment").
        home = ch.name not in front.campaigners or front.campaigners[ch.name].get("returned")
        if home and reg in front.regiments and not _barred(tables, ch):
            _enlist(turn, front, ch, reg, MONTH_START, volunteer=False)


def _barred(tables: MilitaryTables, ch: Character) -> bool:
    return bool(ch.counters.get(C_DISMISSED)) and canonical_regiment(tables, ch.regiment) != FRONTIER


def _determine_summer(turn: Turn, front: Front) -> None:
    tables = turn.tables.military
    c_roll, units = force_commitment(tables, turn.dice)
    d_roll, missions = force_deployment(tables, turn.dice)
    code, armies = force_organisation(tables, c_roll, d_roll)
    front.commitment_roll, front.deployment_roll, front.organisation = c_roll, d_roll, code
    front.units = list(units)
    front.missions = {u: missions[u] for u in units}
    front.regiments = {}
    for unit in units:
        if unit in tables.always_on_campaign:
            front.regiments[unit] = unit
        else:
            for brigade in turn.tables.regiments.regimental_table_c:
                if brigade.name == unit:
                    front.regiments.update({r: unit for r in brigade.regiments})
    _substitutions(turn, front)
    turn.event(EV_CAMPAIGN_DETERMINED, MONTH_START, (), public=True, commitment=c_roll, deployment=d_roll,
               organisation=code, units=list(units), missions=dict(front.missions),
               armies=[_describe_army(a) for a in armies])


def _describe_army(army: Army) -> str:
    parts = []
    for unit in army.units:
        if isinstance(unit, Division):
            parts.append(f"{unit.name} ({', '.join(unit.units)})")
        else:
            parts.append(unit)
    return f"{army.name}: " + "; ".join(parts)


def describe_organisation(tables: MilitaryTables, front: Front) -> list[str]:
    """The season's organisation, one army a line (for ``engarde front``); outside the summer's
    organisation each unit with its mission (``mission_of``: a regiment volunteered has the
    Frontier's), "?" before the season's mission is rolled."""
    if not front.organisation:
        return [f"{u}: {front.missions.get(u) or front.missions.get(FRONTIER, '?')}" for u in front.units]
    return [_describe_army(a) for a in tables.force_organisation(front.organisation)]


# -- h. Substitutions ------------------------------------------------------------------


def field_marshal(turn: Turn) -> str | None:
    """The player character serving as the Field Marshal, if any: one whose rank (a
    brevet one: "No player may ever attain the permanent rank of Field Marshal") is
    Field Marshal.  Two at once: the first by name (choice)."""
    for name in sorted(turn.characters):
        ch = turn.characters[name]
        if ch.state != STATE_DEAD and effective_rank_of(turn.tables.military, ch) == FIELD_MARSHAL:
            return name
    return None


FIELD_MARSHAL = "Field Marshal"


def petition(turn: Turn, ch: Character, order, week: int) -> None:
    """h. Substitutions: a petition waits for the next summer's campaign.

    Choice: petitions are heard when the summer's forces are determined (the
    first month of summer); one made during the summer waits for the next.

    "If there is no player character serving as the Field Marshal, a player may
    petition ... The Field Marshal will grant a player's petition on a roll of 7"; "If
    a player is Field Marshal, he may substitute one Regiment as he sees fit."  With a
    player Field Marshal no die is rolled: his own petition order is his
    substitution, and another's petition waits for his answer
    (``engarde.rules.decisions``; the GM records it with ``engarde petition decide``).
    """

    tables = turn.tables.military
    reg, replacing = canonical_regiment(tables, order.regiment), canonical_regiment(tables, order.replacing)
    if reg is None or replacing is None:
        turn.event(EV_SUBSTITUTION_REFUSED, week, ch.name, public=False,
                   regiment=order.regiment, replacing=order.replacing, reason="unknown regiment")
        return
    request = {"character": ch.name, "regiment": reg, "replacing": replacing, "influence": 0}
    marshal = field_marshal(turn)
    if marshal is not None and marshal != ch.name:
        request["field_marshal"] = marshal
        decisions.wait(
            turn, turn.world.petitions, request, week,
            code=EV_SUBSTITUTION_AWAITS_FIELD_MARSHAL, who=(ch.name, marshal),
            data={"regiment": reg, "replacing": replacing, "field_marshal": marshal, "petitioner": ch.name},
            message=(f"{ch.name} petitions for the {reg} to replace the {replacing}; {marshal}, a player, is the "
                     f"Field Marshal and substitutes one Regiment as he sees fit (no roll): the petition waits "
                     f"for his answer"),
            hint=f"record his answer: engarde petition decide \"{ch.name}\" --accept|--refuse")
        return
    if marshal == ch.name:
        # His own order is his decision: "he may substitute one Regiment as he sees fit".
        request.update(field_marshal=ch.name, decision=decisions.ACCEPT, own=True)
    turn.world.petitions = [p for p in turn.world.petitions if p["character"] != ch.name]
    turn.world.petitions.append(dict(request, month=turn.month.key, week=week))
    turn.event(EV_SUBSTITUTION_PETITIONED, week, ch.name, public=False, regiment=reg, replacing=replacing)


def _substitution_refused(turn: Turn, front: Front, name: str, reg: str, replacing: str) -> str | None:
    """Why the substitution cannot be made at all, or None."""
    info_a = regiments.regiment_info(turn.tables.regiments, reg)
    info_b = regiments.regiment_info(turn.tables.regiments, replacing)
    if reg in front.regiments:
        return f"the {reg} is already going"
    if replacing not in front.regiments or replacing in turn.tables.military.always_on_campaign:
        return f"the {replacing} is not going"
    if info_a is None or info_b is None or info_a.cavalry != info_b.cavalry:
        return "a substitute must be of the same type (infantry or cavalry)"
    return None


def _substitute(turn: Turn, front: Front, name: str, reg: str, replacing: str, **data) -> None:
    """"Units substituted, either by a player or non-player Field Marshal, serve in the
    Brigade of and perform the mission indicated on the Force Deployment Table for the
    Regiment they have replaced rather than their own." """
    front.regiments[reg] = front.regiments.pop(replacing)
    front.substitutions.append({"character": name, "regiment": reg, "replacing": replacing, **data})
    turn.event(EV_SUBSTITUTION_GRANTED, MONTH_START, name, public=True, regiment=reg, replacing=replacing,
               **data)


def _substitutions(turn: Turn, front: Front) -> None:
    """"The Field Marshal will grant a player's petition on a roll of 7 on one
    die. This roll may be altered by influence." Conflicts: the highest roll,
    then the highest Social Level; equal Social Levels: neither is granted (the
    GM is told; the rules' duel or withdrawal decides it next time).  A player
    Field Marshal decides instead (``_player_field_marshal``)."""
    petition_roll = turn.tables.military.substitution_petition_roll
    petitions, turn.world.petitions = list(turn.world.petitions), []
    marshal = field_marshal(turn)
    if marshal is not None:
        return _player_field_marshal(turn, front, marshal, petitions)
    rolled = []
    for p in sorted(petitions, key=lambda p: p["character"]):
        name, reg, replacing = p["character"], p["regiment"], p["replacing"]
        reason = _substitution_refused(turn, front, name, reg, replacing)
        if reason:
            turn.event(EV_SUBSTITUTION_REFUSED, MONTH_START, name, public=False, regiment=reg,
                       replacing=replacing, reason=reason)
            continue
        # "This roll may be altered by influence": the month's pledges for him (and
        # any influence recorded with the petition) move the Field Marshal's decision.

        recorded = int(p.get("influence", 0))
        decision = influence.decide(
            turn, name, f"the substitution of the {reg} for the {replacing}", "Field Marshal",
            petition_roll, MONTH_START, [("influence recorded with the petition", -recorded)] if recorded else [],
            words=("petition", "substitution", "field marshal", reg, replacing))
        if not decision.success:
            turn.event(EV_SUBSTITUTION_REFUSED, MONTH_START, name, public=False, regiment=reg, replacing=replacing,
                       reason=f"needs {decision.needed} on one die" + (f", rolled {decision.roll}" if decision.roll else ""),
                       **decision.to_data())
            continue
        # The "modified die roll" that ranks rival petitions: the die (6 when none was
        # needed) plus every favourable modification.
        total = (decision.roll if decision.roll is not None else 6) + petition_roll - decision.needed
        ch = turn.characters.get(name)
        rolled.append((total, ch.social_level if ch else 0, name, reg, replacing))
    taken: set[str] = set()
    rolled.sort(key=lambda r: (-r[0], -r[1], r[2]))
    for i, (total, sl, name, reg, replacing) in enumerate(rolled):
        rivals = [r for r in rolled if r[4] == replacing and r[2] != name]
        tie = any(r[0] == total and r[1] == sl for r in rivals)
        if replacing in taken or reg in taken or tie:
            turn.event(EV_SUBSTITUTION_REFUSED, MONTH_START, name, public=False, regiment=reg, replacing=replacing,
                       reason="a rival petition was preferred" if not tie else "an equal rival petition: withdraw or duel")
            continue
        taken.update({reg, replacing})
        _substitute(turn, front, name, reg, replacing, roll=total)


def _player_field_marshal(turn: Turn, front: Front, marshal: str, petitions: list[dict]) -> None:
    """"If a player is Field Marshal, he may substitute one Regiment as he sees fit."
    No die: his own petition (his order) is his choice, else the one petition he
    accepted (the GM recorded his answer with ``engarde petition decide``).  Choices:
    one substitution in all (his own order first, then the earliest petition he
    accepted); one he refused, or did not answer before the forces were determined, is
    not granted (he substituted nothing for it)."""

    def order(p: dict) -> tuple:
        return (not p.get("own"), p.get("month", ""), p.get("week", 0), p["character"])

    granted = None
    for p in sorted(petitions, key=order):
        name, reg, replacing = p["character"], p["regiment"], p["replacing"]
        answer = decisions.decision(p)
        reason = None
        if answer is None:
            reason = f"the Field Marshal, {marshal}, gave no answer before the forces were determined"
        elif answer == decisions.REFUSE:
            reason = f"the Field Marshal, {p.get('field_marshal') or marshal}, refused it"
        elif granted is not None:
            reason = (f"the Field Marshal substitutes one Regiment, and chose the {granted[0]} for the "
                      f"{granted[1]}")
        else:
            reason = _substitution_refused(turn, front, name, reg, replacing)
        if reason:
            turn.event(EV_SUBSTITUTION_REFUSED, MONTH_START, name, public=False, regiment=reg,
                       replacing=replacing, reason=reason, field_marshal=marshal)
            continue
        granted = (reg, replacing)
        _substitute(turn, front, name, reg, replacing, field_marshal=p.get("field_marshal") or marshal)


# -- going on campaign ------------------------------------------------------------------


def _enlist(turn: Turn, front: Front, ch: Character, regiment: str, week: int, volunteer: bool,
            **data) -> None:
    if regiment not in front.regiments:
        front.regiments[regiment] = regiment
        front.units.append(regiment)
    if not front.regular or front.deployment_roll is None:
        _ensure_missions(turn, front)
    unit = front.regiments[regiment]
    front.campaigners[ch.name] = {"regiment": regiment, "since": turn.month.key, "week": week,
                                  "volunteer": volunteer, "rank": ch.rank or "Private"}
    if ch.state is None:
        turn.assign(ch, "state", STATE_ON_CAMPAIGN, week, f"on campaign with the {regiment}",
                    RULE_VOLUNTEERS if volunteer else RULE_CAMPAIGN)
    code = EV_VOLUNTEERED if volunteer else EV_MARCHED
    turn.event(code, week, ch.name, public=True, regiment=regiment, unit=unit, mission=mission_of(front, unit),
               **data)


def away(turn: Turn, ch: Character, week: int) -> bool:
    """"While on campaign ...": he takes no weekly action (told once a month)."""
    if not on_campaign(turn, ch.name):
        return False
    facts = turn.fact(ch.name)
    if not facts.get("campaign_told"):
        facts["campaign_told"] = True
        front = current_front(turn)
        turn.event(EV_ON_CAMPAIGN, week, ch.name, public=False, regiment=front.campaigners[ch.name]["regiment"])
    return True


def volunteer(turn: Turn, ch: Character, order, week: int) -> None:
    """h. Volunteers.

    With a Frontier Regiment (or the RNHB, if he meets its requirements) in any
    season, keeping his rank ("or the rank of Private"); with his own unit in a
    non-regular season: his own command goes at his word, an NPC commander's on
    a 6; a Brigadier's "entire Brigade or any one Regiment thereof" (``Volunteer my
    brigade``: ``_volunteer_brigade``; ``Volunteer my regiment``: his own; ``Volunteer
    the Gascon Regiment``: that regiment of his brigade, ``_send_regiment``).  "the
    first week in May is the latest a player could volunteer for the Spring
    campaign".
    """
    tables = turn.tables.military
    front = _ensure_front(turn)

    def refuse(reason: str) -> None:
        turn.event(EV_VOLUNTEER_REFUSED, week, ch.name, public=False, reason=reason)

    if on_campaign(turn, ch.name):
        return refuse("he is already on campaign")
    if front.end == turn.month.key and week > tables.volunteer_last_week:
        return refuse("too late for this season: a volunteer must serve at least one month")
    if order.rnhb:
        why = rnhb_accepts(tables, ch.rank, ch.endurance, ch.expertise, ch.military_ability,
                           ch.counters.get(C_MERIT, 0), ch.counters.get(C_DESPATCHES, 0))
        if why:
            return refuse(f"the RNHB will not have him: {why}")
        return _enlist(turn, front, ch, RNHB, week, volunteer=True)
    if order.frontier:
        return _enlist(turn, front, ch, FRONTIER, week, volunteer=True)
    if front.regular:
        return refuse("in summer the regular army goes by the Force Commitment Table; volunteer for the Frontier")
    reg = canonical_regiment(tables, ch.regiment)
    if reg is None or _barred(tables, ch):
        return refuse("he has no regiment to go with; volunteer for the Frontier")
    commanded = commanded_brigade(turn, ch)
    named = canonical_regiment(tables, order.unit) if order.unit not in UNIT_WORDS else None
    if order.unit not in UNIT_WORDS and named != reg:
        # "Players who command Brigades may volunteer their entire Brigade or any one
        # Regiment thereof."
        if named is None:
            return refuse(f"no regiment called {order.unit!r} to volunteer")
        if commanded is None:
            return refuse(f"he commands no brigade: only the Brigadier of the {named}'s brigade may "
                          f"volunteer it")
        if named not in commanded.regiments:
            return refuse(f"the {named} is not of his brigade (the {commanded.name})")
        return _send_regiment(turn, front, ch, commanded, named, week)
    if named == reg:
        order = replace(order, unit="regiment")  # his own regiment, named
    if order.unit == "brigade":
        if commanded is None:
            return refuse("he commands no brigade (a Brigadier commands his own regiment's brigade)")
        return _volunteer_brigade(turn, front, ch, commanded, reg, week)
    if commanded is not None and order.unit == "regiment":
        # "or any one Regiment thereof": his own, at his word (the order names no other).
        return _enlist(turn, front, ch, reg, week, volunteer=True)
    own = own_command(turn, reg, ch)
    if own is not None and own[0] == "regiment" and order.unit in ("battalion", "squadron"):
        # "Players who command Regiments may volunteer their Regiment or any Squadron/
        # Battalion thereof ... Players who volunteer only a portion of their commands need
        # not accompany it on campaign."
        return _send_battalion(turn, front, ch, reg, order.battalion or 1, week)
    if own is not None and own[0] == "battalion" and order.battalion not in (None, own[1]):
        return refuse(f"he commands the {ORDINALS[own[1] - 1]} {order.unit} of the {reg}, not the "
                      f"{ORDINALS[order.battalion - 1]}")
    if own is not None and own[0] == "battalion" and order.unit in (None, "battalion", "squadron"):
        # "Players who command a Squadron or Battalion may volunteer their unit to go along with
        # them": his battalion goes, not its regiment ("all Battalions and Squadrons functioning as
        # part of a Frontier Regiment"), he at its head.
        return _send_battalion(turn, front, ch, reg, own[1] or order.battalion or 1, week, lead=True)
    if own is None:
        # "A non-player Commander of a Regiment or a Battalion/Squadron will volunteer
        # his unit on a die roll of 6 on one die. This roll may be modified by influence."

        roster = _roster(turn, reg)
        position = regiments.commander(roster)[1] if roster is not None else "Colonel"
        decision = influence.decide(turn, ch.name, f"volunteering the unit of {ch.name} ({reg})", position,
                                    tables.npc_volunteers_on, week, words=("volunteer", "campaign", reg))
        if not decision.success:
            return refuse(f"his commander declined (needs {decision.needed}"
                          + (f", rolled {decision.roll})" if decision.roll is not None else ")"))
    _enlist(turn, front, ch, reg, week, volunteer=True)


UNIT_WORDS = (None, "battalion", "squadron", "regiment", "brigade")  # Volunteer.unit that names no regiment


def own_command(turn: Turn, reg: str, ch: Character) -> tuple[str, int | None] | None:
    """The unit he commands, whose volunteering is his word: ("regiment", None) for its
    commander (the Colonel, or the officer acting), ("battalion", N) for the commander of its
    Nth Battalion/Squadron (a Captain acting, as in Sample Organisation II: "Since our
    character is the third of three surviving Captains, he commands the third Squadron. As
    such, he may volunteer it"); None if he commands neither (a Major detached as Brigade
    Major, a Captain of a company).  From the regiment's roster; without one (or off it), by
    his rank: a Colonel his regiment, a Major or Lieutenant-Colonel a battalion."""
    roster = _roster(turn, reg)
    if roster is not None and regiments.post_of(roster, ch.name) is not None:
        commands = regiments.unit_commands(turn.tables.regiments, roster)
        for n, command in enumerate(commands[:4]):
            if command.officer is not None and command.officer.name == ch.name:
                return ("regiment", None) if n == 0 else ("battalion", n)
        return None
    if ch.rank == "Colonel":
        return "regiment", None
    return ("battalion", None) if ch.rank in COMMANDING_RANKS else None


def _send_battalion(turn: Turn, front: Front, ch: Character, reg: str, n: int, week: int,
                   lead: bool = False) -> None:
    """A regiment's commander volunteers one Battalion/Squadron of it and stays at home
    ("need not accompany it").  In a non-regular season "all Battalions and Squadrons
    [function] as part of a Frontier Regiment": it goes with the season's mission, and its
    commander, if he is a player, goes at its head, serving with the Frontier Regiment (choice:
    as any Frontier volunteer, keeping his rank, home at the season's end).  A battalion under
    a non-player goes without a character: nothing of it is fought.  ``lead``: the volunteer is
    the battalion's own commander, who goes at its head (his regiment stays home)."""
    reg_info = regiments.regiment_info(turn.tables.regiments, reg)
    word = "Squadron" if reg_info is not None and reg_info.cavalry else "Battalion"
    label = f"{ORDINALS[n - 1]} {word} of the {reg}"
    if label in front.units:
        return turn.event(EV_VOLUNTEER_REFUSED, week, ch.name, public=False,
                          reason=f"the {label} is already on campaign")
    roster = _roster(turn, reg)
    command = regiments.unit_commands(turn.tables.regiments, roster)[n] if roster is not None else None
    leader = command.officer if command is not None else None
    _ensure_missions(turn, front)
    front.units.append(label)
    front.missions[label] = front.missions[FRONTIER]
    if lead:
        _enlist(turn, front, ch, FRONTIER, week, volunteer=True, battalion=label)
        front.campaigners[ch.name]["battalion"] = label
        return
    turn.event(EV_VOLUNTEERED, week, ch.name, public=True, regiment=reg, unit=label,
               mission=front.missions[label], battalion_sent=True)
    if leader is not None and leader.player and leader.name != ch.name and leader.name in turn.characters:
        led = turn.characters[leader.name]
        if led.state != STATE_DEAD and not on_campaign(turn, led.name):
            _enlist(turn, front, led, FRONTIER, week, volunteer=True, battalion=label, sent_by=ch.name)
            front.campaigners[led.name]["battalion"] = label


def _send_regiment(turn: Turn, front: Front, ch: Character, brigade, regiment: str, week: int) -> None:
    """A Brigadier volunteers "any one Regiment" of his brigade other than his own:
    it goes on campaign functioning independently with the season's mission ("all
    Regiments functioning independently"), its members march at the next month
    start, and he stays ("Players who volunteer only a portion of their commands
    need not accompany it on campaign"; choice: the order sends the regiment, not
    him; to go himself he volunteers his own regiment, his brigade or the Frontier)."""
    if front.regiments.get(regiment):
        return turn.event(EV_VOLUNTEER_REFUSED, week, ch.name, public=False,
                          reason=f"the {regiment} is already on campaign")
    front.regiments[regiment] = regiment
    front.units.append(regiment)
    _ensure_missions(turn, front)
    turn.event(EV_VOLUNTEERED, week, ch.name, public=True, regiment=regiment, unit=regiment,
               mission=mission_of(front, regiment), sent=True, brigade_commanded=brigade.name)


def commanded_brigade(turn: Turn, ch: Character):
    """The brigade (Regimental Table C) he commands as its Brigadier, or None: the
    brigade's record names him commander (``BrigadeRecord.commander``, set by the
    Brigadier appointment) and it is his regiment's brigade."""
    brigade = brigade_of(turn.tables.regiments, turn.tables.military, ch.regiment)
    record = turn.world.brigade(brigade) if brigade else None
    if record is None or record.commander != ch.name:
        return None
    return turn.tables.regiments.brigade(brigade)


def _volunteer_brigade(turn: Turn, front: Front, ch: Character, brigade, reg: str, week: int) -> None:
    """"Players who command Brigades may volunteer their entire Brigade or any one
    Regiment thereof"; in a non-regular season "No Army, Division or Brigade
    organisation is needed (unless a Brigadier volunteers his Brigade)": the brigade
    goes as one unit, with the season's (the Frontier's) mission, every regiment of
    it serving in it (a regiment of it already volunteered comes under it), and he
    commands it (``chain_for``: the brigade's result, then its regiments')."""
    _ensure_missions(turn, front)
    if brigade.name not in front.units:
        front.units.append(brigade.name)
    front.missions[brigade.name] = front.missions[FRONTIER]
    for r in brigade.regiments:
        if front.regiments.get(r) == r and r in front.units:
            front.units.remove(r)  # no longer independent: it serves in the brigade
        front.regiments[r] = brigade.name
    _enlist(turn, front, ch, reg, week, volunteer=True, brigade=brigade.name)


# -- i. the campaign fought ------------------------------------------------------------------


def _ma(turn: Turn, front: Front, post: str, bonus: int = 0) -> int:
    if post not in front.ma:
        front.ma[post] = roll_ma(turn.dice, post, bonus)
    return front.ma[post]


# Appointments (tables.APPOINTMENTS) that put a character at a higher command: "players
# serving with higher commands use the result and modifiers of that command (i.e. a
# Division Commander, his Aide and the Divisional Adjutant would all use the battle
# result of the Division and the table modifiers of a Division Commander)".
COMMANDER, ADJUTANT, AIDE = "commander", "adjutant", "aide"
HIGHER_POSTS: dict[str, dict[str, str]] = {
    "army": {"Army Commander": COMMANDER, "Army Adjutant": ADJUTANT},
    "division": {"Division Commander": COMMANDER, "Division Adjutant": ADJUTANT},
    "brigade": {"Brigadier (Brigade Commander)": COMMANDER, "Aide to a Brigadier-General": AIDE},
}
HIGHER_LEVELS = ("army", "division", "brigade")
STAFF = "staff:"  # role prefix of an adjutant or aide serving with a higher command


def _command_key(turn: Turn, front: Front, name: str, level: str) -> str | None:
    """The key of the ``level`` command a campaigner serves under (None: none).

    Choice: a player's higher command is the one his own regiment serves under this
    campaign (the appointment names no particular army, division or brigade)."""
    reg = front.campaigners[name]["regiment"]
    unit = front.regiments.get(reg, reg)
    if level == "brigade":
        return unit if unit != reg else None
    if not (front.regular and front.organisation):
        return None
    place = place_of(turn.tables.military.force_organisation(front.organisation), unit)
    if place is None:
        return None
    army, division = place
    if level == "army":
        return army
    return f"{army}, {division}" if division else None


def regiment_command(regiments: RegimentsTables, tables: MilitaryTables, front: Front | None, regiment: str | None,
                     level: str) -> str | None:
    """The army ("army") or division ("division") a regiment serves under in the
    season's Force Organisation (the brigade it serves in, Regimental Table C), as
    ``_command_key`` names it; None outside the regular army's summer or if it has
    no place there."""
    reg = canonical_regiment(tables, regiment)
    if front is None or not (front.regular and front.organisation) or reg is None:
        return None
    unit = front.regiments.get(reg) or brigade_of(regiments, tables, reg)
    place = place_of(tables.force_organisation(front.organisation), unit) if unit else None
    if place is None:
        return None
    army, division = place
    if level == "army":
        return army
    return f"{army}, {division}" if division else None


def player_commander(turn: Turn, ch: Character, level: str) -> str | None:
    """The player commanding the division (``level`` "division") or army ("army")
    ``ch`` serves in, who appoints its Adjutant (Appointments: the Division Adjutant
    is appointed by the Lieutenant-General, the Army Adjutant by the General), or
    None (the roll decides).  He holds the post of its commander
    (``HIGHER_POSTS``).  Choices: with a Force Organisation placing ``ch``'s
    regiment (the summer), only the player whose own regiment serves in the same
    command (as ``chain_for`` places him); without one (the other seasons, or a
    regiment not placed), the player holding the commander's post, the first by
    name if several do."""
    post = next(p for p, kind in HIGHER_POSTS[level].items() if kind == COMMANDER)
    holders = [c for c in sorted(turn.characters.values(), key=lambda c: c.name)
               if c.name != ch.name and c.appointment == post and c.state != STATE_DEAD]
    if not holders:
        return None
    tables, front = turn.tables.military, turn.world.front
    rtables = turn.tables.regiments
    mine = regiment_command(rtables, tables, front, ch.regiment, level)
    if mine is None:
        return holders[0].name
    return next((c.name for c in holders if regiment_command(rtables, tables, front, c.regiment, level) == mine),
                None)


def higher_post(turn: Turn, front: Front, name: str) -> tuple[str, str, str] | None:
    """(level, command key, commander / adjutant / aide) if his appointment places
    him at a higher command of this campaign; the Brigade Major (the yearly roll) is
    his brigade's adjutant, the Brigade commander the brigade's record's."""
    ch = turn.characters[name]
    for level in HIGHER_LEVELS:
        kind = HIGHER_POSTS[level].get(ch.appointment or "")
        if kind is None:
            continue
        key = _command_key(turn, front, name, level)
        if level == "brigade" and kind == COMMANDER:
            record = turn.world.brigade(key) if key else None
            if record is None or record.commander != name:
                return None
        return (level, key, kind) if key else None
    for record in turn.world.brigades:
        if record.brigade_major == name:
            key = _command_key(turn, front, name, "brigade")
            return ("brigade", key, ADJUTANT) if key == record.name else None
    return None


def _players_at(turn: Turn, front: Front) -> dict[tuple[str, str], dict[str, str]]:
    """Which characters on this campaign hold which higher command (first by name)."""
    found: dict[tuple[str, str], dict[str, str]] = {}
    for name in sorted(front.campaigners):
        if not on_campaign(turn, name):
            continue
        post = higher_post(turn, front, name)
        if post is not None:
            level, key, kind = post
            found.setdefault((level, key), {}).setdefault(kind, name)
    return found


def _higher_command(turn: Turn, front: Front, level: str, key: str, label: str, rnhb: bool = False,
                    players: dict[str, str] | None = None) -> Command:
    """A higher command's MA and its adjutant's (or Brigade Major's): a player's own
    MA where a character holds the post, else rolled once for the campaign."""
    players = players or {}
    chars = turn.characters
    post = None
    if COMMANDER in players:
        ma = chars[players[COMMANDER]].military_ability
    else:
        post = f"{key} commander"
        ma = _ma(turn, front, post)
    if ADJUTANT in players:
        adjutant = chars[players[ADJUTANT]].military_ability
    else:
        adjutant = _ma(turn, front, f"{key} {'brigade major' if level == 'brigade' else 'adjutant'}")
    return Command(level, label, ma, adjutant, rnhb, ma_post=post)


def _roster(turn: Turn, reg: str | None):
    return turn.world.regiment(reg) if reg else None


def _regiment_commander(turn: Turn, front: Front, reg: str) -> tuple[str | None, int]:
    """The regiment's commander (his name if known) and MA: the Colonel, or the
    senior officer present (acting), of the regiment's roster
    (engarde.rules.regiments); a regiment without a roster (the Frontier, the
    RNHB) has its commander's MA rolled for the campaign, the RNHB's "adding
    three to the die roll"."""

    roster = _roster(turn, reg)
    if roster is not None:
        regiments.ensure_commander_ma(turn, roster, MONTH_END)
        officer, _rank = regiments.commander(roster)
        if officer is not None:
            if officer.player and officer.name in turn.characters:
                return officer.name, turn.characters[officer.name].military_ability
            return officer.name, officer.ma or 1
    bonus = turn.tables.military.rnhb_commander_ma_bonus if reg == RNHB else 0
    return None, _ma(turn, front, f"{reg} commander", bonus)


def _commands_battalion(turn: Turn, reg: str, ch: Character) -> bool:
    """Does he command a Battalion/Squadron?  From the roster when there is one
    (the 1st-3rd Battalion commands, acting or not), else by rank (a Major or
    Lieutenant-Colonel); in the RNHB "Officers of the rank of Major and above
    may always command Battalions (even Colonels and general officers)"."""
    tables = turn.tables.military
    rank = effective_rank_of(tables, ch)
    front = current_front(turn)
    if front is not None and front.campaigners.get(ch.name, {}).get("battalion"):
        return True  # at the head of his battalion, volunteered by his Colonel (``_send_battalion``)
    if reg == RNHB:
        return rank in tables.rnhb_battalion_ranks()
    roster = _roster(turn, reg)
    if roster is not None and regiments.post_of(roster, ch.name) is not None:
        battalions = regiments.unit_commands(turn.tables.regiments, roster)[1:4]
        return any(c.officer is not None and c.officer.name == ch.name for c in battalions)
    return rank in COMMANDING_RANKS


def chain_for(turn: Turn, front: Front, ch: Character) -> tuple[list[Command], str]:
    """His chain of command from the top down, and his place in it
    ("regiment": he commands his regiment; "battalion"; "army", "division" or
    "brigade": he commands it by his appointment; "staff:LEVEL": its adjutant or
    aide; or "" serving in his regiment).  A character at a higher command ends
    the chain there."""
    reg = front.campaigners[ch.name]["regiment"]
    unit = front.regiments.get(reg, reg)
    players = _players_at(turn, front)
    mine = higher_post(turn, front, ch.name)
    chain: list[Command] = []

    def add(level: str, key: str, label: str, rnhb: bool = False) -> str | None:
        chain.append(_higher_command(turn, front, level, key, label, rnhb, players.get((level, key))))
        if mine is not None and mine[0] == level and mine[1] == key:
            return level if mine[2] == COMMANDER else STAFF + level
        return None

    if front.regular and front.organisation:
        armies = turn.tables.military.force_organisation(front.organisation)
        place = place_of(armies, unit)
        if place is not None:
            army, division = place
            role = add("army", army, army)
            if role:
                return chain, role
            if division is not None:
                role = add("division", f"{army}, {division}", division, division_has_rnhb(armies, army, division))
                if role:
                    return chain, role
    if unit != reg:
        role = add("brigade", unit, unit)
        if role:
            return chain, role
    commander, colonel_ma = _regiment_commander(turn, front, reg)
    npc = {"ma_post": f"{reg} commander"} if commander is None else (
        {} if commander in turn.characters else {"officer": commander})
    chain.append(Command("regiment", reg, colonel_ma, _ma(turn, front, f"{reg} adjutant"), **npc))
    if commander == ch.name:
        return chain, "regiment"
    if _commands_battalion(turn, reg, ch):
        chain.append(Command("battalion", f"{reg}: the battalion of {ch.name}", ch.military_ability))
        return chain, "battalion"
    return chain, ""


def month_end(turn: Turn, home: list[str]) -> None:
    """Month end: the campaign fought in its season's last month; then, for
    those at home (who keep a status account), the status of their mentions in
    despatches and the price of their poltroonery; every brevet's clock, but not
    in the month end that grants the brevet ("His brevet rank lasts for one year,
    until the end of the next summer campaign season": one from August's battle
    holds through the next August's)."""
    front = current_front(turn)
    if front is not None and front.end == turn.month.key and not front.fought:
        fight(turn, front)
    for name in home:
        ch = turn.characters[name]
        if ch.state == STATE_DEAD:
            continue
        despatch_status(turn, ch)
        penalty = ch.counters.get(C_POLTROON, 0)
        if penalty:
            turn.post(ch, "status_points", -penalty, MONTH_END, "seen to run: the price of his poltroonery",
                      RULE_POLTROONERY)
            turn.event(EV_POLTROON_PENALTY, MONTH_END, name, public=False, lost=penalty)
    for name in sorted(turn.characters):
        ch = turn.characters[name]
        if ch.state != STATE_DEAD and brevet_of(turn.tables.military, ch) and not turn.fact(name).get(
                FACT_BREVET_GRANTED):
            brevet_clock(turn, ch)


def fight(turn: Turn, front: Front) -> None:
    """The campaign's battle: every chain of command with a character in it,
    from the top down; the non-player officers' deaths in each regiment with a
    character in it; each character's personal outcome (in name order); then the
    openings of those regiments filled as the rules say (non-player promotions,
    "the one Subaltern's promotion", Captaincies beyond two by purchase); then
    all go home but the Frontier's and the RNHB's own.

    Choice: the non-player officers die before the characters roll, so that
    "Player characters have precedence over equally ranked non-player characters
    for promotion" into an opening the battle made."""
    tables = turn.tables.military
    front.fought = True
    known: dict[str, BattleResult] = {}
    missions: dict[str, str] = {}
    names = [n for n in sorted(front.campaigners) if on_campaign(turn, n)]
    chains: dict[str, tuple[list[BattleResult], str]] = {}
    for name in names:
        ch = turn.characters[name]
        chain, role = chain_for(turn, front, ch)
        results = resolve_chain(tables, turn.dice, chain, known)
        reg = front.campaigners[name]["regiment"]
        for res in results:
            # Choice: a higher command's result is read with the mission of the
            # first unit under it that a character serves in.
            missions.setdefault(res.command.name, mission_of(front, front.regiments.get(reg, reg)))
        chains[name] = (results, role)
    reg_results = {}
    for key, res in known.items():
        mission = missions[key]
        front.results.append({"command": res.command.name, "level": res.command.level, "ma": res.command.ma,
                              "modified_ma": res.modified_ma, "roll": res.roll, "result": res.result,
                              "mission": mission, "interpretation": tables.interpretation(mission, res.result)})
        if res.command.level == "regiment":
            reg_results[res.command.name] = res
        turn.event(EV_BATTLE_RESULT, MONTH_END, (), public=res.command.level != "battalion",
                   command=res.command.name, level=res.command.level, result=res.result, mission=mission,
                   interpretation=tables.interpretation(mission, res.result))
    _raise_npc_commanders(turn, front, [results for results, _role in chains.values()])
    for reg, res in sorted(reg_results.items()):
        _npc_deaths(turn, front, reg, res)
    for name in names:
        _personal(turn, front, turn.characters[name], *chains[name])
    for reg, res in sorted(reg_results.items()):
        _npc_officers(turn, front, reg, res)
    for name in names:
        ch = turn.characters[name]
        if ch.state == STATE_DEAD:
            continue
        c = front.campaigners[name]
        if c["regiment"] in tables.always_on_campaign and not c["volunteer"]:
            continue  # "always on campaign, year round"
        c["returned"] = True
        if ch.state == STATE_ON_CAMPAIGN:
            turn.assign(ch, "state", None, MONTH_END, "returned from campaign at the season's end", RULE_CAMPAIGN)
        turn.event(EV_RETURNED_FROM_CAMPAIGN, MONTH_END, name, public=True, regiment=c["regiment"])


COMMANDING_ROLES = ("army", "division", "brigade", "regiment", "battalion")


def _raise_npc_commanders(turn: Turn, front: Front, chains: list[list[BattleResult]]) -> None:
    """"If a Commander obtains a battle result that is better than his immediate
    superior's, his military ability is increased permanently by one": the non-player
    commanders too (the players' is ``_personal``'s).  A regiment's commander (its
    Colonel, or the officer acting) keeps his MA on the regiment's roster from campaign
    to campaign, and the raise with it.  Choice: the commanders of an army, a division
    or a brigade, and of the Frontier and the RNHB, are rolled for each campaign (no
    roster names them from one to the next): the raise is written on the campaign's
    record (``Front.ma``) and goes no further."""
    raised: set[str] = set()
    for results in chains:
        for superior, res in zip(results, results[1:]):
            command = res.command
            if command.name in raised or not better_than_superior(res.result, superior.result):
                continue
            raised.add(command.name)
            gain = turn.tables.military.better_ma_gain
            roster = _roster(turn, command.name) if command.officer else None
            i = regiments.post_of(roster, command.officer) if roster is not None else None
            if i is not None:
                officer = roster.officers[i]
                officer.ma = (officer.ma or command.ma) + gain
                ma = officer.ma
            elif command.ma_post in front.ma:
                front.ma[command.ma_post] += gain
                ma = front.ma[command.ma_post]
            else:
                continue  # a player's: ``_personal`` raises it through the ledger
            turn.event(EV_NPC_MA_RAISED, MONTH_END, (), public=False, command=command.name,
                       officer=command.officer, military_ability=ma, result=res.result,
                       superior_result=superior.result, kept=i is not None)


def _personal(turn: Turn, front: Front, ch: Character, results: list[BattleResult], role: str) -> None:
    tables = turn.tables.military
    reg = front.campaigners[ch.name]["regiment"]
    unit = front.regiments.get(reg, reg)
    mission = mission_of(front, unit)
    higher = role in HIGHER_LEVELS or role.startswith(STAFF)
    # "players serving with higher commands use the result and modifiers of that command"
    serving_res = results[-1] if higher else next(r for r in results if r.command.level == "regiment")
    own = superior = None
    if role in COMMANDING_ROLES:
        i = len(results) - 1
        own = results[i].result
        superior = results[i - 1].result if i > 0 else None
    rank = effective_rank_of(tables, ch)  # a man of no rank has no row of his own (nor has a Private)
    command = role.removeprefix(STAFF) if higher else None
    mods = outcome_modifiers(tables, command=command, regiment=reg, rank=rank, own_result=own,
                             superior_result=superior, battalion=role == "battalion")
    needed = outcome_needed(tables, mission, serving_res.result, mods)
    conduct = turn.standing_orders(ch.name).of(CampaignStanding)
    m = conduct.campaign_modifier or 0
    out = roll_personal_outcome(tables, turn.dice, ch.name, needed, m, conduct.rewards)
    w = MONTH_END
    turn.event(EV_PERSONAL_OUTCOME, w, ch.name, public=False, mission=mission, result=serving_res.result,
               own_result=own, death=out.need("death"), mention=out.need("mention"),
               promotion=out.need("promotion"), crowns=out.need("crowns"), campaign_modifier=m,
               death_roll=out.death_roll, mention_roll=out.mention_roll, promotion_roll=out.promotion_roll,
               plunder_roll=out.plunder_roll, modifiers=[x.label for x in mods])
    record = {"character": ch.name, "regiment": reg, "mission": mission, "result": serving_res.result,
              "own_result": own, "died": out.died, "mentioned": out.mentioned, "promoted": out.promoted,
              "plunder": out.plunder, "poltroonery": out.poltroonery, "role": role}
    front.outcomes.append(record)
    if own is not None and superior is not None and better_than_superior(own, superior):
        turn.post(ch, "military_ability", tables.better_ma_gain, w,
                  "a battle result better than his immediate superior's", RULE_OUTCOME)
        turn.event(EV_MA_RAISED, w, ch.name, public=False, military_ability=ch.military_ability)
    _title_qualifications(turn, ch, own, superior, role)
    if out.died:
        turn.assign(ch, "state", STATE_DEAD, w, f"killed on campaign with the {reg}", RULE_PERSONAL)
        turn.event(EV_KILLED_IN_ACTION, w, ch.name, public=True, regiment=reg, mission=mission)
        _vacate(turn, canonical_regiment(tables, ch.regiment), ch.name)
        return
    if out.poltroonery is not None:
        _poltroon(turn, ch, out, reg)
    if out.mentioned:
        mention(turn, ch, reg)
    if out.promoted:
        _promoted(turn, ch, reg, record)
    if out.plunder:
        turn.post(ch, "crowns", out.plunder, w, f"plunder: {out.plunder_roll} on two dice", RULE_PERSONAL)
        turn.event(EV_PLUNDER, w, ch.name, public=False, crowns=out.plunder)


def _title_qualifications(turn: Turn, ch: Character, own: int | None, superior: int | None, role: str) -> None:
    """Titles (en-garde-tables.md): "a character qualifies by ... a battle result of 1
    while commanding a unit, or a result 3 or more better than his immediate
    superior".  Choice: each is its own qualification (both in one battle: two);
    a commander's qualifications count even if he dies (the King considers only
    the living)."""

    tables = turn.tables.military
    if own is None or role not in COMMANDING_ROLES:
        return
    if own == tables.title_result:
        titles.qualify(turn, ch, MONTH_END, f"a battle result of {tables.title_result} commanding his {role}")
    if superior is not None and superior - own >= tables.title_margin:
        titles.qualify(turn, ch, MONTH_END, f"a battle result of {own}, {superior - own} better than his "
                                            f"immediate superior's {superior}")


def _poltroon(turn: Turn, ch: Character, out: PersonalOutcome, reg: str) -> None:
    tables = turn.tables.military
    w = MONTH_END
    took = -out.campaign_modifier
    turn.event(EV_POLTROONERY, w, ch.name, public=out.poltroonery != UNNOTICED, verdict=out.poltroonery,
               modifier=took, regiment=reg)
    if out.poltroonery == UNNOTICED:
        return
    # "he loses twice as many Status Points as the modification he took ... every
    # month thereafter until he has redeemed himself by being mentioned in despatches"
    turn.post(ch, C_POLTROON, tables.poltroon_sp_multiplier * took - ch.counters.get(C_POLTROON, 0), w,
              f"seen to run ({took} on the death roll)", RULE_POLTROONERY)
    if out.poltroonery == DISMISSED:
        home = canonical_regiment(tables, ch.regiment)
        turn.post(ch, C_DISMISSED, 1 - ch.counters.get(C_DISMISSED, 0), w, "dismissed for cowardice", RULE_POLTROONERY)
        if home is not None and home != FRONTIER:
            # "Under no circumstances will his old Regiment have him back": recorded for ever.
            old = regiments.regiment_info(turn.tables.regiments, ch.regiment)
            old_name = old.name if old is not None else home
            turn.post(ch, dismissal.dismissed_from(old_name), 1 - ch.get(dismissal.dismissed_from(old_name)), w,
                      f"dismissed from the {old_name} for cowardice: it will never have him back", RULE_POLTROONERY)
            regiments.leave(turn, ch, w, f"dismissed from the {home} for cowardice", RULE_POLTROONERY)


def mention(turn: Turn, ch: Character, reg: str, instead_of_promotion: bool = False) -> int:
    """A mention in despatches: one die of status points a month for three months,
    then one a month for life (cumulative); it redeems a poltroon."""
    months = turn.tables.military.despatch_months
    w = MONTH_END
    points = roll_despatch_points(turn.dice, ch.name)
    n = ch.counters.get(C_DESPATCHES, 0) + 1
    turn.post(ch, C_DESPATCHES, 1, w, f"mentioned in despatches ({reg})", RULE_DESPATCHES)
    turn.post(ch, f"despatch.{n}.points", points, w, f"mention {n}: {points} status points a month", RULE_DESPATCHES)
    turn.post(ch, f"despatch.{n}.months", months, w, f"mention {n}: for the next {in_words(months)} months",
              RULE_DESPATCHES)
    if ch.counters.get(C_POLTROON):
        turn.post(ch, C_POLTROON, -ch.counters[C_POLTROON], w, "redeemed by a mention in despatches",
                  RULE_POLTROONERY)
    if ch.counters.get(C_DISMISSED) and reg == FRONTIER:
        turn.post(ch, C_DISMISSED, -ch.counters[C_DISMISSED], w,
                  "redeemed by a mention in despatches in a Frontier Regiment", RULE_POLTROONERY)
    turn.event(EV_DESPATCHES, w, ch.name, public=True, regiment=reg, points=points,
               instead_of_promotion=instead_of_promotion)

    titles.mention_in_despatches(turn, ch, w)  # "two mentions in despatches" qualify for a title
    return points


def despatch_status(turn: Turn, ch: Character) -> int:
    """This month's status points for his mentions in despatches (at home only:
    on campaign he keeps no status account, so the three months wait for him)."""
    tables = turn.tables.military
    months = in_words(tables.despatch_months)
    total = 0
    for n in range(1, ch.counters.get(C_DESPATCHES, 0) + 1):
        left = ch.counters.get(f"despatch.{n}.months", 0)
        if left:
            points = ch.counters.get(f"despatch.{n}.points", 0)
            turn.post(ch, f"despatch.{n}.months", -1, MONTH_END, f"mention {n}: a month of its {months}",
                      RULE_DESPATCHES)
        else:
            points = tables.despatch_life_points
        turn.post(ch, "status_points", points, MONTH_END,
                  f"mention in despatches {n}: "
                  f"{f'one of {months} months' if left else f'{in_words(points)} a month for life'}",
                  RULE_DESPATCHES)
        total += points
    if total:
        turn.event(EV_DESPATCH_STATUS, MONTH_END, ch.name, public=False, points=total)
    return total


def _has_vacancy(turn: Turn, reg: str, home: str | None, rank: str) -> bool:

    if rank in ("Private", "Subaltern"):
        return True  # "an unlimited number of Subalterns and Privates"
    if reg == RNHB:
        return True  # "there are always openings available for qualified officers and men"
    roster = turn.world.regiment(home) if home else None
    if roster is None:
        return False
    return rank in REGIMENT_ESTABLISHMENT and regiments.vacancies(roster, rank) > 0


def _promoted(turn: Turn, ch: Character, reg: str, record: dict) -> None:
    tables = turn.tables.military
    w = MONTH_END
    home = canonical_regiment(tables, ch.regiment)
    promo = promote(tables, ch.rank, brevet_of(tables, ch), bool(ch.counters.get(C_BREVET_SL)), ch.social_level,
                    _min_sl(turn.tables.regiments, home), lambda rank: _has_vacancy(turn, reg, home, rank))
    record["promotion"] = promo.kind
    if promo.kind == MENTION_INSTEAD:
        mention(turn, ch, reg, instead_of_promotion=True)
        return
    turn.post(ch, C_MERIT, 1, w, f"promoted on campaign ({promo.kind})", RULE_PROMOTION)
    if promo.rank != ch.rank:
        turn.assign(ch, "rank", promo.rank, w, f"promoted to {promo.rank} on campaign", RULE_PROMOTION)
        _take_post(turn, home, ch.name, promo.rank)
    _set_brevet(turn, ch, promo.brevet, promo.brevet_for_sl)
    sync_roster(turn, ch)
    turn.event(EV_PROMOTED_IN_FIELD, w, ch.name, public=True, kind=promo.kind, rank=promo.rank,
               brevet=promo.brevet, regiment=reg)


def _set_brevet(turn: Turn, ch: Character, brevet: str | None, for_sl: bool) -> None:
    tables = turn.tables.military
    w = MONTH_END
    index = tables.place_of_rank(brevet)
    rule = RULE_BREVET
    if ch.counters.get(C_BREVET_RANK, 0) != index:
        if brevet:
            # "one year, until the end of the next summer campaign season": the year is
            # counted from the month after the one that grants it (``month_end``).
            turn.fact(ch.name)[FACT_BREVET_GRANTED] = True
        turn.post(ch, C_BREVET_RANK, index - ch.counters.get(C_BREVET_RANK, 0), w,
                  f"brevet {brevet}" if brevet else "brevet rank ends", rule)
        months = tables.brevet_months if brevet else 0
        why = f"{_brevet_term(tables, 'one')} from the date of his promotion" if brevet else "brevet rank ends"
        turn.post(ch, C_BREVET_MONTHS, months - ch.counters.get(C_BREVET_MONTHS, 0), w, why, rule)
    flag = 1 if (brevet and for_sl) else 0
    turn.post(ch, C_BREVET_SL, flag - ch.counters.get(C_BREVET_SL, 0), w,
              "a brevet for want of Social Level" if flag else "not a brevet for want of Social Level", rule)


FACT_BREVET_GRANTED = "brevet_granted"  # the month's fact: a brevet was granted him this month end


def _brevet_term(tables: MilitaryTables, one: str) -> str:
    """The brevet's term as the rules write it ("one year", "a year", "its year") when it is
    twelve months; else "six months"."""
    months = tables.brevet_months
    return f"{one} year" if months == 12 else f"{in_words(months)} months"


def brevet_clock(turn: Turn, ch: Character) -> None:
    """Each month end: a brevet's year runs down; confirmed, extended or reverted."""
    tables = turn.tables.military
    brevet = brevet_of(tables, ch)
    for_sl = bool(ch.counters.get(C_BREVET_SL))
    turn.post(ch, C_BREVET_MONTHS, -1, MONTH_END, f"brevet {brevet}: a month of {_brevet_term(tables, 'its')}",
              RULE_BREVET)
    minimum = _min_sl(turn.tables.regiments, canonical_regiment(tables, ch.regiment))(brevet) if for_sl else None
    verdict = review_brevet(brevet, for_sl, ch.counters.get(C_BREVET_MONTHS, 0), ch.social_level, minimum,
                            ch.appointment is not None)
    if verdict == CONFIRM:
        turn.assign(ch, "rank", brevet, MONTH_END, f"brevet {brevet} made permanent: Social Level {ch.social_level}",
                    RULE_BREVET)
        _take_post(turn, canonical_regiment(tables, ch.regiment), ch.name, brevet)
        _set_brevet(turn, ch, None, False)
        sync_roster(turn, ch)
        turn.event(EV_BREVET_CONFIRMED, MONTH_END, ch.name, public=True, rank=brevet)
    elif verdict == REVERT:
        _set_brevet(turn, ch, None, False)
        sync_roster(turn, ch)
        turn.event(EV_BREVET_REVERTED, MONTH_END, ch.name, public=True, brevet=brevet, rank=ch.rank)
    elif verdict == EXTEND:
        turn.post(ch, C_BREVET_MONTHS, tables.brevet_months, MONTH_END,
                  f"brevet {brevet} extended {_brevet_term(tables, 'a')}: his appointment requires it", RULE_BREVET)
        turn.event(EV_BREVET_EXTENDED, MONTH_END, ch.name, public=False, brevet=brevet)


# -- the regiment's roster (engarde.world.Regiment) ----------------------------------------


def _vacate(turn: Turn, reg: str | None, name: str) -> None:

    roster = _roster(turn, reg)
    index = regiments.post_of(roster, name) if roster is not None else None
    if index is not None:
        regiments.vacate(roster, index)


def _take_post(turn: Turn, reg: str | None, name: str, new_rank: str) -> None:
    """His place on the roster after a promotion: the junior of his new rank
    (the first vacancy of it), his old post left vacant."""

    roster = _roster(turn, reg)
    if roster is None or new_rank in GENERAL_RANKS or new_rank not in REGIMENT_ESTABLISHMENT:
        return
    index = regiments.post_of(roster, name)
    ma = roster.officers[index].ma if index is not None else None
    if index is not None:
        regiments.vacate(roster, index)
    regiments.place_junior(roster, new_rank, Officer(name=name, player=True, ma=ma))


BREVET_DETACHED = "brevet "  # Officer.detached of a post whose holder serves at his brevet rank


def sync_roster(turn: Turn, ch: Character) -> None:
    """His places on his regiment's roster after a change of rank or brevet.

    "players occupy both their brevet and permanent ranks ... a Captain serving as
    brevet Major occupies both a Major's and a Captain's slot": a brevet for want of
    Social Level holds a post of the brevet rank too (he serves there; his
    permanent post is marked detached).  "A Colonel brevetted to Brigadier-General
    still occupies the Colonel's slot" and "serves elsewhere" (Sample Organisation
    II): his post is marked detached, and the next officer is acting commander;
    "Only his death or permanent promotion will open the position".  A reverted
    brevet leaves the brevet post and returns to his own.
    """

    tables = turn.tables.military
    roster = _roster(turn, canonical_regiment(tables, ch.regiment))
    if roster is None or ch.state == STATE_DEAD:
        return
    brevet = brevet_of(tables, ch)
    for_sl = bool(ch.counters.get(C_BREVET_SL))
    wanted: dict[str, str | None] = {}
    if ch.rank in REGIMENT_ESTABLISHMENT:
        wanted[ch.rank] = None
    if brevet and for_sl and brevet in REGIMENT_ESTABLISHMENT:
        if ch.rank in wanted:
            wanted[ch.rank] = BREVET_DETACHED + brevet
        wanted[brevet] = None
    elif brevet in GENERAL_RANKS and ch.rank in wanted:
        wanted[ch.rank] = BREVET_DETACHED + brevet
    changed = True
    while changed:  # posts of ranks he no longer holds fall vacant
        changed = False
        for i, officer in enumerate(roster.officers):
            if officer.name == ch.name and REGIMENT_ESTABLISHMENT[i] not in wanted:
                regiments.vacate(roster, i)
                changed = True
                break
    for rank, detached in wanted.items():
        i = next((k for k in regiments.posts_of_rank(roster, rank) if roster.officers[k].name == ch.name), None)
        if i is None:
            i = regiments.place_junior(roster, rank, Officer(name=ch.name, player=True))
        if i is None:
            continue
        officer = roster.officers[i]
        if detached is not None:
            officer.detached = detached
        elif (officer.detached or "").startswith(BREVET_DETACHED):
            officer.detached = None
    regiments.ensure_commander_ma(turn, roster, MONTH_END)


def _npc_deaths(turn: Turn, front: Front, reg: str, res: BattleResult) -> None:
    """i. Non-Player Characters: each non-player officer of a regiment with a
    character on campaign rolls for death ("do not give them the benefit of rank
    or Regiment ... In those Regiments where there is an unfavourable modification
    for death, give it").  His post falls vacant on the same roster the
    characters hold theirs on (``engarde.rules.regiments``)."""
    tables = turn.tables.military
    roster = _roster(turn, reg)
    if roster is None:
        return
    mission = mission_of(front, front.regiments.get(reg, reg))
    needed = outcome_needed(tables, mission, res.result, npc_modifiers(tables, reg))
    for officer in list(roster.officers):
        if not officer.name or officer.player or officer.detached:
            continue
        roll = turn.dice.roll(2, f"{officer.name} ({reg}): death (needs {needed.death}+)")
        if roll >= needed.death:
            turn.event(EV_NPC_OFFICER_KILLED, MONTH_END, (), public=True, officer=officer.name, regiment=reg)
            _vacate(turn, reg, officer.name)


NPC_PROMOTED_RANKS = ("Colonel", "Lieutenant-Colonel", "Major")  # openings filled from the rank below


def _npc_officers(turn: Turn, front: Front, reg: str, res: BattleResult) -> None:
    """After the characters' promotions ("Player characters have precedence over
    equally ranked non-player characters for promotion"): each opening above
    Captain, from the top down, is offered to the senior non-player officer present
    of the rank below, who rolls two dice for promotion ("Do give them the benefit
    of their regimental modifiers when rolling for promotion"); then, "At the
    conclusion of each battle where there is a Captain's vacancy, roll two dice on
    the Personal Outcome Table to see if a Subaltern is promoted into that slot";
    then "all Captaincy vacancies in excess of two are considered filled by
    purchase"."""

    tables = turn.tables.military
    roster = _roster(turn, reg)
    if roster is None:
        return
    mission = mission_of(front, front.regiments.get(reg, reg))
    needed = outcome_needed(tables, mission, res.result, npc_modifiers(tables, reg))
    for rank in NPC_PROMOTED_RANKS:
        below = tables.rank_below(rank)
        while regiments.vacancies(roster, rank):
            senior = next((i for i in regiments.posts_of_rank(roster, below)
                           if roster.officers[i].name and not roster.officers[i].player
                           and not roster.officers[i].detached), None)
            if senior is None:
                break
            officer = roster.officers[senior]
            roll = turn.dice.roll(2, f"{officer.name} ({reg}): promotion to {rank} (needs {needed.promotion}+)")
            if roll < needed.promotion:
                break
            regiments.vacate(roster, senior)
            regiments.place_junior(roster, rank, officer)
            turn.event(EV_NPC_OFFICER_PROMOTED, MONTH_END, (), public=False, officer=officer.name, regiment=reg,
                       rank=rank, roll=roll)
    if regiments.vacancies(roster, "Captain"):
        roll = turn.dice.roll(2, f"{reg}: a Subaltern's promotion (needs {needed.promotion}+)")
        if roll >= needed.promotion:
            _fill(turn, roster, reg)
    while regiments.vacancies(roster, "Captain") > tables.captain_vacancies_kept:
        _fill(turn, roster, reg, purchase=True)
    regiments.ensure_commander_ma(turn, roster, MONTH_END)


def _fill(turn: Turn, roster, reg: str, purchase: bool = False) -> None:
    """A non-player Subaltern becomes the junior Captain (promoted, or by purchase)."""

    name = regiments._npc_name(turn.world)
    regiments.place_junior(roster, "Captain", Officer(name=name))
    turn.event(EV_NPC_SUBALTERN_PROMOTED, MONTH_END, (), public=False, officer=name, regiment=reg, purchase=purchase)


# -- its steps in the month (their order: engarde.rules.MONTH) -------------------------------


def month_end_step(turn: Turn) -> None:
    month_end(turn, turn.home)


def keeps_no_accounts(turn: Turn, name: str) -> bool:
    """"While on campaign, characters ... do not have to pay out any money or keep track of Status Points"."""
    return on_campaign(turn, name)
