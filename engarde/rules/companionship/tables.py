"""d. Female Companionship.

The rulebook's numbers as data, named as the book names them.
"""

from __future__ import annotations


# -- d. Female Companionship ------------------------------------------------------
NO_COMPANIONSHIP_FIRST = 2  # "lose 2 Status Points the first month"
NO_COMPANIONSHIP_EACH_MORE = 2  # "and an additional 2 points each consecutive month"
