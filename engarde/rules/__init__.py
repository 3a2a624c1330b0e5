"""The rules modules: pure functions of a ``Turn`` and a character.

Each function changes a character only through ``Turn.post`` / ``Turn.assign``
/ ``Turn.pay`` (a ledger entry with its reason and rule) and reports what
happened as ``Turn.event`` with a stable code from ``engarde.codes``.  Dice come
in through ``turn.dice`` and are logged with the reason they were rolled.

Modules (the section of en-garde-rules.txt each one implements):

- ``status``: b. Time Sequence and Social Status: allowance, support and
  conspicuous consumption, social level at month end, status-point reset.
- ``clubs``: c. Clubs and c. Carousing: joining and resigning, visiting and
  carousing, dues, monthly status, the three-month bar on rejoining.
- ``bawdyhouse``: d. Bawdyhouses: the purse, mandatory refreshment (carousing),
  companionship, no credit, footpads on a 6.
- ``companionship``: d. Female Companionship: -2 SP, and 2 more each
  consecutive month, for a month without it.
- ``practice``: e. Practice: weeks of practice per weapon, +1 Expertise with
  that weapon for every four.

The fixed order ``engarde.resolve.resolve_month`` calls them in:

1. Month start: status.begin_month; status.pay_allowance (if the campaign's
   allowance setting is "month_start"); clubs.resign, then clubs.join (monthly
   orders).
2. Weeks 1 to 4, characters in sorted name order: the week's action
   (rest, practice.practise, clubs.visit, bawdyhouse.visit).
3. Month end, each step for every character before the next step:
   status.pay_allowance (if "month_end") -> status.pay_support ->
   clubs.pay_dues -> clubs.monthly_status -> clubs.count_down_bars ->
   companionship.month_end -> status.settle_social_level ->
   status.reset_status_points.
"""

from . import bawdyhouse, clubs, companionship, practice, status

__all__ = ["bawdyhouse", "clubs", "companionship", "practice", "status"]
