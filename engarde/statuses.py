"""What became of a sheet read at intake: the statuses of a stored sheet (``SheetRow.status``;
``engarde.ops.acceptance`` decides), and of a file not read."""

ACCEPTED, HELD, REJECTED, SUPERSEDED, DUPLICATE = "accepted", "held", "rejected", "superseded", "duplicate"
ACTIVE = (ACCEPTED, HELD)
# What the intake reports of a file it did not read (a FIFO, a file of another kind): never stored.
SKIPPED = "skipped"
