"""b. Time Sequence and Social Status: support and the social level.

The rulebook's numbers as data, named as the book names them.
"""

from __future__ import annotations


# -- b. Time Sequence and Social Status -----------------------------------------
SUPPORT_MULTIPLIER = 2  # "twice his Social Level each month"
CONSPICUOUS_MULTIPLIER = 3  # "three times his Social Level ... rather than two"
CONSPICUOUS_STATUS = 1
RAISE_MULTIPLIER = 3  # "three times the number of the Social Level sought"
LOWEST_SOCIAL_LEVEL = 1
