"""The Gala: a house rule (gala.txt) played by mail inside an En Garde! campaign.

The GM schedules a gala (``engarde gala schedule``): its game month and week, its host (a
character or a non-player) and the rooms of the house with what lies in each (a letter, a
purse, two guests overheard).  Attending is the week's action ("Week 2: Attend the gala");
each guest's written gala plan (``grammar.py``) says, round by round, the company he keeps
and what he does in it, and answers beforehand what others may ask of him.  The evening is
played by ``engine.play``, a pure function; ``rules.py`` feeds it from the turn and posts what
it returns.  Reputation won or lost becomes status points in the month of the gala, one
ledger entry per cause; an engagement lasts beyond the gala and goes on tying the partners'
status points until it is broken off (``rules.share_fortunes``).

Gala attributes (Charm, Wit, Accomplishment, accomplished in dancing) are the ledger's
counters ``gala.charm``, ``gala.wit``, ``gala.accomplishment``, ``gala.dancing``: rolled at the
month's start for every living man who has none (3d6 each, a 5 or 6 on a d6 for dancing), or
set by the GM (``engarde gala set``).  "Roll below" a stat is a roll of the campaign's die (a
d20) strictly less than it; advantage is two dice, the better kept.

Where gala.txt is silent (it was written for a table game), this module chooses, and the
choices a GM may make differently are settings (``tables.py``):

- Seating: clockwise from the host's left, by precedence (Social Level high to low, then name;
  setting ``seating``: or ``drawn``); a host who attends sits last, in his own seat.
- A host who is no guest (or a party to the call) breaks a tie on a faux pas ``against the
  call`` (setting ``host_breaks_ties``); a host who is a guest breaks it by his own vote.
- Faux pas by mail: a plan names which kinds of the others' actions it calls (a closed list:
  interrupting, attacking, selling, proposing, breaking off, outbursts); of each such action
  the first guest clockwise from its author who calls that kind calls it, once.  Every guest
  votes: the accuser for, the accused against, the others "with the accuser", "against the
  accuser" or "as I call" (for, when he calls that kind himself; the default).
- The Host's advantage on an attack ("an aspect of their character that would benefit them")
  is never granted: there is no table to plead at.  A retort answers only an attack that told.
- Asking to dance and proposing need no company; selling a secret does (gala.txt), and a sale
  written without an engagement seeks out the buyer.  A man promised for a dance dances, whatever
  his plan's engagement; a dancer cannot be sought out.  The dance counts as "partnered" from
  its round, so partners may propose during it.
- A proposal to one never stood up with is void ("no offer at all") and may be called a faux pas.
- Engagement's reputation (+3 each) is not shared (each has his own); refusals, dances, faux
  pas, sales, rumours and exposures are shared once with a betrothed (at the gala or not).
- Exploring: one thing is found per success, the first the host placed in that room; a room the
  house lacks, or an empty one, yields "nothing" on the slip all the same.
- Selling secrets: no condition on a low reputation; the seller names the secret by whom it is
  about (and its area if he holds two); his most valuable such card is sold.
- A rumour is written with an area and a value from 2 (its copy is worth one less) to
  ``max_rumour`` (5); its seller keeps the card he wrote.  A buyer calls rumours "never" (the
  default), "always" or "worth N or more"; the subject declares by his own plan's "A secret about
  me called a rumour: own it | deny it" (default: own it, the truth), at the gala or not.
- Outbursts: one per guest per evening, when a stat first stands at 0, telling what his plan says
  (default: nothing).  An exposed secret costs its subject (value + copies in circulation) in
  reputation (setting ``exposure_from``: or out of his stats, highest first, which may bring on
  his own outburst after).
- Stats knocked down recover after the evening (setting ``stats_recover``).
- A man who attends without a plan keeps to himself and speaks every round; he accepts every
  dance and no proposal, retorts always, calls no faux pas, votes "as I call", calls no rumours,
  owns the truth and tells nothing in an outburst.
- A plan serves every gala its author attends that month; it is written each month.
- An engagement outlasts the evening, so it may be broken off away from a gala too: "Week 3:
  Break off my engagement" is the week's action (-5 and -3 as status points, not shared).
- Sharing after the gala (setting ``share_after_gala``): at month end every status point one of
  an engaged pair won or lost this month by another rule (after the week of the engagement) is
  posted to the other too, once.
"""

from __future__ import annotations

from engarde.modules import MONTH_END, MONTH_START, WEEK, Action, Commands, Deferred, RuleModule, Section, \
    Step, events_of, listing

from . import codes, grammar, rules, state
from .orders import Attend, BreakOff, GalaPlan
from .state import GalaState
from .tables import GalaTables



MODULE = RuleModule(
    name="gala",
    title="The Gala (house rule: gala.txt)",
    house=True,
    requires=("secrets", "status"),
    orders=(Attend, BreakOff),
    parts=(GalaPlan,),
    verbs=grammar.VERBS,
    lines=(grammar.GalaLines,),
    actions={Attend: Action(rules.attend), BreakOff: Action(rules.break_off)},
    steps=(
        Step("roll_attributes", MONTH_START, rules.roll_attributes, after="military.begin_month"),
        Step("hold_galas", WEEK, rules.hold_galas, after="month.actions"),
        Step("share_fortunes", MONTH_END, rules.share_fortunes, before="status.settle_social_level"),
    ),
    tables=GalaTables,
    state=GalaState,
    undo=state.undo,
    codes=codes,
    events=events_of(codes, {"gala": (codes.EV_GALA, codes.EV_GALA_BROKEN)}),
    sections=(
        Section("gala", "gala/column.html.j2", listing("gala", "galas"), after="society"),
        Section("gala_account", "gala/report.html.j2", report=True),
    ),
    templates=__name__,
    commands=Commands(f"{__name__}.commands:COMMANDS", ("gala",)),
    sheet_view=Deferred(f"{__name__}.commands:sheet_view"),
)
