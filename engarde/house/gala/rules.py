"""The gala in the month: attributes rolled, the week at a gala, the evening played and its
reputation posted as status points, and an engagement's fortunes shared at month end.

Everything here reads the turn and writes through it (``turn.post`` with a reason, events);
the evening itself is ``engine.play``, a pure function of what these steps give it.
"""

from __future__ import annotations

import re

from engarde.calendar import MONTH_END
from engarde.records import Character
from engarde.turn import Turn

from . import engine
from .codes import EV_GALA, EV_GALA_ACCOUNT, EV_GALA_ATTRIBUTES, EV_GALA_BROKEN, EV_GALA_NONE, EV_GALA_SHARED
from .orders import STATS, Attend, BreakOff, GalaPlan
from .state import Gala, GalaState

RULE = "The Gala (house rule)"
RULE_SHARED = "The Gala: Being Engaged (house rule)"
# The ledger's counters of a man's gala attributes (engarde.records: a name with a dot).
CHARM, WIT, ACCOMPLISHMENT, DANCING = "gala.charm", "gala.wit", "gala.accomplishment", "gala.dancing"
COUNTERS = {"charm": CHARM, "wit": WIT, "accomplishment": ACCOMPLISHMENT}
# Set once his attributes are rolled or set (a stat may be 0, which the ledger keeps as no counter).
ROLLED = "gala.rolled"


def place(host: str) -> str:
    """Where the guests of ``host``'s gala are, in ``turn.whereabouts``."""
    return f"gala:{host}"


def host_key(host: str) -> str:
    """A host's name as an order may write it ("the Duchesse" or "Duchesse", any case)."""
    return re.sub(r"^the\s+", "", " ".join(host.split()).casefold())


def roll_attributes(turn: Turn) -> None:
    """Every living man with none yet has his Charm, Wit and Accomplishment rolled (the
    campaign's dice for each), and a d6 says whether he is accomplished in dancing; then the
    attributes the GM set (``engarde gala set``) are posted over them."""
    t = turn.tables.gala
    state: GalaState = turn.world.part("gala")
    for name in turn.living:
        ch = turn.characters[name]
        if ch.get(ROLLED):
            continue
        rolled = {}
        for stat, counter in COUNTERS.items():
            value = turn.dice.roll(t.attribute_dice, f"gala attributes: {name}'s {stat}", sides=t.attribute_sides)
            rolled[stat] = max(0, value + t.attribute_bonus)
            turn.post(ch, counter, rolled[stat], 0, "gala attributes rolled", RULE)
        dancing = turn.dice.d6(f"gala attributes: is {name} accomplished in dancing") >= t.dancing_on
        turn.post(ch, DANCING, 1 if dancing else 0, 0, "gala attributes rolled", RULE)
        turn.post(ch, ROLLED, 1, 0, "gala attributes rolled", RULE)
        turn.event(EV_GALA_ATTRIBUTES, 0, name, public=False, dancing=dancing, **rolled)
    for name, values in sorted(state.pending.items()):
        ch = turn.characters.get(name)
        if ch is None or ch.dead:
            continue
        for stat, value in sorted(values.items()):
            counter = COUNTERS.get(stat, DANCING)
            turn.post(ch, counter, value - ch.get(counter), 0, "gala attributes set by the GM", RULE)
        turn.event(EV_GALA_ATTRIBUTES, 0, name, public=False, by_gm=True,
                   dancing=bool(ch.get(DANCING)), **{stat: ch.get(c) for stat, c in COUNTERS.items()})
    state.pending = {}


def attend(turn: Turn, ch: Character, order: Attend, week: int) -> None:
    """The week's action: he goes to the gala given this week (the one of ``order.host``, when
    he names one); the evening is played once everyone has arrived (``hold_galas``)."""
    state: GalaState = turn.world.part("gala")
    given = [g for g in state.galas_in(turn.month.key, week) if not g.held]
    if order.host:
        given = [g for g in given if host_key(g.host) == host_key(order.host)]
    if len(given) != 1:
        why = "no gala is given that week" if not given else "two galas are given that week: name the host"
        turn.event(EV_GALA_NONE, week, ch.name, public=False, host=order.host, why=why)
        return
    turn.be_at(week, place(given[0].host), ch.name)


def break_off(turn: Turn, ch: Character, order: BreakOff, week: int) -> None:
    """gala.txt, Breaking It Off, away from a gala (the week's action): "The tie between them ends
    at once, and only then are the costs reckoned: the one who breaks it loses five reputation
    points, and the one who is jilted loses three ... Neither loss is shared"."""
    t = turn.tables.gala
    state: GalaState = turn.world.part("gala")
    jilted = state.betrothed().get(ch.name)
    if jilted is None:
        turn.event(EV_GALA_BROKEN, week, ch.name, public=False, jilted=None)
        return
    state.engagements = [p for p in state.engagements if set(p) != {ch.name, jilted}]
    turn.post(ch, "status_points", -t.broke_off * t.status_per_reputation, week,
              f"broke off the engagement to {jilted} (-{t.broke_off} reputation)", RULE)
    other = turn.characters.get(jilted)
    if other is not None and not other.dead:
        turn.post(other, "status_points", -t.jilted * t.status_per_reputation, week,
                  f"jilted by {ch.name} (-{t.jilted} reputation)", RULE)
    turn.event(EV_GALA_BROKEN, week, (ch.name, jilted), public=True, jilted=jilted)


def hold_galas(turn: Turn, week: int) -> None:
    """Every gala of the week, once its guests have come: played, and its results posted."""
    state: GalaState = turn.world.part("gala")
    for gala in state.galas_in(turn.month.key, week):
        if not gala.held:
            hold(turn, gala, week)


def guest(ch: Character, plan: GalaPlan) -> engine.Guest:
    return engine.Guest(ch.name, ch.get(CHARM), ch.get(WIT), ch.get(ACCOMPLISHMENT), bool(ch.get(DANCING)), plan)


def hold(turn: Turn, gala: Gala, week: int) -> engine.Evening | None:
    t = turn.tables.gala
    state: GalaState = turn.world.part("gala")
    gala.held = True
    names = [n for n in turn.present(week, place(gala.host)) if not turn.characters[n].dead]
    if not names:
        turn.event(EV_GALA, week, (), public=True, host=gala.host, guests=[], dances=[], engaged=[], broken=[],
                   scandals=[], faux_pas=0)
        return None
    chars = turn.characters

    def precedence(name: str) -> tuple:
        return (-chars[name].social_level, name)

    seats = engine.seating(names, precedence, gala.host, t.seating, turn.dice)
    plans = {name: sheet.monthly.of(GalaPlan) for name, sheet in turn.sheets.items()}
    guests = [guest(chars[n], plans.get(n, GalaPlan())) for n in seats]
    questioned = {n: p.questioned for n, p in plans.items() if p.questioned}
    betrothed = state.betrothed()
    evening = engine.play(guests, gala.host, gala.rooms, betrothed, turn.world.part("secrets"), turn.dice, t,
                          turn.month.key, questioned, gala.title)
    # the engagements as the evening left them (made and broken), each pair once
    for a, b in evening.broken:
        state.engagements = [p for p in state.engagements if set(p) != {a, b}]
    state.engagements += evening.engaged
    for r in evening.reputation:
        ch = chars.get(r.name)
        if ch is not None and not ch.dead:
            turn.post(ch, "status_points", r.delta * t.status_per_reputation, week,
                      f"{gala.title}: {r.reason} ({r.delta:+d} reputation)", RULE)
    for name, crowns, reason in evening.crowns:
        turn.post(chars[name], "crowns", crowns, week, reason, RULE)
    if not t.stats_recover:
        for g in guests:
            for stat in STATS:
                start = getattr(g, stat)
                turn.post(chars[g.name], COUNTERS[stat], evening.stats[g.name][stat] - start, week,
                          f"knocked down at {gala.title}", RULE)
    turn.event(EV_GALA, week, tuple(seats), public=True, host=gala.host, guests=list(seats),
               dances=[[a, b, how] for _, a, b, how in evening.dances],
               engaged=[list(p) for p in evening.engaged], broken=[list(p) for p in evening.broken],
               scandals=[[who, text] for who, text, _ in evening.scandals], faux_pas=len(evening.faux_pas))
    for name in seats:
        lines = [[x.round, x.text] for x in evening.account(name)]
        turn.event(EV_GALA_ACCOUNT, week, name, public=False, host=gala.host, lines=lines,
                   reputation=evening.net(name))
    return evening


def share_fortunes(turn: Turn) -> None:
    """gala.txt, Being Engaged: "When one partner gains or loses reputation, the other gains or
    loses the same" - an engagement goes on tying the two after the gala: every status point one
    of them won or lost this month by another rule (the gala's own were shared on the evening)
    the other wins or loses too, once; an engagement made this month shares only what came after
    the week it was made."""
    if not turn.tables.gala.share_after_gala:
        return
    state: GalaState = turn.world.part("gala")
    made: dict[frozenset[str], int] = {}  # an engagement made this month -> its week
    for ev in turn.events:
        if ev.code == EV_GALA:
            for a, b in ev.data.get("engaged", ()):
                made[frozenset((a, b))] = ev.week
    entries = [e for e in turn.ledger if e.field == "status_points" and e.rule not in (RULE, RULE_SHARED)]
    for a, b in list(state.engagements):
        since = made.get(frozenset((a, b)), -1)
        for one, other in ((a, b), (b, a)):
            partner = turn.characters.get(other)
            if partner is None or partner.dead:
                continue
            for e in entries:
                if e.character == one and e.week > since and e.delta:
                    turn.post(partner, "status_points", e.delta, MONTH_END,
                              f"shared with {one}, his betrothed: {e.reason}", RULE_SHARED)
                    turn.event(EV_GALA_SHARED, MONTH_END, (other, one), public=False, delta=e.delta,
                               reason=e.reason, source=one)
