"""The gala itself, as a pure function: the guests in their seats with their attributes and
plans, the house's rooms, the secrets and the dice in; the evening round by round out.

``play`` runs the nine rounds of gala.txt.  Each guest in turn, clockwise from the host's left
(the order of ``guests``), takes his engagement (the company he keeps) and his action.  It never
reads the database or the turn: the month's step (``rules.hold_galas``) feeds it and posts what
it returns (reputation as status points, crowns found, stats lost if they do not recover).

What it returns (``Evening``): every line of the round-by-round account, each public (every
guest saw it) or private to those named (a slip of paper from the host, a secret sold); the
reputation won and lost, one entry per cause; the crowns found; the stats each guest ended with;
the engagements made and broken; the dances, the faux pas and the scandals told.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping

from engarde.dice import Dice
from engarde.house.secrets import hands
from engarde.house.secrets.hands import SecretsError
from engarde.house.secrets.state import Copy, SecretsState

from .orders import (AGAINST, ANYONE, AS_I_CALL, ASK, ATTACK, BREAK, DANCE, EXPLORE, PROPOSE, RUMOUR, SEEK,
                     SELL, STATS, WITH, GalaPlan, Move)
from .tables import GalaTables

# What a man who wrote no answer does (the module's documentation lists these).
DEFAULT_DANCES = (ANYONE,)   # accepts any partner
DEFAULT_PROPOSALS: tuple[str, ...] = ()  # accepts no proposal
DEFAULT_RETORT = "always"
DEFAULT_CALLS: tuple[str, ...] = ()      # calls no faux pas
DEFAULT_VOTE = AS_I_CALL                 # votes with a call of a kind he would call himself
DEFAULT_ACCUSE = "never"
DEFAULT_QUESTIONED = "own"               # declares the truth
DEFAULT_OUTBURST: tuple[str, ...] = ()   # tells nothing


@dataclass(frozen=True)
class Item:
    """A thing the host placed in a room: a ``letter`` or two guests ``overheard`` (a secret
    about ``about``, of ``area`` and ``value``, saying ``text``), or a ``purse`` of ``value``
    crowns."""

    kind: str
    value: int = 0
    about: str = ""
    area: str = "hearts"
    text: str = ""

    def describe(self) -> str:
        if self.kind == "purse":
            return f"a purse of {self.value} crowns"
        what = "a letter" if self.kind == "letter" else "two guests overheard"
        return f"{what}: {self.text} (a secret of {self.about}'s, {self.area}, worth {self.value})"


@dataclass
class Room:
    name: str
    items: list[Item] = field(default_factory=list)


@dataclass(frozen=True)
class Guest:
    name: str
    charm: int
    wit: int
    accomplishment: int
    dancing: bool = False
    plan: GalaPlan = field(default_factory=GalaPlan)


@dataclass(frozen=True)
class Line:
    """One line of the account: ``seen`` None is public (every guest saw it), else the guests
    who did."""

    round: int
    text: str
    seen: tuple[str, ...] | None = None

    def seen_by(self, name: str) -> bool:
        return self.seen is None or name in self.seen


@dataclass(frozen=True)
class Reputation:
    name: str
    delta: int
    reason: str


@dataclass
class Evening:
    host: str
    guests: tuple[str, ...]
    lines: list[Line] = field(default_factory=list)
    reputation: list[Reputation] = field(default_factory=list)
    crowns: list[tuple[str, int, str]] = field(default_factory=list)
    stats: dict[str, dict[str, int]] = field(default_factory=dict)
    engaged: list[tuple[str, str]] = field(default_factory=list)
    broken: list[tuple[str, str]] = field(default_factory=list)   # (who broke it, who was jilted)
    dances: list[tuple[int, str, str, str]] = field(default_factory=list)  # (round, a, b, outcome)
    faux_pas: list[tuple[int, str, str, str, str]] = field(default_factory=list)  # (round, accuser, accused, what, verdict)
    scandals: list[tuple[str, str, int]] = field(default_factory=list)  # (who told it, the secret's text, its cost)
    found: list[tuple[str, str, str]] = field(default_factory=list)    # (finder, room, what) - private

    def account(self, name: str) -> list[Line]:
        """The lines ``name`` saw."""
        return [x for x in self.lines if x.seen_by(name)]

    def net(self, name: str) -> int:
        return sum(r.delta for r in self.reputation if r.name == name)


class _Gala:
    """One evening being played (``play`` builds it and runs it)."""

    def __init__(self, guests: list[Guest], host: str, rooms: list[Room], engagements: dict[str, str],
                 secrets: SecretsState, dice: Dice, tables: GalaTables, month: str, questioned: Mapping[str, str],
                 title: str) -> None:
        self.guests = {g.name: g for g in guests}
        self.order = [g.name for g in guests]
        self.host = host
        self.rooms = {r.name.casefold(): r for r in rooms}
        self.engagements = engagements
        self.secrets = secrets
        self.dice = dice
        self.t = tables
        self.month = month
        self.questioned = questioned
        self.title = title
        self.stats = {g.name: {"charm": g.charm, "wit": g.wit, "accomplishment": g.accomplishment} for g in guests}
        self.evening = Evening(host, tuple(self.order))
        self.round = 0
        self.partners: dict[int, dict[str, str]] = {}  # dance round -> name -> partner
        self.danced: set[frozenset[str]] = set()       # every pair that has stood up together
        self.burst: set[str] = set()                   # who has had his outburst

    # -- the account and the dice

    def say(self, text: str, seen: tuple[str, ...] | None = None) -> None:
        self.evening.lines.append(Line(self.round, text, seen))

    def below(self, name: str, stat: str, why: str, advantage: bool = False) -> bool:
        """A roll below his ``stat`` (with advantage: two dice, the better kept)."""
        rolls = [self.dice.roll(1, f"gala: {name} rolls below {stat} ({why})", sides=self.t.die)
                 for _ in range(2 if advantage else 1)]
        return min(rolls) < self.stats[name][stat]

    def plan(self, name: str) -> GalaPlan:
        return self.guests[name].plan

    # -- reputation, shared by the engaged

    def repute(self, name: str, delta: int, reason: str, shared: bool = True) -> None:
        """Reputation won or lost; an engaged man's betrothed feels it too, once (gala.txt,
        Being Engaged: "This sharing resolves once and does not run back and forth")."""
        if not delta:
            return
        self.evening.reputation.append(Reputation(name, delta, reason))
        partner = self.engagements.get(name)
        if shared and partner:
            self.evening.reputation.append(Reputation(partner, delta, f"shared with {name}, betrothed: {reason}"))

    def brazen(self, name: str, delta: int, reason: str, what: str) -> None:
        """A loss he may roll below his Charm to carry off (refusals, verdicts, rumours)."""
        if self.below(name, "charm", what):
            self.say(f"{name} carries it off with charm, and loses nothing by it.")
            return
        self.say(f"{name} loses {-delta} reputation ({reason}).")
        self.repute(name, delta, reason)

    # -- the evening

    def run(self) -> Evening:
        rounds = self.t.rounds
        for self.round in range(1, rounds + 1):
            self.play_round()
        self.evening.stats = self.stats
        return self.evening

    def dance_round(self, number: int) -> bool:
        return number % self.t.dance_every == 0

    def next_dance(self, number: int) -> int | None:
        """The dance a man may ask for in round ``number``: the one of the next two rounds."""
        for ahead in (1, 2):
            if number + ahead <= self.t.rounds and self.dance_round(number + ahead):
                return number + ahead
        return None

    def play_round(self) -> None:
        n = self.round
        # name -> his conversation partner; None: engaged, but his company was torn away
        self.talking: dict[str, str | None] = {}
        self.attacked: set[str] = set()
        self.acted: set[str] = set()
        pairs = self.partners.get(n, {}) if self.dance_round(n) else {}
        if self.dance_round(n):
            self.say("The dance." if pairs else "The dance, and no one stands up.")
        for a, b in pairs.items():
            self.talking[a] = b
        for name in self.order:
            move = self.plan(name).move(n)
            self.engage(name, move, pairs)
            self.act(name, move)
            self.acted.add(name)
            partner = pairs.get(name)
            if partner is not None and partner in self.acted:
                self.dance(partner, name)  # the end of their collective turn (the first seated rolls first)

    def engage(self, name: str, move: Move, pairs: Mapping[str, str]) -> None:
        if name in pairs:
            if move.engage == SEEK:
                self.say(f"{name} is promised to {pairs[name]} for this dance.", (name,))
            return
        if name in self.talking:
            if move.engage == SEEK:
                self.say(f"{name} has been drawn into {self.talking[name] or 'a conversation'}'s company already "
                         f"and cannot seek out {move.whom}.", (name,))
            return
        if move.engage == DANCE:
            self.say(f"{name} has no partner for a dance this round and stays alone.", (name,))
            return
        if move.engage != SEEK:
            return
        whom = move.whom
        if whom == name or whom not in self.guests:
            self.say(f"{name} looks for {whom}, who is not among the guests, and stays alone.", (name,))
            return
        if whom in pairs:
            self.say(f"{name} would speak with {whom}, who is dancing, and stays alone.")
            return
        if whom in self.talking:
            torn = self.talking[whom]
            if torn is not None:
                self.talking[torn] = None
            self.talking[whom] = name
            self.talking[name] = whom
            away = f"{torn}'s conversation" if torn else "a conversation"
            self.say(f"{name} tears {whom} away from {away}.")
            self.faux_pas(name, "interrupting", f"tearing {whom} away from {torn or 'a conversation'}")
            return
        self.talking[whom] = name
        self.talking[name] = whom
        self.say(f"{name} seeks out {whom}'s conversation.")

    # -- actions

    def act(self, name: str, move: Move) -> None:
        action = {ATTACK: self.attack, ASK: self.ask, PROPOSE: self.propose, SELL: self.sell, RUMOUR: self.sell,
                  EXPLORE: self.explore, BREAK: self.break_off}.get(move.action)
        if action is not None:
            action(name, move)

    def other_guest(self, name: str, whom: str, doing: str) -> bool:
        if whom == name or whom not in self.guests:
            self.say(f"{name} would {doing} {whom}, who is not among the guests: the action is lost.", (name,))
            return False
        return True

    def attack(self, name: str, move: Move) -> None:
        target, stat = move.target, move.stat
        if not self.other_guest(name, target, "attack"):
            return
        if target in self.attacked:
            self.say(f"{name} turns on {target}, already cut down this round and beneath further notice.")
            return
        self.attacked.add(target)
        if self.dice.roll(1, f"gala: {name} attacks {target}'s {stat}", sides=self.t.die) < self.stats[target][stat]:
            self.say(f"{name} attacks {target}'s {stat}, and misses the mark.")
            self.faux_pas(name, "attacking", f"attacking {target}")
            return
        self.say(f"{name} attacks {target}'s {stat}, and it tells.")
        loser, loss = target, self.t.attack_loss
        answered = name
        while self.retorts(loser):
            if self.below(loser, "wit", f"retort to {answered}"):
                self.say(f"{loser} retorts, and the laugh is on {answered}.")
                loser, answered, loss = answered, loser, self.t.retort_loss
            else:
                loss += 1
                self.say(f"{loser} tries a retort, and it falls flat.")
                break
        self.lose_stat(loser, stat, loss)
        self.faux_pas(name, "attacking", f"attacking {target}")
        self.outbursts()

    def retorts(self, name: str) -> bool:
        answer = self.plan(name).retort or DEFAULT_RETORT
        if answer == "always":
            return True
        if answer == "never":
            return False
        return answer.isdigit() and self.stats[name]["wit"] >= int(answer)

    def lose_stat(self, name: str, stat: str, loss: int) -> None:
        before = self.stats[name][stat]
        after = max(0, before - loss)
        self.stats[name][stat] = after
        self.say(f"{name} loses {before - after} {stat} ({after} left).")

    def ask(self, name: str, move: Move) -> None:
        target = move.target
        dance = self.next_dance(self.round)
        if dance is None:
            self.say(f"{name} asks {target} to dance, but no dance is to follow in the next two rounds.", (name,))
            return
        if not self.other_guest(name, target, "ask to dance"):
            return
        promised = self.partners.setdefault(dance, {})
        if name in promised:
            self.say(f"{name} is promised to {promised[name]} for the next dance already.", (name,))
            return
        accepts = self.plan(target).dances_from
        accepts = DEFAULT_DANCES if accepts is None else accepts
        if target not in promised and (ANYONE in accepts or name in accepts):
            promised[name], promised[target] = target, name
            self.say(f"{name} asks {target} to dance, and is accepted.")
            return
        self.say(f"{name} asks {target} to dance, and is refused.")
        self.brazen(name, -self.t.refused_dance, f"refused a dance by {target}", "a refusal")

    def dance(self, a: str, b: str) -> None:
        self.danced.add(frozenset((a, b)))
        good_a = self.below(a, "accomplishment", "dancing", advantage=self.guests[a].dancing)
        good_b = self.below(b, "accomplishment", "dancing", advantage=self.guests[b].dancing)
        if good_a and good_b:
            outcome = "well"
            self.say(f"{a} and {b} dance beautifully: each gains {self.t.danced_well} reputation.")
            self.repute(a, self.t.danced_well, f"danced well with {b}")
            self.repute(b, self.t.danced_well, f"danced well with {a}")
        elif not good_a and not good_b:
            outcome = "badly"
            self.say(f"{a} and {b} stumble through the dance: each loses {self.t.danced_badly} reputation.")
            self.repute(a, -self.t.danced_badly, f"danced badly with {b}")
            self.repute(b, -self.t.danced_badly, f"danced badly with {a}")
        else:
            outcome = "unremarked"
            self.say(f"{a} and {b} dance, and it passes without remark.")
        self.evening.dances.append((self.round, a, b, outcome))

    def propose(self, name: str, move: Move) -> None:
        target = move.target
        if not self.other_guest(name, target, "propose to"):
            return
        now = self.partners.get(self.round, {}) if self.dance_round(self.round) else {}
        if frozenset((name, target)) not in self.danced and now.get(name) != target:
            self.say(f"{name} offers for the hand of {target}, never a partner in a dance: "
                     "no offer at all, and the room thinks very little of it.")
            self.faux_pas(name, "proposing", f"proposing to {target}, a stranger")
            return
        if name in self.engagements:
            self.say(f"{name}, engaged to {self.engagements[name]}, cannot offer for {target}.", (name,))
            return
        accepts = self.plan(target).proposals_from
        accepts = DEFAULT_PROPOSALS if accepts is None else accepts
        if target not in self.engagements and (ANYONE in accepts or name in accepts):
            self.engagements[name], self.engagements[target] = target, name
            self.evening.engaged.append((name, target))
            self.say(f"{name} asks for {target}'s hand, and is accepted: they are engaged "
                     f"(each gains {self.t.engaged} reputation).")
            self.repute(name, self.t.engaged, f"engaged to {target}", shared=False)
            self.repute(target, self.t.engaged, f"engaged to {name}", shared=False)
            self.faux_pas(name, "proposing", f"proposing to {target}")
            return
        why = f", being engaged to {self.engagements[target]}" if target in self.engagements else ""
        self.say(f"{name} asks for {target}'s hand, and is refused{why}.")
        self.brazen(name, -self.t.refused_proposal, f"refused by {target}", "a refused proposal")
        self.faux_pas(name, "proposing", f"proposing to {target}")

    def break_off(self, name: str, move: Move) -> None:
        jilted = self.engagements.pop(name, None)
        if jilted is None:
            self.say(f"{name} has no engagement to break off.", (name,))
            return
        self.engagements.pop(jilted, None)
        self.evening.broken.append((name, jilted))
        self.say(f"{name} breaks off the engagement to {jilted}: the room talks of them both.")
        # the tie ends at once, and only then are the costs reckoned: neither loss is shared
        self.repute(name, -self.t.broke_off, f"broke off the engagement to {jilted}", shared=False)
        self.repute(jilted, -self.t.jilted, f"jilted by {name}", shared=False)
        self.faux_pas(name, "breaking off", f"breaking off the engagement to {jilted}")

    def explore(self, name: str, move: Move) -> None:
        if name in self.talking:
            self.say(f"{name} is engaged in company and cannot wander off to the {move.room}.", (name,))
            return
        self.say(f"{name} slips away from the company.")
        room = self.rooms.get(move.room.casefold())
        found = self.below(name, "wit", f"exploring the {move.room}")
        if room is None:
            self.say(f"The house has no {move.room}: {name} finds nothing.", (name,))
            self.evening.found.append((name, move.room, ""))
            return
        if not found or not room.items:
            self.say(f"The host's slip of paper: nothing found in the {room.name}.", (name,))
            self.evening.found.append((name, room.name, ""))
            return
        item = room.items.pop(0)
        self.say(f"The host's slip of paper: in the {room.name}, {item.describe()}.", (name,))
        self.evening.found.append((name, room.name, item.describe()))
        if item.kind == "purse":
            self.evening.crowns.append((name, item.value, f"a purse found in the {room.name} at {self.title}"))
        else:
            hands.new_secret(self.secrets, item.about, item.area, item.value, item.text, holder=name,
                             how=f"found in the {room.name} at {self.title}", month=self.month)

    def sell(self, name: str, move: Move) -> None:
        buyer = move.target
        if not self.other_guest(name, buyer, "sell a secret to"):
            return
        if self.talking.get(name) != buyer:
            self.say(f"{name} would sell a secret to {buyer}, but is not in that company.", (name,))
            return
        if move.action == RUMOUR:
            value = min(move.value, self.t.max_rumour)
            card = hands.new_secret(self.secrets, move.about, move.area, value, move.text, holder=name,
                                    how=f"written at {self.title}", month=self.month, true=False, author=name)
        else:
            card = self.card(name, move)
            if card is None:
                self.say(f"{name} holds no secret about {move.about} to sell.", (name,))
                return
        try:
            copy = hands.copy_to(self.secrets, card, buyer, how=f"bought at {self.title}", month=self.month)
        except SecretsError as why:
            self.say(f"{name} cannot sell that secret to {buyer}: {why}.", (name, buyer))
            return
        secret = self.secrets.secrets[card.secret]
        self.say(f"{name} sells {buyer} a secret of {secret.about}'s: {secret.text} "
                 f"(the copy worth {copy.value}).", (name, buyer))
        self.say(f"{name} and {buyer} are seen with their heads together.")
        self.repute(name, card.value, f"sold a secret to {buyer}")
        self.say(f"{name} gains {card.value} reputation.", (name, buyer))
        self.faux_pas(name, "selling", f"selling a secret to {buyer}")
        self.accusation(name, buyer, card, copy)

    def card(self, name: str, move: Move) -> Copy | None:
        """His most valuable card about ``move.about`` (of ``move.area`` if he names one)."""
        mine = [c for c in hands.hand(self.secrets, name)
                if self.secrets.secrets[c.secret].about == move.about
                and (not move.area or self.secrets.secrets[c.secret].area == move.area)]
        return max(mine, key=lambda c: (c.value, -c.id), default=None)

    def accusation(self, seller: str, buyer: str, card: Copy, copy: Copy) -> None:
        """gala.txt, Crafting Rumors: the buyer may call it a rumour; its subject declares."""
        accuse = self.plan(buyer).accuse or DEFAULT_ACCUSE
        if accuse == "never" or (accuse.isdigit() and copy.value < int(accuse)):
            return
        secret = self.secrets.secrets[card.secret]
        denies = self.questioned.get(secret.about, DEFAULT_QUESTIONED) == "deny"
        self.say(f"{buyer} calls the secret {seller} sold him a rumour; {secret.about} "
                 f"declares it {'false' if denies else 'true'}.")
        if not denies:
            self.brazen(buyer, -copy.value, f"impugned a true telling from {seller}", "an accusation gone wrong")
            return
        if secret.author != seller or card.source is not None:
            self.say(f"{seller} did not write that card: no one pays.")
            return
        self.brazen(seller, -card.value, f"caught out in a rumour sold to {buyer}", "a rumour exposed")

    # -- faux pas

    def faux_pas(self, accused: str, kind: str, what: str) -> None:
        """The first guest clockwise from ``accused`` who calls this kind of action calls it; the
        guests vote; the host breaks a tie; whoever loses may roll below Charm to carry it off."""
        seat = self.order.index(accused)
        after = self.order[seat + 1:] + self.order[:seat]
        accuser = next((g for g in after if kind in (self.plan(g).calls or DEFAULT_CALLS)), None)
        if accuser is None:
            return
        yes = no = 0
        for g in self.order:
            if g == accuser or (g != accused and self.votes_for(g, kind)):
                yes += 1
            else:
                no += 1
        if yes == no:
            if self.host in self.guests and self.host not in (accuser, accused):
                carried = self.votes_for(self.host, kind)
            else:
                carried = self.t.host_breaks_ties == "for the call"
            tie = ", the host breaking the tie"
        else:
            carried, tie = yes > no, ""
        verdict = "faux pas" if carried else "no faux pas"
        self.say(f"{accuser} calls faux pas on {accused} for {what}: {yes} hands for, {no} against{tie}: "
                 f"{'the room agrees' if carried else 'the room does not agree'}.")
        self.evening.faux_pas.append((self.round, accuser, accused, what, verdict))
        if carried:
            self.brazen(accused, -self.t.faux_pas, f"a faux pas called by {accuser} ({what})", "a faux pas")
        else:
            self.brazen(accuser, -self.t.faux_pas, f"a faux pas called on {accused} that the room rejected",
                        "a rejected call")

    def votes_for(self, name: str, kind: str) -> bool:
        vote = self.plan(name).vote or DEFAULT_VOTE
        if vote == WITH:
            return True
        if vote == AGAINST:
            return False
        return kind in (self.plan(name).calls or DEFAULT_CALLS)

    # -- outbursts

    def outbursts(self) -> None:
        """Every guest with a stat at 0 who has not yet had his outburst has it now, in seating
        order; one an exposed secret brings to 0 has his once that one is over."""
        while True:
            due = [g for g in self.order if g not in self.burst and min(self.stats[g].values()) == 0]
            if not due:
                return
            name = due[0]
            self.burst.add(name)
            self.outburst(name)

    def outburst(self, name: str) -> None:
        tell = self.plan(name).outburst
        tell = DEFAULT_OUTBURST if tell is None else tell
        cards = [c for c in hands.hand(self.secrets, name)
                 if "all" in tell or self.secrets.secrets[c.secret].about in tell]
        if not cards:
            self.say(f"{name}, brought to nothing, says nothing after all.")
            return
        self.say(f"{name}, brought to nothing, bursts out before the whole party.")
        for card in cards:  # a hand holds one card of a secret (hands.copy_to): each is told once
            secret = self.secrets.secrets[card.secret]
            cost = secret.value + hands.in_circulation(self.secrets, card.secret)
            hands.reveal(self.secrets, card.secret, self.month)
            self.say(f"{name} tells all: {secret.text} ({secret.about} pays {cost}).")
            self.evening.scandals.append((name, secret.text, cost))
            self.expose(secret.about, cost, f"a secret told in {name}'s outburst")
        self.faux_pas(name, "outbursts", "an outburst")

    def expose(self, subject: str, cost: int, reason: str) -> None:
        if self.t.exposure_from == "stats" and subject in self.guests:
            left = cost
            while left and max(self.stats[subject].values()) > 0:
                stat = max(STATS, key=lambda s: self.stats[subject][s])
                self.stats[subject][stat] -= 1
                left -= 1
            self.say(f"{subject} pays {cost - left} out of the stats ({reason}): "
                     + ", ".join(f"{s} {self.stats[subject][s]}" for s in STATS) + ".")
            return
        self.repute(subject, -cost, reason)


def play(guests: list[Guest], host: str, rooms: list[Room], engagements: dict[str, str],
         secrets: SecretsState, dice: Dice, tables: GalaTables, month: str,
         questioned: Mapping[str, str] = {}, title: str = "the gala") -> Evening:
    """The evening: ``guests`` in their seats, clockwise from the host's left; ``rooms`` (their
    items are taken as they are found); ``engagements`` (name -> betrothed, changed as the
    evening makes and breaks them); ``secrets`` (the campaign's, changed through
    ``engarde.house.secrets.hands``); ``questioned``: what each man declares of a secret about him
    called a rumour ("own" or "deny"; default "own")."""
    return _Gala(guests, host, rooms, engagements, secrets, dice, tables, month, questioned, title).run()


def seating(names: list[str], precedence: Callable[[str], tuple], host: str, how: str, dice: Dice) -> list[str]:
    """The guests' seats, clockwise from the host's left: by precedence (``precedence(name)``,
    lowest first is the first seat) or drawn by lot; a host who is a guest sits last."""
    others = [n for n in names if n != host]
    if how == "drawn":
        drawn: list[str] = []
        while len(others) > 1:
            pick = dice.roll(1, "gala: drawing the seats", sides=len(others)) - 1
            drawn.append(others.pop(pick))
        others = drawn + others
    else:
        others.sort(key=precedence)
    return others + ([host] if host in names else [])
