"""c. Toadying: the Toady Table.

The rulebook's numbers as data, named as the book names them.
"""

from __future__ import annotations


# Toady Table: the host's status points by the Social Level difference to his guest
TOADY_TABLE = ((range(0, 4), 1), (range(4, 7), 0), (range(7, 9), -1), (range(9, 11), -2))
TOADY_TABLE_11_PLUS = -3
