"""`python -m engarde`: the engarde command, for a machine whose scripts folder is not on PATH."""

from .cli import main

main(prog_name="engarde")
