"""c. Gambling.

The rulebook's numbers as data, named as the book names them.
"""

from __future__ import annotations


# == issue 4: society (appended) ====================================================

# -- c. Gambling ---------------------------------------------------------------------
MAX_BETS_PER_WEEK = 9  # "A character may place only nine bets in any one week."
# House value: a week's gambling whose net result is this many crowns or more, won or
# lost, is "of note" and printed in the gazette (the rules are silent on publicity).
GAMBLING_OF_NOTE = 100
