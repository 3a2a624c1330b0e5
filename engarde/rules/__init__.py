"""The rules modules: pure functions of a ``Turn`` and a character.

Each function changes a character only through ``Turn.post`` / ``Turn.assign``
/ ``Turn.pay`` (a ledger entry with its reason and rule) and reports what
happened as ``Turn.event`` with a stable code from ``engarde.codes``.  Dice come
in through ``turn.dice`` and are logged with the reason they were rolled.

Modules (the section of en-garde-rules.txt each one implements):

- ``status``: b. Time Sequence and Social Status: allowance, support and
  conspicuous consumption, social level at month end, status-point reset.
- ``clubs``: c. Clubs and c. Carousing: joining and resigning, visiting (as a
  member or a member's guest) and carousing, dues, monthly status, the
  three-month bar on rejoining.
- ``gambling``: c. Gambling: bets against the croupier's die at a club (house
  limit, divisor) or a bawdyhouse (neither).
- ``toadying``: c. Toadying: guests' and hosts' status points, the Toady Table.
- ``bawdyhouse``: d. Bawdyhouses: the purse, mandatory refreshment (carousing),
  companionship, gambling, no credit, footpads on a 6.
- ``companionship``: d. Female Companionship: -2 SP, and 2 more each
  consecutive month, for a month without it.
- ``mistresses``: d. Mistresses: rolling them, courting, rival suitors, visits,
  support, gifts, status and favours (Influence Table C, stored).
- ``loans``: d. Loans: between characters and from moneylenders; calling in;
  disgrace on default.
- ``practice``: e. Practice: weeks of practice per weapon, +1 Expertise with
  that weapon for every four.
- ``duel``: e. Duelling: written sequences (Duelling Table A, checked at ingest),
  cause and challenges, the fight (Tables B and C, throws, breakage, optional
  routines, mandatory rests), Duelling Table D, death, recovery, and the trade
  of Expertise for Strength (month start: ``duel.trade_expertise``,
  ``duel.note_answers``; after each week's actions: ``duel.resolve_week`` then
  ``duel.recover``).
- ``military``: h. Campaign and Volunteers, i. Campaign Outcome: the Force
  tables, volunteers, substitutions, battle results, personal outcomes,
  despatches, promotion and brevets, poltroonery and bravery (month start:
  ``military.begin_month`` first; weeks: ``military.away`` skips those on
  campaign; month end: ``military.month_end`` before the social level, with
  those on campaign skipping the payments and the status account).

The fixed order ``engarde.resolve.resolve_month`` calls them in:

1. Month start: status.begin_month; status.pay_allowance (if the campaign's
   allowance setting is "month_start"); clubs.resign, then clubs.join, then
   loans.call (monthly orders).
2. Weeks 1 to 4, characters in sorted name order: the week's action
   (rest, practice.practise, clubs.visit, bawdyhouse.visit, mistresses.court,
   mistresses.visit, loans.borrow, loans.repay); guests (clubs.needs_host) after
   the others; then toadying.after_week and mistresses.after_week.
3. Month end, each step for every character before the next step:
   status.pay_allowance (if "month_end") -> status.pay_support ->
   clubs.pay_dues -> clubs.monthly_status -> clubs.count_down_bars ->
   mistresses.month_end -> loans.month_end ->
   companionship.month_end -> status.settle_social_level ->
   status.reset_status_points.
"""

from . import bawdyhouse, clubs, companionship, gambling, loans, mistresses, practice, status, toadying

__all__ = ["bawdyhouse", "clubs", "companionship", "gambling", "loans", "mistresses", "practice", "status",
           "toadying"]
