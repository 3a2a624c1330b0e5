"""e. Practice.

The rulebook's numbers as data, named as the book names them.
"""

from __future__ import annotations


# -- e. Duelling: Practice ----------------------------------------------------------
PRACTICE_WEEKS_PER_POINT = 4
