"""d. Bawdyhouses.

The rulebook's numbers as data, named as the book names them.
"""

from __future__ import annotations


FOOTPADS_ON = 6  # "This occurs on a roll of 6 on one die."
