"""Reading ``campaigns.toml``.

Every campaign is a ``[campaigns.ID]`` table.  Mistakes are reported as a
``ConfigError`` that names the file and the key, never as a traceback.
"""

from __future__ import annotations

import datetime as dt
import re
import stat
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping
from zoneinfo import ZoneInfo

from dateutil import rrule

from . import durations
from .calendar import CalendarError, GameMonth
from .passwords import COST as PASSWORD_COST, MAX_COST, MIN_COST
from .recurrence import RuleError, after, deadline_rule
from .zones import UnknownZone, time_zone
from .patterns import lazy

DEFAULT_CONFIG = "campaigns.toml"


class ConfigError(ValueError):
    """campaigns.toml cannot be used as written."""


@dataclass(frozen=True)
class ImapSettings:
    """Where order mail is fetched from by IMAP (``[campaigns.ID.mail.imap]``).

    The password is never written in campaigns.toml: it is read from the
    environment variable named by ``password_env`` when mail is fetched.
    """

    host: str
    port: int = 993
    ssl: bool = True
    user: str = ""
    password_env: str = "ENGARDE_IMAP_PASSWORD"
    folder: str = "INBOX"
    timeout: float = 30.0  # seconds for connecting and for each command


# How engarde talks to an SMTP server: STARTTLS on the submission port, TLS from the first byte
# (SMTPS), or in the clear (a relay on the GM's own machine).
SMTP_SECURITY = {"starttls": 587, "ssl": 465, "none": 25}


@dataclass(frozen=True)
class SmtpSettings:
    """Where engarde sends mail through (``[campaigns.ID.mail.smtp]``).

    As for IMAP, the password is never written in campaigns.toml: it is read from the
    environment variable named by ``password_env`` when mail is sent (only with a ``user``).
    """

    host: str
    sender: str  # the From address (the key ``from``)
    port: int = 587
    security: str = "starttls"  # one of SMTP_SECURITY
    user: str = ""
    password_env: str = "ENGARDE_SMTP_PASSWORD"
    reply_to: str = ""  # where players' replies go (the orders mailbox), if not the From address
    timeout: float = 30.0  # seconds for connecting and for each command
    # Certificates (PEM) to trust for the server instead of the system's: a private CA's, or the
    # server's own self-signed one.  Checked when mail is sent (engarde.postman.tls_context).
    cafile: Path | None = None

    @property
    def server(self) -> str:
        """The server as a message names it: ``smtp.example.org:587``."""
        return f"{self.host}:{self.port}"


@dataclass(frozen=True)
class MailSettings:
    """Order mail (``[campaigns.ID.mail]``)."""

    # A message larger than this is rejected unread (its size and source are recorded).
    max_message_bytes: int = 5_000_000
    # "turn run" refuses without --force when more than this share of the
    # characters have no orders (lost mail is likelier than a mass desertion).
    nmr_refuse_share: float = 0.5
    imap: ImapSettings | None = None
    smtp: SmtpSettings | None = None
    # Who gets the gazette by mail without playing a character ('engarde mail publish').
    readers: tuple[str, ...] = ()
    # The cost of each order password hashed from now on: scrypt's N = 2**password_cost
    # (engarde.passwords; the hashes on record keep their own and still verify).
    password_cost: int = PASSWORD_COST
    # How long before the deadline reminders go ('engarde mail reminders', 'engarde deadline').
    remind_before: dt.timedelta = dt.timedelta(hours=48)


MAIL_KEYS = {"max_message_bytes", "nmr_refuse_share", "imap", "smtp", "readers", "password_cost", "remind_before"}
IMAP_KEYS = {"host", "port", "ssl", "user", "password_env", "folder", "timeout"}
SMTP_KEYS = {"host", "port", "security", "user", "password_env", "from", "reply_to", "timeout", "cafile"}


@dataclass(frozen=True)
class Campaign:
    id: str
    name: str
    newspaper: str
    first_month: GameMonth
    seed: str
    database: str
    deadlines: str | None = None
    deadline_start: dt.datetime | None = None
    timezone: str = "UTC"
    orders: Path | None = None
    newsletters: Path = Path("newsletters")
    templates: Path | None = None
    house_rules: tuple[str, ...] = ()
    # ``[campaigns.ID.rules]``: the choices where the rules are silent, and
    # ``[campaigns.ID.tables.MODULE]``: a module's numbers changed for this campaign.
    # Both are read by the campaign's modules (engarde.registry.for_campaign), which
    # check every key against what they declare.
    rules: Mapping[str, Any] = field(default_factory=dict)
    tables: Mapping[str, Any] = field(default_factory=dict)
    base_dir: Path = Path(".")
    mail: MailSettings = field(default_factory=MailSettings)
    source: Path = Path(DEFAULT_CONFIG)  # the campaigns file it was read from

    def key(self, name: str) -> str:
        """A key of this campaign as a message names it: ``campaigns.toml: campaigns.demo.orders``."""
        return f"{self.source}: campaigns.{self.id}.{name}"

    def orders_folder(self) -> Path | None:
        """The ``orders`` folder, if the campaign has one: it must be there, and be a folder."""
        if self.orders is None:
            return None
        if not self.orders.exists():
            raise ConfigError(f"{self.key('orders')}: {self.orders}: no such folder")
        if not self.orders.is_dir():
            raise ConfigError(f"{self.key('orders')}: {self.orders} is a file, not a folder "
                              "(give an mbox file as the SOURCE of 'engarde orders ingest')")
        return self.orders

    def templates_folder(self) -> Path | None:
        """The campaign's own ``templates`` folder, if it has one: it must be there, and be a folder
        (a GM's templates silently unused would be a gazette he did not mean)."""
        if self.templates is None:
            return None
        if not self.templates.exists():
            raise ConfigError(f"{self.key('templates')}: {self.templates}: no such folder")
        if not self.templates.is_dir():
            raise ConfigError(f"{self.key('templates')}: {self.templates} is a file, not a folder")
        return self.templates

    def deadline_rule(self) -> rrule.rruleset | None:
        """The campaign's deadlines (engarde.recurrence), or None without a schedule."""
        if not self.deadlines:
            return None
        try:
            return deadline_rule(self.deadlines, self.deadline_start, self.timezone)
        except RuleError as exc:
            raise ConfigError(f"{self.key('deadlines')}: {exc}") from None

    def next_deadline(self, now: dt.datetime | None = None) -> dt.datetime | None:
        """The first deadline after ``now`` by the campaign's RRULE, or None."""
        rule = self.deadline_rule()
        if rule is None:
            return None
        tz = ZoneInfo(self.timezone)
        now = now or dt.datetime.now(tz)
        if now.tzinfo is None:
            now = now.replace(tzinfo=tz)
        return after(rule, now)


KNOWN_KEYS = {
    "name", "newspaper", "first_month", "seed", "database", "deadlines", "deadline_start",
    "timezone", "orders", "newsletters", "templates", "house_rules", "rules", "tables", "mail",
}


# A campaigns file is a page or two of TOML; anything this large is not one.
MAX_CONFIG_BYTES = 1_000_000


def load(path: str | Path = DEFAULT_CONFIG) -> dict[str, Campaign]:
    """Read every campaign in the file; raise ConfigError naming the bad key."""
    if not str(path).strip():
        raise ConfigError("--config: no campaigns file given (an empty name)")
    path = Path(path)
    return loads(read_text(path), path)


def loads(text: str, path: Path) -> dict[str, Campaign]:
    """Read every campaign in ``text``, the campaigns file ``path`` holds (or is to hold: its
    folder places the relative paths)."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from None
    campaigns = raw.get("campaigns")
    if not isinstance(campaigns, dict) or not campaigns:
        raise ConfigError(f"{path}: no [campaigns.ID] table found")
    for key in raw:
        if key != "campaigns":
            raise ConfigError(f"{path}: unknown top-level key {key!r} (expected [campaigns.ID])")
    return {cid: _campaign(path, cid, table) for cid, table in campaigns.items()}


def read_text(path: Path) -> str:
    """The campaigns file as text: a regular file (a FIFO or a device is never opened: it could
    be waited on or read for ever), of a sane size, in UTF-8 (a byte-order mark is allowed)."""
    try:
        info = path.stat()
    except FileNotFoundError:
        raise ConfigError(f"{path}: no such file (README.md, \"Configuring a campaign\", says what it holds)") from None
    except OSError as exc:
        raise ConfigError(f"{path}: cannot be read ({_reason(exc)})") from None
    if stat.S_ISDIR(info.st_mode):
        raise ConfigError(f"{path}: is a folder, not a campaigns file")
    if not stat.S_ISREG(info.st_mode):
        raise ConfigError(f"{path}: not a regular file (a FIFO, a socket or a device): give the campaigns file")
    if info.st_size > MAX_CONFIG_BYTES:
        raise ConfigError(f"{path}: too large ({info.st_size} bytes; a campaigns file is at most "
                          f"{MAX_CONFIG_BYTES} bytes)")
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ConfigError(f"{path}: cannot be read ({_reason(exc)})") from None
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise ConfigError(f"{path}: is in UTF-16; save it as UTF-8")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise ConfigError(f"{path}: line {line}, column {column}: not UTF-8 (the byte 0x{data[exc.start]:02x}); "
                          "save the file as UTF-8") from None


def _reason(exc: OSError) -> str:
    return (exc.strerror or type(exc).__name__).lower()


def load_one(path: str | Path, campaign_id: str | None) -> Campaign:
    campaigns = load(path)
    if campaign_id is None:
        if len(campaigns) == 1:
            return next(iter(campaigns.values()))
        raise ConfigError(
            f"{path}: several campaigns ({', '.join(campaigns)}); choose one with --campaign"
        )
    try:
        return campaigns[campaign_id]
    except KeyError:
        raise ConfigError(
            f"{path}: no campaign {campaign_id!r} (have: {', '.join(campaigns)})"
        ) from None


def _campaign(path: Path, cid: str, table: Any) -> Campaign:
    where = f"{path}: campaigns.{cid}"
    # The id names files and folders (database, newsletters/<id>/): keep it plain.
    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_-]*", cid):
        raise ConfigError(f"{where}: a campaign id may hold only letters, digits, '-' and '_'")
    if not isinstance(table, dict):
        raise ConfigError(f"{where}: must be a table")
    for key in table:
        if key not in KNOWN_KEYS:
            raise ConfigError(f"{where}.{key}: unknown key (known: {', '.join(sorted(KNOWN_KEYS))})")
    base = path.resolve().parent

    def text(key: str, default: str | None = None) -> str:
        value = table.get(key, default)
        if value is None:
            raise ConfigError(f"{where}.{key}: missing")
        if not isinstance(value, (str, int)) or isinstance(value, bool):
            raise ConfigError(f"{where}.{key}: must be text, not {type(value).__name__}")
        return str(value)

    try:
        first_month = GameMonth.parse(text("first_month"))
    except CalendarError as exc:
        raise ConfigError(f"{where}.first_month: {exc}") from None

    database = _database(f"{where}.database", text("database", f"sqlite:///{base / (cid + '.sqlite')}"))
    if database.startswith("sqlite:///") and not database.startswith("sqlite:////"):
        rel = database[len("sqlite:///"):]
        if rel != ":memory:" and not Path(rel).is_absolute():
            database = f"sqlite:///{base / rel}"

    timezone = text("timezone", "UTC")
    try:
        time_zone(timezone)
    except UnknownZone:
        raise ConfigError(f"{where}.timezone: unknown time zone {timezone!r}") from None

    deadlines = table.get("deadlines")
    start = table.get("deadline_start")
    if start is not None and not isinstance(start, dt.datetime):
        raise ConfigError(f"{where}.deadline_start: must be a TOML date-time like 2026-01-30T18:00:00")
    if deadlines is not None:
        if not isinstance(deadlines, str):
            raise ConfigError(f"{where}.deadlines: must be an iCalendar RRULE string")
        try:
            deadline_rule(deadlines, start, timezone)
        except RuleError as exc:
            raise ConfigError(f"{where}.deadlines: {exc}") from None

    house = table.get("house_rules", [])
    if not isinstance(house, list) or not all(isinstance(h, str) for h in house):
        raise ConfigError(f"{where}.house_rules: must be a list of names")
    house = [h.replace("-", "_") for h in house]  # "social-conflict" is the module social_conflict

    rules_table = table.get("rules", {})
    if not isinstance(rules_table, dict):
        raise ConfigError(f"{where}.rules: must be a table")
    tables = table.get("tables", {})
    if not isinstance(tables, dict) or not all(isinstance(v, dict) for v in tables.values()):
        raise ConfigError(f"{where}.tables: must hold one table per module, e.g. [campaigns.{cid}.tables.clubs]")

    def folder(key: str, default: str | None) -> Path | None:
        value = table.get(key, default)
        if value is None:
            return None
        if not isinstance(value, str):
            raise ConfigError(f"{where}.{key}: must be a folder path")
        if "\0" in value:
            raise ConfigError(f"{where}.{key}: a folder path cannot hold a NUL character")
        return (base / value).resolve()

    return Campaign(
        id=cid,
        name=text("name"),
        newspaper=text("newspaper", "La Gazette de Paris"),
        first_month=first_month,
        seed=text("seed", cid),
        database=database,
        deadlines=deadlines,
        deadline_start=start,
        timezone=timezone,
        orders=folder("orders", None),
        newsletters=folder("newsletters", "newsletters") or base / "newsletters",
        templates=folder("templates", None),
        house_rules=tuple(dict.fromkeys(house)),
        rules=dict(rules_table),
        tables=dict(tables),
        base_dir=base,
        mail=_mail(f"{where}.mail", table.get("mail", {}), base),
        source=path,
    )


# The databases engarde keeps a campaign in (SQLAlchemy's backend names).
DATABASES = ("sqlite", "postgresql")


# A database URL's scheme, "backend" or "backend+driver", as SQLAlchemy reads it (its
# make_url's own pattern); the rest of the URL is the driver's to read when the database is
# opened.  Checked here without SQLAlchemy, whose import costs a command that opens no database
# (`engarde --help`, `engarde orders check FILE`) most of its start.
_SCHEME = lazy(r"(?P<backend>\w+)(?:\+(?P<driver>\w+))?://")


def _database(where: str, url: str) -> str:
    """A database URL engarde can use: SQLite or PostgreSQL, checked when the file is read rather
    than when a driver fails to import.  ``postgresql://`` is read as ``postgresql+psycopg://``,
    the driver the postgres extra installs (SQLAlchemy's default, psycopg2, is not)."""
    example = "sqlite:///FILE or postgresql+psycopg://USER@HOST/DATABASE"
    if "\0" in url:
        raise ConfigError(f"{where}: a database URL cannot hold a NUL character")
    scheme = _SCHEME.match(url)
    if scheme is None:
        raise ConfigError(f"{where}: not a database URL: {url!r} (write {example})")
    if scheme["backend"] not in DATABASES:
        drivername = scheme.group(0)[:-3]
        raise ConfigError(f"{where}: unknown database scheme {drivername!r}: engarde keeps a campaign in "
                          f"SQLite or PostgreSQL ({example})")
    if scheme["driver"] is None and scheme["backend"] == "postgresql":
        return "postgresql+psycopg://" + url[scheme.end():]
    return url


def _mail(where: str, table: Any, base: Path) -> MailSettings:
    """``[campaigns.ID.mail]``: every key checked, each mistake named."""
    if not isinstance(table, dict):
        raise ConfigError(f"{where}: must be a table")
    for key in table:
        if key not in MAIL_KEYS:
            raise ConfigError(f"{where}.{key}: unknown key (known: {', '.join(sorted(MAIL_KEYS))})")
    defaults = MailSettings()
    size = table.get("max_message_bytes", defaults.max_message_bytes)
    if not isinstance(size, int) or isinstance(size, bool) or size < 1024:
        raise ConfigError(f"{where}.max_message_bytes: must be a whole number of bytes, at least 1024, not {size!r}")
    share = table.get("nmr_refuse_share", defaults.nmr_refuse_share)
    if not isinstance(share, (int, float)) or isinstance(share, bool) or not 0 <= share <= 1:
        raise ConfigError(f"{where}.nmr_refuse_share: must be a number from 0 to 1 (a share of the characters), "
                          f"not {share!r}")
    cost = table.get("password_cost", defaults.password_cost)
    if not isinstance(cost, int) or isinstance(cost, bool) or not MIN_COST <= cost <= MAX_COST:
        raise ConfigError(f"{where}.password_cost: must be a whole number from {MIN_COST} to {MAX_COST} "
                          f"(scrypt's N = 2**password_cost; default {defaults.password_cost}), not {cost!r}")
    remind = table.get("remind_before", "48h")
    try:
        if not isinstance(remind, str):
            raise ValueError("must be text")
        remind_before = durations.span(remind)
    except ValueError as exc:
        raise ConfigError(f"{where}.remind_before: {remind!r}: {exc}") from None
    imap = table.get("imap")
    smtp = table.get("smtp")
    readers = table.get("readers", [])
    if not isinstance(readers, list) or not all(isinstance(r, str) for r in readers):
        raise ConfigError(f"{where}.readers: must be a list of mail addresses, e.g. [\"reader@example.org\"]")
    for reader in readers:
        problem = address_problem(reader)
        if problem:
            raise ConfigError(f"{where}.readers: {reader!r}: {problem}")
    return MailSettings(max_message_bytes=size, nmr_refuse_share=float(share),
                        imap=_imap(f"{where}.imap", imap) if imap is not None else None,
                        smtp=_smtp(f"{where}.smtp", smtp, base) if smtp is not None else None,
                        readers=tuple(dict.fromkeys(r.strip() for r in readers)), password_cost=cost,
                        remind_before=remind_before)


def address_problem(address: str) -> str | None:
    """Why ``address`` is not one plain mail address (``name@host``), or None: no display name,
    no list, nothing that could add a header (a newline) or a second recipient."""
    text = address.strip()
    if not text:
        return "an empty address"
    if any(ch in text for ch in "\r\n\0") or any(ord(ch) < 32 for ch in text):
        return "an address cannot hold a line break or a control character"
    if re.fullmatch(r"[^@\s<>,;:\"()\[\]]+@[^@\s<>,;:\"()\[\]]+\.[^@\s<>,;:\"()\[\]]+", text) is None:
        return "not a mail address like name@example.org"
    return None


def _server_keys(where: str, table: Any, known: set[str]) -> None:
    """A mail server's table holds only its known keys, and never its password."""
    if not isinstance(table, dict):
        raise ConfigError(f"{where}: must be a table")
    for key in table:
        if key not in known:
            hint = " (the password is read from the environment variable named by password_env)" \
                if key == "password" else ""
            raise ConfigError(f"{where}.{key}: unknown key (known: {', '.join(sorted(known))}){hint}")


def _check_server(where: str, port: Any, timeout: Any) -> None:
    """A mail server's port and timeout, as SMTP and IMAP both take them."""
    if not isinstance(port, int) or isinstance(port, bool) or not 1 <= port <= 65535:
        raise ConfigError(f"{where}.port: must be a port number (1-65535), not {port!r}")
    if not isinstance(timeout, (int, float)) or isinstance(timeout, bool) or not 0 < timeout <= 600:
        raise ConfigError(f"{where}.timeout: must be a number of seconds from 1 to 600, not {timeout!r}")


def _check_env_name(where: str, env: str) -> None:
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", env):
        raise ConfigError(f"{where}.password_env: must name an environment variable, not {env!r}")


def _smtp(where: str, table: Any, base: Path) -> SmtpSettings:
    _server_keys(where, table, SMTP_KEYS)

    def text(key: str, default: str | None) -> str:
        value = table.get(key, default)
        if not isinstance(value, str) or (default is None and not value.strip()):
            raise ConfigError(f"{where}.{key}: must be text" + (" (required)" if default is None else ""))
        if any(ord(ch) < 32 for ch in value):
            raise ConfigError(f"{where}.{key}: cannot hold a line break or a control character")
        return value.strip()

    security = table.get("security", "starttls")
    if security not in SMTP_SECURITY:
        raise ConfigError(f"{where}.security: must be one of {', '.join(repr(k) for k in SMTP_SECURITY)}, "
                          f"not {security!r}")
    port = table.get("port", SMTP_SECURITY[security])
    timeout = table.get("timeout", 30)
    _check_server(where, port, timeout)
    env = text("password_env", "ENGARDE_SMTP_PASSWORD")
    _check_env_name(where, env)
    addresses = {}
    for key, default in (("from", None), ("reply_to", "")):
        value = text(key, default)
        if value:
            problem = address_problem(value)
            if problem:
                raise ConfigError(f"{where}.{key}: {value!r}: {problem}")
        addresses[key] = value
    cafile = text("cafile", "")
    if cafile and security == "none":
        raise ConfigError(f"{where}.cafile: security = \"none\" uses no TLS, so no certificate to trust: "
                          "set security to \"starttls\" or \"ssl\", or remove cafile")
    return SmtpSettings(host=text("host", None), sender=addresses["from"], port=port, security=security,
                        user=text("user", ""), password_env=env, reply_to=addresses["reply_to"],
                        timeout=float(timeout), cafile=(base / Path(cafile).expanduser()).resolve() if cafile else None)


def _imap(where: str, table: Any) -> ImapSettings:
    _server_keys(where, table, IMAP_KEYS)

    def text(key: str, default: str | None) -> str:
        value = table.get(key, default)
        if not isinstance(value, str) or not value.strip():
            raise ConfigError(f"{where}.{key}: must be text" + (" (required)" if default is None else ""))
        return value.strip()

    ssl = table.get("ssl", True)
    if not isinstance(ssl, bool):
        raise ConfigError(f"{where}.ssl: must be true or false, not {ssl!r}")
    port = table.get("port", 993 if ssl else 143)
    timeout = table.get("timeout", 30)
    _check_server(where, port, timeout)
    env = text("password_env", "ENGARDE_IMAP_PASSWORD")
    _check_env_name(where, env)
    return ImapSettings(host=text("host", None), port=port, ssl=ssl, user=text("user", None),
                        password_env=env, folder=text("folder", "INBOX"), timeout=float(timeout))
