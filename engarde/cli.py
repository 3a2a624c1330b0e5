"""The ``engarde`` command: a thin layer over ``engarde.ops``.

It reads options, calls the library, and turns library errors into clear
messages and exit codes (1: the input has problems the GM must see; 2: the
command could not run; 70: engarde met an error of its own, see ``engarde.crash``).
The commands live in ``engarde.commands`` (the core's) and in each rules module
(``RuleModule.commands``); ``Group`` imports a command only when it runs, from the
index in ``engarde.commands``, so that ``engarde --help`` and ``engarde orders check``
start without the database layer, the rules or WeasyPrint.
"""

from __future__ import annotations

import pkgutil
import sys
from typing import Callable, Mapping

import click

from . import __version__, crash
from .clikit import DEFAULT_WAIT, WAIT_KEY, Context, fail
from .commands import COMMANDS, ORDERS
from .config import DEFAULT_CONFIG, Campaign, ConfigError
from .tables import Tables

# The library's errors a command may end with, printed as one line (no traceback).  Named by
# where they live: an error of a module not imported cannot have been raised, and importing
# them all would cost every command (and --help) the rules' import.
_EXPECTED = ("engarde.config:ConfigError", "engarde.errors:CampaignError",
             "engarde.rules.creation.rules:CreationError", "engarde.calendar:CalendarError")


def _loaded(names: tuple[str, ...]) -> tuple[type[BaseException], ...]:
    """The classes of ``names`` ("module:Class") whose modules are imported."""
    found = []
    for name in names:
        module, _, attr = name.partition(":")
        if module in sys.modules:
            found.append(getattr(sys.modules[module], attr))
    return tuple(found)


class Group(click.Group):
    """A group whose commands are imported when they run: ``index`` gives each one's place
    ("package.module:object") and one-line help, which is all ``--help`` shows.  The root
    group also finds the commands of every registered module not in the index (a house
    rule's).  The library's known errors become one-line messages, not tracebacks."""

    def __init__(self, *args, index: Mapping[str, tuple[str, str]] | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.index = dict(index or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.index, *self._modules_commands()})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            return command
        if cmd_name in self.index:
            return pkgutil.resolve_name(self.index[cmd_name][0])
        if self is not main:
            return None
        module = _registry().module_of_command(cmd_name)
        return module.command(cmd_name) if module else None

    def _modules_commands(self) -> list[str]:
        """The registered modules' commands the index does not hold (a house rule's): listed
        once the registry is loaded (a command's run, a test), since --help does not load it."""
        registry = sys.modules.get("engarde.registry")
        if self is not main or registry is None:
            return []
        return [n for m in registry.ALL_MODULES.values() for n in m.command_names() if n not in self.index]

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """As click writes the list of commands, with the index's help for the commands it holds
        (so the list imports none of them)."""
        names = self.list_commands(ctx)
        if not names:
            return
        limit = formatter.width - 6 - max(len(n) for n in names)
        rows = []
        for name in names:
            if name in self.index and name not in self.commands:
                rows.append((name, click.Command(name, help=self.index[name][1]).get_short_help_str(limit)))
                continue
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(limit)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    argv: list[str] = []

    def main(self, args=None, *rest, **options):  # type: ignore[override]
        self.argv = list(sys.argv[1:] if args is None else args)  # what an error report quotes
        return super().main(args, *rest, **options)

    def invoke(self, ctx: click.Context):  # type: ignore[override]
        try:
            return super().invoke(ctx)
        except (click.ClickException, click.exceptions.Exit, click.Abort):
            raise  # click's own ways of ending a command
        except Exception as exc:
            if isinstance(exc, _loaded(_EXPECTED)):
                fail(str(exc))
            if isinstance(exc, _loaded(("sqlalchemy.exc:DBAPIError",))):
                # a driver's error the library let through: still one line naming the database
                dberrors = sys.modules["engarde.dberrors"]
                loaded = ctx.obj.loaded if isinstance(ctx.obj, Context) else None
                fail(dberrors.describe(loaded.database, exc) if loaded else f"database error: {exc.orig}")
            # the safety net: a bug is one line and a report file, not a traceback
            if crash.wanted_traceback():
                raise
            fail(crash.one_line(exc, crash.write_report(exc, self.argv)), code=crash.EXIT_STATUS)


def _registry():
    """The registry of rules modules, imported when a command runs (``--help`` needs none of it)."""
    from . import registry  # here, not at the top: it imports every rules module
    return registry


def campaign_tables(campaign: Campaign) -> Tables:
    return _registry().for_campaign(campaign).tables


def _loader(module: str | None) -> Callable[[str, str | None], Campaign]:
    """How a command reads its campaign: a module's command refuses a campaign that does
    not play with that module."""
    def load(config: str, campaign_id: str | None) -> Campaign:
        registry = _registry()
        campaign = registry.load_campaign(config, campaign_id)
        if module is not None and not registry.for_campaign(campaign).active(module):
            raise ConfigError(f"campaigns.toml: campaigns.{campaign.id}.house_rules: the {module} house rule is "
                              f"not in use in this campaign (add \"{module}\" to house_rules to play with it)")
        return campaign
    return load


@click.group(cls=Group, index=COMMANDS)
@click.option("--config", "-c", default=DEFAULT_CONFIG, show_default=True, envvar="ENGARDE_CONFIG",
              help="The campaigns file.")
@click.option("--campaign", "-C", "campaign_id", envvar="ENGARDE_CAMPAIGN",
              help="Which campaign (needed when the file has several).")
@click.option("--wait", type=click.FloatRange(min=0), default=DEFAULT_WAIT, show_default=True,
              envvar="ENGARDE_WAIT", metavar="SECONDS",
              help="How long a command that writes waits for another engarde command working on the same "
                   "campaign before it gives up.")
@click.version_option(version=__version__, prog_name="engarde")
@click.pass_context
def main(ctx: click.Context, config: str, campaign_id: str | None, wait: float) -> None:
    """engarde: run a play-by-email En Garde! campaign.

    \b
    A month at the deadline:
      engarde orders ingest orders/demo     # read the mail
      engarde orders missing                # who has not written
      engarde turn run                      # resolve the month
      engarde gazette --pdf                 # publish

    \b
    One command at a time writes to a campaign; another waits for it (--wait):
      engarde --wait 60 turn run
    """
    ctx.meta[WAIT_KEY] = wait
    name = ctx.invoked_subcommand
    # A house rule's command (one not in the index, or indexed in engarde/house/) runs only in a
    # campaign that has switched the rule on; the core's and its modules' run in every campaign.
    house = name is not None and (name not in COMMANDS or COMMANDS[name][0].startswith("engarde.house."))
    owner = _registry().module_of_command(name) if house else None
    ctx.obj = Context(config, campaign_id, _loader(owner.name if owner and owner.house else None), campaign_tables)


@click.group(cls=Group, index=ORDERS)
def orders() -> None:
    """Read, check and list order mail."""


if __name__ == "__main__":  # pragma: no cover
    main()
