"""``engarde site``: the campaign's static web archive (engarde.ops.site)."""

from __future__ import annotations

from pathlib import Path

import click

from .. import terminal
from ..clikit import Context, pass_ctx
from ..ops import site as site_ops


@click.group()
def site() -> None:
    """The campaign's web archive: every published gazette, a page per character, an Atom feed."""


@site.command("build")
@click.argument("folder", required=False, type=click.Path(path_type=Path, file_okay=False))
@click.option("--url", "base_url", metavar="URL",
              help="The site's public address (https://example.org/gazette/): the Atom feed's links and ids "
                   "are then absolute.")
@click.option("--full", is_flag=True,
              help="Make every issue page again, even those already in FOLDER as they would be made.")
@pass_ctx
def site_build(c: Context, folder: Path | None, base_url: str | None, full: bool) -> None:
    """Write the web archive into FOLDER (default: NEWSLETTERS/CAMPAIGN-site, beside the
    newsletters): every published month's gazette with links to the previous and next issues,
    an index of the issues, a page per character with his public facts only (his social level
    month by month, his public duels, his career), and an Atom feed (feed.xml).  Every link is
    relative: any web host serves the folder as it is.  A month is published once its gazette
    is written (engarde gazette) or mailed.  Everything is rendered before a file is written.

    A past month's issue already in FOLDER, made from the same month, templates and settings
    and unchanged since (FOLDER/.engarde-site.json records what each was made from), is kept as
    it is: a long campaign's build makes only the new month's issue and the character pages.

    \b
    Examples:
      engarde site build
      engarde site build public/ --url https://example.org/gazette/
      engarde site build --full
    """
    camp = c.campaign()
    with terminal.progress("Writing the site") as tick:
        built = site_ops.build(camp, folder, base_url=base_url, tick=tick, full=full)
    kept = f" ({built.kept} unchanged, kept)" if built.kept else ""
    click.echo(f"wrote {built.folder}: {built.issues} issue(s){kept}, {built.characters} character page(s), "
               f"{len(built.written)} files written in {built.seconds:.1f} s")
