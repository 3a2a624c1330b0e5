"""The social conflict's rules (social-conflict-cards.txt): the week's attack, its result, the
secrets it exposes and what the man won over must do.  Pure: the cards come from the turn's
dice, every value moves through the ledger."""

from __future__ import annotations

from typing import Any

from engarde.house.secrets.hands import new_secret
from engarde.records import Character
from engarde.rules.duel.rules import FIELD
from engarde.rules.loans.rules import debt_field, lent_field, months_after
from engarde.rules.loans.state import Loan
from engarde.rules.mistresses.rules import FACT_COURTING
from engarde.turn import Turn

from . import engine
from .areas import BASE, EFFICIENCY, MEANING, REWARD, RULE, counter, get, name_of, set_areas
from .cards import JACK, KING, QUEEN, shuffled
from .codes import EV_CONFLICT, EV_CONFLICT_NEWS, EV_CONFLICT_REFUSED, EV_OBLIGED, EV_PROMISE_KEPT
from .orders import FAVOUR, LOAN, WITHDRAW, Attack, ConflictStanding
from .state import Obligation, Promise, SocialConflictState
from .tactics import Tactics

LODGINGS = "lodgings"  # where a man is found who was nowhere else that week
_CARD_KEYS = {JACK: "jack", QUEEN: "queen", KING: "king"}


def state(turn: Turn) -> SocialConflictState:
    return turn.world.part("social_conflict")


def areas_step(turn: Turn) -> None:
    """Month start: every living man without areas is given them (engarde.house.social_conflict.areas)."""
    for name in turn.living:
        set_areas(turn, turn.characters[name])


def distance(turn: Turn, attack: str, target: str) -> int:
    """"Attack can only be announced, if the base value of the attacking area reaches the
    distance of the attacking area and the target area"."""
    tables = turn.tables.social_conflict
    if attack == target:
        return tables.same_area_distance
    return tables.distances[f"{attack}-{target}"]


def tactics(turn: Turn, name: str) -> Tactics:
    """His standing tactics, with the campaign's defaults where he wrote nothing."""
    tables = turn.tables.social_conflict
    written = turn.standing_orders(name).of(ConflictStanding).tactics or Tactics()
    return written.with_defaults(tables.default_compare_at, tables.default_secret_card,
                                 tables.default_face_cards, tables.default_aces)


def meeting_place(turn: Turn, ch: Character, target: Character, week: int) -> tuple[str | None, str]:
    """Where the attacker finds the man he attacks this week ("a character in the same place"):
    the first place the target went that the attacker may enter (a club only if he is a member;
    never a mistress's house or the field of honour); a man who went nowhere is found at his
    lodgings (setting ``conflict_at_lodgings``).  (None, why) when he cannot be found."""
    registry = turn.registry
    if registry is not None and any(away(turn, target, week) for away in registry.away):
        return None, f"{target.name} was away from Paris"
    places = turn.places_of(week, target.name)
    for place in places:
        if place.startswith("mistress:") or place == FIELD:
            continue
        if place.startswith("club:") and place != f"club:{ch.club}":
            continue
        return place, ""
    if places:
        return None, f"{target.name} spent the week where {ch.name} could not follow him"
    if turn.tables.social_conflict.conflict_at_lodgings:
        return LODGINGS, ""
    return None, f"{target.name} was not to be found"


def place_name(place: str, whose: str) -> str:
    if place == LODGINGS:
        return f"{whose}'s lodgings"
    if place.startswith("club:"):
        return place.split(":", 1)[1]
    if place.startswith("gala:"):  # engarde.house.gala.rules.place: the host's gala
        return f"{place.split(':', 1)[1]}'s gala"
    return f"the {place}" if place.islower() else place


def attack(turn: Turn, ch: Character, order: Attack, week: int) -> engine.Result | None:
    """The week's action: a social conflict with ``order.whom``, played from both men's tactics."""

    def refuse(reason: str) -> None:
        turn.event(EV_CONFLICT_REFUSED, week, ch.name, public=False, order=order.describe(), reason=reason)

    target = turn.characters.get(order.whom)
    if target is None or target.dead:
        return refuse(f"{order.whom} is not among the living of this campaign")
    if target.name == ch.name:
        return refuse("a man cannot win himself over")
    place, why = meeting_place(turn, ch, target, week)
    if place is None:
        return refuse(why)
    needed = distance(turn, order.attack, order.target)
    base = get(ch, order.attack, BASE)
    if base < needed:
        return refuse(f"your {name_of(order.attack, BASE)} is {base}: an attack with {order.attack} "
                      f"({MEANING[order.attack]}) for {order.target} ({MEANING[order.target]}) needs {needed}")
    if place != LODGINGS:
        turn.be_at(week, place, ch.name)
    tables = turn.tables.social_conflict
    deck = shuffled(turn.dice, f"social conflict of {ch.name} with {target.name}")
    result = engine.play(get(ch, order.attack, EFFICIENCY), get(target, order.target, BASE), order.attack,
                         tactics(turn, ch.name), tactics(turn, target.name), deck, tables.most_cards)
    exposed = [expose(turn, ch, target, e, week) for e in result.exposures]
    gains = win(turn, ch, target, order, result, week) if result.end == engine.WON else []
    data = record(result, order, ch, target, place)
    data.update(exposed=exposed, gains=gains)
    turn.event(EV_CONFLICT, week, (ch.name, target.name), public=False, **data)
    if result.end == engine.WON:
        oblige(turn, ch, target, order, week)
    if tables.conflict_public and result.end in (engine.WON, engine.LOST):
        turn.event(EV_CONFLICT_NEWS, week, (ch.name, target.name), public=True, won=result.end == engine.WON,
                   place=data["place"])
    return result


def record(result: engine.Result, order: Attack, ch: Character, target: Character, place: str) -> dict[str, Any]:
    """The conflict as its event keeps it (JSON): every move, the result, who could see what."""
    return {
        "attacker": ch.name, "defender": target.name, "place": place_name(place, target.name),
        "attack_area": order.attack, "target_area": order.target, "want": order.want.describe(),
        "efficiency": get(ch, order.attack, EFFICIENCY), "efficiency_name": name_of(order.attack, EFFICIENCY),
        "floor": get(target, order.target, BASE), "floor_name": name_of(order.target, BASE),
        "moves": [{"side": m.side, "act": m.act, "card": str(m.card) if m.card else None, "attack": m.attack,
                   "defence": m.defence, "shows": m.shows} for m in result.moves],
        "end": result.end, "attack": result.attack, "defence": result.defence, "margin": result.margin,
        "secret": str(result.secret), "trump": result.trump,
        "card_shown": result.card_shown, "intent_shown": result.intent_shown or result.end in (engine.WON,
                                                                                               engine.LOST),
    }


def expose(turn: Turn, ch: Character, target: Character, e: engine.Exposure, week: int) -> dict[str, Any]:
    """A secret slips out: it comes into the world about the man who let it slip, its card held
    by his opponent (engarde.house.secrets)."""
    tables = turn.tables.social_conflict
    who, holder = (ch, target) if e.side == engine.ATTACKER else (target, ch)
    secrets = turn.world.part("secrets")
    key = _CARD_KEYS[e.card.rank] if e.card is not None else e.why
    value = tables.secret_values.get(key, 1)
    texts = tables.secret_texts[e.area]
    told = sum(1 for s in secrets.secrets.values() if s.about == who.name and s.area == e.area)
    text = f"{who.name} {texts[told % len(texts)]}"  # the table gives every area its texts
    how = {"face card": f"let slip by {who.name} ({e.card})", "compare": f"{who.name} showed his hand too plainly",
           "escape": f"{who.name}'s flat refusal gave it away"}[e.why]
    new_secret(secrets, who.name, e.area, value, text, holder=holder.name,
               how=f"a social conflict in week {week}: {how}", month=turn.month.key)
    return {"about": who.name, "holder": holder.name, "area": e.area, "value": value, "text": text, "why": e.why,
            "card": str(e.card) if e.card else None}


def win(turn: Turn, ch: Character, target: Character, order: Attack, result: engine.Result,
        week: int) -> list[dict[str, Any]]:
    """"If the attacking and target areas are the same, the reward of the area is raised by the
    difference.  If they aren't the same, the efficiency of the target area is raised by the
    difference and the base value is raised to that of the attacked character. If lower, it is
    raised by 1.\""""
    diff = result.margin
    why = f"won over {target.name} in a social conflict (by {diff})"
    changes: list[tuple[str, int]] = []
    if order.attack == order.target:
        changes.append((REWARD, diff))
    else:
        changes.append((EFFICIENCY, diff))
        mine, theirs = get(ch, order.target, BASE), get(target, order.target, BASE)
        changes.append((BASE, theirs - mine if mine < theirs else 1))
    gains = []
    for kind, delta in changes:
        turn.post(ch, counter(order.target, kind), delta, week, why, RULE)
        gains.append({"name": name_of(order.target, kind), "delta": delta, "now": get(ch, order.target, kind)})
    return gains


def oblige(turn: Turn, ch: Character, target: Character, order: Attack, week: int) -> None:
    """"The attacked character is willing to do what the attacking character wants him/her to
    do": a loan is lent (as the loans rules keep one between gentlemen), a courtship given up
    (a promise the weeks keep), anything else waits for the GM (``engarde conflict list``)."""
    wanted = order.want
    both = (target.name, ch.name)

    def for_gm(kind: str, note: str) -> None:
        st = state(turn)
        ob = Obligation(st.next_obligation_number(), turn.month.key, week, target.name, ch.name, kind,
                        wanted.describe() + (f" ({note})" if note else ""))
        st.conflict_obligations.append(ob)
        turn.event(EV_OBLIGED, week, both, public=False, kind="gm", want=ob.want, number=ob.number)

    if wanted.kind == LOAN:
        lent = min(wanted.amount, max(target.crowns, 0))
        if lent > 0:
            loan = Loan(turn.world.next_loan_number(), ch.name, target.name, lent, turn.month.key, principal=lent)
            turn.world.loans.append(loan)
            why = f"won over by {ch.name} in a social conflict"
            turn.post(target, "crowns", -lent, week, f"lent to {ch.name} (loan {loan.number}): {why}", RULE)
            turn.post(target, lent_field(loan), lent, week, f"{ch.name} owes him (loan {loan.number}, no interest)",
                      RULE)
            turn.post(ch, "crowns", lent, week, f"borrowed from {target.name} (loan {loan.number}), won over", RULE)
            turn.post(ch, debt_field(loan), lent, week, f"owes {target.name} (loan {loan.number}, no interest)",
                      RULE)
            turn.event(EV_OBLIGED, week, both, public=False, kind=LOAN, lent=lent, asked=wanted.amount,
                       loan=loan.number)
        if lent < wanted.amount:
            for_gm(LOAN, f"he had only {max(target.crowns, 0) + lent} crowns to lend")
    elif wanted.kind == WITHDRAW:
        m = turn.world.mistress(wanted.mistress)
        if m is None or m.lover == target.name:
            return for_gm(WITHDRAW, "no such courtship" if m is None else f"he keeps {m.name}: the GM rules")
        until = months_after(turn.month, turn.tables.social_conflict.promise_months).key
        state(turn).conflict_promises.append(Promise(target.name, m.name, ch.name, until))
        turn.event(EV_OBLIGED, week, both, public=False, kind=WITHDRAW, mistress=m.name, until=until)
    else:
        for_gm(FAVOUR if wanted.kind == FAVOUR else "other", "")


def keep_promises(turn: Turn, week: int) -> None:
    """After the week's actions, before the courting is settled: a man who promised to withdraw
    from courting a mistress is not among her suitors (what he paid at her door is spent)."""
    for p in state(turn).conflict_promises:
        if p.until < turn.month.key:
            continue
        m = turn.world.mistress(p.mistress)
        courting = turn.fact(p.promiser).get(FACT_COURTING, {})
        if m is not None and week in courting and courting[week][0] == m.number:
            del courting[week]
            turn.event(EV_PROMISE_KEPT, week, (p.promiser,), public=False, mistress=m.name, to=p.to)


def drop_promises(turn: Turn) -> None:
    """Month end: promises whose last month this was are over."""
    st = state(turn)
    st.conflict_promises = [p for p in st.conflict_promises if p.until > turn.month.key]
