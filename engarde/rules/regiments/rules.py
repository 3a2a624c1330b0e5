"""g. MA and Regiments: application, ranks, purchase, horses, pay, duty, organisation.

"Regimental Table A lists the names of the Regiments and the minimum die roll
needed to be accepted into that Regiment per Social Level. This die roll may be
modified by influence with the Regimental Commander. If the Regiment is commanded
by a player, no roll is required: the Commander decides who is accepted."

"A player who unsuccessfully attempts to join a Regiment may apply to other
Regiments in the same week, but may only apply to Regiments of a lower social
standing than the one to which he has been denied admission. ... For every two
rejections, the character must subtract one from his die roll on subsequent
applications."

"A rank up to and including that of Major may be bought immediately upon entry
into the Regiment ... The price to purchase is the amount of money it takes to
receive that rank from the rank immediately below it."  "After joining a
Regiment, a character may be promoted only if there is an opening of the new
rank ... A character cannot, under any circumstances, skip a rank."  "A rank
cannot be bought if there are so many players with characters in the same
Regiment that all positions of that rank are filled by those characters."

"Members of Cavalry Regiments and Captains of any Regiment must buy one horse and
equipment. Majors and above in any Regiment must buy three horses and equipment.
Anyone who buys a horse must also hire a groom and pay support on a monthly
basis. A horse costs 100 crowns, and requires support of 3 crowns per month. A
groom must be paid 2 crowns per month".

"Characters with the rank of Private must spend two weeks of each month on duty
... Subalterns must spend one week ... A non-player Battalion Commander will
excuse a player from one week of duty on a roll of 5 or greater on one die. This
may be modified by influence."

"There are ten officers above the rank of Subaltern in each Regiment" ... "all
vacancies are shown at the bottom of the rank. When a vacancy occurs at the top,
all others of that rank move up and the vacancy is shown at the bottom."

Counters on the sheet: ``regiment.rejections`` (applications refused since he
last joined), ``regiment.horses`` (horses he owns), ``regiment.months_short``
(months his Social Level has been below his rank's minimum).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ...calendar import MONTH_END, MONTH_START
from .codes import (
    EV_COMMISSION_RESIGNED,
    EV_DISGRACE_FRONTIER,
    EV_DISGRACE_RELEASED,
    EV_REGIMENT_DECIDED,
    EV_BRIGADE_MAJOR,
    EV_BRIGADE_STATUS,
    EV_DUTY,
    EV_DUTY_EXCUSED,
    EV_DUTY_INSTEAD,
    EV_EXPELLED,
    EV_HORSE_UPKEEP,
    EV_HORSES_BOUGHT,
    EV_RANK_BOUGHT,
    EV_RANK_REFUSED,
    EV_RANK_SL_SHORT,
    EV_REGIMENT_AWAITS_COLONEL,
    EV_REGIMENT_JOINED,
    EV_REGIMENT_NOT_ELIGIBLE,
    EV_REGIMENT_ORGANISED,
    EV_REGIMENT_REJECTED,
    EV_REGIMENTAL_PAY,
)
from ...codes import EV_CANNOT_AFFORD, EV_ORDER_REFUSED
from .orders import ApplyRegiment, BuyRank, DutyExcusal, RegimentalDuty
from ...orders import Order, OrderSheet, Rest
from ...records import Character
from .tables import (
    FRONTIER_REGIMENT,
    GENERAL_RANKS,
    HORSE_GUARDS_BRIGADE,
    NO_APPLICATION,
    RANKS,
    REGIMENT_COMMANDS,
    REGIMENT_ESTABLISHMENT,
    Brigade,
    RegimentInfo,
    RegimentsTables,
)
from ..loans.tables import DISGRACED
from ...turn import Turn
from ...world import World
from .state import BrigadeRecord, Officer, Regiment
from .. import decisions
from ..clubs import rules as clubs
from ..clubs.codes import EV_CLUB_LAPSED
from ..influence import rules as influence
from .brevet import BREVET_COUNTERS, C_BREVET_SL, brevet_of, effective_rank_of
from . import dismissal

RULE_REGIMENTS = "g. Regiments"
RULE_TABLE_A = "g. Regimental Table A"
RULE_TABLE_B = "g. Regimental Table B"
RULE_TABLE_C = "g. Regimental Table C"
RULE_HORSES = "g. Regiments (horses)"
RULE_DUTY = "g. Regiments (duty)"
RULE_ORGANISATION = "g. Regimental Organisation"
RULE_PROMOTION = "i. Promotion"
RULE_DISGRACE = "d. Loans (disgrace)"

REJECTIONS = "regiment.rejections"
HORSES = "regiment.horses"
MONTHS_SHORT = "regiment.months_short"
FACT_DUTY = "regiment_duty_weeks"  # weeks of this month he must spend on duty instead of his order

BRIGADE_MAJOR = "Brigade Major"
OFFICER_RANKS = REGIMENT_ESTABLISHMENT  # the ranks of the ten posts

# Names for non-player officers, numbered so none repeats (data, not rules).
NPC_NAMES = (
    "de Montclair", "de Brissac", "de Vautrin", "d'Aubigny", "de Lorme", "de Chavigny", "de Roquelaure",
    "de Sainte-Croix", "de Villeroy", "de Bassompierre", "de Guiche", "de Tréville", "de Jarnac",
    "de Puylaurens", "de Marsillac", "de Fontrailles", "de Chalais", "de Cinq-Mars", "de Lauzun",
    "de Saint-Preuil", "de Gassion", "de Rantzau", "de Fabert", "de Turenne", "de Coligny", "de Rohan",
    "de Créqui", "de la Force", "de Schomberg", "de Toiras", "de Marillac", "de Bouteville",
    "de Beaufort", "de Vendôme", "de Candale", "de Mortemart", "de Liancourt", "de Grammont",
    "de Sourdis", "de Béthune",
)


# -- tables --------------------------------------------------------------------------


def regiment_info(tables: RegimentsTables, name: str | None) -> RegimentInfo | None:
    """The regiment called ``name`` in the campaign's tables (None: none, or no name)."""
    return tables.regiment(name) if name else None


def rank_index(rank: str) -> int:
    """Ranks in order, Private 0 ... Colonel 5, general officers above."""
    order = RANKS + GENERAL_RANKS
    return order.index(rank) if rank in order else -1


def normalise_rank(text: str | None) -> str | None:
    if not text:
        return None
    key = " ".join(text.replace("-", " ").lower().split())
    # ("lieutenant colonel" needs no alias: the ranks themselves are read with spaces for hyphens)
    aliases = {"lieutenant": "Subaltern", "ensign": "Subaltern", "cornet": "Subaltern", "lt colonel": "Lieutenant-Colonel",
               "brigadier": "Brigadier-General"}
    for rank in RANKS + GENERAL_RANKS:
        if key == rank.replace("-", " ").lower():
            return rank
    return aliases.get(key)


def application_roll(tables: RegimentsTables, reg: RegimentInfo, social_level: int) -> int | None:
    """Regimental Table A: the roll needed at this SL (None: may not apply, "-"; 1: automatic).

    Choice: a Social Level above 16 reads the SL 16 column."""
    if reg.name == FRONTIER_REGIMENT:
        return 1
    row = tables.applications.get(reg.name)
    if row is None:
        return None  # the RNHB: no row in Table A; one goes with it by volunteering (h. Volunteers)
    needed = row[max(1, min(social_level, len(row))) - 1]
    return None if needed >= NO_APPLICATION else needed


def horses_required(tables: RegimentsTables, reg: RegimentInfo, rank: str) -> int:
    if rank_index(rank) >= rank_index("Major"):
        return tables.horses_major_and_above
    if reg.cavalry or rank == "Captain":
        return tables.horses_cavalry_or_captain
    return 0


def entry_price(tables: RegimentsTables, reg: RegimentInfo, rank: str) -> list[tuple[str, int]]:
    """The price of each rank from Subaltern up to ``rank`` (bought on entry)."""
    prices = []
    for r in RANKS[1:rank_index(rank) + 1]:
        terms = tables.rank_terms(reg, r)
        prices.append((r, terms.price or 0))
    return prices


def brigade_of(tables: RegimentsTables, reg: RegimentInfo) -> Brigade | None:
    return tables.brigade(reg.brigade)


# -- organisation --------------------------------------------------------------------


def _npc_name(world: World) -> str:
    serial = world.npc_serial
    world.npc_serial += 1
    name = NPC_NAMES[serial % len(NPC_NAMES)]
    if serial >= len(NPC_NAMES):
        name += f" ({serial // len(NPC_NAMES) + 1})"
    return name


def organise(turn: Turn, name: str, week: int = MONTH_START) -> Regiment:
    """The regiment's organisation, made when first needed: ten non-player officers,
    the Colonel's MA rolled ("determine it upon enlisting"); and its brigade's other
    regiments and Brigade Major with it."""
    tables = turn.tables.regiments
    reg_info = tables.regiment(name)
    assert reg_info is not None, name
    reg = turn.world.regiment(reg_info.name)
    if reg is not None:
        return reg
    reg = Regiment(reg_info.name, [Officer(_npc_name(turn.world)) for _ in REGIMENT_ESTABLISHMENT],
                   organised=turn.month.key)
    reg.officers[0].ma = turn.dice.d6(f"MA of the Colonel of the {reg_info.name}")
    turn.world.regiments.append(reg)
    turn.event(EV_REGIMENT_ORGANISED, week, (), public=False, regiment=reg_info.name,
               colonel=reg.officers[0].name, ma=reg.officers[0].ma)
    brigade = brigade_of(tables, reg_info)
    if brigade is not None:
        for other in brigade.regiments:
            organise(turn, other, week)
        if turn.world.brigade(brigade.name) is None:
            turn.world.brigades.append(BrigadeRecord(brigade.name))
            brigade_major_roll(turn, brigade, week)
    return reg


def posts_of_rank(reg: Regiment, rank: str) -> list[int]:
    return [i for i, r in enumerate(REGIMENT_ESTABLISHMENT) if r == rank]


def post_of(reg: Regiment, name: str) -> int | None:
    return next((i for i, o in enumerate(reg.officers) if o.name == name), None)


def vacate(reg: Regiment, index: int) -> Officer:
    """Empty a post: "When a vacancy occurs at the top, all others of that rank move up
    and the vacancy is shown at the bottom."  Returns the officer who left."""
    rank = REGIMENT_ESTABLISHMENT[index]
    slots = posts_of_rank(reg, rank)
    left = reg.officers[index]
    holders = [reg.officers[i] for i in slots if i != index and reg.officers[i].name is not None]
    for k, i in enumerate(slots):
        reg.officers[i] = holders[k] if k < len(holders) else Officer()
    return left


def place_junior(reg: Regiment, rank: str, officer: Officer) -> int | None:
    """"Upon achieving the rank of Captain or above a player becomes the junior officer
    holding that rank": the first vacancy of the rank (vacancies are at the bottom)."""
    for i in posts_of_rank(reg, rank):
        if reg.officers[i].name is None:
            reg.officers[i] = officer
            return i
    return None


def vacancies(reg: Regiment, rank: str) -> int:
    return sum(reg.officers[i].name is None for i in posts_of_rank(reg, rank))


@dataclass(frozen=True)
class Command:
    command: str
    officer: Officer | None
    post: int | None  # the post (index) of the officer holding it
    acting: bool


def _holders(reg: Regiment) -> list[tuple[int | None, bool]]:
    """Who holds each command, in the order of ``REGIMENT_COMMANDS``: the officers present
    (not vacant, not detached), in order of rank and seniority, take the commands in
    order; each is (his post, or None: no one; whether he is "acting", being below the
    rank of the command's own post)."""
    present = [i for i, o in enumerate(reg.officers) if o.name is not None and not o.detached]
    result: list[tuple[int | None, bool]] = []
    for k in range(len(REGIMENT_COMMANDS)):
        if k < len(present):
            i = present[k]
            result.append((i, rank_index(REGIMENT_ESTABLISHMENT[i]) < rank_index(REGIMENT_ESTABLISHMENT[k])))
        else:
            result.append((None, False))
    return result


def unit_commands(tables: RegimentsTables, reg: Regiment) -> list[Command]:
    """Who commands what: the officers present (not vacant, not detached), in order of
    rank and seniority, take the commands in order (Regimental Commander, 1st-3rd
    Battalion/Squadron, A-F Company/Troop); one below the rank of the command's own
    post is "acting" (Sample Organisation II)."""
    reg_info = tables.regiment(reg.name)
    unit, sub = ("Squadron", "Troop") if reg_info and reg_info.cavalry else ("Battalion", "Company")
    return [Command(label.format(unit=unit, sub=sub), reg.officers[i] if i is not None else None, i, acting)
            for label, (i, acting) in zip(REGIMENT_COMMANDS, _holders(reg))]


def commander(reg: Regiment) -> tuple[Officer | None, str]:
    """The regimental commander (acting or not) and his rank."""
    post, _ = _holders(reg)[0]
    return (reg.officers[post] if post is not None else None,
            REGIMENT_ESTABLISHMENT[post] if post is not None else "Colonel")


def battalion_commander(reg: Regiment) -> tuple[Officer | None, str]:
    """Choice: a Private's or Subaltern's battalion is not recorded, so his Battalion
    Commander is the commander of the 1st Battalion (or Squadron)."""
    post, _ = _holders(reg)[1]
    return (reg.officers[post] if post is not None else None,
            REGIMENT_ESTABLISHMENT[post] if post is not None else "Lieutenant-Colonel")


def ensure_commander_ma(turn: Turn, reg: Regiment, week: int) -> None:
    """"The character has also rolled the military ability of the Lieutenant-Colonel,
    since, as acting Regimental Commander, his MA will determine the fate of the Regiment."""
    officer, rank = commander(reg)
    if officer is not None and not officer.player and officer.ma is None:
        officer.ma = turn.dice.d6(f"MA of the acting commander of the {reg.name} ({rank} {officer.name})")


def brigade_major_roll(turn: Turn, brigade: Brigade, week: int) -> str | None:
    """The yearly Brigade Major roll: one die names the regiment (1-3 the first named,
    4-6 the second; the Guards by twos); its senior Major present serves, detached.
    Returns the regiment's name."""
    record = turn.world.brigade(brigade.name)
    if record is None:
        record = BrigadeRecord(brigade.name)
        turn.world.brigades.append(record)
    roll = turn.dice.d6(f"Brigade Major of the {brigade.name}")
    chosen = next(line.regiment for line in brigade.brigade_major_roll if line.low <= roll <= line.high)
    # the last Brigade Major returns to his regiment
    if record.brigade_major and record.brigade_major_regiment:
        old_reg = turn.world.regiment(record.brigade_major_regiment)
        i = post_of(old_reg, record.brigade_major) if old_reg else None
        if i is not None:
            old = old_reg.officers[i]
            old.detached = None
            if old.player and old.name in turn.characters:
                turn.assign(turn.characters[old.name], "appointment", None, week,
                            f"no longer Brigade Major of the {brigade.name} (the yearly roll)", RULE_ORGANISATION)
    reg = organise(turn, chosen, week)
    majors = [i for i in posts_of_rank(reg, "Major") if reg.officers[i].name is not None and not reg.officers[i].detached]
    record.brigade_major_regiment, record.rolled = chosen, turn.month.key
    record.brigade_major = None
    if majors:
        officer = reg.officers[majors[0]]
        officer.detached = BRIGADE_MAJOR
        record.brigade_major = officer.name
        if officer.player and officer.name in turn.characters:
            turn.assign(turn.characters[officer.name], "appointment", BRIGADE_MAJOR, week,
                        f"Brigade Major of the {brigade.name} (the yearly roll: {roll})", RULE_ORGANISATION)
        ensure_commander_ma(turn, reg, week)
    chars = (record.brigade_major,) if record.brigade_major in turn.characters else ()
    turn.event(EV_BRIGADE_MAJOR, week, chars, public=bool(chars), brigade=brigade.name, regiment=chosen,
               officer=record.brigade_major, roll=roll)
    return chosen


def yearly_brigade_majors(turn: Turn) -> None:
    """"Re-roll Brigade Major assignments at the end of the regular campaign season each
    year": at the end of August, for every brigade organised."""
    if turn.month.month != 8:
        return
    for brigade in turn.tables.regiments.regimental_table_c:
        if turn.world.brigade(brigade.name) is not None:
            brigade_major_roll(turn, brigade, MONTH_END)


# -- joining -------------------------------------------------------------------------


def _eligible(turn: Turn, ch: Character, reg_info: RegimentInfo, rank: str) -> str | None:
    """Why he may not apply to ``reg_info`` for ``rank``, or None if he may."""
    tables = turn.tables.regiments
    if (why := dismissal.barred(ch, reg_info.name)) is not None:
        return why
    needed = application_roll(tables, reg_info, ch.social_level)
    if needed is None:
        return f"the {reg_info.name} takes no one of Social Level {ch.social_level} (Regimental Table A)"
    terms = tables.rank_terms(reg_info, rank)
    if terms.min_social_level is not None and ch.social_level < terms.min_social_level:
        return (f"a {rank} of the {reg_info.name} needs Social Level {terms.min_social_level} "
                f"(Regimental Table B)")
    cost = sum(p for _, p in entry_price(tables, reg_info, rank))
    horses = max(0, horses_required(tables, reg_info, rank) - ch.get(HORSES))
    total = cost + horses * tables.horse_price
    if ch.crowns < total:
        return f"he has {ch.crowns} crowns; the commission and horses cost {total}"
    reg = turn.world.regiment(reg_info.name)
    if reg is not None and rank in OFFICER_RANKS:
        slots = posts_of_rank(reg, rank)
        if all(reg.officers[i].player for i in slots):
            return f"every {rank}'s post of the {reg_info.name} is held by a player's character"
    return None


def apply(turn: Turn, ch: Character, order: ApplyRegiment, week: int) -> bool:
    """Apply to a regiment (and, refused, to the lower ones named after it, the same
    week).  True if he joined."""
    tables = turn.tables.regiments
    if ch.regiment:
        turn.event(EV_ORDER_REFUSED, week, ch.name, public=False, order=order.describe(),
                   reason=f"already of the {ch.regiment}")
        return False
    rank = normalise_rank(order.rank) or "Private"
    highest = tables.highest_entry_rank
    if rank not in RANKS or rank_index(rank) > rank_index(highest):
        turn.event(EV_ORDER_REFUSED, week, ch.name, public=False, order=order.describe(),
                   reason=f"a rank up to {highest} may be bought on entry, not {order.rank}")
        return False
    denied_standing: int | None = None
    for name in (order.regiment, *order.fallbacks):
        reg_info = tables.regiment(name)
        if reg_info is None:
            turn.event(EV_REGIMENT_NOT_ELIGIBLE, week, ch.name, public=False, regiment=name,
                       reason="no such regiment")
            continue
        if denied_standing is not None and reg_info.standing <= denied_standing:
            turn.event(EV_REGIMENT_NOT_ELIGIBLE, week, ch.name, public=False, regiment=reg_info.name,
                       reason="after a refusal he may apply only to regiments of lower standing")
            continue
        why = _eligible(turn, ch, reg_info, rank)
        if why:
            turn.event(EV_REGIMENT_NOT_ELIGIBLE, week, ch.name, public=False, regiment=reg_info.name, reason=why)
            continue
        # (A regiment organised only now has non-players in every post: no rank of it is
        # filled by players, so the check above stands.)
        reg = organise(turn, reg_info.name, week)
        colonel, colonel_rank = commander(reg)
        if reg_info.name != FRONTIER_REGIMENT and colonel is not None and colonel.player:
            # "If the Regiment is commanded by a player, no roll is required: the
            # Commander decides who is accepted."  No order yet lets him answer: the
            # application waits for him and the GM is told (engarde.rules.decisions).
            decisions.wait(
                turn, reg.pending, {"character": ch.name, "rank": rank, "colonel": colonel.name}, week,
                code=EV_REGIMENT_AWAITS_COLONEL, who=(ch.name, colonel.name),
                data={"regiment": reg.name, "colonel": colonel.name, "rank": rank},
                message=(f"{ch.name} applies to the {reg.name} as {rank}; its commander {colonel.name} is a player "
                         f"and decides (no roll): the application waits for his answer"),
                hint=f"record the colonel's answer: engarde regiment decide \"{reg.name}\" \"{ch.name}\" --accept|--refuse",
            )
            return False
        if reg_info.name == FRONTIER_REGIMENT:
            _join(turn, ch, reg_info, reg, rank, week, {"automatic": True})
            return True
        base = application_roll(tables, reg_info, ch.social_level)
        rejections = ch.get(REJECTIONS)
        adjustments = []
        # "For every two rejections, the character must subtract one from his die roll"
        penalty = rejections // tables.rejections_per_penalty * tables.rejection_penalty
        if penalty:
            adjustments.append((f"{rejections} rejections", penalty))
        decision = influence.decide(turn, ch.name, f"application to the {reg_info.name}", colonel_rank, base, week,
                                    adjustments, words=(reg_info.name, "regiment", "application", "colonel",
                                                        *reg_info.aliases))
        if decision.success:
            _join(turn, ch, reg_info, reg, rank, week, decision.to_data())
            return True
        turn.post(ch, REJECTIONS, 1, week, f"refused by the {reg_info.name}", RULE_TABLE_A)
        turn.event(EV_REGIMENT_REJECTED, week, ch.name, public=False, regiment=reg_info.name, **decision.to_data())
        denied_standing = reg_info.standing
    return False


ACCEPT, REFUSE = decisions.ACCEPT, decisions.REFUSE


def settle_decisions(turn: Turn) -> None:
    """Month start: the answers of player colonels to applications waiting for them,
    recorded by the GM (``engarde regiment decide``), are carried out: "If the
    Regiment is commanded by a player, no roll is required: the Commander decides
    who is accepted. The candidate must meet all the minimum criteria for acceptance
    into the Regiment."  Accepted, he joins (paying for his rank and horses) if he
    still qualifies; refused, it counts as a rejection.  Undecided ones wait
    (``engarde.rules.decisions``, shared with appointments and petitions)."""
    for reg in turn.world.regiments:

        def carry_out(p: dict, ch: Character, decision: str, reg: Regiment = reg) -> None:
            reg_info = turn.tables.regiments.regiment(reg.name)
            data = {"regiment": reg.name, "rank": p["rank"], "decision": decision,
                    "colonel": p.get("colonel")}
            if decision == REFUSE:
                turn.post(ch, REJECTIONS, 1, MONTH_START, f"refused by the commander of the {reg.name}",
                          RULE_TABLE_A)
                turn.event(EV_REGIMENT_DECIDED, MONTH_START, ch.name, public=False, **data)
                return
            why = (f"already of the {ch.regiment}" if ch.regiment else
                   "dead" if ch.state == "dead" else _eligible(turn, ch, reg_info, p["rank"]))
            if why:
                turn.event(EV_REGIMENT_DECIDED, MONTH_START, ch.name, public=False, reason=why, joined=False, **data)
                return
            turn.event(EV_REGIMENT_DECIDED, MONTH_START, ch.name, public=False, joined=True, **data)
            _join(turn, ch, reg_info, reg, p["rank"], MONTH_START, {"accepted_by": p.get("colonel")})

        reg.pending = decisions.settle(turn, reg.pending, carry_out)


def _join(turn: Turn, ch: Character, reg_info: RegimentInfo, reg: Regiment, rank: str, week: int,
          data: dict) -> None:
    tables = turn.tables.regiments
    if ch.get(REJECTIONS):
        turn.post(ch, REJECTIONS, -ch.get(REJECTIONS), week, f"accepted by the {reg_info.name}", RULE_TABLE_A)
    turn.assign(ch, "regiment", reg_info.name, week, f"accepted by the {reg_info.name}", RULE_TABLE_A)
    for r, price in entry_price(tables, reg_info, rank):
        turn.post(ch, "crowns", -price, week, f"bought the rank of {r} in the {reg_info.name}", RULE_TABLE_B)
    turn.assign(ch, "rank", rank, week, f"entered the {reg_info.name} as {rank}", RULE_TABLE_B)
    if rank in OFFICER_RANKS:
        _take_post(turn, reg, ch, rank, week)
    buy_horses(turn, ch, reg_info, rank, week)
    turn.event(EV_REGIMENT_JOINED, week, ch.name, public=True, regiment=reg_info.name, rank=rank, **data)


def _take_post(turn: Turn, reg: Regiment, ch: Character, rank: str, week: int) -> None:
    if place_junior(reg, rank, Officer(ch.name, player=True)) is not None:
        return
    # On entry there need be no opening: the most junior non-player of the rank sells
    # him the commission and leaves (choice; "A rank cannot be bought if ... all
    # positions of that rank are filled by" players).
    npcs = [i for i in posts_of_rank(reg, rank) if not reg.officers[i].player]
    vacate(reg, npcs[-1])
    place_junior(reg, rank, Officer(ch.name, player=True))
    ensure_commander_ma(turn, reg, week)


def buy_horses(turn: Turn, ch: Character, reg_info: RegimentInfo, rank: str, week: int) -> int:
    tables = turn.tables.regiments
    need = horses_required(tables, reg_info, rank) - ch.get(HORSES)
    if need <= 0:
        return 0
    price = tables.horse_price
    turn.post(ch, "crowns", -need * price, week,
              f"{need} horse{'s' if need > 1 else ''} and equipment at {price} crowns", RULE_HORSES)
    turn.post(ch, HORSES, need, week, f"horses for a {rank} of the {reg_info.name}", RULE_HORSES)
    turn.event(EV_HORSES_BOUGHT, week, ch.name, public=False, horses=need, cost=need * price)
    return need


def buy_rank(turn: Turn, ch: Character, order: BuyRank, week: int) -> bool:
    """Later purchase: the next rank only, and only into an opening (Subalterns are
    unlimited); Lieutenant-Colonel and Colonel may be bought so, general ranks never."""
    rank = normalise_rank(order.rank)

    def refuse(reason: str) -> bool:
        turn.event(EV_RANK_REFUSED, week, ch.name, public=False, rank=order.rank, reason=reason)
        return False

    tables = turn.tables.regiments
    reg_info = regiment_info(tables, ch.regiment)
    if reg_info is None or not ch.rank:
        return refuse("he is not of any regiment")
    if (why := dismissal.barred(ch, reg_info.name)) is not None:
        return refuse(why)
    if rank not in RANKS:
        return refuse(f"{order.rank!r} cannot be bought")
    if rank_index(rank) != rank_index(ch.rank) + 1:
        return refuse(f"a {ch.rank} may buy only the rank next above; no rank may be skipped")
    terms = tables.rank_terms(reg_info, rank)
    if terms.min_social_level is not None and ch.social_level < terms.min_social_level:
        return refuse(f"a {rank} of the {reg_info.name} needs Social Level {terms.min_social_level}")
    reg = organise(turn, reg_info.name, week)
    if rank in OFFICER_RANKS and vacancies(reg, rank) == 0:
        return refuse(f"there is no opening for a {rank} in the {reg_info.name}")
    horses = max(0, horses_required(tables, reg_info, rank) - ch.get(HORSES))
    cost = (terms.price or 0) + horses * tables.horse_price
    if ch.crowns < cost:
        return refuse(f"it costs {cost} crowns with horses; he has {ch.crowns}")
    turn.post(ch, "crowns", -(terms.price or 0), week, f"bought the rank of {rank} in the {reg_info.name}",
              RULE_TABLE_B)
    old = post_of(reg, ch.name)
    if old is not None:
        vacate(reg, old)
    place_junior(reg, rank, Officer(ch.name, player=True))
    ensure_commander_ma(turn, reg, week)
    turn.assign(ch, "rank", rank, week, f"bought the rank of {rank} into an opening", RULE_PROMOTION)
    buy_horses(turn, ch, reg_info, rank, week)
    turn.event(EV_RANK_BOUGHT, week, ch.name, public=True, regiment=reg_info.name, rank=rank,
               price=terms.price or 0)
    return True


def vacate_all(reg: Regiment, name: str) -> int:
    """Every post he holds falls vacant (a brevet for want of Social Level holds two)."""
    count = 0
    while (i := post_of(reg, name)) is not None:
        vacate(reg, i)
        count += 1
    return count


def leave(turn: Turn, ch: Character, week: int, reason: str, rule: str = RULE_REGIMENTS) -> None:
    """He leaves his regiment (expelled, dismissed, resigned, disgraced): his posts fall
    vacant, a brevet rank ends with it, and a Horse Guards membership lapses."""
    reg = turn.world.regiment(ch.regiment or "")
    if reg is not None:
        if vacate_all(reg, ch.name):
            ensure_commander_ma(turn, reg, week)
    for key in BREVET_COUNTERS:
        if ch.get(key):
            turn.post(ch, key, -ch.get(key), week, f"{reason}: his brevet rank ends", rule)
    turn.assign(ch, "rank", None, week, reason, rule)
    turn.assign(ch, "regiment", None, week, reason, rule)
    horse_guards_lapse(turn, ch, week)


def horse_guards_lapse(turn: Turn, ch: Character, week: int) -> bool:
    """c. Clubs, The Horse Guards: "Officer of Horse Guards Brigade".  Choice: one who
    is no longer an officer of that brigade is no longer a member (the membership
    lapses: no bar on rejoining, as for unpaid dues)."""
    club = clubs.club_of(turn, ch) if ch.club else None
    if club is None or club.min_social_level is not None:
        return False  # only the Horse Guards asks for an officer of the brigade
    reg_info = regiment_info(turn.tables.regiments, ch.regiment)
    if reg_info is not None and reg_info.brigade == HORSE_GUARDS_BRIGADE and ch.rank not in (None, "Private"):
        return False
    turn.assign(ch, "club", None, week, f"no longer an officer of the Horse Guards Brigade: his membership "
                f"of {club.name} lapses", "c. Clubs (The Horse Guards)")
    turn.event(EV_CLUB_LAPSED, week, ch.name, public=False, club=club.name,
               reason="no longer an officer of the Horse Guards Brigade")
    return True


def resign_commission(turn: Turn, ch: Character, order: Order, week: int) -> bool:
    """Resign his commission (the week's action): he leaves his regiment, his posts
    fall vacant.  Choices: nothing is refunded (the rules name no sale of a
    commission); he keeps his horses; a disgraced man may not leave the Frontier
    Regiment ("remain with it until he is able to pay")."""
    if not ch.regiment:
        turn.event(EV_ORDER_REFUSED, week, ch.name, public=False, order=order.describe(),
                   reason="he holds no commission")
        return False
    if ch.state == DISGRACED:
        turn.event(EV_ORDER_REFUSED, week, ch.name, public=False, order=order.describe(),
                   reason="disgraced, he must remain with the Frontier Regiment until he can pay")
        return False
    regiment, rank = ch.regiment, ch.rank
    leave(turn, ch, week, f"resigned his commission in the {regiment}", RULE_REGIMENTS)
    turn.event(EV_COMMISSION_RESIGNED, week, ch.name, public=True, regiment=regiment, rank=rank)
    return True


# -- d. Loans: disgrace ("he must join a Frontier Regiment and remain with it until he is able to pay")

FRONTIER_DISGRACE = "disgrace.frontier"  # 1: he serves in the Frontier Regiment for his disgrace


def enforce_disgrace(turn: Turn, ch: Character) -> None:
    """Month start, before the season's campaign: a disgraced man not yet of the
    Frontier Regiment leaves his regiment and joins it (so he marches with it); one
    whose disgrace is over (his debts paid) is released from it.

    Choices: he joins as a Private, paying nothing (his commission is lost with his
    regiment, which he may later rejoin as if joining for the first time); released,
    he leaves the Frontier Regiment and its campaign at once."""
    if ch.state == DISGRACED and ch.regiment != FRONTIER_REGIMENT:
        old = ch.regiment
        if old:
            leave(turn, ch, MONTH_START, f"disgraced: he leaves the {old} for a Frontier Regiment", RULE_DISGRACE)
        turn.assign(ch, "regiment", FRONTIER_REGIMENT, MONTH_START,
                    "disgraced: he must join a Frontier Regiment until he can pay", RULE_DISGRACE)
        turn.assign(ch, "rank", "Private", MONTH_START, "disgraced: a Private of the Frontier Regiment",
                    RULE_DISGRACE)
        turn.post(ch, FRONTIER_DISGRACE, 1 - ch.get(FRONTIER_DISGRACE), MONTH_START,
                  "serving on the Frontier for his disgrace", RULE_DISGRACE)
        turn.event(EV_DISGRACE_FRONTIER, MONTH_START, ch.name, public=True, regiment=old)
    elif ch.state == DISGRACED and not ch.get(FRONTIER_DISGRACE):
        turn.post(ch, FRONTIER_DISGRACE, 1, MONTH_START, "serving on the Frontier for his disgrace", RULE_DISGRACE)
    elif ch.state != DISGRACED and ch.get(FRONTIER_DISGRACE):
        turn.post(ch, FRONTIER_DISGRACE, -ch.get(FRONTIER_DISGRACE), MONTH_START,
                  "his debts paid, his disgrace is over", RULE_DISGRACE)
        if ch.regiment == FRONTIER_REGIMENT:
            leave(turn, ch, MONTH_START, "his debts paid, he leaves the Frontier Regiment", RULE_DISGRACE)
        front = turn.world.front
        if front is not None and ch.name in front.campaigners:
            front.campaigners[ch.name]["returned"] = True
        turn.event(EV_DISGRACE_RELEASED, MONTH_START, ch.name, public=True)


# -- duty ----------------------------------------------------------------------------


def plan_duty(turn: Turn, ch: Character, sheet: OrderSheet | None) -> list[int]:
    """Month start: the weeks he must spend on duty instead of his order.

    Weeks he orders as duty count.  For each week still owed his Battalion
    Commander excuses him on a 5+ (influence applies), or, a player, if his standing
    order excuses him (``DutyExcusal``); a week not excused takes the place of a week
    he rests, else of his latest other order (choice)."""
    tables = turn.tables.regiments
    required = tables.duty_weeks.get(ch.rank or "", 0)
    if not required or not ch.regiment or ch.state == "on campaign" or _marching(turn, ch):
        return []
    weeks = {w: (sheet.action(w) if sheet else Rest("no orders")) for w in range(1, 5)}
    ordered = [w for w, o in weeks.items() if isinstance(o, RegimentalDuty)]
    owed = required - len(ordered)
    if owed <= 0:
        return []
    bc, bc_rank = battalion_commander(organise(turn, ch.regiment, MONTH_START))  # his regiment's, as organised
    forced: list[int] = []
    for _ in range(owed):
        if bc is not None and bc.player:
            # "Privates and Subalterns may be excused from duty by the permission of their
            # Battalion Commanders": a player's is his standing order, no roll.
            if turn.standing_orders(bc.name).of(DutyExcusal).excuses(ch.name):
                turn.event(EV_DUTY_EXCUSED, MONTH_START, ch.name, public=False, by=bc.name)
                continue
        else:
            decision = influence.decide(turn, ch.name, "excusal from a week of duty", bc_rank,
                                        tables.duty_excused_on, MONTH_START, words=("duty", "excus"))
            if decision.success:
                turn.event(EV_DUTY_EXCUSED, MONTH_START, ch.name, public=False, **decision.to_data())
                continue
        free = [w for w, o in weeks.items() if w not in forced and not isinstance(o, RegimentalDuty)]
        resting = [w for w in free if isinstance(weeks[w], Rest)]
        week = (resting or free)[-1] if (resting or free) else None
        if week is not None:
            forced.append(week)
    turn.fact(ch.name)[FACT_DUTY] = sorted(forced)
    return sorted(forced)


def _marching(turn: Turn, ch: Character) -> bool:
    """He marches with this season's campaign (engarde.rules.military's front, read here as
    ``enforce_disgrace`` reads it: military imports this module).  A disgraced man marching
    with the Frontier Regiment keeps the state "disgraced", so his state does not say it.
    (One marked "returned" at the month's start has just been released from the Frontier
    and is of no regiment: the season's end, the other return, opens a new season.)"""
    front = turn.world.front
    return front is not None and front.start <= turn.month.key <= front.end and ch.name in front.campaigners


def duty_week(turn: Turn, ch: Character, week: int) -> bool:
    """True if this is a week he must spend on duty (``plan_duty``)."""
    return week in turn.fact(ch.name).get(FACT_DUTY, ())


def duty(turn: Turn, ch: Character, week: int, displaced: Order | None = None) -> None:
    """A week of regimental duty ("While on duty, they may undertake no other action")."""
    if not ch.regiment:
        turn.event(EV_ORDER_REFUSED, week, ch.name, public=False, order="Regimental duty",
                   reason="he is not of any regiment")
        return
    if displaced is not None and not isinstance(displaced, (Rest, RegimentalDuty)):
        turn.event(EV_DUTY_INSTEAD, week, ch.name, public=False, regiment=ch.regiment,
                   order=displaced.describe())
    turn.event(EV_DUTY, week, ch.name, public=False, regiment=ch.regiment, rank=ch.rank)


# -- month end -----------------------------------------------------------------------


def pay_and_status(turn: Turn, ch: Character) -> None:
    """Regimental Table B: monthly pay and status of his rank, his brevet rank if he
    holds one (no status account on campaign)."""
    tables = turn.tables.regiments
    reg_info = regiment_info(tables, ch.regiment)
    # "Players holding a brevet rank receive all pay, status and privileges associated with that rank"
    rank = effective_rank_of(turn.tables.military.promotion_ladder, ch)
    if reg_info is None or not rank:
        return
    terms = tables.rank_terms(reg_info, rank)
    if terms is None:
        return
    label = f"brevet {rank}" if rank != ch.rank else rank
    turn.post(ch, "crowns", terms.pay, MONTH_END, f"pay of a {label} of the {reg_info.name}", RULE_TABLE_B)
    if ch.state != "on campaign":
        turn.post(ch, "status_points", terms.status, MONTH_END,
                  f"monthly status of a {label} of the {reg_info.name}", RULE_TABLE_B)
    turn.event(EV_REGIMENTAL_PAY, MONTH_END, ch.name, public=False, regiment=reg_info.name, rank=rank,
               pay=terms.pay, status=terms.status if ch.state != "on campaign" else 0)


def horse_upkeep(turn: Turn, ch: Character) -> bool:
    """3 crowns a month a horse, and one groom at 2 (nothing is paid on campaign)."""
    tables = turn.tables.regiments
    horses = ch.get(HORSES)
    if horses <= 0 or ch.state == "on campaign":
        return True
    cost = horses * tables.horse_support + tables.groom_pay
    if turn.pay(ch, cost, MONTH_END, f"support of {horses} horse{'s' if horses > 1 else ''} "
                f"({horses} × {tables.horse_support}) and a groom ({tables.groom_pay})", RULE_HORSES):
        turn.event(EV_HORSE_UPKEEP, MONTH_END, ch.name, public=False, horses=horses, cost=cost)
        return True
    # Choice: the rules name no penalty; he is told, and nothing more happens.
    turn.event(EV_CANNOT_AFFORD, MONTH_END, ch.name, public=False, what="the support of his horses and groom",
               cost=cost, had=ch.crowns)
    return False


def brigade_status(turn: Turn, ch: Character) -> int:
    """Regimental Table C: "Status points for positions ... are awarded to the Brigade
    commander and Brigade Major"."""
    for brigade in turn.tables.regiments.regimental_table_c:
        record = turn.world.brigade(brigade.name)
        if record is None:
            continue
        if ch.name in (record.brigade_major, record.commander):
            role = BRIGADE_MAJOR if ch.name == record.brigade_major else "Brigade commander"
            if brigade.status:
                turn.post(ch, "status_points", brigade.status, MONTH_END,
                          f"{role} of the {brigade.name} (+{brigade.status})", RULE_TABLE_C)
            turn.event(EV_BRIGADE_STATUS, MONTH_END, ch.name, public=False, brigade=brigade.name, role=role,
                       status=brigade.status)
            return brigade.status
    return 0


def rank_minimum(tables: RegimentsTables, ladder: Sequence[str], ch: Character) -> tuple[str, int] | None:
    """The rank whose minimum Social Level he must keep, and that minimum.

    Choice: the minimum of his permanent rank (the post he holds); a brevet
    general officer ("all ... privileges associated with that rank") must also keep
    the general rank's minimum, the higher of the two counting; a brevet for want of
    Social Level answers to its own year (``military.brevet_clock``), not to this rule.
    """
    reg_info = regiment_info(tables, ch.regiment)
    if reg_info is None or not ch.rank:
        return None
    found: list[tuple[int, str]] = []
    terms = tables.rank_terms(reg_info, ch.rank)
    if terms is not None and terms.min_social_level is not None:
        found.append((terms.min_social_level, ch.rank))
    brevet = brevet_of(ladder, ch)
    if brevet in GENERAL_RANKS and not ch.get(C_BREVET_SL):
        terms = tables.rank_terms(reg_info, brevet)
        if terms is not None and terms.min_social_level is not None:
            found.append((terms.min_social_level, f"brevet {brevet}"))
    if not found:
        return None
    minimum, rank = max(found)
    return rank, minimum


def check_rank_minimum(turn: Turn, ch: Character) -> None:
    """After the month's Social Level: below his rank's minimum he "has three game
    months to raise his Social Level ... If he does not, he is expelled"."""
    tables = turn.tables.regiments
    reg_info = regiment_info(tables, ch.regiment)
    if reg_info is None or not ch.rank:
        return
    found = rank_minimum(tables, turn.tables.military.promotion_ladder, ch)
    short = ch.get(MONTHS_SHORT)
    if found is None or ch.social_level >= found[1]:
        if short:
            turn.post(ch, MONTHS_SHORT, -short, MONTH_END,
                      f"Social Level {ch.social_level} again meets the {ch.rank}'s minimum", RULE_PROMOTION)
        return
    rank, minimum = found
    months = tables.below_minimum_months
    if short >= months:
        turn.post(ch, MONTHS_SHORT, -short, MONTH_END, "expelled", RULE_PROMOTION)
        regiment = ch.regiment
        leave(turn, ch, MONTH_END, f"expelled from the {regiment}: Social Level {ch.social_level} below the "
              f"{rank}'s minimum of {minimum} for {months} months", RULE_PROMOTION)
        turn.event(EV_EXPELLED, MONTH_END, ch.name, public=True, regiment=regiment, rank=rank,
                   minimum=minimum, social_level=ch.social_level)
        return
    turn.post(ch, MONTHS_SHORT, 1, MONTH_END,
              f"Social Level {ch.social_level} below the {rank}'s minimum of {minimum}", RULE_PROMOTION)
    turn.event(EV_RANK_SL_SHORT, MONTH_END, ch.name, public=False, regiment=reg_info.name, rank=rank,
               minimum=minimum, social_level=ch.social_level, months_left=months - short)


def organise_for_members(turn: Turn, ch: Character) -> None:
    """Month start: a character already of a regiment (made so by the GM) has its roster."""
    reg_info = regiment_info(turn.tables.regiments, ch.regiment)
    if reg_info is None:
        return
    reg = organise(turn, reg_info.name, MONTH_START)
    if ch.rank in OFFICER_RANKS and post_of(reg, ch.name) is None:
        _take_post(turn, reg, ch, ch.rank, MONTH_START)


# -- the roster (for ``engarde regiment NAME``) ------------------------------------


def roster(tables: RegimentsTables, world: World, name: str, characters: list[Character] = ()) -> list[dict]:
    """Each of the ten posts: rank, seniority within the rank, holder (or vacant),
    whether a player's, MA, command (acting or not) and detachment; then the
    characters of the regiment below Captain."""
    reg_info = tables.regiment(name)
    reg = world.regiment(reg_info.name) if reg_info else None
    if reg is None:
        return []
    by_post = {c.post: c for c in unit_commands(tables, reg) if c.post is not None}
    sheets = {c.name: c for c in characters}
    rows = []
    seniority: dict[str, int] = {}
    for i, officer in enumerate(reg.officers):
        rank = REGIMENT_ESTABLISHMENT[i]
        seniority[rank] = seniority.get(rank, 0) + 1
        cmd = by_post.get(i)
        ma = officer.ma
        if officer.player and officer.name in sheets:
            ma = sheets[officer.name].military_ability
        rows.append({
            "rank": rank, "seniority": seniority[rank], "name": officer.name, "player": officer.player,
            "ma": ma, "command": (("acting " if cmd.acting else "") + cmd.command) if cmd else None,
            "detached": officer.detached,
        })
    for ch in sorted(characters, key=lambda c: (-rank_index(c.rank or ""), c.name)):
        if ch.regiment == reg.name and ch.rank in ("Private", "Subaltern"):
            rows.append({"rank": ch.rank, "seniority": None, "name": ch.name, "player": True,
                         "ma": ch.military_ability, "command": None, "detached": None})
    return rows


def all_regiments(tables: RegimentsTables) -> tuple[RegimentInfo, ...]:
    return tables.regiments


# -- its steps in the month (their order: engarde.rules.MONTH) -------------------------------


def duty_step(turn: Turn, ch: Character) -> None:
    plan_duty(turn, ch, turn.sheet(ch.name))


def claim_duty(turn: Turn, ch: Character, order: Order, week: int) -> bool:
    """An unexcused week of duty takes the place of his order."""
    if not duty_week(turn, ch, week):
        return False
    duty(turn, ch, week, displaced=order)
    return True


def duty_order(turn: Turn, ch: Character, order: RegimentalDuty, week: int) -> None:
    """A week he orders as regimental duty."""
    duty(turn, ch, week)
